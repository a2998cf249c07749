"""The Rice Wars position and its rules (the rule choices are listed in `engine.ricewars`).

Seats 0..n-1 are the players, clockwise; in the 2-player scenario seat 2 is the neutral
player (not a player of the state API: `num_players` is 2). Fields are indices into the
board; `owner[f]` is the seat whose peasant stands there (-1: none) and `own[s]` the same
as a bitmask. All mutable state is a handful of int lists, card lists and one small
`fight` dict of immutable values; `apply` pushes a snapshot of them and `undo` restores
it, so undo is exact. The fight an action finished stays readable as `last_fight`, a
frozen `FightRecord` (the live `fight` is gone by then).

Automatic steps (income, the neutral's hiring and defending, reveals, tie-break draws,
the draw phase) run inside `apply` until a player has a decision to make.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Self

from engine.core import TERMINAL, GameSetup, GameState
from engine.graph import MapGraph
from engine.ricewars import actions as A
from engine.ricewars.board import board_for
from engine.ricewars.data import (
    ADVISOR_INDEX,
    ADVISORS,
    ASHIGARU_COST,
    ASHIGARU_SUPPLY,
    BANK_TOTAL,
    CARD_INDEX,
    CARDS,
    COLOURS,
    DRAW_CARDS,
    DUEL_DRAW_CHALLENGED,
    DUEL_DRAW_CHALLENGER,
    DUEL_LOSS_PEASANTS,
    DUEL_REFUSE_PEASANTS,
    HAND_LIMIT,
    MAX_ADVISORS,
    NEUTRAL_MAX_ASHIGARU,
    NEUTRAL_PEASANTS_PER_ROUND,
    NEUTRAL_POOL,
    NUM_CARDS,
    PALACE_INCOME,
    PEASANT_COST,
    PEASANTS_PER_COLOUR,
    RONIN_COST,
    RONIN_SUPPLY,
    ROUND_BONUS,
    START_CARDS,
    START_MONEY,
    STRENGTH_ASHIGARU,
    STRENGTH_PEASANT,
    STRENGTH_RONIN,
)

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

_M64 = (1 << 64) - 1
_CONNECTED: dict[tuple[str, int, int], int] = {}
"""(map hash, palace, own peasants) -> connected peasants: search revisits positions."""


def _mix(a: int, b: int) -> int:
    """A 64-bit hash of two ints (splitmix64 finaliser): the chance source after setup."""
    x = (a * 0x9E3779B97F4A7C15 + (b + 1) * 0xBF58476D1CE4E5B9) & _M64
    x ^= x >> 30
    x = (x * 0xBF58476D1CE4E5B9) & _M64
    x ^= x >> 27
    x = (x * 0x94D049BB133111EB) & _M64
    return x ^ (x >> 31)


def bits(mask: int):  # noqa: ANN201
    """The set bit indices of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# Mutable attributes, in snapshot order (lists are copied, `hands` one level deeper).
