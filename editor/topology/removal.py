"""Deleting provinces and sea parts.

Coastal land gives the sea its area back (the overlay's union), so deleting a province
never leaves a hole in the water; vertices nobody uses any more disappear.
"""

from __future__ import annotations

from dataclasses import replace

from app import i18n
from editor.topology.geometry import distance, project, ring_edges
from editor.topology.model import (
    PROVINCE,
    SEA,
    Edit,
    Face,
    FaceRef,
    TopologyError,
    TopoModel,
    Txn,
    drop_unused,
)
from editor.topology.overlay import overlay_eps, union


def remove_province(m: TopoModel, pid: str) -> Edit:
    """Delete a province (its territory forgets it; vertices nobody uses disappear).

    Coastal land gives the sea its area back: the sea polygon with the longest shared
    coast (along the province's outline; a lake in one of its holes only when there is
    no such coast) takes in the province's area, so its new coast runs along the
    remaining neighbours' borders through their vertices. An island's sea closes over
    it. Land with no sea beside it leaves empty map.
    """
    if pid not in m.provinces:
        raise TopologyError(i18n._("there is no province {pid}").format(pid=repr(pid)))
    with Txn(m, "remove province") as txn:
        face = m.provinces[pid].face
        absorbed = _sea_taking_back(m, face)
        if absorbed is not None:
            txn.set_face(*absorbed)
        txn.set_province(pid, None)
        if m.territory_of(pid) is not None:
            txn.set_territories(
                replace(t, provinces=tuple(p for p in t.provinces if p != pid))
                for t in m.territories
            )
        drop_unused(m, txn, {v for r in face.rings() for v in r})
        if absorbed is not None:
            _drop_straight_vertices(m, txn, absorbed[0], {v for r in face.rings() for v in r})
        return txn.commit(pid)


def _drop_straight_vertices(m: TopoModel, txn: Txn, ref: FaceRef, candidates: set[int]) -> None:
    """Remove the candidate vertices only `ref` uses where its ring runs straight on
    (the old coast's ends on a sea's edge, once the sea took the land back)."""
    eps = overlay_eps(m)
    v = m.vertices
    face = m.face(ref)
    drop: set[int] = set()
    for r in face.rings():
        straight = set()
        for i, vid in enumerate(r):
            if vid not in candidates or m.faces_using(vid) != {ref}:
                continue
            a, b = v[r[i - 1]], v[r[(i + 1) % len(r)]]
            q, dist = project(v[vid], a, b)
            if dist <= eps and min(distance(q, a), distance(q, b)) > eps:
                straight.add(vid)
        if len(r) - len(straight) >= 3:
            drop |= straight
    if drop:
        txn.set_face(ref, face.map_rings(lambda r: tuple(i for i in r if i not in drop)))
        for vid in drop:
            txn.set_vertex(vid, None)


def _sea_taking_back(m: TopoModel, face: Face) -> tuple[FaceRef, Face] | None:
    """The sea polygon that takes in a deleted province's area, and its new face.

    None when no sea polygon shares an edge with the province, or when their union
    is not one clean polygon (then the land just goes, leaving empty map).
    """
    outer = {frozenset(e) for e in ring_edges(face.outer)}
    inner = {frozenset(e) for h in face.holes for e in ring_edges(h)}
    best: tuple[bool, float, FaceRef] | None = None
    for ref, sea_face in m.faces():
        if ref[0] != SEA:
            continue
        on_outer, length = False, 0.0
        for r in sea_face.rings():
            for u, w in ring_edges(r):
                edge = frozenset((u, w))
                if edge in outer or edge in inner:
                    on_outer = on_outer or edge in outer
                    length += distance(m.vertices[u], m.vertices[w])
        if length > 0 and (best is None or (on_outer, length) > best[:2]):
            best = (on_outer, length, ref)
    if best is None:
        return None
    ref = best[2]
    try:
        joined = union(m, m.face(ref), face)
    except TopologyError:
        return None
    return (ref, joined) if joined is not None else None


def remove_sea_part(m: TopoModel, sid: str, part: int) -> Edit:
    """Delete one polygon of a sea (the sea itself when it was its last)."""
    if sid not in m.seas:
        raise TopologyError(i18n._("there is no sea {sid}").format(sid=repr(sid)))
    with Txn(m, "remove sea") as txn:
        sea = m.seas[sid]
        face = sea.parts[part]
        rest = tuple(f for k, f in enumerate(sea.parts) if k != part)
        txn.set_sea(sid, replace(sea, parts=rest) if rest else None)
        drop_unused(m, txn, {v for r in face.rings() for v in r})
        return txn.commit(sid)


def remove_face(m: TopoModel, ref: FaceRef) -> Edit:
    """Delete a province or a sea part."""
    kind, fid, k = ref
    return remove_province(m, fid) if kind == PROVINCE else remove_sea_part(m, fid, k)
