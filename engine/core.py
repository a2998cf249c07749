"""The one state API every Daimyo game implements (see ../shared/STYLE.md).

A game is a `GameSpec` (what it is: players, hidden information, how to start one)
and a `GameState` subclass (a position plus its history). Actions are frozen value
objects with a text form; the action log in that text form, with the seed and the
settings, replays a game exactly.

Chance is explicit and seeded: every random event (deals, shuffles) is drawn from
the game's seed at the moment the rules call for it, so `apply` stays deterministic
and `undo` restores it exactly.

Hidden information: `observation(player)` returns what that player knows, and
`determinize(player, rng)` returns a full state drawn from that observation alone
(it calls `observation(player).determinize(rng)`), so a bot that only gets an
observation can never read the true hidden state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self, runtime_checkable

from engine.events import Event

TERMINAL = -1
"""`current_player()` of a finished game."""


class IllegalActionError(ValueError):
    """An action the rules do not allow here; the message says why."""


class ActionParseError(ValueError):
    """A text that is not an action of this game."""


@runtime_checkable
class Action(Protocol):
    """A frozen, hashable value; `str(action)` is its text form."""

    def __str__(self) -> str: ...


class Observation(ABC):
    """What one player knows. Games subclass it with their own fields."""

    player: int

    @abstractmethod
    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with this observation, unknowns drawn from `rng`."""


class GameState(ABC):
    """A position of a game plus the history needed to undo and replay it."""

    spec: ClassVar[GameSpec]
    events: list[Event] | None = None
    """Records of what happens, written by the rules while a list (`apply_told`)."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats, 0-based player ids."""

    @abstractmethod
    def current_player(self) -> int:
        """The player to act, or `TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """Every legal action of the player to act (empty when terminal)."""

    @abstractmethod
    def apply(self, action: Any) -> None:
        """Apply a trusted legal action (fast path for search)."""

    def apply_checked(self, action: Any) -> None:
        """Apply `action` after checking it; raise `IllegalActionError` with the reason."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(reason)
        self.apply(action)

    def apply_told(self, action: Any) -> tuple[Event, ...]:
        """Apply a trusted legal `action` and return the records of what happened, in the
        order the rules resolved it (`engine.events`). The rule functions write them into
        `self.events` while it is a list; it is `None` again afterwards."""
        outer = self.events
        self.events = []
        try:
            self.apply(action)
            told = tuple(self.events)
        finally:
            self.events = outer
        if outer is not None:
            outer.extend(told)
        return told

    def why_illegal(self, action: Any) -> str | None:
        """None when `action` is legal now, else a sentence saying why not."""
        if self.is_terminal():
            return "the game is over"
        if action in self.legal_actions():
            return None
        return f"{action} is not a legal action now"

    @abstractmethod
    def undo(self) -> None:
        """Take back the last applied action exactly."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (history included)."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True when the game is over."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One float per player: final scores when terminal, current standing otherwise."""

    @abstractmethod
    def observation(self, player: int) -> Observation:
        """What `player` knows now."""

    def determinize(self, player: int, rng: random.Random) -> GameState:
        """A state consistent with `player`'s observation, drawn from it alone."""
        return self.observation(player).determinize(rng)

    @property
    @abstractmethod
    def history(self) -> Sequence[Any]:
        """Actions applied since the start, oldest first."""

    @abstractmethod
    def setup(self) -> GameSetup:
        """How this game was started (replaying `history` from it gives this state)."""

    def revealed_hidden(self) -> bool:
        """True when the last action applied made something hidden known (a card drawn, a
        bid or a token turned up, a round's resolution): an undo barrier, as taking it
        back would let its player decide again knowing it. The app's undo reads it. The
        default: a game with hidden information says so after every action."""
        spec = getattr(type(self), "spec", None)  # a state made without a spec hides all
        return bool(getattr(spec, "hidden_information", True))

    def round_number(self) -> int:
        """The round being played as the game counts it, 1 for the first (setup counts as
        the first); past the last once the game is over (where the game counts so); 1 in a
        game without rounds. Logs, reviews and the Recent games list read it."""
        return 1

    def round_scores(self) -> list[float]:
        """Every seat's score as the game counts it between rounds, the figure its charts
        follow round by round (`scores_by_round`): by default the returns."""
        return [float(v) for v in self.returns()]

    def winners(self) -> list[int]:
        """Players with the best return (several on a tie the rules do not break)."""
        scores = self.returns()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]


def scores_by_round(state: GameState) -> tuple[tuple[float, ...], ...]:
    """Every seat's `round_scores` after each finished round of `state`'s game and at its
    end (`result[seat][r]` after round r + 1), replayed from its start: the one series the
    end screen's chart, the review's chart and `daimyo review` show."""
    replay = state.clone()
    while replay.history:
        replay.undo()
    series: list[list[float]] = [[] for _ in replay.round_scores()]
    for action in state.history:
        before = replay.round_number()
        replay.apply(action)
        ended = replay.is_terminal() and len(series[0]) < before  # in its last round
        if replay.round_number() != before or ended:
            for seat, score in enumerate(replay.round_scores()):
                series[seat].append(score)
    return tuple(tuple(scores) for scores in series)


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything besides the action log that a replay needs."""

    game: str
    players: int
    seed: int
    settings: Mapping[str, Any] = field(default_factory=dict)
    map_id: str | None = None
    map_hash: str | None = None


class GameSpec(ABC):
    """What a game is: its name, player counts, nature, and how to start it."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    uses_map: ClassVar[bool] = False
    hidden_information: ClassVar[bool] = True

    @abstractmethod
    def new_game(
        self,
        players: int,
        seed: int,
        settings: Mapping[str, Any] | None = None,
        graph: Any | None = None,
    ) -> GameState:
        """A fresh game; `graph` is an `engine.graph.MapGraph` for map games."""

    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """The action whose text form is `text`; raises `ActionParseError`."""
