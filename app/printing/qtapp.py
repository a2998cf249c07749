"""A Qt application object for headless printing (CLI, bench), offscreen without a display.

A QApplication (not just QGuiApplication) so that widgets made later in the same process,
e.g. by tests or the app, still work.
"""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first


def ensure_gui_app() -> QCoreApplication:
    """The running Qt application, or a new QApplication (fonts need one)."""
    app = QApplication.instance()
    if app is not None:
        return app
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QApplication(["daimyo"])
