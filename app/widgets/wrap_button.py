"""A push button whose words wrap onto a second line when the button is narrower than
them: a long choice ("Rückeroberung der verlorenen Lande behalten (3)") in the narrow
controls column beside a tall map shows whole, where a `QPushButton` cuts it at both ends."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first

PAD = (6, 3)  # the words' distance from the button's edge (pixels, across and down)


class WrapButton(QPushButton):
    """A `QPushButton` whose text is a word-wrapped label: one line where it fits (the
    size a plain button with that text asks for), more lines where the layout gives it
    less width; its height follows (its layout's height for that width)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._words = QLabel(text)
        self._words.setTextFormat(Qt.PlainText)
        self._words.setWordWrap(True)
        self._words.setAlignment(Qt.AlignCenter)
        self._words.setAttribute(Qt.WA_TransparentForMouseEvents)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(PAD[0], PAD[1], PAD[0], PAD[1])
        layout.addWidget(self._words)
        # grown by its height for its width (a Fixed height would cap it at one line)
        policy = QSizePolicy(QSizePolicy.Preferred, QSizePolicy.Minimum)
        self.setSizePolicy(policy)
        self.setAccessibleName(text)

    def text(self) -> str:  # noqa: D102 - the words shown, as QPushButton.text
        return self._words.text()

    def setText(self, text: str) -> None:  # noqa: N802, D102 - Qt's name
        self._words.setText(text)
        self.setAccessibleName(text)
        self.updateGeometry()

    def _plain(self) -> QSize:
        """The size of a plain one-line button (an empty one: its height and frame)."""
        return super().sizeHint()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """As wide as the words on one line, as high as a plain button."""
        one_line = self.fontMetrics().horizontalAdvance(self.text())
        plain = self._plain()
        return QSize(max(plain.width(), one_line + 2 * PAD[0] + 4), plain.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Narrow to its longest word; never lower than a plain button."""
        metrics = self.fontMetrics()
        longest = max((metrics.horizontalAdvance(w) for w in self.text().split()), default=0)
        return QSize(longest + 2 * PAD[0] + 4, self._plain().height())
