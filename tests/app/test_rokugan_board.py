"""The Rokugan board tells the story: owners' colours, legible status, clicks that only hit
lit targets, resolution stepped on the board, the log restored after loading."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor

from app.games.rokugan import narrate
from app.games.rokugan.picks import HAND, PLACE, Pick
from app.games.rokugan.tokens import STATUS_FONT
from app.palette import LAST_MOVE, NEUTRAL, rokugan_clan
from app.session import AI, HUMAN, NewGameConfig, Seat
from engine.rokugan.data import CLANS
from engine.rokugan.state import PH_PLACE
from tests.app.rokugan_driver import click_board, click_pick, decide, view_of

pytest.importorskip("maps.api")

SEATS = (Seat(HUMAN, choice="crab"), Seat(AI, "random", choice="lion"), Seat(AI, "random"))


def start(window, seed: int = 3, seats=SEATS) -> None:
    assert window.start_game(NewGameConfig("rokugan", seats, seed=seed))


def to_my_placement(window, qtbot) -> None:
    """Make the first offered choice until it is my placement turn."""
    state = window.session.state
    rng = random.Random(1)
    while True:
        qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
        if state.phase == PH_PLACE:
            return
        decide(window, qtbot, rng)


def fills(window) -> dict[str, str]:
    scene = view_of(window).scene
    return {pid: scene.fill_colour(pid).name() for pid in scene.province_items}


def owner_colours(state) -> dict[str, str]:
    out = {}
    for q, pid in enumerate(state.board.ids):
        owner = state.ctrl_owner[q]
        colour = rokugan_clan(CLANS[state.clans[owner]]).colour if owner >= 0 else NEUTRAL
        out[pid] = QColor(colour).name()
    return out


def play_to_steps(window, qtbot, rng) -> None:
    """Play my turns until the resolution's steps show."""
    screen = window.game_screen
    while not screen.step_box.isVisible():
        qtbot.waitUntil(
            lambda: window.controller.human_to_act or screen.step_box.isVisible(), timeout=30000
        )
        if screen.step_box.isVisible():
            return
        decide(window, qtbot, rng, prefer=(HAND, PLACE))


def test_provinces_show_their_controller_and_change_colour_on_capture(window, qtbot) -> None:
    # Given round 1 of a game with bots that attack at random
    start(window, seed=5)
    to_my_placement(window, qtbot)
    state = window.session.state
    # Then every province is filled in its controller's colour, neutral ones neutral
    assert fills(window) == owner_colours(state)
    before = dict(owner_colours(state))
    # When the round is resolved (all steps skipped)
    rng = random.Random(2)
    play_to_steps(window, qtbot, rng)
    qtbot.mouseClick(window.game_screen.skip_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: state.round == 2 and window.controller.human_to_act, timeout=30000)
    # Then the fills follow the new owners, and some province changed colour
    after = owner_colours(state)
    assert fills(window) == after
    assert any(before[pid] != after[pid] for pid in after)


def test_control_counts_and_defence_are_legible_at_fit_zoom_on_1280_by_720(window, qtbot) -> None:
    window.resize(1280, 720)
    start(window)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
    view = view_of(window)
    view.fit()
    qtbot.wait(50)
    pixels_per_unit = view.scene.unit * view.board.transform().m11()
    nine_points = 9 * view.board.logicalDpiY() / 72
    for pid, block in view.scene.layout.blocks.items():
        letters = STATUS_FONT * block.plate_scale * pixels_per_unit
        assert letters >= nine_points - 0.01, (pid, letters)


def test_a_click_on_no_lit_target_changes_nothing_and_says_why(window, qtbot) -> None:
    # Given my placement turn with an army chosen
    start(window)
    to_my_placement(window, qtbot)
    view = view_of(window)
    state = window.session.state
    army = next(v for v in view.tree.options_of(HAND) if v.startswith("army"))
    click_pick(window, qtbot, Pick(HAND, army))
    history = list(state.history)
    chosen = list(view.tree.chosen)
    lit = set(view.tree.options_of(PLACE))
    # When I click the middle of a lit province's name (its centre spot lies elsewhere, and no
    # lit border spot lies under it)
    spots = [spot.sceneBoundingRect() for spot in view.scene.target_spots.values()]

    def clear_name(pid: str) -> bool:
        middle = view.scene.names[pid].sceneBoundingRect().center()
        return not any(rect.contains(middle) for rect in spots)

    target = next(pid for pid in sorted(lit) if pid in state.board.index and clear_name(pid))
    name = view.scene.names[target]
    click_board(view, qtbot, name.sceneBoundingRect().center())
    # Then nothing is placed, my army stays chosen, and the status bar says why
    assert list(state.history) == history
    assert view.tree is not None and view.tree.chosen == chosen
    message = window.statusBar().currentMessage()
    assert message.startswith("Nothing placed") or "cannot go" in message
    # And a click out at sea does nothing either
    sea = view.scene.sceneRect().topRight() + QPointF(-view.scene.unit * 2, view.scene.unit * 2)
    click_board(view, qtbot, sea)
    assert list(state.history) == history and view.tree.chosen == chosen


