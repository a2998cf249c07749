"""The shipped Rice Wars boards: field counts, palace sites, the blessed centre, clean check."""

from __future__ import annotations

import pytest
import shapely

from app.cli import main as daimyo
from maps.api import load_graph, load_map, shipped_map_path, shipped_maps
from maps.geometry import derive
from maps.tools.build_ricewars import EPIC, QUICK, build
from maps.validate import validate

SIDES = [("ricewars-quick", 37, 2, 7), ("ricewars-epic", 59, 3, 8)]


@pytest.mark.parametrize(("map_id", "fields", "blessed", "rounds"), SIDES)
def test_board_facts(map_id: str, fields: int, blessed: int, rounds: int) -> None:
    # Given a shipped board
    assert map_id in shipped_maps()
    mapfile = load_map(shipped_map_path(map_id))
    graph = load_graph(map_id)
    # Then it has the right number of fields, rounds and one blessed field in the centre
    assert len(graph.provinces) == fields and mapfile.game == "ricewars"
    assert graph.attrs["rounds"] == rounds and len(graph.attrs["round_track"]) == rounds
    track = graph.attrs["round_track"]
    assert sum("auction" in r for r in track) == 2
    assert all(set(r) <= {"income3", "auction", "card", "attack1"} for r in track)
    blessed_fields = [p for p in mapfile.provinces if "blessed" in p.attrs]
    assert len(blessed_fields) == 1 and blessed_fields[0].attrs["blessed"] == blessed
    x0, y0, x1, y1 = mapfile.extent
    centre = shapely.Point((x0 + x1) / 2, (y0 + y1) / 2)
    assert shapely.Polygon(blessed_fields[0].polygon).covers(centre)


@pytest.mark.parametrize(("map_id", "fields", "blessed", "rounds"), SIDES)
def test_palace_sites_lie_on_the_edge_and_fields_are_rectangles(
    map_id: str, fields: int, blessed: int, rounds: int
) -> None:
    mapfile = load_map(shipped_map_path(map_id))
    box = shapely.box(*mapfile.extent).exterior
    sites = [p for p in mapfile.provinces if p.attrs.get("palace_site")]
    assert len(sites) >= 12
    for p in mapfile.provinces:
        shape = shapely.Polygon(p.polygon)
        # axis-parallel rectangles (with T-junction vertices on their sides)
        assert shape.area == pytest.approx(shape.envelope.area)
        if p.attrs.get("palace_site"):
            assert shape.exterior.intersection(box).length > 0


@pytest.mark.parametrize("map_id", ["ricewars-quick", "ricewars-epic"])
def test_map_check_is_clean_and_the_board_is_connected(map_id: str, capsys) -> None:
    mapfile = load_map(shipped_map_path(map_id))
    assert validate(mapfile) == []
    assert daimyo(["map", "check", map_id]) == 0
    graph = derive(mapfile).graph
    assert all(p.neighbors for p in graph.provinces)
    assert not any(p.coastal for p in graph.provinces)  # no sea on a Rice Wars board


def test_the_generator_makes_the_shipped_files() -> None:
    from maps.api import dump_map

    for side in (QUICK, EPIC):
        shipped = load_map(shipped_map_path(side.id))
        assert dump_map(build(side)) == dump_map(shipped), (
            f"rerun python -m maps.tools.build_ricewars to refresh {side.id}"
        )


def test_the_bench_graph_json_matches_the_derived_graph() -> None:
    from engine.ricewars.bench import bench_graph

    for side in ("quick", "epic"):
        derived = load_graph(f"ricewars-{side}")
        stored = bench_graph(side)
        assert stored.hash == derived.hash
        assert [(p.id, p.neighbors) for p in stored.provinces] == [
            (p.id, p.neighbors) for p in derived.provinces
        ]
