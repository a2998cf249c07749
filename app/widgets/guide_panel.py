"""The Learn to play box: the guide's current step, "Next", and leaving or resuming it.

It only shows: the controller (`app.learn.controller`) decides the step and lights its
moves on the board. `next_asked` acknowledges a step that only explains; `leave_asked` /
`resume_asked` toggle the guide (the game goes on either way).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _


class GuidePanel(QWidget):
    """The guide's words beside the board."""

    next_asked = Signal()
    leave_asked = Signal()
    resume_asked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("guidePanel")
        self.heading = QLabel()
        self.heading.setObjectName("guideTitle")
        self.heading.setTextFormat(Qt.RichText)
        self.count = QLabel()
        self.count.setObjectName("guideCount")
        self.text = QLabel()
        self.text.setObjectName("guideText")
        self.text.setWordWrap(True)
        self.next = QPushButton(_("Next"))
        self.next.setObjectName("guideNext")
        self.next.clicked.connect(self.next_asked)
        self.leave = QPushButton(_("Leave the guide"))
        self.leave.setObjectName("guideLeave")
        self.leave.clicked.connect(self._on_toggle)
        self.active = True
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.heading, 1)
        top.addWidget(self.count)
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.leave)
        buttons.addStretch(1)
        buttons.addWidget(self.next)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.text)
        layout.addLayout(buttons)

    def show_step(self, title: str, text: str, explains: bool, done: int, total: int) -> None:
        """Show a step: its title, its one or two sentences; "Next" for one that explains."""
        self.heading.setText(f"<b>{escape(title)}</b>")
        self.count.setText(_("{done} of {total}").format(done=done, total=total))
        self.text.setText(text)
        self.next.setVisible(explains)

    def show_idle(self, text: str, done: int, total: int) -> None:
        """No step applies now (the others' turns, a situation already taught)."""
        self.heading.setText("<b>{}</b>".format(_("Learn to play")))
        self.count.setText(_("{done} of {total}").format(done=done, total=total))
        self.text.setText(text)
        self.next.hide()

    def set_active(self, active: bool) -> None:
        """Following the guide, or playing on with it put aside (it can be resumed)."""
        self.active = active
        self.leave.setText(_("Leave the guide") if active else _("Resume the guide"))
        self.text.setVisible(active)
        self.heading.setVisible(active)
        self.count.setVisible(active)
        if not active:
            self.next.hide()

    def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        """A pale gold card (painted, not a style sheet: those stop the screen's font
        scale from reaching the words)."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setPen(QPen(QColor("#c8a24a"), 2))
        painter.setBrush(QColor("#fff6d6"))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 6, 6)
        painter.end()

    def _on_toggle(self) -> None:
        if self.active:
            self.leave_asked.emit()
        else:
            self.resume_asked.emit()
