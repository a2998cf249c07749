"""The board itself: sea, provinces in territory colours, borders, names, symbols, marks.

`BoardPainter` turns a `Board` into Qt paths once (in map units) and paints them onto any
page through a map→points transform, so one painter serves the fitted page, every tile of
a true-size print, the index thumbnail and the print preview. Everything is vector: paths
for shapes, text for names and numbers.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPolygonF, QTransform

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.printing import draw
from app.printing.layout import Rect
from app.printing.model import SEA_COLOUR, Board, BoardProvince
from maps.print_sizes import TOKEN_MM

FRAME_COLOUR = "#1b2b3a"  # the map extent frame (tests find the printed map size by it)

# Sizes on the full-size board (mm) and the smallest they may get when printed (pt).
NAME_MM, NAME_MIN_PT = 3.6, 5.0
SYMBOL_MM, SYMBOL_MIN_PT = 5.5, 6.5
SPOT_RADIUS_MM, SPOT_MIN_PT = TOKEN_MM / 2, 2.5  # a spot is as wide as a combat token
PROVINCE_LINE_MM, TERRITORY_LINE_MM, COAST_LINE_MM = 0.3, 0.9, 0.7


def map_to_points(board: Board, map_rect: Rect, window: Rect, printable: Rect) -> QTransform:
    """The transform from map units to sheet points.

    `map_rect` is where the extent lies on the canvas (mm), `window` the canvas part this
    sheet shows, `printable` where that window is printed on the sheet (mm).
    """
    minx, miny, maxx, maxy = board.extent
    sx = map_rect.width / (maxx - minx)
    sy = map_rect.height / (maxy - miny)
    ox = printable.x + map_rect.x - window.x
    oy = printable.y + map_rect.y - window.y
    k = draw.PT_PER_MM
    # x_pt = k * (ox + (x - minx) * sx)
    return QTransform(k * sx, 0, 0, k * sy, k * (ox - minx * sx), k * (oy - miny * sy))


def _ring_path(rings) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for ring in rings:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
        path.closeSubpath()
    return path


def _lines_path(lines) -> QPainterPath:
    path = QPainterPath()
    for line in lines:
        if len(line) < 2:
            continue
        path.moveTo(*line[0])
        for x, y in line[1:]:
            path.lineTo(x, y)
    return path


class BoardPainter:
    """Paints one board at any scale; build once, paint on many pages."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._province_paths = [(p, _ring_path(p.rings)) for p in board.provinces]
        self._province_bounds = [path.boundingRect() for _, path in self._province_paths]
        self._sea_path = QPainterPath()
        self._sea_path.setFillRule(Qt.FillRule.OddEvenFill)
        for sea in board.seas:
            for rings in sea.polygons:
                self._sea_path.addPath(_ring_path(rings))
        self._border_lines = {
            kind: [
                (path.boundingRect(), path)
                for b in board.borders
                if b.kind == kind
                for path in (_lines_path([line]) for line in b.lines)
            ]
            for kind in ("territory", "coast")
        }
        self._view = QRectF()  # the map part a paint call can show, map units
        minx, miny, maxx, maxy = board.extent
        self._extent = QRectF(minx, miny, maxx - minx, maxy - miny)

    def paint(
        self, painter: QPainter, transform: QTransform, scale: float, clip: QRectF | None = None
    ) -> None:
        """Paint the board. `transform` maps map units to points, `scale` is print/true size.

        `clip` (points) limits drawing to a sheet's printable area.
        """
        painter.save()
        frame = transform.mapRect(self._extent)
        shown = clip.intersected(frame) if clip is not None else frame
        painter.setClipRect(shown)
        # Only what can show on this sheet is written (tiles would repeat the whole board).
        inverse, _ = transform.inverted()
        reach = 80.0  # points: the widest label or symbol row around its anchor
        self._view = inverse.mapRect(shown.adjusted(-reach, -reach, reach, reach))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self._paint_areas(painter, transform, scale)
        self._paint_borders(painter, transform, scale)
        self._paint_marks(painter, transform, scale)
        self._paint_labels(painter, transform, scale)
        painter.restore()
        painter.save()
        if clip is not None:
            painter.setClipRect(clip)
        painter.setPen(draw.pen(FRAME_COLOUR, max(0.6, draw.mm(0.5) * scale)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(frame)
        painter.restore()

    def _paint_areas(self, painter: QPainter, transform: QTransform, scale: float) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(SEA_COLOUR))
        if not self._sea_path.isEmpty():
            painter.drawPath(transform.map(self._sea_path))
        outline = draw.pen("#5b5b5b", max(0.4, draw.mm(PROVINCE_LINE_MM) * scale))
        hatch = QBrush(QColor(40, 20, 40, 90), Qt.BrushStyle.BDiagPattern)
        mapped_paths = [
            (p, transform.map(path))
            for (p, path), bounds in zip(self._province_paths, self._province_bounds, strict=True)
            if bounds.intersects(self._view)
        ]
        painter.setPen(Qt.PenStyle.NoPen)
        for province, mapped in mapped_paths:
            painter.setBrush(QColor(province.colour))
            painter.drawPath(mapped)
            if province.shadowlands:
                painter.setBrush(hatch)
                painter.drawPath(mapped)
        # Every province outlined thin (also contacts too short to be borders); territory
        # borders and coastlines are drawn thicker on top.
        painter.setPen(outline)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for _, mapped in mapped_paths:
            painter.drawPath(mapped)

    def _paint_borders(self, painter: QPainter, transform: QTransform, scale: float) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        styles = (
            ("territory", "#262626", TERRITORY_LINE_MM, 0.9),
            ("coast", "#1f4e79", COAST_LINE_MM, 0.7),
        )
        for kind, colour, width_mm, min_pt in styles:
            path = QPainterPath()
            for bounds, line in self._border_lines[kind]:
                if bounds.intersects(self._view) or bounds.isEmpty():
                    path.addPath(line)
            if path.isEmpty():
                continue
            painter.setPen(draw.pen(colour, max(min_pt, draw.mm(width_mm) * scale)))
            painter.drawPath(transform.map(path))

    def _paint_marks(self, painter: QPainter, transform: QTransform, scale: float) -> None:
        radius = max(SPOT_MIN_PT, draw.mm(SPOT_RADIUS_MM) * scale)
        for mark in self.board.marks:
            if not self._view.contains(QPointF(*mark.point)):
                continue
            p = transform.map(QPointF(*mark.point))
            draw.token_spot(painter, p.x(), p.y(), radius, mark.kind)

    def _paint_labels(self, painter: QPainter, transform: QTransform, scale: float) -> None:
        name_pt = max(NAME_MIN_PT, draw.mm(NAME_MM) * scale)
        u = max(SYMBOL_MIN_PT, draw.mm(SYMBOL_MM) * scale)
        name_font = draw.font(name_pt, bold=True)
        for province, _ in self._province_paths:
            if not self._view.contains(QPointF(*province.label)):
                continue
            p = transform.map(QPointF(*province.label))
            x, y = p.x(), p.y()
            symbols = _symbols(province)
            name_y = y - (u * 0.55 if symbols else 0)
            width = max(draw.text_size(painter, province.name, name_font)[0] + 4, 20)
            draw.draw_text(
                painter,
                draw.centred_rect(x, name_y, width, name_pt * 1.6),
                province.name,
                name_font,
                halo="#ffffff",
            )
            if symbols:
                self._paint_symbol_row(painter, symbols, x, name_y + name_pt * 0.6 + u * 0.6, u)
        sea_font = draw.font(max(NAME_MIN_PT + 1, draw.mm(NAME_MM * 1.3) * scale), italic=True)
        for name, point in self.board.sea_labels:
            if not self._view.contains(QPointF(*point)):
                continue
            p = transform.map(QPointF(*point))
            width = draw.text_size(painter, name, sea_font)[0] + 4
            draw.draw_text(
                painter,
                draw.centred_rect(p.x(), p.y(), width, sea_font.pointSizeF() * 1.6),
                name,
                sea_font,
                colour="#1f4e79",
            )

    @staticmethod
    def _paint_symbol_row(
        painter: QPainter, symbols: list[tuple[str, int]], x: float, y: float, u: float
    ) -> None:
        step = u * 0.95
        start = x - step * (len(symbols) - 1) / 2
        for i, (kind, value) in enumerate(symbols):
            sx = start + i * step
            if kind == "flower":
                draw.flower(painter, sx, y, u)
            elif kind == "capital":
                draw.castle(painter, sx, y, u)
            elif kind == "defense":
                draw.shield(painter, sx, y, u, value)
            elif kind == "palace":
                draw.palace(painter, sx, y, u)
            elif kind == "blessed":
                draw.sun(painter, sx, y, u, value)


def _symbols(province: BoardProvince) -> list[tuple[str, int]]:
    """The symbols printed under a province's name, in reading order."""
    out: list[tuple[str, int]] = []
    if province.capital:
        out.append(("capital", 0))
    if province.defense:
        out.append(("defense", province.defense))
    if province.palace_site:
        out.append(("palace", 0))
    if province.blessed:
        out.append(("blessed", province.blessed))
    out.extend(("flower", 1) for _ in range(province.flowers))
    return out
