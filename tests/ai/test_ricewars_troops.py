"""Rice Wars' search levels value troops by the fields they can take this round, and
search a hiring turn without lines that only repeat a payment as a hire."""

from __future__ import annotations

import random

from ai.base import Budget
from ai.games.ricewars import (
    ADAPTER,
    HIRING_WIDTH,
    IDLE_PEASANT,
    SEARCH_ADAPTER,
    STRIKE_WORTH,
)
from ai.registry import make_bot
from engine.ricewars import actions as A
from engine.ricewars.data import CARDS
from engine.ricewars.state import HIRE, RiceWarsState
from tests.engine.ricewars.helpers import card_of, new, ready, set_hand, set_money, set_troops


def _armed(ron: int, rival_ron: int = 0) -> tuple[RiceWarsState, int]:
    """Round 1's action phase: the governor with `ron` active ronin, both rivals with
    `rival_ron` each and no ashigaru."""
    st = ready(3, seed=1)
    s = st.cur
    for q in range(st.n):
        set_troops(st, q, ron=ron if q == s else rival_ron)
    return st, s


def test_active_ronin_count_the_fields_they_can_take_from_an_unarmed_rival() -> None:
    # Given a player with 2 active ronin and rivals without troops
    st, s = _armed(ron=2)
    # When the search levels weigh the position
    strikes = SEARCH_ADAPTER.strikes(st)
    # Then the ronin are two fields to take from a rival, and the standing says so
    assert [(a, fields) for a, _, fields in strikes] == [(s, 2.0)]
    victim = strikes[0][1]
    plain, armed = ADAPTER.standing(st), SEARCH_ADAPTER.standing(st)
    assert armed[s] - plain[s] == STRIKE_WORTH * 2
    assert plain[victim] - armed[victim] == STRIKE_WORTH * 2


def test_defending_troops_stop_as_many_attacks_as_they_match() -> None:
    # Given a player with 2 active ronin and both rivals with 2 ronin each
    st, s = _armed(ron=2, rival_ron=2)
    # When the search levels weigh the position, then nobody has an attack to win
    assert SEARCH_ADAPTER.strikes(st) == []


def test_a_player_who_passed_twice_attacks_no_more() -> None:
    # Given a player with 3 active ronin who has put down both pass markers
    st, s = _armed(ron=3)
    st.passes[s] = 2
    # When the search levels weigh the position, then its ronin take nothing
    assert all(a != s for a, _, _ in SEARCH_ADAPTER.strikes(st))


def _hiring_with_an_owed_ashigaru() -> tuple[RiceWarsState, int]:
    st = new(3, seed=2)
    while not (st.phase == HIRE and st.cur >= 0):
        legal = st.legal_actions()
        done = [a for a in legal if str(a) in ("done", "pass", "stay")]
        st.apply(done[0] if done else legal[0])
    s = st.cur
    st.ash_due[s] = 1
    set_money(st, s, 10)
    return st, s


def test_a_hiring_step_searches_the_best_few_steps_and_no_hire_that_repeats_a_payment() -> None:
    # Given a hiring turn with one ashigaru's upkeep owed, so paying it and hiring a
    # fresh one are both legal (and end the turn the same)
    st, s = _hiring_with_an_owed_ashigaru()
    legal = st.legal_actions()
    assert A.Pay("ashigaru") in legal and A.Hire("ashigaru") in legal
    # When the search levels list their candidates
    searched = SEARCH_ADAPTER.candidates(st, s)
    # Then the duplicate hire is not searched (greedy keeps it), done always is, and the
    # steps kept are the best few by the evaluation right after them
    assert A.Hire("ashigaru") not in searched and A.Hire("ashigaru") in ADAPTER.candidates(st, s)
    assert A.Done() in searched and len(searched) <= HIRING_WIDTH + 1
    steps = [a for a in legal if not isinstance(a, A.Done) and a != A.Hire("ashigaru")]
    kept = [a for a in searched if a in steps]
    worst_kept = min(SEARCH_ADAPTER._after(st, s, a) for a in kept)
    assert all(SEARCH_ADAPTER._after(st, s, a) <= worst_kept for a in steps if a not in kept)
    # And once the upkeep is paid, a hire of an ashigaru may be searched again
    st.apply(A.Pay("ashigaru"))
    assert st.ash_due[s] == 0
    assert SEARCH_ADAPTER.candidates(st, s) == SEARCH_ADAPTER._hiring(st, s, st.legal_actions())


