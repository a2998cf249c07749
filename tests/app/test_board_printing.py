"""Printing boards from the app: Game → Print board…, Print preview…, Export board PDF….

Modal dialogs are never run: the board chooser, the print options dialog, the file dialogs,
the system print dialog and the preview are replaced by recorders.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox

import app.printing
import app.printing.dialog
from app.board_printing import OTHER_MAP, shipped_boards
from app.printing import PrintOptions
from app.session import HUMAN, NewGameConfig, Seat
from tests.app.test_print_pdfreader import Pdf

pytest.importorskip("maps.api")
from maps.api import load_map, shipped_map_path  # noqa: E402

QUICK = "Takuno (quick side)"


class Recorder:
    """Stands in for one modal step: records its calls and answers `answer`."""

    def __init__(self, answer: object) -> None:
        self.answer = answer
        self.calls: list[tuple] = []

    def __call__(self, *args: object) -> object:
        self.calls.append(args)
        return self.answer


def refuse(*args: object) -> object:
    """A dialog that must not be shown."""
    raise AssertionError(f"unexpected dialog {args}")


@pytest.fixture
def options_dialog(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """The print options dialog, answering A3 landscape without the legend."""
    recorder = Recorder(PrintOptions(paper="A3", landscape=True, legend=False))
    monkeypatch.setattr(app.printing.dialog, "ask_print_options", recorder)
    return recorder


@pytest.fixture
def chooser(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """The "which board?" question, answering the quick Rice Wars board."""
    recorder = Recorder((QUICK, True))
    monkeypatch.setattr(QInputDialog, "getItem", recorder)
    return recorder


def test_the_game_menu_and_the_start_screen_offer_printing(window) -> None:
    # Given the main window on the start screen
    game_menu = window.menuBar().actions()[0].menu()
    texts = [a.text() for a in game_menu.actions()]
    # Then the Game menu has the three print actions, usable without a game
    for act in (window.print_action, window.print_preview_action, window.export_pdf_action):
        assert act.text() in texts and act.isEnabled()
    assert window.start_screen.print_button.isEnabled()


def test_export_from_the_start_screen_writes_the_chosen_shipped_board(
    window, qtbot, chooser: Recorder, options_dialog: Recorder, monkeypatch, tmp_path: Path
) -> None:
    # Given no game, and a file dialog answering a name without ".pdf"
    target = tmp_path / "takuno"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", Recorder((str(target), "")))
    # When I export a board PDF and pick the quick Rice Wars board
    window.export_pdf_action.trigger()
    # Then I was asked which board, among every shipped map
    assert chooser.calls and list(chooser.calls[0][3]) == [
        *(name for _, name in shipped_boards()),
        OTHER_MAP,
    ]
    # And the options dialog was shown for that board, with its true size
    (parent, offered, size_mm, title, _accept) = options_dialog.calls[0]
    assert parent is window and offered == PrintOptions() and QUICK in title
    assert size_mm[0] > 0 and size_mm[1] > 0
    # And the PDF holds that board on A3 landscape, its province names as text, no legend page
    written = tmp_path / "takuno.pdf"
    pdf = Pdf(written.read_bytes())
    assert len(pdf.pages) == 1
    width, height = pdf.pages[0].size
    assert width > height and round(height) == 842  # A3 landscape: 1191 × 842 pt
    quick = load_map(shipped_map_path("ricewars-quick"))
    assert {p.name for p in quick.provinces} <= set(pdf.pages[0].texts)
    assert str(written) in window.statusBar().currentMessage()
    # And the options are remembered for the next print, in the settings
    assert window.settings.print_options()["paper"] == "A3"
    assert window.printing.options() == options_dialog.answer


def test_in_a_game_printing_prints_the_games_map_without_asking(
    window, options_dialog: Recorder, monkeypatch
) -> None:
    # Given a running Rokugan game (two people at one screen, no bots)
    seats = (Seat(HUMAN, name="A", choice="crab"), Seat(HUMAN, name="B", choice="lion"))
    assert window.start_game(NewGameConfig("rokugan", seats, seed=1))
    monkeypatch.setattr(QInputDialog, "getItem", refuse)
    printer = Recorder(True)
    monkeypatch.setattr(app.printing, "print_with_dialog", printer)
    # When I choose Print board…
    window.print_action.trigger()
    # Then the game's board goes to the system print dialog with the chosen options
    (board, parent, options) = printer.calls[0]
    assert board.id == "rokugan" and parent is window
    assert options == options_dialog.answer
    assert "Rokugan" in window.statusBar().currentMessage()


def test_preview_from_the_start_screen_button(
    window, qtbot, chooser: Recorder, options_dialog: Recorder, monkeypatch
) -> None:
    # Given the preview replaced by a recorder that hands back a dialog
    preview = Recorder(QDialog())
    monkeypatch.setattr(app.printing, "open_print_preview", preview)
    # When I choose the board from the start screen's Print… menu
    menu = window.start_screen.print_button.menu()
    board_entry = next(a for a in menu.actions() if "board" in a.text().lower())
    board_entry.trigger()
    # Then the chosen board is previewed with the chosen options
    (board, parent, options) = preview.calls[0]
    assert board.name == QUICK and parent is window and options == options_dialog.answer


def test_cancelling_the_options_prints_nothing(window, chooser: Recorder, monkeypatch) -> None:
    # Given the options dialog cancelled
    monkeypatch.setattr(app.printing.dialog, "ask_print_options", Recorder(None))
    printer = Recorder(True)
    monkeypatch.setattr(app.printing, "print_with_dialog", printer)
    # When I choose Print board…
    assert window.printing.print_board() is False
    # Then nothing was printed and no options were remembered
    assert printer.calls == [] and window.settings.print_options() == {}


def test_a_broken_map_file_gives_a_message_naming_the_file(
    window, monkeypatch, tmp_path: Path
) -> None:
    # Given a map file whose YAML is damaged, chosen as "A map file…"
    bad = tmp_path / "broken.yaml"
    bad.write_text("format: 1\nid: broken\nprovinces: [\n", encoding="utf-8")
    monkeypatch.setattr(QInputDialog, "getItem", Recorder((OTHER_MAP, True)))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", Recorder((str(bad), "")))
    warning = Recorder(QMessageBox.StandardButton.Ok)
    monkeypatch.setattr(QMessageBox, "warning", warning)
    options = Recorder(PrintOptions())
    monkeypatch.setattr(app.printing.dialog, "ask_print_options", options)
    # When I try to preview it
    assert window.printing.print_preview() is False
    # Then a message names the file, and no options dialog opened
    (_parent, title, text) = warning.calls[0]
    assert "Cannot print" in title and "broken.yaml" in text
    assert options.calls == []


def test_the_game_menu_mnemonics_are_unique(window) -> None:
    # Given the Game menu with the print actions added
    game_menu = window.menuBar().actions()[0].menu()
    keys = [
        a.text().split("&", 1)[1][0].lower()
        for a in game_menu.actions()
        if not a.isSeparator() and "&" in a.text()
    ]
    # Then no two entries share an Alt-key
    assert len(keys) == len(set(keys)), keys
