"""What the machine's fonts can draw: kanji are shown (on cards in the app and in the
print-and-play kit) only where a font has them, since otherwise they come out as empty
boxes."""

from __future__ import annotations

import functools

from PySide6.QtGui import QFontDatabase

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first


@functools.cache
def has_japanese_font() -> bool:
    """True when a font can draw kanji (needs a QGuiApplication)."""
    return bool(QFontDatabase.families(QFontDatabase.WritingSystem.Japanese))
