"""A guard against a PySide6 reference-count bug that kills long Qt sessions.

PySide6 6.12 on CPython 3.11 returns None from every wrapped call whose result is None (all
void methods: setPos, setText, ...) without taking a reference to it. Each such call lowers
None's reference count by one; after some thousands of calls CPython aborts with
"none_dealloc: deallocating None". Opening the Rokugan map in the editor is enough.

`keep_none_alive()` detects the leak and, only then, raises None's reference count far out of
reach (what CPython 3.12 does by making None immortal). It is idempotent and a no-op on
Python >= 3.12 or a fixed PySide6.
"""

from __future__ import annotations

import ctypes
import sys

_checked = False


def none_leaks() -> bool:
    """True when PySide6 calls returning None drop a reference to it."""
    from PySide6.QtCore import QPointF

    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(64):
        point.setX(1.0)
    return sys.getrefcount(None) < before - 32


def keep_none_alive() -> bool:
    """Apply the guard when needed; True when it was applied by this call."""
    global _checked
    if _checked or sys.version_info >= (3, 12):
        return False
    _checked = True
    if not none_leaks():
        return False
    # ob_refcnt is the first field of every PyObject in release builds of CPython 3.11
    ctypes.c_ssize_t.from_address(id(None)).value += 1 << 48
    return True
