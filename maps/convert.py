"""Maps to and from GeoJSON, and to SVG (used by `daimyo map import/export` and the editor).

GeoJSON's y axis points north and a map's y axis points south, so y changes sign
both ways. An exported FeatureCollection carries a "daimyo" member (id, name, game,
size, extent, map attributes, territories), so that importing it again gives back the same map;
a foreign file is moved so that its extent (the land's bounding box grown by 5 %
on every side) starts at (0, 0).

Importing snaps vertices that nearly coincide (within the snapping distance, by default
NEAR_MISS of the map's size) so that neighbouring provinces share their edges exactly, as
the geometry layer requires (`maps.snap`), and reports every change with its place.
"""

from __future__ import annotations

import json
import os
import re
import warnings
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import numpy as np
import shapely
from shapely import STRtree

from engine.files import atomic_write_text
from engine.words import N_, Words, translated
from maps.errors import THE_FILE, MapError, Text
from maps.geometry import NEAR_MISS, coordinate_tolerance, derive
from maps.io import read_file_text
from maps.mapfile import (
    DEFAULT_COLOUR,
    FORMAT_VERSION,
    MAX_COORDINATE,
    MapFile,
    Province,
    Ring,
    Sea,
    SeaPolygon,
    Territory,
)
from maps.snap import KINDS, ImportNote, Places, snap_polygons

__all__ = [
    "ISLANDS",
    "ImportNote",
    "ImportResult",
    "export_map",
    "geojson_to_map",
    "import_geojson",
    "map_to_geojson",
    "map_to_svg",
    "snap_polygons",
]

# Province properties that are game attributes (copied on import; others are ignored).
GAME_ATTRIBUTES = ("flowers", "capital", "defense", "shadowlands", "palace_site", "blessed")
MARGIN = 0.05  # the extent is the land's bounding box grown by this fraction on every side
# What becomes of the smaller parts of a MultiPolygon province: left out, or provinces.
ISLANDS = ("largest", "separate")
SNAP_PROVINCE = 0.01  # the default snapping distance is at most this fraction of a province
MAX_GEOJSON_BYTES = 256 * 2**20  # GeoJSON is wordier than a map file (maps.io.MAX_MAP_BYTES)
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
    """An imported map and what the import changed or left out, for the user to read."""

    mapfile: MapFile
    report: list[ImportNote] = field(default_factory=list)
    snap: float = 0.0  # the snapping distance used, in map units

    @property
    def notes(self) -> list[str]:
        """The report in words, one line per change."""
        return [str(note) for note in self.report]

    def summary(self) -> str:
        """How many changes of each kind, in words ("3 vertices snapped, 1 island left out")."""
        counts = Counter(note.kind for note in self.report)
        parts = [
            str(Words.of(_SUMMARY[k][0] if counts[k] == 1 else _SUMMARY[k][1], n=counts[k]))
            for k in KINDS
            if counts[k]
        ]
        return ", ".join(parts) if parts else translated(N_("nothing changed"))


# Each kind of note counted in words: (one, many).
_SUMMARY = {
    "skipped": (N_("{n} feature skipped"), N_("{n} features skipped")),
    "island": (
        N_("{n} island left out or made a province"),
        N_("{n} islands left out or made provinces"),
    ),
    "snapped": (N_("{n} vertex snapped"), N_("{n} vertices snapped")),
    "inserted": (
        N_("{n} vertex added on a neighbour's edge"),
        N_("{n} vertices added on a neighbour's edge"),
    ),
    "sliver": (
        N_("{n} sliver dropped or given to a neighbour"),
        N_("{n} slivers dropped or given to a neighbour"),
    ),
    "corner": (N_("{n} contact made a corner"), N_("{n} contacts made corners")),
    "repaired": (N_("{n} outline repaired"), N_("{n} outlines repaired")),
    "sea": (N_("{n} note on the sea"), N_("{n} notes on the sea")),
}


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
    islands: str = "largest",
    snap: float | None = None,
) -> ImportResult:
    """A map from a GeoJSON FeatureCollection file (raises MapError on bad input)."""
    file = str(path)
    text = read_file_text(path, MAX_GEOJSON_BYTES, Words.of(N_("GeoJSON file")))
    try:
        data = json.loads(text)
    except RecursionError:
        raise MapError(
            Words.of(N_("nests too deeply to be GeoJSON")), file=file, field=THE_FILE
        ) from None
    except json.JSONDecodeError as exc:
        raise MapError(
            Words.of(N_("is not valid JSON: {problem}"), problem=exc.msg),
            file=file,
            line=exc.lineno,
            field=THE_FILE,
        ) from None
    except ValueError as exc:  # Python's own limits: a number of thousands of digits
        raise MapError(
            Words.of(N_("holds a value Python cannot read ({reason})"), reason=str(exc)),
            file=file,
            field=THE_FILE,
            fix=Words.of(N_("write coordinates as ordinary decimal numbers")),
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
        islands=islands,
        snap=snap,
    )


