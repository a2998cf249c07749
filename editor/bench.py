"""Editor speed: `python -m editor.bench` (offscreen Qt; figures in docs/PERFORMANCE.md).

Measures on a 500-province hex grid what the user feels: opening the canvas, one vertex-drag
step, an edit with its redraw, undo, a sea clipped to the free area, land carved out of a
sea, the GUI-thread snapshot and the background analysis.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable


def _timed(fn: Callable[[], object], repeat: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def main(argv: list[str] | None = None) -> int:
    """Print the figures; returns 0."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from editor.analysis import analyse
    from editor.document import MapDocument
    from editor.topology import hex_grid
    from editor.view import MapView

    topo = hex_grid(20, 25, 10, margin=5)
    doc = MapDocument(topo)
    view: MapView | None = None

    def open_view() -> None:
        nonlocal view
        view = MapView(doc)

    rows = [("hex grid 20x25 (500 provinces) built", _timed(lambda: hex_grid(20, 25, 10)))]
    rows.append(("canvas opened (items for 500 provinces)", _timed(open_view)))
    vid = next(iter(topo.vertices))
    x, y = topo.vertices[vid]
    rows.append(
        (
            "one vertex-drag step (move + redraw)",
            _timed(lambda: doc.preview_vertex(vid, (x, y)), 200),
        )
    )
    rows.append(
        ("snap lookup under the pointer", _timed(lambda: topo.snap((120.0, 80.0), 2.0), 50))
    )
    rows.append(
        ("merge two provinces + redraw", _timed(lambda: doc.run("merge_provinces", "r5c5", "r5c6")))
    )
    rows.append(("undo of that merge + redraw", _timed(doc.undo_stack.undo)))
    x0, y0, x1, y1 = topo.bounds() or (0.0, 0.0, 1.0, 1.0)
    # a sea drawn over the grid's east edge: clipped to the free area along ~20 hexes
    sea = [(x1 - 30, y0 - 5), (x1 + 60, y0 - 5), (x1 + 60, y1 + 5), (x1 - 30, y1 + 5)]
    rows.append(
        ("sea drawn across 20 coast hexes (clip + redraw)", _timed(lambda: doc.run("add_sea", sea)))
    )
    cape = [(x1 + 10, y0 + 40), (x1 + 40, y0 + 40), (x1 + 40, y0 + 70), (x1 + 10, y0 + 70)]
    rows.append(
        ("land drawn into that sea (carve + redraw)", _timed(lambda: doc.run("add_province", cape)))
    )
    rows.append(("snapshot for analysis (GUI thread)", _timed(topo.to_mapfile, 5)))
    mapfile = topo.to_mapfile()
    rows.append(
        ("derive + validate + topology (worker)", _timed(lambda: analyse(mapfile, 1, topo.copy())))
    )
    for name, seconds in rows:
        print(f"{name:45s} {seconds * 1000:9.2f} ms")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
