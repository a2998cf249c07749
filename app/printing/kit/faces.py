"""Painting one face of a piece: tokens, token backs, cards, card backs, notes, tracks.

Every face is painted inside its cut rectangle (points), text as real PDF text: names on
one line (shrunk to fit, so a name is one searchable string), effects wrapped. Symbols are
vector paths, from `app.printing.draw` where the board uses the same ones.
"""

from __future__ import annotations

import math
from dataclasses import replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.fonts import has_japanese_font
from app.palette import readable_ink
from app.printing import draw
from app.printing.kit.model import Face

CUT_COLOUR = "#8c8c8c"  # cut outlines (tests find the cards' outlines by this colour)
FOLD_COLOUR = "#5a5a5a"
CUT_PT = 0.5
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
CENTRE = Qt.AlignmentFlag.AlignCenter
WRAP = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
WRAP_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


def fitted_font(
    painter: QPainter, text: str, size_pt: float, width: float, bold: bool = True
) -> QFont:
    """The print font at `size_pt`, shrunk until `text` fits in `width` points on one line."""
    f = draw.font(size_pt, bold=bold)
    text_w = draw.text_size(painter, text, f)[0]
    if text_w > width > 0:
        f = draw.font(max(3.0, size_pt * width / text_w * 0.97), bold=bold)
    return f


def one_line(
    painter: QPainter,
    rect: QRectF,
    text: str,
    size_pt: float,
    colour: str = draw.INK.name(),
    bold: bool = True,
    flags: Qt.AlignmentFlag | int = CENTRE,
) -> None:
    """A single line of text fitted to the rectangle's width."""
    if text:
        f = fitted_font(painter, text, size_pt, rect.width() - 2, bold)
        draw.draw_text(painter, rect, text, f, colour=colour, flags=flags)


def wrapped(
    painter: QPainter,
    rect: QRectF,
    text: str,
    size_pt: float,
    colour: str = draw.INK.name(),
    flags: Qt.AlignmentFlag | int = WRAP,
    bold: bool = False,
) -> float:
    """Wrapped text in `rect`, shrunk until it fits; returns the height it took (points)."""
    if not text:
        return 0.0
    size = size_pt
    while True:
        f = draw.font(size, bold=bold)
        # Measured a little narrower than drawn: a line that only just fits when measured
        # could wrap when drawn, and the next text would overlap it.
        height = text_height(painter, text, f, rect.width() * 0.97 - 1)
        if height <= rect.height() or size <= 4.5:
            break
        size *= 0.92
    draw.draw_text(
        painter,
        QRectF(rect.x(), rect.y(), rect.width(), height + 1),
        text,
        f,
        colour=colour,
        flags=flags,
    )
    return height


def text_height(painter: QPainter, text: str, f: QFont, width: float) -> float:
    """The height (points) of `text` wrapped at `width` points."""
    device = painter.device()
    factor = 72.0 / device.logicalDpiY()
    probe = QRectF(0, 0, width / factor, 1e6)
    metrics = QFontMetricsF(f, device)
    bounds = metrics.boundingRect(probe, int(WRAP_LEFT), text)
    return bounds.height() * factor


def cut_outline(painter: QPainter, rect: QRectF) -> None:
    """The grey cut line around a piece."""
    painter.save()
    painter.setPen(draw.pen(CUT_COLOUR, CUT_PT))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(rect)
    painter.restore()


def fold_line(painter: QPainter, a: QPointF, b: QPointF) -> None:
    """A dashed fold line, white dashes on dark: visible on light and dark faces alike."""
    painter.save()
    painter.setPen(draw.pen(FOLD_COLOUR, 0.9))
    painter.drawLine(a, b)
    dashes = draw.pen("#ffffff", 0.9, Qt.PenStyle.DashLine)
    dashes.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(dashes)
    painter.drawLine(a, b)
    painter.restore()


