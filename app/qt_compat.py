"""A guard against the reference-count bug of PySide6 6.12.0 on Python 3.11.

That release hands back `None` (from every C++ method returning void) and `True` (from every
`SignalInstance.emit()`) without owning a reference, so each call takes one reference from
the singleton; after some thousands of calls CPython aborts with "none_dealloc: deallocating
None" (or "bool_dealloc"). pyproject.toml excludes 6.12.0, but a user may still have it
installed some other way. On a known-bad version (and only on Python < 3.12, where these
singletons are not immortal) importing this module gives `None`, `True` and `False` a
reference count no program can use up. Everywhere else it does nothing: no probe, no cost.

Import it before using Qt: the app's Qt modules, printing and the map editor do.
"""

from __future__ import annotations

import ctypes
import re
import sys

import PySide6

BAD_RELEASES: frozenset[tuple[int, int, int]] = frozenset({(6, 12, 0)})
"""PySide6 releases known to leak references to `None` and `True`."""

_PIN = 1 << 40


def release(version: str) -> tuple[int, int, int] | None:
    """The (major, minor, patch) of a version string like "6.12.0" or "6.12.0a1"."""
    match = re.match(r"(\d+)\.(\d+)(?:\.(\d+))?", version)
    if match is None:
        return None
    major, minor, patch = match.groups()
    return int(major), int(minor), int(patch or 0)


def needs_guard(pyside_version: str, python: tuple[int, int]) -> bool:
    """True when `pyside_version` is a known-bad PySide6 and `python` lacks immortal None."""
    return python < (3, 12) and release(pyside_version) in BAD_RELEASES


def _pin(obj: object) -> None:
    refcount = ctypes.c_ssize_t.from_address(id(obj))  # ob_refcnt: first field of a PyObject
    if refcount.value < _PIN // 2:
        refcount.value += _PIN


def apply_guard() -> None:
    """Make `None`, `True` and `False` practically immortal (idempotent)."""
    for singleton in (None, True, False):
        _pin(singleton)


GUARDED = needs_guard(PySide6.__version__, sys.version_info[:2])
"""True when this process runs a known-bad PySide6 and the guard was applied."""

if GUARDED:
    apply_guard()