@dataclass
class _Land:
    """A province as read from a feature, before it is moved and snapped."""

    id: str
    name: str
    shape: shapely.Polygon
    attrs: dict[str, Any]
    island_of: str | None = None  # the province it was a part of ("separate")


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
    islands: str = "largest",
    snap: float | None = None,
) -> ImportResult:
    """A map from parsed GeoJSON; see `import_geojson`.

    `islands` says what becomes of a MultiPolygon province's smaller parts: "largest"
    leaves them out, "separate" makes each a province of its own, id "<id>_2" and name
    "Name (2)" (numbered by size), in the same territory, joined to the rest by sea: when
    no sea touches one, the sea outside the land is added as with `sea_outside`. `snap` is
    the snapping distance in the file's units (default: `default_snap`; 0 snaps nothing
    and only repairs broken outlines).
    """
    if islands not in ISLANDS:
        raise ValueError(f"islands must be one of {ISLANDS}, not {islands!r}")
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection":
        raise MapError(
            Words.of(N_("is not a GeoJSON FeatureCollection")),
            file=file,
            field=THE_FILE,
            fix=Words.of(N_('the top object needs "type": "FeatureCollection" and "features"')),
        )
    meta = data.get("daimyo") if isinstance(data.get("daimyo"), dict) else {}
    flip = 1.0 if y_down else -1.0
    report: list[ImportNote] = []
    land: list[_Land] = []
    left_out: list[tuple[str, str, int, int, shapely.Polygon]] = []  # label, id, k, n, part
    seas: list[tuple[str, str, list[shapely.Polygon]]] = []
    used: set[str] = set()
    features = data.get("features")
    for n, feature in enumerate(features if isinstance(features, list) else [], start=1):
        feature = feature if isinstance(feature, dict) else {}
        props = feature.get("properties") if isinstance(feature.get("properties"), dict) else {}
        geometry = feature.get("geometry") if isinstance(feature.get("geometry"), dict) else {}
        kind = geometry.get("type")
        raw_id = props.get(id_property, feature.get("id"))
        if raw_id is not None and not isinstance(raw_id, str | int | float):
            raw_id = None  # a list or mapping is no id
        fid = _unique(_clean_id(raw_id) if raw_id is not None else f"p{n}", used)
        label = Words.of(N_("feature {n} ('{id}')"), n=n, id=fid)
        if kind not in ("Polygon", "MultiPolygon"):
            report.append(
                ImportNote(
                    "skipped",
                    Words.of(
                        N_(
                            "{feature}: skipped, its geometry is {kind}, not Polygon or "
                            "MultiPolygon"
                        ),
                        feature=label,
                        kind=kind,
                    ),
                    (fid,),
                )
            )
            continue
        try:
            with warnings.catch_warnings():  # NaN coordinates: reported just below
                warnings.simplefilter("ignore", RuntimeWarning)
                shape = shapely.geometry.shape(geometry)
        except (ValueError, TypeError, AttributeError, shapely.errors.GEOSException) as exc:
            raise MapError(
                Words.of(N_("has a broken {kind}: {problem}"), kind=kind, problem=str(exc)),
                file=file,
                field=label,
                fix=Words.of(N_("fix its coordinates")),
            ) from None
        except (IndexError, KeyError):
            raise MapError(
                Words.of(
                    N_("has a broken {kind}: its coordinates are not rings of [x, y] points"),
                    kind=kind,
                ),
                file=file,
                field=label,
                fix=Words.of(N_("fix its coordinates")),
            ) from None
        _check_coordinates(shapely.get_coordinates(shape), file, label)
        shape = shapely.transform(shape, lambda c: c * np.array([1.0, flip]))
        name = str(props.get(name_property) or fid)
        parts = [_tidy(p) for p in shapely.get_parts(shape) if not p.is_empty]
        if len(parts) > 1 or (parts and _flat(parts[0])):
            # A part without area (a line or point drawn as a polygon) is no island.
            flat = [p for p in parts if _flat(p)]
            parts = [p for p in parts if not _flat(p)]
            for p in flat:
                report.append(
                    ImportNote(
                        "skipped",
                        Words.of(
                            N_("{feature}: skipped a part without area at {at} in the GeoJSON"),
                            feature=label,
                            at=_source_at(shapely.get_coordinates(p)[0], flip),
                        ),
                        (fid,),
                    )
                )
        if not parts:
            empty = Words.of(N_("{feature}: skipped, its geometry is empty"), feature=label)
            report.append(ImportNote("skipped", empty, (fid,)))
            continue
        if props.get("kind") == "sea":
            seas.append((fid, name, parts))
            continue
        parts.sort(key=lambda p: -p.area)
        attrs = {k: props[k] for k in GAME_ATTRIBUTES if props.get(k) is not None}
        if isinstance(props.get("label"), list) and len(props["label"]) == 2:
            try:
                at = np.array(props["label"], dtype=float)
            except (TypeError, ValueError):
                raise MapError(
                    Words.of(N_("has a label that is not [x, y]")),
                    file=file,
                    field=label,
                    fix=Words.of(N_("give two numbers")),
                ) from None
            _check_coordinates(at[None, :], file, Words.of(N_("{feature} label"), feature=label))
            attrs["label"] = (float(at[0]), float(at[1]) * flip)
        attrs["territory"] = props.get("territory")
        land.append(_Land(fid, name, parts[0], attrs))
        for k, part in enumerate(parts[1:], start=2):
            if islands == "largest":
                left_out.append((label, fid, k, len(parts), part))
                continue
            # Like the editor's split: the territory, not the label nor the capital.
            kept = {a: v for a, v in attrs.items() if a not in ("label", "capital")}
            island_id = _unique(f"{fid}_{k}", used)
            land.append(_Land(island_id, f"{name} ({k})", part, kept, island_of=fid))
    if not land:
        raise MapError(
            Words.of(N_("has no Polygon or MultiPolygon features")),
            file=file,
            field=THE_FILE,
            fix=Words.of(N_("export the provinces as polygons")),
        )

    shapes = np.array([item.shape for item in land], dtype=object)
    if meta.get("extent") and len(meta["extent"]) == 4:
        extent = tuple(float(v) for v in meta["extent"])
        _check_coordinates(np.array(extent).reshape(2, 2), file, "the daimyo extent")
        shift = np.zeros(2)
    else:  # the bounds, not a union: a union fails on self-crossing polygons
        minx, miny, maxx, maxy = shapely.total_bounds(shapes)
        grow_x, grow_y = (maxx - minx) * MARGIN, (maxy - miny) * MARGIN
        shift = np.array([minx - grow_x, miny - grow_y])
        extent = (0.0, 0.0, maxx - minx + 2 * grow_x, maxy - miny + 2 * grow_y)
    size = max(extent[2] - extent[0], extent[3] - extent[1])
    places = Places(size)
    tolerance = default_snap(shapes, size) if snap is None else float(snap)

    def moved(geom: shapely.Geometry) -> shapely.Geometry:
        return shapely.transform(geom, lambda c: c - shift) if shift.any() else geom

    shapes = shapely.transform(shapes, lambda c: c - shift) if shift.any() else shapes
    report += _island_notes(left_out, land, shapes, shift, flip, places)
    sea_shapes = [[moved(p) for p in parts] for _, _, parts in seas]
    flat_seas = [p for parts in sea_shapes for p in parts]
    snapped, snap_notes = snap_polygons(  # with a distance of 0 it still repairs
        np.concatenate([shapes, np.array(flat_seas, dtype=object)]),
        tolerance,
        [item.id for item in land] + [sid for sid, _, parts in seas for _ in parts],
        coordinate_tolerance(extent),
    )
    report += snap_notes
    for k in np.flatnonzero(~shapely.is_valid(snapped) | shapely.is_empty(snapped)):
        raise MapError(
            Words.of(N_("has an outline that cannot be repaired (it has no area)")),
            file=file,
            field=f"'{land[k].id}'" if k < len(land) else Words.of(N_("a sea")),
            fix=Words.of(N_("redraw it, or delete the feature")),
        )
    shapes = snapped[: len(land)]
    rest = list(snapped[len(land) :])
    sea_shapes = [[rest.pop(0) for _ in parts] for parts in sea_shapes]

    territories = _territories([(i.id, i.name, i.shape, i.attrs) for i in land], meta)
    provinces = []
    for item, shape in zip(land, shapes, strict=True):
        label = item.attrs.pop("label", None)
        if label is not None and shift.any():
            label = (label[0] - shift[0], label[1] - shift[1])
        item.attrs.pop("territory")
        outer, holes = _rings(shape)
        provinces.append(Province(item.id, item.name, outer, holes, label, item.attrs))

    sea_list = [
        Sea(sid, name, [SeaPolygon(*_rings(p)) for p in parts])
        for (sid, name, _), parts in zip(seas, sea_shapes, strict=True)
    ]
    all_seas = [p for parts in sea_shapes for p in parts]
    dry = _dry_islands(land, shapes, all_seas, coordinate_tolerance(extent))
    if dry and not sea_outside:
        sea_outside = True
        report.append(
            ImportNote(
                "sea",
                Words.of(
                    N_(
                        "added the sea outside the land (as with --sea outside) so that the "
                        "islands {ids} are joined to the rest by sea"
                    )
                    if len(dry) > 1
                    else N_(
                        "added the sea outside the land (as with --sea outside) so that the "
                        "island {ids} is joined to the rest by sea"
                    ),
                    ids=", ".join(repr(i) for i in dry),
                ),
                tuple(dry),
            )
        )
    if sea_outside:
        outside = _outside_sea(shapes, land, all_seas, extent, places, report)
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
    shortest = meta.get("min_border_length")
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
        min_border_length=float(shortest) if isinstance(shortest, int | float) else None,
    )
    return ImportResult(mapfile, report, tolerance)


