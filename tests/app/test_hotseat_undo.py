"""Hot-seat undo: "Undo my last decision" takes back only the decisions of the person who
presses it and the computer seats' replies after them, never another person's (it says
whose decision is in the way), and never past an undo barrier; a save keeps the barrier."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from app.games import game_ui
from app.session import AI, HUMAN, GameSession, NewGameConfig, Seat, load_session, new_session
from engine.core import IllegalActionError


def rice_wars_hot_seat() -> tuple[GameSession, list[int]]:
    """A two-person Rice Wars game played at random until Ayame (seat 1) decided and then
    Botan (seat 0) decided three times, nothing hidden revealed since Ayame's decision;
    and who took each action."""
    ui = game_ui("ricewars")
    seats = (Seat(HUMAN, name="Botan"), Seat(HUMAN, name="Ayame"))
    session = new_session(NewGameConfig("ricewars", seats, seed=4), ui.settings_for)
    session.set_player_words(ui.player_words)
    state, rng = session.state, random.Random(4)
    actors: list[int] = []
    while not state.is_terminal():
        actors.append(state.current_player())
        session.apply(rng.choice(state.legal_actions()))
        if session.in_the_way(1) == 0:  # Ayame's last decision is after the last barrier
            ayame = max(i for i, p in enumerate(actors) if p == 1)
            if actors[ayame + 1 :].count(0) >= 3:
                return session, actors
    raise AssertionError("no such stretch in the game")


def test_undo_never_takes_back_the_other_persons_decisions() -> None:
    # Given a hot-seat Rice Wars game where Botan decided three times since Ayame's last
    session, actors = rice_wars_hot_seat()
    history = [str(a) for a in session.state.history]
    ayame = game_ui("ricewars").player_label(session.state, 0)
    # When Ayame asks to undo, it is refused, saying whose decision is in the way
    with pytest.raises(IllegalActionError, match=f"{ayame} \\(Botan\\) has decided since"):
        session.undo_own_decision(1)
    assert [str(a) for a in session.state.history] == history
    # When Botan undoes, only Botan's last decision goes
    count = session.undo_own_decision(0)
    botan_last = max(i for i, p in enumerate(actors) if p == 0)
    assert count == len(history) - botan_last
    assert [str(a) for a in session.state.history] == history[:botan_last]
    assert all(p == 0 for p in actors[botan_last:])


def test_undo_takes_back_the_computer_seats_replies_and_stops_at_a_barrier() -> None:
    # Given Pebbles with Aiko, a computer seat, Bo and another computer seat
    from tests.app.fakegame import SPEC

    seats = (Seat(HUMAN, name="Aiko"), Seat(AI, "random"), Seat(HUMAN, name="Bo"), Seat(AI))
    session = GameSession(SPEC.new_game(4, 3), seats, reveals_hidden=lambda s, a, p: False)
    for _ in range(3):  # Aiko, the computer, Bo
        session.apply(session.state.legal_actions()[0])
    # When Bo undoes, the computer seat's reply goes with Bo's decision; Aiko's stays
    session.apply(session.state.legal_actions()[0])  # the second computer seat
    assert session.undo_refusal(0) is not None and "Bo" in session.undo_refusal(0)
    assert session.undo_own_decision(2) == 2
    assert len(session.state.history) == 2
    # And after an action that reveals something, nothing before it may be taken back
    session.set_undo_rule(lambda state, action, player: True)
    session.apply(session.state.legal_actions()[0])  # Bo again, revealing
    session.set_undo_rule(lambda state, action, player: False)
    session.apply(session.state.legal_actions()[0])
    assert session.undo_refusal(2) == (
        "nothing to undo: your decisions so far came before something hidden was revealed"
    )


def test_a_save_keeps_the_undo_barrier_and_who_decided(tmp_path, pebbles) -> None:
    # Given a Pebbles game of two people whose second decision came after the first's
    from tests.app.fakegame import SPEC

    seats = (Seat(HUMAN, name="Aiko"), Seat(HUMAN, name="Bo"), Seat(AI, "random"))
    session = GameSession(SPEC.new_game(3, 3), seats, reveals_hidden=lambda s, a, p: False)
    for _ in range(4):  # Aiko, Bo, the computer, Aiko
        session.apply(session.state.legal_actions()[0])
    path = tmp_path / "pebbles.json"
    session.save(path)
    # When it is loaded again
    loaded = load_session(path, reveals_hidden=lambda s, a, p: False)
    # Then Bo's undo is still refused for Aiko's decision, and Aiko's still allowed
    assert loaded.in_the_way(1) == 0
    assert loaded.undo_own_decision(0) == 1


def test_the_undo_action_says_whose_decision_is_in_the_way(window, qtbot, pebbles) -> None:
    # Given a hot-seat Pebbles game: Aiko, Bo and a computer seat
    seats = (Seat(HUMAN, name="Aiko"), Seat(HUMAN, name="Bo"), Seat(AI, "random"))
    assert window.start_game(NewGameConfig("pebbles", seats, seed=3))
    window.session.set_undo_rule(lambda state, action, player: False)
    screen = window.game_screen

    def play_as_next_person() -> None:
        qtbot.waitUntil(lambda: screen.centre.currentWidget() is screen.handoff, timeout=5000)
        qtbot.mouseClick(screen.handoff.button, Qt.LeftButton)
        qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
        screen.view._actions.setCurrentRow(0)
        qtbot.mouseClick(screen.view._play, Qt.LeftButton)

    play_as_next_person()  # Aiko
    play_as_next_person()  # Bo; the computer replies
    qtbot.waitUntil(lambda: screen.centre.currentWidget() is screen.handoff, timeout=5000)
    qtbot.mouseClick(screen.handoff.button, Qt.LeftButton)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    assert len(window.session.state.history) == 3
    # When Aiko presses Undo
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    # Then nothing is taken back, and the status bar says it is Bo's decision in the way
    assert len(window.session.state.history) == 3
    message = window.statusBar().currentMessage()
    assert message.startswith("Player 2 (Bo) has decided since your last decision")
    assert "Player 2 (Bo)" in screen.undo_button.toolTip()


def test_the_turn_line_names_the_person_by_the_name_typed_for_the_seat(
    window, qtbot, pebbles
) -> None:
    # Given a hot-seat Pebbles game of Aiko and Bo
    seats = (Seat(HUMAN, name="Aiko"), Seat(HUMAN, name="Bo"))
    assert window.start_game(NewGameConfig("pebbles", seats, seed=3))
    screen = window.game_screen
    # When the game is handed to the first person
    qtbot.waitUntil(lambda: screen.centre.currentWidget() is screen.handoff, timeout=5000)
    qtbot.mouseClick(screen.handoff.button, Qt.LeftButton)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    # Then the turn line names the seat as the hand-off did: the game's word and the name
    player = window.session.state.current_player()
    label = window.controller.ui.player_label(window.session.state, player)
    assert screen.turn.text() == f"Your turn, {label} ({seats[player].name})."
