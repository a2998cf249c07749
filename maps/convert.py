"""Maps to and from GeoJSON, and to SVG (used by `daimyo map import/export` and the editor).

GeoJSON's y axis points north and a map's y axis points south, so y changes sign
both ways. An exported FeatureCollection carries a "daimyo" member (id, name, game,
size, extent, map attributes, territories), so that importing it again gives back the same map;
a foreign file is moved so that its extent (the land's bounding box grown by 5 %
on every side) starts at (0, 0).

Importing snaps vertices that nearly coincide (within NEAR_MISS) so that
neighbouring provinces share their edges exactly, as the geometry layer requires.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import numpy as np
import shapely
from shapely import STRtree

from engine.files import atomic_write_text
from maps.geometry import NEAR_MISS, derive
from maps.io import (
    DEFAULT_COLOUR,
    FORMAT_VERSION,
    MapError,
    MapFile,
    Province,
    Ring,
    Sea,
    SeaPolygon,
    Territory,
)

# Province properties that are game attributes (copied on import; others are ignored).
GAME_ATTRIBUTES = ("flowers", "capital", "defense", "shadowlands", "palace_site", "blessed")
MARGIN = 0.05  # the extent is the land's bounding box grown by this fraction on every side
SEA_COLOUR = "#a9cfe8"
PALETTE = (
    "#8fbf6a",
    "#e0b35a",
    "#c97b63",
    "#7fa7c9",
    "#b48fc7",
    "#d8d27a",
    "#7cc1b0",
    "#d68fa8",
    "#a3a36b",
    "#9aa7b8",
)


@dataclass
class ImportResult:
    """An imported map and what the import changed or dropped, for the user to read."""

    mapfile: MapFile
    notes: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- import


def import_geojson(
    path: str | os.PathLike[str],
    *,
    map_id: str | None = None,
    id_property: str = "id",
    name_property: str = "name",
    sea_outside: bool = False,
    y_down: bool = False,
    width_mm: float = 400.0,
) -> ImportResult:
    """A map from a GeoJSON FeatureCollection file (raises MapError on bad input)."""
    file = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MapError("does not exist", file=file, fix="check the path") from None
    except json.JSONDecodeError as exc:
        raise MapError(
            f"is not valid JSON: {exc.msg}", file=file, line=exc.lineno, field="the file"
        ) from None
    return geojson_to_map(
        data,
        file=file,
        map_id=map_id or _slug(Path(path).stem),
        id_property=id_property,
        name_property=name_property,
        sea_outside=sea_outside,
        y_down=y_down,
        width_mm=width_mm,
    )


def geojson_to_map(
    data: Any,
    *,
    file: str = "<geojson>",
    map_id: str = "imported",
    id_property: str = "id",
    name_property: str = "name",
    sea_outside: bool = False,
    y_down: bool = False,
    width_mm: float = 400.0,
) -> ImportResult:
    """A map from parsed GeoJSON; see `import_geojson`."""
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection":
        raise MapError(
            "is not a GeoJSON FeatureCollection",
            file=file,
            field="the file",
            fix='the top object needs "type": "FeatureCollection" and "features"',
        )
    meta = data.get("daimyo") if isinstance(data.get("daimyo"), dict) else {}
    flip = 1.0 if y_down else -1.0
    notes: list[str] = []
    land: list[tuple[str, str, shapely.Polygon, dict[str, Any]]] = []
    seas: list[tuple[str, str, list[shapely.Polygon]]] = []
    used: set[str] = set()
    for n, feature in enumerate(data.get("features") or [], start=1):
        props = (feature or {}).get("properties") or {}
        geometry = (feature or {}).get("geometry") or {}
        kind = geometry.get("type")
        raw_id = props.get(id_property, (feature or {}).get("id"))
        fid = _unique(_clean_id(raw_id) if raw_id is not None else f"p{n}", used)
        label = f"feature {n} ({fid})"
        if kind not in ("Polygon", "MultiPolygon"):
            notes.append(f"{label}: skipped, its geometry is {kind}, not Polygon or MultiPolygon")
            continue
        try:
            shape = shapely.geometry.shape(geometry)
        except (ValueError, TypeError, AttributeError, IndexError) as exc:
            raise MapError(
                f"has a broken {kind}: {exc}", file=file, field=label, fix="fix its coordinates"
            ) from None
        shape = shapely.transform(shape, lambda c: c * np.array([1.0, flip]))
        name = str(props.get(name_property) or fid)
        parts = [p for p in shapely.get_parts(shape) if not p.is_empty]
        if not parts:
            notes.append(f"{label}: skipped, its geometry is empty")
            continue
        if props.get("kind") == "sea":
            seas.append((fid, name, parts))
            continue
        if len(parts) > 1:
            parts.sort(key=lambda p: -p.area)
            dropped = sum(p.area for p in parts[1:])
            notes.append(
                f"{label}: MultiPolygon of {len(parts)} parts: kept the largest "
                f"(area {parts[0].area:.4g}), dropped {len(parts) - 1} "
                f"(total area {dropped:.4g})"
            )
        attrs = {k: props[k] for k in GAME_ATTRIBUTES if props.get(k) is not None}
        if isinstance(props.get("label"), list) and len(props["label"]) == 2:
            attrs["label"] = (float(props["label"][0]), float(props["label"][1]) * flip)
        attrs["territory"] = props.get("territory")
        land.append((fid, name, parts[0], attrs))
    if not land:
        raise MapError(
            "has no Polygon or MultiPolygon features",
            file=file,
            field="the file",
            fix="export the provinces as polygons",
        )

    shapes = np.array([shape for _, _, shape, _ in land], dtype=object)
    if meta.get("extent") and len(meta["extent"]) == 4:
        extent = tuple(float(v) for v in meta["extent"])
        shift = np.zeros(2)
    else:  # the bounds, not a union: a union fails on self-crossing polygons
        minx, miny, maxx, maxy = shapely.total_bounds(shapes)
        grow_x, grow_y = (maxx - minx) * MARGIN, (maxy - miny) * MARGIN
        shift = np.array([minx - grow_x, miny - grow_y])
        extent = (0.0, 0.0, maxx - minx + 2 * grow_x, maxy - miny + 2 * grow_y)
    size = max(extent[2] - extent[0], extent[3] - extent[1])
    tolerance = NEAR_MISS * size

    def moved(geom: shapely.Geometry) -> shapely.Geometry:
        return shapely.transform(geom, lambda c: c - shift) if shift.any() else geom

    shapes = shapely.transform(shapes, lambda c: c - shift) if shift.any() else shapes
    sea_shapes = [[moved(p) for p in parts] for _, _, parts in seas]
    flat_seas = [p for parts in sea_shapes for p in parts]
    snapped, snap_notes = snap_polygons(
        np.concatenate([shapes, np.array(flat_seas, dtype=object)]),
        tolerance,
        [fid for fid, _, _, _ in land] + [sid for sid, _, parts in seas for _ in parts],
    )
    notes.extend(snap_notes)
    shapes = snapped[: len(land)]
    rest = list(snapped[len(land) :])
    sea_shapes = [[rest.pop(0) for _ in parts] for parts in sea_shapes]

    territories = _territories(land, meta)
    provinces = []
    for (fid, name, _, attrs), shape in zip(land, shapes, strict=True):
        label = attrs.pop("label", None)
        if label is not None and shift.any():
            label = (label[0] - shift[0], label[1] - shift[1])
        attrs.pop("territory")
        outer, holes = _rings(shape)
        provinces.append(Province(fid, name, outer, holes, label, attrs))

    sea_list = [
        Sea(sid, name, [SeaPolygon(*_rings(p)) for p in parts])
        for (sid, name, _), parts in zip(seas, sea_shapes, strict=True)
    ]
    if sea_outside:
        outside = _outside_sea(shapes, [p for parts in sea_shapes for p in parts], extent, notes)
        if outside:
            sea_list.append(Sea(_unique("sea", used), "Sea", outside))

    width = float(meta.get("size", {}).get("width_mm", width_mm)) if meta else width_mm
    height = (
        float(meta["size"]["height_mm"])
        if meta.get("size")
        else round(width * (extent[3] - extent[1]) / (extent[2] - extent[0]), 1)
    )
    game = (
        meta.get("game", "any")
        if meta.get("game") in ("any", "rokugan", "ricewars", "shinobi")
        else "any"
    )
    mapfile = MapFile(
        id=_clean_id(meta.get("id", map_id)),
        name=str(meta.get("name", map_id)),
        width_mm=width,
        height_mm=height,
        extent=extent,  # type: ignore[arg-type]
        provinces=provinces,
        territories=territories,
        seas=sea_list,
        game=game,
        attributes=dict(meta["attributes"]) if isinstance(meta.get("attributes"), dict) else {},
    )
    return ImportResult(mapfile, notes)


def snap_polygons(
    shapes: np.ndarray, tolerance: float, names: list[str] | None = None
) -> tuple[np.ndarray, list[str]]:
    """Make nearly coincident vertices of different polygons identical, so neighbours share edges.

    Polygons that already form a clean coverage (valid, neighbours sharing their edges, no
    gap narrower than `tolerance`) come back unchanged. Otherwise only the polygons with
    invalid edges and their neighbours are worked on (all of them if that leaves the
    whole invalid):
    1. Vertices of different polygons closer than `tolerance` are grouped, closest pairs
       first, never two vertices of one polygon in a group; each group takes the position
       of its first vertex (shared vertices stay where they are).
    2. A neighbour's vertex lying within `tolerance` of the middle of an edge (farther
       than `tolerance` from both its ends) is inserted into that edge (T-junctions).
    3. GEOS's coverage cleaner (shapely >= 2.2) settles the overlaps left and closes gaps
       narrower than `tolerance`. Its own snapping stays at its tiny default: it would
       also pull together vertices of one polygon, collapsing narrow necks and detailed
       coasts (it split a province of the shipped Rokugan map on a GeoJSON round trip).
    Steps 1-2 match vertices by distance alone, so they can pair the wrong ends of edges
    shorter than the displacement. Candidate pairs come from STRtree queries; broken
    polygons are repaired. Returns the polygons and notes for the user, naming polygons
    by `names` if given.
    """
    out = np.array(shapes, dtype=object)
    label = [f"'{n}'" for n in names] if names else [f"polygon {i + 1}" for i in range(len(out))]
    if len(out) < 2:
        return out, []
    everything = np.arange(len(out))
    subset = _broken_and_neighbours(out, tolerance)
    if subset is None:
        subset = everything
    elif not len(subset):
        return out, []
    result, notes = _clean(out, subset, tolerance, label)
    if len(subset) < len(out) and not _clean_coverage(result, tolerance):
        result, notes = _clean(out, everything, tolerance, label)
    return result, notes


def _broken_and_neighbours(shapes: np.ndarray, tolerance: float) -> np.ndarray | None:
    """Indices of the invalid polygons, those with invalid coverage edges, and the polygons
    within `tolerance` of them; None when this shapely cannot check coverages."""
    if not hasattr(shapely, "coverage_invalid_edges"):
        return None
    broken = ~shapely.is_valid(shapes)
    if not broken.any():
        edges = shapely.coverage_invalid_edges(shapes, gap_width=tolerance)
        broken = ~shapely.is_empty(edges)
    if not broken.any():
        return np.zeros(0, dtype=np.intp)
    _, near = STRtree(shapes).query(shapes[broken], predicate="dwithin", distance=tolerance)
    return np.union1d(np.flatnonzero(broken), near)


def _clean_coverage(shapes: np.ndarray, tolerance: float) -> bool:
    """True when the polygons are valid and form a coverage without narrow gaps."""
    return bool(shapely.is_valid(shapes).all()) and bool(
        shapely.coverage_is_valid(shapes, gap_width=tolerance)
    )


def _clean(
    shapes: np.ndarray, subset: np.ndarray, tolerance: float, label: list[str]
) -> tuple[np.ndarray, list[str]]:
    """`shapes` with the polygons `subset` snapped and cleaned (the rest as they are).

    The polygons near the subset take part in the vertex matching as fixed anchors: a
    vertex they share with the subset keeps the subset's copy where it is.
    """
    names = [label[i] for i in subset]
    context = np.zeros(0, dtype=np.intp)
    if len(subset) < len(shapes):
        _, near = STRtree(shapes).query(shapes[subset], predicate="dwithin", distance=tolerance)
        context = np.setdiff1d(near, subset)
    both = np.concatenate([shapes[context], shapes[subset]])
    snapped, notes = _snap_vertices(both, tolerance, ["?"] * len(context) + names, len(context))
    part = snapped[len(context) :]
    if hasattr(shapely, "coverage_clean"):  # shapely >= 2.2 with GEOS >= 3.14
        part, more = _coverage_clean(shapes[subset], part, tolerance, names)
        notes += more
    out = np.array(shapes, dtype=object)
    out[subset] = part
    return out, notes


def _snap_vertices(
    out: np.ndarray, tolerance: float, label: list[str], fixed: int = 0
) -> tuple[np.ndarray, list[str]]:
    """Steps 1-2 of `snap_polygons`: shared vertices and T-junctions; repairs what breaks.

    The first `fixed` polygons are anchors: matched vertices take their position (the
    first of a group does), and they get no new vertices or repairs.
    """
    notes: list[str] = []
    if len(out) < 2:
        return np.array(out, dtype=object), notes
    out = np.array(out, dtype=object)
    drawn_valid = shapely.is_valid(out)
    _, coords, (ring_offsets, polygon_offsets) = shapely.to_ragged_array(out)
    coords = coords.copy()
    closing = ring_offsets[1:] - 1  # each ring's repeated first point
    opening = ring_offsets[:-1]
    ring_owner = np.repeat(np.arange(len(out)), np.diff(polygon_offsets))
    owner = np.repeat(ring_owner, np.diff(ring_offsets))
    free = np.ones(len(coords), dtype=bool)
    free[closing] = False
    index = np.flatnonzero(free)
    points = shapely.points(coords[index])
    left, right = STRtree(points).query(points, predicate="dwithin", distance=tolerance)
    keep = (left < right) & (owner[index[left]] != owner[index[right]])
    left, right = index[left[keep]], index[right[keep]]
    distance = np.hypot(*(coords[left] - coords[right]).T)
    parent = {int(i): int(i) for i in np.union1d(left, right)}
    members = {i: {int(owner[i])} for i in parent}

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for k in np.argsort(distance, kind="stable"):
        a, b = root(int(left[k])), root(int(right[k]))
        if a != b and not members[a] & members[b]:
            a, b = min(a, b), max(a, b)
            parent[b] = a
            members[a] |= members.pop(b)
    for i in parent:
        coords[i] = coords[root(i)]
    coords[closing] = coords[opening]
    out = shapely.from_ragged_array(
        shapely.GeometryType.POLYGON, coords, (ring_offsets, polygon_offsets)
    )

    # T-junctions: a neighbour's vertex beside the middle of an edge goes into that edge.
    left, right = STRtree(out).query(out, predicate="dwithin", distance=tolerance)
    keep = left != right
    left, right = left[keep], right[keep]
    vertices = [np.unique(shapely.get_coordinates(g), axis=0) for g in out]
    splits = np.flatnonzero(np.diff(left)) + 1
    for lefts, rights in zip(np.split(left, splits), np.split(right, splits), strict=True):
        if not len(lefts):
            continue
        i = int(lefts[0])
        if i < fixed:
            continue
        near = np.unique(np.concatenate([vertices[j] for j in rights]), axis=0)
        # its own vertices are not T-junctions (across a neck narrower than the tolerance)
        own = np.isin(_rows(near), _rows(vertices[i]))
        near = near[~own]
        if not len(near):
            continue
        rings = [out[i].exterior, *out[i].interiors]
        new = [_insert_beside(shapely.get_coordinates(r)[:-1], near, tolerance) for r in rings]
        out[i] = shapely.Polygon(new[0], new[1:])
    out = shapely.remove_repeated_points(out)
    for i in np.flatnonzero(~shapely.is_valid(out)):
        if i < fixed:
            continue
        repaired = shapely.make_valid(out[i], method="structure", keep_collapsed=False)
        parts = [p for p in shapely.get_parts(repaired) if isinstance(p, shapely.Polygon)]
        if parts:
            out[i] = max(parts, key=lambda p: p.area)
            why = "snapping made it invalid" if drawn_valid[i] else "it crosses itself"
            notes.append(f"{label[i]}: {why}; repaired it, kept its largest part")
    return out, notes


def _rows(points: np.ndarray) -> np.ndarray:
    """Each (x, y) row as one comparable value (for set operations on points)."""
    points = np.ascontiguousarray(points, dtype=np.float64)
    return points.view(np.dtype((np.void, points.dtype.itemsize * 2))).ravel()


def _insert_beside(ring: np.ndarray, points: np.ndarray, tolerance: float) -> np.ndarray:
    """The open ring (n, 2) with each point lying beside the middle of one of its edges
    inserted into that edge (points near an end were merged with it already)."""
    start, end = ring, np.roll(ring, -1, axis=0)
    edge = end - start
    length = np.hypot(edge[:, 0], edge[:, 1])
    safe = np.where(length == 0, 1.0, length)
    rel = points[:, None, :] - start[None, :, :]  # (points, edges, 2)
    along = (rel * edge[None]).sum(axis=2) / safe[None]
    across = np.abs(rel[..., 0] * edge[None, :, 1] - rel[..., 1] * edge[None, :, 0]) / safe[None]
    fits = (across <= tolerance) & (along > tolerance) & (along < length[None] - tolerance)
    across = np.where(fits, across, np.inf)
    best = np.argmin(across, axis=1)
    chosen = np.isfinite(across[np.arange(len(points)), best])
    if not chosen.any():
        return ring
    inserts: dict[int, list[tuple[float, np.ndarray]]] = {}
    for k in np.flatnonzero(chosen):
        inserts.setdefault(int(best[k]), []).append((float(along[k, best[k]]), points[k]))
    out = []
    for e, vertex in enumerate(ring):
        out.append(vertex)
        out.extend(p for _, p in sorted(inserts.get(e, []), key=lambda item: item[0]))
    return np.asarray(out)


def _coverage_clean(
    originals: np.ndarray, snapped: np.ndarray, tolerance: float, label: list[str]
) -> tuple[np.ndarray, list[str]]:
    """GEOS's coverage cleaner on snapped polygons: matches edges, closes narrow gaps."""
    cleaned = shapely.coverage_clean(snapped, gap_width=tolerance)
    out = np.array(snapped, dtype=object)
    notes: list[str] = []
    for i, geom in enumerate(cleaned):
        parts = [p for p in shapely.get_parts(geom) if isinstance(p, shapely.Polygon)]
        if not parts:
            notes.append(f"{label[i]}: vanished when cleaned; kept as snapped")
            continue
        if len(parts) > 1:
            notes.append(f"{label[i]}: cleaning split it; kept the largest part")
        out[i] = _like(originals[i], max(parts, key=lambda p: p.area))
    return out, notes


