"""Deriving the graph from polygons: hand-made maps whose borders and coasts are known."""

from __future__ import annotations

import math

import pytest
import shapely

from maps.api import MapError, MapFile
from maps.geometry import derive
from tests.maps.builders import grid, make_map, province, sea, square


def neighbours(mapfile: MapFile) -> dict[str, tuple[str, ...]]:
    return {p.id: p.neighbors for p in derive(mapfile).graph.provinces}


def close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.isclose(a[0], b[0], abs_tol=1e-9) and math.isclose(a[1], b[1], abs_tol=1e-9)


def test_grid_has_four_neighbour_adjacency_without_corners() -> None:
    # Given a 3×3 grid of squares (diagonal squares touch at a corner only)
    m = make_map(grid(3), extent=(0, 0, 30, 30))
    # When the graph is derived
    geometry = derive(m)
    # Then each square borders exactly its 4-neighbours
    assert neighbours(m) == {
        "a0": ("a1", "b0"),
        "a1": ("a0", "a2", "b1"),
        "a2": ("a1", "b2"),
        "b0": ("a0", "b1", "c0"),
        "b1": ("a1", "b0", "b2", "c1"),
        "b2": ("a2", "b1", "c2"),
        "c0": ("b0", "c1"),
        "c1": ("b1", "c0", "c2"),
        "c2": ("b2", "c1"),
    }
    assert len(geometry.land_borders) == 12
    assert geometry.graph.land_borders()[0] == ("a0", "a1")
    # And no square is coastal: the edge of the map is not sea
    assert not any(p.coastal for p in geometry.graph.provinces)


def test_land_border_geometry_points_from_first_into_second() -> None:
    geometry = derive(make_map(grid(3), extent=(0, 0, 30, 30)))
    across = geometry.land_borders["a0|a1"]  # a1 lies east of a0
    assert across.provinces == ("a0", "a1")
    assert close(across.midpoint, (10, 5))
    assert close(across.direction, (1, 0))
    assert across.length == pytest.approx(10)
    assert sorted(across.coords[0]) == [(10, 0), (10, 10)]
    down = geometry.land_borders["a0|b0"]  # b0 lies south (y grows south)
    assert close(down.direction, (0, 1))
    up = geometry.land_borders["b1|c1"]
    assert close(up.direction, (0, 1))


def short_contact_map(**settings: float) -> MapFile:
    """(extent 100) B touches A along 0.5, C touches A along 2."""
    a = province("A", square(0, 0, 10))
    b = province("B", [(10, 9.5), (20, 9.5), (20, 20), (10, 20)])
    c = province("C", [(10, -10), (20, -10), (20, 2), (10, 2)])
    m = make_map([a, b, c], extent=(0, -10, 100, 90))
    m.min_border_length = settings.get("min_border_length")
    return m


def test_a_short_contact_is_a_border_by_default() -> None:
    # Given B touching A along 0.5 (0.5 % of the map) and C along 2
    # Then both are A's neighbours
    assert neighbours(short_contact_map())["A"] == ("B", "C")


def test_min_border_length_drops_shorter_contacts() -> None:
    # Given the same map asking for borders at least 1 long
    m = short_contact_map(min_border_length=1)
    # Then only C is A's neighbour
    assert neighbours(m)["A"] == ("C",)
    # And a contact exactly that long is kept
    m.min_border_length = 2
    assert neighbours(m)["A"] == ("C",)
    m.min_border_length = 2.000001
    assert neighbours(m)["A"] == ()


def test_vertex_on_a_neighbours_edge_still_makes_borders() -> None:
    # Given A below B and C, with no vertex of A where B and C meet (a T-junction)
    a = province("A", [(0, 10), (20, 10), (20, 20), (0, 20)])
    b = province("B", square(0, 0, 10))
    c = province("C", square(10, 0, 10))
    m = make_map([a, b, c], extent=(0, 0, 20, 20))
    assert neighbours(m) == {"A": ("B", "C"), "B": ("A", "C"), "C": ("A", "B")}


def island_with_lake(lake_is_sea: bool) -> MapFile:
    """An island province I (20..80) with a lake hole (40..60) in a surrounding sea."""
    island = province("I", square(20, 20, 60), holes=[square(40, 40, 20)])
    seas = [sea("ocean", square(0, 0, 100), holes=[square(20, 20, 60)])]
    if lake_is_sea:
        seas.append(sea("lake", square(40, 40, 20)))
    return make_map([island], seas=seas)


def test_island_with_a_sea_lake_has_two_coasts() -> None:
    # Given an island whose lake is a sea polygon
    geometry = derive(island_with_lake(lake_is_sea=True))
    # Then it has one coast on its outer ring and one on the lake, in that order
    assert geometry.graph.province("I").coastal_borders == ("I~0", "I~1")
    outer, lake = geometry.coastal_borders["I~0"], geometry.coastal_borders["I~1"]
    assert outer.length == pytest.approx(240)
    assert lake.length == pytest.approx(80)
    # And each direction points from the water into the island
    x, y = outer.midpoint
    dx, dy = outer.direction
    assert shapely.Polygon(square(20, 20, 60), [square(40, 40, 20)]).contains(
        shapely.Point(x + dx, y + dy)
    )
    x, y = lake.midpoint
    dx, dy = lake.direction
    assert not shapely.box(40, 40, 60, 60).contains(shapely.Point(x + dx, y + dy))


