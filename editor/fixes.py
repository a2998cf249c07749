"""One-click fixes for validation issues, where a fix is safe (no Qt).

`fix_for(issue, topo)` names the `TopoMap` operation that repairs a `maps.validate` issue, or
None when a person has to decide. Safe means: the fix only snaps geometry that is already within
the near-miss tolerance, drops repeated vertices, or moves a label inside its province.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import Any

import shapely

from app.games.rokugan.words import territory as territory_words
from app.i18n import _, ngettext
from editor.topology import TopoMap
from editor.topology.geometry import Point
from editor.topology.model import PROVINCE, Edit, FaceRef

try:  # the tolerance constant lives with the geometry rules
    from maps.geometry import NEAR_MISS
except ImportError:  # pragma: no cover - maps/ not built yet
    NEAR_MISS = 0.002

Fix = tuple[str, str, tuple[Any, ...]]  # (button text, TopoMap operation, arguments)


def near_miss_tolerance(topo: TopoMap) -> float:
    """The near-miss distance of this map, in map units (as maps.geometry computes it)."""
    return NEAR_MISS * topo.scale()


def has_duplicate_vertices(topo: TopoMap) -> bool:
    """True when some ring repeats a vertex or two consecutive corners coincide."""
    for _ref, face in topo.faces():
        for ring in face.rings():
            for i, vid in enumerate(ring):
                prev = ring[i - 1]
                if vid == prev or topo.vertices[vid] == topo.vertices[prev]:
                    return True
    return False


@dataclass(frozen=True, slots=True)
class TopologyIssue:
    """A problem of the shared topology itself, shaped like maps.validate.ValidationIssue."""

    severity: str
    code: str  # "duplicate_vertex" | "t_junction"
    message: str
    provinces: tuple[str, ...] = ()
    location: Point | None = None
    vertex: int | None = None
    edge: tuple[int, int] | None = None


def _face_label(topo: TopoMap, ref: FaceRef) -> str:
    kind, fid, _part = ref
    return (_("province '{id}'") if kind == PROVINCE else _("sea '{id}'")).format(id=fid)


def topology_issues(topo: TopoMap) -> list[TopologyIssue]:
    """Repeated vertices, and vertices lying on another polygon's edge without being shared."""
    issues: list[TopologyIssue] = []
    for ref, face in topo.faces():
        for ring in face.rings():
            for i, vid in enumerate(ring):
                prev = ring[i - 1]
                if vid == prev or topo.vertices[vid] == topo.vertices[prev]:
                    at = topo.vertices[vid]
                    issues.append(
                        TopologyIssue(
                            "warning",
                            "duplicate_vertex",
                            _("{polygon} repeats the vertex at ({x}, {y})").format(
                                polygon=_face_label(topo, ref), x=f"{at[0]:g}", y=f"{at[1]:g}"
                            ),
                            (ref[1],) if ref[0] == PROVINCE else (),
                            at,
                            vid,
                        )
                    )
                    break
    issues.extend(_t_junctions(topo))
    issues.extend(_slivers(topo))
    return issues


def _slivers(topo: TopoMap) -> list[TopologyIssue]:
    """Polygons thinner on average than the near-miss distance (area / perimeter)."""
    refs = [ref for ref, _face in topo.faces()]
    if not refs:
        return []
    shapes = [topo.polygon(ref) for ref in refs]
    areas = shapely.area(shapes)
    lengths = shapely.length(shapes)
    limit = near_miss_tolerance(topo) / 2
    issues = []
    for ref, shape, area, length in zip(refs, shapes, areas, lengths, strict=True):
        if length > 0 and area / length < limit:
            at = shape.representative_point() if shape.is_valid else shape.centroid
            issues.append(
                TopologyIssue(
                    "warning",
                    "sliver",
                    _("{polygon} is a sliver (about {width} units wide)").format(
                        polygon=_face_label(topo, ref), width=f"{2 * area / length:.2g}"
                    ),
                    (ref[1],) if ref[0] == PROVINCE else (),
                    (at.x, at.y),
                )
            )
    return issues


def sliver_neighbour(topo: TopoMap, pid: str) -> str | None:
    """The province sharing the longest border with `pid` (None when it has none)."""
    mine = set(_edges_of(topo, topo.provinces[pid].face.outer))
    best, best_length = None, 0.0
    for ref in {r for v in topo.provinces[pid].face.outer for r in topo.faces_using(v)}:
        if ref[0] != PROVINCE or ref[1] == pid:
            continue
        common = mine & set(_edges_of(topo, topo.face(ref).outer))
        length = sum(
            shapely.distance(shapely.Point(topo.vertices[a]), shapely.Point(topo.vertices[b]))
            for a, b in common
        )
        if length > best_length:
            best, best_length = ref[1], float(length)
    return best


