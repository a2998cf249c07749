"""A machine Qt cannot open a window on gets a message naming the packages to install
(and the apt command), never Qt's own abort."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import app.environment as environment
from app.cli import main

LDD_OUTPUT = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibfancy.so.3 => not found
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f)
"""


@pytest.fixture
def missing_xcb(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A system where ldd finds the xcb plugin's libraries missing."""
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    monkeypatch.setattr(environment, "xcb_plugin", lambda: plugin)
    monkeypatch.setattr(environment.shutil, "which", lambda name: "/usr/bin/ldd")
    monkeypatch.setattr(
        environment.subprocess,
        "run",
        lambda *a, **k: subprocess.CompletedProcess(a, 0, stdout=LDD_OUTPUT, stderr=""),
    )


def test_missing_xcb_libraries_are_named_with_the_apt_command(missing_xcb) -> None:
    # When Daimyo checks an X11 desktop without those libraries
    message = environment.qt_display_problem(env={"DISPLAY": ":0"}, platform="linux")
    # Then it names each missing library, the Debian packages and the one-line command
    assert message is not None
    for soname in ("libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1"):
        assert f"  {soname}" in message
    assert "sudo apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1" in message
    assert "libfancy.so.3" in message and "apt-file search" in message


def test_no_check_where_qt_does_not_use_xcb(missing_xcb) -> None:
    check = environment.qt_display_problem
    assert check(env={"QT_QPA_PLATFORM": "offscreen"}, platform="linux") is None
    assert check(env={"WAYLAND_DISPLAY": "wayland-0"}, platform="linux") is None
    assert check(env={}, platform="win32") is None
    assert check(env={"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":1"}, platform="linux") is not None


def test_no_display_is_said_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(environment, "xcb_plugin", lambda: None)
    message = environment.qt_display_problem(env={}, platform="linux")
    assert message is not None and "DISPLAY is not set" in message and "xvfb-run" in message
    assert environment.qt_display_problem(env={"DISPLAY": ":0"}, platform="linux") is None


def test_without_ldd_each_library_is_tried(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(environment.shutil, "which", lambda name: None)

    def cdll(name: str) -> object:
        if name == "libxcb-cursor.so.0":
            raise OSError(name)
        return object()

    monkeypatch.setattr(environment.ctypes, "CDLL", cdll)
    assert environment.missing_libraries(tmp_path / "libqxcb.so") == ["libxcb-cursor.so.0"]


@pytest.mark.parametrize("command", [["app"], ["edit"]])
def test_daimyo_prints_the_advice_and_exits_instead_of_aborting(
    missing_xcb, monkeypatch: pytest.MonkeyPatch, capsys, command: list[str]
) -> None:
    # Given an X11 session on a machine without the libraries
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(environment.sys, "platform", "linux")
    # When `daimyo` (what `make run` runs) or `daimyo edit` starts
    code = main(command)
    # Then it exits 1 with the advice, before Qt is started
    assert code == 1
    assert "sudo apt-get install libxcb-cursor0" in capsys.readouterr().err
