"""A province's label block on a board: the name and the rows under it, and the game's plate,
fitted inside the province at the largest scale that leaves room for its centre target;
squeezed names grown back over the edges, or set apart where they would be illegible."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

import shapely
from shapely import Geometry

from app.board.shapes import Block, Box, OwnedBoxes, inscribed, overlap
from app.board.targets import centre_target

BLOCK_SCALES = (1.0, 0.85, 0.7, 0.58, 0.48, 0.4, 0.33, 0.27, 0.22)
NAME_GROWN = 0.58  # the scale a squeezed name may grow back to, over its province's edge
CENTRE_ENOUGH = 0.72  # a centre this fraction of its full radius lets a block keep its size
PLATE_SCALES = (1.0, 0.9, 0.8, 0.68, 0.56, 0.45, 0.35, 0.27, 0.22)  # the plate shrinks last
# where a block may sit, as fractions of its own width and height away from the label point
BLOCK_OFFSETS = (
    (0.0, 0.0),
    (0.0, -0.3),
    (0.0, 0.3),
    (-0.25, 0.0),
    (0.25, 0.0),
    (0.0, -0.6),
    (0.0, 0.6),
)


def _arrangements(
    cx: float, cy: float, hw: float, hh: float, pw: float, ph: float, gap: float
) -> Iterator[tuple[Box, Box | None]]:
    """A name block (half sizes hw, hh) and a plate (pw, ph) around the point (cx, cy):
    the plate under the name, above it, right of it, left of it."""
    if pw <= 0:
        yield Box(cx, cy, hw, hh), None
        return
    total_h = 2 * hh + gap + ph
    top = cy - total_h / 2
    yield Box(cx, top + hh, hw, hh), Box(cx, top + 2 * hh + gap + ph / 2, pw / 2, ph / 2)
    yield Box(cx, top + ph + gap + hh, hw, hh), Box(cx, top + ph / 2, pw / 2, ph / 2)
    total_w = 2 * hw + gap + pw
    left = cx - total_w / 2
    yield Box(left + hw, cy, hw, hh), Box(left + 2 * hw + gap + pw / 2, cy, pw / 2, ph / 2)
    yield Box(left + pw + gap + hw, cy, hw, hh), Box(left + pw / 2, cy, pw / 2, ph / 2)


def fit_block(
    pid: str,
    shape: Geometry,
    label: tuple[float, float],
    size: tuple[float, float],
    plates: list[tuple[float, float]],
    centre_radius: float,
    border_radius: float,
    gap: float,
) -> Block:
    """The name block and plate that fit the province and leave a usable centre: the
    plate at full size wherever it can be (it must stay readable; in another shape if
    need be), the name as large as the rest allows; a smaller plate only where a full one
    fits nowhere."""
    width, height = size
    inner = inscribed(shape)
    # the centre needs some room: most of a full-size disc where the province allows it
    wanted = min(centre_radius * CENTRE_ENOUGH, inner[2] * 0.42)
    best: tuple[float, float, Block] | None = None  # (plate scale, centre radius, block)
    lx, ly = label
    shapes = list(enumerate(plates)) or [(0, (0.0, 0.0))]
    for plate_scale in PLATE_SCALES if plates else (1.0,):
        for index, (pw0, ph0) in shapes:
            pw, ph = pw0 * plate_scale, ph0 * plate_scale
            for scale in BLOCK_SCALES:
                hw, hh = width * scale / 2, height * scale / 2
                span_w, span_h = max(2 * hw, pw), 2 * hh + ph + gap
                for fx, fy in BLOCK_OFFSETS:
                    at = (lx + fx * span_w, ly + fy * span_h)
                    for box, plate_box in _arrangements(*at, hw, hh, pw, ph, gap):
                        boxes = [box] if plate_box is None else [box, plate_box]
                        if any(b.hw and not shape.contains(b.polygon()) for b in boxes):
                            continue
                        centre = centre_target(pid, shape, boxes, centre_radius, border_radius, gap)
                        radius = centre.radius if centre is not None else 0.0
                        block = Block(pid, box, scale, plate_box, plate_scale, index)
                        if radius >= wanted * 0.98:
                            return block
                        if best is None or (plate_scale, radius) > (best[0], best[1]):
                            best = (plate_scale, radius, block)
        if best is not None and best[1] >= wanted * 0.6:
            return best[2]  # a readable plate, the centre a little smaller
    if best is not None:
        return best[2]
    # fits nowhere: the smallest block at the label point
    scale = BLOCK_SCALES[-1]
    box = Box(lx, ly, width * scale / 2, height * scale / 2)
    plate_box = None
    if plates:
        pw, ph = plates[0][0] * PLATE_SCALES[-1], plates[0][1] * PLATE_SCALES[-1]
        plate_box = Box(lx, ly + box.hh + gap + ph / 2, pw / 2, ph / 2)
    return Block(pid, box, scale, plate_box, PLATE_SCALES[-1])


def grow_names(
    shapes: dict[str, Geometry],
    blocks: dict[str, Block],
    sizes: Mapping[str, tuple[float, float]],
    gap: float,
) -> None:
    """Names squeezed small by a cramped province grow back (up to `NAME_GROWN`) where
    they may reach a little over its edge without touching another block or plate —
    as a printed map writes a name across a narrow province."""
    boxes = {pid: block.boxes() for pid, block in blocks.items()}
    for pid, block in sorted(blocks.items(), key=lambda item: item[1].scale):
        if block.scale >= NAME_GROWN:
            continue
        width, height = sizes.get(pid, (0.0, 0.0))
        shape = shapes[pid]
        others = [b for other, bs in boxes.items() if other != pid for b in bs]
        for scale in [s for s in BLOCK_SCALES if block.scale < s <= NAME_GROWN]:
            hw, hh = width * scale / 2, height * scale / 2
            box = Box(block.box.cx, block.box.cy, hw, hh)
            if block.plate is not None:
                # keep the plate where it is: the name grows away from it
                dy = (block.box.hh - hh) if block.plate.cy > block.box.cy else (hh - block.box.hh)
                dx = 0.0
                if abs(block.plate.cy - block.box.cy) < block.box.hh:  # plate beside
                    dy = 0.0
                    dx = (
                        (block.box.hw - hw)
                        if block.plate.cx > block.box.cx
                        else (hw - block.box.hw)
                    )
                box = Box(block.box.cx + dx, block.box.cy + dy, hw, hh)
            if not shape.buffer(hh * 1.2).contains(box.polygon()):
                continue
            if not shape.intersects(shapely.Point(box.cx, box.cy)):
                continue
            if any(overlap(box, other, gap) for other in others):
                continue
            if block.plate is not None and overlap(box, block.plate, gap * 0.5):
                continue
            block = Block(pid, box, scale, block.plate, block.plate_scale, block.plate_shape)
        blocks[pid] = block
        boxes[pid] = block.boxes()


NAME_GAP = 3  # a name set apart keeps this many more gaps beside other words
NAME_STEPS = (0.0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75, 1.0, -1.0)  # in name widths
NAME_ROWS = (0.0, -1.0, 1.0, -2.0, 2.0, -3.0, 3.0, -4.0, 4.0)  # in name heights


def legible_names(
    shapes: dict[str, Geometry],
    blocks: dict[str, Block],
    block_sizes: Mapping[str, tuple[float, float]],
    name_sizes: Mapping[str, tuple[float, float]],
    least: float,
    gap: float,
    extent: tuple[float, float, float, float],
) -> None:
    """Names a small province squeezes below `least` are set apart from their block at
    `least`: the icons and the plate stay inside the province, the name goes where it
    touches no other block, plate or name — over the province's edges on its halo, as a
    printed map writes a name across a small province, or beside it with a leader line
    where nothing nearer is free, over the sea or the margin rather than a neighbour's
    fill where it can. The most squeezed names choose first."""
    minx, miny, maxx, maxy = extent
    land = shapely.union_all(list(shapes.values()))
    shapely.prepare(land)
    taken = OwnedBoxes(max(maxx - minx, maxy - miny) / 100.0 * 6)
    for pid, block in blocks.items():
        taken.put(pid, block.boxes())
    for pid, block in sorted(blocks.items(), key=lambda item: item[1].scale):
        size = name_sizes.get(pid)
        if block.scale >= least or size is None or not size[0]:
            continue
        width, height = block_sizes.get(pid, size)
        s = block.scale
        # the icon row under the name stays where it is, at the block's scale
        icons_h = max(0.0, (height - size[1]) * s)
        bottom = block.box.cy + block.box.hh
        icons = Box(
            block.box.cx, bottom - icons_h / 2, width * s / 2 if icons_h else 0.0, icons_h / 2
        )
        own = [b for b in (icons, block.plate) if b is not None and b.hw]
        taken.put(pid, own)  # the name is looking for a place of its own
        shape = shapes[pid]
        start = (block.box.cx, block.box.cy - block.box.hh + size[1] * s / 2)  # the name's centre
        inner = inscribed(shape)
        anchors = (start, inner[:2])
        best: tuple[tuple[int, float, float], Box] | None = None
        for scale in [least] + [x for x in BLOCK_SCALES if s < x < least]:
            hw, hh = size[0] * scale / 2, size[1] * scale / 2
            for ax, ay in anchors:
                for row in NAME_ROWS:
                    for step in NAME_STEPS:
                        x, y = ax + step * 2 * hw, ay + row * 2 * hh * 1.05
                        if not (minx + hw <= x <= maxx - hw and miny + hh <= y <= maxy - hh):
                            continue
                        box = Box(x, y, hw, hh)
                        # words side by side must not run together: more room across
                        wide = Box(x, y, hw + gap * NAME_GAP, hh)
                        if not taken.free(wide, gap):
                            continue
                        # on its province above all (its middle inside, as much of it over it
                        # as can be), then as near its block as can be
                        polygon = box.polygon()
                        over = shape.intersection(polygon).area / (4 * hw * hh)
                        inside = 0 if shapely.contains_xy(shape, x, y) else 1
                        # a name set beside its province keeps off its neighbours' fills
                        # (read as theirs), in the sea or off the map where it can
                        foreign = land.intersection(polygon).area / (4 * hw * hh) - over
                        rank = (
                            inside,
                            -round(over, 1),
                            round(foreign, 1) if inside else 0.0,
                            math.hypot(x - ax, (y - ay) * 1.5),
                        )
                        if best is None or rank < best[0]:
                            best = (rank, box)
            if best is not None:
                break
        if best is None:
            taken.put(pid, block.boxes())
            continue  # nowhere free: the name keeps its place in the block, small
        box = best[1]
        taken.put(pid, [*own, box])
        leader = None
        if not shapely.contains_xy(shape, box.cx, box.cy):
            # a line from the name to the province's icons (a plate would hide its end)
            leader = (icons.cx, icons.cy) if icons.hw else inner[:2]
        blocks[pid] = Block(
            pid,
            icons,
            s,
            block.plate,
            block.plate_scale,
            block.plate_shape,
            box,
            box.hh * 2 / size[1],
            leader,
        )
