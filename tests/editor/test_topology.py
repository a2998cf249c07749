"""Shared-topology editing: every operation, its exact undo, and the grid generators (no Qt)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from shapely.geometry import LineString, Point, Polygon

from editor.topology import TopoMap, hex_grid, square_grid
from editor.topology.model import PROVINCE, SEA, TopologyError


def tiny() -> dict[str, Any]:
    """Two 90x80 provinces side by side sharing the edge x=100, both in territory west."""
    return {
        "format": 1,
        "id": "tiny",
        "name": "Tiny Isle",
        "size": {"width_mm": 200, "height_mm": 100},
        "extent": [0, 0, 200, 100],
        "game": "rokugan",
        "attributes": {},
        "territories": [
            {"id": "west", "name": "West", "colour": "#8fbf6a", "provinces": ["A", "B"]}
        ],
        "provinces": [
            {
                "id": "A",
                "name": "Akagi",
                "polygon": [[10, 10], [100, 10], [100, 90], [10, 90]],
                "label": [55, 50],
                "flowers": 2,
                "capital": "crab",
            },
            {"id": "B", "name": "Biwa", "polygon": [[100, 10], [190, 10], [190, 90], [100, 90]]},
        ],
        "seas": [],
    }


def coords(m: TopoMap, pid: str) -> list[tuple[float, float]]:
    return m.ring_coords(m.provinces[pid].face.outer)


def poly(m: TopoMap, pid: str) -> Polygon:
    return m.polygon((PROVINCE, pid, 0))


def shared_length(m: TopoMap, a: str, b: str) -> float:
    return poly(m, a).boundary.intersection(poly(m, b).boundary).length


def vid_at(m: TopoMap, xy: tuple[float, float]) -> int:
    return next(v for v, p in m.vertices.items() if p == xy)


def same_cycle(r: tuple[int, ...], s: tuple[int, ...]) -> bool:
    """True when two rings are the same cycle of vertex ids, in either direction."""
    if len(r) != len(s) or set(r) != set(s):
        return False
    k = s.index(r[0])
    turned = s[k:] + s[:k]
    return turned == r or (turned[0], *turned[1:][::-1]) == r


def assert_undo_redo(m: TopoMap, edit: Any, before: dict[str, Any]) -> None:
    after = m.to_dict()
    edit.undo(m)
    assert m.to_dict() == before
    edit.redo(m)
    assert m.to_dict() == after
    edit.redo(m)  # idempotent, as QUndoStack's first redo on push needs
    assert m.to_dict() == after


# ------------------------------------------------------------------------------- conversion


def test_loading_shares_coincident_points_and_round_trips() -> None:
    # Given the two-province map
    data = tiny()
    # When it is loaded
    m = TopoMap.from_dict(data)
    # Then the four corners on x=100 and the outer corners make six vertices, two shared
    assert len(m.vertices) == 6
    shared = set(m.provinces["A"].face.outer) & set(m.provinces["B"].face.outer)
    assert {m.vertices[v] for v in shared} == {(100, 10), (100, 90)}
    # And writing it back gives the same dict
    assert m.to_dict() == data


def test_loading_merges_points_within_tolerance_only() -> None:
    # Given B's corner off by a hair and another corner off by a visible near miss
    data = tiny()
    data["provinces"][1]["polygon"] = [[100.0000001, 10], [190, 10], [190, 90], [100.5, 90]]
    # When loaded with the default tolerance
    m = TopoMap.from_dict(data)
    # Then the hair merges and the near miss stays a separate vertex
    assert coords(m, "B")[0] == (100, 10)
    assert coords(m, "B")[3] == (100.5, 90)
    assert len(m.vertices) == 7


def test_seas_and_holes_round_trip() -> None:
    # Given a province with a hole and a two-part sea
    data = tiny()
    data["provinces"][0]["holes"] = [[[40, 40], [60, 40], [60, 60], [40, 60]]]
    data["seas"] = [
        {
            "id": "sea",
            "name": "Inner Sea",
            "polygons": [
                {"polygon": [[10, 90], [100, 90], [100, 99], [10, 99]], "holes": []},
                {"polygon": [[40, 40], [60, 40], [60, 60], [40, 60]], "holes": []},
            ],
        }
    ]
    # When loaded and written back
    m = TopoMap.from_dict(data)
    # Then the dict is unchanged and the lake shares the hole's vertices
    assert m.to_dict() == data
    assert m.seas["sea"].parts[1].outer == m.provinces["A"].face.holes[0]


# ------------------------------------------------------------------------------ vertex ops


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


# ---------------------------------------------------------------------------- add province


def test_add_province_snaps_to_neighbour_corners_and_shares_the_edge() -> None:
    # Given A and B; When C is drawn with clicks slightly off B's bottom corners
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    edit = m.add_province(
        [(100.4, 90.3), (189.6, 89.8), (190, 99), (100, 99)], snap_radius=1.0, name="Crane"
    )
    # Then C's top edge is B's bottom edge: the same two vertex ids
    c = edit.result
    assert m.provinces[c].name == "Crane"
    assert coords(m, c)[:2] == [(100, 90), (190, 90)]
    assert shared_length(m, "B", c) == pytest.approx(90)
    assert_undo_redo(m, edit, before)


def test_add_province_snapping_onto_an_edge_inserts_the_vertex_into_the_neighbour() -> None:
    # Given A; When D is drawn with a corner clicked next to the middle of A's bottom edge
    m = TopoMap.from_dict(tiny())
    edit = m.add_province([(10, 90), (55.2, 90.4), (30, 99)], snap_radius=1.0)
    d = edit.result
    # Then the snapped corner is projected onto the edge and A gained it too
    assert (55.2, 90) in coords(m, d)
    assert coords(m, "A") == [(10, 10), (100, 10), (100, 90), (55.2, 90), (10, 90)]
    assert shared_length(m, "A", d) == pytest.approx(45.2)


def test_add_province_follows_the_neighbour_boundary_along_a_straight_side() -> None:
    # Given B's left edge split at (100, 50) by an inserted vertex
    m = TopoMap.from_dict(tiny())
    m.insert_vertex(vid_at(m, (100, 10)), vid_at(m, (100, 90)), (100, 50))
    m.remove_province("A")
    # When a province is drawn from (100,90) straight up to (100,10) and back west
    edit = m.add_province([(100, 90), (100, 10), (10, 10), (10, 90)], snap_radius=0.5)
    # Then its outline passes (100, 50) too, so the border is shared, not a T-junction
    assert (100, 50) in coords(m, edit.result)
    assert shared_length(m, "B", edit.result) == pytest.approx(80)


def test_add_province_refuses_overlap_and_self_crossing_without_changes() -> None:
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    with pytest.raises(TopologyError, match="overlaps"):
        m.add_province([(50, 50), (150, 50), (150, 95), (50, 95)], snap_radius=1.0)
    with pytest.raises(TopologyError, match="crosses itself"):
        m.add_province([(0, 0), (5, 5), (5, 0), (0, 5)])
    with pytest.raises(TopologyError, match="three"):
        m.add_province([(0, 0), (0.1, 0.1)], snap_radius=1.0)
    assert m.to_dict() == before


# ------------------------------------------------------------------------------ split, merge


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


# -------------------------------------------------------------------------------------- seas


def test_sea_drawn_next_to_a_province_shares_its_coast_and_can_be_split_and_merged() -> None:
    # Given A and B; When a sea is drawn along their south side
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    edit = m.add_sea([(10, 90.2), (190, 89.9), (190, 99), (10, 99)], 1.0, name="Inner Sea")
    sid = edit.result
    sea = m.polygon((SEA, sid, 0))
    # Then the coast shares A's and B's bottom edges (the boundary follows (100, 90))
    assert sea.boundary.intersection(poly(m, "A").boundary).length == pytest.approx(90)
    assert sea.boundary.intersection(poly(m, "B").boundary).length == pytest.approx(90)
    assert m.seas[sid].name == "Inner Sea"
    assert_undo_redo(m, edit, before)
    # When the sea is split at x=100 and merged back
    split = m.split_sea(sid, 0, [(100, 80), (100, 105)], snap_radius=0.5)
    assert len(m.seas[sid].parts) == 2
    merge = m.merge_sea_parts(sid, 0, sid, 1)
    # Then one part covers the whole strip again
    assert len(m.seas[sid].parts) == 1
    assert m.polygon((SEA, sid, 0)).area == pytest.approx(180 * 9)
    merge.undo(m)
    split.undo(m)
    assert len(m.seas[sid].parts) == 1


def test_add_sea_part_to_an_existing_sea_and_remove_it() -> None:
    m = TopoMap.from_dict(tiny())
    m.add_sea([(10, 0), (190, 0), (190, 10), (10, 10)], 0.5, sea_id="north")
    edit = m.add_sea([(10, 90), (190, 90), (190, 99)], 0.5, sea_id="north")
    assert len(m.seas["north"].parts) == 2 and edit.result == "north"
    m.remove_sea_part("north", 1)
    m.remove_sea_part("north", 0)
    assert "north" not in m.seas


# ------------------------------------------------------------------------ attributes, ids


def test_update_province_sets_and_removes_attributes_with_undo() -> None:
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    edit = m.update_province(
        "B", name="Biwa-mura", attrs={"defense": 2, "shadowlands": True, "label": [150, 50]}
    )
    assert m.provinces["B"].name == "Biwa-mura"
    assert m.to_dict()["provinces"][1]["defense"] == 2
    assert_undo_redo(m, edit, before)
    m.update_province("A", attrs={"capital": None})
    assert "capital" not in m.provinces["A"].attrs


def test_renaming_a_province_id_keeps_its_place_and_territory() -> None:
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    edit = m.update_province("A", new_id="AKA")
    assert list(m.provinces) == ["AKA", "B"]
    assert m.territory("west").provinces == ("AKA", "B")
    assert_undo_redo(m, edit, before)
    with pytest.raises(TopologyError, match="already used"):
        m.update_province("AKA", new_id="B")


def test_territory_create_rename_recolour_assign_and_remove() -> None:
    # Given the map; When a territory east is created and B assigned to it
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    m.add_territory("east", "East", "#223344")
    m.assign("B", "east")
    # Then B left west and joined east
    assert m.territory("west").provinces == ("A",)
    assert m.territory("east").provinces == ("B",)
    assert m.territory_of("B") == "east"
    # When east is renamed and recoloured, Then the dict shows it
    edit = m.update_territory("east", name="Eastern Marches", colour="#ff0000")
    assert m.to_dict()["territories"][1] == {
        "id": "east",
        "name": "Eastern Marches",
        "colour": "#ff0000",
        "provinces": ["B"],
    }
    edit.undo(m)
    assert m.territory("east").name == "East"
    # When A is assigned to none and east removed
    m.assign("A", None)
    m.remove_territory("east")
    assert m.territory_of("A") is None and m.territory_of("B") is None
    with pytest.raises(TopologyError):
        m.add_territory("west")
    assert m.to_dict() != before


def test_update_meta_sets_map_keys() -> None:
    m = TopoMap.from_dict(tiny())
    edit = m.update_meta({"name": "Big Isle", "game": None})
    assert m.to_dict()["name"] == "Big Isle" and "game" not in m.to_dict()
    edit.undo(m)
    assert m.to_dict() == tiny()


# -------------------------------------------------------------------------------------- grids


def test_square_grid_shares_vertices() -> None:
    # When a 3x4 grid of 10-unit squares is generated
    m = square_grid(3, 4, 10)
    # Then there are 12 cells over a (3+1)x(4+1) lattice and neighbours share whole sides
    assert len(m.provinces) == 12
    assert len(m.vertices) == 20
    assert shared_length(m, "r1c1", "r1c2") == pytest.approx(10)
    assert shared_length(m, "r1c1", "r2c1") == pytest.approx(10)
    assert m.to_dict()["extent"] == [0, 0, 40, 30]


def test_hex_grid_cells_meet_along_whole_sides_without_overlap() -> None:
    # When a 3x4 pointy-top hex grid is generated
    m = hex_grid(3, 4, 10)
    polys = [poly(m, pid) for pid in m.provinces]
    # Then every hexagon is valid, none overlaps, and inner cells have six neighbours
    assert all(p.is_valid for p in polys)
    total = sum(p.area for p in polys)
    from shapely.ops import unary_union

    assert unary_union(polys).area == pytest.approx(total)
    neighbours = [q for q in m.provinces if q != "r2c2" and shared_length(m, "r2c2", q) > 1]
    assert len(neighbours) == 6
    assert all(shared_length(m, "r2c2", q) == pytest.approx(10) for q in neighbours)
    # And corners are shared: no vertex serves more than three cells, many serve three
    users = [len(m.faces_using(v)) for v in m.vertices]
    assert max(users) == 3 and users.count(3) == 12
    assert sum(users) == 6 * len(m.provinces)


def test_add_grid_is_one_undoable_edit() -> None:
    m = TopoMap.new("g", "G", 100, 100)
    before = m.to_dict()
    edit = m.add_grid("square", 2, 2, 10, origin=(5, 5))
    assert edit.result == ["r1c1", "r1c2", "r2c1", "r2c2"]
    assert_undo_redo(m, edit, before)
    with pytest.raises(TopologyError):
        m.add_grid("triangle", 2, 2, 10)


# ---------------------------------------------------------------------------- validation fixes


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


def test_edit_inverse_swaps_sides() -> None:
    m = TopoMap.from_dict(tiny())
    before = copy.deepcopy(m.to_dict())
    edit = m.merge_provinces("A", "B")
    edit.inverse().redo(m)
    assert m.to_dict() == before
    assert edit.structural and not edit.is_empty()


def test_snap_prefers_vertices_then_edges() -> None:
    m = TopoMap.from_dict(tiny())
    assert m.snap((100.5, 10.5), 1).kind == "vertex"
    s = m.snap((100.5, 50), 1)
    assert s.kind == "edge" and s.point == (100, 50)
    assert m.snap((50, 50), 1).kind == "free"


def test_mapfile_round_trip_through_maps_io() -> None:
    # Given the tiny map as a MapFile from its canonical YAML
    import yaml

    from maps.io import dump_map, parse_map

    text = dump_map(parse_map(yaml.safe_dump(tiny(), sort_keys=False)))
    mapfile = parse_map(text)
    # When it becomes a TopoMap and goes back
    m = TopoMap.from_mapfile(mapfile)
    # Then the canonical text is the same and the edge is shared
    assert dump_map(m.to_mapfile()) == text
    assert shared_length(m, "A", "B") == pytest.approx(80)


def test_an_empty_new_map_converts_to_a_mapfile() -> None:
    m = TopoMap.new("blank", "Blank", 300, 200, game="ricewars")
    mf = m.to_mapfile()
    assert (mf.width_mm, mf.height_mm, mf.extent, mf.game) == (
        300,
        200,
        (0, 0, 300, 200),
        "ricewars",
    )


def test_fix_near_misses_leaves_the_fine_detail_of_one_outline_alone() -> None:
    # Given a province with a wiggly edge whose corners are 0.2 apart
    m = TopoMap.from_dict(tiny())
    m.add_province(
        [(10, 90), (40, 90), (40.2, 95), (40.4, 90), (100, 90), (60, 99)], province_id="C"
    )
    before = m.to_dict()
    # When near misses within 0.5 are fixed, Then nothing changes
    assert m.fix_near_misses(0.5).is_empty()
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


def test_random_edit_sequence_keeps_a_valid_tiling_and_undoes_exactly() -> None:
    import math
    import random

    from shapely.ops import unary_union

    # Given a 4x5 hex grid and a seeded sequence of splits, merges, inserts and small moves
    rng = random.Random(5)
    m = hex_grid(4, 5, 10)
    original = m.to_dict()
    total = sum(poly(m, pid).area for pid in m.provinces)
    edits = []
    for _ in range(60):
        pid = rng.choice(sorted(m.provinces))
        kind = rng.choice(["split", "merge", "insert", "move"])
        try:
            if kind == "split":
                c = poly(m, pid).representative_point()
                angle = rng.uniform(0, math.pi)
                dx, dy = 30 * math.cos(angle), 30 * math.sin(angle)
                edits.append(m.split_province(pid, [(c.x - dx, c.y - dy), (c.x + dx, c.y + dy)]))
            elif kind == "merge":
                others = [q for q in sorted(m.provinces) if q != pid and shared_length(m, pid, q)]
                if others:
                    edits.append(m.merge_provinces(pid, rng.choice(others)))
            elif kind == "insert":
                ring = m.provinces[pid].face.outer
                i = rng.randrange(len(ring))
                edits.append(m.insert_vertex(ring[i], ring[(i + 1) % len(ring)]))
            else:
                inner = [v for v in m.provinces[pid].face.outer if len(m.faces_using(v)) == 3]
                if inner:
                    v = rng.choice(inner)
                    x, y = m.vertices[v]
                    edits.append(
                        m.move_vertex(
                            v, (x + rng.uniform(-0.05, 0.05), y + rng.uniform(-0.05, 0.05))
                        )
                    )
        except TopologyError:
            continue  # refused edits change nothing; the checks below still hold
        # Then after every edit the provinces stay valid and tile the same area
        polys = [poly(m, q) for q in m.provinces]
        assert all(p.is_valid for p in polys)
        assert sum(p.area for p in polys) == pytest.approx(total)
        assert unary_union(polys).area == pytest.approx(total)
    assert len(edits) > 30
    # And undoing everything in reverse gives back the exact grid
    for edit in reversed(edits):
        edit.undo(m)
    assert m.to_dict() == original


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


def test_a_province_drawn_inside_a_sea_becomes_an_island() -> None:
    # Given a sea east of B
    m = TopoMap.from_dict(tiny())
    m.add_sea([(190, 10), (300, 10), (300, 90), (190, 90)], 0.5, sea_id="east")
    before = m.to_dict()
    # When a province is drawn inside the sea
    edit = m.add_province([(220, 30), (260, 30), (260, 60), (220, 60)], 0.5, "isle")
    # Then the sea has it as a hole made of the same vertices: coast all around
    sea = m.seas["east"].parts[0]
    assert [same_cycle(h, m.provinces["isle"].face.outer) for h in sea.holes] == [True]
    coast = m.polygon((SEA, "east", 0)).boundary.intersection(poly(m, "isle").boundary)
    assert coast.length == pytest.approx(140)
    assert m.polygon((SEA, "east", 0)).area == pytest.approx(110 * 80 - 40 * 30)
    assert_undo_redo(m, edit, before)
    # And removing the island gives the sea back its water
    m.remove_province("isle")
    assert m.to_dict() == before


def east_sea() -> TopoMap:
    """tiny() with a sea east of B: (190, 10)-(300, 90), its west coast B's east edge."""
    m = TopoMap.from_dict(tiny())
    m.add_sea([(190, 10), (300, 10), (300, 90), (190, 90)], 0.5, sea_id="east")
    return m


