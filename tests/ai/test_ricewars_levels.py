"""The adapter screened for Rice Wars' `hard` counts a purse above its Ryo's worth
(`ai.games.ricewars_levels`); the levels keep the shared search knowledge."""

from __future__ import annotations

from ai.games.ricewars import SEARCH_ADAPTER, RiceWarsSearchAdapter
from ai.games.ricewars_levels import HARD_ADAPTER, HARD_PURSE_WEIGHT
from ai.registry import make_bot
from engine.ricewars import actions as A
from engine.ricewars.state import HIRE
from tests.engine.ricewars.helpers import new, set_money


def _hiring(money: int):  # noqa: ANN202 - a state and the seat to hire
    st = new(2, seed=3)
    while not (st.phase == HIRE and st.cur >= 0):
        legal = st.legal_actions()
        done = [a for a in legal if str(a) in ("done", "pass", "stay")]
        st.apply(done[0] if done else legal[0])
    s = st.cur
    set_money(st, s, money)
    return st, s


def test_the_levels_keep_the_shared_search_adapter() -> None:
    # The purse-weighted adapter was screened for hard and not kept (55.8 % of 86 games)
    for level in ("normal@300", "hard@300"):
        assert type(make_bot(level, "ricewars").adapter) is RiceWarsSearchAdapter


def test_hard_counts_ryo_in_a_purse_above_a_ryo_s_worth() -> None:
    # Given a hiring turn, the player holding 4 Ryo or 14
    poor, s = _hiring(4)
    rich, _ = _hiring(14)
    ryo = SEARCH_ADAPTER.ryo(rich)
    # When both adapters weigh the two positions
    shared = SEARCH_ADAPTER.standing(rich)[s] - SEARCH_ADAPTER.standing(poor)[s]
    hard = HARD_ADAPTER.standing(rich)[s] - HARD_ADAPTER.standing(poor)[s]
    # Then the shared adapter counts the 10 Ryo at a Ryo's worth, hard at more
    assert abs(shared - 10 * ryo) < 1e-9
    assert abs(hard - HARD_PURSE_WEIGHT * 10 * ryo) < 1e-9
    assert HARD_PURSE_WEIGHT > 1.0


def test_hard_and_normal_order_hiring_steps_by_their_own_values() -> None:
    # Given a hiring turn with Ryo to spend, ordered first by the shared adapter
    st, s = _hiring(14)
    step = A.Hire("ronin")
    shared = SEARCH_ADAPTER._after(st, s, step)
    # When hard orders the same step (the memo of the values after a step is shared
    # by the module), then it gets its own value, not the one remembered for normal
    st.apply(step)
    own = HARD_ADAPTER.evaluate(st, s)
    st.undo()
    assert own != shared
    assert HARD_ADAPTER._after(st, s, step) == own
