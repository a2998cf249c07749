"""The rulebook's worked examples, as tests."""

from engine.rokugan import data as D
from engine.rokugan import rounds, tokens
from engine.rokugan import state as S
from tests.engine.rokugan.fixtures import control, labels_at, position, resolve, special, texts


def test_battle_example_phoenix_scorpion_dragon():
    # Given Phoenix attacking Dragon's province from two provinces with two Army 1,
    # Scorpion attacking it with an Army 3 and Dragon defending it with an Army 1
    st = position(
        """
        clans phoenix scorpion dragon
        control phoenix PHX_C
        control phoenix LION_E
        control scorpion LION_C
        control dragon DRAGON_3
        place phoenix army1 DRAGON_3|PHX_C ->DRAGON_3
        place phoenix army1 DRAGON_3|LION_E ->DRAGON_3
        place scorpion army3 DRAGON_3|LION_C ->DRAGON_3
        place dragon army1 DRAGON_3
        """
    )
    # When the battles are resolved
    resolve(st)
    # Then Scorpion (3) beats Phoenix (2) and Dragon (1): one Scorpion token face down
    assert control(st, "DRAGON_3") == ("scorpion", 1, 0)
    assert control(st, "PHX_C") == ("phoenix", 1, 0)
    assert labels_at(st, "phoenix", S.DISCARD) == ["army1", "army1"]
    assert labels_at(st, "scorpion", S.DISCARD) == ["army3"]
    assert labels_at(st, "dragon", S.DISCARD) == ["army1"]
    assert st.tokens == []


def test_diplomacy_on_a_harbor_province_replaces_the_harbor():
    # Given Dragon controlling a province with the harbor token and Diplomacy placed in it
    st = position(
        """
        clans dragon crab
        control dragon DRAGON_1
        special DRAGON_1 harbor
        hand dragon diplomacy army1
        """
    )
    assert "place diplomacy DRAGON_1" in texts(st.legal_actions())
    st.apply_checked(st.spec.parse_action("place diplomacy DRAGON_1"))
    # When resolved
    resolve(st)
    # Then a Peace token replaces the harbor, which goes back to the supply
    assert special(st, "DRAGON_1") == "peace"
    assert st.supply[D.HARBOR] == 1
    assert st.supply[D.PEACE] == 14
    assert control(st, "DRAGON_1") == ("dragon", 1, 0)


def test_ronin_places_armies_on_any_land_border_but_no_raid_or_diplomacy():
    # Given Unicorn without control tokens at the start of upkeep (so a Ronin)
    st = position(
        """
        clans crab unicorn
        control crab CRAB_1
        control crab CRAB_2
        """
    )
    rounds.start_round(st)
    assert st.ronin == [0, 1]
    # When it is Unicorn's turn with an Army, a Raid and a Diplomacy in hand
    st.phase, st.cur, st.pending = S.PH_PLACE, 1, None
    for t in st.hand(1):
        tokens.move(st, 1, t, S.POOL)
    tokens.move(st, 1, 0, S.HAND)  # army1
    tokens.move(st, 1, 23, S.HAND)  # diplomacy
    tokens.move(st, 1, 24, S.HAND)  # raid
    legal = texts(st.legal_actions())
    # Then it may attack between two Crab provinces, ignoring where its provinces are
    assert "place army1 CRAB_1|CRAB_2 ->CRAB_2" in legal
    assert "place army1 DRAGON_1|UNI_C ->UNI_C" in legal
    assert not any(a.startswith(("place raid", "place diplomacy")) for a in legal)
    reason = st.why_illegal(st.spec.parse_action("place raid CRAB_1"))
    assert reason == "a Ronin may not place Raid tokens"


def test_ronin_who_cannot_place_is_skipped():
    # Given a Ronin holding only a Blessing and the bluff, with no token to bless
    st = position(
        """
        clans crab unicorn
        control crab CRAB_1
        ronin unicorn
        spied unicorn
        hand unicorn blessing2
        hand crab army1 army2
        """
    )
    # When the placement turn passes to Unicorn
    rounds.settle_place_turn(st, 1)
    # Then Unicorn is skipped and out of this placement phase; Crab places
    assert st.out[1] == 1
    assert st.cur == 0
