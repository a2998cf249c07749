"""Battle for Rokugan in words: scores add up, resolution is retold, secrets stay secret."""

from __future__ import annotations

import random

import pytest

from app.games.rokugan import GAME_UI, narrate
from engine.rokugan import actions as A
from engine.rokugan.state import PH_PLACE

maps_api = pytest.importorskip("maps.api")


@pytest.fixture(scope="module")
def graph():
    return maps_api.load_graph("rokugan")


def random_game(graph, seed: int, stop=lambda state: False):
    from engine.registry import get_game

    state = get_game("rokugan").new_game(3, seed, {}, graph)
    rng = random.Random(seed)
    while not state.is_terminal() and not stop(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_score_breakdown_adds_up_to_the_engines_honor(graph) -> None:
    # Given finished random games
    for seed in (1, 2):
        state = random_game(graph, seed)
        # Then each player's breakdown totals its honor, and the chart ends there
        history = narrate.honor_by_round(state)
        for p in range(state.n):
            row = narrate.score_breakdown(state, p)
            assert sum(row[:-1]) == row[-1] == state.honor()[p]
            assert len(history[p]) == 5 and history[p][-1] == state.honor()[p]


def test_the_round_end_is_retold_in_seven_steps(graph) -> None:
    # Given a random game played until the last decision of round 1
    from engine.registry import get_game

    game = get_game("rokugan").new_game(3, 4, {}, graph)
    rng = random.Random(4)
    steps = []
    while game.round == 1:
        before = game.clone()
        action = rng.choice(game.legal_actions())
        game.apply(action)
        steps = GAME_UI.resolution_steps(before, action, game)
        if game.round == 1:
            assert steps == []
    # Then the steps follow the rulebook's order
    titles = [s.title for s in steps]
    assert titles[0].endswith("1. Reveal") and titles[1:] == [
        "2. Bluffs and illegal tokens",
        "3. Raids",
        "4. Diplomacy",
        "5. Battles",
        "6. Territories",
        "7. Next round",
    ]
    # And the resolution is an undo barrier
    assert narrate.reveals_hidden(game, game.history[-1], 0)


def test_a_placement_hides_the_token_from_the_others(graph) -> None:
    state = random_game(graph, 5, stop=lambda s: s.phase == PH_PLACE)
    action = next(a for a in state.legal_actions() if isinstance(a, A.Place))
    player = state.current_player()
    state.apply(action)
    public = narrate.describe(state, action, player, public=True)
    private = narrate.describe(state, action, player, public=False)
    assert "a token" in public and narrate.token_words(action.token) not in public
    assert narrate.token_words(action.token) in private
    # and a plain placement reveals nothing: it may be undone
    if state.round == 1:
        assert not narrate.reveals_hidden(state, action, player)