def sea_shape(m: TopoMap, sid: str) -> Any:
    return m.polygon((SEA, sid, 0))


def test_land_drawn_across_the_sea_edge_takes_its_area_and_shares_the_coast() -> None:
    # Given the east sea
    m = east_sea()
    before = m.to_dict()
    # When a cape is drawn from the free area north of the sea into it
    edit = m.add_province([(220, 0), (260, 0), (260, 50), (220, 50)], 0.5, "cape")
    # Then the sea lost the cape's wet part, and its new outline runs along the cape's coast
    assert sea_shape(m, "east").area == pytest.approx(110 * 80 - 40 * 40)
    coast = sea_shape(m, "east").boundary.intersection(poly(m, "cape").boundary)
    assert coast.length == pytest.approx(120)
    # through the same vertices: the crossings became corners of both
    sea_ring = set(m.seas["east"].parts[0].outer)
    assert {vid_at(m, (220, 10)), vid_at(m, (260, 10))} <= sea_ring
    assert {vid_at(m, (220, 10)), vid_at(m, (260, 10))} <= set(m.provinces["cape"].face.outer)
    assert sea_shape(m, "east").is_valid and not sea_shape(m, "east").overlaps(poly(m, "cape"))
    assert_undo_redo(m, edit, before)


def test_land_drawn_over_a_coastal_strip_moves_the_coast() -> None:
    # Given the east sea along B; When land is drawn on the sea's west strip, against B
    m = east_sea()
    edit = m.add_province([(190, 10), (230, 10), (230, 90), (190, 90)], 0.5, "shore")
    # Then the new land borders B along x=190 and the sea along x=230; B has no coast left
    assert shared_length(m, "B", "shore") == pytest.approx(80)
    assert sea_shape(m, "east").boundary.intersection(poly(m, "B").boundary).length == 0
    coast = sea_shape(m, "east").boundary.intersection(poly(m, "shore").boundary)
    assert coast.length == pytest.approx(80)
    assert sea_shape(m, "east").area == pytest.approx(70 * 80)
    # And the corners the sea no longer uses are still there only because the land uses them
    assert all(any(v in f.outer for _, f in m.faces()) for v in m.vertices)
    edit.undo(m)
    assert sea_shape(m, "east").area == pytest.approx(110 * 80)


