"""The first screen: new game, learn to play, continue, load, map editor, printing, rules,
recent games.

Continue and each recent game say which game it is: game, map, round, players and the
date it was saved (`app.savefile.SaveSummary`); a file that can no longer be loaded says so.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QSize, Qt, Signal, Slot
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _
from app.savefile import SaveSummary
from app.widgets.scaling import ScaledScreen

TITLE_POINTS = 34  # "Daimyo", at scale 1
SUBTITLE = 1.2  # the line under it, and the big buttons: this much bigger than the text
BUTTON_TEXT = 1.25
WAVE = 26  # the radius of a seigaiha scale at scale 1 (pixels)


def _unbroken(text: str) -> str:
    """`text` kept on one line where a label wraps (its spaces made non-breaking)."""
    return text.replace(" ", "\u00a0")


def _ink(widget: QWidget, colour: str) -> None:
    """Colour a widget's text (a palette: a style sheet would stop the scaled font)."""
    palette = widget.palette()
    palette.setColor(QPalette.WindowText, QColor(colour))
    widget.setPalette(palette)


class StartScreen(ScaledScreen):
    """Big buttons for what a person came to do; every button is backed by a window action."""

    recent_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startScreen")
        self._games: list[SaveSummary] = []
        self.title = QLabel("Daimyo")
        self.title.setAlignment(Qt.AlignCenter)
        _ink(self.title, "#7a1f1a")
        self.subtitle = QLabel()
        self.subtitle.setAlignment(Qt.AlignCenter)
        _ink(self.subtitle, "#5d4e37")

        self.new_button = QPushButton()
        self.learn_button = QPushButton()
        self.continue_button = QPushButton()
        self.load_button = QPushButton()
        self.editor_button = QPushButton()
        self.rules_button = QPushButton()
        self.print_button = QPushButton()
        self._continue_game: SaveSummary | None = None
        self.continue_info = QLabel()
        self.continue_info.setObjectName("continueInfo")
        self.continue_info.setWordWrap(True)
        _ink(self.continue_info, "#5d4e37")
        self.continue_info.hide()
        self.buttons = [
            self.new_button,
            self.learn_button,
            self.continue_button,
            self.load_button,
            self.editor_button,
            self.print_button,
            self.rules_button,
        ]
        buttons = QVBoxLayout()
        for button in self.buttons:
            buttons.addWidget(button)
            if button is self.continue_button:
                buttons.addWidget(self.continue_info)
        buttons.addStretch(1)

        self.recent = QListWidget()
        self.recent.setWordWrap(True)
        self.recent.setSpacing(2)
        # a style sheet on the items takes their selection colours from it: without these a
        # chosen game's words were drawn white on the pale selection, and vanished
        self.recent.setStyleSheet(
            "QListWidget::item { border-bottom: 1px solid #eadfc8; }"
            "QListWidget::item:selected { background: #f1e2c2; color: #2b2118; }"
        )
        self.recent.itemActivated.connect(self._on_recent_activated)
        self.recent_title = QLabel()
        recent_box = QVBoxLayout()
        recent_box.addWidget(self.recent_title)
        recent_box.addWidget(self.recent)
        recent_box.addStretch(1)

        columns = QHBoxLayout()
        columns.addStretch(1)
        columns.addLayout(buttons)
        columns.addSpacing(40)
        columns.addLayout(recent_box)
        columns.addStretch(1)
        self.columns = columns

        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addSpacing(20)
        layout.addLayout(columns, 3)
        layout.addStretch(1)
        self.retranslate()
        self.apply_scale(1.0)

    def retranslate(self) -> None:
        """Say every word again in the current language (`app.i18n`)."""
        self.subtitle.setText(_("Battle for Rokugan, Shinobi and Rice Wars against computer clans"))
        self.new_button.setText(_("New game"))
        self.learn_button.setText(_("Learn to play"))
        self.learn_button.setToolTip(
            _("A guided first game: the app shows what to do next and why")
        )
        self.continue_button.setText(_("Continue"))
        self.load_button.setText(_("Load game…"))
        self.editor_button.setText(_("Map editor"))
        self.rules_button.setText(_("Rules"))
        self.print_button.setText(_("Print…"))
        self.print_button.setToolTip(
            _("A print-and-play kit (board, tokens, cards, aids) or a board alone")
        )
        self.recent_title.setText("<b>{}</b>".format(_("Recent games")))
        self.set_recent_games(self._games)
        self.set_continue_game(self._continue_game)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language: the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.LanguageChange:
            self.retranslate()

    def apply_scale(self, scale: float) -> None:
        """Size the title, the buttons, the Recent list and the waves for `scale`."""
        super().apply_scale(scale)
        title = self.scaled_font(bold=True)
        title.setPointSizeF(TITLE_POINTS * scale)
        self.title.setFont(title)
        self.subtitle.setFont(self.scaled_font(SUBTITLE))
        big = self.scaled_font(BUTTON_TEXT)
        for button in self.buttons:
            button.setFont(big)
            button.setMinimumSize(self.scaled(230), self.scaled(38))
        self.continue_info.setMaximumWidth(self.scaled(230))
        self.recent.setFont(self.font())  # its style sheet stops the font reaching it
        self.recent.setMinimumWidth(self.scaled(560))  # four clans and the date on a line
        spacer = self.columns.itemAt(2).spacerItem()
        if spacer is not None:
            spacer.changeSize(self.scaled(40), 0)
            self.columns.invalidate()
        margin = self.scaled(9)
        # the buttons and the list stay above the band of waves
        self.layout().setContentsMargins(margin, margin, margin, self.scaled(WAVE) * 3)
        self.set_recent_games(self._games)

    def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        """The paper background with a band of seigaiha waves along the bottom."""
        super().paintEvent(event)
        painter = QPainter(self)
        paper = QLinearGradient(0, 0, 0, self.height())
        paper.setColorAt(0, QColor("#f6eedc"))
        paper.setColorAt(1, QColor("#e4d3b0"))
        painter.fillRect(self.rect(), paper)
        painter.setRenderHint(QPainter.Antialiasing)
        radius = self.scaled(WAVE)
        top = self.height() - radius * 3
        ink = QPen(QColor(86, 120, 140, 150), 1.6 * self.ui_scale)
        fills = (QColor("#dce8ec"), QColor("#f4efe2"))
        for row in range(6):
            y = top + row * radius * 0.55
            x = -radius + (radius if row % 2 else 0)
            while x < self.width() + radius:
                # a seigaiha scale: concentric rings, later rows overlapping earlier ones
                for index, ring in enumerate((1.0, 0.75, 0.5, 0.25)):
                    painter.setPen(ink)
                    painter.setBrush(fills[index % 2])
                    painter.drawEllipse(QPointF(x, y), radius * ring, radius * ring)
                x += radius * 2
        painter.end()

    def set_recent_games(self, games: list[SaveSummary]) -> None:
        """Show the recent save files, newest first: game, map, round, players, date."""
        self._games = list(games)
        self.recent.clear()
        for game in games:
            item = QListWidgetItem(f"{game.title()}\n{game.details()}")
            tip = str(game.path) if game.problem is None else game.problem
            item.setToolTip(tip)
            item.setData(Qt.UserRole, str(game.path))
            item.setSizeHint(QSize(0, 2 * self.fontMetrics().height() + self.scaled(14)))
            if game.problem is not None:
                item.setForeground(QColor("#8a3b2e"))
            self.recent.addItem(item)
        if not games:
            item = QListWidgetItem(_("(none yet)"))
            item.setFlags(Qt.NoItemFlags)
            self.recent.addItem(item)
        # as tall as its games (room for four at least), so the list never runs into the waves
        row = 2 * self.fontMetrics().height() + self.scaled(18)
        self.recent.setFixedHeight(row * min(max(len(games), 4), 6) + 6)

    def set_continue_game(self, game: SaveSummary | None) -> None:
        """Say under Continue which game it resumes: game, map, round, players and the date
        (hidden when there is none)."""
        self._continue_game = game
        if game is None or game.problem is not None:
            self.continue_info.hide()
            self.continue_button.setToolTip(game.problem if game is not None else "")
            return
        # game, map and round; the players; the date: each on a line, names never split
        title = " · ".join(_unbroken(part) for part in game.title().split(" · "))
        players = ", ".join(_unbroken(player) for player in game.players)
        self.continue_info.setText(f"{title}\n{players}\n{game.when()}")
        resume = _("Resume: {game}").format(game=game.title())
        self.continue_button.setToolTip(f"{resume}\n{game.details()}")
        self.continue_info.show()

    @Slot(QListWidgetItem)
    def _on_recent_activated(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.UserRole)
        if path:
            self.recent_chosen.emit(path)
