"""Rice Wars at the table on a 1280 × 720 screen: controls that stay put through a
decision, nothing cut, every decision by keyboard, the score in view.

The view is shown at the size the game screen gives it at 1280 × 720; random games are
walked through its widgets (clicks on fields, cards, buttons, the troop and bid boxes).
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from app.games import game_ui
from app.games.ricewars.choices import decision_key
from app.games.ricewars.picks import BID, BUTTON, CARD, FIELD, Pick
from app.session import HUMAN, GameSession, Seat
from engine.ricewars import actions as A
from engine.ricewars.state import ACTION, HIRE, RiceWarsState

pytest.importorskip("maps.api")

VIEW_SIZE = (960, 660)  # the play area beside the side panel in a 1280 × 720 window


@pytest.fixture(params=["en", "de"])
def lang(request: pytest.FixtureRequest):  # noqa: ANN201
    """The program in English, then in German (longer words); English again after. Ask
    for it after `window`, which speaks the settings' language when made."""
    from app.widgets.language import apply_language

    apply_language(request.param)
    yield request.param
    apply_language("en")


def new_state(players: int, seed: int, board: str = "ricewars-quick") -> RiceWarsState:
    from engine.registry import get_game
    from maps.api import load_graph

    return get_game("ricewars").new_game(players, seed, {}, load_graph(board))


def skip_to(state: RiceWarsState, rng: random.Random, steps: int) -> None:
    """Play `steps` random actions (attacks and hiring preferred) without the view."""
    for _ in range(steps):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        keen = [a for a in legal if isinstance(a, (A.Attack, A.Hire, A.Bonus, A.Pay))]
        state.apply(rng.choice(keen) if keen and rng.random() < 0.6 else rng.choice(legal))


def table(qtbot, state: RiceWarsState, board: str = "ricewars-quick"):  # noqa: ANN201
    """A hot-seat session of people named Anna, Ben, … and its view at 1280 × 720's size."""
    from maps.api import shipped_map_path

    names = ["Anna", "Ben", "Chiyo", "Daisuke", "Emi"]
    seats = [Seat(HUMAN, name=names[s]) for s in range(state.seats)]
    session = GameSession(state, seats, shipped_map_path(board))
    view = game_ui("ricewars").create_view()
    qtbot.addWidget(view)
    view.resize(*VIEW_SIZE)
    view.show()
    chosen: list = []
    view.action_chosen.connect(chosen.append)
    return session, view, chosen


def press(view, qtbot, pick: Pick) -> None:  # noqa: ANN001
    """Make one pick as a person would: a field, a card, a button or box of the row."""
    if pick.kind == FIELD:
        view.board.click_scene_point(view.place_point(pick.value))
    elif pick.kind == CARD:
        qtbot.mouseClick(view.card_buttons[pick.value], Qt.LeftButton)
    else:
        qtbot.mouseClick(view.choice_box.press(pick), Qt.LeftButton)


def controls(view) -> list[tuple[str, str, tuple[int, int, int, int]]]:  # noqa: ANN001
    """The row's controls as (kind, text, geometry); the troop button's strength apart."""
    out = []
    for kind, text, rect in view.choice_box.controls():
        if text.startswith(("Attack ·", "Defend ·")):  # its strength follows the boxes
            text = text.split(" ·")[0]
        out.append((kind, text, (rect.x(), rect.y(), rect.width(), rect.height())))
    return out


def walk(qtbot, session, view, chosen, rng: random.Random, decisions: int):  # noqa: ANN001, ANN201
    """Make `decisions` picks through the widgets; yield (key, controls) before each."""
    state = session.state
    for _ in range(decisions):
        if state.is_terminal():
            return
        me = state.current_player()
        if view.tree is None or not view.tree.chosen:
            view.show_state(session, me, True)
        options = view.tree.options()
        yield decision_key(state, me), controls(view)
        keen = [p for p in options if p.kind != BUTTON or p.value not in ("done", "pass")]
        pick = rng.choice(keen if keen and rng.random() < 0.8 else options)
        if pick.kind == BID:
            pick = Pick(BID, str(rng.choice([int(p.value) for p in options])))
        press(view, qtbot, pick)
        if chosen:
            session.apply(chosen.pop())
            view.show_state(session, state.current_player(), True)