def test_land_covering_a_whole_sea_removes_it() -> None:
    m = east_sea()
    edit = m.add_province([(190, 5), (305, 5), (305, 95), (190, 95)], 0.5, "dry")
    assert "east" not in m.seas
    edit.undo(m)
    assert "east" in m.seas


def test_land_drawn_roughly_over_a_neighbour_is_clipped_to_the_free_area() -> None:
    # Given A and B; When land is drawn over B's south-east corner with clipping
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    edit = m.add_province([(150, 80), (250, 80), (250, 99), (150, 99)], 0.5, "C", clip=True)
    # Then C keeps only the free area and follows B's outline through shared vertices
    assert poly(m, "C").area == pytest.approx(100 * 19 - 40 * 10)
    assert shared_length(m, "B", "C") == pytest.approx(50)
    assert {vid_at(m, (150, 90)), vid_at(m, (190, 80))} <= set(m.provinces["B"].face.outer)
    assert poly(m, "C").is_valid and poly(m, "B").area == pytest.approx(90 * 80)
    assert (150, 80) not in m.vertices.values()  # the drawn corner inside B is gone
    assert_undo_redo(m, edit, before)


def test_clipped_land_drawn_around_provinces_encloses_them() -> None:
    m = TopoMap.from_dict(tiny())
    m.add_province([(0, 0), (200, 0), (200, 100), (0, 100)], 0.5, "ring", clip=True)
    assert poly(m, "ring").area == pytest.approx(200 * 100 - 180 * 80)
    assert len(m.provinces["ring"].face.holes) == 1
    assert shared_length(m, "ring", "A") == pytest.approx(90 + 80 + 90)


