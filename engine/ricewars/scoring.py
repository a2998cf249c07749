"""The end of the game (Spielende): who wins, and every seat's standing.

The player with the most peasants on the board wins (every field counts, connected or
not). A tie goes to the richest: Ryo plus the hiring cost of the servants still kept
(ronin, ashigaru, peasants on the daimyo board). A remaining tie is a shared win.

Rule decisions (the rulebook leaves these open):

* Returns: fields + wealth / 1000 per player, so the best return is the winner.
* 2-player scenario: if the neutral player has the most fields, or ties for the most,
  it wins: `winners()` is then empty and `returns()` 0.0 for each player, so no player
  ranks above the other (`score(s)` still gives every seat's fields and wealth, as the
  score table shows them).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.ricewars.data import ASHIGARU_COST, PEASANT_COST, RONIN_COST
from engine.ricewars.position import OVER, Position


class Wealth(NamedTuple):
    """A seat's wealth in its parts, each in Ryo: the purse, the servants still kept
    (ashigaru and ronin, fresh, exhausted or due back) at their hiring cost, and the
    peasants on the daimyo board at theirs. `wealth()` is their sum."""

    ryo: int
    servants: int
    board_peasants: int


def wealth_parts(st: Position, s: int) -> Wealth:
    """Seat `s`'s wealth in its parts (the end table shows them; `wealth` sums them)."""
    return Wealth(
        st.money[s],
        ASHIGARU_COST * (st.ash[s] + st.ash_x[s] + st.ash_due[s])
        + RONIN_COST * (st.ron[s] + st.ron_x[s] + st.ron_due[s]),
        PEASANT_COST * st.reserve[s],
    )


def wealth(st: Position, s: int) -> int:
    """The tie-break: Ryo plus the hiring cost of the servants still kept."""
    return sum(wealth_parts(st, s))


def score(st: Position, s: int) -> float:
    """Fields, with the wealth tie-break as a fraction."""
    return st.fields_of(s) + min(wealth(st, s), 999) / 1000.0


def winners(st: Position) -> list[int]:
    """Most fields, then most wealth; [] when the neutral player wins (scenario)."""
    best = max(st.fields_of(s) for s in range(st.seats))
    if st.neutral >= 0 and st.fields_of(st.neutral) == best:
        return []
    tied = [s for s in range(st.n) if st.fields_of(s) == best]
    rich = max(wealth(st, s) for s in tied)
    return [s for s in tied if wealth(st, s) == rich]


def returns(st: Position) -> list[float]:
    """Every player's `score`; 0.0 for both when the neutral wins (see the rules)."""
    if st.neutral >= 0 and st.phase == OVER and not winners(st):
        return [0.0] * st.n
    return [score(st, s) for s in range(st.n)]


def summary(st: Position) -> dict[str, Any]:
    """Rounds played, fields and money per player (and the neutral's fields)."""
    out: dict[str, Any] = {
        "board": st.board.side,
        "rounds": st.round,
        "fields": [st.fields_of(s) for s in range(st.n)],
        "money": [st.money[s] for s in range(st.n)],
    }
    if st.neutral >= 0:
        out["neutral_fields"] = st.fields_of(st.neutral)
    return out
