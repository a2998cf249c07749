"""Board printing: vector PDFs at true size or fitted, tiled sheets, legend, play sheets.

Entry points: `load_board` (map file, shipped id or MapFile → Board), `write_pdf`,
`render_document` (any QPagedPaintDevice, e.g. a QPrinter), and for the app's and the
editor's File menu: `open_print_preview(map, parent)` (QPrintPreviewDialog whose print
button prints), `print_with_dialog(map, parent)` and `export_pdf(map, path)`. `map` is a
Board, a map path, a shipped id or an in-memory MapFile.

The print-and-play kit (`daimyo kit`, Game → Print kit…) is `app.printing.kit`.

The planners (`layout`: pages in millimetres, `model`: the board as plain data,
`kit.plan`) do not load Qt: this package imports each entry point when it is first asked
for, and the modules that paint import `app.qt_compat` themselves.
"""

from __future__ import annotations

from app.lazy import entry_points

_HOME = {
    "Board": "model",
    "LayoutError": "layout",
    "PrintOptions": "document",
    "PrintResult": "document",
    "build_board": "model",
    "export_pdf": "preview",
    "load_board": "model",
    "open_print_preview": "preview",
    "pdf_bytes": "document",
    "print_board": "preview",
    "print_with_dialog": "preview",
    "render_document": "document",
    "write_pdf": "document",
}

__all__ = sorted(_HOME)

__getattr__ = entry_points(__name__, _HOME)
