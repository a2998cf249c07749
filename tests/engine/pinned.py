"""Random play logged for pinned-game tests: the same seed must give the same game."""

from __future__ import annotations

import hashlib
import random
from typing import Any


def digest(parts: list[str]) -> str:
    """A short, stable hash of text lines."""
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def play_logged(
    state: Any, seed: int, listen: bool = False, count_legal: bool = False
) -> tuple[list[str], list[float], Any]:
    """Play `state` to its end uniformly at random over `legal_actions()` (the bench's play):
    one log line per move (the digest of the legal list, its length when `count_legal`, the
    move), the returns and the final state; `listen` makes the state keep its records."""
    if listen:
        state.events = []
    rng = random.Random(seed)
    log: list[str] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        line = f"{digest([str(a) for a in legal])}:{action}"
        log.append(f"{len(legal)}:{line}" if count_legal else line)
        state.apply(action)
    return log, state.returns(), state


def search_picks(state, game: str, seed: int, every: int, nodes: int, count: int = 4) -> list[str]:
    """Random play of `state` (moves from `random.Random(seed)`) in which, at every `every`th
    step with more than two legal moves, the `normal` search of `game` decides with `nodes`
    nodes and no time cap: its moves and node counts ("move/nodes"), up to `count` of them."""
    import random

    from ai.base import Budget
    from ai.registry import make_bot

    rng = random.Random(seed)
    picks: list[str] = []
    step = 0
    while not state.is_terminal() and len(picks) < count:
        legal = state.legal_actions()
        if step % every == every - 1 and len(legal) > 2:
            bot = make_bot("normal", game)
            view = state.observation(state.current_player())
            move = bot.choose(view, legal, random.Random(step), Budget(nodes=nodes))
            picks.append(f"{move}/{bot.last.nodes if bot.last else 0}")
        state.apply(legal[rng.randrange(len(legal))])
        step += 1
    return picks
