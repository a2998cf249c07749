"""Build the shipped Rokugan map, maps/data/rokugan.yaml, deterministically.

Run ``python -m maps.tools.build_rokugan`` (``--check`` only verifies, ``-o PATH`` writes
elsewhere, ``--report`` prints each province's size and shape figures). The drawing is ours;
only the topology is the published board's. docs/map-rokugan.png is the file's
``daimyo map export`` SVG rendered at 600 x 900 pixels.

How the map is made:

1. Coasts: a hand-drawn mainland coastline (from off the west edge to off the east edge) and
   an island outline get fractal detail by midpoint displacement, never crossing themselves.
2. Vertices: one per province (its centre, near the published approximate xy), "sea" points
   just offshore along the coasts and over the open sea, and "ghost" points beyond the west
   and north edges (the land runs off the board there; the map edge is not sea).
3. A Delaunay triangulation of those vertices is edge-flipped until its province-province
   edges are exactly the published land borders and only coastal provinces touch sea points.
4. Its weighted barycentric dual is a planar partition with exactly the triangulation's
   adjacency: each province-province edge gives one border arc (junction, point on the edge,
   junction; junctions are jittered so provinces are not round cells). Every arc is roughened
   once, so both provinces get the same coordinates. Arcs that run out to sea are cut where
   they cross the coast, and the crossing point is inserted into the coastline as well.
5. Arcs, coastlines and the map frame are polygonized; each face is named by the province
   centre it holds, the one face on the sea side is the sea; coordinates are rounded to 0.1.
6. A checker diffs the result against the published topology, and maps.geometry and
   maps.validate must agree, before anything is written. The checker is stricter than the
   map format (which makes any shared line a border, FORMAT.md): for a board read at a
   glance, every published border and every coast must be at least `BORDER_MIN` (1 % of
   the larger side) long, each coastal province has one connected stretch of coast, and
   non-neighbours do not touch at all, nor inland provinces the sea.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import shapely
from shapely.geometry import LineString, MultiLineString, MultiPoint, Point, Polygon, box
from shapely.ops import linemerge, polygonize, polylabel, unary_union

from maps.api import MapFile, Sea, SeaPolygon, save_map
from maps.api import Province as MapProvince
from maps.api import Territory as MapTerritory
from maps.geometry import derive
from maps.validate import validate

Coord = tuple[float, float]

OUTPUT = Path(__file__).resolve().parents[1] / "data" / "rokugan.yaml"
WIDTH, HEIGHT = 600.0, 900.0
EXTENT = (0.0, 0.0, WIDTH, HEIGHT)
BORDER_MIN = 0.01 * max(WIDTH, HEIGHT)  # this drawing's own shortest border (design rule)
SEED = "rokugan-map-1"

SEA, GHOST = "@sea", "@ghost"
SEA_NAME = "Sea of Amaterasu"
OUTLINE_ROUGHNESS = 0.26
COAST_HURST = 0.75
OUTLINE_DETAIL = 2.5  # coast segments are at most this long
BORDER_ROUGHNESS = 0.14
BORDER_HURST = 0.8
JITTER = 0.35  # how far junctions stray from the weighted centres
BORDER_DETAIL = 5.0


@dataclass(frozen=True, slots=True)
class Territory:
    """A territory as written to the file."""

    id: str
    name: str
    colour: str


@dataclass(frozen=True, slots=True)
class Province:
    """One province: published facts plus our name, design centre and cell weight."""

    id: str
    name: str
    territory: str
    flowers: int
    capital: bool
    defense: int
    centre: Coord
    weight: float = 1.0


TERRITORIES: tuple[Territory, ...] = (
    Territory("crab", "Crab Clan", "#8c9aab"),
    Territory("crane", "Crane Clan", "#dde7f2"),
    Territory("dragon", "Dragon Clan", "#8fb08a"),
    Territory("lion", "Lion Clan", "#e4c867"),
    Territory("phoenix", "Phoenix Clan", "#df8a5e"),
    Territory("scorpion", "Scorpion Clan", "#b9585e"),
    Territory("unicorn", "Unicorn Clan", "#a48bbd"),
    Territory("gold_neutral", "Golden Plains", "#bf9550"),
    Territory("islands_neutral", "Pearl Islands", "#79b3aa"),
    Territory("shadowlands_north", "Shadowlands North", "#6e6379"),
    Territory("shadowlands_south", "Shadowlands South", "#4f4a5c"),
)

# Centres start from the published approximate xy (scaled to the extent), nudged for room.
PROVINCES: tuple[Province, ...] = (
    Province("SL_N", "Yomigawa", "shadowlands_north", 0, False, 1, (50, 585)),
    Province("SL_S", "Kurohama", "shadowlands_south", 0, False, 1, (95, 745)),
    Province("CRAB_C", "Iwagaki", "crab", 2, True, 2, (205, 690)),
    Province("CRAB_1", "Sabiyama", "crab", 1, False, 0, (72, 410)),
    Province("CRAB_2", "Tetsuno", "crab", 2, False, 0, (168, 548)),
    Province("CRAB_3", "Kanaiso", "crab", 3, False, 0, (190, 432)),
    Province("GOLD_3C", "Koganeura", "gold_neutral", 3, False, 0, (270, 680)),
    Province("GOLD_3I", "Inahoda", "gold_neutral", 3, False, 0, (262, 545)),
    Province("GOLD_2", "Hoshizaki", "gold_neutral", 2, False, 0, (350, 575)),
    Province("CRANE_C", "Shirasagi", "crane", 2, True, 2, (410, 345)),
    Province("CRANE_2", "Tsurumi", "crane", 2, False, 0, (370, 410)),
    Province("CRANE_3", "Mizuhara", "crane", 3, False, 0, (305, 468)),
    Province("SCORP_C", "Kagemori", "scorpion", 2, True, 2, (278, 385)),
    Province("SCORP_1", "Harisawa", "scorpion", 1, False, 0, (140, 322)),
    Province("SCORP_3", "Nagareishi", "scorpion", 3, False, 0, (235, 300)),
    Province("LION_C", "Shishimine", "lion", 2, True, 2, (335, 298)),
    Province("LION_W", "Kinugahara", "lion", 2, False, 0, (250, 200)),
    Province("LION_E", "Akatsuki", "lion", 2, False, 0, (440, 240)),
    Province("UNI_C", "Fujikaze", "unicorn", 2, True, 2, (110, 158)),
    Province("UNI_1", "Kazahaya", "unicorn", 1, False, 0, (72, 250)),
    Province("UNI_3", "Murasakino", "unicorn", 3, False, 0, (178, 232)),
    Province("DRAGON_C", "Ryugamine", "dragon", 2, True, 2, (318, 140)),
    Province("DRAGON_1", "Kumotaki", "dragon", 1, False, 0, (190, 90)),
    Province("DRAGON_3", "Takanosu", "dragon", 3, False, 0, (348, 215)),
    Province("PHX_C", "Homurado", "phoenix", 2, True, 2, (405, 100)),
    Province("PHX_2", "Akabane", "phoenix", 2, False, 0, (478, 85)),
    Province("PHX_1", "Hinodezaki", "phoenix", 1, False, 0, (548, 110)),
    Province("ISL_2", "Shiosai", "islands_neutral", 2, False, 0, (500, 615)),
    Province("ISL_1A", "Uminari", "islands_neutral", 1, False, 0, (410, 715)),
    Province("ISL_1B", "Kaigarajima", "islands_neutral", 1, False, 0, (478, 725)),
)

# The published land borders (64) and coastal provinces (12).
# fmt: off
LAND_BORDERS: frozenset[tuple[str, str]] = frozenset(
    tuple(sorted(pair))  # type: ignore[misc]
    for pair in (
        ("CRAB_1", "CRAB_2"), ("CRAB_1", "CRAB_3"), ("CRAB_1", "SCORP_1"), ("CRAB_1", "SL_N"),
        ("CRAB_1", "UNI_1"), ("CRAB_2", "CRAB_3"), ("CRAB_2", "CRAB_C"), ("CRAB_2", "GOLD_3C"),
        ("CRAB_2", "GOLD_3I"), ("CRAB_2", "SL_N"), ("CRAB_3", "CRANE_3"), ("CRAB_3", "GOLD_3I"),
        ("CRAB_3", "SCORP_1"), ("CRAB_3", "SCORP_C"), ("CRAB_C", "GOLD_3C"), ("CRAB_C", "SL_N"),
        ("CRAB_C", "SL_S"), ("CRANE_2", "CRANE_3"), ("CRANE_2", "CRANE_C"),
        ("CRANE_2", "LION_C"), ("CRANE_2", "SCORP_C"), ("CRANE_3", "GOLD_2"),
        ("CRANE_3", "GOLD_3I"), ("CRANE_3", "SCORP_C"), ("CRANE_C", "LION_C"),
        ("CRANE_C", "LION_E"), ("DRAGON_1", "DRAGON_C"), ("DRAGON_1", "LION_W"),
        ("DRAGON_1", "UNI_C"), ("DRAGON_3", "DRAGON_C"), ("DRAGON_3", "LION_C"),
        ("DRAGON_3", "LION_E"), ("DRAGON_3", "LION_W"), ("DRAGON_3", "PHX_C"),
        ("DRAGON_C", "LION_W"), ("DRAGON_C", "PHX_C"), ("GOLD_2", "GOLD_3C"),
        ("GOLD_2", "GOLD_3I"), ("GOLD_3C", "GOLD_3I"), ("ISL_1A", "ISL_1B"),
        ("ISL_1A", "ISL_2"), ("ISL_1B", "ISL_2"), ("LION_C", "LION_E"), ("LION_C", "LION_W"),
        ("LION_C", "SCORP_3"), ("LION_C", "SCORP_C"), ("LION_E", "PHX_1"), ("LION_E", "PHX_2"),
        ("LION_E", "PHX_C"), ("LION_W", "SCORP_3"), ("LION_W", "UNI_3"), ("LION_W", "UNI_C"),
        ("PHX_1", "PHX_2"), ("PHX_2", "PHX_C"), ("SCORP_1", "SCORP_3"), ("SCORP_1", "SCORP_C"),
        ("SCORP_1", "UNI_1"), ("SCORP_1", "UNI_3"), ("SCORP_3", "SCORP_C"),
        ("SCORP_3", "UNI_3"), ("SL_N", "SL_S"), ("UNI_1", "UNI_3"), ("UNI_1", "UNI_C"),
        ("UNI_3", "UNI_C"),
    )
)
# fmt: on
COASTAL: frozenset[str] = frozenset(
    {"SL_S", "CRAB_C", "GOLD_3C", "GOLD_2", "CRANE_3", "CRANE_2", "CRANE_C", "LION_E", "PHX_1"}
    | {"ISL_2", "ISL_1A", "ISL_1B"}
)

# Hand-drawn mainland coast, from off the west edge to off the north edge (x east, y south).
# fmt: off
MAINLAND_COAST: tuple[Coord, ...] = (
    (-40, 830), (12, 826), (28, 850), (44, 876), (66, 868), (84, 842), (104, 850),
    (128, 832), (140, 806), (152, 786), (170, 800), (184, 822), (206, 830), (222, 858),
    (240, 846), (248, 818), (266, 806), (290, 822), (306, 846), (322, 838), (324, 808),
    (338, 776), (346, 744), (362, 716), (378, 692), (400, 672), (418, 648), (432, 628),
    (426, 606), (414, 590), (432, 566), (424, 546), (398, 550), (372, 546), (350, 534),
    (332, 516), (316, 492), (324, 474), (344, 462), (376, 466), (402, 458), (424, 440),
    (440, 418), (466, 404), (494, 392), (522, 382), (516, 360), (490, 352), (478, 334),
    (486, 312), (490, 280), (514, 266), (540, 258), (562, 236), (572, 206), (566, 182),
    (576, 156), (592, 138), (588, 112), (604, 96), (640, 92),
)
# Hand-drawn outline of the island (closed ring).
ISLAND: tuple[Coord, ...] = (
    (470, 588), (488, 570), (512, 566), (534, 578), (548, 600), (570, 616), (562, 642),
    (548, 662), (552, 688), (566, 710), (556, 738), (534, 760), (512, 754), (494, 772),
    (472, 780), (450, 768), (426, 774), (400, 776), (380, 760), (364, 740), (372, 716),
    (394, 704), (416, 694), (434, 674), (450, 652), (462, 622),
)
# fmt: on
SEA_OFFSET = 7.0  # sea points sit this far off the (roughened) drawn coast
SEA_SPACING = 9.0
SEA_WEIGHT = 0.01
GHOST_WEIGHT = 0.05


# ----------------------------------------------------------------------------- vertices
@dataclass(slots=True)
class Vertex:
    """A triangulation vertex: a province centre, a sea point or a ghost point."""

    label: str
    xy: Coord
    weight: float


@dataclass(slots=True)
class Coast:
    """The drawn coastlines: the mainland's (open, off-board at both ends) and the island's."""

    mainland: list[Coord]
    island: list[Coord]  # closed ring, first point repeated at the end

    @property
    def land(self) -> Polygon:
        """Everything on the land side of the coasts (reaching far off the board)."""
        far = 400.0
        line = self.mainland
        mainland = Polygon(line + [(line[-1][0], -far), (-far, -far), (-far, line[0][1])])
        return unary_union([mainland, Polygon(self.island)])

    def lines(self) -> list[LineString]:
        """Both coastlines as lines."""
        return [LineString(self.mainland), LineString(self.island)]


def build_coast() -> Coast:
    """The hand-drawn coasts with fractal detail down to a few map units."""
    coast = Coast(
        rough_outline(MAINLAND_COAST, "mainland", closed=False),
        rough_outline(ISLAND, "island", closed=True),
    )
    for line in coast.lines():
        if not line.is_simple:
            raise RuntimeError("a roughened coastline crosses itself; change SEED or roughness")
    return coast


def build_vertices(coast: Coast) -> list[Vertex]:
    """Province centres, sea points along the coasts and in open sea, ghosts off the edges."""
    vertices = [Vertex(p.id, p.centre, p.weight) for p in PROVINCES]
    land = coast.land
    reach = box(-45, -45, WIDTH + 45, HEIGHT + 45)
    sea_pts: list[Coord] = []
    outlines = list(shapely.get_parts(land))
    if len(outlines) != 2:
        raise RuntimeError("the island touches the mainland; redraw ISLAND or MAINLAND_COAST")
    for outline in outlines:
        ring = outline.buffer(SEA_OFFSET, join_style="round").exterior
        n = max(3, int(ring.length / SEA_SPACING))
        for i in range(n):
            pt = ring.interpolate(i * ring.length / n)
            if reach.contains(pt) and pt.x > -1 and pt.y > -1:
                sea_pts.append((pt.x, pt.y))
    rng = random.Random(f"{SEED}:sea")
    step = 55.0
    y = -40.0
    while y < HEIGHT + 60:
        x = -40.0
        while x < WIDTH + 60:
            pt = Point(x + rng.uniform(-12, 12), y + rng.uniform(-12, 12))
            if land.distance(pt) > 45 and not land.contains(pt):
                sea_pts.append((pt.x, pt.y))
            x += step
        y += step
    vertices += [Vertex(SEA, xy, SEA_WEIGHT) for xy in sea_pts]
    ghosts: list[Coord] = []
    coast_west_y = MAINLAND_COAST[0][1]
    end_x, end_y = MAINLAND_COAST[-1]
    for gy in _steps(-60.0, coast_west_y - 50, 45.0):
        ghosts.append((-60.0, gy))
    if end_x > WIDTH:  # the coast leaves by the east edge: land runs off the north-east corner
        ghosts += [(gx, -60.0) for gx in _steps(-15.0, WIDTH + 60, 45.0)]
        ghosts += [(WIDTH + 60, gy) for gy in _steps(-15.0, end_y - 50, 45.0)]
    else:
        ghosts += [(gx, -60.0) for gx in _steps(-15.0, end_x - 60, 45.0)]
    vertices += [Vertex(GHOST, xy, GHOST_WEIGHT) for xy in ghosts]
    return vertices


def rough_outline(points: Sequence[Coord], name: str, closed: bool) -> list[Coord]:
    """A hand-drawn outline with fractal detail added (deterministic, never self-crossing).

    Each drawn segment is roughened on its own; a segment whose detail would cross the
    outline drawn so far is redrawn calmer.
    """
    pts = list(points) + ([points[0]] if closed else [])
    out: list[Coord] = []
    last = len(pts) - 2
    for i, (p, q) in enumerate(zip(pts, pts[1:], strict=False)):
        rel = OUTLINE_ROUGHNESS
        while True:
            rng = random.Random(f"{SEED}:outline:{name}:{i}:{rel:.4f}")
            piece = _displace(p, q, rng, rel, OUTLINE_DETAIL, COAST_HURST)
            trial = out + piece + [q]
            if i == last and closed:
                ok = Polygon(trial).is_valid
            else:
                ok = LineString(trial).is_simple
            if ok or rel < 0.01:
                break
            rel *= 0.7
        out += piece
    out.append(pts[-1])
    return out


def _steps(start: float, stop: float, step: float) -> Iterable[float]:
    n = max(1, round((stop - start) / step))
    return (start + i * (stop - start) / n for i in range(n + 1))


# ----------------------------------------------------------------------------- triangulation
Tri = tuple[int, int, int]


def _orient(a: Coord, b: Coord, c: Coord) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _crosses(a: Coord, b: Coord, c: Coord, d: Coord) -> bool:
    """True when open segments ab and cd properly cross."""
    o1, o2 = _orient(a, b, c), _orient(a, b, d)
    o3, o4 = _orient(c, d, a), _orient(c, d, b)
    return o1 * o2 < 0 and o3 * o4 < 0


class Triangulation:
    """A mutable triangulation over fixed vertices, with edge flips."""

    def __init__(self, points: Sequence[Coord], triangles: Iterable[Tri]) -> None:
        self.points = list(points)
        self.triangles: set[Tri] = set()
        self.edges: dict[tuple[int, int], set[Tri]] = {}
        for tri in triangles:
            self._add(tri)

    @staticmethod
    def _key(tri: Sequence[int]) -> Tri:
        a, b, c = sorted(tri)
        return (a, b, c)

    def _add(self, tri: Sequence[int]) -> None:
        key = self._key(tri)
        self.triangles.add(key)
        for e in ((key[0], key[1]), (key[0], key[2]), (key[1], key[2])):
            self.edges.setdefault(e, set()).add(key)

    def _remove(self, key: Tri) -> None:
        self.triangles.discard(key)
        for e in ((key[0], key[1]), (key[0], key[2]), (key[1], key[2])):
            self.edges[e].discard(key)
            if not self.edges[e]:
                del self.edges[e]

    def has_edge(self, a: int, b: int) -> bool:
        """True when a and b are joined by an edge."""
        return (min(a, b), max(a, b)) in self.edges

    def opposite(self, a: int, b: int) -> list[int]:
        """The vertices opposite edge ab (one or two)."""
        tris = self.edges.get((min(a, b), max(a, b)), set())
        return [next(v for v in t if v not in (a, b)) for t in tris]

    def flip(self, a: int, b: int) -> bool:
        """Flip edge ab when its quadrilateral is convex; report success."""
        opp = self.opposite(a, b)
        if len(opp) != 2:
            return False
        c, d = opp
        p = self.points
        if not _crosses(p[a], p[b], p[c], p[d]):
            return False
        self._remove(self._key((a, b, c)))
        self._remove(self._key((a, b, d)))
        self._add((c, d, a))
        self._add((c, d, b))
        return True


def delaunay(vertices: Sequence[Vertex]) -> Triangulation:
    """The Delaunay triangulation of the vertices (shapely/GEOS)."""
    index = {v.xy: i for i, v in enumerate(vertices)}
    if len(index) != len(vertices):
        raise RuntimeError("two vertices share a position; move a province centre")
    tris = []
    for poly in shapely.delaunay_triangles(MultiPoint([v.xy for v in vertices])).geoms:
        tris.append(tuple(index[c] for c in poly.exterior.coords[:3]))
    return Triangulation([v.xy for v in vertices], tris)


def _edge_kind(a: Vertex, b: Vertex) -> str:
    """'required', 'forbidden' or 'free' for an edge between two vertices."""
    la, lb = a.label, b.label
    pa, pb = not la.startswith("@"), not lb.startswith("@")
    if pa and pb:
        return "required" if tuple(sorted((la, lb))) in LAND_BORDERS else "forbidden"
    if pa or pb:
        prov, other = (la, lb) if pa else (lb, la)
        if other == SEA and prov not in COASTAL:
            return "forbidden"
        if other == GHOST and prov.startswith("ISL"):
            return "forbidden"
    return "free"


def enforce_topology(tri: Triangulation, vertices: Sequence[Vertex]) -> list[str]:
    """Flip edges until the triangulation has the published topology; list what is left."""
    index = {v.label: i for i, v in enumerate(vertices) if not v.label.startswith("@")}
    problems: list[str] = []
    for la, lb in sorted(LAND_BORDERS):
        a, b = index[la], index[lb]
        for _ in range(200):
            if tri.has_edge(a, b):
                break
            crossing = [
                e
                for e in tri.edges
                if a not in e
                and b not in e
                and _crosses(tri.points[a], tri.points[b], tri.points[e[0]], tri.points[e[1]])
            ]
            flippable = [
                e for e in crossing if _edge_kind(vertices[e[0]], vertices[e[1]]) != "required"
            ]
            if not any(tri.flip(*e) for e in flippable):
                break
        if not tri.has_edge(a, b):
            problems.append(f"missing edge {la}|{lb}")
    for _ in range(50):
        bad = [
            e
            for e in sorted(tri.edges)
            if _edge_kind(vertices[e[0]], vertices[e[1]]) == "forbidden"
        ]
        if not bad:
            break
        changed = False
        for a, b in bad:
            opp = tri.opposite(a, b)
            if len(opp) == 2 and _edge_kind(vertices[opp[0]], vertices[opp[1]]) != "forbidden":
                changed |= tri.flip(a, b)
        if not changed:
            break
    for a, b in sorted(tri.edges):
        if _edge_kind(vertices[a], vertices[b]) == "forbidden":
            problems.append(f"forbidden edge {vertices[a].label}|{vertices[b].label}")
    return problems


# ----------------------------------------------------------------------------- dual and arcs
@dataclass(slots=True)
class Arc:
    """The border line between two provinces, as a polyline."""

    provinces: tuple[str, str]
    coords: list[Coord]


def _tri_point(tri: Tri, vertices: Sequence[Vertex]) -> Coord:
    """The junction inside a triangle: a weighted centre, jittered so cells are not round."""
    rng = random.Random(f"{SEED}:junction:{sorted(vertices[i].label for i in tri)}:{tri}")
    ws = [rng.uniform(1 - JITTER, 1 + JITTER) / vertices[i].weight for i in tri]
    total = sum(ws)
    x = sum(w * vertices[i].xy[0] for w, i in zip(ws, tri, strict=True)) / total
    y = sum(w * vertices[i].xy[1] for w, i in zip(ws, tri, strict=True)) / total
    return (x, y)


def _edge_point(a: Vertex, b: Vertex) -> Coord:
    """The point where a border crosses a triangulation edge, jittered along it."""
    rng = random.Random(f"{SEED}:edge:{a.label}:{a.xy}:{b.label}:{b.xy}")
    t = a.weight / (a.weight + b.weight) + rng.uniform(-JITTER, JITTER) * 0.3
    return (a.xy[0] + t * (b.xy[0] - a.xy[0]), a.xy[1] + t * (b.xy[1] - a.xy[1]))


def dual_arcs(tri: Triangulation, vertices: Sequence[Vertex]) -> list[Arc]:
    """One arc per land border: the dual edge of each province-province edge.

    Arcs towards the sea end near a sea point, beyond the coast; arcs towards the map edge
    end near a ghost point, beyond the edge.
    """
    arcs: list[Arc] = []
    for (a, b), tris in sorted(tri.edges.items()):
        va, vb = vertices[a], vertices[b]
        if va.label.startswith("@") or vb.label.startswith("@"):
            continue
        mid = _edge_point(va, vb)
        ends = [_tri_point(t, vertices) for t in sorted(tris)]
        arcs.append(Arc((va.label, vb.label), [ends[0], mid, *ends[1:]]))
    return arcs


def _displace(
    a: Coord, b: Coord, rng: random.Random, rel: float, min_len: float, hurst: float = 1.0
) -> list[Coord]:
    """Midpoint displacement between a and b (a included, b excluded).

    The midpoint moves sideways by up to ``rel * length`` at 20 map units, scaled by
    ``(length / 20) ** (hurst - 1)``: a Hurst exponent below 1 roughens the finer scales more.
    """
    length = math.dist(a, b)
    if length < min_len:
        return [a]
    nx, ny = (a[1] - b[1]) / length, (b[0] - a[0]) / length
    off = rng.uniform(-1.0, 1.0) * rel * length * (length / 20.0) ** (hurst - 1.0)
    mid = ((a[0] + b[0]) / 2 + nx * off, (a[1] + b[1]) / 2 + ny * off)
    return _displace(a, mid, rng, rel, min_len, hurst) + _displace(mid, b, rng, rel, min_len, hurst)


def roughen(arc: Arc, scale: float) -> list[Coord]:
    """The arc with deterministic fractal detail; scale 0 leaves it straight."""
    a, b = sorted(arc.provinces)
    rng = random.Random(f"{SEED}:{a}|{b}")
    out: list[Coord] = []
    for p, q in zip(arc.coords, arc.coords[1:], strict=False):
        out += _displace(p, q, rng, BORDER_ROUGHNESS * scale, BORDER_DETAIL, BORDER_HURST)
    out.append(arc.coords[-1])
    return out


def roughen_all(arcs: Sequence[Arc], coast: Coast) -> list[list[Coord]]:
    """Roughen every arc, calming arcs that cross another, themselves, or a coast twice."""
    scales = [1.0] * len(arcs)
    coast_lines = coast.lines()
    for _ in range(12):
        lines = [LineString(roughen(arc, s)) for arc, s in zip(arcs, scales, strict=True)]
        tree = shapely.STRtree(lines)
        bad: set[int] = set()
        for i, line in enumerate(lines):
            if not line.is_simple:
                bad.add(i)
            crossings = sum(
                len(shapely.get_parts(line.intersection(c)))
                for c in coast_lines
                if line.intersects(c)
            )
            if crossings > 1:
                bad.add(i)
            for j in tree.query(line, predicate="intersects"):
                if j <= i:
                    continue
                inter = line.intersection(lines[j])
                ends = {line.coords[0], line.coords[-1]} & {
                    lines[j].coords[0],
                    lines[j].coords[-1],
                }
                if any(
                    g.geom_type != "Point" or (g.x, g.y) not in ends
                    for g in shapely.get_parts(inter)
                ):
                    bad.update((i, int(j)))
        if not bad:
            return [list(line.coords) for line in lines]
        for i in bad:
            scales[i] *= 0.6
    raise RuntimeError("arcs still cross after calming")


def _segment_hit(p: Coord, q: Coord, c: Coord, d: Coord) -> tuple[float, float] | None:
    """Parameters (t on pq, u on cd) where the segments cross, or None."""
    rx, ry = q[0] - p[0], q[1] - p[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    den = rx * sy - ry * sx
    if den == 0:
        return None
    t = ((c[0] - p[0]) * sy - (c[1] - p[1]) * sx) / den
    u = ((c[0] - p[0]) * ry - (c[1] - p[1]) * rx) / den
    if 0 <= t <= 1 and 0 <= u <= 1:
        return t, u
    return None


def land_arcs_to_coast(arcs: list[list[Coord]], coast: Coast) -> list[list[Coord]]:
    """Cut each arc that runs out to sea at the coast, sharing the crossing point exactly.

    The crossing becomes the arc's last vertex and is inserted into the coastline too, so
    the noded linework meets at one identical point. Coast lists are edited in place.
    """
    land = coast.land
    lines = [coast.mainland, coast.island]
    inserts: list[list[tuple[int, float, Coord]]] = [[], []]
    segments = [LineString(line[j : j + 2]) for line in lines for j in range(len(line) - 1)]
    owner = [(k, j) for k, line in enumerate(lines) for j in range(len(line) - 1)]
    tree = shapely.STRtree(segments)
    out: list[list[Coord]] = []
    for arc in arcs:
        inside = [land.contains(Point(arc[0])), land.contains(Point(arc[-1]))]
        if all(inside):
            out.append(arc)
            continue
        if not any(inside):
            raise RuntimeError(f"a land border arc lies at sea near {arc[0]}")
        if not inside[0]:
            arc = arc[::-1]
        for i in range(len(arc) - 1):
            seg = LineString(arc[i : i + 2])
            hits = []
            for n in tree.query(seg, predicate="intersects"):
                k, j = owner[int(n)]
                hit = _segment_hit(arc[i], arc[i + 1], lines[k][j], lines[k][j + 1])
                if hit is not None:
                    hits.append((hit[0], k, j, hit[1]))
            if hits:
                t, k, j, u = min(hits)
                x = (
                    arc[i][0] + t * (arc[i + 1][0] - arc[i][0]),
                    arc[i][1] + t * (arc[i + 1][1] - arc[i][1]),
                )
                inserts[k].append((j, u, x))
                out.append([*arc[: i + 1], x])
                break
        else:
            raise RuntimeError(f"arc from {arc[0]} leaves the land without crossing a coast")
    for k, line in enumerate(lines):
        for j, _u, x in sorted(inserts[k], reverse=True):
            line.insert(j + 1, x)
    return out


# ----------------------------------------------------------------------------- faces
@dataclass(slots=True)
class Drawing:
    """The finished polygons: provinces by id and the sea (outer ring plus holes)."""

    provinces: dict[str, Polygon]
    sea: Polygon


def _round_ring(coords: Iterable[Sequence[float]]) -> list[Coord]:
    out: list[Coord] = []
    for x, y in coords:
        c = (round(x, 1) + 0.0, round(y, 1) + 0.0)
        if not out or out[-1] != c:
            out.append(c)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def _rounded(poly: Polygon) -> Polygon:
    return Polygon(
        _round_ring(poly.exterior.coords), [_round_ring(r.coords) for r in poly.interiors]
    )


def faces(arcs: Sequence[Sequence[Coord]], coast: Coast) -> Drawing:
    """Clip borders and coasts to the extent, polygonize, and name each face."""
    frame = box(*EXTENT)
    lines = [LineString(a) for a in arcs] + coast.lines() + [frame.exterior]
    linework = unary_union(lines).intersection(frame)
    land = coast.land
    provinces: dict[str, Polygon] = {}
    seas: list[Polygon] = []
    for poly in polygonize(linework):
        inside = [p.id for p in PROVINCES if poly.contains(Point(p.centre))]
        if len(inside) > 1:
            raise RuntimeError(f"one face holds {inside}")
        if inside:
            provinces[inside[0]] = _rounded(poly)
        elif not land.contains(poly.representative_point()):
            seas.append(_rounded(poly))
        else:
            raise RuntimeError(f"a land face of area {poly.area:.0f} holds no province centre")
    missing = [p.id for p in PROVINCES if p.id not in provinces]
    if missing or len(seas) != 1:
        raise RuntimeError(f"faces: missing {missing}, {len(seas)} sea faces")
    return Drawing(provinces, seas[0])


# ----------------------------------------------------------------------------- checking
def _stretches(geom: shapely.Geometry) -> list[LineString]:
    """Connected line pieces of a boundary intersection (points dropped)."""
    parts = [
        line
        for part in shapely.get_parts(geom)
        for line in shapely.get_parts(part)
        if line.geom_type == "LineString" and not line.is_empty
    ]
    if not parts:
        return []
    merged = linemerge(MultiLineString(parts))
    return list(shapely.get_parts(merged))


def check(drawing: Drawing) -> list[str]:
    """Every difference between the drawing's derived topology and the published one."""
    problems: list[str] = []
    polys = drawing.provinces
    for pid, poly in polys.items():
        if not poly.is_valid:
            problems.append(f"{pid}: invalid polygon ({shapely.is_valid_reason(poly)})")
    if not drawing.sea.is_valid:
        problems.append(f"sea: invalid polygon ({shapely.is_valid_reason(drawing.sea)})")
    total = sum(p.area for p in polys.values()) + drawing.sea.area
    if abs(total - WIDTH * HEIGHT) > 1.0:
        problems.append(f"areas sum to {total:.1f}, not the extent")
    ids = sorted(polys)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            contact = polys[a].boundary.intersection(polys[b].boundary)
            length = contact.length
            wanted = (a, b) in LAND_BORDERS
            if wanted and length < BORDER_MIN:
                problems.append(f"missing border {a}|{b} (shared {length:.2f})")
            elif not wanted and not contact.is_empty:
                if length > 0 or len(getattr(contact, "geoms", [contact])) > 1:
                    problems.append(f"extra contact {a}|{b} ({contact.geom_type}, {length:.2f})")
                else:
                    problems.append(f"point contact {a}|{b}")
            if polys[a].intersection(polys[b]).area > 1e-6:
                problems.append(f"overlap {a}|{b}")
    sea_boundary = drawing.sea.boundary
    for pid in ids:
        contact = polys[pid].boundary.intersection(sea_boundary)
        stretches = [s for s in _stretches(contact) if s.length >= BORDER_MIN]
        if pid in COASTAL:
            if len(stretches) != 1:
                lengths = [round(s.length, 1) for s in _stretches(contact)]
                problems.append(f"{pid}: {len(stretches)} coastal stretches {lengths}")
        elif not contact.is_empty:
            problems.append(f"{pid}: inland province touches the sea ({contact.length:.2f})")
    return problems