def test_clipped_land_must_stay_one_piece() -> None:
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    with pytest.raises(TopologyError, match="2 pieces"):
        m.add_province([(50, 0), (150, 0), (150, 100), (50, 100)], 0.5, clip=True)
    with pytest.raises(TopologyError, match="entirely on other provinces"):
        m.add_province([(20, 20), (80, 20), (80, 80)], 0.5, clip=True)
    assert m.to_dict() == before


def test_clipped_land_over_land_and_sea_takes_only_the_sea() -> None:
    # Given the east sea along B; When land is drawn over B's east part and into the sea
    m = east_sea()
    m.add_province([(150, 30), (230, 30), (230, 60), (150, 60)], 0.5, "pier", clip=True)
    # Then the pier is the sea part only, bordering B and the sea on shared edges
    assert poly(m, "pier").area == pytest.approx(40 * 30)
    assert shared_length(m, "B", "pier") == pytest.approx(30)
    sea = sea_shape(m, "east")
    assert sea.area == pytest.approx(110 * 80 - 40 * 30)
    assert sea.boundary.intersection(poly(m, "pier").boundary).length == pytest.approx(110)


def test_land_overlapping_a_province_is_still_refused_even_over_sea() -> None:
    m = east_sea()
    before = m.to_dict()
    with pytest.raises(TopologyError, match="overlaps province Biwa"):
        m.add_province([(150, 20), (250, 20), (250, 60), (150, 60)], 0.5)
    assert m.to_dict() == before


