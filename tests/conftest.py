"""Test-wide setup: Qt runs offscreen everywhere, so no test needs a display; once a test has
made the QApplication, garbage is collected only in the GUI thread, as in the app."""

import atexit
import gc
import os
import shutil
import sys
import tempfile

import pytest

from tests import long_runs

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


@pytest.fixture
def no_collector(qapp):
    """An application without the app's collector and automatic collection on, as in a
    command or a test process that made the QApplication itself (the monkey test of the app
    crashed so, when it ran first); the collector and the thresholds are put back after."""
    import shiboken6

    from app import gui_gc

    threshold = gc.get_threshold()
    existing = qapp.findChild(gui_gc.GuiThreadCollector)
    if existing is not None:
        shiboken6.delete(existing)
    gc.enable()
    yield qapp
    gc.set_threshold(*threshold)
    gui_gc.install(qapp).threshold = threshold


QT_FIXTURES = frozenset({"qtbot", "qapp", "window", "app_settings"})
"""Fixtures that mean a test made Qt objects (the app's `window` and settings included)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """The hunting tests' long variants: `--long`, `--hunt-seed S`, `--hunt-steps N`."""
    long_runs.add_options(parser)


def pytest_configure(config: pytest.Config) -> None:
    long_runs.configure(config)


LONGEST_FIRST = (
    "tests/app/test_monkey.py",
    "tests/editor/test_monkey_editor.py",
    "tests/app/test_screen_sizes.py",
    "tests/app/test_ricewars_game.py",
    "tests/app/test_rokugan_game.py",
    "tests/app/test_startup.py",
    "tests/app/test_ricewars_board.py",
    "tests/app/test_table_ricewars.py",
    "tests/app/test_shinobi_game.py",
)
"""The modules of the suite's longest tests (pytest --durations): they are collected first,
so that `make test`'s workers start them at once and finish together, not one worker
alone at the end with a long test it took last."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The LONGEST_FIRST modules first, in that order; the rest as collected."""
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}

    def order(item: pytest.Item) -> int:
        return rank.get(item.nodeid.split("::", 1)[0], len(rank))

    items.sort(key=order)
