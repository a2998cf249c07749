"""Learn to play: a guided first game, as data (no Qt).

A `Guide` is one game's first game: the fixed setup (players, seed, map, settings, the
easy clans in the other seats) and its `Step`s. A step is keyed to a game situation, not
to a move number: `when(state, seat)` says where it applies, `wants(state, seat, action)` which
of the person's legal actions do what it teaches (the app lights those on the board), and its
`text` says in one or two sentences what to do and why. A step without `wants` only
explains something that is happening (the resolution, the draw, the end) and is done once
it has been shown.

Steps read only what the person may see: their own hand and cards, the public board and
the legal actions; never a rival's hidden token or card.

`GuideProgress` follows one guided game: `current(state, seat)` is the first step not yet
done that applies now (for a step with `wants`, only while one of its actions is legal
and it is the person's turn), `targets` are the legal actions it lights, `record` marks
the steps an action of the person fulfilled, `acknowledge` marks an explaining step read.
Each step is met once; the kinds it `meets` ("phase:placement", "token:navy") let a test
check that a whole guided game meets every phase and every token or card kind
(`Guide.kinds`). The person may leave the guide at any time and play on; the progress
stays, so the guide can be resumed where the game then stands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.i18n import _
from engine.core import GameState

Situation = Callable[[GameState, int], bool]
Wanted = Callable[[GameState, int, Any], bool]
Text = str | Callable[[GameState, int], str]


@dataclass(frozen=True)
class Step:
    """One thing the guide teaches (see the module docstring)."""

    key: str
    title: str
    text: Text
    """One or two sentences: what to do and why (a function of (state, seat) when it
    names things on the board)."""
    when: Situation
    wants: Wanted | None = None
    """`wants(state, seat, action)`: does `action` do what the step teaches? None for a
    step that only explains."""
    meets: tuple[str, ...] = ()
    """The phases and token or card kinds this step introduces."""
    anyone: bool = False
    """An explaining step that may show on anyone's turn (the Dragon returns a token)."""

    def says(self, state: GameState, seat: int) -> str:
        """The step's text for this situation."""
        return self.text(state, seat) if callable(self.text) else _(self.text)


@dataclass(frozen=True)
class Guide:
    """One game's guided first game: the fixed setup and the steps."""

    game: str
    title: str
    intro: str
    players: int
    seed: int
    seat: int
    """The person's seat."""
    bots: tuple[str, ...]
    """Bot names of every other seat, in seat order (node budgets: the same game on every
    machine)."""
    steps: tuple[Step, ...]
    kinds: tuple[str, ...]
    """Every phase and token or card kind the guide must meet in its game."""
    settings: dict[str, Any] = field(default_factory=dict)
    map_id: str | None = None
    outro: str = "That is the whole game. Play on as you like, or start a new game."

    def step(self, key: str) -> Step:
        """The step called `key` (KeyError when none is)."""
        for step in self.steps:
            if step.key == key:
                return step
        raise KeyError(key)

    def seat_bots(self) -> list[str | None]:
        """One entry per seat: None for the person, else the bot's name."""
        bots = iter(self.bots)
        return [None if p == self.seat else next(bots) for p in range(self.players)]


class GuideProgress:
    """Where one guided game stands: which steps are done, which kinds were met."""

    def __init__(self, guide: Guide, done: Sequence[str] = ()) -> None:
        self.guide = guide
        self.done: set[str] = set(done)
        self.met: set[str] = set()
        for key in self.done:
            self.met.update(guide.step(key).meets)

    def current(self, state: GameState, seat: int | None = None) -> Step | None:
        """The first step not yet done that applies to `state` now, else None."""
        seat = self.guide.seat if seat is None else seat
        if state.is_terminal():
            return next(
                (s for s in self.guide.steps if s.key not in self.done and s.wants is None
                 and s.when(state, seat)),
                None,
            )  # fmt: skip
        mine = state.current_player() == seat
        legal = state.legal_actions() if mine else []
        for step in self.guide.steps:
            if step.key in self.done:
                continue
            if step.wants is None:
                if (mine or step.anyone) and step.when(state, seat):
                    return step
                continue
            if mine and step.when(state, seat) and any(step.wants(state, seat, a) for a in legal):
                return step
        return None

    def targets(self, state: GameState, step: Step | None) -> list[Any]:
        """The legal actions that do what `step` teaches (none for an explaining step)."""
        if step is None or step.wants is None or state.is_terminal():
            return []
        seat = self.guide.seat
        return [a for a in state.legal_actions() if step.wants(state, seat, a)]

    def record(self, state_before: GameState, action: Any, seat: int | None = None) -> list[Step]:
        """Mark done the steps that `action`, taken by the person in `state_before`,
        fulfilled (and the explaining step then shown); returns them."""
        seat = self.guide.seat if seat is None else seat
        shown = self.current(state_before, seat)
        fulfilled = []
        for step in self.guide.steps:
            if step.key in self.done or step.wants is None:
                continue
            if step.when(state_before, seat) and step.wants(state_before, seat, action):
                fulfilled.append(step)
        if shown is not None and shown.wants is None:
            fulfilled.append(shown)
        for step in fulfilled:
            self._finish(step)
        return fulfilled

    def acknowledge(self, step: Step) -> None:
        """The person read an explaining step ("Next")."""
        self._finish(step)

    def _finish(self, step: Step) -> None:
        self.done.add(step.key)
        self.met.update(step.meets)

    def missing(self) -> list[str]:
        """The guide's kinds not met yet."""
        return [kind for kind in self.guide.kinds if kind not in self.met]

    def finished(self) -> bool:
        """True when every step is done."""
        return all(step.key in self.done for step in self.guide.steps)


def scripted_walk(
    guide: Guide,
    state: GameState,
    choose_other: Callable[[GameState, int], Any],
    pick: Callable[[GameState, list[Any]], Any] | None = None,
    max_actions: int = 5000,
) -> GuideProgress:
    """Play `state` to its end as a person who follows the guide: at each of the person's
    decisions, an explaining step is read, then one of the lit targets is taken (`pick`,
    default the first), or, with no step, `choose_other` moves for them as for every other
    seat. Returns the progress (what was met). For tests and the docs' screenshots."""
    progress = GuideProgress(guide)
    pick = pick or (lambda st, targets: targets[0])
    for _action in range(max_actions):
        step = progress.current(state)
        while step is not None and step.wants is None:
            progress.acknowledge(step)
            step = progress.current(state)
        if state.is_terminal():
            return progress
        player = state.current_player()
        if player == guide.seat:
            targets = progress.targets(state, step)
            action = pick(state, targets) if targets else choose_other(state, player)
            progress.record(state, action)
        else:
            action = choose_other(state, player)
        state.apply(action)
    raise RuntimeError(f"the guided game did not end within {max_actions} actions")
