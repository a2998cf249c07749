"""Print preview and printing to a real printer, for the app's and the editor's File menu.

Both go through `render_document` on a QPrinter, exactly as the PDF export does; the page
size and orientation chosen in the dialog are the ones used.
"""

from __future__ import annotations

import os
from dataclasses import replace

from PySide6.QtGui import QPageLayout
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _
from app.printing.document import PrintOptions, PrintResult, page_layout, render_document, write_pdf
from app.printing.model import Board, load_board
from app.widgets.scaling import fit_on_screen

PREVIEW_SIZE = (1000, 860)  # a page and its tools, or less on a smaller screen


def _board(source: Board | str | os.PathLike[str]) -> Board:
    return source if isinstance(source, Board) else load_board(source)


def make_printer(options: PrintOptions | None = None) -> QPrinter:
    """A high-resolution QPrinter set to the options' paper, drawing from the paper's corner."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setFullPage(True)
    printer.setPageLayout(page_layout(options or PrintOptions()))
    return printer


def print_board(
    printer: QPrinter, source: Board | str | os.PathLike[str], options: PrintOptions | None = None
) -> None:
    """Print a board on `printer` (paper and orientation come from the printer)."""
    printer.setFullPage(True)
    opts = options or PrintOptions()
    landscape = printer.pageLayout().orientation() == QPageLayout.Orientation.Landscape
    render_document(printer, _board(source), replace(opts, landscape=landscape))


def open_print_preview(
    source: Board | str | os.PathLike[str],
    parent: QWidget | None = None,
    options: PrintOptions | None = None,
    exec_dialog: bool = True,
) -> QPrintPreviewDialog:
    """Open a QPrintPreviewDialog for a map (Board, file path, shipped id or MapFile).

    The dialog's print button sends the same pages to the chosen printer. With
    `exec_dialog` False the dialog is returned unopened (for tests and embedding).
    `source` may raise `maps.api.MapError` when a path cannot be read.
    """
    board = _board(source)
    opts = (options or PrintOptions()).for_board(board.size_mm)
    printer = make_printer(opts)
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setWindowTitle(_("Print preview — {map}").format(map=board.name))
    dialog.paintRequested.connect(lambda p: print_board(p, board, opts))
    dialog._daimyo_printer = printer  # keep the printer alive as long as the dialog
    fit_on_screen(dialog, *PREVIEW_SIZE)
    if exec_dialog:
        dialog.exec()
    return dialog


def print_with_dialog(
    source: Board | str | os.PathLike[str],
    parent: QWidget | None = None,
    options: PrintOptions | None = None,
) -> bool:
    """File → Print without preview: the system print dialog, then the pages. True if printed."""
    board = _board(source)
    printer = make_printer((options or PrintOptions()).for_board(board.size_mm))
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(_("Print — {map}").format(map=board.name))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    print_board(printer, board, options)
    return True


def export_pdf(
    source: Board | str | os.PathLike[str],
    path: str | os.PathLike[str],
    options: PrintOptions | None = None,
) -> PrintResult:
    """File → Export PDF: write the board PDF to `path` (atomically).

    `source` is a Board, a map path, a shipped id or an in-memory MapFile (the editor's
    unsaved map). Raises `maps.api.MapError` for an unreadable map, `OSError` when the
    file cannot be written.
    """
    return write_pdf(_board(source), path, options or PrintOptions())
