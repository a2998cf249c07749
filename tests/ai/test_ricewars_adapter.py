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


def _hiring_position(players: int = 4, seed: int = 2):
    """A hiring turn of round 2 with money to spend, reached by greedy play."""
    from engine.ricewars.state import HIRE

    st = new(players, seed=seed)
    bot = make_bot("greedy", "ricewars")
    rng = random.Random(seed)
    while not (st.phase == HIRE and st.round == 2):
        p = st.current_player()
        st.apply(bot.choose(st.observation(p), st.legal_actions(), rng, Budget()))
    set_money(st, st.cur, 14)
    return st


def _hire_turn(st, bot) -> tuple[list[str], int]:
    """Play the current player's hiring turn with `bot`: (actions, searched decisions)."""
    from engine.ricewars.state import HIRE

    player, done, searched = st.current_player(), [], 0
    while st.phase == HIRE and st.current_player() == player:
        action = bot.choose(st.observation(player), st.legal_actions(), random.Random(1), Budget())
        searched += bool(bot.last and bot.last.nodes)
        done.append(str(action))
        st.apply(action)
    return done, searched


def test_a_hiring_turn_is_one_search_and_ends_where_step_by_step_search_ends() -> None:
    from ai.games.ricewars import RiceWarsSearchAdapter
    from ai.levels import level_for
    from ai.search import SearchBot

    class StepByStep(RiceWarsSearchAdapter):
        def plan_key(self, observation):  # noqa: ANN001, ANN201 - the old way: no plans
            return None

    # Given a hiring turn with 14 Ryo to spend (1,000 nodes complete the first iteration)
    config = level_for("normal", "ricewars").config
    planned_state = _hiring_position()
    searched_state = planned_state.clone()
    # When the normal search plays it with turn plans and, separately, step by step
    planning = SearchBot(config, adapter_for("ricewars", search=True), nodes=1000)
    planned, searches = _hire_turn(planned_state, planning)
    stepwise = SearchBot(config, StepByStep(), nodes=1000)
    _, step_searches = _hire_turn(searched_state, stepwise)
    # Then the turn took several steps but one search, and it ends in the same position
    assert len(planned) >= 3
    assert searches == 1 < step_searches
    assert planned_state.key() == searched_state.key()


def test_a_turn_plan_is_dropped_when_the_position_is_not_the_one_planned() -> None:
    # Given a bot that planned a hiring turn
    st = _hiring_position()
    bot = make_bot("normal@1000", "ricewars")
    first = bot.choose(st.observation(st.cur), st.legal_actions(), random.Random(1), Budget())
    assert bot._plan, "a hiring turn of 14 Ryo plans more than one step"
    # When the position differs from the planned one (the step was not taken)
    other = next(a for a in st.legal_actions() if a != first)
    st.apply(other)
    bot.choose(st.observation(st.current_player()), st.legal_actions(), random.Random(1), Budget())
    # Then the bot searched again instead of playing the stale plan
    assert bot.last is not None and bot.last.nodes > 0
