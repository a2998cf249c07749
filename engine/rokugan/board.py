"""The rules' view of a map: provinces, borders and token slots as small ints, and what
the map deals (rulebook: "Landkarte"; the choices for custom maps are in `setup.py`).

Built once per `MapGraph` and shared (read only) by every state on that map.

Slots are where a combat token can lie: slot `p` (0 <= p < P) is the centre of province
p; slot `P + 2*i + d` is land border i attacking its first (d=0) or second (d=1)
province; slot `P + 2*L + j` is coastal border j. Every border, land or coastal, has a
border index (land i, coastal L + j) that holds at most one combat token.
"""

from __future__ import annotations

from typing import Final

from engine.graph import MapGraph
from engine.rokugan.actions import Place, PlaceControl
from engine.rokugan.data import (
    CLAN_INDEX,
    CLANS,
    EMERALD_EMPIRE,
    LABEL_KIND,
    LOST_LANDS,
    OBJECTIVE_CLAN,
    OBJECTIVES,
    SHADOWLANDS_CARDS,
    TERRITORY_CARDS,
    WAY_OF_HUMILITY,
    WAY_OF_THE_SAIL,
    WEB_OF_INFLUENCE,
)

# Objectives' thresholds (rokugan-components.md): a clan's lands, coastal provinces,
# territories, chain (scoring, the deal, the map's requirements and the bots read them).
LANDS_PROVINCES: Final = 2
SAIL_PROVINCES: Final = 6
WEB_TERRITORIES: Final = 7
CHAIN_PROVINCES: Final = 6
CHAIN_TERRITORIES: Final = 3


