"""Guard against a PySide6 6.12 refcount bug on Python < 3.12.

PySide6 6.12.0 returns None from every void method without a new reference (it assumes
None is immortal, as it is from Python 3.12 on). On Python 3.11 each call then lowers
None's reference count, and after a few thousand Qt calls the interpreter aborts with
"none_dealloc: deallocating None". Raising None's count by 2**40 once makes it as good as
immortal. Safe to apply more than once; a no-op on Python >= 3.12.
"""

from __future__ import annotations

import ctypes
import sys

_PIN = 1 << 40


def make_none_immortal() -> None:
    """Raise None's reference count far beyond what any run can drop."""
    if sys.version_info >= (3, 12) or sys.getrefcount(None) > _PIN // 2:
        return
    ctypes.c_ssize_t.from_address(id(None)).value += _PIN


make_none_immortal()
