"""Saved games: the setup (game, players, seed, settings, map id and hash) and the
action log in text form, as versioned JSON. Loading replays the log, so a save
restores the identical state or says clearly why it cannot."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core import ActionParseError, GameSetup, GameState, IllegalActionError
from engine.files import atomic_write_text
from engine.registry import UnknownGameError, get_game

SAVE_FORMAT = "daimyo-save"
SAVE_VERSION = 1


class SaveError(ValueError):
    """A save file that cannot be loaded; the message names the file and the fix."""


DAMAGED = "the file is damaged or was edited; load another save (or the autosave)"
"""The fix named by messages about a save whose content is broken."""


def save_dict(state: GameState) -> dict[str, Any]:
    """The JSON-ready form of a game."""
    setup = state.setup()
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": setup.game,
        "players": setup.players,
        "seed": setup.seed,
        "settings": dict(setup.settings),
        "map": {"id": setup.map_id, "hash": setup.map_hash} if setup.map_id else None,
        "actions": [str(a) for a in state.history],
    }


def save_game(state: GameState, path: str | Path) -> None:
    """Write `state` to `path` atomically."""
    atomic_write_text(path, json.dumps(save_dict(state), indent=1) + "\n")


def load_game(path: str | Path, graph_for: Callable[[str], Any] | None = None) -> GameState:
    """Replay the save at `path`; `graph_for(map_id)` supplies the map of map games."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{path}: line {exc.lineno}: not valid JSON ({exc.msg}); the file is damaged"
        ) from None
    return state_from_dict(data, graph_for, source=str(path))


def state_from_dict(
    data: Any, graph_for: Callable[[str], Any] | None = None, source: str = "<save>"
) -> GameState:
    """Rebuild a game from `save_dict` output by replaying its actions."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(
            f'{source}: not a Daimyo save file (no "format": "{SAVE_FORMAT}"); '
            "choose a file written by Game → Save or `daimyo play --save`"
        )
    version = data.get("version")
    if version != SAVE_VERSION:
        raise SaveError(
            f"{source}: save version {version!r} is not supported (this Daimyo reads version "
            f"{SAVE_VERSION}); open it with the Daimyo version that wrote it"
        )
    try:
        spec = get_game(data["game"])
        setup = GameSetup(
            game=data["game"],
            players=int(data["players"]),
            seed=int(data["seed"]),
            settings=dict(data.get("settings") or {}),
        )
        actions = list(data["actions"])
    except UnknownGameError as exc:
        raise SaveError(
            f"{source}: this save is of the game {data['game']!r}, which this Daimyo does not "
            f"have ({exc.args[0]}); update Daimyo to load it"
        ) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{source}: missing or malformed field {exc}; {DAMAGED}") from None
    graph = None
    map_info = data.get("map")
    if spec.uses_map:
        if not isinstance(map_info, dict) or not isinstance(map_info.get("id"), str):
            raise SaveError(f"{source}: the save names no map to play on; {DAMAGED}")
        if graph_for is None:
            raise SaveError(f"{source}: the save's map {map_info['id']!r} is not available")
        graph = graph_for(map_info["id"])
        if map_info.get("hash") and graph.hash != map_info["hash"]:
            raise SaveError(
                f"{source}: map {map_info['id']!r} has changed since this game was saved "
                "(its hash differs); restore the old map file to continue this game"
            )
    try:
        state = spec.new_game(setup.players, setup.seed, setup.settings, graph)
    except ValueError as exc:  # the rules refuse the setup (player count, settings)
        raise SaveError(f"{source}: the game cannot be set up ({exc}); {DAMAGED}") from None
    for index, text in enumerate(actions):
        try:
            state.apply_checked(spec.parse_action(text))
        except (ActionParseError, IllegalActionError) as exc:
            raise SaveError(
                f"{source}: action {index + 1} {text!r} cannot be replayed: {exc}; the file was "
                "edited or written by another Daimyo version; load another save"
            ) from None
    return state
