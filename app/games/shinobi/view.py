"""The Shinobi play area: every player's province with its clan stacks, the hand, the orders.

Rendering rule: everything comes from one `ShinobiObservation`. The table, the discards,
the counts and the history are public; the hand and the allegiance are drawn only from
the viewer's own observation, and with no viewer (hot-seat hand-over) neither is shown.

Choosing an action takes two clicks, a source and a target, and the view lights the
targets that complete a legal action:

- a hand card, then a lit province (deploy) or, for a Ninja, a lit army (Ninja);
- an army in another province, then a lit province (move);
- an army of one's own province, then a lit army elsewhere (attack).

When only one source is possible (often in the third order) it is chosen at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal, Slot
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QAbstractButton,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games.base import GameView, ResolutionStep
from app.games.shinobi.narrate import (
    ORDER_HELP,
    card_name,
    draw_rule_text,
    last_round_text,
    seat_label,
)
from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja
from engine.shinobi.cards import CLAN_NAMES, NINJA, NUM_CLANS

if TYPE_CHECKING:
    from app.session import GameSession
    from engine.shinobi.state import ShinobiObservation

# Our own colour-blind-safe clan colours (Okabe-Ito) and crests (shape tells them apart too).
CLAN_COLOURS = ("#0072b2", "#009e73", "#d55e00", "#f0e442", "#cc79a7")
CLAN_INK = ("#ffffff", "#ffffff", "#ffffff", "#3a3000", "#2b0a1f")
CREST_SYMBOLS = ("▲", "●", "✿", "◆", "○")
NINJA_COLOUR = "#3b3b3b"
LIT = QColor("#f5b700")
SELECTED = QColor("#1b1b1b")

SOURCE_CARD = "card"
ARMY = "army"
PROVINCE = "province"

Key = tuple  # ("card", t) | ("army", q, c) | ("province", q)


def action_parts(action: Any, player: int) -> tuple[Key, Key]:
    """(source, target) of an action: what is clicked first and what completes it."""
    if isinstance(action, Deploy):
        return (SOURCE_CARD, action.clan), (PROVINCE, action.province)
    if isinstance(action, PlayNinja):
        return (SOURCE_CARD, NINJA), (ARMY, action.province, action.clan)
    if isinstance(action, Move):
        return (ARMY, action.source, action.clan), (PROVINCE, action.target)
    if isinstance(action, Attack):
        return (ARMY, player, action.attacker), (ARMY, action.province, action.clan)
    raise TypeError(f"not a Shinobi action: {action!r}")


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
            angle = i * 72
            painter.save()
            painter.translate(c)
            painter.rotate(angle)
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


def card_colours(card: int) -> tuple[QColor, QColor]:
    """(fill, ink) of a card."""
    if card == NINJA:
        return QColor(NINJA_COLOUR), QColor("#ffffff")
    return QColor(CLAN_COLOURS[card]), QColor(CLAN_INK[card])


class StackButton(QAbstractButton):
    """One clan's army in one province: its cards as a stack with the count on top."""

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
        # stacks grow with the window, between a small card and a large one
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self.setMinimumWidth(64)
        self.setMaximumWidth(124)
        self.setFixedHeight(156)
        self.setCursor(Qt.PointingHandCursor)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Room for a fan of cards and the marks under it."""
        return QSize(96, 140)

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
        tip = f"{CLAN_NAMES[self.clan]} army: {count} card{'s' if count != 1 else ''}"
        if protected:
            tip += " · received a card this turn: safe from this turn's attack"
        if marks:
            tip += " · last turns: " + " ".join(marks)
        self.setToolTip(tip)
        self.setAccessibleName(tip)
        self.update()

    def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        w, h = self.width(), self.height()
        fill, ink = card_colours(self.clan)
        card = QRectF(8, 8, w - 20, h - 40)
        if self.lit or self.selected:
            painter.setPen(Qt.NoPen)
            painter.setBrush(SELECTED if self.selected else LIT)
            painter.drawRoundedRect(QRectF(1, 1, w - 2, h - 24), 9, 9)
        if self.count == 0:
            painter.setPen(QPen(fill.darker(110), 1.5, Qt.DashLine))
            painter.setBrush(QColor(255, 255, 255, 150))
            painter.drawRoundedRect(card.adjusted(0, 8, 0, 8), 6, 6)
            faded = QColor(fill)
            faded.setAlpha(90)
            paint_crest(painter, self.clan, card.adjusted(14, 22, -14, -6), faded)
        else:
            layers = min(self.count, 5)
            for i in range(layers):
                offset = (layers - 1 - i) * 3
                rect = card.translated(offset - (layers - 1) * 1.5, (layers - 1 - i) * 2.2)
                painter.setPen(QPen(fill.darker(160), 1.2))
                painter.setBrush(fill if i == layers - 1 else fill.darker(112))
                painter.drawRoundedRect(rect, 6, 6)
            top = card.translated(-(layers - 1) * 1.5, 0)
            crest = max(18.0, w * 0.26)
            paint_crest(painter, self.clan, QRectF(top.x() + 6, top.y() + 6, crest, crest), ink)
            font = QFont(self.font())
            font.setBold(True)
            font.setPixelSize(max(24, int(w * 0.4)))
            painter.setFont(font)
            painter.setPen(ink)
            painter.drawText(top.adjusted(0, 12, 0, 0), Qt.AlignCenter, str(self.count))
        if self.source and not self.selected:
            painter.setPen(QPen(QColor("#1b1b1b"), 1.4, Qt.DotLine))
            painter.setBrush(Qt.NoBrush)
            painter.drawRoundedRect(QRectF(2, 2, w - 4, h - 26), 8, 8)
        if self.protected:
            self._paint_shield(painter, QRectF(w - 22, 2, 18, 20))
        if self.marks:
            font = QFont(self.font())
            font.setBold(True)
            font.setPixelSize(12)
            painter.setFont(font)
            text = " ".join(self.marks)
            painter.setPen(QColor("#a4161a") if "−" in text else QColor("#1e6b2f"))
            painter.drawText(QRectF(0, h - 22, w, 20), Qt.AlignCenter, text)
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

    def __init__(self, card: int, count: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.count = count
        self.usable = False
        self.selected = False
        self.setCursor(Qt.PointingHandCursor)
        self.setToolTip(f"{card_name(card)} ×{count}")
        self.setAccessibleName(f"{card_name(card)} ×{count}")

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """A card's proportions."""
        return QSize(74, 100)

    def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        fill, ink = card_colours(self.card)
        rect = QRectF(5, 5, self.width() - 10, self.height() - 10)
        if self.selected or self.usable:
            painter.setPen(Qt.NoPen)
            painter.setBrush(SELECTED if self.selected else LIT)
            painter.drawRoundedRect(QRectF(0, 0, self.width(), self.height()), 9, 9)
        if not self.isEnabled() or not (self.usable or self.selected):
            fill = QColor(fill)
            fill.setAlpha(150)
        painter.setPen(QPen(fill.darker(160), 1.2))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, 7, 7)
        paint_crest(painter, self.card, rect.adjusted(14, 10, -14, -40), ink)
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(11)
        painter.setFont(font)
        painter.setPen(ink)
        painter.drawText(
            rect.adjusted(2, 0, -2, -18), Qt.AlignHCenter | Qt.AlignBottom, card_name(self.card)
        )
        font.setPixelSize(14)
        painter.setFont(font)
        painter.drawText(
            rect.adjusted(0, 0, 0, -3), Qt.AlignHCenter | Qt.AlignBottom, f"×{self.count}"
        )
        painter.end()


