"""The games Daimyo knows, by id, imported only when asked for, and what each needs
from a map (`map_readiness`)."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from engine.core import GameSpec
from engine.graph import MapGraph, MapReadiness

GAMES: dict[str, str] = {
    "rokugan": "engine.rokugan:SPEC",
    "shinobi": "engine.shinobi:SPEC",
    "ricewars": "engine.ricewars:SPEC",
}

# Where each map game declares what it needs from a map: a function
# `map_readiness(graph, players=None) -> MapReadiness`. A game that uses no map needs none.
MAP_REQUIREMENTS: dict[str, str] = {
    "rokugan": "engine.rokugan.requirements:map_readiness",
    "ricewars": "engine.ricewars.requirements:map_readiness",
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


def map_readiness(game_id: str, graph: MapGraph, players: int | None = None) -> MapReadiness:
    """Whether `graph` is ready for game `game_id` (with `players` players, when given),
    listing every unmet requirement with its fix; `.ready` says whether it can be played."""
    spec = get_game(game_id)
    target = MAP_REQUIREMENTS.get(game_id)
    if target is None:  # a game that uses no map needs nothing from one
        return MapReadiness(game_id, spec.name, graph.id, (), (spec.min_players, spec.max_players))
    module_name, _, attr = target.partition(":")
    check: Any = getattr(importlib.import_module(module_name), attr)
    return check(graph, players)