def _like(original: shapely.Polygon, cleaned: shapely.Polygon) -> shapely.Polygon:
    """`cleaned` drawn like `original`: the same when unchanged, else the same ring
    orientation and start (the cleaner rotates rings, which would make imports differ)."""
    if shapely.get_num_coordinates(cleaned) == shapely.get_num_coordinates(
        original
    ) and cleaned.equals(original):
        return original
    ring = shapely.get_coordinates(cleaned.exterior)[:-1]
    if cleaned.exterior.is_ccw != original.exterior.is_ccw:
        ring = ring[::-1]
    first = shapely.get_coordinates(original.exterior)[0]
    start = int(np.argmin(np.hypot(*(ring - first).T)))
    ring = np.roll(ring, -start, axis=0)
    return shapely.Polygon(ring, [h.coords for h in cleaned.interiors])


def _outside_sea(
    land: np.ndarray, seas: list[shapely.Polygon], extent: tuple[float, ...], notes: list[str]
) -> list[SeaPolygon]:
    """The part of the extent covered by neither land nor the given seas."""
    covered = shapely.union_all(np.concatenate([land, np.array(seas, dtype=object)]))
    water = shapely.difference(shapely.box(*extent), covered)
    minimum = (0.01 * max(extent[2] - extent[0], extent[3] - extent[1])) ** 2
    parts = [p for p in shapely.get_parts(water) if isinstance(p, shapely.Polygon)]
    kept = [p for p in parts if p.area >= minimum]
    if len(kept) < len(parts):
        notes.append(
            f"sea: dropped {len(parts) - len(kept)} slivers between provinces "
            f"(smaller than {minimum:.4g} square units)"
        )
    return [SeaPolygon(*_rings(p)) for p in kept]


