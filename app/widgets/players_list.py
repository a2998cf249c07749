"""The play screen's players: one row per seat, its colour, who plays it and its status.

The controller shows the rows again at every decision and every resolution step, and most
of the time nothing in them changed. A list cleared and filled again drew each colour disc
anew, laid every row out again (the list is word-wrapped) and lost the row a person had
selected; here only the rows whose words or colour changed are set again, each colour's
disc is drawn once, and the list's height is fitted again only when a row changed. The rows
look as they did.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first


def swatch(colour: str) -> QIcon:
    """A player's colour as a round icon (text in a light colour would not read)."""
    pixmap = QPixmap(64, 64)  # sharp up to 2 × the players' icon size
    pixmap.fill(Qt.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.Antialiasing)
    painter.setPen(QPen(QColor("#1d1a15"), 4))
    painter.setBrush(QColor(colour))
    painter.drawEllipse(6, 6, 52, 52)
    painter.end()
    return QIcon(pixmap)


class PlayersList(QListWidget):
    """The players' rows, word-wrapped; `show_rows` sets again only what changed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self._rows: list[tuple[str, str]] = []
        self._swatches: dict[str, QIcon] = {}

    def _swatch(self, colour: str) -> QIcon:
        icon = self._swatches.get(colour)
        if icon is None:
            icon = self._swatches[colour] = swatch(colour)
        return icon

    def show_rows(self, rows: list[tuple[str, str]]) -> bool:
        """Show `rows`, each (text, colour), in seat order; True when any row changed (the
        list's height may have to fit it again). A row that did not change is left as it
        was, selected or not; the seats do not move, so a selected row stays its seat's."""
        if rows == self._rows and len(rows) == self.count():
            return False
        if len(rows) != self.count() or len(rows) != len(self._rows):
            self.clear()
            for text, colour in rows:
                item = QListWidgetItem(text)
                item.setIcon(self._swatch(colour))
                self.addItem(item)
        else:
            for number, (row, was) in enumerate(zip(rows, self._rows, strict=True)):
                item = self.item(number)
                if row[0] != was[0]:
                    item.setText(row[0])
                if row[1] != was[1]:
                    item.setIcon(self._swatch(row[1]))
        self._rows = list(rows)
        return True

    def fit(self, most: int) -> None:
        """Every row in view up to `most` pixels high, rows as laid out (wraps too)."""
        rows = 2 * self.frameWidth() + 4
        self.doItemsLayout()
        for i in range(self.count()):
            rows += max(self.sizeHintForRow(i), self.visualItemRect(self.item(i)).height())
        self.setFixedHeight(min(rows, most))
