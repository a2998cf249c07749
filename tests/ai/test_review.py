"""The post-game review: costs judged from the person's observations, and scores by round."""

from __future__ import annotations

import random
import threading
from functools import cache

import pytest

from ai.match import play_match
from ai.review import MIN_LOSS, Review, ReviewCancelled, game_start, review_game
from engine.registry import get_game
from engine.rokugan import actions as RA
from engine.rokugan.data import OBJECTIVE_INDEX, OBJECTIVES
from engine.shinobi.state import ShinobiState

GAMES = ("rokugan", "shinobi", "ricewars")
MAPS = {"rokugan": "rokugan", "ricewars": "ricewars-quick", "shinobi": None}
NODES = 100
"""Small budgets keep these games and reviews to a few seconds."""


@cache
def played(game: str, seat0: str, seed: int = 1):
    """A finished 3-player game: `seat0` in seat 0 against two `greedy` bots."""
    from maps.api import load_graph

    spec = get_game(game)
    graph = load_graph(MAPS[game]) if MAPS[game] else None
    _, state = play_match(spec, [seat0, "greedy", "greedy"], seed, graph, {})
    return state


@cache
def reviewed(game: str, seat0: str) -> Review:
    return review_game(game, played(game, seat0), 0, nodes=NODES)


@pytest.mark.parametrize("game", GAMES)
def test_a_random_player_loses_more_per_decision_than_the_hard_ai(game: str) -> None:
    # Given the same deal played once by `random` and once by `hard` in seat 0
    careless = reviewed(game, "random")
    careful = reviewed(game, f"hard@{NODES}")
    # Then the review finds the random player's decisions cost more on average
    assert careless.decisions and careful.decisions
    assert careless.mean_loss() > 1.25 * careful.mean_loss()
    assert careless.moments(5)[0].loss > careful.moments(5)[0].loss


@pytest.mark.parametrize("game", GAMES)
def test_moments_are_the_costliest_decisions_costliest_first(game: str) -> None:
    review = reviewed(game, "random")
    costs = sorted((m.loss for m in review.decisions), reverse=True)
    moments = review.moments(4)
    assert [m.loss for m in moments] == costs[:4]
    assert all(m.loss >= MIN_LOSS for m in moments)
    assert all(m.loss >= 0 for m in review.decisions)
    for m in review.decisions:
        if m.how == "search" and m.loss > 0:
            assert m.suggested_value - m.chosen_value == pytest.approx(m.loss)
    # and the JSON form is exactly the contract's
    data = review.to_json(3)
    assert list(data) == ["seat", "decisions", "moments"]
    assert data["seat"] == 0 and data["decisions"] == len(review.decisions)
    assert len(data["moments"]) == 3
    for entry, moment in zip(data["moments"], moments, strict=False):
        assert list(entry) == ["index", "round", "chosen", "suggested", "loss"]
        assert entry["chosen"] == str(moment.chosen)
        assert entry["loss"] >= 0


@pytest.mark.parametrize("game", GAMES)
def test_each_decision_is_the_seats_choice_at_that_point_of_the_game(game: str) -> None:
    state = played(game, "random")
    review = reviewed(game, "random")
    replay = game_start(state)
    decisions = {m.index: m for m in review.decisions}
    for index, action in enumerate(state.history):
        mine = replay.current_player() == 0 and len(replay.legal_actions()) > 1
        assert (index in decisions) == mine
        if mine:
            assert decisions[index].chosen == action
            assert decisions[index].suggested in replay.legal_actions()
        replay.apply(action)


def test_the_review_keeps_every_players_score_after_each_round() -> None:
    review = reviewed("rokugan", "random")
    state = played("rokugan", "random")
    # Five rounds of honor, the last being the final honor
    assert review.score_name == "honor"
    assert [len(s) for s in review.scores] == [5, 5, 5]
    assert [s[-1] for s in review.scores] == [float(h) for h in state.honor()]


# ------------------------------------------------------------------------------ honesty


def swapped_allegiances(state: ShinobiState) -> ShinobiState:
    """`state`'s game replayed with the clans of seats 1 and 2 swapped (seat 0 cannot
    see them: only the end reveals them)."""
    start = game_start(state)
    clans = list(start.allegiances)
    clans[1], clans[2] = clans[2], clans[1]
    twin = ShinobiState(
        allegiance=clans,
        hands=[start.hand(p) for p in range(3)],
        armies=[[0] * 5 for _ in range(3)],
        discards=[0] * 6,
        deck=start.deck(),
        player=start.current_player(),
        setup=start.setup(),
    )
    for action in state.history:
        twin.apply_checked(action)
    return twin