def _territories(land: list[tuple[str, str, Any, dict[str, Any]]], meta: dict) -> list[Territory]:
    known = {str(t.get("id")): t for t in meta.get("territories") or [] if isinstance(t, dict)}
    order: list[str] = []
    members: dict[str, list[str]] = {}
    for fid, _, _, attrs in land:
        tid = attrs.get("territory")
        if tid is None:
            continue
        tid = _clean_id(tid)
        if tid not in members:
            order.append(tid)
            members[tid] = []
        members[tid].append(fid)
    order.sort(key=lambda t: list(known).index(t) if t in known else len(known))
    result = []
    for k, tid in enumerate(order):
        info = known.get(tid, {})
        colour = info.get("colour")
        if not isinstance(colour, str) or not re.match(r"^#[0-9a-fA-F]{6}$", colour):
            colour = PALETTE[k % len(PALETTE)]
        result.append(Territory(tid, str(info.get("name", tid)), colour, members[tid]))
    return result


def _rings(shape: shapely.Polygon) -> tuple[Ring, list[Ring]]:
    """(outer ring, holes) without the closing repeat, as float tuples."""

    def ring(r: shapely.LinearRing) -> Ring:
        return [(float(x), float(y)) for x, y in shapely.get_coordinates(r)[:-1]]

    return ring(shape.exterior), [ring(h) for h in shape.interiors]


