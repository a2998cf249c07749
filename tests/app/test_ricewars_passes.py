"""Rice Wars' pass markers are the engine's: the players' list sits a daimyo out, and the
log says "no more actions this round", exactly when the engine gives that daimyo no more
turn of the actions phase this round."""

from __future__ import annotations

import random

import pytest

from app.games.presentation import EVERYTHING
from app.games.ricewars import GAME_UI, decisions
from engine.ricewars.records import Passed
from engine.ricewars.state import ACTION, RiceWarsState

pytest.importorskip("maps.api")

NO_MORE = "no more actions this round"


def played(players: int, seed: int, steps: int = 1500) -> list[tuple]:
    """A random game, one row per decision: (round, whose action-phase turn it is or -1,
    each player's `sits_out`, the pass records told with their log lines)."""
    from engine.registry import get_game
    from maps.api import load_graph

    state: RiceWarsState = get_game("ricewars").new_game(
        players, seed, {}, load_graph("ricewars-quick")
    )
    rng = random.Random(seed)
    rows = []
    for _ in range(steps):
        if state.is_terminal():
            break
        turn = state.cur if state.phase == ACTION and state.fight is None else -1
        out = tuple(GAME_UI.sits_out(state, p) for p in range(state.n))
        action = rng.choice(state.legal_actions())
        after = state.clone()
        records = after.apply_told(action)
        player = state.current_player()
        line = decisions.describe(state, action, after, player, EVERYTHING)
        passes = [(r.player, line) for r in records if isinstance(r, Passed)]
        rows.append((state.round, turn, out, passes))
        state.apply(action)
    return rows


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (2, 3)])
def test_sitting_out_and_the_last_pass_are_the_engines_turns(players: int, seed: int) -> None:
    # Given the decisions of a random game (two players: the scenario with the neutral)
    rows = played(players, seed)
    lasts = 0
    for i, (round_, turn, out, passes) in enumerate(rows):
        later = {t for r, t, _, _ in rows[i:] if r == round_}
        # Then on every turn of the actions phase a player sits out exactly when the engine
        # gives it no more turn this round
        for p in range(players if turn >= 0 else 0):
            assert out[p] == (p not in later), (i, p)
        # And a pass is told as the last exactly when its player takes no more turn
        for player, line in passes:
            after = {turn for r, turn, _, _ in rows[i + 1 :] if r == round_}
            assert (NO_MORE in line) == (player not in after), (i, line)
            lasts += NO_MORE in line
    assert lasts >= players  # the check met real last passes
