"""What one Battle for Rokugan player knows, and full states drawn from it.

A `RokuganObservation` holds the public position (control and special tokens, board
token places, discard piles, counts of hands and pools, cards left, played cards,
revealed initiative cards), the player's own hand, pool, objective and territory cards,
and what the player saw: tokens looked at (scout, peek, first-player card, Dark Favors,
Spy Network) while they stay where they were seen, and territory cards it held.

`determinize(rng)` fills every unknown: each opponent's unknown tokens are shared out
between its hand, its face-down board tokens and its pool by a randomised matching that
respects where each token could legally lie (a Blessing's host is an Army, Navy or
Shinobi, a coastal border holds a Navy or a bluff, the bluff is never in the pool, ...);
unknown objectives and territory cards are dealt from what is left; the unknown part of
the initiative deck is redrawn and shuffled; future pool draws use a fresh chance seed.
The result is a playable state whose observation for the same player equals this one.
It starts a new history (it cannot be undone past its start). The observation does not
hold the game seed (from which the setup deals every hidden card), so a determinized
state's `seed` is 0.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core import Observation
from engine.rokugan import actions as A
from engine.rokugan.data import (
    ARMY,
    BLESSING,
    BLUFF,
    BLUFF_TID,
    CLAN_TOKENS,
    MASTER_OF_GOVERNANCE,
    NAVY,
    OBJECTIVES,
    RISE_OF_AN_EMPIRE,
    SHINOBI,
    TOKENS_PER_CLAN,
)
from engine.rokugan.effects import effect_of
from engine.rokugan.placement import slot_problem
from engine.rokugan.position import (
    DISCARD,
    HAND,
    ONBOARD,
    PH_OVER,
    PLAYED,
    POOL,
    T_BLESSED,
    T_HOST,
    T_PLAYER,
    T_SLOT,
    T_TID,
    T_UP,
    Position,
)

TokenWeight = Callable[[int, int, int], float]
"""weight(player, board serial, token id) -> odds (> 0) of that token lying there."""


class RokuganObservation(Observation):
    """One player's knowledge of a Battle for Rokugan position."""

    __slots__ = (
        "player",
        "_cls",
        "_base",
        "objective",
        "dealt",
        "objective_chosen",
        "own_loc",
        "discards",
        "board_tokens",
        "known_hand",
        "cards",
        "deck_size",
        "public",
        "other_known",
    )

    @classmethod
    def of(cls, state: Position, player: int) -> RokuganObservation:
        """The observation of `player` in `state` (a `RokuganState`)."""
        o = cls.__new__(cls)
        o.player = player
        # The state's class, so `determinize` builds the same kind of state without this
        # module importing `state.py` (which imports this one).
        o._cls = type(state)
        # Not the game seed: it deals every hidden card and token (determinized states get 0).
        o._base = (state.n, state.board, state.clans, 0, state.settings)
        o.objective = state.objective[player]
        o.dealt = state.dealt[player]
        o.objective_chosen = tuple(x >= 0 for x in state.objective)
        base = player * TOKENS_PER_CLAN
        o.own_loc = tuple(state.loc[base : base + TOKENS_PER_CLAN])
        o.discards = tuple(tuple(state.tids_at(q, DISCARD)) for q in range(state.n))
        known = state.known[player]
        board_tokens = []
        for t in state.tokens:
            if t is None:
                board_tokens.append(None)
                continue
            q, tid = t[T_PLAYER], t[T_TID]
            visible = q == player or t[T_UP] or known >> (q * TOKENS_PER_CLAN + tid) & 1
            board_tokens.append(
                (q, t[T_SLOT], t[T_UP], t[T_HOST], t[T_BLESSED], tid if visible else -1)
            )
        o.board_tokens = tuple(board_tokens)
        o.known_hand = tuple(
            (q, tid)
            for q in range(state.n)
            if q != player
            for tid in state.hand(q)
            if known >> (q * TOKENS_PER_CLAN + tid) & 1
        )
        cards = []
        for t, card in enumerate(state.terr_card):
            holder = state.terr_holder[t]
            seen = holder in (player, PLAYED) or state.seen_cards[player] >> t & 1
            cards.append(card if seen else None)
        o.cards = tuple(cards)
        o.deck_size = len(state.deck)
        # What others know about this player's own tokens (they looked at them publicly).
        o.other_known = tuple(
            (state.known[q] >> base) & ((1 << TOKENS_PER_CLAN) - 1) for q in range(state.n)
        )
        snap = state._snapshot()
        # Public part of the snapshot: everything except token locations, objectives,
        # knowledge and the initiative deck's order (indices from Position._snapshot).
        o.public = (
            snap[1],
            *snap[2:8],
            *snap[9:12],
            snap[12][player],
            *snap[15:21],
            snap[22:],
        )
        return o

    def key(self) -> tuple[Any, ...]:
        """Everything this observation holds, for comparison."""
        n, board, clans, seed, settings = self._base
        return (
            self.player,
            n,
            board.graph.hash,
            clans,
            self.objective,
            self.dealt,
            self.objective_chosen,
            self.own_loc,
            self.discards,
            self.board_tokens,
            self.known_hand,
            self.cards,
            self.deck_size,
            self.other_known,
            self.public,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RokuganObservation) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    # ------------------------------------------------------------------ determinize

    def determinize(self, rng: random.Random, weight: TokenWeight | None = None) -> Any:
        """A full state consistent with this observation (unknowns drawn from `rng`), of
        the class the observation was taken from (a `RokuganState`).

        `weight(player, serial, tid)` (> 0) biases which of `player`'s unknown tokens is
        drawn for its face-down board token `serial`: an opponent model (a player who
        attacks usually attacks with an army, ...). Without it every consistent
        assignment is drawn alike; with it the result is still consistent."""
        n, board, clans, seed, settings = self._base
        st = self._cls.__new__(self._cls)
        st.n, st.board, st.clans, st.seed, st.settings = n, board, clans, seed, settings
        st.chance_seed = rng.getrandbits(64)
        st._determinized = True
        st.events = None
        st._history = []
        st._undo = []
        st.new_memo()
        # Public and own parts straight from the observation.
        (
            hand_count,
            ctrl_owner,
            ctrl_down,
            ctrl_up,
            special,
            supply,
            control_left,
            scouts,
            shugenja,
            terr_holder,
            my_seen,
            border_occ,
            ronin,
            spied,
            out,
            setup_left,
            played_by,
            rest,
        ) = self.public
        st.hand_count = list(hand_count)
        st.ctrl_owner = list(ctrl_owner)
        st.ctrl_down = list(ctrl_down)
        st.ctrl_up = list(ctrl_up)
        st.special = list(special)
        st.supply = list(supply)
        st.control_left = list(control_left)
        st.scouts = list(scouts)
        st.shugenja = list(shugenja)
        st.terr_holder = list(terr_holder)
        st.border_occ = list(border_occ)
        st.ronin = list(ronin)
        st.spied = list(spied)
        st.out = list(out)
        st.setup_left = list(setup_left)
        st.played_by = list(played_by)
        (
            st.revealed,
            st.round,
            st.phase,
            st.cur,
            st.first,
            st.passes,
            st.draws,
            st.peek_used,
            st.fp_card_used,
            st.pending,
            st.attacked,
        ) = rest
        self._deal_objectives(st, rng)
        self._deal_cards(st, rng, my_seen)
        self._deal_initiative(st, rng)
        self._deal_tokens(st, rng, weight)
        return st

    def _deal_objectives(self, st: Position, rng: random.Random) -> None:
        me = self.player
        # Objectives the map deals (and, on a map dealing too few, the others first in
        # line after them, as `setup.objective_deal_order` deals them).
        deck = st.board.objective_deck
        left = [o for o in deck if o not in self.dealt]
        rng.shuffle(left)
        wanted = 2 * (st.n - 1)
        if len(left) < wanted:
            rest = [o for o in range(len(OBJECTIVES)) if o not in deck and o not in self.dealt]
            rng.shuffle(rest)
            left = rest + left  # popped from the end: the map's objectives first
        dealt = []
        objective = []
        for q in range(st.n):
            if q == me:
                dealt.append(self.dealt)
                objective.append(self.objective)
                continue
            pair = (left.pop(), left.pop())
            dealt.append(pair)
            objective.append(pair[0] if self.objective_chosen[q] else -1)
        st.dealt = tuple(dealt)
        st.objective = objective

    def _deal_cards(self, st: Position, rng: random.Random, my_seen: int) -> None:
        board = st.board
        cards = []
        for t, known in enumerate(self.cards):
            pair = board.territory_cards[t]
            cards.append(known if known is not None or pair is None else rng.choice(pair))
        st.terr_card = tuple(cards)
        seen = [0] * st.n
        seen[self.player] = my_seen
        for t, holder in enumerate(st.terr_holder):
            if holder >= 0:
                seen[holder] |= 1 << t
        st.seen_cards = seen

    def _deal_initiative(self, st: Position, rng: random.Random) -> None:
        clan_cards = [c for c in st.clans if c not in st.revealed]
        neutrals = [
            c for c in range(MASTER_OF_GOVERNANCE, RISE_OF_AN_EMPIRE + 1) if c not in st.revealed
        ]
        rng.shuffle(neutrals)
        deck = clan_cards + neutrals[: max(0, self.deck_size - len(clan_cards))]
        rng.shuffle(deck)
        st.deck = tuple(deck)

    def _deal_tokens(self, st: Position, rng: random.Random, weight: TokenWeight | None) -> None:
        n, me = st.n, self.player
        loc = [POOL] * (n * TOKENS_PER_CLAN)
        base = me * TOKENS_PER_CLAN
        loc[base : base + TOKENS_PER_CLAN] = self.own_loc
        known = [0] * n
        for q in range(n):
            known[q] = self.other_known[q] << base
        tokens: list[tuple[int, ...] | None] = [None] * len(self.board_tokens)
        # Face-down tokens of each opponent still to be assigned: (serial, slot, blessed).
        hidden: dict[int, list[int]] = {q: [] for q in range(n)}
        for s, bt in enumerate(self.board_tokens):
            if bt is None:
                continue
            q, slot, up, host, blessed, tid = bt
            tokens[s] = (q, tid, slot, up, host, blessed)
            if tid >= 0:
                loc[q * TOKENS_PER_CLAN + tid] = ONBOARD
                if q != me and not up:
                    known[me] |= 1 << (q * TOKENS_PER_CLAN + tid)
            else:
                hidden[q].append(s)
        for q, tid in self.known_hand:
            loc[q * TOKENS_PER_CLAN + tid] = HAND
            known[me] |= 1 << (q * TOKENS_PER_CLAN + tid)
        for q in range(n):
            for tid in self.discards[q]:
                loc[q * TOKENS_PER_CLAN + tid] = DISCARD
        st.tokens = tokens
        st.known = known
        for q in range(n):
            if q == me:
                continue
            qb = q * TOKENS_PER_CLAN
            fixed = {t for t in range(TOKENS_PER_CLAN) if loc[qb + t] != POOL}
            unknown = [t for t in range(TOKENS_PER_CLAN) if t not in fixed]
            known_in_hand = sum(1 for o, _ in self.known_hand if o == q)
            in_hand = st.hand_count[q] - known_in_hand
            assignment = None
            for strict in (True, False, None):  # the rules, then what fits physically
                assignment = _match(st, q, unknown, hidden[q], in_hand, rng, strict, weight)
                if assignment is not None:
                    break
            if assignment is None:
                raise RuntimeError("observation admits no consistent token assignment")
            for s, tid in assignment.items():
                t = tokens[s]
                assert t is not None
                tokens[s] = (q, tid, *t[2:])
                loc[qb + tid] = ONBOARD
            placed = set(assignment.values())
            rest = [t for t in unknown if t not in placed]
            rng.shuffle(rest)
            if BLUFF_TID in rest:  # the bluff is never in the pool
                rest.remove(BLUFF_TID)
                rest.insert(0, BLUFF_TID)
            for t in rest[:in_hand]:
                loc[qb + t] = HAND
        st.loc = loc


