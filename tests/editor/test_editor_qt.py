"""The Qt editor driven like a user: clicks, drags, tools, panels, undo (offscreen)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt

from editor.tools import Tool
from editor.topology.model import PROVINCE, SEA, Snap
from tests.editor.editor_driver import (
    click,
    draw,
    hover,
    make_window,
    pixel,
    poly_area,
    wait_analysis,
    with_east_sea,
)
from tests.editor.test_topology import coords, shared_length, tiny, vid_at


def test_draw_a_province_by_clicks_next_to_an_existing_one_shares_the_edge(qtbot: Any) -> None:
    # Given the editor on A and B, with the province tool
    window = make_window(qtbot)
    window.set_tool(Tool.PROVINCE)
    # When the pointer hovers just off B's corner, Then the snap indicator shows that vertex
    hover(window, (190.4, 90.3))
    assert window.view.snap_indicator() == ("vertex", (190, 90))
    # When four corners are clicked (two next to B's corners) and Enter closes the outline
    for xy in [(100.3, 90.2), (190.4, 90.3), (190, 99), (100, 99)]:
        click(qtbot, window, xy)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    # Then a third province exists whose top edge is B's bottom edge (same vertices)
    new = [pid for pid in window.document.topo.provinces if pid not in ("A", "B")]
    assert len(new) == 1
    topo = window.document.topo
    assert coords(topo, new[0])[:2] == [(100, 90), (190, 90)]
    assert shared_length(topo, "B", new[0]) == pytest.approx(90)
    assert window.view.selected == (PROVINCE, new[0], 0)
    assert window.document.dirty


def test_dragging_a_shared_vertex_moves_both_polygons_and_undo_restores(qtbot: Any) -> None:
    # Given the shared corner (100, 10)
    window = make_window(qtbot)
    topo = window.document.topo
    vid = vid_at(topo, (100, 10))
    viewport = window.view.viewport()
    # When it is dragged to about (110, 20)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=pixel(window, (100, 10)))
    hover(window, (105, 15), Qt.MouseButton.LeftButton)
    hover(window, (110, 20), Qt.MouseButton.LeftButton)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=pixel(window, (110, 20)))
    # Then A and B both show the vertex at its new place, and the polygons were redrawn
    moved = topo.vertices[vid]
    assert moved[0] == pytest.approx(110, abs=0.5) and moved[1] == pytest.approx(20, abs=0.5)
    assert moved in coords(topo, "A") and moved in coords(topo, "B")
    assert window.view.face_item((PROVINCE, "B", 0)).path().boundingRect().top() == (
        pytest.approx(10)
    )
    assert window.view.face_item((PROVINCE, "A", 0)).path().boundingRect().right() == (
        pytest.approx(moved[0])
    )
    # And the drag is one undo step back to the exact coordinates
    assert window.document.undo_stack.count() == 1
    window.undo_action.trigger()
    assert topo.to_dict() == tiny()
    window.redo_action.trigger()
    assert topo.vertices[vid] == moved


def test_split_merge_undo_and_redo_restore_exact_coordinates(qtbot: Any) -> None:
    # Given the editor on A and B
    window = make_window(qtbot)
    topo = window.document.topo
    original = topo.to_dict()
    # When a cut is drawn across A with the split tool
    window.set_tool(Tool.SPLIT)
    for xy in [(50, 3), (48, 50), (50, 97)]:
        click(qtbot, window, xy)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    # Then A is two provinces sharing the cut
    assert list(topo.provinces) == ["A", "A_2", "B"]
    assert shared_length(topo, "A", "A_2") > 80
    after_split = topo.to_dict()
    # When the halves are merged with the merge tool (click A, then its neighbour)
    window.set_tool(Tool.MERGE)
    click(qtbot, window, (30, 50))
    click(qtbot, window, (75, 50))
    merged = topo.to_dict()
    assert len(topo.provinces) == 2
    # Then undo twice is the exact original, redo twice the exact merged map
    window.undo_action.trigger()
    assert topo.to_dict() == after_split
    window.undo_action.trigger()
    assert topo.to_dict() == original
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert topo.to_dict() == merged
    assert set(window.view._faces) == {(PROVINCE, pid, 0) for pid in topo.provinces}


def test_insert_and_remove_vertex_tools_change_both_neighbours(qtbot: Any) -> None:
    window = make_window(qtbot)
    topo = window.document.topo
    window.set_tool(Tool.INSERT)
    click(qtbot, window, (100.2, 50))
    inserted = [p for p in coords(topo, "A") if list(p) not in tiny()["provinces"][0]["polygon"]]
    assert len(coords(topo, "A")) == 5 and len(coords(topo, "B")) == 5
    window.set_tool(Tool.REMOVE)
    click(qtbot, window, inserted[0] if inserted else (100, 50))
    assert topo.to_dict() == tiny()
    assert window.view.handle_count() == 6


def test_a_near_miss_appears_in_validation_and_its_fix_clears_it(qtbot: Any) -> None:
    # Given B drawn with its left corners 0.3 units off A's edge (a sliver gap)
    data = tiny()
    data["provinces"][1]["polygon"] = [[100.3, 10.1], [190, 10], [190, 90], [100.2, 90]]
    window = make_window(qtbot, data)
    # When the analysis runs, Then the validation panel lists a near miss with a fix
    result = wait_analysis(qtbot, window)
    codes = [issue.code for issue in result.issues]
    assert "near_miss" in codes
    panel = window.validation_panel
    panel.list.setCurrentRow(codes.index("near_miss"))
    assert panel.fix_button.isEnabled()
    assert window.view.issue_marker_count() >= 1
    # When the issue is clicked, Then the view zooms to it
    before = window.view.transform().m11()
    panel.list.itemClicked.emit(panel.list.currentItem())
    assert window.view.transform().m11() > before
    # When the fix is clicked, Then A and B share the edge and the issue is gone
    with qtbot.waitSignal(window.analysis.finished, timeout=10_000) as blocker:
        panel.fix_button.click()
    assert "near_miss" not in [issue.code for issue in blocker.args[0].issues]
    assert shared_length(window.document.topo, "A", "B") == pytest.approx(80)
    assert window.document.undo_stack.count() == 1


def test_live_graph_overlay_shows_borders(qtbot: Any) -> None:
    window = make_window(qtbot)
    window.document.run("add_sea", [(10, 90), (190, 90), (190, 99), (10, 99)], 0.5)
    result = wait_analysis(qtbot, window)
    assert set(result.geometry.land_borders) == {"A|B"}
    assert set(result.geometry.coastal_borders) == {"A~0", "B~0"}
    assert window.view.overlay_item_count() >= 5
    window.graph_action.trigger()
    assert not window.view._overlay.isVisible()


def test_province_panel_edits_attributes_with_undo(qtbot: Any) -> None:
    window = make_window(qtbot)
    window.set_tool(Tool.SELECT)
    click(qtbot, window, (150, 50))
    panel = window.province_panel
    assert panel.ref == (PROVINCE, "B", 0)
    assert panel.name_edit.text() == "Biwa"
    panel.flowers.setValue(3)
    panel.shadowlands.setChecked(True)
    panel.name_edit.setText("Biwa-mura")
    panel.name_edit.editingFinished.emit()
    attrs = window.document.topo.provinces["B"].attrs
    assert attrs["flowers"] == 3 and attrs["shadowlands"] is True
    assert window.document.topo.provinces["B"].name == "Biwa-mura"
    for _ in range(3):
        window.undo_action.trigger()
    assert window.document.topo.to_dict() == tiny()


def test_territories_panel_assigns_by_clicking(qtbot: Any) -> None:
    window = make_window(qtbot)
    panel = window.territories_panel
    tid = panel.add_territory("East Marches", "#7da7c7")
    assert tid == "east_marches"
    panel.assign.setChecked(True)
    assert window.view.tool == Tool.ASSIGN
    click(qtbot, window, (150, 50))
    topo = window.document.topo
    assert topo.territory(tid).provinces == ("B",)
    assert topo.territory("west").provinces == ("A",)
    assert panel.members.count() == 1
    assert window.view.face_item((PROVINCE, "B", 0)).brush().color().name() == "#7da7c7"


def test_draw_sea_grid_and_delete(qtbot: Any) -> None:
    window = make_window(qtbot)
    window.set_tool(Tool.SEA)
    for xy in [(10, 90), (190, 90), (190, 99)]:
        click(qtbot, window, xy)
    qtbot.mouseDClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=pixel(window, (10, 99))
    )
    topo = window.document.topo
    assert len(topo.seas) == 1
    sid = next(iter(topo.seas))
    assert window.view.selected == (SEA, sid, 0)
    window.delete_action.trigger()
    assert not topo.seas
    window.document.run("add_grid", "hex", 2, 3, 5, (0, 100))
    assert len(topo.provinces) == 8
    assert window.view.handle_count() == len(topo.vertices)


def test_dragging_a_corner_onto_a_neighbours_vertex_welds_them(qtbot: Any) -> None:
    # Given C drawn with its corner 1.5 units below A's corner (10, 90)
    window = make_window(qtbot)
    topo = window.document.topo
    window.document.run("add_province", [(10, 91.5), (60, 95), (30, 99)], 0, "C")
    vid = vid_at(topo, (10, 91.5))
    window.view.zoom_to((10, 90), 20)
    viewport = window.view.viewport()
    # When the corner is dragged next to A's corner
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=pixel(window, (10, 91.5)))
    hover(window, (10.2, 90.2), Qt.MouseButton.LeftButton)
    # Then the snap indicator shows A's vertex while dragging
    assert window.view.snap_indicator() == ("vertex", (10, 90))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=pixel(window, (10.2, 90.2)))
    # And on release C uses A's vertex: they touch at exactly that point
    assert vid not in topo.vertices
    assert coords(topo, "C")[0] == (10, 90)
    window.undo_action.trigger()
    assert topo.vertices[vid] == (10, 91.5)


def test_topology_issues_t_junction_and_duplicate_vertex_are_listed_and_fixed(
    qtbot: Any,
) -> None:
    # Given C whose corner lies on A's bottom edge without being A's vertex, and B with a
    # repeated corner
    data = tiny()
    data["provinces"].append(
        {"id": "C", "name": "Chiba", "polygon": [[10, 90], [55, 90], [30, 99]]}
    )
    data["provinces"][1]["polygon"] = [[100, 10], [190, 10], [190, 10], [190, 90], [100, 90]]
    window = make_window(qtbot, data)
    panel = window.validation_panel
    # When analysed, Then both problems are listed, each with a fix
    result = wait_analysis(qtbot, window)
    codes = [i.code for i in result.issues]
    assert "t_junction" in codes and "duplicate_vertex" in codes
    for code in ("t_junction", "duplicate_vertex"):
        result = wait_analysis(qtbot, window)
        codes = [i.code for i in result.issues]
        panel.list.setCurrentRow(codes.index(code))
        assert panel.fix_button.isEnabled()
        with qtbot.waitSignal(window.analysis.finished, timeout=10_000) as blocker:
            assert panel.fix_current()
        assert code not in [i.code for i in blocker.args[0].issues]
    # Then A and C share the vertex and B has four corners
    topo = window.document.topo
    assert (55, 90) in coords(topo, "A")
    assert len(coords(topo, "B")) == 4


def test_dragging_a_name_label_sets_the_label_point(qtbot: Any) -> None:
    # Given A's label at (55, 50)
    window = make_window(qtbot)
    viewport = window.view.viewport()
    start = window.view.mapFromScene(window.view.label_item("A").sceneBoundingRect().center())
    # When the label is dragged 20 units right
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    target = pixel(window, (75, 60))
    hover(window, (75, 60), Qt.MouseButton.LeftButton)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=target)
    # Then the label point moved there (one undo step) and A is selected
    label = window.document.topo.provinces["A"].attrs["label"]
    assert label[0] == pytest.approx(75, abs=0.5) and label[1] == pytest.approx(60, abs=0.5)
    assert window.view.selected == (PROVINCE, "A", 0)
    window.undo_action.trigger()
    assert window.document.topo.provinces["A"].attrs["label"] == [55, 50]


def test_a_sliver_province_is_listed_and_merged_into_its_neighbour(qtbot: Any) -> None:
    # Given a 0.2-unit-wide sliver drawn along B's right side
    data = tiny()
    data["provinces"].append(
        {"id": "S", "name": "Sliver", "polygon": [[190, 10], [190.2, 10], [190.2, 90], [190, 90]]}
    )
    window = make_window(qtbot, data)
    # When analysed, Then the sliver is listed with a merge fix
    result = wait_analysis(qtbot, window)
    codes = [i.code for i in result.issues]
    assert "sliver" in codes
    panel = window.validation_panel
    panel.list.setCurrentRow(codes.index("sliver"))
    assert "merge the sliver into B" in panel.fix_button.text()
    # When fixed, Then the sliver is part of B and the issue is gone
    with qtbot.waitSignal(window.analysis.finished, timeout=10_000) as blocker:
        assert panel.fix_current()
    assert "sliver" not in [i.code for i in blocker.args[0].issues]
    topo = window.document.topo
    assert "S" not in topo.provinces
    assert poly_area(topo, "B") == pytest.approx(90.2 * 80)


def test_merge_tool_joins_two_sea_polygons(qtbot: Any) -> None:
    # Given two sea polygons side by side along the south coast
    window = make_window(qtbot)
    doc = window.document
    doc.run("add_sea", [(10, 90), (100, 90), (100, 99), (10, 99)], 0.5, sea_id="south")
    doc.run("add_sea", [(100, 90), (190, 90), (190, 99), (100, 99)], 0.5, sea_id="south")
    assert len(doc.topo.seas["south"].parts) == 2
    # When both are clicked with the merge tool
    window.set_tool(Tool.MERGE)
    click(qtbot, window, (50, 95))
    click(qtbot, window, (150, 95))
    # Then the sea has one polygon covering both
    assert len(doc.topo.seas["south"].parts) == 1
    assert doc.topo.polygon((SEA, "south", 0)).area == pytest.approx(180 * 9)


def test_drawing_land_across_the_coast_takes_it_out_of_the_sea(qtbot: Any) -> None:
    # Given B with the east sea along its east side
    window = make_window(qtbot, with_east_sea())
    topo = window.document.topo
    # When a province is drawn from B's corners out into the sea
    draw(qtbot, window, Tool.PROVINCE, [(190, 10), (230, 10), (230, 90), (190, 90)])
    # Then it exists, the sea lost that strip, and the new coast is one shared edge
    new = next(pid for pid in topo.provinces if pid not in ("A", "B"))
    sea = topo.polygon((SEA, "east", 0))
    assert sea.area == pytest.approx(60 * 80)
    assert sea.boundary.intersection(topo.polygon((PROVINCE, new, 0)).boundary).length == (
        pytest.approx(80)
    )
    assert window.view.face_item((SEA, "east", 0)).path().boundingRect().left() == (
        pytest.approx(230)
    )
    assert "came out of East Sea" in window.statusBar().currentMessage()
    # And one undo gives the sea back
    window.undo_action.trigger()
    assert topo.to_dict()["seas"] == with_east_sea()["seas"]


def test_drawing_a_sea_across_land_clips_it_to_the_free_area(qtbot: Any) -> None:
    window = make_window(qtbot)
    topo = window.document.topo
    draw(qtbot, window, Tool.SEA, [(150, 50), (200, 50), (200, 100), (150, 100)])
    sid = next(iter(topo.seas))
    sea = topo.polygon((SEA, sid, 0))
    assert sea.area == pytest.approx(50 * 50 - 40 * 40)
    assert sea.boundary.intersection(topo.polygon((PROVINCE, "B", 0)).boundary).length == (
        pytest.approx(80)
    )
    assert window.view.selected == (SEA, sid, 0)
    assert "clipped to the free area" in window.statusBar().currentMessage()


def test_hole_and_lake_tools(qtbot: Any) -> None:
    # Given A; When a hole is drawn inside it with the hole tool
    window = make_window(qtbot)
    topo = window.document.topo
    draw(qtbot, window, Tool.HOLE, [(30, 30), (50, 30), (50, 50), (30, 50)])
    # Then A has a hole and the canvas draws it (even-odd fill: the hole is not filled)
    assert len(topo.provinces["A"].face.holes) == 1
    assert not window.view.face_item((PROVINCE, "A", 0)).path().contains(QPointF(40, 40))
    # When a lake is drawn in B with the lake tool
    draw(qtbot, window, Tool.LAKE, [(130, 30), (160, 30), (160, 60), (130, 60)])
    # Then the land under it became a sea, B has it as a hole and shares its shore
    assert list(topo.seas) == ["lake"]
    lake = topo.polygon((SEA, "lake", 0))
    assert lake.area == pytest.approx(900)
    assert lake.boundary.intersection(topo.polygon((PROVINCE, "B", 0)).boundary).length == (
        pytest.approx(120)
    )
    assert window.view.selected == (SEA, "lake", 0)
    # And a refused hole leaves a message naming the fix
    draw(qtbot, window, Tool.HOLE, [(40, 0), (60, 0), (60, 100), (40, 100)])
    assert "split it instead" in window.statusBar().currentMessage()


def test_territory_id_renamed_from_the_panel(qtbot: Any) -> None:
    window = make_window(qtbot)
    panel = window.territories_panel
    panel.select("west")
    # When the id field is edited
    panel.id_edit.setText("western_lands")
    panel.id_edit.editingFinished.emit()
    # Then the territory and its members use the new id, still highlighted; undo restores
    topo = window.document.topo
    assert [t.id for t in topo.territories] == ["western_lands"]
    assert topo.territory_of("A") == "western_lands"
    assert panel.current() == "western_lands"
    assert window.view.current_territory == "western_lands"
    # When an id with a space is typed, Then it is refused and the field shows the old id
    panel.id_edit.setText("bad id")
    panel.id_edit.editingFinished.emit()
    assert panel.id_edit.text() == "western_lands"
    assert "spaces" in window.statusBar().currentMessage()
    window.undo_action.trigger()
    assert [t.id for t in topo.territories] == ["west"]
    assert panel.current() == "west" and panel.id_edit.text() == "west"


def test_a_default_label_follows_a_vertex_drag_live_and_on_undo(qtbot: Any) -> None:
    # Given B without a label point: its name sits at its centre
    window = make_window(qtbot)
    label = window.view.label_item("B")
    start = label.pos().x()
    assert 140 <= start <= 150
    # When B's shared west side is dragged to x=160 (two corners, one after the other)
    viewport = window.view.viewport()
    for y in (10, 90):
        qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=pixel(window, (100, y)))
        hover(window, (160, y), Qt.MouseButton.LeftButton)
        if y == 90:  # Then during the drag the label already moved
            assert label.pos().x() > start + 5
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=pixel(window, (160, y)))
    # And after the drags it sits in the middle of what is left of B
    assert window.view.label_item("B").pos().x() == pytest.approx(175, abs=1)
    # And undo puts it back
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.view.label_item("B").pos().x() == pytest.approx(start)
    # A's explicit label point stays where it is
    assert (window.view.label_item("A").pos().x(), window.view.label_item("A").pos().y()) == (
        55,
        50,
    )


def test_a_province_in_no_territory_is_marked_at_its_name_and_fixed_by_its_neighbour(
    qtbot: Any,
) -> None:
    # Given C below A and B, in no territory
    data = tiny()
    data["provinces"].append(
        {"id": "C", "name": "Chiba", "polygon": [[10, 90], [190, 90], [190, 99], [10, 99]]}
    )
    window = make_window(qtbot, data)
    result = wait_analysis(qtbot, window)
    codes = [issue.code for issue in result.issues]
    assert "no_territory" in codes
    # Then its marker rings C's name, not its first corner
    topo = window.document.topo
    issue = result.issues[codes.index("no_territory")]
    assert tuple(issue.location) == (10, 90)
    from editor.fixes import issue_point

    assert issue_point(issue, topo) == topo.label_point("C")
    # When the issue's fix is clicked, Then C joins its neighbours' territory (one undo step)
    panel = window.validation_panel
    panel.list.setCurrentRow(codes.index("no_territory"))
    assert panel.fix_button.text() == "Fix: put it in West"
    # When the issue is clicked, Then the view shows the whole province
    panel.list.itemClicked.emit(panel.list.currentItem())
    shown = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert shown.contains(QRectF(10, 90, 180, 9))
    with qtbot.waitSignal(window.analysis.finished, timeout=10_000) as blocker:
        panel.fix_button.click()
    assert topo.territory_of("C") == "west"
    message = window.statusBar().currentMessage()
    assert message == "Fixed: put it in West (changed territory 'west')."
    assert "no_territory" not in [i.code for i in blocker.args[0].issues]
    # and the list keeps a row highlighted, so the next fix is one more click
    assert panel.list.currentRow() == min(codes.index("no_territory"), panel.list.count() - 1)


def test_the_province_panel_shows_no_leftover_values_when_nothing_is_selected(
    qtbot: Any,
) -> None:
    window = make_window(qtbot)
    panel = window.province_panel
    window.view.select((PROVINCE, "A", 0))
    assert panel.flowers.value() == 2 and panel.territory.currentText() == "West"
    window.view.select(None)
    assert panel.flowers.value() == 0 and panel.territory.count() == 0
    assert panel.capital.currentIndex() == 0 and not panel.has_label.isChecked()
    assert not panel.flowers.isEnabled()


def test_split_and_merge_say_what_they_did(qtbot: Any) -> None:
    window = make_window(qtbot)
    window.set_tool(Tool.SPLIT)
    for xy in [(0, 50), (55, 52), (101, 50)]:
        window.view.click(xy)
    window.view.finish_drawing()
    assert window.view.selected == (PROVINCE, "A_2", 0)
    assert window.statusBar().currentMessage().startswith("Split Akagi: the new part is A_2")
    window.set_tool(Tool.MERGE)
    window.view.click((50, 30))
    window.view.click((50, 70))
    assert window.statusBar().currentMessage() == "Merged Akagi 2 into Akagi."


def test_grid_snapping_toggle(qtbot: Any) -> None:
    # Given the province tool on an empty spot, grid snapping off
    window = make_window(qtbot)
    window.set_tool(Tool.PROVINCE)
    assert not window.view.grid_snap
    free = window.view.snap_point((33.3, 97.2))
    assert free.kind == "free" and free.point == (33.3, 97.2)
    # When G is pressed (the View menu's toggle), Then points snap to the 5-unit grid
    with qtbot.waitActive(window):
        window.activateWindow()
    qtbot.keyClick(window.view, Qt.Key.Key_G)
    assert window.grid_snap_action.isChecked() and window.view.grid_snap
    assert window.view.snap_point((33.3, 97.2)) == Snap("grid", (35, 95))
    # and a grid point on an edge lands exactly on that edge
    on_edge = window.view.snap_point((40.2, 90.3))
    assert on_edge.kind == "edge" and on_edge.point == (40, 90)
    # When the step is changed, Then the grid follows
    window.view.grid_step = 2
    assert window.view.snap_point((33.3, 97.2)).point == (34, 98)
    # When G is pressed again, Then snapping is off
    qtbot.keyClick(window.view, Qt.Key.Key_G)
    assert window.view.snap_point((33.3, 97.2)).kind == "free"


def test_label_fields_show_the_default_place_and_new_land_names_its_territory(
    qtbot: Any,
) -> None:
    window = make_window(qtbot)
    topo = window.document.topo
    window.view.select((PROVINCE, "B", 0))
    panel = window.province_panel
    x, y = topo.label_point("B")
    assert (panel.label_x.value(), panel.label_y.value()) == pytest.approx((x, y), abs=0.01)
    assert not panel.label_x.isEnabled()
    # When the label point box is ticked, Then B's label is fixed where it was shown
    panel.has_label.setChecked(True)
    assert topo.provinces["B"].attrs["label"] == pytest.approx([x, y], abs=0.01)
    # When land is drawn while West is the current territory, Then the message says so
    window.territories_panel.select("west")
    draw(qtbot, window, Tool.PROVINCE, [(100, 90), (190, 90), (190, 100), (100, 100)])
    assert " in West" in window.statusBar().currentMessage()


def test_land_drawn_over_a_neighbour_is_clipped_unless_clipping_is_off(qtbot: Any) -> None:
    # Given A and B, clipping on (the default)
    window = make_window(qtbot)
    topo = window.document.topo
    assert window.clip_action.isChecked()
    # When land is drawn roughly over B's south-east corner
    draw(qtbot, window, Tool.PROVINCE, [(150, 80), (250, 80), (250, 100), (150, 100)])
    # Then it keeps the free area and borders B exactly
    new = next(pid for pid in topo.provinces if pid not in ("A", "B"))
    assert topo.polygon((PROVINCE, new, 0)).area == pytest.approx(100 * 20 - 40 * 10)
    assert shared_length(topo, "B", new) == pytest.approx(50)
    window.undo_action.trigger()
    # When clipping is switched off, Then the same drawing is refused and says why
    window.clip_action.trigger()
    assert not window.view.clip_land
    draw(qtbot, window, Tool.PROVINCE, [(150, 80), (250, 80), (250, 100), (150, 100)])
    assert list(topo.provinces) == ["A", "B"]
    assert "overlaps province Biwa" in window.statusBar().currentMessage()


def test_labels_show_the_game_attributes_as_symbols(qtbot: Any) -> None:
    window = make_window(qtbot)
    label = window.view.label_item("A")
    assert label.text() == "Akagi\n♛ ✿✿"
    assert label.toolTip() == "Akagi (A): capital of Crab, 2 flowers"  # the clan by its name
    window.document.run(
        "update_province", "B", attrs={"defense": 2, "palace_site": True, "blessed": 3}
    )
    assert window.view.label_item("B").text() == "Biwa\n♜2 ⌂ ☀3"


def test_deleting_coastal_land_gives_the_sea_its_area_and_undo_takes_it_back(qtbot: Any) -> None:
    # Given the editor on A and B with a sea east of B
    window = make_window(qtbot)
    doc = window.document
    doc.run("add_sea", [(190, 10), (300, 10), (300, 90), (190, 90)], 0.5, "east")
    topo = doc.topo
    before = topo.to_dict()
    # When B is clicked and Edit > Delete selected (Del) chosen
    click(qtbot, window, (150, 50))
    assert window.view.selected == (PROVINCE, "B", 0)
    window.delete_action.trigger()
    # Then B is gone and the sea reaches A's east edge, sharing it
    assert "B" not in topo.provinces
    sea = topo.polygon((SEA, "east", 0))
    assert sea.area == pytest.approx(200 * 80)
    assert sea.boundary.intersection(topo.polygon((PROVINCE, "A", 0)).boundary).length == (
        pytest.approx(80)
    )
    # And the live graph makes A coastal
    assert wait_analysis(qtbot, window).geometry.graph.province("A").coastal
    # When undone, Then the map is exactly as before
    window.undo_action.trigger()
    assert topo.to_dict() == before