@pytest.mark.parametrize(
    ("players", "seed", "skip", "board"),
    [(3, 2, 60, "ricewars-quick"), (4, 5, 150, "ricewars-quick"), (5, 9, 250, "ricewars-epic")],
)
def test_no_control_moves_or_changes_kind_between_two_clicks_of_a_decision(
    qtbot, players: int, seed: int, skip: int, board: str
) -> None:
    # Given random games at 1280 × 720, walked click by click through the widgets
    state = new_state(players, seed, board)
    rng = random.Random(seed)
    skip_to(state, rng, skip)
    session, view, chosen = table(qtbot, state, board)
    seen_kinds = set()
    previous = None
    compared = 0
    for key, row in walk(qtbot, session, view, chosen, rng, 160):
        seen_kinds.add(key[0])
        # Then within one decision every control keeps its kind, text and place
        if previous is not None and previous[0] == key:
            assert row == previous[1], f"the row moved within {key}"
            compared += 1
        previous = (key, row)
        # and nothing in the row is cut or off the row's right edge
        width = view.choice_box.width()
        assert view.choice_box.row.minimumSize().width() <= width, row
        for button in view.choice_box.findChildren(QPushButton):
            if button.isVisible():
                words = button.fontMetrics().horizontalAdvance(button.text())
                assert button.width() >= words + 8, button.text()
                assert button.geometry().right() <= width, button.text()
                # a disabled control says why on hover
                assert button.isEnabled() or button.toolTip(), button.text()
    assert compared >= 10 and {HIRE, ACTION} <= seen_kinds


def test_hiring_keeps_hire_peasant_disabled_with_the_reason_when_the_supply_is_out(
    qtbot,
) -> None:
    # Given a hiring turn in round 2
    state = new_state(3, 1)
    rng = random.Random(1)
    while not (state.phase == HIRE and state.round == 2):
        skip_to(state, rng, 1)
    me = state.current_player()
    session, view, chosen = table(qtbot, state)
    view.show_state(session, me, True)
    before = controls(view)
    # When the player's peasant supply runs out
    state.supply[me] = 0
    view.show_state(session, me, True)
    # Then "Hire peasant" is still there, in its place, disabled with the reason
    button = view.choice_box.buttons["hire peasant"]
    assert not button.isEnabled() and "No peasant left" in button.toolTip()
    assert controls(view) == before
    # and Done hiring stands at the row's right end, where it stood
    assert view.choice_box.buttons["done"].geometry() == next(
        b.geometry() for b in view.choice_box.buttons.values() if b.text() == "Done hiring"
    )
    assert not chosen


def test_a_hiring_row_with_the_two_longest_advisors_fits_five_daimyo(lang, qtbot) -> None:
    from engine.ricewars.data import ADVISORS

    # Given a 5-player hiring turn owing the upkeep of the two advisors of longest name
    state = new_state(5, 7, "ricewars-epic")
    rng = random.Random(7)
    while not (state.phase == HIRE and state.round == 2):
        skip_to(state, rng, 1)
    me = state.cur
    longest = sorted(range(len(ADVISORS)), key=lambda a: -len(ADVISORS[a].name))[:2]
    state.held[me] = [(a, 2) for a in longest]
    state.adv_due[me] = list(longest)
    session, view, _chosen = table(qtbot, state, "ricewars-epic")
    view.show_state(session, me, True)
    row = view.choice_box
    # Then the whole row fits the 1280 × 720 play area, each button's words whole
    assert row.row.minimumSize().width() <= row.width()
    for a in longest:
        button = row.buttons[f"pay {ADVISORS[a].id}"]
        assert button.isEnabled() and ADVISORS[a].name.split()[0] in button.text()
        assert button.width() >= button.fontMetrics().horizontalAdvance(button.text()) + 8


