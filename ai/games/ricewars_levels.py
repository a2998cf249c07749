"""Rice Wars knowledge screened for `hard` and not yet a level's (`ai.levels`).

`RiceWarsHardAdapter` is the search levels' adapter (`RiceWarsSearchAdapter`) with the
Ryo in a purse counted at `HARD_PURSE_WEIGHT` times a Ryo's worth (the shared adapter:
once), for every seat it values. A player with Ryo in hand hires troops when a round's
fight needs them and outlasts the upkeep; spending the purse on peasants that only wait
or on troops that stand idle is worth less to it. As a one-ply player (`GreedyBot`, three
worlds) against the same player with the shared adapter it won 56 % of 600 two-player
games, and ended with more fields (docs/PERFORMANCE.md, Rice Wars levels, eleventh
session). As `hard`'s adapter (`adapter=HARD_ADAPTER` in `GAME_LEVELS["ricewars"]["hard"]`)
`hard@3000` won 48 of 86 fresh games against `normal@1000` (55.8 %), no better than with
the shared adapter (56 of 100), so no level uses it. Bids are chosen by the shared rule.
"""

from __future__ import annotations

from ai.games.ricewars import RiceWarsSearchAdapter

HARD_PURSE_WEIGHT = 1.2


class RiceWarsHardAdapter(RiceWarsSearchAdapter):
    """`hard`'s Rice Wars knowledge: the shared search knowledge, with a purse worth
    `HARD_PURSE_WEIGHT` times its Ryo."""

    PURSE_WEIGHT = HARD_PURSE_WEIGHT


HARD_ADAPTER = RiceWarsHardAdapter()
"""The adapter screened for Rice Wars' `hard` (no level's: see the module docstring)."""

__all__ = ["HARD_ADAPTER", "HARD_PURSE_WEIGHT", "RiceWarsHardAdapter"]