def _allowed(st: Position, q: int, s: int, kind: int, strict: bool | None) -> bool:
    """Could board token `s` of player `q` be of `kind`? `strict` True: by the placement
    rules now; False: by where such tokens can ever lie; None: anything but a Blessing
    (rule-breaking tokens placed with the `table_placements` setting)."""
    t = st.tokens[s]
    assert t is not None
    if kind == BLESSING:
        return False  # Blessings lie face up
    if strict is None:
        return True
    if t[T_BLESSED] >= 0 and kind not in (ARMY, NAVY, SHINOBI):
        return False
    if kind == BLUFF and st.spied[q]:
        return False
    slot = t[T_SLOT]
    if strict:
        return slot_problem(st, q, kind, slot) is None
    b = st.board
    if slot < b.n:
        return True
    if b.is_coastal_slot(slot):
        return kind in (NAVY, BLUFF)
    return kind in (ARMY, NAVY, BLUFF)


def _match(
    st: Position,
    q: int,
    unknown: list[int],
    serials: list[int],
    in_hand: int,
    rng: random.Random,
    strict: bool | None,
    weight: TokenWeight | None = None,
) -> dict[int, int] | None:
    """A random assignment of `unknown` token ids to the face-down board tokens `serials`
    (each token where it could lie) that leaves the bluff for the hand when needed.

    Each board token tries the unknown ids in a random order; with `weight` the order is
    a weighted random permutation (id t comes first with odds weight(q, serial, t))."""
    toks = CLAN_TOKENS[st.clans[q]]
    order = list(unknown)
    owner: dict[int, int] = {}  # tid -> serial
    match: dict[int, int] = {}  # serial -> tid

    def shuffled(s: int) -> list[int]:
        if weight is None:
            rng.shuffle(order)
            return list(order)
        # Efraimidis-Spirakis: sorting by u ** (1 / w) draws a permutation by weight.
        return sorted(order, key=lambda t: -(rng.random() ** (1.0 / weight(q, s, t))))

    def augment(s: int, seen: set[int]) -> bool:
        for tid in shuffled(s):
            if tid in seen or not _allowed(st, q, s, toks[tid][0], strict):
                continue
            seen.add(tid)
            other = owner.get(tid)
            if other is None or augment(other, seen):
                owner[tid] = s
                match[s] = tid
                return True
        return False

    if BLUFF_TID in unknown and in_hand <= 0:
        # The bluff is not in the pool, so it must be one of the face-down tokens.
        order.remove(BLUFF_TID)
        spots = [s for s in serials if _allowed(st, q, s, BLUFF, strict)]
        rng.shuffle(spots)
        for spot in spots:
            owner.clear()
            match.clear()
            owner[BLUFF_TID] = spot
            match[spot] = BLUFF_TID
            if all(augment(s, {BLUFF_TID}) for s in serials if s != spot):
                return match
        return None
    for s in serials:
        if not augment(s, set()):
            return None
    return match


def revealed(before: Position, after: Position, action: Any) -> bool:
    """True when `action`, taken from `before` to `after`, made something hidden known (an
    undo barrier): a token looked at or discarded from a hand, a card that reveals (the
    scout, shugenja and first-player cards, and each territory card whose declared
    effect `reveals`), or a round's end (its resolution turned every token up and new
    tokens were drawn), or the game's."""
    if isinstance(action, (A.Peek, A.Look, A.Discard)):
        return True
    if isinstance(action, A.PlayCard):
        effect = effect_of(action.card)  # None: a scout, shugenja or first-player card
        if effect is None or effect.reveals:
            return True
    return before.round != after.round or after.phase == PH_OVER