def test_an_attack_keeps_its_troop_boxes_and_cancel_in_place(qtbot) -> None:
    # Given an action turn in which an enemy peasant can be attacked
    state = new_state(3, 2)
    rng = random.Random(2)
    for _ in range(3000):
        if state.phase == ACTION and any(isinstance(a, A.Attack) for a in state.legal_actions()):
            break
        skip_to(state, rng, 1)
    me = state.current_player()
    session, view, chosen = table(qtbot, state)
    view.show_state(session, me, True)
    row = view.choice_box
    # Then before any field is clicked the troop boxes and Cancel are there, disabled
    assert row.troop_button is not None and not row.troop_button.isEnabled()
    assert "lit field" in row.troop_button.toolTip()
    assert row.cancel is not None and not row.cancel.isEnabled()
    before = controls(view)
    # When the enemy peasant is clicked
    attack = next(a for a in state.legal_actions() if isinstance(a, A.Attack))
    press(view, qtbot, Pick(FIELD, attack.field))
    # Then the same controls stand in the same places, the troop button and Cancel enabled
    assert [c[::2] for c in controls(view)] == [c[::2] for c in before]
    assert row.cancel.isEnabled()
    # When Cancel is pressed the choice is taken back, still nothing moves
    qtbot.mouseClick(row.cancel, Qt.LeftButton)
    assert view.tree.chosen == [] and controls(view) == before
    # When the attack is made with the troops set in the boxes, it is the action chosen
    press(view, qtbot, Pick(FIELD, attack.field))
    press(view, qtbot, Pick(BUTTON, f"a{attack.ashigaru} r{attack.ronin}"))
    assert chosen == [attack]


