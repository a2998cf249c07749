"""A crash never loses a game (`app.crash`): an exception nothing caught is reported in a file,
the game or map is saved, and a dialog says what happened and where the report is."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from app import crash
from app.session import AI, HUMAN, NewGameConfig, Seat

pytestmark = pytest.mark.qt_no_exception_capture  # the app's own hook is under test


@pytest.fixture
def handler(qapp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """The crash handler installed as the hooks (restored after), reports in the test's
    folder."""
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    earlier = crash.handler()
    if earlier is not None:  # a handler of its own: no crash of another test counts
        earlier.setParent(None)
        earlier.deleteLater()
    found = crash.install(qapp)
    yield found
    if found.dialog is not None:
        found.dialog.close()


def boom() -> None:
    raise RuntimeError("the table tipped over")


def crash_in_a_slot(qtbot, handler: crash.CrashHandler) -> QMessageBox:
    """Raise in a slot the event loop calls, and wait for the crash dialog."""
    QTimer.singleShot(0, boom)
    qtbot.waitUntil(lambda: handler.dialog is not None and handler.dialog.isVisible())
    assert handler.dialog is not None
    return handler.dialog


def test_a_crash_during_a_game_saves_it_reports_and_tells_the_person(
    window, qtbot, pebbles, handler, app_settings
) -> None:
    # Given a game in the app whose autosave was removed
    seats = (Seat(HUMAN, name="Me"), Seat(AI, "random"), Seat(AI, "random"))
    assert window.start_game(NewGameConfig("pebbles", seats, seed=3))
    app_settings.autosave_path.unlink()
    # When a slot raises an exception nothing catches
    dialog = crash_in_a_slot(qtbot, handler)
    # Then the game is saved again, a report names the error and the place it was raised,
    [report] = handler.reports
    assert app_settings.autosave_path.is_file()
    assert report.parent == crash.reports_dir() and report.is_file()
    text = report.read_text(encoding="utf-8")
    assert "RuntimeError: the table tipped over" in text and "in boom" in text
    assert str(app_settings.autosave_path) in text
    # and the dialog says what happened, that the game is saved and where the report is
    assert "the table tipped over" in dialog.text()
    assert "Continue last game" in dialog.text() and str(report) in dialog.text()
    # and the app goes on: the game is still on screen
    dialog.close()
    assert window.isVisible() and window.session is not None


def test_a_crash_in_the_editor_writes_a_recovery_copy_beside_the_report(
    qtbot, handler, tmp_path: Path
) -> None:
    from tests.editor.editor_driver import make_window

    # Given the editor on a map file, with an unsaved change
    window = make_window(qtbot)
    user_file = tmp_path / "mine.yaml"
    assert window.save_to(user_file)
    before = user_file.read_bytes()
    pid = sorted(window.document.topo.provinces)[0]
    window.document.run("update_province", pid, name="Renamed in a hurry")
    assert window.document.dirty
    # When a slot raises
    dialog = crash_in_a_slot(qtbot, handler)
    # Then the changes are in a recovery copy in the reports' folder, the person's own file
    # is untouched, and the dialog says where the copy is
    [copy] = crash.reports_dir().glob("mine-*.yaml")
    assert "Renamed in a hurry" in copy.read_text(encoding="utf-8")
    assert user_file.read_bytes() == before
    assert str(copy) in dialog.text()


def test_a_crash_in_a_background_thread_is_shown_by_the_gui_thread(qtbot, handler) -> None:
    # Given a Python thread that raises
    thread = threading.Thread(target=boom, name="daimyo-test-thread")
    # When it runs
    thread.start()
    thread.join()
    # Then the GUI thread writes the report, naming the thread, and shows the dialog
    qtbot.waitUntil(lambda: handler.dialog is not None)
    [report] = handler.reports
    assert "In thread daimyo-test-thread" in report.read_text(encoding="utf-8")


def test_the_same_crash_again_is_counted_not_reported_anew(qtbot, handler) -> None:
    # Given a crash that was reported (a paint method, say, failing at every repaint)
    first = crash_in_a_slot(qtbot, handler)
    # When it happens again and again
    for _ in range(3):
        QTimer.singleShot(0, boom)
    qtbot.waitUntil(lambda: sum(handler.repeats.values()) == 3)
    # Then there is still one report and one dialog
    assert len(handler.reports) == 1
    assert handler.dialog is first
