"""One-click fixes say truthfully what they changed, and are offered only where they can."""

from __future__ import annotations

from typing import Any

import pytest

from editor.fixes import describe_edit, fix_for, near_miss_tolerance
from editor.topology import TopoMap
from editor.topology.model import TopologyError
from maps.validate import validate
from tests.editor.editor_driver import make_window, wait_analysis
from tests.editor.test_topology import tiny
from tests.maps.builders import dragged_across


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path / "home"))


def near_miss_data() -> dict[str, Any]:
    """Tiny, with B's left side 0.3 units right of A's right side (a sliver gap)."""
    data = tiny()
    data["provinces"][1]["polygon"] = [[100.3, 10], [190, 10], [190, 90], [100.3, 90]]
    return data


def test_no_snap_fix_is_offered_for_outlines_crossed_by_a_drag() -> None:
    # Given a shared vertex dragged across a neighbour: overlap and near-miss errors
    topo = dragged_across()
    issues = validate(topo.to_mapfile())
    codes = {issue.code for issue in issues}
    assert {"overlap", "near_miss"} <= codes
    before = topo.to_dict()
    # Then no issue offers "snap near misses": nothing lies within reach to snap
    offered = [fix_for(issue, topo) for issue in issues]
    assert all(fix is None or fix[1] != "fix_near_misses" for fix in offered)
    # And the operation itself refuses, changing nothing
    with pytest.raises(TopologyError, match="moved apart by hand"):
        topo.fix_near_misses(near_miss_tolerance(topo))
    assert topo.to_dict() == before


def test_a_real_near_miss_is_snapped_and_the_edit_says_what_moved() -> None:
    # Given a 0.3-unit gap between A and B
    topo = TopoMap.from_dict(near_miss_data())
    issue = next(i for i in validate(topo.to_mapfile()) if i.code == "near_miss")
    fix = fix_for(issue, topo)
    assert fix is not None and fix[1] == "fix_near_misses"
    # When fixed
    edit = getattr(topo, fix[1])(*fix[2])
    # Then A and B share their border and the edit says so
    assert not [i for i in validate(topo.to_mapfile()) if i.code == "near_miss"]
    assert describe_edit(edit) == "removed 2 vertices, changed province 'B'"


def test_the_panel_says_what_a_fix_changed(qtbot: Any) -> None:
    # Given the editor on the map with a near miss
    window = make_window(qtbot, near_miss_data())
    panel = window.validation_panel
    result = wait_analysis(qtbot, window)
    codes = [i.code for i in result.issues]
    panel.list.setCurrentRow(codes.index("near_miss"))
    assert panel.fix_button.text() == "Fix: snap near misses"
    # When the fix is clicked
    with qtbot.waitSignal(window.analysis.finished, timeout=10_000) as blocker:
        panel.fix_button.click()
    # Then the status bar says what changed, it is one undo step, and the error is gone
    message = window.statusBar().currentMessage()
    assert message == "Fixed: snap near misses (removed 2 vertices, changed province 'B')."
    assert "near_miss" not in [i.code for i in blocker.args[0].issues]
    assert window.document.undo_stack.count() == 1


def test_the_menu_fix_says_when_there_was_nothing_to_snap(qtbot: Any) -> None:
    # Given the editor on a map without near misses
    window = make_window(qtbot)
    # When Edit > Snap near misses is chosen
    window.snap_fix_action.trigger()
    # Then it says nothing was done and why, and leaves no undo step
    assert window.statusBar().currentMessage().startswith("Not done: no vertex lies within")
    assert window.document.undo_stack.count() == 0
