"""Splitting provinces and sea parts along a cut, and merging neighbours
(editor.topology.split_merge)."""

from __future__ import annotations

import pytest
from shapely.geometry import Point

from editor.topology import TopoMap, square_grid
from editor.topology.model import TopologyError
from tests.editor.test_topology import (
    assert_undo_redo,
    coords,
    poly,
    shared_length,
    tiny,
    vid_at,
)


def test_split_province_by_a_cut_through_the_shared_edge() -> None:
    # Given A and B; When A is cut horizontally at y=50 with a line starting outside
    # the map and ending exactly on the edge shared with B
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    edit = m.split_province("A", [(0, 50), (40, 52), (100, 50)])
    keep, new = edit.result
    # Then A keeps the label's half and its attributes; the new half has no capital
    assert keep == "A" and new == "A_2"
    assert poly(m, keep).area + poly(m, new).area == pytest.approx(90 * 80)
    assert poly(m, keep).covers(Point(55, 50)) and poly(m, keep).covers(Point(50, 20))
    assert "capital" not in m.provinces[new].attrs
    assert m.provinces[new].attrs["flowers"] == 2
    # And B gained the crossing vertex, so both halves share a border with B
    assert (100, 50) in coords(m, "B")
    assert shared_length(m, keep, "B") == pytest.approx(40)
    assert shared_length(m, new, "B") == pytest.approx(40)
    assert shared_length(m, keep, new) > 90
    # And the new province joined A's territory right after A
    assert m.territory("west").provinces == ("A", "A_2", "B")
    assert_undo_redo(m, edit, before)


def test_split_must_cross_the_outline_exactly_twice() -> None:
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    with pytest.raises(TopologyError, match="exactly twice"):
        m.split_province("A", [(50, 0), (50, 50)])
    with pytest.raises(TopologyError, match="exactly twice"):
        m.split_province("A", [(50, 0), (50, 100), (60, 100), (60, 0)])
    assert m.to_dict() == before


def test_merge_provinces_removes_the_common_border() -> None:
    # Given A and B; When they are merged
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    edit = m.merge_provinces("A", "B")
    # Then A covers both, B is gone from the map and its territory
    assert poly(m, "A").area == pytest.approx(180 * 80)
    assert poly(m, "A").is_valid
    assert "B" not in m.provinces
    assert m.territory("west").provinces == ("A",)
    assert m.provinces["A"].attrs["capital"] == "crab"
    assert_undo_redo(m, edit, before)


def test_split_then_merge_drops_the_cut_vertices_and_undo_is_exact() -> None:
    # Given A split by a cut with an interior bend
    m = TopoMap.from_dict(tiny())
    original = m.to_dict()
    split = m.split_province("A", [(50, 0), (45, 50), (50, 100)])
    after_split = m.to_dict()
    bend = vid_at(m, (45, 50))
    # When the halves are merged again
    merge = m.merge_provinces("A", "A_2")
    # Then the bend vertex no longer exists and the area is whole again
    assert bend not in m.vertices
    assert poly(m, "A").area == pytest.approx(90 * 80)
    # And undo twice gives back the exact original coordinates
    merge.undo(m)
    assert m.to_dict() == after_split
    split.undo(m)
    assert m.to_dict() == original


def test_merge_needs_a_common_border() -> None:
    m = TopoMap.from_dict(tiny())
    m.add_province([(300, 0), (310, 0), (310, 10)], province_id="far")
    with pytest.raises(TopologyError, match="do not share"):
        m.merge_provinces("A", "far")


def test_merge_around_an_enclosed_province_leaves_a_hole() -> None:
    # Given a 3x3 square grid; When the eight outer cells merge step by step
    m = square_grid(3, 3, 10)
    ring_ids = ["r1c2", "r1c3", "r2c3", "r3c3", "r3c2", "r3c1", "r2c1"]
    for pid in ring_ids:
        m.merge_provinces("r1c1", pid)
    # Then the merged province has the centre cell as a hole
    merged = m.provinces["r1c1"].face
    assert len(merged.holes) == 1
    assert set(merged.holes[0]) == set(m.provinces["r2c2"].face.outer)
    assert poly(m, "r1c1").area == pytest.approx(800)


def test_split_through_existing_vertices() -> None:
    # Given A with a vertex on each long edge at x=55
    m = TopoMap.from_dict(tiny())
    m.insert_vertex(vid_at(m, (10, 10)), vid_at(m, (100, 10)), (55, 10))
    m.insert_vertex(vid_at(m, (100, 90)), vid_at(m, (10, 90)), (55, 90))
    n = len(m.vertices)
    # When cut exactly through them
    edit = m.split_province("A", [(55, 0), (55, 100)])
    # Then no vertex was added and both halves use the existing ones
    assert len(m.vertices) == n
    keep, new = edit.result
    assert {(55, 10), (55, 90)} <= set(coords(m, keep)) & set(coords(m, new))
    assert poly(m, keep).area == pytest.approx(45 * 80)


def test_a_bent_cut_entering_and_leaving_through_one_edge_cuts_a_notch() -> None:
    # Given A; When a V-shaped cut enters and leaves through A's bottom edge
    m = TopoMap.from_dict(tiny())
    edit = m.split_province("A", [(30, 95), (50, 60), (70, 95)])
    keep, new = edit.result
    # Then the notch is a new triangle-like province sharing the bottom edge pieces
    areas = sorted(poly(m, p).area for p in (keep, new))
    assert sum(areas) == pytest.approx(90 * 80)
    assert areas[0] < 1000
    assert all(poly(m, p).is_valid for p in m.provinces)
