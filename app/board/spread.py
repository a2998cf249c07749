"""Room among round pieces drawn bigger than the layout sized them (Qt-free).

At fit zoom on a small screen a lit place or a token is drawn at least so many pixels
across, bigger than the layout made it: where two then overlap they move apart a little,
each never far from where it belongs, and clear of the names (`keep_off`): a piece
that cannot get clear of one near where it belongs goes back there at its own size
(`clear_of`), where the layout made room for it.
"""

from __future__ import annotations

import math

GOLDEN = math.pi * (3 - math.sqrt(5))  # directions apart for discs on one point


Rect = tuple[float, float, float, float]  # left, top, right, bottom


def spread(
    places: list[tuple[float, float, float]],
    most: float,
    reach: float = 1.0,
    rounds: int = 40,
    keep_off: list[Rect] | tuple[Rect, ...] = (),
) -> list[tuple[float, float]]:
    """Move discs (x, y, radius) apart until no two centres are closer than `reach` times
    the sum of their radii, and off the rectangles `keep_off`, each at most `most` from
    where it was; their new centres."""
    n = len(places)
    at = [[x, y] for x, y, _ in places]
    near = []
    for i in range(n):
        for j in range(i + 1, n):
            least = reach * (places[i][2] + places[j][2])
            if math.dist(places[i][:2], places[j][:2]) < least + 2 * most:
                near.append((i, j, least))
    for _ in range(rounds):
        moved = False
        for i, j, least in near:
            dx, dy = at[j][0] - at[i][0], at[j][1] - at[i][1]
            gap = math.hypot(dx, dy)
            if gap >= least * 0.999:
                continue
            if gap < 1e-9:
                dx, dy, gap = math.cos(GOLDEN * (i + 1)), math.sin(GOLDEN * (i + 1)), 1.0
            push = (least - gap) / 2 / gap
            at[i] = [at[i][0] - dx * push, at[i][1] - dy * push]
            at[j] = [at[j][0] + dx * push, at[j][1] + dy * push]
            moved = True
        for k, (x, y) in enumerate(at):
            for rect in _near(keep_off, x, y, places[k][2]):
                at[k] = list(_out_of(rect, x, y, places[k][2]))
                x, y = at[k]
                moved = True
        for k, (x, y) in enumerate(at):  # never far from where it belongs
            hx, hy = places[k][0], places[k][1]
            off = math.hypot(x - hx, y - hy)
            if off > most:
                at[k] = [hx + (x - hx) * most / off, hy + (y - hy) * most / off]
        if not moved:
            break
    return [(x, y) for x, y in at]


def rect_distance(rect: Rect, x: float, y: float) -> float:
    """How far (x, y) is from the rectangle (0 inside)."""
    left, top, right, bottom = rect
    return math.hypot(max(left - x, 0.0, x - right), max(top - y, 0.0, y - bottom))


def _near(rects: list[Rect] | tuple[Rect, ...], x: float, y: float, r: float) -> list[Rect]:
    # a rectangle nearer than r is nearer than r along each axis: most are ruled out so,
    # without their distance (this runs for every disc and name in every round)
    return [
        rect
        for rect in rects
        if rect[0] - r < x < rect[2] + r
        and rect[1] - r < y < rect[3] + r
        and rect_distance(rect, x, y) < r
    ]


def _out_of(rect: Rect, x: float, y: float, r: float) -> tuple[float, float]:
    """The nearest centre of a disc of radius `r` at (x, y) that clears the rectangle."""
    left, top, right, bottom = rect
    nx, ny = min(max(x, left), right), min(max(y, top), bottom)
    dx, dy = x - nx, y - ny
    gap = math.hypot(dx, dy)
    if gap > 1e-9:  # outside, the edge or corner nearer than r: straight away from it
        return nx + dx / gap * r * 1.001, ny + dy / gap * r * 1.001
    # the centre inside: out over the nearest side
    sides = ((x - left, -1, 0), (right - x, 1, 0), (y - top, 0, -1), (bottom - y, 0, 1))
    depth, sx, sy = min(sides)
    push = (depth + r) * 1.001
    return x + sx * push, y + sy * push


HEAD_REACH, HEAD_SIZE = 0.9, 0.45  # an arrow's head: a disc this far out, this large (radii)


def covers(
    rects: list[Rect] | tuple[Rect, ...],
    x: float,
    y: float,
    r: float,
    head: tuple[float, float] | None = None,
) -> bool:
    """Whether the disc (x, y, r), or the head of its arrow pointing `head` (a unit
    vector), covers one of `rects`."""
    discs = [(x, y, r)]
    if head is not None:
        discs.append((x + head[0] * r * HEAD_REACH, y + head[1] * r * HEAD_REACH, r * HEAD_SIZE))
    return any(_near(rects, cx, cy, cr) for cx, cy, cr in discs)


def clear_of(
    homes: list[tuple[float, float, float]],
    grown: list[tuple[float, float, float]],
    keep_off: list[Rect] | tuple[Rect, ...],
    heads: list[tuple[float, float] | None] | None = None,
) -> list[tuple[float, float, float]]:
    """Each disc grown and moved (`grown`, from its `homes`: where the layout put it, at
    its own size) as large as it may be there without covering a rectangle of `keep_off`
    (never smaller than at home), its arrow's head too (`heads`); where even that covers
    one, back home as large as clears them there (the layout leaves its home clear)."""
    out = []
    for index, ((hx, hy, hr), (x, y, r)) in enumerate(zip(homes, grown, strict=True)):
        head = heads[index] if heads else None
        sizes = [size for size in (r * f for f in SHRINK) if size >= hr] + [hr]
        fits = [(x, y, size) for size in sizes if not covers(keep_off, x, y, size, head)]
        if not fits:
            fits = [(hx, hy, size) for size in sizes if not covers(keep_off, hx, hy, size, head)]
        out.append(fits[0] if fits else (hx, hy, hr))
    return out


SHRINK = (1.0, 0.94, 0.88, 0.82, 0.76, 0.7, 0.64, 0.58, 0.52)
