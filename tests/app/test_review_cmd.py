"""`daimyo review SAVE --as SEAT`: saves of all three games, the JSON contract, errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ai.match import play_match
from ai.review import review_game
from app.cli import main
from engine.registry import get_game
from engine.saves import save_game
from tests.app.real_saves import GAMES, save_text

MAPS = {"rokugan": "rokugan", "ricewars": "ricewars-quick", "shinobi": None}


@pytest.fixture(scope="module")
def finished_saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A finished 3-player game of each game (`random` in seat 0), saved by the engine."""
    from maps.api import load_graph

    folder = tmp_path_factory.mktemp("reviews")
    paths = {}
    for game in GAMES:
        graph = load_graph(MAPS[game]) if MAPS[game] else None
        _, state = play_match(get_game(game), ["random", "greedy", "greedy"], 3, graph, {})
        paths[game] = folder / f"{game}.json"
        save_game(state, paths[game])
    return paths


@pytest.mark.parametrize("game", GAMES)
def test_review_json_is_exactly_the_contract(
    game: str, finished_saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    # When a finished game is reviewed for seat 0 with three moments
    code = main(["review", str(finished_saves[game]), "--as", "1", "--moments", "3",
                 "--nodes", "150", "--json"])  # fmt: skip
    # Then it prints one JSON object with exactly the contract's fields
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["seat", "decisions", "moments"]
    assert data["seat"] == 1 and data["decisions"] > 10
    assert 1 <= len(data["moments"]) <= 3
    losses = [m["loss"] for m in data["moments"]]
    assert losses == sorted(losses, reverse=True) and min(losses) >= 0
    spec = get_game(game)
    for moment in data["moments"]:
        assert list(moment) == ["index", "round", "chosen", "suggested", "loss"]
        assert type(moment["index"]) is int and type(moment["round"]) is int
        assert str(spec.parse_action(moment["chosen"])) == moment["chosen"]
        assert str(spec.parse_action(moment["suggested"])) == moment["suggested"]
        assert moment["chosen"] != moment["suggested"]


@pytest.mark.parametrize("game", GAMES)
def test_review_reads_the_apps_saves_and_prints_moments_and_scores(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a save the app wrote of a game in progress (seats, map file, summary)
    path = tmp_path / "game.json"
    path.write_text(save_text(game), encoding="utf-8")
    # When it is reviewed as text
    code = main(["review", str(path), "--as", "You", "--nodes", "100"])
    out = capsys.readouterr().out
    # Then the report names the game and the seat, and the scores after each round
    assert code == 0
    assert out.startswith(f"Review of {get_game(game).name}, seat 1 (You): ")
    assert "after each round:" in out
    assert "seat 2 (Normal)" in out
    # and its one number is explained, never summed over projections, never "expected"
    assert "projected lead (your lead over the best rival" in out or "none cost" in out
    assert "in all" not in out and "expected" not in out
    # the per-round table is named in the review's unit, and the moves are read inside
    # the sentence ("you: you place …", never "you: You place …")
    title = {"rokugan": "Honor", "ricewars": "Fields", "shinobi": "Clan's cards"}[game]
    assert f"\n{title} after each round:\n" in out
    assert "Army after each round" not in out
    moves = re.findall(r"— you: (.)[^;]*; the AI: (.)", out)
    assert moves or "none cost" in out
    for chosen, suggested in moves:
        assert not chosen.isupper() and not suggested.isupper(), out


def test_the_json_agrees_with_the_review_of_the_same_game(
    finished_saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    from app.savefile import load_save

    path = finished_saves["shinobi"]
    main(["review", str(path), "--as", "2", "--nodes", "120", "--json"])
    printed = json.loads(capsys.readouterr().out)
    review = review_game("shinobi", load_save(path).state, 1, nodes=120)
    expected = json.loads(json.dumps(review.to_json(5)))
    assert printed == {**expected, "seat": 2}


def test_a_seat_the_game_does_not_have_is_an_error(
    finished_saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["review", str(finished_saves["shinobi"]), "--as", "4"])
    assert code == 2
    # the message lists every seat by the names `--as` accepts (a finished Shinobi game:
    # the allegiances are revealed)
    expected = "--as '4' names no seat of this game; choose one of 1 (You/Player 1/"
    err = capsys.readouterr().err
    assert expected in err and ", 3 (Player 3/" in err


def test_a_seat_may_be_named_by_its_clan(
    finished_saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    from app.savefile import load_save
    from engine.rokugan.data import CLANS

    state = load_save(finished_saves["rokugan"]).state
    clan = CLANS[state.clans[2]]
    code = main(["review", str(finished_saves["rokugan"]), "--as", clan.upper(), "--nodes", "60",
                 "--json", "--moments", "0"])  # fmt: skip
    assert code == 0
    assert json.loads(capsys.readouterr().out)["seat"] == 3


def test_a_broken_save_is_an_error_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "daimyo-save", "version": 1, "game": "chess"}', encoding="utf-8")
    code = main(["review", str(path), "--as", "0"])
    assert code == 2
    assert str(path) in capsys.readouterr().err


@pytest.mark.parametrize("game", GAMES)
def test_the_end_screen_and_the_review_chart_the_engines_scores_by_round(
    game: str, finished_saves: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a finished game of each kind
    from app.games import game_ui
    from app.savefile import load_save
    from engine.core import scores_by_round

    state = load_save(finished_saves[game]).state
    series = scores_by_round(state)
    # Then the series runs round by round to the end's figures (honor, fields, the clan)
    assert [seat[-1] for seat in series] == state.round_scores()
    assert len({len(seat) for seat in series}) == 1 and len(series[0]) >= 2
    # ... the end screen charts that very series
    assert game_ui(game).score_table(state).history == series
    # ... and the review prints it for every player
    assert main(["review", str(finished_saves[game]), "--as", "1", "--nodes", "20",
                 "--moments", "1"]) == 0  # fmt: skip
    table = capsys.readouterr().out.split("after each round:\n")[1].splitlines()
    printed = [[float(v) for v in line.split(": ")[1].split()] for line in table]
    assert printed == [list(seat) for seat in series[: state.num_players]]


def test_a_save_of_daimyo_play_names_the_bots_that_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.savefile import AI, Seat, load_save

    # Given a Shinobi game played headless by three different bots and saved
    path = tmp_path / "played.json"
    assert main(["play", "shinobi", "--seats", "random,easy,greedy", "--seed", "2",
                 "--save", str(path)]) == 0  # fmt: skip
    capsys.readouterr()
    # Then the save records the seats as the app does, each the bot that played it
    app = json.loads(path.read_text(encoding="utf-8"))["app"]
    assert app.pop("summary")["finished"] is True  # (what the Recent games list shows)
    assert app == {
        "seats": [{"kind": "ai", "bot": bot, "name": "", "choice": None}
                  for bot in ("random", "easy", "greedy")],
        "map_path": None,
    }  # fmt: skip
    assert load_save(path).seats == (Seat(AI, "random"), Seat(AI, "easy"), Seat(AI, "greedy"))
    # and the review names them so: no "You", no "normal"
    assert main(["review", str(path), "--as", "1", "--nodes", "60", "--moments", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of Shinobi, seat 1 (Random): ")
    assert "  seat 2 (Easy): " in out and "  seat 3 (Greedy): " in out
    assert "You" not in out and "normal" not in out
    assert main(["review", str(path), "--as", "4"]) == 2
    err = capsys.readouterr().err
    assert "choose one of 1 (Player 1/" in err and ", 3 (Player 3/" in err


def test_a_save_of_daimyo_play_on_a_map_file_finds_its_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.app.test_map_readiness_cli import TWO_CLANS

    # Given a game played on a map file that is not shipped, saved, and run from elsewhere
    (tmp_path / "maps").mkdir()
    board = tmp_path / "maps" / "two.yaml"
    board.write_text(TWO_CLANS, encoding="utf-8")
    path = tmp_path / "played.json"
    assert main(["play", "rokugan", "--map", str(board), "--players", "2",
                 "--save", str(path)]) == 0  # fmt: skip
    capsys.readouterr()
    # Then the save records the map file, and the review finds the map by it
    assert json.loads(path.read_text(encoding="utf-8"))["app"]["map_path"] == str(board)
    assert main(["review", str(path), "--as", "2", "--nodes", "30", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seat"] == 2
    # and `daimyo log` tells its story
    assert main(["log", str(path)]) == 0
    assert capsys.readouterr().out.strip()


def test_daimyo_play_says_when_it_cannot_write_the_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a file").write_text("", encoding="utf-8")
    target = tmp_path / "a file" / "game.json"  # a folder that is a file
    assert main(["play", "shinobi", "--save", str(target)]) == 1
    assert f"daimyo play: cannot write {target}: " in capsys.readouterr().err


def test_a_bot_is_named_by_its_level_without_its_node_budget() -> None:
    from app.commands.review import seat_label
    from app.savefile import AI, Seat

    assert seat_label(Seat(AI, "easy@300"), 2) == "seat 3 (Easy)"
    assert seat_label(Seat(AI, "hard"), 0) == "seat 1 (Hard)"
