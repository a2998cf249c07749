"""What each game needs from a map (`engine.registry.map_readiness`): every unmet
requirement's message names the place and the fix; the shipped maps are ready."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.graph import MapGraph, ProvinceInfo
from engine.registry import map_readiness
from tests.engine.rokugan.custom_maps import custom_map, vale


def with_attrs(graph: MapGraph, **changes: dict) -> MapGraph:
    """`graph` with some provinces' attributes replaced (province id -> attrs)."""
    provinces = tuple(
        replace(p, attrs=changes[p.id]) if p.id in changes else p for p in graph.provinces
    )
    return replace(graph, provinces=provinces, hash=graph.hash + "x")


def codes(readiness, severity: str | None = None) -> list[str]:
    return [p.code for p in readiness.problems if severity in (None, p.severity)]


def message(readiness, code: str) -> str:
    return next(p.message for p in readiness.problems if p.code == code)


def four_squares() -> MapGraph:
    """The issue's example: four square provinces, no territories, capitals, flowers."""
    edges = [("A", "B"), ("A", "C"), ("B", "D"), ("C", "D")]
    provinces = tuple(
        ProvinceInfo(
            p,
            p,
            None,
            tuple(sorted({b for a, b in edges if a == p} | {a for a, b in edges if b == p})),
        )
        for p in "ABCD"
    )
    return MapGraph("squares", "Four squares", "q" * 64, provinces, ())


# ------------------------------------------------------------------ Battle for Rokugan


def test_shipped_maps_are_ready_for_their_games() -> None:
    from maps.api import load_graph

    rokugan = map_readiness("rokugan", load_graph("rokugan"))
    assert rokugan.ready and rokugan.problems == () and rokugan.players == (2, 5)
    for side, seats in (("quick", (2, 4)), ("epic", (3, 5))):
        rice = map_readiness("ricewars", load_graph(f"ricewars-{side}"))
        assert rice.ready and rice.problems == () and rice.players == seats


def test_four_squares_lack_capitals_territories_and_flowers() -> None:
    readiness = map_readiness("rokugan", four_squares())
    assert not readiness.ready and readiness.players is None and readiness.choices == ()
    assert codes(readiness, "error") == ["no_capital", "no_territories", "no_flowers"]
    assert message(readiness, "no_capital") == (
        "no capital for any clan: mark a province as a clan's capital in the editor's "
        "Province panel (Capital clan)"
    )
    assert "group provinces into territories in the editor's Territories panel" in message(
        readiness, "no_territories"
    )
    assert "Province panel (Flowers)" in message(readiness, "no_flowers")
    text = readiness.message()
    assert text.startswith("map 'squares' is not ready for Battle for Rokugan:\n- no capital")


def test_a_capital_of_no_clan_names_the_province() -> None:
    graph = with_attrs(vale(), N2={"capital": "ronin", "flowers": 1})
    readiness = map_readiness("rokugan", graph)
    problem = next(p for p in readiness.problems if p.code == "capital_clan")
    assert problem.provinces == ("N2",) and problem.severity == "error"
    assert problem.message.startswith("province 'N2': capital 'ronin' is not a clan of")
    assert "as its Capital clan in the editor's Province panel" in problem.message


def test_a_clan_with_two_capitals_is_refused_for_rokugan_naming_both_and_the_fix() -> None:
    # Given the small map with a second Crab capital in S2
    graph = with_attrs(vale(), S2={"capital": "crab", "flowers": 1})
    # When Battle for Rokugan reads it
    readiness = map_readiness("rokugan", graph)
    # Then it refuses it, naming both provinces and what to clear
    problem = next(p for p in readiness.problems if p.code == "capital_twice")
    assert not readiness.ready and problem.severity == "error"
    assert problem.provinces == ("N1", "S2")
    assert problem.message == (
        "the Crab capital is marked in 2 provinces ('N1', 'S2'); a clan has one capital: "
        "keep it in one and clear Capital clan in the editor's Province panel for the others"
    )


def test_a_capital_that_is_no_text_is_a_capital_of_no_clan() -> None:
    graph = with_attrs(vale(), N2={"capital": ["crab"], "flowers": 1})
    assert "capital_clan" in codes(map_readiness("rokugan", graph), "error")


