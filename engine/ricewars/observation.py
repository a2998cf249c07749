"""What one Rice Wars player knows, and full states drawn from it.

Public: the board (palaces, peasants), troops, advisors held and their services,
passes, the discard pile, the number of cards in each hand and in the deck, revealed
bids, and a fight's revealed cards. Private: one's own hand, one's own Ryo, one's own
face-down cards in a fight and one's own sealed bid. Hidden from everyone: the deck's
order, the advisor deck's order, cards drawn face down (Youhei, the neutral's card)
until the reveal, the game seed (it deals every card) and the chance seed of later
reshuffles and thefts.

Money (rulebook, Geldscheine Ryo: "Eigene Geldscheine werden geheim auf dem Tisch
gehalten"). Another player's Ryo are secret, and so is the bank's stack (with the bank
counted, the others' Ryo would add up to a known sum: in the 2-player scenario, the one
opponent's exactly). Rule choice: what a player at the table can tell of another's
hidden notes is whether there are any and their value to within a bracket of 5 Ryo
(`purse_estimate`: 0, 1-4, 5-9, 10-14, ...); the observation carries that public
estimate (`purses`), never the amount. Payments made in the open (hiring, upkeep, card
costs, the auction's revealed bids) are what moves the estimate, as a player counting at
the table would follow it.

`determinize(rng)` deals the cards the observer cannot see (the deck, the other hands,
hidden face-down cards) at random from those not visible, shuffles the advisor deck,
draws each opponent's Ryo within its public estimate (the bank holds the rest), a sealed
bid for every opponent who has bid (0..their Ryo) and a fresh chance seed. The state it
returns has the same observation for the same player and a fresh history.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import GameState, Observation
from engine.ricewars.data import ADVISORS, BANK_TOTAL, NUM_CARDS
from engine.ricewars.position import HIDDEN, LISTS, NO_BID, OVER, SCALARS, SEALED, Position

_L = {name: i for i, name in enumerate(LISTS)}
_S = {name: i for i, name in enumerate(SCALARS)}


PURSE_BRACKET = 5
"""The width of the public estimate of another player's Ryo (the largest note)."""


def purse_estimate(money: int) -> tuple[int, int]:
    """What the table can tell of a purse of `money` Ryo kept face down: (lowest,
    highest). An empty purse is seen to be empty; else its bracket of `PURSE_BRACKET`."""
    if money <= 0:
        return (0, 0)
    low = money - money % PURSE_BRACKET
    return (max(1, low), low + PURSE_BRACKET - 1)


