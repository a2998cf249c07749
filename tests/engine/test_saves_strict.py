"""The save loader refuses every family of damaged saves with a message that names the file,
the field and the fix, and blames the replay only for actions that do not apply."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from engine.registry import get_game
from engine.saves import SaveError, load_game, read_save, save_dict
from tests.engine.rokugan.fixtures import graph_for


def shinobi_save(moves: int = 6) -> dict[str, Any]:
    """A real Shinobi save after a few first-legal moves."""
    state = get_game("shinobi").new_game(3, 11, {})
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return save_dict(state)


def rokugan_save() -> dict[str, Any]:
    state = get_game("rokugan").new_game(
        3, 4, {"clans": ["crab", "lion", "crane"]}, graph_for("rokugan")
    )
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    return save_dict(state)


def write(tmp_path: Path, data: Any, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def refused(path: Path) -> str:
    """The message of loading `path`; it must be a SaveError naming the file."""
    with pytest.raises(SaveError) as caught:
        load_game(path, graph_for)
    message = str(caught.value)
    assert message.startswith(f"{path}: "), message
    return message


def test_a_real_save_loads(tmp_path: Path) -> None:
    data = shinobi_save()
    state = load_game(write(tmp_path, data))
    assert [str(a) for a in state.history] == data["actions"]


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("players", 3.7, "field 'players' is 3.7 (a fraction), not a whole number"),
        ("players", 3.0, "field 'players' is 3.0 (a decimal), not a whole number"),
        ("players", None, "field 'players' is null, not a whole number"),
        ("players", True, "field 'players' is true (a yes/no value)"),
        ("players", "3", "field 'players' is the text '3'"),
        ("players", 9, "field 'players' is 9, not within 2 to 5"),
        ("seed", 11.9, "field 'seed' is 11.9 (a fraction), not a whole number"),
        ("seed", [1], "field 'seed' is a list of 1, not a whole number"),
        ("version", True, "field 'version': save version true (a yes/no value) is not supported"),
        ("version", 3, "save version 3 is not supported"),
        ("actions", {}, "field 'actions' is an object, not a list"),
        ("actions", "a b", "field 'actions' is the text 'a b', not a list"),
        ("settings", [], "field 'settings' is a list of 0, not an object"),
        ("settings", {"first": 1.5}, "setting 'first' is 1.5 (a fraction)"),
        ("settings", {"speed": 3}, "setting 'speed' is not a setting of Shinobi"),
        ("map", {"id": "rokugan"}, "field 'map' is an object, but Shinobi is not played on a map"),
        ("game", 7, "field 'game' is 7, not a text"),
        ("extra", 1, "field 'extra' is not a field of a Daimyo save"),
    ],
)
def test_a_field_of_the_wrong_type_or_range_is_named(
    tmp_path: Path, field: str, value: Any, words: str
) -> None:
    # Given a real save with one field changed
    data = shinobi_save()
    data[field] = value
    # Then loading names the file, the field and what it holds, and says how to fix it
    message = refused(write(tmp_path, data))
    assert words in message
    assert "; " in message.split(words, 1)[1], "the message ends with the fix"


@pytest.mark.parametrize("missing", ["players", "seed", "actions", "game"])
def test_a_missing_field_is_named(tmp_path: Path, missing: str) -> None:
    data = shinobi_save()
    del data[missing]
    assert f"field {missing!r} is missing" in refused(write(tmp_path, data))


@pytest.mark.parametrize("action", [5, None, ["pass"], {"a": 1}, True])
def test_an_action_that_is_not_a_text_is_named_with_its_number(tmp_path: Path, action: Any) -> None:
    # Given a save whose third action is a number, null, a list...
    data = shinobi_save()
    data["actions"][2] = action
    # Then the message names action 3 (no AttributeError from .split on an int)
    assert "action 3 is " in refused(write(tmp_path, data))


@pytest.mark.parametrize("field", ["seed", "players"])
def test_a_number_of_5000_digits_is_named_not_parsed(tmp_path: Path, field: str) -> None:
    text = json.dumps(shinobi_save())
    start = text.index(f'"{field}": ') + len(f'"{field}": ')
    end = text.index(",", start)
    message = refused(write(tmp_path, text[:start] + "7" * 5000 + text[end:]))
    assert f"field {field!r} is a number with 5000 digits" in message


@pytest.mark.parametrize("constant", ["Infinity", "-Infinity", "NaN", "1e999"])
def test_infinite_seeds_are_named(tmp_path: Path, constant: str) -> None:
    text = json.dumps(shinobi_save())
    start = text.index('"seed": ') + len('"seed": ')
    end = text.index(",", start)
    message = refused(write(tmp_path, text[:start] + constant + text[end:]))
    assert "field 'seed' is" in message and "not a finite number" in message


def test_deeply_nested_arrays_are_refused_before_parsing(tmp_path: Path) -> None:
    # Given a save whose settings hold a list nested 100,000 deep (RecursionError before)
    text = json.dumps(shinobi_save()).replace(
        '"settings": {}', '"settings": ' + "[" * 100_000 + "]" * 100_000
    )
    message = refused(write(tmp_path, text))
    assert "nested more than" in message


def test_an_unclosed_string_of_escaped_quotes_is_refused_at_once(tmp_path: Path) -> None:
    # Given a save that is one string never closed, 400,000 escaped quotes long (the depth
    # check's string pattern once retried it from every quote: hours for a file this size)
    message = refused(write(tmp_path, '"' + '\\"' * 400_000))
    # Then it is refused as JSON that does not parse, at the place the string starts
    assert "line 1, column 1: not valid JSON" in message


def test_a_duplicate_field_is_refused(tmp_path: Path) -> None:
    text = json.dumps(shinobi_save()).replace('"seed": 11', '"seed": 11, "seed": 12')
    assert "'seed' appears twice" in refused(write(tmp_path, text))


@pytest.mark.parametrize(
    ("encoding", "seems"),
    [
        ("utf-16", "UTF-16 (little-endian) text"),
        ("utf-16-be", "UTF-16 (big-endian) text"),
        ("cp1252", "Windows-1252"),
    ],
)
def test_a_save_in_another_encoding_says_which(tmp_path: Path, encoding: str, seems: str) -> None:
    data = shinobi_save()
    data["app"] = {"seats": [{"kind": "human", "name": "Jérôme"}] * 3}
    path = tmp_path / "game.json"
    path.write_bytes(json.dumps(data, ensure_ascii=False).encode(encoding))
    message = refused(path)
    assert (
        "is not UTF-8 text" in message and seems in message and "save it again as UTF-8" in message
    )


def test_invalid_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{\n "format": "daimyo-save",\n "x": "\xff\xfe"}')
    assert "byte 0xFF at line 3, column 8" in refused(path)


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    # Given a save path that is a named pipe nobody writes to
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    messages: list[str] = []
    reader = threading.Thread(target=lambda: messages.append(refused(fifo)), daemon=True)
    # When it is loaded, it returns at once with a message (it used to block forever)
    reader.start()
    reader.join(20)
    assert not reader.is_alive(), "loading a FIFO blocked"
    assert "named pipe (FIFO), not a file" in messages[0]


def test_a_folder_and_a_huge_file_are_refused(tmp_path: Path) -> None:
    assert "is a folder" in refused(tmp_path)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(9 * 2**20)
    assert "is larger than 8 MB" in refused(huge)


def test_rokugan_settings_of_the_wrong_type_are_named(tmp_path: Path) -> None:
    data = rokugan_save()
    data["settings"] = {"clans": 5}
    assert "setting 'clans' is 5, not a list of clans" in refused(write(tmp_path, data))
    data["settings"] = {"clans": ["crab", "crab", "lion"]}
    assert "setting 'clans' names a clan twice" in refused(write(tmp_path, data))
    data["settings"] = {"clans": ["crab", "lion", "crane"], "table_placements": "yes"}
    assert "setting 'table_placements' is the text 'yes'" in refused(write(tmp_path, data))


def test_a_setup_the_rules_refuse_is_not_blamed_on_the_replay(tmp_path: Path) -> None:
    # Given a Shinobi save whose first player is edited to a seat that does not exist...
    data = shinobi_save()
    data["settings"] = {"variant": "two-player"}
    # Then the message is about the setup, not about action 1
    message = refused(write(tmp_path, data))
    assert "cannot be set up" in message and "action" not in message.split(";")[0]


def test_the_first_action_that_fails_is_named_with_its_number_and_text(tmp_path: Path) -> None:
    data = shinobi_save()
    data["actions"][3] = "fly away"
    message = refused(write(tmp_path, data))
    assert "action 4 'fly away'" in message
    # and an action that parses but is not legal there
    data = shinobi_save()
    data["actions"][4], data["actions"][5] = data["actions"][5], data["actions"][4]
    message = refused(write(tmp_path, data))
    assert "action 5 " in message and "cannot be replayed" in message


def test_read_save_checks_without_replaying(tmp_path: Path) -> None:
    data = shinobi_save()
    data["actions"][0] = "fly away"  # only a replay finds this
    save = read_save(write(tmp_path, data))
    assert save.setup.players == 3 and save.actions[0] == "fly away"
