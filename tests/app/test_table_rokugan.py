"""Battle for Rokugan's table at 1280 × 720: the score in view, the lit spots seen on every
fill, marks that never read as ownership."""

from __future__ import annotations

import math
import random

import pytest

from app.games import game_ui
from engine.rokugan import scoring

maps_api = pytest.importorskip("maps.api")


def random_game(seed: int, decisions: int, players: int = 4):
    """A game of `players` clans after `decisions` random decisions."""
    from engine.registry import get_game

    state = get_game("rokugan").new_game(players, seed, {}, maps_api.load_graph("rokugan"))
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("decisions", [0, 60, 10_000])
def test_each_clans_honor_is_in_the_players_panel(decisions: int) -> None:
    # Given a game at its start, in its second round, and over
    state = random_game(3, decisions)
    ui = game_ui("rokugan")
    for p in range(state.n):
        # When the Players panel words a clan's standing
        status = ui.player_status(state, p)
        # Then it leads with the engine's honor: all of it at the end, else all but the
        # secret objective (nobody else may count it)
        parts = scoring.honor_breakdown(state, p)
        shown = state.honor()[p] if state.is_terminal() else sum(parts) - parts[scoring.OBJECTIVE]
        assert status.startswith(f"{shown} honor · "), (status, parts)
    assert state.is_terminal() == (decisions == 10_000)


def board_fills(geometry) -> dict[str, str]:
    """Every colour a lit place can sit on: each clan's and player's fill of the three
    games, the unheld province, the sea and the map's territory bands."""
    from app.board.scene import SEA
    from app.palette import (
        NEUTRAL,
        RICEWARS_BLESSED,
        RICEWARS_FIELDS,
        RICEWARS_PADDY,
        ROKUGAN_CLANS,
        SHINOBI_CLANS,
        SHINOBI_SEATS,
    )

    fills = {f"rokugan {c}": i.colour for c, i in ROKUGAN_CLANS.items()}
    fills |= {f"rice wars {c}": colour for c, colour in RICEWARS_FIELDS.items()}
    fills |= {f"shinobi {i.name}": i.colour for i in SHINOBI_CLANS}
    fills |= {f"shinobi seat {n}": colour for n, colour in enumerate(SHINOBI_SEATS)}
    fills |= {"unheld": NEUTRAL, "paddy": RICEWARS_PADDY, "blessed": RICEWARS_BLESSED}
    fills |= {"sea": SEA.name()}
    fills |= {f"territory {t.id}": t.colour for t in geometry.mapfile.territories if t.colour}
    return fills


def test_a_lit_place_shows_on_every_fill_in_every_vision(rokugan_geometry) -> None:
    from app.palette import LIT_CORE, LIT_HALO, LIT_RING, VISIONS, contrast_seen

    # Given every fill of every board, seen in normal vision and with colour blindness
    fills = board_fills(rokugan_geometry)
    assert len(fills) > 20
    for vision in VISIONS:
        # Then the ring of a lit place stands out from its core and its halo
        assert contrast_seen(LIT_RING, LIT_CORE, vision) >= 4.5
        assert contrast_seen(LIT_RING, LIT_HALO, vision) >= 4.5
        for name, fill in fills.items():
            # And on each fill its ring or its halo contrasts at least 3:1 (WCAG's for
            # graphics), where the old pale gold on Lion's gold did not
            seen = max(contrast_seen(LIT_RING, fill, vision), contrast_seen(LIT_HALO, fill, vision))
            assert seen >= 3.0, (name, fill, vision, seen)
    assert contrast_seen("#ffec6e", fills["rokugan lion"]) < 1.5