_LISTS = (
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
_SCALARS = (
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


_GET_LISTS = attrgetter(*_LISTS)
_GET_SCALARS = attrgetter(*_SCALARS)


def _strength(f: dict, side: int, attack1: bool) -> int:
    """A side's strength in fight `f` (`attack1`: an attack round, attackers +1)."""
    total = 0
    if f["kind"] == "combat":
        a, r = f["troops"][side]
        total += STRENGTH_ASHIGARU * a + STRENGTH_RONIN * r
        if side == 1:
            total += STRENGTH_PEASANT
        elif attack1:
            total += 1
    total += f["extra"][side]
    total += sum(CARDS[c].bonus for c in f["cards"][side])
    total += sum(CARDS[c].bonus for c in f["blind"][side])
    for c in f["paid"]:
        if c in f["cards"][side] and CARDS[c].op in ("duel_strength", "defend_strength"):
            total += CARDS[c].amount
    total += sum(CARDS[c].bonus for who, c in f["tie"] if who == side)
    return total


@dataclass(frozen=True, slots=True)
class FightRecord:
    """A finished combat or duel, as it stood when it ended (everything in it is public:
    a fight that got to its cards revealed them all; a refused or escaped duel has none).

    Side 0 is the attacker (the challenging ronin's owner in a duel), side 1 the defender.
    Cards are card indices (`engine.ricewars.data.CARDS`).
    """

    kind: str  # "combat" or "duel"
    attacker: int  # seat
    defender: int  # seat
    field: str | None  # the attacked field's id (None for a duel)
    troops: tuple[tuple[int, int], tuple[int, int]]  # (ashigaru, ronin) per side
    cards: tuple[tuple[int, ...], tuple[int, ...]]  # bonus cards played face down, per side
    blind: tuple[tuple[int, ...], tuple[int, ...]]  # cards drawn face down (Youhei, neutral)
    extra: tuple[int, int]  # strength from advisors' services, per side
    paid: tuple[int, ...]  # reaction cards paid for (Kyuujo, Mamori, Yuuki, Shouri)
    tie: tuple[tuple[int, int], ...]  # tie-break draws as (side, card), in order
    revealed: bool  # the cards were turned up (False: a refused or escaped duel)
    winner: int  # 0 attacker, 1 defender, 2 both lost (duel tie), -1 no contest
    strengths: tuple[int, int] | None  # the engine's final strengths (None: not revealed)


class RiceWarsState(GameState):
    """A Rice Wars position with its history (the common state API)."""

    __slots__ = (
        "n",
        "seats",
        "neutral",
        "board",
        "seed",
        "settings",
        "colour",
        "boxed_peasants",
        *_LISTS,
        "hands",
        "fight",
        *_SCALARS,
        "_ended",
        "_history",
        "_undo",
    )

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(
        cls, players: int, seed: int, settings: Mapping[str, Any] | None, graph: MapGraph
    ) -> RiceWarsState:
        """Setup steps 1-10 (chance from `seed`); palaces and peasants are player actions."""
        settings = dict(settings or {})
        board = board_for(graph)
        wanted = settings.get("board")
        if wanted is not None and wanted != board.side:
            raise ValueError(
                f"settings ask for the {wanted} board but map {graph.id!r} is the {board.side} side"
            )
        lo, hi = board.players
        if players == 2:
            if board.side != "quick":
                raise ValueError("2 players play the scenario on the quick board (--board quick)")
        elif not lo <= players <= hi:
            raise ValueError(
                f"the {board.side} board takes {lo}-{hi} players, not {players}; "
                "5 players play on the epic board (--board epic)"
            )
        self = cls.__new__(cls)
        rng = random.Random(f"ricewars:{seed}")
        self.n = players
        self.neutral = 2 if players == 2 else -1
        self.seats = players + (1 if players == 2 else 0)
        self.board = board
        self.seed = seed
        self.settings = settings
        seats = self.seats
        governor = rng.randrange(players)
        self.governor = governor
        # Colours clockwise from the first governor; money by colour.
        self.colour = tuple(COLOURS[(s - governor) % seats] for s in range(seats))
        self.money = [0 if s == self.neutral else START_MONEY[self.colour[s]] for s in range(seats)]
        self.bank = BANK_TOTAL - sum(self.money)
        self.palace = [-1] * seats
        self.owner = [-1] * board.n
        self.own = [0] * seats
        start = board.start_peasants
        self.reserve = [start] * seats
        self.supply = [PEASANTS_PER_COLOUR - start] * seats
        self.boxed_peasants = [0] * seats
        if self.neutral >= 0:
            # The neutral gets 2 peasants to place and a pool of 9 beside its board.
            self.reserve[self.neutral] = 2
            self.supply[self.neutral] = NEUTRAL_POOL
            self.boxed_peasants[self.neutral] = PEASANTS_PER_COLOUR - 2 - NEUTRAL_POOL
        self.ash = [0] * seats
        self.ash_x = [0] * seats
        self.ron = [0] * seats
        self.ron_x = [0] * seats
        self.ash_due = [0] * seats
        self.ron_due = [0] * seats
        self.adv_due = [()] * seats
        self.held = [()] * seats
        self.used_service = [False] * seats
        self.passes = [0] * seats
        self.bids = [NO_BID] * seats
        self.supply_ash = ASHIGARU_SUPPLY
        self.supply_ron = RONIN_SUPPLY
        deck = list(range(NUM_CARDS))
        rng.shuffle(deck)
        self.hands = [[] for _ in range(seats)]
        for _ in range(START_CARDS):
            for s in self.order_from(governor):
                if s != self.neutral:
                    self.hands[s].append(deck.pop())
        self.deck = deck
        self.discard = []
        adeck = list(range(len(ADVISORS)))
        rng.shuffle(adeck)
        self.adeck = adeck
        self.table = []
        self.boxed_advisors = []
        self.fight = None
        self._ended = None
        self.round = 0
        self.queue = tuple((s, s) for s in self.humans_from(governor))
        self.auction_left = ()
        self.bidding = -1
        self.last_bids = ()
        self.chance = 0
        self.chance_seed = rng.getrandbits(63)
        self.nplaced = 0
        self.plant_left = 0
        self.last_actor = governor
        self.phase = PALACE
        self.cur = governor
        self._history = []
        self._undo = []
        self._settle()
        return self

    # ------------------------------------------------------------------ helpers

    def order_from(self, first: int) -> list[int]:
        """Every seat clockwise from `first` (the neutral included)."""
        return [(first + k) % self.seats for k in range(self.seats)]

    def humans_from(self, first: int) -> list[int]:
        """The players (not the neutral) clockwise from `first`."""
        return [s for s in self.order_from(first) if s != self.neutral]

    def field(self, fid: str) -> int:
        """The index of field `fid` (KeyError if the board has none)."""
        return self.board.index[fid]

    def fid(self, f: int) -> str:
        """The id of field index `f`."""
        return self.board.ids[f]

    def symbols(self) -> frozenset[str]:
        """The round track symbols of the current round."""
        if 1 <= self.round <= self.board.rounds:
            return self.board.track[self.round - 1]
        return frozenset()

    def _set_owner(self, f: int, s: int) -> None:
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
        taken = self.palaces_mask()
        for m in self.own:
            taken |= m
        return ((1 << self.board.n) - 1) & ~taken

    def connected(self, s: int) -> int:
        """Own peasants of seat `s` connected to its palace (directly or via own peasants)."""
        p = self.palace[s]
        if p < 0:
            return 0
        own = self.own[s]
        key = (self.board.graph.hash, p, own)
        reach = _CONNECTED.get(key)
        if reach is None:
            spread = self.board.spread
            reach = self.board.adj[p] & own
            while True:
                grown = (reach | spread(reach)) & own
                if grown == reach:
                    break
                reach = grown
            if len(_CONNECTED) > 500_000:
                _CONNECTED.clear()
            _CONNECTED[key] = reach
        return reach

    def peasant_fields(self, s: int) -> int:
        """Fields where seat `s` may place a peasant by the peasant rule (bitmask)."""
        p = self.palace[s]
        if p < 0:
            return 0
        spread = self.board.spread
        conn = self.connected(s)
        near = self.board.adj[p] | spread(conn)
        bad = spread(self.own[s] & ~conn)
        return near & self.free_mask() & ~bad

    def fields_of(self, s: int) -> int:
        """How many peasants seat `s` has on the board."""
        return self.own[s].bit_count()

    def income(self, s: int) -> int:
        """What seat `s` earns in the income phase of this round (before the bank's limit)."""
        if s == self.neutral or self.palace[s] < 0:
            return 0
        total = PALACE_INCOME
        for f in bits(self.connected(s)):
            total += self.board.blessed[f] or 1
        if "income3" in self.symbols():
            total += ROUND_BONUS
        return total

    def wealth(self, s: int) -> int:
        """The tie-break: Ryo plus the hiring cost of the servants still kept."""
        return (
            self.money[s]
            + ASHIGARU_COST * (self.ash[s] + self.ash_x[s] + self.ash_due[s])
            + RONIN_COST * (self.ron[s] + self.ron_x[s] + self.ron_due[s])
            + PEASANT_COST * self.reserve[s]
        )

    def _pay(self, s: int, amount: int) -> None:
        self.money[s] -= amount
        self.bank += amount

    def _earn(self, s: int, amount: int) -> None:
        got = min(amount, self.bank)
        self.bank -= got
        self.money[s] += got

    def _draw_one(self) -> int:
        """The top card of the deck; an empty deck is the reshuffled discard pile (chance)."""
        if not self.deck:
            if not self.discard:
                return -1
            pile = sorted(self.discard)
            random.Random(_mix(self.chance_seed, self.chance)).shuffle(pile)
            self.chance += 1
            self.deck = pile
            self.discard = []
        return self.deck.pop()

    def _draw(self, s: int, count: int) -> None:
        """Seat `s` draws `count` cards, never holding more than the hand limit."""
        if s == self.neutral:
            return
        hand = self.hands[s]
        for _ in range(count):
            if len(hand) >= HAND_LIMIT:
                return
            c = self._draw_one()
            if c < 0:
                return
            hand.append(c)

    def _remove_peasant(self, f: int) -> None:
        """A peasant leaves field `f` for its owner's supply (the neutral's for the box)."""
        s = self.owner[f]
        self._set_owner(f, -1)
        if s == self.neutral:
            self.boxed_peasants[s] += 1
        else:
            self.supply[s] += 1

    def _supply_peasant(self, s: int, f: int) -> bool:
        """Put a peasant of seat `s` from its supply on `f` (False when the supply is empty)."""
        if self.supply[s] <= 0:
            return False
        self.supply[s] -= 1
        self._set_owner(f, s)
        return True

    # ------------------------------------------------------------------ the state API

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def history(self) -> Sequence[Any]:
        return self._history

    def setup(self) -> GameSetup:
        return GameSetup(
            game="ricewars",
            players=self.n,
            seed=self.seed,
            settings=dict(self.settings),
            map_id=self.board.graph.id,
            map_hash=self.board.graph.hash,
        )

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.cur

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def score(self, s: int) -> float:
        """Fields, with the wealth tie-break as a fraction."""
        return self.fields_of(s) + min(self.wealth(s), 999) / 1000.0

    def returns(self) -> list[float]:
        """Every player's `score`; 0.0 for both when the neutral wins (see the rules)."""
        if self.neutral >= 0 and self.is_terminal() and not self.winners():
            return [0.0] * self.n
        return [self.score(s) for s in range(self.n)]

    def winners(self) -> list[int]:
        """Most fields, then most wealth; [] when the neutral player wins (scenario)."""
        best = max(self.fields_of(s) for s in range(self.seats))
        if self.neutral >= 0 and self.fields_of(self.neutral) == best:
            return []
        tied = [s for s in range(self.n) if self.fields_of(s) == best]
        rich = max(self.wealth(s) for s in tied)
        return [s for s in tied if self.wealth(s) == rich]

    def summary(self) -> dict[str, Any]:
        """Rounds played, fields and money per player (and the neutral's fields)."""
        out: dict[str, Any] = {
            "board": self.board.side,
            "rounds": self.round,
            "fields": [self.fields_of(s) for s in range(self.n)],
            "money": [self.money[s] for s in range(self.n)],
        }
        if self.neutral >= 0:
            out["neutral_fields"] = self.fields_of(self.neutral)
        return out

    # ------------------------------------------------------------------ snapshots

    def _snapshot(self) -> tuple:
        return (
            tuple(map(tuple, _GET_LISTS(self))),
            tuple(map(tuple, self.hands)),
            tuple(sorted(self.fight.items())) if self.fight is not None else None,
            _GET_SCALARS(self),
            tuple(self.boxed_peasants),
            self._ended,  # (the finished fight's dict, never changed again; attack round)
        )

    def _restore(self, snap: tuple) -> None:
        lists, hands, fight, scalars, boxed, self._ended = snap
        for name, value in zip(_LISTS, lists, strict=True):
            setattr(self, name, list(value))
        self.hands = [list(h) for h in hands]
        self.fight = dict(fight) if fight is not None else None
        for name, value in zip(_SCALARS, scalars, strict=True):
            setattr(self, name, value)
        self.boxed_peasants = list(boxed)

    def key(self) -> tuple:
        """Everything that makes the position (equal keys: equal positions); `last_fight`
        is how the position was reached, not part of it."""
        return self._snapshot()[:-1]

    def undo(self) -> None:
        self._restore(self._undo.pop())
        self._history.pop()

    @property
    def undo_depth(self) -> int:
        """How many actions `undo` can take back."""
        return len(self._undo)

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))
        for name in ("n", "seats", "neutral", "board", "seed", "settings", "colour"):
            setattr(twin, name, getattr(self, name))
        twin._restore(self._snapshot())
        twin._history = list(self._history)
        twin._undo = list(self._undo)  # snapshots are never mutated in place
        return twin

    def observation(self, player: int):  # noqa: ANN201
        from engine.ricewars.observation import RiceWarsObservation

        return RiceWarsObservation.of(self, player)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Any]:
        ph = self.phase
        s = self.cur
        if ph == OVER:
            return []
        if ph == PALACE:
            return [A.Palace(self.fid(f)) for f in self.palace_sites(self.queue[0][1])]
        if ph == MOVE:
            return [A.Stay()] + [A.Palace(self.fid(f)) for f in self.palace_sites(s)]
        if ph in (SETUP_PEASANT, NEUTRAL):
            owner = self.queue[0][1] if ph == SETUP_PEASANT else self.neutral
            return [A.Peasant(self.fid(f)) for f in bits(self.peasant_fields(owner))]
        if ph == HIRE:
            return self._hire_actions(s)
        if ph == PICK:
            return [A.Auction(ADVISORS[a].id) for a in self.auction_left]
        if ph == BID:
            return [A.Bid(k) for k in range(self.money[s] + 1)]
        if ph == ACTION:
            return self._action_actions(s)
        if ph == PLANT:
            return [A.Skip()] + [A.Peasant(self.fid(f)) for f in bits(self.peasant_fields(s))]
        if ph == DEFEND:
            return [
                A.Defend(a, r)
                for r in range(min(1, self.ron[s]) + 1)
                for a in range(self.ash[s] + 1)
            ]
        if ph == MODIFY:
            return self._modify_actions(s)
        if ph == REACT:
            _, card = self.fight["reacts"][0]
            return [A.Use(CARDS[card].id), A.Skip()]
        if ph == SHOURI:
            card = self._shouri_card(self.fight["shouri"])
            return [A.Use(CARDS[card].id), A.Skip()]
        if ph == OCCUPY:
            return [A.Peasant(self.fid(self.fight["field"])), A.Skip()]
        if ph == ANSWER:
            out: list[Any] = [A.Accept(), A.Refuse()]
            for c in self.hands[s]:
                card = CARDS[c]
                if card.op == "dodge_duel" and self.money[s] >= card.cost:
                    out.append(A.Play(card.id))
            return out
        if ph == GIVE:
            return [A.Give(self.fid(f)) for f in bits(self.own[s])]
        if ph == LOSE:
            return [A.Lose(self.fid(f)) for f in bits(self.own[s])]
        raise AssertionError(f"unknown phase {ph}")

    def palace_sites(self, s: int) -> list[int]:
        """Sites where seat `s` may put its palace: free, two fields from every other palace.

        When no site keeps that spacing, the sites farthest from the nearest palace."""
        dist = self.board.dist
        others = [p for q, p in enumerate(self.palace) if p >= 0 and q != s]
        taken = self.palaces_mask()
        free = [f for f in self.board.sites if not taken >> f & 1 and self.owner[f] < 0]
        if not others:
            return free
        gap = {f: min(dist[f][p] for p in others) for f in free}
        good = [f for f in free if gap[f] >= 3]
        if good or not free:
            return good
        far = max(gap.values())
        return [f for f in free if gap[f] == far]

    def _hire_actions(self, s: int) -> list[Any]:
        m = self.money[s]
        out: list[Any] = [A.Done()]
        if self.ash_due[s] and m >= ASHIGARU_COST:
            out.append(A.Pay("ashigaru"))
        if self.ron_due[s] and m >= RONIN_COST:
            out.append(A.Pay("ronin"))
        for a in self.adv_due[s]:
            if m >= ADVISORS[a].upkeep:
                out.append(A.Pay(ADVISORS[a].id))
        if m >= PEASANT_COST and self.supply[s] > 0:
            out.append(A.Hire("peasant"))
        if m >= ASHIGARU_COST and self.supply_ash > 0:
            out.append(A.Hire("ashigaru"))
        if m >= RONIN_COST and self.supply_ron > 0:
            out.append(A.Hire("ronin"))
        return out

    def _opponents(self, s: int) -> list[int]:
        return [q for q in range(self.seats) if q != s]

    def _card_targets(self, s: int, c: int) -> list[tuple[str, ...]] | None:
        """Argument lists with which seat `s` may play action card `c` (None: not playable)."""
        card = CARDS[c]
        if card.kind != "action" or self.money[s] < card.cost:
            return None
        op = card.op
        if op in ("gain_money", "festival"):
            return [()]
        if op == "tax":
            return [()] if any(self.money[q] > 0 for q in range(self.n) if q != s) else None
        if op == "place_from_supply":
            if self.supply[s] <= 0:
                return None
            return [(self.fid(f),) for f in bits(self.peasant_fields(s))] or None
        if op == "plant":
            return [()] if self.reserve[s] > 0 and self.peasant_fields(s) else None
        if op == "remove_disconnected":
            out = []
            for q in self._opponents(s):
                out.extend((self.fid(f),) for f in bits(self.own[q] & ~self.connected(q)))
            return out or None
        if op == "remove_adjacent":
            near = self.board.adj[self.palace[s]]
            for f in bits(self.own[s]):
                near |= self.board.adj[f]
            out = []
            for q in self._opponents(s):
                out.extend((self.fid(f),) for f in bits(self.own[q] & near))
            return out or None
        if op == "walk":
            free = self.free_mask()
            out = []
            for f in bits(self.own[s]):
                out.extend((self.fid(f), self.fid(g)) for g in bits(self.board.adj[f] & free))
            return out or None
        if op == "gain_ashigaru":
            return [()] if self.supply_ash > 0 else None
        if op == "refresh":
            return [()] if self.ash_x[s] + self.ron_x[s] > 0 else None
        if op == "steal_card":
            out = [(f"p{q}",) for q in range(self.n) if q != s and self.hands[q]]
            return out or None
        if op == "draw":
            return [()]
        if op == "exhaust_enemy":
            return [(f"p{q}",) for q in self._opponents(s) if self.ash[q] > 0] or None
        raise AssertionError(f"unknown card op {op}")

    def _service_targets(self, s: int, a: int) -> list[tuple[str, ...]] | None:
        adv = ADVISORS[a]
        op = adv.op
        if op in ("draw", "gain_money"):
            return [()]
        if op == "refresh":
            return [()] if self.ash_x[s] + self.ron_x[s] > 0 else None
        if op == "place_from_supply":
            if self.supply[s] <= 0:
                return None
            return [(self.fid(f),) for f in bits(self.peasant_fields(s))] or None
        raise AssertionError(f"unknown action service {op}")

    def _action_actions(self, s: int) -> list[Any]:
        out: list[Any] = [A.Pass()]
        if self.reserve[s] > 0:
            out.extend(A.Peasant(self.fid(f)) for f in bits(self.peasant_fields(s)))
        for c in self.hands[s]:
            targets = self._card_targets(s, c)
            if targets is not None:
                out.extend(A.Play(CARDS[c].id, t) for t in targets)
        if not self.used_service[s]:
            for a, _uses in self.held[s]:
                if ADVISORS[a].when == "action":
                    targets = self._service_targets(s, a)
                    if targets is not None:
                        out.extend(A.Service(ADVISORS[a].id, t) for t in targets)
        if self.ash[s] or self.ron[s]:
            troops = [
                (a, r)
                for r in range(min(1, self.ron[s]) + 1)
                for a in range(self.ash[s] + 1)
                if a + r
            ]
            for q in self._opponents(s):
                for f in bits(self.own[q]):
                    out.extend(A.Attack(self.fid(f), a, r) for a, r in troops)
        if self.ron[s]:
            out.extend(A.Duel(q) for q in range(self.n) if q != s)
        return out

    def _side_of(self, s: int) -> int:
        return 0 if self.fight["att"] == s else 1

    def _modify_actions(self, s: int) -> list[Any]:
        side = self._side_of(s)
        out: list[Any] = [A.Stop()]
        out.extend(A.Bonus(CARDS[c].id) for c in self.hands[s])
        if not self.used_service[s]:
            for a, _uses in self.held[s]:
                if self._combat_service_ok(side, a):
                    out.append(A.Service(ADVISORS[a].id))
        return out

    def _combat_service_ok(self, side: int, a: int) -> bool:
        adv = ADVISORS[a]
        f = self.fight
        if adv.when != f["kind"]:
            return False
        if adv.condition == "ashigaru":
            return f["troops"][side][0] > 0
        if adv.condition == "defending":
            return side == 1
        if adv.op == "blind_card":
            return bool(self.deck or self.discard)
        return True

    def _shouri_card(self, side: int) -> int:
        for c in self.fight["cards"][side]:
            if CARDS[c].op == "win_combat":
                return c
        return -1

    # ------------------------------------------------------------------ checked path

    def why_illegal(self, action: Any) -> str | None:
        """None when `action` is legal now, else the reason in words."""
        if self.phase == OVER:
            return "the game is over"
        if action in self.legal_actions():
            return None
        return self._reason(action)

    def _reason(self, action: Any) -> str:
        ph = self.phase
        s = self.cur
        phase = PHASE_NAMES[ph]
        expected = {
            PALACE: (A.Palace,),
            MOVE: (A.Palace, A.Stay),
            SETUP_PEASANT: (A.Peasant,),
            NEUTRAL: (A.Peasant,),
            HIRE: (A.Hire, A.Pay, A.Done),
            PICK: (A.Auction,),
            BID: (A.Bid,),
            PLANT: (A.Peasant, A.Skip),
            DEFEND: (A.Defend,),
            MODIFY: (A.Bonus, A.Service, A.Stop),
            REACT: (A.Use, A.Skip),
            SHOURI: (A.Use, A.Skip),
            OCCUPY: (A.Peasant, A.Skip),
            ANSWER: (A.Accept, A.Refuse, A.Play),
            GIVE: (A.Give,),
            LOSE: (A.Lose,),
        }.get(ph)
        if expected is not None and not isinstance(action, expected):
            return f"{action} is not possible now: the {phase} step asks for another decision"
        fields = self.board.index
        fid = getattr(action, "field", None)
        if fid is not None and fid not in fields:
            return f"there is no field {fid!r} on this board"
        if isinstance(action, A.Palace):
            f = fields[action.field]
            if f not in self.board.sites:
                return f"{action.field} is not a palace site (palaces stand on the board's edge)"
            return f"{action.field} is too close to another palace (two free fields between)"
        if isinstance(action, A.Peasant):
            f = fields[action.field]
            if ph == ACTION and self.reserve[s] == 0:
                return "you have no peasant on your daimyo board; hire one in the hiring phase"
            if not self.free_mask() >> f & 1:
                return f"{action.field} is not free (a peasant or a palace stands there)"
            return (
                f"{action.field} breaks the peasant rule: it must border your palace or a "
                "peasant connected to it, and no peasant of yours cut off from your palace"
            )
        if isinstance(action, (A.Hire, A.Pay)):
            return f"you cannot {action} now: not enough Ryo, nothing owed or none in the supply"
        if isinstance(action, A.Bid):
            return f"you have only {self.money[s]} Ryo to bid"
        if isinstance(action, A.Play):
            if action.card not in CARD_INDEX or CARD_INDEX[action.card] not in self.hands[s]:
                return f"{action.card} is not in your hand"
            card = CARDS[CARD_INDEX[action.card]]
            if self.money[s] < card.cost:
                return f"{card.name} costs {card.cost} Ryo and you have {self.money[s]}"
            return f"{card.name} cannot be played like that now ({card.text})"
        if isinstance(action, A.Bonus) and action.card not in {CARDS[c].id for c in self.hands[s]}:
            return f"{action.card} is not in your hand"
        if isinstance(action, A.Service):
            if action.advisor not in {ADVISORS[a].id for a, _ in self.held[s]}:
                return f"you hold no service of {action.advisor}"
            if self.used_service[s]:
                return "you have used an advisor's service this round already"
            return f"the service of {action.advisor} cannot be used like that now"
        if isinstance(action, A.Attack):
            f = fields[action.field]
            if self.owner[f] < 0 or self.owner[f] == s:
                return (
                    f"there is no opponent's peasant on {action.field} (palaces cannot be attacked)"
                )
            if action.ronin > 1:
                return "a troop has at most one ronin"
            return "you do not have those active troops"
        if isinstance(action, A.Duel):
            if self.ron[s] == 0:
                return "only an active ronin can challenge a daimyo"
            if action.player == self.neutral:
                return "the neutral player may never be challenged"
            return f"p{action.player} is not another daimyo"
        if isinstance(action, A.Defend):
            return "you do not have those active troops (at most one ronin)"
        if isinstance(action, (A.Give, A.Lose)):
            return f"you have no peasant on {action.field}"
        if isinstance(action, A.Pass) and ph == ACTION:
            return "pass is not possible now"
        return f"{action} is not a legal action now"

    # ------------------------------------------------------------------ apply

    def apply(self, action: Any) -> None:
        self._undo.append(self._snapshot())
        self._history.append(action)
        self._ended = None
        self._apply(action)
        self._settle()

    def _apply(self, action: Any) -> None:  # noqa: C901 - one dispatch over the phases
        ph = self.phase
        s = self.cur
        self.last_actor = s
        if ph == PALACE:
            _placer, owner = self.queue[0]
            self.palace[owner] = self.field(action.field)
            self.queue = self.queue[1:]
        elif ph == MOVE:
            if isinstance(action, A.Palace):
                self.palace[s] = self.field(action.field)
            self.queue = ()
            self._start_setup_peasants()
        elif ph == SETUP_PEASANT:
            owner = self.queue[0][1]
            self.reserve[owner] -= 1
            self._set_owner(self.field(action.field), owner)
            self.queue = self.queue[1:]
        elif ph == HIRE:
            self._apply_hire(s, action)
        elif ph == PICK:
            a = ADVISOR_INDEX[action.advisor]
            self._open_bidding(a)
        elif ph == BID:
            self.bids[s] = action.amount
            self.queue = self.queue[1:]
        elif ph == ACTION:
            self._apply_action(s, action)
        elif ph == NEUTRAL:
            self.reserve[self.neutral] -= 1
            self._set_owner(self.field(action.field), self.neutral)
            self.nplaced += 1
            self._next_turn(self.neutral)
        elif ph == PLANT:
            if isinstance(action, A.Peasant):
                self.reserve[s] -= 1
                self._set_owner(self.field(action.field), s)
                self.plant_left -= 1
            else:
                self.plant_left = 0
        elif ph == DEFEND:
            self._commit_defence(action.ashigaru, action.ronin)
        elif ph == MODIFY:
            self._apply_modify(s, action)
        elif ph == REACT:
            side, card = self.fight["reacts"][0]
            self.fight["reacts"] = self.fight["reacts"][1:]
            if isinstance(action, A.Use):
                self._pay(s, CARDS[card].cost)
                self.fight["paid"] = self.fight["paid"] + (card,)
        elif ph == SHOURI:
            side = self.fight["shouri"]
            if isinstance(action, A.Use):
                card = self._shouri_card(side)
                self._pay(s, CARDS[card].cost)
                self.fight["paid"] = self.fight["paid"] + (card,)
                self.fight["winner"] = side
            self.fight["shouri"] = side + 1
        elif ph == OCCUPY:
            if isinstance(action, A.Peasant):
                self.reserve[s] -= 1
                self._set_owner(self.fight["field"], s)
            self.fight["occupy"] = False
        elif ph == ANSWER:
            self._apply_answer(s, action)
        elif ph == GIVE:
            f = self.field(action.field)
            self._remove_peasant(f)
            self._supply_peasant(self.fight["att"], f)
            self.fight["todo"] -= 1
        elif ph == LOSE:
            self._remove_peasant(self.field(action.field))
            self.fight["todo"] -= 1
        else:  # pragma: no cover - legal_actions offers nothing else
            raise AssertionError(f"no action in phase {PHASE_NAMES[ph]}")

    # ------------------------------------------------------------------ setup

    def _start_setup_peasants(self) -> None:
        order = self.order_from(self.governor)
        humans = self.humans_from(self.governor)
        queue = []
        neutral_turn = 0
        for _ in range(self.board.start_peasants):
            for s in order:
                if s == self.neutral:
                    if self.reserve[s] - neutral_turn <= 0:
                        continue
                    queue.append((humans[neutral_turn % len(humans)], s))
                    neutral_turn += 1
                else:
                    queue.append((s, s))
        self.queue = tuple(queue)
        self.phase = SETUP_PEASANT

    # ------------------------------------------------------------------ settle: run automatic steps

    def _settle(self) -> None:  # noqa: C901 - the automatic steps of every phase
        """Run automatic steps until a player has a decision (or the game is over)."""
        while True:
            ph = self.phase
            if ph == PALACE:
                if self.queue:
                    placer, owner = self.queue[0]
                    if self.palace_sites(owner):
                        self.cur = placer
                        return
                    self.queue = self.queue[1:]  # no site at all: the palace stays off
                    continue
                if self.neutral < 0:
                    self.phase = MOVE
                    self.cur = self.governor
                    if len(self.legal_actions()) > 1:
                        return
                    self._start_setup_peasants()
                    continue
                if self.palace[self.neutral] < 0 and self.palace_sites(self.neutral):
                    self.queue = ((self.governor, self.neutral),)
                    continue
                self._start_setup_peasants()
                continue
            if ph == SETUP_PEASANT:
                while self.queue and not self.peasant_fields(self.queue[0][1]):
                    self.queue = self.queue[1:]  # nowhere to go: it stays on the board
                if self.queue:
                    self.cur = self.queue[0][0]
                    return
                self._start_round()
                continue
            if ph == HIRE:
                if self.cur >= 0 and self._hiring_open(self.cur):
                    return
                self._next_hirer()
                continue
            if ph == PICK:
                if len(self.auction_left) == 1:
                    self._open_bidding(self.auction_left[0])
                    continue
                return
            if ph == BID:
                while self.queue and self.money[self.queue[0]] == 0:
                    self.bids[self.queue[0]] = 0
                    self.queue = self.queue[1:]
                if self.queue:
                    self.cur = self.queue[0]
                    return
                self._resolve_bids()
                continue
            if ph in (ACTION, NEUTRAL, ANSWER, GIVE, LOSE, DEFEND, OCCUPY):
                if ph == DEFEND and self.fight["dfn"] == self.neutral:
                    self._commit_defence(min(1, self.ash[self.neutral]), 0)
                    continue
                if ph == GIVE and self.fight["todo"] <= 0:
                    self._end_fight()
                    continue
                if ph == LOSE:
                    d = self.fight["dfn"]
                    if self.fight["todo"] <= 0 or self.fields_of(d) == 0:
                        self._end_fight()
                        continue
                    if self.fields_of(d) <= self.fight["todo"]:
                        for f in list(bits(self.own[d])):
                            self._remove_peasant(f)
                        self.fight["todo"] = 0
                        continue
                if ph == OCCUPY and not self.fight["occupy"]:
                    self._end_fight()
                    continue
                return
            if ph == PLANT:
                if self.plant_left > 0 and self.reserve[self.cur] > 0:
                    if self.peasant_fields(self.cur):
                        return
                self.plant_left = 0
                self._next_turn(self.cur)
                continue
            if ph == MODIFY:
                f = self.fight
                if f["done"]:
                    self._reveal()
                    continue
                side = f["turn"]
                seat = f["att"] if side == 0 else f["dfn"]
                if seat == self.neutral:
                    # The neutral's one step: the top card face down, then no more.
                    if not f["blind"][1]:
                        c = self._draw_one()
                        if c >= 0:
                            f["blind"] = (f["blind"][0], (c,))
                    self._modify_step(stop=True)
                    continue
                self.cur = seat
                return
            if ph == REACT:
                f = self.fight
                if f["reacts"]:
                    side, card = f["reacts"][0]
                    seat = f["att"] if side == 0 else f["dfn"]
                    if self.money[seat] >= CARDS[card].cost:
                        self.cur = seat
                        return
                    f["reacts"] = f["reacts"][1:]
                    continue
                self._decide()
                continue
            if ph == SHOURI:
                f = self.fight
                side = f["shouri"]
                if side > 1:
                    self._result()
                    continue
                seat = f["att"] if side == 0 else f["dfn"]
                card = self._shouri_card(side)
                if f["winner"] != side and card >= 0 and self.money[seat] >= CARDS[card].cost:
                    self.cur = seat
                    return
                f["shouri"] = side + 1
                continue
            return

    # ------------------------------------------------------------------ rounds

    def _start_round(self) -> None:
        """Round r begins: income, then hiring from the governor."""
        self.round += 1
        seats = self.seats
        self.used_service = [False] * seats
        self.passes = [0] * seats
        self.nplaced = 0
        for s in self.humans_from(self.governor):
            self._earn(s, self.income(s))
        self.phase = HIRE
        self.queue = tuple(self.order_from(self.governor))
        self.cur = -1

    def _hiring_open(self, s: int) -> bool:
        """True while `s` can still decide something in its hiring turn."""
        if self.money[s] > 0:
            return True
        # Nothing affordable: what is owed leaves.
        self._finish_hiring(s)
        return False

    def _next_hirer(self) -> None:
        if not self.queue:
            self.cur = -1
            if "auction" in self.symbols():
                self._start_auction()
            else:
                self._start_actions()
            return
        s = self.queue[0]
        self.queue = self.queue[1:]
        if s == self.neutral:
            take = min(NEUTRAL_PEASANTS_PER_ROUND, self.supply[s])
            self.supply[s] -= take
            self.reserve[s] += take
            self.ash[s] += self.ash_x[s]
            self.ash_x[s] = 0
            if self.ash[s] < NEUTRAL_MAX_ASHIGARU and self.supply_ash > 0:
                self.ash[s] += 1
                self.supply_ash -= 1
            self.cur = -1
            return
        # Everything hired before this round is owed again; paying makes it active.
        self.ash_due[s] = self.ash[s] + self.ash_x[s]
        self.ron_due[s] = self.ron[s] + self.ron_x[s]
        self.ash[s] = self.ash_x[s] = self.ron[s] = self.ron_x[s] = 0
        self.adv_due[s] = tuple(a for a, _ in self.held[s])
        self.cur = s

    def _apply_hire(self, s: int, action: Any) -> None:
        if isinstance(action, A.Done):
            self._finish_hiring(s)
            self.cur = -1
            return
        if isinstance(action, A.Hire):
            if action.kind == "peasant":
                self._pay(s, PEASANT_COST)
                self.supply[s] -= 1
                self.reserve[s] += 1
            elif action.kind == "ashigaru":
                self._pay(s, ASHIGARU_COST)
                self.supply_ash -= 1
                self.ash[s] += 1
            else:
                self._pay(s, RONIN_COST)
                self.supply_ron -= 1
                self.ron[s] += 1
            return
        what = action.what
        if what == "ashigaru":
            self._pay(s, ASHIGARU_COST)
            self.ash_due[s] -= 1
            self.ash[s] += 1
        elif what == "ronin":
            self._pay(s, RONIN_COST)
            self.ron_due[s] -= 1
            self.ron[s] += 1
        else:
            a = ADVISOR_INDEX[what]
            self._pay(s, ADVISORS[a].upkeep)
            due = list(self.adv_due[s])
            due.remove(a)
            self.adv_due[s] = tuple(due)

    def _finish_hiring(self, s: int) -> None:
        """Unpaid servants return to the supply; unpaid advisors lose the service marker."""
        self.supply_ash += self.ash_due[s]
        self.supply_ron += self.ron_due[s]
        self.ash_due[s] = self.ron_due[s] = 0
        if self.adv_due[s]:
            gone = set(self.adv_due[s])
            self.held[s] = tuple(h for h in self.held[s] if h[0] not in gone)
            self.adv_due[s] = ()

    # ------------------------------------------------------------------ auction

    def _start_auction(self) -> None:
        """Old advisor boards leave the game; the governor draws 3 (2 with 2-3 seats)."""
        for a in self.table:
            self.boxed_advisors.append(a)
        old = set(self.table)
        self.held = [tuple(h for h in held if h[0] not in old) for held in self.held]
        count = 2 if self.seats <= 3 else 3
        self.table = [self.adeck.pop() for _ in range(min(count, len(self.adeck)))]
        self.auction_left = tuple(self.table)
        self.last_bids = ()
        if not self.auction_left:
            self._start_actions()
            return
        self.phase = PICK
        self.cur = self.governor

    def _open_bidding(self, a: int) -> None:
        self.bidding = a
        self.auction_left = tuple(x for x in self.auction_left if x != a)
        self.bids = [NO_BID] * self.seats
        self.queue = tuple(
            s for s in self.humans_from(self.governor) if len(self.held[s]) < MAX_ADVISORS
        )
        self.phase = BID

    def _resolve_bids(self) -> None:
        """Reveal: the highest bidders pay and get 2 services, the second highest 1."""
        a = self.bidding
        bids = self.bids
        amounts = sorted({b for b in bids if b > 0}, reverse=True)
        self.last_bids = (a, tuple(bids))
        if not amounts:
            self.table.remove(a)
            self.boxed_advisors.append(a)
        for rank, amount in enumerate(amounts[:2]):
            for s in range(self.seats):
                if bids[s] == amount:
                    self._pay(s, amount)
                    self.held[s] = self.held[s] + ((a, 2 - rank),)
        self.bids = [NO_BID] * self.seats
        self.bidding = -1
        if len(self.auction_left) > 1:
            self.phase = PICK
            self.cur = self.governor
        elif self.auction_left:
            self._open_bidding(self.auction_left[0])
        else:
            self._start_actions()

    # ------------------------------------------------------------------ action phase

    def _start_actions(self) -> None:
        self.phase = ACTION
        self.queue = ()
        self._turn_of(self.governor, first=True)

    def _active(self, s: int) -> bool:
        if s == self.neutral:
            return self.reserve[s] > 0 and bool(self.peasant_fields(s))
        return self.passes[s] < 2

    def _turn_of(self, start: int, first: bool = False) -> None:
        """The next seat with actions left, from `start` (inclusive when `first`)."""
        order = self.order_from(start)
        if not first:
            order = order[1:] + order[:1]
        for s in order:
            if self._active(s):
                if s == self.neutral:
                    humans = self.humans_from(self.governor)
                    self.phase = NEUTRAL
                    self.cur = humans[self.nplaced % len(humans)]
                else:
                    self.phase = ACTION
                    self.cur = s
                return
        self._end_actions()

    def _next_turn(self, after: int) -> None:
        self._turn_of(after)

    def _end_actions(self) -> None:
        """The action phase is over: the game ends, or the draw phase and a new round."""
        if self.round >= self.board.rounds:
            self.phase = OVER
            self.cur = TERMINAL
            return
        extra = 1 if "card" in self.symbols() else 0
        for s in self.humans_from(self.governor):
            self._draw(s, DRAW_CARDS + extra)
        humans = self.humans_from(self.governor)
        self.governor = humans[1 % len(humans)]
        self._start_round()

    def _apply_action(self, s: int, action: Any) -> None:
        if isinstance(action, A.Pass):
            self.passes[s] += 1
            self._next_turn(s)
        elif isinstance(action, A.Peasant):
            self.reserve[s] -= 1
            self._set_owner(self.field(action.field), s)
            self._next_turn(s)
        elif isinstance(action, A.Play):
            self._play_card(s, action)
        elif isinstance(action, A.Service):
            self._action_service(s, action)
        elif isinstance(action, A.Attack):
            self._start_combat(s, self.field(action.field), action.ashigaru, action.ronin)
        elif isinstance(action, A.Duel):
            self.ron[s] -= 1
            self.ron_x[s] += 1
            self.fight = self._new_fight("duel", s, action.player, -1, (0, 0))
            self.phase = ANSWER
            self.cur = action.player

    def _play_card(self, s: int, action: A.Play) -> None:
        c = CARD_INDEX[action.card]
        card = CARDS[c]
        self.hands[s].remove(c)
        self._pay(s, card.cost)
        self.discard.append(c)
        op = card.op
        args = action.args
        if op == "gain_money":
            self._earn(s, card.amount)
        elif op == "festival":
            self._earn(s, self.connected(s).bit_count() // 2)
        elif op == "tax":
            for q in self.humans_from(s)[1:]:
                paid = min(card.amount, self.money[q])
                self.money[q] -= paid
                self.money[s] += paid
        elif op == "place_from_supply":
            self._supply_peasant(s, self.field(args[0]))
        elif op == "plant":
            self.plant_left = card.amount
            self.phase = PLANT
            return
        elif op in ("remove_disconnected", "remove_adjacent"):
            self._remove_peasant(self.field(args[0]))
        elif op == "walk":
            self._set_owner(self.field(args[0]), -1)
            self._set_owner(self.field(args[1]), s)
        elif op == "gain_ashigaru":
            self.supply_ash -= 1
            self.ash[s] += 1
        elif op == "refresh":
            self._refresh(s)
        elif op == "steal_card":
            q = int(args[0][1:])
            hand = self.hands[q]
            k = _mix(self.chance_seed, self.chance) % len(hand)
            self.chance += 1
            self.hands[s].append(hand.pop(k))
            if len(self.hands[s]) > HAND_LIMIT:  # never more than 5: the stolen card stays
                hand.append(self.hands[s].pop())
        elif op == "draw":
            self._draw(s, card.amount)
        elif op == "exhaust_enemy":
            q = int(args[0][1:])
            self.ash[q] -= 1
            self.ash_x[q] += 1
        self._next_turn(s)

    def _refresh(self, s: int) -> None:
        self.ash[s] += self.ash_x[s]
        self.ron[s] += self.ron_x[s]
        self.ash_x[s] = self.ron_x[s] = 0

    def _use_service(self, s: int, a: int) -> None:
        """Take one service marker off advisor `a` (the last one returns home)."""
        self.used_service[s] = True
        held = []
        for h in self.held[s]:
            if h[0] == a:
                if h[1] > 1:
                    held.append((a, h[1] - 1))
            else:
                held.append(h)
        self.held[s] = tuple(held)

    def _action_service(self, s: int, action: A.Service) -> None:
        a = ADVISOR_INDEX[action.advisor]
        adv = ADVISORS[a]
        self._use_service(s, a)
        if adv.op == "draw":
            self._draw(s, adv.amount)
        elif adv.op == "gain_money":
            self._earn(s, adv.amount)
        elif adv.op == "refresh":
            self._refresh(s)
        elif adv.op == "place_from_supply":
            self._supply_peasant(s, self.field(action.args[0]))
        self._next_turn(s)

    # ------------------------------------------------------------------ combat and duel

    def _new_fight(self, kind: str, att: int, dfn: int, f: int, troops: tuple) -> dict:
        return {
            "kind": kind,
            "att": att,
            "dfn": dfn,
            "field": f,
            "troops": (troops, (0, 0)),
            "cards": ((), ()),
            "blind": ((), ()),
            "extra": (0, 0),
            "turn": 0,
            "final": False,
            "done": False,
            "revealed": False,
            "reacts": (),
            "paid": (),
            "tie": (),
            "winner": -1,
            "shouri": 0,
            "occupy": False,
            "todo": 0,
        }

    def _start_combat(self, s: int, f: int, a: int, r: int) -> None:
        self.ash[s] -= a
        self.ash_x[s] += a
        self.ron[s] -= r
        self.ron_x[s] += r
        self.fight = self._new_fight("combat", s, self.owner[f], f, (a, r))
        self.phase = DEFEND
        self.cur = self.owner[f]

    def _commit_defence(self, a: int, r: int) -> None:
        d = self.fight["dfn"]
        self.ash[d] -= a
        self.ash_x[d] += a
        self.ron[d] -= r
        self.ron_x[d] += r
        self.fight["troops"] = (self.fight["troops"][0], (a, r))
        self.phase = MODIFY

    def _modify_step(self, stop: bool) -> None:
        """After one step of the alternation: the other side's turn, or the end."""
        f = self.fight
        if f["final"]:
            f["done"] = True
            return
        if stop:
            f["final"] = True
        f["turn"] = 1 - f["turn"]

    def _apply_modify(self, s: int, action: Any) -> None:
        f = self.fight
        side = self._side_of(s)
        if isinstance(action, A.Bonus):
            c = CARD_INDEX[action.card]
            self.hands[s].remove(c)
            cards = list(f["cards"])
            cards[side] = cards[side] + (c,)
            f["cards"] = tuple(cards)
            self._modify_step(stop=False)
        elif isinstance(action, A.Service):
            a = ADVISOR_INDEX[action.advisor]
            adv = ADVISORS[a]
            self._use_service(s, a)
            if adv.op == "blind_card":
                c = self._draw_one()
                if c >= 0:
                    blind = list(f["blind"])
                    blind[side] = blind[side] + (c,)
                    f["blind"] = tuple(blind)
            else:
                extra = list(f["extra"])
                extra[side] += adv.amount
                f["extra"] = tuple(extra)
            self._modify_step(stop=False)
        else:
            self._modify_step(stop=True)

    def _reveal(self) -> None:
        """The face-down cards are turned up; reaction cards may now be paid for."""
        f = self.fight
        f["revealed"] = True
        reacts = []
        for side in (0, 1):
            for c in f["cards"][side]:
                op = CARDS[c].op
                if f["kind"] == "combat" and (
                    op == "keep_active" or (op == "defend_strength" and side == 1)
                ):
                    reacts.append((side, c))
                elif f["kind"] == "duel" and op == "duel_strength":
                    reacts.append((side, c))
        f["reacts"] = tuple(reacts)
        self.phase = REACT

    def strength(self, side: int) -> int:
        """A side's strength in the current fight (troops, bonuses, paid reactions, tie draws)."""
        return _strength(self.fight, side, "attack1" in self.symbols())

    @property
    def last_fight(self) -> FightRecord | None:
        """The fight the latest action finished (None: it finished none), as a record."""
        if self._ended is None:
            return None
        f, attack1 = self._ended
        return FightRecord(
            kind=f["kind"],
            attacker=f["att"],
            defender=f["dfn"],
            field=self.fid(f["field"]) if f["field"] >= 0 else None,
            troops=f["troops"],
            cards=f["cards"],
            blind=f["blind"],
            extra=f["extra"],
            paid=f["paid"],
            tie=f["tie"],
            revealed=f["revealed"],
            winner=f["winner"],
            strengths=(_strength(f, 0, attack1), _strength(f, 1, attack1))
            if f["revealed"]
            else None,
        )

    def _decide(self) -> None:
        """Compare strengths; a tied combat draws cards until decided (attacker first)."""
        f = self.fight
        if f["kind"] == "duel":
            att, dfn = self.strength(0), self.strength(1)
            f["winner"] = 0 if att > dfn else 1 if dfn > att else 2
            self._result()
            return
        while self.strength(0) == self.strength(1):
            c0 = self._draw_one()
            c1 = self._draw_one() if c0 >= 0 else -1
            if c0 < 0 or c1 < 0:
                # No card left anywhere: the defender holds the field.
                if c0 >= 0:
                    f["tie"] = f["tie"] + ((0, c0),)
                break
            f["tie"] = f["tie"] + ((0, c0), (1, c1))
        f["winner"] = 0 if self.strength(0) > self.strength(1) else 1
        f["shouri"] = 0
        self.phase = SHOURI

    def _result(self) -> None:
        f = self.fight
        att, dfn = f["att"], f["dfn"]
        if f["kind"] == "duel":
            winner = f["winner"]
            if winner != 0:  # the ronin lost (or both did)
                self.ron_x[att] -= 1
                self.supply_ron += 1
            if winner != 1:  # the daimyo lost
                f["todo"] = DUEL_LOSS_PEASANTS
                self.phase = LOSE
                self.cur = dfn
                return
            self._end_fight()
            return
        for c in f["paid"]:
            if CARDS[c].op == "keep_active":
                side = 0 if c in f["cards"][0] else 1
                seat = att if side == 0 else dfn
                a, r = f["troops"][side]
                self.ash_x[seat] -= a
                self.ash[seat] += a
                self.ron_x[seat] -= r
                self.ron[seat] += r
        field = f["field"]
        if f["winner"] == 0:
            self._remove_peasant(field)
            if f["troops"][0][1] > 0 and self._supply_peasant(att, field):
                pass  # a ronin's victory: the peasant serves a new lord
            elif self.reserve[att] > 0 and self.peasant_fields(att) >> field & 1:
                f["occupy"] = True
                self.phase = OCCUPY
                self.cur = att
                return
        self._end_fight()

    def _end_fight(self) -> None:
        """All played cards go to the discard pile; both sides draw; the next turn."""
        f = self.fight
        # The record is made when read: a search ends fights far more often than it reads them.
        self._ended = (f, "attack1" in self.symbols())
        for side in (0, 1):
            self.discard.extend(f["cards"][side])
            self.discard.extend(f["blind"][side])
        self.discard.extend(c for _, c in f["tie"])
        att, dfn = f["att"], f["dfn"]
        if f["kind"] == "combat":
            self._draw(att, 1)
            self._draw(dfn, 1)
        elif f["revealed"]:
            self._draw(att, DUEL_DRAW_CHALLENGER)
            self._draw(dfn, DUEL_DRAW_CHALLENGED)
        self.fight = None
        self._turn_of(att)

    def _apply_answer(self, s: int, action: Any) -> None:
        f = self.fight
        if isinstance(action, A.Accept):
            self.phase = MODIFY
            return
        if isinstance(action, A.Refuse):
            f["todo"] = min(DUEL_REFUSE_PEASANTS, self.fields_of(s))
            self.phase = GIVE
            return
        c = CARD_INDEX[action.card]
        self.hands[s].remove(c)
        self._pay(s, CARDS[c].cost)
        self.discard.append(c)
        self._end_fight()
