"""Audit: end-of-game honor on any map.

Rulebook: "Spielende" (flowers, face-up control tokens, objective, 5 per territory) and
"Die Schattenlande" ("Die Schattenlande verleihen den Spielern am Spielende keine Ehre").
"""

from engine.graph import MapGraph, ProvinceInfo, TerritoryInfo
from engine.rokugan import tokens
from engine.rokugan.data import OBJECTIVE_INDEX
from tests.engine.rokugan.fixtures import position


def shadow_map() -> MapGraph:
    """Three provinces in a row: A (home, 2 flowers), B (plain, 1), S (Shadowlands with 3
    printed flowers, which a custom map may do)."""
    provinces = (
        ProvinceInfo("A", "A", "home", ("B",), (), {"flowers": 2}),
        ProvinceInfo("B", "B", "home", ("A", "S"), (), {"flowers": 1}),
        ProvinceInfo("S", "S", "waste", ("B",), (), {"flowers": 3, "shadowlands": True}),
    )
    territories = (
        TerritoryInfo("home", "Home", "#888888", ("A", "B")),
        TerritoryInfo("waste", "Waste", "#333333", ("S",)),
    )
    return MapGraph("shadow", "Shadow", "s" * 64, provinces, territories)


def test_a_shadowlands_province_gives_no_honor_even_with_printed_flowers():
    # Given Lion controls the Shadowlands province S (3 flowers, 2 face-up tokens) and
    # Crab controls A and B (the whole home territory)
    st = position(
        """
        clans crab lion
        control crab A
        control crab B up=1
        control lion S up=2
        """,
        graph=shadow_map(),
    )
    # When the honor is counted
    honor = st.honor()
    # Then Crab scores 2 + 1 flowers, 1 face-up token and 5 for the territory; Lion nothing
    assert honor == [2 + 1 + 1 + 5, 0]


def test_every_scoring_term_adds_up_on_the_published_map():
    # Given Crab holds the whole Crab territory with face-up tokens, an honor token,
    # a defense token and a met objective
    st = position(
        """
        clans crab lion
        control crab CRAB_C up=2
        control crab CRAB_1
        control crab CRAB_2 up=1
        control crab CRAB_3
        special CRAB_1 honor2
        special CRAB_3 defense1
        objective crab last_line_of_defense
        control lion SL_N up=1
        objective lion reclaiming_the_lost_lands
        """
    )
    b = st.board
    flowers = sum(b.flowers[b.index[q]] for q in ("CRAB_C", "CRAB_1", "CRAB_2", "CRAB_3"))
    # Then honor = flowers + 3 face-up + 2 (honor token) + 1 (defense token) + 5 (objective)
    # + 5 (territory); Lion has one Shadowlands province only: nothing, objective unmet
    assert st.honor() == [flowers + 3 + 2 + 1 + 5 + 5, 0]


def test_emerald_empire_needs_a_chain_not_just_a_connected_group():
    # Given Crab holds six connected provinces in five territories whose longest chain
    # (each province adjacent to the next) has only five: SCORP_C-SCORP_3-LION_W-DRAGON_C-
    # PHX_C with UNI_C hanging off LION_W
    group = ["SCORP_C", "SCORP_3", "LION_W", "DRAGON_C", "PHX_C", "UNI_C"]
    st = position("clans crab lion\n" + "\n".join(f"control crab {q}" for q in group))
    emerald = OBJECTIVE_INDEX["emerald_empire"]
    # Then the objective is not met (rokugan-components.md: "a chain of 6 provinces, each
    # adjacent to the next")
    assert not st.objective_met(0, emerald)
    # When Crab also takes UNI_3 (next to UNI_C and SCORP_3)
    tokens.add_control(st, 0, st.board.index["UNI_3"], 1, 0)
    # Then UNI_C-UNI_3-SCORP_3-LION_W-DRAGON_C-PHX_C is a chain of six in four territories
    assert st.objective_met(0, emerald)
