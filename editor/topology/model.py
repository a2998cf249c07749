"""The shared-vertex model: one vertex table, provinces and seas as rings of vertex ids.

Neighbouring provinces reference the same vertex ids along their common border, so moving a
vertex moves it in every polygon that uses it, and inserting a vertex on an edge inserts it
into every polygon that has that edge (`insert_on_edge`).

Every operation (in the modules beside this one) mutates the map inside a `Txn` and returns
an `Edit`: the before and after state of exactly what it touched (vertices, provinces, seas,
territories, map metadata). `edit.undo(m)` restores the exact previous geometry and
`edit.redo(m)` reapplies it; both are idempotent, which is what a `QUndoStack` needs. A
failing operation raises `TopologyError`, and the `Txn` leaves the map unchanged.

`TopoModel` holds the map and answers questions about it; `editor.topology.TopoMap` is the
model with every operation as a method. Conversion: `TopoModel.from_dict` reads a format-1
map dict (as in the YAML file), merging ring points that lie within a tiny tolerance into
shared vertices; `to_dict` writes it back.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Self

import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from app import i18n
from editor.topology.conversion import extent_scale, mapfile_to_dict
from editor.topology.geometry import (
    Point,
    Ring,
    clean_point,
    distance,
    num,
    ring_has_edge,
    ring_insert,
)

# ("province", id, 0) or ("sea", id, part index): one polygon with holes.
FaceRef = tuple[str, str, int]

PROVINCE = "province"
SEA = "sea"
LIST_KEYS = ("territories", "provinces", "seas")
"""The map dict's lists; everything else in it is map-level metadata."""


class TopologyError(ValueError):
    """An edit that cannot be made; the message says why, in the user's words."""


@dataclass(frozen=True, slots=True)
class Face:
    """One polygon: an outer ring and holes, each a tuple of vertex ids (not closed)."""

    outer: Ring
    holes: tuple[Ring, ...] = ()

    def rings(self) -> tuple[Ring, ...]:
        """The outer ring followed by the holes."""
        return (self.outer, *self.holes)

    def map_rings(self, fn: Callable[[Ring], Ring]) -> Face:
        """This face with `fn` applied to every ring."""
        return Face(fn(self.outer), tuple(fn(h) for h in self.holes))


@dataclass(frozen=True, slots=True)
class Province:
    """A province: id, name, one face and its other file keys in order (label, flowers, ...)."""

    id: str
    name: str
    face: Face
    attrs: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Sea:
    """A sea: id, name, one or more faces and its other file keys."""

    id: str
    name: str
    parts: tuple[Face, ...]
    attrs: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Territory:
    """A named, coloured group of provinces (membership lives here, as in the file)."""

    id: str
    name: str
    colour: str
    provinces: tuple[str, ...] = ()
    attrs: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Snap:
    """Where a pointer position snaps: to a vertex, onto an edge, or nowhere ("free")."""

    kind: str  # "vertex" | "edge" | "free"
    point: Point
    vertex: int | None = None
    edge: tuple[int, int] | None = None


@dataclass(frozen=True)
class Edit:
    """The exact before/after of one operation; undo and redo restore either side."""

    label: str
    vertices: Mapping[int, tuple[Point | None, Point | None]] = field(default_factory=dict)
    provinces: Mapping[str, tuple[Province | None, Province | None]] = field(default_factory=dict)
    seas: Mapping[str, tuple[Sea | None, Sea | None]] = field(default_factory=dict)
    province_order: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    sea_order: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    territories: tuple[tuple[Territory, ...], tuple[Territory, ...]] | None = None
    meta: tuple[dict[str, Any], dict[str, Any]] | None = None
    result: Any = None

    def undo(self, m: TopoModel) -> None:
        """Put the map back as it was before the operation."""
        m._apply(self, 0)

    def redo(self, m: TopoModel) -> None:
        """Put the map in the state right after the operation."""
        m._apply(self, 1)

    def inverse(self) -> Edit:
        """The edit that undoes this one."""

        def flip(d: Mapping[Any, tuple[Any, Any]]) -> dict[Any, tuple[Any, Any]]:
            return {k: (v[1], v[0]) for k, v in d.items()}

        def flip2(p: tuple[Any, Any] | None) -> tuple[Any, Any] | None:
            return None if p is None else (p[1], p[0])

        return Edit(
            f"undo {self.label}",
            flip(self.vertices),
            flip(self.provinces),
            flip(self.seas),
            flip2(self.province_order),
            flip2(self.sea_order),
            flip2(self.territories),
            flip2(self.meta),
            self.result,
        )

    @property
    def structural(self) -> bool:
        """True when polygons, not only vertex positions, changed."""
        return bool(
            self.provinces
            or self.seas
            or any(b is None or a is None for b, a in self.vertices.values())
        )

    def is_empty(self) -> bool:
        """True when nothing changed."""
        return not (
            self.vertices
            or self.provinces
            or self.seas
            or self.territories
            or self.meta
            or self.province_order
            or self.sea_order
        )


