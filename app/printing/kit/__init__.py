"""The print-and-play kit: one PDF with everything needed to play a game at a table.

`daimyo kit GAME` and the app's Game → Print kit… build a `Kit` (plain data: what is in
the box, from the engine's component tables and the map) with `build_kit`, lay it out with
`plan_kit` and draw it with `render_kit` (any QPagedPaintDevice) or `write_kit` (a PDF).
Page order: contents, board, tokens, cards, screens or player aids, rules reference.
"""

from __future__ import annotations

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs before any Qt call
from app.printing.kit.build import KitError, build_kit, default_map
from app.printing.kit.document import KitResult, kit_pdf_bytes, render_kit, write_kit
from app.printing.kit.model import GAMES, Kit
from app.printing.kit.plan import KitOptions, KitPlan, plan_kit

__all__ = [
    "GAMES",
    "Kit",
    "KitError",
    "KitOptions",
    "KitPlan",
    "KitResult",
    "build_kit",
    "default_map",
    "kit_pdf_bytes",
    "plan_kit",
    "render_kit",
    "write_kit",
]
