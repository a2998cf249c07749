"""What Battle for Rokugan players are seen to do, measured: the priors of the bots' plans
and of their opponent model (`ai.games.rokugan`).

`OBJECTIVE_ODDS`: how often a player dealt a secret objective meets it. `PLACED_ODDS`: how
often a sensible player places a token of a kind and strength on a kind of spot
(`spot_key`), the odds by which the opponent model (`SpotWeight`) draws each rival's
face-down board tokens. `python -m ai.games.rokugan_odds` regenerates both tables.
"""

from __future__ import annotations

from typing import Any

from engine.rokugan.data import CLAN_TOKENS
from engine.rokugan.position import T_PLAYER, T_SLOT
from engine.rokugan.state import RokuganState


def spot_kind(board: Any, owner: Any, player: int, slot: int) -> str:
    """What a token of `player` on `slot` does: "own" (a province centre it holds),
    "centre" (another centre), "coast" (a coastal border), "rival" / "free" (a land border
    into a rival's / nobody's province), "mine" (a land border into its own province)."""
    if slot < 0:
        return "host"
    if slot < board.n:
        return "own" if owner[slot] == player else "centre"
    if board.is_coastal_slot(slot):
        return "coast"
    o = owner[board.slot_target[slot]]
    return "mine" if o == player else "rival" if o >= 0 else "free"


# How often a player dealt an objective meets it at the end of a game, as (another clan's
# player, the named clan's own player): measured over 400 four-player games of `greedy` bots
# (`python -m ai.games.rokugan_odds --objectives --games 400 --seed 9000` regenerates it).
# Measured on the published map, they are only priors on a custom one; every objective is
# in the table, so a map that deals fewer objectives or has fewer clans needs nothing more.
OBJECTIVE_ODDS: dict[str, tuple[float, float]] = {
    "last_line_of_defense": (0.36, 0.88),
    "rice_bowl_of_the_empire": (0.3, 0.78),
    "great_wall_of_the_north": (0.29, 0.61),
    "court_of_the_five_winds": (0.31, 0.64),
    "plains_of_battle": (0.26, 0.45),
    "great_library": (0.35, 0.76),
    "den_of_secrets": (0.31, 0.61),
    "way_of_the_sail": (0.01, 0.01),
    "emerald_empire": (0.16, 0.16),
    "web_of_influence": (0.0, 0.0),
    "way_of_humility": (0.55, 0.55),
    "reclaiming_the_lost_lands": (0.0, 0.0),
}

# How often a sensible player places a token of (kind, strength) on a kind of spot when it
# has one in hand: measured over 100 four-player games of `greedy` bots
# (`python -m ai.games.rokugan_odds --games 100` regenerates it). Kinds: ARMY 0, NAVY 1,
# SHINOBI 2, DIPLOMACY 4, RAID 5, BLUFF 6 (engine.rokugan.data); missing pairs are never placed.
PLACED_ODDS: dict[str, dict[tuple[int, int], float]] = {
    "centre": {(2, 1): 0.89, (2, 2): 0.85, (2, 3): 0.86, (5, 0): 0.71, (6, 0): 0.39},
    "coast": {(1, 1): 0.95, (1, 2): 0.81, (1, 3): 0.84},
    "free0": {(0, 1): 0.84, (0, 2): 0.48, (0, 3): 0.57, (0, 4): 0.41, (0, 5): 0.29},
    "free1": {(0, 2): 1.0},
    "own0": {
        (0, 1): 0.82,
        (0, 2): 0.53,
        (0, 3): 0.27,
        (0, 4): 0.23,
        (0, 5): 0.15,
        (0, 6): 0.1,
        (1, 1): 0.6,
        (1, 2): 0.34,
        (1, 3): 0.25,
        (2, 1): 0.47,
        (2, 2): 0.31,
        (4, 0): 0.45,
    },
    "own1": {
        (0, 1): 0.54,
        (0, 2): 0.54,
        (0, 3): 0.42,
        (0, 4): 0.4,
        (0, 5): 0.34,
        (0, 6): 0.21,
        (1, 1): 0.42,
        (1, 2): 0.43,
        (1, 3): 0.32,
        (2, 1): 0.33,
        (2, 2): 0.29,
        (2, 3): 0.14,
        (4, 0): 0.62,
    },
    "own2": {
        (0, 1): 0.43,
        (0, 2): 0.54,
        (0, 3): 0.53,
        (0, 4): 0.55,
        (0, 5): 0.47,
        (0, 6): 0.5,
        (1, 1): 0.25,
        (1, 2): 0.5,
        (1, 3): 1.0,
        (2, 1): 1.0,
        (2, 2): 0.6,
        (4, 0): 0.76,
    },
    "rival0": {(0, 1): 0.91, (0, 2): 0.49, (0, 3): 0.34, (0, 4): 0.28, (0, 5): 0.23, (0, 6): 0.18},
    "rival1": {(0, 1): 0.27, (0, 2): 0.87, (0, 3): 0.53, (0, 4): 0.34, (0, 5): 0.3, (0, 6): 0.25},
    "rival2": {(0, 1): 0.02, (0, 2): 0.27, (0, 3): 0.88, (0, 4): 0.63, (0, 5): 0.47, (0, 6): 0.55},
    "rival3": {(0, 1): 0.02, (0, 2): 0.07, (0, 3): 0.5, (0, 4): 0.89, (0, 5): 0.57, (0, 6): 0.75},
    "rival4": {(0, 3): 0.33, (0, 4): 0.25, (0, 5): 0.86, (0, 6): 1.0},
}


def spot_key(state: RokuganState, player: int, slot: int, serial: int | None = None) -> str:
    """The kind of spot (`spot_kind`), for an attack with the province's defence
    against `player` (capped at 4): a sensible attacker brings just enough to win; for a
    defence with the number of rival tokens aimed at the province (capped at 2) when it
    was placed (those before board token `serial`; all when None)."""
    spot = spot_kind(state.board, state.ctrl_owner, player, slot)
    if spot in ("rival", "free"):
        q = state.board.slot_target[slot]
        return f"{spot}{min(4, state.defense_bonus(q, player))}"
    if spot == "own":
        board = state.board
        tokens = state.tokens if serial is None else state.tokens[:serial]
        aimed = sum(
            1
            for t in tokens
            if t is not None
            and t[T_PLAYER] != player
            and t[T_SLOT] >= board.n
            and board.slot_target[t[T_SLOT]] == slot
        )
        return f"own{min(2, aimed)}"
    return spot


class SpotWeight:
    """The opponent model's `TokenWeight` (`engine.rokugan.observation`): how likely a
    rival's token is the one on a face-down board token, by the odds of its kind of spot."""

    def __init__(self, spots: dict[int, dict[tuple[int, int], float]], clans: Any) -> None:
        self.spots = spots
        self.clans = clans

    def __call__(self, player: int, serial: int, tid: int) -> float:
        odds = self.spots.get(serial)
        if not odds:
            return 1.0
        return odds.get(CLAN_TOKENS[self.clans[player]][tid], 0.05) + 0.05
