"""Every real border is kept: short borders, quadripoints, corners after snapping, islands.

Hand-made maps carry the hard cases one at a time; a generated 500-province map (see
tests/maps/generated.py) carries them all at once through `daimyo map import`.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from maps.api import load_map, shipped_map_path
from maps.convert import geojson_to_map, import_geojson, map_to_geojson
from maps.errors import MapError
from maps.geometry import derive, land_contacts
from maps.io import parse_map
from maps.mapfile import MapFile
from maps.validate import TOKEN_GAMES, TOKEN_MM, validate
from maps.write import dump_map
from tests.maps.builders import TINY_YAML, make_map, province, sea, square
from tests.maps.generated import split_grid, to_geojson


def neighbours(mapfile: MapFile) -> dict[str, tuple[str, ...]]:
    return {p.id: p.neighbors for p in derive(mapfile).graph.provinces}


def errors(mapfile: MapFile) -> list[str]:
    return [i.message for i in validate(mapfile) if i.severity == "error"]


def feature(fid: str, *polygons: list[tuple[float, float]], **props: Any) -> dict:
    """A GeoJSON feature (y down, as drawn): a Polygon, or a MultiPolygon of several."""
    rings = [[[[x, y] for x, y in (*ring, ring[0])]] for ring in polygons]
    geometry = (
        {"type": "Polygon", "coordinates": rings[0]}
        if len(rings) == 1
        else {"type": "MultiPolygon", "coordinates": rings}
    )
    return {
        "type": "Feature",
        "properties": {"id": fid, "name": f"Name {fid}", **props},
        "geometry": geometry,
    }


def collection(*features: dict) -> dict:
    return {"type": "FeatureCollection", "features": list(features)}


def box(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


# --------------------------------------------------------------------------- hand-made maps


def brick_corner(short: float) -> MapFile:
    """Four provinces around (500, 500) on a 1000 map; the upper-left and lower-right ones
    share a horizontal edge `short` long (the corner split like bricks in a wall)."""
    left, right = 500 - short / 2, 500 + short / 2
    return make_map(
        [
            province("TL", [(0, 0), (right, 0), (right, 500), (left, 500), (0, 500)]),
            province("TR", [(right, 0), (1000, 0), (1000, 500), (right, 500)]),
            province("BL", [(0, 500), (left, 500), (left, 1000), (0, 1000)]),
            province("BR", [(left, 500), (right, 500), (1000, 500), (1000, 1000), (left, 1000)]),
        ],
        extent=(0, 0, 1000, 1000),
    )


def test_a_border_0_05_percent_of_the_map_long_is_kept() -> None:
    # Given upper-left and lower-right provinces sharing 0.5 on a map 1000 across
    m = brick_corner(0.5)
    geometry = derive(m)
    # Then they border along it, and the other diagonal pair does not touch
    assert neighbours(m) == {
        "BL": ("BR", "TL"),
        "BR": ("BL", "TL", "TR"),
        "TL": ("BL", "BR", "TR"),
        "TR": ("BR", "TL"),
    }
    border = geometry.land_borders["BR|TL"]
    assert border.length == pytest.approx(0.5)
    assert border.midpoint == pytest.approx((500, 500))
    assert border.direction == pytest.approx((0, -1))  # from BR up into TL
    # And the map is valid; printing it would hide that border under a token: a warning
    issues = validate(m)
    assert [i.code for i in issues] == ["short_border"]
    assert issues[0].severity == "warning"
    assert issues[0].provinces == ("BR", "TL")
    assert issues[0].location == pytest.approx((500, 500))
    assert "provinces 'BR' and 'TL' at (500, 500) is 0.5 long, 0.1 mm when printed" in str(
        issues[0]
    )


def test_min_border_length_drops_the_short_border_on_purpose() -> None:
    m = brick_corner(0.5)
    m.min_border_length = 1.0
    assert "TL" not in neighbours(m)["BR"]
    assert [i.code for i in validate(m)] == []


def test_four_provinces_meeting_at_a_point_have_no_diagonal_borders() -> None:
    # Given a quadripoint: four squares meeting at (10, 10)
    m = make_map(
        [
            province("TL", square(0, 0)),
            province("TR", square(10, 0)),
            province("BL", square(0, 10)),
            province("BR", square(10, 10)),
        ],
        extent=(0, 0, 20, 20),
    )
    # Then only the four sides are borders
    assert sorted(derive(m).land_borders) == ["BL|BR", "BL|TL", "BR|TR", "TL|TR"]


def quadripoint_geojson(noise: float, seed: int, angle: float = 0.0) -> dict:
    """Four squares of side 100 meeting at (100, 100), turned by `angle`, each drawn on
    its own with its vertices moved by up to `noise`."""
    rng = np.random.default_rng(seed)
    turn = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    out = []
    for fid, (x, y) in {"TL": (0, 0), "TR": (100, 0), "BL": (0, 100), "BR": (100, 100)}.items():
        ring = np.array(box(x, y, x + 100, y + 100), dtype=float) @ turn.T
        ring += rng.uniform(-noise, noise, size=ring.shape)
        out.append(feature(fid, [tuple(p) for p in ring]))
    return collection(*out)


def test_a_quadripoint_drawn_four_times_is_imported_as_one_point() -> None:
    # Given the four squares' corners drawn 0.1 apart (snapping distance 0.44)
    result = geojson_to_map(quadripoint_geojson(0.1, seed=3), y_down=True)
    # Then they meet at one point: no diagonal border
    assert sorted(derive(result.mapfile).land_borders) == ["BL|BR", "BL|TL", "BR|TR", "TL|TR"]
    centre = {tuple(p) for pr in result.mapfile.provinces for p in pr.polygon}
    assert sum(1 for x, y in centre if abs(x - 110) < 1 and abs(y - 110) < 1) == 1


def test_two_provinces_touching_at_one_corner_after_snapping_do_not_border() -> None:
    # Given (snapping distance 0.44) B's corner reaching 0.36 into A's, diagonally
    data = collection(feature("A", box(0, 0, 100, 100)), feature("B", box(99.8, 99.7, 200, 200)))
    result = geojson_to_map(data, y_down=True)
    # Then B's corner is snapped onto A's, said so, and they only touch there
    assert result.notes == ["'B': moved its vertex (109.8, 109.7) by 0.361 to (110, 110), onto 'A'"]
    assert result.report[0].provinces == ("B", "A")
    assert result.report[0].at == (110, 110)
    assert neighbours(result.mapfile) == {"A": (), "B": ()}
    a, b = (shapely.Polygon(p.polygon) for p in result.mapfile.provinces)
    assert a.intersection(b).equals(shapely.Point(110, 110))


def test_a_blunt_corner_pulled_onto_an_edge_is_a_corner_not_a_border() -> None:
    # Given B's tip, two vertices 0.2 apart, poking 0.3 into A's edge (snapping distance 0.44)
    data = collection(
        feature("A", box(0, 0, 100, 100)),
        feature("B", [(99.7, 49.9), (200, 0), (200, 100), (99.7, 50.1)]),
    )
    result = geojson_to_map(data, y_down=True)
    # Then snapping added the tip to A's edge; the contact, shorter than the 0.3 it moved,
    # became a corner
    kinds = [n.kind for n in result.report]
    assert kinds == ["inserted", "inserted", "corner"]
    corner = result.report[2]
    assert corner.provinces == ("A", "B")
    assert corner.text == (
        "'A' and 'B' touched along 0.2 only because snapping moved them up to 0.3: made it a "
        "corner at (109.7, 54.9), not a border"
    )
    assert neighbours(result.mapfile) == {"A": (), "B": ()}
    # And the map is valid (two separate lands here: each is reachable only by itself)
    assert [i.code for i in validate(result.mapfile) if i.severity == "error"] == ["unreachable"]


def test_near_miss_edges_that_snapping_joins_are_a_border() -> None:
    # Given B 0.3 right of A along their whole side
    data = collection(feature("A", box(0, 0, 100, 100)), feature("B", box(100.3, 0, 200, 100)))
    result = geojson_to_map(data, y_down=True)
    # Then B's two vertices are snapped and they border along the side
    assert [n.kind for n in result.report] == ["snapped", "snapped"]
    geometry = derive(result.mapfile)
    assert list(geometry.land_borders) == ["A|B"]
    assert geometry.land_borders["A|B"].length == pytest.approx(100)
    assert errors(result.mapfile) == []


def test_snap_distance_can_be_chosen() -> None:
    # Given the same near miss, imported with a snapping distance smaller than the gap
    data = collection(feature("A", box(0, 0, 100, 100)), feature("B", box(100.3, 0, 200, 100)))
    result = geojson_to_map(data, y_down=True, snap=0.1)
    # Then nothing is snapped and the check reports the near miss
    assert result.report == []
    assert neighbours(result.mapfile) == {"A": (), "B": ()}
    assert [i.code for i in validate(result.mapfile)].count("near_miss") == 1


# --------------------------------------------------------------------------- islands


def islands_geojson() -> dict:
    """X: a mainland square and two islands east of it (areas 400 and 100); Y north of X."""
    return collection(
        feature(
            "X",
            box(0, 100, 100, 200),
            box(160, 190, 170, 200),
            box(150, 100, 170, 120),
            territory="t",
            capital="crab",
            flowers=2,
        ),
        feature("Y", box(0, 0, 100, 100), territory="t"),
    )


def test_islands_largest_keeps_the_largest_part_and_reports_the_rest() -> None:
    result = geojson_to_map(islands_geojson(), y_down=True, sea_outside=True)
    m = result.mapfile
    assert [p.id for p in m.provinces] == ["X", "Y"]
    assert shapely.Polygon(m.province("X").polygon).area == pytest.approx(100 * 100)
    islands = [n for n in result.report if n.kind == "island"]
    assert [(n.provinces, n.text) for n in islands] == [
        (("X",), "feature 1 ('X'): left out its part 2 of 3 (area 400) around (165, 120), "
         "(160, 110) in the GeoJSON; keep it with --islands separate"),
        (("X",), "feature 1 ('X'): left out its part 3 of 3 (area 100) around (170, 205), "
         "(165, 195) in the GeoJSON; keep it with --islands separate"),
    ]  # fmt: skip
    assert errors(m) == []


def test_islands_separate_makes_each_part_a_province_joined_by_sea() -> None:
    # Given the same file, imported with --islands separate and no sea
    result = geojson_to_map(islands_geojson(), y_down=True, islands="separate")
    m = result.mapfile
    # Then each island is a province "Name (k)", numbered by size, in X's territory,
    # with X's attributes but not its capital
    assert [(p.id, p.name) for p in m.provinces] == [
        ("X", "Name X"),
        ("X_2", "Name X (2)"),
        ("X_3", "Name X (3)"),
        ("Y", "Name Y"),
    ]
    assert m.territory_of("X_2") == m.territory_of("X_3") == "t"
    assert m.province("X").attrs == {"capital": "crab", "flowers": 2}
    assert m.province("X_2").attrs == {"flowers": 2}
    assert shapely.Polygon(m.province("X_3").polygon).area == pytest.approx(100)
    # And the sea outside the land was added so that they are joined to the rest by sea
    assert [(n.kind, n.provinces) for n in result.report] == [
        ("island", ("X", "X_2")),
        ("island", ("X", "X_3")),
        ("sea", ("X_2", "X_3")),
    ]
    graph = derive(m).graph
    assert graph.province("X_2").coastal and graph.province("X_3").coastal
    assert graph.province("X").coastal
    assert errors(m) == []


def test_islands_separate_with_a_sea_in_the_file_adds_none() -> None:
    # Given the islands in a sea east of the land (its west edge meeting X's and Y's corners)
    data = islands_geojson()
    ocean = feature("ocean", [(100, 0), (200, 0), (200, 220), (100, 220), (100, 200), (100, 100)])
    ocean["properties"]["kind"] = "sea"
    ocean["geometry"]["coordinates"] += [
        [[x, y] for x, y in (*ring, ring[0])]
        for ring in (box(150, 100, 170, 120), box(160, 190, 170, 200))
    ]
    data["features"].append(ocean)
    # When imported with --islands separate
    result = geojson_to_map(data, y_down=True, islands="separate")
    # Then no sea is added: the islands are on the file's sea already
    assert [n.kind for n in result.report] == ["island", "island"]
    assert [s.id for s in result.mapfile.seas] == ["ocean"]
    assert errors(result.mapfile) == []


# --------------------------------------------------------------------------- a generated map


@pytest.fixture(scope="module")
def generated() -> Any:
    return split_grid(20, 25, seed=0)


@pytest.mark.parametrize("noise", [0.0, 0.05])
def test_import_of_a_generated_500_province_map_finds_every_true_border(
    generated: Any, noise: float
) -> None:
    # Given 500 provinces: 160-odd quadripoints and 290-odd diagonal borders from 0.5 long
    # (0.02 % of the map), each province drawn on its own with its vertices moved by up to
    # `noise` (a tenth of the shortest border)
    assert len(generated.mapfile.provinces) == 500
    assert generated.quadripoints > 100 and len(generated.short_borders) > 200
    assert min(generated.short_borders.values()) < 0.0003 * generated.mapfile.size
    data = to_geojson(generated.mapfile, noise, seed=1)
    # When it is imported with the sea outside
    result = geojson_to_map(data, y_down=True, sea_outside=True)
    graph = derive(result.mapfile).graph
    # Then every true border is found and no other, and the rim is the coast
    assert {p.id: p.neighbors for p in graph.provinces} == generated.neighbours()
    assert {p.id for p in graph.provinces if p.coastal} == generated.rim
    assert errors(result.mapfile) == []
    # And an exact drawing is not changed at all; a noisy one only by snapped vertices
    kinds = {n.kind for n in result.report}
    assert kinds == (set() if noise == 0 else {"snapped"})


# --------------------------------------------------------------------------- properties


@settings(max_examples=40, deadline=None)
@given(
    scale=st.floats(1e-3, 1e6),
    fraction=st.floats(1e-6, 0.5),
    offset=st.floats(-1e3, 1e3),
)
def test_any_shared_line_above_the_precision_is_a_border(
    scale: float, fraction: float, offset: float
) -> None:
    # Given A and B sharing `fraction` of A's side, on a map drawn at any scale and place
    side = 100 * scale
    shared = side * fraction
    x0 = offset * scale
    a = province("A", box(x0, 0, x0 + side, side))
    b = province("B", box(x0 + side, side - shared, x0 + 2 * side, 2 * side - shared))
    m = make_map([a, b], extent=(x0, 0, x0 + 2 * side, 2 * side))
    # Then they border along it, however short
    geometry = derive(m)
    assert list(geometry.land_borders) == ["A|B"]
    assert geometry.land_borders["A|B"].length == pytest.approx(shared, rel=1e-6)
    # And asking for longer borders drops it, for exactly that length keeps it
    m.min_border_length = shared * 1.001
    assert derive(m).land_borders == {}


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 10_000),
    noise_seed=st.integers(0, 10_000),
    noise=st.floats(0, 0.05),
)
def test_import_finds_the_true_borders_of_any_small_generated_map(
    seed: int, noise_seed: int, noise: float
) -> None:
    # Given a generated 3 × 4 map (shortest borders 0.5 on a map about 400 across), each
    # province drawn on its own with its vertices moved by up to `noise`
    g = split_grid(3, 4, seed=seed, shortest=0.5 / 400, longest=0.01)
    data = to_geojson(g.mapfile, noise, seed=noise_seed)
    # When imported
    result = geojson_to_map(data, y_down=True, sea_outside=True)
    # Then its graph is the true one
    graph = derive(result.mapfile).graph
    assert {p.id: p.neighbors for p in graph.provinces} == g.neighbours()
    assert {p.id for p in graph.provinces if p.coastal} == g.rim


@settings(max_examples=30, deadline=None)
@given(
    noise=st.floats(0, 0.1),
    seed=st.integers(0, 10_000),
    angle=st.floats(0, 2 * math.pi),
)
def test_a_jittered_quadripoint_never_makes_diagonal_borders(
    noise: float, seed: int, angle: float
) -> None:
    result = geojson_to_map(quadripoint_geojson(noise, seed, angle), y_down=True)
    assert sorted(derive(result.mapfile).land_borders) == ["BL|BR", "BL|TL", "BR|TR", "TL|TR"]


# --------------------------------------------------------------------------- the file's field


def with_min_border(value: str) -> str:
    """The tiny map's text with `min_border_length: value` after its game."""
    return TINY_YAML.replace("game: rokugan\n", f"game: rokugan\nmin_border_length: {value}\n")


