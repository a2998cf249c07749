"""From polygons to the game graph: land borders, coastal borders, label points (shapely 2).

Rules (the map format contract, see maps/FORMAT.md):

- Two provinces are land neighbours when their boundaries share lines longer, in
  total, than the map's tolerance (`tolerance`: the precision of its coordinates),
  however short compared with the map; touching at a point (a quadripoint, corners
  that meet) is not a border. A map may drop short contacts on purpose with
  `min_border_length` (map units): then a border is also at least that long.
- A province is coastal where its boundary shares a connected stretch of such a
  length with the boundary of the sea; each stretch is one coastal border
  "A~k", numbered from 0 by ring (outer ring first, then holes) and by the
  stretch's first point along that ring. The edge of the map is not sea.
- Neighbours share their vertices exactly (the editor and `daimyo map import` snap
  them), so no tolerance depends on the map's size except the snapping distance
  (`near_miss`), under which two boundaries should have been made one.

Everything runs on arrays of geometries: candidate pairs come from an STRtree
query, intersections and lengths are computed in one vectorised call each; the
Python loops that remain run over provinces or borders, never over all pairs.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import Geometry, GeometryType, STRtree

from engine.graph import MapGraph, ProvinceInfo, TerritoryInfo
from maps.errors import MapError
from maps.mapfile import MapFile, Point, Ring
from maps.write import dump_map

# Relative precision of coordinates: shared lines no longer than this fraction of the largest
# coordinate are rounding (binary floats carry 2**-52; overlay arithmetic loses a few digits).
PRECISION = 1e-9
NEAR_MISS = 0.002  # fraction of the map size: boundaries closer than this should touch

_LINESTRING = int(GeometryType.LINESTRING)
_LINEARRING = int(GeometryType.LINEARRING)
_EMPTY_LINES = shapely.MultiLineString()


def tolerance(mapfile: MapFile) -> float:
    """The map's tolerance in map units: shared lines no longer than this are a point.

    It follows from the precision of the coordinates (their magnitude), not from the
    map's size: a map of a country keeps borders of a few metres.
    """
    return coordinate_tolerance(mapfile.extent)


def coordinate_tolerance(extent: tuple[float, float, float, float] | np.ndarray) -> float:
    """The precision of coordinates within `extent` (see `tolerance`)."""
    return PRECISION * float(max(abs(float(v)) for v in extent))


def border_min(mapfile: MapFile) -> float:
    """The shortest shared boundary the map asks for (`min_border_length`), else 0."""
    return float(mapfile.min_border_length or 0.0)


def near_miss(mapfile: MapFile) -> float:
    """The snapping distance: boundaries closer than this should share vertices, map units."""
    return NEAR_MISS * mapfile.size


@dataclass(frozen=True, slots=True)
class BorderGeometry:
    """Where a border is drawn.

    `provinces` is (A, B) for the land border "A|B" and (A,) for a coastal border
    "A~k". `coords` holds the shared line(s); `midpoint` lies on the longest of them;
    `direction` is a unit vector at the midpoint pointing from A into B (land) or
    from the sea into A (coast).
    """

    id: str
    provinces: tuple[str, ...]
    coords: tuple[tuple[Point, ...], ...]
    midpoint: Point
    direction: Point
    length: float


@dataclass
class MapGeometry:
    """A map's derived geometry: the graph plus what a UI needs to draw on it."""

    mapfile: MapFile
    graph: MapGraph
    land_borders: dict[str, BorderGeometry]
    coastal_borders: dict[str, BorderGeometry]
    labels: dict[str, Point]
    shapes: dict[str, shapely.Polygon] = field(repr=False)
    sea: Geometry | None = field(repr=False)


# --------------------------------------------------------------------------- building shapes


def polygons_from_rings(rings: list[tuple[Ring, list[Ring]]]) -> np.ndarray:
    """Shapely polygons from (outer ring, holes) pairs, built in one vectorised call."""
    coords: list[Point] = []
    ring_offsets = [0]
    polygon_offsets = [0]
    for outer, holes in rings:
        for ring in (outer, *holes):
            if len(ring) < 3:  # half-drawn (editor): keep it, invalid, for validate to report
                ring = [*ring, *[ring[-1] if ring else (0.0, 0.0)] * (3 - len(ring))]
            coords.extend(ring)
            coords.append(ring[0])  # shapely wants closed rings
            ring_offsets.append(len(coords))
        polygon_offsets.append(len(ring_offsets) - 1)
    if not rings:
        return np.empty(0, dtype=object)
    return shapely.from_ragged_array(
        GeometryType.POLYGON,
        np.asarray(coords, dtype=float),
        (np.asarray(ring_offsets), np.asarray(polygon_offsets)),
    )