def _tidy(part: shapely.Polygon) -> shapely.Polygon:
    """The polygon without empty holes (`[]` in the file), which nothing could draw."""
    holes = [h for h in part.interiors if not h.is_empty]
    return part if len(holes) == len(part.interiors) else shapely.Polygon(part.exterior, holes)


def _flat(part: shapely.Polygon) -> bool:
    """True for a polygon without area, even once repaired (a line drawn as a polygon)."""
    return shapely.area(shapely.make_valid(part)) <= 0


def _check_coordinates(coords: np.ndarray, file: str, where: Text) -> None:
    """MapError unless every coordinate is a finite number within ±MAX_COORDINATE (the map
    format's own limit: the geometry's tolerances break down long before)."""
    bad = ~np.isfinite(coords) | (np.abs(np.nan_to_num(coords, nan=0.0)) > MAX_COORDINATE)
    if bad.any():
        value = float(coords[np.nonzero(bad)][0])
        raise MapError(
            Words.of(N_("has the coordinate {value}, not a finite number"), value=repr(value))
            if not np.isfinite(value)
            else Words.of(
                N_("has the coordinate {value}, beyond ±{limit}"),
                value=repr(value),
                limit=f"{MAX_COORDINATE:,}",
            ),
            file=file,
            field=where,
            fix=Words.of(
                N_("give coordinates as plain numbers in a projection whose units keep them small")
            ),
        )


