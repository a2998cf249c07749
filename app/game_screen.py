"""The play screen: layout only.

`GameScreen` holds the game's view (or the hot-seat curtain), the turn and thinking
indicator, the resolution steps, the players and the log; `app.game_controller` runs the
game on it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games.base import GameView
from app.i18n import _, pgettext
from app.widgets.guide_panel import GuidePanel
from app.widgets.handoff import HandOffScreen
from app.widgets.hint_panel import HintPanel
from app.widgets.log_list import LogList
from app.widgets.players_list import PlayersList
from app.widgets.scaling import ScaledScreen

SIDE_MIN = 290  # the side panel's narrowest and widest (pixels at scale 1)
SIDE_MAX = 430
LOG_LINES = 8  # the log shows at least this many lines, however long a step's text
STEP_LINES = 3  # a step's text shows at least this many lines (more scroll)
ICON = 24  # a player's colour disc in the players list (pixels at scale 1: the style's own)


class StepScroll(QScrollArea):
    """The step's text, scrolling: it asks for the height of its text (`wanted`) and
    makes do with a few lines when the log needs the room."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.wanted = 0

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """As tall as the text (the layout gives the log its lines first)."""
        return QSize(super().sizeHint().width(), self.wanted)


class GameScreen(ScaledScreen):
    """Layout of the play screen; the controller fills it."""

    def __init__(self, view: GameView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.handoff = HandOffScreen()
        self.centre = QStackedWidget()
        self.centre.addWidget(view)
        self.centre.addWidget(self.handoff)

        self.turn = QLabel()
        self.turn.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(10)
        self.move_now = QPushButton()
        thinking = QHBoxLayout()
        thinking.addWidget(self.progress, 1)
        thinking.addWidget(self.move_now)
        self.thinking = QWidget()
        self.thinking.setLayout(thinking)
        thinking.setContentsMargins(0, 0, 0, 0)

        self.step_box = QGroupBox()
        self.step_title = QLabel()
        self.step_title.setStyleSheet("font-weight: bold")
        self.step_title.setWordWrap(True)  # a step title is never cut
        self.step_text = QLabel()
        self.step_text.setWordWrap(True)
        self.step_text.setTextFormat(Qt.RichText)
        self.step_text.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        # a long step (many battles) scrolls instead of pushing the log off the screen
        self.step_scroll = StepScroll()
        self.step_scroll.setWidget(self.step_text)
        self.step_scroll.setWidgetResizable(True)
        self.step_scroll.setFrameShape(QFrame.NoFrame)
        self.step_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.step_count = QLabel()
        self.continue_button = QPushButton()
        self.skip_button = QPushButton()
        self.step_count.setStyleSheet("color: #6b5a44")
        step_head = QHBoxLayout()
        step_head.addWidget(self.step_title, 1)
        step_head.addWidget(self.step_count)
        step_buttons = QHBoxLayout()
        step_buttons.addStretch(1)
        step_buttons.addWidget(self.skip_button)
        step_buttons.addWidget(self.continue_button)
        step_layout = QVBoxLayout(self.step_box)
        step_layout.setContentsMargins(6, 4, 6, 4)
        step_layout.setSpacing(3)
        # Continue on top: a longer or shorter step never moves it under a repeated click
        step_layout.addLayout(step_buttons)
        step_layout.addLayout(step_head)
        step_layout.addWidget(self.step_scroll)

        self.players = PlayersList()  # word-wrapped; a row is set again only when it changed
        self.log = LogList()  # word-wrapped, scrolled by pixels, each line measured once
        # a log read to its end stays at its end when it shrinks (a step's text shows)
        self._log_at_end = True
        bar = self.log.verticalScrollBar()
        bar.valueChanged.connect(self._on_log_scrolled)
        bar.rangeChanged.connect(self._on_log_range)
        self.undo_button = QPushButton()
        self.players_title = QLabel()
        self.log_title = QLabel()
        self.retranslate()

        self.guide_panel = GuidePanel()
        self.hint_panel = HintPanel()
        # H asks for a hint, wherever the focus is on this screen
        self.hint_key = QShortcut(QKeySequence("H"), self)
        self.hint_key.activated.connect(self.hint_panel.asked)

        side = QVBoxLayout()
        side.addWidget(self.guide_panel)
        side.addWidget(self.turn)
        side.addWidget(self.thinking)
        side.addWidget(self.hint_panel)
        side.addWidget(self.step_box)
        side.addWidget(self.players_title)
        side.addWidget(self.players)
        side.addWidget(self.log_title)
        side.addWidget(self.log, 1)
        side.addWidget(self.undo_button)
        self.side = QWidget()
        self.side.setLayout(side)

        self.splitter = QSplitter(Qt.Horizontal)
        self.splitter.addWidget(self.centre)
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        self.thinking.hide()
        self.step_box.hide()
        self.guide_panel.hide()
        # no hint is asked for during a resolution: its room goes to the step and the log
        self.step_box.installEventFilter(self)
        self.apply_scale(1.0)

    retranslated = Signal()
    """The screen said its words again in a new language (the controller retells the log)."""

    def retranslate(self) -> None:
        """Say the side panel's words again in the current language (`app.i18n`)."""
        self.move_now.setText(_("Move now"))
        self.move_now.setToolTip(_("Let the thinking clan play its best move found so far"))
        # the step button: German says "Weiter" (the prompts name it so), the start
        # screen's Continue of a saved game is "Fortsetzen"
        self.continue_button.setText(pgettext("resolution step", "Continue"))
        self.skip_button.setText(_("Skip all"))
        self.skip_button.setToolTip(_("Skip the remaining resolution steps"))
        self.undo_button.setText(_("Undo my last decision"))
        self.log.setToolTip(_("Click a line to see where it happened on the board"))
        self.players_title.setText("<b>{}</b>".format(_("Players")))
        self.log_title.setText("<b>{}</b>".format(_("Game log")))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language (`QEvent.LanguageChange`): the words again, the log retold."""
        super().changeEvent(event)
        if event.type() == QEvent.LanguageChange:
            self.retranslate()
            self.retranslated.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """The Hint box makes way while the resolution's steps show."""
        # a Hide sent because this whole screen hides is no end of the steps
        shown = event.type() == QEvent.Show
        if watched is self.step_box and (shown or event.type() == QEvent.Hide and self.isVisible()):
            self.hint_panel.setVisible(not shown)
            # the steps end with Continue focused: the keys (1–9, arrows) go back to the
            # board, not to the next widget of the side panel, where they do nothing
            focus = QApplication.focusWidget()
            if not shown and focus is not None and self.step_box.isAncestorOf(focus):
                self.view.setFocus(Qt.OtherFocusReason)
        return super().eventFilter(watched, event)

    def apply_scale(self, scale: float) -> None:
        """Size the text, the side panel and the view for `scale` (1 at 1280 × 720)."""
        super().apply_scale(scale)
        self.turn.setFont(self.scaled_font(1.25, bold=True))
        self.step_title.setFont(self.scaled_font(bold=True))
        self.step_count.setFont(self.font())  # its style sheet stops the font reaching it
        self.side.setMinimumWidth(round(SIDE_MIN * scale))
        self.side.setMaximumWidth(round(SIDE_MAX * scale))
        self.players.setIconSize(QSize(round(ICON * scale), round(ICON * scale)))
        self.fit_players()
        self.progress.setMaximumHeight(round(10 * scale))
        metrics = QFontMetrics(self.font())
        frame = 2 * self.log.frameWidth() + 4
        self.log.setMinimumHeight(LOG_LINES * metrics.lineSpacing() + frame)
        self.view.set_ui_scale(scale)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Text and panels grow with the window; the players and the step fit again."""
        super().resizeEvent(event)
        self.fit_players()
        self.fit_step_text()

    def _on_log_scrolled(self, value: int) -> None:
        self._log_at_end = value >= self.log.verticalScrollBar().maximum()

    def _on_log_range(self, _least: int, most: int) -> None:
        if self._log_at_end:
            self.log.verticalScrollBar().setValue(most)

    def show_newest_log_line(self) -> None:
        """Scroll the log to its newest line, whole on the bottom edge."""
        self.log.scrollToBottom()
        # wrapped lines are laid out later: to the bottom again once they are
        QTimer.singleShot(0, self.log, self.log.scrollToBottom)

    def fit_players(self) -> None:
        """Every player in view up to a third of the height, rows as laid out (wraps too)."""
        self.players.fit(max(60, self.height() // 3))

    def fit_step_text(self) -> None:
        """Give the step's wrapped title the height of its lines (a wrapped label does not
        ask its group box for it), and its text all it needs where the side panel has the
        room: at least a few lines, the log keeping its own; the rest scrolls."""
        width = self.step_title.width()
        self.step_title.setMinimumHeight(
            max(0, self.step_title.heightForWidth(width)) if width > 50 else 0
        )
        width = self.step_scroll.viewport().width()
        if width <= 50:
            width = self.side.width() - 40
        bar = self.step_scroll.verticalScrollBar()
        if not bar.isVisible():  # measured as if it scrolled, it never needs to
            width -= bar.sizeHint().width()
        needed = (max(0, self.step_text.heightForWidth(width)) if width > 50 else 0) + 4
        least = STEP_LINES * QFontMetrics(self.font()).lineSpacing() + 4
        scroll = self.step_scroll
        scroll.wanted = needed
        scroll.setMinimumHeight(min(needed, least))
        scroll.setMaximumHeight(max(needed, least))
        scroll.updateGeometry()
