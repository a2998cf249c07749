"""`OwnLaterAdapter` (ai.games.shinobi_levels): the searching player counts the later
rounds' attacks; the opponents it models inside the search value positions as `greedy`."""

from __future__ import annotations

import random

from ai.games.shinobi import ADAPTER, LATER_ADAPTER
from ai.games.shinobi_levels import OWN_LATER_ADAPTER
from engine.shinobi import SPEC
from engine.shinobi.state import ShinobiState


def _world(seed: int) -> tuple[ShinobiState, ShinobiState]:
    """A game in its early turns (rounds still to come) with player 0 to give order 1,
    and a world sampled there, as the search sees it."""
    state = SPEC.new_game(4, seed, {"first": 0})
    rng = random.Random(seed)
    while not (state.current_player() == 0 and state.order == 1 and state.turns >= 4):
        state.apply(rng.choice(state.legal_actions()))
    return state, state.sampled_copy()


def test_the_searching_player_values_its_leaves_with_the_later_rounds() -> None:
    # Given sampled worlds early in three games, and every first order of player 0
    differ = 0
    for seed in (41, 42, 43):
        _, world = _world(seed)
        for move in world.legal_actions():
            world.apply(move)
            # When the searching player values the position after it
            own = OWN_LATER_ADAPTER.evaluate(world, 0)
            # Then it counts the later rounds exactly as `LATER_ADAPTER` does
            assert own == LATER_ADAPTER.evaluate(world, 0)
            differ += own != ADAPTER.evaluate(world, 0)
            world.undo()
    # and the later rounds change its values (the term is not empty)
    assert differ > 0


def test_the_opponents_it_models_play_the_plain_adapters_move() -> None:
    # Given the searching player's planned turn in sampled worlds, the opponents then to move
    modelled = changed = 0
    for seed in (41, 42, 43, 44, 45, 46):
        _, world = _world(seed)
        for _ in range(3):
            world.apply(ADAPTER.candidates(world, 0)[0])
        while world.current_player() != 0 and not world.is_terminal():
            player = world.current_player()
            # When each opponent's expected move is asked for
            own = OWN_LATER_ADAPTER.candidates(world, player)
            plain = ADAPTER.candidates(world, player)
            later = LATER_ADAPTER.candidates(world, player)
            # Then it is the move `greedy`'s plain values choose, not the later rounds' choice
            assert own == plain
            modelled += 1
            changed += later != plain
            world.apply(plain[0])
    # and the later rounds would have changed some of those moves
    assert modelled >= 18
    assert changed > 0
