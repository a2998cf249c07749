"""What happened in Rice Wars: the typed records the rule functions write (`engine.events`).

A rule function writes its record while `st.events` is a list (`GameState.apply_told`),
in the order the rulebook resolves things: a round's income, each hiring and upkeep
payment and what left unpaid, the neutral's hiring, the advisors drawn for an auction and
each advisor's revealed bids, cards and services played, each fight (each side's
strength itemised, the total, the result, the fields that changed hands), each duel, the
draw at a round's end and the game's end. Names are strings as a player reads them
(seats "Red" or "Neutral", fields by name, cards and advisors by name); `player` fields
hold the seat number too, for a reader that colours them.

Records tell everything, secrets included; `seen_by(seat)` gives a record as that seat
was told it: another player's Ryo in a standing become `HIDDEN_MONEY` (the notes are kept
face down, `engine.ricewars.observation`; the game's end shows them all) and a card
stolen by Shinobi is named only to the thief and its victim.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from engine.events import Event
from engine.ricewars.position import Position


def seat_word(st: Position, s: int) -> str:
    """A seat as players name it: "Red", or "Neutral" for the scenario's neutral player."""
    return "Neutral" if s == st.neutral else st.colour[s].capitalize()


@dataclass(frozen=True, slots=True)
class Part:
    """One item of a sum: what it is and how much it adds."""

    what: str
    amount: int


HIDDEN_MONEY = -1
"""Another player's Ryo in a standing told to a seat (secret)."""


def _seen(ends: tuple[Standing, ...], viewer: int) -> tuple[Standing, ...]:
    """Standings as `viewer` may know them: another's Ryo hidden."""
    return tuple(e if e.player == viewer else replace(e, money=HIDDEN_MONEY) for e in ends)


@dataclass(frozen=True, slots=True)
class Standing:
    """Where one seat stands at a moment the rules tell (a fight's or a round's end): the
    fields it holds (by id), its Ryo and its troops. Summaries compare two of these."""

    player: int
    name: str
    fields: tuple[str, ...]
    money: int
    ashigaru: int  # active
    ashigaru_tired: int
    ashigaru_due: int  # owed upkeep (during hiring)
    ronin: int
    ronin_tired: int
    ronin_due: int


def standing(st: Position, s: int) -> Standing:
    """Seat `s`'s standing in `st` now."""
    fields = tuple(st.board.ids[f] for f in range(st.board.n) if st.owner[f] == s)
    return Standing(s, seat_word(st, s), fields, st.money[s], st.ash[s], st.ash_x[s],
                    st.ash_due[s], st.ron[s], st.ron_x[s], st.ron_due[s])  # fmt: skip


def standings(st: Position) -> tuple[Standing, ...]:
    """Every seat's standing in `st` now."""
    return tuple(standing(st, s) for s in range(st.seats))


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """A palace or a peasant put on a field (setup, action, neutral, Taue, occupation,
    a card or a service from the supply)."""

    kind: ClassVar[str] = "placed"
    player: int
    name: str
    piece: str  # "palace" or "peasant"
    field: str  # the field's id
    field_name: str
    by: int  # the seat that decided (another player in setup and for the neutral)
    how: str  # "setup", "move", "action", "neutral", "plant", "occupy", "supply"


@dataclass(frozen=True, slots=True)
class Removed(Event):
    """A peasant taken off a field (a card, a fight, a duel)."""

    kind: ClassVar[str] = "removed"
    player: int
    name: str
    field: str
    field_name: str
    why: str


@dataclass(frozen=True, slots=True)
class Income(Event):
    """Phase 1: what the governor pays one player, itemised; `paid` is what the bank had."""

    kind: ClassVar[str] = "income"
    player: int
    name: str
    parts: tuple[Part, ...]
    total: int
    paid: int


@dataclass(frozen=True, slots=True)
class Hiring(Event):
    """Phase 2: one servant hired or one upkeep paid, and its cost in Ryo."""

    kind: ClassVar[str] = "hiring"
    player: int
    name: str
    what: str  # "peasant", "ashigaru", "ronin" or an advisor's name
    upkeep: bool  # True: the upkeep of one already held
    cost: int


@dataclass(frozen=True, slots=True)
class HiringEnd(Event):
    """Phase 2: a player's hiring turn ends; what was owed and unpaid leaves."""

    kind: ClassVar[str] = "hiring_end"
    player: int
    name: str
    left: tuple[str, ...]  # "2 ashigaru", "1 ronin", advisor names


@dataclass(frozen=True, slots=True)
class NeutralHiring(Event):
    """Phase 2 of the scenario: the neutral takes peasants and an ashigaru."""

    kind: ClassVar[str] = "neutral_hiring"
    peasants: int
    ashigaru: int


@dataclass(frozen=True, slots=True)
class AuctionLots(Event):
    """Phase 3: the advisors drawn for the auction; the earlier ones leave the game."""

    kind: ClassVar[str] = "auction_lots"
    lots: tuple[str, ...]
    discarded: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Bid:
    """One sealed bid of a revealed auction."""

    player: int
    name: str
    amount: int  # -1: did not bid (two advisors held)


@dataclass(frozen=True, slots=True)
class Winner:
    """An auction's winner: what it paid and the services it got."""

    player: int
    name: str
    paid: int
    services: int


