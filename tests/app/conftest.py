"""App test fixtures: an isolated settings file and data folder, the Pebbles test game, and
the shipped Rokugan map parsed once per test session (reading it takes about a second)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from shiboken6 import isValid

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs (see the module)
import engine.registry
from app.board import maps_cache
from app.settings import AppSettings


@pytest.fixture(autouse=True)
def _no_wait_for_the_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files are written as in the app (temp file, rename) but not flushed to the disk:
    nothing a test reads depends on the flush, and the autosave after every decision
    waited for it (530 flushes in the Rice Wars whole game, 2 s of its wall). A descriptor
    `os.fsync` would refuse is still refused. tests/engine/test_files.py keeps the flush."""
    monkeypatch.setattr(os, "fsync", _checked_not_flushed)


def _checked_not_flushed(fd) -> None:
    """`os.fsync` without the flush: an int or a file, refused as fsync refuses it."""
    os.fstat(fd if isinstance(fd, int) else fd.fileno())


@pytest.fixture(scope="session")
def rokugan_geometry():
    """The shipped Rokugan map's geometry, read once for the whole session."""
    from maps.api import shipped_map_path

    return maps_cache.map_geometry(Path(shipped_map_path("rokugan")))


@pytest.fixture
def parsed_maps(rokugan_geometry, monkeypatch: pytest.MonkeyPatch) -> dict:
    """A map cache of the test's own that starts with the Rokugan map already parsed."""
    from maps.api import shipped_map_path

    key = maps_cache._key(Path(shipped_map_path("rokugan")))
    cache = {key: rokugan_geometry}
    monkeypatch.setattr(maps_cache, "_CACHE", cache)
    return cache


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
def window(app_settings: AppSettings, qtbot, parsed_maps):
    """A main window on the isolated settings, bots at a tiny node budget; a laptop-sized
    window. Its painting is off (painting it at every wait of a test was half the CPU of
    the app tests, and no test looks at the screen but through `grab()`, which paints
    anyway); a test paints a moment with tests.monkey.paint_once, and the window is painted
    once at the end of every test, so a paint that raises still fails it. At its end the
    game log must show the story as told afresh (`tests.monkey.log_told_whole`)."""
    from app.main_window import MainWindow
    from tests.monkey import log_told_whole, paint_once

    win = MainWindow(app_settings, bot_nodes=20)
    win.resize(1000, 700)
    qtbot.addWidget(win)
    win.show()
    win.setUpdatesEnabled(False)
    yield win
    if isValid(win):  # (a test may have deleted it)
        # the log shows the story as told afresh (a decision's lines come a moment after it)
        qtbot.waitUntil(lambda: log_told_whole(win), timeout=5000)
        paint_once(win, keep=True)
        win.close()


@pytest.fixture
def every_step_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Rokugan resolution step concerns the person (none plays on by itself), for
    tests that read each of the seven steps; tests/app/test_rokugan_story.py tests which
    steps play on."""
    from app.games.rokugan import story

    monkeypatch.setattr(story, "involves", lambda resolution, facts, viewer: True)
