"""End of game: every scoring term, every objective, and the tie rule."""

import pytest

from engine.rokugan import scoring
from engine.rokugan import state as S
from engine.rokugan.data import OBJECTIVE_INDEX
from tests.engine.rokugan.fixtures import position, resolve


def test_flowers_of_controlled_provinces():
    st = position("clans crab lion\ncontrol crab CRAB_3\ncontrol crab CRAB_1\ncontrol lion PHX_1")
    assert st.honor() == [4, 1]


def test_face_up_control_tokens_score_one_each_but_not_in_the_shadowlands():
    st = position("clans crab lion\ncontrol crab CRAB_1 up=2 down=1\ncontrol lion SL_N up=3")
    assert st.honor() == [1 + 2, 0]


def test_honor_and_defense_tokens_score_for_the_controller():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        special CRAB_1 honor2
        control lion PHX_1
        special PHX_1 defense1
        special ISL_2 honor4
        """
    )
    assert st.honor() == [1 + 2, 1 + 1]


def test_five_per_controlled_territory_not_shadowlands_and_not_scorched_provinces():
    st = position(
        """
        clans crab lion
        control crab CRAB_C
        control crab CRAB_1
        control crab CRAB_2
        special CRAB_3 scorched_earth
        control lion SL_N
        control lion SL_S
        """
    )
    assert st.territory_controller(st.board.territory_ids.index("crab")) == 0
    assert st.honor() == [2 + 1 + 2 + 5, 0]


@pytest.mark.parametrize(
    ("objective", "provinces", "met"),
    [
        ("last_line_of_defense", ["CRAB_C"], True),
        ("last_line_of_defense", ["CRAB_1", "CRAB_2"], True),
        ("last_line_of_defense", ["CRAB_1"], False),
        ("rice_bowl_of_the_empire", ["CRANE_C"], True),
        ("great_wall_of_the_north", ["DRAGON_1", "DRAGON_3"], True),
        ("court_of_the_five_winds", ["UNI_C"], True),
        ("plains_of_battle", ["LION_W", "LION_E"], True),
        ("great_library", ["PHX_C"], True),
        ("den_of_secrets", ["SCORP_1"], False),
        ("way_of_the_sail", ["SL_S", "CRAB_C", "GOLD_3C", "GOLD_2", "CRANE_C", "ISL_2"], True),
        ("way_of_the_sail", ["SL_S", "CRAB_C", "GOLD_3C", "GOLD_2", "CRANE_C", "CRAB_1"], False),
        ("emerald_empire", ["SL_N", "CRAB_1", "SCORP_1", "UNI_1", "UNI_C", "DRAGON_1"], True),
        ("emerald_empire", ["CRAB_1", "CRAB_2", "CRAB_3", "CRAB_C", "GOLD_3C", "GOLD_3I"], False),
        (
            "web_of_influence",
            ["CRAB_1", "CRANE_2", "DRAGON_1", "LION_W", "PHX_1", "SCORP_1", "UNI_1"],
            True,
        ),
        ("web_of_influence", ["CRAB_1", "CRANE_2", "DRAGON_1", "LION_W", "PHX_1"], False),
        ("reclaiming_the_lost_lands", ["SL_N", "SL_S"], True),
        ("reclaiming_the_lost_lands", ["SL_N"], False),
    ],
)
def test_objectives(objective, provinces, met):
    lines = [f"control crab {q}" for q in provinces]
    st = position("clans crab lion\ncontrol lion ISL_1A\n" + "\n".join(lines))
    assert st.objective_met(0, OBJECTIVE_INDEX[objective]) is met


def test_way_of_humility_counts_ties():
    st = position("clans crab lion crane\ncontrol crab CRAB_1\ncontrol lion LION_C\n")
    humility = OBJECTIVE_INDEX["way_of_humility"]
    assert st.objective_met(2, humility)  # none
    st2 = position("clans crab lion\ncontrol crab CRAB_1\ncontrol lion LION_C")
    assert st2.objective_met(0, humility) and st2.objective_met(1, humility)


def test_harbor_counts_as_coastal_for_the_way_of_the_sail():
    lines = "\n".join(f"control crab {q}" for q in ["SL_S", "CRAB_C", "GOLD_3C", "GOLD_2", "ISL_2"])
    st = position(f"clans crab lion\n{lines}\ncontrol crab CRAB_2\nspecial CRAB_2 harbor")
    assert st.objective_met(0, OBJECTIVE_INDEX["way_of_the_sail"])


def test_objective_honor_is_added():
    st = position(
        "clans crab lion\ncontrol crab SL_N\ncontrol crab SL_S\n"
        "objective crab reclaiming_the_lost_lands"
    )
    assert st.honor()[0] == 3


def test_public_honor_leaves_out_the_secret_objective_until_the_end():
    # Given Crab meeting its secret objective (3 honor: it holds both Shadowlands provinces)
    st = position(
        "clans crab lion\ncontrol crab SL_N\ncontrol crab SL_S\ncontrol lion LION_W\n"
        "objective crab reclaiming_the_lost_lands\nround 5"
    )
    parts = scoring.honor_breakdown(st, 0)
    # Then everybody counts the honor without it while the game runs
    assert parts[scoring.OBJECTIVE] > 0
    assert st.public_honor(0) == sum(parts) - parts[scoring.OBJECTIVE] == st.honor()[0] - 3
    assert st.public_honor(1) == st.honor()[1]
    # And all of it once the game is over
    resolve(st)
    assert st.is_terminal() and st.public_honor(0) == st.honor()[0]


def test_game_ends_after_round_five_with_scores():
    st = position("clans crab lion\nround 5\ncontrol crab CRAB_3\ncontrol lion LION_W")
    resolve(st)
    assert st.is_terminal() and st.current_player() == -1
    assert st.returns() == [3.0, 2.0]
    assert st.winners() == [0]
    assert st.summary()["rounds"] == 5


def test_ties_go_to_more_provinces_then_more_territory_cards_then_shared():
    st = position(
        "clans crab lion\nround 5\ncontrol crab CRAB_3\ncontrol lion LION_W\ncontrol lion PHX_1"
    )
    resolve(st)
    assert st.returns() == [3.0, 3.0]
    assert st.winners() == [1]  # more provinces
    st = position(
        "clans crab lion\nround 5\ncontrol crab CRAB_3\ncontrol lion GOLD_3I\n"
        "card lion bushido played"
    )
    st.played_by[1] = 1
    resolve(st)
    assert st.winners() == [1]  # same provinces, more territory cards
    st = position("clans crab lion\nround 5\ncontrol crab CRAB_3\ncontrol lion GOLD_3I")
    resolve(st)
    assert st.winners() == [0, 1]  # shared victory


def test_territory_card_is_claimed_and_returned():
    st = position(
        """
        clans crab lion
        control crab GOLD_3C
        control crab GOLD_3I
        control crab GOLD_2
        card gold_neutral bountiful_harvest map
        control lion CRANE_3
        place lion army5 CRANE_3|GOLD_2 ->GOLD_2
        """
    )
    t = st.board.territory_ids.index("gold_neutral")
    resolve(st)
    assert st.terr_holder[t] == S.ON_MAP  # Lion took GOLD_2, so nobody holds the territory
    st2 = position(
        """
        clans crab lion
        control crab GOLD_3C
        control crab GOLD_3I
        control crab GOLD_2
        card gold_neutral bountiful_harvest map
        """
    )
    resolve(st2)
    assert st2.terr_holder[t] == 0
    assert st2.seen_cards[0] >> t & 1
