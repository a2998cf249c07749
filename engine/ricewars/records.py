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
face down, `engine.ricewars.observation`; the game's end shows them all), a sealed bid's
amount and a card put face down are told only to their owner (until the auction's or the
fight's reveal tells them all), and a card stolen by Shinobi is named only to the thief and
its victim.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.events import Event
from engine.ricewars.data import CARDS
from engine.ricewars.position import Position, out_of_actions


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
    """Standings as `viewer` may know them: another's Ryo and hand hidden (how many cards
    it holds is public)."""
    return tuple(e if e.player == viewer else replace(e, money=HIDDEN_MONEY, hand=()) for e in ends)


@dataclass(frozen=True, slots=True)
class TellsStandings(Event):
    """A record that carries every seat's standing (`standing`, a tuple of `Standing`s) as
    it is at that moment: told to another seat, the others' Ryo and hands in it are hidden
    (an auction's bids are revealed, so they stay)."""

    def seen_by(self, viewer: int) -> TellsStandings:
        """Another player's Ryo and hand in the standings are hidden."""
        return replace(self, standing=_seen(self.standing, viewer))  # type: ignore[attr-defined, call-arg]


@dataclass(frozen=True, slots=True)
class Held:
    """An advisor on a seat's daimyo board: its service markers and whether its upkeep
    is still owed (during hiring)."""

    advisor: str
    services: int
    unpaid: bool


@dataclass(frozen=True, slots=True)
class Standing:
    """Where one seat stands at a moment the rules tell (a fight's reveal or end, an
    auction, a round's income, draw or the game's end): everything its daimyo board shows
    — the fields it holds (by id) and those cut off from its palace, its Ryo, troops,
    peasants to place and in the supply, cards in hand (how many, and which: told only to
    its seat), advisors, pass markers, whether its service was used, whether it is the
    governor, whether the game waits for its decision, and what it earns in this round's
    income, item by item (the daimyo board's tooltip); and the deck and the discard pile
    at that moment (the same in every seat's standing), so a screen showing the moment
    shows the hand and the piles of that moment too. Summaries compare two of these;
    `engine.ricewars.standings` makes them from a position."""

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
    cut_off: tuple[str, ...]  # fields whose peasant is not connected to the palace
    reserve: int  # peasants on the daimyo board, to place
    supply: int  # peasants in the supply
    cards: int  # cards in hand
    hand: tuple[str, ...]  # the cards in hand by id, in hand order (told only to its seat)
    deck: int  # cards in the deck (public)
    discard: int  # cards in the discard pile (public)
    advisors: tuple[Held, ...]
    passes: int  # pass markers put down this round
    service_used: bool
    governor: bool
    to_act: bool  # the game waits for this seat's decision (never in the middle of an action)
    income: tuple[Part, ...]  # what it earns in this round's income phase (`economy`)


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
    standing: Standing  # the neutral's, after it

    def seen_by(self, viewer: int) -> NeutralHiring:
        """The neutral's Ryo are hidden like another player's."""
        return replace(self, standing=_seen((self.standing,), viewer)[0])


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
class Auction(TellsStandings):
    """Phase 3: one advisor auctioned, the bids revealed, who pays and gets services."""

    kind: ClassVar[str] = "auction"
    advisor: str
    bids: tuple[Bid, ...]
    winners: tuple[Winner, ...]  # highest bidders (2 services), then second highest (1)
    boxed: bool  # nobody bid: the advisor leaves the game
    standing: tuple[Standing, ...]  # every seat once the winners paid


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


NO_SUPPLY = "driven out, no peasant in supply"
"""A `Fight`'s result when the winner's ronin could not convert the peasant (no peasant
left in the winner's supply) and the field was not occupied: it stays empty."""


@dataclass(frozen=True, slots=True)
class Fight(TellsStandings):
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
    result: str  # "converted", "driven out", `NO_SUPPLY`, "occupied", "held", "duel won", ...
    changes: tuple[Change, ...]
    standing: tuple[Standing, ...]  # every seat when the fight ended (after its draws)


@dataclass(frozen=True, slots=True)
class DuelAnswered(TellsStandings):
    """A challenged daimyo's answer to a duel: refused (peasants handed over) or escaped
    (Nigeru); an accepted duel is told by its `Fight`."""

    kind: ClassVar[str] = "duel"
    challenger: int
    challenged: int
    answer: str  # "refused" or "escaped"
    changes: tuple[Change, ...]
    standing: tuple[Standing, ...]  # every seat when it ended


@dataclass(frozen=True, slots=True)
class PalaceKept(Event):
    """Setup: the governor keeps its palace where it stands (instead of moving it)."""

    kind: ClassVar[str] = "palace_kept"
    player: int
    name: str
    field: str
    field_name: str


@dataclass(frozen=True, slots=True)
class AdvisorPicked(Event):
    """Phase 3: the governor puts an advisor up for auction."""

    kind: ClassVar[str] = "auction_pick"
    player: int
    name: str
    advisor: str


@dataclass(frozen=True, slots=True)
class BidSealed(Event):
    """Phase 3: one sealed bid (0: no bid). Only the bidder knows the amount until the
    reveal (`Auction`); the others are told that a bid was placed."""

    kind: ClassVar[str] = "bid"
    player: int
    name: str
    advisor: str
    amount: int  # HIDDEN_MONEY when told to another seat

    def seen_by(self, viewer: int) -> BidSealed:
        """The amount is the bidder's secret until the reveal."""
        return self if viewer == self.player else replace(self, amount=HIDDEN_MONEY)


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    """A combat begins: `player` attacks `defender`'s peasant on a field with troops
    (exhausted by it); `parts` and `total` are the attack's strength before any card."""

    kind: ClassVar[str] = "attack"
    player: int
    name: str
    defender: int
    defender_name: str
    field: str
    field_name: str
    ashigaru: int
    ronin: int
    parts: tuple[Part, ...]
    total: int


@dataclass(frozen=True, slots=True)
class Defended(Event):
    """A combat's defence: the attacked peasant and the troops `player` adds (the
    neutral's is automatic); `parts` and `total` are its strength before any card."""

    kind: ClassVar[str] = "defend"
    player: int
    name: str
    field: str
    field_name: str
    ashigaru: int
    ronin: int
    parts: tuple[Part, ...]
    total: int


HIDDEN_CARD = ""
"""A card face down, in a record told to a seat that may not see it."""


@dataclass(frozen=True, slots=True)
class BonusPlayed(Event):
    """One step of a fight's bonuses: a card played face down (`drawn`: the neutral's
    card drawn face down from the deck). Only its owner knows it until the reveal
    (`Revealed`): another seat is told `HIDDEN_CARD` and a bonus of -1."""

    kind: ClassVar[str] = "bonus"
    player: int
    name: str
    fight: str  # "combat" or "duel"
    field_name: str  # "" for a duel
    card: str  # the card copy's id
    card_name: str
    bonus: int
    drawn: bool = False

    def seen_by(self, viewer: int) -> BonusPlayed:
        """A face-down card is its owner's secret until the reveal."""
        if viewer == self.player:
            return self
        return replace(self, card=HIDDEN_CARD, card_name=HIDDEN_CARD, bonus=-1)


@dataclass(frozen=True, slots=True)
class Stopped(Event):
    """A fight's bonuses: `player` plays no more (the other side has one more step)."""

    kind: ClassVar[str] = "stop"
    player: int
    name: str
    fight: str
    field_name: str


@dataclass(frozen=True, slots=True)
class Revealed(TellsStandings):
    """A fight's face-down cards are turned up: both sides as they stand then (troops,
    cards, strength itemised) and every seat's standing at that moment."""

    kind: ClassVar[str] = "reveal"
    fight: str
    field_name: str
    attacker: Side
    defender: Side
    standing: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class ReactionAnswered(TellsStandings):
    """After the reveal: `player` pays `cost` Ryo for a reaction card's effect (Kyuujo,
    Mamori, Yuuki at the reveal; Shouri when losing), or lets it be (`paid` False);
    `standing`: every seat once it is paid."""

    kind: ClassVar[str] = "reaction"
    player: int
    name: str
    card: str  # the card's name
    effect: str  # its declared effect's key
    amount: int  # the effect's amount
    moment: str  # "reveal" or "shouri"
    cost: int
    paid: bool
    standing: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """Phase 4: `player` puts down a pass marker (`passes`: how many now; at
    `data.PASS_MARKERS` it takes no more actions this round: `last`)."""

    kind: ClassVar[str] = "pass"
    player: int
    name: str
    passes: int

    @property
    def last(self) -> bool:
        """The player's last pass marker: no more actions this round."""
        return out_of_actions(self.passes)


@dataclass(frozen=True, slots=True)
class Challenged(Event):
    """Phase 4: `player`'s active ronin challenges `target` to a duel (exhausted by it)."""

    kind: ClassVar[str] = "challenge"
    player: int
    name: str
    target: int
    target_name: str


@dataclass(frozen=True, slots=True)
class ChallengeAnswered(Event):
    """A challenged daimyo accepts the duel or refuses it (and must hand over `peasants`:
    two, or as many as it has); an escape with Nigeru is the card's `CardPlayed`."""

    kind: ClassVar[str] = "challenge_answer"
    player: int
    name: str
    challenger: int
    challenger_name: str
    answer: str  # "accepted" or "refused"
    peasants: int = 0  # to hand over (refused)


@dataclass(frozen=True, slots=True)
class Declined(Event):
    """`player` declines to go on: planting with Taue, or occupying the field its
    troops emptied."""

    kind: ClassVar[str] = "declined"
    player: int
    name: str
    what: str  # "planting" or "occupation"
    field: str  # the emptied field's id ("" for planting)
    field_name: str


@dataclass(frozen=True, slots=True)
class RoundEnd(TellsStandings):
    """Phase 5: every player draws; the governor's marker passes on."""

    kind: ClassVar[str] = "round_end"
    cards: int  # cards each player draws by the rules (2, 3 in `card` rounds)
    draws: tuple[Part, ...]  # seat name, cards drawn (fewer at the hand limit)
    governor: str  # the next governor
    standing: tuple[Standing, ...]  # every seat after the draw (the round's end)


@dataclass(frozen=True, slots=True)
class RoundStart(TellsStandings):
    """A round begins (told before its income); `standing`: every seat once the income
    is paid."""

    kind: ClassVar[str] = "round_start"
    symbols: tuple[str, ...]
    governor: str
    standing: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class GameEnd(Event):
    """The game is over: fields and wealth of each seat, and the winners."""

    kind: ClassVar[str] = "game_end"
    fields: tuple[Part, ...]
    wealth: tuple[Part, ...]
    winners: tuple[str, ...]
    standing: tuple[Standing, ...]

    def seen_by(self, viewer: int) -> GameEnd:
        """Every seat's Ryo are told (wealth breaks a tie); another's hand is not."""
        ends = tuple(e if e.player == viewer else replace(e, hand=()) for e in self.standing)
        return replace(self, standing=ends)


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


def side(st: Position, f: dict[str, Any], side: int, parts: tuple[Part, ...]) -> Side:
    """Side `side` of fight `f` (0 attacker, 1 defender) with its strength `parts`."""
    seat = f["att"] if side == 0 else f["dfn"]
    a, r = f["troops"][side]
    cards = tuple(CARDS[c].name for c in (*f["cards"][side], *f["blind"][side]))
    return Side(seat, seat_word(st, seat), a, r, cards, parts, sum(p.amount for p in parts))


def field_of(st: Position, f: dict[str, Any]) -> str:
    """The name of the field fight `f` is about ("" for a duel)."""
    return st.board.names[f["field"]] if f["field"] >= 0 else ""


def tell(st: Position, record: Event) -> None:
    """Append `record` to `st.events` (callers test `st.events is not None` first when
    making the record costs anything)."""
    if st.events is not None:
        st.events.append(record)
