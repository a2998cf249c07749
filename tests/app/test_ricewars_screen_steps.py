"""The play screen steps through what the computer clans did (Continue) and shows, at every
step, the hand, its Ryo, the deck and the discard pile and the round track of that step's
moment: the game the engine was in when it told the step's record, not the game after."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtCore import Qt

from app.games.ricewars import story
from app.session import AI, HUMAN, NewGameConfig, Seat
from tests.app.test_ricewars_steps import expected_at_steps, moments, plain, step_phase

pytest.importorskip("maps.api")


def test_every_step_on_the_screen_shows_the_hand_piles_and_track_of_its_moment(
    window, qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.game_controller import GameController

    # Given a Rice Wars game of mine against two computer clans, played at random, each
    # step waiting for Continue (none plays on by itself at the AI pace)
    monkeypatch.setattr(GameController, "_play_on", lambda self, shown: None)
    seats = (Seat(HUMAN, name="Me"), Seat(AI, "random"), Seat(AI, "random"))
    assert window.start_game(NewGameConfig("ricewars", seats, map_ref="ricewars-quick", seed=6))
    rng = random.Random(6)
    screen = window.game_screen
    seen: set[str] = set()
    for _ in range(5000):
        state = window.session.state
        if screen.step_box.isVisible():
            # When the screen shows a step of the last decision's story
            view = screen.view
            shown = view.shown_step
            before = state.clone()
            before.undo()
            action = state.history[-1]
            told = story.story(before, action, state, before.current_player(), 0)
            steps = [b.step for b in told if b.step]
            index = [(s.title, s.lines) for s in steps].index((shown.title, shown.lines))
            mine = expected_at_steps(before, steps, moments(before, action))[index][0]
            # Then the hand, its Ryo and the piles are that moment's ...
            assert list(view.card_buttons) == mine["hand"], shown.title
            hand = plain(view.hand.itemAt(0).widget())
            assert f"\n{mine['money']} Ryo\n" in hand, (shown.title, hand)
            assert f"Deck {mine['deck']}\nDiscard {mine['discard']}" in hand, (shown.title, hand)
            # ... and so are the round and the phase the track lights
            if shown.title != "Game over":
                track = view.track.text()
                lit = re.search(r"background:#8a6d3b[^>]*>(\d+)", track)
                assert int(lit.group(1)) == mine["round"], (shown.title, track)
                assert f">{step_phase(shown.title)}</b>" in track, (shown.title, track)
            seen.add(re.sub(r"\d+", "N", shown.title.split(" at ")[0].split(" of ")[0]))
            qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
        elif window.stack.currentWidget() is window.end_screen or state.round > 3:
            break
        elif window.controller.human_to_act:
            screen.view.action_chosen.emit(rng.choice(state.legal_actions()))
        else:
            qtbot.wait(5)  # a computer clan decides, or a step plays on at the AI pace
    # ... over the round's income and draw, the auction and fights
    assert {"Round N: income", "Round N: the draw", "Auction", "Result"} <= seen, seen
