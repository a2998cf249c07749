"""Where things go on a drawn map: each province's label block and every target's hit area.

A *block* is a province's name with the rows under it (flowers and capital, then a status
row a game fills with control tokens and defence); it is fitted inside its province at the
largest scale that leaves room for the province's centre target. A *target* is a legal
place a token can go, each with its own round hit area that covers no other target and no
name:

- the centre of a province (key: the province id), at the pole of inaccessibility of what
  the block leaves free;
- each land border in each direction (key `"A|B ->B"`: attacking B from A), inside the
  attacking province along the shared edge, its arrow pointing across it;
- each coast (key: the coastal border id `"A~k"`), in the sea off that stretch of coast
  (inside the province where the sea is too narrow), its arrow pointing ashore.

Targets are placed greedily, centres first, then borders by length (the shortest, most
cramped first): a candidate slides along its edge and shrinks until it collides with
nothing placed so far. Qt-free (shapely and plain maths), so any map can be laid out in a
test at any size; everything is in map (scene) units.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import shapely
import shapely.ops
from shapely import Geometry, LineString

from maps.geometry import MapGeometry

CENTRE, LAND, COAST = "centre", "land", "coast"

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
GAP = 0.12  # units of `unit` between two footprints
ARROW_TIP = 1.35  # an arrow's tip, in radii from its target's centre
ARROW_HEAD = 0.45  # the radius of the circle that stands for the arrow head


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle by its centre and half sizes."""

    cx: float
    cy: float
    hw: float
    hh: float

    def distance(self, x: float, y: float) -> float:
        """Distance from (x, y) to the rectangle (0 inside)."""
        dx = max(abs(x - self.cx) - self.hw, 0.0)
        dy = max(abs(y - self.cy) - self.hh, 0.0)
        return math.hypot(dx, dy)

    def polygon(self) -> Geometry:
        """The rectangle as a shapely polygon."""
        return shapely.box(
            self.cx - self.hw, self.cy - self.hh, self.cx + self.hw, self.cy + self.hh
        )


@dataclass(frozen=True, slots=True)
class Block:
    """A province's label block: where it lies (`box`, scaled) and its scale; and the
    game's plate under it (`plate`, at `plate_scale`; None when the game has none)."""

    province: str
    box: Box
    scale: float
    plate: Box | None = None
    plate_scale: float = 1.0
    plate_shape: int = 0  # which of the plate shapes offered (0: the first, the widest)
    name: Box | None = None
    """The name set apart from the block, at `name_scale` (`box` then holds the icon row
    alone): a small province's name, legible over its edges."""
    name_scale: float = 0.0
    leader: tuple[float, float] | None = None
    """Where in the province a line from a name set outside it points."""

    def boxes(self) -> list[Box]:
        """The block's boxes: the name block (or the icon row and the name) and the plate."""
        return [b for b in (self.box, self.plate, self.name) if b is not None and (b.hw or b.hh)]


@dataclass(frozen=True, slots=True)
class Target:
    """A legal place's hit area: a disc, with the direction of the attack it stands for."""

    key: str
    kind: str  # CENTRE, LAND or COAST
    province: str  # the province the place is about (attacked, or whose centre it is)
    x: float
    y: float
    radius: float
    direction: tuple[float, float] = (0.0, 0.0)  # unit vector of the attack; 0 for a centre

    def footprint(self) -> Iterator[tuple[float, float, float]]:
        """Discs (x, y, r) covering what is drawn there: the token and its arrow head."""
        yield self.x, self.y, self.radius
        dx, dy = self.direction
        if dx or dy:
            reach = self.radius * (ARROW_TIP - ARROW_HEAD)
            yield self.x + dx * reach, self.y + dy * reach, self.radius * ARROW_HEAD


@dataclass
class BoardLayout:
    """The blocks and targets of one map."""

    unit: float
    blocks: dict[str, Block]
    targets: dict[str, Target]

    def centre(self, province: str) -> Target | None:
        """The centre target of a province."""
        return self.targets.get(province)


