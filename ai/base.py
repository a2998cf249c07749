"""The one bot interface: `choose(observation, legal_actions, rng, budget) -> action`.

A bot gets the acting player's `Observation` (never the true state) and the legal
actions; it may sample full states with `observation.determinize(rng)`. A `Budget`
bounds the thinking by nodes (deterministic) or seconds, and carries a cancel flag
and a progress callback so a GUI can show progress and say "move now".
"""

from __future__ import annotations

import random
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Observation


@dataclass(slots=True)
class Budget:
    """How long a bot may think; `nodes` makes the result deterministic for a seed."""

    nodes: int | None = None
    seconds: float | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    progress: Callable[[float, Any], None] | None = None
    started: float = field(default_factory=time.monotonic)
    spent_nodes: int = 0

    def spend(self, nodes: int = 1) -> None:
        """Count `nodes` searched."""
        self.spent_nodes += nodes

    def exhausted(self) -> bool:
        """True when the bot must stop and answer with its best move so far."""
        if self.cancel.is_set():
            return True
        if self.nodes is not None and self.spent_nodes >= self.nodes:
            return True
        return self.seconds is not None and time.monotonic() - self.started >= self.seconds

    def fraction(self) -> float:
        """How much of the budget is used, 0..1 (for a progress bar)."""
        parts = []
        if self.nodes:
            parts.append(self.spent_nodes / self.nodes)
        if self.seconds:
            parts.append((time.monotonic() - self.started) / self.seconds)
        return min(1.0, max(parts)) if parts else 0.0

    def report(self, best_so_far: Any) -> None:
        """Tell the listener how far the search is and its current best action."""
        if self.progress is not None:
            self.progress(self.fraction(), best_so_far)


class Bot(ABC):
    """A computer player. Stateless between calls: all it knows is the observation.

    `default_nodes` / `default_seconds` are the bot's own budget (its level), used when
    the caller's budget sets neither. `sees_everything` marks a measurement-only bot that
    is handed the true `GameState` instead of an observation (`cheat`).
    """

    name: str = "bot"
    default_nodes: int | None = None
    default_seconds: float | None = None
    sees_everything: bool = False

    def budget_for(self, budget: Budget) -> Budget:
        """`budget` itself when it limits nodes or seconds, else one with this bot's
        defaults that shares its cancel flag, progress callback and start time."""
        if budget.nodes is not None or budget.seconds is not None:
            return budget
        if self.default_nodes is None and self.default_seconds is None:
            return budget
        return Budget(
            nodes=self.default_nodes,
            seconds=self.default_seconds,
            cancel=budget.cancel,
            progress=budget.progress,
            started=budget.started,
            spent_nodes=budget.spent_nodes,
        )

    @abstractmethod
    def choose(
        self,
        observation: Observation,
        legal_actions: Sequence[Any],
        rng: random.Random,
        budget: Budget,
    ) -> Any:
        """One of `legal_actions`."""


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(
        self,
        observation: Observation,
        legal_actions: Sequence[Any],
        rng: random.Random,
        budget: Budget,
    ) -> Any:
        return legal_actions[rng.randrange(len(legal_actions))]
