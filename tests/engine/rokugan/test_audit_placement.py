"""Audit: where each token may be placed, one token per border, and when placement ends.

Rulebook: "Planungsphase", "Kampfmarker legen", "Die Kampfmarker" (Armee, Flotte, Shinobi,
Segen, Diplomatie, Verwüsten, Bluff), "Spezialmarker", "Ronin".
"""

import pytest

from engine.rokugan import actions as A
from engine.rokugan import placement
from engine.rokugan import state as S
from tests.engine.rokugan.fixtures import position, rokugan_graph

GRAPH = rokugan_graph()
NEIGHBOURS = {p.id: set(p.neighbors) for p in GRAPH.provinces}
COASTAL = {p.id for p in GRAPH.provinces if p.coastal_borders}
ALL = set(NEIGHBOURS)


def border(a: str, b: str, target: str) -> str:
    """The text of the land border a|b attacking `target`."""
    lo, hi = sorted((a, b))
    return f"{lo}|{hi} ->{target}"


def places(st: S.RokuganState, token: str) -> set[str]:
    """Every place the player to act may put `token` now."""
    return {a.where for a in st.legal_actions() if isinstance(a, A.Place) and a.token == token}


CRAB_HOLDS_CRAB_1 = """
    clans crab lion
    control crab CRAB_1
    control lion CRAB_3
    special CRAB_2 peace
    hand crab army1 navy1 shinobi1 diplomacy raid
"""


def expected(token: str) -> set[str]:
    """The places of `token` for Crab in CRAB_HOLDS_CRAB_1, worked out from the map."""
    blocked = {"CRAB_2"}  # Peace: nothing in it nor on its borders
    attack_from_1 = {border("CRAB_1", t, t) for t in NEIGHBOURS["CRAB_1"] - blocked}
    coasts = {f"{p}~0" for p in COASTAL - blocked}
    centres = ALL - blocked
    return {
        "army1": {"CRAB_1"} | attack_from_1,  # CRAB_1 is inland: no Navy defence there
        "navy1": coasts,
        "shinobi1": centres,
        "diplomacy": {"CRAB_1"},
        "raid": centres - {"CRAB_1"},
        "bluff": {"CRAB_1"} | attack_from_1 | coasts | centres,
    }[token]


@pytest.mark.parametrize("token", ["army1", "navy1", "shinobi1", "diplomacy", "raid", "bluff"])
def test_each_token_goes_exactly_where_its_rules_allow(token):
    # Given Crab holds CRAB_1 (inland) and CRAB_2 next to it has a Peace token
    st = position(CRAB_HOLDS_CRAB_1)
    # Then the legal places of each token are exactly those of its placement rules
    assert places(st, token) == expected(token)
    # and the checked path agrees for every place of the map
    kind = {"army1": 0, "navy1": 1, "shinobi1": 2, "diplomacy": 4, "raid": 5, "bluff": 6}[token]
    assert set(placement.legal_slots_slow(st, 0, kind)) == set(placement.legal_slots(st, 0, kind))


def test_a_blessing_goes_only_on_own_face_down_army_navy_or_shinobi():
    # Given Crab's face-down Army, Shinobi and Raid, a face-up (animated) Army, and Lion's Army
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_3
        place crab army1 CRAB_1
        place crab shinobi1 PHX_1
        place crab raid CRAB_3
        place lion army2 CRAB_3
        place crab army2 CRAB_1|CRAB_3 ->CRAB_3
        hand crab blessing2
        """
    )
    st.tokens[4] = (*st.tokens[4][: S.T_UP], 1, *st.tokens[4][S.T_UP + 1 :])
    # Then the Blessing may go on #0 (Army) and #1 (Shinobi) only
    assert places(st, "blessing2") == {"#0", "#1"}


def test_one_token_per_border_whichever_way_it_attacks():
    # Given Lion attacks CRAB_1 over CRAB_1|CRAB_3
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion CRAB_3
        place lion army1 CRAB_1|CRAB_3 ->CRAB_1
        hand crab army2 navy1
        """
    )
    # Then Crab cannot attack back over the same border, but may defend CRAB_1
    assert border("CRAB_1", "CRAB_3", "CRAB_3") not in places(st, "army2")
    assert "CRAB_1" in places(st, "army2")


def test_a_navy_defends_only_a_coastal_province_it_controls_and_never_attacks_its_own():
    st = position(
        """
        clans crab lion
        control crab CRAB_C
        control crab CRAB_1
        hand crab navy1
        """
    )
    navy = places(st, "navy1")
    assert "CRAB_C" in navy and "CRAB_1" not in navy  # coastal vs inland
    assert "CRAB_C~0" not in navy and "CRANE_C~0" in navy  # no attack on one's own coast


def test_placement_ends_when_every_player_has_one_token_left():
    # Given Crab holds 3 tokens and Lion 5 at the start of placement
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion LION_C
        hand crab army1 army2
        hand lion army1 army2 army3 army4
        """
    )
    order = []
    # When each places its first legal placement in turn
    while st.round == 1:
        order.append(st.cur)
        st.apply_checked(next(a for a in st.legal_actions() if isinstance(a, A.Place)))
    # Then turns alternate until Crab is down to one token, then Lion places alone
    assert order == [0, 1, 0, 1, 1, 1]


def test_a_player_who_cannot_place_is_skipped_for_the_rest_of_the_phase():
    # Given Lion is spied on (no bluff) and holds only a Diplomacy but controls nothing
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        hand crab army1 army2
        hand lion diplomacy
        spied lion
        ronin lion
        """
    )
    # When Crab places
    st.apply_checked(st.spec.parse_action("place army1 CRAB_1"))
    # Then Lion is skipped and Crab places again
    assert st.out[1] == 1 and st.cur == 0
