"""One test per clan ability."""

from engine.rokugan import rounds
from engine.rokugan import state as S
from tests.engine.rokugan.fixtures import (
    control,
    crane_tie_position,
    labels_at,
    position,
    resolve,
    texts,
)


def test_crab_face_up_control_tokens_defend_for_two():
    st = position(
        """
        clans crab lion
        control crab CRAB_2 up=1
        control lion CRAB_3
        place lion army2 CRAB_2|CRAB_3 ->CRAB_2
        """
    )
    resolve(st)
    assert control(st, "CRAB_2") == ("crab", 0, 2)


def test_other_clans_face_up_control_tokens_defend_for_one():
    st = position(
        """
        clans lion crab
        control lion CRAB_2 up=1
        control crab CRAB_3
        place crab army2 CRAB_2|CRAB_3 ->CRAB_2
        """
    )
    resolve(st)
    assert control(st, "CRAB_2") == ("crab", 1, 0)


def test_crane_wins_a_tie_as_attacker():
    st = position(
        """
        clans crane lion
        control crane CRAB_2
        control lion CRAB_3
        place crane army2 CRAB_2|CRAB_3 ->CRAB_3
        place lion army2 CRAB_3
        """
    )
    resolve(st)
    assert control(st, "CRAB_3") == ("crane", 1, 0)


def test_crane_wins_a_tie_between_attackers():
    st = position(
        """
        clans crane lion crab
        control crane CRAB_1
        control lion CRAB_3
        place crane army2 CRAB_1|CRAB_2 ->CRAB_2
        place lion army2 CRAB_2|CRAB_3 ->CRAB_2
        """
    )
    resolve(st)
    assert control(st, "CRAB_2") == ("crane", 1, 0)


def test_tied_attackers_without_crane_conquer_nothing():
    st = position(
        """
        clans crab lion unicorn
        control crab CRAB_1
        control lion CRAB_3
        control unicorn CRAB_2
        place crab army2 CRAB_1|CRAB_2 ->CRAB_2
        place lion army2 CRAB_2|CRAB_3 ->CRAB_2
        """
    )
    resolve(st)
    assert control(st, "CRAB_2") == ("unicorn", 1, 1)


def test_dragon_draws_seven_and_returns_one():
    st = position(
        """
        clans dragon lion
        control dragon DRAGON_C
        control lion LION_C
        """
    )
    rounds.start_round(st)
    assert st.phase == S.PH_DRAGON and st.cur == 0
    assert st.hand_count == [7, 6]
    legal = st.legal_actions()
    assert all(str(a).startswith("return ") for a in legal)
    assert "return bluff" not in texts(legal)
    st.apply_checked(legal[0])
    assert st.hand_count == [6, 6]
    assert st.phase == S.PH_PLACE


def test_lion_defending_bluff_stays_as_two_defense():
    st = position(
        """
        clans lion crab
        control lion CRAB_2
        control crab CRAB_3
        place lion bluff CRAB_2
        place crab army2 CRAB_2|CRAB_3 ->CRAB_2
        """
    )
    resolve(st)
    assert control(st, "CRAB_2") == ("lion", 1, 1)
    assert "bluff" in labels_at(st, "lion", S.HAND)


def test_non_lion_defending_bluff_is_discarded():
    st = position(
        """
        clans crab lion
        control crab CRAB_2
        control lion CRAB_3
        place crab bluff CRAB_2
        place lion army2 CRAB_2|CRAB_3 ->CRAB_2
        """
    )
    resolve(st)
    assert control(st, "CRAB_2") == ("lion", 1, 0)


def test_phoenix_ignores_a_capitals_printed_defense():
    st = position(
        """
        clans phoenix lion
        control phoenix LION_E
        control lion LION_C
        place phoenix army1 LION_C|LION_E ->LION_C
        """
    )
    resolve(st)
    assert control(st, "LION_C") == ("phoenix", 1, 0)


def test_phoenix_still_faces_the_shadowlands_printed_defense():
    st = position(
        """
        clans phoenix lion
        control phoenix CRAB_C
        place phoenix army1 CRAB_C|SL_S ->SL_S
        """
    )
    resolve(st)
    assert control(st, "SL_S") == (None, 0, 0)


