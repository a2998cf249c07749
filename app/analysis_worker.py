"""Hints and reviews think off the GUI thread, like the bots (`app.bot_worker`).

`Analyst` is the GUI-side handle: `hint(...)` asks the hard AI for a move from one
player's observation (`ai.hint.suggest`), `review(...)` reviews a whole game for a seat
(`ai.review.review_game`). A worker object in its own QThread does the work and answers by
signal; every request carries an id, so the answer to a request that was cancelled or
replaced is dropped. `answer_now()` makes a hint answer with its best move so far;
`cancel()` stops a hint or a review and drops its answer.

The worker is handed the observation (for a hint) or a copy of the game (for a review,
whose judgements read only the seat's observations), never the live state.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from ai.base import Budget
from ai.hint import suggest
from ai.review import ReviewCancelled, review_game
from app import gui_gc


@dataclass(slots=True)
class HintRequest:
    """One hint to find."""

    request_id: int
    game: str
    observation: Any
    legal: Sequence[Any]
    names: Sequence[str] | None = None
    nodes: int | None = None
    cancel: threading.Event = field(default_factory=threading.Event)


@dataclass(slots=True)
class ReviewRequest:
    """One game to review for one seat."""

    request_id: int
    game: str
    state: Any
    seat: int
    nodes: int | None = None
    cancel: threading.Event = field(default_factory=threading.Event)


class _Worker(QObject):
    """Runs in the worker thread, one request at a time."""

    progress = Signal(int, float)
    answered = Signal(int, object)
    stopped = Signal(int)
    failed = Signal(int, str)

    @Slot(object)
    def run(self, request: HintRequest | ReviewRequest) -> None:
        """Work on one request and answer by signal (in the worker thread)."""
        last = [-1.0]

        def report(fraction: float, *_: Any) -> None:
            if fraction - last[0] >= 0.01 or fraction >= 1.0:
                last[0] = fraction
                self.progress.emit(request.request_id, float(fraction))

        try:
            if isinstance(request, HintRequest):
                answer: Any = suggest(
                    request.game,
                    request.observation,
                    request.legal,
                    nodes=request.nodes,
                    budget=Budget(cancel=request.cancel),
                    progress=report,
                    names=request.names,
                )
            else:
                answer = review_game(
                    request.game,
                    request.state,
                    request.seat,
                    nodes=request.nodes,
                    progress=report,
                    cancel=request.cancel,
                )
        except ReviewCancelled:
            self.stopped.emit(request.request_id)
            return
        except Exception as exc:  # reported to the person, not hidden
            self.failed.emit(request.request_id, f"{type(exc).__name__}: {exc}")
            return
        self.answered.emit(request.request_id, answer)


class Analyst(QObject):
    """Hints and reviews in the background (see the module docstring)."""

    _start = Signal(object)
    progress = Signal(float)
    """Fraction done of the current request."""
    hinted = Signal(object)
    """An `ai.hint.Hint` for the current request."""
    reviewed = Signal(object)
    """An `ai.review.Review` for the current request."""
    failed = Signal(str)
    """The analysis raised; the message says what."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        gui_gc.ensure()  # the thread must never collect the GUI thread's Qt objects
        self._thread = QThread()
        self._thread.setObjectName("daimyo-analysis")
        self._worker = _Worker()
        self._worker.moveToThread(self._thread)
        self._start.connect(self._worker.run)
        self._worker.progress.connect(self._on_progress)
        self._worker.answered.connect(self._on_answered)
        self._worker.stopped.connect(self._on_stopped)
        self._worker.failed.connect(self._on_failed)
        self._thread.start()
        self._next_id = 0
        self._current: HintRequest | ReviewRequest | None = None

    @property
    def busy(self) -> bool:
        """True while a request is outstanding."""
        return self._current is not None

    def hint(
        self,
        game: str,
        observation: Any,
        legal: Sequence[Any],
        names: Sequence[str] | None = None,
        nodes: int | None = None,
    ) -> None:
        """Find a hint for the player of `observation`; any earlier request is dropped."""
        self.cancel()
        self._next_id += 1
        self._current = HintRequest(self._next_id, game, observation, list(legal), names, nodes)
        self._start.emit(self._current)

    def review(self, game: str, state: Any, seat: int, nodes: int | None = None) -> None:
        """Review `state`'s game (copied) for `seat`; any earlier request is dropped."""
        self.cancel()
        self._next_id += 1
        self._current = ReviewRequest(self._next_id, game, state.clone(), seat, nodes)
        self._start.emit(self._current)

    def answer_now(self) -> None:
        """A hint answers at once with its best move so far (a review just stops)."""
        if isinstance(self._current, HintRequest):
            self._current.cancel.set()
        else:
            self.cancel()

    def cancel(self) -> None:
        """Stop the current request and drop its answer."""
        if self._current is not None:
            self._current.cancel.set()
            self._current = None

    def shutdown(self) -> None:
        """Cancel and stop the thread (before the app quits)."""
        self.cancel()
        self._thread.quit()
        self._thread.wait(10000)

    def _mine(self, request_id: int) -> bool:
        return self._current is not None and self._current.request_id == request_id

    @Slot(int, float)
    def _on_progress(self, request_id: int, fraction: float) -> None:
        if self._mine(request_id):
            self.progress.emit(fraction)

    @Slot(int, object)
    def _on_answered(self, request_id: int, answer: Any) -> None:
        if not self._mine(request_id):
            return
        request, self._current = self._current, None
        if isinstance(request, HintRequest):
            self.hinted.emit(answer)
        else:
            self.reviewed.emit(answer)

    @Slot(int)
    def _on_stopped(self, request_id: int) -> None:
        if self._mine(request_id):
            self._current = None

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        if self._mine(request_id):
            self._current = None
            self.failed.emit(message)