def _clean_id(value: Any) -> str:
    text = str(value).strip() or "p"
    return text.replace("|", "-").replace("~", "-")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "imported"


def _unique(candidate: str, used: set[str]) -> str:
    result, k = candidate, 2
    while result in used:
        result, k = f"{candidate}-{k}", k + 1
    used.add(result)
    return result


# --------------------------------------------------------------------------- export


def map_to_geojson(mapfile: MapFile) -> dict[str, Any]:
    """The map as a GeoJSON FeatureCollection (y north) with a "daimyo" member."""

    def ring(points: Ring) -> list[list[float]]:
        closed = [*points, points[0]]
        return [[_exact(x), _exact(-y)] for x, y in closed]

    territory_of = {pid: t.id for t in reversed(mapfile.territories) for pid in t.provinces}
    features = []
    for p in mapfile.provinces:
        properties: dict[str, Any] = {"id": p.id, "name": p.name, "kind": "province"}
        if p.id in territory_of:
            properties["territory"] = territory_of[p.id]
        if p.label is not None:
            properties["label"] = [_exact(p.label[0]), _exact(-p.label[1])]
        properties.update(p.attrs)
        features.append(
            {
                "type": "Feature",
                "id": p.id,
                "properties": properties,
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [ring(p.polygon), *(ring(h) for h in p.holes)],
                },
            }
        )
    for s in mapfile.seas:
        features.append(
            {
                "type": "Feature",
                "id": s.id,
                "properties": {"id": s.id, "name": s.name, "kind": "sea"},
                "geometry": {
                    "type": "MultiPolygon",
                    "coordinates": [
                        [ring(part.polygon), *(ring(h) for h in part.holes)] for part in s.polygons
                    ],
                },
            }
        )
    return {
        "type": "FeatureCollection",
        "daimyo": {
            "format": FORMAT_VERSION,
            "id": mapfile.id,
            "name": mapfile.name,
            "game": mapfile.game,
            "size": {"width_mm": mapfile.width_mm, "height_mm": mapfile.height_mm},
            "extent": list(mapfile.extent),
            "attributes": mapfile.attributes,
            "territories": [
                {"id": t.id, "name": t.name, "colour": t.colour} for t in mapfile.territories
            ],
        },
        "features": features,
    }


