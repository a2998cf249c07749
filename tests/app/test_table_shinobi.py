"""Shinobi at the table on a 1280 × 720 screen (issue 29): controls that stay put through a
decision, a disabled control says why on hover, the standings in the Players panel.

Random games are walked click by click through the view's widgets (hand cards, armies,
provinces, Cancel), each decision's controls recorded before every click.
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QWidget

from app.games.shinobi.view import ARMY, PROVINCE, SOURCE_CARD, ShinobiView
from app.session import HUMAN, GameSession, Seat
from engine.shinobi import SPEC

VIEW_SIZE = (960, 660)  # the play area beside the side panel in a 1280 × 720 window
NAMES = ["Anna", "Ben", "Chiyo", "Daisuke", "Emi"]


def table(qtbot, players: int, seed: int):  # noqa: ANN201
    """A hot-seat game of people named Anna, Ben, … and its view at 1280 × 720's size."""
    state = SPEC.new_game(players, seed, {})
    session = GameSession(state, [Seat(HUMAN, name=NAMES[s]) for s in range(players)])
    view = ShinobiView()
    qtbot.addWidget(view)
    view.resize(*VIEW_SIZE)
    view.show()
    chosen: list = []
    view.action_chosen.connect(chosen.append)
    return session, view, chosen


def controls(view: ShinobiView) -> dict[tuple, tuple[str, tuple[int, int, int, int], bool]]:
    """Every control a click can reach: (kind, place on the view, shown) by its name."""
    found: dict[tuple, QWidget] = {("cancel",): view.cancel}
    for panel in view.provinces:
        found[(PROVINCE, panel.province)] = panel
        for stack in panel.stacks:
            found[(ARMY, stack.province, stack.clan)] = stack
    for card, button in view.hand_buttons.items():
        found[(SOURCE_CARD, card)] = button
    out = {}
    for name, widget in found.items():
        place = widget.mapTo(view, QPoint(0, 0))
        rect = (place.x(), place.y(), widget.width(), widget.height())
        out[name] = (type(widget).__name__, rect, widget.isVisible())
    return out


def clicks(view: ShinobiView, rng: random.Random) -> list[tuple[tuple, QWidget]]:
    """The clicks a person might make now: lit sources and targets, Cancel, and now and
    then an army that is no choice (refused with a reason)."""
    sources, targets = view._sources(), view._targets()
    out: list[tuple[tuple, QWidget]] = []
    for key in (*sources, *targets):
        if key[0] == SOURCE_CARD:
            out.append((key, view.hand_buttons[key[1]]))
        elif key[0] == ARMY:
            out.append((key, view.provinces[key[1]].stacks[key[2]]))
        else:
            out.append((key, view.provinces[key[1]]))
    if view.cancel.isEnabled():
        out.append((("cancel",), view.cancel))
    if rng.random() < 0.2:
        panel = rng.choice(view.provinces)
        out.append((("army",), rng.choice(panel.stacks)))
    return out


def walk(qtbot, session, view, chosen, rng: random.Random, clicks_made: int):  # noqa: ANN001, ANN201
    """Click `clicks_made` times through the widgets; yield (decision, controls) before each."""
    state = session.state
    view.show_state(session, state.current_player(), True)
    for _ in range(clicks_made):
        if state.is_terminal():
            return
        yield (len(state.history), state.current_player()), controls(view)
        key, widget = rng.choice(clicks(view, rng))
        # a province is clicked on its title, beside its armies
        pos = QPoint(widget.width() // 2, 8) if key[0] == PROVINCE else widget.rect().center()
        qtbot.mouseClick(widget, Qt.LeftButton, pos=pos)
        if chosen:
            session.apply(chosen.pop())
            view.show_state(session, state.current_player(), True)


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (4, 5), (5, 9)])
def test_no_control_moves_or_changes_kind_between_two_clicks_of_a_decision(
    qtbot, players: int, seed: int
) -> None:
    # Given random hot-seat games at 1280 × 720, walked click by click
    session, view, chosen = table(qtbot, players, seed)
    rng = random.Random(seed)
    previous = None
    compared = decisions = 0
    for key, now in walk(qtbot, session, view, chosen, rng, 160):
        # Then within one decision every control keeps its kind, its place and is shown
        if previous is not None and previous[0] == key:
            moved = {n: (previous[1].get(n), c) for n, c in now.items() if previous[1].get(n) != c}
            assert not moved, f"controls moved within decision {key}: {moved}"
            compared += 1
        else:
            decisions += 1
        previous = (key, now)
        # and a control that cannot be used says why on hover
        for button in view.findChildren(QAbstractButton):
            if button.isVisible() and not button.isEnabled():
                assert button.toolTip(), type(button).__name__
        for card, button in view.hand_buttons.items():
            if not button.usable and (SOURCE_CARD, card) != view.selected:
                assert button.toolTip().startswith(button.accessibleName() + " · ")
    assert compared >= 30 and decisions >= 15, (compared, decisions)


