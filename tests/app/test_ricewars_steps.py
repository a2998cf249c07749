"""Rice Wars steps show the game as of the step: the daimyo boards' figures agree with the
board the step draws, the round's summary names every field of the round, the last setup
peasant is on the board during income, and a fight's result is told only when it ends."""

from __future__ import annotations

import random
import re

import pytest

from app.games.base import EVERYTHING
from app.games.ricewars import story
from app.games.ricewars.fights import StepShow, round_start
from engine.ricewars.state import SETUP_PEASANT, RiceWarsState
from tests.app.test_ricewars_board import expected_fills, fills, shown
from tests.app.test_ricewars_view import new_state

pytest.importorskip("maps.api")

FIELDS = re.compile(r"Fields <b>(\d+)</b>")


def stepped_actions(seed: int, players: int = 3):
    """(before, action, after, player) of a random game, for actions told in steps."""
    state = new_state(players, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        before = state.clone()
        player = state.current_player()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        yield before, action, state, player


def test_at_each_step_the_daimyo_boards_count_the_fields_the_board_shows(qtbot) -> None:
    checked = {"Result": 0, "income": 0, "draw": 0}
    view = None
    for before, action, after, player in stepped_actions(seed=4):
        # Given an action told in steps (a fight, an auction, a round's end)
        steps = [b.step for b in story.story(before, action, after, player, EVERYTHING) if b.step]
        if not steps:
            continue
        if view is None:
            view, session = shown(after, qtbot, viewer=None)
        else:
            session.state = after
        for step in steps:
            # When the step is shown
            view.show_step(step)
            show = step.payload
            assert isinstance(show, StepShow)
            board = show.after or show.board
            # Then every daimyo board counts the fields the step's board draws
            for s, label in view.daimyo_boards.items():
                counted = int(FIELDS.search(label.text()).group(1))
                assert counted == bin(board.own(s)).count("1"), (step.title, s)
            # ... and the board is the one the step draws
            assert fills(view) == {
                fid: view.fields.fill_for(fid, board.owner[f]).name()
                for f, fid in enumerate(after.board.ids)
            }
            for key in checked:
                checked[key] += key in step.title
        view.show_step(None)
    assert all(checked.values()), checked


def test_the_round_summary_names_every_field_taken_in_the_round() -> None:
    told = 0
    for before, action, after, player in stepped_actions(seed=5, players=2):
        if after.round == before.round or before.round < 1:
            continue
        # Given the action that ended a round
        start = round_start(before, before.round)
        steps = [b.step for b in story.story(before, action, after, player, EVERYTHING) if b.step]
        draw = next(s for s in steps if s.title.endswith("the draw"))
        text = " ".join(draw.lines)
        # Then each seat's line names every field it took in the round, the last included
        for s in range(after.seats):
            taken = [
                after.board.names[f]
                for f in range(after.board.n)
                if after.owner[f] == s and start.owner[f] != s
            ]
            for name in taken:
                assert name in text, (before.round, s, name, text)
            told += len(taken)
    assert told > 5


def test_the_last_setup_peasant_is_on_the_board_during_income(qtbot) -> None:
    # Given the last starting peasant about to be placed
    state: RiceWarsState = new_state(3, 2)
    while not (state.phase == SETUP_PEASANT and len(state.queue) == 1):
        state.apply(state.legal_actions()[0])
    before = state.clone()
    player = state.current_player()
    action = state.legal_actions()[0]
    state.apply(action)
    # When round 1's income step is shown
    steps = [b.step for b in story.story(before, action, state, player, EVERYTHING) if b.step]
    income = next(s for s in steps if "income" in s.title)
    view, _session = shown(state, qtbot, viewer=None)
    view.show_step(income)
    # Then the board shows that peasant
    assert fills(view) == expected_fills(view, state)


def test_a_fights_result_is_told_when_it_ends_not_before_its_steps() -> None:
    # Given random games
    seen = 0
    for seed in range(3):
        for before, action, after, player in stepped_actions(seed=seed):
            steps = [
                b.step for b in story.story(before, action, after, player, EVERYTHING) if b.step
            ]
            titles = [s.title for s in steps]
            # Then a fight still under way tells no result, and its cards only once revealed
            if after.fight is not None:
                assert "Result" not in titles
                if "Cards revealed" in titles:
                    assert after.fight["revealed"] and not before.fight["revealed"]
                    seen += 1
            # ... and a fight told before its end tells its result when it ends
            if before.fight is not None and before.fight["revealed"] and after.fight is None:
                assert "Result" in titles and "Cards revealed" not in titles
    assert seen
