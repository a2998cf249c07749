"""The overlay of vertex rings: noding a drawn outline against the polygons under it, and
boolean operations (minus, and, union) on faces that meet only at shared vertices.

Drawing over other polygons first "nodes" the drawn outline and the polygons under it
(crossings become shared vertices, a corner lying on an edge joins that edge); then whole
edges are kept or dropped and chained into rings (`walk`). That is how new land takes its
area out of a sea, a sea or clipped land keeps only the free area, holes and lakes are
cut, and a deleted province's sea takes its area back, always sharing the new edges
vertex for vertex.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from app import i18n
from editor.topology.geometry import (
    Point,
    Ring,
    distance,
    project,
    proper_crossing,
    ring_edges,
    same_ring,
    signed_area,
    split_pinches,
)
from editor.topology.model import (
    PROVINCE,
    SEA,
    Face,
    FaceRef,
    TopologyError,
    TopoModel,
    Txn,
    face_edges,
    face_name,
    insert_on_edge,
)


def overlay_eps(m: TopoModel) -> float:
    """How close a point must be to an edge to lie on it (coordinates keep 6 decimals)."""
    return max(1e-7 * m.scale(), 2e-6)


def faces_under(m: TopoModel, ring: Ring) -> tuple[list[FaceRef], list[FaceRef]]:
    """The faces a new outline overlaps (by area), and those it only touches."""
    poly = Polygon(m.ring_coords(ring))
    limit = 1e-6 * poly.area
    eps = overlay_eps(m)
    x0, y0, x1, y1 = poly.bounds
    overlapped, touching = [], []
    for ref, _ in m.faces():
        other = m.polygon(ref)
        bx0, by0, bx1, by1 = other.bounds
        if bx0 > x1 + eps or bx1 < x0 - eps or by0 > y1 + eps or by1 < y0 - eps:
            continue
        if other.intersection(poly).area > limit:
            overlapped.append(ref)
        elif other.distance(poly) <= eps:
            touching.append(ref)
    return overlapped, touching


def node(m: TopoModel, txn: Txn, ring: Ring, refs: Sequence[FaceRef]) -> Ring:
    """Make `ring` and the faces `refs` meet only at shared vertices.

    Where an edge of the ring crosses an edge of a face, a new vertex goes into both (and
    into every other face with that edge); a vertex of either lying on an edge of the
    other becomes a vertex of that edge too. Returns the ring with the new vertices.
    """
    tool = list(ring)
    eps = overlay_eps(m)
    for _ in range(10_000):
        if not _node_step(m, txn, tool, refs, eps):
            return tuple(tool)
    raise TopologyError(i18n._("the outline could not be joined to the polygons under it"))


def _node_step(
    m: TopoModel, txn: Txn, tool: list[int], refs: Sequence[FaceRef], eps: float
) -> bool:
    v = m.vertices
    xs = [v[i][0] for i in tool]
    ys = [v[i][1] for i in tool]
    x0, x1, y0, y1 = min(xs) - eps, max(xs) + eps, min(ys) - eps, max(ys) + eps
    # face edges near the ring, each with its box grown by eps
    boxes = []
    for a, b in {e for ref in refs for e in face_edges(m.face(ref))}:
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
                q, dist = project(v[w], pc, pd)
                if dist <= eps and distance(q, pc) > eps and distance(q, pd) > eps:
                    tool.insert(i + 1, w)
                    return True
    for w in tool:  # a corner of the ring on a face's edge
        px, py = v[w]
        for a, b, bx0, bx1, by0, by1 in boxes:
            if w in (a, b) or not (bx0 <= px <= bx1 and by0 <= py <= by1):
                continue
            q, dist = project(v[w], v[a], v[b])
            if dist <= eps and distance(q, v[a]) > eps and distance(q, v[b]) > eps:
                if m.faces_using(w) & m.faces_with_edge(a, b):
                    raise TopologyError(i18n._("a polygon under the outline touches itself"))
                insert_on_edge(m, txn, a, b, w)
                return True
    for i, c, d, ex0, ex1, ey0, ey1 in edges:  # edges crossing
        for a, b, bx0, bx1, by0, by1 in boxes:
            if bx1 < ex0 or bx0 > ex1 or by1 < ey0 or by0 > ey1 or {a, b} & {c, d}:
                continue
            hit = proper_crossing(v[c], v[d], v[a], v[b], eps)
            if hit is not None:
                vid = txn.new_vertex(hit)
                insert_on_edge(m, txn, a, b, vid)
                tool.insert(i + 1, vid)
                return True
    return False


def oriented(m: TopoModel, face: Face) -> Face:
    """The face with its outer ring counter-clockwise and its holes clockwise (math axes)."""

    def orient(r: Ring, positive: bool) -> Ring:
        return r if (signed_area(m.ring_coords(r)) > 0) == positive else r[::-1]

    return Face(orient(face.outer, True), tuple(orient(h, False) for h in face.holes))


def overlay(m: TopoModel, a: Face, b: Face, op: str) -> list[Face]:
    """`a` minus `b` (op "minus") or `a` and `b` (op "and") of two noded faces.

    Both faces meet only at shared vertices (see `_node`), so every edge of one lies
    wholly inside, outside or on the other: the result's outline is made of the edges
    the operation keeps, chained into rings through the same vertex ids.
    """
    originals = {frozenset(r): r for r in a.rings()}
    a, b = oriented(m, a), oriented(m, b)
    pa, pb = shape(m, a), shape(m, b)
    edges_a = [e for r in a.rings() for e in ring_edges(r)]
    edges_b = [e for r in b.rings() for e in ring_edges(r)]
    set_a, set_b = set(edges_a), set(edges_b)
    keep: list[tuple[int, int]] = []
    for u, w in edges_a:
        if (u, w) in set_b:  # both regions on the same side
            if op == "and":
                keep.append((u, w))
        elif (w, u) in set_b:  # the regions on either side
            if op == "minus":
                keep.append((u, w))
        elif pb.contains(ShapelyPoint(_midpoint(m, u, w))) == (op == "and"):
            keep.append((u, w))
    for u, w in edges_b:
        if (u, w) in set_a or (w, u) in set_a:
            continue
        if pa.contains(ShapelyPoint(_midpoint(m, u, w))):
            keep.append((w, u) if op == "minus" else (u, w))
    faces = faces_from_rings(m, walk(m, keep))
    # a ring the operation left whole keeps its original order (the file does not churn)
    return [f.map_rings(lambda r: same_ring(r, originals.get(frozenset(r)))) for f in faces]


def _midpoint(m: TopoModel, u: int, w: int) -> Point:
    (ux, uy), (wx, wy) = m.vertices[u], m.vertices[w]
    return ((ux + wx) / 2, (uy + wy) / 2)


def shape(m: TopoModel, face: Face) -> Polygon:
    """A face as a shapely polygon."""
    return Polygon(m.ring_coords(face.outer), [m.ring_coords(h) for h in face.holes])


def walk(m: TopoModel, edges: list[tuple[int, int]]) -> list[Ring]:
    """Chain directed edges (region on their left) into rings, splitting at pinch points.

    At a vertex with several ways on, the walk takes the first edge clockwise from the
    way back; a ring that still passes a vertex twice is cut there into two rings (a
    hole touching its outline at one corner is a hole, not a pinched outline).
    """
    v = m.vertices
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
                raise TopologyError(i18n._("the new outline is not closed"))
            back = math.atan2(v[u][1] - v[w][1], v[u][0] - v[w][0])

            def turn(x: int, back: float = back, w: int = w) -> float:
                angle = (back - math.atan2(v[x][1] - v[w][1], v[x][0] - v[w][0])) % math.tau
                return angle or math.tau

            u, w = w, min(ways, key=turn)
            if (u, w) == start:
                break
            if len(ring) > len(edges):
                raise TopologyError(i18n._("the new outline is not closed"))
        rings.extend(r for r in split_pinches(tuple(ring)) if len(r) >= 3)
    return rings


def faces_from_rings(m: TopoModel, rings: list[Ring]) -> list[Face]:
    """Faces from counter-clockwise outers and clockwise holes (each hole to its outer)."""
    eps = overlay_eps(m)
    outers, holes = [], []
    for r in rings:
        area = signed_area(m.ring_coords(r))
        if abs(area) <= eps * eps:
            continue
        (outers if area > 0 else holes).append((abs(area), r))
    outers.sort()
    shapes = [Polygon(m.ring_coords(r)) for _, r in outers]
    members: list[list[Ring]] = [[] for _ in outers]
    for _, h in holes:
        inside = Polygon(m.ring_coords(h)).representative_point()
        k = next((k for k, s in enumerate(shapes) if s.contains(inside)), None)
        if k is None:
            raise TopologyError(i18n._("the new outline leaves a hole outside any polygon"))
        members[k].append(h)
    faces = [Face(r, tuple(hs)) for (_, r), hs in zip(outers, members, strict=True)]
    for f in faces:
        if not shape(m, f).is_valid:
            raise TopologyError(i18n._("the result would touch itself; draw the outline apart"))
    return faces[::-1]  # largest first


def cut_faces(m: TopoModel, txn: Txn, refs: Sequence[FaceRef], tool: Face) -> set[int]:
    """Take `tool`'s area out of the faces `refs` (noded against it).

    Returns the vertices those faces used: the caller drops the ones left unused once
    every face is in place.
    """
    old = {w for ref in refs for r in m.face(ref).rings() for w in r}
    for kind, fid in dict.fromkeys(ref[:2] for ref in refs):
        if kind == PROVINCE:
            pieces = overlay(m, m.provinces[fid].face, tool, "minus")
            name = face_name(m, (PROVINCE, fid, 0))
            if not pieces:
                raise TopologyError(
                    i18n._("the cut covers all of {name}; delete it instead").format(name=name)
                )
            if len(pieces) > 1:
                raise TopologyError(
                    i18n._("the cut would leave {name} in pieces; split it instead").format(
                        name=name
                    )
                )
            txn.set_province(fid, replace(m.provinces[fid], face=pieces[0]))
            continue
        sea = m.seas[fid]
        parts: list[Face] = []
        for k, part in enumerate(sea.parts):
            cut = (SEA, fid, k) in refs
            parts.extend(overlay(m, part, tool, "minus") if cut else [part])
        txn.set_sea(fid, replace(sea, parts=tuple(parts)) if parts else None)
    return old


def union(m: TopoModel, a: Face, b: Face) -> Face | None:
    """`a` and `b` as one face, when they share edges and make one polygon.

    The faces meet along shared vertex ids (the map's topology), so the union's outline
    is every directed edge whose reverse the other face does not have.
    """
    originals = {frozenset(r): r for r in (*a.rings(), *b.rings())}
    a, b = oriented(m, a), oriented(m, b)
    edges_a = [e for r in a.rings() for e in ring_edges(r)]
    edges_b = [e for r in b.rings() for e in ring_edges(r)]
    set_a, set_b = set(edges_a), set(edges_b)
    if set_a & set_b:  # overlapping faces: not a topology this can join
        return None
    keep = [(u, w) for u, w in edges_a if (w, u) not in set_b]
    keep += [(u, w) for u, w in edges_b if (w, u) not in set_a]
    if len(keep) == len(edges_a) + len(edges_b):
        return None
    faces = faces_from_rings(m, walk(m, keep))
    if len(faces) != 1:
        return None
    return faces[0].map_rings(lambda r: same_ring(r, originals.get(frozenset(r))))
