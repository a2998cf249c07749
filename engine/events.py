"""What happened: the typed records the rules write as they are carried out.

The engine alone computes a rule; everything that shows or weighs what happened (the
board, the log, round summaries, hints, reviews, bots, `daimyo log --json`) reads these
records instead of working the game out again.

How a rule function tells what it did: the position it works on has an `events`
attribute, `None` while nobody listens (the search's fast path pays one attribute test)
or a list while `GameState.apply_told` records. A rule function writes

    if st.events is not None:
        st.events.append(Battle(...))

in the order the rulebook resolves things. A record is a frozen dataclass deriving from
`Event`: its `kind` names it in `daimyo log --json`, its `round` is the game round it
happened in, and its fields hold what a reader needs without the state (names of places
and clans, labels of tokens, numbers), never an index that only the position can read.

Who is told what: a record is public unless it says otherwise. `seen_by(seat)` is the
record as that seat was told it: itself (the default), a copy with the secret fields
emptied when the seat may know only that it happened (a face-down token, cards drawn),
or None when the seat is not told of it at all. `daimyo log --as SEAT` prints that form.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, as the rules tell it. Subclasses set `kind`."""

    kind: ClassVar[str] = "event"
    round: int

    def seen_by(self, viewer: int) -> Event | None:
        """The record as seat `viewer` was told it (see the module docstring): public
        records are themselves; a record with secrets overrides this."""
        return self

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON data: `kind` first, then every field by name."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: Any) -> Any:
    """`value` as JSON data: records and dataclasses become objects, tuples lists."""
    if isinstance(value, Event):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        items = sorted(value) if isinstance(value, (frozenset, set)) else value
        return [_plain(v) for v in items]
    return value


class Recorder:
    """Mixin for a position whose rule functions write records into `events`."""

    events: list[Event] | None = None


def record(target: Recorder, events: Iterable[Event]) -> None:
    """Append `events` to `target`'s records if someone is listening."""
    sink = target.events
    if sink is not None:
        sink.extend(events)
