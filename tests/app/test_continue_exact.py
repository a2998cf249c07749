"""Continue is exact: a game quit while a resolution's steps show (Rokugan's seven steps, a
Rice Wars fight, Shinobi's final reveal) and continued shows the same step, the same log,
players and board, with nothing played on; File → Open of the autosave does the same. The
guide's step (all three guided games) and each person's hints (hot seat) come back too."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsView

from app.games import game_ui
from app.games.presentation import PUBLIC
from app.session import AI, HUMAN, GameSession, NewGameConfig, Seat, new_session

pytest.importorskip("maps.api")


def game_before_story(game: str, players: int, seed: int, least_steps: int) -> tuple[Any, int]:
    """A game played at random up to the action whose story has at least `least_steps`
    resolution steps (not yet taken), and the player who takes it."""
    ui = game_ui(game)
    seats = (Seat(AI, "easy"),) * players
    config = NewGameConfig(game, seats, seed=seed)
    session = new_session(config, ui.settings_for)
    state, rng = session.state, random.Random(seed)
    while not state.is_terminal():
        before, player = state.clone(), state.current_player()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        beats = ui.story(before, action, state, player, PUBLIC)
        if sum(beat.step is not None for beat in beats) >= least_steps:
            state.undo()
            return session, player
    raise AssertionError("no such story in the game")


def saved_before_story(tmp_path: Path, game: str, players: int, seed: int, least: int) -> Path:
    """The save of `game_before_story` with a person in the seat that takes the action."""
    played, person = game_before_story(game, players, seed, least)
    seats = [Seat(AI, "easy")] * players
    seats[person] = Seat(HUMAN, name="Me")
    session = GameSession(played.state, seats, played.map_path)
    path = tmp_path / f"{game}.json"
    session.save(path)
    return path


def play_into_the_story(window, qtbot) -> None:
    """The person takes the action whose story is told step by step (any legal one that
    tells it; the first that does)."""
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=10000)
    state = window.session.state
    ui = game_ui(window.session.game_id)
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        beats = ui.story(state, action, after, state.current_player(), PUBLIC)
        if any(beat.step is not None for beat in beats):
            window.game_screen.view.action_chosen.emit(action)
            break
    qtbot.waitUntil(lambda: window.game_screen.step_box.isVisible(), timeout=10000)


def screen_now(window) -> dict[str, Any]:
    """What the play screen's side shows: the step, the turn line, the players, the log;
    and the game's actions."""
    screen = window.game_screen
    players = [screen.players.item(i).text() for i in range(screen.players.count())]
    return {
        "title": screen.step_title.text(),
        "text": screen.step_text.text(),
        "more": screen.step_count.text(),
        "turn": screen.turn.text(),
        "players": players,
        "log": window.controller.log_texts(),
        "actions": [str(a) for a in window.session.state.history],
    }


def board_items(window, qtbot) -> list[tuple]:
    """What the board draws, item by item (kind, place to the pixel, shown, text, fill),
    once the view's layout settled: equal for the same board, whatever the zoom's last
    fraction of a pixel."""
    qtbot.wait(30)
    items = []
    for board in window.game_screen.view.findChildren(QGraphicsView):
        if board.scene() is None:
            continue
        for item in board.scene().items():
            place = item.scenePos()
            text = item.text() if hasattr(item, "text") else ""
            fill = item.brush().color().name() if hasattr(item, "brush") else ""
            kind = type(item).__name__
            items.append((kind, round(place.x()), round(place.y()), item.isVisible(), text, fill))
    return sorted(items)


def quit_and_continue_at_every_step(
    window, qtbot, open_file: bool = False, at: set[int] | None = None
) -> list[str]:
    """At each step: the autosave records it; closing the game and choosing Continue (or
    File → Open of the autosave) shows it again, nothing played on (at the steps `at`
    counts from 0; None: every one). The titles seen."""
    autosave = window.settings.autosave_path
    titles: list[str] = []
    while window.game_screen.step_box.isVisible():
        shown = screen_now(window)
        steps = json.loads(autosave.read_text())["app"]["screen"]["steps"]
        assert steps[0][0] == len(shown["actions"]) - 1  # the step of the last action
        more = len(steps) - 1  # the steps left after the one shown, as the screen says
        assert shown["more"] == (f"{more} more step{'s' if more != 1 else ''}" if more else "")
        titles.append(shown["title"])
        if at is not None and len(titles) - 1 not in at:
            qtbot.mouseClick(window.game_screen.continue_button, Qt.LeftButton)
            continue
        board = board_items(window, qtbot)
        # When the game is quit and continued
        window.close_game()
        if open_file:
            assert window.load_game(str(autosave))
        else:
            qtbot.mouseClick(window.start_screen.continue_button, Qt.LeftButton)
        # Then the same step shows, the same log, players and board
        assert window.game_screen.step_box.isVisible()
        assert screen_now(window) == shown
        assert board_items(window, qtbot) == board
        # and no computer seat plays while the step is on the screen
        qtbot.wait(60)
        assert [str(a) for a in window.session.state.history] == shown["actions"]
        assert window.game_screen.thinking.isHidden() and not window.controller.human_to_act
        qtbot.mouseClick(window.game_screen.continue_button, Qt.LeftButton)
    assert "screen" not in json.loads(autosave.read_text())["app"]  # no step left to show
    return titles


