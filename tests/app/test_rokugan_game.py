"""A whole Battle for Rokugan game in the app: dialog, clicks on the board, cards,
resolution, save, load, and the end screen (bots at a tiny node budget)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from app.games.rokugan.picks import CARD, HAND, PLACE, TOKEN, Pick
from app.new_game_dialog import NewGameDialog
from app.session import AI, HUMAN
from engine.rokugan.state import PH_PLACE
from tests.app.rokugan_driver import click_pick, decide, finish_steps, view_of

pytest.importorskip("maps.api")


def start_from_dialog(window, qtbot) -> None:
    """Fill the new-game dialog: Rokugan, 4 players, me as Crab, three AI, seed 7."""

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewGameDialog)
        dialog.game.setCurrentIndex(dialog.game.findData("rokugan"))
        dialog.players.setValue(4)
        seats = dialog.seats
        seats[0].kind.setCurrentIndex(seats[0].kind.findData(HUMAN))
        seats[0].choice.setCurrentIndex(seats[0].choice.findData("crab"))
        for row in seats[1:4]:
            row.kind.setCurrentIndex(row.kind.findData(AI))
            row.level.setCurrentIndex(row.level.findData("easy"))
        dialog.seed.setText("7")
        qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.LeftButton)

    QTimer.singleShot(0, fill)
    qtbot.mouseClick(window.start_screen.new_button, Qt.LeftButton)


def wait_for_me(window, qtbot, skip: bool = False) -> None:
    """Wait until it is the human's decision (through resolutions: Continue or Skip all)."""

    def ready() -> bool:
        presses = finish_steps(window, qtbot, skip)
        assert not skip or presses <= 1  # one press of Skip all ends a resolution
        return window.controller.human_to_act or window.session.state.is_terminal()

    qtbot.waitUntil(ready, timeout=30000)


def test_one_human_and_three_bots_play_a_whole_game(
    window, qtbot, tmp_path: Path, every_step_waits
) -> None:
    rng = random.Random(3)
    # Given a game started from the dialog
    start_from_dialog(window, qtbot)
    session = window.session
    assert session is not None and session.game_id == "rokugan"
    assert [s.kind for s in session.seats] == [HUMAN, AI, AI, AI]
    state = session.state
    assert window.game_screen.view.scene is not None
    assert state.clans[0] == 0  # crab

    # When I keep an objective and place my starting control tokens by clicking provinces
    while state.phase != PH_PLACE:
        wait_for_me(window, qtbot)
        before = len(state.history)
        decide(window, qtbot, rng)
        assert len(state.history) > before
    mine_before = state.provinces_of(0)
    assert mine_before >= 2

    # And in round 1 place a token by choosing it in the hand and clicking a lit place
    wait_for_me(window, qtbot)
    view = view_of(window)
    army = next(v for v in view.tree.options_of(HAND) if v.startswith("army"))
    click_pick(window, qtbot, Pick(HAND, army))
    targets = view.tree.options_of(PLACE)
    spots = {**view.scene.target_spots, **view.scene.centre_spots}
    assert targets and all(spots[v].isVisible() for v in targets)
    placed_before = len(state.tokens)
    click_pick(window, qtbot, Pick(PLACE, targets[0]))
    assert len(state.tokens) == placed_before + 1
    assert str(state.history[-1]) == f"place {army} {targets[0]}" or state.history[-1]

    # And play a scout card on an opponent's face-down token
    wait_for_me(window, qtbot)
    scouted = False
    if state.phase == PH_PLACE and Pick(CARD, "scout") in view.tree.options():
        click_pick(window, qtbot, Pick(CARD, "scout"))
        target = view.tree.options_of(TOKEN)[0]
        assert view._token_items[target].lit
        click_pick(window, qtbot, Pick(TOKEN, target))
        assert str(state.history[-1]) == f"card scout {target}"
        scouted = True
        wait_for_me(window, qtbot)
        # the scouted token now shows its face to me only
        serial = int(target[1:])
        assert state.observation(0).board_tokens[serial][5] >= 0
        assert view._token_items[target].face is not None
        assert not window.undo_action.isEnabled()  # the look revealed something
    assert scouted

    # And finish round 1: resolution is shown step by step
    steps = 0
    titles: list[str] = []
    while steps == 0:
        qtbot.waitUntil(
            lambda: window.controller.human_to_act or window.game_screen.step_box.isVisible(),
            timeout=30000,
        )
        screen = window.game_screen
        if screen.step_box.isVisible():
            while screen.step_box.isVisible():
                titles.append(screen.step_title.text())
                qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
                steps += 1
            break
        assert state.round == 1
        decide(window, qtbot, rng, prefer=(HAND, PLACE))
    assert titles[0].endswith("1. Reveal") and titles[4] == "5. Battles"
    assert steps == 7 and state.round == 2
    log = [window.game_screen.log.item(i).text() for i in range(window.game_screen.log.count())]
    assert any(line.startswith("Battle — ") for line in log)
    assert not any("#" in line for line in log)  # tokens by name, never by serial

    # When the game is saved and loaded again
    path = tmp_path / "round2.json"
    window.session.save(path)
    history = [str(a) for a in window.session.state.history]
    window.close_game()
    assert window.load_game(str(path))
    assert [str(a) for a in window.session.state.history] == history

    # Then it continues to the end screen
    state = window.session.state
    for _ in range(400):
        wait_for_me(window, qtbot, skip=True)
        if state.is_terminal():
            break
        # from now on cards come first: territory cards, scouts and shugenja by clicks
        decide(window, qtbot, rng, prefer=(CARD, HAND, PLACE))

    def at_end() -> bool:
        finish_steps(window, qtbot)
        return window.stack.currentWidget() is window.end_screen

    qtbot.waitUntil(at_end, timeout=30000)
    table = window.end_screen.table
    assert table.rowCount() == 4
    totals = [float(table.item(r, table.columnCount() - 1).text()) for r in range(4)]
    assert totals == state.returns()
    assert all(len(h) == 5 for _, _, h in window.end_screen.chart.series)
