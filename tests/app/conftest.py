"""App test fixtures: an isolated settings file and data folder, and the Pebbles test game."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs (see the module)
import engine.registry
from app.settings import AppSettings


@pytest.fixture
def app_settings(tmp_path: Path, qapp) -> AppSettings:
    """Settings in a temporary INI file, autosave in a temporary folder."""
    qsettings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    settings = AppSettings(qsettings, tmp_path / "data")
    settings.set_ai_pace("instant")
    return settings


@pytest.fixture
def pebbles(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register the Pebbles test game under the id "pebbles"."""
    monkeypatch.setitem(engine.registry.GAMES, "pebbles", "tests.app.fakegame:SPEC")
    return "pebbles"


@pytest.fixture
def window(app_settings: AppSettings, qtbot):
    """A main window on the isolated settings, bots at a tiny node budget."""
    from app.main_window import MainWindow

    win = MainWindow(app_settings, bot_nodes=20)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.close()
