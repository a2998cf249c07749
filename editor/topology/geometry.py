"""Plane geometry on points and vertex rings, with no map behind it.

Coordinates are rounded to 6 decimals as the map file keeps them (`num`, `clean_point`);
rings are tuples of vertex ids, closed implicitly (the last vertex joins the first).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]
Ring = tuple[int, ...]

COORD_DECIMALS = 6


def num(v: float) -> float:
    """A coordinate rounded for the file; whole numbers become ints."""
    v = round(float(v), COORD_DECIMALS)
    if v == 0:
        return 0
    return int(v) if v.is_integer() else v


def clean_point(xy: Sequence[float]) -> Point:
    """A point with both coordinates rounded for the file."""
    return (num(xy[0]), num(xy[1]))


def distance(p: Point, q: Point) -> float:
    """The distance between two points."""
    return math.hypot(p[0] - q[0], p[1] - q[1])


def project(p: Point, a: Point, b: Point) -> tuple[Point, float]:
    """The point of segment a-b nearest to p, and its distance."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / ll))
    q = (ax + t * dx, ay + t * dy)
    return q, distance(p, q)


def signed_area(coords: Sequence[Point]) -> float:
    """The area of a closed ring of points, positive when counter-clockwise (math axes)."""
    s = 0.0
    n = len(coords)
    for i in range(n):
        x0, y0 = coords[i]
        x1, y1 = coords[(i + 1) % n]
        s += x0 * y1 - x1 * y0
    return s / 2


def ring_has_edge(r: Ring, a: int, b: int) -> bool:
    """True when a-b (either way) is an edge of ring `r`."""
    n = len(r)
    return any({r[i], r[(i + 1) % n]} == {a, b} for i in range(n))


def ring_insert(r: Ring, a: int, b: int, vid: int) -> Ring:
    """`r` with `vid` inserted into its edge a-b (either way), wherever that edge occurs."""
    n = len(r)
    out: list[int] = []
    for i in range(n):
        out.append(r[i])
        if {r[i], r[(i + 1) % n]} == {a, b} and vid not in (r[i], r[(i + 1) % n]):
            out.append(vid)
    return tuple(out)


def dedupe_ring(r: Ring) -> Ring:
    """`r` without vertices repeating their predecessor (the last one wraps round)."""
    out = [v for i, v in enumerate(r) if v != r[i - 1]] if len(r) > 1 else list(r)
    return tuple(out)


def same_ring(r: Ring, original: Ring | None) -> Ring:
    """`original` when it is `r` up to start and direction, else `r`."""
    if original is None or len(original) != len(r):
        return r
    k = original.index(r[0])
    rotated = original[k:] + original[:k]
    if rotated == r or (rotated[0],) + rotated[1:][::-1] == r:
        return original
    return r


def split_pinches(r: Ring) -> list[Ring]:
    """A ring that passes a vertex twice, cut there into simple rings."""
    seen: dict[int, int] = {}
    for i, x in enumerate(r):
        if x in seen:
            j = seen[x]
            return split_pinches(r[j:i]) + split_pinches(r[:j] + r[i:])
        seen[x] = i
    return [r]


def ring_edges(r: Ring) -> list[tuple[int, int]]:
    """The directed edges of a closed ring."""
    n = len(r)
    return [(r[i], r[(i + 1) % n]) for i in range(n)]


def proper_crossing(p: Point, q: Point, a: Point, b: Point, eps: float) -> Point | None:
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


def ring_crossings(
    pts: Sequence[Point], ring: Sequence[Point], eps: float
) -> list[tuple[float, Point, int]]:
    """Where a polyline meets a closed ring: (polyline position k+t, point, ring edge index)."""
    hits: list[tuple[float, Point, int]] = []
    n = len(ring)
    for k in range(len(pts) - 1):
        p, q = pts[k], pts[k + 1]
        for i in range(n):
            a, b = ring[i], ring[(i + 1) % n]
            hit = segment_hit(p, q, a, b, eps)
            if hit is None:
                continue
            t, pt = hit
            pos = k + t
            if any(abs(h[0] - pos) <= eps or distance(h[1], pt) <= eps for h in hits):
                continue
            hits.append((pos, pt, i))
    hits.sort()
    return hits


def segment_hit(p: Point, q: Point, a: Point, b: Point, eps: float) -> tuple[float, Point] | None:
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
