"""The main window: the screens its menus and actions (`app.window_menus`) switch between.

Start screen → (new game dialog | continue | load) → game screen → end screen. The window
owns the one `BotThinker` thread and the `AppSettings`; a running game is a `GameSession`
(the model) driven by a `GameController` on a `GameScreen`.

A game is never lost to another: starting a new game during one asks first, and the game
that is replaced (running, or waiting in the autosave) stays saved in a file of its own
and listed under Recent games (`app.kept_games`). A bad save file gives a message; the
window stays where it was.
"""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QEvent, Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent, QFont, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QInputDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.board.maps_cache import preload
from app.board_printing import BoardPrinting
from app.bot_worker import BotThinker
from app.coach import Coach, guide_for, guided_config
from app.game_controller import GameController
from app.game_screen import GameScreen
from app.games import game_ui
from app.i18n import _
from app.kept_games import (
    autosaved_game,
    keep_game,
    open_filter,
    save_filter,
    with_save_suffix,
)
from app.new_game_dialog import NewGameDialog
from app.session import GameSession, NewGameConfig, load_session, new_session
from app.settings import AppSettings
from app.widgets.end_screen import EndScreen
from app.widgets.language import apply_language
from app.widgets.rules_dialog import RulesDialog
from app.widgets.scaling import fit_on_screen, keep_on_screen, rescale_due, scaled_font, ui_scale
from app.widgets.settings_dialog import SettingsDialog
from app.widgets.start_screen import StartScreen
from app.window_menus import WindowMenus, editor_available, shown_game_name
from engine.registry import get_game
from engine.saves import SaveError


