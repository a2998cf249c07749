"""The round a log, a review and the Recent games list name is the engine's: every
record an action tells carries the round `GameState.round_number` says (Shinobi: every
player's turn once is a round, as its records count it)."""

from __future__ import annotations

import random

import pytest

from ai.review import round_number
from app.savefile import round_of

maps_api = pytest.importorskip("maps.api")

GAMES = {"shinobi": (4, None), "rokugan": (3, "rokugan"), "ricewars": (3, "ricewars-quick")}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_readers_round_is_the_one_the_records_carry(game: str) -> None:
    from engine.registry import get_game

    # Given a random game
    players, map_id = GAMES[game]
    graph = maps_api.load_graph(map_id) if map_id else None
    state = get_game(game).new_game(players, 5, {}, graph)
    rng = random.Random(5)
    rounds = set()
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        after = state.clone()
        told = after.apply_told(action)
        # When an action that does not end a round tells what it did
        if after.round_number() == state.round_number() and not after.is_terminal():
            # Then the log's, the review's and the Recent list's round is its records'
            said = {round_number(state), round_of(state)}
            assert said == {state.round_number()}
            # (Rice Wars' setup records say round 0: setup counts as the first round)
            assert {max(1, r.round) for r in told} <= said, (action, told)
            rounds |= said
        state = after
    # And the game went through several rounds
    assert len(rounds) >= 3