def test_stepping_a_resolution_changes_the_board_and_the_log_tells_it(
    window, qtbot, every_step_waits
) -> None:
    # Given a game against bots, played to the first resolution
    start(window, seed=7)
    to_my_placement(window, qtbot)
    play_to_steps(window, qtbot, random.Random(4))
    screen = window.game_screen
    view = view_of(window)
    # Then step 1 shows every token face up, and its lines are in the log, the next
    # steps' lines not yet
    assert screen.step_title.text().endswith("1. Reveal")
    faces = {key: item.face for key, item in view._token_items.items()}
    assert faces and all(face is not None for face in faces.values())
    log = window.controller.log_texts()
    assert any(line.startswith("Reveal — ") for line in log)
    assert not any(line.startswith(("Bluffs — ", "Battle — ")) for line in log)
    # When I step on to the battles
    boards = []
    while "5. Battles" not in screen.step_title.text():
        boards.append(set(view._token_items))
        qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
    # Then the battles' totals are drawn at their provinces, the tokens have left the
    # board, and the battles are in the log, with their step, not before
    assert view.overlay.battle_items
    assert not view._token_items
    assert boards[0] != set(view._token_items)
    log = window.controller.log_texts()
    assert any(line.startswith("Battle — ") for line in log)
    # When the resolution is over
    while screen.step_box.isVisible():
        qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
    log = window.controller.log_texts()
    # Then the log names tokens and places as a player would: no internal serials
    assert not any("#" in line for line in log)
    assert any(line.startswith("Next round — For you: ") for line in log)


def test_a_step_plays_on_the_board_as_an_animation_that_skip_all_ends(window, qtbot) -> None:
    from app.game_controller import animation_ms

    # Given the fast AI pace: animations take a fraction of a second
    window.settings.set_ai_pace("fast")
    window._on_pace_chosen("fast")
    start(window, seed=7)
    view = view_of(window)
    assert view.animation_ms == animation_ms(250) > 0
    # (the computer seats play at once here; the board keeps the fast pace's animations)
    window.controller.ai_delay_ms = 0
    view.animation_ms = animation_ms(250)
    to_my_placement(window, qtbot)
    play_to_steps(window, qtbot, random.Random(4))
    # Then the reveal is animated (Qt's animation framework), then stands still
    assert view.animating()
    qtbot.waitUntil(lambda: not view.animating(), timeout=5000)
    # When I skip all in the middle of the next step's animation
    qtbot.mouseClick(window.game_screen.continue_button, Qt.LeftButton)
    assert view.animating()
    qtbot.mouseClick(window.game_screen.skip_button, Qt.LeftButton)
    # Then the animation stops and the board shows the game as it is now
    assert not view.animating()
    state = window.session.state
    assert fills(window) == owner_colours(state)
    assert window.game_screen.step_title.wordWrap()  # step titles wrap, never cut


def test_the_last_move_of_each_computer_seat_is_ringed_and_log_lines_show_their_place(
    window, qtbot
) -> None:
    start(window)
    to_my_placement(window, qtbot)
    rng = random.Random(3)
    decide(window, qtbot, rng, prefer=(HAND, PLACE))
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
    scene = view_of(window).scene
    # Then each computer seat that placed a token has its place ringed, dashed white (a
    # ring of its colour would read as its owning the place), the ring naming the clan
    rings = scene.marks("last")
    state = window.session.state
    clans = {narrate.clan_name(state, p) for p in (1, 2)}
    coloured = {ring.pen().color().name() for ring in rings if ring.pen().color().alpha() == 255}
    assert rings and coloured == {QColor(LAST_MOVE).name()}
    assert all(ring.pen().dashPattern() for ring in rings if ring.pen().color().alpha() == 255)
    assert {ring.toolTip().partition("'s last move")[0] for ring in rings} <= clans
    # When I click a log line that happened somewhere
    log = window.game_screen.log
    row = next(i for i in range(log.count()) if log.item(i).data(Qt.UserRole + 1))
    item = log.item(row)
    log.scrollToItem(item)
    qtbot.mouseClick(log.viewport(), Qt.LeftButton, pos=log.visualItemRect(item).center())
    # Then its places flash on the board
    assert scene.marks("flash")


def test_a_reloaded_save_shows_its_whole_log(window, qtbot, tmp_path) -> None:
    # Given a game played into round 2 and saved
    start(window, seed=9)
    to_my_placement(window, qtbot)
    play_to_steps(window, qtbot, random.Random(5))
    qtbot.mouseClick(window.game_screen.skip_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=30000)
    told = window.controller.log_texts()
    assert len(told) > 20
    path = tmp_path / "game.json"
    window.session.save(path)
    window.close_game()
    # When it is loaded again
    assert window.load_game(str(path))
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=30000)
    # Then the log tells the same story, from the first objective to now
    assert window.controller.log_texts()[: len(told)] == told
    assert window.game_screen.log.count() >= len(told)


def test_text_and_panels_grow_with_the_window_and_nothing_is_cut(window, qtbot) -> None:
    # Given a game in a 1280 × 720 window
    window.resize(1280, 720)
    start(window)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
    screen = window.game_screen
    view = view_of(window)
    qtbot.wait(50)
    small = (screen.side.width(), screen.font().pointSizeF(), view.prompt.font().pointSizeF())
    icon = next(iter(view.hand_buttons.values())).iconSize().width()
    # When the window grows to 2560 × 1440
    window.resize(2560, 1440)
    qtbot.waitUntil(lambda: screen.ui_scale > 1.9, timeout=5000)
    qtbot.wait(50)
    # Then the side panel, the text and the hand grow with it
    assert screen.side.width() >= small[0] * 1.8
    assert screen.font().pointSizeF() >= small[1] * 1.9
    assert view.prompt.font().pointSizeF() >= small[2] * 1.9
    assert next(iter(view.hand_buttons.values())).iconSize().width() >= icon * 1.9
    # And every player shows without scrolling, at either size
    for size in ((1280, 720), (2560, 1440)):
        window.resize(*size)
        qtbot.wait(50)
        players = screen.players
        rows = sum(players.visualItemRect(players.item(i)).height() for i in range(players.count()))
        assert rows <= players.viewport().height() + 1
