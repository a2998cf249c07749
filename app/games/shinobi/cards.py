"""Shinobi's cards as widgets: a clan's army in a province (a stack with its count), a card
type in the hand, the secret allegiance card; each clan in its `app.palette` colour with
its crest and two-letter mark, sized by the window (`scale`, 1 at 1280 × 720).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games.base import SUGGESTION_COLOUR
from app.i18n import _, ngettext
from app.palette import SHINOBI_CLANS
from engine.shinobi.cards import CLAN_NAMES, NINJA

NINJA_COLOUR = "#3b3b3b"
LIT = QColor("#f5b700")  # the legend (`marks_legend`) says what each look means
SELECTED = QColor("#1b1b1b")
HIT = QColor("#d62828")
GAIN = QColor("#2d6a4f")
STACK_SIZE = (50, 140)  # a stack at scale 1 (its least width and its height), pixels


def clan_colour(card: int) -> str:
    """The fill colour of a clan (or the Ninja) as #rrggbb."""
    return NINJA_COLOUR if card == NINJA else SHINOBI_CLANS[card].colour


def clan_mark(card: int) -> str:
    """A clan's two-letter mark ("OD"); "NJ" for the Ninja."""
    return "NJ" if card == NINJA else SHINOBI_CLANS[card].mark


def card_colours(card: int) -> tuple[QColor, QColor]:
    """(fill, ink) of a card."""
    if card == NINJA:
        return QColor(NINJA_COLOUR), QColor("#ffffff")
    identity = SHINOBI_CLANS[card]
    return QColor(identity.colour), QColor(identity.ink)


def text_colour(card: int) -> str:
    """A clan colour dark enough for text on the pale table."""
    if card == NINJA:
        return NINJA_COLOUR
    colour = QColor(SHINOBI_CLANS[card].colour)
    return colour.darker(190 if colour.lightnessF() > 0.6 else 125).name()


def paint_crest(painter: QPainter, card: int, rect: QRectF, ink: QColor) -> None:
    """Draw the crest of `card` (a clan, or the Ninja's shuriken) inside `rect`."""
    painter.save()
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setPen(QPen(ink, max(1.0, rect.width() * 0.08)))
    painter.setBrush(ink)
    c = rect.center()
    r = min(rect.width(), rect.height()) / 2
    path = QPainterPath()
    path.setFillRule(Qt.WindingFill)  # overlapping parts of a crest stay filled
    if card == 0:  # Go-Hōjō: three scales (triangles)
        s = r * 0.55
        for dx, dy in ((0, -s * 0.6), (-s, s * 0.8), (s, s * 0.8)):
            top = QPointF(c.x() + dx, c.y() + dy - s * 0.8)
            path.moveTo(top)
            path.lineTo(c.x() + dx - s, c.y() + dy + s * 0.7)
            path.lineTo(c.x() + dx + s, c.y() + dy + s * 0.7)
            path.closeSubpath()
        painter.drawPath(path)
    elif card == 1:  # Mōri: a bar over three stars (dots)
        painter.drawRect(QRectF(c.x() - r * 0.8, c.y() - r * 0.75, r * 1.6, r * 0.28))
        for dx, dy in ((0, -0.05), (-0.45, 0.55), (0.45, 0.55)):
            painter.drawEllipse(QPointF(c.x() + dx * r, c.y() + dy * r), r * 0.28, r * 0.28)
    elif card == 2:  # Oda: a five-petal flower
        for i in range(5):
            painter.save()
            painter.translate(c)
            painter.rotate(i * 72)
            painter.drawEllipse(QPointF(0, -r * 0.5), r * 0.3, r * 0.42)
            painter.restore()
    elif card == 3:  # Takeda: four diamonds
        s = r * 0.42
        for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
            x, y = c.x() + dx * s * 1.05, c.y() + dy * s * 1.05
            path.moveTo(x, y - s)
            path.lineTo(x + s, y)
            path.lineTo(x, y + s)
            path.lineTo(x - s, y)
            path.closeSubpath()
        painter.drawPath(path)
    elif card == 4:  # Uesugi: a ring (of bamboo)
        painter.setBrush(Qt.NoBrush)
        painter.setPen(QPen(ink, r * 0.28))
        painter.drawEllipse(c, r * 0.7, r * 0.7)
    else:  # Ninja: a four-pointed shuriken
        for i in range(4):
            painter.save()
            painter.translate(c)
            painter.rotate(i * 90)
            blade = QPainterPath()
            blade.moveTo(0, -r)
            blade.lineTo(r * 0.25, -r * 0.2)
            blade.lineTo(-r * 0.25, -r * 0.2)
            blade.closeSubpath()
            painter.drawPath(blade)
            painter.restore()
        painter.setBrush(QColor("#ffffff"))
        painter.drawEllipse(c, r * 0.15, r * 0.15)
    painter.restore()


