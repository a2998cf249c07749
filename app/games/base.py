"""The Qt side of a game's presentation: the play area (`GameView`) and the pick-tree view.

Everything Qt-free (the story's types, `GameUI`, `ScoreTable`) is in `app.games.presentation`
and re-exported here for the views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QLayout, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games.presentation import (
    EVERYTHING,
    PLAYER_COLOURS,
    PUBLIC,
    Beat,
    GameUI,
    LogLine,
    ResolutionStep,
    ScoreTable,
    plain,
)

if TYPE_CHECKING:
    from app.session import GameSession

__all__ = [
    "EVERYTHING",
    "PLAYER_COLOURS",
    "PUBLIC",
    "SUGGESTION_COLOUR",
    "Beat",
    "GameUI",
    "GameView",
    "LogLine",
    "PickTreeView",
    "ResolutionStep",
    "ScoreTable",
    "clear_layout",
    "plain",
]

SUGGESTION_COLOUR = "#ffffff"
"""The ring of a suggested move (over the marks' dark rim): no player's colour is white."""


class GameView(QWidget):
    """A game's play area. It paints one viewer's observation and emits choices.

    It never changes the game: a chosen action goes out through `action_chosen`, and the
    controller applies it. `show_state` is called after every change.
    """

    action_chosen = Signal(object)
    status = Signal(str)
    """A short message for the status bar (why a target is illegal, what to do next)."""

    def show_state(self, session: GameSession, viewer: int | None, interactive: bool) -> None:
        """Show `session` as `viewer` sees it; accept input only when `interactive`."""
        raise NotImplementedError

    animation_ms: int = 0
    """How long the board's animations take (the AI pace; 0: no animation)."""

    def dispose(self) -> None:
        """Let go of every board item before the view is deleted (the game is closed):
        Python must not hold items of a scene Qt deletes."""

    def set_ui_scale(self, scale: float) -> None:
        """Size text and controls for `scale` (1 at 1280 × 720; the screen applies it)."""

    def show_step(self, step: ResolutionStep | None) -> None:
        """Show a resolution step on the board (None: back to the game)."""

    def skip_animation(self) -> None:
        """Jump to the end of a running animation."""

    def animating(self) -> bool:
        """True while the board animates a step."""
        return False

    def set_last_actions(self, marks: dict[int, tuple[str, tuple[str, ...], str]]) -> None:
        """Highlight each seat's last action: player -> (colour, places, words)."""

    def show_places(self, places: tuple[str, ...]) -> None:
        """Show where a log line happened (flash those places on the board)."""

    def show_suggestion(
        self, places: tuple[str, ...], words: str = "", group: str = "hint"
    ) -> None:
        """Light the places of a move the app suggests (a hint, the guide's next move, a
        review's alternative) until called again for the same `group`; () clears. A view
        whose board is a `MapScene` rings them in `SUGGESTION_COLOUR`; others flash them."""
        scene = getattr(self, "scene", None)
        if scene is not None and hasattr(scene, "set_marks"):
            colour = QColor(SUGGESTION_COLOUR)
            scene.set_marks(f"suggestion-{group}", [(key, colour, words) for key in places])
        elif places:
            self.show_places(places)

    def zoom(self, factor: float) -> None:
        """Zoom the board, when the view has one."""

    def fit(self) -> None:
        """Fit the whole board in the view."""


class PickTreeView(GameView):
    """A map-board game view whose input narrows the legal actions click by click.

    Subclasses set `self.board` (an `app.board.view.BoardView`), `self.tree` (an object with
    `pick(pick) -> action | None`, `reset()` and `chosen`), keep `self._session` and
    `self._step`, and implement `_redraw()`; a finished pick sequence is emitted as the action.
    """

    tree: Any = None
    _session: Any = None
    _step: ResolutionStep | None = None

    def show_step(self, step: ResolutionStep | None) -> None:
        """Show a resolution step (what it is about is lit by `_redraw`)."""
        self._step = step
        if self._session is not None:
            self._redraw()

    def zoom(self, factor: float) -> None:
        """Zoom the board."""
        self.board.zoom(factor)

    def fit(self) -> None:
        """Fit the board in the view."""
        self.board.fit()

    def _redraw(self) -> None:
        raise NotImplementedError

    def _pick(self, pick: Any) -> None:
        if self.tree is None:
            return
        action = self.tree.pick(pick)
        if action is not None:
            self.tree.reset()
            self.action_chosen.emit(action)
            return
        self._redraw()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Escape takes back the half-made choice."""
        if event.key() == Qt.Key_Escape and self.tree is not None and self.tree.chosen:
            self._on_cancel()
            return
        super().keyPressEvent(event)

    @Slot()
    def _on_cancel(self) -> None:
        if self.tree is not None:
            self.tree.reset()
            self._redraw()


def clear_layout(layout: QLayout) -> None:
    """Remove every widget and spacer of `layout`; widgets hide now and are deleted later
    (one of them may be the button whose click is being handled)."""
    while layout.count():
        widget = layout.takeAt(0).widget()
        if widget is not None:
            widget.hide()
            widget.deleteLater()
