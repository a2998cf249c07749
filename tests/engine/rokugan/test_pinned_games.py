"""Pinned Rokugan games: the same seed gives the same game, move for move.

Written before the engine was optimised (issue 32) so that speed-ups cannot change a game:
seeded random games on the published board, each pinned by the hash of its action log and
its final honor, plus the records a listening state tells, observations and determinized
worlds along the way. A changed hash means the rules (or the order of legal actions, which
random play and search rely on) changed; regenerate the table only for a deliberate rule
change, never for a speed-up.
"""

from __future__ import annotations

import random

import pytest

from engine.rokugan import SPEC
from engine.rokugan.bench import load_bench_graph
from engine.rokugan.position import PH_PLACE
from tests.engine.pinned import digest as _digest
from tests.engine.pinned import play_logged, search_picks


def play(players: int, seed: int, listen: bool = False) -> tuple[list[str], list[float], object]:
    """A random game on the bench's board: its log (each legal list's length and digest and
    the move), returns and final state."""
    state = SPEC.new_game(players, seed, None, load_bench_graph())
    return play_logged(state, seed, listen, count_legal=True)


# (players, seed) -> (action log digest, final honor), taken from the engine before issue 32.
PINNED = {
    (2, 1): ("c76eb500629e1cde", [41.0, 24.0]),
    (4, 7): ("a2ab74f9933038ff", [32.0, 21.0, 18.0, 32.0]),
    (5, 3): ("6e80886f02f4ad38", [24.0, 8.0, 25.0, 8.0, 19.0]),
}


@pytest.mark.parametrize(("players", "seed"), sorted(PINNED))
def test_seeded_random_game_is_pinned(players: int, seed: int) -> None:
    # Given a seeded random game on the published board
    # When it is played out
    log, returns, _ = play(players, seed)
    # Then every legal-action list, every move and the final honor are the pinned ones
    assert (_digest(log), returns) == PINNED[(players, seed)]


def test_undo_back_to_the_start_restores_the_first_position() -> None:
    # Given a pinned game played out
    log, returns, state = play(4, 7)
    start = SPEC.new_game(4, 7, None, load_bench_graph())
    # When every action is undone
    while state.history:
        state.undo()
    # Then the position is the new game's, and replaying gives the same end
    assert state.key() == start.key()
    rng = random.Random(7)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.returns() == returns


# The records of main as rebased on (they gained CardEffect records there, then each removal
# named the Blessings that went with its token and each defence whether a control token was
# placed, then each decision was told in words with what another seat may see of it, then
# each decision's target named the seats that knew it (`Target.known_by`): changes of the
# records, not of the game); the speed-ups give the same.
RECORDS_DIGEST = "b84ffcbc6d535a21"


def test_records_of_a_listening_game_are_pinned() -> None:
    # Given a pinned game played by a state that listens for records
    log, returns, state = play(4, 7, listen=True)
    # Then it is the same game, and it told the pinned records
    assert (_digest(log), returns) == PINNED[(4, 7)]
    assert _digest([repr(r) for r in state.events]) == RECORDS_DIGEST


VIEWS_DIGEST = "1db52a61ac68e8ca"


def test_observations_and_determinized_worlds_are_pinned() -> None:
    # Given every 25th decision of a pinned game
    state = SPEC.new_game(4, 7, None, load_bench_graph())
    rng = random.Random(7)
    parts: list[str] = []
    step = 0
    while not state.is_terminal():
        if step % 25 == 0:
            # When each player's observation is taken and a world is drawn from it
            for player in range(state.num_players):
                view = state.observation(player)
                world = view.determinize(random.Random(step * 10 + player))
                parts.append(repr(view.key()))
                parts.append(repr(world.key()))
                parts.append(" ".join(str(a) for a in world.legal_actions()))
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        step += 1
    # Then the observations and worlds are the pinned ones
    assert _digest(parts) == VIEWS_DIGEST


# Re-pinned when the territory cards' AI values became the declared ones
# (`engine.rokugan.effects`): the fourth decision now pays Purge the Weak with the bluff,
# the hand's least useful token, instead of an Army 2.
SEARCH_DIGEST = "cd779237f22181f5"


def test_search_decisions_are_pinned() -> None:
    # Given four decision points of a pinned game and the `normal` search on a node budget

    state = SPEC.new_game(4, 7, None, load_bench_graph())
    # When the search decides at every 37th step with 300 nodes (no time cap)
    picks = search_picks(state, "rokugan", 7, every=37, nodes=300)
    # Then it picks the pinned moves after the pinned number of nodes
    assert len(picks) == 4
    assert _digest(picks) == SEARCH_DIGEST


def test_the_search_policy_is_the_first_candidate() -> None:
    # Given every placement decision of two pinned games
    from ai.games.rokugan import ADAPTER, SEARCH_ADAPTER

    checked = 0
    for players, seed in ((4, 7), (5, 3)):
        state = SPEC.new_game(players, seed, None, load_bench_graph())
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase == PH_PLACE:
                for adapter in (ADAPTER, SEARCH_ADAPTER):
                    player = state.current_player()
                    # When the adapter's policy is asked (it skips hopeless placements)
                    # Then it is the first of its full candidate list
                    assert adapter.policy(state, player) == adapter.candidates(state, player)[0]
                    checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 100


# Re-pinned when the territory cards' AI values became the declared ones: the card round's
# candidates are ranked by each play's honor (`engine.rokugan.effects`), no longer a flat 0.5.
# Re-pinned when the bots' strength needed to conquer became the engine's rule
# (`battles.strength_to_conquer`): Crane (in the 4-player game) needs only to tie.
CANDIDATES_DIGEST = "4c45d3a932925777"


def test_bot_candidates_and_evaluations_are_pinned() -> None:
    # Given every decision of two pinned games
    from ai.games.rokugan import ADAPTER, SEARCH_ADAPTER

    parts: list[str] = []
    for players, seed in ((4, 7), (2, 1)):
        state = SPEC.new_game(players, seed, None, load_bench_graph())
        rng = random.Random(seed)
        while not state.is_terminal():
            # When both adapters list their candidates and evaluate the position
            for adapter in (ADAPTER, SEARCH_ADAPTER):
                player = state.current_player()
                parts.append(" ".join(map(str, adapter.candidates(state, player))))
                parts.append(repr(adapter.evaluate(state, player)))
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    # Then the lists and values are the pinned ones, to the last bit
    assert _digest(parts) == CANDIDATES_DIGEST
