"""Shinobi's bot knowledge (ai.games.shinobi): evaluation, candidates, honest play."""

from __future__ import annotations

import random

import pytest

from ai.adapters import adapter_for
from ai.base import Budget
from ai.games.shinobi import ADAPTER, ROOT_CANDIDATES, expected_rival, exposure
from ai.match import play_match
from ai.registry import make_bot
from engine.shinobi import SPEC

from .helpers import play, position


def test_the_adapter_is_found_for_shinobi() -> None:
    assert adapter_for("shinobi") is ADAPTER


def test_the_strongest_rival_counts_only_as_likely_as_it_is_served() -> None:
    totals = [6, 4, 3, 1, 0]
    # Every other clan surely served: the strongest rival is Hōjō with 6
    assert expected_rival(totals, 2, [1, 1, 0, 1, 1]) == 6
    # Hōjō surely unserved: the strongest rival is Mōri with 4
    assert expected_rival(totals, 2, [0, 1, 0, 1, 1]) == 4
    # Hōjō served half the time: half 6, half 4
    assert expected_rival(totals, 2, [0.5, 1, 0, 1, 1]) == pytest.approx(5)


def test_exposure_grows_with_plain_feeding() -> None:
    assert exposure([0.0] * 5, 2) == 0.0
    assert exposure([0, 0, 3.0, 0, 0], 2) < exposure([0, 0, 6.0, 0, 0], 2) < 1.0
    # Feeding another clan hides one's own
    assert exposure([6.0, 0, 0, 0, 0], 2) == 0.0


TABLE = """
    turn: player 0, order 3
    deck: hojo*10
    p0 oda: hand oda mori; province takeda*3
    p1 mori: hand mori*4; province oda mori
    p2 takeda: hand takeda*4; province uesugi*2 hojo
    p3 uesugi: hand uesugi*4; province mori*2 uesugi*2
"""


def test_the_attack_goes_to_the_strongest_likely_rival() -> None:
    # Given player 0 (Oda) with Takeda 3 at home; on the table Uesugi has 4, Mōri 3,
    # Takeda 3, Hōjō 1, Oda 1
    state = position(TABLE)
    ranked = [str(a) for a in ADAPTER.candidates(state, 0)]
    # Then the Uesugi army of 2 in province 2 (the leader's) is the first candidate,
    # and attacking one's own Oda comes last
    assert ranked[0] == "attack uesugi at 2 with takeda"
    assert ranked[-1] == "attack oda at 1 with takeda"
    assert set(ranked) == {str(a) for a in state.legal_actions()}


def test_feeding_ones_clan_is_worth_more_than_feeding_a_rival() -> None:
    state = position(TABLE.replace("order 3", "order 1"))
    before = ADAPTER.evaluate(state, 0)
    own = ADAPTER.evaluate(
        play(position(TABLE.replace("order 3", "order 1")), "deploy oda to 1"), 0
    )
    rival = ADAPTER.evaluate(
        play(position(TABLE.replace("order 3", "order 1")), "deploy mori to 2"), 0
    )
    assert own > before > rival


def test_candidates_are_legal_and_few() -> None:
    state = SPEC.new_game(5, 3)
    rng = random.Random(3)
    for _ in range(60):
        player = state.current_player()
        candidates = ADAPTER.candidates(state, player)
        legal = state.legal_actions()
        assert candidates and set(candidates) <= set(legal)
        assert len(candidates) <= max(ROOT_CANDIDATES)
        assert ADAPTER.policy(state, player) == candidates[0]
        state.apply(rng.choice(legal))


def test_a_finished_game_is_worth_the_win() -> None:
    won = position(
        """
        turn: over
        deck: -
        p0 oda: hand -; province oda*3
        p1 mori: hand -; province mori
        p2 takeda: hand -; province takeda
        """
    )
    lost = position(
        """
        turn: over
        deck: -
        p0 oda: hand -; province mori*3
        p1 mori: hand -; province oda
        p2 takeda: hand -; province takeda
        """
    )
    assert ADAPTER.evaluate(won, 0) > 300 > -300 > ADAPTER.evaluate(lost, 0)


@pytest.mark.parametrize("name", ["greedy", "easy@60", "hard@200"])
def test_bots_choose_legal_moves_from_the_observation(name: str) -> None:
    # Given a game in progress and a bot that gets only the observation
    state = SPEC.new_game(4, 12)
    rng = random.Random(12)
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    bot = make_bot(name, "shinobi")
    player = state.current_player()
    # When it chooses twice with the same rng seed
    first = bot.choose(state.observation(player), state.legal_actions(), random.Random(1), Budget())
    again = bot.choose(state.observation(player), state.legal_actions(), random.Random(1), Budget())
    # Then it picks a legal move, the same one both times
    assert first in state.legal_actions() and first == again


def test_a_whole_game_of_search_bots() -> None:
    result, state = play_match(SPEC, ["greedy", "easy", "random"], seed=4, nodes=60)
    assert state.is_terminal() and sum(result.scores) == pytest.approx(1.0)


def test_a_card_of_ones_clan_goes_where_no_attack_can_reach_it() -> None:
    # Given player 0 (Oda) with one Oda card; an Oda stack of 2 in province 1 that
    # player 3's Takeda 3 can hit, and nothing of Oda elsewhere
    state = position(
        """
        turn: player 0, order 1
        deck: hojo*10
        p0 oda: hand oda hojo hojo hojo; province -
        p1 mori: hand mori*4; province oda*2
        p2 takeda: hand takeda*4; province -
        p3 uesugi: hand uesugi*4; province takeda*3
        """
    )
    ranked = [str(a) for a in ADAPTER.candidates(state, 0)]
    # Then joining the stack (3 strong: out of Takeda 3's reach) comes first; a lone card
    # in province 3 (only Takeda's owner there, who cannot hit their own province) beats
    # a lone card in province 2, which Takeda 3 can hit
    assert ranked[0] == "deploy oda to 1"
    assert ranked.index("deploy oda to 3") < ranked.index("deploy oda to 2")


def test_the_evaluation_counts_the_attacks_to_come() -> None:
    # Given Oda 3 in one stack, or the same 3 cards spread as lone cards that player 3's
    # Takeda 3 can hit
    stacked = position(
        """
        turn: player 1, order 1
        deck: hojo*10
        p0 oda: hand hojo*4; province -
        p1 mori: hand mori*4; province oda*3
        p2 takeda: hand takeda*4; province -
        p3 uesugi: hand uesugi*4; province takeda*3
        """
    )
    spread = position(
        """
        turn: player 1, order 1
        deck: hojo*10
        p0 oda: hand hojo*4; province -
        p1 mori: hand mori*4; province oda
        p2 takeda: hand takeda*4; province oda*2
        p3 uesugi: hand uesugi*4; province takeda*3
        """
    )
    # Then the stack is worth more to Oda's player
    assert ADAPTER.evaluate(stacked, 0) > ADAPTER.evaluate(spread, 0)
