"""The Rokugan view: what a viewer sees, why a place is refused, undo, hot seat."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from app.games.rokugan.picks import HAND, PLACE, Pick
from app.games.rokugan.view import visible_tokens
from app.session import AI, HUMAN, NewGameConfig, Seat
from engine.rokugan.state import PH_PLACE, T_UP
from tests.app.rokugan_driver import click_board, click_pick, view_of

pytest.importorskip("maps.api")


def to_my_placement(window, qtbot) -> None:
    """Make the first offered choice until it is my placement turn."""
    state = window.session.state
    while not (state.phase == PH_PLACE and window.controller.human_to_act):
        qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
        if state.phase == PH_PLACE:
            break
        click_pick(window, qtbot, view_of(window).tree.options()[0])


def start(window, seats) -> None:
    assert window.start_game(NewGameConfig("rokugan", seats, seed=3))


def test_an_illegal_place_says_why_and_a_legal_one_can_be_undone(window, qtbot) -> None:
    # Given my first placement turn against one bot
    start(window, (Seat(HUMAN, choice="crab"), Seat(AI, "random", choice="lion")))
    to_my_placement(window, qtbot)
    view = view_of(window)
    state = window.session.state
    # When I choose an army and click a province I do not control
    army = next(v for v in view.tree.options_of(HAND) if v.startswith("army"))
    click_pick(window, qtbot, Pick(HAND, army))
    foreign = next(p for q, p in enumerate(state.board.ids) if state.ctrl_owner[q] not in (0,))
    click_board(view, qtbot, view.scene.labels[foreign] + QPointF(0, -view.scene.unit))
    # Then the status bar gives the rules' reason, and the province's tooltip its defense
    tip = view.scene.province_items[foreign].toolTip()
    assert "Defence" in tip and state.board.graph.province(foreign).name in tip
    assert "Army" in window.statusBar().currentMessage()
    assert "controls" in window.statusBar().currentMessage() or "control" in (
        window.statusBar().currentMessage()
    )
    # When I place it on a lit place instead, then undo
    target = view.tree.options_of(PLACE)[0]
    click_pick(window, qtbot, Pick(PLACE, target))
    assert any(t is not None for t in state.tokens)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    # Then my token is back behind the screen and it is my turn again
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
    assert all(t is None or t[0] != 0 for t in state.tokens)
    assert army in view.hand_buttons


def test_face_down_tokens_show_only_to_those_who_know_them(window, qtbot) -> None:
    # Given a board with my face-down token
    start(window, (Seat(HUMAN, choice="crab"), Seat(AI, "random", choice="lion")))
    to_my_placement(window, qtbot)
    view = view_of(window)
    click_pick(window, qtbot, Pick(HAND, view.tree.options_of(HAND)[0]))
    click_pick(window, qtbot, Pick(PLACE, view.tree.options_of(PLACE)[0]))
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
    state = window.session.state
    mine = [s for s, t in enumerate(state.tokens) if t and t[0] == 0 and not t[T_UP]]
    theirs = [s for s, t in enumerate(state.tokens) if t and t[0] == 1 and not t[T_UP]]
    assert mine and theirs
    # Then I see my own face, not the bot's; nobody sees anything without a viewer
    assert all(visible_tokens(state, 0)[s][5] >= 0 for s in mine)
    assert all(visible_tokens(state, 0)[s][5] == -1 for s in theirs)
    assert all(visible_tokens(state, None)[s][5] == -1 for s in mine + theirs)
    assert view._token_items[f"#{mine[0]}"].face is not None
    assert view._token_items[f"#{theirs[0]}"].face is None


def test_hot_seat_hides_the_screen_between_two_humans(window, qtbot) -> None:
    # Given two humans
    start(window, (Seat(HUMAN, name="Ann", choice="crab"), Seat(HUMAN, name="Bo", choice="lion")))
    screen = window.game_screen
    # Then the first player is asked to take the computer first
    assert screen.centre.currentWidget() is screen.handoff
    assert "Crab" in screen.handoff.message.text()
    assert view_of(window).hand_buttons == {}
    qtbot.mouseClick(screen.handoff.button, Qt.LeftButton)
    assert screen.centre.currentWidget() is screen.view
    # When Crab decides, the curtain falls before Lion sees anything
    click_pick(window, qtbot, view_of(window).tree.options()[0])
    qtbot.waitUntil(lambda: screen.centre.currentWidget() is screen.handoff, timeout=5000)
    assert "Lion" in screen.handoff.message.text()
    assert window.controller.viewer is None


def test_a_save_on_a_changed_map_is_refused_with_a_clear_message(
    window, qtbot, tmp_path, monkeypatch
) -> None:
    import json

    from PySide6.QtWidgets import QMessageBox

    # Given a saved Rokugan game whose map hash no longer matches the map file
    start(window, (Seat(HUMAN, choice="crab"), Seat(AI, "random", choice="lion")))
    path = tmp_path / "game.json"
    window.session.save(path)
    data = json.loads(path.read_text())
    assert data["map"]["id"] == "rokugan" and data["app"]["map_path"]
    data["map"]["hash"] = "0" * 64
    path.write_text(json.dumps(data))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    # When it is loaded
    window.close_game()
    assert not window.load_game(str(path))
    # Then the message says the map changed and how to fix it
    assert len(shown) == 1 and "has changed" in shown[0] and str(path) in shown[0]


def test_the_editor_can_open_the_dialog_on_its_map_file(qtbot, tmp_path) -> None:
    from app.new_game_dialog import NewGameDialog
    from maps.api import shipped_map_path

    # Given a map file outside the shipped ones
    copy = tmp_path / "my-rokugan.yaml"
    copy.write_text(shipped_map_path("rokugan").read_text())
    # When the dialog opens with it (as "Play on this map" does)
    dialog = NewGameDialog(None, {"game": "rokugan"}, map_path=copy)
    qtbot.addWidget(dialog)
    # Then the map is chosen and a game config names it
    assert dialog.config().map_ref == str(copy)
    assert dialog.map.currentText() == "my-rokugan.yaml"


def test_scorpion_may_peek_after_placing(window, qtbot) -> None:
    from app.games.rokugan.picks import BUTTON, TOKEN

    # Given me as Scorpion against a bot that has placed a token
    start(window, (Seat(HUMAN, choice="scorpion"), Seat(AI, "random", choice="lion")))
    state = window.session.state
    view = view_of(window)
    for _ in range(12):
        to_my_placement(window, qtbot)
        if Pick(BUTTON, "skip peek") in view.tree.options():
            break
        click_pick(window, qtbot, Pick(HAND, view.tree.options_of(HAND)[0]))
        click_pick(window, qtbot, Pick(PLACE, view.tree.options_of(PLACE)[0]))
        qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
        if Pick(BUTTON, "skip peek") in view.tree.options():
            break
    # Then the peek is offered with lit tokens and a "Don't peek" button
    assert "Scorpion" in view.prompt.text()
    target = view.tree.options_of(TOKEN)[0]
    assert view._token_items[target].lit
    assert any(b.text() == "Don't peek" for b in view.choice_buttons)
    # When I peek, I see that token's face
    click_pick(window, qtbot, Pick(TOKEN, target))
    assert str(state.history[-1]) == f"peek {target}"
    assert state.observation(0).board_tokens[int(target[1:])][5] >= 0


def test_the_rules_name_every_clan_ability_and_card() -> None:
    from app.widgets.rules_dialog import rules_pages

    html = dict(rules_pages())["Battle for Rokugan"]
    for words in (
        "Crab",
        "Crane wins ties",
        "Dragon",
        "Lion bluff",
        "Phoenix",
        "Scorpion",
        "Unicorn",
        "Scout",
        "Shugenja",
        "First-player card",
        "Bushido",
        "Animate the Dead",
        "Way of Humility",
        "Resolution",
    ):
        assert words in html


def test_the_start_screen_opens_the_map_editor(window, qtbot) -> None:
    from app.main_window import editor_available

    if not editor_available():
        assert not window.start_screen.editor_button.isEnabled()
        assert window.start_screen.editor_button.toolTip()
        return
    # When the Map editor button is pressed
    qtbot.mouseClick(window.start_screen.editor_button, Qt.LeftButton)
    # Then an editor window opens beside the app
    editor = window._editor
    assert editor is not None and editor.isVisible()
    qtbot.addWidget(editor)


def board_fills_view(view) -> bool:
    """The whole map is in view and fills the board's width or height (within 10 %)."""
    board = view.board
    shown = board.mapFromScene(view.scene.extent).boundingRect()
    port = board.viewport().rect()
    inside = port.adjusted(-2, -2, 2, 2).contains(shown)
    return inside and (shown.height() >= 0.9 * port.height() or shown.width() >= 0.9 * port.width())


def test_the_board_fills_the_space_and_stays_fitted_on_resize(window, qtbot) -> None:
    # Given my turn in a wide window
    start(window, (Seat(HUMAN, choice="crab"), Seat(AI, "random", choice="lion")))
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
    view = view_of(window)
    # Then the hand and prompt stand beside the tall Rokugan map, which fills the board
    qtbot.waitUntil(
        lambda: view.beside and view.controls.x() > view.board.x() and board_fills_view(view)
    )
    # When the window becomes tall and narrow
    window.resize(760, 1100)
    # Then they move under the map, and the map is fitted to the new board again
    qtbot.waitUntil(
        lambda: not view.beside and view.controls.y() > view.board.y() and board_fills_view(view)
    )
    # When I zoom in, a resize no longer refits (the player's zoom is kept)
    window.zoom_in_action.trigger()
    scale = view.board.transform().m11()
    window.resize(800, 1100)
    qtbot.wait(50)
    assert view.board.transform().m11() == scale
