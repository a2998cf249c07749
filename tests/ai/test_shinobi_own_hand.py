"""`OwnHandAdapter` (ai.games.shinobi_levels): the searching player values its clan's cards
and Ninjas in its hand at `OWN_HAND` while the deck lasts; the opponents it models value
their hands as `greedy` does."""

from __future__ import annotations

import random

import pytest

from ai.games.shinobi import ADAPTER, HAND, LATER_ADAPTER
from ai.games.shinobi_levels import (
    OWN_HAND,
    OWN_HAND_ADAPTER,
    OWN_HAND_LATER_ADAPTER,
    OwnHandAdapter,
)
from engine.shinobi import SPEC
from engine.shinobi.state import ShinobiState, parse_position

# Player 3 serves Uesugi and holds one Uesugi card and a Ninja; its own province holds the
# largest Uesugi army (2), and a Uesugi card deployed to player 1's province would stand alone.
_MID_GAME = """
turn: player 3, order 1
deck: {deck}
discards: hojo*2 oda*2 takeda*2 uesugi ninja
p0 oda: hand hojo mori oda*2; province hojo mori
p1 mori: hand hojo takeda uesugi*2; province hojo mori oda*2
p2 hojo: hand mori takeda*2 uesugi; province hojo takeda
p3 uesugi: hand hojo takeda uesugi ninja; province mori*3 uesugi*2
final: {final}
turns: 19
first: 0
"""
_DECK = (
    "uesugi hojo takeda*2 mori takeda hojo uesugi mori hojo ninja mori takeda oda*2 mori"
    " uesugi*2 oda*3"
)


def _mid_game(last_round: bool = False) -> ShinobiState:
    """The position above with 20 cards in the deck, or the same table in the last round."""
    if last_round:
        return parse_position(_MID_GAME.format(deck="-", final=4))
    return parse_position(_MID_GAME.format(deck=_DECK, final=-1))


def _values(adapter, state: ShinobiState, player: int) -> dict[str, float]:
    """Each legal order of `player` and its value one move ahead with `adapter`."""
    values = {}
    for move in state.legal_actions():
        state.apply(move)
        values[str(move)] = adapter.evaluate(state, player)
        state.undo()
    return values


@pytest.mark.parametrize(
    ("adapter", "without"),
    [(OWN_HAND_ADAPTER, ADAPTER), (OWN_HAND_LATER_ADAPTER, LATER_ADAPTER)],
    ids=["own-hand", "hard's: own hand and later rounds"],
)
def test_a_card_of_ones_clan_in_the_hand_is_worth_own_hand_while_the_deck_lasts(
    adapter, without
) -> None:
    # Given the mid-game position, where player 3 holds one Uesugi card and one Ninja
    state = _mid_game()
    plain = _values(without, state, 3)
    # When the searching player values every first order with its own hand worth
    own = _values(adapter, state, 3)
    # Then each value is the one without it plus (OWN_HAND - HAND) for each such card kept
    assert set(own) == set(plain)
    for move, value in own.items():
        kept = 1 if move.startswith(("deploy uesugi", "ninja")) else 2
        assert value == pytest.approx(plain[move] + (OWN_HAND - HAND) * kept)


def test_the_searching_player_keeps_its_clans_card_for_later() -> None:
    # Given the mid-game position, 20 cards in the deck
    state = _mid_game()
    # When player 3 chooses its deployment with the plain values and with its own hand worth
    plain = max((v, m) for m, v in _values(ADAPTER, state, 3).items())[1]
    own = max((v, m) for m, v in _values(OWN_HAND_ADAPTER, state, 3).items())[1]
    # Then the plain values feed Uesugi, while the hand worth keeps the card hidden and
    # deploys another clan
    assert plain == "deploy uesugi to 1"
    assert own == "deploy takeda to 2"


def test_in_the_last_round_the_hand_is_worth_nothing_to_either() -> None:
    # Given the same table in the last round (the deck empty, the hand can no longer wait)
    state = _mid_game(last_round=True)
    # When player 3 values its first orders both ways
    # Then the values are the plain ones, and both deploy Uesugi
    own = _values(OWN_HAND_ADAPTER, state, 3)
    assert own == _values(ADAPTER, state, 3)
    assert max((v, m) for m, v in own.items())[1].startswith("deploy uesugi")


@pytest.mark.parametrize("adapter", [OWN_HAND_ADAPTER, OWN_HAND_LATER_ADAPTER])
def test_the_opponents_it_models_value_their_hands_as_greedy(adapter) -> None:
    # Given the searching player's planned turn in sampled worlds of early games
    everyone = OwnHandAdapter(everyone=True)  # every player keeps its clan's cards
    modelled = changed = 0
    for seed in (41, 42, 43, 44, 45, 46):
        state = SPEC.new_game(4, seed, {"first": 0})
        rng = random.Random(seed)
        while not (state.current_player() == 0 and state.order == 1 and state.turns >= 4):
            state.apply(rng.choice(state.legal_actions()))
        world = state.sampled_copy()
        for _ in range(3):
            world.apply(ADAPTER.candidates(world, 0)[0])
        while world.current_player() != 0 and not world.is_terminal():
            player = world.current_player()
            # When each opponent's expected move is asked for
            own = adapter.candidates(world, player)
            plain = ADAPTER.candidates(world, player)
            # Then it is the move `greedy`'s plain values choose
            assert own == plain
            modelled += 1
            changed += everyone.candidates(world, player) != plain
            world.apply(plain[0])
    # and valuing every player's hand at OWN_HAND would have changed some of those moves
    assert modelled >= 18
    assert changed > 0
