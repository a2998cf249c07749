"""Pinned Shinobi games: the same seed gives the same game, move for move.

Written before the engine was optimised (issue 32) so that speed-ups cannot change a game:
seeded random games, each pinned by the hash of its legal-action lists and moves and its
final returns, plus the records a listening state tells and the worlds determinized from
observations along the way. Regenerate only for a deliberate rule change.
"""

from __future__ import annotations

import random

import pytest

from engine.shinobi.state import SPEC
from tests.engine.pinned import digest as _digest
from tests.engine.pinned import play_logged


def play(players: int, seed: int, listen: bool = False) -> tuple[list[str], list[float], object]:
    """A random game (the bench's play): its log of legal lists and moves, returns, state."""
    return play_logged(SPEC.new_game(players, seed), seed, listen)


# (players, seed) -> (log digest, final returns, canonical key digest), before issue 32.
PINNED = {
    (3, 1): ("4ae9b07212460e24", [0.0, 0.0, 1.0], "547da77aad7cc91e"),
    (4, 2): ("74cf9689c4da2a70", [1.0, 0.0, 0.0, 0.0], "fb1bdfd9c3de2e45"),
    (5, 3): ("c49cea908f26dcc6", [0.0, 1.0, 0.0, 0.0, 0.0], "7e17b0cb1613379b"),
}


@pytest.mark.parametrize(("players", "seed"), sorted(PINNED))
def test_seeded_random_game_is_pinned(players: int, seed: int) -> None:
    # Given a seeded random game
    # When it is played out
    log, returns, state = play(players, seed)
    # Then its legal lists, moves, returns and final position are the pinned ones
    final = _digest([repr(state.canonical_key())])
    assert (_digest(log), returns, final) == PINNED[(players, seed)]


def test_undo_back_to_the_start_restores_the_first_position() -> None:
    # Given a pinned game played out
    _, _, state = play(4, 2)
    # When every action is undone
    while state.history:
        state.undo()
    # Then the position is the new game's
    assert state.canonical_key() == SPEC.new_game(4, 2).canonical_key()


RECORDS_DIGEST = "3242fd4232391663"
VIEWS_DIGEST = "3958eeab08552ded"


def test_records_of_a_listening_game_are_pinned() -> None:
    # Given a pinned game played by a state that listens for records
    log, returns, state = play(4, 2, listen=True)
    # Then it is the same game and it told the pinned records
    assert (_digest(log), returns) == PINNED[(4, 2)][:2]
    assert _digest([repr(r) for r in state.events]) == RECORDS_DIGEST


def test_determinized_worlds_are_pinned() -> None:
    # Given every 10th decision of a pinned game
    state = SPEC.new_game(4, 2)
    rng = random.Random(2)
    parts: list[str] = []
    step = 0
    while not state.is_terminal():
        if step % 10 == 0:
            # When a world is drawn from each player's observation
            for player in range(state.num_players):
                world = state.observation(player).determinize(random.Random(step + player))
                parts.append(repr(world.canonical_key()) + repr(world.allegiances))
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        step += 1
    # Then the worlds are the pinned ones
    assert _digest(parts) == VIEWS_DIGEST


def test_a_clone_and_its_original_undo_apart() -> None:
    # Given a pinned game 50 actions in, and a clone of it
    state = SPEC.new_game(4, 2)
    rng = random.Random(2)
    keys = [state.canonical_key()]
    for _ in range(50):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        keys.append(state.canonical_key())
    twin = state.clone()
    # When the original undoes past the moment of the clone and plays on differently
    for _ in range(20):
        state.undo()
    other = random.Random(5)
    for _ in range(30):
        legal = state.legal_actions()
        state.apply(legal[other.randrange(len(legal))])
    # Then the clone still undoes through the game's positions back to the start
    while twin.history:
        twin.undo()
        assert twin.canonical_key() == keys[len(twin.history)]
    assert twin.canonical_key() == SPEC.new_game(4, 2).canonical_key()
