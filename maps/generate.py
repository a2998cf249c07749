"""Random maps that pass their game's check: `generate_map(game, provinces, seed)`.

`daimyo map generate rokugan|ricewars --provinces P --seed S -o MAP.yaml` and the editor's
File ▸ New from generator… call it. The same game, count and seed always give the same
map; the result is an ordinary `MapFile`, written through `maps.write.save_map`.

How a map is made:

1. **Land.** A landmass whose coast is a sum of random waves around an ellipse. For Battle
   for Rokugan it runs off the map's south edge (the Shadowlands lie there, beyond the
   map's edge, as on the published board) and, with 24 or more provinces, an island lies
   off the coast; for Rice Wars it is one island of rice fields. Everything else inside
   the extent is sea.
2. **Provinces.** Sites are scattered over each landmass and moved by Lloyd relaxation
   (each to the centre of its Voronoi cell clipped to the land, a few times), so cells
   come out even in size. The Voronoi edges are bent by midpoint displacement (each edge
   once, so both neighbours share the same line), clipped to the land, and noded together
   with the coast and the map's frame on a 0.01 grid; the faces of that one arrangement
   are the provinces and seas, so neighbours share their vertices exactly.
3. **Game attributes** (from the derived graph):
   - Battle for Rokugan: two neighbouring Shadowlands provinces on the south edge (the
     territories shadowlands_north and shadowlands_south: flowers 0, printed defense 1);
     the other mainland provinces grouped into territories of about three (at least 7,
     grown from seeds far apart); the island is the Pearl Islands (islands_neutral). Seven
     territories far apart become the clans' lands — the Crab's nearest the Shadowlands —
     with the clan's id (so they deal the clan's territory cards), each with the clan's
     capital (flowers 2, defense 2); one more is the Golden Plains (gold_neutral); any
     others get names of their own and no territory cards. Other provinces have 1-3
     flowers. Names and colours of published territories are read from the shipped map.
   - Rice Wars: the side is quick up to 48 fields, else epic, with the side's players,
     round track and starting peasants (`engine.ricewars.board`); every coastal field is
     a palace site; the field nearest the middle is blessed (2 Ryo quick, 3 epic).
4. **Check.** `maps.validate` must find no error and no border too short for a combat
   token, and `engine.registry.map_readiness` must find the map ready for every player
   count the game (side) allows. A try that fails (a cell cut in two by a bay, a bent
   edge crossing another) is made again from the next sub-seed; bends are flattened on
   later tries.

**Names.** Provinces get made-up Japanese place names; the map's title, its seas ("Ishida
Sea"), spare territories ("Kawada Lands") and the published territories ("Crab Clan") are
said in the language the program speaks when the map is made (`engine.words`: English
without the app), since once saved they are the designer's own words. The same seed gives
the same map, its names in the language of the day.

**Size.** A map prints 400 × 280 mm up to 30 provinces and grows with the square root of
the count beyond (`print_size`: 566 × 396 mm for 60, 894 × 626 mm for 150), so that a
province prints as large on every map. Borders are drawn at least a combat token's width
(12 mm) and a margin long, in step 2: short Voronoi edges on the land are pulled to a
point and pulled again as corners move, corners near the coast move inland, and the
points where edges reach the coast are spaced along it (`_without_short_edges`,
`_spaced_on_coast`).
"""

from __future__ import annotations

import colorsys
import math
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box

from engine.graph import MapGraph
from engine.words import N_, Words, translated
from maps.mapfile import MapFile, Province, Sea, SeaPolygon, Territory
from maps.validate import TOKEN_MM

GAMES = ("rokugan", "ricewars")
PROVINCE_RANGE = {"rokugan": (16, 150), "ricewars": (20, 150)}
DEFAULT_PROVINCES = {"rokugan": 30, "ricewars": 37}
WIDTH, HEIGHT = 1000.0, 700.0  # map units
SIZE_MM = (400.0, 280.0)  # printed size up to FULL_SIZE_AT provinces; larger maps grow
FULL_SIZE_AT = 30
BORDER_MARGIN = 1.15  # borders are drawn this much longer than a combat token is wide
GRID = 0.01  # every coordinate is a multiple of this
LLOYD_STEPS = 4
ATTEMPTS = 24
ISLAND_AT = 24  # Rokugan maps with this many provinces get an island of 3
SHADOWLANDS = ("shadowlands_north", "shadowlands_south")
CLAN_IDS = ("crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn")

