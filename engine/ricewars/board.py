"""A Rice Wars board from a map graph: fields, adjacency bitmasks, palace sites, the
blessed field, the round track and the side's facts (`graph.attrs`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.graph import MapGraph

SYMBOLS = ("income3", "auction", "card", "attack1")

DEFAULT_TRACKS = {
    "quick": (
        ("income3",),
        ("auction",),
        ("card",),
        ("income3",),
        ("auction",),
        ("attack1",),
        ("attack1",),
    ),
    "epic": (
        ("income3",),
        ("auction",),
        ("card",),
        ("income3",),
        ("attack1",),
        ("auction",),
        ("card",),
        ("attack1",),
    ),
}
DEFAULT_PLAYERS = {"quick": (2, 4), "epic": (3, 5)}
DEFAULT_START_PEASANTS = {"quick": 2, "epic": 3}


@dataclass(frozen=True, slots=True)
class Board:
    """The fields of a Rice Wars map and the facts of its side."""

    graph: MapGraph
    ids: tuple[str, ...]
    names: tuple[str, ...]
    index: dict[str, int]
    adj: tuple[int, ...]  # neighbour bitmask per field
    dist: tuple[tuple[int, ...], ...]  # fields between, by land (BFS steps)
    sites: tuple[int, ...]  # palace sites
    blessed: tuple[int, ...]  # Ryo a connected peasant there earns (0: an ordinary field)
    side: str
    rounds: int
    track: tuple[frozenset[str], ...]  # symbols of round 1..rounds
    start_peasants: int
    players: tuple[int, int]
    spread_tables: tuple[tuple[int, ...], ...] = ()  # neighbour unions of 8-field chunks
    blessed_extra: tuple[tuple[int, int], ...] = ()  # (field, Ryo beyond 1) of blessed fields
    n: int = 0  # number of fields
    full: int = 0  # every field (bitmask)
    field_bits: int = 8  # bits that hold a field's index in a palace group's key
    groups: dict[int, tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)
    """The peasant rule's palace groups met so far (`engine.ricewars.peasants`)."""

    def spread(self, mask: int) -> int:
        """Every field next to a field of `mask` (the union of their neighbour masks)."""
        out = 0
        shift = 0
        for table in self.spread_tables:
            chunk = (mask >> shift) & 0xFF
            if chunk:
                out |= table[chunk]
            shift += 8
        return out


def _spread_tables(adj: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    tables = []
    for base in range(0, len(adj), 8):
        table = [0] * 256
        for chunk in range(1, 256):
            low = chunk & -chunk
            i = base + low.bit_length() - 1
            table[chunk] = table[chunk ^ low] | (adj[i] if i < len(adj) else 0)
        tables.append(tuple(table))
    return tuple(tables)


def _distances(adj: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    n = len(adj)
    out = []
    for s in range(n):
        d = [n + 1] * n
        d[s] = 0
        queue = deque([s])
        while queue:
            u = queue.popleft()
            for v in adj[u]:
                if d[v] > d[u] + 1:
                    d[v] = d[u] + 1
                    queue.append(v)
        out.append(tuple(d))
    return tuple(out)


def _side(graph: MapGraph, attrs: dict[str, Any]) -> str:
    side = attrs.get("side")
    if side in ("quick", "epic"):
        return side
    return "epic" if len(graph.provinces) > 48 else "quick"


def is_palace_site(attrs: Mapping[str, object]) -> bool:
    """Whether a field's attributes make it a palace site (`palace_site: true`; a value of
    another kind is `maps.validate`'s error, and no site)."""
    return attrs.get("palace_site") is True


def blessed_ryo(attrs: Mapping[str, object]) -> int:
    """The Ryo of a blessed field (`blessed: N`, N >= 1), else 0 (a value of another kind is
    `maps.validate`'s error)."""
    value = attrs.get("blessed")
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


_CACHE: dict[str, Board] = {}


def board_for(graph: MapGraph) -> Board:
    """The board of `graph` (cached by the map's hash); ValueError on a bad round track."""
    cached = _CACHE.get(graph.hash)
    if cached is not None and cached.graph is graph:
        return cached
    attrs = dict(graph.attrs)
    side = _side(graph, attrs)
    ids = tuple(p.id for p in graph.provinces)
    index = {pid: i for i, pid in enumerate(ids)}
    nbrs = [[index[q] for q in p.neighbors if q in index] for p in graph.provinces]
    adj = tuple(sum(1 << q for q in row) for row in nbrs)
    sites = tuple(i for i, p in enumerate(graph.provinces) if is_palace_site(p.attrs))
    if not sites:
        raise ValueError(f"map {graph.id!r} has no palace site (palace_site: true)")
    blessed = tuple(blessed_ryo(p.attrs) for p in graph.provinces)
    raw_track = attrs.get("round_track") or DEFAULT_TRACKS[side]
    rounds = int(attrs.get("rounds", len(raw_track)))
    if len(raw_track) != rounds:
        raise ValueError(
            f"map {graph.id!r}: round_track has {len(raw_track)} rounds but rounds is {rounds}"
        )
    track = []
    for r, symbols in enumerate(raw_track, start=1):
        bad = [s for s in symbols if s not in SYMBOLS]
        if bad:
            raise ValueError(
                f"map {graph.id!r}: round {r} has unknown symbol(s) {bad}; use {SYMBOLS}"
            )
        track.append(frozenset(symbols))
    players = tuple(attrs.get("players") or DEFAULT_PLAYERS[side])
    board = Board(
        graph=graph,
        ids=ids,
        names=tuple(p.name for p in graph.provinces),
        index=index,
        adj=adj,
        dist=_distances(nbrs),
        sites=sites,
        blessed=blessed,
        side=side,
        rounds=rounds,
        track=tuple(track),
        start_peasants=int(attrs.get("start_peasants", DEFAULT_START_PEASANTS[side])),
        players=(int(players[0]), int(players[1])),
        spread_tables=_spread_tables(adj),
        blessed_extra=tuple((f, ryo - 1) for f, ryo in enumerate(blessed) if ryo),
        n=len(ids),
        full=(1 << len(ids)) - 1,
        field_bits=max(8, (len(ids) - 1).bit_length()),
    )
    _CACHE[graph.hash] = board
    return board
