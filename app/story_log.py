"""The game log's entries and the replay that tells a game's story again. Qt-free.

A `LogEntry` holds one decision's story, its beats for each viewer; `replayed` walks a
game's decisions from its start with the positions around each, so a loaded game's log
is told (and, in a new language, told again) from the records, not from stored text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from app.games.presentation import PUBLIC, Beat, LogLine


def replayed(state: Any) -> Iterator[tuple[Any, Any, Any, int]]:
    """(before, action, after, player) of each decision of `state`'s game so far, in
    order, replayed on a clone (`after` is the same clone, valid until the next step)."""
    if not state.history:
        return
    replay = state.clone()
    actions = list(replay.history)
    while replay.history:
        replay.undo()
    for action in actions:
        before = replay.clone()
        player = replay.current_player()
        replay.apply(action)
        yield before, action, replay, player


@dataclass(slots=True)
class LogEntry:
    """One decision's story: its beats for each viewer, and how many are shown yet.

    The first beat (the decision's own line) shows at once; a resolution's beats show
    one by one with their steps."""

    player: int | None
    beats: dict[int, list[Beat]] = field(default_factory=dict)
    shown: int = 1

    def lines(self, viewer: int) -> list[LogLine]:
        """The lines `viewer` may read so far."""
        beats = self.beats.get(viewer) or self.beats.get(PUBLIC) or []
        return [line for beat in beats[: self.shown] for line in beat.lines]

    def places(self) -> tuple[str, ...]:
        """Where the decision itself happened (public)."""
        beats = self.beats.get(PUBLIC) or next(iter(self.beats.values()), [])
        return tuple(beats[0].lines[0].places) if beats and beats[0].lines else ()

    @property
    def private(self) -> str:
        """The decision's own line as its actor reads it."""
        key = self.player if self.player in self.beats else PUBLIC
        beats = self.beats.get(key) or []
        return beats[0].lines[0].text if beats and beats[0].lines else ""

    @property
    def public(self) -> str:
        """The decision's own line as everybody else reads it."""
        beats = self.beats.get(PUBLIC) or []
        return beats[0].lines[0].text if beats and beats[0].lines else ""

    def count(self) -> int:
        """How many beats the story has."""
        return max((len(b) for b in self.beats.values()), default=0)
