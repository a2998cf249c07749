"""The guide's and the hint's controllers on a session: steps shown and lit, moves recorded,
leaving and resuming; hints asked on the person's turn, lit, cleared when the game moves."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject, Qt, Signal

from app.analysis_worker import Analyst
from app.hint_controller import HintController
from app.learn.controller import GuideController
from app.learn.shinobi import GUIDE
from app.savefile import AppFields
from app.widgets.guide_panel import GuidePanel
from app.widgets.hint_panel import HintPanel
from engine.registry import get_game


class Session(QObject):
    """The part of `app.session.GameSession` the controllers use, over a real game."""

    changed = Signal()
    action_applied = Signal(int, object)

    def __init__(self, state, humans=(0,), restored: AppFields | None = None) -> None:
        super().__init__()
        self.state = state
        self.people = sorted(humans)
        self.game_id = state.setup().game
        self.restored = restored or AppFields()
        self.kept: dict = {}
        self.autosaves = 0

    def humans(self) -> list[int]:
        return list(self.people)

    def is_human(self, player: int) -> bool:
        return player in self.people

    def keep(self, name: str, fields) -> None:
        if fields is None:
            self.kept.pop(name, None)
        else:
            self.kept[name] = fields

    def autosave(self) -> None:
        self.autosaves += 1

    def apply(self, action) -> None:
        player = self.state.current_player()
        self.state.apply_checked(action)
        self.action_applied.emit(player, action)
        self.changed.emit()


class UI:
    def player_label(self, state, player: int) -> str:
        return f"Seat {player}"


def guided_session() -> Session:
    state = get_game("shinobi").new_game(GUIDE.players, GUIDE.seed, GUIDE.settings)
    return Session(state)


def test_the_guide_shows_a_step_lights_its_moves_and_goes_on_when_one_is_made(qtbot) -> None:
    session = guided_session()
    panel = GuidePanel()
    qtbot.addWidget(panel)
    lit: list[list] = []
    guide = GuideController(GUIDE, session, panel, lambda actions, words: lit.append(actions))
    # The first step explains the secret clan: no moves lit, a Next button
    assert guide.step.key == "allegiance"
    assert lit[-1] == [] and not panel.next.isHidden()
    assert "Your secret clan is" in panel.text.text()
    qtbot.mouseClick(panel.next, Qt.LeftButton)
    # Then the first order: every deployment into another province is lit
    assert guide.step.key == "deploy-away"
    legal = session.state.legal_actions()
    assert lit[-1] and set(lit[-1]) <= set(legal)
    assert all(a.province != 0 for a in lit[-1])
    # When the person deploys one, the step is done and the next one shows
    session.apply(lit[-1][0])
    assert "deploy-away" in guide.progress.done
    assert guide.step.key == "deploy-home"


def test_leaving_the_guide_clears_it_and_resuming_picks_up(qtbot) -> None:
    session = guided_session()
    panel = GuidePanel()
    qtbot.addWidget(panel)
    lit: list[list] = []
    guide = GuideController(GUIDE, session, panel, lambda actions, words: lit.append(actions))
    guide.progress.acknowledge(guide.step)
    guide.refresh()
    assert lit[-1]
    qtbot.mouseClick(panel.leave, Qt.LeftButton)
    assert not guide.active and lit[-1] == [] and panel.leave.text() == "Resume the guide"
    # the game goes on without the guide, and a move made then still counts
    session.apply(next(a for a in session.state.legal_actions() if a.province != 0))
    qtbot.mouseClick(panel.leave, Qt.LeftButton)
    assert guide.active and "deploy-away" in guide.progress.done
    assert guide.step.key == "deploy-home"


@pytest.fixture
def analyst(qapp):
    handle = Analyst()
    yield handle
    handle.shutdown()


def test_a_hint_is_lit_counted_and_cleared_when_the_game_moves(qtbot, analyst) -> None:
    session = guided_session()
    panel = HintPanel()
    qtbot.addWidget(panel)
    lit: list[list] = []
    hints = HintController(
        session, UI(), panel, analyst, lambda actions, words: lit.append(actions), nodes=200
    )
    assert panel.button.isEnabled()
    with qtbot.waitSignal(analyst.hinted, timeout=30000):
        qtbot.mouseClick(panel.button, Qt.LeftButton)
    assert hints.count == 1 and panel.used.text() == "1 used"
    suggestion = lit[-1]
    assert len(suggestion) == 1 and suggestion[0] in session.state.legal_actions()
    assert panel.answer.text().startswith("<b>Hint:</b> ")
    # and its one number is explained where the pointer rests on it
    assert "projected lead over the best rival" in panel.answer.text()
    assert panel.answer.toolTip() == (
        "Your lead over the best rival in cards at the game's end, as the AI projects it; "
        "a win counts as 5 cards."
    )
    # When the person moves, the light and the words go
    session.apply(suggestion[0])
    assert lit[-1] == [] and panel.answer.isHidden()


def test_a_hint_can_be_cancelled_while_it_thinks_and_is_not_counted(qtbot, analyst) -> None:
    # Given a hint asked with a budget far too large to finish soon
    session = guided_session()
    panel = HintPanel()
    qtbot.addWidget(panel)
    lit: list[list] = []
    hints = HintController(
        session, UI(), panel, analyst, lambda actions, words: lit.append(actions), nodes=10**9
    )
    qtbot.mouseClick(panel.button, Qt.LeftButton)
    assert hints.thinking() and panel.cancel.isVisibleTo(panel)
    # When the person cancels it
    with qtbot.assertNotEmitted(analyst.hinted, wait=500):
        qtbot.mouseClick(panel.cancel, Qt.LeftButton)
    # Then nothing is shown, lit or counted, and a new hint may be asked
    assert not hints.thinking() and not analyst.busy
    assert hints.count == 0 and panel.used.text() == "" and panel.answer.isHidden()
    assert lit == []
    hints.nodes = 200
    with qtbot.waitSignal(analyst.hinted, timeout=30000):
        qtbot.mouseClick(panel.button, Qt.LeftButton)
    assert hints.count == 1 and len(lit[-1]) == 1


def test_no_hint_on_a_bots_turn(qtbot, analyst) -> None:
    state = get_game("shinobi").new_game(3, GUIDE.seed, {"first": 1})
    session = Session(state)
    panel = HintPanel()
    qtbot.addWidget(panel)
    hints = HintController(session, UI(), panel, analyst, lambda actions, words: None)
    assert not panel.button.isEnabled()
    hints.ask()
    assert hints.count == 0 and not analyst.busy


def test_a_suggested_attack_lights_the_province_it_attacks() -> None:
    from app.hint_controller import with_targets

    assert with_targets(("KAN|TET ->TET", "KAN")) == ("KAN|TET ->TET", "KAN", "TET")
    assert with_targets(("f09",)) == ("f09",)


def play_until_my_turn(session: Session) -> None:
    """The person's move (the first legal one), then the others' until it is theirs again."""
    session.apply(session.state.legal_actions()[0])
    while session.state.current_player() != 0:
        session.apply(session.state.legal_actions()[0])


def test_hints_on_one_decision_count_once(qtbot, analyst) -> None:
    # Given a hint shown for the person's decision
    session = guided_session()
    panel = HintPanel()
    qtbot.addWidget(panel)
    lit: list[list] = []
    hints = HintController(session, UI(), panel, analyst, lambda a, w: lit.append(a), nodes=200)
    with qtbot.waitSignal(analyst.hinted, timeout=30000):
        hints.ask()
    assert hints.count == 1 and panel.used.text() == "1 used"
    # When H is pressed again and again on the same decision
    with qtbot.assertNotEmitted(analyst.hinted, wait=100):
        hints.ask()
        hints.ask()
    # Then the same hint stays lit and it is still one hint
    assert hints.count == 1 and panel.used.text() == "1 used" and len(lit[-1]) == 1
    # And the next decision's hint counts again; the save keeps both with the decision
    play_until_my_turn(session)
    with qtbot.waitSignal(analyst.hinted, timeout=30000):
        hints.ask()
    decision = len(session.state.history)
    assert hints.count == 2 and panel.used.text() == "2 used"
    assert session.kept["hints"]() == {"used": [2, 0, 0], "asked": [decision, None, None]}
    assert session.autosaves == 2  # a hint shown is saved at once


def test_a_saved_hint_count_comes_back_and_its_decision_counts_no_more(qtbot, analyst) -> None:
    # Given the save of a game whose person used 5 hints, the last on the decision now
    from app.savefile import HintsUsed

    state = get_game("shinobi").new_game(GUIDE.players, GUIDE.seed, GUIDE.settings)
    restored = AppFields(hints=HintsUsed((5, 0, 0), (len(state.history), None, None)))
    session = Session(state, restored=restored)
    panel = HintPanel()
    qtbot.addWidget(panel)
    # When it is continued
    hints = HintController(session, UI(), panel, analyst, lambda a, w: None, nodes=200)
    # Then the count shows; asking again on that decision does not count
    assert hints.count == 5 and panel.used.text() == "5 used"
    with qtbot.waitSignal(analyst.hinted, timeout=30000):
        hints.ask()
    assert hints.count == 5
    play_until_my_turn(session)
    with qtbot.waitSignal(analyst.hinted, timeout=30000):
        hints.ask()
    assert hints.count == 6 and panel.used.text() == "6 used"