def test_an_island_touching_the_sea_edge_becomes_a_notch_of_the_coast() -> None:
    # Given the east sea; When land is drawn with its north side on the sea's north edge
    m = east_sea()
    m.add_province([(220, 10), (260, 10), (260, 60), (220, 60)], 0.5, "cape")
    # Then the sea wraps around it: one outline, no hole, the coast is the cape's three sides
    sea = m.seas["east"].parts[0]
    assert sea.holes == ()
    assert sea_shape(m, "east").boundary.intersection(poly(m, "cape").boundary).length == (
        pytest.approx(140)
    )


def test_an_island_touching_the_sea_edge_at_one_corner_stays_valid() -> None:
    m = east_sea()
    m.add_province([(220, 10), (240, 30), (200, 30)], 0.5, "rock")
    assert sea_shape(m, "east").is_valid
    assert sea_shape(m, "east").area == pytest.approx(110 * 80 - 400)


def test_a_sea_drawn_across_land_is_clipped_to_the_free_area_and_shares_its_edges() -> None:
    # Given A and B; When a sea is drawn overlapping B's south-east corner
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    edit = m.add_sea([(150, 50), (250, 50), (250, 99), (150, 99)], 0.5, name="Bay")
    sid = edit.result
    # Then the sea covers only the free area and follows B's outline there
    assert len(m.seas[sid].parts) == 1
    assert sea_shape(m, sid).area == pytest.approx(100 * 49 - 40 * 40)
    assert sea_shape(m, sid).boundary.intersection(poly(m, "B").boundary).length == (
        pytest.approx(80)
    )
    # B gained the crossing corners, the same vertices as the sea
    assert {vid_at(m, (150, 90)), vid_at(m, (190, 50))} <= set(m.provinces["B"].face.outer)
    assert {vid_at(m, (150, 90)), vid_at(m, (190, 50))} <= set(m.seas[sid].parts[0].outer)
    # the sea's corners inside B are gone
    assert (150, 50) not in m.vertices.values()
    assert_undo_redo(m, edit, before)


