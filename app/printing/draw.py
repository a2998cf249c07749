"""Drawing helpers shared by every printed page: units, fonts, text as text, symbols.

Every page is drawn in points (1/72 inch) from the paper's top-left corner; the painter's
world transform only scales points to the device's dots (identity for the PDF writer,
which runs at 72 dpi). Text is drawn with the world transform reset so that font point
sizes mean printed points on any device (PDF, printer, preview) and stays real text.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first

PT_PER_MM = 72.0 / 25.4
FONT_FAMILIES = ["DejaVu Sans", "Noto Sans", "Liberation Sans", "Arial", "Helvetica"]
INK = QColor("#222222")


def mm(value: float) -> float:
    """Millimetres in points."""
    return value * PT_PER_MM


def font(size_pt: float, bold: bool = False, italic: bool = False) -> QFont:
    """The print font at a size in points."""
    f = QFont()
    f.setFamilies(FONT_FAMILIES)
    f.setStyleHint(QFont.StyleHint.SansSerif)
    f.setPointSizeF(max(size_pt, 0.5))
    f.setBold(bold)
    f.setItalic(italic)
    f.setKerning(False)
    # No ligatures: "fi" stays two letters, so names can be searched and copied from the PDF.
    for tag in ("liga", "clig"):
        f.setFeature(QFont.Tag(tag), 0)
    return f


def begin_points(painter: QPainter) -> None:
    """Make the painter's user unit the point, whatever the device resolution."""
    dpi = painter.device().logicalDpiX()
    painter.resetTransform()
    painter.scale(dpi / 72.0, painter.device().logicalDpiY() / 72.0)


def text_size(painter: QPainter, text: str, f: QFont) -> tuple[float, float]:
    """(width, height) of a one-line text in points."""
    device = painter.device()
    metrics = QFontMetricsF(f, device)
    factor = 72.0 / device.logicalDpiY()
    return metrics.horizontalAdvance(text) * factor, metrics.height() * factor


def draw_text(
    painter: QPainter,
    rect: QRectF,
    text: str,
    f: QFont,
    colour: QColor | str = INK,
    flags: Qt.AlignmentFlag | int = Qt.AlignmentFlag.AlignCenter,
    halo: QColor | str | None = None,
) -> None:
    """Draw `text` in a rectangle given in points, as real PDF text (once: searchable).

    `halo` puts a translucent rounded plate of that colour behind the text so names stay
    legible over borders and colours.
    """
    t = painter.transform()
    # Keep the transform's rotation and translation, drop its scale (points -> dots), and
    # scale the rectangle instead: so a page turned 180° (a folded screen) turns its text too.
    s = math.sqrt(abs(t.determinant())) or 1.0
    painter.save()
    painter.setTransform(
        QTransform(t.m11() / s, t.m12() / s, t.m21() / s, t.m22() / s, t.dx(), t.dy())
    )
    device_rect = QRectF(rect.x() * s, rect.y() * s, rect.width() * s, rect.height() * s)
    painter.setFont(f)
    if halo is not None:
        bounds = painter.boundingRect(device_rect, int(flags), text)
        pad = f.pointSizeF() * 0.18 * s
        plate = QColor(halo)
        plate.setAlpha(170)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(plate)
        painter.drawRoundedRect(bounds.adjusted(-pad, 0, pad, 0), pad * 1.5, pad * 1.5)
    painter.setPen(QColor(colour))
    painter.drawText(device_rect, int(flags), text)
    painter.restore()


def centred_rect(x: float, y: float, width: float, height: float) -> QRectF:
    """A rectangle of the given size centred on (x, y)."""
    return QRectF(x - width / 2, y - height / 2, width, height)


