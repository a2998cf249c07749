"""Snapping on import: nearly coincident vertices become shared, clean maps stay as they are."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
import shapely

from maps.api import load_map, shipped_map_path
from maps.bench import voronoi_map
from maps.convert import export_map, geojson_to_map, import_geojson, map_to_geojson, snap_polygons
from maps.geometry import derive
from maps.mapfile import MapFile, Province
from maps.validate import validate
from tests.maps.builders import grid, make_map

Snapper = Callable[..., tuple[np.ndarray, list[str]]]


@pytest.fixture(params=["coverage_clean", "fallback"])
def snapper(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Snapper:
    """snap_polygons with GEOS's coverage cleaner, and with the fallback for older shapely."""
    if request.param == "fallback":
        monkeypatch.delattr(shapely, "coverage_clean", raising=False)
    elif not hasattr(shapely, "coverage_clean"):
        pytest.skip("shapely < 2.2 has no coverage_clean")
    return snap_polygons


def as_map(shapes: np.ndarray) -> MapFile:
    provinces = [
        Province(f"P{k}", f"P{k}", [tuple(c) for c in shapely.get_coordinates(g.exterior)[:-1]])
        for k, g in enumerate(shapes)
    ]
    return make_map(provinces, extent=(0, 0, 20, 20))


def test_hairline_gap_is_closed(snapper: Snapper) -> None:
    # Given (extent 20: NEAR_MISS = 0.04) B 0.02 to the right of A
    shapes = np.array([shapely.box(0, 0, 10, 10), shapely.box(10.02, 0, 20, 10)])
    # When snapped
    snapped, _ = snapper(shapes, 0.04)
    # Then they share their edge and the map has no near miss
    m = as_map(snapped)
    assert derive(m).graph.province("P0").neighbors == ("P1",)
    assert validate(m) == []


def test_vertex_beside_an_edge_is_inserted(snapper: Snapper) -> None:
    # Given A below B and C, whose common corner sits 0.02 above A's vertex-less top edge
    a = shapely.Polygon([(0, 10), (20, 10), (20, 20), (0, 20)])
    b = shapely.Polygon([(0, 0), (10, 0), (10, 9.98), (0, 10)])
    c = shapely.Polygon([(10, 0), (20, 0), (20, 10), (10, 9.98)])
    snapped, _ = snapper(np.array([a, b, c]), 0.04)
    m = as_map(snapped)
    graph = derive(m).graph
    assert graph.province("P0").neighbors == ("P1", "P2")
    assert [i.code for i in validate(m) if i.severity == "error"] == []


def test_a_clean_map_is_not_changed(snapper: Snapper) -> None:
    shapes = np.array([shapely.Polygon(p.polygon) for p in grid(3, side=1.0)])
    snapped, notes = snapper(shapes, 0.05)
    assert notes == []
    assert shapely.equals(shapes, snapped).all()
    assert shapely.get_num_coordinates(snapped).tolist() == [5] * 9


