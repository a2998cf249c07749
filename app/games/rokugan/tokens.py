"""How Battle for Rokugan's pieces look: clan colours, combat tokens, control tokens, badges."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first

CLAN_COLOURS = {
    "crab": "#3f6d9e",
    "crane": "#5fb3d9",
    "dragon": "#2e8b57",
    "lion": "#d9a520",
    "phoenix": "#e2602a",
    "scorpion": "#b3202e",
    "unicorn": "#8a4fb8",
}
CLAN_LETTERS = {
    "crab": "Cb",
    "crane": "Cn",
    "dragon": "D",
    "lion": "L",
    "phoenix": "P",
    "scorpion": "S",
    "unicorn": "U",
}


def clan_colour(clan: str) -> QColor:
    """The clan's colour."""
    return QColor(CLAN_COLOURS.get(clan, "#777777"))


def _font(pixel: float, bold: bool = True) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(pixel)))
    font.setBold(bold)
    return font


class TokenItem(QGraphicsItem):
    """A round combat token: face text when the viewer may see it, else the clan's back.

    `known_face_down` draws an own (or scouted) face-down token: face visible to the
    viewer, with a dashed rim saying the others cannot see it.
    """

    def __init__(
        self,
        radius: float,
        clan: str,
        face: str | None,
        known_face_down: bool = False,
        key: tuple[str, str] | None = None,
    ) -> None:
        super().__init__()
        self.radius = radius
        self.clan = clan
        self.face = face
        self.known_face_down = known_face_down
        self.lit = False
        self.recent = False  # the token placed last: ringed so the eye finds it
        self.arrow: QPointF | None = None  # unit vector: the direction it attacks
        if key is not None:
            self.setData(0, key)
        self.setZValue(45)
        self.setAcceptHoverEvents(True)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        r = self.radius * 1.9
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """Draw the disc, its face or back, the attack arrow and the highlight."""
        r = self.radius
        colour = clan_colour(self.clan)
        painter.setRenderHint(QPainter.Antialiasing)
        if self.arrow is not None:
            ax, ay = self.arrow.x(), self.arrow.y()
            tip = QPointF(ax * r * 1.8, ay * r * 1.8)
            side = QPointF(-ay * r * 0.7, ax * r * 0.7)
            base = QPointF(ax * r * 0.6, ay * r * 0.6)
            arrow = QPainterPath(tip)
            arrow.lineTo(base + side)
            arrow.lineTo(base - side)
            arrow.closeSubpath()
            painter.setPen(QPen(QColor("#1d1a15"), r * 0.08))
            painter.setBrush(colour.darker(130))
            painter.drawPath(arrow)
        painter.setPen(QPen(QColor("#1d1a15"), r * 0.1))
        if self.face is None:
            painter.setBrush(colour.darker(160))
            painter.drawEllipse(QPointF(0, 0), r, r)
            painter.setPen(QPen(colour.lighter(130), r * 0.12))
            painter.setBrush(Qt.NoBrush)
            painter.drawEllipse(QPointF(0, 0), r * 0.62, r * 0.62)
            painter.setPen(QColor(colour.lighter(150)))
            painter.setFont(_font(r * 0.7))
            letters = CLAN_LETTERS.get(self.clan, "?")
            painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignCenter, letters)
        else:
            painter.setBrush(QColor("#f7f1e3"))
            painter.drawEllipse(QPointF(0, 0), r, r)
            painter.setPen(QPen(colour, r * 0.22))
            painter.setBrush(Qt.NoBrush)
            painter.drawEllipse(QPointF(0, 0), r * 0.82, r * 0.82)
            painter.setPen(QColor("#1d1a15"))
            size = r * (0.85 if len(self.face) <= 2 else 0.55)
            painter.setFont(_font(size))
            painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignCenter, self.face)
            if self.known_face_down:
                pen = QPen(QColor("#1d1a15"), r * 0.1, Qt.DashLine)
                painter.setPen(pen)
                painter.drawEllipse(QPointF(0, 0), r * 1.12, r * 1.12)
        if self.recent and not self.lit:
            painter.setPen(QPen(QColor("#ffffff"), r * 0.22, Qt.DotLine))
            painter.setBrush(Qt.NoBrush)
            painter.drawEllipse(QPointF(0, 0), r * 1.3, r * 1.3)
        if self.lit:
            painter.setPen(QPen(QColor("#ffe14d"), r * 0.3))
            painter.setBrush(Qt.NoBrush)
            painter.drawEllipse(QPointF(0, 0), r * 1.3, r * 1.3)


