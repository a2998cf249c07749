"""Shinobi's adapter inside the search: how wide the searching player plans its turn,
and which move it expects from each opponent (ai.games.shinobi)."""

from __future__ import annotations

import random

from ai.base import Budget
from ai.games.shinobi import (
    ADAPTER,
    INNER_CANDIDATES,
    ROOT_CANDIDATES,
)
from ai.registry import make_bot
from engine.shinobi import SPEC


def test_the_searching_player_plans_its_later_orders_narrower() -> None:
    # Given a sampled world in mid-game where player 0 is to give its first order
    state = SPEC.new_game(4, 21, {"first": 0})
    rng = random.Random(21)
    while not (state.current_player() == 0 and state.order == 1 and state.turns >= 8):
        state.apply(rng.choice(state.legal_actions()))
    world = state.sampled_copy()
    at_root = ADAPTER.candidates(world, 0)
    # When it plans its first order and then its second
    world.apply(at_root[0])
    assert world.current_player() == 0 and world.order == 2
    planned = ADAPTER.candidates(world, 0)
    # Then the order it decides now gets the wide root list, the planned one the narrow list
    assert len(at_root) == min(ROOT_CANDIDATES[0], len(state.legal_actions()))
    assert len(planned) == min(INNER_CANDIDATES[1], len(world.legal_actions()))
    assert set(planned) <= set(world.legal_actions())


def test_an_opponent_in_the_search_is_expected_to_play_as_greedy_does() -> None:
    # Given four greedy bots playing, and a search world sampled at each player's turn,
    # in which the others are that player's opponents until its next turn
    bots = [make_bot("greedy", "shinobi") for _ in range(4)]
    agreed = decided = 0
    for seed in (31, 32):
        state = SPEC.new_game(4, seed)
        rng = random.Random(seed)
        world, root = None, -1
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            if world is not None and player == root and world.undo_depth and state.order == 1:
                world = None
            if world is None:
                world, root = state.sampled_copy(), player
            # When an opponent's expected move is asked for
            expected = None
            if player != root and len(legal) > 1:
                expected = ADAPTER.candidates(world, player)
                assert len(expected) == 1 and expected[0] in legal
            chosen = bots[player].choose(state.observation(player), legal, rng, Budget())
            if expected is not None:
                agreed += expected[0] == chosen
                decided += 1
            state.apply(chosen)
            world.apply(chosen)
    # Then it is greedy's own choice most of the time (the ranking alone: about half;
    # greedy samples the hidden cards it cannot see, the world here holds the true ones)
    assert decided > 100
    assert agreed / decided > 0.6


def test_a_turns_three_orders_share_one_budget() -> None:
    from ai.games.shinobi import ORDER_SHARES

    # Given a mid-game turn of player 0 and the normal level with 1,000 nodes a turn
    state = SPEC.new_game(4, 5, {"first": 0})
    rng = random.Random(5)
    while not (state.current_player() == 0 and state.order == 1 and state.turns >= 8):
        state.apply(rng.choice(state.legal_actions()))
    bot = make_bot("normal@1000", "shinobi")
    spent = []
    # When it plays its three orders
    while state.current_player() == 0 and not state.is_terminal():
        legal = state.legal_actions()
        action = bot.choose(state.observation(0), legal, random.Random(1), Budget())
        spent.append(bot.last.nodes if len(legal) > 1 else 0)
        state.apply(action)
    # Then each order searched at most its share, the turn at most one decision's budget
    assert sum(ORDER_SHARES) <= 1.0 + 1e-9
    for nodes, share in zip(spent, ORDER_SHARES, strict=False):
        assert nodes <= round(1000 * share)
    assert sum(spent) <= 1000 and spent[0] > 0


def test_hards_budget_lets_every_sampled_world_finish_its_two_ply_search() -> None:
    from ai.levels import level_for

    # Given a late position (ten cards left in the deck) of four greedy bots, where the
    # eight worlds' two-ply search of order 1 needs about 9,900 nodes in all
    bots = [make_bot("greedy", "shinobi") for _ in range(4)]
    state = SPEC.new_game(4, 5)
    rng = random.Random(5)
    while not (state.order == 1 and state.deck_size() <= 10):
        player = state.current_player()
        legal = state.legal_actions()
        state.apply(bots[player].choose(state.observation(player), legal, rng, Budget()))
    player = state.current_player()
    view, legal = state.observation(player), state.legal_actions()
    level = level_for("hard", "shinobi")
    # When `hard` decides its first order with its own node budget, and with the 10,000
    # nodes a turn it had before
    hard = make_bot(f"hard@{level.nodes}", "shinobi")
    hard.choose(view, legal, random.Random(1), Budget())
    before = make_bot("hard@10000", "shinobi")
    before.choose(view, legal, random.Random(1), Budget())
    # Then with its budget every world completes two plies (the turn and the others'
    # round); with the old one most worlds stopped after one
    assert hard.last.depths == [2] * level.config.worlds
    assert before.last.depths.count(1) > level.config.worlds // 2
