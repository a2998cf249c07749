"""Rice Wars knowledge that only some levels use (`ai.levels`, `GAME_LEVELS["ricewars"]`).

`RiceWarsHardAdapter` is the search levels' adapter (`RiceWarsSearchAdapter`) with the
Ryo in a purse counted at `HARD_PURSE_WEIGHT` times a Ryo's worth (the shared adapter:
once), for every seat it values. A player with Ryo in hand hires troops when a round's
fight needs them and outlasts the upkeep; spending the purse on peasants that only wait
or on troops that stand idle is worth less to it. As a one-ply player (`GreedyBot`, three
worlds) against the same player with the shared adapter it won 56 % of 600 two-player
games, and ended with more fields (docs/PERFORMANCE.md, Rice Wars levels, eleventh
session): knowledge `normal` lacks, where more worlds or plies on the shared evaluation
won no more. Bids are still chosen by the shared rule (a lot's worth at a Ryo's worth).
"""

from __future__ import annotations

from ai.games.ricewars import RiceWarsSearchAdapter

HARD_PURSE_WEIGHT = 1.2


class RiceWarsHardAdapter(RiceWarsSearchAdapter):
    """`hard`'s Rice Wars knowledge: the shared search knowledge, with a purse worth
    `HARD_PURSE_WEIGHT` times its Ryo."""

    PURSE_WEIGHT = HARD_PURSE_WEIGHT


HARD_ADAPTER = RiceWarsHardAdapter()
"""Rice Wars' `hard` adapter (`ai.levels`)."""

__all__ = ["HARD_ADAPTER", "HARD_PURSE_WEIGHT", "RiceWarsHardAdapter"]