class Txn:
    """Records the first 'before' of everything an operation touches; rolls back on error."""

    def __init__(self, m: TopoModel, label: str) -> None:
        self.m = m
        self.label = label
        self.vertices: dict[int, Point | None] = {}
        self.provinces: dict[str, Province | None] = {}
        self.seas: dict[str, Sea | None] = {}
        self.province_order: tuple[str, ...] | None = None
        self.sea_order: tuple[str, ...] | None = None
        self.territories: tuple[Territory, ...] | None = None
        self.meta: dict[str, Any] | None = None

    def __enter__(self) -> Txn:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is not None:
            self.commit().undo(self.m)
            if isinstance(exc, shapely.errors.GEOSException):
                # the geometry engine fails on outlines that already cross: a refusal
                raise TopologyError(
                    f"cannot {self.label} here: the outlines around it cross or overlap "
                    "(see Validation); fix them first, or undo the edit that made them"
                ) from exc

    def set_vertex(self, vid: int, xy: Point | None) -> None:
        """Set (None: delete) a vertex, remembering its first state."""
        m = self.m
        if vid not in self.vertices:
            self.vertices[vid] = m.vertices.get(vid)
        if xy is None:
            m.vertices.pop(vid, None)
        else:
            m.vertices[vid] = xy

    def new_vertex(self, xy: Point) -> int:
        """A new vertex at `xy` (rounded for the file); its id."""
        vid = self.m._next_vertex
        self.m._next_vertex += 1
        self.set_vertex(vid, clean_point(xy))
        return vid

    def set_province(self, pid: str, prov: Province | None) -> None:
        """Set (None: delete) a province, remembering its first state and the order's."""
        m = self.m
        if pid not in self.provinces:
            self.provinces[pid] = m.provinces.get(pid)
        if (prov is None) != (pid not in m.provinces) and self.province_order is None:
            self.province_order = tuple(m.provinces)
        if prov is None:
            m.provinces.pop(pid, None)
        else:
            m.provinces[pid] = prov
        m._usage = None

    def set_sea(self, sid: str, sea: Sea | None) -> None:
        """Set (None: delete) a sea, remembering its first state and the order's."""
        m = self.m
        if sid not in self.seas:
            self.seas[sid] = m.seas.get(sid)
        if (sea is None) != (sid not in m.seas) and self.sea_order is None:
            self.sea_order = tuple(m.seas)
        if sea is None:
            m.seas.pop(sid, None)
        else:
            m.seas[sid] = sea
        m._usage = None

    def set_face(self, ref: FaceRef, face: Face) -> None:
        """Replace one face (a province's, or one part of a sea)."""
        kind, fid, k = ref
        if kind == PROVINCE:
            self.set_province(fid, replace(self.m.provinces[fid], face=face))
        else:
            sea = self.m.seas[fid]
            parts = list(sea.parts)
            parts[k] = face
            self.set_sea(fid, replace(sea, parts=tuple(parts)))

    def set_territories(self, territories: Iterable[Territory]) -> None:
        """Replace the territories, remembering their first state."""
        if self.territories is None:
            self.territories = self.m.territories
        self.m.territories = tuple(territories)

    def set_meta(self, meta: dict[str, Any]) -> None:
        """Replace the map-level keys, remembering their first state."""
        if self.meta is None:
            self.meta = dict(self.m.meta)
        self.m.meta = dict(meta)

    def commit(self, result: Any = None) -> Edit:
        """The `Edit` from the first states to the map as it is now (`result`: its result)."""
        m = self.m
        m.revision += 1
        return Edit(
            self.label,
            {k: (v, m.vertices.get(k)) for k, v in self.vertices.items() if v != m.vertices.get(k)},
            {
                k: (v, m.provinces.get(k))
                for k, v in self.provinces.items()
                if v != m.provinces.get(k)
            },
            {k: (v, m.seas.get(k)) for k, v in self.seas.items() if v != m.seas.get(k)},
            None if self.province_order is None else (self.province_order, tuple(m.provinces)),
            None if self.sea_order is None else (self.sea_order, tuple(m.seas)),
            None if self.territories is None else (self.territories, m.territories),
            None if self.meta is None else (self.meta, dict(m.meta)),
            result,
        )


