"""Learn to play, Hint and the review in the app window, driven as a person would
(bots and hints at a tiny node budget)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from app.coach import LEARN_GAMES, guide_for
from app.games import game_ui
from app.games.rokugan.picks import picks_of
from app.hint_controller import places_of
from tests.app.rokugan_driver import click_pick, finish_steps

pytest.importorskip("maps.api")

NODES = 300
"""Nodes per hint and reviewed decision here (the app's own: the hard AI's)."""


@pytest.fixture
def window(window):
    """The test window, hints and reviews at a small node budget."""
    window.coach.hint_nodes = NODES
    return window


def wait_for_me(window, qtbot) -> None:
    """Until it is the person's decision (Continue through any resolution)."""

    def ready() -> bool:
        finish_steps(window, qtbot, skip=True)
        return window.controller.human_to_act or window.session.state.is_terminal()

    qtbot.waitUntil(ready, timeout=30000)


def take(window, qtbot, action) -> None:
    """Make `action`: Rokugan by clicking its picks on the board and the screen, the other
    games through their view's choice (what their clicks end in)."""
    state = window.session.state
    before = len(state.history)
    if window.session.game_id == "rokugan":
        for pick in picks_of(action, frozenset(state.board.ids)):
            if len(window.session.state.history) != before:
                break
            click_pick(window, qtbot, pick)
    else:
        window.game_screen.view.action_chosen.emit(action)
    assert len(window.session.state.history) > before
    assert window.session.state.history[before] == action


def assert_lit(window, group: str, actions: list) -> None:
    """On a map board, the places of `actions` are ringed as suggestions of `group`."""
    scene = getattr(window.game_screen.view, "scene", None)
    state = window.session.state
    places = places_of(game_ui(window.session.game_id), state, actions, state.current_player())
    if scene is not None and places:
        assert scene.marks(f"suggestion-{group}"), f"the {group}'s moves are lit on the board"


@pytest.mark.parametrize("game", LEARN_GAMES)
def test_the_first_steps_of_a_guided_game_and_a_hint(window, qtbot, game: str) -> None:
    guide = guide_for(game)
    # Given the guided first game started from the Help menu
    assert window.learn_actions[game] in window.learn_menu.actions()
    window.learn_actions[game].trigger()
    session = window.session
    assert session is not None and session.game_id == game
    assert session.state.setup().seed == guide.seed
    panel = window.game_screen.guide_panel
    assert panel.isVisible()
    coach = window.coach.guide
    walked: list[str] = []
    for _ in range(20):
        if len(walked) >= 3:
            break
        wait_for_me(window, qtbot)
        step = coach.step
        if step is not None and step.wants is None:
            # an explaining step: its words, then Next
            assert panel.text.text() == step.says(session.state, guide.seat)
            qtbot.mouseClick(panel.next, Qt.LeftButton)
            walked.append(step.key)
            continue
        if step is None:
            # nothing new here (a second control token): the guide says so, lights nothing
            assert "Nothing new to learn here" in panel.text.text()
            take(window, qtbot, session.state.legal_actions()[0])
            continue
        assert panel.heading.text() == f"<b>{step.title}</b>"
        targets = coach.progress.targets(session.state, step)
        assert targets and set(targets) <= set(session.state.legal_actions())
        assert_lit(window, "guide", targets)
        take(window, qtbot, targets[0])
        assert step.key in coach.progress.done
        walked.append(step.key)
    assert len(walked) >= 3
    # When the person asks for a hint with the H key
    wait_for_me(window, qtbot)
    hints = window.coach.hints
    # a shortcut reaches only the active window (another test's window may hold it)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    with qtbot.waitSignal(window.coach.analyst.hinted, timeout=30000):
        qtbot.keyClick(window.game_screen, Qt.Key_H)
    # Then the answer is shown with its reason, lit, and counted
    hint_panel = window.game_screen.hint_panel
    assert hint_panel.answer.text().startswith("<b>Hint:</b> ")
    assert hints.count == 1 and hint_panel.used.text() == "1 used"
    assert_lit(window, "hint", [hints_action(window)])


def hints_action(window):
    """The move of the hint on screen (the analyst's last answer)."""
    return window.coach.hints.last.action


def test_the_guide_can_be_left_and_resumed(window, qtbot) -> None:
    # Given the guided Shinobi game started from the start screen's Learn to play button
    assert window.stack.currentWidget() is window.start_screen
    menu = window.start_screen.learn_button.menu()
    assert menu is not None and window.learn_actions["shinobi"] in menu.actions()
    assert [a.text() for a in menu.actions()] == ["Battle for Rokugan", "Shinobi", "Rice Wars"]
    window.learn_actions["shinobi"].trigger()
    assert window.session is not None and window.session.game_id == "shinobi"
    wait_for_me(window, qtbot)
    # When the person leaves the guide, it is gone from the screen
    panel = window.game_screen.guide_panel
    coach = window.coach.guide
    qtbot.mouseClick(panel.leave, Qt.LeftButton)
    assert not coach.active and panel.leave.text() == "Resume the guide"
    assert panel.text.isHidden()
    # Help → Learn to play → Shinobi again takes the guide up where the game stands
    window.learn_actions["shinobi"].trigger()
    assert coach.active and window.coach.guide is coach
    assert panel.text.isVisible()