def test_marks_never_read_as_ownership_and_cancel_stays_put(window, qtbot) -> None:
    from PySide6.QtCore import QSize, Qt

    from app.games.rokugan.picks import HAND, PLACE, Pick
    from app.games.rokugan.view import LEGEND
    from app.palette import LAST_MOVE, LIT_CORE, rokugan_clan
    from app.session import AI, HUMAN, NewGameConfig, Seat
    from engine.rokugan.state import PH_PLACE
    from tests.app.rokugan_driver import click_pick, view_of

    # Given a game against Lion at 1280 × 720, my first control token to place
    window.resize(QSize(1280, 720))
    seats = (Seat(HUMAN, choice="crab"), Seat(AI, "random", choice="lion"))
    assert window.start_game(NewGameConfig("rokugan", seats, seed=3))
    view = view_of(window)
    scene = view.scene
    state = window.session.state

    def my_provinces() -> list[str]:
        qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
        return [p for p in view.tree.options_of(PLACE) if p in state.board.index]

    while not my_provinces():
        click_pick(window, qtbot, view.tree.options()[0])  # my objective
    provinces = my_provinces()
    # Then the provinces I may choose are outlined in gold, none of them tinted
    lit = scene.marks("lit")
    assert lit and {item.pen().color().name() for item in lit} >= {LIT_CORE}
    assert not any(glow.isVisible() for glow in scene.highlights.values())
    # When Lion's last move is marked
    lion = rokugan_clan("lion").colour
    view.set_last_actions({1: (lion, (provinces[0],), "Lion's last move: …")})
    # Then it is a dashed white outline, never a band of Lion's gold
    pens = [item.pen() for item in scene.marks("last")]
    assert pens and all(pen.color().name() != lion for pen in pens)
    assert any(pen.color().name() == LAST_MOVE and pen.dashPattern() for pen in pens)
    # And the legend one hover away names every mark, and the keys
    tip = view.legend.toolTip()
    assert tip.startswith(LEGEND) and "last move" in LEGEND and "Gold" in LEGEND
    assert "Enter or Space" in tip and "Esc" in tip
    # When I reach a placement and choose an army, then cancel it with Esc
    while not (state.phase == PH_PLACE and window.controller.human_to_act):
        qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
        if state.phase != PH_PLACE:
            click_pick(window, qtbot, view.tree.options()[0])
    cancel = view.cancel_button
    where = cancel.geometry()
    assert not cancel.isEnabled() and cancel.toolTip()
    army = next(v for v in view.tree.options_of(HAND) if v.startswith("army"))
    click_pick(window, qtbot, Pick(HAND, army))
    # Then Cancel was there all along, in the same place, now enabled
    assert view.cancel_button is cancel and cancel.geometry() == where and cancel.isEnabled()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    qtbot.keyClick(window.focusWidget() or view, Qt.Key_Escape)
    assert not view.tree.chosen and not cancel.isEnabled()


def lit_spot_sizes(view) -> list[tuple[float, float]]:
    """(pixels across, pixels moved from where the layout put it) of each lit place."""
    scene, px = view.scene, view.board.transform().m11()
    spots = [s for s in (*scene.centre_spots.values(), *scene.target_spots.values())]
    return [
        (
            2 * spot.radius * spot.scale() * px,
            math.dist(spot.pos().toTuple(), spot.home.toTuple()) * px,
        )
        for spot in spots
        if spot.isVisible()
    ]