class TopoModel:
    """A whole map in shared-topology form: the data, its file form and its queries."""

    def __init__(self, meta: Mapping[str, Any] | None = None) -> None:
        self.meta: dict[str, Any] = dict(meta or {})
        self.vertices: dict[int, Point] = {}
        self.provinces: dict[str, Province] = {}
        self.seas: dict[str, Sea] = {}
        self.territories: tuple[Territory, ...] = ()
        self._next_vertex = 1
        self._usage: dict[int, set[FaceRef]] | None = None
        # counts operations, undos and redos: what is computed from the map can be kept
        # until it changes (a drag's live preview does not count until it is committed)
        self.revision = 0

    # ----------------------------------------------------------------- construction, export

    @classmethod
    def new(cls, map_id: str, name: str, width: float, height: float, game: str = "any") -> Self:
        """An empty map whose extent is `width` x `height` map units (1 unit = 1 mm)."""
        return cls(
            {
                "format": 1,
                "id": map_id,
                "name": name,
                "size": {"width_mm": num(width), "height_mm": num(height)},
                "extent": [0, 0, num(width), num(height)],
                "game": game,
                "attributes": {},
            }
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], tolerance: float | None = None) -> Self:
        """Read a format-1 map dict; ring points closer than `tolerance` become one vertex.

        The default tolerance is 1e-7 of the extent's larger side: only points meant to be
        equal merge; near misses stay visible to validation, which offers to fix them.
        """
        m = cls({k: v for k, v in data.items() if k not in LIST_KEYS})
        if tolerance is None:
            tolerance = 1e-7 * extent_scale(data.get("extent"))
        index = VertexIndex(m, tolerance)

        def ring(points: Sequence[Sequence[float]]) -> Ring:
            return tuple(index.vertex((p[0], p[1])) for p in points)

        def face(entry: Mapping[str, Any]) -> Face:
            return Face(ring(entry["polygon"]), tuple(ring(h) for h in entry.get("holes") or ()))

        for p in data.get("provinces") or ():
            attrs = {k: v for k, v in p.items() if k not in ("id", "name", "polygon", "holes")}
            pid = str(p["id"])
            m.provinces[pid] = Province(pid, str(p.get("name", pid)), face(p), attrs)
        for s in data.get("seas") or ():
            attrs = {k: v for k, v in s.items() if k not in ("id", "name", "polygons")}
            sid = str(s["id"])
            parts = tuple(face(part) for part in s.get("polygons") or ())
            m.seas[sid] = Sea(sid, str(s.get("name", sid)), parts, attrs)
        m.territories = tuple(
            Territory(
                str(t["id"]),
                str(t.get("name", t["id"])),
                str(t.get("colour", "#cccccc")),
                tuple(str(p) for p in t.get("provinces") or ()),
                {k: v for k, v in t.items() if k not in ("id", "name", "colour", "provinces")},
            )
            for t in data.get("territories") or ()
        )
        return m

    @classmethod
    def from_mapfile(cls, mapfile: Any, tolerance: float | None = None) -> Self:
        """Read a `maps.api.MapFile` (through its format-1 dict form)."""
        return cls.from_dict(mapfile_to_dict(mapfile), tolerance)

    def to_dict(self) -> dict[str, Any]:
        """The format-1 map dict (the YAML file's content)."""
        out: dict[str, Any] = dict(self.meta)
        out["territories"] = [
            {
                "id": t.id,
                "name": t.name,
                "colour": t.colour,
                "provinces": list(t.provinces),
                **t.attrs,
            }
            for t in self.territories
        ]
        provinces = []
        for p in self.provinces.values():
            entry: dict[str, Any] = {"id": p.id, "name": p.name}
            entry["polygon"] = self.ring_coords(p.face.outer, as_lists=True)
            if p.face.holes:
                entry["holes"] = [self.ring_coords(h, as_lists=True) for h in p.face.holes]
            entry.update(p.attrs)
            provinces.append(entry)
        out["provinces"] = provinces
        out["seas"] = [
            {
                "id": s.id,
                "name": s.name,
                "polygons": [
                    {
                        "polygon": self.ring_coords(f.outer, as_lists=True),
                        "holes": [self.ring_coords(h, as_lists=True) for h in f.holes],
                    }
                    for f in s.parts
                ],
                **s.attrs,
            }
            for s in self.seas.values()
        ]
        return out

    def to_mapfile(self) -> Any:
        """This map as a `maps.api.MapFile` (built directly: an empty map converts too)."""
        from maps import mapfile

        meta = self.meta
        size = meta.get("size") or {}
        x0, y0, x1, y1 = self.extent()

        def pts(ring: Ring) -> list[Point]:
            return [(float(x), float(y)) for x, y in self.ring_coords(ring)]

        provinces = []
        for p in self.provinces.values():
            label = p.attrs.get("label")
            attrs = {k: v for k, v in p.attrs.items() if k not in ("label", "territory")}
            provinces.append(
                mapfile.Province(
                    p.id,
                    p.name,
                    pts(p.face.outer),
                    [pts(h) for h in p.face.holes],
                    None if label is None else (float(label[0]), float(label[1])),
                    attrs,
                )
            )
        seas = [
            mapfile.Sea(
                s.id,
                s.name,
                [mapfile.SeaPolygon(pts(f.outer), [pts(h) for h in f.holes]) for f in s.parts],
            )
            for s in self.seas.values()
        ]
        territories = [
            mapfile.Territory(t.id, t.name, t.colour, list(t.provinces)) for t in self.territories
        ]
        return mapfile.MapFile(
            id=str(meta.get("id", "untitled")),
            name=str(meta.get("name", meta.get("id", "Untitled"))),
            width_mm=float(size.get("width_mm", x1 - x0)),
            height_mm=float(size.get("height_mm", y1 - y0)),
            extent=(x0, y0, x1, y1),
            provinces=provinces,
            territories=territories,
            seas=seas,
            game=str(meta.get("game", "any")),
            attributes=dict(meta.get("attributes") or {}),
            min_border_length=meta.get("min_border_length"),
        )

    def copy(self) -> Self:
        """An independent copy (faces are immutable, so this is shallow and cheap)."""
        m = type(self)(self.meta)
        m.vertices = dict(self.vertices)
        m.provinces = dict(self.provinces)
        m.seas = dict(self.seas)
        m.territories = self.territories
        m._next_vertex = self._next_vertex
        return m

    # ------------------------------------------------------------------------------ queries

    def extent(self) -> tuple[float, float, float, float]:
        """The printing box (minx, miny, maxx, maxy), or the vertices' bounds without one."""
        ext = self.meta.get("extent")
        if ext and len(ext) == 4:
            return (float(ext[0]), float(ext[1]), float(ext[2]), float(ext[3]))
        return self.bounds() or (0.0, 0.0, 100.0, 100.0)

    def bounds(self) -> tuple[float, float, float, float] | None:
        """Bounds of all vertices, None when there are none."""
        if not self.vertices:
            return None
        xs = [p[0] for p in self.vertices.values()]
        ys = [p[1] for p in self.vertices.values()]
        return (min(xs), min(ys), max(xs), max(ys))

    def scale(self) -> float:
        """The larger side of the extent (the unit the geometry tolerances are relative to)."""
        x0, y0, x1, y1 = self.extent()
        return max(x1 - x0, y1 - y0, 1e-9)

    def ring_coords(self, ring: Ring, as_lists: bool = False) -> list[Any]:
        """The coordinates of a ring's vertices."""
        v = self.vertices
        if as_lists:
            return [[v[i][0], v[i][1]] for i in ring]
        return [v[i] for i in ring]

    def face(self, ref: FaceRef) -> Face:
        """The face a reference names."""
        kind, fid, k = ref
        return self.provinces[fid].face if kind == PROVINCE else self.seas[fid].parts[k]

    def faces(self) -> Iterator[tuple[FaceRef, Face]]:
        """Every face: provinces in order, then the parts of every sea."""
        for pid, p in self.provinces.items():
            yield (PROVINCE, pid, 0), p.face
        for sid, s in self.seas.items():
            for k, f in enumerate(s.parts):
                yield (SEA, sid, k), f

    def polygon(self, ref: FaceRef) -> Polygon:
        """A face as a shapely polygon."""
        f = self.face(ref)
        return Polygon(self.ring_coords(f.outer), [self.ring_coords(h) for h in f.holes])

    def usage(self) -> dict[int, set[FaceRef]]:
        """vertex id -> the faces whose rings use it (cached until the rings change)."""
        if self._usage is None:
            usage: dict[int, set[FaceRef]] = {}
            for ref, f in self.faces():
                for r in f.rings():
                    for vid in r:
                        usage.setdefault(vid, set()).add(ref)
            self._usage = usage
        return self._usage

    def faces_using(self, vid: int) -> set[FaceRef]:
        """The faces that have this vertex in a ring."""
        return set(self.usage().get(vid, ()))

    def edges(self) -> set[tuple[int, int]]:
        """Every edge once, as a sorted pair of vertex ids."""
        out: set[tuple[int, int]] = set()
        for _, f in self.faces():
            for r in f.rings():
                n = len(r)
                for i in range(n):
                    a, b = r[i], r[(i + 1) % n]
                    if a != b:
                        out.add((a, b) if a < b else (b, a))
        return out

    def faces_with_edge(self, a: int, b: int) -> set[FaceRef]:
        """The faces that have `a`-`b` as an edge of one of their rings."""
        out = set()
        for ref in self.faces_using(a) & self.faces_using(b):
            for r in self.face(ref).rings():
                if ring_has_edge(r, a, b):
                    out.add(ref)
        return out

    def province_at(self, xy: Point) -> str | None:
        """The province containing the point, None when none does."""
        pt = ShapelyPoint(xy)
        for pid in self.provinces:
            if self.polygon((PROVINCE, pid, 0)).covers(pt):
                return pid
        return None

    def face_at(self, xy: Point) -> FaceRef | None:
        """The province or sea part containing the point (provinces first)."""
        pt = ShapelyPoint(xy)
        for ref, _ in self.faces():
            if self.polygon(ref).covers(pt):
                return ref
        return None

    def label_point(self, pid: str) -> Point:
        """Where a province's name goes: its `label`, else the centre of its largest inner circle.

        The same rule as `maps.geometry` (1 % of the province's size as tolerance), so the
        editor shows the label where the game and the printed board put it.
        """
        prov = self.provinces[pid]
        label = prov.attrs.get("label")
        if label is not None and len(label) == 2:
            return (float(label[0]), float(label[1]))
        shape = self.polygon((PROVINCE, pid, 0))
        x0, y0, x1, y1 = shape.bounds
        try:
            centre = shapely.maximum_inscribed_circle(shape, max(x1 - x0, y1 - y0) / 100)
        except shapely.errors.GEOSException:
            centre = None
        if centre is None or centre.is_empty:
            return self.vertices[prov.face.outer[0]]
        x, y = centre.coords[0]
        if math.isnan(x) or math.isnan(y):
            return self.vertices[prov.face.outer[0]]
        return (x, y)

    def territory_of(self, pid: str) -> str | None:
        """The territory a province belongs to, None when it belongs to none."""
        for t in self.territories:
            if pid in t.provinces:
                return t.id
        return None

    def territory(self, tid: str) -> Territory:
        """The territory with this id (KeyError when none)."""
        for t in self.territories:
            if t.id == tid:
                return t
        raise KeyError(tid)

    def unique_id(self, base: str, taken: Iterable[str] = ()) -> str:
        """`base`, or `base_2`, `base_3`, ... : the first id no province or sea uses (nor
        any of `taken`)."""
        used = set(self.provinces) | set(self.seas) | set(taken)
        if base not in used:
            return base
        n = 2
        while f"{base}_{n}" in used:
            n += 1
        return f"{base}_{n}"

    def next_province_id(self, prefix: str = "P") -> str:
        """A fresh province id: P1, P2, ..."""
        n = len(self.provinces) + 1
        while f"{prefix}{n}" in self.provinces or f"{prefix}{n}" in self.seas:
            n += 1
        return f"{prefix}{n}"

    # ------------------------------------------------------------------------- apply edits

    def _apply(self, edit: Edit, side: int) -> None:
        """Put the map on `side` of `edit` (0 before, 1 after): `Edit.undo` and `redo`."""
        self.revision += 1
        for vid, pair in edit.vertices.items():
            xy = pair[side]
            if xy is None:
                self.vertices.pop(vid, None)
            else:
                self.vertices[vid] = xy
                self._next_vertex = max(self._next_vertex, vid + 1)
        for pid, pp in edit.provinces.items():
            if pp[side] is None:
                self.provinces.pop(pid, None)
            else:
                self.provinces[pid] = pp[side]  # type: ignore[assignment]
        if edit.province_order is not None:
            self.provinces = {k: self.provinces[k] for k in edit.province_order[side]}
        for sid, ss in edit.seas.items():
            if ss[side] is None:
                self.seas.pop(sid, None)
            else:
                self.seas[sid] = ss[side]  # type: ignore[assignment]
        if edit.sea_order is not None:
            self.seas = {k: self.seas[k] for k in edit.sea_order[side]}
        if edit.territories is not None:
            self.territories = edit.territories[side]
        if edit.meta is not None:
            self.meta = dict(edit.meta[side])
        if edit.provinces or edit.seas:
            self._usage = None