def test_min_border_length_is_read_written_and_changes_the_hash() -> None:
    # Given the tiny map with and without a minimum border length
    plain, shortest = parse_map(TINY_YAML), parse_map(with_min_border("2.5"))
    # Then it is read, written back in canonical form after the game, and part of the hash
    assert plain.min_border_length is None and shortest.min_border_length == 2.5
    assert "min_border_length" not in dump_map(plain)
    assert "game: rokugan\nmin_border_length: 2.5\nterritories:" in dump_map(shortest)
    assert parse_map(dump_map(shortest)) == shortest
    assert derive(shortest).graph.hash != derive(plain).graph.hash


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("0", "must be greater than 0, not 0"),
        ("-1", "must be greater than 0, not -1"),
        ("short", "must be a number, not the text 'short'"),
        ("true", "must be a number, not a yes/no value (true)"),
        ("2000000000", "is 2000000000, beyond 1,000,000,000"),
    ],
)
def test_a_bad_min_border_length_names_the_field_and_line(value: str, problem: str) -> None:
    with pytest.raises(MapError) as info:
        parse_map(with_min_border(value), "tiny.yaml")
    assert str(info.value).startswith(f"tiny.yaml: line 7: field 'min_border_length' {problem}")


def test_an_infinite_min_border_length_is_refused_where_it_stands() -> None:
    with pytest.raises(MapError, match=r"tiny.yaml: line 7: the value .inf is not a finite"):
        parse_map(with_min_border(".inf"), "tiny.yaml")


