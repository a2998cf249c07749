"""The facts a Rokugan bot reads when it scores placements, and the objectives it aims at.

`PlacementScene` holds what one placement decision of `ai.games.rokugan.RokuganAdapter`
computes once and every placement's score reads (the strength aimed at each province,
each province's worth, who holds what after its battle); `objective_targets` and
`objective_progress` are the bots' plans for a secret objective; `place_codes` gives
the score key of every placement of a legal list. Split from
`ai/games/rokugan.py` to keep that module readable; it imports nothing from it.
"""

from __future__ import annotations

import threading
from typing import Any

from engine.rokugan import actions as A
from engine.rokugan import battles
from engine.rokugan.board import (
    CHAIN_PROVINCES,
    LANDS_PROVINCES,
    SAIL_PROVINCES,
    WEB_TERRITORIES,
)
from engine.rokugan.data import (
    ARMY,
    BLESSING,
    EMERALD_EMPIRE,
    LABEL_KIND,
    LOST_LANDS,
    NAVY,
    OBJECTIVE_CLAN,
    RAID,
    SHINOBI,
    SPECIAL_HONOR,
    WAY_OF_HUMILITY,
    WAY_OF_THE_SAIL,
    WEB_OF_INFLUENCE,
)
from engine.rokugan.state import RokuganState

PLAN_TARGET = 2.0
"""With plans, the honor a province that serves our unmet objective adds to its worth
as a target."""


def objective_targets(st: RokuganState, player: int, objective: int) -> set[int]:
    """The provinces whose conquest brings `player` nearer to `objective`: coastal ones
    for the Way of the Sail, the Shadowlands for the Lost Lands, one in a territory it
    has none of for the Web of Influence, the named clan's territory for a clan
    objective (none for Humility or the Emerald Empire)."""
    b = st.board
    if objective == WAY_OF_THE_SAIL:
        return {q for q in range(b.n) if st.is_coastal(q)}
    if objective == LOST_LANDS:
        return {q for q in range(b.n) if b.shadowlands[q]}
    if objective == WEB_OF_INFLUENCE:
        held = {b.territory[q] for q in range(b.n) if st.ctrl_owner[q] == player}
        return {q for q in range(b.n) if b.territory[q] >= 0 and b.territory[q] not in held}
    clan = OBJECTIVE_CLAN.get(objective)
    if clan is None:
        return set()
    cap = b.capital_of_clan.get(clan)
    t = b.clan_territory[clan]  # the clan's lands, which may lack on a custom map
    return set(b.territory_members[t] if t >= 0 else ()) | ({cap} if cap is not None else set())


def objective_progress(st: RokuganState, player: int, objective: int, mine: set[int]) -> float:
    """How far `player`, holding the provinces `mine`, is towards `objective` (1 = met
    or as good as): the share of what the objective counts (two provinces of a clan's
    territory, six coastal provinces, seven territories, every Shadowlands province, a
    chain of six), or for Humility how few provinces it holds beyond the fewest."""
    b = st.board
    clan = OBJECTIVE_CLAN.get(objective)
    if clan is not None:
        t = b.clan_territory[clan]
        if t < 0:
            return 0.0
        return min(1.0, sum(1 for q in mine if b.territory[q] == t) / LANDS_PROVINCES)
    if objective == WAY_OF_THE_SAIL:
        return min(1.0, sum(1 for q in mine if st.is_coastal(q)) / SAIL_PROVINCES)
    if objective == WEB_OF_INFLUENCE:
        territories = {b.territory[q] for q in mine if b.territory[q] >= 0}
        return min(1.0, len(territories) / WEB_TERRITORIES)
    if objective == WAY_OF_HUMILITY:
        fewest = min(st.provinces_of(r) for r in range(st.n) if r != player)
        return max(0.0, 1.0 - 0.34 * max(0, len(mine) - fewest))
    if objective == LOST_LANDS:
        lands = [q for q in range(b.n) if b.shadowlands[q]]
        return sum(1 for q in lands if q in mine) / max(1, len(lands))
    if objective == EMERALD_EMPIRE:
        return min(1.0, _largest_group(b, mine) / CHAIN_PROVINCES)
    return 0.0


