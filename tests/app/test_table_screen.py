"""The table's side panel at 1280 × 720: the log's newest line shows whole, however the
lines wrap."""

from __future__ import annotations

from app.game_screen import GameScreen
from app.games.base import GameView

LINE = "Battle — Kinugahara: you attack with 1; Phoenix attacks with 2; nobody holds it"


def test_the_newest_log_line_is_never_cut(qtbot) -> None:
    # Given the play screen at 1280 × 720
    screen = GameScreen(GameView())
    qtbot.addWidget(screen)
    screen.resize(1280, 720)
    screen.show()
    qtbot.wait(20)
    log = screen.log
    # When lines that wrap arrive one by one, each scrolled to as the controller does
    for n in range(40):
        log.addItem(f"{n}. {LINE}" + " and more" * (n % 4))
        screen.show_newest_log_line()
        qtbot.wait(5)
        # Then the newest line shows whole: its top and its bottom inside the log
        qtbot.waitUntil(lambda: log.visualItemRect(log.item(log.count() - 1)).bottom() > 0)
        rect = log.visualItemRect(log.item(log.count() - 1))
        viewport = log.viewport().rect()
        assert rect.top() >= viewport.top() and rect.bottom() <= viewport.bottom(), (n, rect)
