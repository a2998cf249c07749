"""`daimyo map check|graph|import|export` through app.cli.main, as scripts call them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main
from maps.api import load_map, shipped_map_path, shipped_maps
from maps.geometry import derive
from tests.maps.builders import TINY_YAML


def write(tmp_path: Path, text: str, name: str = "tiny.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def feature(fid: str, coords: list, kind: str = "Polygon", **props: object) -> dict:
    return {
        "type": "Feature",
        "properties": {"id": fid, "name": f"Name {fid}", **props},
        "geometry": {"type": kind, "coordinates": coords},
    }


def closed(ring: list) -> list:
    return [*ring, ring[0]]


# The tiny map for no game in particular: `map check` validates it and says which games it
# is ready for, without failing (TINY_YAML declares Battle for Rokugan, which it is not ready
# for: a check of the map's own game).
ANY_YAML = TINY_YAML.replace("game: rokugan\n", "game: any\n")


def test_check_valid_map_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, ANY_YAML)
    assert main(["map", "check", str(path)]) == 0
    assert "valid: 2 provinces" in capsys.readouterr().out


def test_check_lists_every_error_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a map with a capital that is no text and a negative flower count
    text = ANY_YAML.replace("    name: Biwa\n", "    name: Biwa\n    capital: 3\n")
    text = text.replace("flowers: 2", "flowers: -2")
    path = write(tmp_path, text)
    # When checked, Then it exits 1 and prints both errors with the file
    assert main(["map", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}: error: province 'B' (line 20): field 'capital' is 3" in out
    assert "field 'flowers' is -2" in out
    assert out.strip().endswith(f"{path}: 2 errors, 0 warnings")


def test_a_second_capital_of_a_clan_is_rokugans_error_not_rice_wars(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given the tiny Rokugan map with a second Crab capital
    text = TINY_YAML.replace("    name: Biwa\n", "    name: Biwa\n    capital: crab\n")
    path = write(tmp_path, text)
    # When checked for its game, Then Battle for Rokugan refuses it with the fix
    assert main(["map", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert (
        f"{path}: error: the Crab capital is marked in 2 provinces ('A', 'B'); a clan has one "
        "capital: keep it in one and clear Capital clan in the editor's Province panel" in out
    )
    assert "0 in the map" in out
    # And checked for Rice Wars, nothing is said about capitals
    main(["map", "check", str(path), "--game", "ricewars"])
    out = capsys.readouterr().out
    assert "Crab" not in out and "Capital clan" not in out


def test_check_prints_warnings_and_still_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, ANY_YAML.replace("label: [55, 50]", "label: [150, 50]"))
    assert main(["map", "check", str(path)]) == 0
    assert "warning: province 'A' (line 13): label (150, 50) lies outside" in (
        capsys.readouterr().out
    )


def test_check_of_a_broken_file_prints_the_map_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, TINY_YAML.replace("name: Biwa", "name: 12"))
    assert main(["map", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: line 21: province 'B': field 'name' must be a non-empty text" in err


def test_graph_json_has_the_contract_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, TINY_YAML)
    assert main(["map", "graph", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    a, b = data["provinces"]
    assert {k: a[k] for k in ("id", "territory", "coastal", "neighbors")} == {
        "id": "A",
        "territory": "west",
        "coastal": True,
        "neighbors": ["B"],
    }
    assert (a["flowers"], a["capital"], a["defense"]) == (2, "crab", 2)
    assert (b["flowers"], b["capital"], b["coastal_borders"]) == (None, None, ["B~0"])
    assert data["territories"] == [
        {"id": "west", "name": "West", "colour": "#8fbf6a", "provinces": ["A", "B"]}
    ]
    assert data["land_borders"] == 1
    assert data["hash"] == derive(load_map(path)).graph.hash


def test_graph_without_json_is_a_listing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, TINY_YAML)
    assert main(["map", "graph", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Tiny Isle (tiny): 2 provinces, 1 land border, 2 coastal borders" in out
    assert "A  Akagi [west] coast 1; neighbours: B; flowers=2 capital=crab defense=2" in out


def test_import_snaps_near_vertices_and_adds_an_outside_sea(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given two squares (north-up GeoJSON) with a hairline gap, and a MultiPolygon
    squares = {
        "type": "FeatureCollection",
        "features": [
            feature("A", [closed([[0, 0], [10, 0], [10, 10], [0, 10]])], territory="south"),
            feature(
                "B",
                [closed([[10.01, 0], [20, 0], [20, 10], [10.01, 10]])],
                flowers=3,
                territory="south",
            ),
            feature(
                "C",
                [
                    [closed([[0, 10], [20, 10], [20, 20], [0, 20]])],
                    [closed([[40, 40], [41, 40], [41, 41]])],
                ],
                kind="MultiPolygon",
                territory="north",
            ),
        ],
    }
    source = tmp_path / "in.geojson"
    source.write_text(json.dumps(squares), encoding="utf-8")
    target = tmp_path / "out.yaml"
    # When imported with an outside sea
    code = main(["map", "import", str(source), "-o", str(target), "--sea", "outside"])
    # Then the map is written, the dropped part reported, the gap closed, all coastal
    assert code == 0
    out = capsys.readouterr().out
    assert (
        "feature 3 ('C'): left out its part 2 of 2 (area 0.5) around (41.75, -19.5), "
        "(40.75, 40.5) in the GeoJSON; keep it with --islands separate"
    ) in out
    assert "'B': moved its vertex (11.01, 11) by 0.01 to (11, 11), onto 'A'" in out
    assert "'C': added a vertex at (11, 11) to its edge (1, 11)-(21, 11), where 'A' has one" in out
    assert "1 island left out or made a province, 2 vertices snapped, 1 vertex added" in out
    m = load_map(target)
    graph = derive(m).graph
    assert graph.province("A").neighbors == ("B", "C")
    assert all(p.coastal for p in graph.provinces)
    assert m.province("B").attrs == {"flowers": 3}
    assert m.territory_of("C") == "north"
    # And y points south: C (north in GeoJSON) lies above A on the map
    assert max(y for _, y in m.province("C").polygon) <= min(y for _, y in m.province("A").polygon)
    assert main(["map", "check", str(target)]) == 0


def test_geojson_round_trip_import_export_import(tmp_path: Path) -> None:
    # Given a map imported from GeoJSON
    source = tmp_path / "in.geojson"
    source.write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    feature("A", [closed([[0, 0], [10, 0], [10, 10], [0, 10]])], territory="t"),
                    feature("B", [closed([[10, 0], [20, 0], [20, 10], [10, 10]])], territory="t"),
                ],
            }
        ),
        encoding="utf-8",
    )
    first, exported, second = tmp_path / "a.yaml", tmp_path / "a.geojson", tmp_path / "b.yaml"
    assert main(["map", "import", str(source), "-o", str(first), "--sea", "outside"]) == 0
    # When exported to GeoJSON and imported again
    assert main(["map", "export", str(first), "-o", str(exported)]) == 0
    assert main(["map", "import", str(exported), "-o", str(second)]) == 0
    # Then the second map is the first one, text for text
    assert second.read_text() == first.read_text()


def test_export_svg_is_coloured_by_territory_with_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, TINY_YAML.replace("name: Biwa", "name: Biwa & Co"))
    target = tmp_path / "tiny.svg"
    assert main(["map", "export", str(path), "-o", str(target)]) == 0
    svg = target.read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and "<svg" in svg
    assert ">Akagi</text>" in svg and ">Biwa &amp; Co</text>" in svg
    assert 'fill="#8fbf6a"' in svg
    assert 'width="200mm" height="100mm"' in svg


def test_export_to_an_unknown_format_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, TINY_YAML)
    assert main(["map", "export", str(path), "-o", str(tmp_path / "x.png")]) == 1
    assert "name the output .geojson or .svg" in capsys.readouterr().err


def test_import_of_something_that_is_not_geojson_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.geojson"
    source.write_text('{"type": "Feature"}', encoding="utf-8")
    assert main(["map", "import", str(source), "-o", str(tmp_path / "o.yaml")]) == 1
    assert "not a GeoJSON FeatureCollection" in capsys.readouterr().err
    assert not (tmp_path / "o.yaml").exists()


@pytest.mark.parametrize("map_id", shipped_maps())
def test_graph_json_of_each_shipped_map(map_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Given a shipped map, by id and by path
    for name in (map_id, str(shipped_map_path(map_id))):
        # When its graph is printed as JSON, Then every province has the contract fields
        assert main(["map", "graph", name, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        ids = {p["id"] for p in data["provinces"]}
        for p in data["provinces"]:
            assert isinstance(p["coastal"], bool)
            assert p["neighbors"] == sorted(p["neighbors"]) and set(p["neighbors"]) <= ids


def test_import_reads_named_properties_and_y_down(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given features whose ids and names live in other properties, in screen coordinates
    squares = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {"code": "N", "title": "North"},
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [closed([[0, 0], [10, 0], [10, 10], [0, 10]])],
                },
            },
            {
                "type": "Feature",
                "properties": {"code": "S", "title": "South"},
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [closed([[0, 10], [10, 10], [10, 20], [0, 20]])],
                },
            },
        ],
    }
    source = tmp_path / "screen.geojson"
    source.write_text(json.dumps(squares), encoding="utf-8")
    target = tmp_path / "screen.yaml"
    args = ["map", "import", str(source), "-o", str(target), "--id-property", "code"]
    assert main([*args, "--name-property", "title", "--y-down"]) == 0
    m = load_map(target)
    # Then ids and names come from those properties, and y is kept (N stays above S)
    assert [(p.id, p.name) for p in m.provinces] == [("N", "North"), ("S", "South")]
    assert max(y for _, y in m.province("N").polygon) <= min(y for _, y in m.province("S").polygon)
    assert m.id == "screen" and m.extent == (0, 0, 11, 22)


def test_an_empty_map_loads_and_check_says_what_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a new map with nothing drawn yet (as the editor saves it)
    text = "format: 1\nid: new\nname: New\nsize: {width_mm: 100, height_mm: 100}\n"
    path = write(tmp_path, text + "extent: [0, 0, 100, 100]\nprovinces: []\n")
    # Then it has an empty graph, and check fails naming the problem
    assert main(["map", "graph", str(path)]) == 0
    assert "0 provinces" in capsys.readouterr().out
    assert main(["map", "check", str(path)]) == 1
    assert "the map has no provinces" in capsys.readouterr().out


def test_import_islands_separate_and_snap_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a province with an island and a neighbour 0.3 away (north-up GeoJSON)
    source = tmp_path / "in.geojson"
    source.write_text(
        json.dumps(
            {
                "type": "FeatureCollection",
                "features": [
                    feature(
                        "A",
                        [
                            [closed([[0, 0], [100, 0], [100, 100], [0, 100]])],
                            [closed([[0, 150], [20, 150], [20, 170], [0, 170]])],
                        ],
                        kind="MultiPolygon",
                    ),
                    feature("B", [closed([[100.3, 0], [200, 0], [200, 100], [100.3, 100]])]),
                ],
            }
        ),
        encoding="utf-8",
    )
    target = tmp_path / "out.yaml"
    # When imported with --islands separate and a snapping distance under the gap
    code = main(
        ["map", "import", str(source), "-o", str(target), "--islands", "separate", "--snap", "0.2"]
    )
    # Then the island is a province joined by the added sea, nothing was snapped
    assert code == 0
    out = capsys.readouterr().out
    assert "'A': its part around (20, 18.5) (area 400) became province 'A_2' (Name A (2))" in out
    assert "added the sea outside the land (as with --sea outside)" in out
    assert "moved its vertex" not in out
    m = load_map(target)
    assert [p.id for p in m.provinces] == ["A", "A_2", "B"]
    assert derive(m).graph.province("A").neighbors == ()
    # And with the default snapping distance (0.2 % of the map: 0.44) A and B border
    assert main(["map", "import", str(source), "-o", str(target), "--islands", "separate"]) == 0
    out = capsys.readouterr().out
    assert "'B': moved its vertex (110.3, 178.5) by 0.3 to (110, 178.5), onto 'A'" in out
    assert (
        "3 provinces, 1 sea; snapping distance 0.44; 1 island left out or made a province, "
        "2 vertices snapped, 1 note on the sea" in out
    )
    assert derive(load_map(target)).graph.province("A").neighbors == ("B",)


@pytest.mark.parametrize("value", ["-1", "far", "nan"])
def test_import_refuses_a_bad_snapping_distance(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["map", "import", "in.geojson", "-o", str(tmp_path / "o.yaml"), "--snap", value])
    assert "--snap" in capsys.readouterr().err


@pytest.mark.parametrize("attribute", ["flowers: lots", "defense: high", "flowers: 1.5"])
def test_a_count_of_the_wrong_kind_is_an_error_of_the_map_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], attribute: str
) -> None:
    # Given the tiny Rokugan map with a flower count or a defense that is no whole number
    key = attribute.split(":")[0]
    text = TINY_YAML.replace(f"    {key}: 2\n", f"    {attribute}\n")
    assert text != TINY_YAML
    path = write(tmp_path, text)
    # When checked for its game, Then the map's error says what to write (the board of
    # Battle for Rokugan, read for the game's needs, raised ValueError)
    assert main(["map", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}: error: province 'A' (line 13): field '{key}' is " in out


def test_a_palace_site_of_the_wrong_kind_is_said_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given the tiny map with a palace site written 1 instead of true
    text = TINY_YAML.replace("    name: Biwa\n", "    name: Biwa\n    palace_site: 1\n")
    path = write(tmp_path, text)
    # When checked for Rice Wars, Then the map's error says it, and the game does not
    # say it again (it was two errors, the map's and Rice Wars')
    assert main(["map", "check", str(path), "--game", "ricewars"]) == 1
    out = capsys.readouterr().out
    assert f"{path}: error: province 'B' (line 20): field 'palace_site' is 1" in out
    assert out.count("'palace_site'") == 1 and "palace_site is 1" not in out
