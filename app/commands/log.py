"""`daimyo log SAVE [--as SEAT]`: a saved game's story, one event per line.

The story is the one the app's game log tells (`GameUI.story`), replayed from the save's
actions: by default everything, as after the game (every secret told); with `--as SEAT`
as that seat's player was told it, secrets of the others kept ("You" for that seat). For
sharing a game report, and for tests. SEAT is the seat's number (1 for the first seat) or
its name as the game shows it (a clan, a colour, "Player 2").
"""

from __future__ import annotations

import argparse
import json
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
    """The game state a save file replays to; raises `SaveError` with the message people
    read. (The one place that loads: the strict loader of issue 18 goes here.)"""
    from engine.saves import load_game

    return load_game(path, lambda map_id: _graph_for(path, map_id))


def _graph_for(path: Path, map_id: str) -> Any:
    """The map a save names: the file it was played on (when the app wrote the save and
    the file is still there), else the shipped map of that id."""
    from engine.saves import SaveError
    from maps.api import MapError, load_graph, shipped_maps

    candidates: list[str] = []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        saved = (data.get("app") or {}).get("map_path") if isinstance(data, dict) else None
    except (OSError, ValueError, AttributeError):
        saved = None
    if isinstance(saved, str) and Path(saved).is_file():
        candidates.append(saved)
    if map_id in shipped_maps():
        candidates.append(map_id)
    if not candidates:
        raise SaveError(
            f"{path}: the map {map_id!r} is neither shipped nor found; open the map file once "
            "with New game in the app, then run daimyo log again"
        )
    try:
        return load_graph(candidates[0])
    except (MapError, OSError) as exc:
        raise SaveError(f"{path}: the map of this game cannot be read: {exc}") from None


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
    except OSError as exc:
        print(
            f"daimyo log: {path}: cannot be read ({exc.strerror or exc}); check the file name",
            file=sys.stderr,
        )
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
