"""One verdict on a map for a game (`maps.verdict`): a map with validation errors is not
ready, for every command that plays on it, prints its kit or playtests it."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from maps.api import load_map
from maps.verdict import file_verdict, map_verdict
from tests.maps.builders import broken_rokugan


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return broken_rokugan(tmp_path_factory.mktemp("verdict"))


def test_a_map_with_validation_errors_is_not_ready(broken: Path) -> None:
    # Given the Rokugan map with a shared vertex dragged across a neighbour
    mapfile = load_map(broken)
    # When the verdict for Battle for Rokugan is asked
    verdict = map_verdict("rokugan", mapfile)
    # Then the game itself finds all it needs, yet the map is not ready: its errors say why
    assert verdict.readiness.ready
    assert not verdict.ready
    assert "invalid_ring" in {issue.code for issue in verdict.map_errors}
    message = verdict.message()
    assert message.startswith("map 'rokugan' is not ready for Battle for Rokugan:")
    assert "self-intersection" in message


def test_two_capitals_of_one_clan_refuse_rokugan_and_play_rice_wars() -> None:
    from maps.api import shipped_map_path

    # Given the Rice Wars map, two of whose fields a designer marked as Crab capitals
    mapfile = load_map(shipped_map_path("ricewars-quick"))
    for p in mapfile.provinces[:2]:
        p.attrs["capital"] = "crab"
    first, second = (p.id for p in mapfile.provinces[:2])
    # Then Rice Wars, which has no capitals, plays it
    assert map_verdict("ricewars", mapfile).ready
    # And Battle for Rokugan refuses it, naming both provinces and the fix
    verdict = map_verdict("rokugan", mapfile)
    problem = next(p for p in verdict.errors if p.code == "capital_twice")
    assert problem.provinces == (first, second)
    assert f"'{first}', '{second}'" in problem.message
    assert "clear Capital clan in the editor's Province panel" in problem.message
    assert verdict.map_errors == ()


def test_the_shipped_map_is_ready() -> None:
    verdict = file_verdict("rokugan", "rokugan", 4)
    assert verdict.ready, verdict.message()
    assert not verdict.map_errors


def test_play_refuses_a_broken_map_with_its_reasons(broken: Path, capsys) -> None:
    # When a headless game is asked on the broken map
    code = main(["play", "rokugan", "--map", str(broken), "--seats", "random", "--players", "2"])
    # Then it is refused (exit 2, as README says) with the map's errors
    err = capsys.readouterr().err
    assert code == 2
    assert "not ready for Battle for Rokugan" in err
    assert "self-intersection" in err


def test_balance_refuses_a_broken_map_with_its_reasons(broken: Path, capsys) -> None:
    args = ["map", "balance", str(broken), "--game", "rokugan", "--players", "2", "--games", "1"]
    code = main([*args, "--workers", "1", "--bots", "random"])
    err = capsys.readouterr().err
    assert code == 2
    assert "self-intersection" in err


def test_kit_refuses_a_broken_map_with_its_reasons(qapp, broken: Path, tmp_path, capsys) -> None:
    code = main(["kit", "rokugan", "--map", str(broken), "-o", str(tmp_path / "kit.pdf")])
    err = capsys.readouterr().err
    assert code == 2
    assert "not ready for Battle for Rokugan" in err
    assert "self-intersection" in err
    assert not (tmp_path / "kit.pdf").exists()


def test_check_says_not_ready_for_any_game_when_the_map_has_errors(broken: Path, capsys) -> None:
    # Given the broken map declared for no game in particular
    text = broken.read_text(encoding="utf-8").replace("game: rokugan", "game: any", 1)
    anymap = broken.with_name("any.yaml")
    anymap.write_text(text, encoding="utf-8")
    # When it is checked, Then no game calls it ready
    assert main(["map", "check", str(anymap)]) == 1
    out = capsys.readouterr().out
    assert "ready for Battle for Rokugan (" not in out
    assert "not ready for Battle for Rokugan:" in out


def test_arena_refuses_a_broken_map_with_its_reasons(broken: Path, capsys) -> None:
    # When bots are matched on the broken map
    code = main(["arena", "rokugan", "--map", str(broken), "--bots", "random,random"])
    # Then no game is played: exit 2 with the map's errors
    assert code == 2
    err = capsys.readouterr().err
    assert "not ready for Battle for Rokugan" in err and "self-intersection" in err
