"""The game log's list: word-wrapped lines, scrolled by pixels, each line measured once.

A word-wrapped `QListWidget` lays every line out again whenever a line is added (Qt's list
view places all its rows afresh), and asks each line's size of its delegate, which wraps the
text anew every time: over a game the log's cost grew with the square of its length (the
newest-line scroll was a tenth of a Rice Wars whole game's CPU). Here the delegate keeps each
size it measured, for the same text, room and font, so a line added wraps only itself; the
sizes are Qt's own, so the log looks exactly as it did. A new style forgets them all.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListWidget,
    QListWidgetItem,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games.presentation import LogLine
from app.i18n import _

PLACES_ROLE = Qt.UserRole + 1  # a log line's board places

KEPT_PER_LINE = 4
"""Sizes kept per line before they are all forgotten (the view measures a line at two widths:
the room it lays the lines out in, and the width of the widest line; a resized window
brings more)."""


class MeasuredLines(QStyledItemDelegate):
    """Qt's item delegate, remembering each line's size by its text, room and font."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sizes: dict[tuple, QSize] = {}

    def forget(self) -> None:
        """Measure every line again (the view's style changed)."""
        self._sizes.clear()

    def sizeHint(  # noqa: N802 - Qt override
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        rect, font, text = option.rect, option.font, index.data()
        # what Qt's size depends on for a text line: the text, the font and the room to wrap
        # in (a rect without height is no room: the text is not wrapped)
        size = self._sizes.get((text, rect.width(), rect.isValid(), font))
        if size is None:
            if len(self._sizes) > KEPT_PER_LINE * (index.model().rowCount() + 16):
                self._sizes.clear()
            size = super().sizeHint(option, index)
            # the option's font lives as long as the option: the key keeps a copy
            self._sizes[text, rect.width(), rect.isValid(), QFont(font)] = size
        return size


class LogList(QListWidget):
    """The log: lines wrapped to its width, each measured once (`MeasuredLines`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        # scrolled by pixels, the newest line sits whole on the bottom edge (by items, the
        # top line is whole and the newest is cut in half)
        self.setVerticalScrollMode(QAbstractItemView.ScrollPerPixel)
        self.lines = MeasuredLines(self)
        self.setItemDelegate(self.lines)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() == QEvent.StyleChange:
            # the view has laid its lines out for the new style already, at their old sizes
            self.lines.forget()
            self.doItemsLayout()

    def add_lines(self, lines: Iterable[LogLine]) -> None:
        """Add the story's `lines` at the end; a line that happened somewhere says so."""
        for line in lines:
            item = QListWidgetItem(line.text)
            item.setData(PLACES_ROLE, list(line.places))
            if line.places:
                item.setToolTip(_("Click to see where on the board"))
            self.addItem(item)

    @staticmethod
    def places(item: QListWidgetItem) -> list[str]:
        """The board places of a log line (none: it happened nowhere in particular)."""
        return item.data(PLACES_ROLE) or []
