"""`daimyo play` numbers its seats from 1, as `daimyo review --as 1`, `daimyo log --as 1`
and the app do (it printed "player 0" for the seat the others call 1)."""

from __future__ import annotations

from types import SimpleNamespace

from app.commands.play import result_lines


def test_the_played_games_seats_are_counted_from_one() -> None:
    # Given a game of two seats, the second the winner
    result = SimpleNamespace(scores=[3.0, 5.0], winners=[1], summary={})
    # When its lines are printed
    lines = result_lines(["easy", "hard"], result)
    # Then the first seat is player 1, and the winner, player 2, is starred
    assert lines == ["player 1 (easy): 3", "player 2 (hard): 5 *"]