def test_lit_places_are_big_enough_to_hit_at_1280x720(window, qtbot) -> None:
    from PySide6.QtCore import QSize

    from app.board.view import LEAST_SPOT_PX, SPREAD
    from app.games.rokugan.picks import HAND, Pick
    from app.session import AI, HUMAN, NewGameConfig, Seat
    from engine.rokugan.state import PH_PLACE
    from tests.app.rokugan_driver import click_pick, view_of

    # Given my first placement of a four-clan game in a 1280 × 720 window, the map fitted
    window.resize(QSize(1280, 720))
    seats = (Seat(HUMAN, choice="crab"), *(Seat(AI, "random") for _ in range(3)))
    assert window.start_game(NewGameConfig("rokugan", seats, seed=11))
    view = view_of(window)
    state = window.session.state
    while not (state.phase == PH_PLACE and window.controller.human_to_act):
        qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
        if state.phase != PH_PLACE:
            click_pick(window, qtbot, view.tree.options()[0])
    sizes = []
    # When I choose each token of my hand in turn
    for label in view.tree.options_of(HAND):
        click_pick(window, qtbot, Pick(HAND, label))
        sizes += lit_spot_sizes(view)
        view._on_cancel()
    # Then every lit place is 24 pixels across or more: where two stand closer (arrows at
    # a corner of three provinces, 9 pixels across before), they move apart, each by less
    # than its own disc's width, so its arrow still sits on its border
    assert len(sizes) > 50
    small = [size for size in sizes if size[0] < LEAST_SPOT_PX - 0.1]
    assert not small, small
    assert max(moved for _, moved in sizes) <= SPREAD * LEAST_SPOT_PX / 2 + 0.1
    assert any(moved > 1 for _, moved in sizes)


def controls(view) -> dict[str, tuple]:
    """Every control of the decision now: (kind, place in the window) by its text."""
    widgets = [view.cancel_button, *view.choice_buttons, *view.hand_buttons.values()]
    window = view.window()
    return {
        f"{type(w).__name__} {w.text()}": (type(w).__name__, w.mapTo(window, w.rect().topLeft()))
        for w in widgets
        if w.isVisible()
    }


def test_no_control_moves_or_changes_kind_between_two_clicks_of_a_decision(window, qtbot) -> None:
    from PySide6.QtCore import QSize

    from app.games.rokugan.picks import END
    from app.session import AI, HUMAN, NewGameConfig, Seat
    from tests.app.rokugan_driver import click_pick, view_of

    # Given a game against one clan at 1280 × 720, its first round played by clicks at random
    window.resize(QSize(1280, 720))
    seats = (Seat(HUMAN, choice="crab"), Seat(AI, "random"))
    assert window.start_game(NewGameConfig("rokugan", seats, seed=8))
    window.controller.ai_delay_ms = 0
    view = view_of(window)
    screen = window.game_screen
    rng = random.Random(8)
    clicks = several = 0
    while clicks < 24:
        qtbot.waitUntil(
            lambda: window.controller.human_to_act or screen.step_box.isVisible(), timeout=20000
        )
        if screen.step_box.isVisible():
            screen.skip_button.click()
            continue
        # When I make one decision, click by click
        start = len(window.session.state.history)
        made = 0
        while len(window.session.state.history) == start and view.tree is not None:
            before = controls(view)
            options = [p for p in view.tree.options() if p.kind != END] or view.tree.options()
            click_pick(window, qtbot, rng.choice(options))
            clicks += 1
            made += 1
            if len(window.session.state.history) != start or view.tree is None:
                break
            # Then between two clicks every control is where it was, of the same kind
            after = controls(view)
            for text, (kind, where) in before.items():
                assert text in after, (text, sorted(after))
                assert after[text] == (kind, where), (text, after[text], where)
        several += made > 1
    assert several > 3, (clicks, several)


