"""Edit → Settings…: the language applies at once, without a restart, the game in progress
stays; Qt's own dialogs speak it too; AI pace, step-by-step and animations live there, in
step with the View menu, and everything is remembered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication

from app import i18n
from app.session import AI, HUMAN, NewGameConfig, Seat
from app.settings import AppSettings
from app.widgets.language import apply_language
from app.widgets.settings_dialog import SettingsDialog


@pytest.fixture(autouse=True)
def english(qapp):
    """Every test starts and ends in English."""
    apply_language("en")
    yield
    apply_language("en")


def choose(dialog: SettingsDialog, combo, data) -> None:
    """Pick the entry of `combo` whose data is `data`, as a person does."""
    combo.setCurrentIndex(combo.findData(data))
    QApplication.processEvents()  # Qt tells the widgets of the new language


def test_settings_sit_in_the_edit_menu_with_the_preferences_role(window) -> None:
    # Given the window's Edit menu
    edit = window.edit_menu
    # Then Settings… is there, marked as the platform's Preferences
    assert window.settings_action in edit.actions()
    assert window.settings_action.menuRole() == QAction.PreferencesRole
    # And it opens the dialog with the current choices
    window.settings_action.trigger()
    dialog = window.findChild(SettingsDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.language.currentData() == ""  # following the system
    assert dialog.pace.currentData() == window.settings.ai_pace()
    assert dialog.steps.isChecked() == window.steps_action.isChecked()


def test_ctrl_comma_opens_settings_on_every_platform(window, qtbot) -> None:
    # Given the window, shown and active (Qt's Preferences key is empty on Linux)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    assert window.settings_action.shortcut() == QKeySequence("Ctrl+,")
    # When Ctrl+, is pressed
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    # Then the Settings dialog opens
    dialog = window.findChild(SettingsDialog)
    assert dialog is not None and dialog.isVisible()


def test_a_new_language_applies_at_once_and_the_game_stays(window, qtbot) -> None:
    # Given a Shinobi game in progress
    seats = (Seat(HUMAN), Seat(AI, "random"), Seat(AI, "random"))
    assert window.start_game(NewGameConfig("shinobi", seats, seed=3))
    session, view = window.session, window.game_screen.view
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=10000)
    assert "Your turn" in view.orders.text()
    # When German is chosen in Settings
    dialog = window.show_settings()
    choose(dialog, dialog.language, "de")
    # Then the menus, the screens, the dialog and the game's table speak German at once
    assert window.game_menu.title() == "&Spiel"
    assert window.settings_action.text() == "&Einstellungen…"
    assert window.start_screen.new_button.text() == "Neues Spiel"
    assert dialog.windowTitle() == "Einstellungen"
    assert "Du bist am Zug" in view.orders.text() and "Befehl" in view.orders.text()
    assert view.cancel.text() == "Abbrechen"
    # And the game is the same game, still mine to play
    assert window.session is session and window.game_screen.view is view
    assert window.controller.human_to_act
    # And Qt's own buttons speak German (the catalogs PySide6 ships)
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Abbrechen"
    # When Portuguese is chosen, then it speaks Portuguese, Qt too
    choose(dialog, dialog.language, "pt")
    assert window.game_menu.title() == "&Jogo" and "Seu turno" in view.orders.text()
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancelar"
    # And back to the system's language (English here), Qt's catalog goes away
    choose(dialog, dialog.language, "")
    assert window.game_menu.title() == "&Game"
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"


def test_the_language_is_remembered_and_spoken_from_the_start(window, qtbot) -> None:
    from app.main_window import MainWindow

    # Given Portuguese chosen in Settings
    dialog = window.show_settings()
    choose(dialog, dialog.language, "pt")
    assert window.settings.language() == "pt"
    apply_language("en")  # as a new run of the program begins
    # When the program starts again on the same settings
    again = MainWindow(AppSettings(window.settings.qsettings, window.settings.data_dir))
    qtbot.addWidget(again)
    # Then it speaks Portuguese from its first screen
    assert i18n.language() == "pt"
    assert again.start_screen.new_button.text() == "Novo jogo"
    assert again.help_menu.title() == "A&juda"


def test_pace_steps_and_animations_live_in_settings_in_step_with_the_view_menu(
    window, qtbot
) -> None:
    # Given a Shinobi game at the fast pace
    window.pace_actions["fast"].trigger()
    seats = (Seat(HUMAN), Seat(AI, "random"), Seat(AI, "random"))
    assert window.start_game(NewGameConfig("shinobi", seats, seed=3))
    view = window.game_screen.view
    assert view.animation_ms > 0
    dialog = window.show_settings()
    assert dialog.pace.currentData() == "fast"
    # When Settings turns the animations off
    dialog.animations.setChecked(False)
    # Then the board stops animating, and it is remembered
    assert view.animation_ms == 0
    assert not window.settings.animations()
    # When the pace is chosen in Settings, the View menu follows (and the animations stay off)
    choose(dialog, dialog.pace, "slow")
    assert window.pace_actions["slow"].isChecked() and window.settings.ai_pace() == "slow"
    assert window.controller.ai_delay_ms == 1500 and view.animation_ms == 0
    # When step-by-step is turned off in Settings, the View menu's item follows
    dialog.steps.setChecked(False)
    assert not window.steps_action.isChecked() and not window.controller.step_by_step
    assert not window.settings.step_by_step()
    # And the animations come back when turned on
    dialog.animations.setChecked(True)
    assert view.animation_ms > 0


def test_shinobis_rules_follow_the_language(window) -> None:
    def shinobi_rules():
        tabs = window._rules.tabs  # a QTextBrowser per game
        return next(tabs.widget(i) for i in range(tabs.count()) if tabs.tabText(i) == "Shinobi")

    # Given Help → Rules open in English
    window.show_rules()
    assert "A turn: three orders" in shinobi_rules().toPlainText()
    # When German is chosen in Settings
    dialog = window.show_settings()
    choose(dialog, dialog.language, "de")
    # Then the rules window shows Shinobi's rules in German, in the rulebook's words
    text = shinobi_rules().toPlainText()
    assert "Ein Zug: drei Befehle" in text and "disponiere" in text.lower()
    assert "A turn: three orders" not in text


def test_pyside6_ships_qts_own_catalogs_for_every_language() -> None:
    from app.i18n import LANGUAGES, QT_CATALOGS
    from app.widgets.language import qt_translations_dir

    # Given the folder of Qt's translations in the installed PySide6-Essentials
    folder = qt_translations_dir()
    # Then each language but English (Qt's own) has its qtbase catalog there
    assert set(QT_CATALOGS) == set(LANGUAGES) - {"en"}
    for name in QT_CATALOGS.values():
        assert (folder / f"{name}.qm").is_file(), folder / f"{name}.qm"


def test_each_setting_is_named_beside_its_choice_in_the_current_language(window) -> None:
    # Given the Settings dialog
    dialog = window.show_settings()
    fields = (dialog.language, dialog.pace, dialog.steps, dialog.animations)

    def row_labels() -> list[str]:
        labels = [dialog.form.labelForField(field) for field in fields]
        assert all(label is not None and label.isVisible() for label in labels)
        return [label.text() for label in labels]

    # Then every row says what it sets, a label beside its field
    assert row_labels() == ["Language", "AI pace", "Resolution", "Board"]
    # And when German is chosen, the labels say it in German
    choose(dialog, dialog.language, "de")
    assert row_labels() == ["Sprache", "KI-Tempo", "Abhandlung", "Spielplan"]


def test_a_rice_wars_game_speaks_the_new_language_at_once(window, qtbot) -> None:
    import random

    from engine.ricewars.state import HIRE
    from tests.app.test_ricewars_game import decide, wait_for_me

    # Given a Rice Wars game at my hiring, its row of buttons and my hand shown in English
    seats = (Seat(HUMAN), Seat(AI, "random"), Seat(AI, "random"))
    assert window.start_game(NewGameConfig("ricewars", seats, map_ref="ricewars-quick", seed=4))
    rng = random.Random(4)
    wait_for_me(window, qtbot)
    while window.session.state.phase != HIRE:
        decide(window, qtbot, rng)
        wait_for_me(window, qtbot)
    view = window.game_screen.view
    english = [button.text() for button in view.choice_buttons]
    assert "Done hiring" in english and "Your hand" in view.hand.itemAt(0).widget().text()
    # When German is chosen in Settings
    dialog = window.show_settings()
    choose(dialog, dialog.language, "de")
    # Then the prompt, the round track, the buttons and the hand speak German at once
    german = [button.text() for button in view.choice_buttons]
    assert len(german) == len(english) and "Done hiring" not in german
    assert "Fertig" in german
    assert "Runde" in view.track.text() and view.prompt.text().startswith("Einstellung")
    assert "Deine Hand" in view.hand.itemAt(0).widget().text()
    # And the decision is still mine to make
    assert window.controller.human_to_act and view.tree is not None
