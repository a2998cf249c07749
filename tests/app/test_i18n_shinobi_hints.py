"""Shinobi's hints and reviews speak the person's language: the explainer gives its reasons
as data (`ai.explain.Said`: clans, provinces, numbers), `app.hint_words.say` words them,
and the moves are named by the log's words (`ShinobiUI.move_words`)."""

from __future__ import annotations

import random

import pytest

from ai.games.shinobi_hint import EXPLAINER
from app import i18n
from app.games.shinobi import GAME_UI
from app.hint_words import say
from engine.shinobi import SPEC
from engine.shinobi.cards import CLAN_NAMES
from tests.ai.test_shinobi_hint import SECOND_ORDER
from tests.app.po_files import PseudoTranslations
from tests.app.test_i18n_pseudo import bare
from tests.engine.shinobi.helpers import position

FIRST_ORDER = SECOND_ORDER.replace("order 2", "order 1")
ATTACK = SECOND_ORDER.replace("order 2", "order 3").replace("province oda\n", "province oda*3\n")
MOVES = [
    (SECOND_ORDER, "move hojo 1 to 0"),
    (SECOND_ORDER, "deploy oda to 0"),
    (SECOND_ORDER.replace("province oda\n", "province hojo\n"), "move hojo 1 to 0"),
    (FIRST_ORDER, "deploy mori to 2"),
    (ATTACK, "attack takeda at 2 with oda"),
]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def reason(text: str, move: str):  # noqa: ANN201 - a Said
    state = position(text)
    seen = state.observation(0)
    worlds = [seen.determinize(random.Random(k)) for k in range(4)]
    return EXPLAINER.reason_said(seen, SPEC.parse_action(move), worlds, None)


def test_shinobi_hint_reasons_are_said_in_the_pseudo_language() -> None:
    # Given the reasons of a move, a deployment, a move home, a far deployment, an attack
    reasons = [reason(text, move) for text, move in MOVES]
    # When they are said in the test locale that marks every message
    i18n.install(PseudoTranslations(), "xx")
    # Then no word is left unmarked (clans and seats are names)
    for said in reasons:
        text = say(said)
        for name in sorted(CLAN_NAMES, key=len, reverse=True):
            text = text.replace(name, " ")
        assert text.startswith("⟦") and not bare(text), text


def test_a_shinobi_hint_speaks_german() -> None:
    # Given the hint's reason for an attack, said in German
    said = reason(ATTACK, "attack takeda at 2 with oda")
    i18n.set_language("de")
    text = say(said)
    # Then the record's strengths and the rulebook's terms are there, in German
    assert text.startswith(
        "deine Oda-Armee (3) entfernt eine Karte aus der Takeda-Armee (2) in der Provinz von "
        "Player 3, 1 übrig; die Takeda sind der Klan eines Rivalen in "
    )
    assert "danach hat dein Klan 3 Karten auf dem Tisch" in text
    # And the move is named as the log tells it, in German, without the draw that ends the
    # turn (those cards come from the hidden deck)
    state = position(ATTACK)
    named = GAME_UI.move_words(state, SPEC.parse_action("attack takeda at 2 with oda"), 0)
    assert named == (
        "deine Oda-Armee (3, dein Klan) greift die Takeda-Armee (2) in der Provinz von "
        "Spieler 3 an: eine Karte abgeworfen (1 übrig)"
    )