def _largest_group(board: Any, provinces: set[int]) -> int:
    """The size of the largest set of neighbouring provinces among `provinces`."""
    seen: set[int] = set()
    best = 0
    for start in provinces:
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            q = stack.pop()
            size += 1
            for r in board.neighbors[q]:
                if r in provinces and r not in seen:
                    seen.add(r)
                    stack.append(r)
        best = max(best, size)
    return best


_LAST: dict[tuple[Any, ...], list[Any]] = {}
"""Per (board, seat, plans, the seat's objective, owners, special tokens, face-up control):
[worths, rivals or None, kept scores, bluff scores and Raid bounds or None, leaders] of the
scenes (`PlacementScene`) of such a board; worths, rivals, bluff scores and Raid bounds are
shared, never changed; kept scores: `PlacementScene.kept`; leaders: `PlacementScene.leader`
by (players, every objective)."""
KEPT_PROVINCES = 50_000
"""At most this many (province, what lies there) score tables are kept per scene context."""


class PlacementScene:
    """Per-call facts of one placement decision, each computed once (`RokuganAdapter`'s
    placement scores read them)."""

    __slots__ = (
        "adapter",
        "st",
        "me",
        "aims",
        "guard",
        "where",
        "worth",
        "_rivals",
        "_leader",
        "_before",
        "_needed",
        "_held",
        "_last",
        "_kept",
        "_tables",
    )

    def __init__(self, adapter: Any, st: RokuganState, me: int) -> None:
        self.adapter = adapter
        self.st = st
        self.me = me
        self.aims, self.guard, self.where = battles.board_totals(st)
        self._rivals: list[int] | None = None
        # Worths and rivals read only control and special tokens and the objective, which
        # placements do not change: those of each seat, adapter and such facts are kept.
        key = (
            st.board,
            me,
            adapter.plans,
            st.objective[me],
            tuple(st.ctrl_owner),
            tuple(st.special),
            tuple(st.ctrl_up),
        )
        last = _LAST.get(key)
        if last is None:
            if len(_LAST) > 1024:
                _LAST.clear()
            last = _LAST[key] = [self._worths(st, me, adapter.plans), None, {}, None, {}]
        self.worth, self._rivals = last[0], last[1]
        self._last = last
        self._leader = -2  # not yet known
        self._before: dict[int, int] = {}
        self._needed: dict[int, int] = {}
        self._held: dict[int, int] = {}
        self._kept: dict[tuple[int, tuple[Any, ...]], dict[int, float]] | None = None
        self._tables: dict[int, dict[int, float]] = {}

    @staticmethod
    def _worths(st: RokuganState, me: int, plans: bool) -> list[float]:
        """`RokuganAdapter._worth` of every province, in one pass; with `plans`, more for
        the provinces that serve `me`'s unmet objective (`PLAN_TARGET`)."""
        b = st.board
        flowers, special, up = b.flowers, st.special, st.ctrl_up
        territory, members, shadowlands = b.territory, b.territory_members, b.territory_shadowlands
        worth = []
        for q in range(b.n):
            value = flowers[q] + SPECIAL_HONOR[special[q]] + up[q]
            t = territory[q]
            if t >= 0 and not shadowlands[t]:
                worth.append(value + 5.0 / max(1, len(members[t])) + 1.0)
            else:
                worth.append(value + 1.0)
        objective = st.objective[me]
        if plans and objective >= 0 and not st.objective_met(me, objective):
            for q in objective_targets(st, me, objective):
                worth[q] += PLAN_TARGET
        return worth

    def kept(self) -> dict[tuple[int, tuple[Any, ...]], dict[int, float]]:
        """Placement scores kept from earlier scenes of the same context: per (province,
        what lies there: `local(q)`), the score of each placement code (`place_codes`)
        aimed there (and its bound under ~code), filled by `kept_score` and the policy.

        A score (`RokuganAdapter._place_score`, but a Raid's) reads only the province's
        own battle (`aims`, `guard`), its worth and rival neighbours, who holds what, the
        special and face-up control tokens, the clans and the leader: the context is this
        scene's seat, objective, owners, special and face-up tokens (`_LAST`'s key) with
        the clans and the leader, so a node's children, which differ from it by one
        token, find most of their scores here."""
        if self._kept is None:
            contexts = self._last[2]
            context = (self.st.clans, self.leader)
            kept = contexts.get(context)
            if kept is None or len(kept) > KEPT_PROVINCES:
                if len(contexts) > 16:
                    contexts.clear()
                kept = contexts[context] = {}
            self._kept = kept
        return self._kept

    def local(self, q: int) -> tuple[Any, ...]:
        """What lies in province q's battle: the owner's strength and each attacker's."""
        return (self.guard[q], *self.aims[q].items())

    def table(self, q: int) -> dict[int, float]:
        """The kept scores of province q as it lies now (`kept`)."""
        table = self._tables.get(q)
        if table is None:
            kept = self.kept()
            sig = (q, self.local(q))
            table = kept.get(sig)
            if table is None:
                table = kept[sig] = {}
            self._tables[q] = table
        return table

    def kept_score(self, action: Any, code: int) -> tuple[float, int]:
        """`adapter._place_score(self, action, ...)` (score, province) of a placement from
        hand with code `code` (`place_codes`), found kept or added (`table`)."""
        key, kind, strength = PLACE_INFOS[code]
        if kind == RAID:  # a Raid reads more than its province's battle: not kept
            return self.adapter._place_score(self, action, kind, strength)  # type: ignore[no-any-return]
        if kind == BLESSING:
            spot = self.where.get(int(key[2][1:]))  # type: ignore[index]
            if spot is None:
                return -1.0, -1  # the host does not fight
            q = spot[0]
        else:
            q = key[2]  # type: ignore[assignment]
        table = self.table(q)
        score = table.get(code)
        if score is None:
            score = table[code] = self.adapter._place_score(self, action, kind, strength)[0]
        return score, q

    def spots(self) -> tuple[list[float], list[float]]:
        """Per province q, what reads only its owner and worth (kept per `_LAST` context):
        the score of a bluff there (`bluff_score`) and the most a Raid there can score
        (`RokuganAdapter._place_score`: its worth x 0.8, less 1, when a rival holds q;
        else its -1 exactly)."""
        found = self._last[3]
        if found is None:
            owner, me = self.st.ctrl_owner, self.me
            bluffs, raids = [], []
            for o, worth in zip(owner, self.worth, strict=True):
                rival = o >= 0 and o != me
                bluffs.append(0.4 + 0.05 * worth if rival else 0.3)
                raids.append(worth * 0.8 - 1.0 if rival else -1.0)
            found = self._last[3] = (bluffs, raids)
        return found  # type: ignore[no-any-return]

    @property
    def rivals(self) -> list[int]:
        """Per province, the neighbours held by others than `me` (counted when first asked)."""
        if self._rivals is None:
            owner, me, neighbors = self.st.ctrl_owner, self.me, self.st.board.neighbors
            rivalry = [o >= 0 and o != me for o in owner]
            count = rivalry.__getitem__
            self._rivals = self._last[1] = [sum(map(count, near)) for near in neighbors]
        return self._rivals

    @property
    def leader(self) -> int:
        """The rival with the most honor now (the first of them on a tie)."""
        if self._leader == -2:
            # Honor reads who holds what, the face-up control and special tokens (this
            # scene's context) and the objectives: the leader is kept by the objectives.
            st, me = self.st, self.me
            leaders = self._last[4]
            key = (st.n, tuple(st.objective))
            found = leaders.get(key)
            if found is None:
                standing = st.honor()
                found = leaders[key] = max(
                    (p for p in range(st.n) if p != me), key=lambda p: standing[p]
                )
            self._leader = found
        return self._leader

    def before(self, q: int) -> int:
        """Who holds q after its battle as the board stands."""
        found = self._before.get(q)
        if found is None:
            found = self._before[q] = self.adapter._conqueror(
                self.st, q, self.aims[q], self.guard[q]
            )
        return found

    def needed(self, q: int) -> int:
        """The strength `me` needs in q to conquer it against what lies there now (the
        engine's rule, `battles.strength_to_conquer`: Crane needs only to tie)."""
        found = self._needed.get(q)
        if found is None:
            found = self._needed[q] = battles.strength_to_conquer(
                self.st, q, self.me, self.aims[q], self.guard[q]
            )
        return found

    def held(self, q: int) -> int:
        """The largest attack q withstands as it is defended now: one less than what its
        strongest attacker needs to conquer it (`battles.strength_to_conquer`; Crane
        takes it on a tie), an ordinary attacker's when nobody or a tie aims at it."""
        found = self._held.get(q)
        if found is None:
            aims = self.aims[q]
            lead = battles.lead_attacker(self.st, aims) if aims else -1
            found = self._held[q] = (
                battles.strength_to_conquer(self.st, q, lead, {}, self.guard[q]) - 1
            )
        return found


