"""A whole Rice Wars game in the app: the dialog, clicks on fields, cards and buttons, a
sealed bid, fights retold step by step, undo, save and load midway, and the end screen
(one human, two bots at a tiny node budget)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtWidgets import QApplication

from app.games.ricewars.picks import BID, BUTTON, CARD, FIELD, Pick
from app.new_game_dialog import NewGameDialog
from app.session import AI, HUMAN
from engine.ricewars import actions as A
from engine.ricewars.state import ACTION, HIRE, MODIFY, PALACE
from engine.ricewars.state import BID as PH_BID
from tests.monkey import paint_once

pytest.importorskip("maps.api")


# -- driving the widgets --------------------------------------------------------------------
def click_board(view, qtbot, point: QPointF) -> None:
    """A real mouse click on the board at a scene point (scrolled into view first)."""
    board = view.board
    board.centerOn(point)
    qtbot.mouseClick(board.viewport(), Qt.LeftButton, pos=board.mapFromScene(point))


def click_pick(window, qtbot, pick: Pick) -> None:
    """Make one pick by clicking what offers it: a field, a card, a button, the bid box."""
    view = window.game_screen.view
    if pick.kind == FIELD:
        click_board(view, qtbot, view.scene.labels[pick.value] + QPointF(0, view.scene.unit))
    elif pick.kind == CARD:
        qtbot.mouseClick(view.card_buttons[pick.value], Qt.LeftButton)
    else:  # a button, the troops in their boxes, the sealed bid in its box
        qtbot.mouseClick(view.choice_box.press(pick), Qt.LeftButton)


def choose(window, rng: random.Random) -> Pick:
    """A plausible pick for the human: pay and hire troops, bid a little, place peasants,
    attack when troops are ready, play one bonus card, otherwise pass or take any."""
    state = window.session.state
    view = window.game_screen.view
    options = view.tree.options()
    me = state.current_player()

    def first(kind: str, prefix: str = "") -> Pick | None:
        return next((p for p in options if p.kind == kind and p.value.startswith(prefix)), None)

    if view.tree.chosen:  # a troop button after clicking an enemy peasant, a card's target
        return options[-1]
    if state.phase == HIRE:
        pay = first(BUTTON, "pay ")
        troops = state.ash[me] + state.ash_due[me]
        hire = first(BUTTON, "hire ashigaru") if troops < 2 else None
        hire = hire or (first(BUTTON, "hire peasant") if state.reserve[me] < 2 else None)
        return pay or hire or Pick(BUTTON, "done")
    if state.phase == PH_BID:
        bids = sorted(int(p.value) for p in options)
        return Pick(BID, str(min(2, bids[-1])))
    if state.phase == ACTION:
        targets = [p for p in options if p.kind == FIELD and state.owner[state.field(p.value)] >= 0]
        free = [p for p in options if p.kind == FIELD and p not in targets]
        if targets and rng.random() < 0.5:
            return rng.choice(targets)
        if free:
            return rng.choice(free)
        return Pick(BUTTON, "pass")
    if state.phase == MODIFY:
        card = first(CARD)
        fight = state.fight
        mine = fight["cards"][0 if fight["att"] == me else 1]
        return card if card and not mine else Pick(BUTTON, "stop")
    return rng.choice(options)


def decide(window, qtbot, rng: random.Random) -> None:
    """Make one whole decision by clicks."""
    state = window.session.state
    start = len(state.history)
    for _ in range(4):
        view = window.game_screen.view
        if view.tree is None or len(state.history) != start:
            return
        click_pick(window, qtbot, choose(window, rng))
    assert len(state.history) != start, "no decision after 4 picks"


def wait_for_me(window, qtbot, on_step=None) -> None:
    """Wait for the human's decision; resolution steps go to `on_step` (default: Skip all)."""
    screen = window.game_screen

    def ready() -> bool:
        while screen.step_box.isVisible():
            if on_step is None or not on_step(screen.step_title.text()):
                qtbot.mouseClick(screen.skip_button, Qt.LeftButton)
        return window.controller.human_to_act or window.session.state.is_terminal()

    qtbot.waitUntil(ready, timeout=30000)


def start_from_dialog(window, qtbot) -> dict:
    """Fill the new-game dialog: Rice Wars on the quick board, me and two AI, seed 4."""
    seen: dict = {}

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewGameDialog)
        dialog.game.setCurrentIndex(dialog.game.findData("ricewars"))
        dialog.map.setCurrentIndex(dialog.map.findData("ricewars-epic"))
        seen["epic"] = (dialog.players.minimum(), dialog.players.maximum())
        dialog.map.setCurrentIndex(dialog.map.findData("ricewars-quick"))
        seen["quick"] = (dialog.players.minimum(), dialog.players.maximum())
        dialog.players.setValue(2)
        seen["note2"] = dialog.note.text() if not dialog.note.isHidden() else ""
        dialog.players.setValue(3)
        seen["note3"] = dialog.note.text() if not dialog.note.isHidden() else ""
        seats = dialog.seats
        seats[0].kind.setCurrentIndex(seats[0].kind.findData(HUMAN))
        for row in seats[1:3]:
            row.kind.setCurrentIndex(row.kind.findData(AI))
            row.level.setCurrentIndex(row.level.findData("easy"))
        dialog.seed.setText("4")
        qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.LeftButton)

    QTimer.singleShot(0, fill)
    qtbot.mouseClick(window.start_screen.new_button, Qt.LeftButton)
    return seen


