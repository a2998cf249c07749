"""The screen shows the game as of the resolution step it shows at any pace: with the AI
pace (steps that do not concern the person play on by themselves, `story.involves`) and
with step by step off. A watcher looks at the screen at every turn of the event loop (each
moment the window may paint): the Players panel, the info line's territory cards (both
ways: claimed ones shown, unclaimed ones not), the prompt and the board's province colours
equal the game the board shows, and during a step that game is the engine's at that step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer

from app.games.rokugan import narrate
from app.games.rokugan.story import TITLES, StepShow
from tests.app.test_rokugan_board import owner_colours
from tests.app.test_rokugan_step_panels import expected_steps, resolution_screen

maps_api = pytest.importorskip("maps.api")


class Watcher:
    """Checks the screen against the game its board was last drawn from, at every turn of
    the event loop; a failure is kept (a slot may not raise) and the watch stops."""

    def __init__(self, screen, ui, expected: list, me: int) -> None:
        self.screen, self.ui, self.expected, self.me = screen, ui, expected, me
        self.view = screen.view
        self.drawn = None  # the game the board was last drawn from (a copy)
        self.steps: list[int] = []  # the step numbers seen, in order
        self.checks = 0
        self.continued = 0  # the steps I pressed Continue on (the others played on)
        self.failures: list[str] = []
        redraw = self.view._redraw

        def drawn_redraw() -> None:
            redraw()
            if self.view._session is not None:
                self.drawn = self.view._state().clone()

        self.view._redraw = drawn_redraw
        self.timer = QTimer()
        self.timer.setInterval(0)
        self.timer.timeout.connect(self.check)

    def check(self) -> None:
        try:
            self._check()
        except AssertionError as exc:
            self.failures.append(f"{self.steps[-1:]}: {exc}")
            self.timer.stop()

    def _check(self) -> None:
        state, view, screen = self.drawn, self.view, self.screen
        if state is None:
            return
        self.checks += 1
        show = view._step.payload if view._step is not None else None
        if isinstance(show, StepShow):
            number = show.facts.number
            if not self.steps or self.steps[-1] != number:
                self.steps.append(number)
            step_state = self.expected[number - 1]
            assert state.key() == step_state.key(), f"the board is not at step {number}"
            assert not screen.step_box.isHidden(), "a step on the board without its panel"
            assert screen.step_title.text().endswith(TITLES[number - 1][3:]), "another title"
        else:
            assert screen.step_box.isHidden(), "a step panel without its step on the board"
        rows = [screen.players.item(p).text() for p in range(screen.players.count())]
        for p, row in enumerate(rows):
            status = self.ui.player_status(state, p)
            assert row.endswith(status), f"Players panel {row!r}, the board's game {status!r}"
        info = view.info.text().lower()
        for t, card in enumerate(self.expected[-1].terr_card):
            if not card:
                continue
            word = narrate.pretty(card).lower()
            mine = state.terr_holder[t] == self.me
            assert (word in info) == mine, f"card {card!r} shown: {word in info}, held: {mine}"
        over = "The game is over." in view.prompt.text()
        assert over == state.is_terminal(), "the prompt says the game is over too soon or late"
        if not view.animating():
            fills = {pid: view.scene.fill_colour(pid).name() for pid in view.scene.province_items}
            assert fills == owner_colours(state), "the board's colours are not its game's"


def play_resolution(qtbot, rounds: int, step_by_step: bool, pace_ms: int) -> Watcher:
    """I make the decision that resolves round `rounds` against two greedy clans, at the
    given pace, stepping through what waits for me, until my next turn or the game's end."""
    import app.game_controller as game_controller
    from app.bot_worker import BotThinker

    state, action, me, session, ui, screen = resolution_screen(qtbot, rounds)
    screen.resize(1280, 720)
    screen.show()
    thinker = BotThinker()
    controller = game_controller.GameController(
        session, ui, screen, thinker, ai_delay_ms=pace_ms, step_by_step=step_by_step
    )
    watcher = Watcher(screen, ui, expected_steps(state, action), me)
    controller.start()
    try:
        qtbot.waitUntil(lambda: controller.human_to_act, timeout=5000)
        watcher.timer.start()
        controller._apply(action)

        def waits_for_me() -> bool:
            step = screen.view._step
            shown = controller._steps and not screen.step_box.isHidden()
            return bool(shown) and step is not None and not step.plays_on

        def done() -> bool:
            ended = controller.human_to_act or session.state.is_terminal()
            return (not controller._steps and ended) or bool(watcher.failures)

        while not done():
            qtbot.waitUntil(lambda: waits_for_me() or done(), timeout=20000)
            if waits_for_me():
                continue_when_seen(qtbot, controller, screen, watcher)
        seen = watcher.checks
        settled = lambda: watcher.checks > seen + 2 and not screen.view.animating()  # noqa: E731
        qtbot.waitUntil(lambda: settled() or bool(watcher.failures))
        watcher.timer.stop()
    finally:
        controller.stop()
        thinker.shutdown()
    return watcher


def continue_when_seen(qtbot, controller, screen, watcher: Watcher) -> None:
    """Press Continue on the step that waits for me once the watcher has looked at it."""
    shown = controller._steps[0]
    number = screen.view._step.payload.facts.number
    qtbot.waitUntil(lambda: watcher.steps[-1:] == [number] or bool(watcher.failures))
    watcher.continued += 1
    qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: not controller._steps or controller._steps[0] != shown)


@pytest.mark.parametrize("rounds", [1, 5])
def test_steps_played_on_at_the_ai_pace_show_their_own_game(qtbot, rounds: int) -> None:
    # Given the decision that resolves a round, steps that do not concern me playing on
    # When I make it at the AI pace and Continue only what waits for me
    watcher = play_resolution(qtbot, rounds, step_by_step=True, pace_ms=40)
    # Then every moment of it showed the game of the step on the board, all seven in turn
    assert watcher.failures == []
    assert watcher.steps == [1, 2, 3, 4, 5, 6, 7]
    assert 2 <= watcher.continued < 7  # the reveal and the round's end waited, some played on
    assert watcher.checks > 7


@pytest.mark.parametrize("rounds", [1, 5])
def test_without_step_by_step_the_panels_never_run_ahead_of_the_board(qtbot, rounds: int) -> None:
    # Given the decision that resolves a round, and step by step off
    # When I make it
    watcher = play_resolution(qtbot, rounds, step_by_step=False, pace_ms=0)
    # Then no step was shown and every moment the panels showed the board's game
    assert watcher.failures == []
    assert watcher.steps == []
    assert watcher.checks > 1