def shape_report(mapfile: MapFile) -> list[str]:
    """Per province: area, solidity, thickness and how far the label is from the design centre."""
    centres = {p.id: p.centre for p in PROVINCES}
    rows = []
    for p in mapfile.provinces:
        poly = Polygon(p.polygon)
        label = p.label or label_point(poly)
        rows.append(
            f"{p.id:9s} area {poly.area:8.0f}  solidity {poly.area / poly.convex_hull.area:4.2f}  "
            f"thick {2 * poly.exterior.distance(Point(label)):5.1f}  vertices "
            f"{len(p.polygon):4d}  label shift {math.dist(label, centres[p.id]):5.1f}"
        )
    return rows


def label_point(poly: Polygon) -> Coord:
    """A well-inside point of the polygon, rounded to 0.1."""
    pt = polylabel(poly, tolerance=0.5)
    return (round(pt.x, 1), round(pt.y, 1))


# ----------------------------------------------------------------------------- output
def _ring(ring: shapely.LinearRing) -> list[Coord]:
    return [(x, y) for x, y in ring.coords[:-1]]


def to_mapfile(drawing: Drawing) -> MapFile:
    """The drawing as a map file (format 1)."""
    provinces = []
    for p in PROVINCES:
        poly = drawing.provinces[p.id]
        attrs: dict[str, object] = {"flowers": p.flowers}
        if p.capital:
            attrs["capital"] = p.territory  # a clan's capital lies in the territory named for it
        if p.defense:
            attrs["defense"] = p.defense
        if p.territory.startswith("shadowlands"):
            attrs["shadowlands"] = True
        provinces.append(
            MapProvince(p.id, p.name, _ring(poly.exterior), label=label_point(poly), attrs=attrs)
        )
    territories = [
        MapTerritory(t.id, t.name, t.colour, [p.id for p in PROVINCES if p.territory == t.id])
        for t in TERRITORIES
    ]
    sea = Sea(
        "sea",
        SEA_NAME,
        [SeaPolygon(_ring(drawing.sea.exterior), [_ring(h) for h in drawing.sea.interiors])],
    )
    return MapFile(
        id="rokugan",
        name="Rokugan",
        width_mm=WIDTH,
        height_mm=HEIGHT,
        extent=EXTENT,
        provinces=provinces,
        territories=territories,
        seas=[sea],
        game="rokugan",
    )


