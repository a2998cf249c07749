"""Bot names: levels, `name@N` budgets, `cheat` seeing the true state, thinking threads."""

import random
import time

import pytest

from ai.base import Budget
from ai.match import play_match
from ai.registry import UnknownBotError, bot_names, make_bot, offered_bot_names
from ai.search import SearchBot, SearchConfig
from ai.think import Thinking, think
from tests.ai.games import NIM, NimState


def test_levels_are_registered_and_cheat_is_not_offered() -> None:
    # Then every level is a known name, and the app's list leaves cheat out
    assert {"random", "greedy", "easy", "normal", "hard", "cheat"} <= set(bot_names())
    assert "cheat" not in offered_bot_names()
    assert "hard" in offered_bot_names()


def test_name_at_n_sets_a_pure_node_budget() -> None:
    # Given hard@2000
    bot = make_bot("hard@2000", "nim")
    # Then it thinks 2000 nodes with no time limit
    assert bot.name == "hard@2000"
    assert (bot.default_nodes, bot.default_seconds) == (2000, None)
    effective = bot.budget_for(Budget())
    assert (effective.nodes, effective.seconds) == (2000, None)
    # and a caller's explicit budget wins
    assert bot.budget_for(Budget(nodes=10)).nodes == 10


@pytest.mark.parametrize("name", ["hard@", "hard@x", "hard@0", "nobody", "nobody@5"])
def test_bad_bot_names_are_refused(name: str) -> None:
    with pytest.raises(UnknownBotError):
        make_bot(name, "nim")


def test_cheat_gets_the_true_state_in_a_match() -> None:
    # Given a bot that records what it is handed
    seen = []

    class Recorder(SearchBot):
        def choose(self, observation, legal_actions, rng, budget):
            seen.append(type(observation).__name__)
            return super().choose(observation, legal_actions, rng, budget)

    from ai import registry

    registry.register_bot("recorder-cheat", lambda g: Recorder(sees_everything=True), False)
    registry.register_bot("recorder", lambda g: Recorder())
    # When it plays Nim once as cheat and once as an honest bot
    play_match(NIM, ["recorder-cheat", "recorder"], seed=1, nodes=50)
    # Then the cheat saw states and the honest one observations
    assert "NimState" in seen and "NimObservation" in seen


def test_move_now_returns_a_legal_move_at_once() -> None:
    # Given an unbounded search on a big pile (no table, so it would run for ages)
    state = NimState(3, 60)
    bot = SearchBot(SearchConfig(worlds=1, max_depth=60, transposition=False))
    reports = []
    budget = Budget()
    thinking = Thinking(
        bot,
        state.observation(0),
        state.legal_actions(),
        random.Random(1),
        budget,
        progress=lambda fraction, best: reports.append(best),
    )
    time.sleep(0.3)
    assert not thinking.done()
    # When the player says "move now"
    started = time.monotonic()
    thinking.move_now()
    move = thinking.result(timeout=5)
    # Then a legal move comes back promptly, and progress was reported on the way
    assert time.monotonic() - started < 1.0
    assert move in state.legal_actions()
    assert reports and all(r in state.legal_actions() for r in reports)


def test_think_with_a_cancelled_budget_still_answers_legally() -> None:
    # Given a budget already cancelled
    state = NimState(3, 9)
    budget = Budget()
    budget.cancel.set()
    # When asked to think
    move = think(
        make_bot("hard", "nim"),
        state.observation(0),
        state.legal_actions(),
        random.Random(2),
        budget,
    )
    # Then the answer is legal
    assert move in state.legal_actions()
