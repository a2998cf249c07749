"""The first screen: new game, learn to play, continue, load, map editor, printing, rules,
recent games.

Continue and each recent game say which game it is: game, map, round, players and the
date it was saved (`app.savefile.SaveSummary`); a file that can no longer be loaded says so.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt, Signal, Slot
from PySide6.QtGui import QColor, QFont, QPainter, QPen
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
from app.savefile import SaveSummary


class StartScreen(QWidget):
    """Big buttons for what a person came to do; every button is backed by a window action."""

    recent_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startScreen")
        title = QLabel("Daimyo")
        font = QFont(title.font())
        font.setPointSize(34)
        font.setBold(True)
        title.setFont(font)
        title.setAlignment(Qt.AlignCenter)
        title.setStyleSheet("color: #7a1f1a")
        subtitle = QLabel("Battle for the provinces of the Emerald Empire against AI clans")
        subtitle.setAlignment(Qt.AlignCenter)
        subtitle.setStyleSheet("color: #5d4e37; font-size: 14px")

        self.new_button = QPushButton("New game")
        self.learn_button = QPushButton("Learn to play")
        self.learn_button.setToolTip("A guided first game: the app shows what to do next and why")
        self.continue_button = QPushButton("Continue")
        self.load_button = QPushButton("Load game…")
        self.editor_button = QPushButton("Map editor")
        self.rules_button = QPushButton("Rules")
        self.print_button = QPushButton("Print…")
        self.print_button.setToolTip(
            "A print-and-play kit (board, tokens, cards, aids) or a board alone"
        )
        self.continue_info = QLabel()
        self.continue_info.setObjectName("continueInfo")
        self.continue_info.setWordWrap(True)
        self.continue_info.setMaximumWidth(230)
        self.continue_info.setStyleSheet("color: #5d4e37")
        self.continue_info.hide()
        buttons = QVBoxLayout()
        for button in (
            self.new_button,
            self.learn_button,
            self.continue_button,
            self.load_button,
            self.editor_button,
            self.print_button,
            self.rules_button,
        ):
            button.setMinimumSize(220, 42)
            buttons.addWidget(button)
            if button is self.continue_button:
                buttons.addWidget(self.continue_info)
        buttons.addStretch(1)

        self.recent = QListWidget()
        self.recent.setMinimumWidth(440)
        self.recent.setWordWrap(True)
        self.recent.setSpacing(2)
        self.recent.setStyleSheet("QListWidget::item { border-bottom: 1px solid #eadfc8; }")
        self.recent.itemActivated.connect(self._on_recent_activated)
        recent_box = QVBoxLayout()
        recent_box.addWidget(QLabel("<b>Recent games</b>"))
        recent_box.addWidget(self.recent)
        recent_box.addStretch(1)

        columns = QHBoxLayout()
        columns.addStretch(1)
        columns.addLayout(buttons)
        columns.addSpacing(40)
        columns.addLayout(recent_box)
        columns.addStretch(1)

        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(title)
        layout.addWidget(subtitle)
        layout.addSpacing(30)
        layout.addLayout(columns, 3)
        layout.addStretch(1)
        self.setStyleSheet(
            "#startScreen { background: qlineargradient(x1:0, y1:0, x2:0, y2:1,"
            " stop:0 #f6eedc, stop:1 #e4d3b0); }"
            "#startScreen QPushButton { font-size: 15px; }"
        )
        self.setAttribute(Qt.WA_StyledBackground, True)

    def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        """The paper background with a band of seigaiha waves along the bottom."""
        super().paintEvent(event)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        radius = 26
        top = self.height() - radius * 3
        ink = QPen(QColor(86, 120, 140, 150), 1.6)
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
        self.recent.clear()
        for game in games:
            item = QListWidgetItem(f"{game.title()}\n{game.details()}")
            tip = str(game.path) if game.problem is None else game.problem
            item.setToolTip(tip)
            item.setData(Qt.UserRole, str(game.path))
            item.setSizeHint(QSize(0, 2 * self.fontMetrics().height() + 14))
            if game.problem is not None:
                item.setForeground(QColor("#8a3b2e"))
            self.recent.addItem(item)
        if not games:
            item = QListWidgetItem("(none yet)")
            item.setFlags(Qt.NoItemFlags)
            self.recent.addItem(item)
        # as tall as its games (room for four at least), so the list never runs into the waves
        row = 2 * self.fontMetrics().height() + 18
        self.recent.setFixedHeight(row * min(max(len(games), 4), 6) + 6)

    def set_continue_game(self, game: SaveSummary | None) -> None:
        """Say under Continue which game it resumes (hidden when there is none)."""
        if game is None or game.problem is not None:
            self.continue_info.hide()
            self.continue_button.setToolTip(game.problem if game is not None else "")
            return
        when = game.saved.strftime("%d %b, %H:%M")
        self.continue_info.setText(f"{game.title()} · {when}")
        self.continue_button.setToolTip(f"Resume: {game.title()}\n{game.details()}")
        self.continue_info.show()

    @Slot(QListWidgetItem)
    def _on_recent_activated(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.UserRole)
        if path:
            self.recent_chosen.emit(path)
