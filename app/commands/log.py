"""`daimyo log SAVE [--as SEAT]`: a saved game's story, one event per line.

The story is the one the app's game log tells (`GameUI.story`), replayed from the save's
actions: by default everything, as after the game (every secret told); with `--as SEAT`
as that seat's player was told it, secrets of the others kept ("You" for that seat). For
sharing a game report, and for tests. SEAT is the seat's number (1 for the first seat) or
any name the game shows for it (`app.commands.seats`: the player's name, a clan, a colour,
"Player 2", a Shinobi allegiance once revealed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `daimyo log`."""
    parser.add_argument(
        "save", help="a save file (Game → Save, the autosave, `daimyo play --save`)"
    )
    parser.add_argument(
        "--as",
        dest="seat",
        metavar="SEAT",
        help="tell the story as this seat was told it: its number (1 = first seat) or "
        "a name the game shows for it (a clan, a colour, 'Player 2'); default: everything, "
        "as after the game",
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
            viewer = seat_of(args.seat, ui, state, [seat.name for seat in loaded.seats])
        except ValueError as exc:
            print(f"daimyo log: {exc}", file=sys.stderr)
            return 2
    for line in ui.story_so_far(state, viewer):
        print(" ".join(line.text.split()))
    return 0
