"""Hints: the hard AI's move from the player's observation, with a reason from its numbers."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import threading

import pytest

from ai.adapters import WIN_BONUS, adapter_for
from ai.base import Budget
from ai.games.rokugan_hint import EXPLAINER as ROKUGAN
from ai.hint import (
    ScoredAdapter,
    analyse,
    fresh_adapter,
    observation_seed,
    sample_worlds,
    suggest,
)
from engine.registry import get_game
from tests.engine.rokugan.fixtures import position

GAMES = ("rokugan", "shinobi", "ricewars")
MAPS = {"rokugan": "rokugan", "ricewars": "ricewars-quick", "shinobi": None}


def midgame(game: str, seed: int = 4, moves: int = 30):
    """A 3-player game after `moves` random legal moves, stopped where the player to
    move has a choice."""
    from maps.api import load_graph

    spec = get_game(game)
    graph = load_graph(MAPS[game]) if MAPS[game] else None
    state = spec.new_game(3, seed, {}, graph)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def hidden_facts(game: str, state) -> object:
    """What the player to move cannot see (to check that two states differ in it)."""
    if game == "rokugan":
        return (tuple(state.loc), tuple(state.objective), state.deck)
    if game == "shinobi":
        return (state.allegiances, tuple(state.hand(p) for p in range(state.num_players)))
    return state.key()[1]  # Rice Wars: the hands


# ------------------------------------------------------------------------------ honesty


@pytest.mark.parametrize("game", GAMES)
def test_two_states_the_player_cannot_tell_apart_get_the_same_hint(game: str) -> None:
    # Given a game and a second state with the same observation for the player to move
    # but other hidden facts (drawn from that observation)
    state = midgame(game)
    me = state.current_player()
    twin = state.observation(me).determinize(random.Random(11))
    assert twin.observation(me) == state.observation(me)
    assert hidden_facts(game, twin) != hidden_facts(game, state)
    # When each asks for a hint
    first = suggest(game, state.observation(me), state.legal_actions(), nodes=300)
    second = suggest(game, twin.observation(me), twin.legal_actions(), nodes=300)
    # Then the move, its reason and every value are the same
    assert first.action == second.action
    assert first.reason == second.reason
    assert first.analysis.values == second.analysis.values
    assert first.action in state.legal_actions()


def test_the_seed_is_the_same_in_every_process() -> None:
    # Given an observation and its seed here
    state = midgame("shinobi")
    seed = observation_seed(state.observation(state.current_player()))
    # When another interpreter with another string-hash seed computes it
    code = (
        "from tests.ai.test_hint import midgame; from ai.hint import observation_seed;"
        "s = midgame('shinobi'); print(observation_seed(s.observation(s.current_player())))"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    # Then it is the same seed
    assert int(out.stdout.strip()) == seed


def test_different_observations_get_different_seeds() -> None:
    state = midgame("rokugan")
    me = state.current_player()
    before = observation_seed(state.observation(me))
    state.apply(state.legal_actions()[0])
    assert observation_seed(state.observation(me)) != before


# ------------------------------------------------------------------------------ reasons


THREAT = """
clans crab scorpion
control crab CRAB_1
control crab CRAB_2
control crab CRAB_3
control scorpion SCORP_1
control scorpion SCORP_C
hand crab army2 army3 navy1
hand scorpion army1 army2
place scorpion army3 CRAB_3|SCORP_1 ->CRAB_3
turn crab
"""


def threat_position():
    """THREAT without scout cards (a scout would be played by rule, not searched)."""
    state = position(THREAT)
    state.scouts = [0] * state.n
    return state


def test_a_defence_names_the_most_threatened_province_and_the_rival_strength() -> None:
    # Given Scorpion's face-down token on the border into Crab's Crab_3
    state = threat_position()
    seen = state.observation(0)
    analysis = analyse("rokugan", seen, state.legal_actions(), nodes=200)
    worlds = sample_worlds("rokugan", seen, analysis)
    # When Crab asks why Army 3 in Crab_3 (and Army 2 in the untouched Crab_2)
    defend = next(a for a in state.legal_actions() if str(a) == "place army3 CRAB_3")
    guard = next(a for a in state.legal_actions() if str(a) == "place army2 CRAB_2")
    why_defend = ROKUGAN.reason(seen, defend, worlds, None)
    why_guard = ROKUGAN.reason(seen, guard, worlds, None)
    # Then the defence names Crab_3 as most threatened with the mean strength drawn for
    # Scorpion's token in the sampled worlds (the token is unknown: each world draws one)
    strengths = []
    for world in worlds:
        token = world.tokens[0]
        strengths.append(world.tok(token[0], token[1])[1] if token[1] < 25 else 0)
    mean = sum(strengths) / len(strengths)
    assert why_defend.startswith("defends Crab_3, the province most likely to be attacked")
    assert f"rivals aim {mean:.1f} strength at it on average" in why_defend
    assert why_guard.startswith("guards Crab_2: no rival token aims at it")


def test_an_attack_says_in_how_many_sampled_worlds_it_takes_the_province() -> None:
    state = threat_position()
    seen = state.observation(0)
    analysis = analyse("rokugan", seen, state.legal_actions(), nodes=200)
    worlds = sample_worlds("rokugan", seen, analysis)
    text = "place army3 CRAB_1|SCORP_1 ->SCORP_1"
    attack = next(a for a in state.legal_actions() if str(a) == text)
    why = ROKUGAN.reason(seen, attack, worlds, None)
    # Army 3 against an empty Scorpion province with no defence bonus: taken everywhere
    assert why == "attacks Scorp_1 (Scorpion's): taken in every sampled world"


def test_the_reason_ends_with_the_lead_over_the_next_best_from_the_search_values() -> None:
    # Given a hint in the threatened position
    state = threat_position()
    seen = state.observation(0)
    hint = suggest("rokugan", seen, state.legal_actions(), nodes=1500)
    # Then its last clause is the best value minus the runner-up's, in honor, naming the
    # runner-up as a player would, and the best value, so that the figures add up
    gain = hint.analysis.gain()
    assert gain is not None and gain >= 0
    runner = ROKUGAN.describe(seen, hint.analysis.runner_up(), None)
    best = hint.analysis.value(hint.action)
    lead = f"(projected lead over the best rival {best:+.1f} honor"
    if gain >= 1.0:
        assert hint.reason.endswith(f"; {gain:.1f} honor more than the next best, {runner} {lead})")
    else:
        assert f"the next best, {runner}" in hint.reason and lead in hint.reason
    values = hint.analysis.values
    assert values[hint.action] == max(values.values())
    assert hint.words  # the move in words, for the panel
    # No token serial ("#4") and no node budget ("@300") anywhere a player reads
    for text in (hint.reason, hint.words):
        assert "#" not in text and "@" not in text, text


@pytest.mark.parametrize(
    ("value", "other", "words"),
    [
        (3.4, 2.2, "1.2 cards more than the next best, X (projected lead over the best rival "
                   "+3.4 cards)"),
        (3.4, 3.2, "only marginally better than the next best, X: 0.2 cards more (projected "
                   "lead over the best rival +3.4 cards)"),
        (3.4, 3.4, "as good as the next best, X (projected lead over the best rival +3.4 cards "
                   "with either)"),
        (2.0, 3.0, "1.0 cards less than the AI's best, X (projected lead over the best rival "
                   "+2.0 cards)"),
    ],
)  # fmt: skip
def test_the_lead_is_one_unit_that_adds_up_and_says_when_it_is_marginal(
    value: float, other: float, words: str
) -> None:
    from ai.hint import lead_note, lead_words

    assert lead_words("shinobi", value, other, "X") == words
    assert lead_note("shinobi") == (
        "your lead over the best rival in cards at the game's end, as the AI projects it; "
        "a win counts as 5 cards"
    )


@pytest.mark.parametrize("game", ("shinobi", "ricewars"))
def test_hints_of_the_other_games_give_figures(game: str) -> None:
    state = midgame(game)
    seen = state.observation(state.current_player())
    hint = suggest(game, seen, state.legal_actions(), nodes=300)
    unit = {"shinobi": "cards", "ricewars": "fields"}[game]
    assert re.search(rf"projected lead over the best rival [+-]\d+\.\d {unit}", hint.reason)
    assert re.search(r"\d+(\.\d)? (cards|fields) .*against", hint.reason), hint.reason
    assert "expected" not in hint.reason


LEAD = re.compile(r"projected lead over the best rival ([+-]\d+\.\d)")
NAMED = {
    # a figure's name as a hint says it -> the pattern of its figures
    "projected lead": LEAD,
    "honor if the board were resolved now": re.compile(
        r"if the board were resolved now: you (\d+\.\d) honor, the best rival (\d+\.\d)"
    ),
    "fields held right after it": re.compile(
        r"right after it you hold (\d+\.\d) fields against (\d+\.\d)"
    ),
    "cards on the table after it": re.compile(
        r"after it your clan has (\d+) cards? on the table against (\d+\.\d)"
    ),
}


def assert_one_figure_per_name(game: str, hint) -> None:
    """The hint's lead figure is its move's value in the search, every "projected" figure
    is that lead, and no two figures named the same thing differ."""
    value = hint.analysis.value(hint.action)
    leads = LEAD.findall(hint.reason)
    assert value is not None and leads, hint.reason
    assert set(leads) == {f"{value:+.1f}"}, hint.reason
    assert hint.reason.count("projected") == len(leads), hint.reason
    for name, pattern in NAMED.items():
        found = pattern.findall(hint.reason)
        assert len(set(found)) <= 1, (name, hint.reason)


@pytest.mark.parametrize("game", GAMES)
def test_the_figure_a_hint_quotes_for_its_move_is_its_projected_lead(game: str) -> None:
    # Given a hint in the middle of a game (Rokugan: a placement, which the search values)
    state = threat_position() if game == "rokugan" else midgame(game)
    seen = state.observation(state.current_player())
    hint = suggest(game, seen, state.legal_actions(), nodes=300)
    # Then the one lead it quotes is the search's value of its move, and no figure is
    # given twice under one name with two values
    assert hint.analysis.how == "search"
    assert_one_figure_per_name(game, hint)


def test_a_card_plays_hint_quotes_the_boards_honor_and_the_searchs_lead_apart() -> None:
    # Given a Rokugan decision where a card may be played, valued by the search
    from ai.hint import explain
    from tests.ai.test_rokugan_hint_words import placement_states

    for state in placement_states(5, 60):
        cards = [a for a in state.legal_actions() if type(a).__name__ == "PlayCard"]
        cards = [a for a in cards if a.card != "scout"]  # a look: the AI's rule says why
        if cards:
            break
    else:
        raise AssertionError("no card to play in the sampled game")
    seen = state.observation(state.current_player())
    analysis = analyse("rokugan", seen, state.legal_actions(), include=cards[:1], nodes=300)
    # When the card is explained as a hint would explain it
    hint = explain("rokugan", seen, analysis, action=cards[0])
    # Then its projected lead is the search's value of the card, and its other figures are
    # named as the board's honor if resolved now, never as a second projected lead
    assert_one_figure_per_name("rokugan", hint)
    assert "if the board were resolved now: you " in hint.reason, hint.reason


@pytest.mark.parametrize("game", ("shinobi", "ricewars"))
def test_a_hints_board_figures_are_the_engines_counts_after_its_move(game: str) -> None:
    # Given a hint and the worlds its search drew
    state = midgame(game)
    me = state.current_player()
    seen = state.observation(me)
    hint = suggest(game, seen, state.legal_actions(), nodes=300)
    worlds = sample_worlds(game, seen, hint.analysis)
    # When the board after the move is counted by the engine in those worlds
    after = []
    for world in worlds:
        world.apply(hint.action)
        if game == "ricewars":
            held = [world.fields_of(s) for s in range(world.seats)]
            after.append((held[me], max(h for s, h in enumerate(held) if s != me)))
        else:
            after.append((world.clan_totals()[world.allegiance(me)], None))
    # Then the figures the hint names as the board's are those counts
    if game == "ricewars":
        mine, rival = NAMED["fields held right after it"].findall(hint.reason)[0]
        assert float(mine) == float(f"{sum(a for a, _ in after) / len(after):.1f}")
        assert float(rival) == float(f"{sum(b for _, b in after) / len(after):.1f}")
    else:
        mine, _ = NAMED["cards on the table after it"].findall(hint.reason)[0]
        assert int(mine) == after[0][0]


# ------------------------------------------------------------------------------ the search


def test_included_moves_are_valued_even_when_they_are_no_candidates() -> None:
    # Given a placement position with far more legal moves than candidates
    state = threat_position()
    legal = state.legal_actions()
    seen = state.observation(0)
    world = fresh_adapter("rokugan").determinize(seen, random.Random(1))
    candidates = set(adapter_for("rokugan", search=True).candidates(world, 0))
    outsider = next(a for a in legal if a not in candidates)
    # When the analysis includes it
    analysis = analyse("rokugan", seen, legal, include=(outsider,), nodes=400)
    # Then it has a value beside the candidates
    assert outsider in analysis.values
    assert analysis.best in legal


def test_a_cancelled_hint_answers_at_once_with_a_legal_move_and_reports_progress() -> None:
    state = threat_position()
    seen = []
    cancel = threading.Event()
    cancel.set()
    hint = suggest(
        "rokugan",
        state.observation(0),
        state.legal_actions(),
        budget=Budget(cancel=cancel),
        progress=lambda fraction, best: seen.append(fraction),
    )
    assert hint.action in state.legal_actions()
    assert seen and seen[-1] == 1.0
    assert hint.analysis.how == "search" and hint.analysis.nodes < 50


def test_a_look_is_suggested_by_rule_and_says_so() -> None:
    # Given the threatened position with Crab's scout cards
    state = position(THREAT)
    hint = suggest("rokugan", state.observation(0), state.legal_actions(), nodes=300)
    # Then the scout looks at the unknown token aimed at Crab_3, by rule
    assert str(hint.action) == "card scout #0"
    assert hint.analysis.how == "rule"
    assert hint.reason.startswith(
        "looks at Scorpion's face-down token on the border Scorp_1 → Crab_3, aimed at your "
        "province Crab_3"
    )


def test_a_single_legal_move_is_the_hint_without_a_search() -> None:
    state = midgame("shinobi")
    only = state.legal_actions()[:1]
    hint = suggest("shinobi", state.observation(state.current_player()), only)
    assert hint.action == only[0]
    assert hint.reason == "the only legal move"
    assert hint.analysis.how == "only"


def test_a_won_game_is_worth_the_win_in_points_not_the_bots_bonus() -> None:
    # Given a finished Shinobi game
    spec = get_game("shinobi")
    state = spec.new_game(3, 2)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    inner = adapter_for("shinobi", search=True)
    scored = ScoredAdapter(inner, 5.0)
    for player in range(3):
        raw = inner.evaluate(state, player)
        won = player in state.winners()
        bonus = WIN_BONUS / len(state.winners()) if won else -WIN_BONUS / 3
        worth = 5.0 / len(state.winners()) if won else -5.0 / 3
        # Then the scored value is the margin plus the win's worth in points
        assert scored.evaluate(state, player) == pytest.approx(raw - bonus + worth)


def test_a_fresh_adapter_shares_no_cache_with_the_bots() -> None:
    shared = adapter_for("shinobi", search=True)
    mine = fresh_adapter("shinobi")
    assert mine is not shared
    assert mine._ranked is not shared._ranked and mine._ranked == {}
    assert mine._worlds is not shared._worlds


def test_a_fresh_rokugan_adapter_has_the_settings_and_none_of_the_caches() -> None:
    # Given the bots' Rokugan adapter after a search filled its caches
    shared = adapter_for("rokugan", search=True)
    state = threat_position()
    seen = state.observation(0)
    world = shared.determinize(seen, random.Random(1))
    player = world.current_player()
    shared.policy(world, player)
    shared.evaluate(world, 0)
    assert shared._policies and shared._terms and shared._spots is not None
    # When a hint asks for its own
    mine = fresh_adapter("rokugan")
    # Then it has the same settings and empty caches of its own
    settings = ("width", "exposure", "material", "model", "plans", "lead")
    assert mine is not shared and type(mine) is type(shared)
    assert [getattr(mine, s) for s in settings] == [getattr(shared, s) for s in settings]
    assert mine._policies == {} and mine._terms == {} and mine._spots is None
    assert mine._policies is not shared._policies and mine._terms is not shared._terms
    # And it draws, values and answers as the bots' adapter does
    again = mine.determinize(seen, random.Random(1))
    assert again.key() == world.key()
    assert mine.evaluate(again, 0) == shared.evaluate(world, 0)
    assert mine.policy(again, player) == shared.policy(world, player)


def test_a_fresh_scored_adapter_scores_alike_around_a_fresh_inner_adapter() -> None:
    inner = adapter_for("shinobi", search=True)
    scored = ScoredAdapter(inner, 5.0)
    mine = scored.fresh()
    assert type(mine) is ScoredAdapter and mine.win == 5.0
    assert mine.inner is not inner and type(mine.inner) is type(inner)
    assert mine.inner._ranked == {} and mine.inner._ranked is not inner._ranked