def test_one_capital_is_too_few_and_more_players_need_more_capitals() -> None:
    one = with_attrs(vale(), S1={"flowers": 2})
    readiness = map_readiness("rokugan", one)
    assert message(readiness, "few_capitals").startswith(
        "only 1 clan has a capital (Crab in 'N1'); a game needs 2: mark a province as the "
        "capital of another clan"
    )
    # The small custom map has two capitals: ready for 2 players, not for 3
    assert map_readiness("rokugan", vale(), 2).ready
    three = map_readiness("rokugan", vale(), 3)
    assert message(three, "few_capitals").startswith(
        "only 2 clans have a capital (Crab in 'N1', Lion in 'S1'); 3 players need 3"
    )


def test_too_few_objectives_for_the_players() -> None:
    # Given the small map deals 6 objectives: enough for 2 or 3 players, not 4
    readiness = map_readiness("rokugan", vale(), 4)
    text = message(readiness, "few_objectives")
    assert text.startswith("the map deals only 6 secret objectives that can be met there (")
    assert "4 players need 8: add another clan's capital" in text
    # And a map with two capitals and nothing else deals 3 (two clans' and Humility)
    bare = custom_map(
        "bare",
        {"west": ("A", "B")},
        [("A", "B")],
        {"A": {"capital": "crab", "flowers": 1}, "B": {"capital": "lion", "flowers": 1}},
        set(),
    )
    assert codes(map_readiness("rokugan", bare), "error") == ["few_objectives"]


def test_flowers_only_in_the_shadowlands_do_not_count() -> None:
    graph = custom_map(
        "dark",
        {"a": ("A", "B"), "b": ("C",)},
        [("A", "B"), ("B", "C")],
        {
            "A": {"capital": "crab"},
            "B": {"capital": "lion"},
            "C": {"shadowlands": True, "flowers": 3},
        },
        set(),
    )
    assert "no_flowers" in codes(map_readiness("rokugan", graph), "error")


def test_limits_say_what_the_small_map_goes_without() -> None:
    readiness = map_readiness("rokugan", vale())
    assert readiness.ready and readiness.players == (2, 2)
    assert readiness.choices == ("crab", "lion")
    assert codes(readiness) == [
        "players",
        "clans_without_capital",
        "clan_objectives",
        "few_coasts",
        "few_territories",
        "territory_without_cards",
        "cards_not_dealt",
    ]
    assert message(readiness, "players").startswith("the map seats only 2 players, not 5")
    assert message(readiness, "clans_without_capital").startswith(
        "clans without a capital cannot be played: Crane, Dragon, Phoenix, Scorpion, Unicorn"
    )
    assert "Den of Secrets (Scorpion)" in message(readiness, "clan_objectives")
    assert "Rice Bowl" not in message(readiness, "clan_objectives")  # crane has its lands
    assert message(readiness, "few_coasts").startswith(
        "2 coastal provinces: Way of the Sail (6 coastal provinces) is not dealt"
    )
    assert message(readiness, "few_territories").startswith("5 territories: Web of Influence")
    no_cards = next(p for p in readiness.problems if p.code == "territory_without_cards")
    assert no_cards.territories == ("waste",)
    assert "territory 'waste' has no territory cards" in no_cards.message
    assert message(readiness, "cards_not_dealt") == (
        "territory 'shadowlands_north': Dark Favors, Purge the Weak are not dealt: its "
        "provinces are not all Shadowlands"
    )


def test_no_shadowlands_no_chain_no_coast_and_a_capital_without_defense() -> None:
    graph = custom_map(
        "plain",
        {"a": ("A", "B"), "b": ("C", "D")},
        [("A", "B"), ("B", "C"), ("C", "D")],
        {"A": {"capital": "crab", "flowers": 1}, "D": {"capital": "lion", "flowers": 1}},
        set(),
    )
    readiness = map_readiness("rokugan", graph)
    assert "no Shadowlands province: Reclaiming the Lost Lands and the Shadowlands cards" in (
        message(readiness, "no_shadowlands")
    )
    assert "with no coast a Navy can only attack a harbor" in message(readiness, "few_coasts")
    assert message(readiness, "no_chain").startswith(
        "no chain of 6 neighbouring provinces touches 3 territories"
    )
    defense = [p for p in readiness.problems if p.code == "capital_defense"]
    assert [p.provinces for p in defense] == [("A",), ("D",)]
    assert all(p.severity == "limit" for p in defense)


# ------------------------------------------------------------------ Rice Wars


