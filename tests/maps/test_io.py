"""Loading and saving map files: the format, precise errors, round trips, atomic writes."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

import engine.files
from maps import api
from maps.api import MapError, dump_map, load_graph, load_map, parse_map, save_map
from maps.geometry import derive
from tests.maps.builders import TINY_YAML

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str, name: str = "tiny.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load_error(tmp_path: Path, text: str) -> MapError:
    with pytest.raises(MapError) as info:
        load_map(write(tmp_path, text))
    return info.value


# --------------------------------------------------------------------------- reading


def test_loads_every_part_of_a_map(tmp_path: Path) -> None:
    # Given the small example map
    # When it is loaded
    m = load_map(write(tmp_path, TINY_YAML))
    # Then every field is read, with game attributes kept apart
    assert (m.id, m.name, m.game) == ("tiny", "Tiny Isle", "rokugan")
    assert (m.width_mm, m.height_mm, m.extent) == (200, 100, (0, 0, 200, 100))
    a = m.province("A")
    assert a.polygon == [(10, 10), (100, 10), (100, 90), (10, 90)]
    assert a.label == (55, 50)
    assert a.attrs == {"flowers": 2, "capital": "crab", "defense": 2}
    assert m.territories[0].provinces == ["A", "B"]
    assert m.territory_of("B") == "west"
    assert m.seas[0].polygons[0].holes == [[(10, 10), (190, 10), (190, 90), (10, 90)]]
    assert m.path == tmp_path / "tiny.yaml"


def test_territory_on_a_province_joins_that_territory(tmp_path: Path) -> None:
    # Given B names its territory itself instead of being listed
    text = TINY_YAML.replace("provinces: [A, B]", "provinces: [A]").replace(
        "    name: Biwa\n", "    name: Biwa\n    territory: west\n"
    )
    # When loaded, Then B is a member, and saving writes the canonical list form
    m = load_map(write(tmp_path, text))
    assert m.territories[0].provinces == ["A", "B"]
    assert "territory:" not in dump_map(m)


def test_territory_on_a_province_that_disagrees_is_an_error(tmp_path: Path) -> None:
    # Given B says territory east while west lists it
    text = TINY_YAML.replace(
        "territories:\n",
        'territories:\n  - id: east\n    name: East\n    colour: "#000000"\n',
    ).replace("    name: Biwa\n", "    name: Biwa\n    territory: east\n")
    error = load_error(tmp_path, text)
    # Then the message names the line of `territory:` and both territories
    assert error.line == text.splitlines().index("    territory: east") + 1
    assert "province 'B': field 'territory'" in str(error)
    assert "'east'" in str(error) and "'west'" in str(error)


def test_closed_rings_and_numeric_ids_are_accepted(tmp_path: Path) -> None:
    # Given a ring that repeats its first point, and a numbered province
    text = (
        TINY_YAML.replace(
            "[[10, 10], [100, 10], [100, 90], [10, 90]]",
            "[[10, 10], [100, 10], [100, 90], [10, 90], [10, 10]]",
        )
        .replace("id: B", "id: 7")
        .replace("[A, B]", "[A, 7]")
    )
    m = load_map(write(tmp_path, text))
    # Then the repeat is dropped and the id is text
    assert len(m.province("A").polygon) == 4
    assert m.provinces[1].id == "7"
    assert "'7'" in dump_map(m)


# --------------------------------------------------------------------------- malformed files


def test_bad_yaml_names_file_and_line(tmp_path: Path) -> None:
    # Given a line with a bracket left open
    text = TINY_YAML.replace("extent: [0, 0, 200, 100]", "extent: [0, 0, 200, 100")
    error = load_error(tmp_path, text)
    # Then the error names the file and a line at or after the broken one
    assert str(error).startswith(str(tmp_path / "tiny.yaml") + ": line ")
    assert error.line is not None and error.line >= 5
    assert "not valid YAML" in str(error)


def test_missing_field_names_the_province_and_its_line(tmp_path: Path) -> None:
    # Given province B without a polygon
    text = TINY_YAML.replace("    polygon: [[100, 10], [190, 10], [190, 90], [100, 90]]\n", "")
    error = load_error(tmp_path, text)
    # Then the error names the province entry's line and the missing field
    assert error.line == text.splitlines().index("  - id: B") + 1
    assert "province 'B'" in str(error) and "missing field 'polygon'" in str(error)


def test_polygon_of_the_wrong_type_gives_the_documented_message(tmp_path: Path) -> None:
    # Given A's polygon is a single number
    text = TINY_YAML.replace(
        "    polygon: [[10, 10], [100, 10], [100, 90], [10, 90]]", "    polygon: 5"
    )
    error = load_error(tmp_path, text)
    # Then the message is exactly the documented one, with file and line
    assert str(error) == (
        f"{tmp_path / 'tiny.yaml'}: line 15: province 'A': field 'polygon' must be a list "
        "of [x, y] pairs with at least 3 points"
    )


def test_polygon_with_two_points_is_rejected(tmp_path: Path) -> None:
    text = TINY_YAML.replace("[[10, 10], [100, 10], [100, 90], [10, 90]]", "[[10, 10], [100, 10]]")
    error = load_error(tmp_path, text)
    assert error.line == 15 and "at least 3 points" in str(error)


def test_point_that_is_not_a_pair_names_the_point(tmp_path: Path) -> None:
    text = TINY_YAML.replace(
        "[[10, 10], [100, 10], [100, 90], [10, 90]]", "[[10, 10], [100], [100, 90]]"
    )
    error = load_error(tmp_path, text)
    assert "province 'A': field 'polygon' point 2 must be a point [x, y]" in str(error)


def test_wrong_type_of_name_is_reported(tmp_path: Path) -> None:
    text = TINY_YAML.replace("    name: Biwa", "    name: [1, 2]")
    error = load_error(tmp_path, text)
    assert error.line == text.splitlines().index("    name: [1, 2]") + 1
    assert "province 'B': field 'name' must be a non-empty text, not a list" in str(error)


def test_unknown_province_in_a_territory_names_its_line(tmp_path: Path) -> None:
    # Given territory west lists Z, which is no province
    text = TINY_YAML.replace("provinces: [A, B]", "provinces:\n      - A\n      - Z\n      - B")
    error = load_error(tmp_path, text)
    # Then the line is that of the list item Z
    assert error.line == text.splitlines().index("      - Z") + 1
    assert "territory 'west'" in str(error) and "unknown province 'Z'" in str(error)


def test_wrong_format_version_says_which_is_read(tmp_path: Path) -> None:
    error = load_error(tmp_path, TINY_YAML.replace("format: 1", "format: 2"))
    assert error.line == 1 and "format 1" in str(error)


def test_unknown_top_level_field_lists_known_ones(tmp_path: Path) -> None:
    error = load_error(tmp_path, TINY_YAML.replace("game: rokugan", "gmae: rokugan"))
    assert error.line == 6 and "'gmae'" in str(error) and "game" in str(error.fix or "")


def test_repeated_key_is_an_error(tmp_path: Path) -> None:
    error = load_error(
        tmp_path, TINY_YAML.replace("    flowers: 2\n", "    flowers: 2\n    flowers: 3\n")
    )
    assert error.line == 18 and "repeats the key 'flowers'" in str(error)


def test_bad_colour_shows_the_expected_form(tmp_path: Path) -> None:
    error = load_error(tmp_path, TINY_YAML.replace('"#8fbf6a"', "green"))
    assert error.line == 10 and "#rrggbb" in str(error)


def test_id_with_border_separator_is_rejected(tmp_path: Path) -> None:
    error = load_error(tmp_path, TINY_YAML.replace("id: B", "id: B|C"))
    assert "not a valid id" in str(error)


def test_missing_file_is_a_map_error(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="does not exist"):
        load_map(tmp_path / "nope.yaml")


# --------------------------------------------------------------------------- writing


def test_save_load_save_gives_the_same_text_and_graph(tmp_path: Path) -> None:
    # Given a loaded map with unusual values
    m = load_map(write(tmp_path, TINY_YAML))
    m.province("A").attrs.update(
        note="yes", ratio=0.25, tiny=1e-7, nested={"b": [1, 2], "a": "x: y"}
    )
    m.province("B").name = "Biwa #2"
    m.province("B").polygon[2] = (190.5, 90)
    # When saved, loaded and saved again
    first, second = tmp_path / "one.yaml", tmp_path / "two.yaml"
    save_map(m, first)
    again = load_map(first)
    save_map(again, second)
    # Then the texts are identical and so are the graphs
    assert first.read_text() == second.read_text()
    assert again == m
    assert derive(again).graph == derive(m).graph


def test_canonical_text_puts_rings_on_one_line(tmp_path: Path) -> None:
    text = dump_map(parse_map(TINY_YAML))
    assert "    polygon: [[10, 10], [100, 10], [100, 90], [10, 90]]\n" in text
    assert text.index("capital") < text.index("defense") < text.index("flowers")


def test_hash_changes_with_content_only() -> None:
    a = derive(parse_map(TINY_YAML)).graph.hash
    # the same content, with a comment, other spacing and a closed ring
    reformatted = TINY_YAML.replace("game: rokugan", "game:   rokugan   # the game").replace(
        "[[10, 10], [100, 10], [100, 90], [10, 90]]", "[[10,10],[100,10],[100,90],[10,90],[10,10]]"
    )
    b = derive(parse_map(reformatted)).graph.hash
    c = derive(parse_map(TINY_YAML.replace("flowers: 2", "flowers: 3"))).graph.hash
    assert a == b != c
    assert a == hashlib.sha256(dump_map(parse_map(TINY_YAML)).encode("utf-8")).hexdigest()


def test_a_failed_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a saved map
    path = write(tmp_path, TINY_YAML)
    before = path.read_text()
    m = load_map(path)
    m.name = "Changed"

    # When the rename at the end of the write fails
    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(engine.files.os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        save_map(m, path)
    # Then the old file is intact and no temporary file is left behind
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["tiny.yaml"]


# ---------------------------------------------------------------------- shipped maps, graphs


def test_shipped_maps_lists_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a data folder holding one map
    monkeypatch.setattr(api, "DATA_DIR", tmp_path)
    write(tmp_path, TINY_YAML)
    # Then it is listed and found by id, and load_graph takes the id
    assert api.shipped_maps() == ["tiny"]
    assert api.shipped_map_path("tiny") == tmp_path / "tiny.yaml"
    assert load_graph("tiny").province("A").neighbors == ("B",)
    with pytest.raises(MapError, match="shipped maps are: tiny"):
        api.shipped_map_path("nowhere")


def test_load_graph_reads_a_path_and_sees_changes(tmp_path: Path) -> None:
    path = write(tmp_path, TINY_YAML)
    graph = load_graph(path)
    assert graph.province("A").attrs["flowers"] == 2
    path.write_text(TINY_YAML.replace("flowers: 2", "flowers: 4"), encoding="utf-8")
    assert load_graph(str(path)).province("A").attrs["flowers"] == 4


def test_every_shipped_map_loads() -> None:
    for map_id in api.shipped_maps():
        assert load_graph(map_id).provinces


# --------------------------------------------------------------------------- FORMAT.md


def test_format_md_example_loads_and_derives() -> None:
    # Given the complete example in maps/FORMAT.md
    text = (ROOT / "maps" / "FORMAT.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", text, re.DOTALL)
    assert example is not None
    # When it is parsed, Then it loads and has the documented graph
    m = parse_map(example.group(1), "FORMAT.md")
    graph = derive(m).graph
    assert graph.province("A").neighbors == ("B",)
    assert graph.province("A").coastal