class Board:
    """Precomputed topology of one map (see the module docstring for slot numbering)."""

    __slots__ = (
        "graph",
        "ids",
        "index",
        "n",
        "flowers",
        "capital",
        "defense",
        "shadowlands",
        "territory",
        "territory_ids",
        "territory_members",
        "territory_cards",
        "territory_shadowlands",
        "neighbors",
        "land_borders",
        "coastal_borders",
        "coast_of",
        "borders_of",
        "n_land",
        "n_slots",
        "n_borders",
        "slot_target",
        "slot_source",
        "slot_border",
        "slot_text",
        "slot_by_text",
        "target_by_text",
        "capital_of_clan",
        "playable_clans",
        "clan_territory",
        "objective_deck",
        "coastal",
        "land_slots_into",
        "land_slots_from",
        "land_slots",
        "coastal_slots",
        "land_pairs_from",
        "coastal_pairs",
        "action_cache",
        "blessing_cache",
        "no_province_blocked",
        "control_actions",
        "slot_cache",
        "slot_last",
        "honor_cache",
        "chain_cache",
        "card_cache",
    )

    def __init__(self, graph: MapGraph) -> None:
        self.graph = graph
        provinces = graph.provinces
        self.ids: tuple[str, ...] = tuple(p.id for p in provinces)
        self.index: dict[str, int] = {pid: i for i, pid in enumerate(self.ids)}
        n = self.n = len(provinces)
        self.flowers = tuple(_count(p.attrs.get("flowers")) for p in provinces)
        cap = []
        for p in provinces:
            value = p.attrs.get("capital")
            cap.append(CLAN_INDEX.get(value, -1) if isinstance(value, str) else -1)
        self.capital: tuple[int, ...] = tuple(cap)
        self.capital_of_clan = {c: i for i, c in enumerate(cap) if c >= 0}
        self.defense = tuple(_count(p.attrs.get("defense")) for p in provinces)
        self.shadowlands = tuple(bool(p.attrs.get("shadowlands", False)) for p in provinces)
        # Territories in the graph's order; provinces without one get none.
        self.territory_ids: tuple[str, ...] = tuple(t.id for t in graph.territories)
        t_index = {t: i for i, t in enumerate(self.territory_ids)}
        self.territory = tuple(
            -1 if p.territory is None else t_index.get(p.territory, -1) for p in provinces
        )
        self.territory_members = tuple(
            tuple(self.index[q] for q in t.provinces if q in self.index) for t in graph.territories
        )
        self.territory_shadowlands = tuple(
            bool(m) and all(self.shadowlands[q] for q in m) for m in self.territory_members
        )
        self.neighbors = tuple(
            tuple(sorted(self.index[q] for q in p.neighbors if q in self.index)) for p in provinces
        )
        pairs = sorted({(min(a, b), max(a, b)) for a in range(n) for b in self.neighbors[a]})
        # Land borders sorted by their text id "A|B" (A < B as text).
        land = sorted(
            (tuple(sorted((a, b), key=lambda i: self.ids[i])) for a, b in pairs),
            key=lambda ab: (self.ids[ab[0]], self.ids[ab[1]]),
        )
        self.land_borders: tuple[tuple[int, int], ...] = tuple(land)  # type: ignore[arg-type]
        self.n_land = len(land)
        coastal = [(i, cid) for i, p in enumerate(provinces) for cid in p.coastal_borders]
        self.coastal_borders: tuple[tuple[int, str], ...] = tuple(coastal)
        self.n_borders = self.n_land + len(coastal)
        self.coast_of = tuple(
            tuple(self.n_land + j for j, (q, _) in enumerate(coastal) if q == i) for i in range(n)
        )
        self.coastal = tuple(bool(c) for c in self.coast_of)
        borders_of: list[list[int]] = [[] for _ in range(n)]
        for i, (a, b) in enumerate(land):
            borders_of[a].append(i)
            borders_of[b].append(i)
        for i in range(n):
            borders_of[i].extend(self.coast_of[i])
        self.borders_of = tuple(tuple(b) for b in borders_of)
        target, source, border, text = [], [], [], []
        for i in range(n):
            target.append(i)
            source.append(-1)
            border.append(-1)
            text.append(self.ids[i])
        into: list[list[int]] = [[] for _ in range(n)]
        for i, (a, b) in enumerate(land):
            name = f"{self.ids[a]}|{self.ids[b]}"
            for t, s in ((a, b), (b, a)):
                into[t].append(len(target))
                target.append(t)
                source.append(s)
                border.append(i)
                text.append(f"{name} ->{self.ids[t]}")
        for j, (q, cid) in enumerate(coastal):
            target.append(q)
            source.append(-1)
            border.append(self.n_land + j)
            text.append(cid)
        self.slot_target = tuple(target)
        self.slot_source = tuple(source)
        self.slot_border = tuple(border)
        self.slot_text = tuple(text)
        self.slot_by_text = {t: s for s, t in enumerate(text)}
        # The province a slot's text aims at (what a placement there attacks or defends).
        self.target_by_text = {t: target[s] for s, t in enumerate(text)}
        self.n_slots = len(text)
        self.land_slots_into = tuple(tuple(x) for x in into)
        # (slot, target, border) of every land slot leaving province s.
        out_of: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        for slot in range(n, n + 2 * self.n_land):
            out_of[source[slot]].append((slot, target[slot], border[slot]))
        self.land_slots_from = tuple(tuple(x) for x in out_of)
        self.land_slots = tuple(
            (slot, source[slot], target[slot], border[slot])
            for slot in range(n, n + 2 * self.n_land)
        )
        self.coastal_slots = tuple(
            (slot, target[slot], border[slot]) for slot in range(n + 2 * self.n_land, len(text))
        )
        # The same as ((slot, border), target) with shared pairs, which the legal
        # placements list (`placement._static_slots`) without building them.
        self.land_pairs_from = tuple(
            tuple(((slot, b), t) for slot, t, b in x) for x in self.land_slots_from
        )
        self.coastal_pairs = tuple(((slot, b), t) for slot, t, b in self.coastal_slots)
        self.no_province_blocked = (False,) * n
        self.control_actions = tuple(PlaceControl(pid) for pid in self.ids)
        # Placement slots that depend only on control and special tokens, by their content
        # (`placement._cached_static`).
        self.slot_cache: dict[tuple[object, ...], tuple[object, ...]] = {}
        # The last few of them per seat, newest first: (Ronin, owners, special tokens, entry).
        self.slot_last: dict[int, tuple[tuple[object, ...], ...]] = {}
        # Honor and the objectives met, by who holds what, face-up control, special
        # tokens and objectives (`scoring.honor`).
        self.honor_cache: dict[tuple[object, ...], tuple[tuple[int, ...], tuple[bool, ...]]] = {}
        # Emerald Empire chains found within a set of provinces (`emerald_chain`), by the set:
        # the search asks about the same holdings again and again.
        self.chain_cache: dict[frozenset[int], tuple[int, ...] | None] = {}
        # Territory-card plays that depend only on which provinces are free (`cards.py`).
        self.card_cache: dict[tuple[object, ...], list[object]] = {}
        # Shared action objects, so legal-move generation does not rebuild them:
        # action_cache[label][slot] is the Place action of token `label` on `slot`.
        self.action_cache: dict[str, tuple[object, ...]] = {
            label: tuple(Place(label, t) for t in text) for label in LABEL_KIND
        }
        # blessing_cache[label][serial]: the Place action of Blessing `label` on token #serial.
        self.blessing_cache: dict[str, list[object]] = {}
        self._deal(t_index)

    def _deal(self, t_index: dict[str, int]) -> None:
        """Clans, clan lands, territory cards and objectives of this map (see `setup.py`)."""
        # The clans that can be played here: those with a capital, in clan order.
        self.playable_clans: tuple[int, ...] = tuple(sorted(self.capital_of_clan))
        # A clan's lands, which its objective names: the territory with the clan's id,
        # else the territory holding its capital.
        lands = []
        for c, name in enumerate(CLANS):
            cap = self.capital_of_clan.get(c)
            lands.append(t_index.get(name, self.territory[cap] if cap is not None else -1))
        self.clan_territory: tuple[int, ...] = tuple(lands)
        has_inland = not all(self.coastal)
        cards: list[tuple[str, ...] | None] = []
        for t, tid in enumerate(self.territory_ids):
            pair = TERRITORY_CARDS.get(tid)
            if pair is None:  # a custom territory: the cards of the clan whose lands it is
                clan = next((c for c, u in enumerate(lands) if u == t), None)
                pair = TERRITORY_CARDS[CLANS[clan]] if clan is not None else None
            allowed = tuple(
                card
                for card in pair or ()
                if (card not in SHADOWLANDS_CARDS or self.territory_shadowlands[t])
                and (card != "feats_of_engineering" or has_inland)
            )
            cards.append(allowed or None)
        self.territory_cards: tuple[tuple[str, ...] | None, ...] = tuple(cards)
        self.objective_deck: tuple[int, ...] = tuple(
            o for o in range(len(OBJECTIVES)) if self.objective_witness(o) is not None
        )

    def objective_witness(self, objective: int) -> tuple[int, ...] | None:
        """Provinces whose control alone meets `objective` on this map, or None when no
        set of provinces does (such an objective is not dealt here). For the Way of
        Humility it is the empty set: holding nothing ties for the fewest."""
        clan = OBJECTIVE_CLAN.get(objective)
        if clan is not None:
            cap = self.capital_of_clan.get(clan)
            if cap is not None:
                return (cap,)
            t = self.clan_territory[clan]
            members = self.territory_members[t] if t >= 0 else ()
            return members[:LANDS_PROVINCES] if len(members) >= LANDS_PROVINCES else None
        if objective == WAY_OF_THE_SAIL:
            coast = tuple(q for q in range(self.n) if self.coastal[q])
            return coast[:SAIL_PROVINCES] if len(coast) >= SAIL_PROVINCES else None
        if objective == WEB_OF_INFLUENCE:
            one_each = tuple(m[0] for m in self.territory_members if m)
            return one_each[:WEB_TERRITORIES] if len(one_each) >= WEB_TERRITORIES else None
        if objective == WAY_OF_HUMILITY:
            return ()
        if objective == LOST_LANDS:
            lands = tuple(q for q in range(self.n) if self.shadowlands[q])
            return lands or None
        if objective == EMERALD_EMPIRE:
            return self.emerald_chain()
        return None

    def emerald_chain(self, among: set[int] | None = None) -> tuple[int, ...] | None:
        """A chain of 6 distinct provinces, each a neighbour of the next, touching 3
        territories (provinces of no territory touch none), within `among` (default: the
        whole map); None when there is none."""
        terr = self.territory
        allowed = set(range(self.n)) if among is None else among
        if len({terr[q] for q in allowed} - {-1}) < CHAIN_TERRITORIES:
            return None
        key = frozenset(allowed)
        cache = self.chain_cache
        if key in cache:
            return cache[key]
        if len(cache) > 4096:
            cache.clear()
        found = cache[key] = self._find_chain(allowed)
        return found

    def _find_chain(self, allowed: set[int]) -> tuple[int, ...] | None:
        """`emerald_chain` by a depth-first walk (uncached)."""
        terr = self.territory
        path: list[int] = []
        kinds: set[int] = set()

        def walk() -> bool:
            if len(path) == CHAIN_PROVINCES:
                return len(kinds) >= CHAIN_TERRITORIES
            if len(kinds) + CHAIN_PROVINCES - len(path) < CHAIN_TERRITORIES:
                return False  # too few provinces left to reach the third territory
            for r in self.neighbors[path[-1]]:
                if r in allowed and r not in path:
                    new = terr[r] >= 0 and terr[r] not in kinds
                    path.append(r)
                    if new:
                        kinds.add(terr[r])
                    if walk():
                        return True
                    path.pop()
                    if new:
                        kinds.discard(terr[r])
            return False

        for q in sorted(allowed):
            path[:] = [q]
            kinds.clear()
            if terr[q] >= 0:
                kinds.add(terr[q])
            if walk():
                return tuple(path)
        return None

    def is_land_slot(self, slot: int) -> bool:
        """True for a slot on a land border."""
        return self.n <= slot < self.n + 2 * self.n_land

    def is_coastal_slot(self, slot: int) -> bool:
        """True for a slot on a coastal border."""
        return slot >= self.n + 2 * self.n_land


_BOARDS: dict[int, Board] = {}


def _count(value: object) -> int:
    """A whole-number attribute (flowers, defense); 0 when absent or of another kind, which
    `maps.validate` reports with its fix (the board of a map in the making must not fail)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def board_for(graph: MapGraph) -> Board:
    """The (cached) board of `graph`."""
    key = id(graph)
    board = _BOARDS.get(key)
    if board is None or board.graph is not graph:
        if len(_BOARDS) >= 32:  # boards keep their graphs alive; do not hoard them
            _BOARDS.clear()
        board = _BOARDS[key] = Board(graph)
    return board
