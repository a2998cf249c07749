"""The shipped Rokugan map: its polygons derive exactly the published board's topology.

The reference is ../shared/rules/rokugan-map.json (provinces, territories, flowers, capitals,
printed defense, coastal provinces and the 64 land borders).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import shapely
from shapely.geometry import Point, Polygon, box

from app.cli import main as daimyo
from engine.graph import MapGraph
from maps.api import MapFile, load_graph, load_map, shipped_maps
from maps.validate import validate

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "data" / "rokugan.yaml"
# The rules folder beside the repo, else the engine's copy (a test checks they are equal).
PUBLISHED = ROOT.parent / "shared" / "rules" / "rokugan-map.json"
if not PUBLISHED.is_file():
    PUBLISHED = ROOT / "engine" / "rokugan" / "published_map.json"
CLANS = ("crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn")


@pytest.fixture(scope="module")
def published() -> dict[str, dict]:
    """The published topology, province id -> entry."""
    if not PUBLISHED.is_file():
        pytest.skip(f"published topology not found at {PUBLISHED}")
    data = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    return {p["id"]: p for p in data["provinces"]}


@pytest.fixture(scope="module")
def graph() -> MapGraph:
    """The graph maps.api derives from the shipped file."""
    return load_graph(MAP)


@pytest.fixture(scope="module")
def mapfile() -> MapFile:
    """The shipped file as loaded by maps.api."""
    return load_map(MAP)


def published_borders(published: dict[str, dict]) -> set[tuple[str, str]]:
    """Every published land border once, as a sorted pair."""
    return {tuple(sorted((pid, q))) for pid, p in published.items() for q in p["adj"]}


def test_rokugan_is_a_shipped_map() -> None:
    # Given the shipped maps / Then Rokugan is among them
    assert "rokugan" in shipped_maps()


def test_provinces_and_territories_are_the_published_ones(graph, published) -> None:
    # Given the derived graph / Then it has the same 30 provinces in the same 11 territories
    assert len(published) == 30
    assert {p.id for p in graph.provinces} == set(published)
    assert {p.id: p.territory for p in graph.provinces} == {
        pid: p["territory"] for pid, p in published.items()
    }
    assert {t.id for t in graph.territories} == {p["territory"] for p in published.values()}
    for t in graph.territories:
        assert set(t.provinces) == {pid for pid, p in published.items() if p["territory"] == t.id}


def test_land_borders_are_exactly_the_published_64(graph, published) -> None:
    # Given the land borders derived from the polygons
    derived = {tuple(sorted(pair)) for pair in graph.land_borders()}
    expected = published_borders(published)
    # Then none is missing and none is extra
    assert len(expected) == 64
    assert sorted(expected - derived) == []
    assert sorted(derived - expected) == []


def test_coastal_provinces_have_exactly_one_stretch_of_coast(graph, published) -> None:
    # Given the derived coastal borders
    coastal = {p.id for p in graph.provinces if p.coastal}
    # Then the same 12 provinces are coastal, each with one connected stretch
    assert coastal == {pid for pid, p in published.items() if p["coastal"]}
    assert len(coastal) == 12
    for p in graph.provinces:
        assert p.coastal_borders == ((f"{p.id}~0",) if p.id in coastal else ())


def test_printed_attributes_match(graph, published) -> None:
    # Given each province's game attributes
    for p in graph.provinces:
        entry = published[p.id]
        # Then flowers, capital (as the clan id), defense and shadowlands are the published ones
        assert p.attrs.get("flowers", 0) == entry["flowers"], p.id
        assert p.attrs.get("capital") == (entry["territory"] if entry["capital"] else None), p.id
        assert (p.attrs.get("defense") or 0) == entry["printed_defense"], p.id
        assert bool(p.attrs.get("shadowlands")) == p.id.startswith("SL_"), p.id
    capitals = sorted(p.attrs["capital"] for p in graph.provinces if p.attrs.get("capital"))
    assert capitals == sorted(CLANS)
    assert sum(p.attrs.get("flowers", 0) for p in graph.provinces) == 56


def test_islands_are_a_landmass_of_their_own(graph) -> None:
    # Given the island provinces
    islands = {p.id for p in graph.provinces if p.id.startswith("ISL_")}
    # Then they border only each other
    for p in graph.provinces:
        if p.id in islands:
            assert set(p.neighbors) == islands - {p.id}
        else:
            assert not set(p.neighbors) & islands


def test_cli_graph_json_matches_the_published_topology(capsys, published) -> None:
    # When `daimyo map graph --json` prints the graph
    assert daimyo(["map", "graph", str(MAP), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # Then its neighbours, coasts and counts are the published ones
    assert {p["id"]: sorted(p["neighbors"]) for p in data["provinces"]} == {
        pid: sorted(p["adj"]) for pid, p in published.items()
    }
    assert {p["id"] for p in data["provinces"] if p["coastal"]} == {
        pid for pid, p in published.items() if p["coastal"]
    }
    assert data["land_borders"] == 64
    assert data["coastal_borders"] == 12


def test_map_check_reports_no_errors(capsys) -> None:
    # When the map is checked
    code = daimyo(["map", "check", str(MAP)])
    out = capsys.readouterr().out
    # Then it is valid, without even a warning
    assert code == 0, out
    assert "0 warnings" in out, out


def test_validator_finds_nothing_to_report(mapfile) -> None:
    # When maps.validate looks at the file / Then it reports no issue at all
    assert [(i.severity, i.code, i.message) for i in validate(mapfile)] == []


def test_map_is_a_portrait_board_with_the_shadowlands_south_west(mapfile, published) -> None:
    # Given the file's size and province labels
    x0, y0, x1, y1 = mapfile.extent
    assert (x1 - x0, y1 - y0) == (600, 900)
    assert (mapfile.width_mm, mapfile.height_mm) == (600, 900)
    labels = {p.id: p.label for p in mapfile.provinces}
    # Then every label sits near the published approximate centre
    for pid, entry in published.items():
        ex, ey = entry["xy"][0] * (x1 - x0), entry["xy"][1] * (y1 - y0)
        assert shapely.distance(Point(labels[pid]), Point(ex, ey)) < 120, pid
    assert labels["SL_S"][0] < 300 and labels["SL_S"][1] > 600
    assert all(labels[i][0] > 350 and labels[i][1] > 550 for i in ("ISL_2", "ISL_1A", "ISL_1B"))


def test_provinces_are_plausible_shapes_with_labels_inside(mapfile) -> None:
    # Given every province polygon
    areas = []
    for p in mapfile.provinces:
        poly = Polygon(p.polygon, p.holes)
        areas.append(poly.area)
        # Then it is valid, labelled inside, roughly convex, no sliver, and drawn in detail
        assert poly.is_valid, p.id
        assert p.label is not None and poly.contains(Point(p.label)), p.id
        assert poly.area / poly.convex_hull.area > 0.75, p.id
        assert poly.exterior.distance(Point(p.label)) > 25, p.id
        assert len(p.polygon) >= 60, p.id
    assert max(areas) / min(areas) < 8


def test_coast_is_irregular(mapfile) -> None:
    # Given the sea polygon
    (sea,) = mapfile.seas
    (part,) = sea.polygons
    coast = Polygon(part.polygon, part.holes)
    # Then its coastline (not the map edge) has many vertices and winds well beyond its
    # own outline simplified to 10 map units
    assert len(part.polygon) + sum(len(h) for h in part.holes) > 1000
    shore = coast.boundary.difference(box(*mapfile.extent).exterior.buffer(0.01))
    assert shore.length > 1.2 * shore.simplify(10).length


def test_territory_colours_are_distinct(mapfile) -> None:
    # Given the territories / Then no two share a colour
    colours = [t.colour.lower() for t in mapfile.territories]
    assert len(set(colours)) == len(colours) == 11


def test_generator_rebuilds_the_shipped_file_exactly() -> None:
    # Given the generator script
    from maps.api import dump_map
    from maps.tools import build_rokugan

    # When it draws the map again
    mapfile, problems = build_rokugan.build()
    # Then its own checks pass and the text is the shipped file, byte for byte
    assert problems == []
    assert mapfile is not None
    assert dump_map(mapfile) == MAP.read_text(encoding="utf-8"), (
        "maps/data/rokugan.yaml differs from what the generator draws (a newer shapely/GEOS?); "
        "rebuild it with `python -m maps.tools.build_rokugan` and look at the result"
    )
