"""The greedy bot: one ply — try each candidate, evaluate the position, take the best.

Values are averaged over a few determinizations (sampled from the observation only), so
the greedy bot is as honest as the search bot. Ties keep the adapter's candidate order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.adapters import GENERIC, GameAdapter
from ai.adapters import as_observation as _as_observation
from ai.base import Bot, Budget
from engine.core import GameState, Observation


class GreedyBot(Bot):
    """Best candidate by the adapter's evaluation one move ahead."""

    def __init__(
        self, adapter: GameAdapter | None = None, worlds: int = 3, name: str = "greedy"
    ) -> None:
        self.adapter = adapter or GENERIC
        self.worlds = worlds
        self.name = name

    def choose(
        self,
        observation: Observation | GameState,
        legal_actions: Sequence[Any],
        rng: random.Random,
        budget: Budget,
    ) -> Any:
        """The candidate with the best mean evaluation over the sampled worlds."""
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        ruled = self.adapter.rule_move(_as_observation(observation), legal)
        if ruled is not None and ruled in legal:
            return ruled
        budget = self.budget_for(budget)
        if isinstance(observation, GameState):
            root, count = observation.current_player(), 1
        else:
            root, count = observation.player, max(1, self.worlds)
        legal_set = set(legal)
        moves: list[Any] = []
        totals: dict[Any, float] = {}
        seen: dict[Any, int] = {}
        for _ in range(count):
            if moves and budget.exhausted():
                break
            if isinstance(observation, GameState):
                world = observation.clone()
            else:
                world = observation.determinize(rng)
            if not moves:
                moves = [m for m in self.adapter.candidates(world, root) if m in legal_set]
                moves = list(dict.fromkeys(moves)) or legal
            world_legal = set(world.legal_actions())
            for move in moves:
                if move not in world_legal:
                    continue
                if seen and budget.exhausted():
                    break
                world.apply(move)
                value = self.adapter.evaluate(world, root)
                world.undo()
                budget.spend()
                totals[move] = totals.get(move, 0.0) + value
                seen[move] = seen.get(move, 0) + 1
            budget.report(self._best(moves, totals, seen))
        return self._best(moves or legal, totals, seen)

    @staticmethod
    def _best(moves: list[Any], totals: dict[Any, float], seen: dict[Any, int]) -> Any:
        scored = [m for m in moves if seen.get(m)]
        if not scored:
            return moves[0]
        return max(scored, key=lambda m: totals[m] / seen[m])