def test_a_name_set_beside_its_province_keeps_off_its_neighbours_fills(
    qapp, rokugan_geometry
) -> None:
    from tests.app.test_rokugan_labels import game_scene

    # Given the Rokugan board laid out as the game draws it
    scene = game_scene(rokugan_geometry)
    shapes = rokugan_geometry.shapes
    # When names are set beside their provinces with a leader line
    apart = [(pid, b) for pid, b in scene.layout.blocks.items() if b.leader is not None]
    assert apart
    # Then they lie over other provinces' fills (read as theirs) as little as the room
    # left allows: Mizuhara's over the sea, not over Kagemori (as it was: 58 %)
    over = {}
    for pid, block in apart:
        box = block.name.polygon()
        over[pid] = sum(
            box.intersection(shape).area / box.area
            for other, shape in shapes.items()
            if other != pid and shape is not None
        )
    assert sum(over.values()) < 1.6, over
    assert over.get("CRANE_3", 0.0) < 0.1, over
    # And each lies on an opaque label of its own, above every fill and under its letters,
    # so that even over a neighbour (Kagemori's, Nagareishi's) it never reads as theirs; a
    # line runs from the label into its province
    for pid, block in apart:
        label = scene.callouts[pid]
        name = scene.names[pid]
        assert label.brush().color().alpha() == 255
        assert label.sceneBoundingRect().contains(name.sceneBoundingRect().center())
        box = block.name
        assert label.path().boundingRect().width() >= 2 * box.hw
        fills = [item.zValue() for item in scene.province_items.values()]
        assert max(fills) < label.zValue() < name.zValue()
        assert (
            scene.province_items[pid].path().contains(scene.leaders[pid].path().currentPosition())
        )
        assert scene.key_at(label) == ("province", pid)


def test_the_board_takes_most_of_a_1280x720_window(window, qtbot) -> None:
    from PySide6.QtCore import QSize

    from app.session import AI, HUMAN, NewGameConfig, Seat
    from tests.app.rokugan_driver import view_of

    # Given a four-clan game in a 1280 × 720 window
    window.resize(QSize(1280, 720))
    seats = (Seat(HUMAN, choice="crab"), *(Seat(AI, "random") for _ in range(3)))
    assert window.start_game(NewGameConfig("rokugan", seats, seed=11))
    view = view_of(window)
    qtbot.waitUntil(lambda: view.beside and view.controls.isVisible(), timeout=5000)
    qtbot.wait(20)
    board = view.board
    viewport = board.viewport().rect()
    # Then the board's viewport is at least 65 % of the window: what is left of it once
    # the menu and status bars (about 7 %) and the players and log panel (290 of 1280
    # pixels, about 23 %) have their room, less a few margins; the prompt and the hand
    # lie over the board's right edge instead of taking a column of their own (as they did:
    # 49 %)
    share = viewport.width() * viewport.height() / (window.width() * window.height())
    assert share >= 0.65, share
    # And the map, fitted, keeps beside them: none of it under the prompt and the hand
    controls = view.controls.geometry()
    covered = board.viewport().mapFrom(view, controls.topLeft()).x()
    drawn = board.mapFromScene(view.scene.sceneRect()).boundingRect()
    assert drawn.left() >= 0 and drawn.right() <= covered, (drawn, covered)
    assert board.cover >= controls.width()
    # And a tall map takes the board's whole height (the round's line sits over the hand)
    assert drawn.height() >= 0.97 * viewport.height(), (drawn, viewport)
    assert view.controls.isAncestorOf(view.info)
    # And the column over it holds its prompt, buttons and hand whole
    assert view.controls.layout().sizeHint().height() <= view.controls.height()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_players_panel_never_cuts_a_line_at_1280x720(window, qtbot, language) -> None:
    from PySide6.QtCore import QRect, QSize, Qt
    from PySide6.QtGui import QFontMetrics

    from app import i18n
    from app.session import AI, HUMAN, NewGameConfig, Seat

    # Given a five-clan game in a 1280 × 720 window, one player with a long name, in
    # English and in German (longer words)
    i18n.set_language(language)
    try:
        window.resize(QSize(1280, 720))
        seats = (
            Seat(HUMAN, name="Aiko Yamamoto-Takahashi", choice="crab"),
            *(Seat(AI, "random") for _ in range(4)),
        )
        assert window.start_game(NewGameConfig("rokugan", seats, seed=2))
        qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
        qtbot.wait(30)
        players = window.game_screen.players
        assert players.count() == 5
        # Then every player shows whole: the list never scrolls, each line of each player
        # has the room it needs at the panel's width, none runs past the edge
        assert players.verticalScrollBar().maximum() == 0
        assert players.horizontalScrollBar().maximum() == 0
        viewport = players.viewport().rect()
        metrics = QFontMetrics(players.font())
        icon = players.iconSize().width()
        for row in range(players.count()):
            item = players.item(row)
            rect = players.visualItemRect(item)
            room = QRect(0, 0, rect.width() - icon - 8, 10_000)
            needed = metrics.boundingRect(room, Qt.TextWordWrap, item.text())
            assert rect.height() >= needed.height(), (item.text(), rect, needed)
            assert needed.width() <= room.width(), item.text()
            assert rect.top() >= viewport.top() and rect.bottom() <= viewport.bottom()
    finally:
        i18n.set_language("en")


