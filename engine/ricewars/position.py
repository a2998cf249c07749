"""The shape of a Rice Wars position, below everything that reads or changes one.

Seats 0..seats-1 are the players, clockwise; in the 2-player scenario seat 2 is the
neutral player (not a player of the state API). Fields are indices into the board;
`owner[f]` is the seat whose peasant stands there (-1: none) and `own[s]` the same as a
bitmask. All mutable state is a handful of int lists, card lists and one small `fight`
dict of immutable values, named here in snapshot order (`LISTS`, `SCALARS`), so that the
state (`engine.ricewars.state`) can snapshot it for undo and the observation
(`engine.ricewars.observation`) can hide parts of it; the observation needs nothing else of
the state, so it sits below it (the state imports the observation, never the reverse).

`Position` declares those attributes (the state class makes them slots) and answers the
questions every rule asks of them (seats in turn order, field ids, the round's symbols,
free fields); the rules themselves are plain functions over a `Position` in the modules
named after the rulebook's parts.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.events import Event
from engine.ricewars.actions import Attack
from engine.ricewars.board import Board
from engine.ricewars.data import PASS_MARKERS

# Phases (what the player to act decides).
(
    PALACE,  # place a palace (queue of (placer, owner))
    MOVE,  # the governor may move the palace
    SETUP_PEASANT,  # place a starting peasant (queue of (placer, owner))
    HIRE,  # hiring and upkeep of `cur`
    PICK,  # the governor picks the next advisor to auction
    BID,  # sealed bids, in `queue` order
    ACTION,  # the action phase
    NEUTRAL,  # `cur` places a peasant for the neutral player
    PLANT,  # Taue: further peasants from the daimyo board
    DEFEND,  # the attacked player chooses troops
    MODIFY,  # alternating face-down bonuses
    REACT,  # revealed reaction cards: pay for the effect or not
    SHOURI,  # after the tie-break: Shouri
    OCCUPY,  # the winning attacker may place a peasant on the emptied field
    ANSWER,  # the challenged daimyo accepts, refuses or escapes
    GIVE,  # the refusing daimyo hands over peasants
    LOSE,  # the defeated daimyo removes peasants
    OVER,
) = range(18)
PHASE_NAMES = (
    "palace",
    "move",
    "setup-peasant",
    "hire",
    "pick",
    "bid",
    "action",
    "neutral",
    "plant",
    "defend",
    "modify",
    "react",
    "shouri",
    "occupy",
    "answer",
    "give",
    "lose",
    "over",
)

HIDDEN = -1
"""A card (or bid) the observer cannot see."""
NO_BID = -1
SEALED = -2
"""An opponent's bid that is placed but not yet revealed (in observations)."""

# Mutable attributes, in snapshot order (lists are copied; `hands` holds tuples).
LISTS = (
    "palace",
    "owner",
    "own",
    "supply",
    "reserve",
    "money",
    "ash",
    "ash_x",
    "ron",
    "ron_x",
    "ash_due",
    "ron_due",
    "adv_due",
    "held",
    "used_service",
    "passes",
    "bids",
    "deck",
    "discard",
    "adeck",
    "table",
    "boxed_advisors",
)
PILES = ("deck", "discard", "adeck", "table", "boxed_advisors")
"""The lists of `LISTS` whose length changes (cards and advisors); every other list has
one entry per seat, and `owner` one per field."""
SCALARS = (
    "phase",
    "cur",
    "round",
    "governor",
    "bank",
    "supply_ash",
    "supply_ron",
    "queue",
    "auction_left",
    "bidding",
    "last_bids",
    "chance",
    "chance_seed",
    "nplaced",
    "plant_left",
    "last_actor",
)
STATIC = ("n", "seats", "neutral", "board", "seed", "settings", "colour")
"""Attributes fixed for the whole game (shared by clones and determinized states)."""

_M64 = (1 << 64) - 1

_FIELD_ACTIONS: dict[tuple[type, str], tuple[Any, ...]] = {}
_ATTACKS: dict[tuple[str, int, int], tuple[tuple[Attack, ...], ...]] = {}


def mix(a: int, b: int) -> int:
    """A 64-bit hash of two ints (splitmix64 finaliser): the chance source after setup."""
    x = (a * 0x9E3779B97F4A7C15 + (b + 1) * 0xBF58476D1CE4E5B9) & _M64
    x ^= x >> 30
    x = (x * 0xBF58476D1CE4E5B9) & _M64
    x ^= x >> 27
    x = (x * 0x94D049BB133111EB) & _M64
    return x ^ (x >> 31)


