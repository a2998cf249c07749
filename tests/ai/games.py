"""Two tiny games for testing the bots.

Nim: P players share one pile and take 1..max_take stones in turn; whoever takes the last
stone wins. With `bonus`, taking exactly one stone gives the same player another turn
(so one player may move several times in a row). Perfect information.

Tricks: P players each get a hidden hand of `hand` cards from a deck 1..deck (the rest
stays unseen). In each trick every player in turn from the leader plays one card; the
highest card wins the trick (one point) and leads the next. Most points wins. Hidden
information: the other hands; an observation knows its own hand and every card played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import TERMINAL, ActionParseError, GameSetup, GameSpec, GameState, Observation


@dataclass(frozen=True, slots=True)
class Take:
    """Take `count` stones."""

    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


class NimObservation(Observation):
    """Nim hides nothing: the observation is the position itself."""

    def __init__(self, player: int, state: NimState) -> None:
        self.player = player
        self._state = state

    def determinize(self, rng: random.Random) -> NimState:
        return self._state.clone()


class NimState(GameState):
    """A Nim position."""

    def __init__(self, players: int, pile: int, max_take: int = 3, bonus: bool = False) -> None:
        self._players = players
        self.pile = pile
        self.max_take = max_take
        self.bonus = bonus
        self.turn = 0
        self.winner: int | None = None
        self._history: list[Take] = []
        self._undo: list[tuple[int, int, int | None]] = []

    @property
    def num_players(self) -> int:
        return self._players

    def current_player(self) -> int:
        return TERMINAL if self.winner is not None else self.turn

    def legal_actions(self) -> list[Take]:
        if self.winner is not None:
            return []
        return [Take(n) for n in range(1, min(self.max_take, self.pile) + 1)]

    def apply(self, action: Take) -> None:
        self._undo.append((self.pile, self.turn, self.winner))
        self._history.append(action)
        self.pile -= action.count
        if self.pile == 0:
            self.winner = self.turn
        elif not (self.bonus and action.count == 1):
            self.turn = (self.turn + 1) % self._players

    def undo(self) -> None:
        self.pile, self.turn, self.winner = self._undo.pop()
        self._history.pop()

    def clone(self) -> NimState:
        other = NimState(self._players, self.pile, self.max_take, self.bonus)
        other.turn, other.winner = self.turn, self.winner
        other._history = list(self._history)
        other._undo = list(self._undo)
        return other

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(self._players)]

    def observation(self, player: int) -> NimObservation:
        return NimObservation(player, self.clone())

    @property
    def history(self) -> Sequence[Take]:
        return self._history

    def setup(self) -> GameSetup:
        return GameSetup("nim", self._players, 0, {"pile": self.pile})

    def state_hash(self) -> tuple[int, int, int | None]:
        return (self.pile, self.turn, self.winner)


class NimSpec(GameSpec):
    """Nim with settings pile, max_take and bonus."""

    id = "nim"
    name = "Nim"
    min_players = 2
    max_players = 4
    hidden_information = False

    def new_game(
        self,
        players: int,
        seed: int,
        settings: Mapping[str, Any] | None = None,
        graph: Any | None = None,
    ) -> NimState:
        settings = settings or {}
        # The seed varies the starting pile, so different deals are different games.
        pile = settings.get("pile", 10 + seed % 7)
        return NimState(players, pile, settings.get("max_take", 3), settings.get("bonus", False))

    def parse_action(self, text: str) -> Take:
        word, _, count = text.partition(" ")
        if word != "take" or not count.isdigit():
            raise ActionParseError(text)
        return Take(int(count))


NimState.spec = NimSpec()
NIM = NimState.spec


@dataclass(frozen=True, slots=True)
class Play:
    """Play the card `card`."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


