"""One test (or a few) per combat token type and per special token."""

import random

import pytest

from engine.core import IllegalActionError
from engine.rokugan import battles, tokens
from engine.rokugan import data as D
from engine.rokugan import state as S
from tests.engine.rokugan.fixtures import control, labels_at, position, resolve, special, texts


def place(st, text):
    st.apply_checked(st.spec.parse_action(text))


# ----------------------------------------------------------------------------- army


def test_army_attack_beats_an_empty_province_and_leaves_a_face_down_token():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        place crab army2 CRAB_1|CRAB_2 ->CRAB_2
        """
    )
    resolve(st)
    assert control(st, "CRAB_2") == ("crab", 1, 0)
    assert labels_at(st, "crab", S.DISCARD) == ["army2"]


def test_army_attack_that_only_ties_the_defense_fails():
    # CRAB_C has printed defense 2; an Army 2 only ties it
    st = position(
        """
        clans crab lion
        control crab CRAB_2
        place crab army2 CRAB_2|CRAB_C ->CRAB_C
        """
    )
    resolve(st)
    assert control(st, "CRAB_C") == (None, 0, 0)


def test_army_defending_an_unattacked_province_adds_a_face_up_control_token():
    st = position(
        """
        clans crab lion
        control crab CRAB_2
        place crab army1 CRAB_2
        """
    )
    resolve(st)
    assert control(st, "CRAB_2") == ("crab", 1, 1)


def test_army_must_attack_from_a_controlled_province():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        hand crab army1
        """
    )
    with pytest.raises(IllegalActionError, match="attacks only from a province you control"):
        place(st, "place army1 CRAB_2|CRAB_3 ->CRAB_3")
    with pytest.raises(IllegalActionError, match="defends only a province you control"):
        place(st, "place army1 CRAB_2")


def test_army_may_not_attack_from_a_peace_province():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        special CRAB_1 peace
        hand crab army1
        """
    )
    with pytest.raises(IllegalActionError, match="Army token may not attack from a Peace province"):
        place(st, "place army1 CRAB_1|CRAB_2 ->CRAB_2")


def test_only_one_token_per_border():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_2
        place lion army1 CRAB_1|CRAB_2 ->CRAB_1
        hand crab army1
        """
    )
    with pytest.raises(IllegalActionError, match="already a combat token on that border"):
        place(st, "place army1 CRAB_1|CRAB_2 ->CRAB_2")


# ----------------------------------------------------------------------------- navy


def test_navy_attacks_any_coastal_border_and_defends_only_coastal_provinces():
    st = position(
        """
        clans crab lion
        control crab CRAB_2
        control crab GOLD_2
        hand crab navy1
        """
    )
    legal = texts(st.legal_actions())
    assert "place navy1 ISL_2~0" in legal  # far away, across the sea
    assert "place navy1 GOLD_2" in legal  # defends a coastal province
    assert "place navy1 CRAB_2" not in legal  # inland
    assert "place navy1 GOLD_2~0" not in legal  # own province
    place(st, "place navy1 ISL_2~0")
    resolve(st)
    assert control(st, "ISL_2") == ("crab", 1, 0)


def test_navy_attacks_a_harbor_province_over_a_land_border():
    st = position(
        """
        clans crab lion
        control lion DRAGON_1
        special DRAGON_1 harbor
        hand crab navy2
        """
    )
    assert "place navy2 DRAGON_1|UNI_C ->DRAGON_1" in texts(st.legal_actions())
    place(st, "place navy2 DRAGON_1|UNI_C ->DRAGON_1")
    resolve(st)
    assert control(st, "DRAGON_1") == ("crab", 1, 0)


# ----------------------------------------------------------------------------- shinobi


def test_shinobi_attacks_any_province_centre():
    st = position(
        """
        clans scorpion lion
        control lion PHX_1
        place scorpion shinobi2 PHX_1
        """
    )
    resolve(st)
    assert control(st, "PHX_1") == ("scorpion", 1, 0)


def test_shinobi_in_own_province_defends():
    st = position(
        """
        clans scorpion lion
        control scorpion PHX_1
        place scorpion shinobi1 PHX_1
        place lion navy1 PHX_1~0
        """
    )
    resolve(st)
    assert control(st, "PHX_1") == ("scorpion", 1, 1)


# ----------------------------------------------------------------------------- blessing


def test_blessing_goes_face_up_on_own_face_down_army_and_adds_strength():
    st = position(
        """
        clans crab lion
        control crab CRAB_2
        control lion CRAB_3
        place crab army1 CRAB_2|CRAB_3 ->CRAB_3
        place lion army2 CRAB_3
        hand crab blessing2 army1
        hand lion army1
        """
    )
    assert texts(st.legal_actions()) >= {"place blessing2 #0"}
    assert "place blessing2 #1" not in texts(st.legal_actions())
    place(st, "place blessing2 #0")
    assert st.tokens[2][S.T_UP] == 1 and st.tokens[0][S.T_BLESSED] == 2
    resolve(st)
    # 1 + 2 beats 2
    assert control(st, "CRAB_3") == ("crab", 1, 0)
    assert labels_at(st, "crab", S.DISCARD) == ["army1", "blessing2"]