def province_shapes(mapfile: MapFile) -> np.ndarray:
    """One shapely polygon per province, in file order (possibly invalid: see validate)."""
    return polygons_from_rings([(p.polygon, p.holes) for p in mapfile.provinces])


def sea_shapes(mapfile: MapFile) -> tuple[np.ndarray, list[str]]:
    """Every sea polygon, and the id of the sea each belongs to."""
    pairs = [(part.polygon, part.holes) for s in mapfile.seas for part in s.polygons]
    owners = [s.id for s in mapfile.seas for _ in s.polygons]
    return polygons_from_rings(pairs), owners


def lines_only(geoms: np.ndarray) -> np.ndarray:
    """Each geometry reduced to its lines, merged into maximal connected lines."""
    parts, index = shapely.get_parts(geoms, return_index=True)
    kind = shapely.get_type_id(parts)
    keep = (kind == _LINESTRING) | (kind == _LINEARRING)
    merged = shapely.multilinestrings(
        parts[keep], indices=index[keep].astype(np.intp), out=_empty_lines(len(geoms))
    )
    return shapely.line_merge(merged)


def _empty_lines(n: int) -> np.ndarray:
    return np.full(n, _EMPTY_LINES, dtype=object)


# --------------------------------------------------------------------------- borders


def land_contacts(
    shapes: np.ndarray, precision: float, minimum: float = 0.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pairs (i, j), i < j, whose boundaries share lines longer than `precision` and at
    least `minimum` long in total, and those lines."""
    boundaries = shapely.boundary(shapes)
    tree = STRtree(boundaries)
    left, right = tree.query(boundaries, predicate="intersects")
    keep = left < right
    left, right = left[keep], right[keep]
    shared = lines_only(shapely.intersection(boundaries[left], boundaries[right]))
    length = shapely.length(shared)
    long_enough = (length > precision) & (length >= minimum)
    return left[long_enough], right[long_enough], shared[long_enough]


def _longest_parts(lines: np.ndarray) -> np.ndarray:
    """The longest connected part of each (multi)line."""
    parts, index = shapely.get_parts(lines, return_index=True)
    lengths = shapely.length(parts)
    order = np.lexsort((-lengths, index))  # by geometry, longest first
    first = np.ones(len(order), dtype=bool)
    first[1:] = index[order][1:] != index[order][:-1]
    longest = np.empty(len(lines), dtype=object)
    longest[index[order][first]] = parts[order][first]
    return longest


def _mid_and_normal(lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Midpoint (n, 2) of each line's longest part and a unit normal (n, 2) there."""
    longest = _longest_parts(lines)
    length = shapely.length(longest)
    step = length * 1e-3  # the tangent at the midpoint, averaged over a bend there
    mid = shapely.get_coordinates(shapely.line_interpolate_point(longest, length / 2))
    before = shapely.get_coordinates(shapely.line_interpolate_point(longest, length / 2 - step))
    after = shapely.get_coordinates(shapely.line_interpolate_point(longest, length / 2 + step))
    tangent = after - before
    norm = np.hypot(tangent[:, 0], tangent[:, 1])
    norm[norm == 0] = 1.0
    normal = np.column_stack((-tangent[:, 1], tangent[:, 0])) / norm[:, None]
    return mid, normal


def _directions(
    mid: np.ndarray, normal: np.ndarray, into: np.ndarray, probe: float, lengths: np.ndarray
) -> np.ndarray:
    """The normal, flipped where needed so it points into the `into` polygons."""
    # A short border is probed closer, so the probe does not land in a third province.
    probe = np.minimum(probe, lengths / 4)[:, None]
    ahead = mid + normal * probe
    inside = shapely.contains_xy(into, ahead[:, 0], ahead[:, 1])
    # Where the probe misses both ways (a needle-thin province), fall back on the centroid.
    behind = mid - normal * probe
    inside_behind = shapely.contains_xy(into, behind[:, 0], behind[:, 1])
    centroid = shapely.get_coordinates(shapely.centroid(into))
    towards = np.einsum("ij,ij->i", centroid - mid, normal) >= 0
    sign = np.where(inside, 1.0, np.where(inside_behind, -1.0, np.where(towards, 1.0, -1.0)))
    return normal * sign[:, None]


def _coords(line: Geometry) -> tuple[tuple[Point, ...], ...]:
    return tuple(
        tuple((float(x), float(y)) for x, y in shapely.get_coordinates(part))
        for part in shapely.get_parts(line)
    )


def _stretch_order(shape: shapely.Polygon, stretch: Geometry) -> tuple[int, float]:
    """(ring index, position of the stretch's first point along that ring)."""
    rings = [shape.exterior, *shape.interiors]
    mid = shapely.line_interpolate_point(stretch, 0.5, normalized=True)
    ring_index = int(np.argmin(shapely.distance(np.asarray(rings, dtype=object), mid)))
    ring = rings[ring_index]
    points = shapely.points(shapely.get_coordinates(stretch))
    positions = shapely.line_locate_point(ring, points)
    # A stretch over the ring's start counts from the start (its smallest position).
    return ring_index, float(positions.min())


# --------------------------------------------------------------------------- derive


def derive(mapfile: MapFile) -> MapGeometry:
    """The game graph and border geometry of `mapfile` (MapError on duplicate ids)."""
    ids = [p.id for p in mapfile.provinces]
    if len(set(ids)) != len(ids):
        dup = next(pid for pid, count in Counter(ids).items() if count > 1)
        raise MapError(
            f"has two provinces with id {dup!r}",
            file=str(mapfile.path) if mapfile.path else None,
            field="the map",
            fix="give each province its own id",
        )
    precision = tolerance(mapfile)
    minimum = border_min(mapfile)
    probe = near_miss(mapfile) * 0.5
    shapes = _polygonal(province_shapes(mapfile))

    # Land borders.
    left, right, shared = land_contacts(shapes, precision, minimum)
    neighbors: dict[str, set[str]] = {pid: set() for pid in ids}
    land: dict[str, BorderGeometry] = {}
    if len(left):
        mid, normal = _mid_and_normal(shared)
        # Border "A|B" with A < B: the direction points from A into B.
        a_first = np.array([ids[i] < ids[j] for i, j in zip(left, right, strict=True)], dtype=bool)
        first = np.where(a_first, left, right)
        second = np.where(a_first, right, left)
        lengths = shapely.length(shared)
        direction = _directions(mid, normal, shapes[second], probe, lengths)
        for k in range(len(left)):
            a, b = ids[first[k]], ids[second[k]]
            neighbors[a].add(b)
            neighbors[b].add(a)
            border_id = f"{a}|{b}"
            land[border_id] = BorderGeometry(
                border_id,
                (a, b),
                _coords(shared[k]),
                (float(mid[k, 0]), float(mid[k, 1])),
                (float(direction[k, 0]), float(direction[k, 1])),
                float(lengths[k]),
            )
    land = dict(sorted(land.items()))

    # Coastal borders: contact with the union of all sea polygons.
    coasts: dict[str, list[str]] = {pid: [] for pid in ids}
    coastal: dict[str, BorderGeometry] = {}
    sea_polys, _ = sea_shapes(mapfile)
    sea: Geometry | None = None
    if len(sea_polys):
        sea = shapely.union_all(shapely.make_valid(sea_polys))
        coastal = _coastal_borders(ids, shapes, sea, (precision, minimum), probe, coasts)

    labels = _labels(mapfile, shapes)
    graph = _graph(mapfile, neighbors, coasts, labels)
    return MapGeometry(
        mapfile=mapfile,
        graph=graph,
        land_borders=land,
        coastal_borders=coastal,
        labels=labels,
        shapes=dict(zip(ids, shapes, strict=True)),
        sea=sea,
    )


def _polygonal(raw: np.ndarray) -> np.ndarray:
    """Valid shapes stay as drawn; invalid ones (see validate) keep their largest valid part."""
    out = raw.copy()
    for i in np.flatnonzero(~shapely.is_valid(raw)):
        fixed = shapely.make_valid(raw[i], method="structure", keep_collapsed=False)
        parts = [g for g in shapely.get_parts(fixed) if isinstance(g, shapely.Polygon)]
        out[i] = max(parts, key=lambda g: g.area) if parts else raw[i]
    return out


def _coastal_borders(
    ids: list[str],
    shapes: np.ndarray,
    sea: Geometry,
    limits: tuple[float, float],
    probe: float,
    coasts: dict[str, list[str]],
) -> dict[str, BorderGeometry]:
    """Each connected stretch of a province's boundary on the sea longer than the
    tolerance and at least the minimum of `limits` = (tolerance, minimum)."""
    sea_parts = shapely.get_parts(sea)
    sea_parts = sea_parts[shapely.get_type_id(sea_parts) == int(GeometryType.POLYGON)]
    sea_boundaries = shapely.boundary(sea_parts)
    boundaries = shapely.boundary(shapes)
    tree = STRtree(sea_boundaries)
    prov, part = tree.query(boundaries, predicate="intersects")
    if not len(prov):
        return {}
    pieces = shapely.intersection(boundaries[prov], sea_boundaries[part])
    # Group every province's contact pieces, then split them into connected stretches.
    parts, owner = _line_parts_by(pieces, prov)
    grouped = shapely.multilinestrings(parts, indices=owner, out=_empty_lines(len(ids)))
    merged = shapely.line_merge(grouped)
    stretches, owner = shapely.get_parts(merged, return_index=True)
    precision, minimum = limits
    length = shapely.length(stretches)
    long_enough = (length > precision) & (length >= minimum)
    stretches, owner = stretches[long_enough], owner[long_enough]
    if not len(stretches):
        return {}
    mid, normal = _mid_and_normal(stretches)
    lengths = shapely.length(stretches)
    direction = _directions(mid, normal, shapes[owner], probe, lengths)
    by_province: dict[int, list[int]] = {}
    for k, i in enumerate(owner):
        by_province.setdefault(int(i), []).append(k)
    result: dict[str, BorderGeometry] = {}
    for i in sorted(by_province):
        ks = sorted(by_province[i], key=lambda k: _stretch_order(shapes[i], stretches[k]))
        for n, k in enumerate(ks):
            border_id = f"{ids[i]}~{n}"
            coasts[ids[i]].append(border_id)
            result[border_id] = BorderGeometry(
                border_id,
                (ids[i],),
                _coords(stretches[k]),
                (float(mid[k, 0]), float(mid[k, 1])),
                (float(direction[k, 0]), float(direction[k, 1])),
                float(lengths[k]),
            )
    return result


def _line_parts_by(geoms: np.ndarray, owner: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The line parts of `geoms` and, for each, the owner index of its geometry."""
    parts, index = shapely.get_parts(geoms, return_index=True)
    kind = shapely.get_type_id(parts)
    keep = (kind == _LINESTRING) | (kind == _LINEARRING)
    return parts[keep], owner[index[keep]].astype(np.intp)


def _labels(mapfile: MapFile, shapes: np.ndarray) -> dict[str, Point]:
    """Each province's label: its own `label`, else the centre of its largest inner circle."""
    missing = [i for i, p in enumerate(mapfile.provinces) if p.label is None]
    centres = np.empty((0, 2))
    if missing:
        bounds = shapely.bounds(shapes[missing])
        # 1 % of each province's size is precise enough for a label and twice as fast.
        tolerance = np.maximum(bounds[:, 2] - bounds[:, 0], bounds[:, 3] - bounds[:, 1]) / 100
        circles = shapely.maximum_inscribed_circle(shapes[missing], tolerance)
        centre = shapely.get_point(circles, 0)
        centres = np.column_stack((shapely.get_x(centre), shapely.get_y(centre)))
        # A degenerate (half-drawn) province has no inner circle: use its first vertex.
        for k in np.flatnonzero(np.isnan(centres).any(axis=1)):
            ring = mapfile.provinces[missing[k]].polygon
            centres[k] = ring[0] if ring else (0.0, 0.0)
    computed = {i: (float(x), float(y)) for i, (x, y) in zip(missing, centres, strict=True)}
    return {
        p.id: p.label if p.label is not None else computed[i]
        for i, p in enumerate(mapfile.provinces)
    }


def map_hash(mapfile: MapFile) -> str:
    """sha256 (hex) of the map's canonical YAML: equal maps, equal hashes."""
    return hashlib.sha256(dump_map(mapfile).encode("utf-8")).hexdigest()


def _graph(
    mapfile: MapFile,
    neighbors: dict[str, set[str]],
    coasts: dict[str, list[str]],
    labels: dict[str, Point],
) -> MapGraph:
    territory_of: dict[str, str] = {}
    for t in reversed(mapfile.territories):  # the first territory listing a province wins
        territory_of.update(dict.fromkeys(t.provinces, t.id))
    provinces = tuple(
        ProvinceInfo(
            id=p.id,
            name=p.name,
            territory=territory_of.get(p.id),
            neighbors=tuple(sorted(neighbors[p.id])),
            coastal_borders=tuple(coasts[p.id]),
            attrs={**p.attrs, "label": labels[p.id]},
        )
        for p in mapfile.provinces
    )
    territories = tuple(
        TerritoryInfo(t.id, t.name, t.colour, tuple(t.provinces)) for t in mapfile.territories
    )
    return MapGraph(
        id=mapfile.id,
        name=mapfile.name,
        hash=map_hash(mapfile),
        provinces=provinces,
        territories=territories,
        attrs={**mapfile.attributes, "game": mapfile.game},
    )