@settings(max_examples=60, deadline=None)
@given(st.floats(min_value=0, max_value=1e9, exclude_min=True))
def test_any_positive_min_border_length_round_trips(value: float) -> None:
    # Given any positive number written as a person might (YAML 1.1 floats need a dot)
    text = repr(value)
    if "e" in text and "." not in text:
        text = text.replace("e", ".0e")
    m = parse_map(with_min_border(text))
    # Then it is read as that number and survives saving
    assert m.min_border_length == value
    assert parse_map(dump_map(m)).min_border_length == value


# --------------------------------------------------------------------------- shipped maps, print


@pytest.mark.parametrize("map_id", ["rokugan", "ricewars-quick", "ricewars-epic"])
def test_shipped_maps_have_no_contact_the_old_one_percent_rule_dropped(map_id: str) -> None:
    # Given a shipped map (its graph is pinned by its own tests)
    m = load_map(shipped_map_path(map_id))
    geometry = derive(m)
    # Then every contact, land or coast, was a border under the old rule (>= 1 % of the
    # map's size) too, so keeping every border changed none of their graphs
    shapes = np.array([shapely.Polygon(p.polygon, p.holes) for p in m.provinces])
    left, _, shared = land_contacts(shapes, 0.0)
    assert len(left) == len(geometry.land_borders)
    assert shapely.length(shared).min() >= 0.01 * m.size
    assert all(b.length >= 0.01 * m.size for b in geometry.coastal_borders.values())
    assert m.min_border_length is None


