"""The main window: menus and actions, and the screens they switch between.

Start screen → (new game dialog | continue | load) → game screen → end screen. The window
owns the one `BotThinker` thread and the `AppSettings`; a running game is a `GameSession`
(the model) driven by a `GameController` on a `GameScreen`.

A game is never lost to another: starting a new game during one asks first, and the game
that is replaced (running, or waiting in the autosave) stays saved in a file of its own
and listed under Recent games. A bad save file gives a message; the window stays where it
was.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QEvent, Qt, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QFont, QKeySequence, QResizeEvent
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
from app.coach import LEARN_GAMES, Coach, guide_for, guided_config
from app.game_screen import GameController, GameScreen
from app.games import game_ui
from app.i18n import GAME_NAMES, _, game_name
from app.new_game_dialog import NewGameDialog
from app.savefile import holds_game, read_summary
from app.session import GameSession, NewGameConfig, load_session, new_session
from app.settings import AI_PACES, AppSettings
from app.widgets.end_screen import EndScreen
from app.widgets.language import apply_language
from app.widgets.rules_dialog import RulesDialog
from app.widgets.scaling import fit_on_screen, keep_on_screen, rescale_due, scaled_font, ui_scale
from app.widgets.settings_dialog import AI_PACE_NAMES, SettingsDialog
from app.widgets.start_screen import StartScreen
from engine.files import atomic_write_text
from engine.registry import UnknownGameError, get_game
from engine.saves import SaveError, read_save

SAVE_FILTER = "Daimyo saves (*.json)"
OPEN_FILTER = "Daimyo saves (*.json);;All files (*)"
"""Open finds any save: one named without ".json" elsewhere is still a save."""


def editor_available() -> bool:
    """True when the map editor package provides its main window."""
    return importlib.util.find_spec("editor.main_window") is not None


def with_save_suffix(path: str) -> Path:
    """`path` as a save file: ".json" added when the name has no extension (the dialog
    leaves it off on some platforms, and Open lists saves by it)."""
    chosen = Path(path)
    return chosen if chosen.suffix else chosen.with_name(chosen.name + ".json")


def _game_name(game_id: str) -> str:
    """A game's name in the current language (a game without a translated name: its own)."""
    if game_id in GAME_NAMES:
        return game_name(game_id)
    try:
        return get_game(game_id).name
    except UnknownGameError:  # a game no longer registered (a test's stand-in)
        return game_id


