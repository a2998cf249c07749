"""Turning Battle for Rokugan's legal actions into clicks (Qt-free, tested on its own).

Every legal action is a short sequence of *picks*: a hand token, then a place on the
board; a card, then its targets; a button. `PickTree` holds the legal actions and the
picks made so far, and answers what may be picked next and which action a complete
sequence means. The view only lights up `options()` and forwards clicks to `pick`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.rokugan import actions as A
from engine.rokugan.effects import DISCARD_TOKENS, HAND_TOKENS, effect_of

HAND = "hand"  # a token label from the hand
DISCARD = "discard"  # a token label from the discard pile (Animate the Dead)
PLACE = "place"  # a province id or slot text ("A|B ->B", "P~0")
TOKEN = "token"  # a board token "#N"
CARD = "card"  # a card id
BUTTON = "button"  # a choice shown as a button (value is the text form)
END = "end"  # "done": the picks so far already make an action
_TOKEN_PICKS = {HAND_TOKENS: HAND, DISCARD_TOKENS: DISCARD}
"""The pick of a card's token targets by what they are (`CardEffect.picks`)."""


@dataclass(frozen=True, slots=True)
class Pick:
    """One choice: its kind (see the module constants) and value."""

    kind: str
    value: str


def picks_of(action: Any, provinces: frozenset[str]) -> tuple[Pick, ...]:
    """The picks that make up `action` (`provinces`: the map's province ids)."""

    def target(value: str) -> Pick:
        if value.startswith("#"):
            return Pick(TOKEN, value)
        if value in provinces:
            return Pick(PLACE, value)
        return Pick(BUTTON, value)

    if isinstance(action, A.Place):
        where = (
            Pick(TOKEN, action.where) if action.where.startswith("#") else Pick(PLACE, action.where)
        )
        return (Pick(HAND, action.token), where)
    if isinstance(action, A.Animate):
        where = (
            Pick(TOKEN, action.where) if action.where.startswith("#") else Pick(PLACE, action.where)
        )
        return (Pick(DISCARD, action.token), where)
    if isinstance(action, A.PlayCard):
        # What a territory card's targets are is declared with its effect.
        effect = effect_of(action.card)
        kind = _TOKEN_PICKS.get(effect.picks) if effect is not None else None
        if kind is not None:
            return (Pick(CARD, action.card), *(Pick(kind, t) for t in action.targets))
        return (Pick(CARD, action.card), *(target(t) for t in action.targets))
    if isinstance(action, A.PlaceControl):
        return (Pick(PLACE, action.province),)
    if isinstance(action, A.ReturnToken):
        return (Pick(HAND, action.token),)
    if isinstance(action, A.SendToken):
        return (Pick(HAND, action.token), Pick(BUTTON, action.to))
    if isinstance(action, (A.Peek, A.Look, A.Discard)):
        return (Pick(TOKEN, action.target),)
    if isinstance(action, A.Swap):
        return (Pick(TOKEN, action.first), Pick(TOKEN, action.second))
    # ChooseObjective, Pass, Skip: a button with the action's own text
    return (Pick(BUTTON, str(action)),)


class PickTree:
    """The legal actions as pick sequences, and the picks made so far."""

    def __init__(self, actions: Iterable[Any], provinces: Iterable[str]) -> None:
        ids = frozenset(provinces)
        self.actions: list[tuple[tuple[Pick, ...], Any]] = [
            (picks_of(action, ids), action) for action in actions
        ]
        self.chosen: list[Pick] = []

    def reset(self) -> None:
        """Forget the picks made so far."""
        self.chosen = []

    def back(self) -> None:
        """Take back the last pick."""
        if self.chosen:
            self.chosen.pop()

    def _matching(self) -> list[tuple[tuple[Pick, ...], Any]]:
        n = len(self.chosen)
        prefix = tuple(self.chosen)
        return [(p, a) for p, a in self.actions if p[:n] == prefix]

    def options(self) -> list[Pick]:
        """What may be picked next, in the legal actions' order (END when complete)."""
        n = len(self.chosen)
        seen: dict[Pick, None] = {}
        for picks, _ in self._matching():
            seen[picks[n] if len(picks) > n else Pick(END, "")] = None
        return list(seen)

    def options_at(self, depth: int) -> list[Pick]:
        """What could be picked at `depth` (0: first) given the picks made before it."""
        prefix = tuple(self.chosen[:depth])
        seen: dict[Pick, None] = {}
        for picks, _ in self.actions:
            if picks[:depth] == prefix:
                seen[picks[depth] if len(picks) > depth else Pick(END, "")] = None
        return list(seen)

    def options_of(self, kind: str) -> list[str]:
        """The values of the next picks of one kind."""
        return [p.value for p in self.options() if p.kind == kind]

    def pick(self, choice: Pick) -> Any | None:
        """Make a pick; the action when the picks now make exactly one, else None.

        Raises ValueError when `choice` is not among `options()`.
        """
        if choice not in self.options():
            raise ValueError(f"{choice.kind} {choice.value!r} is not a choice now")
        if choice.kind == END:
            return self.complete()
        self.chosen.append(choice)
        options = self.options()
        if options == [Pick(END, "")]:
            return self.complete()
        return None

    def complete(self) -> Any | None:
        """The action the picks so far make, if they make one."""
        prefix = tuple(self.chosen)
        for picks, action in self.actions:
            if picks == prefix:
                return action
        return None

    def first(self) -> Pick | None:
        """The first pick made (the selected hand token or card), if any."""
        return self.chosen[0] if self.chosen else None