class MainWindow(WindowMenus, QMainWindow):
    """The application window."""

    game_started = Signal()
    game_finished = Signal()

    def __init__(
        self,
        settings: AppSettings | None = None,
        bot_nodes: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings or AppSettings()
        apply_language(self.settings.language())
        self.bot_nodes = bot_nodes
        self.thinker = BotThinker(self)
        self.session: GameSession | None = None
        self.controller: GameController | None = None
        self.game_screen: GameScreen | None = None
        self._rules: RulesDialog | None = None
        self._editor: QWidget | None = None
        self.printing = BoardPrinting(self, self.settings, self._game_map)
        self.printing.status.connect(self._on_status)

        self.setWindowTitle("Daimyo")
        self.stack = QStackedWidget()
        self.start_screen = StartScreen()
        self.end_screen = EndScreen()
        self.stack.addWidget(self.start_screen)
        self.stack.addWidget(self.end_screen)
        self.setCentralWidget(self.stack)
        self.coach = Coach(self.stack, parent=self)
        self._create_actions()
        self._create_menus()
        self._connect_start_screen()
        self.end_screen.new_game.connect(self.new_game)
        self.end_screen.back_to_start.connect(self.close_game)
        self.end_screen.show_board.connect(self._on_show_board)
        self.end_screen.review.connect(self.review_this_game)
        self.statusBar()
        # "Show the board" on the end screen goes there and back: this button returns
        self.results_button = QPushButton()
        self.results_button.clicked.connect(self._on_show_results)
        self.results_button.hide()  # in the status bar only while shown: it would make the
        # bar taller, and the board smaller, during every game
        self.stack.currentChanged.connect(self._on_screen_changed)
        self._bar_font = QFont(self.menuBar().font())
        self.bar_scale = 1.0
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
            keep_on_screen(self)
        else:
            fit_on_screen(self, 1400, 900)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        self._retranslate()
        self._update_actions()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language (Settings): the menus, and the results when they show."""
        super().changeEvent(event)
        if event.type() == QEvent.LanguageChange and hasattr(self, "learn_menu"):
            self._retranslate()
            self._update_actions()
            if self.stack.currentWidget() is self.end_screen and self.session is not None:
                self._show_results()
            if self._rules is not None:  # the rules are the game's text: made anew
                rules, self._rules = self._rules, None
                rules.deleteLater()
                if rules.isVisible():
                    self.show_rules()

    def preload_map(self) -> threading.Thread | None:
        """Parse the map of the last new game (or the default) in the background.

        Reading and deriving the Rokugan map takes a second or two; done while the start
        screen shows, the first game starts at once. `daimyo app` calls it after showing.
        """
        from app.session import resolve_map_path

        choice = self.settings.last_new_game().get("map")
        default = getattr(get_game("rokugan"), "default_map", None)
        map_ref = choice if isinstance(choice, str) and choice else default
        if not map_ref:
            return None
        return preload(resolve_map_path(map_ref))

    def print_kit(self) -> bool:
        """Game → Print kit…: this game's print-and-play kit (or one chosen), previewed."""
        from app.printing.kit.dialog import print_kit

        game = self.session.game_id if self.session is not None else None
        return print_kit(self, self.settings, game, self._game_map())

    def _game_map(self) -> Path | None:
        """The map file of the running game (None on the start screen or without a map)."""
        return self.session.map_path if self.session is not None else None

    # games -----------------------------------------------------------------------------
    @Slot()
    def new_game(self, map_path: str | None = None) -> bool:
        """Ask for a new game and start it; False when cancelled or it failed.

        During a game it asks first; the game stays saved and listed under Recent games.
        """
        if not self._may_replace_game():
            return False
        dialog = self.new_game_dialog(map_path)
        try:
            if dialog.exec() != NewGameDialog.Accepted:
                return False
            self.settings.set_last_new_game(dialog.choices())
            config = dialog.config()
        finally:
            dialog.deleteLater()  # one dialog per New game would otherwise stay a child
        return self.start_game(config)

    def new_game_dialog(self, map_path: str | None = None) -> NewGameDialog:
        """The new-game dialog with the last game's choices, its words as big as the menus'
        (a dialog is a window of its own: it does not grow with this one by itself)."""
        dialog = NewGameDialog(self, self.settings.last_new_game(), map_path=map_path)
        _grow_font(dialog, self.bar_scale)
        return dialog

    def start_game(self, config: NewGameConfig) -> bool:
        """Start the game `config` describes; a failure is shown, not raised."""
        ui = game_ui(config.game)
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            session = new_session(config, ui.settings_for)
        except (ValueError, OSError) as exc:
            QApplication.restoreOverrideCursor()
            QMessageBox.warning(self, _("Cannot start the game"), str(exc))
            return False
        session.set_player_words(ui.player_words)
        if session.map_path is not None:
            self.settings.remember_map_path(session.state.setup().map_id or "", session.map_path)
        try:
            self._run(session)
        finally:
            QApplication.restoreOverrideCursor()
        session.autosave()
        return True

    @Slot()
    def learn_to_play(self, game: str) -> bool:
        """Start the guided first game of `game` (or take its guide up again when that
        guided game is running); False when cancelled or it failed."""
        if self.coach.guided_game() == game and self.session is not None:
            self.coach.resume_guide()
            self._show_game()
            return True
        if not self._may_replace_game():
            return False
        guide = guide_for(game)
        self.coach.expect_guide(guide)
        started = self.start_game(guided_config(guide))
        if not started:
            self.coach.expect_guide(None)
        return started

    @Slot()
    def review_this_game(self) -> None:
        """Review the finished game for its (first) person at this computer."""
        session = self.session
        if session is None or not session.humans():
            return
        ui = game_ui(session.game_id)
        self.coach.review(ui, session.state, session.seats, session.humans()[0], session.map_path)

    @Slot()
    def review_saved_game(self) -> bool:
        """Choose a save and a seat, and review that seat's decisions."""
        from app.savefile import load_save

        folder = str(self.settings.autosave_path.parent)
        path, _filter = QFileDialog.getOpenFileName(
            self, _("Review a saved game"), folder, open_filter()
        )
        if not path:
            return False
        try:
            loaded = load_save(path, self.settings.map_paths())
        except SaveError as exc:
            QMessageBox.warning(self, _("Cannot review this game"), str(exc))
            return False
        ui = game_ui(loaded.save.setup.game)
        state = loaded.state
        labels = [ui.player_label(state, p) for p in range(state.num_players)]
        people = [p for p, seat in enumerate(loaded.seats) if seat.is_human]
        seat = people[0] if len(people) == 1 else None
        if seat is None:
            choices = [
                f"{labels[p]}" + (f" ({loaded.seats[p].name})" if loaded.seats[p].name else "")
                for p in range(state.num_players)
            ]
            choice, ok = QInputDialog.getItem(
                self, _("Review a saved game"), _("Whose decisions?"), choices, 0, False
            )
            if not ok:
                return False
            seat = choices.index(choice)
        self.coach.review(ui, state, loaded.seats, seat, loaded.map_path)
        return True

    def continue_game(self) -> bool:
        """Resume the autosaved game."""
        if self.session is not None and self.session.autosave_path == self.settings.autosave_path:
            self._show_game()  # the autosaved game is the one running
            return True
        return self.load_game(str(self.settings.autosave_path), remember=False)

    @Slot()
    def open_game(self) -> bool:
        """Ask for a save file and load it."""
        self.settings.saves_dir.mkdir(parents=True, exist_ok=True)
        path, _filter = QFileDialog.getOpenFileName(
            self, _("Load a game"), str(self.settings.saves_dir), open_filter()
        )
        return bool(path) and self.load_game(path)

    @Slot(str)
    def load_game(self, path: str, remember: bool = True) -> bool:
        """Load the save at `path`; a bad file gives a message, never a traceback.

        `remember=False` is the autosave (Continue): not a recent game of its own.
        """
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            session = load_session(path, self.settings.map_paths(), autosave=not remember)
        except SaveError as exc:
            QApplication.restoreOverrideCursor()
            QMessageBox.warning(self, _("Cannot load the game"), str(exc))
            self._update_actions()  # the Recent list shows the file as damaged now
            return False
        ui = game_ui(session.game_id)
        session.set_player_words(ui.player_words)
        try:
            self._run(session, from_autosave=not remember)
        finally:
            QApplication.restoreOverrideCursor()
        if remember:
            self.settings.add_recent_game(path)
            self._update_actions()
        return True

    @Slot()
    def save_game(self) -> bool:
        """Save to the game's file (asks for one the first time)."""
        if self.session is None:
            return False
        if self.session.save_path is None:
            return self.save_game_as()
        return self._save_to(self.session.save_path)

    @Slot()
    def save_game_as(self) -> bool:
        """Ask for a file and save the game there."""
        if self.session is None:
            return False
        self.settings.saves_dir.mkdir(parents=True, exist_ok=True)
        default = self.settings.saves_dir / f"{self.session.game_id}.json"
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Save the game"), str(default), save_filter()
        )
        return bool(path) and self._save_to(with_save_suffix(path))

    def _save_to(self, path: Path) -> bool:
        assert self.session is not None
        try:
            self.session.save(path)
        except OSError as exc:
            QMessageBox.warning(
                self,
                _("Cannot save"),
                _(
                    "{file}: cannot be written ({error}); choose another folder or file name "
                    "with Game → Save as"
                ).format(file=path, error=exc.strerror or exc),
            )
            return False
        self.settings.add_recent_game(path)
        self.statusBar().showMessage(_("Saved to {file}").format(file=path), 5000)
        self._update_actions()
        return True

    @Slot()
    def close_game(self) -> None:
        """Stop the running game (it stays autosaved) and go back to the start screen."""
        self.coach.detach()
        self.coach.close_review()
        if self.controller is not None:
            self.controller.stop()
            self.controller.deleteLater()
            self.controller = None
        if self.game_screen is not None:
            if self.session is not None:
                self.settings.save_splitters(self.game_screen, f"game/{self.session.game_id}")
            self.stack.removeWidget(self.game_screen)
            self.game_screen.deleteLater()
            self.game_screen = None
        if self.session is not None:
            self.session.deleteLater()
            self.session = None
        self.stack.setCurrentWidget(self.start_screen)
        self._update_actions()

    def _may_replace_game(self) -> bool:
        """True when no game is running, or its player agrees to start another."""
        session = self.session
        if session is None or session.state.is_terminal():
            return True
        name = shown_game_name(session.game_id)
        summary = session.summary()
        if summary.get("round"):
            name = _("{game}, round {round}").format(game=name, round=summary["round"])
        answer = QMessageBox.question(
            self,
            _("Start a new game?"),
            _(
                "Your game of {game} is not finished. It stays saved and listed under Recent "
                "games, so you can go on with it later."
            ).format(game=name)
            + "\n\n"
            + _("Start a new game now?"),
            QMessageBox.Yes | QMessageBox.Cancel,
            QMessageBox.Cancel,
        )
        return answer == QMessageBox.Yes

    def _keep_replaced_game(self, incoming: GameSession, from_autosave: bool) -> Path | None:
        """Before `incoming` takes over the autosave: keep the game it replaces (the
        running one, or else the one waiting in the autosave) in a save file listed under
        Recent games (`app.kept_games`). Returns that file (None: nothing kept)."""
        data: dict[str, Any] | None = None
        if self.session is not None and self.session is not incoming:
            if self.session.state.history:
                data = self.session.save_data()
        elif self.session is None and not from_autosave:
            data = autosaved_game(self.settings.autosave_path)
        if data is None:
            return None
        try:
            return keep_game(self.settings, data)
        except OSError as exc:
            self._on_status(f"Could not keep the previous game in {exc.filename}: {exc.strerror}")
            return None

    def _show_game(self) -> None:
        if self.game_screen is not None:
            finished = self.session is not None and self.session.state.is_terminal()
            self.stack.setCurrentWidget(self.end_screen if finished else self.game_screen)

    def _run(self, session: GameSession, from_autosave: bool = False) -> None:
        self._keep_replaced_game(session, from_autosave)
        self.close_game()
        ui = game_ui(session.game_id)
        session.autosave_path = self.settings.autosave_path
        session.setParent(self)
        self.session = session
        self.game_screen = GameScreen(ui.create_view())
        self.settings.restore_splitters(self.game_screen, f"game/{session.game_id}")
        self.stack.addWidget(self.game_screen)
        self.stack.setCurrentWidget(self.game_screen)
        self.controller = GameController(
            session,
            ui,
            self.game_screen,
            self.thinker,
            ai_delay_ms=self.settings.ai_delay_ms(),
            bot_nodes=self.bot_nodes,
            step_by_step=self.steps_action.isChecked(),
            parent=self,
        )
        self._apply_animations()
        self.controller.status.connect(self._on_status)
        self.controller.undo_available.connect(self._on_undo_available)
        self.controller.finished.connect(self._on_finished)
        session.saved.connect(lambda _path: self._update_title())
        session.autosave_failed.connect(self._on_status)
        self._update_actions()
        self.coach.attach(session, ui, self.game_screen, self.controller)
        self.controller.start()
        self.game_screen.view.fit()
        self.game_started.emit()

    # slots -----------------------------------------------------------------------------
    @Slot()
    def _on_finished(self) -> None:
        if self.session is None:
            return
        self._show_results()
        self.stack.setCurrentWidget(self.end_screen)
        self.game_finished.emit()

    def _show_results(self) -> None:
        """Fill the end screen with the finished game's results, in the current language."""
        session = self.session
        assert session is not None
        ui = game_ui(session.game_id)
        state = session.state
        names = [seat.name for seat in session.seats]

        def label(p: int, base: str) -> str:  # the name a person entered, and the colour
            if p >= len(names) or not names[p] or names[p] == base:
                return base
            # "Anna (Red)"; a label with brackets of its own is not nested in more
            return f"{names[p]} — {base}" if "(" in base else f"{names[p]} ({base})"

        scores = ui.score_table(state)
        rows = tuple((label(p, row[0]), row[1]) for p, row in enumerate(scores.rows))
        scores = dataclasses.replace(scores, rows=rows)
        colours = [ui.player_colour(state, p) for p in range(state.num_players)]
        winners = [label(p, ui.player_label(state, p)) for p in state.winners()]
        self.end_screen.show_scores(scores, colours, winners)
        self.end_screen.set_board_label(ui.show_board_label)
        people = bool(session.humans())
        self.end_screen.set_hints_used(self.coach.hints_used() if people else None)
        self.end_screen.set_reviewable(people)

    @Slot()
    def _on_show_board(self) -> None:
        if self.game_screen is not None:
            self.stack.setCurrentWidget(self.game_screen)

    @Slot()
    def _on_show_results(self) -> None:
        self.stack.setCurrentWidget(self.end_screen)

    @Slot(int)
    def _on_screen_changed(self, _index: int) -> None:
        """The way back to the results shows while the board of a finished game does."""
        finished = self.session is not None and self.session.state.is_terminal()
        on_board = self.game_screen is not None and self.stack.currentWidget() is self.game_screen
        show = finished and on_board
        if show and self.results_button.isHidden():
            self.statusBar().addPermanentWidget(self.results_button)
            self.results_button.show()
        elif not show and not self.results_button.isHidden():
            self.statusBar().removeWidget(self.results_button)
            self.results_button.hide()

    @Slot()
    def _on_undo(self) -> None:
        if self.controller is not None:
            self.controller.undo()

    @Slot(bool)
    def _on_undo_available(self, available: bool) -> None:
        self.undo_action.setEnabled(available)

    @Slot(str)
    def _on_status(self, message: str) -> None:
        self.statusBar().showMessage(message, 8000)

    def _on_pace_chosen(self, pace: str) -> None:
        self.settings.set_ai_pace(pace)
        self.pace_actions[pace].setChecked(True)
        if self.controller is not None:
            self.controller.ai_delay_ms = self.settings.ai_delay_ms()
        self._apply_animations()

    @Slot()
    def _on_steps_toggled(self) -> None:
        checked = self.steps_action.isChecked()
        self.settings.set_step_by_step(checked)
        if self.controller is not None:
            self.controller.step_by_step = checked

    def _on_steps_chosen(self, on: bool) -> None:
        self.steps_action.setChecked(on)
        self._on_steps_toggled()

    def _apply_animations(self) -> None:
        """No board animation when Settings turns them off (else the AI pace's)."""
        if self.game_screen is not None and not self.settings.animations():
            self.game_screen.view.animation_ms = 0
        elif self.controller is not None:
            self.controller.ai_delay_ms = self.settings.ai_delay_ms()

    @Slot()
    def show_settings(self) -> SettingsDialog:
        """Edit → Settings…: language, AI pace, step-by-step resolution, animations; each
        change applies at once (the language too: every screen says its words again)."""
        dialog = self.findChild(SettingsDialog)
        if dialog is None:
            dialog = SettingsDialog(self.settings, self)
            dialog.language_chosen.connect(apply_language)
            dialog.pace_chosen.connect(self._on_pace_chosen)
            dialog.step_by_step_chosen.connect(self._on_steps_chosen)
            dialog.animations_chosen.connect(lambda _on: self._apply_animations())
        _grow_font(dialog, self.bar_scale)
        dialog.show()
        dialog.raise_()
        return dialog

    def _zoom(self, factor: float) -> None:
        if self.game_screen is not None:
            self.game_screen.view.zoom(factor)

    def _fit(self) -> None:
        if self.game_screen is not None:
            self.game_screen.view.fit()

    @Slot()
    def show_rules(self) -> None:
        """Open the rules window (of the running game's tab)."""
        if self._rules is None:
            self._rules = RulesDialog(self, self.session.game_id if self.session else None)
        self._rules.show()
        self._rules.raise_()

    @Slot()
    def open_editor(self) -> None:
        """Open the map editor window."""
        if not editor_available():
            return
        from editor.main_window import open_editor

        # the editor's "Play on this map" opens this window's new-game dialog; the editor
        # itself never imports the app's window
        self._editor = open_editor(parent=None, play=self.play_on_map, settings=self.settings)
        self._editor.show()

    def play_on_map(self, map_path: str) -> bool:
        """Show this window and open the new-game dialog on the map file `map_path`."""
        self.show()
        self.raise_()
        return bool(self.new_game(map_path=map_path))

    @Slot()
    def _on_about(self) -> None:
        QMessageBox.about(
            self,
            _("About Daimyo"),
            "<b>Daimyo</b><br>"
            + _(
                "Battle for Rokugan, Shinobi and Rice Wars against AI clans, a map editor and "
                "board printing."
            ),
        )

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """The menus and the status bar grow with the window, as the screens do."""
        super().resizeEvent(event)
        scale = ui_scale(self.width(), self.height())
        if rescale_due(self.bar_scale, scale):
            self.bar_scale = scale
            font = scaled_font(self._bar_font, scale)
            self.menuBar().setFont(font)
            self.statusBar().setFont(font)
            for menu in self.findChildren(QMenu):  # pop-ups do not inherit a font
                menu.setFont(font)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        """Stop the bot thread and remember the window."""
        if self.controller is not None:
            self.controller.stop()
        self.thinker.shutdown()
        self.coach.shutdown()
        if self.game_screen is not None and self.session is not None:
            self.settings.save_splitters(self.game_screen, f"game/{self.session.game_id}")
        self.settings.set_value("window/geometry", self.saveGeometry())
        self.settings.set_value("window/state", self.saveState())
        self.settings.sync()
        super().closeEvent(event)


def play_on_map(map_path: str) -> bool:
    """Open the new-game dialog on a map file in the app's window (made when there is none).

    The map editor's "Play on this map" when the editor was started on its own.
    """
    window = next((w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)), None)
    if window is None:
        window = MainWindow()
        _windows.append(window)  # a top-level window without a parent must be kept alive
    return window.play_on_map(map_path)


_windows: list[MainWindow] = []


def _grow_font(dialog: QWidget, scale: float) -> None:
    """Give a dialog the window's scaled font, and the room its bigger words need: a
    dialog sized before (at its making, or at a smaller scale) squeezed its name fields."""
    dialog.setFont(scaled_font(dialog.font(), scale))
    dialog.resize(dialog.size().expandedTo(dialog.sizeHint()))
