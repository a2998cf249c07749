"""Thinking the app can run without freezing: a cancellable call with progress.

`think()` is the plain call (run it in a worker thread); `Thinking` runs it in its own
daemon thread. "Move now" is `budget.cancel.set()` (or `Thinking.move_now()`): the bot
stops at its next node and answers with its best move so far, which is always legal.

Sketch of use from a Qt worker (the app owns the thread and the signals)::

    budget = Budget(seconds=3.0)
    action = think(bot, state.observation(me), state.legal_actions(), rng, budget,
                   progress=lambda fraction, best: signal.emit(fraction))
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from typing import Any

from ai.base import Bot, Budget
from engine.core import GameState, Observation


class NoLegalActionError(ValueError):
    """`think` was asked to move in a position without legal actions."""


def think(
    bot: Bot,
    observation: Observation | GameState,
    legal_actions: Sequence[Any],
    rng: random.Random,
    budget: Budget,
    progress: Callable[[float, Any], None] | None = None,
) -> Any:
    """The bot's move; `progress(fraction, best_so_far)` is called as the search deepens.

    Cancelling `budget.cancel` makes it return the best move found so far. The answer is
    always one of `legal_actions` (the first one if the bot found nothing)."""
    legal = list(legal_actions)
    if not legal:
        raise NoLegalActionError("there is no legal action to choose from")
    if progress is not None:
        budget.progress = progress
    action = bot.choose(observation, legal, rng, budget)
    if action not in legal:
        # A bot must answer legally; a broken one must not break the game.
        return legal[0]
    if progress is not None:
        progress(1.0, action)
    return action


class Thinking:
    """One decision running in a background thread: `move_now()`, `done()`, `result()`."""

    def __init__(
        self,
        bot: Bot,
        observation: Observation | GameState,
        legal_actions: Sequence[Any],
        rng: random.Random,
        budget: Budget,
        progress: Callable[[float, Any], None] | None = None,
    ) -> None:
        self.budget = budget
        self._args = (bot, observation, list(legal_actions), rng, budget, progress)
        self._action: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="daimyo-think", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._action = think(*self._args)
        except BaseException as exc:  # re-raised in result() on the caller's thread
            self._error = exc

    def move_now(self) -> None:
        """Ask the bot to answer with its best move so far."""
        self.budget.cancel.set()

    def done(self) -> bool:
        """True when the move is ready."""
        return not self._thread.is_alive()

    def result(self, timeout: float | None = None) -> Any:
        """The chosen move (waits up to `timeout` seconds; raises TimeoutError)."""
        self._thread.join(timeout)
        if self._thread.is_alive():
            raise TimeoutError("the bot is still thinking")
        if self._error is not None:
            raise self._error
        return self._action
