"""`daimyo map check MAP [--game GAME]` (the map's own game by default) and `daimyo play
GAME --map MAP` on maps a game cannot be played on: exit 1 (2 for play) with every unmet
requirement and its fix."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from maps.api import shipped_map_path

FOUR_SQUARES = """\
format: 1
id: tiny
name: Four Squares
size: {width_mm: 200, height_mm: 200}
extent: [0, 0, 200, 200]
game: rokugan
provinces:
  - id: A
    name: Aoba
    polygon: [[0, 0], [100, 0], [100, 100], [0, 100]]
  - id: B
    name: Biwa
    polygon: [[100, 0], [200, 0], [200, 100], [100, 100]]
  - id: C
    name: Chiba
    polygon: [[0, 100], [100, 100], [100, 200], [0, 200]]
  - id: D
    name: Daigo
    polygon: [[100, 100], [200, 100], [200, 200], [100, 200]]
"""

# Two clans' capitals, flowers, 2 territories: ready for 2 players (4 objectives: Crab's,
# Lion's, Humility and the Lost Lands), not for 3.
TWO_CLANS = (
    FOUR_SQUARES.replace(
        "provinces:\n  - id: A",
        "territories:\n"
        "  - {id: west, name: West, colour: '#8fbf6a', provinces: [A, C]}\n"
        "  - {id: east, name: East, colour: '#bf8f6a', provinces: [B, D]}\n"
        "provinces:\n  - id: A",
    )
    .replace("    name: Aoba\n", "    name: Aoba\n    capital: crab\n    flowers: 2\n")
    .replace("    name: Daigo\n", "    name: Daigo\n    capital: lion\n    flowers: 2\n")
    .replace("    name: Biwa\n", "    name: Biwa\n    shadowlands: true\n")
)


def write(tmp_path: Path, text: str, name: str = "tiny.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_plain_check_checks_the_game_the_map_declares(tmp_path: Path, capsys) -> None:
    # Given the map, which declares Battle for Rokugan
    path = write(tmp_path, FOUR_SQUARES)
    # When checked with no --game, Then it is checked for its own game: exit 1, each reason
    assert main(["map", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}: error: no capital for any clan:" in out
    assert "valid:" not in out
    # and --game still chooses another game
    assert main(["map", "check", str(path), "--game", "ricewars"]) == 1
    out = capsys.readouterr().out
    assert "error: no palace site" in out and "no capital" not in out


def test_a_map_for_any_game_says_which_games_it_is_ready_for(tmp_path: Path, capsys) -> None:
    # Given the four squares for no game in particular, and the two clans' map likewise
    squares = write(tmp_path, FOUR_SQUARES.replace("game: rokugan", "game: any"), "any.yaml")
    clans = write(tmp_path, TWO_CLANS.replace("game: rokugan\n", ""), "clans.yaml")
    # When checked, Then each is valid (exit 0), with one line per map game
    assert main(["map", "check", str(squares)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{squares}: not ready for Battle for Rokugan: 3 unmet requirements; list them "
        f"with: daimyo map check {squares} --game rokugan",
        f"{squares}: not ready for Rice Wars: 2 unmet requirements; list them with: "
        f"daimyo map check {squares} --game ricewars",
        f"{squares}: valid: 4 provinces, 0 territories, 0 warnings",
    ]
    assert main(["map", "check", str(clans)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        f"{clans}: ready for Battle for Rokugan (2 players; clans: Crab, Lion; 8 limits)"
    )
    assert out[1].startswith(f"{clans}: not ready for Rice Wars: ")
    assert len(out) == 3 and out[2].startswith(f"{clans}: valid: 4 provinces")


def test_check_for_rokugan_lists_every_unmet_requirement(tmp_path: Path, capsys) -> None:
    # Given the map: four squares, no territories, capitals or flowers
    path = write(tmp_path, FOUR_SQUARES)
    # When checked for Battle for Rokugan, Then it exits 1 listing each with its fix
    assert main(["map", "check", str(path), "--game", "rokugan"]) == 1
    out = capsys.readouterr().out
    assert (
        f"{path}: error: no capital for any clan: mark a province as a clan's capital in the "
        "editor's Province panel (Capital clan)"
    ) in out
    assert f"{path}: error: no territories:" in out
    assert f"{path}: error: no province outside the Shadowlands has flowers" in out
    assert f"{path}: limit: no Shadowlands province" in out
    # and the closing line counts the lines above by their label
    assert out.count(": error: ") == 3 and out.count(": limit: ") == 2
    assert out.strip().endswith(
        f"{path}: 3 errors (0 in the map, 3 unmet requirements of Battle for Rokugan), "
        "0 warnings, 2 limits"
    )


def test_check_for_rice_wars_names_palace_sites(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, FOUR_SQUARES)
    assert main(["map", "check", str(path), "--game", "ricewars"]) == 1
    assert "error: no palace site: tick 'palace site'" in capsys.readouterr().out


def test_a_ready_map_exits_0_with_its_players_and_clans(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, TWO_CLANS)
    assert main(["map", "check", str(path), "--game", "rokugan"]) == 0
    out = capsys.readouterr().out
    assert "limit: clans without a capital cannot be played: Crane, Dragon" in out
    assert out.strip().splitlines()[-1] == (
        f"{path}: valid: 4 provinces, 2 territories, 0 warnings; ready for Battle for "
        "Rokugan (2 players; clans: Crab, Lion; 8 limits)"
    )


@pytest.mark.parametrize(
    ("map_id", "game"),
    [("rokugan", "rokugan"), ("ricewars-quick", "ricewars"), ("ricewars-epic", "ricewars")],
)
def test_shipped_maps_are_ready_for_their_game(map_id: str, game: str, capsys) -> None:
    assert main(["map", "check", map_id, "--game", game]) == 0
    out = capsys.readouterr().out
    assert f"{shipped_map_path(map_id)}: valid:" in out and "; ready for " in out
    assert "limit:" not in out and "error:" not in out


def test_play_refuses_an_unready_map_with_the_message(tmp_path: Path) -> None:
    # Given the four squares, When a game is asked for on it (a real process: no traceback)
    path = write(tmp_path, FOUR_SQUARES)
    run = subprocess.run(
        [sys.executable, "-m", "app.cli", "play", "rokugan", "--map", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    # Then it exits non-zero and says why, with the fixes
    assert run.returncode != 0
    assert run.stderr.startswith("daimyo play: map 'tiny' is not ready for Battle for Rokugan:")
    assert "- no capital for any clan: mark a province as a clan's capital" in run.stderr
    assert "Traceback" not in run.stderr and run.stdout == ""


def test_play_refuses_more_players_than_the_map_has_clans(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, TWO_CLANS)
    assert main(["play", "rokugan", "--map", str(path), "--players", "3"]) == 2
    err = capsys.readouterr().err
    assert "only 2 clans have a capital (Crab in 'A', Lion in 'D'); 3 players need 3" in err


def test_play_on_a_ready_custom_map_plays_its_clans(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, TWO_CLANS)
    assert main(["play", "rokugan", "--map", str(path), "--players", "2", "--json"]) == 0
    assert '"rounds": 5' in capsys.readouterr().out
