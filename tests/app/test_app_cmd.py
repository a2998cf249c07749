"""`daimyo app SAVE`: the command opens a save at start; a damaged one gets the loader's
message in a dialog and the app stays up on its start screen."""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from app import crash
from app.commands import app_cmd
from tests.app.real_saves import write_save


@pytest.fixture
def started(qapp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict:
    """`daimyo app` with its event loop replaced: what it showed, and its window."""
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path / "home"))
    for kind in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(kind, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    monkeypatch.setattr("app.environment.qt_display_problem", lambda: None)
    # `daimyo app` installs the crash handler's hooks: the test's are back afterwards
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    seen: dict = {"warnings": []}
    monkeypatch.setattr(
        QMessageBox, "warning", lambda parent, title, text, *a: seen["warnings"].append(text)
    )

    def run_loop() -> int:  # instead of app.exec(): look at the window, then close it
        from app.main_window import MainWindow

        seen["window"] = next(
            w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
        )
        seen["screen"] = seen["window"].stack.currentWidget()
        handler = crash.handler()
        seen["crash"] = handler.dialog.text() if handler and handler.dialog else None
        if handler and handler.dialog:
            handler.dialog.close()
        seen["window"].close()
        return 0

    monkeypatch.setattr(QApplication, "exec", staticmethod(run_loop))
    yield seen
    if "window" in seen:
        seen["window"].deleteLater()
        QApplication.processEvents()


def run_app(save: Path) -> int:
    return app_cmd.run(argparse.Namespace(save=str(save), new=False, bot_nodes=20))


def test_a_damaged_save_is_explained_and_the_app_stays_on_its_start_screen(
    started: dict, tmp_path: Path
) -> None:
    # Given a save cut off in the middle
    whole = write_save(tmp_path / "game.json", "shinobi").read_text(encoding="utf-8")
    damaged = tmp_path / "damaged.json"
    damaged.write_text(whole[: len(whole) // 2], encoding="utf-8")
    # When I start `daimyo app damaged.json`
    code = run_app(damaged)
    # Then one dialog names the file and the place, and the start screen is shown
    assert code == 0
    [message] = started["warnings"]
    assert "damaged.json" in message and "line" in message
    assert started["screen"] is started["window"].start_screen


def test_a_good_save_opens_at_start(started: dict, tmp_path: Path) -> None:
    # Given a save of a Shinobi game
    save = write_save(tmp_path / "game.json", "shinobi")
    # When I start `daimyo app game.json`
    run_app(save)
    # Then the game is on screen, with no warning
    assert started["warnings"] == []
    assert started["window"].session is not None
    assert started["window"].session.game_id == "shinobi"


def test_a_crash_while_a_save_loads_is_reported_and_the_app_stays_up(
    started: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a save whose loading raises what nobody expected
    from app.main_window import MainWindow

    def crash_while_loading(window: MainWindow, path: str, remember: bool = True) -> bool:
        raise RuntimeError("the save fell off the table")

    monkeypatch.setattr(MainWindow, "load_game", crash_while_loading)
    save = write_save(tmp_path / "game.json", "shinobi")
    # When I start `daimyo app game.json`
    code = run_app(save)
    # Then the app runs on its start screen, and the crash dialog names the error and the
    # report written under the app's folder
    assert code == 0
    assert started["screen"] is started["window"].start_screen
    assert "the save fell off the table" in started["crash"]
    [report] = crash.reports_dir().glob("crash-*.txt")
    assert str(report) in started["crash"]