def bits(mask: int) -> Iterator[int]:
    """The set bit indices of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def new_fight(kind: str, att: int, dfn: int, f: int, troops: tuple[int, int]) -> dict[str, Any]:
    """The `fight` of a combat (`kind` "combat", on field `f`) or a duel ("duel", f = -1).

    Side 0 is the attacker (the challenger), side 1 the defender; every value is
    immutable, so a snapshot of the dict's items is a snapshot of the fight."""
    return {
        "kind": kind,
        "att": att,
        "dfn": dfn,
        "field": f,
        "troops": (troops, (0, 0)),  # (ashigaru, ronin) per side
        "cards": ((), ()),  # bonus cards face down, per side
        "blind": ((), ()),  # cards drawn face down (Youhei, the neutral's card)
        "extra": (0, 0),  # strength from advisors' services
        "turn": 0,  # whose step of the bonus alternation
        "final": False,  # one side stopped: the other has its last step
        "done": False,  # the alternation is over
        "revealed": False,
        "reacts": (),  # (side, card) reaction cards still to decide on
        "paid": (),  # reaction cards paid for
        "tie": (),  # tie-break draws as (side, card)
        "winner": -1,
        "shouri": 0,  # the side whose Shouri decision is next (2: both done)
        "occupy": False,  # the winning attacker may place a peasant
        "todo": 0,  # peasants still to hand over (refused duel) or remove (lost duel)
        "changes": (),  # (field, before, after) of the peasants a duel moved
        "result": "",  # how it ended, in a word ("converted", "held", "refused", ...)
    }


SLOTS = (
    *STATIC,
    "boxed_peasants",
    *LISTS,
    "hands",
    "fight",
    *SCALARS,
    "_ended",
    "_history",
    "_undo",
    "_clean",
)
"""Every attribute of a position: the `__slots__` of the state class."""


def out_of_actions(passes: int) -> bool:
    """True when a daimyo with `passes` pass markers down takes no more actions this round."""
    return passes >= PASS_MARKERS


