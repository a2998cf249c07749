"""The keys that play without the mouse are one hover away: the legend of Battle for
Rokugan's board and of Shinobi's table names them, in every language the program speaks."""

from __future__ import annotations

import re

import pytest

from app import i18n

# what a person must read in each language: the keys, and the blue ring they move
WORDS = {
    "en": ("Arrow keys", "Shift+F", "Enter", "Space", "Esc", "blue ring", "Tab"),
    "de": ("Pfeiltasten", "Umschalt+F", "Eingabe", "Leertaste", "Esc", "blauen Ring", "Tab"),
    "pt": ("setas", "Shift+F", "Enter", "Espaço", "Esc", "anel azul", "Tab"),
}


@pytest.fixture(autouse=True)
def english_after() -> None:
    yield
    i18n.set_language("en")


def plain(rich: str) -> str:
    """A tooltip's rich text as the words a person reads."""
    return re.sub(r"<[^>]+>", " ", rich)


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_legends_name_the_keys_in_the_language_spoken(qtbot, lang: str) -> None:
    from app.games.rokugan.view import RokuganView
    from app.games.shinobi.view import ShinobiView

    # Given the program speaking `lang`
    i18n.set_language(lang)
    # When a Battle for Rokugan board and a Shinobi table are made
    rokugan, shinobi = RokuganView(), ShinobiView()
    qtbot.addWidget(rokugan)
    qtbot.addWidget(shinobi)
    # Then both legends' tooltips name every key and the ring, in that language
    for view in (rokugan, shinobi):
        tip = plain(view.legend.toolTip())
        missing = [word for word in WORDS[lang] if word not in tip]
        assert not missing, f"{type(view).__name__} legend in {lang} lacks {missing}: {tip}"
    # And only Battle for Rokugan, whose hand has numbered tokens, names 1–9
    assert "1–9" in plain(rokugan.legend.toolTip())
    assert "1–9" not in plain(shinobi.legend.toolTip())