SYLLABLES = (
    "Aki", "Asa", "Fuku", "Hana", "Hira", "Ishi", "Iwa", "Kami", "Kawa", "Kita", "Kuro",
    "Matsu", "Mizu", "Mori", "Naka", "Nishi", "Oka", "Sakura", "Shima", "Shimo", "Taka",
    "Take", "Yama", "Yoshi", "Ume", "Sugi", "Hoshi", "Tsuki", "Nagi", "Kaze", "Kiri",
    "Tora", "Hebi", "Kane", "Shiro", "Ao", "Beni", "Kumo", "Fuji", "Sora",
)  # fmt: skip
ENDINGS = ("ta", "da", "hara", "no", "bata", "zawa", "mura", "saki", "yama", "shima", "gawa")


class GenerateError(ValueError):
    """The generator was asked for something it cannot make (the message says the range)."""


@dataclass(frozen=True, slots=True)
class Request:
    """What to generate."""

    game: str
    provinces: int
    seed: int
    map_id: str
    name: str

    @property
    def size_mm(self) -> tuple[float, float]:
        """The printed size (see `print_size`)."""
        return print_size(self.provinces)

    @property
    def shortest_border(self) -> float:
        """The shortest border drawn, in map units: a combat token's width and a margin
        (`maps.validate` warns about borders a token would cover whole)."""
        return TOKEN_MM * BORDER_MARGIN * WIDTH / self.size_mm[0]


def print_size(provinces: int) -> tuple[float, float]:
    """The printed size (mm) of a generated map of `provinces` provinces: 400 × 280 up to
    FULL_SIZE_AT, then growing with the square root of the count, so that a province and
    its borders print as large on every map (whole millimetres)."""
    grow = max(1.0, math.sqrt(provinces / FULL_SIZE_AT))
    return float(round(SIZE_MM[0] * grow)), float(round(SIZE_MM[1] * grow))


def check_request(game: str, provinces: int) -> None:
    """Raise `GenerateError` unless `game` and `provinces` are within what is made."""
    if game not in GAMES:
        raise GenerateError(f"cannot generate maps for {game!r}; choose one of {', '.join(GAMES)}")
    low, high = PROVINCE_RANGE[game]
    if not low <= provinces <= high:
        raise GenerateError(
            f"{game} maps are generated with {low}-{high} provinces, not {provinces}: "
            f"choose --provinces between {low} and {high}"
        )