def default_snap(shapes: np.ndarray, size: float) -> float:
    """The snapping distance an import uses unless told: NEAR_MISS of the map's size, but at
    most SNAP_PROVINCE of a typical province's width (the square root of the median area),
    so that a map of 3,000 counties does not pull together vertices a county apart."""
    areas = shapely.area(shapely.make_valid(shapes)) if len(shapes) else np.array([size**2])
    typical = float(np.sqrt(np.median(areas)))
    return min(NEAR_MISS * size, SNAP_PROVINCE * typical)


def _island_notes(
    left_out: list[tuple[str, str, int, int, shapely.Polygon]],
    land: list[_Land],
    shapes: np.ndarray,
    shift: np.ndarray,
    flip: float,
    places: Places,
) -> list[ImportNote]:
    """A note for each part of a MultiPolygon left out or made a province of its own."""
    notes = []
    for label, fid, k, n, part in left_out:
        at = _inside(shapely.transform(part, lambda c: c - shift))
        source = (at[0] + shift[0], (at[1] + shift[1]) * flip)
        notes.append(
            ImportNote(
                "island",
                Words.of(
                    N_(
                        "{feature}: left out its part {k} of {n} (area {area}) around {at}, "
                        "{source} in the GeoJSON; keep it with --islands separate"
                    ),
                    feature=label,
                    k=k,
                    n=n,
                    area=places.length(part.area),
                    at=places.at(at),
                    source=places.at(source),
                ),
                (fid,),
                at,
            )
        )
    for item, shape in zip(land, shapes, strict=True):
        if item.island_of is not None:
            at = _inside(shape)
            notes.append(
                ImportNote(
                    "island",
                    Words.of(
                        N_(
                            "'{island_of}': its part around {at} (area {area}) became province "
                            "'{id}' ({name})"
                        ),
                        island_of=item.island_of,
                        at=places.at(at),
                        area=places.length(shape.area),
                        id=item.id,
                        name=item.name,
                    ),
                    (item.island_of, item.id),
                    at,
                )
            )
    return notes


