"""A Shinobi bot that plays each decision's candidates out to the end of the game.

Determinized Monte Carlo: every playout samples a world from the observation (the
allegiances from the public evidence of `engine.shinobi.beliefs`, as the search levels
sample theirs; the unseen cards shuffled into the other hands and the deck), plays one
candidate, then plays the game out to its end with a cheap policy, and counts who won
(shared on a tie) plus `MARGIN` per card of lead.

The candidates are the adapter's ranked candidates (`ai.games.shinobi.ShinobiAdapter`:
12/12/8 at orders 1-3). Which candidate each playout tries (`selection`):

- "halving" (default): sequential halving with common random numbers. Each round plays
  every candidate left in the same sampled worlds with the same playout seed, so their
  difference is the move's and not the luck's, until its share of the budget is spent;
  then the better half goes on. The best mean of the last round is chosen;
- "ucb": UCB1 over the candidates, a fresh world for each playout; the most played is
  chosen.

The playout policy (`policy`):

- "ranked" (default): the best by the adapter's cheap estimate (`_scores`, no
  apply/undo), each player valuing the clans served in the playout's world (ties drawn
  at random). About 10,000 steps per CPU second;
- "random": every legal action alike (about 130,000 steps per CPU second, but the
  candidates' values come out nearly equal: a random game hardly depends on one order);
- "mixed": "ranked", but a random action with probability `RANDOM_SHARE`.

The budget is counted in playout steps (actions applied), so a node budget replays
exactly from a seed: a node is `steps_per_node` steps (one for "ranked", about what a
search node costs in time, so `ai.levels.table_budget`'s node figures fit the app's
waits too). A time cap (seconds) guards slow machines.

Not a level: measured against `hard` it won no more (docs/PERFORMANCE.md, Shinobi levels,
ninth session); `ai.levels` registers it as `playouts` (not offered) to measure it.
It reads only the observation and worlds drawn from it: honest.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from ai.base import Bot, Budget
from ai.games.shinobi import ADAPTER, ShinobiAdapter
from engine.shinobi import beliefs
from engine.shinobi.cards import NUM_CLANS
from engine.shinobi.state import ShinobiObservation, ShinobiState

EXPLORE = 0.5
"""UCB1's exploration constant (the rewards lie in about 0..1)."""
MARGIN = 0.02
"""Reward per card of the lead of one's clan over the strongest other served clan at the
end (a won game is 1): a lost game by one card is better than one lost by five."""
RANDOM_SHARE = 0.25
"""The "mixed" policy's share of random actions."""


class PlayoutStats:
    """What a decision's playouts found: per candidate, playouts and summed reward."""

    __slots__ = ("moves", "visits", "rewards", "steps", "playouts", "nodes")

    def __init__(self, moves: Sequence[Any]) -> None:
        self.moves = list(moves)
        self.visits = [0] * len(self.moves)
        self.rewards = [0.0] * len(self.moves)
        self.steps = 0
        self.playouts = 0
        self.nodes = 0  # the budget's nodes the playouts' steps came to

    def mean(self, index: int) -> float:
        """The mean reward of candidate `index` (0 before its first playout)."""
        visits = self.visits[index]
        return self.rewards[index] / visits if visits else 0.0

    def pick(self) -> int:
        """The candidate of the next playout: each once in order, then by UCB1."""
        for index, visits in enumerate(self.visits):
            if not visits:
                return index
        log_total = math.log(self.playouts)
        best, best_value = 0, -math.inf
        for index, visits in enumerate(self.visits):
            value = self.rewards[index] / visits + EXPLORE * math.sqrt(log_total / visits)
            if value > best_value:
                best, best_value = index, value
        return best

    def best(self) -> Any:
        """The most played candidate (equal counts: the better mean, then the earlier)."""
        index = max(range(len(self.moves)), key=lambda i: (self.visits[i], self.mean(i), -i))
        return self.moves[index]