class _Obstacles:
    """Placed discs and boxes in a coarse grid, for quick collision tests."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.discs: dict[tuple[int, int], list[tuple[float, float, float]]] = {}
        self.boxes: dict[tuple[int, int], list[Box]] = {}

    def _cells(self, x0: float, y0: float, x1: float, y1: float) -> Iterator[tuple[int, int]]:
        c = self.cell
        for i in range(math.floor(x0 / c), math.floor(x1 / c) + 1):
            for j in range(math.floor(y0 / c), math.floor(y1 / c) + 1):
                yield i, j

    def add_disc(self, x: float, y: float, r: float) -> None:
        for key in self._cells(x - r, y - r, x + r, y + r):
            self.discs.setdefault(key, []).append((x, y, r))

    def add_box(self, box: Box) -> None:
        for key in self._cells(box.cx - box.hw, box.cy - box.hh, box.cx + box.hw, box.cy + box.hh):
            self.boxes.setdefault(key, []).append(box)

    def near(self, bounds: tuple[float, float, float, float]) -> Geometry:
        """Everything placed that touches `bounds` (minx, miny, maxx, maxy), as one shape."""
        discs: set[tuple[float, float, float]] = set()
        boxes: set[Box] = set()
        for key in self._cells(*bounds):
            discs.update(self.discs.get(key, ()))
            boxes.update(self.boxes.get(key, ()))
        shapes = [shapely.Point(x, y).buffer(r, 16) for x, y, r in discs]
        shapes += [b.polygon() for b in boxes]
        return shapely.union_all(shapes) if shapes else shapely.Polygon()

    def free(self, x: float, y: float, r: float, gap: float) -> bool:
        """True when the disc (x, y, r) keeps `gap` from every placed disc and box."""
        reach = r + gap
        for key in self._cells(x - reach, y - reach, x + reach, y + reach):
            for ox, oy, orad in self.discs.get(key, ()):
                if math.hypot(x - ox, y - oy) < reach + orad:
                    return False
            for box in self.boxes.get(key, ()):
                if box.distance(x, y) < reach:
                    return False
        return True

    def free_box(self, box: Box, gap: float) -> bool:
        """True when `box` keeps `gap` from every placed disc and box."""
        x0, y0 = box.cx - box.hw - gap, box.cy - box.hh - gap
        x1, y1 = box.cx + box.hw + gap, box.cy + box.hh + gap
        for key in self._cells(x0, y0, x1, y1):
            for ox, oy, orad in self.discs.get(key, ()):
                if box.distance(ox, oy) < orad + gap:
                    return False
            for other in self.boxes.get(key, ()):
                if _overlap(box, other, gap):
                    return False
        return True


def layout_board(
    geometry: MapGeometry,
    block_sizes: Mapping[str, tuple[float, float]],
    *,
    plate: tuple[float, float] | list[tuple[float, float]] | None = None,
    border_radius: float = 1.45,
    centre_radius: float = 2.1,
    unit: float | None = None,
    name_sizes: Mapping[str, tuple[float, float]] | None = None,
    least_name: float = 0.0,
) -> BoardLayout:
    """Lay out `geometry`: blocks of `block_sizes` (width, height at scale 1, map units),
    each with a `plate` (width, height, map units; or several shapes of it, the preferred
    first) beside it when given, and every target; radii are in `unit`s (a hundredth of
    the map's larger side). A plate keeps its full size as long as any block scale and
    shape lets it. With `least_name` (a block scale) and the names' own `name_sizes`
    (the top row of each block), a name the province squeezes below that scale is set
    apart at that scale, over the province's edges (see `_legible_names`)."""
    plates = [plate] if isinstance(plate, tuple) else list(plate or [])
    mapfile = geometry.mapfile
    minx, miny, maxx, maxy = mapfile.extent
    u = unit if unit is not None else max(maxx - minx, maxy - miny) / 100.0
    shapes: dict[str, Geometry] = {}
    for pid, shape in geometry.shapes.items():
        if shape is None or shape.is_empty:
            continue
        shapely.prepare(shape)
        shapes[pid] = shape
    boundaries = {pid: shape.boundary for pid, shape in shapes.items()}
    for line in boundaries.values():
        shapely.prepare(line)
    gap = GAP * u
    blocks: dict[str, Block] = {}

    # 1. blocks (then the targets: `_targets`)
    for pid, shape in shapes.items():
        label = geometry.labels.get(pid)
        if label is None:
            continue
        blocks[pid] = _fit_block(
            pid,
            shape,
            label,
            block_sizes.get(pid, (0.0, 0.0)),
            plates,
            centre_radius * u,
            border_radius * u,
            gap,
        )
    _grow_names(shapes, blocks, block_sizes, gap)
    squeezed = dict(blocks)
    if least_name and name_sizes:
        _legible_names(shapes, blocks, block_sizes, name_sizes, least_name, gap, mapfile.extent)
    radii = (centre_radius * u, border_radius * u)
    targets, missing = _targets(geometry, shapes, boundaries, blocks, radii, gap, u)
    # a name set apart never costs a place its target: the names near a place left
    # without one go back to their blocks (all of them, when that is not enough)
    while missing:
        apart = [pid for pid, block in blocks.items() if block.name is not None]
        reach = 3 * border_radius * u
        near = [
            pid
            for pid in apart
            if any(shapes[p].distance(blocks[pid].name.polygon()) < reach for p in missing)  # type: ignore[union-attr]
        ]
        if not near and not apart:
            break
        for pid in near or apart:
            blocks[pid] = squeezed[pid]
        targets, missing = _targets(geometry, shapes, boundaries, blocks, radii, gap, u)
    return BoardLayout(u, blocks, targets)


def _targets(
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
    obstacles = _Obstacles(u * 6)
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
        centre = _centre(pid, shape, near, centre_radius, border_radius, gap)
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


def _fit_block(
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
    inner = _inscribed(shape)
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
                        centre = _centre(pid, shape, boxes, centre_radius, border_radius, gap)
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


def _grow_names(
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
            if any(_overlap(box, other, gap) for other in others):
                continue
            if block.plate is not None and _overlap(box, block.plate, gap * 0.5):
                continue
            block = Block(pid, box, scale, block.plate, block.plate_scale, block.plate_shape)
        blocks[pid] = block
        boxes[pid] = block.boxes()


NAME_GAP = 3  # a name set apart keeps this many more gaps beside other words
NAME_STEPS = (0.0, 0.25, -0.25, 0.5, -0.5, 0.75, -0.75, 1.0, -1.0)  # in name widths
NAME_ROWS = (0.0, -1.0, 1.0, -2.0, 2.0, -3.0, 3.0, -4.0, 4.0)  # in name heights


def _legible_names(
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
    taken = _OwnedBoxes(max(maxx - minx, maxy - miny) / 100.0 * 6)
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
        inner = _inscribed(shape)
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


class _OwnedBoxes:
    """Boxes by their owner in a coarse grid, for quick tests; an owner's boxes can be
    replaced (a name that moves)."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[tuple[str, Box]]] = {}
        self.owned: dict[str, list[tuple[int, int]]] = {}

    def _keys(self, box: Box, margin: float = 0.0) -> list[tuple[int, int]]:
        c = self.cell
        x0, x1 = box.cx - box.hw - margin, box.cx + box.hw + margin
        y0, y1 = box.cy - box.hh - margin, box.cy + box.hh + margin
        return [
            (i, j)
            for i in range(math.floor(x0 / c), math.floor(x1 / c) + 1)
            for j in range(math.floor(y0 / c), math.floor(y1 / c) + 1)
        ]

    def put(self, owner: str, boxes: list[Box]) -> None:
        """Make `boxes` the owner's (replacing what it had)."""
        for key in self.owned.pop(owner, []):
            self.cells[key] = [entry for entry in self.cells[key] if entry[0] != owner]
        keys = []
        for box in boxes:
            for key in self._keys(box):
                self.cells.setdefault(key, []).append((owner, box))
                keys.append(key)
        self.owned[owner] = list(dict.fromkeys(keys))

    def free(self, box: Box, gap: float) -> bool:
        """True when `box` keeps `gap` from every box held."""
        return not any(
            _overlap(box, other, gap)
            for key in self._keys(box, gap)
            for _owner, other in self.cells.get(key, ())
        )


def _overlap(a: Box, b: Box, gap: float) -> bool:
    return abs(a.cx - b.cx) < a.hw + b.hw + gap and abs(a.cy - b.cy) < a.hh + b.hh + gap


def _inscribed(shape: Geometry) -> tuple[float, float, float]:
    """(x, y, r) of the largest circle inside `shape`."""
    minx, miny, maxx, maxy = shape.bounds
    tolerance = max(maxx - minx, maxy - miny) / 200 or 1e-9
    circle = shapely.maximum_inscribed_circle(shape, tolerance)
    (x, y), (bx, by) = circle.coords[0], circle.coords[-1]
    return x, y, math.hypot(bx - x, by - y)


def _centre(
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
        circle = max((_inscribed(part) for part in parts), key=lambda c: c[2])
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
    obstacles: _Obstacles,
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
    obstacles: _Obstacles,
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


LABEL_STEPS = 8  # how far a label may move from its place: steps of half its height
LABEL_OUTSIDE = 6  # a place inside the province wins unless one beside it is this much
# nearer (in half heights of the label)


def place_labels(
    labels: list[tuple[str, str, float, float, list[tuple[float, float]]]],
    boxes: list[Box],
    discs: list[tuple[float, float, float, int]],
    shapes: Mapping[str, Geometry],
    extent: tuple[float, float, float, float],
    unit: float,
    costs: Sequence[float] = (),
    fallback: int = 0,
) -> dict[str, tuple[Box, int]]:
    """Boxes for labels drawn on the board for a while (a battle's totals), and which of
    their shapes each takes: each label (key, province, x, y, [(half width, half height)
    of each shape]) as near its point (x, y) as it can be while it covers none of the
    `boxes` (names, icons, status rows), no other label and none of the `discs` still
    there when it appears (pieces: x, y, radius, and how many of the labels, in order,
    appear before the piece leaves), inside its province where it can be. A shape's
    `costs` (in steps of the search, one per shape, none: 0) make it that much farther:
    a fuller shape is taken where it fits nearly as near. A label nothing lets in stays at
    its point, in its shape `fallback`."""
    obstacles = _Obstacles(unit * 6)
    gap = GAP * unit
    for box in boxes:
        obstacles.add_box(box)
    minx, miny, maxx, maxy = extent
    reach = range(-LABEL_STEPS, LABEL_STEPS + 1)
    steps = sorted(
        ((i, j) for i in range(-2 * LABEL_STEPS, 2 * LABEL_STEPS + 1) for j in reach),
        key=lambda ij: (math.hypot(ij[0], ij[1] * 1.4), ij),
    )
    placed: dict[str, tuple[Box, int]] = {}
    for index, (key, province, x, y, sizes) in enumerate(labels):
        shape = shapes.get(province)
        present = [(dx, dy, r) for dx, dy, r, until in discs if until > index]
        step = min(hh for _hw, hh in sizes)
        outside = LABEL_OUTSIDE * step  # how much nearer a place beside the province must be
        best: tuple[float, Box, int] | None = None
        for i, j in steps:
            distance = math.hypot(i, j * 1.4) * step
            if best is not None and distance >= best[0]:
                break  # the steps come nearest first: nothing further can be better
            cx, cy = x + i * step, y + j * step
            inside = shape is None or shapely.contains_xy(shape, cx, cy)
            score = distance + (0.0 if inside else outside)
            for which, (hw, hh) in enumerate(sizes):
                cost = score + (costs[which] * step if which < len(costs) else 0.0)
                if best is not None and cost >= best[0]:
                    continue
                box = Box(cx, cy, hw, hh)
                if not (
                    minx <= cx - hw and cx + hw <= maxx and miny <= cy - hh and cy + hh <= maxy
                ):
                    continue
                if not obstacles.free_box(box, gap):
                    continue
                if any(box.distance(dx, dy) < r + gap for dx, dy, r in present):
                    continue
                best = (cost, box, which)
                break
        if best is None:
            hw, hh = sizes[fallback]
            best = (0.0, Box(x, y, hw, hh), fallback)
        placed[key] = (best[1], best[2])
        obstacles.add_box(best[1])
    return placed