# Placements score alike for every fighter kind (`_place_score` reads only the strength).
SCORE_KIND = {
    kind: ARMY if kind in (ARMY, NAVY, SHINOBI) else kind for kind, _ in LABEL_KIND.values()
}

_PLACE_CODE: dict[int, int] = {}
"""Placement actions by `id`: the index in `PLACE_INFOS` of their (score key, kind,
strength). `_PLACE_KEPT` holds the actions themselves, so no id is reused while it is
in the table."""
_PLACE_KEPT: list[Any] = []
PLACE_INFOS: list[tuple[tuple[int, int, int | str], int, int]] = []
PLACE_SPOTS: list[tuple[int, int]] = []
"""Per code, beside `PLACE_INFOS`: (kind as scored, `SCORE_KIND`; the target province, or
for a Blessing the board token it goes on)."""
_INFO_CODE: dict[tuple[tuple[int, int, int | str], int, int], int] = {}
_PLACE_LOCK = threading.Lock()


def place_info(board: Any, action: Any) -> tuple[tuple[int, int, int | str], int, int]:
    """(score key, kind, strength) of a placement from hand: a placement's score depends
    only on its kind (any fighter alike), strength and target province, or for a
    Blessing on its host (`ai.games.rokugan.RokuganAdapter._place_score`)."""
    kind, strength = LABEL_KIND[action.token]
    if kind == BLESSING:
        return (kind, strength, action.where), kind, strength
    return (SCORE_KIND[kind], strength, board.target_by_text[action.where]), kind, strength