def fights_told(seed: int, players: int = 3):  # noqa: ANN201
    """(before, action, after, player) of a random game's actions that end a fight."""
    state = new_state(players, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        before = state.clone()
        player = state.current_player()
        legal = state.legal_actions()
        keen = [a for a in legal if isinstance(a, (A.Attack, A.Hire, A.Bonus))]
        action = rng.choice(keen) if keen and rng.random() < 0.6 else rng.choice(legal)
        state.apply(action)
        if before.fight is not None and state.fight is None:
            yield before, action, state.clone(), player


def test_a_fight_between_others_plays_on_and_ones_own_waits_for_continue() -> None:
    from app.games.base import PUBLIC
    from app.games.ricewars import story

    checked = 0
    for before, action, after, player in fights_told(seed=3):
        fight = before.fight
        sides = {fight["att"], fight["dfn"]}
        # Given a finished fight, told to each seat and to the hot seat's public screen
        for viewer in (*range(after.seats), PUBLIC):
            steps = [b.step for b in story.story(before, action, after, player, viewer) if b.step]
            fighting = [s for s in steps if s.payload.fight is not None]
            # Then its steps play on by themselves only for a seat that does not fight
            for step in fighting:
                assert step.plays_on == (viewer >= 0 and viewer not in sides)
            checked += len(fighting)
    assert checked > 5


def test_income_auction_results_the_draw_and_the_end_play_on_for_everybody() -> None:
    from app.games.base import PUBLIC
    from app.games.ricewars import story

    # Given a whole random game, each action's steps told to every seat and the public
    state = new_state(3, 8)
    rng = random.Random(8)
    titles = set()
    while not state.is_terminal():
        before, player = state.clone(), state.current_player()
        skip_to(state, rng, 1)
        action = state.history[-1]
        for viewer in (*range(state.seats), PUBLIC):
            for beat in story.story(before, action, state.clone(), player, viewer):
                step = beat.step
                if step is None or step.payload.fight is not None:
                    continue
                # Then a step without a fight (nobody decides there) plays on by itself
                assert step.plays_on, step.title
                titles.add(step.title.split()[0])
    assert {"Round", "Auction", "Game"} <= titles


def test_the_players_panel_counts_the_fields_of_the_step_shown() -> None:
    from app.games.base import EVERYTHING
    from app.games.ricewars import story

    ui = game_ui("ricewars")
    checked = ahead = 0
    for before, action, after, player in fights_told(seed=4):
        steps = [b.step for b in story.story(before, action, after, player, EVERYTHING) if b.step]
        for step in steps:
            show = step.payload
            if show.fight is None or step.state is None:
                continue
            # Given a fight's step: the board it shows, before or after its result
            board = show.after or show.board
            for s in range(after.seats):
                # Then the Players panel's line counts that board's fields, not the game's
                fields = bin(board.own(s)).count("1")
                assert ui.player_status(step.state, s).startswith(f"{fields} field")
                checked += 1
                ahead += fields != after.fields_of(s)
    assert checked > 5 and ahead  # some steps show a board the game has left behind


def test_continue_stays_in_one_place_and_fights_of_others_play_on(window, qtbot) -> None:
    from PySide6.QtCore import QPoint

    from app.session import AI, NewGameConfig
    from tests.app.test_ricewars_game import decide

    # Given Anna and two computer players at 1280 × 720, the AI pace instant
    window.resize(1280, 720)
    seats = (Seat(HUMAN, name="Anna"), Seat(AI, "easy"), Seat(AI, "easy"))
    window.start_game(NewGameConfig("ricewars", seats, "ricewars-quick", 4))
    screen, controller = window.game_screen, window.controller
    state = window.session.state
    rng = random.Random(4)
    places: set[tuple[int, int]] = set()
    titles: list[str] = []

    def showing():  # noqa: ANN202 - the step on the screen
        entry, index = controller._steps[0]
        beats = entry.beats.get(0) or []
        return beats[index].step if index < len(beats) else None

    def ready() -> bool:
        while screen.step_box.isVisible() and controller._steps:
            step = showing()
            if step is not None and step.plays_on:
                return False  # Then a fight of others goes on without a click
            # and Continue stands where it stood at every step Anna confirms
            places.add(tuple(screen.continue_button.mapTo(window, QPoint(0, 0)).toTuple()))
            titles.append(screen.step_title.text())
            qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
        return controller.human_to_act or state.is_terminal()

    # When Anna plays on, confirming every step shown to her (income, her fights, the draw)
    while len(titles) < 5 and not state.is_terminal():
        qtbot.waitUntil(ready, timeout=30000)
        decide(window, qtbot, rng)
    assert len(places) == 1, (titles, places)


def test_steps_nobody_decides_go_on_at_the_pace_and_continue_still_steps_them(
    window, qtbot, monkeypatch
) -> None:
    from PySide6.QtCore import QTimer

    import app.game_controller
    from app.session import AI, NewGameConfig
    from tests.app.test_ricewars_game import decide

    held: list = []  # the "play on" timers of steps shown, fired when the test says so

    class HeldTimer(QTimer):
        @staticmethod
        def singleShot(ms, context, call=None):  # noqa: ANN001, ANN205, N802 - Qt's name
            if getattr(call, "__name__", "") == "<lambda>":
                held.append(call)
            else:
                QTimer.singleShot(ms, context, call)

    monkeypatch.setattr(app.game_controller, "QTimer", HeldTimer)
    # Given Anna and two computer players at 1280 × 720
    window.resize(1280, 720)
    seats = (Seat(HUMAN, name="Anna"), Seat(AI, "easy"), Seat(AI, "easy"))
    window.start_game(NewGameConfig("ricewars", seats, "ricewars-quick", 6))
    screen, controller = window.game_screen, window.controller
    state = window.session.state
    rng = random.Random(6)
    stepped: list[str] = []
    played_on: list[str] = []

    def showing():  # noqa: ANN202 - the step on the screen
        entry, index = controller._steps[0]
        beats = entry.beats.get(0) or []
        return beats[index].step if index < len(beats) else None

    def ready() -> bool:
        while screen.step_box.isVisible() and controller._steps:
            shown, step = controller._steps[0], showing()
            if step is None or not step.plays_on:
                qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
                continue
            # Then a step nobody decides waits for its pace, not for a click
            assert held, step.title
            if step.payload.fight is None and not stepped:
                # When Anna steps it with Continue (the first income), it goes at once
                stepped.append(step.title)
                qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
            else:
                # When the pace's time is up, a step goes on without a click
                played_on.append(step.title)
                for call in [*held]:
                    held.remove(call)
                    call()
            assert not controller._steps or controller._steps[0] is not shown
        return controller.human_to_act or state.is_terminal()

    while not (stepped and played_on) and not state.is_terminal():
        qtbot.waitUntil(ready, timeout=30000)
        decide(window, qtbot, rng)
    # and the step Anna stepped through was a round's income
    assert stepped[0].startswith("Round") and played_on, (stepped, played_on)


def key_pick(view, qtbot, pick: Pick) -> None:  # noqa: ANN001
    """Make one pick with the keyboard only: F to the field and Enter, a card's number,
    Space on a button reached by Tab, numbers typed into the troop and bid boxes."""
    from PySide6.QtWidgets import QAbstractSpinBox

    row = view.choice_box
    if pick.kind == FIELD:
        for _ in range(len(view.tree.options_of(FIELD))):
            qtbot.keyClick(view, Qt.Key_F)
            if view._key_field == pick.value:
                break
        assert view._key_field == pick.value
        qtbot.keyClick(view, Qt.Key_Return)
    elif pick.kind == CARD:
        number = list(view.card_buttons).index(pick.value) + 1
        qtbot.keyClick(view, str(number))
    elif pick.kind == BID or (pick.kind == BUTTON and row.troop_value() is not None
                              and pick.value.split()[-1].startswith("r")):  # fmt: skip
        boxes = [(row.bid_box, pick.value)] if pick.kind == BID else []
        if not boxes:
            a, r = pick.value.split()[-2:]
            boxes = [(row.ashigaru, a[1:]), (row.ronin, r[1:])]
        for box, value in boxes:
            assert box.focusPolicy() & Qt.TabFocus and isinstance(box, QAbstractSpinBox)
            box.setFocus()
            box.selectAll()
            qtbot.keyClicks(box, value)
            assert box.value() == int(value)
        qtbot.keyClick(boxes[-1][0], Qt.Key_Return)
    else:
        button = row.press(pick)
        assert button.focusPolicy() & Qt.TabFocus
        button.setFocus()
        qtbot.keyClick(button, Qt.Key_Space)


def test_every_decision_can_be_made_with_the_keyboard(qtbot) -> None:
    # Given a random game at 1280 × 720 in the action phase
    state = new_state(3, 6)
    rng = random.Random(6)
    skip_to(state, rng, 40)
    session, view, chosen = table(qtbot, state)
    view.activateWindow()
    kinds = set()
    for _ in range(70):
        if state.is_terminal():
            break
        me = state.current_player()
        if view.tree is None or not view.tree.chosen:
            view.show_state(session, me, True)
        options = view.tree.options()
        pick = rng.choice(options)
        if pick.kind == BID:
            pick = Pick(BID, str(rng.choice([int(p.value) for p in options])))
        # When a pick is made with keys only
        before = list(view.tree.chosen)
        key_pick(view, qtbot, pick)
        # Then it is made: the action is chosen, or the pick is added to the choice begun
        if chosen:
            action = chosen.pop()
            assert view.tree.action_for([*before, pick]) == action
            session.apply(action)
            view.show_state(session, state.current_player(), True)
        else:
            assert view.tree.chosen == [*before, pick]
        kinds.add(pick.kind)
    assert {FIELD, BUTTON} <= kinds


def test_the_end_screen_says_the_names_people_entered(window, qtbot) -> None:
    from app.session import AI, NewGameConfig

    # Given Anna against a computer player, and the game played to its end
    seats = (Seat(HUMAN, name="Anna"), Seat(AI, "easy"))
    window.start_game(NewGameConfig("ricewars", seats, "ricewars-quick", 5))
    state = new_state(2, 5)
    skip_to(state, random.Random(5), 6000)
    assert state.is_terminal() and state.winners() == [0]
    window.session.state = state
    # When the results are shown
    window._show_results()
    # Then Anna's row and the title name her ("Anna (Red) wins"); the computer keeps its colour
    end = window.end_screen
    rows = [end.table.verticalHeaderItem(r).text() for r in range(end.table.rowCount())]
    colour = game_ui("ricewars").player_label(state, 0)
    assert rows[0] == f"Anna ({colour})" and rows[1] == game_ui("ricewars").player_label(state, 1)
    assert end.title.text().startswith(f"Anna ({colour}) wins")


def test_the_epic_boards_names_are_9_points_at_fit_zoom_and_each_in_or_by_its_field(
    window, lang, qtbot
) -> None:
    from app.board.scene import NAME_SIZE
    from app.session import AI, NewGameConfig

    # Given five players on the epic board in a 1280 × 720 window, in English and German
    assert window.menuBar().actions()[0].text() == {"en": "&Game", "de": "&Spiel"}[lang]
    window.resize(1280, 720)
    seats = (Seat(HUMAN, name="Anna"), *[Seat(AI, "easy")] * 4)
    window.start_game(NewGameConfig("ricewars", seats, "ricewars-epic", 4))
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=30000)
    view = window.game_screen.view
    scene = view.scene
    zoom = view.board.transform().m11()
    dpi = view.board.logicalDpiY()
    assert len(scene.names) == 59
    for fid, name in scene.names.items():
        # Then every field's name is at least 9 pt on the screen at fit zoom
        pixels = NAME_SIZE * scene.unit * name.scale() * zoom
        assert pixels * 72 / dpi >= 9.0, fid
        # and it stands in its field, or beside it on a leader line
        centre = name.mapToScene(name.childrenBoundingRect().center())
        assert scene.province_items[fid].path().contains(centre) or fid in scene.leaders, fid