def test_the_token_a_border_must_hold_is_the_printed_mark() -> None:
    from app.printing.board import SPOT_RADIUS_MM
    from app.printing.model import TOKEN_GAMES as PRINTED_TOKEN_GAMES

    assert TOKEN_MM == 2 * SPOT_RADIUS_MM
    assert TOKEN_GAMES == PRINTED_TOKEN_GAMES


def test_short_coasts_are_warned_about_too_and_other_games_are_not() -> None:
    # Given I beside L, touching a sea along 0.4 only, on a map printed at 0.2 mm a unit
    land = province("L", square(0, 0, 500))
    inland = province("I", [(500, 0), (600, 0), (600, 500), (500, 500)])
    water = sea("s", [(600, 250), (1000, 0), (1000, 500), (600, 250.4)])
    m = make_map([land, inland], seas=[water], extent=(0, 0, 1000, 1000))
    assert derive(m).graph.province("I").coastal_borders == ("I~0",)
    # Then the check warns about that coast only
    warned = [(i.provinces, i.location) for i in validate(m) if i.code == "short_border"]
    assert warned == [(("I",), pytest.approx((600, 250.2)))]
    # And a Rice Wars map (no tokens on borders) has no such warning
    m.game = "ricewars"
    assert [i for i in validate(m) if i.code == "short_border"] == []