class AllegianceCard(QWidget):
    """The viewer's secret allegiance: a red-backed card with the clan's crest."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.clan: int | None = None
        self.setFixedSize(84, 104)

    def set_clan(self, clan: int | None) -> None:
        """Show `clan` (None: the card's back)."""
        self.clan = clan
        self.setToolTip("Your secret clan: " + CLAN_NAMES[clan] if clan is not None else "Hidden")
        self.update()

    def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        outer = QRectF(2, 2, self.width() - 4, self.height() - 4)
        painter.setPen(QPen(QColor("#5c0a0a"), 2))
        painter.setBrush(QColor("#a61e1e"))
        painter.drawRoundedRect(outer, 8, 8)
        if self.clan is not None:
            fill, ink = card_colours(self.clan)
            inner = outer.adjusted(8, 8, -8, -26)
            painter.setPen(Qt.NoPen)
            painter.setBrush(fill)
            painter.drawEllipse(inner.center(), inner.width() / 2, inner.width() / 2)
            paint_crest(painter, self.clan, inner.adjusted(10, 10, -10, -10), ink)
            font = QFont(self.font())
            font.setBold(True)
            font.setPixelSize(12)
            painter.setFont(font)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(
                outer.adjusted(0, 0, 0, -5), Qt.AlignHCenter | Qt.AlignBottom, CLAN_NAMES[self.clan]
            )
        painter.end()


class ProvincePanel(QFrame):
    """One player's province: who sits there and one stack per clan; clickable as a whole."""

    clicked = Signal(int)

    def __init__(self, province: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.province = province
        self.setObjectName("province")
        self.title = QLabel()
        self.title.setTextFormat(Qt.RichText)
        self.title.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Fixed)
        self.stacks = [StackButton(province, c) for c in range(NUM_CLANS)]
        row = QHBoxLayout()
        row.setSpacing(2)
        for stack in self.stacks:
            row.addWidget(stack)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 4)
        layout.addWidget(self.title)
        layout.addLayout(row)
        self.setCursor(Qt.PointingHandCursor)
        self.set_look(False, False, False)

    def set_look(self, lit: bool, highlighted: bool, own: bool) -> None:
        """Lit: a legal target now; highlighted: what a resolution step is about."""
        border = "#f5b700" if lit else "#2d6a4f" if highlighted else "#b8a98c"
        width = 4 if lit or highlighted else 1
        background = "#fff4cf" if lit else "#f3efe2" if own else "#fbf8f0"
        self.setStyleSheet(
            f"QFrame#province {{ border: {width}px solid {border}; border-radius: 10px;"
            f" background: {background}; }}"
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.LeftButton:
            self.clicked.emit(self.province)
            event.accept()
            return
        super().mousePressEvent(event)


def recent_actions(observation: ShinobiObservation) -> list[tuple[int, Any]]:
    """(actor, action) of the last completed turn and of the turn in progress."""
    history, actors = observation.history, observation.actors
    runs: list[list[int]] = []
    for index in range(len(history) - 1, -1, -1):
        if runs and actors[index] == actors[runs[-1][0]]:
            runs[-1].append(index)
        elif len(runs) < 2:
            runs.append([index])
        else:
            break
    if runs and actors[runs[0][0]] != observation.current_player:
        runs = runs[:1]  # the last turn is complete: show it alone
    indices = sorted(i for run in runs for i in run)
    return [(actors[i], history[i]) for i in indices]


def action_marks(recent: list[tuple[int, Any]]) -> dict[tuple[int, int], list[str]]:
    """Marks per (province, clan): +1 a card in, −1 out, 'hit −1' attacked, 'ninja −1'."""
    marks: dict[tuple[int, int], list[str]] = {}
    for _actor, action in recent:
        if isinstance(action, Deploy):
            marks.setdefault((action.province, action.clan), []).append("+1")
        elif isinstance(action, Move):
            marks.setdefault((action.source, action.clan), []).append("−1")
            marks.setdefault((action.target, action.clan), []).append("+1")
        elif isinstance(action, Attack):
            marks.setdefault((action.province, action.clan), []).append("hit −1")
        elif isinstance(action, PlayNinja):
            marks.setdefault((action.province, action.clan), []).append("ninja −1")
    return marks


class ShinobiView(GameView):
    """The table: provinces with clan stacks, the viewer's hand and allegiance, the orders."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.observation: ShinobiObservation | None = None
        self.legal: list[Any] = []
        self.selected: Key | None = None
        self.interactive = False
        self.provinces: list[ProvincePanel] = []
        self.hand_buttons: dict[int, HandCardButton] = {}
        self._names: list[str] = []
        self._highlight: set[int] = set()

        self.orders = QLabel()
        self.orders.setTextFormat(Qt.RichText)
        self.orders.setWordWrap(True)
        self.last_round = QLabel()
        self.last_round.setStyleSheet(
            "background: #a4161a; color: white; font-weight: bold; padding: 4px 8px;"
            " border-radius: 6px"
        )
        self.deck = QLabel()
        self.deck.setTextFormat(Qt.RichText)
        self.deck.setStyleSheet("font-size: 14px")
        self.totals = QLabel()
        self.totals.setTextFormat(Qt.RichText)
        self.totals.setWordWrap(True)
        self.totals.setStyleSheet("font-size: 14px")
        self.last_turn = QLabel()
        self.last_turn.setWordWrap(True)
        self.last_turn.setTextFormat(Qt.RichText)
        self.last_turn.setStyleSheet("color: #a4161a; font-size: 13px")

        info = QVBoxLayout()
        top = QHBoxLayout()
        top.addWidget(self.orders, 1)
        top.addWidget(self.last_round)
        info.addLayout(top)
        counts = QHBoxLayout()
        counts.addWidget(self.deck)
        counts.addSpacing(24)
        counts.addWidget(self.totals, 1)
        info.addLayout(counts)
        info.addWidget(self.last_turn)

        self.table = QGridLayout()
        self.table.setSpacing(10)

        self.allegiance = AllegianceCard()
        self.allegiance_label = QLabel()
        self.allegiance_label.setWordWrap(True)
        self.hand_row = QHBoxLayout()
        self.hand_row.setSpacing(4)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setStyleSheet("font-size: 15px; font-weight: bold; color: #2d4a3e")
        self.cancel = QPushButton("Cancel")
        self.cancel.setToolTip("Choose again (Esc)")
        self.cancel.clicked.connect(self._on_cancel)

        hand_box = QVBoxLayout()
        hand_box.addWidget(QLabel("<b>Your hand</b>"))
        hand_box.addLayout(self.hand_row)
        secret = QVBoxLayout()
        secret.addWidget(self.allegiance, 0, Qt.AlignHCenter)
        secret.addWidget(self.allegiance_label)
        bottom = QHBoxLayout()
        bottom.addLayout(hand_box, 0)
        bottom.addSpacing(12)
        bottom.addLayout(secret, 0)
        bottom.addStretch(1)
        prompt_row = QHBoxLayout()
        prompt_row.addWidget(self.prompt, 1)
        prompt_row.addWidget(self.cancel)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.addLayout(info)
        layout.addLayout(self.table)
        layout.addSpacing(8)
        layout.addLayout(prompt_row)
        layout.addLayout(bottom)
        layout.addStretch(1)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(self.backgroundRole(), QColor("#ede4cf"))
        self.setPalette(palette)

    # GameView --------------------------------------------------------------------------
    def show_state(self, session: GameSession, viewer: int | None, interactive: bool) -> None:
        """Draw the table as `viewer` sees it (None: public facts only)."""
        state = session.state
        n = state.num_players
        self._names = [
            seat.name
            or ("You" if q == viewer else "")
            or ("AI " + seat.bot.partition("@")[0] if not seat.is_human else "")
            for q, seat in enumerate(session.seats)
        ]
        self._viewer = viewer
        # the hand and allegiance come only from the viewer's observation
        self.observation = state.observation(viewer if viewer is not None else 0)
        self.interactive = interactive and viewer is not None and not state.is_terminal()
        self.legal = list(state.legal_actions()) if self.interactive else []
        if len(self.provinces) != n:
            self._build_provinces(n)
        self._place_provinces(viewer if viewer is not None else 0)
        self.selected = None
        self._auto_select()
        self._redraw()

    def show_step(self, step: ResolutionStep | None) -> None:
        """Frame the provinces a resolution step is about."""
        self._highlight = {int(h) for h in step.highlight if h.isdigit()} if step else set()
        if self.observation is not None:
            self._redraw()

    # building --------------------------------------------------------------------------
    def _build_provinces(self, n: int) -> None:
        for panel in self.provinces:
            panel.setParent(None)
            panel.deleteLater()
        self.provinces = [ProvincePanel(q) for q in range(n)]
        for panel in self.provinces:
            panel.clicked.connect(self._on_province_clicked)
            for stack in panel.stacks:
                stack.clicked.connect(self._on_stack_clicked)

    def _place_provinces(self, own: int) -> None:
        """The others in seat order from the viewer's left, the viewer's own last."""
        n = len(self.provinces)
        for panel in self.provinces:
            self.table.removeWidget(panel)
        seats = [(own + k) % n for k in range(1, n)] + [own]
        columns = 2 if n <= 4 else 3
        for index, q in enumerate(seats):
            self.table.addWidget(self.provinces[q], index // columns, index % columns)

    # drawing ---------------------------------------------------------------------------
    def _redraw(self) -> None:
        obs = self.observation
        assert obs is not None
        viewer = self._viewer
        targets = self._targets()
        sources = self._sources()
        marks = action_marks(recent_actions(obs))
        for panel in self.provinces:
            q = panel.province
            lit = (PROVINCE, q) in targets
            panel.set_look(lit, q in self._highlight, q == viewer)
            panel.title.setText(self._province_title(q))
            for stack in panel.stacks:
                key = (ARMY, q, stack.clan)
                stack.set_look(
                    obs.army(q, stack.clan),
                    key in targets,
                    key in sources,
                    key == self.selected,
                    bool(obs.protected >> (q * NUM_CLANS + stack.clan) & 1),
                    marks.get((q, stack.clan), []),
                )
        self._draw_info(obs)
        self._draw_hand(obs, sources)
        self.prompt.setText(self._prompt_text())
        self.cancel.setVisible(self.interactive and self.selected is not None)

    def _province_title(self, q: int) -> str:
        obs = self.observation
        assert obs is not None
        name = self._names[q] if q < len(self._names) else ""
        who = f"<b>{seat_label(q)}</b>" + (f" — {name}" if name else "")
        if q == self._viewer:
            who += " · <i>your province</i>"
        if obs.current_player == q and obs.order:
            who = "▶ " + who
        cards = obs.hand_sizes[q]
        parts = [who, f"{cards} card{'s' if cards != 1 else ''} in hand"]
        total = sum(obs.army(q, c) for c in range(NUM_CLANS))
        parts.append(f"{total} on the table here")
        if obs.revealed is not None:
            clan = obs.revealed[q]
            parts.append(
                f"served <b style='color:{_text_colour(clan)}'>{CREST_SYMBOLS[clan]} "
                f"{CLAN_NAMES[clan]}</b>"
            )
        return " · ".join(parts)

    def _draw_info(self, obs: ShinobiObservation) -> None:
        if obs.order:
            pills = []
            for order in (1, 2, 3):
                style = (
                    "background:#2d6a4f; color:white;" if order == obs.order else "color:#8a7d63;"
                )
                pills.append(f"<span style='{style} font-weight:bold'>&nbsp;{order}&nbsp;</span>")
            whose = (
                "Your turn"
                if obs.current_player == self._viewer
                else f"{seat_label(obs.current_player)}'s turn"
            )
            allows = ORDER_HELP[obs.order].capitalize() + "."
            if obs.current_player == self._viewer:
                allows += " " + draw_rule_text(obs.final_left)
            self.orders.setText(
                f"<span style='font-size:15px'><b>{whose}</b> · order {' '.join(pills)}</span>"
                f"<br>{allows}"
            )
        else:
            self.orders.setText("<span style='font-size:15px'><b>The game is over.</b></span>")
        notice = last_round_text(obs.final_left) if obs.order else ""
        self.last_round.setText(notice)
        self.last_round.setVisible(bool(notice))
        discards = " ".join(
            f"<span style='color:{_text_colour(t)}'>{_symbol(t)}</span>{k}"
            for t, k in enumerate(obs.discards)
            if k
        )
        self.deck.setText(f"<b>Deck</b> {obs.deck_size} · <b>Discard</b> " + (discards or "empty"))
        totals = " ".join(
            f"<span style='color:{_text_colour(c)}'>{CREST_SYMBOLS[c]}</span> "
            f"{CLAN_NAMES[c]} <b>{obs.clan_total(c)}</b>&nbsp;&nbsp;"
            for c in range(NUM_CLANS)
        )
        self.totals.setText("<b>On the table:</b> " + totals)
        recent = recent_actions(obs)
        attacks = [
            f"{seat_label(actor)}'s {CLAN_NAMES[a.attacker]} army attacked the "
            f"{CLAN_NAMES[a.clan]} in {seat_label(a.province)}'s province (−1)"
            for actor, a in recent
            if isinstance(a, Attack)
        ]
        ninjas = [
            f"{seat_label(actor)}'s Ninja hit the {CLAN_NAMES[a.clan]} in "
            f"{seat_label(a.province)}'s province (−1)"
            for actor, a in recent
            if isinstance(a, PlayNinja)
        ]
        self.last_turn.setText("; ".join(ninjas + attacks))
        self.last_turn.setVisible(bool(attacks or ninjas))

    def _draw_hand(self, obs: ShinobiObservation, sources: set[Key]) -> None:
        while self.hand_row.count():
            item = self.hand_row.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        self.hand_buttons = {}
        if self._viewer is None:
            self.allegiance.set_clan(None)
            self.allegiance_label.setText("Hidden")
            self.hand_row.addWidget(QLabel("(hidden)"))
            return
        self.allegiance.set_clan(obs.allegiance)
        self.allegiance_label.setText(f"You secretly serve the <b>{CLAN_NAMES[obs.allegiance]}</b>")
        for card, count in enumerate(obs.hand):
            if not count:
                continue
            button = HandCardButton(card, count)
            button.usable = (SOURCE_CARD, card) in sources
            button.selected = self.selected == (SOURCE_CARD, card)
            button.clicked.connect(self._on_hand_clicked)
            self.hand_buttons[card] = button
            self.hand_row.addWidget(button)
        if not self.hand_buttons:
            self.hand_row.addWidget(QLabel("(empty)"))

    def _prompt_text(self) -> str:
        obs = self.observation
        if not self.interactive or obs is None:
            return ""
        if self.selected is None:
            if obs.order == 1:
                return "Choose a card from your hand (a Ninja to hit an army elsewhere)."
            if obs.order == 2:
                return (
                    "Choose a card to deploy to your own province, or an army in another "
                    "province to move one of its cards."
                )
            return "Choose the army of your province that attacks."
        kind = self.selected[0]
        if kind == SOURCE_CARD:
            card = self.selected[1]
            if card == NINJA:
                return "Click a lit army in another province: the Ninja removes one card."
            return f"Click a lit province to deploy the {CLAN_NAMES[card]} card there."
        clan = CLAN_NAMES[self.selected[2]]
        if obs.order == 2:
            return f"Click a lit province to move one {clan} card there."
        return f"Click a lit army: your {clan} army attacks it and removes one card."

    # choosing --------------------------------------------------------------------------
    def _player(self) -> int:
        obs = self.observation
        return obs.current_player if obs is not None else 0

    def _sources(self) -> set[Key]:
        player = self._player()
        return {action_parts(a, player)[0] for a in self.legal}

    def _targets(self) -> dict[Key, Any]:
        if self.selected is None:
            return {}
        player = self._player()
        found = {}
        for action in self.legal:
            source, target = action_parts(action, player)
            if source == self.selected:
                found[target] = action
        return found

    def _auto_select(self) -> None:
        sources = self._sources()
        if len(sources) == 1:
            self.selected = next(iter(sources))

    def _select(self, key: Key | None) -> None:
        self.selected = key
        self._redraw()

    @Slot()
    def _on_hand_clicked(self) -> None:
        button = self.sender()
        if not isinstance(button, HandCardButton) or not self.interactive:
            return
        key = (SOURCE_CARD, button.card)
        if key == self.selected:
            self._select(None)
        elif key in self._sources():
            self._select(key)
        else:
            self.status.emit(self._why_not_card(button.card))

    @Slot()
    def _on_stack_clicked(self) -> None:
        stack = self.sender()
        if not isinstance(stack, StackButton) or not self.interactive:
            return
        key = (ARMY, stack.province, stack.clan)
        targets = self._targets()
        if key in targets:
            self.action_chosen.emit(targets[key])
            return
        if (PROVINCE, stack.province) in targets:
            self.action_chosen.emit(targets[(PROVINCE, stack.province)])
            return
        if key == self.selected:
            self._select(None)
            return
        if key in self._sources():
            self._select(key)
            return
        player = self._player()
        direct = [a for a in self.legal if action_parts(a, player)[1] == key]
        if len(direct) == 1:
            self.action_chosen.emit(direct[0])
            return
        self.status.emit(self._why_not_army(stack.province, stack.clan))

    @Slot(int)
    def _on_province_clicked(self, province: int) -> None:
        if not self.interactive:
            return
        targets = self._targets()
        if (PROVINCE, province) in targets:
            self.action_chosen.emit(targets[(PROVINCE, province)])
        elif self.selected is None:
            self.status.emit("Choose a card from your hand or an army first.")
        else:
            self.status.emit(self._why_not_province(province))

    @Slot()
    def _on_cancel(self) -> None:
        self._select(None)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() == Qt.Key_Escape and self.selected is not None:
            self._on_cancel()
            return
        super().keyPressEvent(event)

    # why not ---------------------------------------------------------------------------
    def _why_not_card(self, card: int) -> str:
        obs = self.observation
        order = obs.order if obs else 0
        if card == NINJA:
            if order != 1:
                return "A Ninja is played instead of the first order only."
            return "There is no army in another province for the Ninja."
        if order == 3:
            return "The third order is the attack: choose an army of your province."
        return f"The {CLAN_NAMES[card]} card cannot be played now."

    def _why_not_army(self, province: int, clan: int) -> str:
        obs = self.observation
        assert obs is not None
        player = self._player()
        order = obs.order
        if order == 1:
            return "First order: choose a card from your hand first."
        if order == 2:
            if province == player:
                return "Nothing may be moved out of your own province."
            return f"There is no {CLAN_NAMES[clan]} card in {seat_label(province)}'s province."
        if province == player:
            return f"Your {CLAN_NAMES[clan]} army cannot attack anything (it needs 2+ cards)."
        strength = obs.army(province, clan)
        if strength == 0:
            return "There is no army there."
        if obs.protected >> (province * NUM_CLANS + clan) & 1:
            return "That army received a card this turn: it cannot be attacked now."
        if self.selected is not None and self.selected[0] == ARMY:
            attacker = self.selected[2]
            if attacker == clan:
                return "An army never attacks an army of its own clan."
            return (
                f"Only a strictly smaller army may be attacked (your {CLAN_NAMES[attacker]} "
                f"army has {obs.army(player, attacker)})."
            )
        return "No army of your province can attack it."

    def _why_not_province(self, province: int) -> str:
        obs = self.observation
        player = self._player()
        if obs is not None and obs.order == 1 and province == player:
            return "The first order deploys to another player's province, not your own."
        if obs is not None and obs.order == 2 and self.selected and self.selected[0] == SOURCE_CARD:
            return "The second order deploys to your own province only."
        return "That province is not a legal target for this choice."


def _symbol(card: int) -> str:
    return "✦" if card == NINJA else CREST_SYMBOLS[card]


def _text_colour(card: int) -> str:
    """A clan colour dark enough for text on the pale table."""
    if card == NINJA:
        return NINJA_COLOUR
    return QColor(CLAN_COLOURS[card]).darker(130 if card != 3 else 190).name()