def map_to_svg(mapfile: MapFile) -> str:
    """An SVG picture of the map: seas, provinces coloured by territory, names at labels."""
    geometry = derive(mapfile)
    minx, miny, maxx, maxy = mapfile.extent
    width, height = maxx - minx, maxy - miny
    size = mapfile.size
    stroke = _num(size / 800)
    font = _num(size / 60)
    colour_of = {t.id: t.colour for t in mapfile.territories}
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(mapfile.width_mm)}mm" '
        f'height="{_num(mapfile.height_mm)}mm" '
        f'viewBox="{_num(minx)} {_num(miny)} {_num(width)} {_num(height)}">',
        f"<title>{escape(mapfile.name)}</title>",
        f'<rect x="{_num(minx)}" y="{_num(miny)}" width="{_num(width)}" '
        f'height="{_num(height)}" fill="#ffffff"/>',
        f'<g id="seas" fill="{SEA_COLOUR}" stroke="none" fill-rule="evenodd">',
    ]
    for s in mapfile.seas:
        for part in s.polygons:
            out.append(
                f'<path id={quoteattr("sea-" + s.id)} d="{_path(part.polygon, part.holes)}"/>'
            )
    out.append("</g>")
    out.append(
        f'<g id="provinces" stroke="#333333" stroke-width="{stroke}" '
        'stroke-linejoin="round" fill-rule="evenodd">'
    )
    for p in mapfile.provinces:
        fill = colour_of.get(geometry.graph.province(p.id).territory or "", DEFAULT_COLOUR)
        out.append(
            f"<path id={quoteattr('province-' + p.id)} fill={quoteattr(fill)} "
            f'd="{_path(p.polygon, p.holes)}"><title>{escape(p.name)}</title></path>'
        )
    out.append("</g>")
    out.append(
        f'<g id="names" font-family="sans-serif" font-size="{font}" text-anchor="middle" '
        'dominant-baseline="central" fill="#111111">'
    )
    for p in mapfile.provinces:
        x, y = geometry.labels[p.id]
        out.append(f'<text x="{_num(x)}" y="{_num(y)}">{escape(p.name)}</text>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def export_map(mapfile: MapFile, path: str | os.PathLike[str]) -> None:
    """Write the map as GeoJSON (.geojson/.json) or SVG (.svg), atomically."""
    suffix = Path(path).suffix.lower()
    if suffix in (".geojson", ".json"):
        atomic_write_text(path, json.dumps(map_to_geojson(mapfile), indent=1) + "\n")
    elif suffix == ".svg":
        atomic_write_text(path, map_to_svg(mapfile))
    else:
        raise MapError(
            f"has the unknown extension {suffix or '(none)'!r}",
            file=str(path),
            fix="name the output .geojson or .svg",
        )


def _path(outer: Ring, holes: list[Ring]) -> str:
    return " ".join(
        "M " + " L ".join(f"{_num(x)} {_num(y)}" for x, y in ring) + " Z"
        for ring in (outer, *holes)
    )


def _num(value: float) -> int | float:
    value = float(value)
    return int(value) if value.is_integer() and abs(value) < 2**53 else round(value, 6)


def _exact(value: float) -> int | float:
    value = float(value)
    return int(value) if value.is_integer() and abs(value) < 2**53 else value
