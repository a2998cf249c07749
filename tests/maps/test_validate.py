"""Validation: one map per problem, each message naming the province(s), the place and the fix."""

from __future__ import annotations

import pytest

from maps.mapfile import Territory
from maps.validate import ValidationIssue, validate
from tests.maps.builders import grid, make_map, province, sea, square


def only(issues: list[ValidationIssue], code: str) -> ValidationIssue:
    found = [i for i in issues if i.code == code]
    assert len(found) == 1, issues
    return found[0]


def codes(issues: list[ValidationIssue]) -> list[str]:
    return [i.code for i in issues]


def test_a_clean_map_has_no_issues() -> None:
    assert validate(make_map(grid(3), extent=(0, 0, 30, 30))) == []


def test_self_intersecting_ring_names_the_crossing() -> None:
    # Given a bow-tie province crossing itself at (5, 5)
    bow = province("X", [(0, 0), (10, 10), (10, 0), (0, 10)])
    issue = only(validate(make_map([bow])), "invalid_ring")
    # Then the error names X, the place and the fix
    assert issue.severity == "error"
    assert issue.provinces == ("X",)
    assert issue.location == (5, 5)
    assert "province 'X'" in issue.message and "self-intersection at (5, 5)" in issue.message
    assert "does not cross itself" in issue.message


def test_half_drawn_province_is_reported_not_a_crash() -> None:
    # Given a province of two points (as the editor may hold while drawing)
    a, b = province("A", square(0, 0, 10)), province("B", [(10, 0), (20, 0)])
    issue = only(validate(make_map([a, b])), "invalid_ring")
    assert "province 'B'" in issue.message and "too few points" in issue.message


def test_invalid_sea_ring_is_reported() -> None:
    a = province("A", square(0, 0, 10))
    bad = sea("bay", [(20, 20), (30, 30), (30, 20), (20, 30)])
    issue = only(validate(make_map([a], seas=[bad])), "invalid_ring")
    assert "sea 'bay'" in issue.message and "(25, 25)" in issue.message


def test_overlap_gives_area_and_place() -> None:
    # Given B overlapping A by a 2×10 strip
    a = province("A", square(0, 0, 10))
    b = province("B", [(8, 0), (18, 0), (18, 10), (8, 10)])
    issue = only(validate(make_map([a, b])), "overlap")
    assert issue.provinces == ("A", "B")
    assert "overlap: 20 square units" in issue.message
    x, y = issue.location
    assert 8 <= x <= 10 and 0 <= y <= 10
    assert "same vertices" in issue.message


def test_sliver_gap_is_a_near_miss_with_vertices_to_snap() -> None:
    # Given (extent 100: NEAR_MISS = 0.2) B's left edge 0.1 away from A's right edge
    a = province("A", square(0, 0, 10))
    b = province("B", [(10.1, 0), (20, 0), (20, 10), (10.1, 10)])
    issues = validate(make_map([a, b]))
    issue = only(issues, "near_miss")
    # Then the error names both, a place in the gap and the vertices to snap
    assert issue.provinces == ("A", "B")
    x, y = issue.location
    assert 10 <= x <= 10.1 and 0 <= y <= 10
    assert "snap these vertices" in issue.message
    assert "(10.1, 0)" in issue.message and "(10, 10)" in issue.message
    # And since A and B share no edge, B is cut off from A
    assert "unreachable" in codes(issues)


def test_corner_contacts_are_not_near_misses() -> None:
    assert "near_miss" not in codes(validate(make_map(grid(3), extent=(0, 0, 30, 30))))


def test_province_in_no_territory() -> None:
    a, b = province("A", square(0, 0, 10)), province("B", square(10, 0, 10))
    m = make_map([a, b], territories=[Territory("t", "T", "#ffffff", ["A"])])
    issue = only(validate(m), "no_territory")
    assert issue.provinces == ("B",)
    assert "province 'B'" in issue.message and "(10, 0)" in issue.message
    assert "Assign by clicking" in issue.message and "'provinces' list" in issue.message


def test_province_in_two_territories() -> None:
    a = province("A", square(0, 0, 10))
    m = make_map(
        [a],
        territories=[Territory("t", "T", "#ffffff", ["A"]), Territory("u", "U", "#ffffff", ["A"])],
    )
    issue = only(validate(m), "two_territories")
    assert "'t', 'u'" in issue.message and issue.location == (0, 0)


def test_unknown_province_in_a_territory() -> None:
    a = province("A", square(0, 0, 10))
    m = make_map([a], territories=[Territory("t", "T", "#ffffff", ["A", "Z"])])
    issue = only(validate(m), "unknown_province")
    assert "territory 't'" in issue.message and "unknown province 'Z'" in issue.message


