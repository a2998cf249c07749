"""A crash never loses a game: an unexpected exception is caught at the event loop, the
work is saved, a report is written, and the person is told what happened and where.

`install(application)` sets `sys.excepthook` (PySide6 hands it every exception a slot or
an overridden Qt method raises) and `threading.excepthook` (a Python thread's exception,
passed on to the GUI thread). For each crash the `CrashHandler`:

1. saves the work of every open window: the app's running game to its autosave (File →
   Continue last game takes it up again; a copy beside the report when the game has no
   autosave), the editor's unsaved map as a recovery copy beside the report (written
   atomically, never over the person's own file);
2. writes a report (the traceback, what was saved, versions) under
   `daimyo_home()/crash-reports/`, a file the person can attach to a bug report;
3. shows a dialog saying what happened, what was saved and where the report is, and the
   app goes on where it was.

A failure while saving is written into the report, never raised; an exception raised while
a crash is being handled goes to Python's own hook (stderr), so handling never loops; the
same crash again (a paint method failing at every repaint) is counted, not reported anew.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import threading
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QApplication, QMessageBox

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.settings import daimyo_home
from engine.files import atomic_write_text

REPORTS = "crash-reports"
"""The folder of the reports (and recovery copies) in `daimyo_home()`."""


def reports_dir() -> Path:
    """Where crash reports and recovery copies are written."""
    return daimyo_home() / REPORTS


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S") + f"-{os.getpid()}"


def save_game(window: Any, stamp: str) -> str | None:
    """Save the app window's running game; a sentence saying where (None: no game)."""
    session = getattr(window, "session", None)
    if session is None:
        return None
    if session.autosave_path is not None:
        session.autosave()
        return (
            f"The game is saved in {session.autosave_path}: "
            "Game → Continue last game takes it up again."
        )
    target = reports_dir() / f"game-{stamp}.json"
    atomic_write_text(target, json.dumps(session.save_data(), indent=1) + "\n")
    return f"The game is saved in {target}: Game → Load game… opens it."


def save_map(window: Any, stamp: str) -> str | None:
    """Write the editor window's unsaved map as a recovery copy; a sentence (None: saved)."""
    document = getattr(window, "document", None)
    if document is None or not document.dirty:
        return None
    from maps.api import save_map as write_map

    name = document.path.stem if document.path is not None else "untitled"
    target = reports_dir() / f"{name}-{stamp}.yaml"
    write_map(document.topo.to_mapfile(), target)
    return f"The map's unsaved changes are in {target} (your own file is untouched)."


def _savers() -> list[Callable[[str], str | None]]:
    """What to save now: one saver per open app or editor window."""
    kinds: list[tuple[type, Callable[[Any, str], str | None]]] = []
    # a window of a module never imported is not open: nothing is imported to find out
    app_window = sys.modules.get("app.main_window")
    if app_window is not None:
        kinds.append((app_window.MainWindow, save_game))
    editor_window = sys.modules.get("editor.main_window")
    if editor_window is not None:
        kinds.append((editor_window.EditorWindow, save_map))
    found: list[Callable[[str], str | None]] = []
    for widget in QApplication.topLevelWidgets():
        for kind, saver in kinds:
            if isinstance(widget, kind):
                found.append(lambda stamp, w=widget, s=saver: s(w, stamp))
    return found


