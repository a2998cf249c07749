"""The Shinobi adapter's remembered pieces (issue 32) give what computing afresh gives.

The evidence of the public history is remembered for the last history seen, the exposure
by the scores, the candidate lists by position; a fresh adapter, which remembers nothing,
must value and rank every position alike, whatever the first adapter saw before.
"""

from __future__ import annotations

import random

from ai.games import shinobi
from ai.games.shinobi import ShinobiAdapter, exposure
from engine.shinobi import beliefs
from engine.shinobi.state import SPEC


def _positions(players: int, seed: int) -> list:
    """Clones of every position of a random game."""
    state = SPEC.new_game(players, seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        out.append(state.sampled_copy())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return out


def test_a_remembering_adapter_values_and_ranks_like_a_fresh_one() -> None:
    # Given one adapter asked about positions of two games, back and forth
    used = ShinobiAdapter()
    games = [_positions(4, 31), _positions(5, 32)]
    order = [pos for pair in zip(*games, strict=False) for pos in pair]
    for state in order:
        player = state.current_player()
        # When it and a fresh adapter value and rank each position
        fresh = ShinobiAdapter()
        values = [used.evaluate(state, p) for p in range(state.num_players)]
        # Then the values are the same to the bit, and so are the candidates
        assert values == [fresh.evaluate(state, p) for p in range(state.num_players)]
        assert used.candidates(state, player) == fresh.candidates(state, player)
        # And the remembered public evidence is the evidence of the history
        n = state.num_players
        found, _ = shinobi._public_evidence(state, len(state.history))
        assert found == beliefs.evidence(state.history, state.actors, n)


def test_the_remembered_exposure_is_the_exposure() -> None:
    rng = random.Random(6)
    for _ in range(300):
        scores = [rng.choice((0.0, 1.0, 1.5, -1.0, 2.5)) for _ in range(5)]
        clan = rng.randrange(5)
        assert shinobi._exposure(scores, clan) == exposure(scores, clan)
        assert shinobi._exposure(list(scores), clan) == exposure(scores, clan)
