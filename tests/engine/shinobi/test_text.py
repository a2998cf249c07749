"""Action texts and position texts read back to the same values."""

from __future__ import annotations

import pytest

from engine.core import ActionParseError
from engine.shinobi import (
    SPEC,
    Attack,
    Deploy,
    Move,
    PlayNinja,
    PositionError,
    format_position,
    parse_position,
)
from engine.shinobi.actions import ATTACK, DEPLOY, MOVE, NINJA_ON

from .helpers import key, position


def test_every_action_text_reads_back_to_the_same_interned_action() -> None:
    # Given every action value of a 5-player game
    everything = (
        [a for row in DEPLOY for a in row]
        + [a for row in NINJA_ON for a in row]
        + [a for plane in MOVE for row in plane for a in row]
        + [a for plane in ATTACK for row in plane for a in row]
    )
    # Then its text parses back to the very same object
    for action in everything:
        assert SPEC.parse_action(str(action)) is action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("deploy oda to 2", Deploy(2, 2)),
        ("ninja takeda at 1", PlayNinja(3, 1)),
        ("move mori 1 to 3", Move(1, 1, 3)),
        ("attack takeda at 3 with oda", Attack(3, 3, 2)),
        ("  Deploy   Go-Hōjō to 0 ", Deploy(0, 0)),
        ("deploy MŌRI to 4", Deploy(1, 4)),
    ],
)
def test_action_texts(text: str, action: object) -> None:
    assert SPEC.parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("deploy crab to 1", "not a clan"),
        ("deploy ninja to 1", "not a clan"),
        ("deploy oda to 7", "numbered 0-4"),
        ("attack oda", "not a Shinobi action"),
        ("", "not a Shinobi action"),
    ],
)
def test_bad_action_texts_say_why(text: str, message: str) -> None:
    with pytest.raises(ActionParseError, match=message):
        SPEC.parse_action(text)


def test_a_position_text_reads_back_to_an_equal_position() -> None:
    # Given a position with every optional line
    state = position(
        """
        turn: player 2, order 2
        deck: oda mori*2 ninja oda   # top first
        discards: takeda*2 ninja
        p0 oda: hand oda*2 ninja takeda; province oda*2 takeda
        p1 mori: hand mori; province -
        p2 takeda: hand -; province mori*3
        p3 uesugi: hand oda; province
        protected: takeda@0 mori@2
        final: -1
        turns: 7
        first: 1
        """
    )
    # Then it holds exactly that, and its text reads back to the same
    assert state.deck() == (2, 1, 1, 5, 2)
    assert (state.current_player(), state.order, state.turns, state.first_player) == (2, 2, 7, 1)
    assert state.is_protected(0, 3) and state.is_protected(2, 1)
    again = parse_position(format_position(state))
    assert key(again) == key(state)


def test_a_random_game_position_reads_back_at_every_step() -> None:
    import random

    state = SPEC.new_game(5, 3)
    rng = random.Random(3)
    while not state.is_terminal():
        again = parse_position(format_position(state))
        assert format_position(again) == format_position(state)
        assert again.legal_actions() == state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))
    assert format_position(parse_position(format_position(state))) == format_position(state)


def test_a_game_can_start_from_a_position_setting() -> None:
    # Given a position text as the `position` setting
    text = "turn: player 1, order 1\ndeck: oda*3\np0 oda: hand oda; province -\n" + (
        "p1 mori: hand mori; province -\np2 takeda: hand takeda; province -\n"
    )
    state = SPEC.new_game(3, 0, {"position": text})
    # Then the game starts there, and the setup remembers it
    assert state.current_player() == 1 and state.deck_size() == 3
    assert state.setup().settings["position"] == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("deck: -\np0 oda: hand -; province -\np1 mori: hand -; province -", "missing line"),
        ("turn: player 0\np0 oda: hand -; province -\np2 mori: hand -; province -", "p0, p1"),
        ("turn: player 0\np0 oda: hand -; province -\np1 oda: hand -; province -", "different"),
        ("turn: player 0\np0 oda: hand crab; province -\np1 mori: hand -; province -", "line 2"),
        ("turn: player 0\np0 ninja: hand -; province -\np1 mori: hand -; province -", "clan"),
        ("turn: player 0\np0 oda: hand -; province ninja\np1 mori: hand -; province -", "Ninja"),
        ("turn: me\np0 oda: hand -; province -\np1 mori: hand -; province -", "line 1"),
        ("colour: red", "unknown key"),
        ("just words", "key: value"),
    ],
)
def test_bad_positions_name_the_line_and_the_fix(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        parse_position(text)
