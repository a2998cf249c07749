"""Game → Print kit… and the start screen's Print… menu: the kit dialog, the preview, the
PDF. Modal steps (the dialog's exec, the file dialog, the preview's exec) are replaced."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QDialog, QFileDialog

import app.printing.kit.dialog as kit_dialog
from app.printing.kit import KitOptions, build_kit, plan_kit
from app.printing.kit.dialog import EXPORT, PREVIEW, KitDialog, open_kit_preview, print_kit_on
from app.session import HUMAN, NewGameConfig, Seat
from tests.app.test_board_printing import Recorder
from tests.app.test_print_pdfreader import Pdf


@pytest.fixture
def answer_dialog(monkeypatch: pytest.MonkeyPatch):
    """The kit dialog, answering with `choice` after `fill(dialog)`; records what it showed."""
    shown: list[KitOptions] = []

    def install(choice: str, fill=None) -> list[KitOptions]:
        def fake_exec(self: KitDialog) -> int:
            shown.append(self.options())
            if fill is not None:
                fill(self)
            self.choice = choice
            return QDialog.DialogCode.Accepted

        monkeypatch.setattr(KitDialog, "exec", fake_exec)
        return shown

    return install


def test_the_game_menu_and_the_start_screen_offer_the_kit(window) -> None:
    game_menu = window.menuBar().actions()[0].menu()
    assert window.print_kit_action in game_menu.actions()
    assert window.print_kit_action.isEnabled()
    entries = [a.text() for a in window.start_screen.print_button.menu().actions()]
    assert entries == ["A print-and-play &kit…", "A &board alone…"]


def test_in_a_game_the_kit_is_that_games_on_its_map(window, answer_dialog, monkeypatch) -> None:
    # Given a running Battle for Rokugan game
    seats = (Seat(HUMAN, name="A", choice="crab"), Seat(HUMAN, name="B", choice="lion"))
    assert window.start_game(NewGameConfig("rokugan", seats, seed=1))
    shown = answer_dialog(PREVIEW)
    preview = Recorder(QDialog())
    monkeypatch.setattr(kit_dialog, "open_kit_preview", preview)
    # When I choose Game → Print kit… and Preview
    window.print_kit_action.trigger()
    # Then the dialog offered this game on its map, and the preview shows that kit
    assert shown[0].game == "rokugan" and shown[0].map.endswith("rokugan.yaml")
    (kit, options, parent) = preview.calls[0]
    assert kit.game == "rokugan" and kit.board.id == "rokugan" and parent is window
    assert options.game == "rokugan"


def test_the_start_screen_exports_a_chosen_games_kit(
    window, answer_dialog, monkeypatch, tmp_path: Path
) -> None:
    # Given the dialog set to Shinobi, Letter paper, double-sided, and a file name
    def fill(dialog: KitDialog) -> None:
        dialog.game.setCurrentIndex(dialog.game.findData("shinobi"))
        dialog.paper.setCurrentIndex(dialog.paper.findData("Letter"))
        dialog.duplex.setChecked(True)

    answer_dialog(EXPORT, fill)
    target = tmp_path / "shinobi-kit"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", Recorder((str(target), "")))
    # When I choose Print kit… from the start screen's Print… menu
    entry = next(
        a for a in window.start_screen.print_button.menu().actions() if "kit" in a.text().lower()
    )
    entry.trigger()
    # Then the PDF holds the Shinobi kit on Letter paper, with backs
    pdf = Pdf((tmp_path / "shinobi-kit.pdf").read_bytes())
    assert round(pdf.pages[0].size[0]) == 612
    texts = [t for p in pdf.pages for t in p.texts]
    assert "Ninja" in texts and any(t.startswith("Print on the reverse") for t in texts)
    # And the options are remembered for next time
    remembered = json.loads(window.settings.value("kit/options"))
    assert remembered == {
        "game": "shinobi",
        "map": None,
        "paper": "Letter",
        "scale": 1.0,
        "duplex": True,
    }


def test_the_dialog_counts_pages_and_refuses_an_unreadable_map(qtbot, tmp_path: Path) -> None:
    dialog = KitDialog(None, KitOptions("shinobi"))
    qtbot.addWidget(dialog)
    # Shinobi: no map to choose, and the summary counts the pages
    assert not dialog.map.isEnabled()
    pages = len(plan_kit(build_kit("shinobi"), KitOptions("shinobi")).pages)
    assert dialog.summary.text().startswith(f"{pages} A4 pages")
    # A broken map file: the summary says why, and nothing can be printed
    bad = tmp_path / "broken.yaml"
    bad.write_text("format: 1\nid: broken\nprovinces: [\n", encoding="utf-8")
    dialog.set_options(KitOptions("rokugan", str(bad)))
    dialog._on_changed()
    assert dialog.summary.text().startswith("Cannot print") and "broken.yaml" in (
        dialog.summary.text()
    )
    assert not dialog.preview_button.isEnabled() and not dialog.export_button.isEnabled()


def test_the_preview_paints_every_page(qtbot) -> None:
    kit = build_kit("shinobi")
    options = KitOptions("shinobi", duplex=True)
    dialog = open_kit_preview(kit, options, exec_dialog=False)
    qtbot.addWidget(dialog)
    assert isinstance(dialog, QPrintPreviewDialog) and "Shinobi" in dialog.windowTitle()
    dialog.show()
    widget = dialog.findChild(QPrintPreviewWidget)
    qtbot.waitUntil(lambda: widget.pageCount() > 0, timeout=5000)
    assert widget.pageCount() == len(plan_kit(kit, options).pages)
    dialog.close()


def test_a_high_resolution_printer_gets_the_same_kit(qapp, tmp_path: Path) -> None:
    # Given a 1200 dpi printer writing a PDF
    kit = build_kit("shinobi")
    options = KitOptions("shinobi", paper="A3")
    printer = kit_dialog.make_kit_printer(options)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    out = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(out))
    # When the kit is printed on it
    print_kit_on(printer, kit, options)
    # Then the pages are the same, A3, with the card names as text
    pdf = Pdf(out.read_bytes())
    assert len(pdf.pages) == len(plan_kit(kit, options).pages)
    assert round(pdf.pages[0].size[1]) == 1191
    assert "Go-Hōjō" in [t for p in pdf.pages for t in p.texts]
