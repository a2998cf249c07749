"""How Battle for Rokugan's pieces look: combat tokens, control tokens, defence, specials.

Clan colours and two-letter marks come from `app.palette` (one table for the app and
print). A province's status row shows its defence (a shield with the number an attacker
must beat, before the attacker's own bonuses), its control tokens (a pill in the clan's
colour: ★ face-up, ● face-down) and its special token (a round badge with a short word).
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.board.spread import Rect, clear_of, rect_distance, spread
from app.palette import LIT_CORE, LIT_RING, Identity, rokugan_clan

INK = QColor("#1d1a15")
STATUS_FONT = 2.15  # the status letters, in units: ≥ 9 pt at fit zoom on 1280×720 (12 px)


def clan_identity(clan: str) -> Identity:
    """The clan's colour, ink and mark."""
    return rokugan_clan(clan)


def clan_colour(clan: str) -> QColor:
    """The clan's colour."""
    return QColor(rokugan_clan(clan).colour)


def _font(pixel: float, bold: bool = True) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(pixel)))
    font.setBold(bold)
    return font


def _text_path(text: str, size: float, bold: bool = True) -> QPainterPath:
    """`text` as a path `size` scene units tall (letters drawn at 10x, then scaled: a
    font of a pixel or two renders badly), centred on the origin. A fresh copy of a path
    made once: the board redraws after every decision."""
    return QPainterPath(_cached_text_path(text, round(size, 4), bold))


@lru_cache(maxsize=512)
def _cached_text_path(text: str, size: float, bold: bool) -> QPainterPath:
    from PySide6.QtGui import QTransform

    font = _font(size * 10, bold)
    path = QPainterPath()
    path.addText(0, 0, font, text)
    path = QTransform.fromScale(0.1, 0.1).map(path)
    metrics = QFontMetricsF(font)
    box = path.boundingRect()
    # centre on the letters' x-height band, so digits and capitals sit in the middle
    cap = metrics.capHeight() * 0.1
    path.translate(-box.center().x(), cap / 2)
    return path


FACE_WIDTH = 1.3
"""The widest a token's face text may be, in radii: inside the clan's ring."""


def face_path(face: str, radius: float) -> QPainterPath:
    """A token's face text ("A3", "Bluff", "Devastação") centred on the origin: big for
    two letters, smaller for a word, and narrowed to fit inside the ring when the word
    is long (in German and Portuguese some are)."""
    size = radius * (0.72 if len(face) <= 2 else 0.48)
    path = _text_path(face, size)
    for _try in range(4):  # the font's whole pixel sizes do not scale exactly
        width = path.boundingRect().width()
        if width <= radius * FACE_WIDTH:
            break
        size *= radius * FACE_WIDTH / width * 0.97
        path = _text_path(face, size)
    return path


def grow_tokens(
    items: list[TokenItem], least: float, keep_off: list[Rect], move: bool = True
) -> None:
    """Draw every token at least `least` in radius (the layout sizes a token on a short
    border by its border) without covering a name (`keep_off`); grown tokens that overlap
    move apart a little (`move`; not while a step plays on the board: it moves them
    itself). A Blessing stays on the token it blesses."""
    for item in items:
        if item.base is None:
            item.base = (item.radius, QPointF(item.pos()))
        item.set_radius(max(item.base[0], least))
    if not move:  # where the step has them, only as large as the names leave room
        for item in items:
            room = min(
                (rect_distance(r, item.x(), item.y()) for r in keep_off), default=item.radius
            )
            item.set_radius(max(item.base[0], min(item.radius, room)))  # type: ignore[index]
        return
    free = [item for item in items if item.zValue() <= TokenItem.Z]
    places = [(i.base[1].x(), i.base[1].y(), i.radius) for i in free]  # type: ignore[index]
    for item, (x, y) in zip(free, spread(places, least * 1.5, keep_off=keep_off), strict=True):
        item.setPos(x, y)
    homes = [(i.base[1].x(), i.base[1].y(), i.base[0]) for i in items]  # type: ignore[index]
    grown = [(i.pos().x(), i.pos().y(), i.radius) for i in items]
    heads = [(i.arrow.x(), i.arrow.y()) if i.arrow is not None else None for i in items]
    for item, (x, y, r) in zip(items, clear_of(homes, grown, keep_off, heads), strict=True):
        item.setPos(x, y)
        item.set_radius(r)


