"""Hints and reviews run in a worker thread: answers by signal, progress, cancel."""

from __future__ import annotations

import random

import pytest

from ai.hint import suggest
from ai.review import Review
from app.analysis_worker import Analyst
from engine.registry import get_game


@pytest.fixture
def analyst(qapp):
    handle = Analyst()
    yield handle
    handle.shutdown()


def shinobi_game(moves: int):
    state = get_game("shinobi").new_game(3, 4)
    rng = random.Random(4)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_hint_arrives_by_signal_with_progress(analyst: Analyst, qtbot) -> None:
    state = shinobi_game(10)
    me = state.current_player()
    fractions: list[float] = []
    analyst.progress.connect(fractions.append)
    with qtbot.waitSignal(analyst.hinted, timeout=30000) as signal:
        analyst.hint("shinobi", state.observation(me), state.legal_actions(), nodes=300)
    hint = signal.args[0]
    # the same hint as the Qt-free call, and the progress reached the end
    expected = suggest("shinobi", state.observation(me), state.legal_actions(), nodes=300)
    assert hint.action == expected.action and hint.reason == expected.reason
    assert fractions and fractions[-1] == 1.0
    assert not analyst.busy


def test_a_cancelled_hint_is_never_shown(analyst: Analyst, qtbot) -> None:
    state = shinobi_game(10)
    shown: list[object] = []
    analyst.hinted.connect(shown.append)
    analyst.hint("shinobi", state.observation(state.current_player()), state.legal_actions())
    analyst.cancel()
    assert not analyst.busy
    # a later request is answered, the cancelled one never
    with qtbot.waitSignal(analyst.hinted, timeout=30000):
        analyst.hint("shinobi", state.observation(state.current_player()), state.legal_actions(),
                     nodes=100)  # fmt: skip
    assert len(shown) == 1


def test_answer_now_gives_the_best_hint_so_far(analyst: Analyst, qtbot) -> None:
    state = shinobi_game(10)
    with qtbot.waitSignal(analyst.hinted, timeout=30000) as signal:
        analyst.hint("shinobi", state.observation(state.current_player()), state.legal_actions(),
                     nodes=10_000_000)  # fmt: skip
        analyst.answer_now()
    assert signal.args[0].action in state.legal_actions()


def test_a_review_arrives_and_a_stopped_one_does_not(analyst: Analyst, qtbot) -> None:
    state = shinobi_game(60)
    with qtbot.waitSignal(analyst.reviewed, timeout=60000) as signal:
        analyst.review("shinobi", state, 0, nodes=60)
    review = signal.args[0]
    assert isinstance(review, Review) and review.seat == 0 and review.decisions
    reviewed: list[object] = []
    analyst.reviewed.connect(reviewed.append)
    analyst.review("shinobi", state, 1, nodes=60)
    analyst.cancel()
    qtbot.wait(300)
    assert reviewed == [] and not analyst.busy
