"""Shinobi's story in Portuguese joins a preposition and an article as Portuguese does:
"contra o exército Uesugi", never "no o exército" (a Ninja's line said that, "no" being
already "em o")."""

from __future__ import annotations

import random
import re

import pytest

from app import i18n
from app.games.shinobi import narrate
from engine.shinobi import SPEC

UNJOINED = re.compile(r"\b(no|na|nos|nas|do|da|dos|das|em|de|ao|aos)\s+(o|a|os|as)\s", re.I)
"""A preposition, or one already joined to an article, before another article."""


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_order_of_a_game_reads_as_portuguese(seed: int) -> None:
    # Given the orders of a random three-player game, each told to every seat in Portuguese
    i18n.set_language("pt")
    state = SPEC.new_game(3, seed, {}, None)
    rng = random.Random(seed)
    lines, ninjas = [], 0
    while not state.is_terminal():
        for record in state.apply_told(rng.choice(state.legal_actions())):
            ninjas += type(record).__name__ == "NinjaPlayed"
            for viewer in (-1, 0, 1, 2):
                lines.append(narrate.order_text(record, viewer, "Oda"))
    # Then no line puts an article after a preposition that already holds one
    assert ninjas and [line for line in lines if UNJOINED.search(line)] == []
