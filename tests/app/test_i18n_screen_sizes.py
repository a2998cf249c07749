"""Nothing clipped in German or Portuguese: the translated screens fit a 1280 × 720 window
as the English ones do (tests/app/test_screen_sizes.py): the start screen, the new-game
dialog, Settings, a Shinobi game in play and at its end, the hot-seat curtain, the map
editor with its dialogs, the print options and the kit's."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QApplication

from app.new_game_dialog import NewGameDialog
from app.printing.dialog import PrintOptionsDialog
from app.printing.kit.dialog import KitDialog
from app.widgets.handoff import HandOffScreen
from app.widgets.language import apply_language
from editor.dialogs import BackgroundDialog, GridDialog, NewMapDialog
from editor.main_window import EditorWindow
from editor.playtest import PlaytestDialog
from tests.app.real_saves import write_save
from tests.app.test_i18n_pseudo import late_shinobi_save
from tests.app.test_screen_sizes import (
    SMALL,
    TITLE_BAR,
    assert_fits,
    autosave,
    finish_game_by_picks,
)

pytest.importorskip("maps.api")

LANGUAGES = ("de", "pt")


@pytest.fixture
def small(window, qtbot):
    """The test window at 1280 × 720; English again afterwards."""
    window.resize(SMALL)
    qtbot.waitUntil(lambda: window.size() == SMALL, timeout=2000)
    yield window
    apply_language("en")


def speak(lang: str) -> None:
    """Switch the program to `lang`, as Settings does, and let every widget hear it."""
    apply_language(lang)
    QApplication.processEvents()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_start_screen_new_game_dialog_settings_and_curtain_fit(
    small, qtbot, tmp_path, lang
) -> None:
    # Given six saved games in the Recent list, one waiting under Continue, in `lang`
    for index in range(6):
        game = ("rokugan", "shinobi", "ricewars")[index % 3]
        small.settings.add_recent_game(write_save(tmp_path / f"{index}.json", game))
    autosave(small, "shinobi")
    speak(lang)
    assert small.start_screen.new_button.text() != "New game"
    # Then the start screen fits
    assert_fits(small, f"start {lang}")
    # And the new-game dialog, for every game at its most players
    dialog = NewGameDialog(small, {})
    for game in ("rokugan", "shinobi", "ricewars"):
        dialog.game.setCurrentIndex(dialog.game.findData(game))
        dialog.players.setValue(dialog.players.maximum())
        hint = dialog.minimumSizeHint()
        assert hint.width() <= SMALL.width(), (lang, game, hint)
        assert hint.height() <= SMALL.height() - TITLE_BAR, (lang, game, hint)
    dialog.deleteLater()
    # And Settings
    hint = small.show_settings().minimumSizeHint()
    assert hint.width() <= SMALL.width() and hint.height() <= SMALL.height() - TITLE_BAR
    # And the hot-seat curtain, for a long name
    curtain = HandOffScreen()
    curtain.show_for("Spieler 5 — Mariana Albuquerque", "#336699")
    hint = curtain.minimumSizeHint()
    assert hint.width() <= SMALL.width() and hint.height() <= SMALL.height(), hint
    curtain.deleteLater()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_shinobi_game_fits_in_play_and_at_the_end(small, qtbot, tmp_path, lang) -> None:
    # Given a Shinobi game late in its course, in `lang`, me against two computer clans
    speak(lang)
    assert small.load_game(str(late_shinobi_save(tmp_path)))
    # When I play it to the end, the window fits at every decision and step
    check = lambda: assert_fits(small, f"shinobi {lang}")  # noqa: E731
    finish_game_by_picks(small, qtbot, random.Random(2), check)
    # Then the end screen fits too
    assert_fits(small, f"shinobi end {lang}")
    assert small.end_screen.title.text().endswith(")")  # "… gewinnt (9)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_map_editor_and_its_dialogs_fit(qtbot, app_settings, monkeypatch, tmp_path, lang):
    # Given the map editor on a shipped map at 1280 × 720, a province selected, in `lang`
    from maps.api import shipped_map_path

    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path))
    speak(lang)
    editor = EditorWindow(shipped_map_path("rokugan"), settings=app_settings)
    editor._ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    qtbot.addWidget(editor)
    editor.resize(SMALL)
    editor.show()
    qtbot.waitUntil(lambda: editor.size() == SMALL, timeout=2000)
    editor.view.select(("province", next(iter(editor.document.topo.provinces)), 0))
    editor.analysis.wait()
    assert editor.menuBar().actions()[0].text() != "&File"
    # Then the editor fits, with its docks and panels
    assert_fits(editor, f"editor {lang}")
    # And so do its dialogs, the print options and the print-and-play kit's
    dialogs = [
        NewMapDialog(editor, extent=(0, 0, 100, 100), attributes={}),
        GridDialog(editor),
        BackgroundDialog(editor),
        PrintOptionsDialog(editor, board_size_mm=(600.0, 400.0)),
        PlaytestDialog(editor.document.topo.to_mapfile(), None, editor),
        KitDialog(editor),
    ]
    for dialog in dialogs:
        hint = dialog.minimumSizeHint()
        name = type(dialog).__name__
        assert hint.width() <= SMALL.width(), (lang, name, hint)
        assert hint.height() <= SMALL.height() - TITLE_BAR, (lang, name, hint)
        dialog.deleteLater()
    apply_language("en")
    editor.close()
