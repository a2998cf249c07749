"""Labels drawn on a board for a while (a battle's totals): each as near its point as it can
be, over no name, icon, other label or piece still there, inside its province where it can."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import shapely
from shapely import Geometry

from app.board.shapes import GAP, Box, Obstacles

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
    obstacles = Obstacles(unit * 6)
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
