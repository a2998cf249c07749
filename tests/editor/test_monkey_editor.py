"""The monkey test of the map editor, on a blank page, a small map, Rice Wars' quick board
and Rokugan: hundreds of random enabled actions each (about fourteen hundred in all) — tools
by their keys, clicks, drags and hovers on the map, menu actions, dialogs answered at
random, undo and redo, resizes — with fixed seeds; any exception or Qt warning is a failure
(tests/monkey.py). Then undo all the way back gives the map opened, exactly.

`--long` runs longer, `--hunt-seed S` other seeds (tests/long_runs.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog

from editor.topology import TopoMap
from tests import long_runs
from tests.editor.editor_driver import make_window, with_east_sea
from tests.monkey import Monkey, Recorder


def shipped(map_id: str) -> dict[str, Any]:
    """A shipped map as the editor's data (no file: Save asks for one, and is cancelled)."""
    from maps.api import load_map, shipped_map_path

    return TopoMap.from_mapfile(load_map(shipped_map_path(map_id))).to_dict()


def check_analysis(result: Any, recorder: Recorder) -> None:
    """Record an analysis that failed: no graph or validation, or a game's verdict missing."""
    from engine.registry import MAP_REQUIREMENTS

    if result.error:
        recorder.record(f"analysis: {result.error}")
    missing = set(MAP_REQUIREMENTS) - set(result.readiness)
    if missing:
        recorder.record(f"analysis: no verdict for {sorted(missing)} (its check raised)")


def blank() -> dict[str, Any]:
    """A blank page, as File → New gives it."""
    return TopoMap.new("untitled", "Untitled", 400, 300).to_dict()


MAPS = [  # (a step on a big map costs more: its analysis runs again after each edit)
    pytest.param(blank, 20, 600, id="blank-page"),
    pytest.param(with_east_sea, 21, 600, id="two-provinces-and-a-sea"),
    pytest.param(lambda: shipped("ricewars-quick"), 22, 150, id="ricewars-quick"),
    pytest.param(lambda: shipped("rokugan"), 23, 100, id="rokugan"),
]


@pytest.mark.parametrize(("data", "seed", "steps"), MAPS)
def test_random_enabled_editing_never_raises_nor_warns_and_undoes_to_the_start(
    qtbot: Any, request: pytest.FixtureRequest, data: Callable[[], dict], seed: int, steps: int
) -> None:
    seed += long_runs.seed_shift()
    # Given the editor on a map
    window = make_window(qtbot, data())
    document = window.document
    original = document.topo.to_dict()

    def settle() -> None:
        assert window.analysis.wait(20_000), "the analysis still runs after 20 s"

    def accept(dialog: QDialog) -> bool:
        return not isinstance(dialog, QFileDialog) and monkey.rng.random() < 0.4

    skip = [
        window.close_action,
        window.print_action,
        window.print_preview_action,
        window.export_pdf_action,
        window.playtest_action,
    ]
    with Recorder() as recorder:
        # the analysis shows its own failures in the validation panel: here they are failures
        window.analysis.finished.connect(lambda result: check_analysis(result, recorder))
        # When a monkey edits at random (dialogs answered at random, files never chosen)
        monkey = Monkey(qtbot, window, seed, recorder, skip, accept=accept, settle=settle)
        monkey.run(long_runs.steps(steps))
        settle()
    # Then nothing raised or warned
    assert not recorder.failures, recorder.report(seed)
    assert monkey.counts["board"] + monkey.counts["drag"] > 0
    # And on the map opened, undo all the way back gives it exactly
    if window.document is document:
        stack = document.undo_stack
        while stack.canUndo():
            stack.undo()
        assert document.topo.to_dict() == original, f"seed {seed}"
