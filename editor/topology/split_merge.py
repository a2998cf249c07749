"""Splitting a province or a sea part along a cut, and merging provinces or sea parts that
share a border.

A cut's crossings with the outline become vertices shared with the neighbours across those
edges; a merge drops the common border's vertices that no polygon uses any more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.ops import substring

from app import i18n
from editor.topology.geometry import Point, Ring, distance, project, ring_crossings, signed_area
from editor.topology.model import (
    PROVINCE,
    SEA,
    Edit,
    Face,
    FaceRef,
    Province,
    TopologyError,
    TopoModel,
    Txn,
    drop_unused,
    face_name,
    insert_on_edge,
)


def split_province(
    m: TopoModel,
    pid: str,
    cut: Sequence[Point],
    snap_radius: float = 0.0,
    new_id: str | None = None,
) -> Edit:
    """Split a province in two along a cut polyline crossing its outline exactly twice.

    The cut may start and end beyond the outline; it is trimmed at the crossings. A crossing
    on an edge becomes a vertex shared with the neighbour across that edge. The part holding
    the label (else the larger part) keeps the id and all attributes; the other part gets
    `new_id` (default "<id>_2"), the same territory and the attributes except label and
    capital. `edit.result` is (kept id, new id).
    """
    return _split(m, PROVINCE, pid, 0, cut, snap_radius, new_id)


def split_sea(
    m: TopoModel, sid: str, part: int, cut: Sequence[Point], snap_radius: float = 0.0
) -> Edit:
    """Split one part of a sea in two parts of the same sea along a cut polyline."""
    return _split(m, SEA, sid, part, cut, snap_radius, None)


def _split(
    m: TopoModel,
    kind: str,
    fid: str,
    part: int,
    cut: Sequence[Point],
    radius: float,
    new_id: str | None,
) -> Edit:
    ref: FaceRef = (kind, fid, part)
    if (kind == PROVINCE and fid not in m.provinces) or (kind == SEA and fid not in m.seas):
        raise TopologyError(i18n._("there is no {kind} {fid}").format(kind=kind, fid=repr(fid)))
    if len(cut) < 2:
        raise TopologyError(i18n._("a cut needs at least two points"))
    face = m.face(ref)
    ring = face.outer
    eps = 1e-9 * m.scale()
    pts = []
    for xy in cut:  # snap cut points to the outline's corners
        best, bd = xy, radius
        for vid in ring:
            d = distance(m.vertices[vid], xy)
            if d <= bd:
                best, bd = m.vertices[vid], d
        pts.append(best)
    hits = ring_crossings(pts, m.ring_coords(ring), eps)
    if len(hits) != 2:
        raise TopologyError(
            f"the cut must cross the outline of {face_name(m, ref)} exactly twice "
            f"(it crosses {len(hits)} times)"
        )
    (t0, p0, e0), (t1, p1, e1) = hits
    mid_pts = [pts[k] for k in range(len(pts)) if t0 + eps < k < t1 - eps]
    line = LineString([p0, *mid_pts, p1])
    # the ends lie on the outline up to rounding, so test the line minus its very ends
    trim = min(1e-6 * m.scale(), line.length / 4)
    if line.length <= 2 * eps or not m.polygon(ref).contains(
        substring(line, trim, line.length - trim)
    ):
        raise TopologyError(
            i18n._("the cut leaves {face} or runs along its edge").format(face=face_name(m, ref))
        )
    with Txn(m, f"split {kind}") as txn:
        ends = []
        for p, e in ((p0, e0), (p1, e1)):
            a, b = ring[e], ring[(e + 1) % len(ring)]
            if distance(p, m.vertices[a]) <= eps:
                ends.append(a)
            elif distance(p, m.vertices[b]) <= eps:
                ends.append(b)
            else:
                # the first crossing may have split this edge already: use the piece
                a, b = _piece_of_edge(m, m.face(ref).outer, a, b, p)
                vid = txn.new_vertex(p)
                insert_on_edge(m, txn, a, b, vid)
                ends.append(vid)
        s, e = ends
        if s == e:
            raise TopologyError(i18n._("the cut starts and ends at the same corner"))
        mids = [txn.new_vertex(p) for p in mid_pts]
        outer = m.face(ref).outer
        n = len(outer)
        i, j = outer.index(s), outer.index(e)
        if not mids and (abs(i - j) == 1 or abs(i - j) == n - 1):
            raise TopologyError(i18n._("the cut runs along an existing edge"))
        path_ij = [outer[(i + k) % n] for k in range((j - i) % n + 1)]
        path_ji = [outer[(j + k) % n] for k in range((i - j) % n + 1)]
        ring1 = tuple(path_ij + mids[::-1])
        ring2 = tuple(path_ji + mids)
        faces = _with_holes(m, ring1, ring2, m.face(ref).holes)
        if kind == SEA:
            sea = m.seas[fid]
            parts = list(sea.parts)
            parts[part] = faces[0]
            parts.insert(part + 1, faces[1])
            txn.set_sea(fid, replace(sea, parts=tuple(parts)))
            return txn.commit((fid, fid))
        prov = m.provinces[fid]
        label = prov.attrs.get("label")
        polys = [Polygon(m.ring_coords(f.outer)) for f in faces]
        if label is not None and len(label) == 2:
            keep = 0 if polys[0].covers(ShapelyPoint(label)) else 1
        else:
            keep = 0 if polys[0].area >= polys[1].area else 1
        other_id = new_id or m.unique_id(f"{fid}_2")
        if other_id in m.provinces or other_id in m.seas:
            raise TopologyError(
                i18n._("the id {other_id} is already used").format(other_id=repr(other_id))
            )
        other_attrs = {k: v for k, v in prov.attrs.items() if k not in ("label", "capital")}
        order = list(m.provinces)
        txn.set_province(fid, replace(prov, face=faces[keep]))
        txn.set_province(
            other_id, Province(other_id, f"{prov.name} 2", faces[1 - keep], other_attrs)
        )
        order.insert(order.index(fid) + 1, other_id)
        m.provinces = {k: m.provinces[k] for k in order}
        tid = m.territory_of(fid)
        if tid is not None:
            txn.set_territories(
                replace(t, provinces=_insert_after(t.provinces, fid, other_id))
                if t.id == tid
                else t
                for t in m.territories
            )
        return txn.commit((fid, other_id))


def _piece_of_edge(m: TopoModel, ring: Ring, a: int, b: int, p: Point) -> tuple[int, int]:
    """The piece of the original edge a-b (maybe split since) of `ring` nearest to `p`."""
    n = len(ring)
    i, j = ring.index(a), ring.index(b)
    forward = [ring[(i + k) % n] for k in range((j - i) % n + 1)]
    backward = [ring[(i - k) % n] for k in range((i - j) % n + 1)]
    chain = min(forward, backward, key=len)  # the pieces lie on the short way from a to b
    pieces = list(zip(chain, chain[1:], strict=False))
    return min(pieces, key=lambda e: project(p, m.vertices[e[0]], m.vertices[e[1]])[1])


def _with_holes(m: TopoModel, ring1: Ring, ring2: Ring, holes: Sequence[Ring]) -> tuple[Face, Face]:
    p1 = Polygon(m.ring_coords(ring1))
    h1, h2 = [], []
    for h in holes:
        rep = Polygon(m.ring_coords(h)).representative_point()
        (h1 if p1.covers(rep) else h2).append(h)
    return Face(ring1, tuple(h1)), Face(ring2, tuple(h2))


def merge_provinces(m: TopoModel, keep: str, other: str) -> Edit:
    """Merge province `other` into `keep`; they must share at least one edge.

    Vertices of the common border that no polygon uses any more disappear. `keep` keeps
    its id and attributes; `other` leaves its territory.
    """
    for pid in (keep, other):
        if pid not in m.provinces:
            raise TopologyError(i18n._("there is no province {pid}").format(pid=repr(pid)))
    if keep == other:
        raise TopologyError(i18n._("a province cannot be merged with itself"))
    a, b = m.provinces[keep], m.provinces[other]
    what = i18n._("{a} and {b}").format(a=a.name, b=b.name)
    face = _merged_face(m, a.face, b.face, what)
    with Txn(m, "merge provinces") as txn:
        txn.set_province(keep, replace(a, face=face))
        txn.set_province(other, None)
        if m.territory_of(other) is not None:
            txn.set_territories(
                replace(t, provinces=tuple(p for p in t.provinces if p != other))
                for t in m.territories
            )
        drop_unused(m, txn, set(b.face.outer) | set(a.face.outer))
        return txn.commit(keep)


def merge_sea_parts(m: TopoModel, sid: str, part: int, other_sid: str, other_part: int) -> Edit:
    """Merge two adjacent sea parts (of one sea or two; the second sea loses the part)."""
    first, second = m.seas[sid].parts[part], m.seas[other_sid].parts[other_part]
    if (sid, part) == (other_sid, other_part):
        raise TopologyError(i18n._("a sea part cannot be merged with itself"))
    face = _merged_face(m, first, second, i18n._("the two sea parts"))
    with Txn(m, "merge seas") as txn:
        sea = m.seas[sid]
        parts = list(sea.parts)
        parts[part] = face
        if other_sid == sid:
            del parts[other_part]
            txn.set_sea(sid, replace(sea, parts=tuple(parts)))
        else:
            txn.set_sea(sid, replace(sea, parts=tuple(parts)))
            other = m.seas[other_sid]
            rest = tuple(f for k, f in enumerate(other.parts) if k != other_part)
            txn.set_sea(other_sid, replace(other, parts=rest) if rest else None)
        drop_unused(m, txn, set(first.outer) | set(second.outer))
        return txn.commit(sid)


def _merged_face(m: TopoModel, fa: Face, fb: Face, what: str) -> Face:
    ra, rb = fa.outer, fb.outer
    if (signed_area(m.ring_coords(ra)) > 0) != (signed_area(m.ring_coords(rb)) > 0):
        rb = rb[::-1]
    edges_a = [(ra[i], ra[(i + 1) % len(ra)]) for i in range(len(ra))]
    edges_b = [(rb[i], rb[(i + 1) % len(rb)]) for i in range(len(rb))]
    set_a, set_b = set(edges_a), set(edges_b)
    shared = {(u, v) for (u, v) in edges_a if (v, u) in set_b}
    if not shared:
        raise TopologyError(i18n._("{what} do not share a border").format(what=what))
    rest = [(u, v) for (u, v) in edges_a if (u, v) not in shared]
    rest += [(u, v) for (u, v) in edges_b if (v, u) not in set_a]
    rings = _chain(rest)
    if not rings:
        raise TopologyError(i18n._("{what} cover each other").format(what=what))
    rings.sort(key=lambda r: -abs(signed_area(m.ring_coords(r))))
    return Face(rings[0], (*rings[1:], *fa.holes, *fb.holes))


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
                raise TopologyError(i18n._("the merged outline is not closed"))
            cur = nxt[cur].pop()
            guard -= 1
        if len(ring) >= 3:
            rings.append(tuple(ring))
    return rings
