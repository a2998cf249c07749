"""Drawing outlines: a new province, a new sea (or more parts of one), and holes, bays and
lakes cut out of what is under the outline.

Every drawn point snaps to a vertex or an edge within the snap radius
(`editor.topology.snapping`), so a new polygon shares its neighbours' borders exactly;
the outline is then noded against the polygons under it and clipped with the overlay
(`editor.topology.overlay`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from shapely.geometry import Polygon

from app import i18n
from editor.topology.attributes import assign_in
from editor.topology.geometry import Point, Ring, distance, project
from editor.topology.model import (
    PROVINCE,
    SEA,
    Edit,
    Face,
    Province,
    Sea,
    TopologyError,
    TopoModel,
    Txn,
    drop_unused,
    face_name,
    insert_on_edge,
)
from editor.topology.overlay import (
    cut_faces,
    faces_under,
    node,
    oriented,
    overlay,
    overlay_eps,
)
from editor.topology.snapping import boundary_path, snap


def add_province(
    m: TopoModel,
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
    pid = province_id or m.next_province_id()
    if pid in m.provinces or pid in m.seas:
        raise TopologyError(i18n._("the id {pid} is already used").format(pid=repr(pid)))
    with Txn(m, "add province") as txn:
        ring = _drawn_ring(m, txn, points, snap_radius)
        overlapped, touching = faces_under(m, ring)
        land = [ref for ref in overlapped if ref[0] == PROVINCE]
        if land and not clip:
            raise TopologyError(
                f"the new province overlaps {face_name(m, land[0])}; draw it beside "
                "(corners snap to the neighbour's outline)"
            )
        ring = node(m, txn, ring, [*overlapped, *touching])
        pieces = [oriented(m, Face(ring))]
        for ref in land:
            face = m.face(ref)
            pieces = [q for p in pieces for q in overlay(m, p, face, "minus")]
        if len(pieces) != 1:
            raise TopologyError(
                "the new province lies entirely on other provinces"
                if not pieces
                else f"the free area under the outline is in {len(pieces)} pieces; draw one of them"
            )
        face = pieces[0] if land else Face(ring)
        seas = [ref for ref in overlapped if ref[0] == SEA]
        old = cut_faces(m, txn, seas, face)
        txn.set_province(pid, Province(pid, name or pid, face, dict(attrs or {})))
        if territory is not None:
            assign_in(m, txn, pid, territory)
        drop_unused(m, txn, old | set(ring))
        _drop_straight_new_vertices(m, txn)
        return txn.commit(pid)


def add_sea(
    m: TopoModel,
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
    sid = sea_id or m.unique_id("sea")
    if sid in m.provinces:
        raise TopologyError(i18n._("the id {sid} is a province").format(sid=repr(sid)))
    with Txn(m, "add sea") as txn:
        ring = _drawn_ring(m, txn, points, snap_radius)
        overlapped, touching = faces_under(m, ring)
        ring = node(m, txn, ring, [*overlapped, *touching])
        pieces = [oriented(m, Face(ring))]
        for ref in overlapped:
            pieces = [q for p in pieces for q in overlay(m, p, m.face(ref), "minus")]
        if not pieces:
            raise TopologyError(i18n._("the new sea lies entirely on provinces and seas already"))
        _add_sea_parts(m, txn, sid, name, pieces)
        drop_unused(m, txn, ring)
        _drop_straight_new_vertices(m, txn)
        return txn.commit(sid)


def cut_hole(
    m: TopoModel, points: Sequence[Point], snap_radius: float = 0.0, lake: str | None = None
) -> Edit:
    """Cut the drawn outline out of the provinces and sea polygons under it.

    Drawn inside one province it makes a hole (a lake); across an outline it cuts a bay.
    A province may not vanish or fall in two (delete or split it instead). With `lake`
    (a sea id, new or existing) the land cut out becomes that sea's water (one polygon
    over several provinces), so the provinces get a coast; seas under it are left alone.
    `edit.result` is the list of faces cut, as (kind, id).
    """
    if lake is not None and lake in m.provinces:
        raise TopologyError(i18n._("the id {lake} is a province").format(lake=repr(lake)))
    with Txn(m, "cut hole" if lake is None else "draw lake") as txn:
        ring = _drawn_ring(m, txn, points, snap_radius)
        overlapped, touching = faces_under(m, ring)
        if not overlapped:
            raise TopologyError(i18n._("draw the hole inside a province or a sea"))
        ring = node(m, txn, ring, [*overlapped, *touching])
        tool = oriented(m, Face(ring))
        cut = overlapped
        if lake is not None:  # land under the outline becomes water; seas stay as they are
            cut = [ref for ref in overlapped if ref[0] == PROVINCE]
            if not cut:
                raise TopologyError(i18n._("draw the lake over land"))
        old = cut_faces(m, txn, cut, tool)
        if lake is not None:
            water = [tool]
            for ref in overlapped:
                if ref[0] == SEA:
                    face = m.face(ref)
                    water = [q for p in water for q in overlay(m, p, face, "minus")]
            _add_sea_parts(m, txn, lake, "Lake", water)
        drop_unused(m, txn, old | set(ring))
        _drop_straight_new_vertices(m, txn)
        return txn.commit(sorted({ref[:2] for ref in cut}))


def _drop_straight_new_vertices(m: TopoModel, txn: Txn) -> None:
    """Remove vertices this edit created that every ring using them passes straight through.

    Noding puts a vertex wherever the drawn outline crossed an edge; where the result
    does not turn there (the outline was clipped away) the vertex is clutter.
    """
    eps = overlay_eps(m)
    v = m.vertices
    for vid in [k for k, before in txn.vertices.items() if before is None]:
        if vid not in v:
            continue
        refs = m.faces_using(vid)
        straight = bool(refs)
        for ref in refs:
            for r in m.face(ref).rings():
                if vid in r:
                    i = r.index(vid)
                    a, b = v[r[i - 1]], v[r[(i + 1) % len(r)]]
                    q, dist = project(v[vid], a, b)
                    if len(r) <= 3 or dist > eps or min(distance(q, a), distance(q, b)) <= eps:
                        straight = False
        if straight:
            for ref in refs:
                txn.set_face(
                    ref,
                    m.face(ref).map_rings(lambda r, vid=vid: tuple(i for i in r if i != vid)),
                )
            txn.set_vertex(vid, None)


def _add_sea_parts(m: TopoModel, txn: Txn, sid: str, name: str | None, faces: list[Face]) -> None:
    if sid in m.seas:
        sea = m.seas[sid]
        txn.set_sea(sid, replace(sea, parts=(*sea.parts, *faces)))
    else:
        txn.set_sea(sid, Sea(sid, name or sid, tuple(faces), {}))


def _drawn_ring(m: TopoModel, txn: Txn, points: Sequence[Point], radius: float) -> Ring:
    ids: list[int] = []
    for xy in points:
        s = snap(m, xy, radius)
        if s.kind == "vertex":
            vid = s.vertex
        elif s.kind == "edge":
            vid = txn.new_vertex(s.point)
            insert_on_edge(m, txn, s.edge[0], s.edge[1], vid)  # type: ignore[index]
        else:
            vid = txn.new_vertex(xy)
        assert vid is not None
        if not ids or ids[-1] != vid:
            ids.append(vid)
    if len(ids) > 1 and ids[0] == ids[-1]:
        ids.pop()
    if len(set(ids)) < 3:
        raise TopologyError(i18n._("a polygon needs at least three distinct corners"))
    if len(set(ids)) != len(ids):
        raise TopologyError(i18n._("the outline passes the same corner twice"))
    out: list[int] = []
    n = len(ids)
    for i in range(n):
        u, v = ids[i], ids[(i + 1) % n]
        out.append(u)
        out.extend(boundary_path(m, u, v, max(radius, 1e-9 * m.scale())))
    ring = tuple(out)
    poly = Polygon(m.ring_coords(ring))
    if not poly.is_valid or poly.area <= 0:
        raise TopologyError(i18n._("the outline crosses itself"))
    return ring