def _source_at(point: np.ndarray, flip: float) -> str:
    """A point of the file as the file wrote it (before y changed sign)."""
    return f"({float(point[0]):.6g}, {float(point[1]) * flip:.6g})"


def _inside(shape: shapely.Geometry) -> tuple[float, float]:
    points = shapely.get_coordinates(shapely.point_on_surface(shape))
    if not len(points):  # no surface (a sliver of nothing): its first vertex
        points = shapely.get_coordinates(shape)
    x, y = points[0] if len(points) else (float("nan"), float("nan"))
    return (float(x), float(y))


def _dry_islands(
    land: list[_Land], shapes: np.ndarray, seas: list[shapely.Polygon], precision: float
) -> list[str]:
    """The ids of the separated islands that touch no sea and no other land."""
    index = [k for k, item in enumerate(land) if item.island_of is not None]
    if not index:
        return []
    outlines = shapely.boundary(np.concatenate([shapes, np.array(seas, dtype=object)]))
    tree = STRtree(outlines)
    dry = []
    for k in index:
        near = [j for j in tree.query(outlines[k], predicate="intersects") if j != k]
        if not any(_lines(outlines[k], outlines[j]).length > precision for j in near):
            dry.append(land[k].id)
    return dry


def _lines(a: shapely.Geometry, b: shapely.Geometry) -> shapely.Geometry:
    """The lines (not points) where a and b meet."""
    parts = [g for g in shapely.get_parts(shapely.intersection(a, b)) if g.length > 0]
    return shapely.MultiLineString(parts) if parts else shapely.MultiLineString()


def _outside_sea(
    land: np.ndarray,
    provinces: list[_Land],
    seas: list[shapely.Polygon],
    extent: tuple[float, ...],
    places: Places,
    report: list[ImportNote],
) -> list[SeaPolygon]:
    """The part of the extent covered by neither land nor the given seas; water parts
    smaller than a square of 1 % of the map's size are dropped, each noted."""
    covered = shapely.union_all(np.concatenate([land, np.array(seas, dtype=object)]))
    water = shapely.difference(shapely.box(*extent), covered)
    minimum = (0.01 * max(extent[2] - extent[0], extent[3] - extent[1])) ** 2
    parts = [p for p in shapely.get_parts(water) if isinstance(p, shapely.Polygon)]
    kept = [p for p in parts if p.area >= minimum]
    tree = STRtree(land)
    for p in parts:
        if p.area >= minimum:
            continue
        at = _inside(p)
        around = [provinces[j].id for j in tree.query(p, predicate="intersects")]
        values = {"area": places.length(p.area), "at": places.at(at)}
        values["minimum"] = places.length(minimum)
        text = (
            Words.of(
                N_(
                    "sea: dropped a sliver of water of area {area} around {at} between {shores} "
                    "(smaller than {minimum}: it is neither land nor sea)"
                ),
                shores=", ".join(repr(a) for a in around),
                **values,
            )
            if around
            else Words.of(
                N_(
                    "sea: dropped a sliver of water of area {area} around {at} (smaller than "
                    "{minimum}: it is neither land nor sea)"
                ),
                **values,
            )
        )
        report.append(
            ImportNote(
                "sliver",
                text,
                tuple(around),
                at,
            )
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
            **(
                {"min_border_length": _exact(mapfile.min_border_length)}
                if mapfile.min_border_length is not None
                else {}
            ),
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
            Words.of(N_("has the unknown extension {suffix}"), suffix=repr(suffix or "(none)")),
            file=str(path),
            fix=Words.of(N_("name the output .geojson or .svg")),
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
