"""One player's province on the Shinobi table: who sits there, the leading clan's band,
one stack of cards per clan; clickable as a whole."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QMouseEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games.shinobi.cards import StackButton, clan_colour
from engine.shinobi.cards import NUM_CLANS


class ProvincePanel(QFrame):
    """One player's province: who sits there, which clan leads it (a band in that clan's
    colour), and one stack per clan; clickable as a whole."""

    clicked = Signal(int)

    def __init__(self, province: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.province = province
        self.leader: int | None = None
        self.setObjectName("province")
        self.title = QLabel()
        self.title.setTextFormat(Qt.RichText)
        self.title.setSizePolicy(QSizePolicy.Ignored, QSizePolicy.Fixed)
        self.lead = QLabel()
        self.lead.setTextFormat(Qt.RichText)
        self.lead.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
        head = QHBoxLayout()
        head.setContentsMargins(0, 0, 0, 0)
        head.addWidget(self.title, 1)
        head.addWidget(self.lead)
        self.stacks = [StackButton(province, c) for c in range(NUM_CLANS)]
        row = QHBoxLayout()
        row.setSpacing(2)
        for stack in self.stacks:
            row.addWidget(stack)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(2)
        layout.addLayout(head)
        layout.addLayout(row)
        self.setCursor(Qt.PointingHandCursor)
        self._look: tuple = ()
        self.set_look(False, False, False)

    def set_scale(self, scale: float, font: QFont | None = None, height: int = 0) -> None:
        """Size the stacks for `scale` (`height`: the stacks' height, 0 for the normal one)
        and the title in `font` (a style sheet stops the screen's font reaching it)."""
        for stack in self.stacks:
            stack.set_scale(scale, height)
        if font is not None:
            self.title.setFont(font)
            self.lead.setFont(font)
        self._look = ()

    def set_look(self, lit: bool, highlighted: bool, own: bool, leader: int | None = None) -> None:
        """Lit: a legal target now; highlighted: what a resolution step is about; the
        band at the top is the colour of the clan with the largest army here."""
        self.leader = leader
        look = (lit, highlighted, own, leader)
        if look == self._look:
            return
        self._look = look
        border = "#f5b700" if lit else "#2d6a4f" if highlighted else "#b8a98c"
        width = 4 if lit or highlighted else 1
        background = "#fff4cf" if lit else "#f3efe2" if own else "#fbf8f0"
        band = clan_colour(leader) if leader is not None else "#b8a98c"
        self.setStyleSheet(
            f"QFrame#province {{ border: {width}px solid {border}; border-top: 6px solid {band};"
            f" border-radius: 10px; background: {background}; }}"
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.LeftButton:
            self.clicked.emit(self.province)
            event.accept()
            return
        super().mousePressEvent(event)
