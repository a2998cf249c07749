"""Learning and getting better, for the main window: guided first games, hints, reviews.

The main window holds the menus; `Coach` does the work behind them:
- `guided_config(game)` is the new game of a game's guide (`app.learn.<game>.GUIDE`: its
  deal, map, clans and easy seats); after the window starts it, `attach` puts the guide's
  panel beside the board (`app.learn.controller`), and Hint on every game
  (`app.hint_controller`), both lighting their moves on the board through the view's
  `show_suggestion`; a guided game continued from its save takes its guide up again at the
  steps done (the save's "learn"), and the hints used (its "hints");
- `review(...)` shows the review screen for a finished game or a save
  (`app.review_controller`), and goes back where it came from.
Hints and reviews think in one background thread (`app.analysis_worker.Analyst`).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QStackedWidget, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.analysis_worker import Analyst
from app.hint_controller import HintController, places_of, with_targets
from app.learn.controller import GuideController
from app.learn.guide import Guide, GuideProgress
from app.review_controller import ReviewController
from app.savefile import AI, HUMAN, Seat
from app.session import NewGameConfig
from app.widgets.review_screen import ReviewScreen

LEARN_GAMES = ("rokugan", "shinobi", "ricewars")
"""The games with a guided first game, in the order the menus list them."""


def guide_for(game: str) -> Guide:
    """The guided first game of `game`."""
    return importlib.import_module(f"app.learn.{game}").GUIDE


def guided_config(guide: Guide) -> NewGameConfig:
    """The new game a guide plays: its deal, map and settings, the person in its seat and its
    easy bots in the others (a clan setting becomes each seat's choice)."""
    clans = guide.settings.get("clans")
    seats = []
    for seat, bot in enumerate(guide.seat_bots()):
        choice = clans[seat] if clans else None
        if bot is None:
            seats.append(Seat(HUMAN, choice=choice))  # "You", said in the reader's language
        else:
            seats.append(Seat(AI, bot, choice=choice))
    return NewGameConfig(guide.game, tuple(seats), guide.map_id, guide.seed, dict(guide.settings))


class Coach(QObject):
    """Guides, hints and reviews of one main window (see the module docstring)."""

    review_closed = Signal()

    def __init__(
        self, stack: QStackedWidget, hint_nodes: int | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.stack = stack
        self.hint_nodes = hint_nodes
        """Search nodes per hint and per reviewed decision (None: the hard AI's own)."""
        self.analyst = Analyst(self)
        self.review_screen = ReviewScreen()
        stack.addWidget(self.review_screen)
        self.hints: HintController | None = None
        self.guide: GuideController | None = None
        self.reviewer: ReviewController | None = None
        self._expected: Guide | None = None
        self._return_to: QWidget | None = None

    # guided games and hints ----------------------------------------------------------
    def expect_guide(self, guide: Guide | None) -> None:
        """The next game attached is `guide`'s guided game (None: an ordinary game)."""
        self._expected = guide

    def guided_game(self) -> str | None:
        """The game id of the guided game running, None when none is."""
        return self.guide.guide.game if self.guide is not None else None

    def resume_guide(self) -> None:
        """Take up the running game's guide again."""
        if self.guide is not None:
            self.guide.resume()

    def attach(self, session: Any, ui: Any, screen: Any, controller: Any) -> None:
        """Hint (and the guide, for a guided game) on a game screen that just started."""
        self.detach()
        view = screen.view

        def light(group: str) -> Any:
            def show(actions: list[Any], words: str) -> None:
                state = session.state
                places: tuple[str, ...] = ()
                if actions and not state.is_terminal():
                    places = places_of(ui, state, actions, state.current_player())
                    if group == "hint":
                        places = with_targets(places)
                view.show_suggestion(places, words, group)
                if group == "hint" and self.guide is not None:
                    # a hint shows alone; the guide's moves come back when it goes
                    if places:
                        view.show_suggestion((), "", "guide")
                    else:
                        self.guide.refresh()

            return show

        self.hints = HintController(
            session, ui, screen.hint_panel, self.analyst, light("hint"), self.hint_nodes, self
        )
        controller.human_turn.connect(self.hints.set_allowed)
        self.hints.set_allowed(controller.human_to_act)
        guide, self._expected = self._expected, None
        place = session.restored.learn
        progress = None
        if guide is None and place is not None and place.game in LEARN_GAMES:
            guide = guide_for(place.game)  # a guided game continued
            steps = {step.key for step in guide.steps}
            progress = GuideProgress(guide, [key for key in place.done if key in steps])
        if guide is not None and guide.game == session.game_id:
            screen.guide_panel.show()
            self.guide = GuideController(guide, session, screen.guide_panel, light("guide"),
                                         progress, parent=self)  # fmt: skip
            if place is not None and not place.active:
                self.guide.leave()

    def detach(self) -> None:
        """The game screen closes: stop thinking, let go of the controllers."""
        if self.hints is not None:
            self.hints.detach()
            self.hints.deleteLater()
            self.hints = None
        if self.guide is not None:
            self.guide.detach()
            self.guide.deleteLater()
            self.guide = None

    def hints_used(self) -> int:
        """Hints asked in the running game."""
        return self.hints.count if self.hints is not None else 0

    # reviews ---------------------------------------------------------------------------
    def review(
        self,
        ui: Any,
        state: Any,
        seats: tuple[Seat, ...],
        seat: int,
        map_path: Path | None,
        nodes: int | None = None,
    ) -> None:
        """Show the review of `state`'s game for `seat` (`nodes` per decision, default
        `hint_nodes`); Back returns to the screen now shown."""
        self.close_review()
        self._return_to = self.stack.currentWidget()
        self.reviewer = ReviewController(
            self.review_screen,
            self.analyst,
            ui,
            state,
            seats,
            seat,
            map_path,
            self.hint_nodes if nodes is None else nodes,
            self,
        )
        self.reviewer.closed.connect(self._on_review_closed)
        self.stack.setCurrentWidget(self.review_screen)
        self.reviewer.start()

    def close_review(self) -> None:
        """Leave a review (stopping it when it still runs)."""
        if self.reviewer is not None:
            reviewer, self.reviewer = self.reviewer, None
            reviewer.closed.disconnect(self._on_review_closed)
            reviewer.close()
            reviewer.deleteLater()

    def _on_review_closed(self) -> None:
        reviewer, self.reviewer = self.reviewer, None
        if reviewer is not None:
            reviewer.deleteLater()
        back = self._return_to
        if back is not None and self.stack.indexOf(back) >= 0:
            self.stack.setCurrentWidget(back)
        self.review_closed.emit()

    def shutdown(self) -> None:
        """Stop the background thread (the window closes)."""
        self.detach()
        self.close_review()
        self.analyst.shutdown()
