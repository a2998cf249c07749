"""`daimyo bench print`: how long writing the Rokugan board PDF takes (target ≤ 2 s).

Measures, for a map (default: the shipped Rokugan map): loading and deriving the board,
then writing the PDF fitted on one A4 page and at true size tiled on A4, each the median
of several runs, plus the whole first run (load + fit PDF) as a user would see it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

TARGET_SECONDS = 2.0


def main(argv: list[str]) -> int:
    """Run the print benchmark and print one line per measurement."""
    parser = argparse.ArgumentParser(prog="daimyo bench print", description=__doc__)
    parser.add_argument("--map", default="rokugan", help="map file or shipped id (default rokugan)")
    parser.add_argument("--runs", type=int, default=5, help="repetitions per measurement")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    from app.printing import PrintOptions, load_board, write_pdf
    from app.printing.qtapp import ensure_gui_app
    from maps.api import MapError

    ensure_gui_app()
    imported = time.perf_counter() - started
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "board.pdf"
        try:
            t0 = time.perf_counter()
            board = load_board(args.map)
            write_pdf(board, out, PrintOptions())
            first = time.perf_counter() - t0
        except MapError as exc:
            print(f"daimyo bench print: {exc}", file=sys.stderr)
            return 1
        loads = _times(args.runs, lambda: load_board(args.map))
        cases = {
            "fit A4 + legend": PrintOptions(),
            "true size tiled A4": PrintOptions(scale=1.0),
            "fit A4 + all sheets": PrintOptions(sheets=("tokens", "reference")),
        }
        results = {
            name: _times(args.runs, lambda o=opts: write_pdf(board, out, o))
            for name, opts in cases.items()
        }
        size = out.stat().st_size
    print(f"map: {board.name} ({len(board.provinces)} provinces, {len(board.marks)} border marks)")
    print(f"import Qt + printing: {imported:.3f} s")
    print(f"first board PDF (load map + write fit PDF): {first:.3f} s")
    print(f"load map + derive borders: median {statistics.median(loads):.3f} s")
    for name, times in results.items():
        print(f"write PDF, {name}: median {statistics.median(times):.3f} s")
    print(f"last PDF size: {size / 1024:.0f} KiB")
    worst = first + imported
    verdict = "OK" if worst <= TARGET_SECONDS else "OVER TARGET"
    print(f"target ≤ {TARGET_SECONDS:g} s for the Rokugan board PDF: {worst:.3f} s, {verdict}")
    return 0


def _times(runs: int, action) -> list[float]:
    out = []
    for _ in range(max(1, runs)):
        t0 = time.perf_counter()
        action()
        out.append(time.perf_counter() - t0)
    return out
