"""The Hint box of the game screen: a button (and the H key), the AI's progress, its answer.

It only shows: `asked` / `stop_asked` / `cancel_asked` go to the controller, which runs
the search in the background (`app.analysis_worker.Analyst`) and calls `show_thinking`,
`show_progress`, `show_hint` and `clear`. The number of hints the person at the screen used
in this game (one per decision at most) is shown beside the button.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first


class HintPanel(QWidget):
    """Ask for a hint, watch the AI think, read its move and why."""

    asked = Signal()
    stop_asked = Signal()
    """Answer now with the best move found so far."""
    cancel_asked = Signal()
    """Drop the hint being thought about (it is not counted)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hintPanel")
        self.button = QPushButton("Hint (H)")
        self.button.setObjectName("hintButton")
        self.button.setToolTip("The hard AI suggests a move, thinking only with what you can see")
        self.button.clicked.connect(self.asked)
        self.used = QLabel()
        self.used.setObjectName("hintsUsed")
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(8)
        self.stop = QPushButton("Answer now")
        self.stop.setToolTip("Stop thinking and show the best move found so far")
        self.stop.clicked.connect(self.stop_asked)
        self.cancel = QPushButton("Cancel")
        self.cancel.setObjectName("hintCancel")
        self.cancel.setToolTip("Stop thinking and show no hint (it is not counted)")
        self.cancel.clicked.connect(self.cancel_asked)
        self.answer = QLabel()
        self.answer.setObjectName("hintText")
        self.answer.setWordWrap(True)
        self.answer.setTextFormat(Qt.RichText)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.button)
        top.addWidget(self.used, 1)
        top.addWidget(self.stop)
        top.addWidget(self.cancel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.progress)
        layout.addWidget(self.answer)
        self.set_count(0)
        self.clear()

    def set_count(self, count: int) -> None:
        """Show how many hints the person at the screen used in this game."""
        self.used.setText(f"{count} used" if count else "")
        self.used.setToolTip("Hints you used in this game; one decision counts once")

    def set_available(self, available: bool) -> None:
        """Enable the button only during the person's own decisions."""
        self.button.setEnabled(available)

    def show_thinking(self) -> None:
        """The AI is thinking."""
        self.progress.setValue(0)
        self.progress.show()
        self.stop.show()
        self.cancel.show()
        self.answer.setText("<i>Thinking with what you can see…</i>")
        self.answer.show()

    def show_progress(self, fraction: float) -> None:
        """How far the search is (0..1)."""
        self.progress.setValue(round(100 * fraction))

    def show_hint(self, words: str, reason: str) -> None:
        """The suggested move in words and the one-line reason."""
        self.progress.hide()
        self.stop.hide()
        self.cancel.hide()
        self.answer.setText(f"<b>Hint:</b> {escape(words)} — {escape(reason)}")
        self.answer.show()

    def show_message(self, text: str) -> None:
        """A line instead of a hint (a failure, nothing to suggest)."""
        self.progress.hide()
        self.stop.hide()
        self.cancel.hide()
        self.answer.setText(escape(text))
        self.answer.show()

    def clear(self) -> None:
        """Back to just the button."""
        self.progress.hide()
        self.stop.hide()
        self.cancel.hide()
        self.answer.clear()
        self.answer.hide()
