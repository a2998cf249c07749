"""What a map deals in Battle for Rokugan: clans, objectives, territory and initiative cards.

Rule choices in `engine/rokugan/setup.py` ("What a map deals"). The published map deals
everything, exactly as before (games recorded before the change replay identically); a
small custom map deals only objectives that can be met there, for the clans it has.
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

import pytest

from ai.match import play_match
from engine.rokugan import SPEC
from engine.rokugan.board import Board, board_for
from engine.rokugan.data import (
    ALL_TERRITORY_CARDS,
    CLAN_INDEX,
    CLANS,
    OBJECTIVE_INDEX,
    OBJECTIVES,
    TERRITORY_CARDS,
)
from engine.rokugan.requirements import map_deal, map_readiness, playable_clans
from engine.rokugan.scoring import objective_met
from engine.saves import state_from_dict
from tests.engine.rokugan.custom_maps import custom_map, random_map, vale
from tests.engine.rokugan.fixtures import graph_for, rokugan_graph

RECORDED = sorted((Path(__file__).parent / "recorded").glob("*.json"))


def names(objectives: tuple[int, ...] | list[int]) -> set[str]:
    return {OBJECTIVES[o][0] for o in objectives}


_JUDGES: dict[int, object] = {}


def meets_alone(board: Board, provinces: set[int], objective: int) -> bool:
    """Does a player controlling exactly `provinces` (the others nothing) meet it?"""
    st = _JUDGES.get(id(board.graph))
    if st is None or st.board.graph is not board.graph:  # type: ignore[attr-defined]
        st = _JUDGES[id(board.graph)] = SPEC.new_game(
            2, 0, {"clans": ["crab", "lion"]}, board.graph
        )
    st.ctrl_owner = [0 if q in provinces else -1 for q in range(board.n)]  # type: ignore[attr-defined]
    return objective_met(st, 0, objective)  # type: ignore[arg-type]


# ------------------------------------------------------------------- the published map


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.stem)
def test_games_recorded_before_the_change_replay_identically(path: Path) -> None:
    # Given a game recorded on the published map before objectives depended on the map
    data = json.loads(path.read_text(encoding="utf-8"))
    recorded = data["recorded"]
    # When its save is replayed now
    state = state_from_dict(data["save"], graph_for, source=str(path))
    # Then the same clans, cards, objectives and initiative deck were dealt, and every
    # action was legal and ended the same way
    assert list(state.clans) == recorded["clans"]
    assert list(state.terr_card) == recorded["terr_card"]
    assert [list(d) for d in state.dealt] == recorded["dealt"]
    assert (list(state.deck), list(state.revealed)) == (recorded["deck"], recorded["revealed"])
    assert state.is_terminal()
    assert state.returns() == recorded["returns"] and state.winners() == recorded["winners"]


def test_a_recorded_bot_game_is_played_again_move_for_move() -> None:
    # Given the recorded game of three `easy` bots (their determinized worlds deal hidden
    # objectives and cards from what the map deals)
    path = next(p for p in RECORDED if p.stem.startswith("easy"))
    data = json.loads(path.read_text(encoding="utf-8"))
    save = data["save"]
    # When the same bots play the same seed again
    _, state = play_match(
        SPEC, data["recorded"]["bots"], save["seed"], rokugan_graph(), save["settings"], nodes=200
    )
    # Then they make the very same moves
    assert [str(a) for a in state.history] == save["actions"]


def test_the_published_map_deals_every_objective_and_card() -> None:
    board = board_for(rokugan_graph())
    assert board.objective_deck == tuple(range(len(OBJECTIVES)))
    assert board.playable_clans == tuple(range(len(CLANS)))
    assert [tuple(c) if c else None for c in board.territory_cards] == [
        TERRITORY_CARDS[t] for t in board.territory_ids
    ]
    assert board.clan_territory == tuple(board.territory_ids.index(c) for c in CLANS)
    readiness = map_readiness(rokugan_graph())
    assert readiness.ready and readiness.problems == () and readiness.players == (2, 5)


def test_map_deal_lists_the_published_cards_with_names_and_texts() -> None:
    deal = map_deal(rokugan_graph())
    assert [o.id for o in deal.objectives] == [name for name, _ in OBJECTIVES]
    assert {c.id for c in deal.territory_cards} == ALL_TERRITORY_CARDS
    assert len(deal.initiative) == 10 and deal.clans == CLANS
    crab = deal.objectives[0]
    assert (crab.name, crab.honor) == ("Last Line of Defense", 5)
    assert crab.text == "Control the Crab capital (Crab_C), or any 2 provinces of Crab."
    lost = deal.objectives[OBJECTIVE_INDEX["reclaiming_the_lost_lands"]]
    assert lost.text == "Control both Shadowlands provinces."
    feats = next(c for c in deal.territory_cards if c.id == "feats_of_engineering")
    assert (feats.name, feats.territory) == ("Feats of Engineering", "crab")
    assert "harbor" in feats.text
    assert all(card.text.endswith(".") for card in deal.initiative)


# ------------------------------------------------------------------- a small custom map


def test_a_custom_map_deals_only_objectives_that_can_be_met_there() -> None:
    board = board_for(vale())
    # The clans with a capital; Crane has its lands (territory 'crane') but no capital
    assert playable_clans(vale()) == ("crab", "lion")
    assert names(board.objective_deck) == {
        "last_line_of_defense",  # Crab's capital N1
        "plains_of_battle",  # Lion's capital S1
        "rice_bowl_of_the_empire",  # 2 provinces of the 'crane' territory
        "emerald_empire",  # N1-N2-N3-C1-C2-S1
        "way_of_humility",
        "reclaiming_the_lost_lands",  # W1
    }
    # Not dealt: 2 coastal provinces (Sail), 5 territories (Web), other clans' objectives


def test_every_objective_a_custom_map_deals_is_met_by_its_witness() -> None:
    board = board_for(vale())
    for o in board.objective_deck:
        witness = board.objective_witness(o)
        assert witness is not None
        assert meets_alone(board, set(witness), o), OBJECTIVES[o][0]


def test_clan_lands_are_the_territory_of_the_clans_id_else_the_one_with_its_capital() -> None:
    board = board_for(vale())
    ids = board.territory_ids
    assert board.clan_territory[CLAN_INDEX["crab"]] == ids.index("north")
    assert board.clan_territory[CLAN_INDEX["crane"]] == ids.index("crane")
    assert board.clan_territory[CLAN_INDEX["dragon"]] == -1
    # Given Crab's objective and a player holding N2 and N3 of 'north' (not the capital)
    q = board.index
    assert meets_alone(board, {q["N2"], q["N3"]}, OBJECTIVE_INDEX["last_line_of_defense"])
    assert not meets_alone(board, {q["N2"], q["C1"]}, OBJECTIVE_INDEX["last_line_of_defense"])


def test_a_custom_map_deals_the_cards_of_its_clans_lands_and_none_it_cannot_use() -> None:
    board = board_for(vale())
    cards = dict(zip(board.territory_ids, board.territory_cards, strict=True))
    assert cards["north"] == TERRITORY_CARDS["crab"]  # holds Crab's capital
    assert cards["south"] == TERRITORY_CARDS["lion"]
    assert cards["crane"] == TERRITORY_CARDS["crane"]
    assert cards["waste"] is None  # nobody's lands, no published id
    assert cards["shadowlands_north"] is None  # its cards need Shadowlands provinces
    deal = map_deal(vale())
    assert {(c.territory, c.id) for c in deal.territory_cards} == {
        (t, c) for t, pair in cards.items() for c in pair or ()
    }
    assert [c.id for c in deal.initiative] == [
        "crab",
        "lion",
        "master_of_governance",
        "master_of_tactics",
        "rise_of_an_empire",
    ]
    texts = {o.id: o.text for o in deal.objectives}
    assert texts["last_line_of_defense"] == (
        "Control the Crab capital (N1), or any 2 provinces of North."
    )
    assert texts["rice_bowl_of_the_empire"] == "Control any 2 provinces of Crane."
    assert texts["reclaiming_the_lost_lands"] == "Control the Shadowlands province."


def test_feats_of_engineering_needs_an_inland_province() -> None:
    # Given a map where every province is coastal and 'crab' is a territory
    members = {"crab": ("A", "B"), "lion": ("C", "D")}
    edges = [("A", "B"), ("B", "C"), ("C", "D")]
    attrs = {"A": {"capital": "crab", "flowers": 1}, "C": {"capital": "lion", "flowers": 1}}
    graph = custom_map("coast", members, edges, attrs, {"A", "B", "C", "D"})
    board = board_for(graph)
    assert board.territory_cards[0] == ("promotion",)
    st = SPEC.new_game(2, 3, None, graph)
    assert st.terr_card[0] == "promotion"
    limits = [p.message for p in map_readiness(graph).limits]
    assert (
        "territory 'crab': Feats of Engineering is not dealt: the map has no inland province "
        "for the harbor"
    ) in limits


@pytest.mark.parametrize("seed", range(12))
def test_random_games_on_a_custom_map_deal_only_objectives_met_there(seed: int) -> None:
    # Given random 2-player games on the small custom map, clans drawn from the seed
    graph = vale()
    state = SPEC.new_game(2, seed, None, graph)
    board = state.board
    # Then both clans have a capital and every dealt objective can be met on the graph
    assert {CLANS[c] for c in state.clans} == {"crab", "lion"}
    for pair in state.dealt:
        for o in pair:
            witness = board.objective_witness(o)
            assert witness is not None and meets_alone(board, set(witness), o)
    # And the game plays to its end, scoring each met objective
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.summary()["rounds"] == 5


def test_determinized_worlds_deal_hidden_objectives_from_the_maps_deck() -> None:
    state = SPEC.new_game(2, 4, None, vale())
    rng = random.Random(1)
    for _ in range(20):
        world = state.determinize(0, rng)
        assert set(world.dealt[1]) <= set(state.board.objective_deck)
        assert world.dealt[0] == state.dealt[0]


def test_a_short_bot_game_runs_on_a_custom_map() -> None:
    # The search bots' objective odds table and plans cope with missing clans and objectives
    result, state = play_match(SPEC, ["normal", "easy"], 5, vale(), nodes=60)
    assert state.is_terminal() and result.summary["rounds"] == 5


# ------------------------------------------------------------------ any map (property)


@pytest.mark.parametrize("seed", range(40))
def test_a_map_deals_exactly_the_objectives_some_provinces_meet(seed: int) -> None:
    # Given a random small map, When every set of provinces is tried for every objective,
    # Then an objective is dealt if and only if some set meets it, and its witness does
    graph = random_map(seed)
    board = Board(graph)
    every_set = [set(c) for k in range(board.n + 1) for c in combinations(range(board.n), k)]
    for o in range(len(OBJECTIVES)):
        possible = any(meets_alone(board, s, o) for s in every_set)
        assert (o in board.objective_deck) == possible, OBJECTIVES[o][0]
        witness = board.objective_witness(o)
        assert witness is None or meets_alone(board, set(witness), o)