def test_island_with_a_plain_hole_has_one_coast() -> None:
    geometry = derive(island_with_lake(lake_is_sea=False))
    assert geometry.graph.province("I").coastal_borders == ("I~0",)


def test_two_landmasses_across_a_sea() -> None:
    # Given W1 W2 | sea | E1 in a row
    w1 = province("W1", square(0, 0, 20))
    w2 = province("W2", square(20, 0, 20))
    e1 = province("E1", square(60, 0, 20))
    strait = sea("strait", [(40, 0), (60, 0), (60, 20), (40, 20)])
    geometry = derive(make_map([w1, w2, e1], seas=[strait], extent=(0, 0, 80, 20)))
    graph = geometry.graph
    # Then there is no land border across the sea, and both shores are coastal
    assert graph.land_borders() == [("W1", "W2")]
    assert [p.id for p in graph.provinces if p.coastal] == ["W2", "E1"]
    assert close(geometry.coastal_borders["W2~0"].direction, (-1, 0))
    assert close(geometry.coastal_borders["E1~0"].direction, (1, 0))


def test_province_with_a_hole_borders_the_province_inside() -> None:
    # Given O with a hole exactly filled by I
    outer = province("O", square(0, 0, 60), holes=[square(20, 20, 20)])
    inner = province("I", square(20, 20, 20))
    geometry = derive(make_map([outer, inner], extent=(0, 0, 60, 60)))
    # Then they are neighbours along the whole hole ring
    assert geometry.graph.province("O").neighbors == ("I",)
    assert geometry.land_borders["I|O"].length == pytest.approx(80)
    # And the label of O is in O, not in the hole
    label = shapely.Point(geometry.labels["O"])
    assert shapely.Polygon(square(0, 0, 60), [square(20, 20, 20)]).contains(label)


def test_separate_coasts_are_numbered_along_the_ring() -> None:
    # Given a strip between a northern and a southern sea, its ring starting mid-way
    # along the northern shore
    strip = province("P", [(50, 40), (100, 40), (100, 60), (0, 60), (0, 40)])
    north = sea("north", [(0, 0), (100, 0), (100, 40), (50, 40), (0, 40)])
    south = sea("south", [(0, 60), (100, 60), (100, 100), (0, 100)])
    geometry = derive(make_map([strip], seas=[north, south]))
    # Then the northern shore (over the ring's start) is P~0 and the southern P~1
    assert geometry.graph.province("P").coastal_borders == ("P~0", "P~1")
    north_coast, south_coast = geometry.coastal_borders["P~0"], geometry.coastal_borders["P~1"]
    assert north_coast.length == pytest.approx(100)
    assert all(y == 40 for line in north_coast.coords for _, y in line)
    assert close(north_coast.direction, (0, 1))
    assert close(south_coast.direction, (0, -1))


def test_touching_the_sea_at_a_point_is_not_a_coast() -> None:
    a = province("A", square(10, 10, 10))
    corner = sea("corner", [(0, 0), (10, 0), (10, 10), (0, 10)])
    assert not derive(make_map([a], seas=[corner])).graph.province("A").coastal


def test_labels_use_the_file_else_a_point_inside() -> None:
    # Given an L-shaped province without label and a square with one
    ell = province("L", [(0, 0), (30, 0), (30, 10), (10, 10), (10, 30), (0, 30)])
    boxed = province("B", square(50, 50, 10))
    boxed.label = (52, 53)
    geometry = derive(make_map([ell, boxed]))
    assert geometry.labels["B"] == (52, 53)
    assert shapely.Polygon(ell.polygon).contains(shapely.Point(geometry.labels["L"]))
    assert geometry.graph.province("L").attrs["label"] == geometry.labels["L"]


def test_graph_carries_territories_and_game_attributes() -> None:
    a = province("A", square(0, 0, 10), flowers=2, capital="crab", defense=1, shadowlands=True)
    b = province("B", square(10, 0, 10), palace_site=True, blessed=2, custom="kept")
    graph = derive(make_map([a, b])).graph
    info = graph.province("A")
    assert info.territory == "all"
    assert {k: info.attrs[k] for k in ("flowers", "capital", "defense", "shadowlands")} == {
        "flowers": 2,
        "capital": "crab",
        "defense": 1,
        "shadowlands": True,
    }
    assert graph.province("B").attrs["custom"] == "kept"
    assert graph.territories[0].provinces == ("A", "B")


def test_duplicate_province_ids_cannot_make_a_graph() -> None:
    m = make_map([province("A", square(0, 0, 10)), province("A", square(10, 0, 10))])
    with pytest.raises(MapError, match="two provinces with id 'A'"):
        derive(m)


@pytest.mark.filterwarnings("error::DeprecationWarning")
def test_deriving_and_checking_a_map_uses_no_deprecated_shapely_call() -> None:
    # Given the shipped Rokugan map (land borders, coasts, holes) and a bow-tie province
    from maps.api import load_map, shipped_map_path
    from maps.validate import validate

    rokugan = load_map(shipped_map_path("rokugan"))
    bow_tie = make_map(
        [province("a", [(0, 0), (10, 10), (10, 0), (0, 10)]), province("b", square(10, 0))],
        seas=[sea("s", square(0, 10, 20))],
        extent=(0, 0, 30, 30),
    )
    # When their graphs are derived and they are validated (warnings are errors here)
    for m in (rokugan, bow_tie):
        derive(m)
        validate(m)
    # Then no DeprecationWarning was raised (shapely >= 2.1 warns on positional `indices`)
    assert derive(rokugan).graph.province("GOLD_3C").coastal
