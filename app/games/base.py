"""The contract between the app's game-agnostic shell and one game's presentation.

The story of a game is told by `GameUI.story`: for each action, the *beats* one viewer is
told — log lines (plain text, each with the board places it happened at) and, for a
resolution, the step the board shows while those lines appear. The default tells the
actor's own line (`describe_action`) or everybody else's (`public_description`) and one
line per `resolution_steps` step; a game overrides `story` to say "you", keep secrets per
viewer and give places. `story_so_far` replays a game's actions and retells them, so a
loaded game shows its whole log and `daimyo log` prints it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from engine.core import GameState

if TYPE_CHECKING:
    from app.session import GameSession, NewGameConfig

PLAYER_COLOURS = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98"]
SUGGESTION_COLOUR = "#ffffff"
"""The ring of a suggested move (over the marks' dark rim): no player's colour is white."""

PUBLIC = -1
"""The viewer who knows only what everybody knows (a spectator, the hot-seat curtain)."""
EVERYTHING = -2
"""The viewer who knows every secret, as after the game (`daimyo log` by default)."""


@dataclass(frozen=True, slots=True)
class ResolutionStep:
    """One step of a resolution shown to the player: a title and what happened."""

    title: str
    lines: tuple[str, ...]
    highlight: tuple[str, ...] = ()  # board items (province ids) the step is about
    payload: Any = None  # game-specific data for the view (e.g. the revealed board)


@dataclass(frozen=True, slots=True)
class LogLine:
    """One event of the story in words, and the board places it happened at (province
    ids or target keys of the map; empty when it happened nowhere in particular)."""

    text: str
    places: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Beat:
    """A part of an action's story: its log lines, and the resolution step that shows
    them on the board (None for the action itself: its lines appear at once)."""

    lines: tuple[LogLine, ...]
    step: ResolutionStep | None = None


def plain(html: str) -> str:
    """Rich text without its tags and entities, for the plain log."""
    text = re.sub(r"<br\s*/?>", " ", html)
    text = re.sub(r"<[^>]+>", "", text)
    return (
        text.replace("&nbsp;", " ").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    )


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """The end screen's breakdown: one row per player, one column per scoring term."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[float, ...]], ...]  # (player label, values incl. total)
    history: tuple[tuple[float, ...], ...] = ()  # per player: score after each round
    history_label: str = "Score"
    notes: tuple[str, ...] = field(default_factory=tuple)


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


class GameUI:
    """How the app presents one game. Subclasses override what their game needs."""

    game_id: str = ""
    seat_choice_label: str = ""
    """Name of the per-seat choice ("Clan"), empty when the game has none."""

    def seat_choices(self) -> list[tuple[str, str]]:
        """(id, label) of the per-seat choice's options; empty for none."""
        return []

    def setup_note(self, players: int, map_ref: str | None) -> str:
        """A line for the new-game dialog about this player count and map (empty: none)."""
        return ""

    def settings_for(self, config: NewGameConfig, rng: random.Random) -> dict[str, Any]:
        """Game settings from the dialog's choices (e.g. the clans)."""
        return {}

    def player_label(self, state: GameState, player: int) -> str:
        """What to call `player` ("Crab")."""
        return f"Player {player + 1}"

    def player_colour(self, state: GameState, player: int) -> str:
        """The player's colour as #rrggbb."""
        return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]

    def player_status(self, state: GameState, player: int) -> str:
        """A short public standing shown beside the player's name (empty for none)."""
        return ""

    def describe_action(self, state_after: GameState, action: Any, player: int) -> str:
        """The log line for `action`, which `player` just took (state is after it)."""
        return f"{self.player_label(state_after, player)}: {action}"

    def public_description(self, state_after: GameState, action: Any, player: int) -> str:
        """The log line others may read (hides what the action keeps secret)."""
        return self.describe_action(state_after, action, player)

    def reveals_hidden(self, state_after: GameState, action: Any, player: int) -> bool:
        """True when hidden information became known with `action` (an undo barrier).

        The safe default: every action is a barrier unless the game says otherwise.
        """
        return True

    def resolution_steps(
        self, state_before: GameState, action: Any, state_after: GameState
    ) -> list[ResolutionStep]:
        """Steps to show one by one after `action` (empty when it resolves nothing)."""
        return []

    def turn_owner(self, state: GameState) -> int:
        """Whose turn the next decision belongs to, for the AI pace (paced once per turn):
        the player to act (the default); Rice Wars: a fight's attacker, whose attack the
        whole fight is part of (the fight is retold step by step when it ends)."""
        return state.current_player()

    def sits_out(self, state: GameState, player: int) -> bool:
        """True when `player` has nothing to decide until the others finish a stretch of
        play (Rice Wars: both pass markers down): their moves then follow without the AI
        pace, so the person waits only for their thinking."""
        return False

    def turn_begins(self, state: GameState) -> bool:
        """True when the next decision begins a turn even if the same player took the last
        one (Rice Wars: an action of the action phase, outside a fight); a change of
        `turn_owner` always begins one. While the person sits out, each turn they watch is
        a wait of its own."""
        return False

    def action_places(
        self, state_before: GameState, action: Any, state_after: GameState, player: int
    ) -> tuple[str, ...]:
        """The board places `action` happened at (province ids, target keys); () for none."""
        return ()

    def story(
        self,
        state_before: GameState,
        action: Any,
        state_after: GameState,
        player: int,
        viewer: int,
    ) -> list[Beat]:
        """What `viewer` (a seat, `PUBLIC` or `EVERYTHING`) is told about `action`, which
        `player` took: the action's own line first, then one beat per resolution step."""
        if viewer in (player, EVERYTHING):
            text = self.describe_action(state_after, action, player)
        else:
            text = self.public_description(state_after, action, player)
        places = self.action_places(state_before, action, state_after, player)
        beats = [Beat((LogLine(plain(text), places),))] if text else []
        for step in self.resolution_steps(state_before, action, state_after):
            line = plain(step.title + ": " + " ".join(step.lines))
            beats.append(Beat((LogLine(line, tuple(step.highlight)),), step))
        return beats

    def story_so_far(self, state: GameState, viewer: int) -> list[LogLine]:
        """The whole log of a game as `viewer` was told it, replayed from its start."""
        replay = state.clone()
        actions = list(replay.history)
        while replay.history:
            replay.undo()
        lines: list[LogLine] = []
        for action in actions:
            before = replay.clone()
            player = replay.current_player()
            replay.apply(action)
            for beat in self.story(before, action, replay, player, viewer):
                lines.extend(beat.lines)
        return lines

    def create_view(self, parent: QWidget | None = None) -> GameView:
        """A fresh play area for this game."""
        raise NotImplementedError

    def score_table(self, state: GameState) -> ScoreTable:
        """The final score breakdown."""
        scores = state.returns()
        return ScoreTable(
            ("Score",),
            tuple((self.player_label(state, p), (float(s),)) for p, s in enumerate(scores)),
        )

    def rules_html(self) -> str:
        """The in-app rules of this game (HTML), empty when there are none."""
        return ""


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
