"""What happened in Shinobi: the records the rules write as they carry out an order.

`ShinobiState.apply` writes them into `events` while someone listens
(`GameState.apply_told`, `engine.events`), in the order things happen:

- each order: `Deployed` (first or second order), `NinjaPlayed` (instead of the first),
  `Moved` (second), `Attacked` (third: both armies' strengths and the result),
  `OrderSkipped` for an order without any legal option (only in the last round);
- the turn's end: `Drew` (the cards drawn back up to 4), `LastRound` (that draw took the
  last card), `RoundEnded` (every clan's and every province's cards at the round's start
  and end; a round is one turn of every player, counted from the first player);
- the game's end: `FinalCount`, the reveal and the count (each seat's clan, its cards on
  the table and at home, the clans nobody serves that were passed over, the winners).

Visibility: every order is played face up and the table is public, so every record is
told to everybody except the cards drawn: `Drew.seen_by` tells the other seats only how
many. No record names an allegiance before `FinalCount`, which comes with the reveal.

Seats and provinces are seat numbers (0-based, the province in front of that seat);
clans are their names (`CLAN_NAMES`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.events import Event
from engine.shinobi.cards import CLAN_NAMES, NINJA, NUM_CLANS


def card_name(card: int) -> str:
    """'Oda' or 'Ninja'."""
    return "Ninja" if card == NINJA else CLAN_NAMES[card]


@dataclass(frozen=True, slots=True)
class Deployed(Event):
    """`player` deployed a `clan` card from the hand into `province` (order 1 or 2)."""

    kind: ClassVar[str] = "deploy"
    player: int
    order: int
    clan: str
    province: int
    army: int
    """The army's cards after the deployment."""


@dataclass(frozen=True, slots=True)
class NinjaPlayed(Event):
    """`player` played a Ninja on the `clan` army in `province`: one of its cards and the
    Ninja went to the discard pile."""

    kind: ClassVar[str] = "ninja"
    player: int
    clan: str
    province: int
    army: int
    """The army's cards left."""


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """`player` moved a `clan` card from `source` to `target` (second order)."""

    kind: ClassVar[str] = "move"
    player: int
    clan: str
    source: int
    target: int
    source_army: int
    """The `clan` army's cards left in `source`."""
    target_army: int
    """The `clan` army's cards in `target` after the move."""


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    """`player`'s `attacker` army (`strength` cards, in their own province) removed one
    card from the smaller `clan` army (`defence` cards) in `province`."""

    kind: ClassVar[str] = "attack"
    player: int
    attacker: str
    strength: int
    clan: str
    province: int
    defence: int
    army: int
    """The attacked army's cards left (`defence` - 1)."""


@dataclass(frozen=True, slots=True)
class OrderSkipped(Event):
    """`player`'s `order` had no legal option and was skipped."""

    kind: ClassVar[str] = "skip"
    player: int
    order: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """`player` drew `count` cards at the turn's end; `cards` names them (empty in the
    form told to the other seats)."""

    kind: ClassVar[str] = "draw"
    player: int
    count: int
    cards: tuple[str, ...]

    def seen_by(self, viewer: int) -> Drew:
        """The drawer reads the cards; everybody else only how many."""
        return self if viewer == self.player else dataclasses.replace(self, cards=())


@dataclass(frozen=True, slots=True)
class LastRound(Event):
    """`player` drew the last card: every other player takes one more turn, then
    `player` a last one; nobody draws any more."""

    kind: ClassVar[str] = "last_round"
    player: int
    turns: int
    """Turns left in the game."""


@dataclass(frozen=True, slots=True)
class Count:
    """Cards of one clan on the table, or in one province, at a round's start and end."""

    name: str
    """A clan's name, or the seat number (as text) of a province."""
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round `round` is over (every player took a turn): what it did to the table."""

    kind: ClassVar[str] = "round_end"
    clans: tuple[Count, ...]
    """Every clan's cards on the whole table, in clan order."""
    provinces: tuple[Count, ...]
    """Every province's cards, by seat."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat at the reveal: its clan, the clan's cards on the table and at home."""

    player: int
    clan: str
    cards: int
    home: int
    """Cards of the seat's clan in the seat's own province (the tie-break)."""


