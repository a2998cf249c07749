"""Windows that fit (issue 29): first windows and the rules open inside the screen's room,
a remembered geometry from a bigger screen is brought back onto a small one; Recent games
name levels as players do and list a file once; a save always has its extension and Open
finds any save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QRect

import app.widgets.scaling as scaling
from app.kept_games import open_filter, save_filter, with_save_suffix
from app.savefile import read_summary
from app.widgets.rules_dialog import RulesDialog
from tests.app.real_saves import write_save

LAPTOP = QRect(0, 30, 1280, 690)  # a 1280 × 720 screen less a 30-pixel panel


@pytest.fixture
def laptop(monkeypatch: pytest.MonkeyPatch) -> QRect:
    """Every window sees a 1280 × 720 laptop screen with a top panel."""
    monkeypatch.setattr(scaling, "available_area", lambda widget: LAPTOP)
    return LAPTOP


def test_the_first_main_window_opens_inside_a_laptop_screen(app_settings, qtbot, laptop) -> None:
    # Given no remembered geometry
    from app.main_window import MainWindow

    # When the app's window is made
    win = MainWindow(app_settings, bot_nodes=20)
    qtbot.addWidget(win)
    # Then it lies inside the screen's free room, not at 1400 × 900
    assert laptop.contains(win.geometry()), win.geometry()


def test_a_window_remembered_from_a_big_screen_comes_back_inside(
    app_settings, qtbot, laptop
) -> None:
    # Given a window kept at 2400 × 1300 on a bigger screen
    from app.main_window import MainWindow

    first = MainWindow(app_settings, bot_nodes=20)
    qtbot.addWidget(first)
    first.setGeometry(100, 100, 2400, 1300)
    app_settings.qsettings.setValue("window/geometry", first.saveGeometry())
    # When the app opens again on the laptop
    again = MainWindow(app_settings, bot_nodes=20)
    qtbot.addWidget(again)
    # Then it fits the laptop's room
    assert laptop.contains(again.geometry()), again.geometry()


def test_the_editor_and_the_rules_open_inside_a_laptop_screen(qtbot, laptop, tmp_path) -> None:
    # Given the rules window and the editor on a fresh settings file
    from PySide6.QtCore import QSettings

    from app.settings import AppSettings
    from editor.main_window import EditorWindow

    rules = RulesDialog()
    qtbot.addWidget(rules)
    settings = AppSettings(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat), tmp_path)
    editor = EditorWindow(settings=settings)
    qtbot.addWidget(editor)
    # Then both open inside the screen's room (the rules were 760 × 820)
    assert laptop.contains(rules.geometry()), rules.geometry()
    assert laptop.contains(editor.geometry()), editor.geometry()


def test_recent_games_name_the_level_not_its_node_budget(tmp_path: Path) -> None:
    # Given a save written when the summary said "P1 (easy@300)"
    path = write_save(tmp_path / "old.json", "shinobi")
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["app"]["summary"]["labels"]  # (the summary said the players then)
    data["app"]["summary"]["players"] = ["You (P0)", "P1 (easy@300)", "P2 (hard@2000)"]
    path.write_text(json.dumps(data), encoding="utf-8")
    # When the Recent list reads it
    summary = read_summary(path)
    # Then the players read as a person names them
    assert summary.players == ("You (P0)", "P1 (easy)", "P2 (hard)")


def test_one_save_is_listed_once_however_it_was_reached(app_settings, tmp_path: Path) -> None:
    # Given one save opened by its path and through a link to its folder
    save = write_save(tmp_path / "game.json", "shinobi")
    link = tmp_path / "link"
    link.symlink_to(tmp_path, target_is_directory=True)
    app_settings.add_recent_game(save)
    app_settings._set_json("recent_games", [str(link / "game.json"), str(save)])
    # When another game is remembered and the list is read
    app_settings.add_recent_game(write_save(tmp_path / "other.json", "ricewars"))
    # Then the first save shows once
    listed = [str(Path(p).resolve()) for p in app_settings.recent_games()]
    assert listed.count(str(save.resolve())) == 1 and len(listed) == 2


def test_a_save_named_without_extension_gets_json_and_open_lists_any_file() -> None:
    # Given names typed into the save dialog
    # Then a bare name becomes a .json save, a named extension stays
    assert with_save_suffix("/tmp/my game") == Path("/tmp/my game.json")
    assert with_save_suffix("/tmp/game.json") == Path("/tmp/game.json")
    assert with_save_suffix("/tmp/game.save") == Path("/tmp/game.save")
    # And Open offers every file besides the saves
    assert "All files (*)" in open_filter()


def test_the_save_and_open_dialogs_name_the_file_types_in_the_readers_words() -> None:
    from app import i18n

    # Given German
    i18n.set_language("de")
    try:
        # Then the dialogs' file types are German, as the rest of the window
        assert save_filter() == "Daimyo-Spielstände (*.json)"
        assert open_filter() == "Daimyo-Spielstände (*.json);;Alle Dateien (*)"
    finally:
        i18n.set_language("en")


def test_show_the_board_at_the_end_goes_there_and_back(window, qtbot, pebbles) -> None:
    # Given a finished game on its end screen
    from tests.app.test_shell import pebbles_config, play_human_turn

    assert window.start_game(pebbles_config())
    for _ in range(3):
        play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.end_screen, timeout=5000)
    window.show()
    assert window.results_button.isHidden()
    # When the player looks at the board
    window.end_screen.show_board.emit()
    # Then a way back to the results shows, and it leads there
    assert window.stack.currentWidget() is window.game_screen
    assert window.results_button.isVisible()
    window.results_button.click()
    assert window.stack.currentWidget() is window.end_screen
    assert window.results_button.isHidden()


def test_the_handoff_name_is_readable_in_every_players_colour(qtbot) -> None:
    # Given the hot-seat curtain and the darkest and lightest player colours of the games
    import re

    from app.palette import RICEWARS_COLOURS, contrast_ratio
    from app.widgets.handoff import HandOffScreen

    curtain = HandOffScreen()
    qtbot.addWidget(curtain)
    colours = [c.colour for c in RICEWARS_COLOURS.values()] + ["#111111", "#f5f5f5"]
    for colour in colours:
        # When it asks to pass the computer to a player of that colour
        curtain.show_for("Black", colour)
        html = curtain.message.text()
        # Then the name stands on its colour in ink that reads on it
        plate = re.search(r"background-color:(#\w+); color:(#\w+)", html)
        assert plate is not None and plate.group(1) == colour, html
        assert contrast_ratio(plate.group(1), plate.group(2)) >= 4.5


def test_a_cancelled_new_game_leaves_no_dialog_behind(window, monkeypatch) -> None:
    # Given New game cancelled three times
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from app.new_game_dialog import NewGameDialog

    monkeypatch.setattr(NewGameDialog, "exec", lambda self: NewGameDialog.Rejected)
    for _ in range(3):
        assert not window.new_game()
    # When the event loop deletes what was let go
    QApplication.sendPostedEvents(None, QEvent.DeferredDelete)
    # Then the window keeps no dialog of those
    assert window.findChildren(NewGameDialog) == []


TITLE_BAR = 40  # what a window manager's title bar takes beside the frame Qt shows here


def _dialogs(parent, settings):  # noqa: ANN001, ANN202 - (name, opener) of every dialog
    from app.new_game_dialog import NewGameDialog
    from app.printing.dialog import PrintOptionsDialog
    from app.printing.kit.dialog import KitDialog, KitOptions, build_kit, open_kit_preview
    from app.printing.preview import open_print_preview
    from app.widgets.settings_dialog import SettingsDialog
    from editor.dialogs import BackgroundDialog, GridDialog, NewMapDialog
    from editor.generate_dialog import GenerateDialog
    from editor.playtest import PlaytestDialog
    from maps.api import shipped_map_path
    from maps.io import load_map

    quick = shipped_map_path("ricewars-quick")
    kit = build_kit("shinobi")
    return [
        ("new game", lambda: NewGameDialog(parent, {})),
        ("settings", lambda: SettingsDialog(settings, parent)),
        ("rules", lambda: RulesDialog(parent, "ricewars")),
        ("print options", lambda: PrintOptionsDialog(parent, board_size_mm=(600.0, 400.0))),
        ("print preview", lambda: open_print_preview(quick, parent, exec_dialog=False)),
        ("kit", lambda: KitDialog(parent)),
        ("kit preview", lambda: open_kit_preview(kit, KitOptions("shinobi"), parent, False)),
        ("new map", lambda: NewMapDialog(parent)),
        ("map properties", lambda: NewMapDialog(parent, (0, 0, 600, 400), {"name": "Quick"})),
        ("grid", lambda: GridDialog(parent)),
        ("background", lambda: BackgroundDialog(parent)),
        ("playtest and balance", lambda: PlaytestDialog(load_map(quick), None, parent)),
        ("generator", lambda: GenerateDialog(parent)),
    ]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_dialog_of_the_app_and_the_editor_opens_inside_a_laptop_screen(
    window, qtbot, laptop, lang
) -> None:
    from app.widgets.language import apply_language

    # Given the app on a 1280 × 720 laptop, in English and in German
    apply_language(lang)
    try:
        for name, opener in _dialogs(window, window.settings):
            # When a dialog opens
            dialog = opener()
            qtbot.addWidget(dialog)
            dialog.show()
            frame, inner = dialog.frameGeometry(), dialog.geometry()
            # Then it lies inside the screen's free room, its title bar too
            assert laptop.contains(frame), (name, frame)
            title = inner.y() - frame.y()
            assert inner.height() + max(title, TITLE_BAR) <= laptop.height(), (name, inner)
            dialog.close()
    finally:
        apply_language("en")


def test_about_opens_inside_a_laptop_screen(window, qtbot, laptop) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    # Given the app on a 1280 × 720 laptop
    seen = []

    def look() -> None:
        box = QApplication.activeModalWidget()
        seen.append((box.windowTitle(), box.frameGeometry()))
        box.close()

    # When Help → About opens
    QTimer.singleShot(50, look)
    window.about_action.trigger()
    # Then its box lies inside the screen's room
    assert seen and seen[0][0] == "About Daimyo"
    assert laptop.contains(seen[0][1]), seen


def test_the_end_screen_and_the_hand_off_fit_a_laptop_window(window, qtbot, laptop) -> None:
    from app.widgets.handoff import HandOffScreen

    # Given the main window on the laptop, the end screen and then the hot-seat curtain shown
    curtain = HandOffScreen()
    window.stack.addWidget(curtain)
    curtain.show_for("Daisuke", "#111111")
    for screen in (window.end_screen, curtain, window.start_screen):
        window.stack.setCurrentWidget(screen)
        # Then the window needs no more than the laptop's room to show it whole
        need = window.minimumSizeHint()
        assert need.width() <= laptop.width(), (screen, need)
        assert need.height() + TITLE_BAR <= laptop.height(), (screen, need)


def test_the_new_game_dialog_at_2560x1440_gives_the_names_their_room(window, qtbot) -> None:
    from PySide6.QtCore import QSize

    # Given the window at 2560 × 1440, its menus' words twice as big
    window.resize(QSize(2560, 1440))
    qtbot.waitUntil(lambda: window.bar_scale >= 1.9, timeout=2000)
    # When New game opens its dialog
    dialog = window.new_game_dialog()
    dialog.show()
    qtbot.waitExposed(dialog)
    # Then every seat's name field is as wide as it asks to be (it was squeezed to a
    # third: the dialog kept the size it had before its words grew)
    for row in dialog.seats[: dialog.players.value()]:
        assert row.name.width() >= row.name.sizeHint().width(), row.name.width()
    dialog.close()
