"""Action text, checked application, hidden information, saves and headless play."""

import random

import pytest

from ai.match import play_match
from engine.core import ActionParseError, IllegalActionError
from engine.registry import get_game
from engine.rokugan import SPEC
from engine.rokugan import actions as A
from engine.rokugan import state as S
from engine.saves import load_game, save_game
from tests.engine.rokugan.fixtures import graph_for, position, rokugan_graph


@pytest.mark.parametrize(
    "text",
    [
        "objective way_of_the_sail",
        "control CRAB_1",
        "pass",
        "return army2",
        "card scout #3",
        "card code_of_honor CRAB_1 LION_C",
        "send navy1 pool",
        "place army3 CRAB_1|CRAB_2 ->CRAB_2",
        "place shinobi2 PHX_1",
        "place navy1 ISL_2~0",
        "place blessing2 #4",
        "animate army4 CRAB_2|CRAB_3 ->CRAB_3",
        "peek #0",
        "look #1",
        "discard #2",
        "swap #0 #2",
        "skip peek",
    ],
)
def test_action_text_round_trip(text):
    action = SPEC.parse_action(text)
    assert str(action) == text
    assert SPEC.parse_action(str(action)) == action
    hash(action)


def test_place_action_fields():
    assert SPEC.parse_action("place army3 CRAB_1|CRAB_2 ->CRAB_2") == A.Place(
        "army3", "CRAB_1|CRAB_2 ->CRAB_2"
    )


@pytest.mark.parametrize("text", ["", "fly away", "skip lunch", "place army3", "send army1 home"])
def test_bad_action_text(text):
    with pytest.raises(ActionParseError):
        SPEC.parse_action(text)


def test_spec_is_registered():
    spec = get_game("rokugan")
    assert spec is SPEC and spec.uses_map and spec.default_map == "rokugan"
    assert (spec.min_players, spec.max_players) == (2, 5)
    with pytest.raises(ValueError):
        SPEC.new_game(4, 1, None, None)


def test_illegal_actions_say_why():
    st = position("clans crab lion\ncontrol crab CRAB_1\nhand crab army1")
    with pytest.raises(IllegalActionError, match="no army5 in its hand"):
        st.apply_checked(SPEC.parse_action("place army5 CRAB_1"))
    with pytest.raises(IllegalActionError, match="not a province or border"):
        st.apply_checked(SPEC.parse_action("place army1 ATLANTIS"))
    with pytest.raises(IllegalActionError, match="does not hold bushido"):
        st.apply_checked(SPEC.parse_action("card bushido CRAB_1"))
    with pytest.raises(IllegalActionError, match="not a legal action now"):
        st.apply_checked(SPEC.parse_action("pass"))
    assert st.why_illegal(SPEC.parse_action("place army1 CRAB_1")) is None


def test_observation_hides_opponents_tokens_objectives_and_cards():
    st = SPEC.new_game(3, 5, None, rokugan_graph())
    rng = random.Random(1)
    while st.round < 2 or st.phase != S.PH_PLACE or len(st.tokens) < 4:
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    obs = st.observation(0)
    for bt in obs.board_tokens:
        if bt is not None and bt[0] != 0 and not bt[2]:
            assert bt[-1] == -1 or st.known[0]
    assert obs.objective == st.objective[0]
    assert not hasattr(obs, "loc")
    # Determinizations differ in what player 0 cannot know, and agree on what it knows.
    dets = [obs.determinize(random.Random(k)) for k in range(12)]
    assert all(d.observation(0) == obs for d in dets)
    assert len({d.dealt[1] for d in dets}) > 1
    assert len({tuple(d.loc[27:54]) for d in dets}) > 1
    assert all(tuple(d.loc[:27]) == tuple(st.loc[:27]) for d in dets)


