"""The search bot: legal, deterministic under a node budget, honest, and it finds wins."""

import gc
import random

import pytest

from ai.adapters import GameAdapter
from ai.base import Budget
from ai.greedy import GreedyBot
from ai.search import SearchBot, SearchConfig
from tests.ai.games import NIM, TRICKS, NimState, Play, Take, TricksState


def decide(bot, state, seed=7, nodes=3000):
    player = state.current_player()
    return bot.choose(
        state.observation(player), state.legal_actions(), random.Random(seed), Budget(nodes=nodes)
    )


def test_two_player_nim_search_finds_the_forced_win() -> None:
    # Given 2-player Nim, 5 stones, take 1..3: only taking 1 (leaving 4) wins by force
    state = NimState(2, 5)
    bot = SearchBot(SearchConfig(worlds=1))
    # When the search decides
    move = decide(bot, state)
    # Then it takes 1, and proves the win
    assert move == Take(1)
    assert bot.last.values[Take(1)] > 500
    assert bot.last.values[Take(2)] < 0 and bot.last.values[Take(3)] < 0


def test_greedy_misses_the_forced_win_that_search_finds() -> None:
    # Given the same position, candidates offered worst first: one ply sees no
    # difference between the moves, so greedy keeps the first
    state = NimState(2, 5)

    class ReverseAdapter(GameAdapter):
        def candidates(self, state, player):
            return list(reversed(state.legal_actions()))

    greedy = GreedyBot(ReverseAdapter(), worlds=1)
    # When both decide
    search = SearchBot(SearchConfig(worlds=1), ReverseAdapter())
    # Then greedy takes 3 (a loss) and the search still takes 1
    assert decide(greedy, state) == Take(3)
    assert decide(search, state) == Take(1)


def test_consecutive_own_moves_are_searched_as_max_plies() -> None:
    # Given 3-player Nim with the bonus rule (taking 1 moves again), 4 stones, take 1..2:
    # the root wins by taking 1, 1 and then 2, all in a row
    state = NimState(3, 4, max_take=2, bonus=True)
    bot = SearchBot(SearchConfig(worlds=1))
    # When the search decides
    move = decide(bot, state)
    # Then it takes 1 (taking 2 leaves 2 stones, which the next player takes)
    assert move == Take(1)
    assert bot.last.values[Take(1)] > 500


def test_three_player_search_avoids_handing_over_the_win() -> None:
    # Given 3-player Nim, 5 stones, take 1..3 for the root (player 1 to move later)
    state = NimState(3, 5)
    state.turn = 1
    bot = SearchBot(SearchConfig(worlds=1))
    # When the root decides
    move = decide(bot, state)
    # Then it never leaves 1..3 stones to the next player (an immediate loss)
    assert move == Take(1)


def test_search_is_deterministic_under_a_node_budget() -> None:
    # Given a hidden-information deal and a node budget
    state = TRICKS.new_game(3, 11, {"hand": 4})
    # When the same bot decides twice with the same seed
    first = SearchBot(SearchConfig(worlds=3))
    second = SearchBot(SearchConfig(worlds=3))
    a = decide(first, state, seed=3, nodes=1500)
    b = decide(second, state, seed=3, nodes=1500)
    # Then the move, the values and the effort are identical
    assert a == b
    assert first.last.values == second.last.values
    assert first.last.nodes == second.last.nodes <= 1500


@pytest.mark.parametrize(
    "bot",
    [SearchBot(SearchConfig(worlds=3)), GreedyBot(worlds=3)],
    ids=["search", "greedy"],
)
def test_decision_does_not_depend_on_what_the_bot_cannot_see(bot) -> None:
    # Given two true states with the same hand for player 0 and different hidden hands
    one = TricksState([[2, 7, 9], [1, 3, 12], [4, 10, 11]], deck=12)
    two = TricksState([[2, 7, 9], [4, 10, 11], [1, 3, 12]], deck=12)
    # When player 0 decides in each with the same seed and node budget
    a = decide(bot, one, seed=5, nodes=800)
    b = decide(bot, two, seed=5, nodes=800)
    # Then the decisions are the same
    assert a == b


def test_honesty_holds_mid_game_for_the_second_player() -> None:
    # Given two deals where player 1 holds the same cards and the same card was led,
    # but players 0 and 2 hold different unseen cards
    one = TricksState([[5, 8, 2], [1, 6, 9], [3, 4, 12]], deck=12)
    two = TricksState([[5, 11, 10], [1, 6, 9], [7, 2, 3]], deck=12)
    for state in (one, two):
        state.apply(Play(5))
    bot = SearchBot(SearchConfig(worlds=4))
    # When player 1 decides in both
    a = decide(bot, one, seed=9, nodes=1000)
    b = decide(bot, two, seed=9, nodes=1000)
    # Then the same card is played
    assert a == b


@pytest.mark.parametrize("config", [SearchConfig(worlds=2), SearchConfig(worlds=2, combine="vote")])
def test_bots_always_choose_legal_actions(config) -> None:
    # Given whole games of both test games with search and greedy bots in all seats
    bots = [SearchBot(config), GreedyBot(worlds=2), SearchBot(config)]
    for state in (TRICKS.new_game(3, 4, {"hand": 4}), NIM.new_game(3, 2)):
        rng = random.Random(1)
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            # When each bot decides with a small budget
            move = bots[player].choose(state.observation(player), legal, rng, Budget(nodes=300))
            # Then it picks a legal action
            assert move in legal
            state.apply(move)


def test_a_tiny_budget_still_gives_a_legal_move() -> None:
    # Given a budget of a single node
    state = TRICKS.new_game(3, 2)
    bot = SearchBot(SearchConfig(worlds=4))
    # When the bot decides
    move = decide(bot, state, nodes=1)
    # Then the move is legal
    assert move in state.legal_actions()


def test_search_reports_progress_with_a_legal_best_move() -> None:
    # Given a progress listener
    state = TRICKS.new_game(3, 8)
    seen = []
    budget = Budget(nodes=2000, progress=lambda fraction, best: seen.append((fraction, best)))
    # When the bot decides
    SearchBot(SearchConfig(worlds=2)).choose(
        state.observation(0), state.legal_actions(), random.Random(1), budget
    )
    # Then it reported fractions in 0..1 and legal best moves
    assert seen
    assert all(0.0 <= f <= 1.0 and best in state.legal_actions() for f, best in seen)


def test_cheat_searches_the_true_state() -> None:
    # Given the true state where player 0's 9 can only lose to player 1's 12 (the search
    # sees it) and the observation, where 12 could be anywhere
    state = TricksState([[9, 1], [12, 2], [3, 4]], deck=12)
    bot = SearchBot(SearchConfig(), sees_everything=True)
    # When the cheating bot gets the true state
    bot.choose(state.clone(), state.legal_actions(), random.Random(1), Budget(nodes=5000))
    # Then it searched one world, the real one, to the end of the game
    assert len(bot.last.depths) == 1
    assert set(bot.last.values) == {Play(9), Play(1)}


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_during_a_decision_and_left_as_found(enabled) -> None:
    # Given an adapter that notes whether automatic collection is on when it evaluates
    seen = []

    class Noting(GameAdapter):
        def evaluate(self, state, player):
            seen.append(gc.isenabled())
            return super().evaluate(state, player)

    bot = SearchBot(SearchConfig(worlds=1), Noting())
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        # When the bot decides with the collector on (a command) or off (the app)
        move = decide(bot, NimState(2, 5), nodes=200)
        after = gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
    # Then the search ran without it, and it is as it was afterwards
    assert move == Take(1)
    assert seen and not any(seen)
    assert after == enabled
