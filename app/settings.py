"""Persistent preferences (QSettings, organisation "Daimyo") and where the app keeps files.

Everything the app remembers between runs goes through `AppSettings`: recent games, the
Settings dialog's choices (language, AI pace, step-by-step resolution, animations), the
last new-game choices, window geometry and splitter positions, user map
files by id and the last board print options. Tests give
it their own QSettings file and data directory so they never touch the user's.
`daimyo_home()` is the one folder of the program's own files, for the app and the editor.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths
from PySide6.QtWidgets import QSplitter, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first

ORGANISATION = "Daimyo"
APPLICATION = "Daimyo"
MAX_RECENT = 8

# Pause after each AI decision, in milliseconds, so a person can follow the placements.
AI_PACES: dict[str, int] = {"instant": 0, "fast": 250, "normal": 700, "slow": 1500}


def daimyo_home() -> Path:
    """The folder of Daimyo's own files: the game autosave and saves, the editor's
    autosaves of unsaved maps and its playtest copies.

    $DAIMYO_HOME when set (tests, a portable setup); else the user's data folder for
    Daimyo (on Linux ~/.local/share/Daimyo/Daimyo, Qt's AppDataLocation of the app), named
    here rather than read from the running QApplication, so the editor (which names no
    application) and the app it opens for a test game use the same folder; ~/.daimyo when
    the platform has no data folder.
    """
    home = os.environ.get("DAIMYO_HOME")
    if home:
        return Path(home)
    location = QStandardPaths.writableLocation(QStandardPaths.GenericDataLocation)
    if not location:
        return Path.home() / ".daimyo"
    return Path(location) / ORGANISATION / APPLICATION


class AppSettings:
    """Typed access to the app's QSettings plus its data directory (autosave lives there)."""

    def __init__(self, settings: QSettings | None = None, data_dir: Path | None = None) -> None:
        self.qsettings = settings if settings is not None else QSettings(ORGANISATION, APPLICATION)
        self.data_dir = data_dir if data_dir is not None else daimyo_home()

    # files -----------------------------------------------------------------------------
    @property
    def autosave_path(self) -> Path:
        """The file the running game is saved to after every decision."""
        return self.data_dir / "autosave.json"

    @property
    def saves_dir(self) -> Path:
        """Default folder of the save dialogs."""
        return self.data_dir / "saves"

    # recent games ----------------------------------------------------------------------
    def recent_games(self) -> list[str]:
        """Save files opened or written lately, newest first, existing ones only."""
        paths = self._json("recent_games", [])
        if not isinstance(paths, list):
            return []
        seen: set[str] = set()
        games = []
        for p in paths:
            if not (isinstance(p, str) and p and _is_file(p)):
                continue
            key = str(Path(p).resolve())  # one file listed once, however it was reached
            if key not in seen:
                seen.add(key)
                games.append(p)
        return games

    def add_recent_game(self, path: str | Path) -> None:
        """Put `path` at the top of the recent games."""
        text = str(Path(path).resolve())
        paths = [p for p in self.recent_games() if str(Path(p).resolve()) != text]
        self._set_json("recent_games", [text, *paths][:MAX_RECENT])

    # preferences -----------------------------------------------------------------------
    def ai_pace(self) -> str:
        """One of `AI_PACES`."""
        pace = str(self.qsettings.value("ai_pace", "normal"))
        return pace if pace in AI_PACES else "normal"

    def set_ai_pace(self, pace: str) -> None:
        """Remember the AI pace (a key of `AI_PACES`)."""
        if pace not in AI_PACES:
            raise ValueError(f"unknown AI pace {pace!r}; choose one of {', '.join(AI_PACES)}")
        self.qsettings.setValue("ai_pace", pace)

    def ai_delay_ms(self) -> int:
        """The pause after each AI decision."""
        return AI_PACES[self.ai_pace()]

    def language(self) -> str:
        """The language chosen in Settings ("en", "de", "pt"), or "" to follow the system's."""
        from app.i18n import LANGUAGES

        code = str(self.qsettings.value("language", "") or "")
        return code if code in LANGUAGES else ""

    def set_language(self, code: str) -> None:
        """Remember the language (a key of `app.i18n.LANGUAGES`; "" follows the system)."""
        from app.i18n import LANGUAGES

        if code and code not in LANGUAGES:
            raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
        self.qsettings.setValue("language", code)

    def step_by_step(self) -> bool:
        """Whether a resolution is shown one step at a time (the default)."""
        return str(self.qsettings.value("step_by_step", "true")) == "true"

    def set_step_by_step(self, on: bool) -> None:
        """Remember step-by-step resolution."""
        self.qsettings.setValue("step_by_step", "true" if on else "false")

    def animations(self) -> bool:
        """Whether the boards animate what happens (the default; off: it just appears)."""
        return str(self.qsettings.value("animations", "true")) == "true"

    def set_animations(self, on: bool) -> None:
        """Remember whether the boards animate."""
        self.qsettings.setValue("animations", "true" if on else "false")

    def last_new_game(self) -> dict[str, Any]:
        """The choices of the last new-game dialog (empty when none)."""
        value = self._json("last_new_game", {})
        return value if isinstance(value, dict) else {}

    def set_last_new_game(self, choices: dict[str, Any]) -> None:
        """Remember the new-game dialog's choices."""
        self._set_json("last_new_game", choices)

    def map_paths(self) -> dict[str, str]:
        """User map files by map id, so saves of games on them can be loaded."""
        value = self._json("map_paths", {})
        return value if isinstance(value, dict) else {}

    def remember_map_path(self, map_id: str, path: str | Path) -> None:
        """Record where the map `map_id` was loaded from."""
        paths = self.map_paths()
        paths[map_id] = str(Path(path).resolve())
        self._set_json("map_paths", paths)

    def print_options(self) -> dict[str, Any]:
        """The last board print options (`dataclasses.asdict` of a PrintOptions), or {}."""
        value = self._json("print_options", {})
        return value if isinstance(value, dict) else {}

    def set_print_options(self, options: dict[str, Any]) -> None:
        """Remember the board print options chosen last."""
        self._set_json("print_options", options)

    def value(self, key: str, default: Any = None) -> Any:
        """A raw setting (window geometry and the like)."""
        return self.qsettings.value(key, default)

    def set_value(self, key: str, value: Any) -> None:
        """Store a raw setting."""
        self.qsettings.setValue(key, value)

    def restore_splitters(self, root: QWidget, key: str) -> None:
        """Give every splitter under `root` its remembered sizes, and remember each move.

        Splitters are told apart by object name, else by their order under `root`; `key`
        names the layout (one per game: their screens differ).
        """
        for index, splitter in enumerate(root.findChildren(QSplitter)):
            name = f"splitters/{key}/{splitter.objectName() or index}"
            state = self.qsettings.value(name)
            if isinstance(state, QByteArray) and not state.isEmpty():
                splitter.restoreState(state)
            splitter.splitterMoved.connect(
                lambda _pos, _index, s=splitter, n=name: self.qsettings.setValue(n, s.saveState())
            )

    def save_splitters(self, root: QWidget, key: str) -> None:
        """Remember the sizes of every splitter under `root` (see `restore_splitters`)."""
        for index, splitter in enumerate(root.findChildren(QSplitter)):
            name = f"splitters/{key}/{splitter.objectName() or index}"
            self.qsettings.setValue(name, splitter.saveState())

    def sync(self) -> None:
        """Write pending changes to disk."""
        self.qsettings.sync()

    def _json(self, key: str, default: Any) -> Any:
        raw = self.qsettings.value(key)
        if not raw:
            return default
        try:
            return json.loads(str(raw))
        except (ValueError, RecursionError):  # a hand-edited settings file: start afresh
            return default

    def _set_json(self, key: str, value: Any) -> None:
        self.qsettings.setValue(key, json.dumps(value))


def _is_file(path: str) -> bool:
    try:
        return Path(path).is_file()
    except (OSError, ValueError):  # a name the system refuses (NUL, too long)
        return False
