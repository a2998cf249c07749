"""The stories in Portuguese put articles where Portuguese does: Shinobi's Ninja is
played "contra o exército Uesugi", never "no o exército" ("no" is already "em o"), and
Battle for Rokugan's scout "olha a ficha do clã Leão", not "olha ficha do clã Leão"."""

from __future__ import annotations

import random
import re

import pytest

from app import i18n
from app.cli import main
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


def test_a_rokugan_clans_unseen_token_has_its_article(tmp_path, capsys) -> None:
    # Given a four-player Rokugan game whose first seat scouts tokens it cannot see
    save = tmp_path / "game.json"
    seats = "greedy,greedy,greedy,greedy"
    assert main(["play", "rokugan", "--players", "4", "--seats", seats, "--seed", "5",
                 "--save", str(save)]) == 0  # fmt: skip
    capsys.readouterr()
    # When its story is told to that seat in Portuguese
    assert main(["log", str(save), "--as", "1", "--lang", "pt"]) == 0
    text = capsys.readouterr().out
    # Then another clan's token is "a ficha do clã ...", after a verb or a colon alike
    assert "olha a ficha do clã" in text
    assert re.search(r"(olha|descarta|sobre|:) ficha do clã", text) is None