def swapped_objectives(state):
    """`state`'s Rokugan game replayed with the secret objectives dealt to seats 1 and 2
    swapped (each keeps the same one of its pair)."""
    start = game_start(state)
    dealt = list(start.dealt)
    dealt[1], dealt[2] = dealt[2], dealt[1]
    start.dealt = tuple(dealt)
    swap: dict[tuple[int, int], int] = {}
    for p in (1, 2):
        for old, new in zip(state.dealt[p], dealt[p], strict=True):
            swap[(p, old)] = new
    for action in state.history:
        player = start.current_player()
        if isinstance(action, RA.ChooseObjective) and player in (1, 2):
            new = swap[(player, OBJECTIVE_INDEX[action.objective])]
            action = RA.ChooseObjective(OBJECTIVES[new][0])
        start.apply_checked(action)
    return start


@pytest.mark.parametrize("game", ["shinobi", "rokugan"])
def test_games_the_person_could_not_tell_apart_get_the_same_review(game: str) -> None:
    # Given a game and its twin with other hidden facts (Shinobi: the rivals' clans;
    # Rokugan: the rivals' secret objectives) that seat 0 saw the same way throughout
    state = played(game, "random", seed=2)
    twin = swapped_allegiances(state) if game == "shinobi" else swapped_objectives(state)
    a, b = game_start(state), game_start(twin)
    for mine, theirs in zip(state.history, twin.history, strict=True):
        if not a.is_terminal() and a.current_player() == 0:
            assert a.observation(0) == b.observation(0)
        a.apply(mine)
        b.apply(theirs)
    if game == "shinobi":
        assert state.allegiances != twin.allegiances
    else:
        assert state.objective != twin.objective
    # When both are reviewed for seat 0
    first = review_game(game, state, 0, nodes=NODES)
    second = review_game(game, twin, 0, nodes=NODES)
    # Then every decision is judged the same
    assert first.decisions == second.decisions
    assert first.to_json() == second.to_json()


def test_a_rice_wars_decision_is_judged_the_same_whatever_the_hidden_cards() -> None:
    from ai.review import moment_reason, review_decision
    from tests.ai.test_hint import hidden_facts, midgame

    # Given a Rice Wars position and a twin with other hidden cards (hands, deck) that the
    # player to move sees the same way
    state = midgame("ricewars", seed=5, moves=40)
    me = state.current_player()
    twin = state.observation(me).determinize(random.Random(17))
    assert twin.observation(me) == state.observation(me)
    assert hidden_facts("ricewars", twin) != hidden_facts("ricewars", state)
    chosen = state.legal_actions()[-1]
    # When the same move is reviewed in both
    first = review_decision("ricewars", state.observation(me), state.legal_actions(), chosen, 200)
    second = review_decision("ricewars", twin.observation(me), twin.legal_actions(), chosen, 200)
    # Then it is judged the same, for the same reason
    assert first == second
    assert moment_reason("ricewars", state.observation(me), first) == moment_reason(
        "ricewars", twin.observation(me), second
    )


# ------------------------------------------------------------------------------ control


def test_a_stopped_review_raises_and_progress_climbs_to_the_end() -> None:
    state = played("shinobi", "random")
    seen: list[float] = []
    review_game("shinobi", state, 0, nodes=50, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) > 10
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(ReviewCancelled):
        review_game("shinobi", state, 0, nodes=50, cancel=cancel)


def test_a_seat_outside_the_game_is_refused() -> None:
    with pytest.raises(ValueError, match="seat 5 is not a seat of this game"):
        review_game("shinobi", played("shinobi", "random"), 5)


def test_a_moment_says_why_with_facts_and_its_cost() -> None:
    from ai.review import moment_reason

    state = played("rokugan", "random")
    review = reviewed("rokugan", "random")
    moment = review.moments(1)[0]
    replay = game_start(state)
    for action in state.history[: moment.index]:
        replay.apply(action)
    why = moment_reason("rokugan", replay.observation(0), moment)
    assert why.endswith(f"; {moment.loss:.1f} expected honor better than your move")
    # the same words from a twin the seat cannot tell apart
    twin = replay.observation(0).determinize(random.Random(3))
    assert moment_reason("rokugan", twin.observation(0), moment) == why
