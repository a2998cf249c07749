"""A tiny hidden-information card game to test the app's game-agnostic shell.

Pebbles: each player is dealt 3 cards (1..9, from a seeded shuffle) and, in turn, plays one
face up. When every hand is empty the game ends; the score is the sum of one's cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import (
    TERMINAL,
    ActionParseError,
    GameSetup,
    GameSpec,
    GameState,
    Observation,
)

HAND = 3


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from hand."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


class PebblesState(GameState):
    """Hands, played cards and whose turn it is."""

    def __init__(self, players: int, seed: int) -> None:
        self._players = players
        self._seed = seed
        deck = list(range(1, 10)) * 2
        random.Random(seed).shuffle(deck)
        self.hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        self.played: list[list[int]] = [[] for _ in range(players)]
        self._history: list[Play] = []
        self._turn = 0

    @property
    def num_players(self) -> int:
        return self._players

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self._turn % self._players

    def legal_actions(self) -> list[Play]:
        if self.is_terminal():
            return []
        return [Play(c) for c in sorted(set(self.hands[self.current_player()]))]

    def apply(self, action: Play) -> None:
        player = self.current_player()
        self.hands[player].remove(action.card)
        self.played[player].append(action.card)
        self._history.append(action)
        self._turn += 1

    def undo(self) -> None:
        action = self._history.pop()
        self._turn -= 1
        player = self._turn % self._players
        self.played[player].pop()
        self.hands[player] = sorted([*self.hands[player], action.card])

    def clone(self) -> PebblesState:
        other = PebblesState.__new__(PebblesState)
        other._players, other._seed, other._turn = self._players, self._seed, self._turn
        other.hands = [list(h) for h in self.hands]
        other.played = [list(p) for p in self.played]
        other._history = list(self._history)
        return other

    def is_terminal(self) -> bool:
        return all(not hand for hand in self.hands)

    def returns(self) -> list[float]:
        return [float(sum(p)) for p in self.played]

    def observation(self, player: int) -> PebblesObservation:
        return PebblesObservation(player, self.clone())

    @property
    def history(self) -> list[Play]:
        return self._history

    def setup(self) -> GameSetup:
        return GameSetup("pebbles", self._players, self._seed)


class PebblesObservation(Observation):
    """Own hand, every played card and the hand sizes."""

    def __init__(self, player: int, state: PebblesState) -> None:
        self.player = player
        self.hand = list(state.hands[player])
        self.hand_sizes = [len(h) for h in state.hands]
        self._state = state

    def determinize(self, rng: random.Random) -> GameState:
        state = self._state.clone()
        unknown = [c for p, h in enumerate(state.hands) if p != self.player for c in h]
        rng.shuffle(unknown)
        for p, size in enumerate(self.hand_sizes):
            if p != self.player:
                state.hands[p] = sorted(unknown[:size])
                unknown = unknown[size:]
        return state


class PebblesSpec(GameSpec):
    """The Pebbles game."""

    id = "pebbles"
    name = "Pebbles"
    min_players = 2
    max_players = 5

    def new_game(
        self,
        players: int,
        seed: int,
        settings: Mapping[str, Any] | None = None,
        graph: Any | None = None,
    ) -> PebblesState:
        return PebblesState(players, seed)

    def parse_action(self, text: str) -> Play:
        word, _, number = text.partition(" ")
        if word != "play" or not number.isdigit():
            raise ActionParseError(f"not a Pebbles action: {text!r}")
        return Play(int(number))


SPEC = PebblesSpec()
PebblesState.spec = SPEC