def test_duplicate_ids() -> None:
    a1, a2 = province("A", square(0, 0, 10)), province("A", square(10, 0, 10))
    issue = only(validate(make_map([a1, a2])), "duplicate_id")
    assert issue.provinces == ("A",)
    assert "2 provinces have the id 'A'" in issue.message and issue.location == (0, 0)


def test_unreachable_province_and_the_sea_that_would_reach_it() -> None:
    # Given W and E far apart with nothing between them
    w, e = province("W", square(0, 0, 20)), province("E", square(60, 0, 20))
    issue = only(validate(make_map([w, e])), "unreachable")
    assert issue.provinces == ("E",)
    assert "'E'" in issue.message and "from 'W'" in issue.message
    assert issue.location is not None and 60 < issue.location[0] < 80
    # When a sea touches both, Then both are reachable
    strait = sea("strait", [(20, 0), (60, 0), (60, 20), (20, 20)])
    assert "unreachable" not in codes(validate(make_map([w, e], seas=[strait])))


def test_territory_in_pieces_is_a_warning() -> None:
    provinces = grid(3)
    territories = [
        Territory("corners", "Corners", "#ffffff", ["a0", "c2"]),
        Territory("rest", "Rest", "#000000", [p.id for p in provinces if p.id not in ("a0", "c2")]),
    ]
    issues = validate(make_map(provinces, territories=territories, extent=(0, 0, 30, 30)))
    issue = only(issues, "territory_pieces")
    assert issue.severity == "warning"
    assert "territory 'corners' is in 2 pieces" in issue.message and "[c2]" in issue.message
    assert all(i.severity == "warning" for i in issues)


def test_whose_capital_it_is_is_left_to_the_game() -> None:
    # Given a map with two Crab capitals and a capital of no Rokugan clan
    a = province("A", square(0, 0, 10), capital="crab")
    b = province("B", square(10, 0, 10), capital="crab")
    c = province("C", square(20, 0, 10), capital="ronin")
    # Then the file is valid whatever its game: Battle for Rokugan's readiness judges
    # capitals (engine.rokugan.requirements), and other games ignore them
    for game in ("rokugan", "ricewars", "any"):
        assert validate(make_map([a, b, c], game=game)) == []


@pytest.mark.parametrize(
    ("game", "attrs", "text"),
    [
        ("rokugan", {"flowers": -1}, "field 'flowers' is -1"),
        ("rokugan", {"flowers": 1.5}, "field 'flowers' is 1.5"),
        ("rokugan", {"defense": "high"}, "field 'defense' is 'high'"),
        ("rokugan", {"capital": 7}, "field 'capital' is 7; it must be a clan id (text)"),
        ("rokugan", {"shadowlands": "yes"}, "true or false"),
        ("ricewars", {"palace_site": 1}, "field 'palace_site' is 1"),
        ("ricewars", {"blessed": 0}, "a whole number >= 1"),
    ],
)
def test_game_attributes_of_the_wrong_kind(game: str, attrs: dict, text: str) -> None:
    a = province("A", square(0, 0, 10), **attrs)
    issue = only(validate(make_map([a], game=game)), "attribute")
    assert "province 'A'" in issue.message and text in issue.message


def test_good_game_attributes_pass() -> None:
    a = province("A", square(0, 0, 10), flowers=0, defense=2, capital="lion", shadowlands=False)
    b = province("B", square(10, 0, 10), palace_site=True, blessed=3)
    assert validate(make_map([a, b], game="rokugan")) == []


def test_capital_outside_rokugan_is_any_clan_id() -> None:
    a = province("A", square(0, 0, 10), capital="iga")
    assert validate(make_map([a], game="shinobi")) == []


def test_land_overlapping_the_sea() -> None:
    a = province("A", square(0, 0, 10))
    wet = sea("s", [(5, 0), (20, 0), (20, 10), (5, 10)])
    issue = only(validate(make_map([a], seas=[wet])), "sea_overlap")
    assert "50 square units" in issue.message


def test_coast_that_nearly_touches_is_a_near_miss_with_the_sea() -> None:
    a = province("A", square(0, 0, 10))
    gap = sea("s", [(10.1, 0), (20, 0), (20, 10), (10.1, 10)])
    issue = only(validate(make_map([a], seas=[gap])), "near_miss_sea")
    assert "province 'A'" in issue.message and "snap these vertices" in issue.message


def test_province_outside_the_extent_and_label_outside_are_warnings() -> None:
    a = province("A", square(95, 0, 10))
    a.label = (50, 50)
    issues = validate(make_map([a]))
    assert {i.code: i.severity for i in issues} == {
        "outside_extent": "warning",
        "label_outside": "warning",
    }
