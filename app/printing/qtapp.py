"""A Qt application object for headless printing (CLI, bench), offscreen without a display."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication


def ensure_gui_app() -> QCoreApplication:
    """The running Qt application, or a new QGuiApplication (fonts need one)."""
    app = QGuiApplication.instance()
    if app is not None:
        return app
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QGuiApplication(["daimyo"])