def test_crossings_the_clipped_outline_does_not_use_leave_no_vertex_behind() -> None:
    # Given A|B; When a sea is drawn from the south over their shared edge x=100
    m = TopoMap.from_dict(tiny())
    m.add_sea([(90, 50), (110, 50), (110, 99), (90, 99)], 0.5, sea_id="bay")
    # Then the crossing at (100, 50), inside the land, is gone; the coast corners stay
    assert (100, 50) not in m.vertices.values()
    assert coords(m, "A") == [(10, 10), (100, 10), (100, 90), (90, 90), (10, 90)]
    assert coords(m, "B") == [(100, 10), (190, 10), (190, 90), (110, 90), (100, 90)]


def test_a_sea_drawn_across_a_whole_island_becomes_the_free_pieces() -> None:
    m = TopoMap.from_dict(tiny())
    edit = m.add_sea([(50, 0), (150, 0), (150, 100), (50, 100)], 0.5, sea_id="strait")
    parts = [m.polygon((SEA, "strait", k)) for k in range(len(m.seas["strait"].parts))]
    assert sorted(round(p.area) for p in parts) == [1000, 1000]
    assert edit.result == "strait"


def test_a_sea_drawn_only_over_land_is_refused() -> None:
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    with pytest.raises(TopologyError, match="entirely on provinces"):
        m.add_sea([(20, 20), (80, 20), (80, 80)], 0.5)
    assert m.to_dict() == before