class MainWindow(QMainWindow):
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

    # actions and menus -----------------------------------------------------------------
    def _create_actions(self) -> None:
        def action(text: str, slot, shortcut: QKeySequence | str | None = None) -> QAction:
            act = QAction(text, self)  # in English here; `_retranslate` says it again
            if shortcut is not None:
                act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(lambda *_args, f=slot: f())  # drop `checked`
            return act

        self.new_action = action("&New game…", self.new_game, QKeySequence.New)
        self.continue_action = action("&Continue last game", self.continue_game, "Ctrl+R")
        self.open_action = action("&Load game…", self.open_game, QKeySequence.Open)
        self.save_action = action("&Save", self.save_game, QKeySequence.Save)
        self.save_as_action = action("Save &as…", self.save_game_as, QKeySequence.SaveAs)
        self.close_action = action("Close &game", self.close_game, QKeySequence.Close)
        self.print_action = action("&Print board…", self.printing.print_board, QKeySequence.Print)
        self.print_preview_action = action(
            "Print pre&view…", self.printing.print_preview, "Ctrl+Alt+P"
        )
        self.export_pdf_action = action(
            "&Export board PDF…", self.printing.export_pdf, "Ctrl+Alt+E"
        )
        self.print_kit_action = action("Print &kit…", self.print_kit, "Ctrl+Alt+K")
        self.quit_action = action("&Quit", self.close, QKeySequence.Quit)
        self.undo_action = action("&Undo my last decision", self._on_undo, QKeySequence.Undo)
        self.zoom_in_action = action("Zoom &in", lambda: self._zoom(1.25), QKeySequence.ZoomIn)
        self.zoom_out_action = action("Zoom &out", lambda: self._zoom(0.8), QKeySequence.ZoomOut)
        self.fit_action = action("&Fit the board", self._fit, "Ctrl+0")
        self.steps_action = action("Show resolution &step by step", self._on_steps_toggled)
        self.steps_action.setCheckable(True)
        self.steps_action.setChecked(self.settings.step_by_step())
        self.settings_action = action("Settings…", self.show_settings, QKeySequence.Preferences)
        self.settings_action.setMenuRole(QAction.PreferencesRole)
        self.editor_action = action("&Map editor", self.open_editor, "Ctrl+E")
        self.rules_action = action("&Rules", self.show_rules, QKeySequence.HelpContents)
        self.about_action = action("&About Daimyo", self._on_about)
        self.learn_actions = {
            game: action(game, lambda g=game: self.learn_to_play(g)) for game in LEARN_GAMES
        }
        self.review_action = action("&Review a saved game…", self.review_saved_game)
        self.pace_group = QActionGroup(self)
        self.pace_actions: dict[str, QAction] = {}
        for pace in AI_PACES:
            act = QAction(pace, self, checkable=True)
            act.setChecked(pace == self.settings.ai_pace())
            act.triggered.connect(lambda checked, p=pace: self._on_pace_chosen(p))
            self.pace_group.addAction(act)
            self.pace_actions[pace] = act
        if not editor_available():
            self.editor_action.setEnabled(False)

    def _retranslate(self) -> None:
        """Say every menu, action and button again in the current language (`app.i18n`)."""
        texts = {
            self.new_action: _("&New game…"),
            self.continue_action: _("&Continue last game"),
            self.open_action: _("&Load game…"),
            self.save_action: _("&Save"),
            self.save_as_action: _("Save &as…"),
            self.close_action: _("Close &game"),
            self.print_action: _("&Print board…"),
            self.print_preview_action: _("Print pre&view…"),
            self.export_pdf_action: _("&Export board PDF…"),
            self.print_kit_action: _("Print &kit…"),
            self.quit_action: _("&Quit"),
            self.undo_action: _("&Undo my last decision"),
            self.zoom_in_action: _("Zoom &in"),
            self.zoom_out_action: _("Zoom &out"),
            self.fit_action: _("&Fit the board"),
            self.steps_action: _("Show resolution &step by step"),
            self.settings_action: _("Se&ttings…"),
            self.editor_action: _("&Map editor"),
            self.rules_action: _("&Rules"),
            self.about_action: _("&About Daimyo"),
            self.review_action: _("&Review a saved game…"),
        }
        for act, text in texts.items():
            act.setText(text)
        for act in (self.print_action, self.print_preview_action, self.export_pdf_action):
            act.setToolTip(_("The board of this game's map, or a map you choose"))
        self.print_kit_action.setToolTip(
            _("Everything to play at a table: board, tokens, cards, aids (preview or PDF)")
        )
        self.review_action.setToolTip(
            _("The hard AI weighs a player's decisions in a saved game, with what they could see")
        )
        if not editor_available():
            self.editor_action.setToolTip(_("The map editor is not installed yet."))
        for game, act in self.learn_actions.items():
            act.setText(_game_name(game))
        for pace, act in self.pace_actions.items():
            act.setText(_(AI_PACE_NAMES[pace]))
        menus = {
            self.game_menu: _("&Game"),
            self.edit_menu: _("&Edit"),
            self.view_menu: _("&View"),
            self.pace_menu: _("AI &pace"),
            self.tools_menu: _("&Tools"),
            self.help_menu: _("&Help"),
            self.learn_menu: _("&Learn to play"),
            self.recent_menu: _("Recent games"),
        }
        for menu, title in menus.items():
            menu.setTitle(title)
        self.print_kit_item.setText(_("A print-and-play &kit…"))
        self.print_board_item.setText(_("A &board alone…"))
        self.results_button.setText(_("Back to the results"))
        self.results_button.setToolTip(_("The end screen: scores, winner, review"))
        self._update_title()

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

    def _create_menus(self) -> None:
        bar = self.menuBar()
        game = self.game_menu = bar.addMenu("&Game")
        for act in (self.new_action, self.continue_action, self.open_action):
            game.addAction(act)
        self.recent_menu = game.addMenu("Recent games")
        game.addSeparator()
        for act in (self.save_action, self.save_as_action, self.close_action):
            game.addAction(act)
        game.addSeparator()
        for act in (self.print_action, self.print_preview_action, self.export_pdf_action):
            game.addAction(act)
        game.addAction(self.print_kit_action)
        game.addSeparator()
        game.addAction(self.review_action)
        game.addSeparator()
        game.addAction(self.quit_action)
        edit = self.edit_menu = bar.addMenu("&Edit")
        edit.addAction(self.undo_action)
        edit.addSeparator()
        edit.addAction(self.settings_action)
        view = self.view_menu = bar.addMenu("&View")
        for act in (self.zoom_in_action, self.zoom_out_action, self.fit_action):
            view.addAction(act)
        view.addSeparator()
        view.addAction(self.steps_action)
        pace = self.pace_menu = view.addMenu("AI &pace")
        for act in self.pace_actions.values():
            pace.addAction(act)
        tools = self.tools_menu = bar.addMenu("&Tools")
        tools.addAction(self.editor_action)
        helpmenu = self.help_menu = bar.addMenu("&Help")
        self.learn_menu = helpmenu.addMenu("&Learn to play")
        for act in self.learn_actions.values():
            self.learn_menu.addAction(act)
        helpmenu.addAction(self.rules_action)
        helpmenu.addAction(self.about_action)

    def _connect_start_screen(self) -> None:
        screen = self.start_screen
        screen.new_button.clicked.connect(self.new_action.trigger)
        screen.continue_button.clicked.connect(self.continue_action.trigger)
        screen.load_button.clicked.connect(self.open_action.trigger)
        screen.editor_button.clicked.connect(self.editor_action.trigger)
        screen.rules_button.clicked.connect(self.rules_action.trigger)
        print_menu = QMenu(screen.print_button)  # the kit, or a board alone
        self.print_kit_item = print_menu.addAction("kit", self.print_kit_action.trigger)
        self.print_board_item = print_menu.addAction("board", self.print_preview_action.trigger)
        screen.print_button.setMenu(print_menu)
        screen.learn_button.setMenu(self.learn_menu)
        screen.recent_chosen.connect(self.load_game)

    def _update_actions(self) -> None:
        in_game = self.session is not None
        for act in (self.save_action, self.save_as_action, self.close_action):
            act.setEnabled(in_game)
        for act in (self.zoom_in_action, self.zoom_out_action, self.fit_action):
            act.setEnabled(in_game)
        autosave = self.settings.autosave_path
        self.continue_action.setEnabled(autosave.is_file())
        self.start_screen.continue_button.setEnabled(self.continue_action.isEnabled())
        self.start_screen.set_continue_game(read_summary(autosave) if autosave.is_file() else None)
        self.start_screen.editor_button.setEnabled(self.editor_action.isEnabled())
        self.start_screen.editor_button.setToolTip(self.editor_action.toolTip())
        if not in_game:
            self.undo_action.setEnabled(False)
        recent = [read_summary(path) for path in self.settings.recent_games()]
        self.start_screen.set_recent_games(recent)
        self.recent_menu.clear()
        self.recent_menu.setToolTipsVisible(True)
        for summary in recent:
            act = self.recent_menu.addAction(f"{summary.title()} — {summary.details()}")
            act.setToolTip(str(summary.path))
            act.triggered.connect(lambda checked=False, p=str(summary.path): self.load_game(p))
        self.recent_menu.setEnabled(bool(recent))
        self._update_title()

    def _update_title(self) -> None:
        if self.session is None:
            self.setWindowTitle("Daimyo")
            return
        name = _game_name(self.session.game_id)
        path = self.session.save_path
        self.setWindowTitle(f"Daimyo — {name}" + (f" — {path.name}" if path else ""))

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
        dialog.setFont(scaled_font(dialog.font(), self.bar_scale))
        return dialog

    def start_game(self, config: NewGameConfig) -> bool:
        """Start the game `config` describes; a failure is shown, not raised."""
        ui = game_ui(config.game)
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            session = new_session(config, ui.settings_for, ui.reveals_hidden)
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
            self, _("Review a saved game"), folder, OPEN_FILTER
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
            self, _("Load a game"), str(self.settings.saves_dir), OPEN_FILTER
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
        session.set_undo_rule(ui.reveals_hidden)
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
            self, _("Save the game"), str(default), SAVE_FILTER
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
        name = _game_name(session.game_id)
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
        """Before `incoming` takes over the autosave: keep the game it replaces.

        The running game, or else the one waiting in the autosave, stays in its own save
        file when that file holds it as it is now, else in a new file in the saves folder;
        either way it is listed under Recent games. Returns that file (None: nothing kept).
        """
        data: dict[str, Any] | None = None
        if self.session is not None and self.session is not incoming:
            if self.session.state.history:
                data = self.session.save_data()
        elif self.session is None and not from_autosave:
            data = self._autosaved_game()
        if data is None:
            return None
        own = (data.get("app") or {}).get("save_path")
        try:
            if own and read_save(own).actions == tuple(data["actions"]):
                self.settings.add_recent_game(own)
                return Path(own)
        except SaveError:
            pass  # its own file is gone or damaged: keep a new copy
        # kept before (another game was opened and left unplayed): that file is enough
        listed = next((p for p in self.settings.recent_games() if holds_game(p, data)), None)
        if listed is not None:
            self.settings.add_recent_game(listed)
            return Path(listed)
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M")
        target = self.settings.saves_dir / f"{data['game']}-{stamp}.json"
        counter = 2
        while target.exists():
            target = self.settings.saves_dir / f"{data['game']}-{stamp}-{counter}.json"
            counter += 1
        try:
            atomic_write_text(target, json.dumps(data, indent=1) + "\n")
        except OSError as exc:
            self._on_status(f"Could not keep the previous game in {target}: {exc.strerror}")
            return None
        self.settings.add_recent_game(target)
        return target

    def _autosaved_game(self) -> dict[str, Any] | None:
        """The autosave's content when it holds a game with moves (None if not, or damaged)."""
        path = self.settings.autosave_path
        if not path.is_file():
            return None
        try:
            save = read_save(path)
            data = json.loads(path.read_text(encoding="utf-8"))
        except (SaveError, OSError, ValueError):
            return None  # a damaged autosave is not worth keeping
        return data if save.actions else None

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
        dialog.setFont(scaled_font(dialog.font(), self.bar_scale))
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
