"""A whole print job: board page(s), index, legend and play sheets, on any paged device.

`render_document` draws onto a QPdfWriter or a QPrinter (the print preview and real
printers go the same way); `write_pdf` writes a PDF file atomically. Page order:
fitted board (legend on it when there is room, else on the next page) — or, for a board
tiled over several sheets, an index page, the legend page and one page per tile — then
the requested play sheets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPagedPaintDevice, QPageLayout, QPageSize, QPainter, QPdfWriter

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _
from app.printing import draw
from app.printing.board import BoardPainter, map_to_points
from app.printing.layout import (
    DEFAULT_OVERLAP_MM,
    SAFE_MARGIN_MM,
    BoardPlan,
    Rect,
    Tile,
    paper_size,
    plan_fit,
    plan_scaled,
)
from app.printing.legend import ScaleBar, legend_height, paint_legend
from app.printing.model import Board
from app.printing.sheets import (
    CLAN_IDS,
    SHEET_KINDS,
    paint_reference_sheet,
    paint_token_sheet,
    token_sheet_pages,
)
from engine.files import atomic_write_bytes

PAGE_SIZE_IDS = {
    "A4": QPageSize.PageSizeId.A4,
    "A3": QPageSize.PageSizeId.A3,
    "Letter": QPageSize.PageSizeId.Letter,
}


@dataclass(frozen=True, slots=True)
class PrintOptions:
    """How to print a board. `scale` None fits one page; 1.0 is the map's true size;
    `landscape` None turns the paper the way the board is (landscape for a wide board)."""

    paper: str = "A4"
    landscape: bool | None = None
    scale: float | None = None
    overlap: float = DEFAULT_OVERLAP_MM
    legend: bool = True
    sheets: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        unknown = [s for s in self.sheets if s not in SHEET_KINDS]
        if unknown:
            raise ValueError(f"unknown sheet {unknown[0]!r}: choose from {', '.join(SHEET_KINDS)}")

    def for_board(self, board_size_mm: tuple[float, float]) -> PrintOptions:
        """These options with the paper turned: as chosen, or the way the board is."""
        if self.landscape is not None:
            return self
        return replace(self, landscape=board_landscape(board_size_mm))


def board_landscape(board_size_mm: tuple[float, float]) -> bool:
    """True when a board is wider than tall: its paper is best turned sideways."""
    return board_size_mm[0] > board_size_mm[1]


@dataclass(slots=True)
class PrintResult:
    """What was printed: the plan, each page's kind, and the scale bar's placement."""

    plan: BoardPlan
    pages: list[str] = field(default_factory=list)
    scale_bar: ScaleBar | None = None
    scale_bar_page: int | None = None  # 0-based


def plan_for(board: Board, paper: tuple[float, float], options: PrintOptions) -> BoardPlan:
    """The page plan for a board on paper of this size (mm, orientation applied)."""
    if options.scale is None:
        return plan_fit(paper, board.size_mm, options.legend)
    return plan_scaled(paper, board.size_mm, options.scale, options.overlap, options.legend)


def page_layout(options: PrintOptions) -> QPageLayout:
    """The Qt page layout for the options' paper: full page, no margins (an orientation
    left to the board, `landscape` None, is portrait here: use `for_board` first)."""
    paper_size(options.paper, bool(options.landscape))  # raises LayoutError on an unknown paper
    orientation = (
        QPageLayout.Orientation.Landscape if options.landscape else QPageLayout.Orientation.Portrait
    )
    return QPageLayout(QPageSize(PAGE_SIZE_IDS[options.paper]), orientation, QMarginsF(0, 0, 0, 0))


def write_pdf(board: Board, path: str | Path, options: PrintOptions) -> PrintResult:
    """Write the print job as a PDF file (atomically) and say what is in it."""
    data, result = pdf_bytes(board, options)
    atomic_write_bytes(path, data)
    return result


def pdf_bytes(board: Board, options: PrintOptions) -> tuple[bytes, PrintResult]:
    """The print job as PDF bytes."""
    options = options.for_board(board.size_mm)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(72)  # one device unit = one point: PDF coordinates are ours
    writer.setPageLayout(page_layout(options))
    writer.setTitle(_("{map} — Daimyo board").format(map=board.name))
    writer.setCreator("Daimyo")
    result = render_document(writer, board, options)
    buffer.close()
    return bytes(buffer.data().data()), result


def render_document(device: QPagedPaintDevice, board: Board, options: PrintOptions) -> PrintResult:
    """Draw every page of the job on `device`, whose page layout gives the paper."""
    full = device.pageLayout().fullRect(QPageLayout.Unit.Millimeter)
    paper = (full.width(), full.height())
    plan = plan_for(board, paper, options)
    result = PrintResult(plan)
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("cannot start painting on the print device")
    try:
        job = BoardPages(painter, device, board, plan, result)
        job.board_pages(options.legend)
        for kind in options.sheets:
            if kind == "tokens":
                for clan in CLAN_IDS:
                    for page in token_sheet_pages(paper, clan):
                        job.new_page(f"tokens {clan}")
                        paint_token_sheet(painter, paper, clan, board, page)
            elif kind == "reference":
                job.new_page("reference")
                paint_reference_sheet(painter, paper, board)
    finally:
        painter.end()
    return result


class BoardPages:
    """Page-by-page drawing of a board print: the fitted page, or index, legend and tiles.

    `new_page`, when given, starts each page instead (the kit draws its header and footer
    there, and then the tile pages leave out their own sheet label); `marks_within` (sheet
    mm) keeps the crop marks out of the kit's header and footer.
    """

    def __init__(
        self,
        painter: QPainter,
        device: QPagedPaintDevice,
        board: Board,
        plan: BoardPlan,
        result: PrintResult,
        new_page: Callable[[str], None] | None = None,
        marks_within: Rect | None = None,
    ) -> None:
        self.painter = painter
        self.device = device
        self.board = board
        self.plan = plan
        self.result = result
        self.board_painter = BoardPainter(board)
        self._new_page = new_page
        self._marks_within = marks_within  # sheet mm crop marks stay in (default: safe area)

    def new_page(self, kind: str) -> None:
        """Start a page of this kind (points from the paper's corner)."""
        if self._new_page is not None:
            self._new_page(kind)
        else:
            if self.result.pages:
                self.device.newPage()
            draw.begin_points(self.painter)
        self.result.pages.append(kind)

    def printable_pt(self) -> QRectF:
        """The plan's printable area in points."""
        return _pt(self.plan.printable)

    def board_pages(self, legend: bool) -> None:
        """Every board page of the plan, in `board_page_kinds` order."""
        plan = self.plan
        if not plan.tiled:
            self.new_page("board")
            tile = plan.tiles[0]
            transform = map_to_points(self.board, plan.map_rect, tile.canvas, plan.printable)
            self.board_painter.paint(self.painter, transform, plan.scale, self.printable_pt())
            if legend and plan.legend_rect is not None:
                rect = _pt(plan.legend_rect)
                rect.setHeight(
                    min(
                        rect.height(),
                        legend_height(
                            self.painter, self.board, rect.width(), scale=self.plan.scale
                        ),
                    )
                )
                self._legend(rect, big=False)
            elif legend:
                self.new_page("legend")
                self._legend_page()
            return
        self.new_page("index")
        self._index_page()
        if legend:
            self.new_page("legend")
            self._legend_page()
        for tile in plan.tiles:
            self.new_page(f"tile {tile.code}")
            self._tile_page(tile)

    def _legend(self, rect: QRectF, big: bool) -> None:
        self.result.scale_bar = paint_legend(self.painter, rect, self.board, self.plan.scale, big)
        self.result.scale_bar_page = len(self.result.pages) - 1

    def _legend_page(self) -> None:
        area = self.printable_pt()
        needed = legend_height(
            self.painter, self.board, area.width(), big=True, scale=self.plan.scale
        )
        big = needed <= area.height()  # a long legend in the small print, to stay on the page
        if not big:
            needed = legend_height(self.painter, self.board, area.width(), scale=self.plan.scale)
        rect = QRectF(area.x(), area.y(), area.width(), min(area.height(), needed))
        self._legend(rect, big=big)

    def _index_page(self) -> None:
        plan, painter = self.plan, self.painter
        area = self.printable_pt()
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        draw.draw_text(
            painter,
            QRectF(area.x(), area.y(), area.width(), 18),
            _("{map} — assembly index").format(map=self.board.name),
            draw.font(14, bold=True),
            flags=left,
        )
        lines = [
            _(
                "{n} sheets in {rows} rows × {columns} columns, printed at {scale} "
                "({width} × {height} mm), overlap {overlap} mm."
            ).format(
                n=len(plan.tiles),
                rows=plan.rows,
                columns=plan.columns,
                scale=f"{plan.scale * 100:.0f} %",
                width=f"{self.board.width_mm * plan.scale:.0f}",
                height=f"{self.board.height_mm * plan.scale:.0f}",
                overlap=f"{plan.overlap:g}",
            ),
            _(
                "Trim each sheet's left and top edges on the crop marks (except the first row "
                "and column),"
            ),
            _("lay it over its neighbour so the ⊕ alignment marks coincide, and tape from behind."),
        ]
        for i, line in enumerate(lines):
            draw.draw_text(
                painter,
                QRectF(area.x(), area.y() + 22 + i * 11, area.width(), 11),
                line,
                draw.font(8),
                colour="#333333",
                flags=left,
            )
        top = area.y() + 22 + len(lines) * 11 + 8
        avail = QRectF(area.x(), top, area.width(), area.bottom() - top)
        canvas_w = plan.columns * (plan.printable.width - plan.overlap) + plan.overlap
        canvas_h = plan.rows * (plan.printable.height - plan.overlap) + plan.overlap
        t = min(avail.width() / draw.mm(canvas_w), avail.height() / draw.mm(canvas_h))
        origin_mm = Rect(avail.x() / draw.PT_PER_MM, avail.y() / draw.PT_PER_MM, 0, 0)
        thumb_map = Rect(
            plan.map_rect.x * t,
            plan.map_rect.y * t,
            plan.map_rect.width * t,
            plan.map_rect.height * t,
        )
        transform = map_to_points(self.board, thumb_map, Rect(0, 0, 0, 0), origin_mm)
        self.board_painter.paint(painter, transform, plan.scale * t)
        painter.save()
        for tile in plan.tiles:
            r = QRectF(
                avail.x() + draw.mm(tile.canvas.x * t),
                avail.y() + draw.mm(tile.canvas.y * t),
                draw.mm(tile.canvas.width * t),
                draw.mm(tile.canvas.height * t),
            )
            painter.setPen(draw.pen("#c0392b", 0.8, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(r)
            label = draw.font(max(7.0, min(12.0, r.height() / 8)), bold=True)
            draw.draw_text(painter, r, tile.code, label, colour="#c0392b", halo="#ffffff")
        painter.restore()

    def _tile_page(self, tile: Tile) -> None:
        plan, painter = self.plan, self.painter
        area = self.printable_pt()
        transform = map_to_points(self.board, plan.map_rect, tile.canvas, plan.printable)
        self.board_painter.paint(painter, transform, plan.scale, area)
        painter.save()
        painter.setClipRect(area)
        self._overlap_guides(tile, area)
        painter.restore()
        self._crop_marks(area)
        if self._new_page is not None:
            return  # the kit's header names the sheet
        label = _("{map} — sheet {code}: {label} of {rows} × {columns} — {scale}").format(
            map=self.board.name,
            code=tile.code,
            label=tile.label,
            rows=plan.rows,
            columns=plan.columns,
            scale=f"{plan.scale * 100:.0f} %",
        )
        band = max(0.0, plan.printable.y - SAFE_MARGIN_MM - 0.3)  # mm between safe edge and area
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        draw.draw_text(
            painter,
            QRectF(
                area.x() + draw.mm(8),
                area.y() - draw.mm(band),
                area.width() - draw.mm(16),
                draw.mm(band),
            ),
            label,
            draw.font(7),
            colour="#333333",
            flags=left,
        )
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        draw.draw_text(
            painter,
            QRectF(
                area.x() + draw.mm(8),
                area.bottom() + draw.mm(0.3),
                area.width() - draw.mm(16),
                draw.mm(band),
            ),
            tile.code,
            draw.font(8, bold=True),
            colour="#333333",
            flags=right,
        )

    def _overlap_guides(self, tile: Tile, area: QRectF) -> None:
        """Dashed lines where the neighbours' edges fall, ⊕ marks in the shared bands."""
        plan, painter = self.plan, self.painter
        ov = plan.overlap
        c = tile.canvas

        def to_pt(cx: float, cy: float) -> QPointF:
            return QPointF(
                draw.mm(plan.printable.x + cx - c.x), draw.mm(plan.printable.y + cy - c.y)
            )

        marks: list[QPointF] = []
        painter.setPen(draw.pen("#7f8c8d", 0.5, Qt.PenStyle.DashLine))
        has_right = tile.column + 1 < plan.columns
        has_below = tile.row + 1 < plan.rows
        if tile.column > 0:
            painter.drawLine(to_pt(c.x + ov, c.y), to_pt(c.x + ov, c.bottom))
            marks += [to_pt(c.x + ov / 2, c.y + c.height * f) for f in (0.25, 0.75)]
        if has_right:
            painter.drawLine(to_pt(c.right - ov, c.y), to_pt(c.right - ov, c.bottom))
            marks += [to_pt(c.right - ov / 2, c.y + c.height * f) for f in (0.25, 0.75)]
        if tile.row > 0:
            painter.drawLine(to_pt(c.x, c.y + ov), to_pt(c.right, c.y + ov))
            marks += [to_pt(c.x + c.width * f, c.y + ov / 2) for f in (0.25, 0.75)]
        if has_below:
            painter.drawLine(to_pt(c.x, c.bottom - ov), to_pt(c.right, c.bottom - ov))
            marks += [to_pt(c.x + c.width * f, c.bottom - ov / 2) for f in (0.25, 0.75)]
        r = draw.mm(min(3.0, max(ov, 2.0) * 0.35))
        painter.setPen(draw.pen("#000000", 0.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for m in marks:
            painter.drawEllipse(m, r, r)
            painter.drawLine(QPointF(m.x() - r * 1.5, m.y()), QPointF(m.x() + r * 1.5, m.y()))
            painter.drawLine(QPointF(m.x(), m.y() - r * 1.5), QPointF(m.x(), m.y() + r * 1.5))

    def _crop_marks(self, area: QRectF) -> None:
        """Short lines in the margin continuing each edge of the printable area.

        They stop at the safe margin: nothing is printed where printers cannot print.
        """
        painter = self.painter
        painter.save()
        painter.setPen(draw.pen(QColor("#000000"), 0.4))
        full = self.device.pageLayout().fullRect(QPageLayout.Unit.Millimeter)
        safe = _pt(
            self._marks_within
            or Rect(
                SAFE_MARGIN_MM,
                SAFE_MARGIN_MM,
                full.width() - 2 * SAFE_MARGIN_MM,
                full.height() - 2 * SAFE_MARGIN_MM,
            )
        )
        gap = draw.mm(1.0)
        room_x = min(area.left() - safe.left(), safe.right() - area.right()) - gap
        room_y = min(area.top() - safe.top(), safe.bottom() - area.bottom()) - gap
        length_x, length_y = min(draw.mm(6), room_x), min(draw.mm(6), room_y)
        for x, y, sx, sy in (
            (area.left(), area.top(), -1, -1),
            (area.right(), area.top(), 1, -1),
            (area.left(), area.bottom(), -1, 1),
            (area.right(), area.bottom(), 1, 1),
        ):
            if length_x > 0.5:
                painter.drawLine(QPointF(x + sx * gap, y), QPointF(x + sx * (gap + length_x), y))
            if length_y > 0.5:
                painter.drawLine(QPointF(x, y + sy * gap), QPointF(x, y + sy * (gap + length_y)))
        painter.restore()


def _pt(rect: Rect) -> QRectF:
    return QRectF(draw.mm(rect.x), draw.mm(rect.y), draw.mm(rect.width), draw.mm(rect.height))
