"""An attack that fails for any reason makes its province successfully defended.

Rulebook ("Erfolgreiche Verteidigung"): "Falls ein Angriff gegen eine Provinz aus
irgendeinem Grund nicht erfolgreich ist, gilt die Provinz als erfolgreich verteidigt" —
its controller puts one control token face up in it. One test per way an attack can
disappear before its battle (the choices the rulebook leaves open are in
`engine/rokugan/battles.py`). The usual position: Crab holds CRAB_2, Lion attacks it
from its CRAB_3 over the land border CRAB_2|CRAB_3.
"""

import random

from engine.rokugan import state as S
from tests.engine.rokugan.fixtures import control, labels_at, position, resolve, special


def play(st, text):
    st.apply_checked(st.spec.parse_action(text))


LION_ATTACKS_CRAB_2 = """
    clans crab lion
    control crab CRAB_2
    control lion CRAB_3
"""

# ----------------------------------------------------------------------------- step 2


def test_a_bluff_attack_over_a_border_fails():
    # Given Lion's only "attack" on CRAB_2 is its bluff
    st = position(LION_ATTACKS_CRAB_2 + "place lion bluff CRAB_2|CRAB_3 ->CRAB_2")
    # When the round resolves
    resolve(st)
    # Then the bluff goes back behind the screen and CRAB_2 counts as defended
    assert control(st, "CRAB_2") == ("crab", 1, 1)
    assert "bluff" in labels_at(st, "lion", S.HAND)
    assert control(st, "CRAB_3") == ("lion", 1, 0)  # the attacker's own province gets nothing


def test_a_bluff_in_the_province_centre_fails():
    # Given Lion's bluff lies in Crab's province (as if a Shinobi)
    st = position(LION_ATTACKS_CRAB_2 + "place lion bluff CRAB_2")
    resolve(st)
    assert control(st, "CRAB_2") == ("crab", 1, 1)


def test_an_illegal_attack_removed_in_step_2_fails():
    # Given a Lion Army attacking CRAB_2 from CRAB_1, which Lion does not control
    st = position(LION_ATTACKS_CRAB_2 + "place lion army3 CRAB_1|CRAB_2 ->CRAB_2")
    resolve(st)
    # Then step 2 discards it and CRAB_2 counts as defended
    assert labels_at(st, "lion", S.DISCARD) == ["army3"]
    assert control(st, "CRAB_2") == ("crab", 1, 1)


