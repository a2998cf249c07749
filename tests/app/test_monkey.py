"""The monkey test of the app: each game started from the new-game dialog (one person and
computer seats at a tiny budget; hot seat once), then hundreds of random enabled actions —
buttons, menu actions, board clicks and hovers, keys, undo, hints, new games, resizes — with
fixed seeds (about a thousand in all; a Shinobi and a Rokugan game are then played on to
their end). Any exception or Qt warning is a failure (tests/monkey.py).

`--long` runs the long-only variants and every variant longer, `--hunt-seed S` other
seeds (tests/long_runs.py).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer, qWarning
from PySide6.QtWidgets import QApplication, QDialog, QPushButton
from pytestqt.exceptions import TimeoutError as QtTimeoutError

from app.new_game_dialog import NewGameDialog
from app.session import AI, HUMAN
from tests import long_runs
from tests.monkey import Monkey, Recorder, log_told_whole

pytest.importorskip("maps.api")

HINT_NODES = 30
NODES = 20  # per computer decision: the fastest budget
PLAY = 4.0  # the weight of a legal decision sent as the view sends it (more: deeper games)


def start_from_dialog(window: Any, qtbot: Any, game: str, kinds: list[str], seed: int) -> None:
    """Start `game` from the start screen's New game: seats of `kinds`, computers at easy."""

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewGameDialog)
        dialog.game.setCurrentIndex(dialog.game.findData(game))
        dialog.players.setValue(len(kinds))
        for row, kind in zip(dialog.seats, kinds, strict=False):
            row.kind.setCurrentIndex(row.kind.findData(kind))
            if kind == AI:
                row.level.setCurrentIndex(row.level.findData("easy"))
        dialog.seed.setText(str(seed))
        qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.LeftButton)

    QTimer.singleShot(0, fill)
    qtbot.mouseClick(window.start_screen.new_button, Qt.LeftButton)
    assert window.session is not None and window.session.game_id == game


def idle(window: Any) -> bool:
    """No computer seat and no hint is thinking, no paced move is waiting."""
    controller = window.controller
    pacing = controller is not None and controller._pace.isActive()
    return not (window.thinker.busy or window.coach.analyst.busy or pacing)


def monkey_on(window: Any, qtbot: Any, seed: int, recorder: Recorder, play: float = PLAY) -> Monkey:
    """A monkey on the app's window: no quitting, no native print dialogs, no editor
    window (it has a monkey of its own), no slow AI paces; each step waits for the
    computer seats, as a person would."""
    skip = [
        window.quit_action,
        window.editor_action,
        window.print_action,
        window.print_preview_action,
        window.export_pdf_action,
        window.print_kit_action,
        window.pace_actions["normal"],
        window.pace_actions["slow"],
    ]
    if play > PLAY:  # playing on to the end: the game is not left midway
        skip += [window.new_action, window.close_action, window.continue_action]
        skip += [window.open_action, *window.learn_actions.values()]
        skip.append(window.recent_menu.menuAction())

    told = [True]  # the log has shown the story as told afresh at every step so far

    def settle() -> None:
        if monkey.rng.random() < (0.3 if window.bot_nodes <= NODES else 0.9):
            return  # a person may click on while the computer seats think
        try:
            qtbot.waitUntil(lambda: idle(window), timeout=20_000)
        except qtbot.TimeoutError:
            recorder.record("the app still thinks after 20 s")
        if told[0] and not log_told_whole(window):
            try:  # (a decision's log lines come a moment after it)
                qtbot.waitUntil(lambda: log_told_whole(window), timeout=2000)
            except qtbot.TimeoutError:
                told[0] = False  # said once
                recorder.record("the log does not show the story as told afresh")

    def accept(dialog: QDialog) -> bool:
        return isinstance(dialog, NewGameDialog) and monkey.rng.random() < 0.5

    def decide(rng: random.Random) -> str | None:
        # a legal decision as the view would send it: games get to later rounds and the end
        controller = window.controller
        if controller is None or not controller.human_to_act:
            return None
        action = rng.choice(window.session.state.legal_actions())
        controller.view.action_chosen.emit(action)
        return f"decide {action}"

    monkey = Monkey(
        qtbot,
        window,
        seed,
        recorder,
        skip_actions=skip,
        skip_buttons=[window.start_screen.editor_button],
        accept=accept,
        settle=settle,
        weights={"action": 1.5 * PLAY / play},  # fewer new games when playing on
        extra={"play": (play, decide)},
    )
    return monkey


def play_to_the_end(window: Any, qtbot: Any, rng: random.Random, limit: int = 3000) -> None:
    """Continue through resolution steps and make random legal decisions until the end."""
    screen = window.game_screen
    for _ in range(limit):
        # (the game's last steps may show a moment after its last decision: wait for the end
        # screen itself, not for the game's end)
        if window.stack.currentWidget() is window.end_screen:
            break
        if screen.step_box.isVisible():
            qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
        elif screen.handoff.isVisible():
            qtbot.mouseClick(screen.handoff.button, Qt.LeftButton)
        elif window.controller.human_to_act:
            state = window.session.state
            window.controller.view.action_chosen.emit(rng.choice(state.legal_actions()))
        else:
            qtbot.waitUntil(lambda: idle(window), timeout=20_000)
            qtbot.wait(1)
    try:
        qtbot.waitUntil(lambda: window.stack.currentWidget() is window.end_screen, timeout=20_000)
    except QtTimeoutError as error:
        raise AssertionError(
            f"no end screen: terminal {window.session.state.is_terminal()}, "
            f"showing {type(window.stack.currentWidget()).__name__}, "
            f"steps {screen.step_box.isVisible()}, hand-off {screen.handoff.isVisible()}, "
            f"to act {window.controller.human_to_act}, idle {idle(window)}"
        ) from error


