"""The resolution preview: the board resolved as the last round's, the state untouched."""

import random

import pytest

from engine.rokugan import SPEC
from engine.rokugan import state as S
from engine.rokugan.data import ROUNDS
from tests.engine.rokugan.fixtures import control, position, resolve, rokugan_graph

BOARD = """
    clans crab lion
    control crab CRAB_1
    control crab CRAB_2
    control lion CRAB_3
    place lion army3 CRAB_2|CRAB_3 ->CRAB_2
    place crab army1 CRAB_1
    place crab diplomacy CRAB_1
    """


def test_the_preview_is_the_honor_of_a_real_last_round_resolution() -> None:
    # Given a round-2 board where Lion's Army 3 takes CRAB_2 from Crab
    st = position(BOARD + "round 2")
    before = st.honor()
    # When the board is previewed
    preview = st.honor_if_resolved()
    # Then it equals the honor after really resolving the same board in the last round
    last = position(BOARD + f"round {ROUNDS}")
    resolve(last)
    assert last.phase == S.PH_OVER and control(last, "CRAB_2")[0] == "lion"
    assert preview == last.honor() != before


def test_the_state_is_exactly_as_before_after_the_preview() -> None:
    # Given a placement position with face-down tokens and a history
    st = position(BOARD + "round 2")
    key, tokens, honor = st.key(), list(st.tokens), st.honor()
    # When the resolved board is read inside the block
    with st.resolved_preview() as resolved:
        assert resolved.tokens == [] and resolved.phase == S.PH_OVER
        assert control(resolved, "CRAB_2") == ("lion", 1, 0)
    # Then everything is restored: position, tokens (still face down), honor
    assert st.key() == key and st.tokens == tokens and st.honor() == honor
    assert st.phase == S.PH_PLACE and st.round == 2


def test_a_game_in_placement_plays_on_identically_after_a_preview() -> None:
    # Given two copies of a real game in its placement phase
    st = SPEC.new_game(3, 7, None, rokugan_graph())
    rng = random.Random(7)
    while not (st.phase == S.PH_PLACE and st.tokens):
        st.apply(rng.choice(st.legal_actions()))
    twin = st.clone()
    # When one is previewed, then both play the same moves to the end
    st.honor_if_resolved()
    assert st.key() == twin.key() and st.history == twin.history
    while not st.is_terminal():
        action = rng.choice(st.legal_actions())
        st.apply(action)
        twin.apply(action)
    # Then they end the same
    assert st.key() == twin.key() and st.honor() == twin.honor()


def test_outside_placement_there_is_nothing_to_preview() -> None:
    # Given a position in the card phase; when previewed, then a precise error
    st = position("clans crab lion\nphase cards")
    with pytest.raises(ValueError, match="placement or swap"):
        st.honor_if_resolved()
