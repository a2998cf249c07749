"""A Rice Wars decision as a short sequence of picks: a field on the board, a card in the
hand, a button, or a sealed bid.

Every legal action has one pick sequence (`picks_of`); `PickTree` offers the picks that
continue the ones made so far and gives the action once a sequence is complete. Attacks
take a field and then the troops; cards with targets take the card, then fields or a
player; advisor services with a field take the service button, then the field; a duel
takes "Duel…" and then the challenged player (the players' buttons of card targets).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.ricewars import actions as A

FIELD = "field"
CARD = "card"
BUTTON = "button"
BID = "bid"


@dataclass(frozen=True, slots=True)
class Pick:
    """One click: what kind of thing was picked and its id."""

    kind: str
    value: str


def picks_of(action: Any, fields: Iterable[str] | dict) -> tuple[Pick, ...]:
    """The picks that make `action` (`fields`: the board's field ids)."""
    if isinstance(action, (A.Palace, A.Peasant, A.Give, A.Lose)):
        return (Pick(FIELD, action.field),)
    if isinstance(action, A.Attack):
        return (Pick(FIELD, action.field), Pick(BUTTON, f"a{action.ashigaru} r{action.ronin}"))
    if isinstance(action, A.Bid):
        return (Pick(BID, str(action.amount)),)
    if isinstance(action, (A.Bonus,)):
        return (Pick(CARD, action.card),)
    if isinstance(action, A.Play):
        return (Pick(CARD, action.card), *(_arg(a, fields) for a in action.args))
    if isinstance(action, A.Duel):  # "Duel…", then whom: the players' buttons serve cards too
        return (Pick(BUTTON, "duel"), Pick(BUTTON, f"p{action.player}"))
    if isinstance(action, A.Service):
        return (Pick(BUTTON, f"service {action.advisor}"), *(_arg(a, fields) for a in action.args))
    return (Pick(BUTTON, str(action)),)


def _arg(arg: str, fields: Iterable[str] | dict) -> Pick:
    return Pick(FIELD, arg) if arg in fields else Pick(BUTTON, arg)


class PickTree:
    """The legal actions as pick sequences; picks made so far narrow them down."""

    def __init__(self, actions: list[Any], fields: Iterable[str] | dict) -> None:
        self.sequences = [(picks_of(a, fields), a) for a in actions]
        self.chosen: list[Pick] = []

    def _matching(self) -> list[tuple[tuple[Pick, ...], Any]]:
        n = len(self.chosen)
        return [(seq, a) for seq, a in self.sequences if list(seq[:n]) == self.chosen]

    def options(self) -> list[Pick]:
        """The picks that may come next, in the order of the legal actions."""
        n = len(self.chosen)
        out: list[Pick] = []
        for seq, _ in self._matching():
            if len(seq) > n and seq[n] not in out:
                out.append(seq[n])
        return out

    def options_of(self, kind: str) -> list[str]:
        """The values of the next picks of one kind."""
        return [p.value for p in self.options() if p.kind == kind]

    def first(self) -> Pick | None:
        """The first pick made, if any."""
        return self.chosen[0] if self.chosen else None

    def pick(self, pick: Pick) -> Any | None:
        """Add `pick`; the action when the sequence is complete, else None."""
        if pick not in self.options():
            raise ValueError(f"{pick} is not offered now")
        self.chosen.append(pick)
        n = len(self.chosen)
        for seq, action in self._matching():
            if len(seq) == n:
                return action
        return None

    def action_for(self, picks: list[Pick]) -> Any | None:
        """The action whose whole sequence is `picks` (None: no such action)."""
        for seq, action in self.sequences:
            if list(seq) == picks:
                return action
        return None

    def reset(self) -> None:
        """Forget the picks made."""
        self.chosen = []
