"""The targets of a board layout: each province's centre, each land border in each direction,
each coast; placed greedily around the blocks, centres first, then the borders by length
(the shortest, most cramped first), each sliding along its edge and shrinking until it
collides with nothing placed so far (`app.board.layout` tells the whole story)."""

from __future__ import annotations

import math

import shapely
import shapely.ops
from shapely import Geometry, LineString

from app.board.shapes import (
    ARROW_TIP,
    CENTRE,
    COAST,
    LAND,
    Block,
    Box,
    Obstacles,
    Target,
    inscribed,
)
from maps.geometry import MapGeometry

FRACTIONS = (
    0.5,
    0.42,
    0.58,
    0.34,
    0.66,
    0.26,
    0.74,
    0.18,
    0.82,
    0.1,
    0.9,
)  # along a border, middle first
AWAY = (0.0, 0.6, 1.2)  # how far off its edge a border target may slide, in radii
SHRINK = (1.0, 0.85, 0.72, 0.6, 0.5, 0.4, 0.32, 0.25, 0.18, 0.12)


def place_targets(
    geometry: MapGeometry,
    shapes: dict[str, Geometry],
    boundaries: dict[str, Geometry],
    blocks: dict[str, Block],
    radii: tuple[float, float],
    gap: float,
    u: float,
) -> tuple[dict[str, Target], set[str]]:
    """Every target around the blocks: the centres, then the borders and coasts; and the
    provinces of the places left without one (no room anywhere)."""
    centre_radius, border_radius = radii
    minx, miny, maxx, maxy = geometry.mapfile.extent
    obstacles = Obstacles(u * 6)
    targets: dict[str, Target] = {}
    missing: set[str] = set()
    # centres first: a centre keeps off the edges (room for the border targets) and off
    # every block, its own and a neighbour's that spills over
    for block in blocks.values():
        for box in block.boxes():
            obstacles.add_box(box)
    block_tree = [box for b in blocks.values() for box in b.boxes()]
    for pid, shape in shapes.items():
        if pid not in blocks:
            continue
        near = [box for box in block_tree if shape.intersects(box.polygon())]
        centre = centre_target(pid, shape, near, centre_radius, border_radius, gap)
        if centre is not None:
            targets[pid] = centre
            obstacles.add_disc(centre.x, centre.y, centre.radius)

    # 2. land borders (both directions) and coasts, the shortest first: they have the
    # least room to slide along
    sea = geometry.sea
    if sea is not None:
        shapely.prepare(sea)
        sea_edge = sea.boundary
        shapely.prepare(sea_edge)
    edges: list[tuple[float, str, str, str, object]] = []
    for border_id, border in geometry.land_borders.items():
        a, b = border.provinces
        for target, source in ((b, a), (a, b)):
            edges.append((border.length, f"{border_id} ->{target}", target, source, border))
    for border_id, border in geometry.coastal_borders.items():
        edges.append((border.length, border_id, border.provinces[0], "", border))
    edges.sort(key=lambda e: (e[0], e[1]))
    box = (minx, miny, maxx, maxy)
    for _length, key, target, source, border in edges:
        lines = sorted(
            (LineString(line) for line in border.coords if len(line) >= 2),  # type: ignore[attr-defined]
            key=lambda line: -line.length,
        )
        if source:
            placed = _place_on_edge(
                key,
                LAND,
                target,
                lines,
                shapes.get(source),
                boundaries.get(source),
                None,
                border_radius,
                obstacles,
                gap,
                box,
                into=shapes.get(target),
            )
        else:
            placed = None
            if sea is not None:
                placed = _place_on_edge(
                    key,
                    COAST,
                    target,
                    lines,
                    sea,
                    sea_edge,
                    shapes.get(target),
                    border_radius,
                    obstacles,
                    gap,
                    box,
                    into=shapes.get(target),
                )
            if placed is None:  # no room at sea: the province's side of the coast
                placed = _place_on_edge(
                    key,
                    COAST,
                    target,
                    lines,
                    shapes.get(target),
                    boundaries.get(target),
                    None,
                    border_radius,
                    obstacles,
                    gap,
                    box,
                    into=None,
                    inward=True,
                )
        if placed is None:
            missing.update(p for p in (source, target) if p)
            continue
        targets[key] = placed
        for x, y, r in placed.footprint():
            obstacles.add_disc(x, y, r)
    return targets, missing


