"""Rice Wars knowledge for the bots: candidate moves and the evaluation of a position.

Evaluation (in fields, the game's score). A player's worth is

    fields on the board
    + future income: connected peasants, the blessed field and the palace, times the
      rounds still to be paid, at the worth of a Ryo
    + Ryo in hand at the worth of a Ryo (which falls to almost nothing once the last
      hiring phase is over: money is then only the tie-break and card costs)
    + peasants waiting on the daimyo board (worth less when no field can take them)
    + troops (active more than exhausted; exhausted ones are worthless in the last round),
      cards in hand, advisor services left
    - peasants cut off from the palace (they earn nothing and Ikki takes them)
    + in a running combat or duel, the expected change of fields from the strengths as
      they stand (the search need not reach the end of every fight).

The value for `player` is its worth minus the best rival's (the neutral player included:
it can win); a finished game adds `WIN_BONUS` (shared on a tie).

A hiring turn is one decision: its first step is searched, and the search's plan for
the rest of the turn (`plan_key`, `ai.search`'s turn plans) is played out without
searching again, so ten hires and payments cost one search instead of ten.

Candidates keep the search narrow: the best few peasant placements (blessed field, free
neighbours, fields the rivals want), attacks on the most valuable peasants with the
smallest troop that can win, cards with their best targets, services, a duel against a
rich rival, and the pass last; a handful of bids (0, 1, 2, 3, 5 and a third of the
purse); all bonus cards (at most 5) and stop; upkeep before hiring. The first candidate
is the opponents' policy move in the search.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from operator import itemgetter
from typing import Any

from ai.adapters import WIN_BONUS, GameAdapter
from ai.keys import HashedKey
from engine.core import GameState
from engine.ricewars import actions as A
from engine.ricewars.data import ADVISORS, ASHIGARU_COST, CARD_INDEX, CARDS, RONIN_COST
from engine.ricewars.economy import group_income
from engine.ricewars.effects import EFFECTS, effect_of
from engine.ricewars.fight import strongest_defence, troop_strength
from engine.ricewars.peasants import palace_group
from engine.ricewars.state import (
    ACTION,
    BID,
    DEFEND,
    GIVE,
    HIRE,
    LOSE,
    MODIFY,
    MOVE,
    NEUTRAL,
    OCCUPY,
    PALACE,
    PICK,
    PLANT,
    REACT,
    SETUP_PEASANT,
    SHOURI,
    RiceWarsState,
)

PLACEMENTS = 5
ATTACK_TARGETS = 5
CARD_TARGETS = 3

AFTER_MEMORY = 10_000  # evaluations after a hiring step remembered (about a decision's)
_AFTER: dict[tuple[Any, ...], float] = {}
_FIRST = itemgetter(0)
BID_MEMORY = 10_000  # sealed bids remembered by what decides them
_BIDS: dict[tuple[Any, ...], int] = {}


class RiceWarsAdapter(GameAdapter):
    """Candidates and evaluation for Rice Wars (see the module docstring)."""

    PURSE_WEIGHT = 1.0
    """Ryo in hand counted at this many times a Ryo's worth (`ryo`); a level's own
    knowledge may weigh the purse otherwise (`ai.games.ricewars_levels`, screened)."""

    # -- evaluation --------------------------------------------------------------------

    def key(self, state: GameState) -> Hashable | None:
        """The engine's flat position key (history-free; equal exactly when `key()` is),
        hashed once (the search looks each node's key up several times)."""
        return HashedKey(state.position_key())  # type: ignore[attr-defined]

    @staticmethod
    def paydays(st: RiceWarsState) -> int:
        """Income phases still to come (the current round's is past once it has begun)."""
        return max(0, st.board.rounds - max(st.round, 0))

    def ryo(self, st: RiceWarsState) -> float:
        """What one Ryo is worth in fields now."""
        hires = self.paydays(st)
        if st.round == 0 or st.phase == HIRE:
            hires += 1
        return 0.04 + 0.26 * min(hires, 3) / 3

    def worth(self, st: RiceWarsState, s: int) -> float:
        """Seat `s`'s standing in fields (see the module docstring)."""
        if st.is_terminal():
            return st.own[s].bit_count() + min(st.wealth(s), 999) / 1000.0
        return self._worths(st, st.free_mask())[0][s]

    def _worths(self, st: RiceWarsState, free: int) -> tuple[list[float], list[int]]:
        """Every seat's `worth` in a game not over (one pass over the seats), and the
        fields each may take by the peasant rule (`peasant_fields`; `free`: the free
        fields)."""
        paydays = self.paydays(st)
        ryo = self.ryo(st)
        board = st.board
        neutral = st.neutral
        money, hands, held = st.money, st.hands, st.held
        ash_x, ash_due, ron_x, ron_due = st.ash_x, st.ash_due, st.ron_x, st.ron_due
        worths: list[float] = []
        places: list[int] = []
        for s, (own, p, reserve, ash, ron) in enumerate(
            zip(st.own, st.palace, st.reserve, st.ash, st.ron, strict=True)
        ):
            # the engine's `connected` and `peasant_fields` in one look-up
            conn, allowed = palace_group(st, p, own) if p >= 0 else (0, 0)
            allowed &= free
            places.append(allowed)
            value = own.bit_count() - 0.15 * (own & ~conn).bit_count()
            if reserve:  # (else the term is 0.0: the same value)
                room = 0.7 if allowed else 0.35
                value += room * reserve
            if s != neutral:
                income = group_income(board, conn)  # the engine's income of the group
                value += ryo * (self.PURSE_WEIGHT * money[s] + income * paydays)
                value += 0.3 * ash + 0.7 * ron
                if paydays:  # not the last round
                    value += 0.15 * (ash + ash_x[s] + ash_due[s]) - 0.15 * ash
                    value += 0.35 * (ron_x[s] + ron_due[s])
                value += 0.12 * len(hands[s])
                uses = 0
                for _, left in held[s]:
                    uses += left
                value += 0.2 * uses
            worths.append(value)
        return worths, places

    def _fight_shift(self, st: RiceWarsState, worth: list[float]) -> None:
        """Add the expected outcome of a running combat or duel to `worth`."""
        f = st.fight
        if f is None:
            return
        att, dfn = f["att"], f["dfn"]
        if f["winner"] >= 0 and f["kind"] == "combat":
            p = 1.0 if f["winner"] == 0 else 0.0
        else:
            diff = st.strength(0) - st.strength(1)
            p = min(0.95, max(0.05, 0.5 + 0.15 * diff))
        if f["kind"] == "combat":
            if f["field"] >= 0 and st.owner[f["field"]] == dfn:
                worth[dfn] -= p
                worth[att] += p * (0.9 if f["troops"][0][1] else 0.4)
        elif f["revealed"]:
            lost = min(4, st.own[dfn].bit_count())
            worth[dfn] -= (1.0 - p if f["winner"] < 0 else float(f["winner"] != 1)) * lost

    def standing(self, st: RiceWarsState) -> list[float]:
        """Every seat's worth (the neutral's last)."""
        if st.is_terminal():
            return [self.worth(st, s) for s in range(st.seats)]
        worth = self._worths(st, st.free_mask())[0]
        self._fight_shift(st, worth)
        return worth

    def evaluate(self, state: GameState, player: int) -> float:
        """Own worth minus the best rival's, plus the win bonus at the end."""
        st: RiceWarsState = state  # type: ignore[assignment]
        worth = self.standing(st)
        value = worth[player] - max(worth[:player] + worth[player + 1 :])
        if st.is_terminal():
            winners = st.winners()
            if player in winners:
                value += WIN_BONUS / len(winners)
            else:
                value -= WIN_BONUS / st.n
        return value

    # -- candidates --------------------------------------------------------------------

    def candidates(self, state: GameState, player: int) -> list[Any]:
        """The actions worth searching, best first."""
        st: RiceWarsState = state  # type: ignore[assignment]
        legal = st.legal_actions()
        if len(legal) <= 3:
            return legal
        ph = st.phase
        if ph in (PALACE, MOVE):
            return self._palaces(st, legal)
        if ph in (SETUP_PEASANT, PLANT, NEUTRAL, OCCUPY):
            owner = st.queue[0][1] if ph == SETUP_PEASANT else player
            if ph == NEUTRAL:
                owner = st.neutral
            return self._placements(st, owner, player, legal)
        if ph == HIRE:
            return self._hiring(st, player, legal)
        if ph == BID:
            return self.bid_candidates(st, player, legal)
        if ph == ACTION:
            return self._actions(st, player, legal)
        if ph == MODIFY:
            return self._bonuses(legal)
        if ph == DEFEND:
            return sorted(legal, key=lambda a: -troop_strength(1, a.ashigaru, a.ronin, False))
        if ph in (GIVE, LOSE):
            cut = st.own[player] & ~st.connected(player)
            return sorted(legal, key=lambda a: -(cut >> st.field(a.field) & 1))[:4]
        return legal

    def _palaces(self, st: RiceWarsState, legal: list[Any]) -> list[Any]:
        dist = st.board.dist
        centre = st.board.blessed.index(max(st.board.blessed))

        def score(action: Any) -> float:
            if not isinstance(action, A.Palace):
                return 0.5
            f = st.field(action.field)
            room = sum(1 for g in range(st.board.n) if dist[f][g] <= 2)
            others = [p for p in st.palace if p >= 0 and p != f]
            space = min((dist[f][p] for p in others), default=6)
            return room + 0.8 * min(space, 6) - 0.5 * dist[f][centre]

        return sorted(legal, key=score, reverse=True)[:6]

    def _field_score(
        self, st: RiceWarsState, f: int, owner: int, me: int, wants: list[int], free_mask: int
    ) -> float:
        """How good a peasant of `owner` on `f` is for `me` (placer); `wants` is every
        seat's `peasant_fields`, `free_mask` the position's (the same for every field)."""
        adj = st.board.adj[f]
        free = (adj & free_mask).bit_count()
        score = 1.5 * st.board.blessed[f] + 0.3 * free
        for q in range(st.seats):
            if q != owner and wants[q] >> f & 1:
                score += 0.4  # a field a rival wants
        if owner != me:
            # Placing for the neutral: hurt the rival most, ourselves least.
            mine = wants[me] >> f & 1
            rival = sum(wants[q] >> f & 1 for q in range(st.n) if q != me)
            return rival - 2.0 * mine - 0.1 * free
        return score

    @staticmethod
    def _wants(st: RiceWarsState) -> tuple[list[int], int]:
        """Every seat's `peasant_fields` and the free fields (for `_field_score`)."""
        return [st.peasant_fields(q) for q in range(st.seats)], st.free_mask()

    def _placements(self, st: RiceWarsState, owner: int, me: int, legal: list[Any]) -> list[Any]:
        peasants = [a for a in legal if isinstance(a, A.Peasant)]
        rest = [a for a in legal if not isinstance(a, A.Peasant)]
        wants, free = self._wants(st)
        peasants.sort(
            key=lambda a: -self._field_score(st, st.field(a.field), owner, me, wants, free)
        )
        return peasants[:PLACEMENTS] + rest

    def _hiring(self, st: RiceWarsState, s: int, legal: list[Any]) -> list[Any]:
        room = st.peasant_fields(s).bit_count()

        def rank(action: Any) -> float:
            text = str(action)
            if text.startswith("pay"):
                return 0
            if text == "hire peasant":
                return 1 if st.reserve[s] < room else 5
            if text == "hire ashigaru":
                return 2
            if text == "done":
                return 3
            return 4

        return sorted(legal, key=rank)

    def _bonuses(self, legal: list[Any]) -> list[Any]:
        def rank(action: Any) -> float:
            if isinstance(action, A.Bonus):
                return -CARDS[CARD_INDEX[action.card]].bonus
            if isinstance(action, A.Service):
                return -2.5
            return 0

        return sorted(legal, key=rank)

    def _actions(self, st: RiceWarsState, me: int, legal: list[Any]) -> list[Any]:
        scored: list[tuple[float, Any]] = []
        attacks: dict[str, list[Any]] = {}
        plays: dict[str, list[tuple[float, Any]]] = {}
        wants: list[int] = []
        free = 0
        for action in legal:
            if isinstance(action, A.Peasant):
                f = st.field(action.field)
                if not wants:
                    wants, free = self._wants(st)
                scored.append((1.0 + 0.2 * self._field_score(st, f, me, me, wants, free), action))
            elif isinstance(action, A.Attack):
                attacks.setdefault(action.field, []).append(action)
            elif isinstance(action, A.Play):
                card = CARDS[CARD_INDEX[action.card]]
                value = EFFECTS[card.op].ai_value(st, me, action.args)
                plays.setdefault(card.type, []).append((value - 0.05 * card.bonus, action))
            elif isinstance(action, A.Service):
                scored.append((0.9, action))
            elif isinstance(action, A.Duel):
                victim = action.player
                loss = min(4, st.own[victim].bit_count())
                scored.append((0.3 * loss - 0.2 * len(st.hands[victim]), action))
        peasants = sorted((x for x in scored if isinstance(x[1], A.Peasant)), key=lambda x: -x[0])
        scored = [x for x in scored if not isinstance(x[1], A.Peasant)] + peasants[:PLACEMENTS]
        for options in plays.values():
            options.sort(key=lambda x: -x[0])
            scored.extend(options[:CARD_TARGETS])
        scored.extend(self._attacks(st, me, attacks))
        scored.sort(key=lambda x: -x[0])
        return [a for _, a in scored] + [A.Pass()]

    @staticmethod
    def _cut_off(st: RiceWarsState, s: int, f: int) -> int:
        """How many of seat `s`'s connected peasants the loss of its peasant on `f`
        cuts off from the palace (the engine's `connected` without that peasant)."""
        p = st.palace[s]
        if p < 0:
            return 0
        own = st.own[s]
        conn = palace_group(st, p, own)[0]
        without = own & ~(1 << f)
        return (conn & without & ~palace_group(st, p, without)[0]).bit_count()

    def _attacks(
        self, st: RiceWarsState, me: int, by_field: dict[str, list[Any]]
    ) -> list[tuple[float, Any]]:
        attack1 = "attack1" in st.symbols()
        ranked = []
        power: dict[tuple[int, int], int] = {}  # (ashigaru, ronin) -> the troop's strength
        for fid, options in by_field.items():
            f = st.field(fid)
            q = st.owner[f]
            cut = self._cut_off(st, q, f)
            value = 1.0 + 0.5 * cut + 0.6 * st.board.blessed[f]
            defence = strongest_defence(st, f)  # the engine's estimate, cards unseen

            # The smallest troop that beats the strongest defence, else everything
            # (min and max keep the first of equals, in the order of the legal actions).
            troops = []
            for a in options:
                troop = (a.ashigaru, a.ronin)
                strength = power.get(troop)
                if strength is None:
                    strength = power[troop] = troop_strength(0, a.ashigaru, a.ronin, attack1)
                troops.append((strength, a))
            winning = [x for x in troops if x[0] > defence]
            best, pick = min(winning, key=_FIRST) if winning else max(troops, key=_FIRST)
            if pick.ronin == 0:
                ronin = [x for x in winning if x[1].ronin]
                if ronin:
                    ranked.append((value + 0.6, min(ronin, key=_FIRST)[1]))
            margin = best - defence
            ranked.append((value + 0.1 * min(margin, 3) - (0 if winning else 1.0), pick))
        ranked.sort(key=lambda x: -x[0])
        return ranked[: 2 * ATTACK_TARGETS]

    def rule_move(self, observation: Any, legal: list[Any]) -> Any | None:
        """No decision is taken by rule: every choice is searched."""
        return None

    def bid_candidates(self, st: RiceWarsState, player: int, legal: list[Any]) -> list[Any]:
        """A handful of bids: 0, 1, 2, 3, 5 and a third of the purse."""
        purse = st.money[player]
        wanted = {0, 1, 2, 3, 5, purse // 3}
        return [a for a in legal if a.amount in wanted]

    def plan_key(self, observation: Any) -> Hashable | None:
        """In a hiring turn, the whole observation: the search plans the turn once and
        plays the plan out while the position is the one it planned for."""
        if observation.phase != HIRE:
            return None
        return observation.key()


LOT_SAMPLES = 200  # sampled rival bids per auction decision
CARD_WORTH = 0.25  # a card drawn, in fields
IDLE_PEASANT = 0.05  # a waiting peasant that cannot reach a field (its Ryo, the tie-break)
HIRING_WIDTH = 2  # hires and payments searched at each step of a hiring turn (and done)
STRIKE_WORTH = 0.5  # fields per attack the active troops are expected to win this round
# Attacks one active troop wins against a peasant (strength 1) with cards in play:
# a ronin (4) nearly always, an ashigaru (2) about half the time.
STRIKE_RONIN, STRIKE_ASHIGARU = 1.0, 0.5
# Phases before or within this round's actions: active troops may still fight in them.
_BEFORE_ACTIONS_END = frozenset(
    {HIRE, PICK, BID, ACTION, NEUTRAL, PLANT, DEFEND, MODIFY, REACT, SHOURI, OCCUPY}
)


class RiceWarsSearchAdapter(RiceWarsAdapter):
    """`normal`'s and `hard`'s Rice Wars knowledge (`greedy` and the beginners' `easy` keep
    the plain adapter: `ai.levels`, `Level.expert`).

    Auctions: sealed bids are chosen by rule, not searched (a best-reply search lets every
    rival outbid any bid, so it never bids). A lot's worth to a bidder is its services
    (in fields, by what each does for that bidder now) less the upkeep they will cost;
    every rival is assumed to bid uniformly up to what the lot is worth to it and what its
    purse's public bracket holds. The bid kept is the one with the best expected worth
    won less Ryo paid, over `LOT_SAMPLES` drawn rival bids (a fixed seed: the same
    observation gives the same bid).

    Fights: the field at stake is worth its field, its income over the rounds left and the
    peasants its loss cuts off, so a card that stops an attack is valued by that field.

    Troops: besides their flat worth, the troops a player has for this round's actions
    take fields from the rival least able to stop them (`strikes`), at `STRIKE_WORTH`
    a field for the attacker and against the victim, until the search plays the attacks
    out. A rival still to hire counts what its Ryo keep and hire from the supply left to
    it, so keeping troops to defend and hiring first from a short supply have a worth.
    (Before, a Ryo at hiring was worth more than an ashigaru, so the search levels
    hoarded money to the last rounds, and the one hiring first there took the whole
    supply and the other's fields: hard lost that way to normal, 0 fields to 24.)

    Hiring: a step of a hiring turn searches the best `HIRING_WIDTH` hires or payments
    (by the evaluation right after them) and done, and no hire of a troop whose upkeep is
    owed (paying it is the same line): the whole turn is one ply of own moves, which
    the search otherwise could not finish within a level's nodes.
    """

    def service_worth(self, st: RiceWarsState, s: int, advisor: int) -> float:
        """What one service of `advisor` is worth to seat `s` now, in fields."""
        adv = ADVISORS[advisor]
        worth = effect_of(adv.op).service_worth  # declared with the effect
        if worth is not None:
            return worth(st, s, adv.amount, self.ryo(st), CARD_WORTH)
        if adv.when == "duel":
            return 0.15
        if adv.condition == "ashigaru":
            return 0.45 if st.ash[s] + st.ash_x[s] else 0.15
        return 0.3 + 0.1 * adv.amount

    def lot_worth(self, st: RiceWarsState, s: int, advisor: int, services: int) -> float:
        """What winning `services` services of `advisor` is worth to seat `s`, in fields:
        the services less the upkeep owed while a marker lies on the board."""
        upkeep_rounds = min(services, self.paydays(st))
        cost = ADVISORS[advisor].upkeep * upkeep_rounds * self.ryo(st)
        return services * self.service_worth(st, s, advisor) - cost

    def best_bid(self, st: RiceWarsState, me: int, rivals: dict[int, int]) -> int:
        """The bid of `me` with the best expected worth less cost, given each rival's
        purse (`rivals`: seat -> Ryo as estimated); see the class docstring."""
        a = st.bidding
        ryo = max(self.ryo(st), 0.01)
        two, one = self.lot_worth(st, me, a, 2), self.lot_worth(st, me, a, 1)
        top = min(st.money[me], int(max(two, one) / ryo))
        if top <= 0:
            return 0
        caps = {
            q: max(0, min(purse, int(self.lot_worth(st, q, a, 2) / ryo)))
            for q, purse in rivals.items()
        }
        # The bid depends on nothing else: the search asks it again in many positions.
        memo = (a, st.round, ryo, two, one, top, *caps.values())
        best = _BIDS.get(memo)
        if best is None:
            if len(_BIDS) >= BID_MEMORY:
                _BIDS.clear()
            best = _BIDS[memo] = self._best_sampled_bid(
                a * 7919 + st.round, caps, ryo, two, one, top
            )
        return best

    @staticmethod
    def _best_sampled_bid(
        seed: int, caps: dict[int, int], ryo: float, two: float, one: float, top: int
    ) -> int:
        """`best_bid` over `LOT_SAMPLES` rival bids drawn from `seed` up to `caps`."""
        rng = random.Random(seed)
        samples = [[rng.randint(0, cap) for cap in caps.values()] for _ in range(LOT_SAMPLES)]
        # Per sample its highest and second-highest distinct bid (-1: none): above a bid
        # there is no bid, or bids of a single amount (the lot's second service).
        tops = []
        for others in samples:
            amounts = sorted(set(others), reverse=True)
            tops.append((amounts[0] if amounts else -1, amounts[1] if len(amounts) > 1 else -1))
        best, best_value = 0, 0.0
        for bid in range(1, top + 1):
            value = 0.0
            for high, second in tops:
                if high <= bid:
                    value += two - bid * ryo
                elif second <= bid:
                    value += one - bid * ryo
            value /= LOT_SAMPLES
            if value > best_value + 1e-9:
                best, best_value = bid, value
        return best

    def rule_move(self, observation: Any, legal: list[Any]) -> Any | None:
        """A sealed bid by the lot's worth (see the class docstring); the rest is searched."""
        if observation.phase != BID:
            return None
        st: RiceWarsState = observation.determinize(random.Random(0))
        me = observation.player
        rivals = {
            q: (lo + hi) // 2
            for q, (lo, hi) in enumerate(observation.purses)
            if q != me and q != st.neutral and q in st.queue
        }
        bid = A.Bid(self.best_bid(st, me, rivals))
        return bid if bid in legal else None

    def bid_candidates(self, st: RiceWarsState, player: int, legal: list[Any]) -> list[Any]:
        """In the search, a rival's bid is the one its lot's worth gives (and 0)."""
        rivals = {q: st.money[q] for q in st.queue if q != player}
        bid = self.best_bid(st, player, rivals)
        return [a for a in legal if a.amount in (bid, 0)]

    def field_worth(self, st: RiceWarsState, f: int, s: int) -> float:
        """What seat `s` loses with its peasant on field `f`: the field, its income over
        the rounds left, and the peasants its loss cuts off from the palace."""
        income = (st.board.blessed[f] or 1) * self.paydays(st) * self.ryo(st)
        return 1.0 + income + 0.5 * self._cut_off(st, s, f)

    def _hiring(self, st: RiceWarsState, s: int, legal: list[Any]) -> list[Any]:
        """The plain order, each set of hires and payments searched as one line.

        A hiring turn's end is the same whatever the order of its hires and payments
        (the Ryo spent add up, the supply is shared only between turns), so after a
        hire or payment of this turn only those of the same or a later kind in
        `hiring_rank` are candidates (`done` always). And paying an owed ashigaru (or
        ronin) costs what hiring one does and ends the turn the same (the unpaid one
        goes back to the supply), so the hire waits until nothing of its kind is owed."""
        due = {"ashigaru": st.ash_due[s], "ronin": st.ron_due[s]}
        kept = [a for a in legal if not (isinstance(a, A.Hire) and due.get(a.kind, 0) > 0)]
        steps = [a for a in kept if not isinstance(a, A.Done)]
        if len(steps) > HIRING_WIDTH:
            steps = sorted(steps, key=lambda a: -self._after(st, s, a))[:HIRING_WIDTH]
        return super()._hiring(st, s, steps + [a for a in kept if isinstance(a, A.Done)])

    def _after(self, st: RiceWarsState, s: int, action: Any) -> float:
        """Seat `s`'s evaluation right after `action` (for ordering its hiring steps),
        remembered by position (and by adapter: a level's own knowledge values them
        otherwise): hires in another order reach the same positions."""
        st.apply(action)
        try:
            key = (type(self), st.board.graph.hash, st.neutral, s, HashedKey(st.position_key()))
            value = _AFTER.get(key)
            if value is None:
                if len(_AFTER) >= AFTER_MEMORY:
                    _AFTER.clear()
                value = _AFTER[key] = self.evaluate(st, s)
            return value
        finally:
            st.undo()

    @staticmethod
    def troops_ready(st: RiceWarsState) -> list[float]:
        """Every seat's troops for this round's actions, in attacks they can win
        (`STRIKE_RONIN`, `STRIKE_ASHIGARU`): the active ones, and for a player whose
        hiring turn is still to come in this hiring phase, the troops its Ryo keep and
        hire: its own first (upkeep costs what hiring does), then from the supply left
        by the players before it (the supply is shared: who hires first may take it
        all), with half of what is left after upkeep (the rest goes to peasants and
        cards). The neutral takes one ashigaru a round, which its active ones show."""
        ready = [STRIKE_RONIN * st.ron[s] + STRIKE_ASHIGARU * st.ash[s] for s in range(st.seats)]
        if st.phase != HIRE:
            return ready
        supply_ron, supply_ash = st.supply_ron, st.supply_ash
        for q in st.queue:
            if q == st.neutral:
                continue
            purse = st.money[q]
            ron = min(st.ron[q] + st.ron_x[q], purse // RONIN_COST)
            purse -= ron * RONIN_COST
            ash = min(st.ash[q] + st.ash_x[q], purse // ASHIGARU_COST)
            purse = (purse - ash * ASHIGARU_COST) // 2
            hired_ron = min(supply_ron, purse // RONIN_COST)
            purse -= hired_ron * RONIN_COST
            hired_ash = min(supply_ash, purse // ASHIGARU_COST)
            supply_ron -= hired_ron
            supply_ash -= hired_ash
            ready[q] = STRIKE_RONIN * (ron + hired_ron) + STRIKE_ASHIGARU * (ash + hired_ash)
        return ready

    def strikes(
        self, st: RiceWarsState, ready: list[float] | None = None
    ) -> list[tuple[int, int, float]]:
        """The attacks each player's troops can still win this round (`troops_ready`),
        against the rival whose troops stop fewest of them: (attacker, victim, fields).

        A troop fights once a round (it is exhausted after a fight) and is kept only
        by paying its upkeep, so only this round's actions count; an attacker that has
        put down both pass markers attacks no more. A defending troop stops about as
        many attacks as it would win (a ronin defending beats a ronin attacking).
        `ready`: `troops_ready(st)` when the caller has it."""
        if st.round < 1 or st.phase not in _BEFORE_ACTIONS_END:
            return []
        if ready is None:
            ready = self.troops_ready(st)
        out = []
        fields = [float(own.bit_count()) for own in st.own]
        acting = st.phase == ACTION
        for s in range(st.n):
            mine = ready[s]
            if mine <= 0 or (acting and st.actions_over(s)):
                continue
            best, victim = 0.0, -1
            for r, held in enumerate(fields):
                if r == s:
                    continue
                taken = min(held, mine - ready[r])
                if taken > best:
                    best, victim = taken, r
            if victim >= 0:
                out.append((s, victim, best))
        return out

    def standing(self, st: RiceWarsState) -> list[float]:
        """Every seat's worth (the neutral's last), with the fields each player's
        active troops can still take this round (`strikes`) moved at `STRIKE_WORTH`,
        and peasants waiting on a daimyo board worth little beyond `reserve_room`."""
        if st.is_terminal():
            return [self.worth(st, s) for s in range(st.seats)]
        # the plain standing's, with the fields open to each seat's waiting peasants
        worth, open_fields = self._worths(st, st.free_mask())
        self._fight_shift(st, worth)
        ready = self.troops_ready(st)
        for s, victim, fields in self.strikes(st, ready):
            worth[s] += STRIKE_WORTH * fields
            worth[victim] -= STRIKE_WORTH * fields
        for s in range(st.n):
            reserve = st.reserve[s]
            if not reserve:
                continue
            places = open_fields[s]
            idle = reserve - self.reserve_room(st, s, ready[s], places)
            if idle > 0:
                room = 0.7 if places else 0.35  # the plain worth's
                worth[s] -= (room - IDLE_PEASANT) * idle
        return worth

    @staticmethod
    def reserve_room(st: RiceWarsState, s: int, ready: float, places: int | None = None) -> int:
        """How many peasants waiting on seat `s`'s daimyo board can still reach a field:
        one per free field it may take now, per attack its troops (`ready`, from
        `troops_ready`) can win this round (the winner may occupy the field), one more.
        `places`: `st.peasant_fields(s)` when the caller has it."""
        if st.phase not in _BEFORE_ACTIONS_END:
            ready = 0.0
        if places is None:
            places = st.peasant_fields(s)
        return places.bit_count() + math.ceil(ready) + 1

    def _fight_shift(self, st: RiceWarsState, worth: list[float]) -> None:
        """Add the expected outcome of a running combat or duel to `worth`."""
        f = st.fight
        if f is None:
            return
        if f["kind"] != "combat":
            super()._fight_shift(st, worth)
            return
        att, dfn, field = f["att"], f["dfn"], f["field"]
        if field < 0 or st.owner[field] != dfn:
            return
        if f["winner"] >= 0:
            p = 1.0 if f["winner"] == 0 else 0.0
        else:
            diff = st.strength(0) - st.strength(1)
            p = 0.45 if diff == 0 else min(0.95, max(0.05, 0.5 + 0.3 * diff))
        stake = self.field_worth(st, field, dfn)
        worth[dfn] -= p * stake
        worth[att] += p * (stake if f["troops"][0][1] else 0.4)


ADAPTER = RiceWarsAdapter()
"""The Rice Wars adapter `ai.adapters.adapter_for("ricewars")` returns (`greedy`'s and
`easy`'s)."""

SEARCH_ADAPTER = RiceWarsSearchAdapter()
"""`normal`'s and `hard`'s adapter (and the hints'): lots valued per bidder, fields at
stake valued in full, troops by the fields they can take this round."""

__all__ = ["ADAPTER", "SEARCH_ADAPTER", "RiceWarsAdapter", "RiceWarsSearchAdapter"]
