"""Playing Battle for Rokugan through the app's widgets, as a person would (tests, screenshots).

Every decision is made by clicking: a hand token button, a card or choice button, a lit
spot, province or token on the board. `decide` picks among what the view offers now.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QPointF, Qt

from app.games.rokugan.picks import BUTTON, CARD, DISCARD, END, HAND, PLACE, TOKEN, Pick


def view_of(window):
    """The Rokugan view of the running game."""
    return window.game_screen.view


def click_pick(window, qtbot, pick: Pick) -> None:
    """Make one pick by clicking the widget or board item that offers it."""
    view = view_of(window)
    if pick.kind == HAND:
        qtbot.mouseClick(view.hand_buttons[pick.value], Qt.LeftButton)
        return
    if pick.kind in (CARD, BUTTON, DISCARD, END):
        for button in view.choice_buttons:
            if button.property("pick") == (pick.kind, pick.value) and button.isEnabled():
                qtbot.mouseClick(button, Qt.LeftButton)
                return
        raise AssertionError(f"no button offers {pick}")
    if pick.kind == PLACE:
        point = _place_point(view, pick.value)
    elif pick.kind == TOKEN:
        point = view._token_items[pick.value].scenePos()
    else:
        raise AssertionError(f"cannot click {pick}")
    click_board(view, qtbot, point)


def click_board(view, qtbot, point: QPointF) -> None:
    """A real mouse click on the board at a scene point (scrolled into view first)."""
    board = view.board
    board.centerOn(point)
    pos = board.mapFromScene(point)
    qtbot.mouseClick(board.viewport(), Qt.LeftButton, pos=pos)


def _place_point(view, value: str) -> QPointF:
    return view.place_point(value)


def decide(window, qtbot, rng: random.Random, prefer: tuple[str, ...] = ()) -> None:
    """Make one whole decision by clicks; `prefer` lists pick kinds to try first."""
    view = view_of(window)
    start = len(window.session.state.history)
    for _ in range(8):
        tree = view.tree
        if tree is None or len(window.session.state.history) != start:
            return
        options = tree.options()
        preferred = [p for p in options if p.kind in prefer]
        # cards and buttons that end a turn early are rarer picks for a realistic game
        plain = [p for p in options if p.kind != CARD] or options
        pick = rng.choice(preferred or plain)
        click_pick(window, qtbot, pick)
    assert len(window.session.state.history) != start, "no decision after 8 picks"


def finish_steps(window, qtbot, skip: bool = False) -> int:
    """Press Continue through every resolution step (or Skip all); the presses made."""
    screen = window.game_screen
    count = 0
    while screen.step_box.isVisible():
        button = screen.skip_button if skip else screen.continue_button
        qtbot.mouseClick(button, Qt.LeftButton)
        count += 1
    return count
