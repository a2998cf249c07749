"""Vertex edits on the shared topology (editor.topology.vertices): move, insert, remove,
weld, snap onto an edge, and the near-miss fixes."""

from __future__ import annotations

import pytest
from shapely.geometry import LineString

from editor.topology import TopoMap
from editor.topology.model import TopologyError
from tests.editor.test_topology import (
    assert_undo_redo,
    coords,
    poly,
    shared_length,
    tiny,
    vid_at,
)


def test_move_shared_vertex_moves_it_in_both_provinces_and_undo_restores() -> None:
    # Given the shared corner (100, 10)
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    v = vid_at(m, (100, 10))
    # When it is moved
    edit = m.move_vertex(v, (105.5, 5))
    # Then both provinces use the new position and still share the edge
    assert (105.5, 5) in coords(m, "A") and (105.5, 5) in coords(m, "B")
    assert shared_length(m, "A", "B") == pytest.approx(LineString([(105.5, 5), (100, 90)]).length)
    assert_undo_redo(m, edit, before)


def test_move_with_origin_records_the_drag_start() -> None:
    # Given a vertex already dragged live to a new place
    m = TopoMap.from_dict(tiny())
    v = vid_at(m, (10, 10))
    m.vertices[v] = (12, 12)
    # When the drag ends with its origin
    edit = m.move_vertex(v, (15, 15), origin=(10, 10))
    # Then undo returns it to the origin
    edit.undo(m)
    assert m.vertices[v] == (10, 10)


def test_insert_vertex_on_shared_edge_goes_into_both_provinces() -> None:
    # Given the shared edge (100,10)-(100,90)
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    a, b = vid_at(m, (100, 10)), vid_at(m, (100, 90))
    # When a vertex is inserted on it
    edit = m.insert_vertex(a, b, (100, 50))
    # Then both rings contain it between the edge's ends
    assert coords(m, "A") == [(10, 10), (100, 10), (100, 50), (100, 90), (10, 90)]
    assert coords(m, "B") == [(100, 10), (190, 10), (190, 90), (100, 90), (100, 50)]
    assert edit.result == vid_at(m, (100, 50))
    assert_undo_redo(m, edit, before)


def test_insert_vertex_needs_an_edge() -> None:
    m = TopoMap.from_dict(tiny())
    with pytest.raises(TopologyError, match="not joined"):
        m.insert_vertex(vid_at(m, (10, 10)), vid_at(m, (100, 90)))


def test_remove_vertex_removes_it_everywhere() -> None:
    # Given a vertex inserted on the shared edge
    m = TopoMap.from_dict(tiny())
    m.insert_vertex(vid_at(m, (100, 10)), vid_at(m, (100, 90)), (100, 50))
    before = m.to_dict()
    v = vid_at(m, (100, 50))
    # When it is removed
    edit = m.remove_vertex(v)
    # Then neither province has it and the vertex table forgot it
    assert (100, 50) not in coords(m, "A") + coords(m, "B")
    assert v not in m.vertices
    assert_undo_redo(m, edit, before)


def test_remove_vertex_refuses_to_collapse_a_triangle_and_changes_nothing() -> None:
    # Given a triangle
    m = TopoMap.from_dict(tiny())
    m.add_province([(10, 90), (100, 90), (50, 99)])
    before = m.to_dict()
    # When one of its corners is removed, Then the edit is refused, the map untouched
    with pytest.raises(TopologyError, match="three corners"):
        m.remove_vertex(vid_at(m, (50, 99)))
    assert m.to_dict() == before


def test_weld_and_fix_near_misses_make_neighbours_share_the_border() -> None:
    # Given B drawn with its left corners 0.3 units off A's right edge
    data = tiny()
    data["provinces"][1]["polygon"] = [[100.3, 10.1], [190, 10], [190, 90], [100.2, 90]]
    m = TopoMap.from_dict(data)
    assert shared_length(m, "A", "B") < 1
    before = m.to_dict()
    # When near misses within 0.5 are fixed
    edit = m.fix_near_misses(0.5)
    # Then A and B share the whole edge again
    assert shared_length(m, "A", "B") == pytest.approx(80)
    assert len(m.vertices) == 6
    assert_undo_redo(m, edit, before)


