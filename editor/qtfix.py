"""A guard against PySide6 reference-count bugs that kill long Qt sessions.

PySide6 6.12 on CPython 3.11 returns None from every wrapped call whose result is None (all
void methods: setPos, setText, ...) without taking a reference to it, and every
`Signal.emit()` returns True the same way. Each call lowers None's (or True's) reference count
by one; after some thousands of calls CPython aborts with "none_dealloc: deallocating None"
(or "bool_dealloc"). Opening the Rokugan map in the editor is enough.

`keep_none_alive()` detects each leak and, only then, raises that object's reference count far
out of reach (what CPython 3.12 does by making them immortal). It is idempotent and a no-op on
Python >= 3.12 or a fixed PySide6. The app has the same guards (app/qt_compat.py); the editor
carries its own so that `daimyo edit` is safe on its own.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, QPointF, Signal

_PIN = 1 << 40
_checked = False


class _Probe(QObject):
    ping = Signal()


def none_leaks() -> bool:
    """True when PySide6 calls returning None drop a reference to it."""
    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(64):
        point.setX(1.0)
    return sys.getrefcount(None) < before - 32


def true_leaks() -> bool:
    """True when `Signal.emit()` drops a reference to True."""
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(64):
        probe.ping.emit()
    return sys.getrefcount(True) < before - 32


def _pin(obj: object) -> None:
    refcount = ctypes.c_ssize_t.from_address(id(obj))  # ob_refcnt: first field of a PyObject
    if refcount.value < _PIN // 2:
        refcount.value += _PIN


def keep_none_alive() -> bool:
    """Apply the guards where needed; True when one was applied by this call."""
    global _checked
    if _checked or sys.version_info >= (3, 12):
        return False
    _checked = True
    applied = False
    if none_leaks():
        _pin(None)
        applied = True
    if true_leaks():
        _pin(True)
        applied = True
    return applied
