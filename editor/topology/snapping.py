"""Snapping: where a pointer position lands on the map (a vertex, a point on an edge, or
free), and how a drawn outline between two snapped points follows the border already there.

The view asks `snap` on every pointer move while drawing or dragging; the drawing
operations (`editor.topology.drawing`) snap every drawn point the same way, so what the
user sees highlighted is what the new outline shares.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from editor.topology.geometry import Point, clean_point, project
from editor.topology.model import FaceRef, Snap, TopoModel, face_edges


def snap(
    m: TopoModel,
    xy: Point,
    radius: float,
    exclude: Iterable[int] = (),
    faces: Iterable[FaceRef] | None = None,
) -> Snap:
    """Where `xy` snaps: the nearest vertex within `radius`, else the nearest edge point."""
    excluded = set(exclude)
    x, y = xy
    best_v, best_d = None, radius
    for vid, (vx, vy) in m.vertices.items():
        if vid in excluded:
            continue
        d = math.hypot(vx - x, vy - y)
        if d <= best_d:
            best_v, best_d = vid, d
    if best_v is not None:
        return Snap("vertex", m.vertices[best_v], vertex=best_v)
    if faces is None:
        edges: Iterable[tuple[int, int]] = m.edges()
    else:
        edges = {e for ref in faces for e in face_edges(m.face(ref))}
    best_e, best_p, best_d = None, xy, radius
    for a, b in edges:
        if a in excluded or b in excluded:
            continue
        p, d = project(xy, m.vertices[a], m.vertices[b])
        if d <= best_d:
            best_e, best_p, best_d = (a, b), p, d
    if best_e is not None:
        return Snap("edge", clean_point(best_p), edge=best_e)
    return Snap("free", xy)


def can_join_edge(m: TopoModel, vid: int, a: int, b: int) -> bool:
    """True when vertex `vid` may become a vertex of edge a-b (not its own polygon's)."""
    return vid not in (a, b) and not (m.faces_using(vid) & m.faces_with_edge(a, b))


def boundary_path(m: TopoModel, u: int, v: int, tolerance: float) -> list[int]:
    """Vertices strictly between u and v along an existing ring lying on segment u-v."""
    pu, pv = m.vertices[u], m.vertices[v]
    best: list[int] | None = None
    for ref in m.faces_using(u) & m.faces_using(v):
        for r in m.face(ref).rings():
            if u not in r or v not in r:
                continue
            n = len(r)
            i, j = r.index(u), r.index(v)
            forward = [r[(i + k) % n] for k in range(1, (j - i) % n)]
            backward = [r[(i - k) % n] for k in range(1, (i - j) % n)]
            for path in (forward, backward):
                if not path:
                    return []  # already joined by an edge
                if all(project(m.vertices[w], pu, pv)[1] <= tolerance for w in path):
                    if best is None or len(path) < len(best):
                        best = path
    return best or []
