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
from dataclasses import dataclass
from typing import Any

from engine.core import GameState


@dataclass(frozen=True, slots=True)
class Term:
    """A game's thing named by kind and id ("token", "army3"; "clan", "crab"; "card",
    "bushido"; "move", an action), for the app to say in the person's language; `english`
    is how `str` says it."""

    kind: str
    value: Any
    english: str

    def __str__(self) -> str:
        return self.english


@dataclass(frozen=True, slots=True)
class Said:
    """Words as data: an English `str.format` template, which is also their code, and its
    parameters (numbers, names, `Term`s, other `Said`s). `str` gives the English; the app
    turns the same data into the person's language (`app.hint_words`), so ai/ makes no
    sentence only English can read."""

    template: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        values = {k: str(v) if isinstance(v, (Said, Term)) else v for k, v in self.params}
        return self.template.format(**values)


def said(template: str, **params: Any) -> Said:
    """`Said(template, params)`: the English template and its parameters."""
    return Said(template, tuple(params.items()))


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
        """What the move does, in English (`reason_said` is what a game writes)."""
        return str(self.reason_said(observation, action, worlds, names))

    def reason_said(
        self,
        observation: Any,
        action: Any,
        worlds: list[GameState],
        names: Sequence[str] | None,
    ) -> Said:
        """What the move does, with numbers from `worlds` (drawn from `observation`), as
        data (`Said`) the app says in the person's language."""
        return said("{words}", words=f"plays {action}")

    def rule_said(self, observation: Any, action: Any) -> Said:
        """Why a hint's move was taken by the adapter's rule, not scored by a search."""
        return said("the AI looks by rule, as a search cannot value what a look reveals")

    def rule_review_said(self, what: Said) -> Said:
        """A review's reason for a move the AI takes by rule (`what` it does)."""
        return said("{what}; the AI looks by rule, so the choice is not scored", what=what)


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
    return str(worlds_said(count, total))


def worlds_said(count: int, total: int) -> Said:
    """`worlds_words` as data."""
    if total <= 0 or count <= 0:
        return said("in no sampled world")
    if count >= total:
        return said("in every sampled world")
    return said("in {count} of {total} sampled worlds", count=count, total=total)