class TricksObservation(Observation):
    """One player's knowledge: own hand, all cards played, points, whose turn."""

    def __init__(self, player: int, state: TricksState) -> None:
        self.player = player
        self.deck = state.deck
        self.hand = tuple(sorted(state.hands[player]))
        self.sizes = tuple(len(h) for h in state.hands)
        self.trick = tuple(state.trick)
        self.played = tuple(state.played)
        self.points = tuple(state.points)
        self.turn = state.turn
        self.leader = state.leader
        self.history = tuple(state.history)

    def determinize(self, rng: random.Random) -> TricksState:
        seen = set(self.hand) | set(self.played) | {card for _, card in self.trick}
        unseen = [c for c in range(1, self.deck + 1) if c not in seen]
        rng.shuffle(unseen)
        hands = []
        for p, size in enumerate(self.sizes):
            if p == self.player:
                hands.append(list(self.hand))
            else:
                hands.append(sorted(unseen[:size]))
                del unseen[:size]
        state = TricksState(hands, self.deck)
        state.trick = list(self.trick)
        state.played = list(self.played)
        state.points = list(self.points)
        state.turn, state.leader = self.turn, self.leader
        state._history = list(self.history)
        return state


class TricksState(GameState):
    """A Tricks position (hands are the hidden part)."""

    def __init__(self, hands: list[list[int]], deck: int) -> None:
        self.hands = [sorted(h) for h in hands]
        self.deck = deck
        self.trick: list[tuple[int, int]] = []
        self.played: list[int] = []
        self.points = [0] * len(hands)
        self.turn = 0
        self.leader = 0
        self._history: list[Play] = []
        self._undo: list[tuple[Any, ...]] = []

    @property
    def num_players(self) -> int:
        return len(self.hands)

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Play]:
        if self.is_terminal():
            return []
        return [Play(c) for c in self.hands[self.turn]]

    def apply(self, action: Play) -> None:
        self._undo.append(
            (list(self.trick), list(self.points), self.turn, self.leader, len(self.played))
        )
        self._history.append(action)
        self.hands[self.turn].remove(action.card)
        self.trick.append((self.turn, action.card))
        if len(self.trick) == len(self.hands):
            winner = max(self.trick, key=lambda pc: pc[1])[0]
            self.points[winner] += 1
            self.played.extend(card for _, card in self.trick)
            self.trick = []
            self.turn = self.leader = winner
        else:
            self.turn = (self.turn + 1) % len(self.hands)

    def undo(self) -> None:
        trick, points, turn, leader, played = self._undo.pop()
        action = self._history.pop()
        self.trick, self.points, self.turn, self.leader = trick, points, turn, leader
        del self.played[played:]
        self.hands[turn].append(action.card)
        self.hands[turn].sort()

    def clone(self) -> TricksState:
        other = TricksState([list(h) for h in self.hands], self.deck)
        other.trick, other.played = list(self.trick), list(self.played)
        other.points, other.turn, other.leader = list(self.points), self.turn, self.leader
        other._history, other._undo = list(self._history), list(self._undo)
        return other

    def is_terminal(self) -> bool:
        return not self.trick and not any(self.hands)

    def returns(self) -> list[float]:
        return [float(p) for p in self.points]

    def observation(self, player: int) -> TricksObservation:
        return TricksObservation(player, self)

    @property
    def history(self) -> Sequence[Play]:
        return self._history

    def setup(self) -> GameSetup:
        return GameSetup("tricks", len(self.hands), 0, {})

    def state_hash(self) -> tuple[Any, ...]:
        return (
            tuple(tuple(h) for h in self.hands),
            tuple(self.trick),
            tuple(self.points),
            self.turn,
        )


class TricksSpec(GameSpec):
    """Tricks with settings hand (cards per player) and deck (highest card)."""

    id = "tricks"
    name = "Tricks"
    min_players = 2
    max_players = 4

    def new_game(
        self,
        players: int,
        seed: int,
        settings: Mapping[str, Any] | None = None,
        graph: Any | None = None,
    ) -> TricksState:
        settings = settings or {}
        hand, deck = settings.get("hand", 3), settings.get("deck", 4 * players)
        cards = list(range(1, deck + 1))
        random.Random(seed).shuffle(cards)
        return TricksState([cards[p * hand : (p + 1) * hand] for p in range(players)], deck)

    def parse_action(self, text: str) -> Play:
        word, _, card = text.partition(" ")
        if word != "play" or not card.isdigit():
            raise ActionParseError(text)
        return Play(int(card))


TricksState.spec = TricksSpec()
TRICKS = TricksState.spec
