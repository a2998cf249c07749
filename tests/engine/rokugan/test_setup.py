"""Setup steps 1-11, upkeep (initiative, draw), supplies running out."""

import pytest

from engine.rokugan import SPEC, rounds, tokens
from engine.rokugan import data as D
from engine.rokugan import state as S
from engine.rokugan.data import (
    CLAN_INDEX,
    MASTER_OF_GOVERNANCE,
    MASTER_OF_TACTICS,
    RISE_OF_AN_EMPIRE,
)
from tests.engine.rokugan.fixtures import control, position, resolve, rokugan_graph, special


@pytest.mark.parametrize(("players", "each"), [(2, 11), (3, 7), (4, 5), (5, 4)])
def test_setup_steps(players, each):
    st = SPEC.new_game(players, 3, None, rokugan_graph())
    # 2: one card per territory, face down on the map
    assert all(h == S.ON_MAP for h in st.terr_holder)
    assert len({c for c in st.terr_card}) == 11
    # 3: the bluff behind the screen, everything else in the pool
    assert st.hand_count == [1] * players
    # 4: two scouts and one shugenja
    assert st.scouts == [2] * players and st.shugenja == [1] * players
    # 6: one face-down control token in each capital
    for p, c in enumerate(st.clans):
        assert st.ctrl_owner[st.board.capital_of_clan[c]] == p
    # 8-9: first player from a clan card; deck of exactly 4 (no neutral cards with 5)
    assert st.revealed[0] == st.clans[st.first]
    assert len(st.deck) == 4
    neutrals = [c for c in st.deck if c >= MASTER_OF_GOVERNANCE]
    assert len(neutrals) == max(0, 4 - (players - 1))
    # 5: two objectives each, one kept
    assert st.phase == S.PH_OBJECTIVE
    for p in range(players):
        legal = st.legal_actions()
        assert len(legal) == 2 and st.cur == p
        st.apply_checked(legal[1])
        assert st.objective[p] == st.dealt[p][1]
    # 10: `each` control tokens each, in empty provinces, from the first player clockwise
    assert st.phase == S.PH_CONTROL and st.cur == st.first
    order = []
    while st.phase == S.PH_CONTROL:
        legal = st.legal_actions()
        assert all(st.ctrl_owner[st.board.index[a.province]] < 0 for a in legal)
        order.append(st.cur)
        st.apply_checked(legal[0])
    assert order[:players] == [(st.first + k) % players for k in range(players)]
    assert all(st.control_on_board(p) == 1 + each for p in range(players))
    # 11: round 1 begins with a hand of 6 (Dragon 7 until it returns one)
    assert st.round == 1
    assert all(h == 6 for p, h in enumerate(st.hand_count) if st.phase != S.PH_DRAGON)


def test_clans_may_be_chosen_in_settings():
    st = SPEC.new_game(2, 1, {"clans": ["lion", "crane"]}, rokugan_graph())
    assert st.summary()["clans"] == ["lion", "crane"]
    with pytest.raises(ValueError):
        SPEC.new_game(2, 1, {"clans": ["lion", "lion"]}, rokugan_graph())


def test_initiative_clan_card_names_the_first_player():
    st = position("clans crab lion crane\ncontrol crab CRAB_1\ncontrol lion LION_C\nround 2")
    st.deck = (CLAN_INDEX["crane"], MASTER_OF_TACTICS)
    rounds.start_round(st)
    assert st.first == 2  # the Crane seat
    assert st.deck == (MASTER_OF_TACTICS,)
    assert st.fp_card_used == 0


@pytest.mark.parametrize(
    ("card", "expected"),
    [(MASTER_OF_GOVERNANCE, 2), (MASTER_OF_TACTICS, 1), (RISE_OF_AN_EMPIRE, 0)],
)
def test_neutral_initiative_cards(card, expected):
    st = position(
        """
        clans crab lion crane
        control crab CRAB_1
        card crab promotion crab
        control lion LION_C up=4
        control crane CRANE_C
        control crane CRANE_2
        round 2
        first lion
        """
    )
    st.deck = (card,)
    rounds.start_round(st)
    assert st.first == expected


def test_neutral_initiative_tie_goes_to_the_nearest_player_on_the_right():
    # Seats 0..3 clockwise; first player seat 1 is not tied; seats 0 and 3 are tied:
    # seat 0 sits directly to seat 1's right.
    st = position(
        """
        clans crab lion crane dragon
        control crab CRAB_1
        control crab CRAB_2
        control lion LION_C
        control crane CRANE_C
        control dragon DRAGON_1
        control dragon DRAGON_3
        round 2
        first lion
        """
    )
    st.deck = (MASTER_OF_GOVERNANCE,)
    rounds.start_round(st)
    assert st.first == 0
    st2 = position(
        """
        clans crab lion crane dragon
        control crab CRAB_1
        control lion LION_C
        control lion LION_W
        control dragon DRAGON_1
        control dragon DRAGON_3
        round 2
        first lion
        """
    )
    st2.deck = (MASTER_OF_GOVERNANCE,)
    rounds.start_round(st2)
    assert st2.first == 1  # the current first player keeps it when tied


def test_empty_pool_draws_fewer_tokens():
    st = position("clans crab lion\ncontrol crab CRAB_1\ncontrol lion LION_C")
    for t in range(27):
        if st.loc[t] == S.POOL and t > 2:
            tokens.move(st, 0, t, S.DISCARD)
    rounds.start_round(st)
    assert st.hand_count[0] == 4  # bluff + the three left in the pool


def test_out_of_scorched_earth_a_raid_still_clears_the_province():
    st = position(
        """
        clans crab lion
        control crab CRAB_2
        control lion CRAB_3
        place crab raid CRAB_3
        """
    )
    st.supply[D.SCORCHED] = 0
    resolve(st)
    assert control(st, "CRAB_3") == (None, 0, 0)
    assert special(st, "CRAB_3") == ""


def test_out_of_peace_tokens_diplomacy_places_none():
    st = position("clans crab lion\ncontrol crab CRAB_2\nplace crab diplomacy CRAB_2")
    st.supply[D.PEACE] = 0
    resolve(st)
    assert special(st, "CRAB_2") == ""


def test_out_of_control_tokens_a_conquest_leaves_the_province_empty():
    st = position(
        """
        clans crab lion
        control crab CRAB_2 down=30
        control lion CRAB_3
        place crab army5 CRAB_2|CRAB_3 ->CRAB_3
        """
    )
    assert st.control_left[0] == 0
    resolve(st)
    assert control(st, "CRAB_3") == (None, 0, 0)
    assert st.control_left[1] == 30


def test_out_of_control_tokens_a_defence_adds_nothing():
    st = position("clans crab lion\ncontrol crab CRAB_2 down=30\nplace crab army1 CRAB_2")
    resolve(st)
    assert control(st, "CRAB_2") == ("crab", 30, 0)


def test_card_placing_more_control_tokens_than_left_places_what_is_left():
    st = position(
        "clans crab lion\nround 2\nphase cards\ncontrol crab CRAB_2 down=29\n"
        "card gold_neutral bountiful_harvest crab"
    )
    st.apply_checked(st.spec.parse_action("card bountiful_harvest CRAB_2"))
    assert control(st, "CRAB_2") == ("crab", 29, 1)
    assert st.control_left[0] == 0