def _edges_of(topo: TopoMap, ring: tuple[int, ...]) -> list[tuple[int, int]]:
    n = len(ring)
    return [tuple(sorted((ring[i], ring[(i + 1) % n]))) for i in range(n)]  # type: ignore[misc]


def _t_junctions(topo: TopoMap) -> list[TopologyIssue]:
    edges = sorted(topo.edges())
    if not edges:
        return []
    lines = shapely.linestrings(
        [[topo.vertices[a], topo.vertices[b]] for a, b in edges]  # type: ignore[list-item]
    )
    ids = list(topo.vertices)
    points = shapely.points([topo.vertices[v] for v in ids])
    tolerance = 1e-7 * topo.scale()
    tree = shapely.STRtree(lines)
    p_idx, e_idx = tree.query(points, predicate="dwithin", distance=tolerance)
    issues = []
    for pi, ei in zip(p_idx.tolist(), e_idx.tolist(), strict=True):
        vid, (a, b) = ids[pi], edges[ei]
        if vid in (a, b) or not topo.can_join_edge(vid, a, b):
            continue
        owners = topo.faces_with_edge(a, b) | topo.faces_using(vid)
        at = topo.vertices[vid]
        issues.append(
            TopologyIssue(
                "warning",
                "t_junction",
                _(
                    "the vertex at ({x}, {y}) lies on an edge of {polygons} without being "
                    "shared; moving either would open a gap"
                ).format(
                    x=f"{at[0]:g}",
                    y=f"{at[1]:g}",
                    polygons=", ".join(
                        sorted(_face_label(topo, r) for r in topo.faces_with_edge(a, b))
                    ),
                ),
                tuple(sorted({r[1] for r in owners if r[0] == PROVINCE})),
                at,
                vid,
                (a, b),
            )
        )
    return issues


def fix_for(issue: Any, topo: TopoMap) -> Fix | None:
    """The safe fix of a validation issue, or None."""
    code = issue.code
    if code == "sliver" and issue.provinces:
        pid = issue.provinces[0]
        if pid not in topo.provinces:
            return None
        neighbour = sliver_neighbour(topo, pid)
        if neighbour is not None:
            merge = _("merge the sliver into {province}").format(province=neighbour)
            return (merge, "merge_provinces", (neighbour, pid))
        return (_("remove the sliver"), "remove_province", (pid,))
    if code == "duplicate_vertex":
        return (_("drop duplicate vertices"), "drop_duplicate_vertices", ())
    if code == "t_junction" and issue.vertex in topo.vertices and issue.edge is not None:
        a, b = issue.edge
        if a in topo.vertices and b in topo.vertices and topo.faces_with_edge(a, b):
            return (_("share the vertex"), "snap_vertex_to_edge", (issue.vertex, a, b))
        return None
    if code in ("near_miss", "near_miss_sea", "overlap", "sea_overlap"):
        if code in ("overlap", "sea_overlap") and not _is_sliver(issue, topo):
            return None
        tolerance = near_miss_tolerance(topo)
        if not _has_near_misses(topo, tolerance):
            return None  # outlines crossed by a drag: nothing within reach to snap
        return (_("snap near misses"), "fix_near_misses", (tolerance,))
    if code == "invalid_ring" and has_duplicate_vertices(topo):
        return (_("drop duplicate vertices"), "drop_duplicate_vertices", ())
    if code == "no_territory" and issue.provinces and issue.provinces[0] in topo.provinces:
        tid = neighbour_territory(topo, issue.provinces[0])
        if tid is not None:
            name = territory_words(topo.territory(tid).name)
            return (
                _("put it in {territory}").format(territory=name),
                "assign",
                (issue.provinces[0], tid),
            )
        return None
    if code == "label_outside" and issue.provinces:
        pid = issue.provinces[0]
        if pid in topo.provinces:
            pt = topo.polygon((PROVINCE, pid, 0)).representative_point()
            label = [round(pt.x, 2), round(pt.y, 2)]
            return (_("move label inside"), "update_province", (pid, None, {"label": label}))
    return None


# topo -> (revision, tolerance, has near misses): the panel asks once per issue listed
_NEAR_MISSES: weakref.WeakKeyDictionary[TopoMap, tuple[int, float, bool]] = (
    weakref.WeakKeyDictionary()
)


def _has_near_misses(topo: TopoMap, tolerance: float) -> bool:
    known = _NEAR_MISSES.get(topo)
    if known is not None and known[:2] == (topo.revision, tolerance):
        return known[2]
    found = topo.has_near_misses(tolerance)
    _NEAR_MISSES[topo] = (topo.revision, tolerance, found)
    return found


