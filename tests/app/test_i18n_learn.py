"""The guided first games of Shinobi and Rice Wars (Help → Learn) speak the person's
language: every step's title and words are marked for the catalog and said where shown."""

from __future__ import annotations

import pytest

from app import i18n
from engine.shinobi.cards import CLAN_NAMES
from tests.app.po_files import PseudoTranslations
from tests.app.test_i18n_pseudo import bare
from tests.app.test_learn_guides import guide_of, new_guided_game


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("game", ["shinobi", "ricewars"])
def test_every_step_of_the_guide_is_said_in_the_pseudo_language(game: str) -> None:
    # Given the guide and its game as dealt
    guide = guide_of(game)
    state = new_guided_game(guide)
    # When each step is read in the test locale that marks every message
    i18n.install(PseudoTranslations(), "xx")
    for step in guide.steps:
        title, words = i18n._(step.title), step.says(state, guide.seat)
        # Then its title and its words are marked (a clan's name is a name)
        for text in (title, words):
            for clan in CLAN_NAMES:
                text = text.replace(clan, " ")
            assert text.startswith("⟦") and not bare(text), (step.key, text)


def test_the_guides_speak_german() -> None:
    shinobi, ricewars = guide_of("shinobi"), guide_of("ricewars")
    state = new_guided_game(shinobi)
    clan = CLAN_NAMES[state.allegiance(shinobi.seat)]
    i18n.set_language("de")
    # Then Shinobi's first step names the person's clan in German, in the rulebook's words
    first = shinobi.steps[0]
    assert i18n._(first.title) == "Dein geheimer Klan"
    assert first.says(state, shinobi.seat).startswith(
        f"Dein geheimer Klan ist {clan}: Du gewinnst, wenn {clan} am Ende"
    )
    # And Rice Wars' palace step speaks of Palast, Bauern and Felder
    palace = ricewars.step("palace")
    assert i18n._(palace.title) == "Dein Palast"
    assert palace.says(None, 0).startswith("Stelle deinen Palast auf einen Palastplatz")