@pytest.mark.parametrize(
    ("cleaner", "jitter"),
    # The fallback matches vertices by distance alone, so it needs the jitter to be
    # small against the shortest edges; GEOS's cleaner copes with more.
    [("coverage_clean", 0.3), ("fallback", 0.05)],
)
def test_import_of_a_jittered_voronoi_map_recovers_its_graph(
    cleaner: str, jitter: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    if cleaner == "fallback":
        monkeypatch.delattr(shapely, "coverage_clean", raising=False)
    elif not hasattr(shapely, "coverage_clean"):
        pytest.skip("shapely < 2.2 has no coverage_clean")
    # Given a generated map exported to GeoJSON, every vertex then moved by up to
    # `jitter` (NEAR_MISS is 2 on this 1000-unit map), so no two neighbours share a vertex
    original = voronoi_map(80, seed=7)
    data = map_to_geojson(original)
    rng = np.random.default_rng(1)
    for f in data["features"]:
        polygons = f["geometry"]["coordinates"]
        for polygon in [polygons] if f["geometry"]["type"] == "Polygon" else polygons:
            for ring in polygon:
                for point in ring[:-1]:
                    point[0] += rng.uniform(-jitter, jitter)
                    point[1] += rng.uniform(-jitter, jitter)
                ring[-1] = list(ring[0])
    # When it is imported
    imported = geojson_to_map(data).mapfile

    # Then the graph is the original one and the map is valid
    def adjacency(m: MapFile) -> dict[str, tuple[tuple[str, ...], bool]]:
        return {p.id: (p.neighbors, p.coastal) for p in derive(m).graph.provinces}

    assert adjacency(imported) == adjacency(original)
    assert [i for i in validate(imported) if i.severity == "error"] == []


@pytest.mark.parametrize("map_id", ["rokugan", "ricewars-quick", "ricewars-epic"])
def test_shipped_map_round_trips_through_geojson(map_id: str, tmp_path: Path) -> None:
    # Given a shipped (valid) map
    original = load_map(shipped_map_path(map_id))
    # When it is exported to a GeoJSON file and imported again
    out = tmp_path / f"{map_id}.geojson"
    export_map(original, out)
    result = import_geojson(out)
    # Then nothing was snapped, the map (polygons, labels, attributes) is the same
    assert result.notes == []
    assert result.mapfile == original
    # And so is its game graph
    before, after = derive(original).graph, derive(result.mapfile).graph
    assert after.provinces == before.provinces
    assert after.territories == before.territories
    assert after.hash == before.hash


def test_cleaning_leaves_a_narrow_neck_away_from_a_near_miss_alone() -> None:
    # Given (extent 100: NEAR_MISS = 0.2) a province with a 0.1-wide neck between two
    # lobes, beside a clean neighbour, and far away two squares 0.05 apart
    neck = shapely.Polygon(
        [(0, 0), (10, 0), (10, 4.95), (20, 4.95), (20, 0), (30, 0), (30, 10), (20, 10),
         (20, 5.05), (10, 5.05), (10, 10), (0, 10)]
    )  # fmt: skip
    below = shapely.Polygon([(0, 10), (10, 10), (20, 10), (30, 10), (30, 20), (0, 20)])
    left, right = shapely.box(60, 60, 70, 70), shapely.box(70.05, 60, 80, 70)
    shapes = np.array([neck, below, left, right])
    # When snapped with GEOS's cleaner
    if not hasattr(shapely, "coverage_clean"):
        pytest.skip("shapely < 2.2 has no coverage_clean")
    snapped, notes = snap_polygons(shapes, 0.2, ["neck", "below", "left", "right"])
    # Then the near miss is closed by moving the two vertices of 'right', and said so;
    # the neck and its neighbour are untouched
    assert sorted((n.kind, n.provinces, n.at) for n in notes) == [
        ("snapped", ("right", "left"), (70, 60)),
        ("snapped", ("right", "left"), (70, 70)),
    ]
    assert snapped[0] is neck and snapped[1] is below
    assert shapely.length(shapely.intersection(snapped[2].boundary, snapped[3].boundary)) > 9.9


def test_one_moved_vertex_is_snapped_back_without_touching_the_rest_of_the_map() -> None:
    # Given the Rokugan map exported, one vertex of Crab 2 then moved by 0.5 (NEAR_MISS 1.8)
    original = load_map(shipped_map_path("rokugan"))
    data = map_to_geojson(original)
    feature = next(f for f in data["features"] if f["id"] == "CRAB_2")
    feature["geometry"]["coordinates"][0][3][0] += 0.5
    # When it is imported
    result = geojson_to_map(data)
    # Then it is snapped back, said so, and the graph is the original one
    assert result.notes == [
        "'CRAB_2': moved its vertex (104, 519.2) by 0.5 to (103.5, 519.2), onto 'SL_N'"
    ]
    before, after = derive(original).graph, derive(result.mapfile).graph
    assert after.provinces == before.provinces
    # And nothing else changed: the map is the original one
    assert result.mapfile == original


def test_a_self_crossing_foreign_polygon_is_repaired_not_a_crash() -> None:
    # Given a foreign GeoJSON (no "daimyo" member) with a bow-tie province beside a square
    def feature(fid: str, ring: list[list[float]]) -> dict:
        return {
            "type": "Feature",
            "properties": {"id": fid},
            "geometry": {"type": "Polygon", "coordinates": [[*ring, ring[0]]]},
        }

    data = {
        "type": "FeatureCollection",
        "features": [
            feature("bow", [[0, 0], [10, 10], [10, 0], [0, 10]]),
            feature("square", [[10, 0], [20, 0], [20, 10], [10, 10]]),
        ],
    }
    # When it is imported
    result = geojson_to_map(data)
    # Then the bow tie keeps one valid half, and the note says why
    assert result.notes == [
        "'bow': it crosses itself; repaired it, kept its largest part (area 25); "
        "dropped area 25 around (9.75, 8)"
    ]
    assert shapely.Polygon(result.mapfile.province("bow").polygon).is_valid
    assert shapely.Polygon(result.mapfile.province("bow").polygon).area == pytest.approx(25)
