"""The game-agnostic shell: sessions, bots off the GUI thread, saves, undo, end screen."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton

from ai.base import Bot, Budget
from app.bot_worker import BotThinker
from app.session import AI, HUMAN, NewGameConfig, Seat, load_session
from engine.saves import SaveError


def pebbles_config(seed: int = 3) -> NewGameConfig:
    return NewGameConfig(
        "pebbles", (Seat(HUMAN, name="Me"), Seat(AI, "random"), Seat(AI, "random")), seed=seed
    )


def play_human_turn(window, qtbot) -> None:
    """Pick the first legal action of the generic view and press Play."""
    view = window.game_screen.view
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    view._actions.setCurrentRow(0)
    qtbot.mouseClick(view._play, Qt.LeftButton)


def test_a_whole_game_reaches_the_end_screen_and_is_autosaved(window, qtbot, pebbles) -> None:
    # Given a Pebbles game of one human and two bots
    assert window.start_game(pebbles_config())
    # When the human plays a card three times (bots answer on their thread)
    for _ in range(3):
        play_human_turn(window, qtbot)
    # Then the end screen shows and names the winner
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.end_screen, timeout=5000)
    state = window.session.state
    assert state.is_terminal()
    assert window.end_screen.table.rowCount() == 3
    assert "win" in window.end_screen.title.text().lower()
    # And the autosave replays to the same finished game
    saved = json.loads(window.settings.autosave_path.read_text())
    assert saved["actions"] == [str(a) for a in state.history]
    assert saved["app"]["seats"][0]["kind"] == HUMAN


def test_undo_takes_back_own_decision_until_something_was_revealed(window, qtbot, pebbles) -> None:
    # Given a game where Pebbles reveals nothing hidden (our test rule)
    assert window.start_game(pebbles_config())
    window.session.set_undo_rule(lambda state, action, player: False)
    play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    assert len(window.session.state.history) == 3
    # When the human undoes
    window.undo_action.trigger()
    # Then its card and the two bot moves after it are taken back
    assert len(window.session.state.history) == 0
    assert window.controller.human_to_act
    # And with a rule that says every move reveals something, undo is refused
    window.session.set_undo_rule(lambda state, action, player: True)
    play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    assert not window.session.can_undo(0)
    assert not window.undo_action.isEnabled()


def test_save_and_load_restore_the_game(window, qtbot, pebbles, tmp_path: Path) -> None:
    # Given a game after one round
    assert window.start_game(pebbles_config(seed=11))
    play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    path = tmp_path / "game.json"
    window.session.save(path)
    history = [str(a) for a in window.session.state.history]
    # When the game is closed and the save loaded
    window.close_game()
    assert window.load_game(str(path))
    # Then the same position is back, seats included, and it is the human's turn
    assert [str(a) for a in window.session.state.history] == history
    assert window.session.seats[1] == Seat(AI, "random")
    assert str(path.resolve()) in window.settings.recent_games()
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)


def test_continue_resumes_the_autosave(window, qtbot, pebbles) -> None:
    # Given an autosaved game that was closed
    assert window.start_game(pebbles_config())
    play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    history = list(map(str, window.session.state.history))
    window.close_game()
    assert window.start_screen.continue_button.isEnabled()
    # When the player presses Continue
    qtbot.mouseClick(window.start_screen.continue_button, Qt.LeftButton)
    # Then the game is back where it was
    assert list(map(str, window.session.state.history)) == history


ROKUGAN_SAVE = (
    '{"format": "daimyo-save", "version": 1, "game": "rokugan", "players": 2, "seed": 1, '
    '"settings": {}, "map": {"id": "rokugan"}, "actions": [], "app": {"seats": []}}'
)
FIXES = ("load another save", "choose a file", "open it with", "update Daimyo", "is damaged")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "daimyo-save", "version": 99}', "version 99 is not supported"),
        ('{"format": "something-else"}', "not a Daimyo save"),
        (ROKUGAN_SAVE.replace('"players": 2', '"players": 9'), "field 'players' is 9"),
        (ROKUGAN_SAVE.replace('{"id": "rokugan"}', '"rokugan"'), "names no map"),
        (ROKUGAN_SAVE.replace('"actions": []', '"actions": ["fly away"]'), "action 1 'fly away'"),
        (ROKUGAN_SAVE.replace('"seats": []', '"seats": [{"kind": "robot"}]'), "seats"),
        (ROKUGAN_SAVE.replace('"rokugan", "players"', '"chess", "players"'), "'chess'"),
    ],
)
def test_a_bad_save_gives_a_message_not_a_traceback(
    window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: str, expected: str
) -> None:
    # Given a damaged save file
    path = tmp_path / "bad.json"
    path.write_text(content)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    # When it is loaded
    assert not window.load_game(str(path))
    # Then one message names the file, the problem and the fix, and the start screen stays
    assert len(shown) == 1 and str(path) in shown[0] and expected in shown[0]
    assert any(fix in shown[0] for fix in FIXES), shown[0]
    assert window.stack.currentWidget() is window.start_screen
    with pytest.raises(SaveError):
        load_session(path)


class SlowBot(Bot):
    """Thinks until cancelled, then answers with the last legal action."""

    name = "slow"

    def choose(self, observation, legal_actions, rng: random.Random, budget: Budget):
        while not budget.exhausted():
            budget.spend()
            budget.report(legal_actions[0])
            threading.Event().wait(0.001)
        return legal_actions[-1]


def test_move_now_makes_a_thinking_bot_answer(qtbot) -> None:
    # Given a bot thinking on the worker thread with no limit but the cancel flag
    thinker = BotThinker()
    try:
        with qtbot.waitSignal(thinker.progress, timeout=3000):
            thinker.think(SlowBot(), None, ["a", "b"], random.Random(1))
        assert thinker.busy
        # When "move now" is pressed
        with qtbot.waitSignal(thinker.decided, timeout=3000) as blocker:
            thinker.move_now()
        # Then it answers with its best move so far
        assert blocker.args == ["b"]
        assert not thinker.busy
    finally:
        thinker.shutdown()


def test_a_cancelled_request_is_never_answered(qtbot) -> None:
    # Given a thinking bot
    thinker = BotThinker()
    answers: list[object] = []
    thinker.decided.connect(answers.append)
    try:
        thinker.think(SlowBot(), None, ["a", "b"], random.Random(1))
        # When the game is closed (cancel)
        thinker.cancel()
        qtbot.wait(100)
        # Then the late answer is dropped
        assert answers == []
    finally:
        thinker.shutdown()


def test_settings_remember_pace_and_recent_games(app_settings, tmp_path: Path) -> None:
    # Given two save files opened one after the other
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text("{}")
    second.write_text("{}")
    app_settings.add_recent_game(first)
    app_settings.add_recent_game(second)
    app_settings.set_ai_pace("slow")
    # Then the newest comes first, and the pace is kept
    assert app_settings.recent_games() == [str(second.resolve()), str(first.resolve())]
    assert app_settings.ai_delay_ms() == 1500
    with pytest.raises(ValueError):
        app_settings.set_ai_pace("warp")


def test_continuing_a_finished_game_shows_its_end_screen(window, qtbot, pebbles) -> None:
    # Given a game played to the end and closed
    assert window.start_game(pebbles_config())
    for _ in range(3):
        play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.end_screen, timeout=5000)
    window.close_game()
    # When it is continued
    assert window.continue_game()
    # Then the end screen shows again, and "Back to start" leaves it
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.end_screen, timeout=5000)
    qtbot.mouseClick(window.end_screen.findChild(QPushButton, "backToStart"), Qt.LeftButton)
    assert window.stack.currentWidget() is window.start_screen


def test_the_ai_pace_spaces_out_computer_moves(window, qtbot, pebbles) -> None:
    import time

    # Given the "fast" pace chosen in the View menu
    window.pace_actions["fast"].trigger()
    assert window.settings.ai_pace() == "fast"
    assert window.start_game(pebbles_config())
    assert window.controller.ai_delay_ms == 250
    # When the human plays and two bots answer
    started = time.monotonic()
    play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    # Then the two bot moves took at least the pace each
    assert time.monotonic() - started >= 0.45


def test_a_failing_autosave_is_reported_not_raised(window, qtbot, pebbles, tmp_path) -> None:
    # Given an autosave path that cannot be written (its folder is a file)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    assert window.start_game(pebbles_config())
    window.session.autosave_path = blocker / "autosave.json"
    # When the human plays
    play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    # Then the game goes on and the status bar says what happened
    assert len(window.session.state.history) == 3
    assert "Autosave" in window.statusBar().currentMessage()


def test_an_unknown_bot_in_a_save_plays_at_random(window, qtbot, pebbles) -> None:
    # Given a game whose second seat names a bot this Daimyo does not have
    config = NewGameConfig(
        "pebbles", (Seat(HUMAN), Seat(AI, "grandmaster"), Seat(AI, "random")), seed=2
    )
    assert window.start_game(config)
    # When the human plays, the game goes on and says why
    play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    assert len(window.session.state.history) == 3


def test_the_start_screen_preloads_the_last_games_map(window, app_settings, monkeypatch) -> None:
    # Given a last new game on the quick Rice Wars map, not parsed yet in this process
    from app.board import maps_cache
    from maps.api import shipped_map_path

    app_settings.set_last_new_game({"game": "rokugan", "map": "ricewars-quick"})
    monkeypatch.setattr(maps_cache, "_CACHE", {})  # the other tests keep their cached map
    # When the start screen preloads
    thread = window.preload_map()
    thread.join(30)
    # Then the map waits parsed in the cache: the game start will not read it again
    key = maps_cache._key(Path(shipped_map_path("ricewars-quick")))
    assert key in maps_cache._CACHE
    assert maps_cache._CACHE[key].mapfile.id == "ricewars-quick"


def test_a_missing_save_names_the_file_and_what_to_check(
    window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a recent game whose file was deleted since
    path = tmp_path / "gone.json"
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    # When it is loaded
    assert not window.load_game(str(path))
    # Then the message names the file and what to check
    assert len(shown) == 1 and str(path) in shown[0] and "check that the file" in shown[0]