def _bold(widget: QWidget, pixels: float) -> QFont:
    font = QFont(widget.font())
    font.setBold(True)
    font.setPixelSize(max(9, round(pixels)))
    return font


class StackButton(QAbstractButton):
    """One clan's army in one province: its cards as a stack, the count big on top, the
    clan's mark in a corner; `flash` (0..1, animated) rings it red for a hit or green
    for a card in; `ring` is the colour of a seat whose last move was here."""

    def __init__(self, province: int, clan: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.province = province
        self.clan = clan
        self.count = 0
        self.lit = False
        self.source = False
        self.selected = False
        self.protected = False
        self.marks: list[str] = []
        self.flash = 0.0
        self.flash_colour = HIT
        self.ring: QColor | None = None
        self.suggestion: str | None = None  # words of a hint, the guide or a review here
        self.scale = 1.0
        # stacks grow with the window, between a small card and a large one
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self.set_scale(1.0)
        self.setCursor(Qt.PointingHandCursor)

    def set_scale(self, scale: float, height: int = 0) -> None:
        """Size the stack for `scale` (`height` in pixels: 0 for the normal one)."""
        self.scale = scale
        width, normal = STACK_SIZE
        self.setMinimumWidth(round(width * scale))
        self.setMaximumWidth(round(width * 2 * scale))
        self.setFixedHeight(height or round(normal * scale))
        self.updateGeometry()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Room for a fan of cards and the marks under it."""
        return QSize(round(STACK_SIZE[0] * 1.4 * self.scale), round(STACK_SIZE[1] * self.scale))

    def set_look(
        self,
        count: int,
        lit: bool,
        source: bool,
        selected: bool,
        protected: bool,
        marks: list[str],
    ) -> None:
        """Set what to draw and repaint."""
        self.count, self.lit, self.source, self.selected = count, lit, source, selected
        self.protected, self.marks = protected, marks
        tip = ngettext("{clan} army: {n} card", "{clan} army: {n} cards", count).format(
            clan=CLAN_NAMES[self.clan], n=count
        )
        if protected:
            tip += " · " + _("received a card this turn: safe from this turn's attack")
        if marks:
            tip += " · " + _("last turns: {marks}").format(marks=" ".join(marks))
        if self.suggestion is not None:
            tip += "\n" + _("Suggested") + (f": {self.suggestion}" if self.suggestion else "")
        self.setToolTip(tip)
        self.setAccessibleName(tip)
        self.update()

    def set_suggestion(self, words: str | None) -> None:
        """Ring the stack as a suggested move (None: not suggested); its words join the
        tooltip."""
        if words == self.suggestion:
            return
        self.suggestion = words
        tip = self.toolTip().split("\n" + _("Suggested"))[0]
        if words is not None:
            tip += "\n" + _("Suggested") + (f": {words}" if words else "")
        self.setToolTip(tip)
        self.update()

    def set_flash(self, value: float) -> None:
        """How strongly the hit (or gain) ring shows, 0..1 (driven by an animation)."""
        self.flash = value
        self.update()

    def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        w, h = self.width(), self.height()
        s = self.scale
        fill, ink = card_colours(self.clan)
        mark_h = 16 * s
        card = QRectF(6 * s, 6 * s, w - 14 * s, h - mark_h - 12 * s)
        frame = QRectF(1, 1, w - 2, h - mark_h - 2)
        if self.lit or self.selected:
            painter.setPen(Qt.NoPen)
            painter.setBrush(SELECTED if self.selected else LIT)
            painter.drawRoundedRect(frame, 8 * s, 8 * s)
        if self.count == 0:
            painter.setPen(QPen(fill.darker(115), 1.2 * s, Qt.DashLine))
            painter.setBrush(QColor(255, 255, 255, 110))
            painter.drawRoundedRect(card.adjusted(4 * s, 10 * s, -4 * s, -2 * s), 6 * s, 6 * s)
            faded = QColor(fill)
            faded.setAlpha(80)
            side = min(card.width(), card.height()) * 0.45
            crest = QRectF(card.center().x() - side / 2, card.center().y() - side / 2 + 4 * s,
                           side, side)  # fmt: skip
            paint_crest(painter, self.clan, crest, faded)
        else:
            layers = min(self.count, 5)
            for i in range(layers):
                offset = (layers - 1 - i) * 2.6 * s
                rect = card.translated(offset - (layers - 1) * 1.3 * s, (layers - 1 - i) * 2 * s)
                painter.setPen(QPen(fill.darker(160), 1.2))
                painter.setBrush(fill if i == layers - 1 else fill.darker(112))
                painter.drawRoundedRect(rect, 6 * s, 6 * s)
            top = card.translated(-(layers - 1) * 1.3 * s, 0)
            crest = max(14.0 * s, min(top.width(), top.height()) * 0.26)
            paint_crest(painter, self.clan, QRectF(top.x() + 5 * s, top.y() + 5 * s,
                                                   crest, crest), ink)  # fmt: skip
            painter.setFont(_bold(self, 11 * s))
            painter.setPen(ink)
            painter.drawText(top.adjusted(0, 0, 0, -4 * s), Qt.AlignHCenter | Qt.AlignBottom,
                             clan_mark(self.clan))  # fmt: skip
            painter.setFont(_bold(self, min(top.height() * 0.42, top.width() * 0.62)))
            painter.drawText(top.adjusted(0, crest * 0.5, 0, -12 * s), Qt.AlignCenter,
                             str(self.count))  # fmt: skip
        if self.ring is not None:
            painter.setPen(QPen(self.ring, 3 * s, Qt.DashLine))
            painter.setBrush(Qt.NoBrush)
            painter.drawRoundedRect(frame.adjusted(1, 1, -1, -1), 8 * s, 8 * s)
        if self.suggestion is not None:  # white on a dark rim: no seat's colour is white
            rim = frame.adjusted(3 * s, 3 * s, -3 * s, -3 * s)
            painter.setBrush(Qt.NoBrush)
            painter.setPen(QPen(QColor("#1b1b1b"), 6 * s))
            painter.drawRoundedRect(rim, 8 * s, 8 * s)
            painter.setPen(QPen(QColor(SUGGESTION_COLOUR), 3.5 * s))
            painter.drawRoundedRect(rim, 8 * s, 8 * s)
        if self.flash > 0:
            colour = QColor(self.flash_colour)
            colour.setAlphaF(min(1.0, self.flash))
            painter.setPen(QPen(colour, 5 * s))
            glow = QColor(self.flash_colour)
            glow.setAlphaF(0.25 * self.flash)
            painter.setBrush(glow)
            painter.drawRoundedRect(frame.adjusted(2, 2, -2, -2), 8 * s, 8 * s)
        if self.source and not self.selected:
            painter.setPen(QPen(QColor("#1b1b1b"), 1.4, Qt.DotLine))
            painter.setBrush(Qt.NoBrush)
            painter.drawRoundedRect(frame.adjusted(1, 1, -1, -1), 8 * s, 8 * s)
        if self.protected:
            self._paint_shield(painter, QRectF(w - 20 * s, 2 * s, 16 * s, 18 * s))
        if self.marks:
            painter.setFont(_bold(self, 11.5 * s))
            text = " ".join(self.marks)
            painter.setPen(QColor("#a4161a") if "−" in text else QColor("#1e6b2f"))
            painter.drawText(QRectF(0, h - mark_h, w, mark_h), Qt.AlignCenter, text)
        painter.end()

    @staticmethod
    def _paint_shield(painter: QPainter, rect: QRectF) -> None:
        path = QPainterPath()
        path.moveTo(rect.center().x(), rect.top())
        path.lineTo(rect.right(), rect.top() + rect.height() * 0.2)
        path.quadTo(rect.right(), rect.bottom() - 4, rect.center().x(), rect.bottom())
        path.quadTo(rect.left(), rect.bottom() - 4, rect.left(), rect.top() + rect.height() * 0.2)
        path.closeSubpath()
        painter.setPen(QPen(QColor("#ffffff"), 1.5))
        painter.setBrush(QColor("#2d6a4f"))
        painter.drawPath(path)


class HandCardButton(QAbstractButton):
    """A card type in the viewer's hand, with how many of it they hold."""

    def __init__(
        self, card: int, count: int, scale: float = 1.0, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.card = card
        self.count = count
        self.usable = False
        self.selected = False
        self.scale = scale
        self.setFixedSize(round(66 * scale), round(90 * scale))
        self.setCursor(Qt.PointingHandCursor)
        name = "Ninja" if card == NINJA else CLAN_NAMES[card]
        self.setToolTip(f"{name} ×{count}")
        self.setAccessibleName(f"{name} ×{count}")

    def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        s = self.scale
        fill, ink = card_colours(self.card)
        rect = QRectF(4 * s, 4 * s, self.width() - 8 * s, self.height() - 8 * s)
        if self.selected or self.usable:
            painter.setPen(Qt.NoPen)
            painter.setBrush(SELECTED if self.selected else LIT)
            painter.drawRoundedRect(QRectF(0, 0, self.width(), self.height()), 9 * s, 9 * s)
        if not self.isEnabled() or not (self.usable or self.selected):
            fill = QColor(fill)
            fill.setAlpha(150)
        painter.setPen(QPen(fill.darker(160), 1.2))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, 7 * s, 7 * s)
        paint_crest(painter, self.card, rect.adjusted(13 * s, 9 * s, -13 * s, -36 * s), ink)
        painter.setFont(_bold(self, 11 * s))
        painter.setPen(ink)
        name = "Ninja" if self.card == NINJA else CLAN_NAMES[self.card]
        painter.drawText(rect.adjusted(2, 0, -2, -17 * s), Qt.AlignHCenter | Qt.AlignBottom, name)
        painter.setFont(_bold(self, 13 * s))
        painter.drawText(
            rect.adjusted(0, 0, 0, -3 * s), Qt.AlignHCenter | Qt.AlignBottom, f"×{self.count}"
        )
        painter.end()


class AllegianceCard(QWidget):
    """The viewer's secret allegiance: a red-backed card with the clan's crest."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.clan: int | None = None
        self.scale = 1.0
        self.set_scale(1.0)

    def set_scale(self, scale: float) -> None:
        """Size the card for `scale`."""
        self.scale = scale
        self.setFixedSize(round(76 * scale), round(94 * scale))

    def set_clan(self, clan: int | None) -> None:
        """Show `clan` (None: the card's back)."""
        self.clan = clan
        self.setToolTip(
            _("Your secret clan: {clan}").format(clan=CLAN_NAMES[clan])
            if clan is not None
            else _("Hidden")
        )
        self.update()

    def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        s = self.scale
        outer = QRectF(2, 2, self.width() - 4, self.height() - 4)
        painter.setPen(QPen(QColor("#5c0a0a"), 2))
        painter.setBrush(QColor("#a61e1e"))
        painter.drawRoundedRect(outer, 8 * s, 8 * s)
        if self.clan is not None:
            fill, ink = card_colours(self.clan)
            inner = outer.adjusted(8 * s, 6 * s, -8 * s, -24 * s)
            painter.setPen(Qt.NoPen)
            painter.setBrush(fill)
            painter.drawEllipse(inner.center(), inner.width() / 2, inner.width() / 2)
            paint_crest(painter, self.clan, inner.adjusted(9 * s, 9 * s, -9 * s, -9 * s), ink)
            painter.setFont(_bold(self, 11 * s))
            painter.setPen(QColor("#ffffff"))
            painter.drawText(
                outer.adjusted(0, 0, 0, -4 * s), Qt.AlignHCenter | Qt.AlignBottom,
                CLAN_NAMES[self.clan],
            )  # fmt: skip
        painter.end()


def marks_legend() -> str:
    """What every ring and mark on the table means, for the legend's tooltip (rich text)."""
    rows = [
        ("#f5b700", _("gold: where the order may go")),
        ("#1b1b1b", _("dark: the army you chose")),
        ("#1b1b1b", _("dotted frame: where a card may be moved from")),
        ("#7d3c98", _("dashed ring in a seat's colour: that seat's last order")),
        (HIT.name(), _("red flash: an army lost a card")),
        (GAIN.name(), _("green flash: an army gained a card")),
        ("#888888", _("white ring: the order a hint, the guide or the review suggests")),
        ("#888888", _("shield: received a card this turn, safe from this turn's attack")),
        ("#888888", _("letters under a stack: the seats whose last turns touched it")),
    ]
    items = "".join(f"<li><span style='color:{c}'>■</span> {text}</li>" for c, text in rows)
    title = _("Marks on the table")
    return f"<b>{title}</b><ul style='margin:0'>{items}</ul>"