# ----------------------------------------------------------------- shared-vertex primitives


def insert_on_edge(m: TopoModel, txn: Txn, a: int, b: int, vid: int) -> None:
    """Make `vid` a vertex of edge a-b in every polygon that has that edge."""
    for ref in m.faces_with_edge(a, b):
        txn.set_face(ref, m.face(ref).map_rings(lambda r: ring_insert(r, a, b, vid)))


def drop_unused(m: TopoModel, txn: Txn, candidates: Iterable[int]) -> None:
    """Remove the candidate vertices that no ring uses any more."""
    usage = m.usage()
    for vid in candidates:
        if vid in m.vertices and not usage.get(vid):
            txn.set_vertex(vid, None)


def face_edges(f: Face) -> Iterator[tuple[int, int]]:
    """Every edge of a face's rings, as a sorted pair of vertex ids."""
    for r in f.rings():
        n = len(r)
        for i in range(n):
            a, b = r[i], r[(i + 1) % n]
            yield (a, b) if a < b else (b, a)


def face_name(m: TopoModel, ref: FaceRef) -> str:
    """How messages name a face: "province Akagi (A)", "sea Inner Sea (sea)"."""
    kind, fid, _part = ref
    if kind == PROVINCE:
        return i18n._("province {name} ({id})").format(name=m.provinces[fid].name, id=fid)
    return i18n._("sea {name} ({id})").format(name=m.seas[fid].name, id=fid)


class VertexIndex:
    """Finds or creates the vertex at a coordinate, merging points within a tolerance."""

    def __init__(self, m: TopoModel, tolerance: float, txn: Txn | None = None) -> None:
        self.m, self.tol, self.txn = m, max(tolerance, 1e-12), txn
        self.grid: dict[tuple[int, int], list[int]] = {}
        for vid, xy in m.vertices.items():
            self.grid.setdefault(self._cell(xy), []).append(vid)

    def _cell(self, xy: Point) -> tuple[int, int]:
        return (int(math.floor(xy[0] / self.tol)), int(math.floor(xy[1] / self.tol)))

    def vertex(self, xy: Point) -> int:
        """The vertex within the tolerance of `xy`, created when there is none."""
        gx, gy = self._cell(xy)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for vid in self.grid.get((gx + dx, gy + dy), ()):
                    if distance(self.m.vertices[vid], xy) <= self.tol:
                        return vid
        if self.txn is not None:
            vid = self.txn.new_vertex(xy)
        else:
            vid = self.m._next_vertex
            self.m._next_vertex += 1
            self.m.vertices[vid] = xy
        self.grid.setdefault((gx, gy), []).append(vid)
        return vid
