"""Vertex edits: move, insert, remove and weld vertices, snap a vertex onto an edge, and
the near-miss fixes (weld close vertices, drop duplicates, join vertices lying on a
neighbour's edge).

A vertex belongs to every polygon whose ring names it, so each edit here changes all of
them at once; an edit that would leave a polygon with fewer than three corners, pinch it
or collapse it is refused with a `TopologyError`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from shapely import STRtree, box
from shapely.geometry import Point as ShapelyPoint

from app import i18n
from editor.topology.geometry import Point, clean_point, dedupe_ring, distance, project
from editor.topology.model import (
    Edit,
    Snap,
    TopologyError,
    TopoModel,
    Txn,
    face_name,
    insert_on_edge,
)


def move_vertex(m: TopoModel, vid: int, xy: Point, origin: Point | None = None) -> Edit:
    """Move a vertex (in every polygon using it). `origin`: its position before a drag."""
    if vid not in m.vertices:
        raise TopologyError(i18n._("there is no vertex {vid}").format(vid=vid))
    with Txn(m, "move vertex") as txn:
        if origin is not None:
            txn.vertices[vid] = origin
        txn.set_vertex(vid, clean_point(xy))
        return txn.commit(vid)


def move_vertex_onto(m: TopoModel, vid: int, target: Snap, origin: Point | None = None) -> Edit:
    """End a drag on a snap target: weld onto a vertex, or join an edge, or just move.

    Dropping a vertex on another polygon's vertex welds the two (the polygons then share
    it); dropping it on an edge inserts it into every polygon with that edge. `origin` is
    the position before a live drag, restored by undo.
    """
    if vid not in m.vertices:
        raise TopologyError(i18n._("there is no vertex {vid}").format(vid=vid))
    with Txn(m, "move vertex") as txn:
        if origin is not None:
            txn.vertices[vid] = origin
        if target.kind == "vertex" and target.vertex is not None and target.vertex != vid:
            weld(m, txn, target.vertex, vid)
            return txn.commit(target.vertex)
        txn.set_vertex(vid, clean_point(target.point))
        if target.kind == "edge" and target.edge is not None:
            a, b = target.edge
            if vid in (a, b) or m.faces_using(vid) & m.faces_with_edge(a, b):
                raise TopologyError(
                    i18n._("a vertex cannot be dropped onto an edge of its own polygon")
                )
            insert_on_edge(m, txn, a, b, vid)
        return txn.commit(vid)


def move_vertices(m: TopoModel, moves: Mapping[int, Point], label: str = "move vertices") -> Edit:
    """Move several vertices at once (one undo step)."""
    with Txn(m, label) as txn:
        for vid, xy in moves.items():
            if vid not in m.vertices:
                raise TopologyError(i18n._("there is no vertex {vid}").format(vid=vid))
            txn.set_vertex(vid, clean_point(xy))
        return txn.commit()


def insert_vertex(m: TopoModel, a: int, b: int, xy: Point | None = None) -> Edit:
    """Insert a vertex on edge a-b (default: its midpoint) into every polygon with that edge.

    The new vertex id is `edit.result`.
    """
    if not m.faces_with_edge(a, b):
        raise TopologyError(i18n._("those two vertices are not joined by an edge"))
    if xy is None:
        (ax, ay), (bx, by) = m.vertices[a], m.vertices[b]
        xy = ((ax + bx) / 2, (ay + by) / 2)
    with Txn(m, "insert vertex") as txn:
        vid = txn.new_vertex(xy)
        insert_on_edge(m, txn, a, b, vid)
        return txn.commit(vid)


def remove_vertex(m: TopoModel, vid: int) -> Edit:
    """Remove a vertex from every polygon using it (each must keep three vertices)."""
    if vid not in m.vertices:
        raise TopologyError(i18n._("there is no vertex {vid}").format(vid=vid))
    with Txn(m, "remove vertex") as txn:
        for ref in m.faces_using(vid):
            face = m.face(ref).map_rings(lambda r: tuple(i for i in r if i != vid))
            if any(len(set(r)) < 3 for r in face.rings()):
                raise TopologyError(
                    i18n._("{face} would have fewer than three corners").format(
                        face=face_name(m, ref)
                    )
                )
            txn.set_face(ref, face)
        txn.set_vertex(vid, None)
        return txn.commit(vid)


def weld_vertices(m: TopoModel, keep: int, drop: int) -> Edit:
    """Replace vertex `drop` by `keep` everywhere (the near-miss fix); `drop` disappears."""
    if keep == drop:
        raise TopologyError(i18n._("a vertex cannot be welded to itself"))
    with Txn(m, "weld vertices") as txn:
        weld(m, txn, keep, drop)
        return txn.commit(keep)


def weld(m: TopoModel, txn: Txn, keep: int, drop: int) -> None:
    """Inside an operation: replace vertex `drop` by `keep` everywhere (see `weld_vertices`)."""
    if not can_weld(m, keep, drop):
        raise TopologyError(i18n._("welding these vertices would pinch or collapse a polygon"))
    for ref in m.faces_using(drop):
        face = m.face(ref).map_rings(
            lambda r: dedupe_ring(tuple(keep if i == drop else i for i in r))
        )
        if any(len(r) < 3 for r in face.rings()):
            raise TopologyError(i18n._("{face} would collapse").format(face=face_name(m, ref)))
        txn.set_face(ref, face)
    txn.set_vertex(drop, None)


def snap_vertex_to_edge(m: TopoModel, vid: int, a: int, b: int) -> Edit:
    """Move a vertex onto edge a-b and make it a vertex of every polygon with that edge."""
    if vid in (a, b):
        raise TopologyError(i18n._("a vertex cannot be snapped onto its own edge"))
    if not m.faces_with_edge(a, b):
        raise TopologyError(i18n._("those two vertices are not joined by an edge"))
    if m.faces_using(vid) & m.faces_with_edge(a, b):
        raise TopologyError(i18n._("a vertex cannot be snapped onto an edge of its own polygon"))
    with Txn(m, "snap vertex to edge") as txn:
        p, _ = project(m.vertices[vid], m.vertices[a], m.vertices[b])
        txn.set_vertex(vid, clean_point(p))
        insert_on_edge(m, txn, a, b, vid)
        return txn.commit(vid)


def drop_duplicate_vertices(m: TopoModel, tolerance: float = 0.0) -> Edit:
    """Weld vertices at the same place (within `tolerance`) and remove repeated ring ids."""
    with Txn(m, "drop duplicate vertices") as txn:
        for keep, drop in close_pairs(m, tolerance):
            if can_weld(m, keep, drop):
                weld(m, txn, keep, drop)
        for ref, f in list(m.faces()):
            clean = f.map_rings(dedupe_ring)
            if clean != f:
                if any(len(r) < 3 for r in clean.rings()):
                    raise TopologyError(
                        i18n._("{face} would collapse").format(face=face_name(m, ref))
                    )
                txn.set_face(ref, clean)
        return txn.commit()


def fix_near_misses(m: TopoModel, tolerance: float) -> Edit:
    """Weld vertices closer than `tolerance` and snap vertices lying that close to an edge.

    This closes near-miss gaps and thin slivers between neighbours so they share borders.
    Refused (`TopologyError`) when there is nothing to weld or snap: outlines that cross or
    overlap by more than the tolerance have to be moved apart by hand.
    """
    with Txn(m, "fix near misses") as txn:
        for keep, drop in close_pairs(m, tolerance, between_faces=True):
            if can_weld(m, keep, drop):
                weld(m, txn, keep, drop)
        for (a, b), items in _edge_snaps(m, tolerance).items():
            prev = a
            for _, vid, p in sorted(items):
                txn.set_vertex(vid, clean_point(p))
                insert_on_edge(m, txn, prev, b, vid)
                prev = vid
        edit = txn.commit()
        if edit.is_empty():
            raise TopologyError(
                f"no vertex lies within {tolerance:g} of another polygon's vertex or edge "
                "that it could join; outlines that cross or overlap further apart have to "
                "be moved apart by hand"
            )
        return edit


def has_near_misses(m: TopoModel, tolerance: float) -> bool:
    """True when `fix_near_misses` has something to weld or snap."""
    pairs = close_pairs(m, tolerance, between_faces=True)
    return any(can_weld(m, keep, drop) for keep, drop in pairs) or bool(_edge_snaps(m, tolerance))


def _edge_snaps(
    m: TopoModel, tolerance: float
) -> dict[tuple[int, int], list[tuple[float, int, Point]]]:
    """Vertices within `tolerance` of another polygon's edge (not near its ends), by edge:
    (distance along the edge, vertex, the point on the edge), each vertex on its nearest."""
    ids = list(m.vertices)
    tree = STRtree([ShapelyPoint(m.vertices[v]) for v in ids])
    best: dict[int, tuple[float, tuple[int, int], float, Point]] = {}
    for a, b in m.edges():
        pa, pb = m.vertices[a], m.vertices[b]
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
            p, d = project(m.vertices[vid], pa, pb)
            if d > tolerance or min(distance(p, pa), distance(p, pb)) <= tolerance:
                continue
            if m.faces_using(vid) & m.faces_with_edge(a, b):
                continue  # detail of the same outline, not a near miss
            if vid not in best or d < best[vid][0]:
                best[vid] = (d, (a, b), distance(p, pa), p)
    by_edge: dict[tuple[int, int], list[tuple[float, int, Point]]] = {}
    for vid, (_, edge, t, p) in best.items():
        by_edge.setdefault(edge, []).append((t, vid, p))
    return by_edge


def close_pairs(
    m: TopoModel, tolerance: float, between_faces: bool = False
) -> list[tuple[int, int]]:
    """Pairs (keep, drop) of distinct vertices within `tolerance`, the lower id kept.

    With `between_faces`, only vertices of different polygons pair up: close corners of
    one outline are detail, not a near miss.
    """
    cell = max(tolerance, 1e-12)
    grid: dict[tuple[int, int], list[int]] = {}
    pairs = []
    usage = m.usage()
    for vid in sorted(m.vertices):
        x, y = m.vertices[vid]
        gx, gy = int(math.floor(x / cell)), int(math.floor(y / cell))
        best, best_d = None, tolerance
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for other in grid.get((gx + dx, gy + dy), ()):
                    d = distance(m.vertices[other], (x, y))
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


def can_weld(m: TopoModel, keep: int, drop: int) -> bool:
    """True when welding leaves every polygon a simple ring (no pinch, no collapse)."""
    if keep not in m.vertices or drop not in m.vertices:
        return False
    for ref in m.faces_using(keep) & m.faces_using(drop):
        for r in m.face(ref).rings():
            if keep in r and drop in r:
                n = len(r)
                i, j = r.index(keep), r.index(drop)
                if (i - j) % n not in (1, n - 1) or n <= 3:
                    return False
    return True