def test_an_action_decision_does_not_depend_on_what_a_rival_hides() -> None:
    # Given two positions that differ only in a rival's hand and its Ryo within one
    # public bracket (10-14), with troops on the board so the strike term counts
    moves = []
    observations = []
    for hand, ryo in (("houka2", 10), ("shouri1", 14)):
        st, s = _armed(ron=1)
        rival = (s + 1) % st.n
        set_hand(st, rival, _card_id(hand))
        set_money(st, rival, ryo)
        observations.append(st.observation(s))
        # When the player to act decides at `normal` with a node budget
        bot = make_bot("normal@400", "ricewars")
        moves.append(bot.choose(st.observation(s), st.legal_actions(), random.Random(3), Budget()))
    # Then it sees the same and does the same
    assert observations[0] == observations[1]
    assert moves[0] == moves[1]


def _card_id(text: str) -> str:
    """`houka2` -> the id of the first houka card of bonus 2."""
    return CARDS[card_of(text[:-1], int(text[-1]))].id


def test_a_rival_still_to_hire_counts_the_troops_its_ryo_can_take_from_the_supply() -> None:
    # Given a hiring phase with a rival still to hire, holding 20 Ryo and no troops
    st, s = _hiring_with_an_owed_ashigaru()
    rival = next(q for q in st.queue if q != st.neutral)
    set_troops(st, rival)
    set_money(st, rival, 20)
    assert st.supply_ron >= 2
    # When the search levels weigh its troops, then half its purse (10 Ryo) hires two
    # ronin and an ashigaru: 2.5 attacks
    assert SEARCH_ADAPTER.troops_ready(st)[rival] == 2.5
    # And when the players before it have taken the whole supply, it can hire none
    st.supply_ron = st.supply_ash = 0
    assert SEARCH_ADAPTER.troops_ready(st)[rival] == 0.0


def test_peasants_that_cannot_reach_a_field_are_worth_little() -> None:
    # Given a player in the action phase with no troops and a few free fields to take
    st, s = _armed(ron=0)
    room = SEARCH_ADAPTER.reserve_room(st, s, 0.0)
    assert room == st.peasant_fields(s).bit_count() + 1
    # When it has as many peasants waiting as can reach a field, and then ten more
    st.reserve[s] = room
    useful = SEARCH_ADAPTER.standing(st)[s]
    st.reserve[s] = room + 10
    crowded = SEARCH_ADAPTER.standing(st)[s]
    # Then the ten more add only their tie-break worth (the plain worth adds far more)
    assert abs((crowded - useful) - 10 * IDLE_PEASANT) < 1e-9
    st.reserve[s] = room
    plain = ADAPTER.standing(st)[s]
    st.reserve[s] = room + 10
    assert ADAPTER.standing(st)[s] - plain > 3


def test_a_hiring_decision_does_not_depend_on_a_rival_purse_it_cannot_see() -> None:
    # Given two hiring turns that differ only in the Ryo of a rival still to hire, within
    # one public bracket (10-14): the troops it can hire are counted from the purse
    moves = []
    for ryo in (10, 14):
        st, s = _hiring_with_an_owed_ashigaru()
        rival = next(q for q in st.queue if q != st.neutral)
        set_money(st, rival, ryo)
        # When the hiring player decides at `normal` with a node budget
        bot = make_bot("normal@400", "ricewars")
        moves.append(bot.choose(st.observation(s), st.legal_actions(), random.Random(3), Budget()))
    # Then it decides the same
    assert moves[0] == moves[1]
