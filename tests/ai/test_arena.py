"""The arena: seat rotation over the same deals, fractional wins, Wilson intervals."""

from collections import Counter

import pytest

from ai.arena import GameOutcome, run_arena, schedule, tally, wilson_interval
from tests.ai.games import NIM


def test_wilson_interval_matches_known_values() -> None:
    # Given textbook cases (z = 1.96)
    # Then the bounds match to four places
    assert wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson_interval(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    # and no games means no knowledge
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_every_bot_sits_in_every_seat_equally_often_on_the_same_deals() -> None:
    # Given three bots in four seats (the lineup cycles: a, b, c, a)
    games = schedule(["a", "b", "c"], games=8, players=4, seed=10)
    # Then 8 games are 2 deals in 4 rotations each, with the same seed per rotation group
    assert [g.seed for g in games] == [10] * 4 + [11] * 4
    # and for every deal each lineup entry took every seat once
    for deal in (10, 11):
        rotations = [g.seats for g in games if g.seed == deal]
        for seat in range(4):
            assert Counter(r[seat] for r in rotations) == {"a": 2, "b": 1, "c": 1}


def test_games_are_rounded_up_to_whole_rotations() -> None:
    # Given 5 games asked for with 3 players
    # Then 6 are scheduled (two deals, three rotations each)
    assert len(schedule(["x", "y", "z"], games=5, players=3, seed=1)) == 6


def test_a_shared_win_counts_fractionally() -> None:
    # Given one game won by seats 0 and 1 together, and one won by seat 2
    outcomes = [
        GameOutcome(0, 1, ("a", "b", "c"), (2.0, 2.0, 0.0), (0, 1), 10),
        GameOutcome(1, 1, ("c", "a", "b"), (0.0, 1.0, 3.0), (2,), 10),
    ]
    # When tallied
    lines = {b.name: b for b in tally(outcomes, ["a", "b", "c"])}
    # Then a and b get half a win for the tie, b a whole one for game two
    assert lines["a"].wins == pytest.approx(0.5)
    assert lines["b"].wins == pytest.approx(1.5)
    assert lines["c"].wins == 0.0
    assert lines["b"].mean_score == pytest.approx(2.5)
    assert sum(b.wins for b in lines.values()) == pytest.approx(2.0)


def test_arena_on_nim_balances_seats_and_ranks_search_above_random() -> None:
    # Given a search bot and a random bot at 3-player Nim (the lineup: search, random, random)
    result = run_arena(NIM, ["normal@300", "random", "random"], games=30, seed=1, workers=1)
    lines = {b.name: b for b in result.bots}
    # Then every seat-game is counted and wins add up to the games played
    assert result.games == 30
    assert lines["normal@300"].games == 30 and lines["random"].games == 60
    assert lines["normal@300"].wins + lines["random"].wins == pytest.approx(30)
    # and the searching bot beats its fair share of one third
    assert lines["normal@300"].win_rate > 1 / 3
    assert lines["normal@300"].ci_low <= lines["normal@300"].win_rate <= lines["normal@300"].ci_high


def test_parallel_arena_gives_the_same_results_as_serial() -> None:
    # Given the same small arena run in one process and in two
    serial = run_arena(NIM, ["greedy", "easy@50"], games=4, seed=3, workers=1)
    parallel = run_arena(NIM, ["greedy", "easy@50"], games=4, seed=3, workers=2)
    # Then the outcomes are identical
    assert serial.outcomes == parallel.outcomes
    assert serial.to_json() == parallel.to_json()
    assert set(serial.to_json()["bots"][0]) == {
        "name",
        "games",
        "wins",
        "win_rate",
        "ci_low",
        "ci_high",
        "mean_score",
    }
