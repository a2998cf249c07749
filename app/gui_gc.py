"""Python's cyclic garbage collector runs only in the GUI thread.

Bots think in a worker thread (app.bot_worker), and CPython runs a cyclic collection in
whichever thread happens to allocate past the threshold. When that is the worker, a
collected cycle that holds a Qt object of the GUI thread (a closed view's scene, an
animation group, a timer) is destroyed there: Qt cannot unregister its timers from a
foreign thread, and the GUI thread later fires a timer on freed memory and crashes
(seen: a segmentation fault in QTimerInfoList::activateTimers during a game). So the app
switches automatic collection off and collects on a GUI-thread timer instead, with the
same generation thresholds — the approach pyqtgraph takes for the same reason.
Reference counting, which frees almost everything, is untouched.

Every object that starts such a thread (`app.bot_worker.BotThinker`, `app.analysis_worker.
Analyst`, the editor's playtest, live analysis and map generator) calls `ensure()` first:
the collector is then in place whoever made the QApplication (a command that forgot it, a
test process whose first test opens a game — the app's monkey test crashed so, in a test
that ran first).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first

INTERVAL_MS = 500
"""How often the GUI thread looks at the collector's counts."""


class GuiThreadCollector(QObject):
    """Disables automatic collection and collects on a timer in the thread it lives in."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.check)
        self._timer.start(interval_ms)

    def check(self) -> int:
        """Collect the oldest generation whose count passed its threshold; objects freed."""
        counts = gc.get_count()
        for generation in (2, 1, 0):
            if counts[generation] > self.threshold[generation]:
                return gc.collect(generation)
        return 0


def install(application: QCoreApplication) -> GuiThreadCollector:
    """Collect garbage only in `application`'s thread (once per application)."""
    existing = application.findChild(GuiThreadCollector)
    if existing is not None:
        return existing
    return GuiThreadCollector(application)


def ensure() -> GuiThreadCollector:
    """The collector of the running application, installed if it was not: called by every
    object that starts a thread running Python code, before it starts it (the application
    must exist, as for any QObject of the GUI thread)."""
    application = QCoreApplication.instance()
    if application is None:
        raise RuntimeError("a QApplication must exist before a worker thread starts")
    return install(application)
