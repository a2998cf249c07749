"""The shared action text: the verb split and the errors that name the text and the fix."""

from types import ModuleType

import pytest

from engine.core import ActionParseError
from engine.ricewars import actions as ricewars
from engine.rokugan import actions as rokugan
from engine.shinobi import actions as shinobi
from engine.text import ActionGrammar

GAMES = [rokugan, ricewars, shinobi]


def test_the_text_splits_into_verb_and_arguments_on_any_white_space() -> None:
    grammar = ActionGrammar("Pebbles", ("take 2",))
    assert grammar.split("  take\t2  3 ") == ("take", ["2", "3"])


@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.__name__)
def test_every_example_in_an_error_is_an_action_of_that_game(game: ModuleType) -> None:
    # Given the examples a game's errors suggest; when parsed, then they read back as written
    for example in game.GRAMMAR.examples:
        assert str(game.parse_action(example)) == example


@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.__name__)
@pytest.mark.parametrize("text", ["", "   ", "fly away"])
def test_unknown_text_is_named_with_the_examples(game: ModuleType, text: str) -> None:
    # Given text that is no action; when parsed, then the error names it and the fix
    with pytest.raises(ActionParseError) as caught:
        game.parse_action(text)
    message = str(caught.value)
    assert message.startswith(f"{text!r} is not a {game.GRAMMAR.game} action (expected e.g. '")
    assert all(f"'{e}'" in message for e in game.GRAMMAR.examples)


def test_one_example_needs_no_or() -> None:
    error = ActionGrammar("Pebbles", ("take 2",)).unknown("drop")
    assert str(error) == "'drop' is not a Pebbles action (expected e.g. 'take 2')"
