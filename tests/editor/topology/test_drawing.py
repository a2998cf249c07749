"""Drawing outlines (editor.topology.drawing): new provinces and seas sharing their
neighbours' edges, land carved out of seas, clipping, islands, holes, bays and lakes."""

from __future__ import annotations

import pytest

from editor.topology import TopoMap
from editor.topology.model import PROVINCE, SEA, TopologyError
from tests.editor.test_topology import (
    assert_undo_redo,
    coords,
    east_sea,
    poly,
    same_cycle,
    sea_shape,
    shared_length,
    tiny,
    vid_at,
)


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
