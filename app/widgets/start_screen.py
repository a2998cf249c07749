"""The first screen: new game, continue, load, map editor, printing, rules, recent games."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt, Signal, Slot
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
        self.continue_button = QPushButton("Continue")
        self.load_button = QPushButton("Load game…")
        self.editor_button = QPushButton("Map editor")
        self.rules_button = QPushButton("Rules")
        self.print_button = QPushButton("Print…")
        self.print_button.setToolTip(
            "A print-and-play kit (board, tokens, cards, aids) or a board alone"
        )
        buttons = QVBoxLayout()
        for button in (
            self.new_button,
            self.continue_button,
            self.load_button,
            self.editor_button,
            self.print_button,
            self.rules_button,
        ):
            button.setMinimumSize(220, 42)
            buttons.addWidget(button)
        buttons.addStretch(1)

        self.recent = QListWidget()
        self.recent.setMinimumWidth(320)
        self.recent.setFixedHeight(230)
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

    def set_recent_games(self, paths: list[str]) -> None:
        """Show the recent save files, newest first."""
        self.recent.clear()
        for path in paths:
            item = QListWidgetItem(Path(path).stem)
            item.setToolTip(path)
            item.setData(Qt.UserRole, path)
            self.recent.addItem(item)
        if not paths:
            item = QListWidgetItem("(none yet)")
            item.setFlags(Qt.NoItemFlags)
            self.recent.addItem(item)

    @Slot(QListWidgetItem)
    def _on_recent_activated(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.UserRole)
        if path:
            self.recent_chosen.emit(path)
