"""A guard against a reference-count bug of PySide6 6.12 on Python 3.11.

There, every `SignalInstance.emit()` called from Python returns `True` without owning a
reference, so each emit takes one reference from `True`; after a few hundred emits the
interpreter aborts with "bool_dealloc: deallocating True or False". Python 3.12 made
`True` immortal, which hides the bug. On an affected build we do the same by hand: detect
the loss once, then give `True` a reference count no program can use up.

Import this module before emitting signals (the app's Qt modules do).
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, Signal

_IMMORTAL = 1 << 40


class _Probe(QObject):
    ping = Signal()


def emit_leaks_true() -> bool:
    """True when this PySide6 build loses a reference to `True` on every emit."""
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(8):
        probe.ping.emit()
    return sys.getrefcount(True) < before - 4


def _make_true_immortal() -> None:
    refcount = ctypes.c_ssize_t.from_address(id(True))  # ob_refcnt is the first field
    if refcount.value < _IMMORTAL:
        refcount.value += _IMMORTAL


if sys.version_info < (3, 12) and emit_leaks_true():
    _make_true_immortal()
