"""The post-game review: costs judged from the person's observations, and scores by round."""

from __future__ import annotations

import random
import threading
from functools import cache

import pytest

from ai.match import play_match
from ai.review import (
    MIN_LOSS,
    Review,
    ReviewCancelled,
    game_start,
    moment_reason,
    review_game,
)
from engine.core import IllegalActionError
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
    # ... and its five worst decisions cost more in all (one search at a small budget may
    # misjudge one decision)
    assert sum(m.loss for m in careless.moments(5)) > sum(m.loss for m in careful.moments(5))


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


SWAPS = 3  # pairs of draws swapped in the Rice Wars twin (each costs a replay to check)


def swapped_draws(state):
    """`state`'s Rice Wars game replayed from a first deck with pairs of cards swapped:
    where a rival drew card X and later, still holding X, card Y (both from the first
    deck), the twin's rival draws Y first and X later. Until the second draw it holds
    another card than in `state`, which seat 0 cannot see; from then on the hands are the
    same, so every action of the game stays legal. Pairs that would change what seat 0
    sees (a theft taking the card, say) are not swapped."""
    start = game_start(state)
    drawn, left = first_draws(start, state.history)
    views = seat0_views(start, state.history)
    mine = [i for i, seen in enumerate(views) if seen is not None]
    end = len(state.history)
    pairs = [
        (x, y)
        for x, (ix, px) in drawn.items()
        for y, (iy, py) in drawn.items()
        if px == py and ix < iy < left.get(x, end) and any(ix < i <= iy for i in mine)
    ]
    twin, used = start, set()
    for x, y in pairs:
        if {x, y} & used or len(used) >= 2 * SWAPS:
            continue
        trial = game_start(twin)
        deck = trial.deck
        i, j = deck.index(x), deck.index(y)
        deck[i], deck[j] = y, x
        try:
            same = seat0_views(trial, state.history, checked=True) == views
        except IllegalActionError:
            continue  # the rival plays or loses the card before the later draw
        if same:
            twin = trial
            for action in state.history:
                twin.apply(action)
            used |= {x, y}
    return twin


def first_draws(start, history) -> tuple[dict[int, tuple[int, int]], dict[int, int]]:
    """Cards of the first deck that rivals (seats 1, 2) took into their hand before the
    first reshuffle: card -> (index of the action, seat); and card -> index of the action
    after which it first left that hand."""
    replay = start.clone()
    before = [list(h) for h in replay.hands]
    drawn: dict[int, tuple[int, int]] = {}
    left: dict[int, int] = {}
    for index, action in enumerate(history):
        size = len(replay.deck)
        replay.apply(action)
        if len(replay.deck) > size:
            break  # the discard pile reshuffled: later draws are not the first deck's
        for seat in (1, 2):
            hand = replay.hands[seat]
            for card in hand:
                if card not in before[seat] and card not in drawn and card in start.deck:
                    drawn[card] = (index, seat)
            for card in before[seat]:
                if card not in hand:
                    left.setdefault(card, index)
        before = [list(h) for h in replay.hands]
    return drawn, left


def seat0_views(start, history, checked: bool = False) -> list:
    """Seat 0's observation before each action where it has a choice, else None; with
    `checked`, each action is applied through `apply_checked` (IllegalActionError)."""
    replay = start.clone()
    views = []
    for action in history:
        choice = replay.current_player() == 0 and len(replay.legal_actions()) > 1
        views.append(replay.observation(0) if choice else None)
        (replay.apply_checked if checked else replay.apply)(action)
    return views


def rivals_hands_differ_at_a_decision(state, twin) -> bool:
    """Whether, at some decision of seat 0, the rivals' hands differ between the games."""
    a, b = game_start(state), game_start(twin)
    differ = False
    for action in state.history:
        if a.current_player() == 0 and len(a.legal_actions()) > 1:
            differ |= [sorted(h) for h in a.hands[1:]] != [sorted(h) for h in b.hands[1:]]
        a.apply(action)
        b.apply(action)
    return differ


TWINS = {"shinobi": swapped_allegiances, "rokugan": swapped_objectives, "ricewars": swapped_draws}


@pytest.mark.parametrize("game", GAMES)
def test_games_the_person_could_not_tell_apart_get_the_same_review(game: str) -> None:
    # Given a whole game and its twin with other hidden facts (Shinobi: the rivals' clans;
    # Rokugan: the rivals' secret objectives; Rice Wars: the cards in the rivals' hands)
    # that seat 0 saw the same way at every one of its decisions
    state = played(game, "random")  # (its review is the other tests': made once)
    twin = TWINS[game](state)
    assert twin.is_terminal() and len(twin.history) == len(state.history)
    a, b = game_start(state), game_start(twin)
    for mine, theirs in zip(state.history, twin.history, strict=True):
        if not a.is_terminal() and a.current_player() == 0:
            assert a.observation(0) == b.observation(0)
        a.apply(mine)
        b.apply(theirs)
    if game == "shinobi":
        assert state.allegiances != twin.allegiances
    elif game == "rokugan":
        assert state.objective != twin.objective
    else:
        assert game_start(state).deck != game_start(twin).deck
        assert rivals_hands_differ_at_a_decision(state, twin)
    # When both are reviewed for seat 0
    first = reviewed(game, "random")
    second = review_game(game, twin, 0, nodes=NODES)
    # Then every decision is judged the same, for the same reason
    assert first.decisions == second.decisions
    assert first.to_json() == second.to_json()
    replay_a, replay_b = game_start(state), game_start(twin)
    moments = {m.index: m for m in first.moments(5)}
    for index, (mine, theirs) in enumerate(zip(state.history, twin.history, strict=True)):
        if index in moments:
            assert moment_reason(game, replay_a.observation(0), moments[index]) == (
                moment_reason(game, replay_b.observation(0), moments[index])
            )
        replay_a.apply(mine)
        replay_b.apply(theirs)


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
    assert str(why).endswith(
        f"; {moment.loss:.1f} honor more projected lead over the best rival than your move"
    )
    # the same words from a twin the seat cannot tell apart
    twin = replay.observation(0).determinize(random.Random(3))
    assert moment_reason("rokugan", twin.observation(0), moment) == why


def test_the_summary_explains_its_one_unit_and_adds_up_no_projections() -> None:
    from ai.review import Moment, summary_words

    # Given a review with three costly decisions, one of them marginal, and one free
    moments = (
        Moment(3, 1, "a", "b", 2.5),
        Moment(9, 2, "a", "b", 0.2),
        Moment(15, 4, "a", "b", 6.0),
        Moment(20, 5, "a", "a", 0.0),
    )
    review = Review("rokugan", 0, moments, ((1.0,),), "honor")
    words = summary_words(review)
    # Then it counts them, explains the unit, names the costliest and sums nothing
    assert words == (
        "4 decisions weighed with what you could see; at 3 of them the hard AI's move kept "
        "more projected lead (your lead over the best rival in honor at the game's end, as "
        "the AI projects it; a win counts as 10 honor), 1 of them only marginally; the "
        "costliest, in round 4, 6.0 honor."
    )
    assert f"{review.total_loss():.1f}" not in words
    free = Review("shinobi", 0, moments[3:], ((1.0,),), "army")
    assert summary_words(free).endswith("none cost anything the hard AI could measure.")
