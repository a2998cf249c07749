"""The new-game dialog and a custom map: an unready map is refused with the game's message;
the clans on offer and the player count follow from the capitals the map has."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from app.games import game_ui
from app.new_game_dialog import NewGameDialog
from app.session import AI, HUMAN, NewGameConfig, Seat, new_session
from engine.rokugan.data import CLANS
from tests.app.test_map_readiness_cli import FOUR_SQUARES, TWO_CLANS


def open_dialog(qtbot: Any, tmp_path: Path, text: str) -> tuple[NewGameDialog, Path]:
    path = tmp_path / "custom.yaml"
    path.write_text(text, encoding="utf-8")
    dialog = NewGameDialog(None, {"game": "rokugan"}, map_path=path)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog, path


def choices(dialog: NewGameDialog, seat: int) -> list[Any]:
    combo = dialog.seats[seat].choice
    return [combo.itemData(i) for i in range(combo.count())]


def test_an_unready_map_is_refused_with_the_games_message(qtbot: Any, tmp_path: Path) -> None:
    # Given the dialog on Battle for Rokugan with a map of four bare squares
    dialog, path = open_dialog(qtbot, tmp_path, FOUR_SQUARES)
    assert dialog.map.currentData() == str(path)
    # Then it says why the map cannot be played, with the fixes, and Start is off
    text = dialog.error.text()
    assert text.startswith("map 'tiny' is not ready for Battle for Rokugan:")
    assert "no capital for any clan: mark a province as a clan's capital" in text
    assert "no territories" in text and "flowers" in text
    start = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert not start.isEnabled()
    # When Start is pressed anyway (Enter), Then the dialog stays open with the message
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    dialog._on_accept()  # the accept path checks again
    assert dialog.result() != QDialog.DialogCode.Accepted and "no capital" in dialog.error.text()


def test_clans_and_players_follow_the_capitals_of_the_map(qtbot: Any, tmp_path: Path) -> None:
    # Given a map with capitals for Crab and Lion only
    dialog, _ = open_dialog(qtbot, tmp_path, TWO_CLANS)
    # Then each seat offers only those clans, and the map seats 2 players
    assert choices(dialog, 0) == [None, "crab", "lion"]
    assert (dialog.players.minimum(), dialog.players.maximum()) == (2, 2)
    assert dialog.error.text() == ""
    assert dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    # When the shipped Rokugan map is chosen again, Then all seven clans are back
    dialog.map.setCurrentIndex(dialog.map.findData("rokugan"))
    assert choices(dialog, 0) == [None, *CLANS]
    assert dialog.players.maximum() == 5


def test_random_seats_get_clans_with_a_capital(qtbot: Any, tmp_path: Path) -> None:
    # Given the dialog's game on the two-clan map, a human and an AI, both "Random" clan
    dialog, _ = open_dialog(qtbot, tmp_path, TWO_CLANS)
    dialog.seats[0].kind.setCurrentIndex(dialog.seats[0].kind.findData(HUMAN))
    dialog.seats[1].kind.setCurrentIndex(dialog.seats[1].kind.findData(AI))
    ui = game_ui("rokugan")
    for seed in range(6):
        dialog.seed.setText(str(seed))
        # When the game starts, Then the clans are Crab and Lion in some order
        session = new_session(dialog.config(), ui.settings_for)
        assert sorted(CLANS[c] for c in session.state.clans) == ["crab", "lion"]
        settings = ui.settings_for(dialog.config(), random.Random(seed))
        assert sorted(settings["clans"]) == ["crab", "lion"]


def test_a_game_on_an_unready_map_does_not_start_past_the_dialog(tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(FOUR_SQUARES, encoding="utf-8")
    config = NewGameConfig("rokugan", (Seat(HUMAN), Seat(AI)), str(path), seed=1)
    ui = game_ui("rokugan")
    with pytest.raises(ValueError, match="not ready for Battle for Rokugan"):
        new_session(config, ui.settings_for)


def test_a_geometrically_broken_map_is_refused_by_the_dialog_and_the_session(
    qtbot: Any, tmp_path: Path
) -> None:
    # Given the Rokugan map with a shared vertex dragged across a neighbour (the game itself
    # would find all it needs there)
    from tests.maps.builders import broken_rokugan

    path = broken_rokugan(tmp_path)
    dialog = NewGameDialog(None, {"game": "rokugan"}, map_path=path)
    qtbot.addWidget(dialog)
    dialog.show()
    # Then the dialog says the map is not ready, naming its errors, and Start is off
    assert "not ready for Battle for Rokugan" in dialog.error.text()
    assert "self-intersection" in dialog.error.text()
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    # And a game asked for anyway (the editor's Play on this map) does not start
    config = NewGameConfig("rokugan", (Seat(HUMAN), Seat(AI)), str(path), seed=1)
    ui = game_ui("rokugan")
    with pytest.raises(ValueError, match="self-intersection"):
        new_session(config, ui.settings_for)


def test_the_map_file_stays_chosen_when_the_game_changes(qtbot: Any, tmp_path: Path) -> None:
    # Given the dialog opened on a designer's map ("Play on this map") for Battle for Rokugan
    dialog, path = open_dialog(qtbot, tmp_path, TWO_CLANS)
    assert dialog.map.currentData() == str(path)
    # When the designer switches the game to Rice Wars
    dialog.game.setCurrentIndex(dialog.game.findData("ricewars"))
    # Then their map is still the one chosen, not the game's shipped board
    assert dialog.map.currentData() == str(path)
    assert dialog.config().map_ref == str(path)
