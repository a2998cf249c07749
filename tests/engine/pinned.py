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