def test_a_lit_fields_rim_stands_out_on_every_fill() -> None:
    from app.palette import (
        RICEWARS_BLESSED,
        RICEWARS_FIELDS,
        RICEWARS_LIT,
        RICEWARS_PADDY,
        contrast_ratio,
    )

    # Given every fill a field can have: each daimyo's, the paddy and the blessed gold
    for fill in (*RICEWARS_FIELDS.values(), RICEWARS_PADDY, RICEWARS_BLESSED):
        # Then one of the rim's two lines contrasts with it at least 3:1 (WCAG, graphics)
        assert max(contrast_ratio(line, fill) for line in RICEWARS_LIT) >= 3.0, fill


def test_a_hand_of_the_five_longest_cards_shows_every_word(window, lang, qtbot) -> None:
    from PySide6.QtWidgets import QLabel

    from app.session import AI, NewGameConfig
    from engine.ricewars.data import CARDS

    # Given Anna's turn in a 1280 × 720 window, her hand the five cards of longest effect,
    # in English and German
    assert window.menuBar().actions()[0].text() == {"en": "&Game", "de": "&Spiel"}[lang]
    window.resize(1280, 720)
    seats = (Seat(HUMAN, name="Anna"), Seat(AI, "easy"), Seat(AI, "easy"))
    window.start_game(NewGameConfig("ricewars", seats, "ricewars-quick", 4))
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=30000)
    state = window.session.state
    longest = sorted(range(len(CARDS)), key=lambda c: -len(CARDS[c].text))[:5]
    state.hands[0] = type(state.hands[0])(longest)
    view = window.game_screen.view
    view.show_state(window.session, 0, True)
    qtbot.wait(50)
    # Then every card's words fit its card: nothing cut at the side or the bottom
    assert len(view.card_buttons) == 5
    for button in view.card_buttons.values():
        assert button.isVisible()
        for label in button.findChildren(QLabel):
            if label.wordWrap():
                assert label.heightForWidth(label.width()) <= label.height(), label.text()
            else:
                assert label.sizeHint().width() <= label.width() + 1, label.text()
                assert label.sizeHint().height() <= label.height() + 1, label.text()
    # and the hand's own title and piles are shown whole
    title = view.hand_box.findChildren(QLabel)[0]
    assert title.sizeHint().height() <= title.height() + 1 and "Deck" in title.text()