def test_min_border_length_survives_a_geojson_round_trip() -> None:
    m = brick_corner(0.5)
    m.min_border_length = 0.75
    again = geojson_to_map(map_to_geojson(m)).mapfile
    assert again.min_border_length == 0.75
    assert again.provinces == m.provinces


@pytest.mark.parametrize(
    ("cut", "sliver"),
    [
        (0.5, "'A': filled a sliver gap of area 0.125 around (109.875, 109.75) between it and "
         "'B', 'C'"),
        (2.0, "sea: dropped a sliver of water of area 2 around (109.5, 109) between 'A', 'B', "
         "'C' (smaller than 4.84: it is neither land nor sea)"),
    ],
)  # fmt: skip
def test_import_reports_each_sliver_with_its_place(cut: float, sliver: str) -> None:
    # Given A, B and C around a point, A's corner there cut off by `cut`: a little hole
    a = [(0, 0), (100, 0), (100, 100 - cut), (100 - cut, 100), (0, 100)]
    data = collection(
        feature("A", a), feature("B", box(100, 0, 200, 100)), feature("C", box(0, 100, 200, 200))
    )
    # When imported with the sea outside (snapping distance 0.44)
    result = geojson_to_map(data, y_down=True, sea_outside=True)
    # Then the hole is filled when narrower than the snapping distance, else dropped as a
    # piece of water too small to be sea; either way the report says where
    assert [n.text for n in result.report if n.kind == "sliver"] == [sliver]
    assert [n.kind for n in result.report] == ["inserted"] * 3 + ["sliver"]
    assert neighbours(result.mapfile) == {"A": ("B", "C"), "B": ("A", "C"), "C": ("A", "B")}
    assert validate(result.mapfile) == []


