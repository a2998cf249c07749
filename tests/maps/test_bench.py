"""`daimyo bench maps`: generated Voronoi maps are valid maps, and the report has its shape."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from maps.bench import voronoi_map
from maps.geometry import derive
from maps.validate import validate


def test_generated_map_is_valid_with_land_and_coast() -> None:
    # Given a generated map of 150 provinces
    m = voronoi_map(150, seed=3)
    # Then it validates without errors, and has inland and coastal provinces
    assert [i for i in validate(m) if i.severity == "error"] == []
    graph = derive(m).graph
    assert any(p.coastal for p in graph.provinces)
    assert any(not p.coastal for p in graph.provinces)
    assert len(m.provinces) == 150 and len(m.seas) == 1


def test_bench_maps_prints_one_json_row_per_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "maps", "--sizes", "50,80", "--repeats", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [row["provinces"] for row in report["results"]] == [50, 80]
    row = report["results"][0]
    assert row["land_borders"] > 0 and row["derive_s"] > 0 and row["derive_cpu_s"] > 0


def test_bench_maps_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "maps", "--sizes", "40", "--repeats", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["provinces", "land", "coast"]
    assert lines[1].split()[0] == "40"
