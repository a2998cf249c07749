"""The PySide6 refcount guard: off on good releases, on (and effective) on the known-bad one."""

from __future__ import annotations

import subprocess
import sys

import PySide6
import pytest

import app.qt_compat as qt_compat


@pytest.mark.parametrize(
    ("version", "python", "expected"),
    [
        ("6.12.0", (3, 11), True),
        ("6.12.0a1", (3, 11), True),
        ("6.12.0", (3, 12), False),  # None and True are immortal there
        ("6.12.1", (3, 11), False),
        ("6.11.3", (3, 11), False),
        ("6.12", (3, 11), True),  # a short version string means 6.12.0
        ("dev", (3, 11), False),
    ],
)
def test_only_the_known_bad_release_on_old_python_needs_the_guard(
    version: str, python: tuple[int, int], expected: bool
) -> None:
    # Given a PySide6 version string and a Python version
    # Then the guard is wanted exactly for 6.12.0 below Python 3.12
    assert qt_compat.needs_guard(version, python) is expected


def test_the_guard_is_a_no_op_on_this_good_release() -> None:
    # Given the PySide6 this venv runs (6.12.0 is excluded by pyproject.toml)
    assert qt_compat.release(PySide6.__version__) not in qt_compat.BAD_RELEASES
    # Then importing the module applied nothing: None keeps an ordinary reference count
    assert qt_compat.GUARDED is False
    if sys.version_info < (3, 12):
        assert sys.getrefcount(None) < 1 << 32


LEAK_SCRIPT = """
import ctypes, sys
import PySide6
PySide6.__version__ = sys.argv[1]  # the release app.qt_compat sees
import app.qt_compat as qt_compat
print("guarded", qt_compat.GUARDED)
from PySide6.QtCore import QObject, QPointF, Signal
decref = ctypes.pythonapi.Py_DecRef
decref.argtypes = [ctypes.py_object]
decref.restype = None
# lose far more references to None and True than they hold, as 6.12.0 does over a session
for obj in (None, True):
    for _ in range(200_000):
        decref(obj)
class Probe(QObject):
    ping = Signal()
point, probe = QPointF(), Probe()
for _ in range(1_000):
    point.setX(1.0)
    probe.ping.emit()
print("alive")
"""


def run_leaking(version: str) -> subprocess.CompletedProcess[str]:
    """A fresh interpreter that reports PySide6 `version` and leaks None and True."""
    return subprocess.run(
        [sys.executable, "-c", LEAK_SCRIPT, version], capture_output=True, text=True, timeout=60
    )


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal on 3.12+")
def test_on_the_bad_release_the_guard_keeps_a_leaking_process_alive() -> None:
    # Given a fresh interpreter that reports PySide6 6.12.0 when app.qt_compat is imported
    # When the process loses 200 000 references each to None and True and calls Qt on
    result = run_leaking("6.12.0")
    # Then the guard was applied and the process survives
    assert result.returncode == 0, result.stderr
    assert "guarded True" in result.stdout and "alive" in result.stdout


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal on 3.12+")
def test_without_the_guard_the_same_leak_aborts() -> None:
    # Given the same interpreter reporting the good release 6.11.3 (no guard applied)
    result = run_leaking("6.11.3")
    # Then the leak kills it: what the guard protects against is real
    assert "guarded False" in result.stdout
    assert result.returncode != 0 and "alive" not in result.stdout
    assert "deallocating None" in result.stderr