def test_an_attack_made_illegal_by_its_owners_shadowlands_cost_fails():
    # Given Lion attacks CRAB_2 from CRAB_3, Crab defends CRAB_1, and Lion then pays
    # Dark Favors with its only control token (CRAB_3) and discards Crab's defender
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control crab CRAB_2
        control lion CRAB_3
        card shadowlands_north dark_favors lion
        hand lion army1
        place lion army3 CRAB_2|CRAB_3 ->CRAB_2
        place crab army1 CRAB_1
        turn lion
        """
    )
    play(st, "card dark_favors CRAB_3")
    play(st, "look #1")
    play(st, "discard #1")
    # When the round resolves, Lion's Army may no longer attack out of CRAB_3
    resolve(st)
    # Then it is discarded in step 2: CRAB_2 defended; Crab's lost defender defends nothing
    assert labels_at(st, "lion", S.DISCARD) == ["army3"]
    assert control(st, "CRAB_2") == ("crab", 1, 1)
    assert control(st, "CRAB_1") == ("crab", 1, 0)
    assert control(st, "CRAB_3") == (None, 0, 0)


# ----------------------------------------------------------------------------- step 3


def test_a_failed_raid_is_a_failed_attack():
    # Given Lion raids CRAB_2 with no province next to it and no Shinobi there
    st = position(
        "clans crab lion\ncontrol crab CRAB_2\ncontrol lion LION_C\nplace lion raid CRAB_2"
    )
    resolve(st)
    # Then the Raid is discarded without effect and CRAB_2 counts as defended
    assert special(st, "CRAB_2") == ""
    assert labels_at(st, "lion", S.DISCARD) == ["raid"]
    assert control(st, "CRAB_2") == ("crab", 1, 1)


def test_a_successful_raid_leaves_nobody_to_defend():
    # Given Lion raids CRAB_2 from next door and also attacks it over the border
    st = position(
        LION_ATTACKS_CRAB_2 + "place lion raid CRAB_2\nplace lion army3 CRAB_2|CRAB_3 ->CRAB_2"
    )
    resolve(st)
    # Then the Raid clears the attack and the control tokens: nobody to get a token
    assert special(st, "CRAB_2") == "scorched_earth"
    assert control(st, "CRAB_2") == (None, 0, 0)
    assert labels_at(st, "lion", S.DISCARD) == ["army3", "raid"]


def test_an_attack_cleared_by_a_raid_on_its_source_province_fails():
    # Given Crab raids Lion's CRAB_3 (next to its CRAB_2), from where Lion attacks CRAB_2
    st = position(
        LION_ATTACKS_CRAB_2 + "place lion army3 CRAB_2|CRAB_3 ->CRAB_2\nplace crab raid CRAB_3"
    )
    resolve(st)
    # Then the Raid discards the attack: CRAB_3 burns and CRAB_2 counts as defended
    assert special(st, "CRAB_3") == "scorched_earth"
    assert control(st, "CRAB_3") == (None, 0, 0)
    assert control(st, "CRAB_2") == ("crab", 1, 1)


# ----------------------------------------------------------------------------- step 4


def test_an_attack_cleared_by_the_defenders_diplomacy_fails():
    # Given Crab puts Diplomacy in CRAB_2 while Lion attacks it
    st = position(
        LION_ATTACKS_CRAB_2 + "place lion army3 CRAB_2|CRAB_3 ->CRAB_2\nplace crab diplomacy CRAB_2"
    )
    resolve(st)
    # Then CRAB_2 gets Peace and, the attack having failed, a face-up control token
    assert special(st, "CRAB_2") == "peace"
    assert control(st, "CRAB_2") == ("crab", 1, 1)


def test_an_attack_cleared_by_diplomacy_in_its_source_province_fails():
    # Given Lion attacks CRAB_2 from CRAB_3 and also puts Diplomacy in CRAB_3
    st = position(
        LION_ATTACKS_CRAB_2 + "place lion army3 CRAB_2|CRAB_3 ->CRAB_2\nplace lion diplomacy CRAB_3"
    )
    resolve(st)
    # Then its own Diplomacy clears the attack: CRAB_2 defended, CRAB_3 was not attacked
    assert control(st, "CRAB_2") == ("crab", 1, 1)
    assert special(st, "CRAB_3") == "peace"
    assert control(st, "CRAB_3") == ("lion", 1, 0)


# ----------------------------------------------------------------------------- cards


CRAB_TO_PLAY = LION_ATTACKS_CRAB_2 + (
    "control crab CRAB_1\nhand crab army1\nhand lion army1 army2\n"
    "place lion army3 CRAB_2|CRAB_3 ->CRAB_2\n"
)


def test_an_attack_discarded_by_a_shugenja_fails():
    st = position(CRAB_TO_PLAY)
    # When Crab's shugenja discards Lion's attack before the reveal
    play(st, "card shugenja #0")
    resolve(st)
    # Then CRAB_2 counts as defended
    assert labels_at(st, "lion", S.DISCARD) == ["army3"]
    assert control(st, "CRAB_2") == ("crab", 1, 1)


def test_an_attack_sent_back_by_the_first_player_card_fails():
    st = position(CRAB_TO_PLAY.replace("clans crab lion", "clans crab lion crane"))
    # When Crab, the first player, sends Lion's attack back to its pool
    play(st, "card first_player #0")
    resolve(st)
    assert control(st, "CRAB_2") == ("crab", 1, 1)


def test_an_attack_discarded_by_dark_favors_fails():
    st = position(CRAB_TO_PLAY + "card shadowlands_north dark_favors crab")
    # When Crab pays CRAB_1 for Dark Favors, looks at Lion's attack and discards it
    play(st, "card dark_favors CRAB_1")
    play(st, "look #0")
    play(st, "discard #0")
    resolve(st)
    assert control(st, "CRAB_1") == (None, 0, 0)
    assert control(st, "CRAB_2") == ("crab", 1, 1)


def test_attacks_discarded_by_purge_the_weak_fail():
    # Given Lion attacks CRAB_2 and CRAB_1 from CRAB_3
    st = position(
        CRAB_TO_PLAY
        + "card shadowlands_north purge_the_weak crab\nplace lion army2 CRAB_1|CRAB_3 ->CRAB_1"
    )
    # When Crab purges both attacks
    play(st, "card purge_the_weak bluff")
    play(st, "discard #0")
    play(st, "discard #1")
    assert st.round == 1 and st.cur == 1  # Lion still places
    resolve(st)
    # Then both provinces count as defended
    assert control(st, "CRAB_2") == ("crab", 1, 1)
    assert control(st, "CRAB_1") == ("crab", 1, 1)


def test_a_defender_discarded_by_a_card_is_no_attack():
    # Given Crab's Army defends CRAB_2 and nobody attacks it
    st = position(
        "clans crab lion\ncontrol crab CRAB_2\ncontrol lion LION_C\nhand lion army1\n"
        "place crab army2 CRAB_2\nturn lion"
    )
    # When Lion's shugenja discards it
    play(st, "card shugenja #0")
    resolve(st)
    # Then CRAB_2 was neither attacked nor defended
    assert control(st, "CRAB_2") == ("crab", 1, 0)


# ----------------------------------------------------------------------------- who gets what


def test_a_province_nobody_controls_gets_nothing():
    st = position("clans crab lion\ncontrol lion CRAB_3\nplace lion bluff CRAB_2|CRAB_3 ->CRAB_2")
    resolve(st)
    assert control(st, "CRAB_2") == (None, 0, 0)


def test_one_face_up_token_however_many_attacks_failed():
    # Given a bluff, an illegal Army and a failed Raid against CRAB_2, which Crab also
    # defends with its own Army
    st = position(
        """
        clans crab lion
        control crab CRAB_2
        control lion LION_C
        place lion bluff CRAB_2|CRAB_3 ->CRAB_2
        place lion army3 CRAB_1|CRAB_2 ->CRAB_2
        place lion raid CRAB_2
        place crab army1 CRAB_2
        """
    )
    resolve(st)
    # Then CRAB_2 is defended once: one face-up control token
    assert control(st, "CRAB_2") == ("crab", 1, 1)


def test_a_failed_attack_beside_a_winning_one_is_no_defence():
    # Given Lion's bluff over the border and its Shinobi in CRAB_2 (printed defense 0)
    st = position(
        LION_ATTACKS_CRAB_2 + "place lion bluff CRAB_2|CRAB_3 ->CRAB_2\nplace lion shinobi2 CRAB_2"
    )
    resolve(st)
    # Then the Shinobi conquers: the failed bluff adds no defence and no face-up token
    assert control(st, "CRAB_2") == ("lion", 1, 0)


def test_a_failed_attack_on_a_province_with_a_defense_token():
    # Given CRAB_2 holds a +1 defense token and Lion attacks it with a bluff only
    st = position(
        LION_ATTACKS_CRAB_2 + "special CRAB_2 defense1\nplace lion bluff CRAB_2|CRAB_3 ->CRAB_2"
    )
    resolve(st)
    # Then the controller gets its face-up token; the defense token stays
    assert control(st, "CRAB_2") == ("crab", 1, 1)
    assert special(st, "CRAB_2") == "defense1"


def test_a_controller_with_no_control_token_left_gets_none():
    st = position(LION_ATTACKS_CRAB_2 + "place lion bluff CRAB_2|CRAB_3 ->CRAB_2")
    st.control_left[0] = 0
    resolve(st)
    assert control(st, "CRAB_2") == ("crab", 1, 0)


def test_the_attacked_provinces_are_public_undone_and_reset():
    # Given Crab's shugenja discarded Lion's attack on CRAB_2
    st = position(CRAB_TO_PLAY)
    play(st, "card shugenja #0")
    bit = 1 << st.board.index["CRAB_2"]
    assert st.attacked == bit
    # Then every player's view carries it into the states drawn from it
    for player in range(st.n):
        world = st.observation(player).determinize(random.Random(player))
        assert world.attacked == bit
    # and undo forgets it, and the next round starts with no province attacked
    st.undo()
    assert st.attacked == 0
    play(st, "card shugenja #0")
    resolve(st)
    assert st.round == 2 and st.attacked == 0
