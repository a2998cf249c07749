"""Keeping a game that another replaces: it stays in a save file, listed under Recent games.

Before a new or loaded game takes over the autosave, the game it replaces (running, or
waiting in the autosave) is kept in its own save file when that file holds it as it is
now, else in a file already listed that holds it, else in a new file in the saves folder.
No Qt: the window passes its settings and the replaced game's save data.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from app.i18n import N_, _
from app.savefile import holds_game
from app.settings import AppSettings
from engine.files import atomic_write_text
from engine.saves import SaveError, read_save

SAVE_FILTER = N_("Daimyo saves (*.json)")
ALL_FILES = N_("All files (*)")


def save_filter() -> str:
    """The save dialog's file type, in the reader's words."""
    return _(SAVE_FILTER)


def open_filter() -> str:
    """The open dialogs' file types: Open finds any save, as one named without ".json"
    elsewhere is still a save."""
    return f"{_(SAVE_FILTER)};;{_(ALL_FILES)}"


def with_save_suffix(path: str) -> Path:
    """`path` as a save file: ".json" added when the name has no extension (the dialog
    leaves it off on some platforms, and Open lists saves by it)."""
    chosen = Path(path)
    return chosen if chosen.suffix else chosen.with_name(chosen.name + ".json")


def keep_game(settings: AppSettings, data: dict[str, Any]) -> Path:
    """Keep the game of save `data` and list it under Recent games; the file it is in.

    Raises OSError when a new file for it cannot be written.
    """
    own = (data.get("app") or {}).get("save_path")
    try:
        if own and read_save(own).actions == tuple(data["actions"]):
            settings.add_recent_game(own)
            return Path(own)
    except SaveError:
        pass  # its own file is gone or damaged: keep a new copy
    # kept before (another game was opened and left unplayed): that file is enough
    listed = next((p for p in settings.recent_games() if holds_game(p, data)), None)
    if listed is not None:
        settings.add_recent_game(listed)
        return Path(listed)
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M")
    target = settings.saves_dir / f"{data['game']}-{stamp}.json"
    counter = 2
    while target.exists():
        target = settings.saves_dir / f"{data['game']}-{stamp}-{counter}.json"
        counter += 1
    try:
        atomic_write_text(target, json.dumps(data, indent=1) + "\n")
    except OSError as exc:
        exc.filename = str(target)
        raise
    settings.add_recent_game(target)
    return target


def autosaved_game(path: Path) -> dict[str, Any] | None:
    """The autosave's content when it holds a game with moves (None if not, or damaged)."""
    if not path.is_file():
        return None
    try:
        save = read_save(path)
        data = json.loads(path.read_text(encoding="utf-8"))
    except (SaveError, OSError, ValueError):
        return None  # a damaged autosave is not worth keeping
    return data if save.actions else None
