"""Battle for Rokugan's tokens: every face's text stays inside the token's clan ring, in
every language (the German "Verwüsten" and the Portuguese "Devastação" are long)."""

from __future__ import annotations

import pytest

from app import i18n
from app.games.rokugan import narrate
from app.games.rokugan.tokens import FACE_WIDTH, face_path

LABELS = ("army1", "army5", "navy2", "shinobi1", "blessing2", "diplomacy", "raid", "bluff")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de", "pt"])
def test_every_token_face_fits_inside_its_ring(qapp, language: str) -> None:
    # Given the faces of every kind of token, said in one language
    i18n.set_language(language)
    radius = 20.0
    for label in LABELS:
        face = narrate.token_short(label)
        # When it is drawn on a token
        box = face_path(face, radius).boundingRect()
        # Then it is no wider than the inside of the ring, and centred on the token
        assert box.width() <= radius * FACE_WIDTH + 1e-6, (face, box.width())
        assert abs(box.center().x()) < radius * 0.05, face


def test_a_two_letter_face_stays_big(qapp) -> None:
    # Given an army's face and a word's, on the same token
    army = face_path(narrate.token_short("army3"), 20.0).boundingRect()
    bluff = face_path(narrate.token_short("bluff"), 20.0).boundingRect()
    # Then the army's letters are the taller: a short face is not shrunk
    assert army.height() > bluff.height()
