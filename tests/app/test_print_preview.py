"""Printing through QPrinter (what the preview dialog and real printers use)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QPageLayout
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget

from app.printing import PrintOptions, export_pdf, load_board, open_print_preview, print_board
from app.printing.preview import make_printer
from tests.app.test_print import NAMES, TINY
from tests.app.test_print_pdfreader import Pdf


def tiny_board(tmp_path: Path):
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    return load_board(path)


def test_a_high_resolution_printer_gets_the_same_pages(qapp, tmp_path: Path) -> None:
    # Given a 1200 dpi printer writing to a PDF file, A4 landscape
    printer = make_printer(PrintOptions(landscape=True))
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    out = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(out))
    # When the board is printed at true size on it
    print_board(printer, tiny_board(tmp_path), PrintOptions(scale=1.0))
    # Then the tiling follows the printer's landscape paper: index, legend, 2 × 2 tiles
    pdf = Pdf(out.read_bytes())
    assert len(pdf.pages) == 2 + 4
    assert round(pdf.pages[0].size[0]) == 842
    text = "\n".join(p.text() for p in pdf.pages)
    assert all(name in text for name in NAMES)
    # And text keeps its size in points despite the printer's resolution
    assert printer.resolution() >= 300


def test_preview_dialog_is_set_up_for_the_map(qtbot, tmp_path: Path) -> None:
    dialog = open_print_preview(tiny_board(tmp_path), options=PrintOptions(), exec_dialog=False)
    qtbot.addWidget(dialog)
    assert isinstance(dialog, QPrintPreviewDialog)
    assert "Tiny Isle" in dialog.windowTitle()
    printer = dialog.printer()
    # the paper is turned as the 400 × 300 mm board is
    assert printer.pageLayout().orientation() == QPageLayout.Orientation.Landscape
    # When it is shown, the preview paints the pages through the same code
    dialog.show()
    widget = dialog.findChild(QPrintPreviewWidget)
    qtbot.waitUntil(lambda: widget.pageCount() > 0, timeout=5000)
    # Then the fitted board is one page
    assert widget.pageCount() == 1
    dialog.close()


def test_export_pdf_takes_an_unsaved_mapfile(qapp, tmp_path: Path) -> None:
    # Given a map only in memory (the editor's unsaved map), renamed after loading
    source = tmp_path / "tiny.yaml"
    source.write_text(TINY, encoding="utf-8")
    from maps.api import load_map

    mapfile = load_map(source)
    mapfile.name = "Edited Isle"
    # When it is exported
    out = tmp_path / "edited.pdf"
    result = export_pdf(mapfile, out, PrintOptions())
    # Then the PDF shows the in-memory state
    pdf = Pdf(out.read_bytes())
    assert result.pages == ["board"] and len(pdf.pages) == 1
    assert "Edited Isle" in pdf.pages[0].texts and "Akagi" in pdf.pages[0].texts
