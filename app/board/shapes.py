"""The parts of a board layout — name boxes, blocks, target discs — and the grids that keep
them apart (quick collision tests in coarse cells), in map (scene) units; Qt-free."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import shapely
from shapely import Geometry

CENTRE, LAND, COAST = "centre", "land", "coast"

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


class Obstacles:
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
                if overlap(box, other, gap):
                    return False
        return True


class OwnedBoxes:
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
            overlap(box, other, gap)
            for key in self._keys(box, gap)
            for _owner, other in self.cells.get(key, ())
        )


def overlap(a: Box, b: Box, gap: float) -> bool:
    return abs(a.cx - b.cx) < a.hw + b.hw + gap and abs(a.cy - b.cy) < a.hh + b.hh + gap


def inscribed(shape: Geometry) -> tuple[float, float, float]:
    """(x, y, r) of the largest circle inside `shape`."""
    minx, miny, maxx, maxy = shape.bounds
    tolerance = max(maxx - minx, maxy - miny) / 200 or 1e-9
    circle = shapely.maximum_inscribed_circle(shape, tolerance)
    (x, y), (bx, by) = circle.coords[0], circle.coords[-1]
    return x, y, math.hypot(bx - x, by - y)