class RiceWarsObservation(Observation):
    """One player's knowledge of a Rice Wars position."""

    __slots__ = (
        "player",
        "_static",
        "_state_type",
        "lists",
        "hands",
        "fight",
        "scalars",
        "boxed",
        "purses",
    )
    _static: tuple[Any, ...]  # the state's STATIC attributes (seed 0)
    _state_type: Any  # the state's class (it makes the determinized states)
    lists: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    fight: tuple[tuple[str, Any], ...] | None
    scalars: tuple[Any, ...]
    boxed: tuple[int, ...]
    purses: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, state: Position, player: int) -> RiceWarsObservation:
        """The observation of `player` in `state` (a `RiceWarsState`)."""
        o = cls.__new__(cls)
        o.player = player
        # The state's own class makes the determinized states (this module sits below it).
        o._state_type = type(state)
        # Not the game seed: it deals every hand and orders both decks (determinized
        # states get seed 0, like the other games').
        o._static = (state.n, state.seats, state.neutral, state.board, 0,
                     dict(state.settings), state.colour)  # fmt: skip
        lists, hands, fight, scalars, boxed = state.key()  # type: ignore[attr-defined]
        fight = dict(fight) if fight is not None else None
        lists = list(lists)
        lists[_L["deck"]] = (HIDDEN,) * len(lists[_L["deck"]])
        lists[_L["adeck"]] = (HIDDEN,) * len(lists[_L["adeck"]])
        money = lists[_L["money"]]
        o.purses = tuple((m, m) if q == player else purse_estimate(m) for q, m in enumerate(money))
        lists[_L["money"]] = tuple(m if q == player else HIDDEN for q, m in enumerate(money))
        bids = lists[_L["bids"]]
        lists[_L["bids"]] = tuple(
            b if q == player or b == NO_BID else SEALED for q, b in enumerate(bids)
        )
        o.lists = tuple(tuple(v) for v in lists)
        o.hands = tuple(
            tuple(h) if q == player else (HIDDEN,) * len(h) for q, h in enumerate(hands)
        )
        if fight is not None and not fight["revealed"]:
            mine = -1
            if player == fight["att"]:
                mine = 0
            elif player == fight["dfn"]:
                mine = 1
            fight["cards"] = tuple(
                cards if side == mine else (HIDDEN,) * len(cards)
                for side, cards in enumerate(fight["cards"])
            )
            fight["blind"] = tuple((HIDDEN,) * len(cards) for cards in fight["blind"])
        o.fight = tuple(sorted(fight.items())) if fight is not None else None
        scalars = list(scalars)
        scalars[_S["chance_seed"]] = 0
        scalars[_S["bank"]] = HIDDEN
        o.scalars = tuple(scalars)
        o.boxed = tuple(boxed)
        return o

    def key(self) -> tuple[Any, ...]:
        """Everything this observation holds, for comparison."""
        n, seats, neutral, board, seed, settings, colour = self._static
        return (self.player, n, board.graph.hash, seed, colour, self.lists, self.hands,
                self.fight, self.scalars, self.boxed, self.purses)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RiceWarsObservation) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    @property
    def phase(self) -> int:
        """The phase of the observed position."""
        return self.scalars[_S["phase"]]

    @property
    def hand(self) -> tuple[int, ...]:
        """The observer's own cards (card indices)."""
        return self.hands[self.player]

    @property
    def money(self) -> tuple[int, ...]:
        """The observer's own Ryo, and `HIDDEN` for every other seat (see `purses`)."""
        return self.lists[_L["money"]]

    @property
    def bids(self) -> tuple[int, ...]:
        """The bids on the advisor now auctioned: own bid, `SEALED` for an opponent's
        placed bid, `NO_BID` where none is placed yet."""
        return self.lists[_L["bids"]]

    def determinize(self, rng: random.Random) -> GameState:
        """A full state (a `RiceWarsState`) consistent with this observation, unknowns
        drawn from `rng`."""
        st = self._state_type.__new__(self._state_type)
        st.events = None
        (st.n, st.seats, st.neutral, st.board, st.seed, st.settings, st.colour) = self._static
        fight = dict(self.fight) if self.fight is not None else None
        hands = [list(h) for h in self.hands]
        lists = [list(v) for v in self.lists]
        known: set[int] = set(lists[_L["discard"]])
        for h in hands:
            known.update(c for c in h if c != HIDDEN)
        if fight is not None:
            for group in (*fight["cards"], *fight["blind"]):
                known.update(c for c in group if c != HIDDEN)
            known.update(c for _, c in fight["tie"])
        unknown = [c for c in range(NUM_CARDS) if c not in known]
        rng.shuffle(unknown)
        for h in hands:
            for i, c in enumerate(h):
                if c == HIDDEN:
                    h[i] = unknown.pop()
        if fight is not None:
            for key in ("cards", "blind"):
                fight[key] = tuple(
                    tuple(unknown.pop() if c == HIDDEN else c for c in group)
                    for group in fight[key]
                )
        deck = lists[_L["deck"]]
        if len(deck) != len(unknown):
            raise AssertionError("observation's hidden card count does not add up")
        lists[_L["deck"]] = unknown
        gone = set(lists[_L["table"]]) | set(lists[_L["boxed_advisors"]])
        adeck = [a for a in range(len(ADVISORS)) if a not in gone]
        rng.shuffle(adeck)
        lists[_L["adeck"]] = adeck
        money = lists[_L["money"]]
        for q, (lo, hi) in enumerate(self.purses):
            if money[q] == HIDDEN:
                money[q] = rng.randint(lo, hi)
        scalars = list(self.scalars)
        scalars[_S["bank"]] = BANK_TOTAL - sum(money)
        lists[_L["bids"]] = [
            rng.randint(0, money[q]) if b == SEALED else b for q, b in enumerate(lists[_L["bids"]])
        ]
        scalars[_S["chance_seed"]] = rng.getrandbits(63)
        st._assign(lists, list(map(tuple, hands)), fight, tuple(scalars), list(self.boxed))
        st._history = []
        st._undo = []
        return st


def revealed(before: Position, after: Position) -> bool:
    """True when the action from `before` to `after` made something hidden known (an undo
    barrier): a card was drawn or stolen (the deck or the chance moved), bids were
    revealed or advisors came up, a round ended, a fight's cards were turned up, or a
    fight ended before its reveal with cards played face down (they go back unseen)."""
    if after.phase == OVER or before.round != after.round:
        return True
    if len(before.deck) != len(after.deck) or before.chance != after.chance:
        return True
    if before.last_bids != after.last_bids or before.table != after.table:
        return True
    revealed_before = before.fight is not None and before.fight["revealed"]
    revealed_after = after.fight is not None and after.fight["revealed"]
    ended = before.fight is not None and after.fight is None
    face_down = before.fight is not None and any((*before.fight["cards"], *before.fight["blind"]))
    return revealed_after != revealed_before or (ended and not revealed_before and face_down)
