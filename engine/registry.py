"""The games Daimyo knows, by id, imported only when asked for."""

from __future__ import annotations

import importlib
import importlib.util

from engine.core import GameSpec

GAMES: dict[str, str] = {
    "rokugan": "engine.rokugan:SPEC",
    "shinobi": "engine.shinobi:SPEC",
    "ricewars": "engine.ricewars:SPEC",
}


class UnknownGameError(KeyError):
    """A game id Daimyo does not have."""


def get_game(game_id: str) -> GameSpec:
    """The `GameSpec` of `game_id` ('rokugan', 'shinobi', 'ricewars')."""
    try:
        target = GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownGameError(f"unknown game {game_id!r}; choose one of {known}") from None
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def available_games() -> list[str]:
    """Ids of the games whose module is present."""
    found = []
    for game_id, target in GAMES.items():
        if importlib.util.find_spec(target.partition(":")[0]) is not None:
            found.append(game_id)
    return found
