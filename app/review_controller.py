"""The post-game review in the app: run in the background, then the moments on a board.

`ReviewController` asks the `Analyst` to review a game for one seat (`ai.review`), shows
the progress on the `ReviewScreen`, then lists the costliest moments. Choosing one shows
the board as it stood then, from that seat's view, with the AI's alternative lit
(`GameView.show_suggestion`) and the move played ringed in the seat's colour, and says
why the alternative is better (`ai.review.moment_reason`, from the seat's observation).
Beneath, every player's score after each round on the end screen's chart.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from ai.explain import explainer_for
from ai.review import Moment, Review, game_start, moment_reason
from app.analysis_worker import Analyst
from app.hint_controller import places_of, with_targets
from app.hint_words import say
from app.i18n import _
from app.review_words import amount, score_name, score_unit, summary_words
from app.session import GameSession
from app.widgets.review_screen import ReviewScreen


class ReviewController(QObject):
    """One review on one screen (see the module docstring)."""

    closed = Signal()

    def __init__(
        self,
        screen: ReviewScreen,
        analyst: Analyst,
        ui: Any,
        state: Any,
        seats: tuple[Any, ...],
        seat: int,
        map_path: Path | None,
        nodes: int | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.screen = screen
        self.analyst = analyst
        self.ui = ui
        self.state = state.clone()
        self.seats = seats
        self.seat = seat
        self.map_path = map_path
        self.nodes = nodes
        self.review: Review | None = None
        self.moments: list[Moment] = []
        self.view: Any = None
        self._before: dict[int, Any] = {}
        self._running = False
        analyst.progress.connect(self._on_progress)
        analyst.reviewed.connect(self._on_reviewed)
        screen.moment_chosen.connect(self.show_moment)
        screen.stop_asked.connect(self.stop)
        screen.back.connect(self._on_back)

    @property
    def game(self) -> str:
        """The game's id."""
        return self.state.setup().game

    def start(self) -> None:
        """Begin the review in the background."""
        label = self.ui.player_label(self.state, self.seat)
        self.screen.start(_("Review of your game as {player}").format(player=label))
        self._running = True
        self.analyst.review(self.game, self.state, self.seat, self.nodes)

    @Slot()
    def stop(self) -> None:
        """Stop a review still running."""
        if self._running:
            self._running = False
            self.analyst.cancel()
            self.screen.show_stopped()

    def close(self) -> None:
        """Stop, let go of the board and the signals (the screen is left)."""
        self.stop()
        for signal, slot in (
            (self.analyst.progress, self._on_progress),
            (self.analyst.reviewed, self._on_reviewed),
            (self.screen.moment_chosen, self.show_moment),
            (self.screen.stop_asked, self.stop),
            (self.screen.back, self._on_back),
        ):
            signal.disconnect(slot)
        if self.view is not None:
            self.view.dispose()

    @Slot(float)
    def _on_progress(self, fraction: float) -> None:
        if self._running:
            self.screen.show_progress(fraction)

    @Slot(object)
    def _on_reviewed(self, review: Review) -> None:
        if not self._running:
            return
        self._running = False
        self.review = review
        self.moments = review.moments()
        wanted = {m.index for m in self.moments}
        replay = game_start(self.state)
        for index, action in enumerate(self.state.history):
            if index in wanted:
                self._before[index] = replay.clone()
            replay.apply(action)
        unit = score_unit(self.game)
        texts = []
        for moment in self.moments:
            seen = self._before[moment.index].observation(self.seat)
            chosen, better = self._words(seen, moment)
            texts.append(
                _(
                    "Round {round} · you: {chosen} · the AI: {suggested} · −{amount} {unit} of "
                    "projected lead"
                ).format(
                    round=moment.round,
                    chosen=chosen,
                    suggested=better,
                    amount=amount(moment.loss),
                    unit=unit,
                )
            )
        summary = _(
            "{summary} Choose a moment to see the board as it stood, the AI's move lit in white."
        ).format(summary=summary_words(review))
        final = self.state
        series = [
            (self.ui.player_label(final, p), self.ui.player_colour(final, p), list(values))
            for p, values in enumerate(review.scores)
        ]
        if self.view is None:
            self.view = self.ui.create_view()
            self.screen.set_board(self.view)
        self.screen.show_review(summary, texts, series, score_name(self.game))

    def _words(self, seen: Any, moment: Moment) -> tuple[str, str]:
        before = self._before[moment.index]
        said = (
            self.ui.move_words(before, moment.chosen, self.seat),
            self.ui.move_words(before, moment.suggested, self.seat),
        )
        if said[0] is not None and said[1] is not None:
            return said[0], said[1]
        explainer = explainer_for(self.game)
        names = [self.ui.player_label(self.state, p) for p in range(self.state.num_players)]
        return (
            explainer.describe(seen, moment.chosen, names),
            explainer.describe(seen, moment.suggested, names),
        )

    @Slot(int)
    def show_moment(self, row: int) -> None:
        """Show moment `row` on the board with the AI's alternative lit."""
        if not 0 <= row < len(self.moments) or self.view is None:
            return
        moment = self.moments[row]
        before = self._before[moment.index]
        session = GameSession(before.clone(), self.seats, self.map_path)
        self.view.show_state(session, self.seat, False)
        seen = before.observation(self.seat)
        chosen, better = self._words(seen, moment)
        prompt = getattr(self.view, "prompt", None)
        if prompt is not None:
            # the view, not being played, would say "Waiting for …": say what this board is
            prompt.setText(
                _("The board before your move in round {round}.").format(round=moment.round)
            )
        mine = places_of(self.ui, before, [moment.chosen], self.seat)
        theirs = with_targets(places_of(self.ui, before, [moment.suggested], self.seat))
        colour = self.ui.player_colour(before, self.seat)
        played = _("You played: {move}").format(move=chosen)
        self.view.set_last_actions({self.seat: (colour, mine, played)})
        self.view.show_suggestion(theirs, _("The AI: {move}").format(move=better), group="review")
        names = [self.ui.player_label(self.state, p) for p in range(self.state.num_players)]
        why = say(
            moment_reason(self.game, seen, moment, names),
            lambda action: self.ui.move_words(before, action, self.seat),
        )
        self.screen.show_detail(
            _(
                "<b>Round {round}</b> (action {index} of the game)<br>Your move: <b>{chosen}</b> "
                "(ringed in your colour).<br>The AI's move: <b>{suggested}</b> (ringed in "
                "white): {why}."
            ).format(
                round=moment.round,
                index=moment.index + 1,
                chosen=escape(chosen),
                suggested=escape(better),
                why=escape(why),
            )
        )

    @Slot()
    def _on_back(self) -> None:
        self.close()
        self.closed.emit()
