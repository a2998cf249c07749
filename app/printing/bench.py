"""`daimyo bench print`: how long writing the Rokugan board PDF takes (target ≤ 2 s).

Times each step of `daimyo print rokugan` once, cold, as a user meets it (Qt start,
reading the YAML, validation, deriving borders, the first PDF with font set-up), then
the median of several warm runs for the fitted board, the true-size tiles and the play
sheets. The total of the cold steps is compared with the target.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

TARGET_SECONDS = 2.0


def main(argv: list[str]) -> int:
    """Run the print benchmark and print one line per measurement."""
    parser = argparse.ArgumentParser(prog="daimyo bench print", description=__doc__)
    parser.add_argument("--map", default="rokugan", help="map file or shipped id (default rokugan)")
    parser.add_argument("--runs", type=int, default=5, help="repetitions of each warm measurement")
    args = parser.parse_args(argv)

    cold: dict[str, float] = {}
    t0 = time.perf_counter()
    from app.printing import PrintOptions, build_board, write_pdf
    from app.printing.qtapp import ensure_gui_app
    from maps.api import MapError, load_map, resolve_map
    from maps.validate import validate

    ensure_gui_app()
    cold["Qt start + imports"] = time.perf_counter() - t0
    try:
        mapfile, cold["read map YAML (maps.api.load_map)"] = _once(
            lambda: load_map(resolve_map(args.map))
        )
    except MapError as exc:
        print(f"daimyo bench print: {exc}", file=sys.stderr)
        return 1
    _, cold["validate (maps.validate)"] = _once(lambda: validate(mapfile))
    board, cold["derive borders + build board"] = _once(lambda: build_board(mapfile, False))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "board.pdf"
        _, cold["first PDF, fit A4 (font set-up)"] = _once(
            lambda: write_pdf(board, out, PrintOptions())
        )
        cases = {
            "fit A4 + legend": PrintOptions(),
            "true size, tiled on A4": PrintOptions(scale=1.0),
            "fit A4 + token sheets + reference": PrintOptions(sheets=("tokens", "reference")),
        }
        warm = {}
        for name, options in cases.items():
            warm[name] = _median(args.runs, lambda o=options: write_pdf(board, out, o))
            warm_size = out.stat().st_size
            warm[name] = (warm[name], warm_size)
    print(f"map: {board.name} ({len(board.provinces)} provinces, {len(board.marks)} border marks)")
    for name, seconds in cold.items():
        print(f"cold  {name}: {seconds:.3f} s")
    for name, (seconds, size) in warm.items():
        print(f"warm  write PDF, {name}: median {seconds:.3f} s ({size / 1024:.0f} KiB)")
    total = sum(cold.values())
    verdict = "OK" if total <= TARGET_SECONDS else "OVER TARGET"
    print(
        f"total, cold `daimyo print {args.map}` work: {total:.3f} s "
        f"(target ≤ {TARGET_SECONDS:g} s: {verdict})"
    )
    return 0


def _once(action: Callable[[], object]) -> tuple[object, float]:
    t0 = time.perf_counter()
    value = action()
    return value, time.perf_counter() - t0


def _median(runs: int, action: Callable[[], object]) -> float:
    return statistics.median(_once(action)[1] for _ in range(max(1, runs)))