class TokenItem(QGraphicsItem):
    """A round combat token: face text when the viewer may see it, else the clan's back.

    `known_face_down` draws an own (or scouted) face-down token: face visible to the
    viewer, with a dashed rim saying the others cannot see it. Faces and backs carry the
    clan's two-letter mark.
    """

    Z = 45  # above the map's marks; a Blessing on a token above it

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
        self.base: tuple[float, QPointF] | None = None  # radius and place the layout gave
        if key is not None:
            self.setData(0, key)
        self.setZValue(self.Z)
        self.setAcceptHoverEvents(True)

    def set_radius(self, radius: float) -> None:
        """Draw the token with this radius (grown to be read at a small zoom)."""
        if radius != self.radius:
            self.prepareGeometryChange()
            self.radius = radius

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        r = self.radius * 1.9
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        """The disc: what a click must hit (not the arrow or the rings around it)."""
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), self.radius, self.radius)
        return path

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """Draw the disc, its face or back, the attack arrow and the highlight."""
        r = self.radius
        identity = rokugan_clan(self.clan)
        colour = QColor(identity.colour)
        painter.setRenderHint(QPainter.Antialiasing)
        if self.arrow is not None:
            ax, ay = self.arrow.x(), self.arrow.y()
            tip = QPointF(ax * r * 1.35, ay * r * 1.35)
            side = QPointF(-ay * r * 0.6, ax * r * 0.6)
            base = QPointF(ax * r * 0.55, ay * r * 0.55)
            arrow = QPainterPath(tip)
            arrow.lineTo(base + side)
            arrow.lineTo(base - side)
            arrow.closeSubpath()
            painter.setPen(QPen(INK, r * 0.08))
            painter.setBrush(colour)
            painter.drawPath(arrow)
        painter.setPen(QPen(INK, r * 0.1))
        if self.face is None:
            painter.setBrush(colour)
            painter.drawEllipse(QPointF(0, 0), r, r)
            painter.setPen(QPen(QColor(identity.ink), r * 0.1))
            painter.setBrush(Qt.NoBrush)
            painter.drawEllipse(QPointF(0, 0), r * 0.72, r * 0.72)
            painter.setPen(Qt.NoPen)
            painter.setBrush(QColor(identity.ink))
            painter.drawPath(_text_path(identity.mark, r * 0.62))
        else:
            painter.setBrush(QColor("#f7f1e3"))
            painter.drawEllipse(QPointF(0, 0), r, r)
            painter.setPen(QPen(colour, r * 0.24))
            painter.setBrush(Qt.NoBrush)
            painter.drawEllipse(QPointF(0, 0), r * 0.82, r * 0.82)
            painter.setPen(Qt.NoPen)
            painter.setBrush(INK)
            face = face_path(self.face, r)
            face.translate(0, -r * 0.12)
            painter.drawPath(face)
            mark = _text_path(identity.mark, r * 0.3)
            mark.translate(0, r * 0.5)
            painter.drawPath(mark)
            if self.known_face_down:
                pen = QPen(INK, r * 0.1, Qt.DashLine)
                painter.setPen(pen)
                painter.setBrush(Qt.NoBrush)
                painter.drawEllipse(QPointF(0, 0), r * 1.12, r * 1.12)
        if self.recent and not self.lit:
            painter.setPen(QPen(QColor("#ffffff"), r * 0.22, Qt.DotLine))
            painter.setBrush(Qt.NoBrush)
            painter.drawEllipse(QPointF(0, 0), r * 1.3, r * 1.3)
        if self.lit:
            # gold over a near-black rim, as a lit place: one of them shows on any fill
            painter.setBrush(Qt.NoBrush)
            for colour, width in ((LIT_RING, 0.5), (LIT_CORE, 0.26)):
                painter.setPen(QPen(QColor(colour), r * width))
                painter.drawEllipse(QPointF(0, 0), r * 1.3, r * 1.3)


