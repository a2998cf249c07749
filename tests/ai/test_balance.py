"""Balance playtests (`ai.balance`, `daimyo map balance`): a map's known asymmetry shows,
the schedule rotates clans over seats, the JSON contract, refusal of unready maps,
cancelling."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from ai.arena import ArenaCancelled
from ai.balance import MapNotReadyError, balance_schedule, run_balance
from app.cli import main
from maps.api import load_graph, save_map
from maps.geometry import derive
from maps.validate import validate
from tests.ai.balance_maps import cut_off_map


@pytest.mark.parametrize(("cut_off", "rich"), [("crab", "crane"), ("crane", "crab")])
def test_the_clan_whose_capital_is_cut_off_loses(cut_off: str, rich: str) -> None:
    # Given a valid map where one clan's capital is a bare island and the other's a rich
    # fortress on the mainland
    mapfile = cut_off_map(cut_off, rich)
    assert [i for i in validate(mapfile) if i.severity == "error"] == []
    graph = derive(mapfile).graph
    # When 48 seeded games of random bots are played on it
    result = run_balance("rokugan", graph, players=2, games=48, bots=["random"], workers=1)
    seats = {s.seat: s for s in result.seats}
    # Then each clan played every game, and the cut-off clan lost clearly, whichever it is
    assert result.games == 48
    assert seats[cut_off].games == seats[rich].games == 48
    assert seats[cut_off].wins + seats[rich].wins == pytest.approx(48)
    assert seats[cut_off].win_rate < 0.4 < 0.6 < seats[rich].win_rate
    assert seats[cut_off].ci[1] <= 0.5 <= seats[rich].ci[0]
    assert seats[cut_off].mean_score < seats[rich].mean_score - 3
    # and the island, which only Navies and Shinobi reach, changes hands less than the
    # mainland provinces beside the rich capital
    contested = {p.id: p.contested for p in result.provinces}
    assert contested["isle"] < min(contested[q] for q in ("m01", "m10", "m12", "m21"))
    # and the rich capital ended in its clan's hands more often than in anyone else's
    held = next(p.held for p in result.provinces if p.id == "m11")
    assert max(held, key=held.get) == rich


def test_greedy_bots_in_two_processes_agree_with_one_process() -> None:
    # Given the cut-off map and greedy bots (deterministic for a seed)
    graph = derive(cut_off_map()).graph
    # When the same playtest runs here and in two worker processes
    serial = run_balance("rokugan", graph, 2, 4, ["greedy"], seed=5, workers=1)
    parallel = run_balance("rokugan", graph, 2, 4, ["greedy"], seed=5, workers=2)
    # Then the games and the report are the same
    assert serial.outcomes == parallel.outcomes
    assert serial.to_json() == parallel.to_json()
    # and every game was played (the map's asymmetry itself is the 48-game random-bot
    # test's: 4 greedy games are too few to tell a 22-point clan from a 24-point one)
    assert serial.games == parallel.games == 4


def test_every_clan_plays_equally_often_in_every_seat_on_the_same_deals() -> None:
    # Given the shipped map (7 clans with a capital) and 3 players
    graph = load_graph("rokugan")
    planned = balance_schedule("rokugan", graph, ["a", "b", "c"], games=10, players=3, seed=4)
    # Then 10 games round up to 14: two deals of 7 rotations
    assert len(planned) == 14
    assert [g.seed for g in planned] == [4] * 7 + [5] * 7
    for deal in (4, 5):
        clans = [dict(g.settings)["clans"] for g in planned if g.seed == deal]
        # every clan sits in every seat exactly once per deal, no clan twice in a game
        for seat in range(3):
            assert Counter(c[seat] for c in clans) == dict.fromkeys(
                ("crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"), 1
            )
        assert all(len(set(c)) == 3 for c in clans)
    # and every bot sits in every seat
    assert {g.seats[0] for g in planned} == {"a", "b", "c"}


def test_rice_wars_reports_seats_and_plays_one_deal_per_game_with_one_bot() -> None:
    # Given the quick Rice Wars board and the same bot in every seat
    graph = load_graph("ricewars-quick")
    planned = balance_schedule("ricewars", graph, ["random"], games=5, players=3, seed=1)
    # Then each game is a deal of its own (rotating identical bots would replay it)
    assert [g.seed for g in planned] == [1, 2, 3, 4, 5]
    # When played
    result = run_balance("ricewars", graph, 3, 5, ["random"], workers=1)
    # Then the starting positions are the seats, and the wins add up to the games
    assert [s.seat for s in result.seats] == ["seat 1", "seat 2", "seat 3"]
    assert sum(s.wins for s in result.seats) == pytest.approx(5)
    assert len(result.provinces) == len(graph.provinces)
    assert any(p.contested > 0 for p in result.provinces)


def test_an_unready_map_is_refused_with_the_readiness_message() -> None:
    # Given a map with no capital for 2 players
    mapfile = cut_off_map()
    for p in mapfile.provinces:
        p.attrs.pop("capital", None)
    graph = derive(mapfile).graph
    # Then the playtest is refused before any game, with map_readiness's words
    with pytest.raises(MapNotReadyError, match="no capital for any clan: mark a province"):
        run_balance("rokugan", graph, 2, 2, ["random"], workers=1)


def test_cancelling_stops_the_playtest() -> None:
    # Given a playtest that is cancelled once two games are done
    graph = derive(cut_off_map()).graph
    done: list[int] = []
    # When it runs in worker processes, Then it stops with ArenaCancelled
    with pytest.raises(ArenaCancelled):
        run_balance(
            "rokugan",
            graph,
            2,
            400,
            ["greedy"],
            workers=2,
            progress=lambda n, total: done.append(n),
            cancelled=lambda: len(done) >= 2,
        )
    assert 2 <= len(done) < 400


def test_cli_json_prints_exactly_the_contract(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given the cut-off map in a file
    path = tmp_path / "cut.yaml"
    save_map(cut_off_map(), path)
    # When balanced from the command line with --json
    code = main(
        ["map", "balance", str(path), "--game", "rokugan", "--players", "2", "--games", "4",
         "--bots", "random", "--seed", "3", "--workers", "1", "--json"]
    )  # fmt: skip
    out = capsys.readouterr().out
    # Then one JSON object is printed with exactly games, seats and provinces
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["games", "seats", "provinces"]
    assert data["games"] == 4
    assert [s["seat"] for s in data["seats"]] == ["crab", "crane"]
    for s in data["seats"]:
        assert list(s) == ["seat", "win_rate", "ci", "mean_score"]
        assert 0 <= s["ci"][0] <= s["win_rate"] <= s["ci"][1] <= 1
    assert sum(s["win_rate"] for s in data["seats"]) == pytest.approx(1.0)
    assert [p["id"] for p in data["provinces"]] == [p.id for p in cut_off_map().provinces]
    for p in data["provinces"]:
        assert list(p)[:2] == ["id", "contested"] and p["contested"] >= 0
        assert 0 <= sum(p["held"].values()) <= 1 + 1e-9


def test_cli_table_and_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cut.yaml"
    save_map(cut_off_map(), path)
    args = ["map", "balance", str(path), "--game", "rokugan", "--players", "2"]
    # The table names each clan with its interval, and the provinces by changes of hands
    assert main([*args, "--games", "2", "--bots", "random", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "starting position" in out and "Crab" in out and "95% CI" in out
    assert "Far Isle" in out
    # 2 games asked for, 2 clans: no rounding to explain
    assert "rounded up" not in out
    # 5 players on a 2-capital map: refused with the readiness message, exit 2 as `play`
    assert main([*args[:-1], "5", "--games", "2", "--bots", "random"]) == 2
    assert "is not ready for Battle for Rokugan" in capsys.readouterr().err
    assert main(["play", "rokugan", "--map", str(path), "--players", "5"]) == 2
    assert "is not ready for Battle for Rokugan" in capsys.readouterr().err
    # an unknown bot and zero games: exit 2 with the reason
    assert main([*args, "--games", "2", "--bots", "nobody"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert main([*args, "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err


def test_cli_says_how_it_rounded_the_games_up(capsys: pytest.CaptureFixture[str]) -> None:
    # Given 1 game asked for on the shipped map, whose 7 clans have a capital
    args = ["map", "balance", "rokugan", "--game", "rokugan", "--players", "2", "--games", "1"]
    assert main([*args, "--bots", "random", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Then the table's header says 7 were played, and why
    assert lines[0].startswith("Rokugan (rokugan): 7 games of Battle for Rokugan, 2 players")
    assert lines[1] == (
        "--games 1 rounded up to 7 games played: a multiple of the 7 clans with a capital, "
        "so that every clan plays equally often and in every seat"
    )


def test_cli_refusal_names_what_map_balance_takes(capsys: pytest.CaptureFixture[str]) -> None:
    # Given 5 Rice Wars players on the quick side, which seats 2-4
    args = ["map", "balance", "ricewars-quick", "--game", "ricewars", "--players", "5"]
    # When a playtest is asked for, Then it is refused (exit 2) pointing at the other map,
    # not at an option `map balance` does not have
    assert main([*args, "--games", "1", "--bots", "random"]) == 2
    err = capsys.readouterr().err
    assert "the quick side of this map takes 2-4 players, not 5; try the epic board (the " in err
    assert "ricewars-epic map)" in err
    assert "--board" not in err
