"""The cards' and advisors' words are marked for translation exactly as the JSON has them."""

from engine.ricewars.data import ADVISORS, CARDS
from engine.ricewars.texts import TEXTS


def test_every_card_and_advisor_text_is_marked_for_the_catalog() -> None:
    # Given the titles and texts the data files give the cards and advisors
    shown = {c.title for c in CARDS} | {c.text for c in CARDS} | {a.text for a in ADVISORS}
    # Then each is marked for translation, and nothing else is
    assert set(TEXTS) == shown
    assert len(TEXTS) == len(set(TEXTS))
