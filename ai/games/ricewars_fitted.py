"""Rice Wars' evaluation with weights fitted by self-play (a candidate for `hard`).

`RiceWarsSearchAdapter`'s standing is a sum of terms with weights set by hand. Here the
same terms are counted apart for every seat (`parts`) and weighed by `WEIGHTS`: a term's
weight is `a + b * left`, `left` the share of the game's paydays still to come, so the
worth of Ryo, troops or cards can change as the game runs out. The weights are fitted
offline by `ai/fit_ricewars.py` (least squares of each seat's final fields on its terms,
seat against seat, pulled toward the hand-set weights); the module needs nothing at play
time but the constants below. The candidates, bids and fights' stakes are the search
adapter's.

The terms, per seat, in `PARTS` order (the hand-set weight in brackets):
fields held (1), peasants cut off from the palace (-0.15), waiting peasants a field can
still take (0.7) and those none can (0.05), Ryo in hand and income over the paydays left
at the worth of a Ryo (1 each), active ashigaru (0.3) and ronin (0.7), troops kept past
the round (0.15, 0.35; none in the last round), cards in hand (0.12), advisor services
left (0.2), fields this round's troops take or lose (`strikes`, 0.5), and a running
fight's expected outcome (1).
"""

from __future__ import annotations

from ai.games.ricewars import STRIKE_WORTH, RiceWarsSearchAdapter
from engine.ricewars.economy import group_income
from engine.ricewars.peasants import palace_group
from engine.ricewars.state import RiceWarsState

PARTS = (
    "fields",
    "cut",
    "reach",
    "idle",
    "money",
    "income",
    "ash",
    "ron",
    "ash_kept",
    "ron_kept",
    "hand",
    "uses",
    "strike",
    "fight",
)
HAND_SET = (1.0, -0.15, 0.7, 0.05, 1.0, 1.0, 0.3, 0.7, 0.15, 0.35, 0.12, 0.2, STRIKE_WORTH, 1.0)
"""The search adapter's own weights of `PARTS` (waiting peasants: where a field is open)."""

# (a, b) per term of `PARTS`: weight a + b * (share of paydays left). Fitted on
# 2026-11-28 by `python -m ai.fit_ricewars fit ... --ridge 1.0` on 80 two-player games
# between `normal@200`, `normal@400` and `hard@300` (9,267 positions; `play` seeds
# 2000-2061, and the 18 such games among seeds 1000-1047): docs/PERFORMANCE.md, Rice
# Wars `hard` with a fitted evaluation, eighth session. No level plays with them: 13 of
# 16 on the screened deals, 8 of 20 on fresh ones.
WEIGHTS: tuple[tuple[float, float], ...] = (
    (0.957, -0.533),  # fields
    (-0.154, -0.367),  # cut
    (0.633, 0.045),  # reach
    (0.008, -0.362),  # idle
    (0.843, 0.262),  # money
    (0.416, -0.103),  # income
    (0.123, -0.103),  # ash
    (0.948, 0.204),  # ron
    (0.08, -0.139),  # ash_kept
    (0.653, 0.18),  # ron_kept
    (-0.203, -0.291),  # hand
    (0.114, -0.069),  # uses
    (0.198, 0.048),  # strike
    (0.654, -0.133),  # fight
)


class RiceWarsFittedAdapter(RiceWarsSearchAdapter):
    """The search adapter with its standing weighed by `WEIGHTS` (module docstring)."""

    def __init__(self, weights: tuple[tuple[float, float], ...] = WEIGHTS) -> None:
        self.weights = weights

    def parts(self, st: RiceWarsState) -> list[list[float]]:
        """Every seat's terms (`PARTS`) in a game not over, unweighted."""
        paydays = self.paydays(st)
        ryo = self.ryo(st)
        free = st.free_mask()
        ready = self.troops_ready(st)
        out: list[list[float]] = []
        for s in range(st.seats):
            own, p, reserve = st.own[s], st.palace[s], st.reserve[s]
            conn, allowed = palace_group(st, p, own) if p >= 0 else (0, 0)
            allowed &= free
            reach = reserve  # (the neutral's waiting peasants: all counted, as before)
            if reserve and s < st.n:
                reach = min(reserve, self.reserve_room(st, s, ready[s], allowed))
            row = [0.0] * len(PARTS)
            row[0] = float(own.bit_count())
            row[1] = float((own & ~conn).bit_count())
            row[2] = reach * (1.0 if allowed else 0.5)
            row[3] = float(reserve - reach)
            if s != st.neutral:
                income = group_income(st.board, conn)  # the engine's income of the group
                row[4] = ryo * st.money[s]
                row[5] = ryo * income * paydays
                row[6], row[7] = float(st.ash[s]), float(st.ron[s])
                if paydays:
                    row[8] = float(st.ash_x[s] + st.ash_due[s])
                    row[9] = float(st.ron_x[s] + st.ron_due[s])
                row[10] = float(len(st.hands[s]))
                row[11] = float(sum(left for _, left in st.held[s]))
            out.append(row)
        for s, victim, fields in self.strikes(st, ready):
            out[s][12] += fields
            out[victim][12] -= fields
        shift = [0.0] * st.seats
        self._fight_shift(st, shift)
        for s, value in enumerate(shift):
            out[s][13] = value
        return out

    def left_share(self, st: RiceWarsState) -> float:
        """The share of the game's paydays still to come (1 at the start, 0 in the last
        round)."""
        return self.paydays(st) / max(1, st.board.rounds)

    def standing(self, st: RiceWarsState) -> list[float]:
        """Every seat's worth: its terms weighed by `weights` (the end as before)."""
        if st.is_terminal():
            return [self.worth(st, s) for s in range(st.seats)]
        left = self.left_share(st)
        w = [a + b * left for a, b in self.weights]
        return [sum(x * y for x, y in zip(row, w, strict=True)) for row in self.parts(st)]


FITTED_ADAPTER = RiceWarsFittedAdapter()
"""The adapter with the fitted `WEIGHTS` (no level's: screened against `normal` by
registering it as `hard` in a throwaway script, docs/PERFORMANCE.md)."""

__all__ = ["FITTED_ADAPTER", "HAND_SET", "PARTS", "WEIGHTS", "RiceWarsFittedAdapter"]