def centre_target(
    pid: str,
    shape: Geometry,
    boxes: list[Box],
    radius: float,
    border_radius: float,
    gap: float,
) -> Target | None:
    """The centre target: the largest free circle beside the blocks (up to `radius`),
    kept off the edges by a border target's width where the province is wide enough."""
    taken = shapely.union_all([b.polygon().buffer(gap, join_style="mitre") for b in boxes if b.hw])
    best: tuple[float, float, float] | None = None
    for margin in (2 * border_radius + 2 * gap, border_radius, 0.0):
        area = shape.buffer(-margin) if margin else shape
        free = area.difference(taken) if not taken.is_empty else area
        parts = [g for g in shapely.get_parts(free) if g.geom_type == "Polygon" and not g.is_empty]
        if not parts:
            continue
        circle = max((inscribed(part) for part in parts), key=lambda c: c[2])
        if best is None or circle[2] > best[2]:
            best = circle
        if circle[2] >= radius * 0.8:
            break
    if best is None or best[2] <= 0:
        return None
    x, y, r = best
    return Target(pid, CENTRE, pid, x, y, min(radius, r * 0.96))


def _place_on_edge(
    key: str,
    kind: str,
    target: str,
    lines: list[LineString],
    area: Geometry | None,
    area_edge: Geometry | None,
    avoid: Geometry | None,
    radius: float,
    obstacles: Obstacles,
    gap: float,
    extent: tuple[float, float, float, float],
    into: Geometry | None,
    inward: bool = False,
) -> Target | None:
    """A disc inside `area` along the edge `lines`, keeping clear of `obstacles` and
    `avoid`, its arrow pointing across the edge (into `into`; into `area` when `inward`).
    Slides along the edge, then shrinks; None when nothing fits at all."""
    if area is None or area_edge is None or not lines:
        return None
    minx, miny, maxx, maxy = extent
    # the points along the edge and their normals, the same for every size tried
    spots = [
        (point, normal)
        for line in lines
        for point, normal in (_point_and_normal(line, f) for f in FRACTIONS)
        if normal is not None
    ]
    for shrink in SHRINK:
        r = radius * shrink
        for (px, py), (nx, ny) in spots:
            probe = r * 0.3
            # the side of the edge that is `area`
            if not shapely.contains_xy(area, px + nx * probe, py + ny * probe):
                nx, ny = -nx, -ny
                if not shapely.contains_xy(area, px + nx * probe, py + ny * probe):
                    continue
            direction = (nx, ny) if inward else (-nx, -ny)
            for away in AWAY:  # off the edge, further when the edge itself is taken
                reach = r * (1 + away) + gap
                cx, cy = px + nx * reach, py + ny * reach
                if not (minx + r <= cx <= maxx - r and miny + r <= cy <= maxy - r):
                    continue
                candidate = Target(key, kind, target, cx, cy, r, direction)
                # the quick test first: the discs placed so far
                if not all(obstacles.free(x, y, rr, gap) for x, y, rr in candidate.footprint()):
                    continue
                if not shapely.contains_xy(area, cx, cy):
                    continue
                centre = shapely.Point(cx, cy)
                if shapely.distance(area_edge, centre) < r * 0.98:
                    continue
                if avoid is not None and shapely.distance(avoid, centre) < r:
                    continue
                return candidate
    return _anywhere_near(key, kind, target, lines[0], area, radius, obstacles, gap, inward)


def _anywhere_near(
    key: str,
    kind: str,
    target: str,
    line: LineString,
    area: Geometry,
    radius: float,
    obstacles: Obstacles,
    gap: float,
    inward: bool,
) -> Target | None:
    """The last resort: the free point of `area` nearest the edge's middle, its arrow
    pointing at the edge; smaller discs until one fits."""
    middle = line.interpolate(0.5, normalized=True)
    minx, miny, maxx, maxy = area.bounds
    taken = obstacles.near((minx, miny, maxx, maxy))
    for shrink in (*SHRINK, 0.09, 0.07, 0.05):
        r = radius * shrink
        room = area.buffer(-r * 1.02)
        if not taken.is_empty:
            room = room.difference(taken.buffer(r * ARROW_TIP + gap * 1.5))
        if room.is_empty:
            continue
        point = shapely.ops.nearest_points(room, middle)[0]
        dx, dy = middle.x - point.x, middle.y - point.y
        norm = math.hypot(dx, dy) or 1.0
        direction = (dx / norm, dy / norm)
        if inward:  # a coast target on land: the arrow comes ashore, away from the sea
            direction = (-direction[0], -direction[1])
        candidate = Target(key, kind, target, point.x, point.y, r, direction)
        if all(obstacles.free(x, y, rr, gap) for x, y, rr in candidate.footprint()):
            return candidate
    return None


def _point_and_normal(
    line: LineString, fraction: float
) -> tuple[tuple[float, float], tuple[float, float] | None]:
    """The point at `fraction` of the line's length and a unit normal there."""
    length = line.length
    at = line.interpolate(fraction * length)
    step = max(length * 0.02, 1e-9)
    a = line.interpolate(max(0.0, fraction * length - step))
    b = line.interpolate(min(length, fraction * length + step))
    dx, dy = b.x - a.x, b.y - a.y
    norm = math.hypot(dx, dy)
    if norm == 0:
        return (at.x, at.y), None
    return (at.x, at.y), (-dy / norm, dx / norm)