def control_item(radius: float, clan: str, face_up: int, face_down: int) -> QGraphicsItem:
    """A province's control tokens: a disc in the clan colour with the counts."""
    group = QGraphicsRectItem(QRectF())
    group.setPen(Qt.NoPen)
    colour = clan_colour(clan)
    count = face_up + face_down
    shown = min(count, 4)
    step = radius * 1.25
    x0 = -step * (shown - 1) / 2
    for i in range(shown):
        up = i < face_up
        disc = QGraphicsEllipseItem(-radius, -radius, 2 * radius, 2 * radius, group)
        disc.setPos(x0 + i * step, 0)
        disc.setBrush(colour if up else colour.darker(170))
        disc.setPen(QPen(QColor("#f7f1e3") if up else QColor("#1d1a15"), radius * 0.18))
        if up:
            star = QGraphicsSimpleTextItem("★", disc)
            star.setFont(_font(radius * 10))
            star.setScale(0.12)
            star.setBrush(QColor("#fff6d0"))
            box = star.boundingRect()
            star.setPos(-box.width() * 0.06, -box.height() * 0.06)
    if count > 4 or count > 1:
        text = QGraphicsSimpleTextItem(f"{face_up}▲ {face_down}▼", group)
        text.setFont(_font(radius * 10))
        text.setScale(0.1)
        text.setBrush(QColor("#1d1a15"))
        box = text.boundingRect()
        text.setPos(-box.width() * 0.05, radius * 1.1)
    return group


SPECIAL_STYLE = {
    "peace": ("Peace", "#ffffff", "#2c6e49"),
    "scorched_earth": ("Scorched", "#2b1b17", "#ff7043"),
    "shrine": ("Shrine", "#f4e3b5", "#8e2b20"),
    "harbor": ("Harbor", "#d8ecf5", "#234e70"),
    "battlefield": ("Battlefield", "#e6d3c3", "#5b2c1a"),
    "honor1": ("+1 honor", "#fff4c2", "#7a5a00"),
    "honor2": ("+2 honor", "#fff4c2", "#7a5a00"),
    "honor4": ("4 flowers", "#fff4c2", "#7a5a00"),
    "defense1": ("+1 defense", "#e3e8ef", "#28344a"),
    "defense2": ("+2 defense", "#e3e8ef", "#28344a"),
}


def special_badge(name: str, unit: float) -> QGraphicsItem:
    """A rounded badge naming a special token."""
    text, fill, ink = SPECIAL_STYLE.get(name, (name, "#ffffff", "#000000"))
    label = QGraphicsSimpleTextItem(text)
    label.setFont(_font(unit * 12))
    label.setScale(0.1)
    label.setBrush(QColor(ink))
    box = label.boundingRect()
    w, h = box.width() * 0.1 + unit * 0.8, box.height() * 0.1 + unit * 0.3
    path = QPainterPath()
    path.addRoundedRect(QRectF(-w / 2, -h / 2, w, h), h / 2, h / 2)
    badge = QGraphicsPathItem(path)
    badge.setBrush(QBrush(QColor(fill)))
    badge.setPen(QPen(QColor(ink), unit * 0.12))
    label.setParentItem(badge)
    label.setPos(-box.width() * 0.05, -box.height() * 0.05)
    return badge


def token_pixmap(size: int, clan: str, face: str | None, selected: bool = False) -> QPixmap:
    """A token picture for buttons (the hand)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    item = TokenItem(size * 0.36, clan, face)
    item.lit = selected
    painter.translate(size / 2, size / 2)
    item.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    return pixmap
