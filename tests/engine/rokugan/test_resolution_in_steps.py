"""The resolution one step at a time: the board at the reveal, then steps 1-7 as `apply`
carries them out in one go (the app shows the board after each step)."""

from __future__ import annotations

import random

import pytest

from engine.rokugan import SPEC
from engine.rokugan.position import PH_OVER, T_UP
from engine.rokugan.resolution import resolve_in_steps
from engine.rokugan.rounds import start_round
from tests.engine.rokugan.fixtures import rokugan_graph


def round_enders(seed: int, players: int = 4):
    """(state before, action) of every decision that ended a round in a random game."""
    state = SPEC.new_game(players, seed, {}, rokugan_graph())
    rng = random.Random(seed)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        before = state.clone()
        state.apply(action)
        if state.round != before.round:
            yield before, action, state.clone()


@pytest.mark.parametrize("seed", [1, 2])
def test_the_steps_end_where_apply_ends(seed: int) -> None:
    for before, action, after in round_enders(seed):
        # Given the board at the reveal: the decision carried out, nothing revealed yet
        held = before.at_reveal(action)
        assert held.round == before.round
        assert any(t is not None and not t[T_UP] for t in held.tokens) or not held.tokens
        # When the seven steps run one by one
        steps = list(resolve_in_steps(held))
        if held.phase != PH_OVER:
            start_round(held)
        # Then they are numbered 1-7 and end in the very position `apply` reached
        assert steps == [1, 2, 3, 4, 5, 6, 7]
        assert held._snapshot() == after._snapshot()


def test_the_hold_is_lifted_after_the_block_and_leaves_the_state_alone() -> None:
    before, action, after = next(round_enders(3))
    key = before.key()
    held = before.at_reveal(action)
    assert before.key() == key  # a copy was held, not the state
    again = before.clone()
    again.apply(action)
    assert again._snapshot() == after._snapshot()  # nothing held any more
    assert held.round == before.round
