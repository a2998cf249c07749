"""A quick estimate first (`map balance --precision`), and `--cluster` without Ray.

The running estimate is made over whole rotations in schedule order, so a playtest stops
at the same game however its games finish; "narrower than P" is the 95 % interval's full
width."""

from __future__ import annotations

import json
import random
import sys

import pytest

from ai.arena import GameOutcome
from ai.balance import Estimate, RunningEstimate, run_balance
from app.cli import main
from maps.api import load_graph


def outcomes(n: int) -> list[GameOutcome]:
    """Two-seat games in which seat 1 wins two games of every three."""
    return [
        GameOutcome(i, 1, ("x", "x"), (0.0, 1.0), (1,) if i % 3 else (0,), 10) for i in range(n)
    ]


def stop_point(order: list[GameOutcome], precision: float) -> tuple[int, list[int]]:
    reports: list[Estimate] = []
    per_game = [("a", "b") if i % 2 == 0 else ("b", "a") for i in range(len(order))]
    running = RunningEstimate(["a", "b"], per_game, 2, precision, reports.append)
    for outcome in order:
        if running(outcome):
            break
    return running.counted, [e.games for e in reports]


def test_the_stop_does_not_depend_on_the_order_games_finish() -> None:
    # Given 200 games, arriving in schedule order or shuffled
    games = outcomes(200)
    shuffled = games[:]
    random.Random(4).shuffle(shuffled)
    # When each order is estimated with the same precision
    in_order, reports = stop_point(games, 0.4)
    shuffled_stop, shuffled_reports = stop_point(shuffled, 0.4)
    # Then both stop after the same games, having estimated every whole rotation on the way
    assert 2 < in_order < 200
    assert shuffled_stop == in_order
    assert reports == shuffled_reports == list(range(2, in_order + 1, 2))


def test_a_playtest_stops_once_every_full_interval_is_narrower_than_the_precision() -> None:
    # Given a Rice Wars playtest of random bots, at most 400 games, precision 0.3
    graph = load_graph("ricewars-quick")
    seen: list[Estimate] = []
    result = run_balance(
        "ricewars", graph, 2, 400, ["random"], workers=1, precision=0.3, estimate=seen.append
    )
    # Then it stopped early, at the first estimate whose every interval is narrower
    assert result.precise and result.games < 400
    assert [e.games for e in seen] == list(range(1, result.games + 1))
    assert all(s.ci[1] - s.ci[0] < 0.3 for s in result.seats)
    assert seen[-2].widest >= 0.3
    # and narrower means the full width, high - low: by half-width it would have stopped
    # sooner
    assert any(e.widest / 2 < 0.3 for e in seen[:-1])
    # and the report is the estimate's: those games exactly
    assert [s.win_rate for s in result.seats] == [s.win_rate for s in seen[-1].seats]
    assert [o.index for o in result.outcomes] == list(range(result.games))
    # When the same playtest runs in two processes, Then it stops at the same game
    parallel = run_balance("ricewars", graph, 2, 400, ["random"], workers=2, precision=0.3)
    assert parallel.outcomes == result.outcomes and parallel.to_json() == result.to_json()


def test_without_a_precision_every_game_is_played() -> None:
    graph = load_graph("ricewars-quick")
    seen: list[Estimate] = []
    result = run_balance("ricewars", graph, 2, 6, ["random"], workers=1, estimate=seen.append)
    assert not result.precise and result.games == 6
    assert [e.games for e in seen] == [1, 2, 3, 4, 5, 6]


def test_map_balance_prints_its_estimate_and_stops(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["map", "balance", "ricewars-quick", "--game", "ricewars", "--players", "2",
            "--games", "400", "--bots", "random", "--workers", "1"]  # fmt: skip
    # When balanced with --precision 0.3
    assert main([*args, "--precision", "0.3"]) == 0
    captured = capsys.readouterr()
    # Then the running estimate was printed as games finished, and the stop is explained
    assert "after 1 game: Seat 1 " in captured.err
    assert "(stop below 0.3)" in captured.err
    stop = next(line for line in captured.out.splitlines() if line.startswith("stopped after"))
    played = int(stop.split()[2])
    assert played < 400
    assert stop.endswith("every starting position's 95% interval is narrower than 0.3")
    # and --json reports those games
    assert main([*args, "--precision", "0.3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == played
    # and a precision outside (0, 1] is refused
    assert main([*args, "--precision", "0"]) == 2
    assert "--precision must be above 0" in capsys.readouterr().err


def test_cluster_without_ray_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a Python without Ray
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    balance = ["map", "balance", "ricewars-quick", "--game", "ricewars", "--players", "2",
               "--games", "2", "--bots", "random", "--cluster", "local"]  # fmt: skip
    arena = ["arena", "shinobi", "--bots", "random", "--players", "3", "--cluster", "local"]
    for command in (balance, arena):
        # When a command is asked to play on a cluster
        # Then it refuses (exit 2) with the pip command
        assert main(command) == 2
        err = capsys.readouterr().err
        assert "needs Ray, which is not installed: pip install 'daimyo[cluster]'" in err