def test_fix_near_misses_snaps_a_t_junction_onto_the_edge() -> None:
    # Given C whose corner lies 0.2 units below the middle of A's bottom edge
    m = TopoMap.from_dict(tiny())
    m.add_province([(10, 90), (55, 90.2), (30, 99)], province_id="C")
    assert shared_length(m, "A", "C") < 1
    # When near misses are fixed, Then the corner became a vertex of A
    m.fix_near_misses(0.5)
    assert (55, 90) in coords(m, "A") and (55, 90) in coords(m, "C")
    assert shared_length(m, "A", "C") == pytest.approx(45)


def test_drop_duplicate_vertices() -> None:
    # Given A with the corner (100, 10) written twice
    data = tiny()
    data["provinces"][0]["polygon"] = [[10, 10], [100, 10], [100, 10], [100, 90], [10, 90]]
    m = TopoMap.from_dict(data)
    assert len(m.provinces["A"].face.outer) == 5
    # When duplicates are dropped, Then A has four corners and the file is the original
    edit = m.drop_duplicate_vertices()
    assert m.to_dict() == tiny()
    edit.undo(m)
    assert m.to_dict() == data


def test_fix_near_misses_leaves_the_fine_detail_of_one_outline_alone() -> None:
    # Given a province with a wiggly edge whose corners are 0.2 apart
    m = TopoMap.from_dict(tiny())
    m.add_province(
        [(10, 90), (40, 90), (40.2, 95), (40.4, 90), (100, 90), (60, 99)], province_id="C"
    )
    before = m.to_dict()
    # When near misses within 0.5 are fixed, Then there is none: refused, nothing changes
    assert not m.has_near_misses(0.5)
    with pytest.raises(TopologyError, match="no vertex lies within 0.5"):
        m.fix_near_misses(0.5)
    assert m.to_dict() == before


def test_fix_near_misses_closes_a_thin_overlap() -> None:
    # Given B's left corners 0.3 inside A (a sliver overlap)
    data = tiny()
    data["provinces"][1]["polygon"] = [[99.7, 10], [190, 10], [190, 90], [99.7, 90]]
    m = TopoMap.from_dict(data)
    assert poly(m, "A").intersection(poly(m, "B")).area > 20
    # When fixed, Then they share the edge and no longer overlap
    m.fix_near_misses(0.5)
    assert poly(m, "A").intersection(poly(m, "B")).area == pytest.approx(0)
    assert shared_length(m, "A", "B") == pytest.approx(80)


def test_weld_refuses_to_pinch_a_polygon() -> None:
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    with pytest.raises(TopologyError, match="pinch"):
        m.weld_vertices(vid_at(m, (10, 10)), vid_at(m, (100, 90)))
    assert m.to_dict() == before


def test_dropping_a_dragged_vertex_onto_a_vertex_welds_and_onto_an_edge_joins() -> None:
    # Given C drawn apart from A with a corner near A's corner (10, 90) and one near A's edge
    m = TopoMap.from_dict(tiny())
    m.add_province([(10, 91), (55, 91), (30, 99)], province_id="C")
    original = m.to_dict()
    c0, c1 = vid_at(m, (10, 91)), vid_at(m, (55, 91))
    # When C's first corner is dragged onto A's corner
    m.vertices[c0] = (10.2, 90.1)  # the live drag
    weld = m.move_vertex_onto(c0, m.snap((10.2, 90.1), 0.5, exclude=(c0,)), origin=(10, 91))
    # Then C uses A's vertex and the dragged vertex is gone
    assert c0 not in m.vertices and coords(m, "C")[0] == (10, 90)
    # When the second corner is dropped onto A's bottom edge
    m.vertices[c1] = (55, 90.2)
    join = m.move_vertex_onto(c1, m.snap((55, 90.2), 0.5, exclude=(c1,)), origin=(55, 91))
    # Then A gained it and the two share a border
    assert (55, 90) in coords(m, "A")
    assert shared_length(m, "A", "C") == pytest.approx(45)
    # And undo restores the exact original
    join.undo(m)
    weld.undo(m)
    assert m.to_dict() == original
