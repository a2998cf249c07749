"""`daimyo log SAVE [--as SEAT]`: a saved game's story, one event per line.

The story is the one the app's game log tells (`GameUI.story`), replayed from the save's
actions: by default everything, as after the game (every secret told); with `--as SEAT`
as that seat's player was told it, secrets of the others kept ("You" for that seat). For
sharing a game report, and for tests. SEAT is the seat's number (1 for the first seat) or
its name as the game shows it (a clan, a colour, "Player 2").
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


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
        "its name (a clan or colour); default: everything, as after the game",
    )


def load_saved_game(path: Path) -> Any:
    """The game state a save file replays to, by the app's one loader (`app.savefile`);
    raises `SaveError` with the message people read."""
    from app.savefile import load_save

    return load_save(path).state


def seat_of(ui: Any, state: Any, text: str) -> int:
    """The seat index `text` names (1-based number or the seat's label); ValueError else."""
    n = state.num_players
    labels = [ui.player_label(state, p) for p in range(n)]
    if text.isdigit() and 1 <= int(text) <= n:
        return int(text) - 1
    for player, label in enumerate(labels):
        if text.strip().lower() in (label.lower(), label.lower().split(" (")[0]):
            return player
    names = ", ".join(f"{p + 1} ({label})" for p, label in enumerate(labels))
    raise ValueError(f"--as {text!r} names no seat of this game; choose one of {names}")


def run(args: argparse.Namespace) -> int:
    """Print the story."""
    from app.games import game_ui
    from app.games.base import EVERYTHING
    from engine.saves import SaveError

    path = Path(args.save)
    try:
        state = load_saved_game(path)
    except SaveError as exc:
        print(f"daimyo log: {exc}", file=sys.stderr)
        return 1
    ui = game_ui(state.setup().game)
    viewer = EVERYTHING
    if args.seat is not None:
        try:
            viewer = seat_of(ui, state, args.seat)
        except ValueError as exc:
            print(f"daimyo log: {exc}", file=sys.stderr)
            return 2
    for line in ui.story_so_far(state, viewer):
        print(" ".join(line.text.split()))
    return 0
