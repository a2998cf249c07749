"""Play one whole game with a bot in every seat (used by `daimyo play` and the arena)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ai.base import Budget
from ai.registry import make_bot
from engine.core import GameSpec, GameState


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The outcome of one game."""

    scores: list[float]
    winners: list[int]
    actions: int
    summary: Mapping[str, Any]


def play_match(
    spec: GameSpec,
    seats: Sequence[str],
    seed: int,
    graph: Any | None = None,
    settings: Mapping[str, Any] | None = None,
    nodes: int | None = None,
    seconds: float | None = None,
    max_actions: int = 1_000_000,
    on_action: Callable[[GameState], None] | None = None,
) -> tuple[MatchResult, GameState]:
    """Play `spec` with bots named by `seats` (one per player) from `seed` to the end.

    `on_action(state)` is called after every action (and never touches the state): the
    balance playtests count there who controls each province (`ai.balance`)."""
    state = spec.new_game(len(seats), seed, settings, graph)
    bots = [make_bot(name, spec.id) for name in seats]
    rngs = [random.Random(f"{seed}:{seat}:{name}") for seat, name in enumerate(seats)]
    count = 0
    while not state.is_terminal():
        if count >= max_actions:
            raise RuntimeError(f"{spec.id} did not end within {max_actions} actions")
        player = state.current_player()
        legal = state.legal_actions()
        budget = Budget(nodes=nodes, seconds=seconds)
        bot = bots[player]
        # Only measurement bots (`cheat`) see the true state; every other gets its view.
        view = state.clone() if bot.sees_everything else state.observation(player)
        action = bot.choose(view, legal, rngs[player], budget)
        state.apply(action)
        count += 1
        if on_action is not None:
            on_action(state)
    summary = state.summary() if hasattr(state, "summary") else {}
    return MatchResult(state.returns(), state.winners(), count, summary), state
