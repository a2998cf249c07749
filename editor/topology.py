"""A map as shared topology: one vertex table, provinces and seas as rings of vertex ids.

Neighbouring provinces reference the same vertex ids along their common border, so moving a
vertex moves it in every polygon that uses it, and inserting a vertex on an edge inserts it into
every polygon that has that edge. No Qt here: the editor's Qt layer only shows a `TopoMap` and
forwards user gestures to its operations.

Every operation mutates the map and returns an `Edit`: the before and after state of exactly
what it touched (vertices, provinces, seas, territories, map metadata). `edit.undo(m)` restores
the exact previous geometry and `edit.redo(m)` reapplies it; both are idempotent, which is what
a `QUndoStack` needs. Failing operations raise `TopologyError` and leave the map unchanged.

Drawing over other polygons is an overlay of vertex rings: the drawn outline and the polygons
under it are first "noded" (crossings become shared vertices), then whole edges are kept or
dropped and chained into rings. That is how new land takes its area out of a sea, a sea or
clipped land keeps only the free area, and holes and lakes are cut, always sharing the new
edges vertex for vertex.

Conversion: `TopoMap.from_dict` reads a format-1 map dict (as in the YAML file), merging ring
points that lie within a tiny tolerance into shared vertices; `to_dict` writes it back.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import shapely
from shapely import STRtree, box
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.ops import substring

Point = tuple[float, float]
Ring = tuple[int, ...]
# ("province", id, 0) or ("sea", id, part index): one polygon with holes.
FaceRef = tuple[str, str, int]

PROVINCE = "province"
SEA = "sea"
_LISTS = ("territories", "provinces", "seas")
_COORD_DECIMALS = 6


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

    def undo(self, m: TopoMap) -> None:
        """Put the map back as it was before the operation."""
        m._apply(self, 0)

    def redo(self, m: TopoMap) -> None:
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


class _Txn:
    """Records the first 'before' of everything an operation touches; rolls back on error."""

    def __init__(self, m: TopoMap, label: str) -> None:
        self.m = m
        self.label = label
        self.vertices: dict[int, Point | None] = {}
        self.provinces: dict[str, Province | None] = {}
        self.seas: dict[str, Sea | None] = {}
        self.province_order: tuple[str, ...] | None = None
        self.sea_order: tuple[str, ...] | None = None
        self.territories: tuple[Territory, ...] | None = None
        self.meta: dict[str, Any] | None = None

    def __enter__(self) -> _Txn:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is not None:
            self.commit().undo(self.m)

    def set_vertex(self, vid: int, xy: Point | None) -> None:
        m = self.m
        if vid not in self.vertices:
            self.vertices[vid] = m.vertices.get(vid)
        if xy is None:
            m.vertices.pop(vid, None)
        else:
            m.vertices[vid] = xy

    def new_vertex(self, xy: Point) -> int:
        vid = self.m._next_vertex
        self.m._next_vertex += 1
        self.set_vertex(vid, _clean_point(xy))
        return vid

    def set_province(self, pid: str, prov: Province | None) -> None:
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
        kind, fid, k = ref
        if kind == PROVINCE:
            self.set_province(fid, replace(self.m.provinces[fid], face=face))
        else:
            sea = self.m.seas[fid]
            parts = list(sea.parts)
            parts[k] = face
            self.set_sea(fid, replace(sea, parts=tuple(parts)))

    def set_territories(self, territories: Iterable[Territory]) -> None:
        if self.territories is None:
            self.territories = self.m.territories
        self.m.territories = tuple(territories)

    def set_meta(self, meta: dict[str, Any]) -> None:
        if self.meta is None:
            self.meta = dict(self.m.meta)
        self.m.meta = dict(meta)

    def commit(self, result: Any = None) -> Edit:
        m = self.m
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


class TopoMap:
    """A whole map in shared-topology form, with the editing operations."""

    def __init__(self, meta: Mapping[str, Any] | None = None) -> None:
        self.meta: dict[str, Any] = dict(meta or {})
        self.vertices: dict[int, Point] = {}
        self.provinces: dict[str, Province] = {}
        self.seas: dict[str, Sea] = {}
        self.territories: tuple[Territory, ...] = ()
        self._next_vertex = 1
        self._usage: dict[int, set[FaceRef]] | None = None

    # ----------------------------------------------------------------- construction, export

    @classmethod
    def new(cls, map_id: str, name: str, width: float, height: float, game: str = "any") -> TopoMap:
        """An empty map whose extent is `width` x `height` map units (1 unit = 1 mm)."""
        return cls(
            {
                "format": 1,
                "id": map_id,
                "name": name,
                "size": {"width_mm": _num(width), "height_mm": _num(height)},
                "extent": [0, 0, _num(width), _num(height)],
                "game": game,
                "attributes": {},
            }
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], tolerance: float | None = None) -> TopoMap:
        """Read a format-1 map dict; ring points closer than `tolerance` become one vertex.

        The default tolerance is 1e-7 of the extent's larger side: only points meant to be
        equal merge; near misses stay visible to validation, which offers to fix them.
        """
        m = cls({k: v for k, v in data.items() if k not in _LISTS})
        if tolerance is None:
            tolerance = 1e-7 * _extent_scale(data.get("extent"))
        index = _VertexIndex(m, tolerance)

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
    def from_mapfile(cls, mapfile: Any, tolerance: float | None = None) -> TopoMap:
        """Read a `maps.api.MapFile` (through its format-1 dict form)."""
        return cls.from_dict(_mapfile_to_dict(mapfile), tolerance)

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
        from maps import io

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
                io.Province(
                    p.id,
                    p.name,
                    pts(p.face.outer),
                    [pts(h) for h in p.face.holes],
                    None if label is None else (float(label[0]), float(label[1])),
                    attrs,
                )
            )
        seas = [
            io.Sea(
                s.id,
                s.name,
                [io.SeaPolygon(pts(f.outer), [pts(h) for h in f.holes]) for f in s.parts],
            )
            for s in self.seas.values()
        ]
        territories = [
            io.Territory(t.id, t.name, t.colour, list(t.provinces)) for t in self.territories
        ]
        return io.MapFile(
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

    def copy(self) -> TopoMap:
        """An independent copy (faces are immutable, so this is shallow and cheap)."""
        m = TopoMap(self.meta)
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
                if _ring_has_edge(r, a, b):
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

    def snap(
        self,
        xy: Point,
        radius: float,
        exclude: Iterable[int] = (),
        faces: Iterable[FaceRef] | None = None,
    ) -> Snap:
        """Where `xy` snaps: the nearest vertex within `radius`, else the nearest edge point."""
        excluded = set(exclude)
        x, y = xy
        best_v, best_d = None, radius
        for vid, (vx, vy) in self.vertices.items():
            if vid in excluded:
                continue
            d = math.hypot(vx - x, vy - y)
            if d <= best_d:
                best_v, best_d = vid, d
        if best_v is not None:
            return Snap("vertex", self.vertices[best_v], vertex=best_v)
        if faces is None:
            edges: Iterable[tuple[int, int]] = self.edges()
        else:
            edges = {e for ref in faces for e in _face_edges(self.face(ref))}
        best_e, best_p, best_d = None, xy, radius
        for a, b in edges:
            if a in excluded or b in excluded:
                continue
            p, d = _project(xy, self.vertices[a], self.vertices[b])
            if d <= best_d:
                best_e, best_p, best_d = (a, b), p, d
        if best_e is not None:
            return Snap("edge", _clean_point(best_p), edge=best_e)
        return Snap("free", xy)

    def unique_id(self, base: str) -> str:
        """`base`, or `base_2`, `base_3`, ... : the first id no province or sea uses."""
        return self._unique_id(base)

    def _unique_id(self, base: str, taken: Iterable[str] = ()) -> str:
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

    # -------------------------------------------------------------------------- vertex ops

    def move_vertex(self, vid: int, xy: Point, origin: Point | None = None) -> Edit:
        """Move a vertex (in every polygon using it). `origin`: its position before a drag."""
        if vid not in self.vertices:
            raise TopologyError(f"there is no vertex {vid}")
        with _Txn(self, "move vertex") as txn:
            if origin is not None:
                txn.vertices[vid] = origin
            txn.set_vertex(vid, _clean_point(xy))
            return txn.commit(vid)

    def move_vertex_onto(self, vid: int, target: Snap, origin: Point | None = None) -> Edit:
        """End a drag on a snap target: weld onto a vertex, or join an edge, or just move.

        Dropping a vertex on another polygon's vertex welds the two (the polygons then share
        it); dropping it on an edge inserts it into every polygon with that edge. `origin` is
        the position before a live drag, restored by undo.
        """
        if vid not in self.vertices:
            raise TopologyError(f"there is no vertex {vid}")
        with _Txn(self, "move vertex") as txn:
            if origin is not None:
                txn.vertices[vid] = origin
            if target.kind == "vertex" and target.vertex is not None and target.vertex != vid:
                self._weld(txn, target.vertex, vid)
                return txn.commit(target.vertex)
            txn.set_vertex(vid, _clean_point(target.point))
            if target.kind == "edge" and target.edge is not None:
                a, b = target.edge
                if vid in (a, b) or self.faces_using(vid) & self.faces_with_edge(a, b):
                    raise TopologyError(
                        "a vertex cannot be dropped onto an edge of its own polygon"
                    )
                self._insert_on_edge(txn, a, b, vid)
            return txn.commit(vid)

    def move_vertices(self, moves: Mapping[int, Point], label: str = "move vertices") -> Edit:
        """Move several vertices at once (one undo step)."""
        with _Txn(self, label) as txn:
            for vid, xy in moves.items():
                if vid not in self.vertices:
                    raise TopologyError(f"there is no vertex {vid}")
                txn.set_vertex(vid, _clean_point(xy))
            return txn.commit()

    def insert_vertex(self, a: int, b: int, xy: Point | None = None) -> Edit:
        """Insert a vertex on edge a-b (default: its midpoint) into every polygon with that edge.

        The new vertex id is `edit.result`.
        """
        if not self.faces_with_edge(a, b):
            raise TopologyError("those two vertices are not joined by an edge")
        if xy is None:
            (ax, ay), (bx, by) = self.vertices[a], self.vertices[b]
            xy = ((ax + bx) / 2, (ay + by) / 2)
        with _Txn(self, "insert vertex") as txn:
            vid = txn.new_vertex(xy)
            self._insert_on_edge(txn, a, b, vid)
            return txn.commit(vid)

    def _insert_on_edge(self, txn: _Txn, a: int, b: int, vid: int) -> None:
        for ref in self.faces_with_edge(a, b):
            txn.set_face(ref, self.face(ref).map_rings(lambda r: _ring_insert(r, a, b, vid)))

    def remove_vertex(self, vid: int) -> Edit:
        """Remove a vertex from every polygon using it (each must keep three vertices)."""
        if vid not in self.vertices:
            raise TopologyError(f"there is no vertex {vid}")
        with _Txn(self, "remove vertex") as txn:
            for ref in self.faces_using(vid):
                face = self.face(ref).map_rings(lambda r: tuple(i for i in r if i != vid))
                if any(len(set(r)) < 3 for r in face.rings()):
                    raise TopologyError(
                        f"{_face_name(self, ref)} would have fewer than three corners"
                    )
                txn.set_face(ref, face)
            txn.set_vertex(vid, None)
            return txn.commit(vid)

    def weld_vertices(self, keep: int, drop: int) -> Edit:
        """Replace vertex `drop` by `keep` everywhere (the near-miss fix); `drop` disappears."""
        if keep == drop:
            raise TopologyError("a vertex cannot be welded to itself")
        with _Txn(self, "weld vertices") as txn:
            self._weld(txn, keep, drop)
            return txn.commit(keep)

    def _weld(self, txn: _Txn, keep: int, drop: int) -> None:
        if not self.can_weld(keep, drop):
            raise TopologyError("welding these vertices would pinch or collapse a polygon")
        for ref in self.faces_using(drop):
            face = self.face(ref).map_rings(
                lambda r: _dedupe_ring(tuple(keep if i == drop else i for i in r))
            )
            if any(len(r) < 3 for r in face.rings()):
                raise TopologyError(f"{_face_name(self, ref)} would collapse")
            txn.set_face(ref, face)
        txn.set_vertex(drop, None)

    def snap_vertex_to_edge(self, vid: int, a: int, b: int) -> Edit:
        """Move a vertex onto edge a-b and make it a vertex of every polygon with that edge."""
        if vid in (a, b):
            raise TopologyError("a vertex cannot be snapped onto its own edge")
        if not self.faces_with_edge(a, b):
            raise TopologyError("those two vertices are not joined by an edge")
        if self.faces_using(vid) & self.faces_with_edge(a, b):
            raise TopologyError("a vertex cannot be snapped onto an edge of its own polygon")
        with _Txn(self, "snap vertex to edge") as txn:
            p, _ = _project(self.vertices[vid], self.vertices[a], self.vertices[b])
            txn.set_vertex(vid, _clean_point(p))
            self._insert_on_edge(txn, a, b, vid)
            return txn.commit(vid)

    def drop_duplicate_vertices(self, tolerance: float = 0.0) -> Edit:
        """Weld vertices at the same place (within `tolerance`) and remove repeated ring ids."""
        with _Txn(self, "drop duplicate vertices") as txn:
            for keep, drop in self._close_pairs(tolerance):
                if self.can_weld(keep, drop):
                    self._weld(txn, keep, drop)
            for ref, f in list(self.faces()):
                clean = f.map_rings(_dedupe_ring)
                if clean != f:
                    if any(len(r) < 3 for r in clean.rings()):
                        raise TopologyError(f"{_face_name(self, ref)} would collapse")
                    txn.set_face(ref, clean)
            return txn.commit()

    def fix_near_misses(self, tolerance: float) -> Edit:
        """Weld vertices closer than `tolerance` and snap vertices lying that close to an edge.

        This closes near-miss gaps and thin slivers between neighbours so they share borders.
        """
        with _Txn(self, "fix near misses") as txn:
            for keep, drop in self._close_pairs(tolerance, between_faces=True):
                if self.can_weld(keep, drop):
                    self._weld(txn, keep, drop)
            ids = list(self.vertices)
            tree = STRtree([ShapelyPoint(self.vertices[v]) for v in ids])
            best: dict[int, tuple[float, tuple[int, int], float, Point]] = {}
            for a, b in self.edges():
                pa, pb = self.vertices[a], self.vertices[b]
                area = box(
                    min(pa[0], pb[0]) - tolerance,
                    min(pa[1], pb[1]) - tolerance,
                    max(pa[0], pb[0]) + tolerance,
                    max(pa[1], pb[1]) + tolerance,
                )
                for idx in tree.query(area):
                    vid = ids[int(idx)]
                    if vid in (a, b):
                        continue
                    p, d = _project(self.vertices[vid], pa, pb)
                    if d > tolerance or min(_dist(p, pa), _dist(p, pb)) <= tolerance:
                        continue
                    if self.faces_using(vid) & self.faces_with_edge(a, b):
                        continue  # detail of the same outline, not a near miss
                    if vid not in best or d < best[vid][0]:
                        best[vid] = (d, (a, b), _dist(p, pa), p)
            by_edge: dict[tuple[int, int], list[tuple[float, int, Point]]] = {}
            for vid, (_, edge, t, p) in best.items():
                by_edge.setdefault(edge, []).append((t, vid, p))
            for (a, b), items in by_edge.items():
                prev = a
                for _, vid, p in sorted(items):
                    txn.set_vertex(vid, _clean_point(p))
                    self._insert_on_edge(txn, prev, b, vid)
                    prev = vid
            return txn.commit()

    def _close_pairs(self, tolerance: float, between_faces: bool = False) -> list[tuple[int, int]]:
        """Pairs (keep, drop) of distinct vertices within `tolerance`, the lower id kept.

        With `between_faces`, only vertices of different polygons pair up: close corners of
        one outline are detail, not a near miss.
        """
        cell = max(tolerance, 1e-12)
        grid: dict[tuple[int, int], list[int]] = {}
        pairs = []
        usage = self.usage()
        for vid in sorted(self.vertices):
            x, y = self.vertices[vid]
            gx, gy = int(math.floor(x / cell)), int(math.floor(y / cell))
            best, best_d = None, tolerance
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for other in grid.get((gx + dx, gy + dy), ()):
                        d = _dist(self.vertices[other], (x, y))
                        if d > best_d:
                            continue
                        if between_faces and usage.get(other, set()) & usage.get(vid, set()):
                            continue
                        best, best_d = other, d
            if best is None:
                grid.setdefault((gx, gy), []).append(vid)
            else:
                pairs.append((best, vid))
        return pairs

    def can_join_edge(self, vid: int, a: int, b: int) -> bool:
        """True when vertex `vid` may become a vertex of edge a-b (not its own polygon's)."""
        return vid not in (a, b) and not (self.faces_using(vid) & self.faces_with_edge(a, b))

    def can_weld(self, keep: int, drop: int) -> bool:
        """True when welding leaves every polygon a simple ring (no pinch, no collapse)."""
        if keep not in self.vertices or drop not in self.vertices:
            return False
        for ref in self.faces_using(keep) & self.faces_using(drop):
            for r in self.face(ref).rings():
                if keep in r and drop in r:
                    n = len(r)
                    i, j = r.index(keep), r.index(drop)
                    if (i - j) % n not in (1, n - 1) or n <= 3:
                        return False
        return True

    # --------------------------------------------------------------------------- face ops

    def add_province(
        self,
        points: Sequence[Point],
        snap_radius: float = 0.0,
        province_id: str | None = None,
        name: str | None = None,
        attrs: Mapping[str, Any] | None = None,
        territory: str | None = None,
        clip: bool = False,
    ) -> Edit:
        """Add a province drawn as `points`, snapping to vertices and edges within the radius.

        A point snapped onto an edge becomes a vertex of the neighbours with that edge too,
        so the new province shares the border exactly. Between two snapped points the new
        outline follows the existing boundary when it runs along the straight line. New land
        drawn over a sea takes its area out of the sea: the sea's outline follows the new
        coast through the same vertices (an outline inside a sea makes an island, a hole of
        the sea). Overlapping another province is refused, or with `clip` the new province
        keeps only the area no province has, following their borders through the same
        vertices (it must stay one piece). The new province id is `edit.result`.
        """
        pid = province_id or self.next_province_id()
        if pid in self.provinces or pid in self.seas:
            raise TopologyError(f"the id {pid!r} is already used")
        with _Txn(self, "add province") as txn:
            ring = self._drawn_ring(txn, points, snap_radius)
            overlapped, touching = self._faces_under(ring)
            land = [ref for ref in overlapped if ref[0] == PROVINCE]
            if land and not clip:
                raise TopologyError(
                    f"the new province overlaps {_face_name(self, land[0])}; draw it beside "
                    "(corners snap to the neighbour's outline)"
                )
            ring = self._node(txn, ring, [*overlapped, *touching])
            pieces = [self._oriented(Face(ring))]
            for ref in land:
                face = self.face(ref)
                pieces = [q for p in pieces for q in self._overlay(p, face, "minus")]
            if len(pieces) != 1:
                raise TopologyError(
                    "the new province lies entirely on other provinces"
                    if not pieces
                    else f"the free area under the outline is in {len(pieces)} pieces; "
                    "draw one of them"
                )
            face = pieces[0] if land else Face(ring)
            seas = [ref for ref in overlapped if ref[0] == SEA]
            old = self._cut_faces(txn, seas, face)
            txn.set_province(pid, Province(pid, name or pid, face, dict(attrs or {})))
            if territory is not None:
                self._assign(txn, pid, territory)
            self._drop_unused(txn, old | set(ring))
            self._drop_straight_new_vertices(txn)
            return txn.commit(pid)

    def add_sea(
        self,
        points: Sequence[Point],
        snap_radius: float = 0.0,
        sea_id: str | None = None,
        name: str | None = None,
    ) -> Edit:
        """Add a sea polygon: part(s) of sea `sea_id` when it exists, else a new sea.

        Snapping works as for provinces. The outline is clipped to the free area: where it
        crosses provinces or other seas it follows their edges through the same vertices, so
        a sea drawn roughly over a coast gets exactly that coast. Several free pieces become
        several parts. `edit.result` is the sea id.
        """
        sid = sea_id or self._unique_id("sea")
        if sid in self.provinces:
            raise TopologyError(f"the id {sid!r} is a province")
        with _Txn(self, "add sea") as txn:
            ring = self._drawn_ring(txn, points, snap_radius)
            overlapped, touching = self._faces_under(ring)
            ring = self._node(txn, ring, [*overlapped, *touching])
            pieces = [self._oriented(Face(ring))]
            for ref in overlapped:
                pieces = [q for p in pieces for q in self._overlay(p, self.face(ref), "minus")]
            if not pieces:
                raise TopologyError("the new sea lies entirely on provinces and seas already")
            self._add_sea_parts(txn, sid, name, pieces)
            self._drop_unused(txn, ring)
            self._drop_straight_new_vertices(txn)
            return txn.commit(sid)

    def cut_hole(
        self, points: Sequence[Point], snap_radius: float = 0.0, lake: str | None = None
    ) -> Edit:
        """Cut the drawn outline out of the provinces and sea polygons under it.

        Drawn inside one province it makes a hole (a lake); across an outline it cuts a bay.
        A province may not vanish or fall in two (delete or split it instead). With `lake`
        (a sea id, new or existing) the land cut out becomes that sea's water (one polygon
        over several provinces), so the provinces get a coast; seas under it are left alone.
        `edit.result` is the list of faces cut, as (kind, id).
        """
        if lake is not None and lake in self.provinces:
            raise TopologyError(f"the id {lake!r} is a province")
        with _Txn(self, "cut hole" if lake is None else "draw lake") as txn:
            ring = self._drawn_ring(txn, points, snap_radius)
            overlapped, touching = self._faces_under(ring)
            if not overlapped:
                raise TopologyError("draw the hole inside a province or a sea")
            ring = self._node(txn, ring, [*overlapped, *touching])
            tool = self._oriented(Face(ring))
            cut = overlapped
            if lake is not None:  # land under the outline becomes water; seas stay as they are
                cut = [ref for ref in overlapped if ref[0] == PROVINCE]
                if not cut:
                    raise TopologyError("draw the lake over land")
            old = self._cut_faces(txn, cut, tool)
            if lake is not None:
                water = [tool]
                for ref in overlapped:
                    if ref[0] == SEA:
                        face = self.face(ref)
                        water = [q for p in water for q in self._overlay(p, face, "minus")]
                self._add_sea_parts(txn, lake, "Lake", water)
            self._drop_unused(txn, old | set(ring))
            self._drop_straight_new_vertices(txn)
            return txn.commit(sorted({ref[:2] for ref in cut}))

    def _drop_straight_new_vertices(self, txn: _Txn) -> None:
        """Remove vertices this edit created that every ring using them passes straight through.

        Noding puts a vertex wherever the drawn outline crossed an edge; where the result
        does not turn there (the outline was clipped away) the vertex is clutter.
        """
        eps = self._overlay_eps()
        v = self.vertices
        for vid in [k for k, before in txn.vertices.items() if before is None]:
            if vid not in v:
                continue
            refs = self.faces_using(vid)
            straight = bool(refs)
            for ref in refs:
                for r in self.face(ref).rings():
                    if vid in r:
                        i = r.index(vid)
                        a, b = v[r[i - 1]], v[r[(i + 1) % len(r)]]
                        q, dist = _project(v[vid], a, b)
                        if len(r) <= 3 or dist > eps or min(_dist(q, a), _dist(q, b)) <= eps:
                            straight = False
            if straight:
                for ref in refs:
                    txn.set_face(
                        ref,
                        self.face(ref).map_rings(
                            lambda r, vid=vid: tuple(i for i in r if i != vid)
                        ),
                    )
                txn.set_vertex(vid, None)

    def _add_sea_parts(self, txn: _Txn, sid: str, name: str | None, faces: list[Face]) -> None:
        if sid in self.seas:
            sea = self.seas[sid]
            txn.set_sea(sid, replace(sea, parts=(*sea.parts, *faces)))
        else:
            txn.set_sea(sid, Sea(sid, name or sid, tuple(faces), {}))

    def _drawn_ring(self, txn: _Txn, points: Sequence[Point], radius: float) -> Ring:
        ids: list[int] = []
        for xy in points:
            s = self.snap(xy, radius)
            if s.kind == "vertex":
                vid = s.vertex
            elif s.kind == "edge":
                vid = txn.new_vertex(s.point)
                self._insert_on_edge(txn, s.edge[0], s.edge[1], vid)  # type: ignore[index]
            else:
                vid = txn.new_vertex(xy)
            assert vid is not None
            if not ids or ids[-1] != vid:
                ids.append(vid)
        if len(ids) > 1 and ids[0] == ids[-1]:
            ids.pop()
        if len(set(ids)) < 3:
            raise TopologyError("a polygon needs at least three distinct corners")
        if len(set(ids)) != len(ids):
            raise TopologyError("the outline passes the same corner twice")
        out: list[int] = []
        n = len(ids)
        for i in range(n):
            u, v = ids[i], ids[(i + 1) % n]
            out.append(u)
            out.extend(self._boundary_path(u, v, max(radius, 1e-9 * self.scale())))
        ring = tuple(out)
        poly = Polygon(self.ring_coords(ring))
        if not poly.is_valid or poly.area <= 0:
            raise TopologyError("the outline crosses itself")
        return ring

    def _boundary_path(self, u: int, v: int, tolerance: float) -> list[int]:
        """Vertices strictly between u and v along an existing ring lying on segment u-v."""
        pu, pv = self.vertices[u], self.vertices[v]
        best: list[int] | None = None
        for ref in self.faces_using(u) & self.faces_using(v):
            for r in self.face(ref).rings():
                if u not in r or v not in r:
                    continue
                n = len(r)
                i, j = r.index(u), r.index(v)
                forward = [r[(i + k) % n] for k in range(1, (j - i) % n)]
                backward = [r[(i - k) % n] for k in range(1, (i - j) % n)]
                for path in (forward, backward):
                    if not path:
                        return []  # already joined by an edge
                    if all(_project(self.vertices[w], pu, pv)[1] <= tolerance for w in path):
                        if best is None or len(path) < len(best):
                            best = path
        return best or []

    # ------------------------------------------------------------ overlay (carve, clip, cut)

    def _overlay_eps(self) -> float:
        """How close a point must be to an edge to lie on it (coordinates keep 6 decimals)."""
        return max(1e-7 * self.scale(), 2e-6)

    def _faces_under(self, ring: Ring) -> tuple[list[FaceRef], list[FaceRef]]:
        """The faces a new outline overlaps (by area), and those it only touches."""
        poly = Polygon(self.ring_coords(ring))
        limit = 1e-6 * poly.area
        eps = self._overlay_eps()
        x0, y0, x1, y1 = poly.bounds
        overlapped, touching = [], []
        for ref, _ in self.faces():
            other = self.polygon(ref)
            bx0, by0, bx1, by1 = other.bounds
            if bx0 > x1 + eps or bx1 < x0 - eps or by0 > y1 + eps or by1 < y0 - eps:
                continue
            if other.intersection(poly).area > limit:
                overlapped.append(ref)
            elif other.distance(poly) <= eps:
                touching.append(ref)
        return overlapped, touching

    def _node(self, txn: _Txn, ring: Ring, refs: Sequence[FaceRef]) -> Ring:
        """Make `ring` and the faces `refs` meet only at shared vertices.

        Where an edge of the ring crosses an edge of a face, a new vertex goes into both (and
        into every other face with that edge); a vertex of either lying on an edge of the
        other becomes a vertex of that edge too. Returns the ring with the new vertices.
        """
        tool = list(ring)
        eps = self._overlay_eps()
        for _ in range(10_000):
            if not self._node_step(txn, tool, refs, eps):
                return tuple(tool)
        raise TopologyError("the outline could not be joined to the polygons under it")

    def _node_step(self, txn: _Txn, tool: list[int], refs: Sequence[FaceRef], eps: float) -> bool:
        v = self.vertices
        xs = [v[i][0] for i in tool]
        ys = [v[i][1] for i in tool]
        x0, x1, y0, y1 = min(xs) - eps, max(xs) + eps, min(ys) - eps, max(ys) + eps
        # face edges near the ring, each with its box grown by eps
        boxes = []
        for a, b in {e for ref in refs for e in _face_edges(self.face(ref))}:
            (ax, ay), (bx, by) = v[a], v[b]
            box_ = (min(ax, bx) - eps, max(ax, bx) + eps, min(ay, by) - eps, max(ay, by) + eps)
            if box_[1] >= x0 and box_[0] <= x1 and box_[3] >= y0 and box_[2] <= y1:
                boxes.append((a, b, *box_))
        corners = {w for a, b, *_ in boxes for w in (a, b)} - set(tool)
        n = len(tool)
        edges = []
        for i in range(n):
            c, d = tool[i], tool[(i + 1) % n]
            (cx, cy), (dx, dy) = v[c], v[d]
            edges.append(
                (
                    i,
                    c,
                    d,
                    min(cx, dx) - eps,
                    max(cx, dx) + eps,
                    min(cy, dy) - eps,
                    max(cy, dy) + eps,
                )
            )
        for i, c, d, ex0, ex1, ey0, ey1 in edges:  # a face's corner on an edge of the ring
            pc, pd = v[c], v[d]
            for w in corners:
                px, py = v[w]
                if ex0 <= px <= ex1 and ey0 <= py <= ey1:
                    q, dist = _project(v[w], pc, pd)
                    if dist <= eps and _dist(q, pc) > eps and _dist(q, pd) > eps:
                        tool.insert(i + 1, w)
                        return True
        for w in tool:  # a corner of the ring on a face's edge
            px, py = v[w]
            for a, b, bx0, bx1, by0, by1 in boxes:
                if w in (a, b) or not (bx0 <= px <= bx1 and by0 <= py <= by1):
                    continue
                q, dist = _project(v[w], v[a], v[b])
                if dist <= eps and _dist(q, v[a]) > eps and _dist(q, v[b]) > eps:
                    if self.faces_using(w) & self.faces_with_edge(a, b):
                        raise TopologyError("a polygon under the outline touches itself")
                    self._insert_on_edge(txn, a, b, w)
                    return True
        for i, c, d, ex0, ex1, ey0, ey1 in edges:  # edges crossing
            for a, b, bx0, bx1, by0, by1 in boxes:
                if bx1 < ex0 or bx0 > ex1 or by1 < ey0 or by0 > ey1 or {a, b} & {c, d}:
                    continue
                hit = _proper_crossing(v[c], v[d], v[a], v[b], eps)
                if hit is not None:
                    vid = txn.new_vertex(hit)
                    self._insert_on_edge(txn, a, b, vid)
                    tool.insert(i + 1, vid)
                    return True
        return False

    def _oriented(self, face: Face) -> Face:
        """The face with its outer ring counter-clockwise and its holes clockwise (math axes)."""

        def orient(r: Ring, positive: bool) -> Ring:
            return r if (_signed_area(self.ring_coords(r)) > 0) == positive else r[::-1]

        return Face(orient(face.outer, True), tuple(orient(h, False) for h in face.holes))

    def _overlay(self, a: Face, b: Face, op: str) -> list[Face]:
        """`a` minus `b` (op "minus") or `a` and `b` (op "and") of two noded faces.

        Both faces meet only at shared vertices (see `_node`), so every edge of one lies
        wholly inside, outside or on the other: the result's outline is made of the edges
        the operation keeps, chained into rings through the same vertex ids.
        """
        originals = {frozenset(r): r for r in a.rings()}
        a, b = self._oriented(a), self._oriented(b)
        pa, pb = self._shape(a), self._shape(b)
        edges_a = [e for r in a.rings() for e in _ring_edges(r)]
        edges_b = [e for r in b.rings() for e in _ring_edges(r)]
        set_a, set_b = set(edges_a), set(edges_b)
        keep: list[tuple[int, int]] = []
        for u, w in edges_a:
            if (u, w) in set_b:  # both regions on the same side
                if op == "and":
                    keep.append((u, w))
            elif (w, u) in set_b:  # the regions on either side
                if op == "minus":
                    keep.append((u, w))
            elif pb.contains(ShapelyPoint(self._midpoint(u, w))) == (op == "and"):
                keep.append((u, w))
        for u, w in edges_b:
            if (u, w) in set_a or (w, u) in set_a:
                continue
            if pa.contains(ShapelyPoint(self._midpoint(u, w))):
                keep.append((w, u) if op == "minus" else (u, w))
        faces = self._faces_from_rings(self._walk(keep))
        # a ring the operation left whole keeps its original order (the file does not churn)
        return [f.map_rings(lambda r: _same_ring(r, originals.get(frozenset(r)))) for f in faces]

    def _midpoint(self, u: int, w: int) -> Point:
        (ux, uy), (wx, wy) = self.vertices[u], self.vertices[w]
        return ((ux + wx) / 2, (uy + wy) / 2)

    def _shape(self, face: Face) -> Polygon:
        return Polygon(self.ring_coords(face.outer), [self.ring_coords(h) for h in face.holes])

    def _walk(self, edges: list[tuple[int, int]]) -> list[Ring]:
        """Chain directed edges (region on their left) into rings, splitting at pinch points.

        At a vertex with several ways on, the walk takes the first edge clockwise from the
        way back; a ring that still passes a vertex twice is cut there into two rings (a
        hole touching its outline at one corner is a hole, not a pinched outline).
        """
        v = self.vertices
        out: dict[int, list[int]] = {}
        for u, w in edges:
            out.setdefault(u, []).append(w)
        used: set[tuple[int, int]] = set()
        rings = []
        for start in edges:
            if start in used:
                continue
            ring: list[int] = []
            u, w = start
            while True:
                used.add((u, w))
                ring.append(u)
                ways = [x for x in out.get(w, ()) if (w, x) not in used or (w, x) == start]
                if not ways:
                    raise TopologyError("the new outline is not closed")
                back = math.atan2(v[u][1] - v[w][1], v[u][0] - v[w][0])

                def turn(x: int, back: float = back, w: int = w) -> float:
                    angle = (back - math.atan2(v[x][1] - v[w][1], v[x][0] - v[w][0])) % math.tau
                    return angle or math.tau

                u, w = w, min(ways, key=turn)
                if (u, w) == start:
                    break
                if len(ring) > len(edges):
                    raise TopologyError("the new outline is not closed")
            rings.extend(r for r in _split_pinches(tuple(ring)) if len(r) >= 3)
        return rings

    def _faces_from_rings(self, rings: list[Ring]) -> list[Face]:
        """Faces from counter-clockwise outers and clockwise holes (each hole to its outer)."""
        eps = self._overlay_eps()
        outers, holes = [], []
        for r in rings:
            area = _signed_area(self.ring_coords(r))
            if abs(area) <= eps * eps:
                continue
            (outers if area > 0 else holes).append((abs(area), r))
        outers.sort()
        shapes = [Polygon(self.ring_coords(r)) for _, r in outers]
        members: list[list[Ring]] = [[] for _ in outers]
        for _, h in holes:
            inside = Polygon(self.ring_coords(h)).representative_point()
            k = next((k for k, s in enumerate(shapes) if s.contains(inside)), None)
            if k is None:
                raise TopologyError("the new outline leaves a hole outside any polygon")
            members[k].append(h)
        faces = [Face(r, tuple(hs)) for (_, r), hs in zip(outers, members, strict=True)]
        for f in faces:
            if not self._shape(f).is_valid:
                raise TopologyError("the result would touch itself; draw the outline apart")
        return faces[::-1]  # largest first

    def _cut_faces(self, txn: _Txn, refs: Sequence[FaceRef], tool: Face) -> set[int]:
        """Take `tool`'s area out of the faces `refs` (noded against it).

        Returns the vertices those faces used: the caller drops the ones left unused once
        every face is in place.
        """
        old = {w for ref in refs for r in self.face(ref).rings() for w in r}
        for kind, fid in dict.fromkeys(ref[:2] for ref in refs):
            if kind == PROVINCE:
                pieces = self._overlay(self.provinces[fid].face, tool, "minus")
                name = _face_name(self, (PROVINCE, fid, 0))
                if not pieces:
                    raise TopologyError(f"the cut covers all of {name}; delete it instead")
                if len(pieces) > 1:
                    raise TopologyError(f"the cut would leave {name} in pieces; split it instead")
                txn.set_province(fid, replace(self.provinces[fid], face=pieces[0]))
                continue
            sea = self.seas[fid]
            parts: list[Face] = []
            for k, part in enumerate(sea.parts):
                cut = (SEA, fid, k) in refs
                parts.extend(self._overlay(part, tool, "minus") if cut else [part])
            txn.set_sea(fid, replace(sea, parts=tuple(parts)) if parts else None)
        return old

    def split_province(
        self, pid: str, cut: Sequence[Point], snap_radius: float = 0.0, new_id: str | None = None
    ) -> Edit:
        """Split a province in two along a cut polyline crossing its outline exactly twice.

        The cut may start and end beyond the outline; it is trimmed at the crossings. A crossing
        on an edge becomes a vertex shared with the neighbour across that edge. The part holding
        the label (else the larger part) keeps the id and all attributes; the other part gets
        `new_id` (default "<id>_2"), the same territory and the attributes except label and
        capital. `edit.result` is (kept id, new id).
        """
        return self._split(PROVINCE, pid, 0, cut, snap_radius, new_id)

    def split_sea(
        self, sid: str, part: int, cut: Sequence[Point], snap_radius: float = 0.0
    ) -> Edit:
        """Split one part of a sea in two parts of the same sea along a cut polyline."""
        return self._split(SEA, sid, part, cut, snap_radius, None)

    def _split(
        self,
        kind: str,
        fid: str,
        part: int,
        cut: Sequence[Point],
        radius: float,
        new_id: str | None,
    ) -> Edit:
        ref: FaceRef = (kind, fid, part)
        if (kind == PROVINCE and fid not in self.provinces) or (
            kind == SEA and fid not in self.seas
        ):
            raise TopologyError(f"there is no {kind} {fid!r}")
        if len(cut) < 2:
            raise TopologyError("a cut needs at least two points")
        face = self.face(ref)
        ring = face.outer
        eps = 1e-9 * self.scale()
        pts = []
        for xy in cut:  # snap cut points to the outline's corners
            best, bd = xy, radius
            for vid in ring:
                d = _dist(self.vertices[vid], xy)
                if d <= bd:
                    best, bd = self.vertices[vid], d
            pts.append(best)
        hits = _ring_crossings(pts, self.ring_coords(ring), eps)
        if len(hits) != 2:
            raise TopologyError(
                f"the cut must cross the outline of {_face_name(self, ref)} exactly twice "
                f"(it crosses {len(hits)} times)"
            )
        (t0, p0, e0), (t1, p1, e1) = hits
        mid_pts = [pts[k] for k in range(len(pts)) if t0 + eps < k < t1 - eps]
        line = LineString([p0, *mid_pts, p1])
        # the ends lie on the outline up to rounding, so test the line minus its very ends
        trim = min(1e-6 * self.scale(), line.length / 4)
        if line.length <= 2 * eps or not self.polygon(ref).contains(
            substring(line, trim, line.length - trim)
        ):
            raise TopologyError(f"the cut leaves {_face_name(self, ref)} or runs along its edge")
        with _Txn(self, f"split {kind}") as txn:
            ends = []
            for p, e in ((p0, e0), (p1, e1)):
                a, b = ring[e], ring[(e + 1) % len(ring)]
                if _dist(p, self.vertices[a]) <= eps:
                    ends.append(a)
                elif _dist(p, self.vertices[b]) <= eps:
                    ends.append(b)
                else:
                    # the first crossing may have split this edge already: use the piece
                    a, b = self._piece_of_edge(self.face(ref).outer, a, b, p)
                    vid = txn.new_vertex(p)
                    self._insert_on_edge(txn, a, b, vid)
                    ends.append(vid)
            s, e = ends
            if s == e:
                raise TopologyError("the cut starts and ends at the same corner")
            mids = [txn.new_vertex(p) for p in mid_pts]
            outer = self.face(ref).outer
            n = len(outer)
            i, j = outer.index(s), outer.index(e)
            if not mids and (abs(i - j) == 1 or abs(i - j) == n - 1):
                raise TopologyError("the cut runs along an existing edge")
            path_ij = [outer[(i + k) % n] for k in range((j - i) % n + 1)]
            path_ji = [outer[(j + k) % n] for k in range((i - j) % n + 1)]
            ring1 = tuple(path_ij + mids[::-1])
            ring2 = tuple(path_ji + mids)
            faces = self._with_holes(ring1, ring2, self.face(ref).holes)
            if kind == SEA:
                sea = self.seas[fid]
                parts = list(sea.parts)
                parts[part] = faces[0]
                parts.insert(part + 1, faces[1])
                txn.set_sea(fid, replace(sea, parts=tuple(parts)))
                return txn.commit((fid, fid))
            prov = self.provinces[fid]
            label = prov.attrs.get("label")
            polys = [Polygon(self.ring_coords(f.outer)) for f in faces]
            if label is not None and len(label) == 2:
                keep = 0 if polys[0].covers(ShapelyPoint(label)) else 1
            else:
                keep = 0 if polys[0].area >= polys[1].area else 1
            other_id = new_id or self._unique_id(f"{fid}_2")
            if other_id in self.provinces or other_id in self.seas:
                raise TopologyError(f"the id {other_id!r} is already used")
            other_attrs = {k: v for k, v in prov.attrs.items() if k not in ("label", "capital")}
            order = list(self.provinces)
            txn.set_province(fid, replace(prov, face=faces[keep]))
            txn.set_province(
                other_id, Province(other_id, f"{prov.name} 2", faces[1 - keep], other_attrs)
            )
            order.insert(order.index(fid) + 1, other_id)
            self.provinces = {k: self.provinces[k] for k in order}
            tid = self.territory_of(fid)
            if tid is not None:
                txn.set_territories(
                    replace(t, provinces=_insert_after(t.provinces, fid, other_id))
                    if t.id == tid
                    else t
                    for t in self.territories
                )
            return txn.commit((fid, other_id))

    def _piece_of_edge(self, ring: Ring, a: int, b: int, p: Point) -> tuple[int, int]:
        """The piece of the original edge a-b (maybe split since) of `ring` nearest to `p`."""
        n = len(ring)
        i, j = ring.index(a), ring.index(b)
        forward = [ring[(i + k) % n] for k in range((j - i) % n + 1)]
        backward = [ring[(i - k) % n] for k in range((i - j) % n + 1)]
        chain = min(forward, backward, key=len)  # the pieces lie on the short way from a to b
        pieces = list(zip(chain, chain[1:], strict=False))
        return min(pieces, key=lambda e: _project(p, self.vertices[e[0]], self.vertices[e[1]])[1])

    def _with_holes(self, ring1: Ring, ring2: Ring, holes: Sequence[Ring]) -> tuple[Face, Face]:
        p1 = Polygon(self.ring_coords(ring1))
        h1, h2 = [], []
        for h in holes:
            rep = Polygon(self.ring_coords(h)).representative_point()
            (h1 if p1.covers(rep) else h2).append(h)
        return Face(ring1, tuple(h1)), Face(ring2, tuple(h2))

    def merge_provinces(self, keep: str, other: str) -> Edit:
        """Merge province `other` into `keep`; they must share at least one edge.

        Vertices of the common border that no polygon uses any more disappear. `keep` keeps
        its id and attributes; `other` leaves its territory.
        """
        for pid in (keep, other):
            if pid not in self.provinces:
                raise TopologyError(f"there is no province {pid!r}")
        if keep == other:
            raise TopologyError("a province cannot be merged with itself")
        a, b = self.provinces[keep], self.provinces[other]
        face = self._merged_face(a.face, b.face, f"{a.name} and {b.name}")
        with _Txn(self, "merge provinces") as txn:
            txn.set_province(keep, replace(a, face=face))
            txn.set_province(other, None)
            if self.territory_of(other) is not None:
                txn.set_territories(
                    replace(t, provinces=tuple(p for p in t.provinces if p != other))
                    for t in self.territories
                )
            self._drop_unused(txn, set(b.face.outer) | set(a.face.outer))
            return txn.commit(keep)

    def merge_sea_parts(self, sid: str, part: int, other_sid: str, other_part: int) -> Edit:
        """Merge two adjacent sea parts (of one sea or two; the second sea loses the part)."""
        first, second = self.seas[sid].parts[part], self.seas[other_sid].parts[other_part]
        if (sid, part) == (other_sid, other_part):
            raise TopologyError("a sea part cannot be merged with itself")
        face = self._merged_face(first, second, "the two sea parts")
        with _Txn(self, "merge seas") as txn:
            sea = self.seas[sid]
            parts = list(sea.parts)
            parts[part] = face
            if other_sid == sid:
                del parts[other_part]
                txn.set_sea(sid, replace(sea, parts=tuple(parts)))
            else:
                txn.set_sea(sid, replace(sea, parts=tuple(parts)))
                other = self.seas[other_sid]
                rest = tuple(f for k, f in enumerate(other.parts) if k != other_part)
                txn.set_sea(other_sid, replace(other, parts=rest) if rest else None)
            self._drop_unused(txn, set(first.outer) | set(second.outer))
            return txn.commit(sid)

    def _merged_face(self, fa: Face, fb: Face, what: str) -> Face:
        ra, rb = fa.outer, fb.outer
        if (_signed_area(self.ring_coords(ra)) > 0) != (_signed_area(self.ring_coords(rb)) > 0):
            rb = rb[::-1]
        edges_a = [(ra[i], ra[(i + 1) % len(ra)]) for i in range(len(ra))]
        edges_b = [(rb[i], rb[(i + 1) % len(rb)]) for i in range(len(rb))]
        set_a, set_b = set(edges_a), set(edges_b)
        shared = {(u, v) for (u, v) in edges_a if (v, u) in set_b}
        if not shared:
            raise TopologyError(f"{what} do not share a border")
        rest = [(u, v) for (u, v) in edges_a if (u, v) not in shared]
        rest += [(u, v) for (u, v) in edges_b if (v, u) not in set_a]
        rings = _chain(rest)
        if not rings:
            raise TopologyError(f"{what} cover each other")
        rings.sort(key=lambda r: -abs(_signed_area(self.ring_coords(r))))
        return Face(rings[0], (*rings[1:], *fa.holes, *fb.holes))

    def _drop_unused(self, txn: _Txn, candidates: Iterable[int]) -> None:
        usage = self.usage()
        for vid in candidates:
            if vid in self.vertices and not usage.get(vid):
                txn.set_vertex(vid, None)

    def remove_province(self, pid: str) -> Edit:
        """Delete a province (its territory forgets it; vertices nobody uses disappear).

        Coastal land gives the sea its area back: the sea polygon with the longest shared
        coast (along the province's outline; a lake in one of its holes only when there is
        no such coast) takes in the province's area, so its new coast runs along the
        remaining neighbours' borders through their vertices. An island's sea closes over
        it. Land with no sea beside it leaves empty map.
        """
        if pid not in self.provinces:
            raise TopologyError(f"there is no province {pid!r}")
        with _Txn(self, "remove province") as txn:
            face = self.provinces[pid].face
            absorbed = self._sea_taking_back(face)
            if absorbed is not None:
                txn.set_face(*absorbed)
            txn.set_province(pid, None)
            if self.territory_of(pid) is not None:
                txn.set_territories(
                    replace(t, provinces=tuple(p for p in t.provinces if p != pid))
                    for t in self.territories
                )
            self._drop_unused(txn, {v for r in face.rings() for v in r})
            if absorbed is not None:
                self._drop_straight_vertices(txn, absorbed[0], {v for r in face.rings() for v in r})
            return txn.commit(pid)

    def _drop_straight_vertices(self, txn: _Txn, ref: FaceRef, candidates: set[int]) -> None:
        """Remove the candidate vertices only `ref` uses where its ring runs straight on
        (the old coast's ends on a sea's edge, once the sea took the land back)."""
        eps = self._overlay_eps()
        v = self.vertices
        face = self.face(ref)
        drop: set[int] = set()
        for r in face.rings():
            straight = set()
            for i, vid in enumerate(r):
                if vid not in candidates or self.faces_using(vid) != {ref}:
                    continue
                a, b = v[r[i - 1]], v[r[(i + 1) % len(r)]]
                q, dist = _project(v[vid], a, b)
                if dist <= eps and min(_dist(q, a), _dist(q, b)) > eps:
                    straight.add(vid)
            if len(r) - len(straight) >= 3:
                drop |= straight
        if drop:
            txn.set_face(ref, face.map_rings(lambda r: tuple(i for i in r if i not in drop)))
            for vid in drop:
                txn.set_vertex(vid, None)

    def _sea_taking_back(self, face: Face) -> tuple[FaceRef, Face] | None:
        """The sea polygon that takes in a deleted province's area, and its new face.

        None when no sea polygon shares an edge with the province, or when their union
        is not one clean polygon (then the land just goes, leaving empty map).
        """
        outer = {frozenset(e) for e in _ring_edges(face.outer)}
        inner = {frozenset(e) for h in face.holes for e in _ring_edges(h)}
        best: tuple[bool, float, FaceRef] | None = None
        for ref, sea_face in self.faces():
            if ref[0] != SEA:
                continue
            on_outer, length = False, 0.0
            for r in sea_face.rings():
                for u, w in _ring_edges(r):
                    edge = frozenset((u, w))
                    if edge in outer or edge in inner:
                        on_outer = on_outer or edge in outer
                        length += _dist(self.vertices[u], self.vertices[w])
            if length > 0 and (best is None or (on_outer, length) > best[:2]):
                best = (on_outer, length, ref)
        if best is None:
            return None
        ref = best[2]
        try:
            union = self._union(self.face(ref), face)
        except TopologyError:
            return None
        return (ref, union) if union is not None else None

    def _union(self, a: Face, b: Face) -> Face | None:
        """`a` and `b` as one face, when they share edges and make one polygon.

        The faces meet along shared vertex ids (the map's topology), so the union's outline
        is every directed edge whose reverse the other face does not have.
        """
        originals = {frozenset(r): r for r in (*a.rings(), *b.rings())}
        a, b = self._oriented(a), self._oriented(b)
        edges_a = [e for r in a.rings() for e in _ring_edges(r)]
        edges_b = [e for r in b.rings() for e in _ring_edges(r)]
        set_a, set_b = set(edges_a), set(edges_b)
        if set_a & set_b:  # overlapping faces: not a topology this can join
            return None
        keep = [(u, w) for u, w in edges_a if (w, u) not in set_b]
        keep += [(u, w) for u, w in edges_b if (w, u) not in set_a]
        if len(keep) == len(edges_a) + len(edges_b):
            return None
        faces = self._faces_from_rings(self._walk(keep))
        if len(faces) != 1:
            return None
        return faces[0].map_rings(lambda r: _same_ring(r, originals.get(frozenset(r))))

    def remove_sea_part(self, sid: str, part: int) -> Edit:
        """Delete one polygon of a sea (the sea itself when it was its last)."""
        if sid not in self.seas:
            raise TopologyError(f"there is no sea {sid!r}")
        with _Txn(self, "remove sea") as txn:
            sea = self.seas[sid]
            face = sea.parts[part]
            rest = tuple(f for k, f in enumerate(sea.parts) if k != part)
            txn.set_sea(sid, replace(sea, parts=rest) if rest else None)
            self._drop_unused(txn, {v for r in face.rings() for v in r})
            return txn.commit(sid)

    def remove_face(self, ref: FaceRef) -> Edit:
        """Delete a province or a sea part."""
        kind, fid, k = ref
        return self.remove_province(fid) if kind == PROVINCE else self.remove_sea_part(fid, k)

    # --------------------------------------------------------------------------- attributes

    def update_province(
        self,
        pid: str,
        name: str | None = None,
        attrs: Mapping[str, Any] | None = None,
        new_id: str | None = None,
    ) -> Edit:
        """Rename, re-id or set attributes of a province; an attribute set to None is removed."""
        if pid not in self.provinces:
            raise TopologyError(f"there is no province {pid!r}")
        prov = self.provinces[pid]
        merged = dict(prov.attrs)
        for k, v in (attrs or {}).items():
            if k in ("id", "name", "polygon", "holes"):
                raise TopologyError(f"{k!r} is not an attribute")
            if v is None:
                merged.pop(k, None)
            else:
                merged[k] = v
        with _Txn(self, "edit province") as txn:
            new = replace(prov, name=prov.name if name is None else name, attrs=merged)
            if new_id is not None and new_id != pid:
                if not new_id or new_id in self.provinces or new_id in self.seas:
                    raise TopologyError(f"the id {new_id!r} is empty or already used")
                order = [new_id if k == pid else k for k in self.provinces]
                txn.set_province(pid, None)
                txn.set_province(new_id, replace(new, id=new_id))
                self.provinces = {k: self.provinces[k] for k in order}
                txn.set_territories(
                    replace(t, provinces=tuple(new_id if p == pid else p for p in t.provinces))
                    for t in self.territories
                )
                return txn.commit(new_id)
            txn.set_province(pid, new)
            return txn.commit(pid)

    def update_sea(self, sid: str, name: str | None = None) -> Edit:
        """Rename a sea."""
        if sid not in self.seas:
            raise TopologyError(f"there is no sea {sid!r}")
        with _Txn(self, "edit sea") as txn:
            sea = self.seas[sid]
            txn.set_sea(sid, replace(sea, name=sea.name if name is None else name))
            return txn.commit(sid)

    def update_meta(self, changes: Mapping[str, Any]) -> Edit:
        """Set map-level keys (name, size, extent, game, attributes, ...); None removes one."""
        meta = dict(self.meta)
        for k, v in changes.items():
            if k in _LISTS:
                raise TopologyError(f"{k!r} is edited through its own operations")
            if v is None:
                meta.pop(k, None)
            else:
                meta[k] = v
        with _Txn(self, "edit map") as txn:
            txn.set_meta(meta)
            return txn.commit()

    # --------------------------------------------------------------------------- territories

    def add_territory(self, tid: str, name: str | None = None, colour: str = "#cccccc") -> Edit:
        """Create an empty territory."""
        if not tid or any(t.id == tid for t in self.territories):
            raise TopologyError(f"the territory id {tid!r} is empty or already used")
        with _Txn(self, "add territory") as txn:
            txn.set_territories((*self.territories, Territory(tid, name or tid, colour)))
            return txn.commit(tid)

    def update_territory(
        self,
        tid: str,
        name: str | None = None,
        colour: str | None = None,
        new_id: str | None = None,
    ) -> Edit:
        """Rename, recolour or re-id a territory.

        A new id follows everywhere the old one is named: provinces that say
        `territory: <id>` in their own keys say the new id.
        """
        t = self.territory(tid)
        if new_id is not None and new_id != tid:
            if not new_id or any(o.id == new_id for o in self.territories):
                raise TopologyError(f"the territory id {new_id!r} is empty or already used")
            if any(c.isspace() for c in new_id):
                raise TopologyError(f"the territory id {new_id!r} may not contain spaces")
        new = replace(
            t,
            id=new_id or tid,
            name=t.name if name is None else name,
            colour=t.colour if colour is None else colour,
        )
        with _Txn(self, "edit territory") as txn:
            txn.set_territories(new if o.id == tid else o for o in self.territories)
            if new.id != tid:
                for pid, prov in list(self.provinces.items()):
                    if prov.attrs.get("territory") == tid:
                        attrs = {**prov.attrs, "territory": new.id}
                        txn.set_province(pid, replace(prov, attrs=attrs))
            return txn.commit(new.id)

    def remove_territory(self, tid: str) -> Edit:
        """Delete a territory (its provinces belong to none afterwards)."""
        self.territory(tid)
        with _Txn(self, "remove territory") as txn:
            txn.set_territories(t for t in self.territories if t.id != tid)
            return txn.commit(tid)

    def assign(self, pid: str, tid: str | None) -> Edit:
        """Put a province into a territory (None: into none); it leaves its old one."""
        if pid not in self.provinces:
            raise TopologyError(f"there is no province {pid!r}")
        with _Txn(self, "assign territory") as txn:
            self._assign(txn, pid, tid)
            return txn.commit(tid)

    def _assign(self, txn: _Txn, pid: str, tid: str | None) -> None:
        if tid is not None:
            self.territory(tid)
        txn.set_territories(
            replace(
                t,
                provinces=(
                    t.provinces + ((pid,) if pid not in t.provinces else ())
                    if t.id == tid
                    else tuple(p for p in t.provinces if p != pid)
                ),
            )
            for t in self.territories
        )

    # ---------------------------------------------------------------------------------- grids

    def add_grid(
        self,
        kind: str,
        rows: int,
        cols: int,
        size: float,
        origin: Point = (0.0, 0.0),
        prefix: str = "",
    ) -> Edit:
        """Add a square or hex ("square" | "hex") grid of provinces sharing their vertices.

        `size` is a square's side or a hexagon's circumradius (pointy-top hexagons, odd rows
        shifted right by half a hexagon). Cells are named r<row>c<col> (1-based).
        `edit.result` is the list of new province ids.
        """
        if rows < 1 or cols < 1 or size <= 0:
            raise TopologyError("a grid needs at least one row, one column and a positive size")
        if kind not in ("square", "hex"):
            raise TopologyError(f"unknown grid kind {kind!r} (square or hex)")
        cells = _grid_cells(kind, rows, cols, size, origin)
        with _Txn(self, f"add {kind} grid") as txn:
            index = _VertexIndex(self, 1e-9 * max(size, 1.0), txn)
            new_ids = []
            for (r, c), corners in cells:
                pid = self._unique_id(f"{prefix}r{r + 1}c{c + 1}", new_ids)
                ring = tuple(index.vertex(_clean_point(p)) for p in corners)
                txn.set_province(pid, Province(pid, pid, Face(ring), {}))
                new_ids.append(pid)
            return txn.commit(new_ids)


def square_grid(rows: int, cols: int, size: float, margin: float = 0.0) -> TopoMap:
    """A new map holding a square grid (extent fitted around it with `margin`)."""
    return _grid_map("square", rows, cols, size, margin)


def hex_grid(rows: int, cols: int, size: float, margin: float = 0.0) -> TopoMap:
    """A new map holding a pointy-top hex grid (extent fitted around it with `margin`)."""
    return _grid_map("hex", rows, cols, size, margin)


def _grid_map(kind: str, rows: int, cols: int, size: float, margin: float) -> TopoMap:
    if kind == "square":
        w, h = cols * size, rows * size
    else:
        w = math.sqrt(3) * size * (cols + (0.5 if rows > 1 else 0))
        h = size * (1.5 * rows + 0.5)
    m = TopoMap.new(f"{kind}-grid", f"{kind.title()} grid", w + 2 * margin, h + 2 * margin)
    m.add_grid(kind, rows, cols, size, (margin, margin))
    return m


# ------------------------------------------------------------------------------------ helpers


class _VertexIndex:
    """Finds or creates the vertex at a coordinate, merging points within a tolerance."""

    def __init__(self, m: TopoMap, tolerance: float, txn: _Txn | None = None) -> None:
        self.m, self.tol, self.txn = m, max(tolerance, 1e-12), txn
        self.grid: dict[tuple[int, int], list[int]] = {}
        for vid, xy in m.vertices.items():
            self.grid.setdefault(self._cell(xy), []).append(vid)

    def _cell(self, xy: Point) -> tuple[int, int]:
        return (int(math.floor(xy[0] / self.tol)), int(math.floor(xy[1] / self.tol)))

    def vertex(self, xy: Point) -> int:
        gx, gy = self._cell(xy)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for vid in self.grid.get((gx + dx, gy + dy), ()):
                    if _dist(self.m.vertices[vid], xy) <= self.tol:
                        return vid
        if self.txn is not None:
            vid = self.txn.new_vertex(xy)
        else:
            vid = self.m._next_vertex
            self.m._next_vertex += 1
            self.m.vertices[vid] = xy
        self.grid.setdefault((gx, gy), []).append(vid)
        return vid


def _grid_cells(
    kind: str, rows: int, cols: int, size: float, origin: Point
) -> list[tuple[tuple[int, int], list[Point]]]:
    ox, oy = origin
    cells = []
    for r in range(rows):
        for c in range(cols):
            if kind == "square":
                x, y = ox + c * size, oy + r * size
                corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
            else:
                w = math.sqrt(3) * size
                cx = ox + w / 2 + c * w + (w / 2 if r % 2 else 0)
                cy = oy + size + r * 1.5 * size
                corners = [
                    (
                        cx + size * math.cos(math.radians(-90 + 60 * k)),
                        cy + size * math.sin(math.radians(-90 + 60 * k)),
                    )
                    for k in range(6)
                ]
            cells.append(((r, c), corners))
    return cells


def _num(v: float) -> float:
    """A coordinate rounded for the file; whole numbers become ints."""
    v = round(float(v), _COORD_DECIMALS)
    if v == 0:
        return 0
    return int(v) if v.is_integer() else v


def _clean_point(xy: Sequence[float]) -> Point:
    return (_num(xy[0]), _num(xy[1]))


def _dist(p: Point, q: Point) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def _project(p: Point, a: Point, b: Point) -> tuple[Point, float]:
    """The point of segment a-b nearest to p, and its distance."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / ll))
    q = (ax + t * dx, ay + t * dy)
    return q, _dist(p, q)


def _signed_area(coords: Sequence[Point]) -> float:
    s = 0.0
    n = len(coords)
    for i in range(n):
        x0, y0 = coords[i]
        x1, y1 = coords[(i + 1) % n]
        s += x0 * y1 - x1 * y0
    return s / 2


def _ring_has_edge(r: Ring, a: int, b: int) -> bool:
    n = len(r)
    return any({r[i], r[(i + 1) % n]} == {a, b} for i in range(n))


def _ring_insert(r: Ring, a: int, b: int, vid: int) -> Ring:
    n = len(r)
    out: list[int] = []
    for i in range(n):
        out.append(r[i])
        if {r[i], r[(i + 1) % n]} == {a, b} and vid not in (r[i], r[(i + 1) % n]):
            out.append(vid)
    return tuple(out)


def _dedupe_ring(r: Ring) -> Ring:
    out = [v for i, v in enumerate(r) if v != r[i - 1]] if len(r) > 1 else list(r)
    return tuple(out)


def _face_edges(f: Face) -> Iterator[tuple[int, int]]:
    for r in f.rings():
        n = len(r)
        for i in range(n):
            a, b = r[i], r[(i + 1) % n]
            yield (a, b) if a < b else (b, a)


def _same_ring(r: Ring, original: Ring | None) -> Ring:
    """`original` when it is `r` up to start and direction, else `r`."""
    if original is None or len(original) != len(r):
        return r
    k = original.index(r[0])
    rotated = original[k:] + original[:k]
    if rotated == r or (rotated[0],) + rotated[1:][::-1] == r:
        return original
    return r


def _split_pinches(r: Ring) -> list[Ring]:
    """A ring that passes a vertex twice, cut there into simple rings."""
    seen: dict[int, int] = {}
    for i, x in enumerate(r):
        if x in seen:
            j = seen[x]
            return _split_pinches(r[j:i]) + _split_pinches(r[:j] + r[i:])
        seen[x] = i
    return [r]


def _ring_edges(r: Ring) -> list[tuple[int, int]]:
    """The directed edges of a closed ring."""
    n = len(r)
    return [(r[i], r[(i + 1) % n]) for i in range(n)]


def _proper_crossing(p: Point, q: Point, a: Point, b: Point, eps: float) -> Point | None:
    """Where segments p-q and a-b cross, when that is farther than `eps` from all four ends."""
    rx, ry = q[0] - p[0], q[1] - p[1]
    sx, sy = b[0] - a[0], b[1] - a[1]
    denom = rx * sy - ry * sx
    lr, ls = math.hypot(rx, ry), math.hypot(sx, sy)
    if lr <= eps or ls <= eps or abs(denom) <= 1e-12 * lr * ls:
        return None
    qpx, qpy = a[0] - p[0], a[1] - p[1]
    t = (qpx * sy - qpy * sx) / denom
    u = (qpx * ry - qpy * rx) / denom
    if eps / lr < t < 1 - eps / lr and eps / ls < u < 1 - eps / ls:
        return (p[0] + t * rx, p[1] + t * ry)
    return None


def _face_name(m: TopoMap, ref: FaceRef) -> str:
    kind, fid, _ = ref
    if kind == PROVINCE:
        return f"province {m.provinces[fid].name} ({fid})"
    return f"sea {m.seas[fid].name} ({fid})"


def _insert_after(seq: tuple[str, ...], anchor: str, item: str) -> tuple[str, ...]:
    out = list(seq)
    out.insert(out.index(anchor) + 1, item)
    return tuple(out)


def _chain(edges: list[tuple[int, int]]) -> list[Ring]:
    """Chain directed edges into closed rings."""
    nxt: dict[int, list[int]] = {}
    for u, v in edges:
        nxt.setdefault(u, []).append(v)
    rings = []
    while any(nxt.values()):
        start = next(u for u, vs in nxt.items() if vs)
        ring = [start]
        cur = nxt[start].pop()
        guard = len(edges) + 1
        while cur != start and guard:
            ring.append(cur)
            if not nxt.get(cur):
                raise TopologyError("the merged outline is not closed")
            cur = nxt[cur].pop()
            guard -= 1
        if len(ring) >= 3:
            rings.append(tuple(ring))
    return rings


def _ring_crossings(
    pts: Sequence[Point], ring: Sequence[Point], eps: float
) -> list[tuple[float, Point, int]]:
    """Where a polyline meets a closed ring: (polyline position k+t, point, ring edge index)."""
    hits: list[tuple[float, Point, int]] = []
    n = len(ring)
    for k in range(len(pts) - 1):
        p, q = pts[k], pts[k + 1]
        for i in range(n):
            a, b = ring[i], ring[(i + 1) % n]
            hit = _segment_hit(p, q, a, b, eps)
            if hit is None:
                continue
            t, pt = hit
            pos = k + t
            if any(abs(h[0] - pos) <= eps or _dist(h[1], pt) <= eps for h in hits):
                continue
            hits.append((pos, pt, i))
    hits.sort()
    return hits


def _segment_hit(p: Point, q: Point, a: Point, b: Point, eps: float) -> tuple[float, Point] | None:
    """Where segment p-q meets segment a-b (t along p-q), None when apart or collinear."""
    rx, ry = q[0] - p[0], q[1] - p[1]
    sx, sy = b[0] - a[0], b[1] - a[1]
    denom = rx * sy - ry * sx
    lr, ls = math.hypot(rx, ry), math.hypot(sx, sy)
    if lr == 0 or ls == 0 or abs(denom) <= 1e-12 * lr * ls:
        return None
    qpx, qpy = a[0] - p[0], a[1] - p[1]
    t = (qpx * sy - qpy * sx) / denom
    u = (qpx * ry - qpy * rx) / denom
    et, eu = eps / lr, eps / ls
    if -et <= t <= 1 + et and -eu <= u <= 1 + eu:
        t, u = min(max(t, 0.0), 1.0), min(max(u, 0.0), 1.0)
        if u <= eu:
            return t, a
        if u >= 1 - eu:
            return t, b
        return t, (a[0] + u * sx, a[1] + u * sy)
    return None


def _extent_scale(extent: Any) -> float:
    if extent and len(extent) == 4:
        return max(float(extent[2]) - float(extent[0]), float(extent[3]) - float(extent[1]), 1.0)
    return 1.0


def _mapfile_to_dict(mapfile: Any) -> dict[str, Any]:
    """The format-1 dict of a `maps.io.MapFile` (keys in the file's canonical order)."""
    if isinstance(mapfile, Mapping):
        return dict(mapfile)

    def ring(points: Sequence[Sequence[float]]) -> list[list[float]]:
        return [[_exact(p[0]), _exact(p[1])] for p in points]

    provinces = []
    for p in mapfile.provinces:
        entry: dict[str, Any] = {"id": p.id, "name": p.name, "polygon": ring(p.polygon)}
        if p.holes:
            entry["holes"] = [ring(h) for h in p.holes]
        if p.label is not None:
            entry["label"] = [_exact(p.label[0]), _exact(p.label[1])]
        entry.update({k: p.attrs[k] for k in sorted(p.attrs)})
        provinces.append(entry)
    return {
        "format": 1,
        "id": mapfile.id,
        "name": mapfile.name,
        "size": {"width_mm": _exact(mapfile.width_mm), "height_mm": _exact(mapfile.height_mm)},
        "extent": [_exact(v) for v in mapfile.extent],
        "game": mapfile.game,
        **({"min_border_length": mapfile.min_border_length} if mapfile.min_border_length else {}),
        "attributes": dict(mapfile.attributes),
        "territories": [
            {"id": t.id, "name": t.name, "colour": t.colour, "provinces": list(t.provinces)}
            for t in mapfile.territories
        ],
        "provinces": provinces,
        "seas": [
            {
                "id": s.id,
                "name": s.name,
                "polygons": [
                    {"polygon": ring(part.polygon), "holes": [ring(h) for h in part.holes]}
                    for part in s.polygons
                ],
            }
            for s in mapfile.seas
        ],
    }


def _exact(v: float) -> float:
    """Integral floats as ints, as the map file writes them; other values unchanged."""
    return int(v) if isinstance(v, float) and v.is_integer() and abs(v) < 2**53 else v