def test_determinize_keeps_a_scouted_token_and_spied_hand():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion LION_C
        hand crab army1 army2
        hand lion army1 navy2 raid
        place lion army5 LION_C
        """
    )
    st.apply_checked(SPEC.parse_action("card scout #0"))
    st.spied[1] = 1
    for t in st.hand(1):
        st.known[0] |= 1 << (27 + t)
    obs = st.observation(0)
    for k in range(10):
        det = obs.determinize(random.Random(k))
        assert det.label(1, det.tokens[0][S.T_TID]) == "army5"
        assert sorted(det.label(1, t) for t in det.hand(1)) == ["army1", "bluff", "navy2", "raid"]
        assert det.observation(0) == obs


def test_determinize_puts_only_army_navy_or_shinobi_under_a_blessing():
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control lion LION_C
        hand crab army1 army2
        hand lion army1 blessing2
        place lion shinobi1 CRAB_1
        """
    )
    st.cur = 1
    st.apply_checked(SPEC.parse_action("place blessing2 #0"))
    obs = st.observation(0)
    for k in range(20):
        det = obs.determinize(random.Random(k))
        kind = det.tok(1, det.tokens[0][S.T_TID])[0]
        assert kind in (0, 1, 2)  # army, navy, shinobi


def test_save_load_round_trip(tmp_path):
    st = SPEC.new_game(4, 9, None, rokugan_graph())
    rng = random.Random(9)
    for _ in range(120):
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    path = tmp_path / "game.json"
    save_game(st, path)
    loaded = load_game(path, graph_for)
    assert loaded.key() == st.key()
    assert [str(a) for a in loaded.history] == [str(a) for a in st.history]
    setup = st.setup()
    assert (setup.map_id, setup.map_hash) == ("rokugan", rokugan_graph().hash)


def test_play_match_plays_a_whole_game():
    result, state = play_match(SPEC, ["random"] * 4, 1, rokugan_graph())
    assert state.is_terminal()
    assert result.summary["rounds"] == 5
    assert len(result.scores) == 4 and result.winners
    again, _ = play_match(SPEC, ["random"] * 4, 1, rokugan_graph())
    assert again.scores == result.scores and again.actions == result.actions


def tiny_graph():
    """A custom map: unknown territory ids, one capital, one coast."""
    from engine.graph import MapGraph, ProvinceInfo, TerritoryInfo

    provinces = (
        ProvinceInfo("A", "A", "west", ("B", "C"), ("A~0",), {"flowers": 2, "capital": "lion"}),
        ProvinceInfo("B", "B", "west", ("A", "D"), (), {"flowers": 1}),
        ProvinceInfo("C", "C", "east", ("A", "D"), ("C~0", "C~1"), {"flowers": 3, "defense": 1}),
        ProvinceInfo("D", "D", "east", ("B", "C"), (), {"flowers": 1, "shadowlands": True}),
    )
    territories = (
        TerritoryInfo("west", "West", "#00ff00", ("A", "B")),
        TerritoryInfo("east", "East", "#0000ff", ("C", "D")),
    )
    return MapGraph("tiny", "Tiny", "h" * 64, provinces, territories)


def test_a_custom_map_with_unknown_territories_plays_to_the_end():
    graph = tiny_graph()
    for seed in range(10):
        st = SPEC.new_game(3, seed, {"clans": ["lion", "crab", "crane"]}, graph)
        # 'west' holds Lion's capital, so it has Lion's cards; 'east' is nobody's lands
        assert st.terr_card[0] in ("bushido", "honorable_fight") and st.terr_card[1] is None
        assert st.ctrl_owner[0] == 0  # Lion's capital exists on this map
        assert st.control_on_board(1) == 0  # Crab's does not
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
        assert st.summary()["rounds"] == 5
    assert st.board.coast_of[2] == (st.board.n_land + 1, st.board.n_land + 2)  # two coasts of C


def test_describe_lists_the_position():
    st = position("clans crab lion\ncontrol crab CRAB_1 up=1 down=1\nplace lion army2 CRAB_1")
    text = st.describe()
    assert "CRAB_1: crab 1 down 1 up" in text
    assert "#0 lion army2 CRAB_1 (down)" in text


def test_bench_runs(capsys):
    from engine.rokugan.bench import main

    assert main(["--games", "2", "--players", "3"]) == 0
    assert "games/s" in capsys.readouterr().out


def test_the_engine_copy_of_the_published_map_matches_the_rules_folder():
    from pathlib import Path

    from engine.rokugan.bench import PUBLISHED_MAP

    rules = Path(__file__).resolve().parents[4] / "shared" / "rules" / "rokugan-map.json"
    if not rules.exists():
        pytest.skip("the rules folder is not beside this checkout")
    assert PUBLISHED_MAP.read_bytes() == rules.read_bytes()
