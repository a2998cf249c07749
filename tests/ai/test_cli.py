"""`daimyo arena` and `daimyo bench ai` end to end on a quick game (Shinobi, no map)."""

import json

from ai import bench
from app.cli import main


def test_arena_prints_json_with_every_bot(capsys) -> None:
    # Given two bot names for a 3-player game
    # When the arena plays 3 games in one process
    code = main(
        [
            "arena",
            "shinobi",
            "--bots",
            "random,greedy",
            "--players",
            "3",
            "--games",
            "3",
            "--workers",
            "1",
            "--json",
        ]
    )
    # Then it prints one JSON object with a line per distinct bot
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["game"], data["games"], data["players"]) == ("shinobi", 3, 3)
    lines = {b["name"]: b for b in data["bots"]}
    assert lines["random"]["games"] == 6 and lines["greedy"]["games"] == 3
    assert sum(b["wins"] for b in data["bots"]) == 3
    for b in data["bots"]:
        assert 0.0 <= b["ci_low"] <= b["win_rate"] <= b["ci_high"] <= 1.0


def test_arena_refuses_unknown_bots(capsys) -> None:
    # Given a bot name nobody registered
    code = main(["arena", "shinobi", "--bots", "random,grandmaster", "--games", "1"])
    # Then it exits 2 and names the problem
    assert code == 2
    assert "grandmaster" in capsys.readouterr().err


def test_bench_reports_a_median_per_level(capsys) -> None:
    # Given one greedy game's decision points
    code = bench.main(
        [
            "--game",
            "shinobi",
            "--players",
            "3",
            "--games",
            "1",
            "--every",
            "15",
            "--levels",
            "easy@50,greedy",
            "--json",
        ]
    )
    # Then every level has a median time and node count
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert [row["level"] for row in data["levels"]] == ["easy@50", "greedy"]
    assert all(row["decisions"] > 0 and row["median_s"] >= 0 for row in data["levels"])


def test_bench_ai_runs_for_every_game_through_the_cli(capsys) -> None:
    from app.cli import main

    # Given each game (Rice Wars on the side its player count takes, Rokugan on its board)
    for game, players in (("ricewars", 5), ("ricewars", 3), ("shinobi", 5), ("rokugan", 3)):
        # When the AI bench runs through `daimyo bench ai --game GAME`
        code = main(["bench", "ai", "--game", game, "--players", str(players), "--games", "1",
                     "--every", "200", "--levels", "easy@20", "--json"])  # fmt: skip
        # Then it measures decisions, wall and CPU time
        assert code == 0, game
        row = json.loads(capsys.readouterr().out)["levels"][0]
        assert row["decisions"] > 0 and row["median_cpu_s"] >= 0, game
