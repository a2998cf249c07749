"""Who serves which clan, inferred from the public orders with calibrated evidence.

Every order is played face up. Which clan a player secretly serves shows in what they do
with its cards: a player joins a card to an army of their own clan far more often than
to another's, and almost never attacks it or plays the Ninja on it. This module weighs
each order as Bayesian evidence, with likelihoods measured in self-play:

    P(an order of kind K names clan c | its player serves k) = q_K        if c == k
                                                              (1 - q_K)/4 otherwise

so an order of kind K adds log(4 q_K / (1 - q_K)) to its player's score for clan c (a
likelihood ratio against any one other clan), and

    P(assignment) ~ exp(TEMPER * sum of scores[player][clan of player])

over the assignments of distinct clans to the other players (never the observer's own),
as `engine.shinobi.beliefs.posterior` computes it. `TEMPER` < 1 because orders are not
independent evidence (a player feeds the same army over several turns).

The kinds tell apart what the cheap evidence of `engine.shinobi.beliefs` lumps together:
a card deployed to another province *joining* an army there is strong evidence for its
clan, one *opening* a new army is evidence against it (players open armies of clans they
do not serve, where they can be hit); a card moved between two other provinces is as
strong as a card joining one. Whether an army was there before an order is read from the
table as the engine's own `apply` leaves it after the earlier public orders
(`Inference`), never from a copy of the rules.

`Q` was counted over 100 four-player games of `greedy` self-play (seeds 600000-600099;
script in docs/PERFORMANCE.md, Shinobi): the share of each kind of order whose clan was
its player's own (chance: 1/5).

It reads only the public history (orders and who gave them), so a bot using it is honest.
`ai.games.shinobi.InferringAdapter` searches with it; the levels do not (it measured no
stronger, docs/PERFORMANCE.md, Shinobi).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine.shinobi import beliefs
from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja, ShinobiAction
from engine.shinobi.cards import CARD_TYPES, NUM_CLANS
from engine.shinobi.state import ShinobiState

DEPLOY_HOME = "deploy home"
DEPLOY_JOIN = "deploy joining an army"
DEPLOY_NEW = "deploy opening an army"
MOVE_HOME = "move home"
MOVE_AWAY = "move between other provinces"
NINJA = "ninja"
ATTACK = "attack"

Q: dict[str, float] = {
    DEPLOY_HOME: 165 / 373,
    DEPLOY_JOIN: 649 / 1210,
    DEPLOY_NEW: 319 / 2743,
    MOVE_HOME: 644 / 2602,
    MOVE_AWAY: 643 / 1268,
    NINJA: 3 / 292,  # 2 of 290, one added (Laplace) so that it is never certain
    ATTACK: 16 / 2583,  # 15 of 2581, likewise
}
"""Share of the orders of each kind whose clan was their player's own (self-play counts)."""
TEMPER = 0.7
"""How far the posterior trusts the summed evidence (1: orders as independent evidence)."""

SCORE: dict[str, float] = {kind: math.log((NUM_CLANS - 1) * q / (1.0 - q)) for kind, q in Q.items()}
"""Log-likelihood ratio an order of each kind adds for its clan."""

_REPLAY_HAND = 99
"""Cards of every type in each hand of the public replay (it never runs out or draws)."""


def _replay_state(players: int, first: int) -> ShinobiState:
    """A state to replay public orders on: no cards on the table, every card in every
    hand (it never runs out or draws). Only its table is ever read."""
    return ShinobiState(
        allegiance=list(range(players)),
        hands=[[_REPLAY_HAND] * CARD_TYPES for _ in range(players)],
        armies=[[0] * NUM_CLANS for _ in range(players)],
        discards=[0] * CARD_TYPES,
        deck=[0],
        player=first,
        settle=False,
    )


def order_kind(actor: int, action: ShinobiAction, table: ShinobiState) -> str | None:
    """The kind of evidence an order gives (None: it says nothing), `table` a position
    whose armies are the table before it."""
    kind = type(action)
    if kind is Deploy:
        if action.province == actor:  # type: ignore[union-attr]
            return DEPLOY_HOME
        joined = table.army(action.province, action.clan)  # type: ignore[union-attr]
        return DEPLOY_JOIN if joined else DEPLOY_NEW
    if kind is Move:
        return MOVE_HOME if action.target == actor else MOVE_AWAY  # type: ignore[union-attr]
    if kind is PlayNinja:
        return NINJA
    if kind is Attack:
        return ATTACK
    return None


class Inference:
    """The evidence of a game's public history, extended as the history grows (one per
    bot and game: a later history that starts with the earlier one reuses its work)."""

    def __init__(self) -> None:
        self._history: list[ShinobiAction] = []
        self._actors: list[int] = []
        self._scores: list[list[float]] = []
        self._replay: ShinobiState | None = None

    def scores(
        self, history: Sequence[ShinobiAction], actors: Sequence[int], players: int, first: int
    ) -> list[list[float]]:
        """Evidence per player and clan (sums of `SCORE`) from the public history."""
        done = len(self._history)
        if (
            self._replay is None
            or len(self._scores) != players
            or len(history) < done
            or list(history[:done]) != self._history
            or list(actors[:done]) != self._actors
        ):
            self._reset(players, first)
            done = 0
        replay = self._replay
        assert replay is not None
        for actor, action in zip(actors[done:], history[done:], strict=True):
            kind = order_kind(actor, action, replay)
            if kind is not None:
                self._scores[actor][action.clan] += SCORE[kind]
            replay.apply(action)
            self._history.append(action)
            self._actors.append(actor)
        return [row[:] for row in self._scores]

    def _reset(self, players: int, first: int) -> None:
        self._history = []
        self._actors = []
        self._scores = [[0.0] * NUM_CLANS for _ in range(players)]
        self._replay = _replay_state(players, first)


def evidence(
    history: Sequence[ShinobiAction], actors: Sequence[int], players: int, first: int
) -> list[list[float]]:
    """Evidence per player and clan from a whole public history (no reuse)."""
    return Inference().scores(history, actors, players, first)


def rival_weights(scores: Sequence[Sequence[float]], observer: int, own_clan: int) -> list[float]:
    """For each clan, the probability that another player serves it (0 for one's own)."""
    return beliefs.rival_weights(scores, observer, own_clan, TEMPER)


def clan_weights(
    scores: Sequence[Sequence[float]], observer: int, own_clan: int
) -> dict[int, list[float]]:
    """For each other player, the probability of each clan being theirs."""
    others, table = beliefs.posterior(scores, observer, own_clan, TEMPER)
    out = {q: [0.0] * NUM_CLANS for q in others}
    for combo, p in table:
        for q, c in zip(others, combo, strict=True):
            out[q][c] += p
    return out


def sample_allegiances(
    rng: random.Random, scores: Sequence[Sequence[float]], observer: int, own_clan: int
) -> list[int]:
    """One clan per seat drawn from the posterior (the observer keeps their own)."""
    return beliefs.sample_allegiances(rng, scores, observer, own_clan, TEMPER)