def describe_edit(edit: Edit) -> str:
    """What an edit changed, in words ("moved 2 vertices, changed province 'A'"), or ""."""
    parts: list[str] = []
    vertices = edit.vertices.values()
    moved = sum(1 for b, a in vertices if b is not None and a is not None)
    added = sum(1 for b, _a in vertices if b is None)
    removed = sum(1 for _b, a in vertices if a is None)
    for count, words in (
        (moved, ngettext("moved {n} vertex", "moved {n} vertices", moved)),
        (added, ngettext("added {n} vertex", "added {n} vertices", added)),
        (removed, ngettext("removed {n} vertex", "removed {n} vertices", removed)),
    ):
        if count:
            parts.append(words.format(n=count))
    for kind, changes in (("province", edit.provinces), ("sea", edit.seas)):
        for verb, ids in (
            ("changed", [k for k, (b, a) in changes.items() if b is not None and a is not None]),
            ("added", [k for k, (b, _a) in changes.items() if b is None]),
            ("removed", [k for k, (_b, a) in changes.items() if a is None]),
        ):
            if ids:
                names = ", ".join(f"'{i}'" for i in sorted(ids))
                parts.append(_change_words(verb, kind, len(ids)).format(names=names))
    if edit.territories is not None:
        before, after = ({t.id: t for t in side} for side in edit.territories)
        changed = sorted(t for t in before.keys() | after.keys() if before.get(t) != after.get(t))
        names = ", ".join(f"'{t}'" for t in changed)
        words = ngettext("changed territory {names}", "changed territories {names}", len(changed))
        parts.append(words.format(names=names))
    if edit.meta is not None:
        parts.append(_("changed the map's settings"))
    return ", ".join(parts)


def _change_words(verb: str, kind: str, n: int) -> str:
    """ "changed province {names}" and the like, for `n` provinces or seas, translated."""
    words = {
        ("changed", "province"): ngettext(
            "changed province {names}", "changed provinces {names}", n
        ),
        ("added", "province"): ngettext("added province {names}", "added provinces {names}", n),
        ("removed", "province"): ngettext(
            "removed province {names}", "removed provinces {names}", n
        ),
        ("changed", "sea"): ngettext("changed sea {names}", "changed seas {names}", n),
        ("added", "sea"): ngettext("added sea {names}", "added seas {names}", n),
        ("removed", "sea"): ngettext("removed sea {names}", "removed seas {names}", n),
    }
    return words[(verb, kind)]


def neighbour_territory(topo: TopoMap, pid: str) -> str | None:
    """The territory the province shares the longest border with (None: no such neighbour)."""
    lengths: dict[str, float] = {}
    outline = topo.polygon((PROVINCE, pid, 0)).boundary
    # neighbours share at least a corner (also across a T-junction not yet fixed)
    others = {ref for v in topo.provinces[pid].face.outer for ref in topo.faces_using(v)}
    for kind, other, _part in others:
        tid = topo.territory_of(other) if kind == PROVINCE and other != pid else None
        if tid is not None:
            length = outline.intersection(topo.polygon((PROVINCE, other, 0)).boundary).length
            lengths[tid] = lengths.get(tid, 0.0) + length
    best = max(lengths, key=lambda t: lengths[t]) if lengths else None
    return best if best is not None and lengths[best] > 0 else None


def issue_point(issue: Any, topo: TopoMap) -> Point | None:
    """Where to mark an issue on the map.

    maps.validate points at a province without a label by its first corner; a marker there
    reads as "this corner is wrong", so a one-province issue at that corner is marked at
    the province's label point instead.
    """
    loc = getattr(issue, "location", None)
    provinces = getattr(issue, "provinces", ())
    if loc is None or len(provinces) != 1 or provinces[0] not in topo.provinces:
        return None if loc is None else (float(loc[0]), float(loc[1]))
    first = topo.vertices[topo.provinces[provinces[0]].face.outer[0]]
    if math.dist(first, (float(loc[0]), float(loc[1]))) <= 1e-6 * topo.scale():
        return topo.label_point(provinces[0])
    return (float(loc[0]), float(loc[1]))


def _is_sliver(issue: Any, topo: TopoMap) -> bool:
    """An overlap thin enough to be a near miss: its area is below tolerance x its extent."""
    value = issue.words.value("area") if hasattr(issue.words, "value") else None
    if value is None:
        return False
    area = float(value)
    tol = near_miss_tolerance(topo)
    return area <= tol * topo.scale() * 0.5
