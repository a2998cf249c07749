"""A guard against reference-count bugs of PySide6 6.12 on Python 3.11.

There, PySide6 hands back `None` (every call of a C++ method returning void, or returning a
null pointer) and `True` (every `SignalInstance.emit()`) without owning a reference, so
each such call takes one reference from the singleton. After some thousands of calls the
interpreter aborts with "none_dealloc: deallocating None" (or "bool_dealloc"), in the
middle of a game or at exit. The build evidently relies on Python 3.12, where these
singletons are immortal. On an affected interpreter we do the same by hand: detect the
loss once, then give `None`, `True` and `False` a reference count no program can use up.

Import this module before using Qt (the app's Qt modules do; `daimyo app` does first).
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, Signal

_IMMORTAL = 1 << 40


class _Probe(QObject):
    ping = Signal()


def pyside_leaks_singletons() -> bool:
    """True when this PySide6 build loses references to `None` or `True` per call."""
    probe = _Probe()
    none_before = sys.getrefcount(None)
    true_before = sys.getrefcount(True)
    for _ in range(8):
        probe.setObjectName("probe")  # returns None (void)
        probe.ping.emit()  # returns True
    lost_none = none_before - sys.getrefcount(None)
    lost_true = true_before - sys.getrefcount(True)
    return lost_none >= 4 or lost_true >= 4


def _make_immortal(obj: object) -> None:
    refcount = ctypes.c_ssize_t.from_address(id(obj))  # ob_refcnt is the first field
    if refcount.value < _IMMORTAL:
        refcount.value += _IMMORTAL


GUARDED = False
"""True when the singletons were made immortal in this process."""

if sys.version_info < (3, 12) and pyside_leaks_singletons():
    for _singleton in (None, True, False):
        _make_immortal(_singleton)
    GUARDED = True
