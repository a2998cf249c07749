"""Printing from the editor: the options form, Export PDF, print preview and Print (offscreen)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog

from app.printing import LayoutError, PrintOptions
from app.printing.dialog import (
    SCALE_CUSTOM,
    SCALE_FIT,
    SCALE_TRUE,
    PrintOptionsDialog,
    describe_plan,
    form_options,
    page_count,
    plan_options,
    scale_mode,
)
from app.printing.sheets import CLANS
from editor.document import MapDocument
from editor.main_window import EditorWindow
from editor.topology import TopoMap
from tests.app.test_print_pdfreader import Pdf
from tests.editor.test_topology import tiny

TINY_MM = (200.0, 100.0)  # tiny(): a 200 × 100 mm map, Akagi and Biwa


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path / "home"))


def make_window(qtbot: Any) -> EditorWindow:
    window = EditorWindow(document=MapDocument(TopoMap.from_dict(tiny())))
    window._ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    qtbot.addWidget(window)
    return window


def answer_options(monkeypatch: pytest.MonkeyPatch, options: PrintOptions | None) -> list[Any]:
    """Make the options dialog answer `options` (None: Cancel); returns what it was offered."""
    offered: list[Any] = []

    def fake(parent: Any, current: PrintOptions, size: Any, *args: Any) -> PrintOptions | None:
        offered.append((current, size))
        return options

    monkeypatch.setattr("editor.window_printing.ask_print_options", fake)
    return offered


# ------------------------------------------------------------------------ the options form


def test_form_values_become_print_options() -> None:
    # Given the form filled in as `daimyo print --paper A3 --landscape --scale 50% --overlap 5
    # --no-legend --sheets tokens,reference` would be
    options = form_options("A3", True, SCALE_CUSTOM, 50.0, 5.0, False, True, True)
    # Then the options are the same as the command's
    assert options == PrintOptions("A3", True, 0.5, 5.0, False, ("tokens", "reference"))
    # And fit and true size ignore the custom percentage
    assert form_options("A4", False, SCALE_FIT, 50.0, 10.0, True, False, False).scale is None
    assert form_options("A4", False, SCALE_TRUE, 50.0, 10.0, True, False, True).scale == 1.0
    assert scale_mode(PrintOptions(scale=0.5)) == SCALE_CUSTOM
    assert scale_mode(PrintOptions(scale=1.0)) == SCALE_TRUE
    assert scale_mode(PrintOptions()) == SCALE_FIT


def test_form_refuses_an_unknown_paper_or_a_zero_scale() -> None:
    with pytest.raises(LayoutError, match="unknown paper"):
        form_options("A5", False, SCALE_FIT, 100.0, 10.0, True, False, False)
    with pytest.raises(LayoutError, match="more than 0"):
        form_options("A4", False, SCALE_CUSTOM, 0.0, 10.0, True, False, False)


def test_page_count_and_summary_follow_the_plan() -> None:
    # Given the 200 × 100 mm map; When fitted with sheets, Then board + 5 clan sheets + reference
    fit = PrintOptions(landscape=False, sheets=("tokens", "reference"))
    assert page_count(plan_options(TINY_MM, fit), fit) == 1 + len(CLANS) + 1
    # When printed at true size on A4 portrait (190 mm printable), Then 1 × 2 tiles
    true = PrintOptions(landscape=False, scale=1.0)
    plan = plan_options(TINY_MM, true)
    assert (plan.rows, plan.columns) == (1, 2)
    assert page_count(plan, true) == 1 + 1 + 2  # index, legend, tiles
    assert describe_plan(TINY_MM, true) == (
        "Board on 1 × 2 A4 portrait sheets to tape together at 100 % (200 × 100 mm); "
        "4 pages in all."
    )
    # And landscape, the default for this wide board, fits it on one sheet at true size
    for turned in (PrintOptions(landscape=True, scale=1.0), PrintOptions(scale=1.0)):
        assert describe_plan(TINY_MM, turned).startswith("Board on one A4 landscape sheet at 100 %")
    # And an overlap too large for the paper says why it cannot print
    assert describe_plan(TINY_MM, replace(true, overlap=99)).startswith(
        "Cannot print: overlap 99 mm"
    )


def test_the_dialog_turns_the_paper_as_the_board_unless_told(qtbot: Any) -> None:
    # Given the options dialog for the 200 × 100 mm (wide) map, with the default options
    dialog = PrintOptionsDialog(None, PrintOptions(), TINY_MM)
    qtbot.addWidget(dialog)
    # Then the paper follows the board: landscape, and the form says so
    assert dialog.orientation.currentText() == "As the board (landscape)"
    assert dialog.options().landscape is None
    assert "A4 landscape" in dialog.summary.text()
    # When Portrait is chosen, Then the options keep the paper upright
    dialog.orientation.setCurrentText("Portrait")
    assert dialog.options().landscape is False
    assert "A4 portrait" in dialog.summary.text()
    # And a tall board is printed upright by default
    tall = PrintOptionsDialog(None, PrintOptions(), (100.0, 200.0))
    qtbot.addWidget(tall)
    assert tall.orientation.currentText() == "As the board (portrait)"
    assert "A4 portrait" in tall.summary.text()


def test_dialog_round_trips_options_and_blocks_what_cannot_print(qtbot: Any) -> None:
    # Given the dialog filled with custom options
    chosen = PrintOptions("Letter", True, 0.75, 4.0, False, ("reference",))
    dialog = PrintOptionsDialog(None, chosen, TINY_MM)
    qtbot.addWidget(dialog)
    # Then it reads them back unchanged, with the custom scale field on and a summary
    assert dialog.options() == chosen
    assert dialog.custom_scale.isEnabled() and dialog.overlap.isEnabled()
    assert "Letter landscape" in dialog.summary.text()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    # When fit is chosen, Then the scale and overlap fields are off (nothing is tiled)
    dialog.scale.setCurrentIndex(dialog.scale.findData(SCALE_FIT))
    assert not dialog.custom_scale.isEnabled() and not dialog.overlap.isEnabled()
    assert dialog.options().scale is None
    # When true size with an overlap larger than half the sheet, Then OK is off and it says why
    dialog.scale.setCurrentIndex(dialog.scale.findData(SCALE_TRUE))
    dialog.overlap.setValue(99)
    assert not ok.isEnabled()
    assert dialog.summary.text().startswith("Cannot print: overlap 99 mm")


# ------------------------------------------------------------------------------ the editor


def test_export_pdf_writes_the_unsaved_map_with_the_planned_pages(
    qtbot: Any, tmp_path: Path
) -> None:
    # Given the editor with an unsaved change: Biwa renamed
    window = make_window(qtbot)
    window.document.run("update_province", "B", name="Biwa Shore")
    assert window.document.dirty
    # When exported at true size on A4 portrait
    out = tmp_path / "board.pdf"
    options = PrintOptions(landscape=False, scale=1.0)
    result = window.export_pdf(out, options)
    # Then the PDF has the planned pages: index, legend and two tiles
    pdf = Pdf(out.read_bytes())
    assert result is not None and result.pages == ["index", "legend", "tile R1C1", "tile R1C2"]
    assert len(pdf.pages) == page_count(plan_options(TINY_MM, options), options) == 4
    # And it shows the map as edited, not as saved
    text = "\n".join(p.text() for p in pdf.pages)
    assert "Biwa Shore" in text and "Akagi" in text
    assert "4 pages" in window.statusBar().currentMessage()


def test_file_export_pdf_asks_options_then_a_file(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given options and file dialogs that answer: fit, with the token sheets; board.pdf
    window = make_window(qtbot)
    offered = answer_options(monkeypatch, PrintOptions(landscape=False, sheets=("tokens",)))
    target = tmp_path / "board"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    # When File > Export PDF is chosen
    window.export_pdf_action.trigger()
    # Then the options dialog was offered the last options and the map's size
    assert offered == [(PrintOptions(), TINY_MM)]
    # And board.pdf has the fitted board and one token sheet per clan
    pdf = Pdf((tmp_path / "board.pdf").read_bytes())
    assert len(pdf.pages) == 1 + len(CLANS)
    # And the next print offers the options just chosen
    assert window.print_options == PrintOptions(landscape=False, sheets=("tokens",))


def test_cancelling_the_options_writes_nothing(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(qtbot)
    answer_options(monkeypatch, None)
    asked: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: asked.append("file"))
    assert window.export_pdf() is None
    assert asked == [] and window.print_options == PrintOptions()


def test_print_preview_is_built_with_the_boards_pages(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given the options dialog answering true size, and a preview whose exec does not block
    window = make_window(qtbot)
    answer_options(monkeypatch, PrintOptions(landscape=False, scale=1.0))
    seen: list[Any] = []

    def fake_exec(dialog: QPrintPreviewDialog) -> int:
        dialog.show()
        widget = dialog.findChild(QPrintPreviewWidget)
        qtbot.waitUntil(lambda: widget.pageCount() > 0, timeout=10_000)
        seen.append((dialog.windowTitle(), widget.pageCount(), dialog.parent()))
        dialog.close()
        return 0

    monkeypatch.setattr(QPrintPreviewDialog, "exec", fake_exec)
    # When File > Print preview is chosen
    window.print_preview_action.trigger()
    # Then the preview of the map showed its four pages (index, legend, two tiles)
    assert seen == [("Print preview — Tiny Isle", 4, window)]


def test_print_sends_the_pages_to_the_chosen_printer(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a system print dialog where the user picks a PDF printer and presses Print
    window = make_window(qtbot)
    answer_options(monkeypatch, PrintOptions(legend=False))
    out = tmp_path / "printed.pdf"

    def fake_exec(dialog: QPrintDialog) -> int:
        dialog.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        dialog.printer().setOutputFileName(str(out))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", fake_exec)
    # When File > Print is chosen
    window.print_action.trigger()
    # Then the printer got the fitted board without a legend: one page with the names
    pdf = Pdf(out.read_bytes())
    assert len(pdf.pages) == 1
    assert "Akagi" in pdf.pages[0].texts
    assert not any(t.startswith("Scale bar") for t in pdf.pages[0].texts)


def test_print_menu_shows_its_shortcuts(qtbot: Any) -> None:
    window = make_window(qtbot)
    assert window.print_action.shortcut().toString() == "Ctrl+P"
    assert window.print_preview_action.shortcut().toString() == "Ctrl+Alt+P"
    assert window.export_pdf_action.shortcut().toString() == "Ctrl+Alt+E"


def test_a_map_failing_validation_still_exports_with_a_warning(qtbot: Any, tmp_path: Path) -> None:
    # Given a map whose B overlaps A (a validation error)
    data = tiny()
    data["provinces"][1]["polygon"] = [[90, 10], [190, 10], [190, 90], [90, 90]]
    window = EditorWindow(document=MapDocument(TopoMap.from_dict(data)))
    qtbot.addWidget(window)
    # When exported
    out = tmp_path / "bad.pdf"
    result = window.export_pdf(out, PrintOptions())
    # Then the PDF is written and the status bar says the map fails validation
    assert result is not None and len(Pdf(out.read_bytes()).pages) == 1
    message = window.statusBar().currentMessage()
    assert message.startswith(f"Exported {out} (1 page). The map fails validation (")
