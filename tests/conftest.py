"""Test-wide setup: Qt runs offscreen everywhere, so no test needs a display; once a test has
made the QApplication, garbage is collected only in the GUI thread, as in the app."""

import atexit
import gc
import os
import shutil
import sys
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Each test process keeps its settings and files in a folder of its own: the person's are
# never touched, and parallel workers (pytest-xdist) never share one.
_HOME = tempfile.mkdtemp(prefix="daimyo-tests-")
for _name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_name] = os.path.join(_HOME, _name.lower())
os.environ["DAIMYO_HOME"] = os.path.join(_HOME, "daimyo")
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
# The program speaks the system's language (app.i18n): tests read English, whatever the
# machine's locale; the translation tests choose their languages themselves.
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def _collect_garbage_in_the_gui_thread(request: pytest.FixtureRequest):
    """Bots think in worker threads; a cycle holding Qt objects must die in the GUI thread
    (see app.gui_gc), so once a QApplication exists the app's collector is installed, and a
    test that used Qt ends with a full collection, and what survives it is frozen (later
    collections skip it). Any other test only lets the collector do what it would do at
    that moment. (A full collection of a heap that holds parsed maps and windows' caches
    cost about 0.1 s: after every one of the suite's tests, minutes.)"""
    yield
    widgets = sys.modules.get("PySide6.QtWidgets")
    application = widgets.QApplication.instance() if widgets else None
    if application is not None:
        from app import gui_gc

        collector = gui_gc.install(application)
        if QT_FIXTURES.intersection(request.fixturenames):
            gc.collect()
            gc.freeze()  # what survives is the process's to keep: later collections skip it
        else:
            collector.check()


QT_FIXTURES = frozenset({"qtbot", "qapp", "window", "app_settings"})
"""Fixtures that mean a test made Qt objects (the app's `window` and settings included)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """`--monkey-steps N` / `--monkey-seed S`: the monkey tests' steps per test (default: a
    quick run) and a shift of their seeds (tests/monkey.py)."""
    parser.addoption("--monkey-steps", type=int, default=None, help="random steps per monkey test")
    parser.addoption("--monkey-seed", type=int, default=None, help="added to the monkey seeds")