def test_several_blessings_may_lie_on_one_token():
    st = position(
        """
        clans dragon lion
        control dragon CRAB_2
        control lion CRAB_3 up=1 down=1
        place dragon army1 CRAB_2|CRAB_3 ->CRAB_3
        place lion army3 CRAB_3
        hand dragon blessing2 blessing3 army1
        hand lion army1 army2
        """
    )
    place(st, "place blessing3 #0")
    place(st, "place army1 CRAB_3")
    place(st, "place blessing2 #0")
    assert battles.strength(st, 0) == 1 + 3 + 2
    assert "place blessing2 #0" not in texts(st.legal_actions())  # none left in hand
    resolve(st)
    # 6 against 3 + 1 + 1 face-up: Dragon takes it; both Blessings go to the discard pile
    assert control(st, "CRAB_3") == ("dragon", 1, 0)
    assert labels_at(st, "dragon", S.DISCARD) == ["army1", "blessing2", "blessing3"]


def test_a_host_leaving_the_board_takes_all_its_blessings():
    st = position(
        """
        clans dragon lion
        control dragon CRAB_2
        place dragon army1 CRAB_2|CRAB_3 ->CRAB_3
        hand dragon blessing2 blessing3 army2
        hand lion army1 army2
        """
    )
    place(st, "place blessing3 #0")
    st.cur = 0
    place(st, "place blessing2 #0")
    tokens.discard_token(st, 0)
    assert st.tokens == [None, None, None]
    assert labels_at(st, "dragon", S.DISCARD) == ["army1", "blessing2", "blessing3"]


# ----------------------------------------------------------------------------- diplomacy


def test_diplomacy_discards_every_token_in_and_around_and_places_peace():
    st = position(
        """
        clans crab lion
        control crab CRAB_2
        control lion CRAB_3
        place crab diplomacy CRAB_2
        place lion army3 CRAB_2|CRAB_3 ->CRAB_2
        place crab army1 CRAB_2|CRAB_C ->CRAB_C
        """
    )
    resolve(st)
    assert special(st, "CRAB_2") == "peace"
    # Lion's attack on CRAB_2 failed (Diplomacy cleared it): a successful defence (rulebook)
    assert control(st, "CRAB_2") == ("crab", 1, 1)
    assert control(st, "CRAB_C") == (None, 0, 0)  # the outgoing attack was discarded too
    assert labels_at(st, "lion", S.DISCARD) == ["army3"]


def test_diplomacy_only_in_a_controlled_province():
    st = position(
        """
        clans crab lion
        control lion CRAB_3
        hand crab diplomacy
        """
    )
    with pytest.raises(IllegalActionError, match="only in a province you control"):
        place(st, "place diplomacy CRAB_3")


# ----------------------------------------------------------------------------- raid


def test_raid_next_to_a_controlled_province_scorches_the_earth():
    st = position(
        """
        clans crab lion
        control crab CRAB_2
        control lion CRAB_3 up=2
        place crab raid CRAB_3
        place lion army2 CRAB_3
        """
    )
    resolve(st)
    assert special(st, "CRAB_3") == "scorched_earth"
    assert control(st, "CRAB_3") == (None, 0, 0)
    assert st.control_left[1] == 30
    assert st.supply[D.SCORCHED] == 14
    assert labels_at(st, "lion", S.DISCARD) == ["army2"]


def test_raid_with_own_shinobi_in_the_province_works_far_away():
    st = position(
        """
        clans crab lion
        control lion PHX_1
        place crab raid PHX_1
        place crab shinobi1 PHX_1
        """
    )
    resolve(st)
    assert special(st, "PHX_1") == "scorched_earth"


def test_raid_without_shinobi_or_neighbour_does_nothing():
    st = position(
        """
        clans crab lion
        control lion PHX_1
        place crab raid PHX_1
        """
    )
    resolve(st)
    assert special(st, "PHX_1") == ""
    assert control(st, "PHX_1") == ("lion", 1, 1)  # a failed raid: successfully defended
    assert labels_at(st, "crab", S.DISCARD) == ["raid"]


def test_raid_never_in_own_province():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        hand crab raid
        """
    )
    assert "place raid CRAB_1" not in texts(st.legal_actions())
    assert "place raid CRAB_2" in texts(st.legal_actions())


# ----------------------------------------------------------------------------- bluff


def test_bluff_is_discarded_at_reveal_and_goes_back_behind_the_screen():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_2
        place crab bluff CRAB_1|CRAB_2 ->CRAB_2
        place lion army1 CRAB_2
        """
    )
    resolve(st)
    assert control(st, "CRAB_2") == ("lion", 1, 1)  # not attacked: a successful defence
    assert "bluff" in labels_at(st, "crab", S.HAND)