def pen(colour: QColor | str, width_pt: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A pen with round joins, width in points."""
    p = QPen(QColor(colour), width_pt, style)
    p.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setCapStyle(Qt.PenCapStyle.RoundCap)
    return p


# --- symbols, each centred on (x, y) with a nominal size u in points -------------------


def flower(painter: QPainter, x: float, y: float, u: float) -> None:
    """A five-petal flower: one honor point."""
    path = QPainterPath()
    r = u * 0.22
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        path.addEllipse(QPointF(x + math.cos(a) * r * 1.15, y + math.sin(a) * r * 1.15), r, r)
    painter.setPen(pen("#6b4e00", u * 0.06))
    painter.setBrush(QColor("#f2c230"))
    painter.drawPath(path.simplified())
    painter.setBrush(QColor("#b5651d"))
    painter.drawEllipse(QPointF(x, y), r * 0.6, r * 0.6)


def castle(painter: QPainter, x: float, y: float, u: float) -> None:
    """A castle keep with two roofs: a clan capital."""
    h = u * 0.62
    path = QPainterPath()
    path.addRect(QRectF(x - h * 0.55, y - h * 0.05, h * 1.1, h * 0.95))
    for top, half, depth in ((-h * 0.05, h * 0.95, h * 0.4), (-h * 0.55, h * 0.7, h * 0.4)):
        roof = QPainterPath()
        roof.moveTo(x - half, top)
        roof.lineTo(x + half, top)
        roof.lineTo(x + half * 0.55, top - depth)
        roof.lineTo(x - half * 0.55, top - depth)
        roof.closeSubpath()
        path = path.united(roof)
    path.addRect(QRectF(x - h * 0.28, y - h * 0.5, h * 0.56, h * 0.45))
    painter.setPen(pen("#3b0d0d", u * 0.05))
    painter.setBrush(QColor("#a3241f"))
    painter.drawPath(path.simplified())
    painter.setBrush(QColor("#f4ead5"))
    painter.drawRect(QRectF(x - h * 0.16, y + h * 0.45, h * 0.32, h * 0.45))


def shield(painter: QPainter, x: float, y: float, u: float, value: int) -> None:
    """A shield with the printed defense bonus."""
    w, h = u * 0.8, u * 0.95
    path = QPainterPath()
    path.moveTo(x - w / 2, y - h / 2)
    path.lineTo(x + w / 2, y - h / 2)
    path.lineTo(x + w / 2, y)
    path.quadTo(QPointF(x + w / 2, y + h * 0.35), QPointF(x, y + h / 2))
    path.quadTo(QPointF(x - w / 2, y + h * 0.35), QPointF(x - w / 2, y))
    path.closeSubpath()
    painter.setPen(pen("#1d2a3a", u * 0.06))
    painter.setBrush(QColor("#f7f4ec"))
    painter.drawPath(path)
    draw_text(painter, centred_rect(x, y - h * 0.05, w, h), f"+{value}", font(u * 0.5, bold=True))


def palace(painter: QPainter, x: float, y: float, u: float) -> None:
    """A palace (curved roof over a hall): a Rice Wars palace site."""
    h = u * 0.5
    path = QPainterPath()
    path.moveTo(x - h, y - h * 0.1)
    path.quadTo(QPointF(x - h * 0.4, y - h * 0.25), QPointF(x, y - h * 0.9))
    path.quadTo(QPointF(x + h * 0.4, y - h * 0.25), QPointF(x + h, y - h * 0.1))
    path.closeSubpath()
    hall = QPainterPath()
    hall.addRect(QRectF(x - h * 0.65, y - h * 0.1, h * 1.3, h * 0.9))
    painter.setPen(pen("#2b1840", u * 0.05))
    painter.setBrush(QColor("#6a3d9a"))
    painter.drawPath(path.united(hall).simplified())
    painter.setBrush(QColor("#f4ead5"))
    painter.drawRect(QRectF(x - h * 0.18, y + h * 0.3, h * 0.36, h * 0.5))


def sun(painter: QPainter, x: float, y: float, u: float, value: int) -> None:
    """A sun with rays and a number: a blessed field (Ryo a peasant earns there)."""
    r = u * 0.3
    rays = QPainterPath()
    for k in range(12):
        a = k * math.pi / 6
        rays.moveTo(x + math.cos(a) * r * 1.15, y + math.sin(a) * r * 1.15)
        rays.lineTo(x + math.cos(a) * r * 1.6, y + math.sin(a) * r * 1.6)
    painter.setPen(pen("#b8860b", u * 0.07))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(rays)
    painter.setPen(pen("#7a5a00", u * 0.05))
    painter.setBrush(QColor("#ffd54a"))
    painter.drawEllipse(QPointF(x, y), r, r)
    draw_text(painter, centred_rect(x, y, r * 2, r * 2), str(value), font(u * 0.36, bold=True))


def token_spot(painter: QPainter, x: float, y: float, radius: float, kind: str) -> None:
    """A border mark: where a combat token is placed (dark for land, blue for coast)."""
    colour = QColor("#1f4e79") if kind == "coast" else QColor("#3a3a3a")
    fill = QColor(255, 255, 255, 150)
    painter.setPen(pen(colour, max(0.5, radius * 0.12), Qt.PenStyle.SolidLine))
    painter.setBrush(QBrush(fill))
    painter.drawEllipse(QPointF(x, y), radius, radius)
    if kind == "coast":  # a little wave inside
        wave = QPainterPath()
        w = radius * 0.55
        wave.moveTo(x - w, y)
        wave.cubicTo(
            QPointF(x - w / 2, y - w * 0.6), QPointF(x - w / 4, y - w * 0.6), QPointF(x, y)
        )
        wave.cubicTo(
            QPointF(x + w / 4, y + w * 0.6), QPointF(x + w / 2, y + w * 0.6), QPointF(x + w, y)
        )
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(wave)
    else:
        painter.setBrush(colour)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(QPointF(x, y), radius * 0.18, radius * 0.18)
