"""Audit: resolution steps 1-7 in their order, simultaneous battles, successful defence.

Rulebook: "Abhandlungsphase" steps 1-7, "Kämpfe abhandeln", "Erfolgreiche Verteidigung",
"Territoriumskarten spielen" (claiming and returning cards).
"""

from engine.rokugan import data as D
from engine.rokugan import state as S
from tests.engine.rokugan.fixtures import control, labels_at, position, resolve, special


def test_raids_resolve_before_diplomacy():
    # Given Crab's Diplomacy in its CRAB_2 and Lion's Raid there from the adjacent CRAB_3
    st = position(
        """
        clans crab lion
        control crab CRAB_2
        control lion CRAB_3
        place crab diplomacy CRAB_2
        place lion raid CRAB_2
        """
    )
    # When the tokens resolve
    resolve(st)
    # Then the Raid (step 3) wiped out the Diplomacy before step 4: scorched, no Peace
    assert special(st, "CRAB_2") == "scorched_earth"
    assert control(st, "CRAB_2") == (None, 0, 0)
    assert st.supply[D.PEACE] == 15
    assert labels_at(st, "crab", S.DISCARD) == ["diplomacy"]


def test_a_raid_discards_every_token_on_the_borders_of_its_province():
    # Given Lion in CRAB_2 defends it and attacks Crab's CRAB_1 from it, Crab raids CRAB_2
    # (next to its CRAB_1), and a Crab Navy sits on a coastal border far away
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_2
        place lion army1 CRAB_2
        place lion army3 CRAB_1|CRAB_2 ->CRAB_1
        place crab raid CRAB_2
        """
    )
    resolve(st)
    # Then CRAB_2 is scorched earth and both Lion Armies are discarded without a battle
    assert special(st, "CRAB_2") == "scorched_earth"
    assert labels_at(st, "lion", S.DISCARD) == ["army1", "army3"]
    # and Lion's attack on CRAB_1 failed (the Raid cleared it): CRAB_1 counts as
    # successfully defended and Crab gets a face-up control token
    assert control(st, "CRAB_1") == ("crab", 1, 1)


def test_raid_conditions_are_judged_before_any_raid_is_carried_out():
    # Given two raids, each next to the raider's only province, each province raided
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_3
        place crab raid CRAB_3
        place lion raid CRAB_1
        """
    )
    resolve(st)
    # Then both scorch the earth (decision: conditions are judged together)
    assert special(st, "CRAB_1") == special(st, "CRAB_3") == "scorched_earth"
    assert st.supply[D.SCORCHED] == 13


def test_battles_are_simultaneous_an_attack_from_a_province_lost_in_the_same_step_counts():
    # Given Crab attacks the empty CRAB_2 from CRAB_1 while Lion takes CRAB_1 from CRAB_3
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_3
        place crab army2 CRAB_1|CRAB_2 ->CRAB_2
        place lion army3 CRAB_1|CRAB_3 ->CRAB_1
        """
    )
    resolve(st)
    # Then both battles are won
    assert control(st, "CRAB_2") == ("crab", 1, 0)
    assert control(st, "CRAB_1") == ("lion", 1, 0)


def test_a_successful_defence_adds_one_face_up_token_whatever_the_number_of_defenders():
    # Given Crab defends CRAB_1 with two Armies (1+2) and a blessed Shinobi against Lion's 4
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_3
        place crab army1 CRAB_1
        place crab army2 CRAB_1
        place lion army4 CRAB_1|CRAB_3 ->CRAB_1
        place crab shinobi1 CRAB_1
        hand crab blessing2
        """
    )
    st.cur = 0
    st.apply_checked(st.spec.parse_action("place blessing2 #3"))
    resolve(st)
    # Then 1+2+(1+2) = 6 > 4: one face-up control token is added
    assert control(st, "CRAB_1") == ("crab", 1, 1)


def test_the_attacker_must_beat_the_defender_not_only_the_other_attackers():
    # Given Lion (4) and Unicorn (3) attack Crab's CRAB_1 defended by Army 2 and 2 face-up
    # Crab control tokens (2 x 2 = 4 defense): Crab totals 6
    st = position(
        """
        clans crab lion unicorn
        control crab CRAB_1 up=2
        control lion CRAB_3
        control unicorn UNI_1
        place crab army2 CRAB_1
        place lion army4 CRAB_1|CRAB_3 ->CRAB_1
        place unicorn army3 CRAB_1|UNI_1 ->CRAB_1
        """
    )
    resolve(st)
    # Then Crab holds and adds a third face-up token
    assert control(st, "CRAB_1") == ("crab", 0, 3)


