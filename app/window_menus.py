"""The main window's menus and actions, apart from the screens and games they drive.

`WindowMenus` is a base class of `app.main_window.MainWindow`: it makes every action and
menu once (in English), says them again in the current language (`_retranslate`, also on
a language change), and enables them by what the window shows (`_update_actions`: a game
running, an autosave to continue, the Recent games). The slots the actions call (new game,
save, print, settings...) are the window's own.
"""

from __future__ import annotations

import importlib.util

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from app.coach import LEARN_GAMES
from app.i18n import GAME_NAMES, _, game_name
from app.savefile import read_summary
from app.settings import AI_PACES
from app.widgets.settings_dialog import AI_PACE_NAMES
from engine.registry import UnknownGameError, get_game


def editor_available() -> bool:
    """True when the map editor package provides its main window."""
    return importlib.util.find_spec("editor.main_window") is not None


def shown_game_name(game_id: str) -> str:
    """A game's name in the current language (a game without a translated name: its own)."""
    if game_id in GAME_NAMES:
        return game_name(game_id)
    try:
        return get_game(game_id).name
    except UnknownGameError:  # a game no longer registered (a test's stand-in)
        return game_id


class WindowMenus:
    """The menu bar's actions and menus of the main window (a base class of `MainWindow`,
    whose attributes and slots it uses)."""

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
        # Ctrl+, (Cmd+, on macOS): the platform's Preferences key is empty on Linux and Windows
        self.settings_action = action("Settings…", self.show_settings, "Ctrl+,")
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
            act.setText(shown_game_name(game))
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
        name = shown_game_name(self.session.game_id)
        path = self.session.save_path
        self.setWindowTitle(f"Daimyo — {name}" + (f" — {path.name}" if path else ""))