def test_a_rokugan_resolution_continues_at_each_of_its_steps(
    window, qtbot, tmp_path, every_step_waits
) -> None:
    # Given a Rokugan game whose person is about to end round 1's placement, and takes part
    # in every step
    path = saved_before_story(tmp_path, "rokugan", 3, seed=5, least=7)
    assert window.load_game(str(path))
    # When the person places the last token, the resolution shows step by step
    play_into_the_story(window, qtbot)
    # Then at each of its seven steps the game can be quit and continued there (the map's
    # layout is kept between games, so each Continue costs a replay and a redraw)
    titles = quit_and_continue_at_every_step(window, qtbot)
    assert titles[0].endswith("1. Reveal") and len(titles) == 7
    assert titles[2] == "3. Raids" and titles[4] == "5. Battles"


def test_a_rice_wars_fight_continues_at_each_of_its_steps(window, qtbot, tmp_path) -> None:
    # Given a Rice Wars game whose person is about to end a fight (retold in steps)
    path = saved_before_story(tmp_path, "ricewars", 2, seed=5, least=3)
    assert window.load_game(str(path))
    play_into_the_story(window, qtbot)
    # Then the fight's steps each survive File → Open of the autosave
    titles = quit_and_continue_at_every_step(window, qtbot, open_file=True)
    assert len(titles) >= 3 and titles[0].startswith("Combat at ")


def test_shinobis_final_reveal_continues_at_each_step(window, qtbot, tmp_path) -> None:
    # Given a Shinobi game whose person takes the last order of the game
    path = saved_before_story(tmp_path, "shinobi", 3, seed=5, least=3)
    assert window.load_game(str(path))
    play_into_the_story(window, qtbot)
    assert window.session.state.is_terminal()
    # Then the reveal's steps each show again after Continue, before the end screen
    titles = quit_and_continue_at_every_step(window, qtbot)
    assert titles[0] == "1. Allegiances revealed" and len(titles) >= 3
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.end_screen, timeout=5000)


def quit_and_continue(window, qtbot) -> None:
    """Close the game and choose Continue on the start screen."""
    window.close_game()
    qtbot.mouseClick(window.start_screen.continue_button, Qt.LeftButton)


def to_a_persons_decision(window, qtbot) -> int:
    """Wait for the next person's decision, passing the hot-seat curtain; whose it is."""
    screen = window.game_screen
    qtbot.waitUntil(
        lambda: window.controller.human_to_act or screen.handoff.isVisible(), timeout=20000
    )
    if not window.controller.human_to_act:
        qtbot.mouseClick(screen.handoff.button, Qt.LeftButton)
        qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    return window.session.state.current_player()


def decide(window, action: Any = None) -> None:
    """The person at the screen takes `action` (None: their first legal one)."""
    chosen = action if action is not None else window.session.state.legal_actions()[0]
    window.game_screen.view.action_chosen.emit(chosen)


@pytest.mark.parametrize("game", ["shinobi", "rokugan", "ricewars"])
def test_hints_and_the_guides_step_survive_continue(window, qtbot, game: str) -> None:
    # Given a guided first game, its first step done (read, or the move it teaches made)
    # and a hint used (H twice)
    window.coach.hint_nodes = 200
    assert window.learn_to_play(game)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=10000)
    guide, hints = window.coach.guide, window.coach.hints
    first = guide.step.key
    if guide.step.wants is None:
        qtbot.mouseClick(window.game_screen.guide_panel.next, Qt.LeftButton)
    else:
        decide(window, guide.progress.targets(window.session.state, guide.step)[0])
        qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
    step = guide.step.key
    assert first in guide.progress.done and step != first
    panel = window.game_screen.hint_panel
    with qtbot.waitSignal(window.coach.analyst.hinted, timeout=30000):
        qtbot.keyClick(window.game_screen, Qt.Key_H)
    with qtbot.assertNotEmitted(window.coach.analyst.hinted, wait=50):
        qtbot.keyClick(window.game_screen, Qt.Key_H)  # the same hint, shown again
    assert hints.count == 1 and panel.used.text() == "1 used"
    # When the game is quit and continued
    quit_and_continue(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=10000)
    # Then the guide is back at the same step, the count shows, and a hint on the same
    # decision is not counted again
    guide, hints, panel = window.coach.guide, window.coach.hints, window.game_screen.hint_panel
    assert (
        guide is not None
        and guide.step.key == step
        and first in guide.progress.done
        and not window.game_screen.guide_panel.isHidden()
    )
    assert hints.count == 1 and panel.used.text() == "1 used"
    with qtbot.waitSignal(window.coach.analyst.hinted, timeout=30000):
        qtbot.mouseClick(panel.button, Qt.LeftButton)
    assert hints.count == 1 and window.coach.hints_used() == 1


