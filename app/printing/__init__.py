"""Board printing: vector PDFs at true size or fitted, tiled sheets, legend, play sheets.

Entry points: `load_board` (map file, shipped id or MapFile → Board), `write_pdf`,
`render_document` (any QPagedPaintDevice, e.g. a QPrinter), and `open_print_preview`
(QPrintPreviewDialog for the app's and the editor's File → Print).
"""

from app.printing import _qtfix  # noqa: F401  (must run before any Qt call)
from app.printing.document import PrintOptions, PrintResult, pdf_bytes, render_document, write_pdf
from app.printing.layout import LayoutError
from app.printing.model import Board, build_board, load_board
from app.printing.preview import open_print_preview, print_board

__all__ = [
    "Board",
    "LayoutError",
    "PrintOptions",
    "PrintResult",
    "build_board",
    "load_board",
    "open_print_preview",
    "pdf_bytes",
    "print_board",
    "render_document",
    "write_pdf",
]
