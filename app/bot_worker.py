"""Bots think off the GUI thread: a worker object living in its own QThread.

The GUI thread hands the worker an observation snapshot and the legal actions (never the
state itself) with `BotThinker.think`; the worker answers with `decided(request, action)`.
Every request carries an id so a late answer after an undo or a closed game is dropped.
"Move now" and closing the game set the budget's cancel flag: the bot returns its best
move so far, which is then ignored when the request is stale.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from ai.base import Bot, Budget
from ai.think import think
from app import gui_gc


@dataclass(slots=True)
class ThinkRequest:
    """One decision to make."""

    request_id: int
    bot: Bot
    observation: Any
    legal_actions: Sequence[Any]
    rng: random.Random
    nodes: int | None
    seconds: float | None
    cancel: threading.Event


class _Worker(QObject):
    """Runs in the worker thread; one request at a time."""

    progress = Signal(int, float)
    decided = Signal(int, object)
    failed = Signal(int, str)

    @Slot(object)
    def run(self, request: ThinkRequest) -> None:
        """Think about one request and answer by signal (runs in the worker thread)."""
        last = [-1.0]

        def report(fraction: float, best: Any) -> None:
            # a search may report thousands of times; the bar needs a step per percent
            if fraction - last[0] >= 0.01:
                last[0] = fraction
                self.progress.emit(request.request_id, float(fraction))

        budget = Budget(nodes=request.nodes, seconds=request.seconds, cancel=request.cancel)
        try:
            # ai.think guards against an illegal answer and reports progress
            action = think(
                request.bot,
                request.observation,
                request.legal_actions,
                request.rng,
                budget,
                progress=report,
            )
        except Exception as exc:  # a crashing bot is reported to the player, not hidden
            self.failed.emit(request.request_id, f"{type(exc).__name__}: {exc}")
            return
        self.decided.emit(request.request_id, action)


class BotThinker(QObject):
    """The GUI-side handle: start thinking, move now, cancel; answers by signal."""

    _start = Signal(object)
    progress = Signal(float)
    """Fraction of the budget used by the current request."""
    decided = Signal(object)
    """The bot's action for the current (not stale) request."""
    failed = Signal(str)
    """The bot raised; the message says what."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        gui_gc.ensure()  # the thread must never collect the GUI thread's Qt objects
        self._thread = QThread()
        self._thread.setObjectName("daimyo-bot")
        self._worker = _Worker()
        self._worker.moveToThread(self._thread)
        self._start.connect(self._worker.run)
        self._worker.progress.connect(self._on_progress)
        self._worker.decided.connect(self._on_decided)
        self._worker.failed.connect(self._on_failed)
        self._thread.start()
        self._next_id = 0
        self._current: ThinkRequest | None = None

    @property
    def busy(self) -> bool:
        """True while a request is outstanding."""
        return self._current is not None

    def think(
        self,
        bot: Bot,
        observation: Any,
        legal_actions: Sequence[Any],
        rng: random.Random,
        nodes: int | None = None,
        seconds: float | None = None,
    ) -> None:
        """Start a decision; any earlier one is cancelled and its answer dropped."""
        self.cancel()
        self._next_id += 1
        self._current = ThinkRequest(
            self._next_id,
            bot,
            observation,
            list(legal_actions),
            rng,
            nodes,
            seconds,
            threading.Event(),
        )
        self._start.emit(self._current)

    def move_now(self) -> None:
        """Ask the bot to answer at once with its best move so far."""
        if self._current is not None:
            self._current.cancel.set()

    def cancel(self) -> None:
        """Stop the current request and drop its answer."""
        if self._current is not None:
            self._current.cancel.set()
            self._current = None

    def shutdown(self) -> None:
        """Cancel and stop the thread (call before the app quits)."""
        self.cancel()
        self._thread.quit()
        self._thread.wait(5000)

    @Slot(int, float)
    def _on_progress(self, request_id: int, fraction: float) -> None:
        if self._current is not None and request_id == self._current.request_id:
            self.progress.emit(fraction)

    @Slot(int, object)
    def _on_decided(self, request_id: int, action: Any) -> None:
        if self._current is None or request_id != self._current.request_id:
            return
        self._current = None
        self.decided.emit(action)

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        if self._current is None or request_id != self._current.request_id:
            return
        self._current = None
        self.failed.emit(message)