def test_one_human_and_two_bots_play_rice_wars_to_the_end(window, qtbot, tmp_path: Path) -> None:
    rng = random.Random(5)
    window.resize(1100, 760)  # the game is long: painted only at moments, and small
    # Given a game started from the dialog, which knows each board's player counts
    seen = start_from_dialog(window, qtbot)
    assert seen["quick"] == (2, 4) and seen["epic"] == (3, 5)
    assert "neutral" in seen["note2"] and seen["note3"] == ""
    session = window.session
    assert session is not None and session.game_id == "ricewars"
    assert [s.kind for s in session.seats] == [HUMAN, AI, AI]
    state = session.state
    assert state.board.side == "quick"
    view = window.game_screen.view
    assert view.scene is not None and set(view.daimyo_boards) == {0, 1, 2}

    # When I build my palace by clicking a lit palace site
    wait_for_me(window, qtbot)
    while state.phase == PALACE and state.palace[0] < 0:
        sites = view.tree.options_of(FIELD)
        assert sites and all(view.scene.highlights[f].isVisible() for f in sites)
        click_pick(window, qtbot, Pick(FIELD, sites[0]))
        wait_for_me(window, qtbot)
    assert state.palace[0] >= 0 and 0 in view.palace_items

    # And play on until my first hiring: hire a peasant, take it back with Undo
    while state.phase != HIRE or state.current_player() != 0:
        decide(window, qtbot, rng)
        wait_for_me(window, qtbot)
    money = state.money[0]
    click_pick(window, qtbot, Pick(BUTTON, "hire peasant"))
    wait_for_me(window, qtbot)
    assert state.money[0] == money - 1
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    wait_for_me(window, qtbot)
    assert state.money[0] == money and state.phase == HIRE

    # And play to round 3 (an auction in round 2: my bid is sealed), reading every fight
    # step by step; then save, close and load the game
    titles: list[str] = []

    def read_step(title: str) -> bool:
        titles.append(title)
        if title == "Cards revealed":  # the fight panel shows the cards face up, strengths
            paint_once(window)
            panel = window.game_screen.view.panel.text()
            assert "strength" in panel and "face down" not in panel
        qtbot.mouseClick(window.game_screen.continue_button, Qt.LeftButton)
        return True

    while state.round < 3:
        wait_for_me(window, qtbot, read_step)
        decide(window, qtbot, rng)
    my_bids = [a for a, who in zip(state.history, session._actors, strict=False)
               if isinstance(a, A.Bid) and who == 0]  # fmt: skip
    assert my_bids, "the auction round asked me for a sealed bid"
    bid_lines = [e for e in window.controller._log if e.player == 0 and "bid" in e.private]
    assert bid_lines and all("Ryo" not in e.public for e in bid_lines)
    assert any(t.startswith("Auction of") for t in titles)
    assert any(t.startswith("Round 2: income") for t in titles)

    paint_once(window)
    path = tmp_path / "round3.json"
    session.save(path)
    history = [str(a) for a in session.state.history]
    window.close_game()
    assert window.load_game(str(path))
    assert [str(a) for a in window.session.state.history] == history
    state = window.session.state

    # Then it continues to the end screen (read until a fight was told, then Skip all)
    for _ in range(400):
        wait_for_me(window, qtbot, None if "Result" in titles else read_step)
        if state.is_terminal():
            break
        decide(window, qtbot, rng)
    assert state.is_terminal()
    fights = [t for t in titles if t.startswith(("Combat at", "Duel"))]
    assert fights and "Cards revealed" in titles and "Result" in titles

    def at_end() -> bool:
        screen = window.game_screen
        while screen.step_box.isVisible():
            qtbot.mouseClick(screen.skip_button, Qt.LeftButton)
        return window.stack.currentWidget() is window.end_screen

    qtbot.waitUntil(at_end, timeout=30000)
    table = window.end_screen.table
    assert table.rowCount() == 3
    # the fields decide (the last column), wealth breaks a tie: the engine's returns
    column = {table.horizontalHeaderItem(c).text(): c for c in range(table.columnCount())}
    assert column["Fields"] == table.columnCount() - 1
    fields = [float(table.item(r, column["Fields"]).text()) for r in range(3)]
    wealth = [float(table.item(r, column["Wealth"]).text()) for r in range(3)]
    assert fields == [state.fields_of(s) for s in range(3)]
    assert [f + w / 1000 for f, w in zip(fields, wealth, strict=True)] == pytest.approx(
        state.returns(), abs=1e-9
    )
    autosave = json.loads(window.settings.autosave_path.read_text(encoding="utf-8"))
    assert autosave["game"] == "ricewars" and len(autosave["actions"]) == len(state.history)
