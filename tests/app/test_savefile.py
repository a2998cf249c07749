"""The app's save loader: the map is found by hash among the shipped maps and the recorded
file; hostile recorded files are skipped, never quoted; the Recent games summary."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from app.savefile import load_save, read_summary
from engine.saves import SaveError
from maps.api import load_map, save_map, shipped_map_path
from tests.app.real_saves import save_data, write_save
from tests.maps.test_io_hostile import alias_bomb


def with_map_path(tmp_path: Path, game: str, map_path: str) -> Path:
    data = json.loads(json.dumps(save_data(game)))
    data["app"]["map_path"] = map_path
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", ["rokugan", "shinobi", "ricewars"])
def test_real_saves_of_the_three_games_load(tmp_path: Path, game: str) -> None:
    loaded = load_save(write_save(tmp_path / "g.json", game))
    assert [str(a) for a in loaded.state.history] == save_data(game)["actions"]
    assert loaded.seats[0].is_human and len(loaded.seats) == 3


def test_a_recorded_map_path_that_is_no_map_is_skipped_for_the_shipped_map(
    tmp_path: Path,
) -> None:
    # Given saves whose recorded map file is unrelated text, a FIFO, a folder and an alias bomb
    text = tmp_path / "notes.yaml"
    text.write_text("SECRET first line of an unrelated file\n", encoding="utf-8")
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(alias_bomb(12), encoding="utf-8")
    for recorded in (text, fifo, tmp_path, bomb, tmp_path / "gone.yaml"):
        # When each is loaded, the shipped map with the right hash is used
        loaded = load_save(with_map_path(tmp_path, "ricewars", str(recorded)))
        assert loaded.map_path == Path(shipped_map_path("ricewars-quick"))


def test_an_edited_copy_of_a_shipped_map_is_found_by_hash(tmp_path: Path) -> None:
    # Given a game played on an edited copy of the quick board (same id, other content)
    from maps.geometry import map_hash

    edited = load_map(shipped_map_path("ricewars-quick"))
    edited.name = "Takuno, my edition"
    copy = tmp_path / "my-quick.yaml"
    save_map(edited, copy)
    data = json.loads(json.dumps(save_data("ricewars")))
    data["map"]["hash"] = map_hash(load_map(copy))
    data["app"]["map_path"] = str(copy)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    # Then the copy, whose hash matches, is the map (the shipped one is tried first)
    assert load_save(path).map_path == copy
    # And without the copy the message says the map changed, naming what to restore
    copy.unlink()
    with pytest.raises(SaveError) as caught:
        load_save(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: map 'ricewars-quick' has changed")
    assert "restore the map file" in message


def test_an_edited_map_id_is_refused_though_the_hash_finds_a_map(tmp_path: Path) -> None:
    # Given a quick-board save whose map id was edited to the epic board's
    data = json.loads(json.dumps(save_data("ricewars")))
    data["map"]["id"] = "ricewars-epic"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    # Then loading it names the field and the id its hash belongs to
    with pytest.raises(SaveError) as caught:
        load_save(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: field 'map.id' is 'ricewars-epic'")
    assert 'write "id": "ricewars-quick"' in message


def test_a_game_log_in_a_save_is_not_a_field_of_it(tmp_path: Path) -> None:
    # Given saves carrying a "log" (the story is told again from the actions; none is kept)
    for where in ("top", "app"):
        data = json.loads(json.dumps(save_data("shinobi")))
        (data if where == "top" else data["app"])["log"] = ["x"]
        path = tmp_path / f"{where}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        # Then each is refused, naming the field
        with pytest.raises(SaveError, match="log' is not a field of"):
            load_save(path)


def test_a_missing_map_names_the_map_and_the_fix_not_the_files_content(tmp_path: Path) -> None:
    # Given a save on a map nobody has, whose recorded path is an unrelated file
    secret = tmp_path / "diary.txt"
    secret.write_text("SECRET first line\n", encoding="utf-8")
    data = json.loads(json.dumps(save_data("ricewars")))
    data["map"] = {"id": "atlantis", "hash": "0" * 64}
    data["app"]["map_path"] = str(secret)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        load_save(path)
    message = str(caught.value)
    assert "the map 'atlantis' of this game is neither shipped nor found" in message
    assert "SECRET" not in message and "replay" not in message and "action" not in message


def test_the_app_fields_are_checked_too(tmp_path: Path) -> None:
    data = json.loads(json.dumps(save_data("shinobi")))
    data["app"]["seats"][1]["bot"] = 7
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match=r"seat 2: the seats are malformed \(a seat's 'bot' is 7"):
        load_save(path)
    data["app"]["seats"] = save_data("shinobi")["app"]["seats"][:2]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="lists 2 seats for 3 players"):
        load_save(path)
    data = json.loads(json.dumps(save_data("shinobi")))
    data["app"]["summary"]["round"] = "three"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="field 'app.summary.round' is the text 'three'"):
        load_save(path)


def test_the_summary_of_a_save_has_game_map_round_players_and_date(tmp_path: Path) -> None:
    summary = read_summary(write_save(tmp_path / "g.json", "ricewars"))
    assert summary.title() == "Rice Wars · ricewars-quick · round 2"
    assert summary.details().startswith("You (P0), P1 (normal), P2 (normal) · ")
    damaged = tmp_path / "bad.json"
    damaged.write_text("{", encoding="utf-8")
    bad = read_summary(damaged)
    assert bad.problem is not None and "not valid JSON" in bad.problem
    assert bad.title() == "bad.json · cannot be loaded"


def with_app(tmp_path: Path, version: int, **fields: object) -> Path:
    """A real Shinobi save of `version` with the app fields given (None: left out)."""
    data = json.loads(json.dumps(save_data("shinobi")))
    data["version"] = version
    for key, value in fields.items():
        if value is None:
            data["app"].pop(key, None)
        else:
            data["app"][key] = value
    path = tmp_path / "screen.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_version_1_save_without_the_screen_fields_loads_as_before(tmp_path: Path) -> None:
    # Given a save as Daimyo wrote it before version 2: no screen, hints, guide or undo
    path = with_app(tmp_path, 1, screen=None, hints=None, learn=None, undo=None)
    # When it is loaded
    app = load_save(path).app
    # Then nothing is pending: no step, no hint used, no guide, no undo past the load
    assert (app.steps, app.hints, app.learn, app.undo_floor) == ((), None, None, None)


def test_the_screen_fields_of_a_version_2_save_are_read(tmp_path: Path) -> None:
    actions = len(save_data("shinobi")["actions"])
    path = with_app(
        tmp_path,
        2,
        screen={"steps": [[actions - 1, 2], [actions - 1, 3]]},
        hints={"used": [5, 0, 0], "asked": [actions, None, None]},
        learn={"game": "shinobi", "done": ["allegiance"], "active": False},
        undo={"floor": actions - 4},
    )
    app = load_save(path).app
    assert app.steps == ((actions - 1, 2), (actions - 1, 3))
    assert app.hints is not None and app.hints.used == (5, 0, 0)
    assert app.hints.asked == (actions, None, None)
    assert app.learn is not None and app.learn.done == ("allegiance",) and not app.learn.active
    assert app.undo_floor == actions - 4


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"screen": {"steps": [[9999, 1]]}}, "field 'app.screen.steps'"),
        ({"screen": {"steps": [[0, 0]]}}, "field 'app.screen.steps'"),
        ({"screen": {"steps": [[1, 2], [1, 1]]}}, "out of order"),
        ({"screen": {"step": []}}, "field 'app.screen.step'"),
        ({"hints": {"used": [1, 2]}}, "not one per player"),
        ({"hints": {"used": [1, -2, 0]}}, "not hint counts"),
        ({"hints": {"used": [1, True, 0]}}, "not hint counts"),
        ({"learn": {"game": 3}}, "field 'app.learn.game'"),
        ({"undo": {"floor": 10**6}}, "field 'app.undo.floor'"),
    ],
)
def test_damaged_screen_fields_are_named(tmp_path: Path, fields: dict, message: str) -> None:
    with pytest.raises(SaveError, match=message.replace("(", r"\(")) as caught:
        load_save(with_app(tmp_path, 2, **fields))
    assert "damaged" in str(caught.value)
