"""How every windowed `daimyo` command starts and ends: one place for what must come first.

`qt_application()` is the start of `daimyo app` and `daimyo edit`: it imports the heavy
compiled packages (numpy through shapely, and the map geometry built on them) on the main
thread before any other thread can start, then makes the QApplication with the app's names,
its GUI-thread garbage collector (`app.gui_gc`) and the crash handler (`app.crash`).
Why first: the app parses the first map in a thread (`app.board.maps_cache.preload`) and the
editor derives its map in one (`editor.analysis`); a thread and the main thread importing
numpy at the same moment get a half-initialised module ("cannot import name
'__cpu_features__' from partially initialized module 'numpy._core._multiarray_umath'"),
and the window died with it (exit 134, seen at every other `daimyo app SAVE`).

`closed_at_exit(window)` closes the window however start-up ends, which stops the threads it
started (bots, hints) before the QThread objects are destroyed, and waits for the threads
`started()` was told of.

A hidden hook for the start-up tests (tests/app/test_startup.py): with the environment
variable `DAIMYO_QUIT_AFTER_START` set to a number of milliseconds (empty: 0), the windows
close themselves that long after the event loop starts, and again until the process ends.
"""

from __future__ import annotations

import importlib
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication, QWidget

QUIT_AFTER_START = "DAIMYO_QUIT_AFTER_START"
"""Environment variable: close the windows this many milliseconds after start (tests)."""

HEAVY_MODULES = ("numpy", "shapely", "maps.geometry", "maps.validate")
"""Imported on the main thread before any thread starts (see the module docstring)."""

JOIN_SECONDS = 10.0
"""How long the end of the app waits for a background thread."""

_threads: list[threading.Thread] = []


def import_heavy_modules() -> None:
    """Import `HEAVY_MODULES` in this (the main) thread; a missing one is left for the code
    that needs it to report."""
    for name in HEAVY_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                raise


def qt_application() -> QApplication:
    """The QApplication of a windowed command, everything it needs made first (see above)."""
    import_heavy_modules()
    from PySide6.QtWidgets import QApplication

    import app.qt_compat  # noqa: F401 - before any Qt use: guards PySide6's refcount bugs
    from app import crash, gui_gc
    from app.settings import APPLICATION, ORGANISATION

    application = QApplication.instance() or QApplication(sys.argv[:1])
    gui_gc.install(application)  # bots think in a thread: collect garbage only here
    application.setOrganizationName(ORGANISATION)
    application.setApplicationName(APPLICATION)
    crash.install(application)
    return application


def started(thread: threading.Thread | None) -> None:
    """Remember a background thread the app started, to wait for it at the end."""
    if thread is not None:
        _threads.append(thread)


@contextmanager
def closed_at_exit(window: QWidget) -> Iterator[None]:
    """Close `window` when the block ends, however it ends (its close stops its threads),
    and wait for the threads given to `started`."""
    try:
        yield
    finally:
        if window.isVisible():
            window.close()
        while _threads:
            _threads.pop().join(JOIN_SECONDS)


def quit_after_start(application: QApplication) -> None:
    """With `DAIMYO_QUIT_AFTER_START` set, close every window that many ms after the event
    loop starts, and keep closing them (a dialog opened meanwhile, a loop started later)."""
    value = os.environ.get(QUIT_AFTER_START)
    if value is None:
        return
    from PySide6.QtCore import QTimer

    def close_all() -> None:
        application.closeAllWindows()
        application.quit()

    timer = QTimer(application)
    timer.setObjectName("daimyo-quit-after-start")
    timer.timeout.connect(close_all)
    timer.start(int(value or 0))