class CrashHandler(QObject):
    """Catches what nothing else caught (see the module docstring)."""

    crashed = Signal(str)
    """The path of the report just written (after the dialog is open)."""
    _from_thread = Signal(str, str)  # (what, traceback text), queued into the GUI thread

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.dialog: QMessageBox | None = None
        self.reports: list[Path] = []
        self.repeats: dict[str, int] = {}  # traceback -> times seen again since its report
        self._reported: dict[str, Path] = {}
        self._handling = False
        self._from_thread.connect(self._on_thread_crash, Qt.QueuedConnection)

    def install(self) -> None:
        """Become `sys.excepthook` and `threading.excepthook`."""
        sys.excepthook = self.excepthook
        threading.excepthook = self.thread_excepthook

    def excepthook(
        self,
        exc_type: type[BaseException],
        exc: BaseException,
        tb: TracebackType | None,
    ) -> None:
        """An exception nothing caught: handled here in the GUI thread, else passed to it."""
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        text = "".join(traceback.format_exception(exc_type, exc, tb))
        what = f"{exc_type.__name__}: {exc}"
        if threading.current_thread() is threading.main_thread():  # the GUI thread
            self.handle(what, text)
        else:
            self._from_thread.emit(what, f"In thread {threading.current_thread().name}:\n{text}")

    def thread_excepthook(self, args: threading.ExceptHookArgs) -> None:
        """A Python thread's exception: reported by the GUI thread."""
        if args.exc_type is SystemExit:
            return
        text = "".join(
            traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback)
        )
        name = args.thread.name if args.thread is not None else "?"
        self._from_thread.emit(
            f"{args.exc_type.__name__}: {args.exc_value}", f"In thread {name}:\n{text}"
        )

    @Slot(str, str)
    def _on_thread_crash(self, what: str, text: str) -> None:
        self.handle(what, text)

    def report_current(self) -> Path | None:
        """Handle the exception being handled now (`except` blocks at start-up)."""
        exc_type, exc, tb = sys.exc_info()
        if exc_type is None or exc is None:
            return None
        return self.handle(
            f"{exc_type.__name__}: {exc}",
            "".join(traceback.format_exception(exc_type, exc, tb)),
        )

    def handle(self, what: str, text: str) -> Path | None:
        """Save the work, write the report, show the dialog; the report's path."""
        if self._handling:  # a crash while handling one: Python's own hook, no loop
            print(text, file=sys.stderr)
            return None
        if text in self._reported:  # the same again: its report and dialog say it already
            self.repeats[text] = self.repeats.get(text, 0) + 1
            return self._reported[text]
        self._handling = True
        try:
            stamp = f"{_stamp()}-{len(self.reports) + 1}"  # two crashes in one second
            saved = self._save_work(stamp)
            path = self._write_report(stamp, what, text, saved)
            self.reports.append(path)
            self._reported[text] = path
            print(f"daimyo: {what} (report: {path})", file=sys.stderr)
            self._show(what, saved, path)
        finally:
            self._handling = False
        self.crashed.emit(str(path))
        return path

    def _save_work(self, stamp: str) -> list[str]:
        lines: list[str] = []
        for saver in _savers():
            try:
                line = saver(stamp)
            except Exception as exc:  # noqa: BLE001 - written into the report and the dialog
                line = f"Saving failed ({type(exc).__name__}: {exc}); save by hand if you can."
            if line:
                lines.append(line)
        return lines

    def _write_report(self, stamp: str, what: str, text: str, saved: list[str]) -> Path:
        from PySide6 import __version__ as pyside

        body = [
            f"Daimyo crash report, {datetime.now().isoformat(timespec='seconds')}",
            f"What happened: {what}",
            f"Command: {' '.join(sys.argv)}",
            f"Python {platform.python_version()}, PySide6 {pyside}, {platform.platform()}",
            "",
            "Saved:",
            *(f"  {line}" for line in saved or ["nothing was open"]),
            "",
            text.rstrip(),
            "",
        ]
        target = reports_dir() / f"crash-{stamp}.txt"
        try:
            atomic_write_text(target, "\n".join(body))
        except OSError as exc:  # the folder cannot be written: the dialog still shows the text
            print("\n".join(body), file=sys.stderr)
            return Path(f"(not written: {exc.strerror or exc})")
        return target

    def _show(self, what: str, saved: list[str], path: Path) -> None:
        if self.dialog is not None:
            self.dialog.close()
        parent = QApplication.activeWindow()
        dialog = QMessageBox(
            QMessageBox.Critical,
            "Daimyo ran into a problem",
            f"Something went wrong inside Daimyo: {what}\n\n"
            + "".join(f"{line}\n\n" for line in saved)
            + f"A report was written to {path}. Please attach it when you tell us about this.",
            QMessageBox.Ok,
            parent,
        )
        dialog.setAttribute(Qt.WA_DeleteOnClose)
        dialog.setTextInteractionFlags(Qt.TextSelectableByMouse)
        dialog.destroyed.connect(self._forget_dialog)
        self.dialog = dialog
        dialog.open()  # not exec(): no event loop nested inside an exception hook

    @Slot()
    def _forget_dialog(self) -> None:
        self.dialog = None


def install(application: QCoreApplication) -> CrashHandler:
    """The application's crash handler, installed as the exception hooks (once)."""
    handler = application.findChild(CrashHandler)
    if handler is None:
        handler = CrashHandler(application)
    handler.install()
    return handler


def handler() -> CrashHandler | None:
    """The running application's crash handler, when one is installed."""
    application = QCoreApplication.instance()
    return application.findChild(CrashHandler) if application is not None else None