def test_the_default_snapping_distance_is_at_most_1_percent_of_a_province() -> None:
    # Given 400 provinces of side 1 (a map about 22 across: 0.2 % of it is 0.044), each
    # drawn on its own with its vertices moved by up to 0.002
    g = split_grid(20, 20, cell=1.0, split=0.0, seed=4)
    result = geojson_to_map(to_geojson(g.mapfile, 0.002, seed=2), y_down=True)
    # Then the import snaps at 1 % of a province's width, and finds every border
    assert result.snap == pytest.approx(0.01, rel=0.1)
    assert neighbours(result.mapfile) == g.neighbours()
    # And a map of few large provinces snaps at 0.2 % of its size
    data = collection(feature("A", box(0, 0, 100, 100)), feature("B", box(100.3, 0, 200, 100)))
    assert geojson_to_map(data, y_down=True).snap == pytest.approx(0.002 * 220)


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("1e15", "has the coordinate 1000000000000000.0, beyond ±1,000,000,000"),
        ("NaN", "has the coordinate nan, not a finite number"),
        ("1e400", "has the coordinate inf, not a finite number"),
    ],
)
def test_import_refuses_coordinates_the_map_format_refuses(
    value: str, problem: str, tmp_path: Path
) -> None:
    # Given a GeoJSON file with one coordinate a map file could not hold
    text = json.dumps(collection(feature("A", box(0, 0, 10, 10)), feature("B", box(0, 10, 10, 20))))
    source = tmp_path / "far.geojson"
    source.write_text(text.replace("[10, 20]", f"[10, {value}]", 1), encoding="utf-8")
    # When imported, Then the import stops, naming the file, the feature and the fix
    with pytest.raises(MapError) as info:
        import_geojson(source)
    assert str(info.value).startswith(f"{source}: feature 2 ('B') {problem}; give coordinates")


