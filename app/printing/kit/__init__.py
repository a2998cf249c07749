"""The print-and-play kit: one PDF with everything needed to play a game at a table.

`daimyo kit GAME` and the app's Game → Print kit… build a `Kit` (plain data: what is in
the box, from the engine's component tables and the map) with `build_kit`, lay it out with
`plan_kit` and draw it with `render_kit` (any QPagedPaintDevice) or `write_kit` (a PDF).
Page order: contents, board, tokens, cards, screens or player aids, rules reference.

Building and planning (`build`, `model`, `plan`) do not load Qt: the entry points are
imported when first asked for, and the modules that paint import `app.qt_compat` themselves.
"""

from __future__ import annotations

from app.lazy import entry_points

_HOME = {
    "GAMES": "model",
    "Kit": "model",
    "KitError": "build",
    "KitOptions": "plan",
    "KitPlan": "plan",
    "KitResult": "document",
    "build_kit": "build",
    "default_map": "build",
    "kit_pdf_bytes": "document",
    "plan_kit": "plan",
    "render_kit": "document",
    "write_kit": "document",
}

__all__ = sorted(_HOME)

__getattr__ = entry_points(__name__, _HOME)