def _spot_of(info: tuple[tuple[int, int, int | str], int, int]) -> int:
    """The target of a `place_info`: its province, or a Blessing's host token."""
    target = info[0][2]
    return int(target[1:]) if isinstance(target, str) else target


def place_codes(board: Any, legal: list[Any]) -> list[int | None]:
    """The code of `place_info` (an index in `PLACE_INFOS`) of every Place action of
    `legal`, None for other actions: looked up by the actions' ids (the engine shares
    its action objects, one set per board), and equal codes for equal infos."""
    codes = list(map(_PLACE_CODE.get, map(id, legal)))
    if None not in codes:
        return codes
    # The actions without a code: card plays (made anew each time, never kept), and
    # placements not seen yet.
    new: list[int] = []
    index = -1
    for _ in range(codes.count(None)):
        index = codes.index(None, index + 1)
        if type(legal[index]) is A.Place:
            new.append(index)
    if new:
        with _PLACE_LOCK:  # the tables change only here, one thread at a time
            for index in new:
                action = legal[index]
                if len(_PLACE_KEPT) > 200_000:
                    _PLACE_CODE.clear()
                    _PLACE_KEPT.clear()
                info = place_info(board, action)
                code = _INFO_CODE.get(info)
                if code is None:
                    code = _INFO_CODE[info] = len(PLACE_INFOS)
                    PLACE_SPOTS.append((info[0][0], _spot_of(info)))
                    PLACE_INFOS.append(info)
                _PLACE_KEPT.append(action)
                codes[index] = _PLACE_CODE[id(action)] = code
    return codes
