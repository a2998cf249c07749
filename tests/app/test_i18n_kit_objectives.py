"""The secret objective cards of Battle for Rokugan's print-and-play kit say their
condition in the person's language, in the words of the kit's map (its capitals, lands)."""

from __future__ import annotations

import pytest

from app import i18n
from app.printing.kit import build_kit
from tests.app.po_files import PseudoTranslations
from tests.app.test_i18n_pseudo import bare


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def objective_cards() -> list:
    kit = build_kit("rokugan")
    deck = next(d for d in kit.decks if d.cards and d.cards[0].front.kind == "card"
                and d.cards[0].front.subtitle == i18n._("Secret objective"))  # fmt: skip
    return [card.front for card in deck.cards]


def test_objective_cards_are_said_in_the_pseudo_language() -> None:
    # Given the kit of the shipped map, built in the test locale that marks every message
    i18n.install(PseudoTranslations(), "xx")
    cards = objective_cards()
    # Then each card's condition is marked (the map's place names are names)
    assert len(cards) >= 10
    for face in cards:
        condition = face.body[0]
        outside = condition.replace("⟧", "⟧\x00").split("\x00")[-1]
        assert condition.startswith("⟦") and not bare(outside), condition


def test_objective_cards_speak_german() -> None:
    # Given the kit built while the program speaks German
    i18n.set_language("de")
    conditions = [face.body[0] for face in objective_cards()]
    # Then each names what to control in German, the map's capitals by their names, the
    # Shadowlands in the rulebook's word
    assert (
        "Kontrolliere die Hauptstadt des Klans Krabbe (Iwagaki) oder 2 beliebige "
        in (conditions[0])
    )
    assert "Kontrolliere beide Provinzen der Schattenlande." in conditions
    assert all(c.startswith("Kontrolliere ") for c in conditions)