def test_an_unattacked_lion_bluff_is_no_successful_defence():
    # Given Lion's bluff alone in its own LION_W, not attacked
    st = position("clans lion crab\ncontrol lion LION_W\nplace lion bluff LION_W")
    resolve(st)
    # Then nothing is added (only an Army, Navy or Shinobi defends an unattacked province)
    assert control(st, "LION_W") == ("lion", 1, 0)
    assert "bluff" in labels_at(st, "lion", S.HAND)


def test_a_territory_card_passes_straight_to_the_new_controller():
    # Given Crab holds the gold territory and its card; Lion takes all three provinces
    st = position(
        """
        clans crab lion
        control crab GOLD_3C
        control crab GOLD_3I
        control crab GOLD_2
        card gold_neutral ashigaru_levies crab
        control lion CRAB_2
        control lion CRANE_3
        place lion army5 CRAB_2|GOLD_3C ->GOLD_3C
        place lion army4 CRAB_2|GOLD_3I ->GOLD_3I
        place lion army3 CRANE_3|GOLD_2 ->GOLD_2
        """
    )
    t = st.board.territory_ids.index("gold_neutral")
    resolve(st)
    # Then at step 6 the card is Lion's (and Lion has now seen it)
    assert st.terr_holder[t] == 1
    assert st.seen_cards[1] >> t & 1
    assert st.observation(1).cards[t] == "ashigaru_levies"
    assert st.observation(0).cards[t] == "ashigaru_levies"  # Crab held it: it remembers


def test_a_played_territory_card_is_not_claimed_again():
    # Given the gold card was played earlier and Crab now controls the whole territory
    st = position(
        """
        clans crab lion
        control crab GOLD_3C
        control crab GOLD_3I
        control crab GOLD_2
        card gold_neutral ashigaru_levies played
        """
    )
    t = st.board.territory_ids.index("gold_neutral")
    resolve(st)
    # Then nobody gets a card for it, but the territory still scores 5
    assert st.terr_holder[t] == S.PLAYED
    assert st.honor()[0] == 3 + 3 + 2 + 5


def test_every_combat_token_ends_the_round_in_the_discard_pile_but_the_bluff():
    # Given a round with a battle, a defence and a bluff
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_3
        place crab army2 CRAB_1
        place lion army1 CRAB_1|CRAB_3 ->CRAB_1
        place lion bluff CRAB_3|SCORP_C ->SCORP_C
        """
    )
    resolve(st)
    # Then the resolved tokens are face up in the discard piles (step "Abhandlungsphase"),
    # the bluff is back behind the screen, and the board is empty
    assert labels_at(st, "crab", S.DISCARD) == ["army2"]
    assert labels_at(st, "lion", S.DISCARD) == ["army1"]
    assert "bluff" in labels_at(st, "lion", S.HAND)
    assert st.tokens == [] and st.round == 2


def test_an_absent_clans_capital_keeps_its_printed_defense():
    # Given Crane is not playing; Crab attacks the empty Crane capital (printed +2)
    st = position(
        """
        clans crab lion
        control crab CRANE_2
        control lion LION_C
        place crab army2 CRANE_2|CRANE_C ->CRANE_C
        place lion army3 CRANE_C|LION_C ->CRANE_C
        """
    )
    resolve(st)
    # Then the Army 2 only ties the bonus; Lion's Army 3 beats it and takes the province
    assert control(st, "CRANE_C") == ("lion", 1, 0)


def test_an_empty_province_defends_with_its_special_defense_token():
    # Given an empty GOLD_2 holding the +2 defense token, attacked by an Army 2
    st = position(
        """
        clans crab lion
        control crab GOLD_3C
        special GOLD_2 defense2
        place crab army2 GOLD_2|GOLD_3C ->GOLD_2
        """
    )
    resolve(st)
    # Then the attack fails and nothing happens (no defender to reward)
    assert control(st, "GOLD_2") == (None, 0, 0)
