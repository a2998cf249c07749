"""Bots by name, as every `--seats` / `--bots` option accepts them.

Names: `random`, plus whatever the AI issue registers (`greedy`, `easy`, `normal`,
`hard`, `cheat`). A name may carry a node budget: `hard@2000`.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.base import Bot, RandomBot

_FACTORIES: dict[str, Callable[[str], Bot]] = {"random": lambda game: RandomBot()}


class UnknownBotError(ValueError):
    """A bot name nobody registered."""


def register_bot(name: str, factory: Callable[[str], Bot]) -> None:
    """Make `name` available; `factory(game_id)` builds a bot for that game."""
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    """Every registered bot name."""
    _load_builtin()
    return sorted(_FACTORIES)


def make_bot(name: str, game_id: str) -> Bot:
    """A fresh bot called `name` for the game `game_id`."""
    _load_builtin()
    try:
        factory = _FACTORIES[name]
    except KeyError:
        known = ", ".join(sorted(_FACTORIES))
        raise UnknownBotError(f"unknown bot {name!r}; choose one of {known}") from None
    return factory(game_id)


def _load_builtin() -> None:
    """Import the modules that register the search bots, when they exist."""
    import importlib
    import importlib.util

    for module_name in ("ai.levels",):
        if importlib.util.find_spec(module_name) is not None:
            importlib.import_module(module_name)