class Position:
    """Every attribute of a Rice Wars position, and the questions the rules ask of it.

    The attributes are slots of the state class (`engine.ricewars.state.RiceWarsState`
    declares `SLOTS`): declared there, attribute reads are a little faster than through
    this base class."""

    n: int  # players of the state API (2-5)
    seats: int  # players plus the neutral (scenario)
    neutral: int  # the neutral player's seat, or -1
    board: Board
    seed: int
    settings: Mapping[str, Any]
    colour: tuple[str, ...]
    boxed_peasants: list[int]  # peasants out of the game (the neutral's lost ones)
    # LISTS, per seat unless said otherwise
    palace: list[int]  # field, or -1
    owner: list[int]  # per field: seat, or -1
    own: list[int]  # peasants on the board (bitmask of fields)
    supply: list[int]  # peasants in the supply (the neutral's pool of 9)
    reserve: list[int]  # peasants on the daimyo board, ready to place
    money: list[int]
    ash: list[int]  # active ashigaru
    ash_x: list[int]  # exhausted ashigaru
    ron: list[int]  # active ronin
    ron_x: list[int]  # exhausted ronin
    ash_due: list[int]  # ashigaru whose upkeep is still owed this hiring phase
    ron_due: list[int]
    adv_due: list[tuple[int, ...]]  # advisors whose upkeep is still owed
    held: list[tuple[tuple[int, int], ...]]  # (advisor, services left)
    used_service: list[bool]  # a service was used this round
    passes: list[int]  # pass markers put down this round
    bids: list[int]  # bids on the advisor now auctioned (NO_BID: none yet)
    deck: list[int]  # cards, the top last
    discard: list[int]
    adeck: list[int]  # advisors still to come, the top last
    table: list[int]  # advisors of the latest auction
    boxed_advisors: list[int]  # advisors out of the game
    hands: list[tuple[int, ...]]  # a new tuple when a hand changes (snapshots share them)
    fight: Any  # the combat or duel under way (a dict, see `new_fight`); None between fights
    # SCALARS
    phase: int
    cur: int  # the seat to decide (-1 between hiring turns)
    round: int  # 1..board.rounds (0 during setup)
    governor: int
    bank: int
    supply_ash: int
    supply_ron: int
    queue: tuple[Any, ...]  # who is next in setup, hiring or bidding
    auction_left: tuple[int, ...]  # advisors on the table not yet auctioned
    bidding: int  # the advisor now auctioned, or -1
    last_bids: tuple[Any, ...]  # (advisor, bids) of the latest reveal
    chance: int  # chance draws after setup (reshuffles, thefts)
    chance_seed: int
    nplaced: int  # neutral peasants placed this round (who places the next)
    plant_left: int  # peasants Taue may still plant
    last_actor: int
    _ended: tuple[dict[str, Any], bool] | None  # the fight the last action finished
    _history: list[Any]
    _undo: list[tuple[Any, ...]]
    _clean: tuple[Any, ...] | None  # the snapshot `undo` restored, while it is the position
    events: list[Event] | None = None
    """What the rules tell while a list (`engine.ricewars.records`); None on the fast
    path (search, clones, determinized states), where telling costs one attribute test."""

    def order_from(self, first: int) -> list[int]:
        """Every seat clockwise from `first` (the neutral included)."""
        return [(first + k) % self.seats for k in range(self.seats)]

    def humans_from(self, first: int) -> list[int]:
        """The players (not the neutral) clockwise from `first`."""
        return [s for s in self.order_from(first) if s != self.neutral]

    def actions_over(self, s: int) -> bool:
        """True when seat `s` has put down its last pass marker: it takes no more actions
        this round (it still defends and reacts)."""
        return out_of_actions(self.passes[s])

    def opponents(self, s: int) -> list[int]:
        """Every other seat (the neutral included)."""
        return [q for q in range(self.seats) if q != s]

    def field(self, fid: str) -> int:
        """The index of field `fid` (KeyError if the board has none)."""
        return self.board.index[fid]

    def fid(self, f: int) -> str:
        """The id of field index `f`."""
        return self.board.ids[f]

    def symbols(self, round_number: int | None = None) -> frozenset[str]:
        """The round track symbols of the current round (or of round `round_number`)."""
        r = self.round if round_number is None else round_number
        if 1 <= r <= self.board.rounds:
            return self.board.track[r - 1]
        return frozenset()

    def auction_round(self, round_number: int | None = None) -> bool:
        """True when the current round (or round `round_number`) holds the advisors'
        auction (its `auction` symbol): hiring is followed by the auction, and last
        auction's advisors leave at it."""
        return "auction" in self.symbols(round_number)

    def _set_owner(self, f: int, s: int) -> None:
        """Seat `s` (-1: nobody) now has the peasant on field `f`."""
        old = self.owner[f]
        if old >= 0:
            self.own[old] &= ~(1 << f)
        self.owner[f] = s
        if s >= 0:
            self.own[s] |= 1 << f

    def palaces_mask(self) -> int:
        """Fields holding a palace."""
        m = 0
        for p in self.palace:
            if p >= 0:
                m |= 1 << p
        return m

    def free_mask(self) -> int:
        """Fields with neither peasant nor palace."""
        taken = 0
        for p in self.palace:
            if p >= 0:
                taken |= 1 << p
        for m in self.own:
            taken |= m
        return self.board.full & ~taken

    def field_actions(self, kind: type) -> tuple[Any, ...]:
        """`kind(field id)` for every field of the board, by field index: the actions
        naming one field (`Peasant`, `Palace`, `Give`, `Lose`), made once per board
        (legal-action lists are rebuilt at every step of a search)."""
        key = (kind, self.board.graph.hash)
        made = _FIELD_ACTIONS.get(key)
        if made is None:
            made = _FIELD_ACTIONS[key] = tuple(kind(fid) for fid in self.board.ids)
        return made

    def attack_actions(self, ashigaru: int, ronin: int) -> tuple[tuple[Attack, ...], ...]:
        """Per field index, every attack on it with up to `ashigaru` ashigaru and `ronin`
        ronin (at least one troop): ronin 0 first, then by ashigaru; made once per board."""
        key = (self.board.graph.hash, ashigaru, ronin)
        made = _ATTACKS.get(key)
        if made is None:
            troops = [(a, r) for r in range(ronin + 1) for a in range(ashigaru + 1) if a + r]
            made = _ATTACKS[key] = tuple(
                tuple(Attack(fid, a, r) for a, r in troops) for fid in self.board.ids
            )
        return made

    def fields_of(self, s: int) -> int:
        """How many peasants seat `s` has on the board."""
        return self.own[s].bit_count()
