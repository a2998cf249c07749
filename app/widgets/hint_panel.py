"""The Hint box of the game screen: a button (and the H key), the AI's progress, its answer.

It only shows: `asked` / `stop_asked` / `cancel_asked` go to the controller, which runs
the search in the background (`app.analysis_worker.Analyst`) and calls `show_thinking`,
`show_progress`, `show_hint` and `clear`. The number of hints the person at the screen used
in this game (one per decision at most) is shown beside the button.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _, ngettext


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
        self.button = QPushButton()
        self.button.setObjectName("hintButton")
        self.button.clicked.connect(self.asked)
        self.used = QLabel()
        self.used.setObjectName("hintsUsed")
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(8)
        self.stop = QPushButton()
        self.stop.clicked.connect(self.stop_asked)
        self.cancel = QPushButton()
        self.cancel.setObjectName("hintCancel")
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
        self._count = 0
        self.retranslate()
        self.clear()

    def retranslate(self) -> None:
        """Say the words again in the current language (`app.i18n`)."""
        self.button.setText(_("Hint (H)"))
        self.button.setToolTip(
            _("The hard AI suggests a move, thinking only with what you can see")
        )
        self.stop.setText(_("Answer now"))
        self.stop.setToolTip(_("Stop thinking and show the best move found so far"))
        self.cancel.setText(_("Cancel"))
        self.cancel.setToolTip(_("Stop thinking and show no hint (it is not counted)"))
        self.set_count(self._count)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language (`QEvent.LanguageChange`): the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.LanguageChange:
            self.retranslate()

    def set_count(self, count: int) -> None:
        """Show how many hints the person at the screen used in this game."""
        self._count = count
        used = ngettext("{n} used", "{n} used", count).format(n=count)
        self.used.setText(used if count else "")
        self.used.setToolTip(_("Hints you used in this game; one decision counts once"))

    def set_available(self, available: bool) -> None:
        """Enable the button only during the person's own decisions."""
        self.button.setEnabled(available)

    def show_thinking(self) -> None:
        """The AI is thinking."""
        self.progress.setValue(0)
        self.progress.show()
        self.stop.show()
        self.cancel.show()
        self.answer.setText("<i>{}</i>".format(_("Thinking with what you can see…")))
        self.answer.show()

    def show_progress(self, fraction: float) -> None:
        """How far the search is (0..1)."""
        self.progress.setValue(round(100 * fraction))

    def show_hint(self, words: str, reason: str) -> None:
        """The suggested move in words and the one-line reason."""
        self.progress.hide()
        self.stop.hide()
        self.cancel.hide()
        head = "<b>{}</b>".format(_("Hint:"))
        self.answer.setText(f"{head} {escape(words)} — {escape(reason)}")
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
