"""Test-wide setup: Qt runs offscreen everywhere, so no test needs a display; once a test has
made the QApplication, garbage is collected only in the GUI thread, as in the app."""

import gc
import os
import sys

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _collect_garbage_in_the_gui_thread():
    """Bots think in worker threads; a cycle holding Qt objects must die in the GUI thread
    (see app.gui_gc), so Qt tests run with the app's collector and end with a collection."""
    yield
    widgets = sys.modules.get("PySide6.QtWidgets")
    application = widgets.QApplication.instance() if widgets else None
    if application is not None:
        from app import gui_gc

        gui_gc.install(application)
        gc.collect()
