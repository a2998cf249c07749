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


def test_a_log_read_to_its_end_stays_there_when_it_shrinks(qtbot) -> None:
    # Given the play screen at 1280 × 720, its log scrolled to its newest line
    screen = GameScreen(GameView())
    qtbot.addWidget(screen)
    screen.resize(1280, 720)
    screen.show()
    for n in range(40):
        screen.log.addItem(f"{n}. {LINE}")
    screen.show_newest_log_line()
    qtbot.wait(10)
    log = screen.log
    # When a resolution step's text shows above it, and the log gets shorter
    height = log.viewport().height()
    screen.step_box.show()
    screen.step_text.setText("<br>".join([LINE] * 6))
    screen.fit_step_text()
    qtbot.waitUntil(lambda: log.viewport().height() < height - 40)
    qtbot.wait(10)
    # Then its newest line still shows whole at the bottom
    rect = log.visualItemRect(log.item(log.count() - 1))
    assert rect.top() >= 0 and rect.bottom() <= log.viewport().rect().bottom(), rect
