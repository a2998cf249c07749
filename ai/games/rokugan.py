"""Battle for Rokugan knowledge for the bots: candidate moves and position evaluation.

Evaluation. A position is worth what it would score if the board were resolved as it
stands: the engine's own resolution (reveal, bluffs, raids, diplomacy, battles, territory
claims) runs on the state and is rolled back through its snapshot, then the engine's own
`honor()` counts flowers, face-up control tokens, objectives and territories. To that
projected honor a few small positional terms are added (provinces for the tie-break,
exposure of weakly held provinces next to rivals). A player's value is its projection
minus the best rival's; a finished game adds a win bonus (`ai.adapters.WIN_BONUS`).

Plans (`plans=True`, the search levels' adapter; `greedy` stays the plain one-ply
baseline). While rounds are left, honor still to be won counts too, scaled by the share
of the game left: an unmet secret objective by its chance, the better of how often such an
objective is met in play (`ai.games.rokugan_priors`) and the progress made towards it, squared;
an incomplete territory by the share of it held, squared (halved when shared). The
objective choice then keeps the objective that can be met, and provinces that serve it
are worth more as targets. Measured at one ply over 400 games against three `greedy`: the
margin to the best rival went from -6.9 to -5.4 honor; with plans, a third ply of
search took `hard` from 29 % to 48 % on the same 48 deals (docs/PERFORMANCE.md).

The search levels' weights (`SEARCH_ADAPTER`) differ from `greedy`'s: exposure 0.6 instead
of 0.15, tokens in hand 0.1 instead of 0.5, and in the last round, where the resolved board
is the final result, leading it is worth 5 honor (`lead`): the last round is played to win.

Candidates. The placement phase offers ~75 legal placements (up to ~190); each gets a
cheap static score from the tokens already on the board (as the searched world has them):
an attack that wins a province scores its worth (more when a rival loses it), a defence
that saves a threatened province scores its worth, an unthreatened defence scores the
face-up control token it earns, a Blessing scores the battle it turns, Diplomacy the
province it shields, a Raid the rival's province it burns, a bluff a little (it saves a
real token for next round). Overkill costs a little, so the best token for a spot is the
smallest one that wins. The best `width` are kept, at most two per target province and
three per token, so the search sees a spread. Shugenja and first-player cards aim at the
strongest token attacking one of our provinces; territory and Shadowlands cards are
ranked by what each play is worth in honor, as the card declares it (`ai_value` in
`engine.rokugan.effects`: the honor it moves on the position the bot sees, plus defence,
shields, tokens and threats it adds or takes away); initial control tokens go where
flowers, neighbours of our own and territories we can complete are. Scouting is decided
by rule (`rule_move`): a determinized search cannot value information, so a bot with
scout cards looks at an unknown token attacking its most valuable province once per round.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from typing import Any

from ai.adapters import WIN_BONUS, GameAdapter
from ai.games.rokugan_priors import OBJECTIVE_ODDS, PLACED_ODDS, SpotWeight, spot_key
from ai.games.rokugan_scene import (
    PLACE_INFOS,
    PLACE_SPOTS,
    objective_progress,
    objective_targets,
    place_codes,
)
from ai.games.rokugan_scene import PLAN_TARGET as PLAN_TARGET
from ai.games.rokugan_scene import PlacementScene as _Scene
from ai.keys import HashedKey
from engine.core import GameState
from engine.rokugan import actions as A
from engine.rokugan import battles
from engine.rokugan.data import (
    ARMY,
    BLESSING,
    BLUFF,
    CLAN_TOKENS,
    DIPLOMACY,
    NAVY,
    OBJECTIVE_CLAN,
    OBJECTIVE_INDEX,
    OBJECTIVES,
    PEACE,
    RAID,
    ROUNDS,
    SHINOBI,
    TERRITORY_HONOR,
)
from engine.rokugan.effects import EFFECTS
from engine.rokugan.position import (
    PH_CARDS,
    PH_CONTROL,
    PH_OBJECTIVE,
    PH_PLACE,
    PH_SWAP,
)
from engine.rokugan.resolution import raid_condition
from engine.rokugan.scoring import objectives_met, province_honor
from engine.rokugan.state import RokuganState
from engine.rokugan.token_cards import TOKEN_CARDS, looks_only

_FIGHTERS = (ARMY, NAVY, SHINOBI)
INF = float("inf")
# Rough honor a token of each kind yields per strength point (bluff: nothing by itself).
_TOKEN_WORTH = {ARMY: 1.0, NAVY: 0.8, SHINOBI: 0.9, BLESSING: 0.7, DIPLOMACY: 2.0, RAID: 1.5}
_TOKEN_WORTH[BLUFF] = 0.0
# Plans (`RokuganAdapter(plans=True)`): the weight of a territory's share in the evaluation
# (the honor a province that serves our unmet objective adds: `PLAN_TARGET`).
PLAN_TERRITORY = 0.5
_HAND_WORTH: dict[tuple[int, ...], float] = {}
"""`RokuganAdapter._hand_worth` by (clan, the token ids in hand): a few hundred hands."""


class RokuganAdapter(GameAdapter):
    """Candidates and evaluation for Battle for Rokugan (see the module docstring)."""

    def __init__(
        self,
        width: int = 10,
        exposure: float = 0.15,
        material: float = 0.5,
        model: bool = False,
        plans: bool = False,
        lead: float = 0.0,
    ) -> None:
        self.width = width
        self.plans = plans
        self.lead = lead
        self.exposure = exposure
        self.material = material
        self.model = model
        self._spots: tuple[Any, dict[int, dict[tuple[int, int], float]]] | None = None
        self._policies: dict[tuple[int, Any], Any] = {}
        self._terms: dict[tuple[Any, ...], tuple[list[Any], list[Any]]] = {}

    def fresh(self) -> RokuganAdapter:
        """The same settings with empty caches (`GameAdapter.fresh`)."""
        return RokuganAdapter(
            self.width, self.exposure, self.material, self.model, self.plans, self.lead
        )

    # -- the opponent model --------------------------------------------------------------

    def determinize(self, observation: Any, rng: Any) -> GameState:
        """A world drawn from `observation`; with `model`, each rival's face-down board
        token is drawn by the odds that such a token is the one placed there (`PLACED_ODDS`
        in `ai.games.rokugan_priors`, by the kind of spot: an attack on a rival, ...)."""
        if not self.model:
            return observation.determinize(rng)
        cached = self._spots
        if cached is None or cached[0] is not observation:
            # Spot kinds read only public facts (owners, defence): any world will do.
            public = observation.determinize(random.Random(0))
            found: dict[int, dict[tuple[int, int], float]] = {}
            for s, bt in enumerate(observation.board_tokens):
                if bt is not None and bt[5] < 0 and bt[1] >= 0:
                    found[s] = PLACED_ODDS.get(spot_key(public, bt[0], bt[1], s), {})
            cached = self._spots = (observation, found)
        return observation.determinize(rng, weight=SpotWeight(cached[1], observation._base[2]))

    def view(self, state: GameState, player: int) -> GameState:
        """The world as `player` believes it: what it cannot see redrawn from its own
        observation (the world's true face-down tokens stay unknown to it). The search asks
        for it only with `SearchConfig.honest_replies`."""
        # Seeded from public facts: worlds the player cannot tell apart give one view.
        seed = (state.round * 1000 + len(state.tokens)) * 8 + player  # type: ignore[attr-defined]
        return state.observation(player).determinize(random.Random(seed))

    # -- evaluation --------------------------------------------------------------------

    def key(self, state: GameState) -> Hashable | None:
        """The engine's position key (history-free), with its hash computed once: the
        search looks it up in several tables per node."""
        return HashedKey(state.key())  # type: ignore[attr-defined]

    def projected(self, state: RokuganState) -> list[float]:
        """Every player's honor if the board were resolved now, plus positional terms."""
        if state.phase == PH_PLACE or state.phase == PH_SWAP:
            if any(t is not None for t in state.tokens):
                # Resolved as the last round's: the scoring, no next round's upkeep.
                now = state.round
                with state.resolved_preview() as resolved:
                    return self._standing(resolved, final=False, now=now)
        return self._standing(state)

    def _standing(
        self, state: RokuganState, final: bool | None = None, now: int | None = None
    ) -> list[float]:
        honor = state.honor()
        values = [float(h) for h in honor]
        if state.is_terminal() if final is None else final:
            return values
        # The positional terms read only the board's control, special and face-up
        # tokens, the clans, the objectives and the round: their additions are kept by
        # those (a search evaluates many boards of one placement phase) and made in the
        # order they were counted, so the sums are the same to the bit.
        when = state.round if now is None else now
        key = (
            state.board,
            state.clans,
            tuple(state.objective),
            tuple(state.ctrl_owner),
            tuple(state.special),
            tuple(state.ctrl_up),
            when,
        )
        terms = self._terms.get(key)
        if terms is None:
            if len(self._terms) > 4096:
                self._terms.clear()
            terms = self._terms[key] = self._positional(state, when)
        for p, add in terms[0]:
            values[p] += add
        if self.material:
            for p in range(state.n):
                values[p] += self.material * self._hand_worth(state, p)
        for p, add in terms[1]:
            values[p] += add
        return values

    def _positional(
        self, state: RokuganState, now: int
    ) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
        """The additions of `_standing` but the hands', in order: (seat, amount) for the
        provinces (the tie-break and exposure), then for the plans."""
        before: list[tuple[int, float]] = []
        board = state.board
        owner, special = state.ctrl_owner, state.special
        neighbors = board.neighbors
        exposure = self.exposure
        defense_bonus = battles.defense_bonus
        for q, o in enumerate(owner):
            if o < 0:
                continue
            before.append((o, 0.05))  # provinces break honor ties
            if exposure and special[q] != PEACE:
                rivals = 0
                for r in neighbors[q]:
                    x = owner[r]
                    if x >= 0 and x != o:
                        rivals += 1
                if rivals:
                    guard = defense_bonus(state, q, -1)
                    worth = province_honor(state, q)
                    before.append((o, -(exposure * worth * rivals / (1 + guard))))
        after: list[tuple[int, float]] = []
        if self.plans:
            self._add_plans(state, after, now)
        return before, after

    @staticmethod
    def _add_plans(state: RokuganState, adds: list[tuple[int, float]], now: int) -> None:
        """Honor still to be won, while rounds are left to win it: an unmet objective
        by its chance (the better of its measured odds and the progress made, squared),
        an incomplete territory by the share of it held (halved when it is shared); as
        (seat, amount) in `adds`."""
        left = (ROUNDS - now) / (ROUNDS - 1)
        if left <= 0:
            return
        board, owner = state.board, state.ctrl_owner
        mine: list[set[int]] = [set() for _ in range(state.n)]
        for q, o in enumerate(owner):
            if o >= 0:
                mine[o].add(q)
        met = objectives_met(state)
        for p in range(state.n):
            o = state.objective[p]
            if o < 0 or met[p]:
                continue
            odds = OBJECTIVE_ODDS[OBJECTIVES[o][0]][OBJECTIVE_CLAN.get(o) == state.clans[p]]
            chance = max(odds, objective_progress(state, p, o, mine[p]) ** 2)
            adds.append((p, left * OBJECTIVES[o][1] * chance))
        for t, members in enumerate(board.territory_members):
            if board.territory_shadowlands[t] or len(members) < 2:
                continue
            held: dict[int, int] = {}
            for q in members:
                if owner[q] >= 0:
                    held[owner[q]] = held.get(owner[q], 0) + 1
            if len(held) == 1 and state.territory_controller(t) >= 0:
                continue  # complete: honor() counts it
            share = 0.5 if len(held) > 1 else 1.0
            whole = left * PLAN_TERRITORY * TERRITORY_HONOR * share
            for p, count in held.items():
                adds.append((p, whole * (count / len(members)) ** 2))

    @staticmethod
    def _hand_worth(state: RokuganState, player: int) -> float:
        """What the tokens behind the screen are still worth: all but one of them will
        be placed this round, so a token spent on a reply is missed elsewhere."""
        key = (state.clans[player], *state.hand(player))
        found = _HAND_WORTH.get(key)
        if found is None:
            if len(_HAND_WORTH) > 100_000:
                _HAND_WORTH.clear()
            toks = CLAN_TOKENS[key[0]]
            worths = sorted(_TOKEN_WORTH[toks[t][0]] * max(1, toks[t][1]) for t in key[1:])
            found = _HAND_WORTH[key] = sum(worths[1:])
        return found

    def evaluate(self, state: GameState, player: int) -> float:
        """Projected honor minus the best rival's (a win bonus when the game is over).
        With `lead`, in the last round, where the resolved board is the final result,
        leading the projection earns `lead` honor (shared on a tie): the last round is
        played to win, not for the margin."""
        values = self.projected(state)  # type: ignore[arg-type]
        best_other = max(v for p, v in enumerate(values) if p != player)
        value = values[player] - best_other
        if state.is_terminal():
            winners = state.winners()
            if player in winners:
                value += WIN_BONUS / len(winners)
            else:
                value -= WIN_BONUS / len(values)
        elif self.lead and state.round >= ROUNDS:  # type: ignore[attr-defined]
            top = max(values)
            if values[player] == top:
                value += self.lead / sum(1 for v in values if v == top)
        return value

    # -- candidates --------------------------------------------------------------------

    def policy(self, state: GameState, player: int) -> Any:
        """`candidates(state, player)[0]`, found without scoring every placement: the
        search asks it of every opponent at its horizon, where only the best move counts."""
        return self.policy_at(state, player, self.key(state))

    def policy_at(self, state: GameState, player: int, position: Hashable | None) -> Any:
        """`policy(state, player)` where `position` is `key(state)` (the search has it)."""
        st: RokuganState = state  # type: ignore[assignment]
        # A function of the position: remembered by it (a search asks the same position
        # again in each deepening), at most a few thousand positions at a time.
        key = (player, position)
        cache = self._policies
        move = cache.get(key)
        if move is None:
            move = self._policy(st, player)
            if len(cache) > 4096:
                cache.clear()
            cache[key] = move
        return move

    def _policy(self, st: RokuganState, player: int) -> Any:
        """`policy`, found."""
        if st.phase == PH_PLACE and st.pending is None:
            legal = st.legal_actions()
            if len(legal) > 2:
                return self._best_placement(st, player, legal)
        return self.candidates(st, player)[0]

    def candidates(self, state: GameState, player: int) -> list[Any]:
        """A spread of the most promising legal actions, best first."""
        st: RokuganState = state  # type: ignore[assignment]
        legal = st.legal_actions()
        if len(legal) <= 2:
            return legal
        phase = st.phase
        if st.pending is not None:
            return self._pending(st, player, legal)
        if phase == PH_PLACE:
            return self._placement(st, player, legal)
        if phase == PH_CONTROL:
            return self._initial_control(st, player, legal)
        if phase == PH_OBJECTIVE:
            return self._objectives(st, player, legal)
        if phase == PH_CARDS:
            return self._card_round(st, player, legal)
        if phase == PH_SWAP:
            return legal[: self.width]
        return legal

    def _worth(self, st: RokuganState, q: int) -> float:
        """What holding province q is worth in honor (flowers, tokens, a territory share)."""
        b = st.board
        worth = province_honor(st, q)
        t = b.territory[q]
        if t >= 0 and not b.territory_shadowlands[t]:
            return worth + TERRITORY_HONOR / max(1, len(b.territory_members[t])) + 1.0
        return worth + 1.0

    def _conqueror(self, st: RokuganState, q: int, aims: dict[int, int], guard: int) -> int:
        """Who would hold province q after its battle (the owner, or -1 when empty), by
        the engine's battle rule (`battles.conqueror`)."""
        return battles.conqueror(st, q, aims, guard)

    def _placement(self, st: RokuganState, me: int, legal: list[Any]) -> list[Any]:
        scene = _Scene(self, st, me)
        # A placement's score depends only on its kind (any fighter alike), strength and
        # target province (or Blessing host): the ~190 placements share a few dozen
        # scores (`place_codes`), each computed once or found kept (`kept_score`).
        codes = place_codes(st.board, legal)
        first = dict(zip(reversed(codes), range(len(legal) - 1, -1, -1), strict=True))
        others = first.pop(None, None)
        found: dict[int | None, tuple[float, int]] = {
            code: scene.kept_score(legal[index], code)  # type: ignore[arg-type]
            for code, index in first.items()
        }
        # Every action's score, negated (INF: not a candidate), in the legal order.
        found[None] = (-INF, -1)
        negs = [-score for score, _ in map(found.__getitem__, codes)]
        cards: dict[int, int] = {}
        if others is not None:  # card plays (and anything not placed from hand)
            for index, action in _card_plays(codes, legal):
                score, cards[index] = self._card_score(scene, action)
                if score > 0:
                    negs[index] = -score
        # The highest score first, the legal order on a tie (the sort is stable).
        ranked = sorted(range(len(legal)), key=negs.__getitem__)
        chosen: list[Any] = []
        per_province: dict[int, int] = {}
        per_token: dict[str, int] = {}
        for index in ranked:
            if negs[index] == INF:
                break  # the rest are no candidates
            action = legal[index]
            code = codes[index]
            if code is not None:
                q, token = found[code][1], action.token
            else:
                q, token = cards[index], action.card
            if per_province.get(q, 0) >= 2 or per_token.get(token, 0) >= 3:
                continue
            chosen.append(action)
            per_province[q] = per_province.get(q, 0) + 1
            per_token[token] = per_token.get(token, 0) + 1
            if len(chosen) >= self.width:
                break
        return chosen or legal[: self.width]

    def _best_placement(self, st: RokuganState, me: int, legal: list[Any]) -> Any:
        """`_placement(st, me, legal)[0]`: the highest score, the earliest on a tie. A
        `_swing` (attacks, Blessings) is scored only while its bound (`_swing_bound`) can
        still reach the best score found; every other score is exact and cheap.

        Placements with one score key (`rokugan_scene.place_info`) score alike, so a later one never
        wins a tie: only the first placement of each key is looked at."""
        scene = _Scene(self, st, me)
        owner = st.ctrl_owner
        best, best_index = -INF, -1
        codes = place_codes(st.board, legal)
        # The first index of every key (zip in reverse: the earliest is written last).
        first = dict(zip(reversed(codes), range(len(legal) - 1, -1, -1), strict=True))
        others = first.pop(None, None)
        if others is not None:  # card plays (and anything not placed from hand)
            for index, action in _card_plays(codes, legal):
                score = self._card_score(scene, action)[0]
                if score > 0 and score > best:
                    best, best_index = score, index
        # Scores kept from earlier scenes of this context (`PlacementScene.table`): a
        # node's children differ from it by one token, in one province.
        table_of = scene.table
        tables: dict[int, dict[int, float]] = {}
        bounded: list[tuple[float, int, Any, int, int, dict[int, float] | None, int]] = []
        infos, spots = PLACE_INFOS, PLACE_SPOTS
        where = scene.where
        bluffs, raids = scene.spots()
        for code, index in first.items():
            if code is None:
                continue  # popped above
            kind, q = spots[code]
            if kind == BLUFF:  # the commonest key (a bluff goes anywhere), and cheap
                score = bluffs[q]
            elif kind == RAID:  # not kept: scored only when its bound can win
                score = raids[q]
                if score > best or (score == best and index < best_index):
                    score = scene.kept_score(legal[index], code)[0]
            else:
                if kind == BLESSING:
                    spot = where.get(q)
                    if spot is None:
                        score = -1.0  # `_place_score`: the host does not fight
                        if score > best or (score == best and index < best_index):
                            best, best_index = score, index
                        continue
                    q = spot[0]
                table = tables.get(q)
                if table is None:
                    table = tables[q] = table_of(q)
                kept = table.get(code)
                if kept is not None:
                    score = kept
                elif kind == DIPLOMACY:  # exact and cheap
                    score = table[code] = self._place_score(
                        scene, legal[index], kind, infos[code][2]
                    )[0]
                else:
                    # Attacks, defences, Blessings: their bound, kept beside the scores
                    # (under ~code) until their score is.
                    bound = table.get(~code)
                    if bound is None:
                        strength = infos[code][2]
                        if kind == BLESSING:
                            bound = self._swing_bound(scene, q, strength, False) - 0.2
                        elif owner[q] != me:
                            bound = self._swing_bound(scene, q, strength, True)
                        else:
                            bound = self._defence_bound(scene, q, strength)
                        table[~code] = bound
                    if bound >= best:  # else it cannot win (the best only rises)
                        bounded.append(
                            (bound, index, legal[index], kind, infos[code][2], table, code)
                        )
                    continue
            if score > best or (score == best and index < best_index):
                best, best_index = score, index
        bounded.sort(key=_bound_first)
        for bound, index, action, kind, strength, table, code in bounded:
            if bound < best:
                break  # no later one can reach the best (bounds are in falling order)
            score = self._place_score(scene, action, kind, strength)[0]
            if table is not None:
                table[code] = score
            if score > best or (score == best and index < best_index):
                best, best_index = score, index
        return legal[best_index] if best_index >= 0 else legal[0]

    @staticmethod
    def _swing_bound(scene: _Scene, q: int, strength: int, attack: bool) -> float:
        """At least `_swing(scene, q, strength, attack)`, without its battle: the largest
        of what each of its branches can return given who holds q now (`before`), plus a
        margin for rounding. (Province worths are positive.)"""
        me = scene.me
        if scene.before(q) == me:
            return 0.2 + 1e-9  # only "kept" (0.2) or "lost" (0.0) remain
        worth = scene.worth[q]
        mine = scene.aims[q].get(me, 0) + strength
        needed = scene.needed(q)
        # Conquered: the gain (at most 1.5 x worth, 1.0 x from nobody) less the overkill.
        gain = worth * (1.5 if scene.before(q) >= 0 else 1.0)
        bound = max(gain - 0.3 * max(0, mine - needed), 0.0)
        if attack:  # not conquered, a partial attack
            bound = max(bound, 0.2 * worth * mine / (needed + 1) - 0.3 * strength)
        return bound + 1e-9

    @staticmethod
    def _defence_bound(scene: _Scene, q: int, strength: int) -> float:
        """At least `_place_score` of a fighter of `strength` defending our province q:
        its base plus the larger of what its branches add (the province's worth when it
        saves it, less when it cannot, the rivals' pressure when unthreatened), without
        the threat and defence it compares, plus a margin for rounding."""
        extra = max(scene.worth[q], 0.15 * scene.rivals[q] * min(strength, 3))
        return 1.2 - 0.25 * (strength - 1) + extra + 1e-9

    def _place_score(
        self, scene: _Scene, action: Any, kind: int, strength: int
    ) -> tuple[float, int]:
        st, me = scene.st, scene.me
        b = st.board
        owner = st.ctrl_owner
        if kind == BLESSING:
            host = int(action.where[1:])
            if host not in scene.where:
                return -1.0, -1
            q, _ = scene.where[host]
            return self._swing(scene, q, strength, attack=False) - 0.2, q
        q = b.slot_target[b.slot_by_text[action.where]]
        worth = scene.worth[q]
        d = owner[q]
        if kind == BLUFF:
            return scene.spots()[0][q], q  # a bluff: `PlacementScene.spots`
        if kind == DIPLOMACY:
            threat = max(scene.aims[q].values(), default=0)
            danger = threat > scene.held(q) or scene.rivals[q] > 1
            return (worth * 0.9 if danger else 0.3) - scene.guard[q] * 0.5, q
        if kind == RAID:
            if d < 0 or d == me:
                return -1.0, q
            if raid_condition(st, me, q) is None:  # the engine's rule
                return -1.0, q
            return (worth * (0.8 if d == scene.leader else 0.5)) - 1.0, q
        if d == me:
            # Defence: it earns a face-up control token (+1 honor, +1 defence) unless lost.
            threat = max(scene.aims[q].values(), default=0)
            held = scene.held(q)
            score = 1.2 - 0.25 * (strength - 1)
            if threat >= held:
                if threat <= held + strength:
                    score += worth
                else:
                    score += 0.3 * worth * (held + strength) / (threat + 1)
            else:
                score += 0.15 * scene.rivals[q] * min(strength, 3)
            return score, q
        return self._swing(scene, q, strength, attack=True), q

    def _swing(self, scene: _Scene, q: int, strength: int, attack: bool) -> float:
        """The change in who holds q when `me` adds `strength` there (attack or defence)."""
        st, me = scene.st, scene.me
        worth = scene.worth[q]
        aims, guard = scene.aims[q], scene.guard[q]
        before = scene.before(q)
        if st.ctrl_owner[q] == me and not attack:
            after = self._conqueror(st, q, aims, guard + strength)
        else:
            changed = dict(aims)
            changed[me] = changed.get(me, 0) + strength
            after = self._conqueror(st, q, changed, guard)
        if after == me and before != me:
            gain = worth * (1.5 if before == scene.leader else 1.25 if before >= 0 else 1.0)
            # Overkill: the smallest token that wins is the best token for the spot.
            spare = aims.get(me, 0) + strength - scene.needed(q)
            return gain - 0.3 * max(0, spare)
        if before != me and after != me and attack:
            mine = aims.get(me, 0) + strength
            return 0.2 * worth * mine / (scene.needed(q) + 1) - 0.3 * strength
        if after == me and before == me:
            return 0.2
        return 0.0

    def _card_score(self, scene: _Scene, action: Any) -> tuple[float, int]:
        st, me = scene.st, scene.me
        card = action.card
        use = TOKEN_CARDS.get(card)
        if use is not None:  # a card played on a board token: its declared value
            s = int(action.targets[0][1:])
            if use.only_looks or s not in scene.where:
                return 0.0, -1
            return use.ai_value(st, me, action.targets, scene.worth.__getitem__), scene.where[s][0]
        # Shadowlands cards in the placement phase: what the play is worth in honor.
        return EFFECTS[card].ai_value(st, me, action.targets), -2

    def _initial_control(self, st: RokuganState, me: int, legal: list[Any]) -> list[Any]:
        b = st.board
        owner = st.ctrl_owner
        objective = st.objective[me]
        helps = objective_targets(st, me, objective) if objective >= 0 else set()
        # Per province: own and rival neighbours; per territory: the bonus for adding to it.
        ours = [o == me for o in owner]
        theirs = [o >= 0 and o != me for o in owner]
        bonus: dict[int, float] = {}
        for t, members in enumerate(b.territory_members):
            if not b.territory_shadowlands[t] and all(owner[r] in (-1, me) for r in members):
                held = sum(ours[r] for r in members)
                bonus[t] = 2.0 * (held + 1) / len(members)
        scored = []
        for index, action in enumerate(legal):
            q = b.index[action.province]
            score = self._worth(st, q) + 0.5 * b.flowers[q]
            near = b.neighbors[q]
            score += 1.5 * sum(ours[r] for r in near) - 0.7 * sum(theirs[r] for r in near)
            t = b.territory[q]
            if t in bonus:
                score += bonus[t]
            if b.shadowlands[q]:
                score -= 2.0
            if q in helps:
                score += 3.0
            scored.append((score, index, action))
        scored.sort(key=_best_first)
        return [a for _, _, a in scored[: max(4, self.width // 2)]]

    def _helps_objective(self, st: RokuganState, me: int, objective: int, q: int) -> bool:
        return q in objective_targets(st, me, objective)

    def _objectives(self, st: RokuganState, me: int, legal: list[Any]) -> list[Any]:
        """Both objectives; the one already met (or worth more) first."""
        scored = []
        for index, action in enumerate(legal):
            o = OBJECTIVE_INDEX[action.objective]
            honor = OBJECTIVES[o][1]
            scored.append((honor * (2.0 if st.objective_met(me, o) else 0.5), index, action))
        scored.sort(key=_best_first)
        return [a for _, _, a in scored]

    def _card_round(self, st: RokuganState, me: int, legal: list[Any]) -> list[Any]:
        """Pass plus the best few target choices of every territory card, by what each
        play is worth in honor (the card's declared `ai_value`, `engine.rokugan.effects`)."""
        by_card: dict[str, list[tuple[float, int, Any]]] = {}
        out: list[Any] = []
        for index, action in enumerate(legal):
            if not isinstance(action, A.PlayCard):
                out.append(action)
                continue
            score = EFFECTS[action.card].ai_value(st, me, action.targets)
            by_card.setdefault(action.card, []).append((score, index, action))
        for options in by_card.values():
            options.sort(key=_best_first)
            out.extend(a for _, _, a in options[:3])
        return out

    def _pending(self, st: RokuganState, me: int, legal: list[Any]) -> list[Any]:
        """Sub-decisions: looks and peeks only inform, which a determinized search cannot
        value, so inside the search they take the quickest way on (`rule_move` makes the
        real choice); sends, discards and animations are a capped spread."""
        skips = [a for a in legal if isinstance(a, A.Skip)]
        if any(isinstance(a, (A.Peek, A.Look)) for a in legal):
            return skips[:1] or legal[:1]
        if len(legal) <= self.width:
            return legal
        where = battles.board_totals(st)[2]
        # The threat of each action's target token: its strength, more against our own.
        scored = []
        for index, action in enumerate(legal):
            threat = 0.0
            target = getattr(action, "target", None)
            if isinstance(target, str) and target.startswith("#"):
                s = int(target[1:])
                if s in where:
                    q, strength = where[s]
                    threat = strength + (3.0 if st.ctrl_owner[q] == me else 0.0)
            scored.append((threat, index, action))
        scored.sort(key=_best_first)
        return [a for _, _, a in scored[: self.width]]

    # -- rules outside the search --------------------------------------------------------

    def rule_move(self, observation: Any, legal: list[Any]) -> Any | None:
        """Information by rule: scout an unknown rival token aimed at one of our valuable
        provinces (a scout leaves the turn to us, so the search follows); peek and look
        (Scorpion, Dark Favors) at the unknown token that matters most to us."""
        looks = [a for a in legal if isinstance(a, (A.Peek, A.Look))]
        if looks:
            ranked = self._unknown_targets(observation, [a.target for a in looks])
            if ranked:
                target = ranked[0][1]
                return next(a for a in looks if a.target == target)
            return next((a for a in legal if isinstance(a, A.Skip)), None)
        scouts = [a for a in legal if isinstance(a, A.PlayCard) and looks_only(a.card)]
        if not scouts:
            return None
        ranked = self._unknown_targets(observation, [a.targets[0] for a in scouts], own=True)
        if ranked and ranked[0][0] >= 3.0:
            target = ranked[0][1]
            return next(a for a in scouts if a.targets[0] == target)
        return None

    def _unknown_targets(
        self, observation: Any, targets: list[str], own: bool = False
    ) -> list[tuple[float, str]]:
        """Face-down rival tokens we do not know among `targets`, most important first:
        those aimed at our provinces by the province's worth (only those when `own`)."""
        me = observation.player
        board = observation._base[1]
        owner, ctrl_up = observation.public[1], observation.public[3]
        ranked = []
        for index, target in enumerate(targets):
            s = int(target[1:])
            bt = observation.board_tokens[s] if s < len(observation.board_tokens) else None
            if bt is None:
                continue
            _, slot, up, _, _, tid = bt
            if tid >= 0 or up or slot < 0:
                continue
            q = board.slot_target[slot]
            if owner[q] == me:
                worth = board.flowers[q] + 1.0 + ctrl_up[q]
            elif own:
                continue
            else:
                worth = 0.0
            ranked.append((worth, -index, target))
        ranked.sort(reverse=True)
        return [(worth, target) for worth, _, target in ranked]


def _bound_first(item: tuple[float, int, Any, int, int, Any, int]) -> tuple[float, int]:
    """Sort key of bounded placements: the highest bound first, then the legal order."""
    return (-item[0], item[1])


def _best_first(item: tuple[float, int, Any]) -> tuple[float, int]:
    """Sort key of scored candidates: the highest score first, then the legal order."""
    return (-item[0], item[1])


ADAPTER = RokuganAdapter()
"""The plain adapter: `greedy` and anything that asks `adapter_for("rokugan")`."""
SEARCH_ADAPTER = RokuganAdapter(model=True, plans=True, exposure=0.6, material=0.1, lead=5.0)
"""The search levels' adapter: the same knowledge plus the opponent model, rivals' views
of a world for their replies (`view`), and plans (objectives and territories to come).
It weighs exposure four times as much as `greedy` and tokens in hand a fifth as much, and
plays the last round to lead (`lead`): at one ply against three `greedy` (800 games) these
took the margin to the best rival from -5.7 to -3.9, then -3.0 honor (docs/PERFORMANCE.md)."""


def _card_plays(codes: list[int | None], legal: list[Any]) -> Iterator[tuple[int, Any]]:
    """(index, action) of every card play among the actions with no placement code."""
    index = -1
    for _ in range(codes.count(None)):
        index = codes.index(None, index + 1)
        action = legal[index]
        if isinstance(action, A.PlayCard):
            yield index, action
