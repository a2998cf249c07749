"""The person's wait shared by the computer seats of a table (`ai.levels.table_budget`,
`wait_share`): pure functions of the level, the table and the time waited."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ai.levels import (
    APP_SECONDS,
    MIN_THINK_SECONDS,
    NODES_PER_SECOND,
    WAIT_SECONDS,
    level_for,
    pace_share,
    table_budget,
    wait_share,
)

GAMES = ("rokugan", "ricewars", "shinobi")
WAITED = st.floats(min_value=0.0, max_value=30.0, allow_nan=False)
AHEAD = st.integers(min_value=1, max_value=8)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", sorted(WAIT_SECONDS))
def test_the_table_budget_fits_the_computer_seats_into_the_wait(level: str, game: str) -> None:
    own = level_for(level, game)
    previous = (own.nodes, own.seconds)
    for seats in range(1, 9):
        # Given a table with `seats` computer seats
        nodes, seconds = table_budget(level, game, seats)
        # Then a decision never gets more than the level's own budget
        assert nodes <= own.nodes and seconds <= own.seconds
        # and the seats' decisions between two of the person's, and one more, fit the wait
        assert (seats + 1) * seconds <= WAIT_SECONDS[level] - APP_SECONDS + 1e-9
        # with the nodes the time cap allows on a slow position (never under 100)
        assert nodes == own.nodes or nodes == max(100, int(seconds * NODES_PER_SECOND))
        # and a larger table never gets more per decision
        assert (nodes, seconds) <= previous
        previous = (nodes, seconds)


@pytest.mark.parametrize("game", GAMES)
def test_no_computer_seat_or_an_unwaited_level_keeps_the_levels_own_budget(game: str) -> None:
    for level in WAIT_SECONDS:
        own = level_for(level, game)
        assert table_budget(level, game, 0) == (own.nodes, own.seconds)
    assert wait_share("greedy", 1.25, 10.0, 3) == 1.25  # a level without a wait


@given(level=st.sampled_from(sorted(WAIT_SECONDS)), seconds=st.floats(0.01, 5.0),
       waited=WAITED, ahead=AHEAD)  # fmt: skip
def test_a_share_is_never_more_than_the_level_or_its_part_of_what_is_left(
    level: str, seconds: float, waited: float, ahead: int
) -> None:
    share = wait_share(level, seconds, waited, ahead)
    left = WAIT_SECONDS[level] - APP_SECONDS - waited
    # Then a decision gets at most the level's own cap, and at most its part of what is
    # left of the wait (shared with the seats ahead and one decision more), but never
    # less than the floor every computer seat gets
    assert share >= min(seconds, MIN_THINK_SECONDS)
    assert share <= seconds
    assert share <= max(MIN_THINK_SECONDS, left / (ahead + 1)) + 1e-12


@given(level=st.sampled_from(sorted(WAIT_SECONDS)), waited=WAITED, ahead=AHEAD,
       turns=st.lists(st.integers(1, 4), min_size=1, max_size=8))  # fmt: skip
def test_the_shares_of_the_seats_ahead_never_add_up_to_more_than_what_is_left(
    level: str, waited: float, ahead: int, turns: list[int]
) -> None:
    # Given the seats ahead of the person's next prompt, each deciding `turns[k]` times
    # and each decision thinking as long as its share allows
    seconds = level_for(level, "rokugan").seconds
    left = WAIT_SECONDS[level] - APP_SECONDS - waited
    clock = waited
    used = 0.0
    floored = False
    for seat in range(min(ahead, len(turns))):
        for _ in range(turns[seat]):
            share = wait_share(level, seconds, clock, ahead - seat)
            floored = floored or share == MIN_THINK_SECONDS
            clock += share
            used += share
    # Then together they never use more than what was left of the wait (unless the wait
    # had so little left that the floor gave a decision more)
    assert floored or used <= max(0.0, left) + 1e-9


def test_the_share_shrinks_as_the_wait_runs_out() -> None:
    # Given a normal seat with four seats (itself included) before the person's prompt
    shares = [wait_share("normal", 1.0, waited, 4) for waited in (0.0, 0.5, 1.0, 2.0, 2.5, 5.0)]
    # Then the longer the person has waited, the less it may think, down to the floor
    assert shares == sorted(shares, reverse=True)
    assert shares[0] == pytest.approx((WAIT_SECONDS["normal"] - APP_SECONDS) / 5)
    assert shares[-1] == MIN_THINK_SECONDS


@given(level=st.sampled_from(sorted(WAIT_SECONDS)), pace=st.floats(0.0, 2.0),
       waited=WAITED, ahead=AHEAD)  # fmt: skip
def test_the_pace_shares_the_wait_too_and_may_vanish(
    level: str, pace: float, waited: float, ahead: int
) -> None:
    share = pace_share(level, pace, waited, ahead)
    left = WAIT_SECONDS[level] - APP_SECONDS - waited
    # Then the pace is never longer than set, nor than the decision's part of what is
    # left of the wait; when nothing is left, it is gone
    assert 0.0 <= share <= pace
    assert share <= max(0.0, left / (ahead + 1)) + 1e-12
    assert left > 0 or share == 0.0
    assert pace_share("greedy", pace, waited, ahead) == pace  # a level without a wait


def test_sixteen_paced_turns_in_one_wait_stay_within_it() -> None:
    # Given a wait in which sixteen computer turns pass the person by (an auction's
    # sealed bids they cannot join), each paced at Fast (0.25 s) and quick to decide
    clock = 0.0
    for _ in range(16):
        clock += max(0.01, pace_share("normal", 0.25, clock, 4))
    # Then the paced turns together stay within the wait (plus their 0.01 s of thinking)
    assert clock <= WAIT_SECONDS["normal"] - APP_SECONDS + 0.01 * 16
