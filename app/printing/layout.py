"""Page planning for board prints: paper sizes, fit-to-page and true-size tiling.

Pure arithmetic in millimetres (no Qt), so the plan can be tested and shown before
anything is drawn. A plan places the map's printed rectangle on a virtual canvas that
is cut into tiles; each tile is one sheet's printable area (the paper minus margins).
Neighbouring tiles share `overlap` millimetres so the sheets can be taped together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from app.i18n import _

# Paper sizes in mm, portrait (width, height).
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "Letter": (215.9, 279.4),
}

MARGIN_MM = 10.0  # unprinted border of every sheet: home printers cannot print to the edge
SAFE_MARGIN_MM = 6.35  # nothing at all is printed nearer the edge (¼ inch: laser printers)
DEFAULT_OVERLAP_MM = 10.0
LEGEND_BAND_MM = 48.0  # depth of the legend strip beside a fitted map
LEGEND_MIN_MM = 40.0  # a strip thinner than this is no legend: it goes to its own page


class LayoutError(ValueError):
    """Options that cannot produce a print (unknown paper, overlap too large, ...)."""


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in millimetres (x right, y down)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.width

    @property
    def bottom(self) -> float:
        """The y of the bottom edge."""
        return self.y + self.height


@dataclass(frozen=True, slots=True)
class Tile:
    """One sheet of a tiled board: which part of the canvas it shows."""

    row: int  # 0-based
    column: int  # 0-based
    canvas: Rect  # the canvas window shown in the sheet's printable area

    @property
    def label(self) -> str:
        """The sheet's name, printed on it and on the index page: "row 1 · column 2"."""
        return _("row {row} · column {column}").format(row=self.row + 1, column=self.column + 1)

    @property
    def code(self) -> str:
        """A short name for the index page grid: "R1C2"."""
        return f"R{self.row + 1}C{self.column + 1}"


@dataclass(frozen=True, slots=True)
class BoardPlan:
    """Where the map goes on paper.

    `scale` is printed mm per full-size mm (1.0 = the map's true size). `map_rect` is the
    printed map extent on the canvas. A single-sheet plan has one tile whose canvas equals
    the sheet's printable area; `legend_rect` is set when the legend fits on that sheet.
    """

    paper: tuple[float, float]  # (width, height) of every sheet, mm, orientation applied
    printable: Rect  # the printable area of a sheet, in sheet mm
    scale: float
    map_rect: Rect  # canvas mm
    tiles: tuple[Tile, ...]
    rows: int
    columns: int
    overlap: float
    legend_rect: Rect | None  # canvas (= sheet) mm, single-sheet plans only

    @property
    def tiled(self) -> bool:
        """True when the board spans more than one sheet."""
        return len(self.tiles) > 1


def paper_size(name: str, landscape: bool) -> tuple[float, float]:
    """The (width, height) of a named paper in mm, turned for landscape."""
    try:
        width, height = PAPER_SIZES[name]
    except KeyError:
        raise LayoutError(
            f"unknown paper {name!r}: choose one of {', '.join(PAPER_SIZES)}"
        ) from None
    return (height, width) if landscape else (width, height)


def printable_area(paper: tuple[float, float], margin: float = MARGIN_MM) -> Rect:
    """The part of a sheet that is printed on."""
    return Rect(margin, margin, paper[0] - 2 * margin, paper[1] - 2 * margin)


def plan_fit(
    paper: tuple[float, float],
    map_size: tuple[float, float],
    legend: bool,
    margin: float = MARGIN_MM,
    area: Rect | None = None,
) -> BoardPlan:
    """The largest scale that puts the whole map (and the legend, if asked) on one sheet.

    The legend takes a strip below or beside the map, whichever leaves the map larger.
    `area` (sheet mm) replaces the printable area, e.g. to leave room for a page header.
    """
    area = area or printable_area(paper, margin)
    width_mm, height_mm = map_size
    gap = 4.0
    candidates: list[tuple[float, Rect, Rect | None]] = []
    if legend:
        below = Rect(area.x, area.y, area.width, area.height - LEGEND_BAND_MM - gap)
        beside = Rect(area.x, area.y, area.width - LEGEND_BAND_MM * 1.6 - gap, area.height)
        for box in (below, beside):
            if box.width <= 0 or box.height <= 0:
                continue
            scale = min(box.width / width_mm, box.height / height_mm)
            candidates.append((scale, box, None))
    else:
        candidates.append((min(area.width / width_mm, area.height / height_mm), area, None))
    scale, box, _ = max(candidates, key=lambda c: c[0])
    printed_w, printed_h = width_mm * scale, height_mm * scale
    map_rect = Rect(box.x + (box.width - printed_w) / 2, box.y, printed_w, printed_h)
    if box.height == area.height and box.width < area.width:  # legend beside: centre vertically
        map_rect = Rect(box.x, box.y + (box.height - printed_h) / 2, printed_w, printed_h)
    legend_rect = _legend_room(area, map_rect, gap) if legend else None
    tile = Tile(0, 0, area)
    return BoardPlan(paper, area, scale, map_rect, (tile,), 1, 1, 0.0, legend_rect)


