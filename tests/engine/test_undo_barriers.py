"""Undo barriers are the engine's word (`GameState.revealed_hidden`): the app's undo reads
it and works out nothing of its own."""

from __future__ import annotations

import random

from engine.ricewars.observation import revealed
from tests.ai.games import NIM, TRICKS
from tests.engine.ricewars.helpers import new


def test_without_hidden_information_nothing_is_a_barrier_and_with_it_everything() -> None:
    # Given a game of perfect information and one with hands, each after a decision
    for spec, hidden in ((NIM, False), (TRICKS, True)):
        state = spec.new_game(2, 1)
        state.apply(state.legal_actions()[0])
        # Then a game that says nothing of its own takes its nature for the answer
        assert state.revealed_hidden() is hidden


def test_rice_wars_barriers_are_draws_reveals_auctions_and_rounds() -> None:
    # Given random Rice Wars games, decision by decision
    barriers = free = 0
    for seed in range(3):
        st = new(3, seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            before = st.clone()
            st.apply(rng.choice(st.legal_actions()))
            said = st.revealed_hidden()
            # Then the state says what its rule says of the two positions ...
            assert said == revealed(before, st)
            # ... a card drawn (the deck moved) or a round ended is always a barrier
            if len(before.deck) != len(st.deck) or before.round != st.round:
                assert said
            barriers += said
            free += not said
        assert st.revealed_hidden()  # ... and so is the game's end
    assert barriers and free
