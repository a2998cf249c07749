"""A map drawn as a picture: seas, provinces filled by the caller's colours, names and
notes on them, an optional legend. The generator's preview and the playtest's heat map
show it on screen (`MapPicture`) and write it as PNG (`render_image`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from maps.mapfile import MapFile

SEA = QColor("#a9cfe8")
BORDER = QColor("#3a3a3a")
PAPER = QColor("#f7f3ea")
DEFAULT_FILL = QColor("#d8d0b8")

Legend = Callable[[QPainter, QRectF], None]
"""Paints a legend into the given strip under the map."""


@dataclass
class Picture:
    """What to draw: the map, a fill and a note per province, a legend."""

    mapfile: MapFile
    fills: Mapping[str, QColor] = field(default_factory=dict)
    notes: Mapping[str, str] = field(default_factory=dict)  # a second label line
    labels: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    title: str = ""
    legend: Legend | None = None


def territory_fills(mapfile: MapFile) -> dict[str, QColor]:
    """Each province filled with its territory's colour (the editor's own look)."""
    out: dict[str, QColor] = {}
    for t in mapfile.territories:
        for pid in t.provinces:
            out[pid] = QColor(t.colour)
    return out


def _path(ring: list[tuple[float, float]], holes: list[list[tuple[float, float]]]) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for r in [ring, *holes]:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in r]))
        path.closeSubpath()
    return path


def paint(painter: QPainter, picture: Picture, target: QRectF) -> None:
    """Draw `picture` into `target` (title above, legend below, the map fitted between)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(target, PAPER)
    unit = max(8.0, min(target.width(), target.height()) / 55)
    title_h = unit * 2.2 if picture.title else 0.0
    legend_h = unit * 4.2 if picture.legend else 0.0
    area = target.adjusted(unit, unit + title_h, -unit, -unit - legend_h)
    if picture.title:
        font = QFont(painter.font())
        font.setPixelSize(round(unit * 1.3))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#222222"))
        painter.drawText(
            QRectF(
                target.left() + unit, target.top() + unit * 0.5, target.width() - 2 * unit, title_h
            ),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            picture.title,
        )
    m = picture.mapfile
    minx, miny, maxx, maxy = m.extent
    scale = min(area.width() / max(maxx - minx, 1e-9), area.height() / max(maxy - miny, 1e-9))
    dx = area.left() + (area.width() - (maxx - minx) * scale) / 2 - minx * scale
    dy = area.top() + (area.height() - (maxy - miny) * scale) / 2 - miny * scale
    painter.save()
    painter.translate(dx, dy)
    painter.scale(scale, scale)
    pen = QPen(BORDER)
    pen.setCosmetic(True)
    pen.setWidthF(max(1.0, unit / 10))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(SEA)
    for sea in m.seas:
        for part in sea.polygons:
            painter.drawPath(_path(part.polygon, part.holes))
    painter.setPen(pen)
    for p in m.provinces:
        painter.setBrush(picture.fills.get(p.id, DEFAULT_FILL))
        painter.drawPath(_path(p.polygon, p.holes))
    painter.restore()
    _labels(painter, picture, unit, lambda x, y: QPointF(dx + x * scale, dy + y * scale))
    if picture.legend is not None:
        strip = QRectF(
            target.left() + unit,
            target.bottom() - legend_h,
            target.width() - 2 * unit,
            legend_h - unit * 0.5,
        )
        picture.legend(painter, strip)
    painter.restore()


def _labels(
    painter: QPainter, picture: Picture, unit: float, at: Callable[[float, float], QPointF]
) -> None:
    base = QFont(painter.font())
    base.setPixelSize(round(unit * 0.85))
    for p in picture.mapfile.provinces:
        point = picture.labels.get(p.id) or p.label
        if point is None:
            continue
        centre = at(*point)
        lines = [p.name] + ([picture.notes[p.id]] if p.id in picture.notes else [])
        # A name wider than its province is set smaller (down to 70 %), so that the names
        # of small neighbours do not run into each other.
        xs = [x for x, _ in p.polygon]
        room = at(max(xs), point[1]).x() - at(min(xs), point[1]).x()
        font = QFont(base)
        widest = max(QFontMetricsF(base).horizontalAdvance(line) for line in lines)
        if widest > room * 0.95:
            fit = max(0.7, room * 0.95 / widest)
            font.setPixelSize(max(7, round(base.pixelSize() * fit)))
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        fill = picture.fills.get(p.id, DEFAULT_FILL)
        ink = QColor("#ffffff") if fill.lightnessF() < 0.45 else QColor("#111111")
        painter.setPen(ink)
        height = metrics.height()
        top = centre.y() - height * len(lines) / 2
        for i, line in enumerate(lines):
            width = metrics.horizontalAdvance(line)
            box = QRectF(centre.x() - width / 2 - 2, top + i * height, width + 4, height)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, line)


def render_image(picture: Picture, width: int) -> QImage:
    """`picture` as an image `width` pixels wide, in the map's proportions (PNG export)."""
    minx, miny, maxx, maxy = picture.mapfile.extent
    aspect = (maxy - miny) / max(maxx - minx, 1e-9)
    unit = max(8.0, width / 55)
    extra = (unit * 2.2 if picture.title else 0) + (unit * 4.2 if picture.legend else 0)
    height = round(width * aspect + extra + 2 * unit)
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(PAPER)
    painter = QPainter(image)
    paint(painter, picture, QRectF(0, 0, width, height))
    painter.end()
    return image


class MapPicture(QWidget):
    """Shows a `Picture`, fitted to the widget."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture: Picture | None = None
        self.placeholder = ""
        self.setMinimumSize(320, 220)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_picture(self, picture: Picture | None, placeholder: str = "") -> None:
        """Show `picture` (or, when None, the `placeholder` text)."""
        self.picture = picture
        self.placeholder = placeholder
        self.update()

    def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        if self.picture is None:
            painter.fillRect(self.rect(), PAPER)
            painter.setPen(QColor("#555555"))
            painter.drawText(
                QRectF(self.rect()).adjusted(20, 20, -20, -20),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                self.placeholder,
            )
        else:
            paint(painter, self.picture, QRectF(self.rect()))
        painter.end()
