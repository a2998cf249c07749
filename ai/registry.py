"""Bots by name, as every `--seats` / `--bots` option accepts them.

Names: `random`, plus whatever the AI issue registers (`greedy`, `easy`, `normal`,
`hard`, `cheat`, and Shinobi's measurement bot `playouts`). A name may carry a node
budget: `hard@2000`.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.base import Bot, RandomBot

_FACTORIES: dict[str, Callable[[str], Bot]] = {"random": lambda game: RandomBot()}
_NOT_OFFERED: set[str] = set()


class UnknownBotError(ValueError):
    """A bot name nobody registered."""


def register_bot(name: str, factory: Callable[[str], Bot], offered: bool = True) -> None:
    """Make `name` available; `factory(game_id)` builds a bot for that game.

    `offered=False` keeps a measurement-only bot (`cheat`) out of `offered_bot_names()`."""
    _FACTORIES[name] = factory
    if not offered:
        _NOT_OFFERED.add(name)


def offered_bot_names() -> list[str]:
    """The bot names the app may offer to players (no measurement-only bots)."""
    return [name for name in bot_names() if name not in _NOT_OFFERED]


def bot_names() -> list[str]:
    """Every registered bot name."""
    _load_builtin()
    return sorted(_FACTORIES)


def level_name(name: str) -> str:
    """What a player calls the bot `name`: its level without a node budget (`easy@300` →
    `easy`); the budget is a measurement setting, not part of who plays."""
    return name.partition("@")[0]


def make_bot(name: str, game_id: str) -> Bot:
    """A fresh bot called `name` for the game `game_id`.

    `name@N` (e.g. `hard@2000`) is the bot `name` with a budget of N nodes per decision
    and no time limit, which makes it deterministic for a seed."""
    _load_builtin()
    base, at, count = name.partition("@")
    try:
        factory = _FACTORIES[base]
    except KeyError:
        known = ", ".join(sorted(_FACTORIES))
        raise UnknownBotError(f"unknown bot {name!r}; choose one of {known}") from None
    nodes = None
    if at:
        if not count.isdigit() or int(count) < 1:
            raise UnknownBotError(
                f"bad bot name {name!r}: after '@' give a node budget, e.g. {base}@2000"
            )
        nodes = int(count)
    bot = factory(game_id)
    if nodes is not None:
        bot.default_nodes = nodes
        bot.default_seconds = None
        bot.name = name
    return bot


def _load_builtin() -> None:
    """Import the modules that register the search bots, when they exist."""
    import importlib
    import importlib.util

    for module_name in ("ai.levels",):
        if importlib.util.find_spec(module_name) is not None:
            importlib.import_module(module_name)