def rice_fields(count: int, sites: int, **attrs) -> MapGraph:
    """A row of `count` fields, the first `sites` palace sites, one blessed field."""
    ids = [f"f{i:02d}" for i in range(count)]
    provinces = []
    for i, pid in enumerate(ids):
        neighbours = tuple(ids[j] for j in (i - 1, i + 1) if 0 <= j < count)
        field_attrs: dict = {"palace_site": True} if i < sites else {}
        if i == count - 1:
            field_attrs["blessed"] = 2
        provinces.append(ProvinceInfo(pid, pid, None, neighbours, (), field_attrs))
    return MapGraph("rice", "Rice", "r" * 64, tuple(provinces), (), attrs)


def test_a_rice_wars_map_needs_palace_sites() -> None:
    readiness = map_readiness("ricewars", rice_fields(20, 0))
    assert codes(readiness, "error") == ["no_palace_site"]
    assert message(readiness, "no_palace_site") == (
        "no palace site: tick 'palace site' for some fields in the editor's Province panel "
        "(Rice Wars)"
    )
    few = map_readiness("ricewars", rice_fields(20, 3), 4)
    assert message(few, "few_palace_sites").startswith(
        "only 3 palace sites; 4 players place 4 palaces"
    )
    # 2 players place 3 palaces (the neutral seat's too)
    assert map_readiness("ricewars", rice_fields(20, 3), 2).ready
    assert not map_readiness("ricewars", rice_fields(20, 2), 2).ready


def test_a_rice_wars_map_needs_room_for_palaces_and_peasants() -> None:
    readiness = map_readiness("ricewars", rice_fields(8, 4), 3)
    assert message(readiness, "few_fields") == (
        "only 8 fields; 3 players need 9 for their palaces and 2 starting peasants each: "
        "draw more fields"
    )


def test_rice_wars_reads_a_field_attribute_of_the_wrong_kind_as_absent() -> None:
    # Given a map whose only palace site says "yes" and whose blessed field says "two"
    bad = with_attrs(rice_fields(20, 1), f00={"palace_site": "yes"}, f19={"blessed": "two"})
    # When Rice Wars reads it
    readiness = map_readiness("ricewars", bad)
    # Then the field is no palace site and none is blessed; the wrong kind itself is the
    # map file's error (maps.validate), not said a second time as the game's
    assert codes(readiness) == ["no_palace_site", "no_blessed_field"]


@pytest.mark.parametrize(
    ("attrs", "code", "start"),
    [
        ({"side": "long"}, "side", "the map's side is 'long', not quick or epic"),
        ({"players": [1, 9]}, "players_attribute", "the map's players are [1, 9]"),
        ({"start_peasants": 0}, "start_peasants", "the map's start_peasants is 0"),
        ({"round_track": [["income3"], ["war"]]}, "round_track", "round 2 of the map's"),
        ({"round_track": [["income3"]], "rounds": 2}, "rounds", "the map's round_track has 1"),
    ],
)
def test_rice_wars_map_attributes_the_board_cannot_read(attrs, code, start) -> None:
    readiness = map_readiness("ricewars", rice_fields(20, 4, **attrs))
    assert not readiness.ready
    assert message(readiness, code).startswith(start)
    assert message(readiness, code).endswith("(see maps/FORMAT.md)")


def test_rice_wars_player_counts_follow_the_side() -> None:
    quick = rice_fields(30, 6)
    assert map_readiness("ricewars", quick).players == (2, 4)
    five = map_readiness("ricewars", quick, 5)
    assert "the quick side of this map takes 2-4 players, not 5" in message(five, "players")
    epic = rice_fields(30, 6, side="epic")
    assert map_readiness("ricewars", epic).players == (3, 5)
    assert "2 players play the scenario on the quick board" in message(
        map_readiness("ricewars", epic, 2), "players"
    )


def test_a_rice_wars_map_without_a_blessed_field_is_only_limited() -> None:
    graph = with_attrs(rice_fields(20, 4), f19={})
    readiness = map_readiness("ricewars", graph)
    assert readiness.ready and codes(readiness, "limit") == ["no_blessed_field"]


# ------------------------------------------------------------------ a game without a map


def test_a_game_that_uses_no_map_needs_nothing_from_one() -> None:
    readiness = map_readiness("shinobi", four_squares())
    assert readiness.ready and readiness.problems == ()