def test_an_attack_by_a_bluff_alone_is_a_successful_defence():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_2
        place crab bluff CRAB_1|CRAB_2 ->CRAB_2
        """
    )
    resolve(st)
    # The rulebook: an attack that fails for any reason is a successful defence
    assert control(st, "CRAB_2") == ("lion", 1, 1)


def test_an_unattacked_undefended_province_gets_nothing():
    st = position("clans crab lion\ncontrol lion CRAB_2\nplace lion raid CRAB_3")
    resolve(st)
    assert control(st, "CRAB_2") == ("lion", 1, 0)


def test_bluff_must_be_placed_as_a_real_token_could_be():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        """
    )
    legal = texts(st.legal_actions())
    assert "place bluff CRAB_1|CRAB_2 ->CRAB_2" in legal
    assert "place bluff CRAB_2|CRAB_3 ->CRAB_3" not in legal
    assert "place bluff ISL_2~0" in legal
    assert "place bluff PHX_1" in legal


def test_illegal_tokens_are_discarded_in_step_2():
    # Given an Army that lost its source province after it was placed
    st = position(
        """
        clans crab lion
        place crab army5 CRAB_1|CRAB_2 ->CRAB_2
        """
    )
    resolve(st)
    assert control(st, "CRAB_2") == (None, 0, 0)
    assert labels_at(st, "crab", S.DISCARD) == ["army5"]


# ----------------------------------------------------------------------------- special


def test_scorched_earth_province_cannot_be_entered_or_attacked_or_controlled():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        special CRAB_2 scorched_earth
        hand crab army1 shinobi1
        """
    )
    legal = texts(st.legal_actions())
    assert not any("CRAB_2" in a for a in legal)
    with pytest.raises(IllegalActionError, match="scorched"):
        place(st, "place shinobi1 CRAB_2")


def test_peace_province_cannot_be_attacked_nor_its_borders_used():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_2
        special CRAB_2 peace
        hand crab army1 shinobi1
        """
    )
    legal = texts(st.legal_actions())
    assert not any("CRAB_2" in a for a in legal)


def test_shrine_protects_its_province_but_its_controller_attacks_out_of_it():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        special CRAB_1 shrine
        control lion CRAB_2
        hand crab army1
        hand lion army1 shinobi1
        """
    )
    crab = texts(st.legal_actions())
    assert "place army1 CRAB_1|CRAB_2 ->CRAB_2" in crab
    assert "place army1 CRAB_1" in crab
    st.cur = 1
    lion = texts(st.legal_actions())
    assert not any("CRAB_1" in a for a in lion)
    with pytest.raises(IllegalActionError, match="Shrine"):
        place(st, "place shinobi1 CRAB_1")


def test_battlefield_forbids_raid_and_diplomacy():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        special CRAB_1 battlefield
        special CRAB_2 battlefield
        hand crab diplomacy raid army1
        """
    )
    legal = texts(st.legal_actions())
    assert "place diplomacy CRAB_1" not in legal
    assert "place raid CRAB_2" not in legal
    assert "place raid CRAB_3" in legal
    assert "place army1 CRAB_1" in legal


def test_harbor_makes_an_inland_province_coastal_for_its_controller():
    st = position(
        """
        clans crab lion
        control crab CRAB_2
        special CRAB_2 harbor
        hand crab navy1
        """
    )
    assert "place navy1 CRAB_2" in texts(st.legal_actions())


@pytest.mark.parametrize(
    ("token", "defense"),
    [("defense1", 1), ("defense2", 2)],
)
def test_defense_tokens_add_defense(token, defense):
    st = position(
        f"""
        clans crab lion
        control crab CRAB_1
        control lion CRAB_2
        special CRAB_2 {token}
        place crab army{defense} CRAB_1|CRAB_2 ->CRAB_2
        """
    )
    resolve(st)
    assert control(st, "CRAB_2") == ("lion", 1, 1)


def test_table_placements_accept_rule_breaking_tokens_and_step_2_removes_them():
    # Given the table_placements setting, an Army may be put where the rules forbid
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_3
        hand crab army4 army1
        hand lion army1
        """
    )
    st.settings = {"table_placements": True}
    assert "place army4 CRAB_2|CRAB_3 ->CRAB_3" not in texts(st.legal_actions())
    place(st, "place army4 CRAB_2|CRAB_3 ->CRAB_3")  # CRAB_2 is not Crab's
    # Its owner's opponent cannot tell it from a legal token
    obs = st.observation(1)
    assert obs.determinize(random.Random(3)).observation(1) == obs
    with pytest.raises(IllegalActionError, match="already a combat token on that border"):
        place(st, "place army1 CRAB_2|CRAB_3 ->CRAB_2")
    # When resolved, the token is discarded in step 2 and never fights
    resolve(st)
    assert control(st, "CRAB_3") == ("lion", 1, 1)  # the attack failed: a successful defence
    assert labels_at(st, "crab", S.DISCARD) == ["army4"]