@dataclass(frozen=True, slots=True)
class Auction(Event):
    """Phase 3: one advisor auctioned, the bids revealed, who pays and gets services."""

    kind: ClassVar[str] = "auction"
    advisor: str
    bids: tuple[Bid, ...]
    winners: tuple[Winner, ...]  # highest bidders (2 services), then second highest (1)
    boxed: bool  # nobody bid: the advisor leaves the game


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """An action card played for its effect (`effect`: its declared effect's key)."""

    kind: ClassVar[str] = "card"
    player: int
    name: str
    card: str
    card_name: str
    cost: int
    effect: str
    targets: tuple[str, ...]  # field names or seat names
    gained: str = ""  # what it brought the player (Ryo, a stolen card's name), if any
    victim: int = -1  # the seat a card was stolen from (Shinobi)

    def seen_by(self, viewer: int) -> CardPlayed:
        """A stolen card is named to the thief and its victim only."""
        if self.effect == "steal_card" and viewer not in (self.player, self.victim):
            return replace(self, gained="a card")
        return self


@dataclass(frozen=True, slots=True)
class ServiceUsed(Event):
    """An advisor's service used (as an action or as a step of a fight)."""

    kind: ClassVar[str] = "service"
    player: int
    name: str
    advisor: str
    effect: str
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a fight: its strength itemised (troops, bonuses, cards) and the total."""

    player: int
    name: str
    ashigaru: int
    ronin: int
    cards: tuple[str, ...]  # card names, played or drawn face down
    parts: tuple[Part, ...]
    total: int


@dataclass(frozen=True, slots=True)
class Change:
    """A field changing hands (-1: nobody)."""

    field: str
    field_name: str
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class Fight(Event):
    """A combat at a field, or an accepted duel, finished: both sides, the result and the
    fields that changed hands. `winner` 0 attacker, 1 defender, 2 both lost (duel)."""

    kind: ClassVar[str] = "fight"
    fight: str  # "combat" or "duel"
    field: str  # the attacked field's name ("" for a duel)
    attacker: Side
    defender: Side
    paid: tuple[str, ...]  # reaction cards paid for (Kyuujo, Mamori, Yuuki, Shouri)
    tie_break: tuple[str, ...]  # "Red: Hosaku" in draw order
    winner: int
    result: str  # "converted", "driven out", "occupied", "held", "duel won", ...
    changes: tuple[Change, ...]
    standing: tuple[Standing, Standing]  # attacker, defender when the fight ended

    def seen_by(self, viewer: int) -> Fight:
        """Another player's Ryo in the standings are hidden."""
        return replace(self, standing=_seen(self.standing, viewer))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class DuelAnswered(Event):
    """A challenged daimyo's answer to a duel: refused (peasants handed over) or escaped
    (Nigeru); an accepted duel is told by its `Fight`."""

    kind: ClassVar[str] = "duel"
    challenger: int
    challenged: int
    answer: str  # "refused" or "escaped"
    changes: tuple[Change, ...]
    standing: tuple[Standing, Standing]  # challenger, challenged when it ended

    def seen_by(self, viewer: int) -> DuelAnswered:
        """Another player's Ryo in the standings are hidden."""
        return replace(self, standing=_seen(self.standing, viewer))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class RoundEnd(Event):
    """Phase 5: every player draws; the governor's marker passes on."""

    kind: ClassVar[str] = "round_end"
    cards: int  # cards each player draws by the rules (2, 3 in `card` rounds)
    draws: tuple[Part, ...]  # seat name, cards drawn (fewer at the hand limit)
    governor: str  # the next governor
    standing: tuple[Standing, ...]  # every seat at the end of the round's actions

    def seen_by(self, viewer: int) -> RoundEnd:
        """Another player's Ryo in the standings are hidden."""
        return replace(self, standing=_seen(self.standing, viewer))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class RoundStart(Event):
    """A round begins (before its income)."""

    kind: ClassVar[str] = "round_start"
    symbols: tuple[str, ...]
    governor: str


@dataclass(frozen=True, slots=True)
class GameEnd(Event):
    """The game is over: fields and wealth of each seat, and the winners."""

    kind: ClassVar[str] = "game_end"
    fields: tuple[Part, ...]
    wealth: tuple[Part, ...]
    winners: tuple[str, ...]
    standing: tuple[Standing, ...]


# -- making records (the rule functions call these only while `st.events` is a list) ----


def placed(st: Position, s: int, f: int, by: int, how: str, piece: str = "peasant") -> Placed:
    """The record of seat `s`'s `piece` put on field `f`, decided by seat `by`."""
    return Placed(st.round, s, seat_word(st, s), piece, st.fid(f), st.board.names[f], by, how)


def removed(st: Position, s: int, f: int, why: str) -> Removed:
    """The record of seat `s`'s peasant taken off field `f`."""
    return Removed(st.round, s, seat_word(st, s), st.fid(f), st.board.names[f], why)


def change(st: Position, f: int, before: int, after: int) -> Change:
    """Field `f` went from seat `before` to seat `after` (-1: nobody)."""
    return Change(st.fid(f), st.board.names[f], before, after)


def tell(st: Position, record: Event) -> None:
    """Append `record` to `st.events` (callers test `st.events is not None` first when
    making the record costs anything)."""
    if st.events is not None:
        st.events.append(record)
