"""The play screen's side panel: a resolution step's text shows whole when the panel has
the room (it scrolls only when the log would otherwise lose its lines), the players'
colours grow with the window as their names do, and the keys go back to the board when
the steps end."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.game_screen import ICON, SIDE_MIN, GameScreen
from app.games.base import GameView

COMBAT = "<br>".join(["<b>Combat at Nakano</b>: Black attacks Yellow's peasant"] * 2)
REVEAL = "<br>".join(
    (
        "<b>Black</b>: no card",
        "<b>Yellow</b>: Taue (Rice planting, +1)",
        "<b>Strength of Black</b>: 5 ashigaru (10) = 10",
        "<b>Strength of Yellow</b>: peasant 1 + Taue 1 = 2",
    )
)


def test_a_step_text_that_wraps_shows_whole_without_scrolling(qtbot) -> None:
    # Given the play screen at 1280 × 680, its side panel at its narrowest, no step shown
    screen = GameScreen(GameView())
    qtbot.addWidget(screen)
    screen.resize(1280, 680)
    screen.side.setFixedWidth(SIDE_MIN)
    screen.show()
    qtbot.wait(20)
    # When a combat's steps show one after the other, the last of four lines that wrap
    for text in (COMBAT, REVEAL):
        screen.step_box.show()
        screen.step_title.setText("Cards revealed")
        screen.step_text.setText(text)
        screen.fit_step_text()  # as the controller does when a step shows
        qtbot.wait(20)
    # Then all of the last shows: no scroll bar, the text no taller than its room
    scroll = screen.step_scroll
    assert scroll.verticalScrollBar().maximum() == 0
    assert screen.step_text.height() <= scroll.viewport().height()


def test_the_players_colours_grow_with_the_window(qtbot) -> None:
    # Given the play screen at 1280 × 720
    screen = GameScreen(GameView())
    qtbot.addWidget(screen)
    screen.resize(1280, 720)
    screen.show()
    qtbot.wait(20)
    assert screen.players.iconSize().height() == ICON
    # When the window grows to 2560 × 1440
    screen.resize(2560, 1440)
    qtbot.waitUntil(lambda: screen.ui_scale == 2.0, timeout=2000)
    # Then each player's colour disc is twice as big, as the text beside it is
    assert screen.players.iconSize().height() == 2 * ICON


def test_the_keys_go_back_to_the_board_when_the_steps_end(qtbot) -> None:
    # Given the play screen, active, a resolution's steps shown and Continue focused (as
    # after a click on it, or Tab to it)
    screen = GameScreen(GameView())
    qtbot.addWidget(screen)
    screen.resize(1280, 720)
    screen.show()
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow, timeout=2000)
    screen.step_box.show()
    screen.continue_button.setFocus(Qt.TabFocusReason)
    qtbot.waitUntil(screen.continue_button.hasFocus, timeout=2000)
    # When the last step is done and the steps hide
    screen.step_box.hide()
    # Then the board has the keys (1–9 choose tokens again), not the next side widget
    assert QApplication.focusWidget() is screen.view