def _pill(width: float, height: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(QRectF(-width / 2, -height / 2, width, height), height / 2, height / 2)
    return path


def _group(parts: list[tuple[QGraphicsPathItem, float]], gap: float) -> QGraphicsPathItem:
    """Parts (item, width) side by side, centred on the origin, under one parent."""
    parent = QGraphicsPathItem()
    parent.setPen(Qt.NoPen)
    total = sum(w for _, w in parts) + gap * max(0, len(parts) - 1)
    x = -total / 2
    for item, width in parts:
        item.setParentItem(parent)
        item.setPos(x + width / 2, 0)
        x += width + gap
    return parent


def control_plate(
    unit: float, clan: str, face_up: int, face_down: int
) -> tuple[QGraphicsPathItem, float]:
    """A province's control tokens: a pill in the clan colour, ★n face-up, ●n face-down."""
    identity = rokugan_clan(clan)
    size = unit * STATUS_FONT
    text = QPainterPath()
    x = 0.0
    for symbol, count in (("★", face_up), ("●", face_down)):
        if not count:
            continue
        mark = _text_path(symbol, size * 0.78)
        digits = _text_path(str(count), size)
        for part, width_of in ((mark, mark.boundingRect().width()), (digits, None)):
            box = part.boundingRect()
            part.translate(x - box.left(), 0)
            text.addPath(part)
            x += (width_of if width_of is not None else box.width()) + size * 0.08
        x += size * 0.15
    box = text.boundingRect()
    text.translate(-box.center().x(), 0)
    width = box.width() + size * 0.7
    height = size * 1.25
    pill = QGraphicsPathItem(_pill(width, height))
    pill.setBrush(QColor(identity.colour))
    pill.setPen(QPen(QColor(identity.ink), unit * 0.14))
    letters = QGraphicsPathItem(text, pill)
    letters.setBrush(QColor(identity.ink))
    letters.setPen(Qt.NoPen)
    return pill, width


def defence_shield(unit: float, value: int) -> tuple[QGraphicsPathItem, float]:
    """A shield with the province's defence."""
    size = unit * STATUS_FONT
    w, h = size * 1.15, size * 1.3
    path = QPainterPath()
    path.moveTo(-w / 2, -h / 2)
    path.lineTo(w / 2, -h / 2)
    path.lineTo(w / 2, h * 0.1)
    path.quadTo(w / 2, h * 0.38, 0, h / 2)
    path.quadTo(-w / 2, h * 0.38, -w / 2, h * 0.1)
    path.closeSubpath()
    shield = QGraphicsPathItem(path)
    shield.setBrush(QColor("#eef0f4"))
    shield.setPen(QPen(QColor("#28344a"), unit * 0.14))
    text = _text_path(str(value), size * 0.9)
    text.translate(0, -h * 0.05)
    letters = QGraphicsPathItem(text, shield)
    letters.setBrush(QColor("#28344a"))
    letters.setPen(Qt.NoPen)
    return shield, w


SPECIAL_STYLE = {
    "peace": ("☮", "#ffffff", "#2c6e49"),
    "scorched_earth": ("✹", "#2b1b17", "#ff8a50"),
    "shrine": ("⌂", "#f4e3b5", "#8e2b20"),
    "harbor": ("⚓", "#d8ecf5", "#234e70"),
    "battlefield": ("⚔", "#e6d3c3", "#5b2c1a"),
    "honor1": ("+1✿", "#fff4c2", "#7a5a00"),
    "honor2": ("+2✿", "#fff4c2", "#7a5a00"),
    "honor4": ("4✿", "#fff4c2", "#7a5a00"),
}
"""Badges of the special tokens; defense tokens have none: the shield's number counts them."""


def special_badge(name: str, unit: float) -> tuple[QGraphicsPathItem, float]:
    """A rounded badge naming a special token, and its width."""
    text, fill, ink = SPECIAL_STYLE.get(name, (name, "#ffffff", "#000000"))
    size = unit * STATUS_FONT * (1.0 if len(text) == 1 else 0.8)
    letters_path = _text_path(text, size)
    width = letters_path.boundingRect().width() + size * 0.9
    height = unit * STATUS_FONT * 1.25
    badge = QGraphicsPathItem(_pill(width, height))
    badge.setBrush(QBrush(QColor(fill)))
    badge.setPen(QPen(QColor(ink), unit * 0.14))
    letters = QGraphicsPathItem(letters_path, badge)
    letters.setBrush(QColor(ink))
    letters.setPen(Qt.NoPen)
    return badge, width


def status_row(
    unit: float,
    clan: str | None,
    face_up: int,
    face_down: int,
    defence: int,
    special: str | None,
    stacked: bool = False,
) -> QGraphicsPathItem:
    """The status of one province, centred on the origin: the shield, the control tokens
    and the special token in a row; `stacked` puts the control tokens under the rest
    (a narrow province)."""
    gap = unit * 0.3
    first: list[tuple[QGraphicsPathItem, float]] = []
    if defence:
        first.append(defence_shield(unit, defence))
    control = (
        [control_plate(unit, clan, face_up, face_down)]
        if clan is not None and face_up + face_down
        else []
    )
    if special in SPECIAL_STYLE:
        first.append(special_badge(special, unit))
    if not stacked or not first or not control:
        return _group([*first[:1], *control, *first[1:]], gap)
    top = _group(first, gap)
    bottom = _group(control, gap)
    parent = QGraphicsPathItem()
    parent.setPen(Qt.NoPen)
    rise = unit * STATUS_FONT * 0.68
    top.setParentItem(parent)
    top.setPos(0, -rise)
    bottom.setParentItem(parent)
    bottom.setPos(0, rise)
    return parent


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
