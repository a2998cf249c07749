"""`daimyo log SAVE [--as SEAT] [--json] [--lang LANG]`: a saved game's story, one event a line.

The story is the one the app's game log tells (`GameUI.story`), replayed from the save's
actions: by default everything, as after the game (every secret told); with `--as SEAT`
as that seat's player was told it, secrets of the others kept ("You" for that seat). For
sharing a game report, and for tests. SEAT is the seat's number (1 for the first seat) or
any name the game shows for it (`app.commands.seats`: the player's name, a clan, a colour,
"Player 2", a Shinobi allegiance once revealed).

With `--json` it prints the engine's records instead (`engine.events`), one JSON object a
line (`Event.to_json()`: at least `kind` and `round`), from replaying the save with
`GameState.apply_told`. An action whose rules write no record yet (Rice Wars' and
Shinobi's rules write one for every decision) is one `action` record (`player`, `action`:
its text). With `--as SEAT` each record is printed as that seat was told it
(`Event.seen_by`): the cards others drew are only counted, another's sealed bid and card
face down are told without amount or name, another Rokugan clan's decision without its
objective, the kind of a token it put face down, returned or looked at (where it went is
told), and the text of another seat's `action` record is left out (it may name a
face-down token or a secret bid).
Seats in the records are numbered from 0, as in action texts.

The story is told in the language of `--lang en|de|pt` (`app.cli`; else the system's), in
the words of that language's rulebook, and SEAT may be any name the game shows in it
("Spieler 2"); the records of `--json` are data and stay as they are.

Loads no Qt: it runs where PySide6 is not installed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from app.i18n import _
from engine.events import Event


@dataclasses.dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """`player` took `action` (its text), for an action whose rules write no record yet.
    Only that seat is told the text (it may be secret): the others learn that they acted."""

    kind: ClassVar[str] = "action"
    player: int
    action: str

    def seen_by(self, viewer: int) -> ActionTaken:
        """The acting seat reads the action; every other seat an empty text."""
        return self if viewer == self.player else dataclasses.replace(self, action="")


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `daimyo log`."""
    parser.add_argument(
        "save", help=_("a save file (Game → Save, the autosave, `daimyo play --save`)")
    )
    parser.add_argument(
        "--as",
        dest="seat",
        metavar="SEAT",
        help=_(
            "tell the story as this seat was told it: its number (1 = first seat) or "
            "a name the game shows for it (a clan, a colour, 'Player 2'); default: everything, "
            "as after the game"
        ),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=_("print the engine's records, one JSON object a line (at least kind and round)"),
    )


def run(args: argparse.Namespace) -> int:
    """Print the story."""
    from app.commands.seats import seat_of
    from app.games import game_ui
    from app.games.presentation import EVERYTHING
    from app.savefile import load_save
    from engine.saves import SaveError

    path = Path(args.save)
    try:
        loaded = load_save(path)
    except SaveError as exc:
        print(f"daimyo log: {exc}", file=sys.stderr)
        return 1
    state = loaded.state
    ui = game_ui(state.setup().game)
    viewer = EVERYTHING
    if args.seat is not None:
        try:
            viewer = seat_of(args.seat, ui, state, [seat.said_name() for seat in loaded.seats])
        except ValueError as exc:
            print(f"daimyo log: {exc}", file=sys.stderr)
            return 2
    if args.json:
        seat = viewer if viewer >= 0 else None
        for data in records(state, seat):
            print(json.dumps(data, ensure_ascii=False))
        return 0
    for line in ui.story_so_far(state, viewer):
        print(" ".join(line.text.split()))
    return 0


def records(state: Any, seat: int | None = None) -> Iterator[dict[str, Any]]:
    """The records of `state`'s game as JSON data, replayed from its start with
    `apply_told`; as seat `seat` was told them (`Event.seen_by`), or all when None."""
    from ai.review import game_start, round_number

    replay = game_start(state)
    for action in list(state.history):
        player = replay.current_player()
        round_ = round_number(replay)
        told = replay.apply_told(action) or (ActionTaken(round_, player, str(action)),)
        for record in told:
            seen = record if seat is None else record.seen_by(seat)
            if seen is not None:
                yield seen.to_json()