def generate_map(
    game: str,
    provinces: int | None = None,
    seed: int = 1,
    map_id: str | None = None,
    name: str | None = None,
) -> MapFile:
    """A new random map for `game` ('rokugan' or 'ricewars') with about `provinces`
    provinces (exactly, unless a try had to drop one) that passes the game's check."""
    count = DEFAULT_PROVINCES.get(game, 0) if provinces is None else provinces
    check_request(game, count)
    request = Request(
        game,
        count,
        seed,
        map_id or f"generated-{game}-{seed}",
        name or _title(_place_name(random.Random(f"{game}:{seed}:title")), seed),
    )
    failures: list[str] = []
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"{game}:{count}:{seed}:{attempt}")
        bend = 0.12 * 0.5 ** (attempt // 3) if attempt < 9 else 0.0
        mapfile = _attempt(request, rng, bend)
        if mapfile is None:
            failures.append("the provinces did not come out one piece each")
            continue
        problems = _problems(mapfile)
        if not problems:
            return mapfile
        failures.append(problems[0])
    raise GenerateError(  # not seen in testing; the last reason helps a bug report
        f"no valid {game} map with {count} provinces from seed {seed} after {ATTEMPTS} "
        f"tries (last: {failures[-1]}); try another seed"
    )


# --------------------------------------------------------------------------- land


def _blob(rng: random.Random, cx: float, cy: float, rx: float, ry: float, waves: int) -> Polygon:
    """An ellipse whose radius wanders by a sum of random waves: an organic coast."""
    terms = [
        (rng.uniform(0.04, 0.11) / k**0.7, k, rng.uniform(0, 2 * math.pi))
        for k in range(2, waves + 1)
    ]
    points = []
    steps = 160
    for i in range(steps):
        t = 2 * math.pi * i / steps
        r = 1 + sum(a * math.cos(k * t + phase) for a, k, phase in terms)
        r *= 1 + rng.uniform(-0.012, 0.012)  # a little roughness
        points.append((cx + rx * r * math.cos(t), cy + ry * r * math.sin(t)))
    shape = shapely.make_valid(Polygon(points))
    return max(_parts(shape), key=lambda g: g.area)


def _parts(geom: shapely.Geometry) -> list[Polygon]:
    return [g for g in shapely.get_parts(geom) if isinstance(g, Polygon) and not g.is_empty]


def _landmasses(game: str, provinces: int, rng: random.Random) -> list[Polygon]:
    """The land, one polygon per landmass (the main one first)."""
    frame = box(0, 0, WIDTH, HEIGHT)
    if game == "rokugan":
        # Runs off the south edge; a sea margin on the other three sides.
        main = _blob(rng, WIDTH * 0.43, HEIGHT * 0.6, WIDTH * 0.34, HEIGHT * 0.5, 9)
        main = _largest(main.intersection(box(40, 40, WIDTH - 40, HEIGHT)))
        lands = [main]
        if provinces >= ISLAND_AT:
            # three provinces a little smaller than the mainland's
            island = _island(rng, main, frame, 0.6 * 3 * main.area / (provinces - 3))
            if island is not None:
                lands.append(island)
        return lands
    main = _blob(rng, WIDTH * 0.5, HEIGHT * 0.5, WIDTH * 0.41, HEIGHT * 0.39, 8)
    return [_largest(main.intersection(box(25, 25, WIDTH - 25, HEIGHT - 25)))]


def _largest(geom: shapely.Geometry) -> Polygon:
    return max(_parts(geom), key=lambda g: g.area)


def _island(rng: random.Random, main: Polygon, frame: Polygon, area: float) -> Polygon | None:
    """A small island of about `area` in open sea, clear of the mainland and the edges."""
    radius = math.sqrt(area / math.pi)
    clear = main.buffer(radius * 1.3 + 40).union(frame.exterior.buffer(radius * 1.3 + 15))
    room = frame.difference(clear)
    if room.is_empty:
        return None
    spots = [p for p in _sample(rng, room, 40)]
    if not spots:
        return None
    x, y = rng.choice(spots)
    island = _blob(rng, x, y, radius * 1.2, radius * 0.9, 5)
    return island if island.within(frame) and island.distance(main) > 30 else None


def _sample(rng: random.Random, area: shapely.Geometry, count: int) -> list[tuple[float, float]]:
    """Up to `count` random points inside `area`."""
    minx, miny, maxx, maxy = area.bounds
    shapely.prepare(area)
    out: list[tuple[float, float]] = []
    tries = 0
    while len(out) < count and tries < count * 200:
        tries += 1
        x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
        if area.contains(Point(x, y)):
            out.append((x, y))
    return out


# --------------------------------------------------------------------------- provinces


def _lloyd(rng: random.Random, land: Polygon, count: int) -> list[tuple[float, float]]:
    """`count` sites spread evenly over `land` by Lloyd relaxation."""
    sites = _sample(rng, land, count)
    frame = box(-WIDTH, -HEIGHT, 2 * WIDTH, 2 * HEIGHT)
    for _ in range(LLOYD_STEPS):
        cells = shapely.voronoi_polygons(MultiPoint(sites), extend_to=frame, ordered=True)
        moved = []
        for site, cell in zip(sites, shapely.get_parts(cells), strict=True):
            piece = cell.intersection(land)
            moved.append((piece.centroid.x, piece.centroid.y) if not piece.is_empty else site)
        sites = moved
    return sites


def _bend(rng: random.Random, line: LineString, amount: float) -> LineString:
    """`line` (a straight Voronoi edge) bent by midpoint displacement; ends fixed."""
    (ax, ay), (bx, by) = line.coords[0], line.coords[-1]
    length = math.hypot(bx - ax, by - ay)
    if amount <= 0 or length < 40:
        return line
    nx, ny = -(by - ay) / length, (bx - ax) / length
    points = [(0.0, 0.0), (1.0, 0.0)]  # (along, across) in edge lengths
    scale = amount
    for _ in range(3):
        out = [points[0]]
        for (t0, d0), (t1, d1) in zip(points, points[1:], strict=False):
            out.append(((t0 + t1) / 2, (d0 + d1) / 2 + rng.uniform(-scale, scale)))
            out.append((t1, d1))
        points = out
        scale /= 2
    # Flat near the ends, so a bend never reaches a neighbouring edge at a corner.
    coords = [
        (
            ax + (bx - ax) * t + nx * d * length * math.sin(math.pi * t),
            ay + (by - ay) * t + ny * d * length * math.sin(math.pi * t),
        )
        for t, d in points
    ]
    return LineString(coords)


def _without_short_edges(
    edges: list[LineString], land: Polygon, shortest: float
) -> list[LineString]:
    """The Voronoi edges redrawn so that no border on the land is shorter than `shortest`
    (map units), as far as moving corners can make it so.

    Where three cells nearly meet in a four-way corner, the short edge inside the land is
    pulled to a point (no border: a quadripoint). A corner nearer the coast than
    `shortest` is moved away from it, inland or out to sea, so that an edge reaching the
    coast runs at least that far over land and a cell's stretch of coast between two such
    edges is not a sliver. Each move changes other lengths, so both repeat until none is
    left to make (a few rounds).
    """
    ends = [
        tuple((round(x, 6), round(y, 6)) for x, y in (e.coords[0], e.coords[-1])) for e in edges
    ]
    key: dict[tuple[float, float], tuple[float, float]] = {}  # union-find over vertices
    pos: dict[tuple[float, float], tuple[float, float]] = {}  # where each cluster is
    size: dict[tuple[float, float], int] = {}

    def find(v: tuple[float, float]) -> tuple[float, float]:
        while key[v] != v:
            key[v] = key[key[v]]
            v = key[v]
        return v

    for v in {v for pair in ends for v in pair}:
        key[v], pos[v], size[v] = v, v, 1
    shapely.prepare(land)
    coast = land.exterior
    for _ in range(8):
        _pull_short_edges(ends, find, key, pos, size, land, shortest)
        if not _clear_coast(pos, coast, land, shortest):
            break
    _pull_short_edges(ends, find, key, pos, size, land, shortest)
    out = []
    for a, b in ends:
        ra, rb = find(a), find(b)
        if ra != rb:  # else pulled to a point
            out.append(LineString([pos[ra], pos[rb]]))
    return out


Vertex = tuple[float, float]


def _pull_short_edges(
    ends: list[tuple[Vertex, Vertex]],
    find: Callable[[Vertex], Vertex],
    key: dict[Vertex, Vertex],
    pos: dict[Vertex, Vertex],
    size: dict[Vertex, int],
    land: Polygon,
    shortest: float,
) -> None:
    """Pull each edge inside `land` shorter than `shortest` to a point (its ends' clusters
    merge at their weighted centre), until none is left."""
    merged = True
    while merged:
        merged = False
        for a, b in ends:
            ra, rb = find(a), find(b)
            if ra == rb:
                continue
            (ax, ay), (bx, by) = pos[ra], pos[rb]
            if math.hypot(bx - ax, by - ay) >= shortest:
                continue
            if not land.contains(LineString([pos[ra], pos[rb]])):
                continue
            wa, wb = size[ra], size[rb]
            pos[rb] = ((ax * wa + bx * wb) / (wa + wb), (ay * wa + by * wb) / (wa + wb))
            size[rb] = wa + wb
            key[ra] = rb
            merged = True


def _clear_coast(
    pos: dict[Vertex, Vertex], coast: shapely.Geometry, land: Polygon, shortest: float
) -> bool:
    """Move every corner (a root of `pos`) on the land nearer `coast` than `shortest`
    straight inland to that distance, so that an edge from it to the coast runs at least
    that far over land; True if any moved. Corners out at sea matter only where their
    edges cross the coast, which `_spaced_on_coast` sets."""
    moved = False
    for root, (x, y) in pos.items():
        here = Point(x, y)
        gap = coast.distance(here)
        if gap >= shortest or not land.intersects(here):
            continue
        near = coast.interpolate(coast.project(here))
        dx, dy = x - near.x, y - near.y
        if gap < 1e-6:  # on the coast: step towards the land's middle
            inner = land.representative_point()
            dx, dy = inner.x - x, inner.y - y
        norm = math.hypot(dx, dy) or 1.0
        pos[root] = (near.x + dx / norm * shortest, near.y + dy / norm * shortest)
        moved = True
    return moved


def _spaced_on_coast(
    edges: list[LineString], land: Polygon, frame: Polygon, shortest: float
) -> list[LineString]:
    """`edges` with the points where they cross the coast at least `shortest` apart along
    it (and from where the coast meets the map's edge), so that no cell's stretch of coast
    is a sliver. An edge from a corner on the land out to sea is redrawn from that corner
    to its new point on the coast (and a step beyond); where it runs at sea does not
    matter, it is cut off there. Crossings that cannot move (an edge crossing twice) stay
    and keep the others away; what relaxing cannot space is left to the map's check."""
    coast = land.exterior
    length = coast.length
    marks: list[list[float]] = []  # [position along the coast, movable 0/1, edge index]
    on_frame = frame.exterior.buffer(GRID)  # where the land runs off the map: no coast
    for corner in (
        Point(c)
        for line in _parts_of(coast.intersection(on_frame), LineString)
        for c in (line.coords[0], line.coords[-1])
    ):
        marks.append([coast.project(corner), 0, -1])
    inner: dict[int, Vertex] = {}
    for i, edge in enumerate(edges):
        crossings = _parts_of(edge.intersection(coast), Point)
        if not crossings:
            continue
        a, b = edge.coords[0], edge.coords[-1]
        inside = [v for v in (a, b) if land.contains(Point(v))]
        movable = len(crossings) == 1 and len(inside) == 1
        for point in crossings:
            if on_frame.contains(point):
                continue  # the map's edge: no coast there
            marks.append([coast.project(point), int(movable), i])
        if movable:
            inner[i] = inside[0]
    if len(marks) < 2:
        return edges
    for _ in range(12):
        marks.sort(key=lambda m: m[0])
        moved = False
        for here, after in zip(marks, marks[1:] + marks[:1], strict=True):
            gap = (after[0] - here[0]) % length
            if gap >= shortest or here is after:
                continue
            need = shortest - gap
            if here[1] and after[1]:
                here[0] -= need / 2
                after[0] += need / 2
            elif after[1]:
                after[0] += need
            elif here[1]:
                here[0] -= need
            else:
                continue
            here[0] %= length
            after[0] %= length
            moved = True
        if not moved:
            break
    out = list(edges)
    for t, movable, i in marks:
        if not movable:
            continue
        x, y = inner[i]
        point = coast.interpolate(t)
        dx, dy = point.x - x, point.y - y
        norm = math.hypot(dx, dy) or 1.0
        out[i] = LineString([(x, y), (point.x + dx / norm * 2.0, point.y + dy / norm * 2.0)])
    return out


def _parts_of(geom: shapely.Geometry, kind: type) -> list:
    """The parts of `geom` of one kind (Point, LineString)."""
    return [g for g in shapely.get_parts(geom) if isinstance(g, kind) and not g.is_empty]


@dataclass
class _Drawing:
    """Province rings by landmass and sea rings, from one noded arrangement."""

    provinces: list[tuple[int, list[tuple[float, float]]]]  # (landmass, ring)
    seas: list[SeaPolygon]


def _draw(
    rng: random.Random, lands: list[Polygon], counts: list[int], bend: float, shortest: float
) -> _Drawing | None:
    frame = box(0, 0, WIDTH, HEIGHT)
    lines: list[shapely.Geometry] = [frame.exterior]
    cells: list[tuple[int, Polygon]] = []
    for k, (land, count) in enumerate(zip(lands, counts, strict=True)):
        lines.append(land.exterior)
        sites = _lloyd(rng, land, count)
        around = box(-WIDTH, -HEIGHT, 2 * WIDTH, 2 * HEIGHT)
        polys = shapely.voronoi_polygons(MultiPoint(sites), extend_to=around, ordered=True)
        # each landmass's cells cover the plane: keep them to their own land
        cells.extend((k, cell.intersection(land)) for cell in shapely.get_parts(polys))
        edges = shapely.voronoi_polygons(MultiPoint(sites), extend_to=around, only_edges=True)
        reach = land.buffer(3.0)  # edges cross the coast; their stubs in the sea are dropped
        edges = _without_short_edges(list(shapely.get_parts(edges)), land, shortest)
        for edge in _spaced_on_coast(edges, land, frame, shortest):
            lines.append(_bend(rng, edge, bend).intersection(reach))
    noded = shapely.unary_union(shapely.GeometryCollection(lines), grid_size=GRID)
    faces = _parts(shapely.polygonize(shapely.get_parts(noded)))
    land = shapely.union_all(lands)
    shapely.prepare(land)
    owner: dict[int, int] = {}
    provinces: list[tuple[int, list[tuple[float, float]]]] = []
    seas: list[SeaPolygon] = []
    for face in faces:
        inside = face.point_on_surface()
        ring = _ring(face.exterior)
        if not land.contains(inside):
            if face.area > 0.0005 * WIDTH * HEIGHT:  # slivers of sea are left empty
                seas.append(SeaPolygon(ring, [_ring(h) for h in face.interiors]))
            continue
        if face.interiors:
            return None  # a province around another: not a province shape
        for c, (k, cell) in enumerate(cells):
            if cell.contains(inside):
                if c in owner:
                    return None  # two faces for one site: a bend crossed an edge
                owner[c] = len(provinces)
                provinces.append((k, ring))
                break
        else:
            return None
    if len(provinces) != len(cells):
        return None  # a site lost its face (or a cell was cut by a bay)
    return _Drawing(provinces, seas)


def _ring(ring: shapely.LinearRing) -> list[tuple[float, float]]:
    """A ring's points on the grid, not closed (the map format's form)."""
    return [(round(x, 2), round(y, 2)) for x, y in ring.coords[:-1]]


# --------------------------------------------------------------------------- names, colours


def _place_name(rng: random.Random, taken: set[str] | None = None) -> str:
    taken = taken if taken is not None else set()
    for _ in range(1000):
        name = rng.choice(SYLLABLES) + rng.choice(ENDINGS)
        if name not in taken:
            taken.add(name)
            return name
    name = f"{rng.choice(SYLLABLES)}{rng.choice(ENDINGS)} {len(taken)}"
    taken.add(name)
    return name


def _title(place: str, seed: int) -> str:
    """ "Umehara (generated, seed 1)": the words `app.i18n.map_name` says such a title in."""
    part = Words.of(N_("generated, seed {seed}"), seed=seed)
    return str(Words.of(N_("{place} ({part})"), place=place, part=part))


def _sea_name(place: str) -> str:
    # Translators: a generated sea, named after a made-up place ("Ishida Sea").
    return str(Words.of(N_("{place} Sea"), place=place))


def _lands_name(place: str) -> str:
    # Translators: a generated territory of no clan, named after a made-up place.
    return str(Words.of(N_("{place} Lands"), place=place))


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _colour(used: list[str]) -> str:
    """A muted territory colour as unlike every colour in `used` as the hues allow."""
    best, far = "#c8c8c8", -1.0
    for step in range(48):
        for light in (0.55, 0.72):
            r, g, b = colorsys.hls_to_rgb(step / 48, light, 0.38)
            cand = f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"
            gap = min((math.dist(_rgb(cand), _rgb(u)) for u in used), default=255.0)
            if gap > far:
                best, far = cand, gap
    return best


@cache
def _published_territories() -> dict[str, tuple[str, str]]:
    """Published territory id -> (name, colour), from the shipped Rokugan map (English)."""
    from maps.api import shipped_map_path
    from maps.io import load_map

    shipped = load_map(shipped_map_path("rokugan"))
    return {t.id: (t.name, t.colour) for t in shipped.territories}


def _published(tid: str) -> tuple[str, str]:
    """A published territory's (name, colour), its name in the current language (the
    catalog holds the shipped map's names: `app.games.rokugan.words.TERRITORY_NAMES`)."""
    name, colour = _published_territories()[tid]
    return translated(name), colour


# --------------------------------------------------------------------------- the map


def _attempt(request: Request, rng: random.Random, bend: float) -> MapFile | None:
    from maps.geometry import derive

    lands = _landmasses(request.game, request.provinces, rng)
    counts = [request.provinces]
    if len(lands) > 1:
        counts = [request.provinces - 3, 3]
    drawing = _draw(rng, lands, counts, bend, request.shortest_border)
    if drawing is None:
        return None
    names: set[str] = set()
    order = sorted(  # north to south, west to east: ids read like a map
        range(len(drawing.provinces)),
        key=lambda i: (
            round(Polygon(drawing.provinces[i][1]).centroid.y / 100),
            Polygon(drawing.provinces[i][1]).centroid.x,
        ),
    )
    provinces = [
        Province(f"p{n + 1:02d}", _place_name(rng, names), drawing.provinces[i][1])
        for n, i in enumerate(order)
    ]
    landmass = {provinces[n].id: drawing.provinces[i][0] for n, i in enumerate(order)}
    seas = [
        Sea(f"sea{j + 1}" if j else "sea", _sea_name(_place_name(rng, names)), [part])
        for j, part in enumerate(drawing.seas)
    ]
    mapfile = MapFile(
        id=request.map_id,
        name=request.name,
        width_mm=request.size_mm[0],
        height_mm=request.size_mm[1],
        extent=(0.0, 0.0, WIDTH, HEIGHT),
        provinces=provinces,
        seas=seas,
        game=request.game,
    )
    try:
        graph = derive(mapfile).graph
    except (ValueError, shapely.errors.GEOSException):
        return None
    if request.game == "rokugan":
        if not _rokugan(mapfile, graph, landmass, rng):
            return None
    else:
        _ricewars(mapfile, graph)
    return mapfile


def _neighbours(graph: MapGraph) -> dict[str, list[str]]:
    return {p.id: list(p.neighbors) for p in graph.provinces}


def _distances(nbrs: dict[str, list[str]], start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in nbrs[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def _spread(rng: random.Random, nbrs: dict[str, list[str]], pool: list[str], k: int) -> list[str]:
    """`k` members of `pool` far apart by land (farthest-point sampling)."""
    chosen = [rng.choice(pool)]
    far = {q: d for q, d in _distances(nbrs, chosen[0]).items()}
    while len(chosen) < k:
        best = max(
            (q for q in pool if q not in chosen), key=lambda q: (far.get(q, 10**6), rng.random())
        )
        chosen.append(best)
        for q, d in _distances(nbrs, best).items():
            far[q] = min(far.get(q, 10**6), d)
    return chosen


def _grow(
    rng: random.Random, nbrs: dict[str, list[str]], members: list[str], seeds: list[str]
) -> list[list[str]]:
    """Territories grown from `seeds` over `members`, the smallest growing first."""
    free = set(members) - set(seeds)
    groups = [[s] for s in seeds]
    while free:
        grown = False
        for group in sorted(groups, key=len):
            touching = [q for q in sorted(free) if any(n in group for n in nbrs[q])]
            if touching:
                # prefer the province most tied to the group: compact territories
                q = max(touching, key=lambda q: (sum(n in group for n in nbrs[q]), rng.random()))
                group.append(q)
                free.discard(q)
                grown = True
                break
        if not grown:  # cut off from every group: a group of its own
            q = min(free)
            groups.append([q])
            free.discard(q)
    return groups


def _connected(nbrs: dict[str, list[str]], group: list[str]) -> bool:
    if not group:
        return False
    members = set(group)
    seen = {group[0]}
    queue = deque([group[0]])
    while queue:
        for v in nbrs[queue.popleft()]:
            if v in members and v not in seen:
                seen.add(v)
                queue.append(v)
    return len(seen) == len(members)


def _even_out(nbrs: dict[str, list[str]], groups: list[list[str]]) -> None:
    """Give each one-province territory a neighbour from a territory of three or more
    that stays in one piece without it."""
    for group in groups:
        if len(group) > 1:
            continue
        for q in sorted(nbrs[group[0]]):
            donor = next((g for g in groups if q in g), None)
            if donor is None or len(donor) < 3:
                continue
            rest = [r for r in donor if r != q]
            if _connected(nbrs, rest):
                donor.remove(q)
                group.append(q)
                break


def _rokugan(
    mapfile: MapFile, graph: MapGraph, landmass: dict[str, int], rng: random.Random
) -> bool:
    """Shadowlands, territories, capitals and flowers; False when the map cannot hold them."""
    nbrs = _neighbours(graph)
    by_id = {p.id: p for p in mapfile.provinces}
    mainland = [p.id for p in mapfile.provinces if landmass[p.id] == 0]
    island = [p.id for p in mapfile.provinces if landmass[p.id] != 0]
    # Shadowlands: two neighbours on the south edge.
    south = [q for q in mainland if max(y for _, y in by_id[q].polygon) >= HEIGHT - GRID]
    pairs = [(a, b) for a in south for b in nbrs[a] if b in south and a < b]
    if not pairs:
        return False
    west, east = sorted(rng.choice(pairs), key=lambda q: Polygon(by_id[q].polygon).centroid.x)
    shadow = [west, east]
    rest = [q for q in mainland if q not in shadow]
    count = max(len(CLAN_IDS) + 1 if len(rest) >= 16 else len(CLAN_IDS), round(len(rest) / 3))
    if len(rest) < count:
        return False
    groups = _grow(rng, nbrs, rest, _spread(rng, nbrs, rest, count))
    _even_out(nbrs, groups)
    if len(groups) < len(CLAN_IDS):
        return False
    # Clan lands: seven groups far apart; the Crab's nearest the Shadowlands.
    heads = {g[0]: g for g in groups}
    clan_heads = _spread(rng, nbrs, list(heads), len(CLAN_IDS))
    near_wall = _distances(nbrs, west)
    crab = min(clan_heads, key=lambda h: min(near_wall.get(q, 10**6) for q in heads[h]))
    others = [h for h in clan_heads if h != crab]
    rng.shuffle(others)
    published = _published_territories()
    territories: list[Territory] = []
    for clan, head in zip(CLAN_IDS, [crab, *others], strict=True):
        group = heads[head]
        name, colour = _published(clan)
        territories.append(Territory(clan, name, colour, sorted(group)))
        capital = max(group, key=lambda q: (sum(n in group for n in nbrs[q]), rng.random()))
        by_id[capital].attrs.update(capital=clan, defense=2, flowers=2)
    spare = [heads[h] for h in heads if h not in clan_heads]
    for i, group in enumerate(spare):
        if i == 0:
            tid, (name, colour) = "gold_neutral", _published("gold_neutral")
        else:
            used = [t.colour for t in territories] + [c for _, c in published.values()]
            tid, name, colour = f"lands{i}", _lands_name(_place_name(rng)), _colour(used)
        territories.append(Territory(tid, name, colour, sorted(group)))
    if island:
        name, colour = _published("islands_neutral")
        territories.append(Territory("islands_neutral", name, colour, sorted(island)))
    for tid, q in zip(SHADOWLANDS, shadow, strict=True):
        name, colour = _published(tid)
        territories.append(Territory(tid, name, colour, [q]))
        by_id[q].attrs.update(shadowlands=True, flowers=0, defense=1)
    for p in mapfile.provinces:
        if "flowers" not in p.attrs:
            p.attrs["flowers"] = rng.choices((1, 2, 3), weights=(3, 4, 3))[0]
    mapfile.territories = territories
    return True


def _ricewars(mapfile: MapFile, graph: MapGraph) -> None:
    """The side's facts, palace sites on the coast, one blessed field in the middle."""
    from engine.ricewars.board import DEFAULT_PLAYERS, DEFAULT_START_PEASANTS, DEFAULT_TRACKS

    side = "quick" if len(mapfile.provinces) <= 48 else "epic"
    mapfile.attributes = {
        "players": list(DEFAULT_PLAYERS[side]),
        "round_track": [list(r) for r in DEFAULT_TRACKS[side]],
        "rounds": len(DEFAULT_TRACKS[side]),
        "side": side,
        "start_peasants": DEFAULT_START_PEASANTS[side],
    }
    by_id = {p.id: p for p in mapfile.provinces}
    for info in graph.provinces:
        if info.coastal:
            by_id[info.id].attrs["palace_site"] = True
    centres = {p.id: Polygon(p.polygon).centroid for p in mapfile.provinces}
    land = shapely.union_all([Polygon(p.polygon) for p in mapfile.provinces]).centroid
    middle = min(centres, key=lambda q: (centres[q].distance(land), q))
    by_id[middle].attrs["blessed"] = 2 if side == "quick" else 3


def _problems(mapfile: MapFile) -> list[str]:
    """Why `mapfile` fails its game's check (validation errors, unmet requirements)."""
    from engine.registry import map_readiness
    from maps.geometry import derive
    from maps.validate import validate

    issues = validate(mapfile)
    errors = [str(i) for i in issues if i.severity == "error"]
    if errors:
        return errors
    short = [str(i) for i in issues if i.code == "short_border"]  # rare after _spaced_on_coast
    if short:
        return short
    graph = derive(mapfile).graph
    first = map_readiness(mapfile.game, graph)
    if first.players is None:
        return [first.message()]
    low, high = first.players
    if mapfile.game == "rokugan" and high < 5:
        return [f"seats only {low}-{high} players"]
    for players in range(low, high + 1):
        readiness = map_readiness(mapfile.game, graph, players)
        if not readiness.ready:
            return [readiness.message()]
    return []
