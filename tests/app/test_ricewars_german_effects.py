"""Rice Wars' log says a service's or a card's effect as a whole German (and Portuguese)
sentence: "Du rufst Geisha und ziehst 2 Karten." (it read "Du rufst Geisha: ziehst 2
Karten.", a verb without its subject, because the effect's words carry no subject)."""

from __future__ import annotations

import random

import pytest

from app import i18n
from app.games.ricewars import GAME_UI
from engine.ricewars import actions as A
from engine.ricewars.data import ADVISOR_INDEX, ADVISORS
from tests.app.test_ricewars_view import new_state


@pytest.fixture
def speak():
    yield i18n.set_language
    i18n.set_language("en")


def a_draw_service():
    """(state after, action, player) of the first service that draws cards in random play."""
    draws = {a.id for a in ADVISORS if a.op == "draw"}
    for seed in range(1, 40):
        state = new_state(3, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            mine = [a for a in legal if isinstance(a, A.Service) and a.advisor in draws]
            if mine:
                p = state.current_player()
                state.apply(mine[0])
                return state, mine[0], p
            state.apply(rng.choice(legal))
    raise AssertionError("no service that draws cards in 40 random games")


@pytest.mark.parametrize(
    ("lang", "mine", "theirs"),
    [
        ("de", "Du rufst {a} und ziehst 2 Karten.", "ruft {a} und zieht 2 Karten."),
        ("pt", "Você chama {a} e compra 2 cartas.", "chama {a} e compra 2 cartas."),
    ],
)
def test_a_service_that_draws_is_one_sentence(speak, lang, mine, theirs) -> None:
    # Given a daimyo who has just called on the advisor whose service draws two cards
    after, action, p = a_draw_service()
    name = ADVISORS[ADVISOR_INDEX[action.advisor]].name
    assert ADVISORS[ADVISOR_INDEX[action.advisor]].amount == 2
    speak(lang)
    # Then the player reads it as their own sentence, the table as the daimyo's
    assert GAME_UI.describe_action(after, action, p) == mine.format(a=name)
    assert GAME_UI.public_description(after, action, p).endswith(theirs.format(a=name))
