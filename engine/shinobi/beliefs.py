"""Inferring allegiances from public actions: what every player may fairly conclude.

Every order is played face up, so everyone sees who fed which clan. A player who keeps
deploying one clan's cards, above all into their own province, and never attacks it,
gives their clan away. This module turns the public history into *evidence* (one score
per player and clan) and the evidence into a posterior over who serves which clan:

    P(assignment) ~ exp(BETA * sum of evidence[player][clan of player])

over the assignments of distinct clans to the other players (never the observer's own
clan). It reads only public facts (the actions and who took them), so a bot that uses
it stays honest. `ShinobiObservation.determinize` draws allegiances from it.

Evidence per action of player `a` (clan `c` the card's clan):

- deploy a `c` card into one's own province: +1.5; into another province: +1.0
- move a `c` card into one's own province: +1.0 (other moves say little: 0)
- play the Ninja on a `c` army: -1.5
- attack a `c` army: -1.0
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import permutations

from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja, ShinobiAction
from engine.shinobi.cards import NUM_CLANS

DEPLOY_HOME = 1.5
DEPLOY_AWAY = 1.0
MOVE_HOME = 1.0
NINJA_ON = -1.5
ATTACK_ON = -1.0
BETA = 0.4
"""How strongly evidence sways the posterior (0: every assignment equally likely)."""


def action_evidence(actor: int, action: ShinobiAction) -> tuple[int, float]:
    """The (clan, score) an action adds to its actor's evidence."""
    kind = type(action)
    if kind is Deploy:
        return action.clan, DEPLOY_HOME if action.province == actor else DEPLOY_AWAY  # type: ignore[union-attr]
    if kind is Move:
        return action.clan, MOVE_HOME if action.target == actor else 0.0  # type: ignore[union-attr]
    if kind is PlayNinja:
        return action.clan, NINJA_ON
    return action.clan, ATTACK_ON if kind is Attack else 0.0


def evidence(
    history: Sequence[ShinobiAction], actors: Sequence[int], players: int
) -> list[list[float]]:
    """Evidence per player and clan from the public history."""
    scores = [[0.0] * NUM_CLANS for _ in range(players)]
    for actor, action in zip(actors, history, strict=True):
        clan, score = action_evidence(actor, action)
        scores[actor][clan] += score
    return scores


def posterior(
    scores: Sequence[Sequence[float]], observer: int, own_clan: int, beta: float = BETA
) -> tuple[list[int], list[tuple[tuple[int, ...], float]]]:
    """The other players (by seat) and every clan assignment to them with its probability."""
    others = [q for q in range(len(scores)) if q != observer]
    clans = [c for c in range(NUM_CLANS) if c != own_clan]
    combos = list(permutations(clans, len(others)))
    logs = [
        beta * sum(scores[q][c] for q, c in zip(others, combo, strict=True)) for combo in combos
    ]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    total = sum(weights)
    return others, [(combo, w / total) for combo, w in zip(combos, weights, strict=True)]


def rival_weights(
    scores: Sequence[Sequence[float]], observer: int, own_clan: int, beta: float = BETA
) -> list[float]:
    """For each clan, the probability that another player serves it (0 for one's own)."""
    _, table = posterior(scores, observer, own_clan, beta)
    weights = [0.0] * NUM_CLANS
    for combo, p in table:
        for c in combo:
            weights[c] += p
    return weights


def sample_allegiances(
    rng: random.Random,
    scores: Sequence[Sequence[float]],
    observer: int,
    own_clan: int,
    beta: float = BETA,
) -> list[int]:
    """One clan per seat drawn from the posterior (the observer keeps their own)."""
    others, table = posterior(scores, observer, own_clan, beta)
    pick = rng.random()
    chosen = table[-1][0]
    for combo, p in table:
        pick -= p
        if pick < 0:
            chosen = combo
            break
    clans = [own_clan] * len(scores)
    for q, c in zip(others, chosen, strict=True):
        clans[q] = c
    return clans
