"""What the README's screenshots showed wrong, measured: a players panel that scrolled in
German, and English level words in the German Recent games list."""

from __future__ import annotations

import pytest

from app import i18n


@pytest.fixture(autouse=True)
def english_after() -> None:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["de", "pt"])
def test_a_four_player_shinobi_panel_shows_every_player_whole_at_1280x720(
    window, qtbot, language
) -> None:
    from PySide6.QtCore import QSize

    from app.session import AI, HUMAN, NewGameConfig, Seat

    # Given a four-player Shinobi game in a 1280 × 720 window, in a language of long words
    i18n.set_language(language)
    window.resize(QSize(1280, 720))
    seats = (Seat(HUMAN, name=i18n._("You")), *(Seat(AI, "random") for _ in range(3)))
    assert window.start_game(NewGameConfig("shinobi", seats, seed=5))
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
    qtbot.wait(30)
    # Then the players panel never scrolls: every player is in view, each row whole
    players = window.game_screen.players
    assert players.count() == 4
    assert players.verticalScrollBar().maximum() == 0
    viewport = players.viewport().rect()
    for row in range(players.count()):
        rect = players.visualItemRect(players.item(row))
        assert rect.top() >= viewport.top() and rect.bottom() <= viewport.bottom(), row


def test_the_recent_games_list_names_the_ai_levels_in_the_language_spoken(qapp) -> None:
    from app.savefile import said_players
    from app.session import AI, HUMAN, Seat
    from engine.words import Words

    # Given a game with a hard and an easy AI at the table, listed while the program speaks German
    i18n.set_language("de")
    seats = (Seat(HUMAN, name="Aiko"), Seat(AI, "hard@300"), Seat(AI, "easy"))
    # When the Recent games list says the players
    players = list(said_players(seats, [Words.of("P1"), Words.of("P2"), Words.of("P3")]))
    # Then the levels are German words, without the node budget
    hard, easy = i18n._("Hard").lower(), i18n._("Easy").lower()
    assert (hard, easy) != ("hard", "easy")
    assert players == ["Aiko (P1)", f"P2 ({hard})", f"P3 ({easy})"]


def test_recent_games_of_four_clans_show_whole_at_1280x720_in_portuguese(window, qtbot) -> None:
    from datetime import datetime
    from pathlib import Path

    from PySide6.QtCore import QSize

    from app.savefile import SaveSummary

    # Given the start screen of a 1280 × 720 window in Portuguese, listing a game of four
    # clans (the longest words the screenshots list)
    i18n.set_language("pt")
    window.resize(QSize(1280, 720))
    players = ("Você (Escorpião)", "Garça (difícil)", "Unicórnio (normal)", "Leão (fácil)")
    game = SaveSummary(
        Path("x.json"), "Battle for Rokugan", "Rokugan", 2, False, players, datetime.now()
    )
    screen = window.start_screen
    screen.set_recent_games([game, game])
    qtbot.wait(20)
    # Then each of its lines has the room it needs: nothing is cut with "…"
    recent = screen.recent
    metrics = recent.fontMetrics()
    for row in range(recent.count()):
        item = recent.item(row)
        room = recent.visualItemRect(item).width() - 8
        for line in item.text().splitlines():
            assert metrics.horizontalAdvance(line) <= room, (line, room)


def test_a_screenshot_run_in_german_names_its_pictures_apart_from_the_english(qapp) -> None:
    from app import shots

    # Given the program speaking English, then German
    # Then the English pictures keep their names, the German ones carry the language
    assert shots.tag((1280, 720)) == "1280x720"
    i18n.set_language("de")
    assert shots.tag((1280, 720)) == "de-1280x720"
    assert shots.tag((2560, 1440)) == "de-2560x1440"