def test_import_refuses_a_number_of_thousands_of_digits(tmp_path: Path) -> None:
    # Given a GeoJSON file whose coordinate has 5,000 digits (Python's int limit)
    text = json.dumps(collection(feature("A", box(0, 0, 10, 10))))
    source = tmp_path / "digits.geojson"
    source.write_text(text.replace("[10, 10]", "[10, " + "7" * 5000 + "]", 1), encoding="utf-8")
    # When imported, Then a located message, not a ValueError from the JSON parser
    with pytest.raises(MapError) as info:
        import_geojson(source)
    assert str(info.value).startswith(f"{source}: ")
    assert "ordinary decimal numbers" in str(info.value)


def test_import_refuses_a_folder_with_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="is a folder"):
        import_geojson(tmp_path)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(-20, 20) | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=20,
)
_POINT = st.lists(st.floats(-50, 50, allow_nan=False), min_size=2, max_size=2)
_RING = st.lists(_POINT, min_size=0, max_size=6).map(lambda r: [*r, r[0]] if r else r)
_GEOMETRY = st.one_of(
    st.fixed_dictionaries({"type": st.just("Polygon"), "coordinates": st.lists(_RING, max_size=2)}),
    st.fixed_dictionaries(
        {
            "type": st.just("MultiPolygon"),
            "coordinates": st.lists(st.lists(_RING, max_size=2), max_size=3),
        }
    ),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["Point", "LineString", "Polygon"]), "coordinates": _JSON}
    ),
    _JSON,
)


_EMPTY_POLYGON = {
    "type": "Feature",
    "properties": None,
    "geometry": {"type": "Polygon", "coordinates": []},
}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    features=st.lists(
        st.fixed_dictionaries(
            {
                "type": st.just("Feature"),
                "properties": st.one_of(
                    st.none(),
                    st.fixed_dictionaries(
                        {"id": _JSON, "kind": st.sampled_from(["province", "sea", None])},
                        optional={"label": _JSON, "flowers": _JSON, "territory": _JSON},
                    ),
                ),
                "geometry": _GEOMETRY,
            }
        ),
        max_size=5,
    ),
    islands=st.sampled_from(["largest", "separate"]),
    sea_outside=st.booleans(),
)
@example(  # found by Hypothesis: GEOS refused the difference of a cleaned outline
    features=[
        *[_EMPTY_POLYGON] * 3,
        {
            "type": "Feature",
            "properties": None,
            "geometry": {
                "type": "Polygon",
                "coordinates": [[[0.0, 1.0], [0.0, 2.0], [-1.0, 0.0], [0.0, 1.0]]],
            },
        },
        {
            "type": "Feature",
            "properties": None,
            "geometry": {
                "type": "Polygon",
                "coordinates": [[[0.0, -2.0], [0.0, 0.0], [1.0, 0.0], [0.0, -1.0], [0.0, -2.0]]],
            },
        },
    ],
    islands="largest",
    sea_outside=False,
)
def test_any_geojson_imports_or_says_why(features: list, islands: str, sea_outside: bool) -> None:
    # Given any FeatureCollection a person or a program might write
    data = {"type": "FeatureCollection", "features": features}
    # When imported, Then it is a map, or a MapError naming the file
    try:
        result = geojson_to_map(data, file="any.geojson", islands=islands, sea_outside=sea_outside)
    except MapError as exc:
        assert str(exc).startswith("any.geojson")
        return
    assert result.mapfile.provinces
    assert all(isinstance(note.text, str) and note.kind for note in result.report)
