"""Deleting land (editor.topology.removal): the sea takes coastal land back."""

from __future__ import annotations

import pytest

from tests.editor.test_topology import (
    assert_undo_redo,
    coords,
    east_sea,
    poly,
    sea_shape,
    vid_at,
)


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
