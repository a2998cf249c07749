"""The Rice Wars bot knowledge: candidates are legal and narrow, the evaluation is sane."""

from __future__ import annotations

import math
import random

from ai.adapters import WIN_BONUS, adapter_for
from ai.base import Budget
from ai.registry import make_bot
from engine.ricewars.state import ACTION, BID
from tests.engine.ricewars.helpers import (
    field_ids,
    new,
    play,
    ready,
    set_hand,
    set_money,
    set_troops,
)

ADAPTER = adapter_for("ricewars")


def test_the_ricewars_adapter_is_registered() -> None:
    assert type(ADAPTER).__name__ == "RiceWarsAdapter"


def test_candidates_are_legal_and_evaluation_finite_over_random_play() -> None:
    # Given random games of every size
    for players in (2, 3, 5):
        st = new(players, seed=players)
        rng = random.Random(players)
        while not st.is_terminal():
            legal = st.legal_actions()
            player = st.current_player()
            moves = ADAPTER.candidates(st, player)
            # Then every candidate is legal, there is one, and the evaluation is finite
            assert moves and set(moves) <= set(legal)
            assert all(math.isfinite(ADAPTER.evaluate(st, q)) for q in range(st.n))
            st.apply(legal[rng.randrange(len(legal))])
        best = max(range(st.n), key=lambda q: ADAPTER.evaluate(st, q))
        assert best in st.winners() or not st.winners()
        if st.winners():
            assert ADAPTER.evaluate(st, st.winners()[0]) > WIN_BONUS / 2


def test_action_candidates_are_few_and_end_with_pass() -> None:
    st = ready(4, seed=3)
    s = st.cur
    set_troops(st, s, ash=3, ron=1)
    legal = st.legal_actions()
    moves = ADAPTER.candidates(st, s)
    assert st.phase == ACTION and len(moves) < len(legal) and str(moves[-1]) == "pass"


def test_bid_candidates_are_a_handful() -> None:
    st = ready(4, seed=2)
    while st.phase != BID:
        legal = st.legal_actions()
        done = [a for a in legal if str(a) in ("done", "pass")]
        st.apply(done[0] if done else legal[0])
    set_money(st, st.cur, 20)
    amounts = [a.amount for a in ADAPTER.candidates(st, st.cur)]
    assert amounts == [0, 1, 2, 3, 5, 6]


def test_a_sure_winning_ronin_attack_beats_passing() -> None:
    # Given an active ronin and a rival peasant with no defence and no cards around
    st = ready(3, seed=1)
    s, o = st.cur, (st.cur + 1) % 3
    set_troops(st, s, ron=1)
    set_hand(st, s)
    set_hand(st, o)
    target = field_ids(st, st.own[o])[0]
    # When the greedy bot values attacking against passing
    play(st, f"attack {target} a0 r1")
    after = ADAPTER.evaluate(st, s)
    st.undo()
    play(st, "pass")
    passed = ADAPTER.evaluate(st, s)
    # Then the attack is worth more
    assert after > passed


def test_search_bots_answer_legally_from_the_observation() -> None:
    st = ready(3, seed=5)
    for name in ("greedy", "easy@60"):
        bot = make_bot(name, "ricewars")
        for _ in range(6):
            if st.is_terminal():
                break
            p = st.current_player()
            legal = st.legal_actions()
            action = bot.choose(st.observation(p), legal, random.Random(1), Budget())
            assert action in legal
            st.apply(action)