# ------------------------------------------------------------------------ deleting coastal land


def test_deleting_coastal_land_gives_the_sea_its_area_back() -> None:
    # Given the east sea, whose west coast is B's east edge
    m = east_sea()
    before = m.to_dict()
    sea_area = sea_shape(m, "east").area
    b_area = poly(m, "B").area
    # When B is deleted
    edit = m.remove_province("B")
    # Then the sea covers B's area too, as one polygon
    assert len(m.seas["east"].parts) == 1
    assert sea_shape(m, "east").is_valid
    assert sea_shape(m, "east").area == pytest.approx(sea_area + b_area)
    # And its new coast is A's east edge, through A's own vertices
    assert sea_shape(m, "east").boundary.intersection(poly(m, "A").boundary).length == (
        pytest.approx(80)
    )
    assert {vid_at(m, (100, 10)), vid_at(m, (100, 90))} <= set(m.seas["east"].parts[0].outer)
    # And the old coast's ends, now on the sea's straight north and south edges, are gone
    assert not set(m.vertices.values()) & {(190, 10), (190, 90)}
    assert len(m.seas["east"].parts[0].outer) == 4
    assert_undo_redo(m, edit, before)


def test_a_sea_taking_back_a_cape_keeps_its_other_coasts() -> None:
    # Given the east sea with a cape drawn into it from its north edge
    m = east_sea()
    m.add_province([(220, 10), (260, 10), (260, 60), (220, 60)], 0.5, "cape")
    with_cape = m.to_dict()
    # When the cape is deleted
    edit = m.remove_province("cape")
    # Then the sea is the full rectangle again, still sharing B's east edge
    assert sea_shape(m, "east").area == pytest.approx(110 * 80)
    assert sea_shape(m, "east").boundary.intersection(poly(m, "B").boundary).length == (
        pytest.approx(80)
    )
    assert_undo_redo(m, edit, with_cape)


def test_the_sea_with_the_longest_coast_takes_the_land() -> None:
    # Given B with a long sea to the east (80 of coast) and a short bay on its south edge
    m = east_sea()
    m.add_sea([(150, 90), (190, 90), (190, 99), (150, 99)], 0.5, sea_id="bay")
    bay_area = sea_shape(m, "bay").area
    east_area = sea_shape(m, "east").area
    # When B is deleted
    m.remove_province("B")
    # Then the east sea gets B's area, the bay is unchanged and now borders the east sea
    assert sea_shape(m, "east").area == pytest.approx(east_area + 90 * 80)
    assert sea_shape(m, "bay").area == pytest.approx(bay_area)
    assert sea_shape(m, "east").is_valid


def test_land_with_a_lake_gives_the_outer_sea_its_area_and_keeps_the_lake() -> None:
    # Given B with a lake inside it and the east sea beside it
    m = east_sea()
    m.cut_hole([(130, 30), (160, 30), (160, 60), (130, 60)], 0.5, lake="lake")
    # When B is deleted
    m.remove_province("B")
    # Then the east sea takes B's land, around the lake, which stays as it was
    assert sea_shape(m, "east").area == pytest.approx(110 * 80 + 90 * 80 - 30 * 30)
    assert len(m.seas["east"].parts[0].holes) == 1
    assert sea_shape(m, "lake").area == pytest.approx(30 * 30)