MAPS = {"rokugan": "rokugan", "ricewars": "ricewars-quick", "shinobi": None}


@pytest.mark.parametrize("game", LEARN_GAMES)
def test_review_from_a_save(window, qtbot, tmp_path: Path, monkeypatch, game: str) -> None:
    from ai.match import play_match
    from engine.registry import get_game
    from engine.saves import save_game
    from maps.api import load_graph

    # Given a finished 3-player game saved to a file (a small budget per reviewed decision)
    window.coach.hint_nodes = 60
    graph = load_graph(MAPS[game]) if MAPS[game] else None
    _, state = play_match(get_game(game), ["random", "easy@100", "easy@100"], 2, graph, {})
    path = tmp_path / "game.json"
    save_game(state, path)
    # When it is reviewed from the Game menu
    monkeypatch.setattr(
        "app.main_window.QFileDialog.getOpenFileName", lambda *args, **kw: (str(path), "")
    )
    window.review_action.trigger()
    screen = window.coach.review_screen
    assert window.stack.currentWidget() is screen
    with qtbot.waitSignal(window.coach.analyst.reviewed, timeout=60000):
        pass
    # Then the moments are listed, costliest first, and the first one is on the board
    assert screen.moments.count() >= 1
    assert screen.moments.item(0).text().startswith("Round ")
    assert "Your move:" in screen.detail.text() and "The AI's move:" in screen.detail.text()
    board = window.coach.reviewer.view
    assert board.prompt.text() == f"The board before your move in round {first_round(screen)}."
    assert screen.chart.isVisible() and len(screen.chart.series) == 3
    assert_review_lit(window, board)
    qtbot.mouseClick(screen.findChild(QPushButton, "reviewBack"), Qt.LeftButton)
    assert window.stack.currentWidget() is window.start_screen


def assert_review_lit(window, board) -> None:
    """On a map board, the AI's alternative of the moment shown is ringed."""
    reviewer = window.coach.reviewer
    moment = reviewer.moments[0]
    before = reviewer._before[moment.index]
    places = places_of(reviewer.ui, before, [moment.suggested], reviewer.seat)
    scene = getattr(board, "scene", None)
    if scene is not None and hasattr(scene, "marks") and places:
        assert scene.marks("suggestion-review"), "the AI's move is lit on the board"


def first_round(screen) -> int:
    """The round of the first moment listed ("Round 3 · you: …")."""
    return int(screen.moments.item(0).text().split()[1])


def test_hints_are_counted_at_the_end_and_the_game_is_reviewed(window, qtbot) -> None:
    # Given a Shinobi game with one hint asked, played to its end
    window.learn_to_play("shinobi")
    wait_for_me(window, qtbot)
    with qtbot.waitSignal(window.coach.analyst.hinted, timeout=30000):
        qtbot.mouseClick(window.game_screen.hint_panel.button, Qt.LeftButton)
    while not window.session.state.is_terminal():
        wait_for_me(window, qtbot)
        if not window.session.state.is_terminal():
            take(window, qtbot, window.session.state.legal_actions()[0])
    end = window.end_screen

    def at_end() -> bool:
        finish_steps(window, qtbot, skip=True)  # the reveal's steps
        return window.stack.currentWidget() is end

    qtbot.waitUntil(at_end, timeout=30000)
    # Then the end screen says how many hints were used and offers the review
    assert end.hints.text() == "Hints used: 1."
    assert end.review_button.isVisible()
    qtbot.mouseClick(end.review_button, Qt.LeftButton)
    screen = window.coach.review_screen
    assert window.stack.currentWidget() is screen
    qtbot.waitUntil(lambda: screen.moments.count() > 0, timeout=60000)
    # choosing the second moment shows it with the alternative's reason
    screen.moments.setCurrentRow(min(1, screen.moments.count() - 1))
    assert "The AI's move:" in screen.detail.text()
    qtbot.mouseClick(screen.findChild(QPushButton, "reviewBack"), Qt.LeftButton)
    assert window.stack.currentWidget() is end


def test_a_guided_game_names_the_person_in_their_language(window, qtbot) -> None:
    from app import i18n

    # Given German chosen, then the guided first game started from the Help menu
    i18n.set_language("de")
    try:
        window.learn_actions[LEARN_GAMES[0]].trigger()
        players = window.game_screen.players
        texts = [players.item(row).text() for row in range(players.count())]
        # Then the players' list names the person "Du", not an English "You"
        assert any(" — Du" in text for text in texts), texts
        assert not any("You" in text for text in texts), texts
    finally:
        i18n.set_language("en")
