"""Pinned Shinobi bot decisions: a speed-up of the search or its adapter plays alike.

Written before the search adapter was optimised (issue 32): along two pinned random games
(tests/engine/shinobi/test_pinned_games.py), the adapters' candidate lists and evaluations
to the last bit, and a few `normal` search decisions on small node budgets with the nodes
they took. Regenerate for a deliberate change of how the bots play (their strength, issue
31), never for a speed-up.
"""

from __future__ import annotations

import random

import pytest

from engine.shinobi.state import SPEC
from tests.engine.pinned import digest as _digest
from tests.engine.pinned import search_picks

CANDIDATES_DIGEST = "6b56946bb60098e4"


def test_bot_candidates_and_evaluations_are_pinned() -> None:
    # Given every decision of two pinned games
    from ai.games.shinobi import ADAPTER

    parts: list[str] = []
    for players, seed in ((4, 2), (5, 3)):
        state = SPEC.new_game(players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            # When the adapter lists its candidates and evaluates the position for everyone
            player = state.current_player()
            parts.append(" ".join(map(str, ADAPTER.candidates(state, player))))
            parts.append(repr(ADAPTER.policy(state, player)))
            parts.append(repr([ADAPTER.evaluate(state, p) for p in range(players)]))
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    # Then the lists and values are the pinned ones, to the last bit
    assert _digest(parts) == CANDIDATES_DIGEST


# Re-pinned when `normal` began to count the later rounds' attacks for itself (issue 31,
# sixth session: `OWN_LATER_ADAPTER`); the nodes each decision took are unchanged.
SEARCH_DIGEST = {4: "820046c9a7b5f045", 3: "df456f50eeb2507c"}


@pytest.mark.parametrize(("players", "seed"), [(4, 2), (3, 1)])
def test_search_decisions_are_pinned(players: int, seed: int) -> None:
    # Given a few decision points of a pinned game and the `normal` search on a node budget
    state = SPEC.new_game(players, seed)
    # When the search decides at every 13th step with 1,500 nodes (no time cap)
    picks = search_picks(state, "shinobi", seed, every=13, nodes=1500)
    # Then it picks the pinned moves after the pinned number of nodes
    assert len(picks) == 4
    assert _digest(picks) == SEARCH_DIGEST[players]
