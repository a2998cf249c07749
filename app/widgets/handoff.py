"""The hot-seat curtain: hides one player's screen until the next player is ready."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _
from app.palette import readable_ink


class HandOffScreen(QWidget):
    """ "Pass the computer to …" with a Ready button; nothing of the game shows through."""

    ready = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handOff")
        self.message = QLabel()
        self.message.setAlignment(Qt.AlignCenter)
        self.message.setWordWrap(True)
        self.message.setStyleSheet("font-size: 20px")
        self._player: tuple[str, str] | None = None
        self.button = QPushButton()
        self.button.setMinimumSize(200, 44)
        self.button.clicked.connect(self.ready)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.message)
        layout.addSpacing(20)
        layout.addWidget(self.button, 0, Qt.AlignCenter)
        layout.addStretch(1)
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setStyleSheet("#handOff { background: #2c2a26; } #handOff QLabel { color: #f3ead7; }")
        self.retranslate()

    def retranslate(self) -> None:
        """Say the words again in the current language (`app.i18n`)."""
        if self._player is None:
            self.button.setText(_("I am ready"))
        else:
            self.show_for(*self._player)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language: the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.LanguageChange:
            self.retranslate()

    def show_for(self, player_label: str, colour: str) -> None:
        """Ask the others to look away and `player_label` to take over. The name stands on
        a plate of the player's colour in ink readable on it: a dark colour (Black) drawn as
        text on the dark curtain could not be read."""
        self._player = (player_label, colour)
        ink = readable_ink(colour)
        name = (
            f"<span style='background-color:{colour}; color:{ink}'>"
            f"&nbsp;<b>{player_label}</b>&nbsp;</span>"
        )
        self.message.setText(
            _("Pass the computer to {name}.").format(name=name)
            + "<br>"
            + _("{player}, press the button when the others cannot see the screen.").format(
                player=player_label
            )
        )
        self.button.setText(_("I am {player}").format(player=player_label))