def paint_face(painter: QPainter, face: Face, rect: QRectF) -> None:
    """Paint a face inside its cut rectangle (points); its kanji only where a font has them
    (empty boxes would print otherwise)."""
    if face.kanji and not has_japanese_font():
        face = replace(face, kanji="")
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setClipRect(rect)
    kind = face.kind
    if kind == "token-back":
        _token_back(painter, face, rect)
    elif kind == "card":
        _card(painter, face, rect)
    elif kind == "card-back":
        _card_back(painter, face, rect)
    elif kind == "note":
        _note(painter, face, rect)
    elif kind == "track":
        _track(painter, face, rect)
    else:
        _token(painter, face, rect)
    painter.restore()


# --------------------------------------------------------------------------- tokens


def _token(painter: QPainter, face: Face, rect: QRectF) -> None:
    c = rect.center()
    r = min(rect.width(), rect.height()) * 0.46
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#ffffff"))
    painter.drawRect(rect)
    painter.setPen(draw.pen("#333333", max(0.4, r * 0.03)))
    painter.setBrush(QColor(face.colour))
    painter.drawEllipse(c, r, r)
    ink = face.ink
    if face.badge == "special":  # the clan's special token: a second ring
        painter.setPen(draw.pen(ink, max(0.5, r * 0.05), Qt.PenStyle.DotLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(c, r * 0.86, r * 0.86)
    if face.symbol:
        _symbol(painter, face.symbol, c.x(), c.y() - r * 0.62, r * 0.5, ink)
    has_sub = bool(face.subtitle)
    title_y = c.y() - (r * 0.08 if has_sub else -r * 0.05) + (r * 0.1 if face.symbol else 0)
    title_size = r * (0.78 if len(face.title) <= 2 else 0.42 if len(face.title) <= 6 else 0.32)
    one_line(
        painter,
        draw.centred_rect(c.x(), title_y, r * 1.7, r * 0.9),
        face.title,
        title_size,
        colour=ink,
    )
    if has_sub:
        one_line(
            painter,
            draw.centred_rect(c.x(), c.y() + r * 0.42, r * 1.6, r * 0.35),
            face.subtitle,
            r * 0.24,
            colour=ink,
            bold=False,
        )
    if face.mark and face.mark != face.title:
        one_line(
            painter,
            draw.centred_rect(c.x(), c.y() + r * 0.75, r * 0.9, r * 0.3),
            face.mark,
            r * 0.22,
            colour=ink,
        )


def _token_back(painter: QPainter, face: Face, rect: QRectF) -> None:
    c = rect.center()
    r = min(rect.width(), rect.height()) * 0.46
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(face.colour))
    painter.drawRect(rect)  # full bleed: a slightly misplaced cut still shows the colour
    painter.setPen(draw.pen(face.ink, max(0.5, r * 0.05)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(c, r * 0.9, r * 0.9)
    one_line(
        painter,
        draw.centred_rect(c.x(), c.y() - r * 0.08, r * 1.5, r * 0.9),
        face.mark,
        r * 0.72,
        colour=face.ink,
    )
    one_line(
        painter,
        draw.centred_rect(c.x(), c.y() + r * 0.5, r * 1.1, r * 0.3),
        face.subtitle,
        r * 0.18,
        colour=face.ink,
        bold=False,
    )


def _symbol(painter: QPainter, symbol: str, x: float, y: float, u: float, ink: str) -> None:
    """A small symbol centred on (x, y), nominal size u points."""
    painter.save()
    if symbol == "arrow":  # points at the province attacked
        path = QPainterPath()
        path.moveTo(x, y - u * 0.45)
        path.lineTo(x + u * 0.4, y + u * 0.2)
        path.lineTo(x - u * 0.4, y + u * 0.2)
        path.closeSubpath()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(ink))
        painter.drawPath(path)
    elif symbol == "flower":
        draw.flower(painter, x, y, u * 1.1)
    elif symbol == "shield":
        _shield(painter, x, y, u)
    elif symbol in ("palace", "shrine"):
        draw.palace(painter, x, y, u * 1.1)
    elif symbol == "castle":
        draw.castle(painter, x, y, u * 1.1)
    elif symbol == "sun":
        _sun(painter, x, y, u)
    elif symbol in ("fan", "harbor", "battlefield", "spear", "peace", "scorched"):
        _line_symbol(painter, symbol, x, y, u, ink)
    painter.restore()


def _shield(painter: QPainter, x: float, y: float, u: float) -> None:
    w, h = u * 0.75, u * 0.85
    path = QPainterPath()
    path.moveTo(x - w / 2, y - h / 2)
    path.lineTo(x + w / 2, y - h / 2)
    path.lineTo(x + w / 2, y)
    path.quadTo(QPointF(x + w / 2, y + h * 0.35), QPointF(x, y + h / 2))
    path.quadTo(QPointF(x - w / 2, y + h * 0.35), QPointF(x - w / 2, y))
    path.closeSubpath()
    painter.setPen(draw.pen("#1d2a3a", u * 0.07))
    painter.setBrush(QColor("#f7f4ec"))
    painter.drawPath(path)


def _sun(painter: QPainter, x: float, y: float, u: float) -> None:
    r = u * 0.28
    painter.setPen(draw.pen("#7a5a00", u * 0.07))
    for k in range(8):
        a = k * math.pi / 4
        painter.drawLine(
            QPointF(x + math.cos(a) * r * 1.3, y + math.sin(a) * r * 1.3),
            QPointF(x + math.cos(a) * r * 1.8, y + math.sin(a) * r * 1.8),
        )
    painter.setBrush(QColor("#ffd54a"))
    painter.drawEllipse(QPointF(x, y), r, r)


def _line_symbol(painter: QPainter, symbol: str, x: float, y: float, u: float, ink: str) -> None:
    painter.setPen(draw.pen(ink, max(0.4, u * 0.08)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if symbol == "fan":  # a folding fan: an arc with ribs
        path = QPainterPath()
        centre = QPointF(x, y + u * 0.35)
        for k in range(5):
            a = math.radians(210 + k * 30)
            path.moveTo(centre)
            path.lineTo(centre.x() + math.cos(a) * u * 0.6, centre.y() + math.sin(a) * u * 0.6)
        path.arcMoveTo(QRectF(x - u * 0.6, centre.y() - u * 0.6, u * 1.2, u * 1.2), 30)
        path.arcTo(QRectF(x - u * 0.6, centre.y() - u * 0.6, u * 1.2, u * 1.2), 30, 120)
        painter.drawPath(path)
    elif symbol == "spear":
        painter.drawLine(QPointF(x - u * 0.45, y + u * 0.3), QPointF(x + u * 0.35, y - u * 0.3))
        painter.setBrush(QColor(ink))
        head = QPainterPath()
        head.moveTo(x + u * 0.5, y - u * 0.42)
        head.lineTo(x + u * 0.22, y - u * 0.3)
        head.lineTo(x + u * 0.38, y - u * 0.12)
        head.closeSubpath()
        painter.drawPath(head)
    elif symbol == "harbor":  # an anchor
        painter.drawLine(QPointF(x, y - u * 0.4), QPointF(x, y + u * 0.35))
        painter.drawLine(QPointF(x - u * 0.2, y - u * 0.22), QPointF(x + u * 0.2, y - u * 0.22))
        painter.drawArc(QRectF(x - u * 0.35, y - u * 0.05, u * 0.7, u * 0.45), 180 * 16, 180 * 16)
    elif symbol == "battlefield":  # crossed swords
        painter.drawLine(QPointF(x - u * 0.35, y - u * 0.35), QPointF(x + u * 0.35, y + u * 0.35))
        painter.drawLine(QPointF(x + u * 0.35, y - u * 0.35), QPointF(x - u * 0.35, y + u * 0.35))
    elif symbol == "peace":  # a closed circle with a branch
        painter.drawEllipse(QPointF(x, y), u * 0.32, u * 0.32)
        painter.drawLine(QPointF(x, y - u * 0.32), QPointF(x, y + u * 0.32))
    elif symbol == "scorched":  # a flame
        flame = QPainterPath()
        flame.moveTo(x, y - u * 0.45)
        flame.cubicTo(
            QPointF(x + u * 0.45, y - u * 0.05),
            QPointF(x + u * 0.3, y + u * 0.4),
            QPointF(x, y + u * 0.4),
        )
        flame.cubicTo(
            QPointF(x - u * 0.3, y + u * 0.4),
            QPointF(x - u * 0.45, y - u * 0.05),
            QPointF(x, y - u * 0.45),
        )
        painter.setBrush(QColor("#c0392b"))
        painter.drawPath(flame)


# --------------------------------------------------------------------------- cards


def _card(painter: QPainter, face: Face, rect: QRectF) -> None:
    w, h = rect.width(), rect.height()
    pad = w * 0.06
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#fbf8f1"))
    painter.drawRect(rect)
    band = QRectF(rect.x(), rect.y(), w, h * 0.24 if h > w else h * 0.3)
    painter.setBrush(QColor(face.colour))
    painter.drawRect(band)
    if face.accent:  # the clan the card belongs to: a stripe in its colour
        painter.setBrush(QColor(face.accent))
        painter.drawRect(QRectF(rect.x(), band.bottom(), w, h * 0.025))
    badge_r = min(w, h) * 0.11
    left = rect.x() + pad
    right = rect.right() - pad
    title_left = left + (badge_r * 2 + 2 if face.badge else 0)
    title_right = right - (badge_r * 2 + 2 if face.badge2 else 0)
    one_line(
        painter,
        QRectF(
            title_left,
            band.y() + band.height() * 0.1,
            title_right - title_left,
            band.height() * 0.5,
        ),
        face.title,
        band.height() * 0.3,
        colour=face.ink,
    )
    one_line(
        painter,
        QRectF(left, band.y() + band.height() * 0.6, right - left, band.height() * 0.32),
        face.subtitle,
        band.height() * 0.16,
        colour=face.ink,
        bold=False,
    )
    if face.badge:
        _badge(
            painter, QPointF(left + badge_r, band.y() + band.height() * 0.35), badge_r, face.badge
        )
    if face.badge2:
        _badge(
            painter,
            QPointF(right - badge_r, band.y() + band.height() * 0.35),
            badge_r,
            face.badge2,
            fill="#f2c230",
        )
    top = band.bottom() + h * 0.04
    if face.kanji:
        one_line(
            painter,
            QRectF(left, top, right - left, h * 0.1),
            face.kanji,
            h * 0.07,
            colour=face.colour,
            bold=False,
        )
        top += h * 0.11
    if face.symbol in ("crest", "ninja"):
        top = crest(painter, face, QPointF(rect.center().x(), top + h * 0.13), h * 0.12) + 4
    elif face.symbol == "fan":
        _fan_spaces(painter, face, QRectF(left, rect.bottom() - h * 0.3, right - left, h * 0.17))
    bottom = rect.bottom() - h * (0.33 if face.symbol == "fan" else 0.08)
    body_size = max(6.0, min(10.5, w * 0.058))
    y = top
    for line in face.body:
        used = wrapped(
            painter,
            QRectF(left, y, right - left, max(8.0, bottom - y)),
            line,
            body_size,
            flags=WRAP,
        )
        y += used + body_size * 0.6
        body_size *= 0.92
    room = bottom - y
    if room > w * 0.35:  # an empty lower card: a faint mon in the card's colours
        _mon(
            painter,
            QPointF(rect.center().x(), y + room / 2),
            min(room, w) * 0.3,
            face.accent or face.colour,
        )
    one_line(
        painter,
        QRectF(left, rect.bottom() - h * 0.065, right - left, h * 0.05),
        face.footer,
        h * 0.028,
        colour="#777777",
        bold=False,
    )


def _mon(painter: QPainter, centre: QPointF, r: float, colour: str) -> None:
    """A light family crest: a ring around three overlapping circles."""
    tint = QColor(colour)
    tint.setAlpha(45)
    painter.save()
    painter.setPen(draw.pen(tint, max(0.6, r * 0.06)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, r, r)
    for k in range(3):
        a = -math.pi / 2 + k * 2 * math.pi / 3
        painter.drawEllipse(
            QPointF(centre.x() + math.cos(a) * r * 0.38, centre.y() + math.sin(a) * r * 0.38),
            r * 0.42,
            r * 0.42,
        )
    painter.restore()


def _badge(painter: QPainter, centre: QPointF, r: float, text: str, fill: str = "#ffffff") -> None:
    painter.setPen(draw.pen("#222222", max(0.4, r * 0.06)))
    painter.setBrush(QColor(fill))
    painter.drawEllipse(centre, r, r)
    parts = text.split(" ", 1)
    if len(parts) == 2:
        one_line(
            painter,
            draw.centred_rect(centre.x(), centre.y() - r * 0.18, r * 1.6, r * 0.9),
            parts[0],
            r * 0.75,
        )
        one_line(
            painter,
            draw.centred_rect(centre.x(), centre.y() + r * 0.48, r * 1.5, r * 0.4),
            parts[1],
            r * 0.3,
            bold=False,
        )
    else:
        one_line(
            painter, draw.centred_rect(centre.x(), centre.y(), r * 1.6, r * 1.2), text, r * 0.95
        )


def crest(painter: QPainter, face: Face, centre: QPointF, r: float) -> float:
    """A round crest: the owner's mark in its colour (clan cards), or a mask (Ninja)."""
    fill = face.accent or face.colour
    ink = readable_ink(fill)
    painter.setPen(draw.pen("#222222", max(0.5, r * 0.05)))
    painter.setBrush(QColor(fill))
    painter.drawEllipse(centre, r, r)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(draw.pen(ink, max(0.5, r * 0.06)))
    painter.drawEllipse(centre, r * 0.82, r * 0.82)
    if face.symbol == "ninja":  # a mask: eye slit
        painter.setBrush(QColor("#f4ead5"))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRoundedRect(
            draw.centred_rect(centre.x(), centre.y(), r * 1.2, r * 0.32), r * 0.15, r * 0.15
        )
        painter.setBrush(QColor("#111111"))
        for dx in (-0.25, 0.25):
            painter.drawEllipse(QPointF(centre.x() + r * dx, centre.y()), r * 0.08, r * 0.08)
    else:
        one_line(
            painter,
            draw.centred_rect(centre.x(), centre.y(), r * 1.3, r * 0.9),
            face.mark or face.title[:2],
            r * 0.7,
            colour=ink,
        )
    return centre.y() + r


def _fan_spaces(painter: QPainter, face: Face, rect: QRectF) -> None:
    """An advisor board's two service spaces: two fans (highest bid) and one fan."""
    half = rect.width() / 2
    for k, (fans, label) in enumerate(((2, "2 services"), (1, "1 service"))):
        box = QRectF(rect.x() + k * half + 3, rect.y(), half - 6, rect.height())
        painter.setPen(draw.pen(face.colour, 0.8, Qt.PenStyle.DashLine))
        painter.setBrush(QColor("#ffffff"))
        painter.drawRoundedRect(box, 4, 4)
        u = box.height() * 0.45
        for f in range(fans):
            fx = box.center().x() + (f - (fans - 1) / 2) * u * 1.1
            _line_symbol(painter, "fan", fx, box.y() + box.height() * 0.4, u, face.colour)
        one_line(
            painter,
            QRectF(box.x(), box.bottom() - box.height() * 0.32, box.width(), box.height() * 0.3),
            label,
            box.height() * 0.2,
            bold=False,
        )


def _card_back(painter: QPainter, face: Face, rect: QRectF) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(face.colour))
    painter.drawRect(rect)  # full bleed for duplex tolerance
    inner = rect.adjusted(
        rect.width() * 0.07, rect.width() * 0.07, -rect.width() * 0.07, -rect.width() * 0.07
    )
    # A hatch in a lighter tone (a PDF tiling pattern: small files) and a ring.
    painter.setBrush(QBrush(QColor(face.colour).lighter(130), Qt.BrushStyle.BDiagPattern))
    painter.drawRect(inner)
    painter.setPen(draw.pen(QColor(face.colour).lighter(140), inner.width() * 0.03))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(inner.center(), inner.width() * 0.42, inner.width() * 0.42)
    painter.setPen(draw.pen(face.ink, 0.8))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(inner)
    plate = draw.centred_rect(
        rect.center().x(), rect.center().y(), inner.width() * 0.9, rect.height() * 0.3
    )
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(face.colour))
    painter.drawRoundedRect(plate, 6, 6)
    y = plate.y() + plate.height() * 0.08
    if face.kanji:
        one_line(
            painter,
            QRectF(plate.x(), y, plate.width(), plate.height() * 0.35),
            face.kanji,
            plate.height() * 0.25,
            colour=face.ink,
            bold=False,
        )
        y += plate.height() * 0.35
    one_line(
        painter,
        QRectF(plate.x(), y, plate.width(), plate.height() * 0.35),
        face.title,
        plate.height() * 0.2,
        colour=face.ink,
    )
    one_line(
        painter,
        QRectF(plate.x(), y + plate.height() * 0.35, plate.width(), plate.height() * 0.25),
        face.subtitle,
        plate.height() * 0.12,
        colour=face.ink,
        bold=False,
    )


# --------------------------------------------------------------------------- notes, tracks


def _note(painter: QPainter, face: Face, rect: QRectF) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(face.colour))
    painter.drawRect(rect)
    inner = rect.adjusted(3, 3, -3, -3)
    painter.setPen(draw.pen("#4a3a20", 0.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(inner)
    h = inner.height()
    for x in (inner.x() + h * 0.55, inner.right() - h * 0.55):
        one_line(
            painter,
            draw.centred_rect(x, inner.center().y(), h * 1.0, h * 0.8),
            face.title,
            h * 0.6,
            colour="#3a2a10",
        )
    one_line(
        painter,
        draw.centred_rect(
            inner.center().x(), inner.center().y() - h * 0.15, inner.width() * 0.4, h * 0.5
        ),
        face.kanji,
        h * 0.38,
        colour="#3a2a10",
        bold=False,
    )
    one_line(
        painter,
        draw.centred_rect(
            inner.center().x(), inner.center().y() + h * 0.28, inner.width() * 0.4, h * 0.3
        ),
        face.subtitle,
        h * 0.2,
        colour="#3a2a10",
        bold=False,
    )


def _track(painter: QPainter, face: Face, rect: QRectF) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#f4ead5"))
    painter.drawRect(rect)
    h = rect.height()
    label_w = h * 1.6
    one_line(
        painter,
        QRectF(rect.x() + 3, rect.y(), label_w - 3, h * 0.7),
        face.title,
        h * 0.2,
        flags=LEFT,
    )
    one_line(
        painter,
        QRectF(rect.x() + 3, rect.y() + h * 0.6, label_w - 3, h * 0.3),
        face.footer,
        h * 0.1,
        colour="#555555",
        bold=False,
        flags=LEFT,
    )
    n = max(1, len(face.body))
    box_w = (rect.width() - label_w - 4) / n
    for i, text in enumerate(face.body):
        box = QRectF(rect.x() + label_w + i * box_w, rect.y() + 3, box_w - 2, h - 6)
        painter.setPen(draw.pen("#5b4a2a", 0.6))
        painter.setBrush(QBrush(QColor("#ffffff")))
        painter.drawRect(box)
        number, _, words = text.partition(": ")
        one_line(
            painter,
            QRectF(box.x(), box.y(), box.width(), box.height() * 0.55),
            number,
            box.height() * 0.4,
        )
        if words:
            wrapped(
                painter,
                QRectF(
                    box.x() + 1, box.y() + box.height() * 0.5, box.width() - 2, box.height() * 0.5
                ),
                words,
                box.height() * 0.16,
            )