class ShinobiPlayoutBot(Bot):
    """Flat Monte Carlo over determinized worlds with playouts to the end (see module)."""

    def __init__(
        self,
        name: str = "playout",
        nodes: int | None = None,
        seconds: float | None = None,
        policy: str = "ranked",
        steps_per_node: int = 1,
        adapter: ShinobiAdapter = ADAPTER,
        selection: str = "halving",
    ) -> None:
        if policy not in ("random", "ranked", "mixed"):
            raise ValueError(f"unknown playout policy {policy!r}")
        if selection not in ("ucb", "halving"):
            raise ValueError(f"unknown selection {selection!r}")
        self.selection = selection
        self.name = name
        self.default_nodes = nodes
        self.default_seconds = seconds
        self.policy = policy
        self.steps_per_node = steps_per_node
        self.adapter = adapter
        self.last: PlayoutStats | None = None

    def choose(
        self,
        observation: ShinobiObservation,  # type: ignore[override]
        legal_actions: Sequence[Any],
        rng: random.Random,
        budget: Budget,
    ) -> Any:
        """The most played of the candidates within the budget."""
        legal = list(legal_actions)
        if len(legal) == 1:
            self.last = None
            return legal[0]
        budget = self.budget_for(budget)
        root = observation.player
        first = self.adapter.determinize(observation, rng)
        allowed = set(legal)
        moves = [m for m in self.adapter.candidates(first, root) if m in allowed] or legal
        stats = PlayoutStats(moves)
        self.last = stats
        if len(moves) == 1:
            return moves[0]
        scores = beliefs.evidence(observation.history, observation.actors, observation.num_players)
        step_limit = None if budget.nodes is None else budget.nodes * self.steps_per_node
        deadline = None if budget.seconds is None else budget.started + budget.seconds
        spent_before = budget.spent_nodes
        if self.selection == "halving":
            return self._halving(observation, rng, budget, stats, scores, step_limit, deadline)
        while True:
            index = stats.pick()
            clans = beliefs.sample_allegiances(rng, scores, root, observation.allegiance)
            world = observation.determinize(rng, allegiances=clans)
            world.apply(moves[index])
            steps = 1 + self._play_out(world, rng)
            stats.steps += steps
            stats.playouts += 1
            stats.visits[index] += 1
            stats.rewards[index] += _reward(world, root)
            stats.nodes = stats.steps // self.steps_per_node
            budget.spent_nodes = spent_before + stats.nodes
            if step_limit is not None and stats.steps >= step_limit:
                break
            if budget.cancel.is_set():
                break
            if deadline is not None and time.monotonic() >= deadline:
                break
            if budget.progress is not None and not stats.playouts & 15:
                budget.report(stats.best())
        return stats.best()

    def _halving(
        self,
        observation: ShinobiObservation,
        rng: random.Random,
        budget: Budget,
        stats: PlayoutStats,
        scores: list[list[float]],
        step_limit: int | None,
        deadline: float | None,
    ) -> Any:
        """Sequential halving with common random numbers: in each round every candidate
        left is played out in the same worlds with the same playout seed (so their
        difference is the move's, not the luck's), until the round's share of the budget
        is spent; then the better half (by mean reward) goes on."""
        root = observation.player
        alive = list(range(len(stats.moves)))
        rounds = max(1, math.ceil(math.log2(len(alive))))
        spent_before = budget.spent_nodes
        for round_ in range(rounds):
            round_limit = None if step_limit is None else step_limit * (round_ + 1) // rounds
            while True:
                clans = beliefs.sample_allegiances(rng, scores, root, observation.allegiance)
                world = observation.determinize(rng, allegiances=clans)
                seed = rng.getrandbits(32)
                for index in alive:
                    state = world.clone()
                    state.apply(stats.moves[index])
                    stats.steps += 1 + self._play_out(state, random.Random(seed))
                    stats.visits[index] += 1
                    stats.rewards[index] += _reward(state, root)
                stats.playouts += len(alive)
                stats.nodes = stats.steps // self.steps_per_node
                budget.spent_nodes = spent_before + stats.nodes
                if budget.cancel.is_set() or (
                    deadline is not None and time.monotonic() >= deadline
                ):
                    return _best_of(stats, alive)
                if round_limit is not None and stats.steps >= round_limit:
                    break
                if budget.progress is not None:
                    budget.report(_best_of(stats, alive))
            if round_ < rounds - 1:
                alive.sort(key=lambda i: -stats.mean(i))  # stable: equal means keep order
                alive = sorted(alive[: max(1, (len(alive) + 1) // 2)])
        return _best_of(stats, alive)

    def _play_out(self, state: ShinobiState, rng: random.Random) -> int:
        """Play `state` to its end with the playout policy; the actions applied."""
        steps = 0
        served = state.allegiances
        weights = [
            [1.0 if c in served and c != own else 0.0 for c in range(NUM_CLANS)] for own in served
        ]
        policy = self.policy
        scores_of = self.adapter._scores
        while not state.is_terminal():
            legal = state.legal_actions()
            if (
                len(legal) == 1
                or policy == "random"
                or (policy == "mixed" and rng.random() < RANDOM_SHARE)
            ):
                action = legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
            else:
                player = state.current_player()
                values = scores_of(state, player, served[player], weights[player], legal)
                top = max(values)
                best = [a for a, v in zip(legal, values, strict=True) if v >= top - 1e-9]
                action = best[rng.randrange(len(best))] if len(best) > 1 else best[0]
            state.apply(action)
            steps += 1
        return steps


def _best_of(stats: PlayoutStats, alive: list[int]) -> Any:
    """The candidate of `alive` with the best mean reward (the earlier on equal means)."""
    return stats.moves[max(alive, key=lambda i: (stats.mean(i), -i))]


def _reward(state: ShinobiState, player: int) -> float:
    """A finished playout's worth to `player`: its share of the win plus `MARGIN` per
    card of its clan's lead over the strongest other served clan."""
    totals = state.clan_totals()
    clans = state.allegiances
    own = clans[player]
    rival = max(totals[c] for c in clans if c != own)
    return state.returns()[player] + MARGIN * (totals[own] - rival)