def cross_check(mapfile: MapFile) -> list[str]:
    """Problems the shared geometry layer (maps.geometry, maps.validate) finds."""
    problems = [
        f"validate: {issue.code}: {issue.message}"
        for issue in validate(mapfile)
        if issue.severity == "error"
    ]
    graph = derive(mapfile).graph
    derived = {tuple(sorted(pair)) for pair in graph.land_borders()}
    problems += [f"maps.geometry misses border {a}|{b}" for a, b in sorted(LAND_BORDERS - derived)]
    problems += [f"maps.geometry adds border {a}|{b}" for a, b in sorted(derived - LAND_BORDERS)]
    for p in graph.provinces:
        if (p.id in COASTAL) != p.coastal or len(p.coastal_borders) > 1:
            problems.append(f"maps.geometry: {p.id} coastal borders {p.coastal_borders}")
    return problems


def build() -> tuple[MapFile | None, list[str]]:
    """Draw the map; return it with the list of topology problems (empty when exact)."""
    coast = build_coast()
    vertices = build_vertices(coast)
    tri = delaunay(vertices)
    problems = enforce_topology(tri, vertices)
    if problems:
        return None, problems
    arcs = land_arcs_to_coast(roughen_all(dual_arcs(tri, vertices), coast), coast)
    drawing = faces(arcs, coast)
    problems = check(drawing)
    if problems:
        return None, problems
    mapfile = to_mapfile(drawing)
    return mapfile, cross_check(mapfile)


def main(argv: Sequence[str] | None = None) -> int:
    """Build (or with --check only verify) maps/data/rokugan.yaml."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT)
    parser.add_argument("--check", action="store_true", help="verify only, write nothing")
    parser.add_argument("--report", action="store_true", help="print province shape figures")
    args = parser.parse_args(argv)
    mapfile, problems = build()
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems or mapfile is None:
        return 1
    if args.report:
        print("\n".join(shape_report(mapfile)))
    if not args.check:
        save_map(mapfile, args.output)
        print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
