"""Moves in words for hints and reviews: the explainer interface and its default.

A game's explainer is `ai.games.<game_id>_hint.EXPLAINER`. `describe` names a move as a
player would ("Army 3 on Kanaiso"); `reason` says what it does, with facts counted in
worlds drawn from the player's observation ("defends Kanaiso, the province most likely
to be attacked"). Both read only the observation and those worlds, never a true state.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence
from typing import Any

from engine.core import GameState


class Explainer:
    """What a game says about a move. This default knows no game."""

    def describe(self, observation: Any, action: Any, names: Sequence[str] | None) -> str:
        """The move in words."""
        return str(action)

    def reason(
        self,
        observation: Any,
        action: Any,
        worlds: list[GameState],
        names: Sequence[str] | None,
    ) -> str:
        """What the move does, with numbers from `worlds` (drawn from `observation`)."""
        return f"plays {action}"


GENERIC_EXPLAINER = Explainer()


def explainer_for(game_id: str) -> Explainer:
    """`ai.games.<game_id>_hint.EXPLAINER`, else the generic one."""
    module_name = f"ai.games.{game_id}_hint"
    try:
        found = importlib.util.find_spec(module_name) is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        return GENERIC_EXPLAINER
    return getattr(importlib.import_module(module_name), "EXPLAINER", GENERIC_EXPLAINER)


def seat_name(names: Sequence[str] | None, player: int) -> str:
    """The name of seat `player` ("Player 2" without names)."""
    if names is not None and 0 <= player < len(names):
        return names[player]
    return f"Player {player + 1}"


def worlds_words(count: int, total: int) -> str:
    """'in 7 of 10 sampled worlds', 'in every sampled world', 'in no sampled world'."""
    if total <= 0:
        return "in no sampled world"
    if count >= total:
        return "in every sampled world"
    if count <= 0:
        return "in no sampled world"
    return f"in {count} of {total} sampled worlds"
