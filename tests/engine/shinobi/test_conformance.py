"""Random-play conformance: thousands of random actions keep every invariant."""

from __future__ import annotations

import random

from ai.match import play_match
from engine.core import TERMINAL
from engine.saves import load_game, save_dict, save_game, state_from_dict
from engine.shinobi import SPEC, format_position
from engine.shinobi.actions import ATTACK, DEPLOY, MOVE, NINJA_ON
from engine.shinobi.cards import DECK_COMPOSITION

from .helpers import key

GAMES = [(players, seed) for seed in range(18) for players in (3, 4, 5)]


def _every_action(n: int) -> list:
    """Every action value that names only provinces of an n-player game."""
    return (
        [row[q] for row in DEPLOY for q in range(n)]
        + [row[q] for row in NINJA_ON for q in range(n)]
        + [plane[s][t] for plane in MOVE for s in range(n) for t in range(n)]
        + [plane[b][q] for plane in ATTACK for b in range(5) for q in range(n)]
    )


def test_random_play_keeps_every_invariant() -> None:
    total = 0
    for players, seed in GAMES:
        state = SPEC.new_game(players, seed)
        start = key(state)
        rng = random.Random(seed * 10 + players)
        everything = _every_action(players)
        step = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            # 58 cards are always somewhere
            assert state.card_counts() == list(DECK_COMPOSITION)
            assert legal and state.current_player() != TERMINAL
            assert len(set(legal)) == len(legal)
            if step % 7 == 0:
                # why_illegal agrees with legal_actions on every action there is
                allowed = set(legal)
                for action in everything:
                    assert (state.why_illegal(action) is None) == (action in allowed), action
                # a state drawn from the player's observation agrees with it
                player = state.current_player()
                seen = state.observation(player)
                sample = seen.determinize(random.Random(step))
                assert sample.observation(player) == seen
                assert sample.legal_actions() == legal
            action = legal[rng.randrange(len(legal))]
            assert SPEC.parse_action(str(action)) is action
            # undo restores exactly
            before = key(state)
            state.apply(action)
            state.undo()
            assert key(state) == before
            # clones are independent
            if step % 11 == 0:
                twin = state.clone()
                while not twin.is_terminal():
                    twin.apply(rng.choice(twin.legal_actions()))
                assert key(state) == before
                twin.undo()
                assert twin.history[: len(state.history)] == state.history
            state.apply(action)
            step += 1
        total += step
        assert state.current_player() == TERMINAL and state.legal_actions() == []
        assert state.deck_size() == 0 and state.final_left == 0
        assert state.card_counts() == list(DECK_COMPOSITION)
        # save -> load -> replay gives the identical game
        again = state_from_dict(save_dict(state))
        assert key(again) == key(state)
        assert again.returns() == state.returns() and again.summary() == state.summary()
        # and undoing everything returns to the start
        for _ in range(len(state.history)):
            state.undo()
        assert key(state) == start
    assert total >= 5000


def test_save_file_round_trip(tmp_path) -> None:
    # Given a game halfway through, saved to a file
    state = SPEC.new_game(4, 77)
    rng = random.Random(77)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "game.json"
    save_game(state, path)
    # When it is loaded
    loaded = load_game(path)
    # Then it is the same game, with the same hidden facts
    assert format_position(loaded) == format_position(state)
    assert list(loaded.history) == list(state.history)


def test_play_match_plays_a_whole_game_with_random_bots() -> None:
    # Given four random bots
    result, state = play_match(SPEC, ["random"] * 4, seed=1)
    # Then the game ends with a winner, and the summary names turns and the winning clan
    assert state.is_terminal() and result.actions == len(state.history)
    assert result.winners and sum(result.scores) == 1.0
    assert result.summary["turns"] > 0 and result.summary["winning_clan"]
    # And the same seed plays the same game
    again, _ = play_match(SPEC, ["random"] * 4, seed=1)
    assert again == result
