"""Shinobi's table says why a click chose nothing in the rules' own words: the engine's
reason (`engine.shinobi.reasons`) for the move the click meant, with the table's names for
the provinces, in the language spoken (one rule, one place)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from app import i18n
from app.games.shinobi.narrate import in_province
from app.games.shinobi.view import ARMY, ShinobiView
from app.session import AI, HUMAN, GameSession, Seat
from engine.shinobi import SPEC
from engine.shinobi.actions import Attack
from engine.shinobi.cards import NUM_CLANS
from engine.shinobi.reasons import why_illegal
from engine.shinobi.state import ShinobiState
from engine.words import Words
from tests.app.test_shinobi_view import ORDER_THREE

SEATS = (Seat(HUMAN, name="Me"), Seat(AI, "easy"), Seat(AI, "easy"))


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def shown(state: ShinobiState, qtbot) -> ShinobiView:
    view = ShinobiView()
    qtbot.addWidget(view)
    view.show_state(GameSession(state, SEATS), 0, True)
    return view


def as_the_table_says(words: Words, viewer: int) -> str:
    """The engine's reason with the province named as the table names it."""
    place = words.value("place")
    if isinstance(place, Words):
        words = words.with_value("place", in_province(place.value("province"), viewer))
    text = str(words)
    return text[:1].upper() + text[1:] + "."


def attack_positions(games: int) -> list[ShinobiState]:
    """Third orders of seat 0, from random 3-player games."""
    found = []
    for seed in range(games):
        state = SPEC.new_game(3, seed, {"first": 0})
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == 0 and state.order == 3:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def test_every_refused_attack_click_says_the_engines_reason(qtbot) -> None:
    # Given my third order in many positions, with an attacking army of mine chosen
    checked = 0
    for state in attack_positions(6):
        view = shown(state, qtbot)
        for attacker in range(NUM_CLANS):
            if (ARMY, 0, attacker) not in view._sources():
                continue
            view._select((ARMY, 0, attacker))
            for q in (1, 2):
                for clan in range(NUM_CLANS):
                    reason = why_illegal(state, Attack(clan, q, attacker))
                    if reason is None or not state.army(q, clan):
                        continue
                    # When I click an army it may not attack
                    with qtbot.waitSignal(view.status) as said:
                        qtbot.mouseClick(view.provinces[q].stacks[clan], Qt.LeftButton)
                    # Then the table says the engine's reason, the province named by seat
                    assert said.args[0] == as_the_table_says(reason, 0)
                    assert "province 1" not in said.args[0] and "province 2" not in said.args[0]
                    checked += 1
            view._select(None)
    assert checked > 20


def test_a_refusal_is_said_in_german_with_the_rulebooks_words(qtbot, german) -> None:
    # Given my third order: my Oda army (3) chosen, a Mōri army of 3 and a fed Uesugi army
    state = SPEC.new_game(3, 1, {"position": ORDER_THREE})
    view = shown(state, qtbot)
    assert view.selected == (ARMY, 0, 2)
    # When I click the Mōri army (not smaller) and the Uesugi army (received a card)
    with qtbot.waitSignal(view.status) as mori:
        qtbot.mouseClick(view.provinces[1].stacks[1], Qt.LeftButton)
    with qtbot.waitSignal(view.status) as uesugi:
        qtbot.mouseClick(view.provinces[2].stacks[4], Qt.LeftButton)
    # Then both refusals are German, name the province by its player, and state the rule
    assert mori.args[0] == (
        "Die Mōri-Armee in der Provinz von Spieler 2 hat 3 Karten; deine Oda-Armee mit 3 "
        "darf nur eine echt kleinere Armee angreifen."
    )
    assert "Provinz von Spieler 3" in uesugi.args[0] and "Ninja" in uesugi.args[0]
