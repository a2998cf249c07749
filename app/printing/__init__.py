"""Board printing: vector PDFs at true size or fitted, tiled sheets, legend, play sheets.

Entry points: `load_board` (map file, shipped id or MapFile → Board), `write_pdf`,
`render_document` (any QPagedPaintDevice, e.g. a QPrinter), and for the app's and the
editor's File menu: `open_print_preview(map, parent)` (QPrintPreviewDialog whose print
button prints), `print_with_dialog(map, parent)` and `export_pdf(map, path)`. `map` is a
Board, a map path, a shipped id or an in-memory MapFile.

The print-and-play kit (`daimyo kit`, Game → Print kit…) is `app.printing.kit`.
"""

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs before any Qt call
from app.printing.document import PrintOptions, PrintResult, pdf_bytes, render_document, write_pdf
from app.printing.layout import LayoutError
from app.printing.model import Board, build_board, load_board
from app.printing.preview import export_pdf, open_print_preview, print_board, print_with_dialog

__all__ = [
    "Board",
    "LayoutError",
    "PrintOptions",
    "PrintResult",
    "build_board",
    "export_pdf",
    "load_board",
    "open_print_preview",
    "pdf_bytes",
    "print_board",
    "print_with_dialog",
    "render_document",
    "write_pdf",
]