def test_each_persons_hints_survive_continue_in_a_hot_seat_game(window, qtbot) -> None:
    # Given a Shinobi game of two persons and a computer clan, the first person having
    # used a hint and the second none
    window.coach.hint_nodes = 200
    seats = (Seat(HUMAN, name="Aiko"), Seat(HUMAN, name="Botan"), Seat(AI, "easy"))
    assert window.start_game(NewGameConfig("shinobi", seats, seed=4))
    first = to_a_persons_decision(window, qtbot)
    with qtbot.waitSignal(window.coach.analyst.hinted, timeout=30000):
        qtbot.keyClick(window.game_screen, Qt.Key_H)
    decide(window)
    while (second := to_a_persons_decision(window, qtbot)) == first:
        decide(window)
    panel = window.game_screen.hint_panel
    assert panel.used.text() == ""  # the second person's own count: none yet
    # When the game is quit and continued at the second person's decision
    quit_and_continue(window, qtbot)
    # Then each person sees their own count again: none for the second, one for the first
    assert to_a_persons_decision(window, qtbot) == second
    panel = window.game_screen.hint_panel
    assert window.coach.hints.per_seat[first] == 1 and window.coach.hints.per_seat[second] == 0
    assert panel.used.text() == ""
    decide(window)
    while to_a_persons_decision(window, qtbot) != first:
        decide(window)
    assert panel.used.text() == "1 used"
    # And a hint on the first person's new decision counts as their second
    with qtbot.waitSignal(window.coach.analyst.hinted, timeout=30000):
        qtbot.mouseClick(panel.button, Qt.LeftButton)
    assert window.coach.hints.per_seat[first] == 2 and window.coach.hints.per_seat[second] == 0
    assert panel.used.text() == "2 used"


def state_as_of_step(state: Any, title: str) -> Any:
    """The game as of the step titled `title`: replayed from the start through the latest
    action of `state`'s log whose story has that step (the action log, never the
    position the screen reads)."""
    from ai.review import game_start

    ui = game_ui(state.setup().game)
    replay, found = game_start(state), None
    for action in state.history:
        before, player = replay.clone(), replay.current_player()
        replay.apply(action)
        beats = ui.story(before, action, replay, player, PUBLIC)
        if any(beat.step is not None and beat.step.title == title for beat in beats):
            found = replay.clone()
    assert found is not None, title
    return found


def test_shinobis_players_panel_shows_the_game_as_of_every_step(window, qtbot, tmp_path) -> None:
    # Given a Shinobi game whose person draws the last card of the deck (a step during
    # play), then plays on to the end (the reveal's steps)
    path = saved_before_story(tmp_path, "shinobi", 3, seed=5, least=1)
    assert window.load_game(str(path))
    play_into_the_story(window, qtbot)
    ui, rng = game_ui("shinobi"), random.Random(5)
    titles: list[str] = []
    for _ in range(2000):
        state = window.session.state
        if window.game_screen.step_box.isVisible():
            # Then at every step each player's label and standing are the game's as of
            # that step (replayed from the log), neither behind it nor ahead of it
            title = window.game_screen.step_title.text()
            as_of = state_as_of_step(state, title)
            players = screen_now(window)["players"]
            for p in range(as_of.num_players):
                assert ui.player_label(as_of, p) in players[p], (title, p, players[p])
                assert ui.player_status(as_of, p) in players[p], (title, p, players[p])
            titles.append(title)
            qtbot.mouseClick(window.game_screen.continue_button, Qt.LeftButton)
        elif window.stack.currentWidget() is window.end_screen:
            break
        elif window.controller.human_to_act:
            window.game_screen.view.action_chosen.emit(rng.choice(state.legal_actions()))
        else:
            qtbot.wait(20)  # a computer seat thinks, or the AI pace runs
    reveal = ["1. Allegiances revealed", "2. Clan totals on the table", "3. The winner"]
    assert titles[0] == "The deck is empty" and titles[-3:] == reveal, titles
