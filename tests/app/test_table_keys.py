"""Every decision of Battle for Rokugan and Shinobi made with the keyboard alone at
1280 × 720: the arrows (or F) move a blue ring over the lit places, tokens, cards and
armies, Enter or Space picks, Tab and Space press a button, Esc takes a pick back."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QSize, Qt

pytest.importorskip("maps.api")


def tab_to(window, qtbot, button) -> None:  # noqa: ANN001
    """Press Tab until `button` has the keyboard focus."""
    qtbot.waitUntil(button.isVisible, timeout=2000)  # a new button shows on the next event
    for _ in range(80):
        if button.hasFocus():
            return
        qtbot.keyClick(window.focusWidget() or window, Qt.Key_Tab)
    raise AssertionError(f"Tab never reached {button.text()!r}")


def ring_on(view, qtbot, target) -> None:  # noqa: ANN001
    """Press F until the keyboard's ring is on `target`; the ring is drawn there."""
    # widgets made for this choice show on the next turn of the event loop
    qtbot.waitUntil(lambda: any(key == target for key, _ in view.keys.targets()), timeout=2000)
    for _ in range(2 * len(view.keys.targets()) + 2):
        if view.keys.current == target:
            return
        qtbot.keyClick(view, Qt.Key_F)
    raise AssertionError(f"F never ringed {target}")


def rokugan_key_pick(window, qtbot, pick) -> None:  # noqa: ANN001
    """One pick by keys: a hand token by its number, a button by Tab and Space, a lit
    place or token by the ring and Enter."""
    from app.games.rokugan.picks import HAND, PLACE, TOKEN

    view = window.game_screen.view
    if pick.kind == HAND:
        number = list(view.hand_buttons).index(pick.value) + 1
        qtbot.keyClick(view, str(number))
    elif pick.kind in (PLACE, TOKEN):
        ring_on(view, qtbot, pick)
        assert view.scene.marks("keyboard") or view._key_ring  # the ring is seen
        qtbot.keyClick(view.board, Qt.Key_Return)
    else:
        button = next(
            b
            for b in view.choice_buttons
            if b.property("pick") == (pick.kind, pick.value) and b.isEnabled()
        )
        tab_to(window, qtbot, button)
        qtbot.keyClick(button, Qt.Key_Space)


def test_every_rokugan_decision_can_be_made_with_the_keyboard(window, qtbot) -> None:
    from app.games.rokugan.picks import CARD, HAND, PLACE
    from app.session import AI, HUMAN, NewGameConfig, Seat

    # Given a game against one clan at 1280 × 720, the window active
    window.resize(QSize(1280, 720))
    seats = (Seat(HUMAN, choice="crab"), Seat(AI, "random"))
    assert window.start_game(NewGameConfig("rokugan", seats, seed=5))
    window.controller.ai_delay_ms = 0
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    view = window.game_screen.view
    screen = window.game_screen
    state = window.session.state
    rng = random.Random(5)
    kinds: set[str] = set()
    arrows = 0
    for _ in range(14):
        qtbot.waitUntil(
            lambda: window.controller.human_to_act or screen.step_box.isVisible(), timeout=20000
        )
        if screen.step_box.isVisible():
            tab_to(window, qtbot, screen.skip_button)
            qtbot.keyClick(screen.skip_button, Qt.Key_Space)
            continue
        # When I make a whole decision with keys only
        start = len(state.history)
        for _pick in range(6):
            if len(state.history) != start or view.tree is None:
                break
            options = view.tree.options()
            places = [p for p in options if p.kind == PLACE]
            if places and view.keys.targets() and len(view.keys.targets()) > 1:
                # the arrows move the ring from one lit place to another
                ring_on(view, qtbot, view.keys.targets()[0][0])
                qtbot.keyClick(view.board, rng.choice([Qt.Key_Right, Qt.Key_Down]))
                arrows += view.keys.current != view.keys.targets()[0][0]
            hands = [p for p in options if p.kind == HAND]
            pick = rng.choice(hands or [p for p in options if p.kind != CARD] or options)
            kinds.add(pick.kind)
            rokugan_key_pick(window, qtbot, pick)
        # Then it is made
        assert len(state.history) != start or view.tree is None, view.tree.chosen
    # And tokens were placed from the hand onto lit places, cards or buttons pressed
    assert {HAND, PLACE} <= kinds and len(kinds) >= 3, kinds
    assert arrows > 0


def test_every_shinobi_order_can_be_given_with_the_keyboard(qtbot) -> None:
    from app.games.shinobi.view import ShinobiView, action_parts
    from app.session import HUMAN, GameSession, Seat
    from engine.shinobi import SPEC

    # Given a three-player hot-seat game at the size of the play area at 1280 × 720
    state = SPEC.new_game(3, 4, {})
    session = GameSession(state, tuple(Seat(HUMAN, name=n) for n in ("Aiko", "Ben", "Chiyo")))
    view = ShinobiView()
    qtbot.addWidget(view)
    view.resize(960, 660)
    view.show()
    chosen: list = []
    view.action_chosen.connect(chosen.append)
    rng = random.Random(4)
    kinds, cancelled = set(), 0
    for _ in range(24):
        if state.is_terminal():
            break
        me = state.current_player()
        view.show_state(session, me, True)
        qtbot.wait(1)
        action = rng.choice(state.legal_actions())
        source, target = action_parts(action, me)
        # When the order is given with keys only: the ring to its card or army, Enter, the
        # ring to its target, Enter (Esc once in a while takes the first choice back)
        if view.selected != source:
            ring_on(view, qtbot, source)
            assert view.keys.ring.isVisible()
            qtbot.keyClick(view, Qt.Key_Return)
            assert view.selected == source
            if rng.random() < 0.3:
                qtbot.keyClick(view, Qt.Key_Escape)
                assert view.selected is None
                cancelled += 1
                ring_on(view, qtbot, source)
                qtbot.keyClick(view, Qt.Key_Space)
        ring_on(view, qtbot, target)
        qtbot.keyClick(view, rng.choice([Qt.Key_Return, Qt.Key_Space]))
        # Then that very order is given
        assert chosen and chosen[-1] == action, (chosen[-1:], action)
        kinds.add(type(action).__name__)
        state.apply(action)
    assert len(kinds) >= 3 and cancelled, (kinds, cancelled)