@dataclass(frozen=True, slots=True)
class ClanResult:
    """One clan at the count: its cards on the whole table, whether anybody serves it."""

    clan: str
    cards: int
    served: bool


@dataclass(frozen=True, slots=True)
class FinalCount(Event):
    """The reveal and the count: each seat's clan, every clan's cards (most first), the
    clans nobody serves that had more than the best served one (passed over), whether
    the home armies decided a tie, and the winners (several share a full tie)."""

    kind: ClassVar[str] = "final_count"
    seats: tuple[SeatResult, ...]
    clans: tuple[ClanResult, ...]
    passed_over: tuple[str, ...]
    tie_break: bool
    winners: tuple[int, ...]
    cards: int
    """The winning clan's cards on the table."""


def round_of(turns: int, players: int) -> int:
    """The round a turn belongs to, 1 for the first (`turns` completed turns before it)."""
    return turns // players + 1


def order_record(st: Any, action: Any, order: int) -> Event:
    """The record of an order `st`'s player just carried out (`st` after it)."""
    from engine.shinobi.actions import Attack, Deploy, Move

    p = st.current_player()
    round_ = round_of(st.turns, st.num_players)
    clan = CLAN_NAMES[action.clan]
    if isinstance(action, Deploy):
        army = st.army(action.province, action.clan)
        return Deployed(round_, p, order, clan, action.province, army)
    if isinstance(action, Move):
        left = st.army(action.source, action.clan)
        return Moved(
            round_, p, clan, action.source, action.target, left, st.army(action.target, action.clan)
        )
    army = st.army(action.province, action.clan)
    if isinstance(action, Attack):
        strength = st.army(p, action.attacker)
        return Attacked(
            round_, p, CLAN_NAMES[action.attacker], strength, clan, action.province, army + 1, army
        )
    return NinjaPlayed(round_, p, clan, action.province, army)


def skipped(st: Any) -> OrderSkipped:
    """The record of `st`'s current order, which has no legal option."""
    return OrderSkipped(round_of(st.turns, st.num_players), st.current_player(), st.order)


def drew(round_: int, player: int, cards: Any) -> Drew:
    """The record of `player` drawing `cards` (card types, in the order drawn)."""
    return Drew(round_, player, len(cards), tuple(card_name(t) for t in cards))


def round_record(st: Any, start: tuple[int, ...], round_: int) -> RoundEnded:
    """The round `round_` ended on `st`'s table; `start` is the armies when it began."""
    n = st.num_players
    clans = tuple(
        Count(CLAN_NAMES[c], sum(start[q * NUM_CLANS + c] for q in range(n)), st.clan_total(c))
        for c in range(NUM_CLANS)
    )
    provinces = tuple(
        Count(
            str(q),
            sum(start[q * NUM_CLANS : (q + 1) * NUM_CLANS]),
            sum(st.army(q, c) for c in range(NUM_CLANS)),
        )
        for q in range(n)
    )
    return RoundEnded(round_, clans, provinces)


def final_count(st: Any, round_: int = 0) -> FinalCount:
    """The reveal and the count of `st`'s table as it stands (the game's end, or now):
    the winners are `st.winners_by_rule()`, the rule's one place."""
    totals = st.clan_totals()
    allegiances = st.allegiances
    served = set(allegiances)
    best = max(totals[c] for c in served)
    seats = tuple(
        SeatResult(p, CLAN_NAMES[c], totals[c], st.army(p, c)) for p, c in enumerate(allegiances)
    )
    ranked = sorted(range(NUM_CLANS), key=lambda c: (-totals[c], c))
    clans = tuple(ClanResult(CLAN_NAMES[c], totals[c], c in served) for c in ranked)
    passed = tuple(CLAN_NAMES[c] for c in ranked if c not in served and totals[c] > best)
    tied = sum(1 for c in allegiances if totals[c] == best)
    winners = tuple(st.winners_by_rule())
    return FinalCount(round_, seats, clans, passed, tied > 1, winners, best)