def test_deleting_land_away_from_any_sea_leaves_the_seas_alone() -> None:
    # Given the east sea, which touches B but not A
    m = east_sea()
    seas = dict(m.seas)
    # When A is deleted
    m.remove_province("A")
    # Then the sea is unchanged and B keeps its west edge
    assert m.seas == seas
    assert coords(m, "B") == [(100, 10), (190, 10), (190, 90), (100, 90)]


# ------------------------------------------------------------------------------------ holes


def test_a_hole_drawn_inside_a_province_is_a_lake_in_it() -> None:
    # Given A; When a hole is drawn inside it
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    edit = m.cut_hole([(30, 30), (60, 30), (60, 60), (30, 60)], 0.5)
    # Then A has that hole, its area less by the hole's
    assert len(m.provinces["A"].face.holes) == 1
    assert poly(m, "A").area == pytest.approx(90 * 80 - 900)
    assert edit.result == [(PROVINCE, "A")]
    assert_undo_redo(m, edit, before)


def test_a_lake_filled_with_water_gives_the_province_a_coast() -> None:
    m = TopoMap.from_dict(tiny())
    edit = m.cut_hole([(30, 30), (60, 30), (60, 60), (30, 60)], 0.5, lake="lake")
    lake = m.seas["lake"]
    assert lake.name == "Lake"
    assert [same_cycle(lake.parts[0].outer, m.provinces["A"].face.holes[0])] == [True]
    coast = m.polygon((SEA, "lake", 0)).boundary.intersection(poly(m, "A").boundary)
    assert coast.length == pytest.approx(120)
    edit.undo(m)
    assert "lake" not in m.seas and not m.provinces["A"].face.holes


def test_a_hole_across_the_outline_cuts_a_bay_and_a_hole_in_a_sea_is_allowed() -> None:
    m = east_sea()
    m.cut_hole([(40, 0), (60, 0), (60, 30), (40, 30)], 0.5)
    assert poly(m, "A").area == pytest.approx(90 * 80 - 400)
    assert not m.provinces["A"].face.holes and poly(m, "A").is_valid
    m.cut_hole([(240, 40), (260, 40), (260, 60)], 0.5)
    assert len(m.seas["east"].parts[0].holes) == 1


def test_a_hole_that_would_cut_a_province_apart_or_away_is_refused() -> None:
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    with pytest.raises(TopologyError, match="in pieces"):
        m.cut_hole([(40, 0), (60, 0), (60, 100), (40, 100)], 0.5)
    with pytest.raises(TopologyError, match="delete it instead"):
        m.cut_hole([(100, 5), (195, 5), (195, 95), (100, 95)], 0.5)
    with pytest.raises(TopologyError, match="inside a province"):
        m.cut_hole([(0, 0), (5, 0), (5, 5)], 0.5)
    assert m.to_dict() == before


# ------------------------------------------------------------------------ territory ids


def test_renaming_a_territory_id_follows_every_member_reference() -> None:
    # Given B naming its territory in its own keys too
    data = tiny()
    data["provinces"][1]["territory"] = "west"
    m = TopoMap.from_dict(data)
    before = m.to_dict()
    # When the territory's id changes
    edit = m.update_territory("west", new_id="wes")
    # Then the territory list and B's own key say the new id; membership is unchanged
    assert [t.id for t in m.territories] == ["wes"]
    assert m.territory_of("A") == "wes" and m.territory_of("B") == "wes"
    assert m.provinces["B"].attrs["territory"] == "wes"
    assert_undo_redo(m, edit, before)
    with pytest.raises(TopologyError, match="spaces"):
        m.update_territory("wes", new_id="we st")


def test_the_default_label_point_is_the_centre_of_the_largest_inner_circle() -> None:
    m = TopoMap.from_dict(tiny())
    assert m.label_point("A") == (55, 50)  # its own label
    x, y = m.label_point("B")
    assert 140 <= x <= 150 and y == pytest.approx(50, abs=1)
    m.move_vertices({vid_at(m, (100, 90)): (160, 90), vid_at(m, (100, 10)): (160, 10)})
    assert m.label_point("B")[0] == pytest.approx(175, abs=1)