def plan_scaled(
    paper: tuple[float, float],
    map_size: tuple[float, float],
    scale: float,
    overlap: float,
    legend: bool,
    margin: float = MARGIN_MM,
    area: Rect | None = None,
) -> BoardPlan:
    """The map at `scale` × true size, tiled over as many sheets as it needs.

    Tiles step by (printable size − overlap), so neighbours repeat `overlap` mm of the
    board; the map is centred on the tiled canvas. `area` as in `plan_fit`.
    """
    if scale <= 0 or not math.isfinite(scale):
        raise LayoutError(f"scale must be a positive number or 'fit', not {scale}")
    area = area or printable_area(paper, margin)
    if overlap < 0 or overlap >= min(area.width, area.height) / 2:
        raise LayoutError(
            f"overlap {overlap:g} mm must be between 0 and "
            f"{min(area.width, area.height) / 2:g} mm on this paper"
        )
    printed_w, printed_h = map_size[0] * scale, map_size[1] * scale
    columns = _count(printed_w, area.width, overlap)
    rows = _count(printed_h, area.height, overlap)
    if rows == columns == 1:
        map_rect = Rect(
            area.x + (area.width - printed_w) / 2,
            area.y + (area.height - printed_h) / 2,
            printed_w,
            printed_h,
        )
        legend_rect = _legend_room(area, map_rect, 4.0) if legend else None
        if legend_rect is not None:  # move the map to the far side to free one strip
            map_rect = _push_away(area, map_rect, legend_rect)
            legend_rect = _legend_room(area, map_rect, 4.0)
        tile = Tile(0, 0, area)
        return BoardPlan(paper, area, scale, map_rect, (tile,), 1, 1, overlap, legend_rect)
    step_x, step_y = area.width - overlap, area.height - overlap
    canvas_w = columns * step_x + overlap
    canvas_h = rows * step_y + overlap
    map_rect = Rect((canvas_w - printed_w) / 2, (canvas_h - printed_h) / 2, printed_w, printed_h)
    tiles = tuple(
        Tile(r, c, Rect(c * step_x, r * step_y, area.width, area.height))
        for r in range(rows)
        for c in range(columns)
    )
    return BoardPlan(paper, area, scale, map_rect, tiles, rows, columns, overlap, None)


def _count(length: float, window: float, overlap: float) -> int:
    """How many windows of `window` mm, overlapping by `overlap`, cover `length` mm."""
    if length <= window + 1e-9:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


def _legend_room(area: Rect, map_rect: Rect, gap: float) -> Rect | None:
    """The largest strip of the printable area left free by the map, if a legend fits."""
    strips = [
        Rect(area.x, map_rect.bottom + gap, area.width, area.bottom - map_rect.bottom - gap),
        Rect(area.x, area.y, area.width, map_rect.y - area.y - gap),
        Rect(map_rect.right + gap, area.y, area.right - map_rect.right - gap, area.height),
        Rect(area.x, area.y, map_rect.x - area.x - gap, area.height),
    ]
    usable = [
        s
        for s in strips
        if min(s.width, s.height) >= LEGEND_MIN_MM and max(s.width, s.height) >= 90.0
    ]
    if not usable:
        return None
    return max(usable, key=lambda s: s.width * s.height)


def _push_away(area: Rect, map_rect: Rect, strip: Rect) -> Rect:
    """Move a centred map against the side opposite the legend strip."""
    if strip.y > map_rect.y:  # strip below: map to the top
        return Rect(map_rect.x, area.y, map_rect.width, map_rect.height)
    if strip.bottom <= map_rect.y + 1e-9:  # strip above: map to the bottom
        return Rect(map_rect.x, area.bottom - map_rect.height, map_rect.width, map_rect.height)
    if strip.x > map_rect.x:  # strip right: map to the left
        return Rect(area.x, map_rect.y, map_rect.width, map_rect.height)
    return Rect(area.right - map_rect.width, map_rect.y, map_rect.width, map_rect.height)
