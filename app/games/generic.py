"""The fallback presentation: any game of the registry, played from a list of actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games.base import GameUI, GameView

if TYPE_CHECKING:
    from app.session import GameSession


class GenericGameView(GameView):
    """The viewer's observation as text and the legal actions as a list."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._observation = QPlainTextEdit(readOnly=True)
        self._prompt = QLabel()
        self._actions = QListWidget()
        self._actions.itemDoubleClicked.connect(self._on_item_activated)
        self._play = QPushButton("Play")
        self._play.clicked.connect(self._on_play_clicked)
        layout = QVBoxLayout(self)
        layout.addWidget(self._observation, 2)
        layout.addWidget(self._prompt)
        layout.addWidget(self._actions, 1)
        layout.addWidget(self._play)

    def show_state(self, session: GameSession, viewer: int | None, interactive: bool) -> None:
        """List the legal actions when the viewer is to act."""
        state = session.state
        if viewer is None:
            self._observation.setPlainText("(hidden)")
        else:
            observation = state.observation(viewer)
            describe = getattr(observation, "describe", None)
            self._observation.setPlainText(describe() if callable(describe) else repr(observation))
        self._actions.clear()
        if interactive:
            self._prompt.setText("Choose an action:")
            for action in state.legal_actions():
                item = QListWidgetItem(str(action))
                item.setData(Qt.UserRole, action)
                self._actions.addItem(item)
        else:
            self._prompt.setText("Waiting for the other players.")
        self._actions.setEnabled(interactive)
        self._play.setEnabled(interactive)

    @Slot(QListWidgetItem)
    def _on_item_activated(self, item: QListWidgetItem) -> None:
        self.action_chosen.emit(item.data(Qt.UserRole))

    @Slot()
    def _on_play_clicked(self) -> None:
        item = self._actions.currentItem()
        if item is not None:
            self.action_chosen.emit(item.data(Qt.UserRole))


class GenericGameUI(GameUI):
    """Presentation of a game that has no views of its own yet."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id

    def create_view(self, parent: QWidget | None = None) -> GameView:
        """A list-of-actions play area."""
        return GenericGameView(parent)