def test_the_players_panel_keeps_scores_secret_until_the_reveal_then_shows_them() -> None:
    from app.games.shinobi import GAME_UI
    from engine.shinobi.cards import CLAN_NAMES, NUM_CLANS

    # Given a whole random 4-player game
    state = SPEC.new_game(4, 11, {})
    rng = random.Random(11)
    while not state.is_terminal():
        for p in range(4):
            # Then while it runs each line says the public counts and names no clan
            line = GAME_UI.player_status(state, p)
            hand = state.hand_size(p)
            table = sum(state.army(p, c) for c in range(NUM_CLANS))
            assert line.startswith(f"{hand} card") and f"· {table} in the province" in line
            assert not any(name in line for name in CLAN_NAMES), line
        state.apply(rng.choice(state.legal_actions()))
    # When it is over, each player's label names the clan, the line its score, ★ winners
    totals = state.clan_totals()
    for p in range(4):
        clan = state.allegiance(p)
        assert CLAN_NAMES[clan] in GAME_UI.player_label(state, p)
        won = " ★" if p in state.winners_by_rule() else ""
        assert GAME_UI.player_status(state, p) == f"Clan total: {totals[clan]}{won}"


def test_the_players_panel_follows_the_table_in_a_game(window, qtbot, tmp_path) -> None:
    from app.games.shinobi import GAME_UI
    from tests.app.test_i18n_pseudo import late_shinobi_save

    # Given me against two computer clans at 1280 × 720, late in a game played to the end
    window.resize(1280, 720)
    assert window.load_game(str(late_shinobi_save(tmp_path)))
    screen, state = window.game_screen, window.session.state
    rng = random.Random(3)
    checked = 0

    def panel() -> list[str]:
        players = screen.players
        return [players.item(r).text().split("\n", 1)[1] for r in range(players.count())]

    def at_end() -> bool:
        return window.stack.currentWidget() is window.end_screen

    while not at_end():
        qtbot.waitUntil(
            lambda: window.controller.human_to_act or screen.step_box.isVisible() or at_end(),
            timeout=20000,
        )
        if at_end():
            break
        # Then at every decision and step the panel says each player's standing as of now
        assert panel() == [GAME_UI.player_status(state, p) for p in range(3)]
        checked += 1
        if screen.step_box.isVisible():
            screen.continue_button.click()
        else:
            screen.view.action_chosen.emit(rng.choice(state.legal_actions()))
    assert checked > 5 and "★" in "".join(panel())


def test_every_word_of_the_table_grows_with_a_big_window(window, qtbot, tmp_path) -> None:
    from tests.app.test_i18n_pseudo import late_shinobi_save

    # Given a Shinobi game in a 2560 × 1440 window
    window.resize(2560, 1440)
    assert window.load_game(str(late_shinobi_save(tmp_path)))
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=10000)
    view = window.game_screen.view
    qtbot.waitUntil(lambda: view.ui_scale == 2.0, timeout=5000)
    # Then the marks' legend and Cancel are written as large as the orders above them
    size = view.orders.font().pointSizeF()
    assert size >= 2 * 8
    for widget in (view.legend, view.cancel, view.last_turn, view.prompt):
        assert widget.font().pointSizeF() >= size, widget