def test_every_token_face_is_16_pixels_across_at_1280x720(window, qtbot) -> None:
    from PySide6.QtCore import QSize

    from app.games.rokugan.view import LEAST_TOKEN_PX
    from app.session import AI, HUMAN, NewGameConfig, Seat
    from tests.app.rokugan_driver import decide, view_of

    # Given a four-clan game in a 1280 × 720 window, the map fitted
    window.resize(QSize(1280, 720))
    seats = (Seat(HUMAN, choice="crab"), *(Seat(AI, "random") for _ in range(3)))
    assert window.start_game(NewGameConfig("rokugan", seats, seed=11))
    window.controller.ai_delay_ms = 0
    view = view_of(window)
    screen = window.game_screen
    rng = random.Random(11)

    def faces() -> list[tuple[float, str]]:
        px = view.board.transform().m11()
        items = view._token_items.items()
        return [(2 * item.radius * item.scale() * px, key) for key, item in items]

    # When the first round's tokens are placed, then revealed in its resolution
    seen = []
    while not screen.step_box.isVisible():
        qtbot.waitUntil(
            lambda: window.controller.human_to_act or screen.step_box.isVisible(), timeout=20000
        )
        if not screen.step_box.isVisible():
            decide(window, qtbot, rng)
            seen += faces()
    qtbot.waitUntil(lambda: not view.animating(), timeout=5000)
    seen += faces()
    # Then every token, on a border as short as the layout's least (6 pixels before) or
    # in a crowd in a province, a Blessing on its token too, is 16 pixels across or more
    assert len(seen) > 40
    small = [face for face in seen if face[0] < LEAST_TOKEN_PX - 0.1]
    assert not small, small


def test_a_hand_of_seven_kinds_shows_whole_in_the_column_at_1280x720(qtbot, parsed_maps) -> None:
    from pathlib import Path

    from app.games import game_ui
    from app.session import HUMAN, GameSession, Seat
    from maps.api import shipped_map_path

    # Given a five-clan game where the clan to play holds seven kinds of token, shown in
    # the play area a 1280 × 720 window gives the view
    state = random_game(3, 153, players=5)
    me = state.current_player()
    labels = {state.label(me, t) for t, loc in enumerate(state.observation(me).own_loc) if loc == 1}
    assert len(labels) == 7, labels
    session = GameSession(state, [Seat(HUMAN) for _ in range(5)], Path(shipped_map_path("rokugan")))
    view = game_ui("rokugan").create_view()
    qtbot.addWidget(view)
    view.resize(985, 690)
    view.show()
    view.show_state(session, me, True)
    qtbot.waitUntil(lambda: view.beside and all(b.isVisible() for b in view.hand_buttons.values()))
    # Then every token of the hand lies whole inside the column over the board (smaller
    # where five rows of full size would run past its bottom)
    column = view.controls.rect()
    for label, button in view.hand_buttons.items():
        corner = button.mapTo(view.controls, button.rect().topLeft())
        assert column.contains(button.rect().translated(corner)), label
    assert len(view.hand_buttons) == 7
    assert view.controls.layout().sizeHint().height() <= column.height()
    assert view.hand_buttons["bluff"].iconSize().width() < 54