def test_the_players_list_shows_my_own_ryo_exactly_and_the_others_estimated(window) -> None:
    from app.session import AI, NewGameConfig

    # Given Anna against two computer players, each of the three with 4 Ryo
    seats = (Seat(HUMAN, name="Anna"), Seat(AI, "easy"), Seat(AI, "easy"))
    window.start_game(NewGameConfig("ricewars", seats, "ricewars-quick", 4))
    state = window.session.state
    for s in range(3):
        state.money[s] = 4
    # When the players' list is shown again
    window.controller._refresh_players()
    lines = [window.game_screen.players.item(p).text() for p in range(3)]
    # Then Anna reads her own purse (she knows her notes, as her panel says 4), and only
    # the table's estimate of the others' (notes are kept face down)
    assert "· 4 Ryo ·" in lines[0], lines
    assert "· 1–4 Ryo ·" in lines[1] and "· 1–4 Ryo ·" in lines[2], lines


def test_pass_stands_in_one_place_with_or_without_the_troop_boxes(qtbot) -> None:
    # Given a random game's action turns at 1280 × 720, some offering an attack (troop
    # boxes and Cancel in the row), some not
    state = new_state(3, 2)
    rng = random.Random(2)
    session, view, _chosen = table(qtbot, state)
    places: dict[bool, set[int]] = {True: set(), False: set()}
    for _ in range(600):
        if state.is_terminal():
            break
        if state.phase == ACTION and state.fight is None:
            view.show_state(session, state.current_player(), True)
            row = view.choice_box
            passes = [b for v, b in row.buttons.items() if v == "pass"]
            if passes:
                places[row.cancel is not None].add(passes[0].geometry().right())
        skip_to(state, rng, 1)
    # Then Pass stands at the same place in both (it jumped by Cancel's width before)
    assert places[True] and places[False], places
    assert len(places[True] | places[False]) == 1, places