def test_other_clans_face_the_capital_defense():
    st = position(
        """
        clans crab lion
        control crab LION_E
        control lion LION_C
        place crab army2 LION_C|LION_E ->LION_C
        """
    )
    resolve(st)
    assert control(st, "LION_C") == ("lion", 1, 1)


def test_scorpion_peeks_once_per_round_after_placing():
    st = position(
        """
        clans scorpion lion
        control scorpion SCORP_C
        control lion LION_C
        hand scorpion army1 army2 army3
        place lion army4 LION_C
        hand lion army1 army2
        """
    )
    st.apply_checked(st.spec.parse_action("place army1 SCORP_C"))
    assert st.pending == (S.PEND_PEEK,)
    assert texts(st.legal_actions()) == {"skip peek", "peek #0"}
    st.apply_checked(st.spec.parse_action("peek #0"))
    obs = st.observation(0)
    assert obs.board_tokens[0][-1] == st.tokens[0][S.T_TID]  # Scorpion now knows the Army 4
    assert st.observation(1).board_tokens[1][-1] == -1  # Lion does not see Scorpion's token
    st.apply_checked(st.spec.parse_action("place army1 LION_C"))
    st.apply_checked(st.spec.parse_action("place army2 SCORP_C"))
    assert st.pending is None  # only once per round
    assert st.cur == 1


def test_unicorn_swaps_two_of_its_face_down_tokens_before_the_reveal():
    st = position(
        """
        clans unicorn lion
        control unicorn UNI_C
        control lion LION_W
        hand unicorn army1 army3
        hand lion army2
        """
    )
    st.apply_checked(st.spec.parse_action("place army1 LION_W|UNI_C ->LION_W"))
    st.apply_checked(st.spec.parse_action("place army2 LION_W"))
    st.apply_checked(st.spec.parse_action("place army3 UNI_C"))
    assert st.phase == S.PH_SWAP and st.cur == 0
    assert texts(st.legal_actions()) == {"skip swap", "swap #0 #2"}
    st.apply_checked(st.spec.parse_action("swap #0 #2"))
    # The Army 3 now attacks LION_W (3 > 2), the Army 1 defends UNI_C
    assert control(st, "LION_W") == ("unicorn", 1, 0)
    assert control(st, "UNI_C") == ("unicorn", 1, 1)


def test_unicorn_swap_is_offered_only_where_both_tokens_are_legal():
    st = position(
        """
        clans unicorn lion
        control unicorn UNI_C
        control lion LION_W
        hand unicorn army3 shinobi1
        hand lion army1
        """
    )
    st.apply_checked(st.spec.parse_action("place army3 UNI_C"))
    st.apply_checked(st.spec.parse_action("place army1 LION_W"))
    st.apply_checked(st.spec.parse_action("place shinobi1 LION_W"))
    # An Army cannot lie in the centre of LION_W: no swap, so resolution followed at once
    assert st.round == 2
    assert control(st, "LION_W") == ("lion", 1, 1)


def test_the_strength_to_conquer_is_what_the_battle_rule_needs():
    # Given Crane and Lion each aiming at Lion's Crab_3, defended by Lion's Army 2
    from engine.rokugan import battles

    st = crane_tie_position()
    q = st.board.index["CRAB_3"]
    defence = 2 + battles.defense_bonus(st, q, 0)
    # When each clan asks what it needs there
    crane = battles.strength_to_conquer(st, q, 0, {}, 2)
    crab = battles.strength_to_conquer(st, q, 2, {}, 2)
    # Then Crane needs only to tie the defence, Crab to beat it
    assert crane == defence and crab == battles.defense_bonus(st, q, 2) + 3
    # ... and against a rival attacker Crane needs only to tie it, Crab to beat it
    assert battles.strength_to_conquer(st, q, 0, {2: 6}, 2) == max(6, defence)
    assert battles.strength_to_conquer(st, q, 2, {0: 6}, 2) == max(6, defence) + 1
    # ... and every answer is the least total with which the engine's rule conquers
    for attacker in (0, 2):
        for rival in (0, 3, 6, 9):
            other = {2 - attacker: rival} if rival else {}
            need = battles.strength_to_conquer(st, q, attacker, other, 2)
            assert battles.conqueror(st, q, {**other, attacker: need}, 2) == attacker
            assert battles.conqueror(st, q, {**other, attacker: need - 1}, 2) != attacker