# (game, seats, seed, steps in `make test`: a few seconds each, weight of legal decisions)
GAMES = [
    pytest.param("rokugan", [HUMAN, AI, AI, AI], 11, 150, PLAY, NODES, id="rokugan"),
    pytest.param("ricewars", [HUMAN, AI], 13, 200, PLAY, NODES, id="ricewars"),
    pytest.param("shinobi", [HUMAN, HUMAN, AI], 14, 400, PLAY, NODES, id="shinobi-hot-seat"),
    pytest.param("shinobi", [HUMAN, AI, AI], 15, 200, 40.0, NODES, id="shinobi-to-the-end"),
    pytest.param("rokugan", [HUMAN, AI, AI, AI], 16, 60, 40.0, NODES, id="rokugan-to-the-end"),
    # long variants only (--long): whole games take minutes
    pytest.param("shinobi", [HUMAN, AI, AI], 12, 0, PLAY, NODES, id="shinobi"),
    pytest.param("ricewars", [HUMAN, AI, AI], 17, 0, 40.0, NODES, id="ricewars-to-the-end"),
    pytest.param("rokugan", [HUMAN, HUMAN, AI], 18, 0, PLAY, NODES, id="rokugan-hot-seat"),
    pytest.param("ricewars", [HUMAN, HUMAN], 19, 0, PLAY, NODES, id="ricewars-hot-seat"),
    # computer seats that think longer: the monkey clicks on while they think
    pytest.param("rokugan", [HUMAN, AI, AI, AI], 20, 0, PLAY, 600, id="rokugan-busy"),
    pytest.param("ricewars", [HUMAN, AI, AI], 21, 0, PLAY, 600, id="ricewars-busy"),
    pytest.param("shinobi", [HUMAN, AI, AI, AI], 22, 0, PLAY, 600, id="shinobi-busy"),
]


@pytest.mark.parametrize(("game", "kinds", "seed", "steps", "play", "nodes"), GAMES)
def test_random_enabled_actions_never_raise_nor_warn(
    window: Any,
    qtbot: Any,
    request: pytest.FixtureRequest,
    game: str,
    kinds: list,
    seed: int,
    steps: int,
    play: float,
    nodes: int,
) -> None:
    seed += long_runs.seed_shift()
    steps = long_runs.steps(steps)
    if not steps:
        pytest.skip("a long variant: --long")
    # Given a game started from the new-game dialog, hints at a tiny budget
    window.coach.hint_nodes = HINT_NODES
    window.bot_nodes = nodes
    window.resize(1280, 720)
    with Recorder() as recorder:
        # a bot or a hint that raised is reported in the status bar: for the monkey, a failure
        window.thinker.failed.connect(lambda message: recorder.record(f"bot failed: {message}"))
        window.coach.analyst.failed.connect(lambda message: recorder.record(f"hint: {message}"))
        decisions: list[int] = []  # in every game the monkey starts
        window.game_started.connect(
            lambda: window.session.action_applied.connect(lambda p, _a: decisions.append(p))
        )
        finished: list[bool] = []
        window.game_finished.connect(lambda: finished.append(True))
        start_from_dialog(window, qtbot, game, kinds, seed)
        # When a monkey does hundreds of random enabled things
        monkey = monkey_on(window, qtbot, seed, recorder, play)
        monkey.run(steps)
        qtbot.waitUntil(lambda: idle(window), timeout=20_000)
        if play > PLAY:  # and the game it played on is played on to its end
            play_to_the_end(window, qtbot, random.Random(seed))
    # Then nothing raised or warned, and the game went on (to its end screen, when played on)
    assert not recorder.failures, recorder.report(seed)
    assert decisions, f"no decision with seed {seed}: {monkey.counts}"
    if play > PLAY:
        assert finished and window.stack.currentWidget() is window.end_screen
    # And closing the window stops the bots' and the hints' threads (none leaks to the next test)
    window.close()
    assert window.thinker._thread.isFinished() and window.coach.analyst._thread.isFinished()


def test_the_recorder_catches_an_exception_in_a_slot_and_a_qt_warning(qtbot: Any) -> None:
    # Given a recorder around a button whose slot raises
    button = QPushButton("boom")
    qtbot.addWidget(button)

    def boom() -> None:
        raise RuntimeError("boom")

    button.clicked.connect(boom)
    with qtbot.capture_exceptions() as caught, Recorder() as recorder:
        recorder.trail.append("1: click boom")
        # When the slot raises and Qt warns
        qtbot.mouseClick(button, Qt.LeftButton)
        qWarning("a warning")
    # Then both are failures, with the steps before them
    assert len(caught) == 1
    texts = [f.text for f in recorder.failures]
    assert any("RuntimeError: boom" in t for t in texts)
    assert any("a warning" in t for t in texts)
    assert recorder.failures[0].trail == ["1: click boom"]
