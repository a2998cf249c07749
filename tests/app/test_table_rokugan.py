"""Battle for Rokugan's table at 1280 × 720: the score in view, the lit spots seen on every
fill, marks that never read as ownership."""

from __future__ import annotations

import random

import pytest

from app.games import game_ui
from engine.rokugan import scoring

maps_api = pytest.importorskip("maps.api")


def random_game(seed: int, decisions: int):
    """A 4-clan game after `decisions` random decisions."""
    from engine.registry import get_game

    state = get_game("rokugan").new_game(4, seed, {}, maps_api.load_graph("rokugan"))
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("decisions", [0, 60, 10_000])
def test_each_clans_honor_is_in_the_players_panel(decisions: int) -> None:
    # Given a game at its start, in its second round, and over
    state = random_game(3, decisions)
    ui = game_ui("rokugan")
    for p in range(state.n):
        # When the Players panel words a clan's standing
        status = ui.player_status(state, p)
        # Then it leads with the engine's honor: all of it at the end, else all but the
        # secret objective (nobody else may count it)
        parts = scoring.honor_breakdown(state, p)
        shown = state.honor()[p] if state.is_terminal() else sum(parts) - parts[scoring.OBJECTIVE]
        assert status.startswith(f"{shown} honor · "), (status, parts)
    assert state.is_terminal() == (decisions == 10_000)
