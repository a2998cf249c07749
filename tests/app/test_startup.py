"""Start-up never aborts (`app.startup`): `daimyo app SAVE`, `daimyo app` and `daimyo edit MAP`
started again and again in fresh processes, each closing itself after its window shows, all
end with exit 0 and nothing on stderr but Qt's offscreen notes; and however start-up ends,
the threads the window started are stopped.

Three runs of `daimyo app SAVE` (the race seen) and one of the others here (about 20 s);
`--long` (or DAIMYO_LONG=1) runs each 10 times.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app import startup
from tests import long_runs
from tests.app.real_saves import write_save

ROOT = Path(__file__).resolve().parents[2]
LONG = long_runs.long_run()
HARMLESS = ("This plugin does not support",)  # the offscreen platform's notes


def start(args: list[str], home: Path, quit_ms: int) -> subprocess.CompletedProcess[str]:
    """Run `daimyo ARGS` offscreen until its windows close themselves, as the first start
    after an install: every module compiled afresh (a cache of its own), when imports are
    slowest and a race between two threads importing the same module is likeliest."""
    env = dict(os.environ)
    env.update(
        PYTHONPATH=str(ROOT),
        PYTHONPYCACHEPREFIX=str(home / "pycache"),
        QT_QPA_PLATFORM="offscreen",
        DAIMYO_HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        **{startup.QUIT_AFTER_START: str(quit_ms)},
    )
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def problems(run: subprocess.CompletedProcess[str]) -> list[str]:
    """What went wrong in a run: its exit code and every line on stderr that is no note."""
    lines = [line for line in run.stderr.splitlines() if not line.startswith(HARMLESS)]
    return ([f"exit {run.returncode}"] if run.returncode else []) + lines


@pytest.mark.parametrize(
    ("command", "runs"),
    [
        pytest.param(["app", "SAVE"], 10 if LONG else 3, id="app-save"),
        pytest.param(["app"], 10 if LONG else 1, id="app"),
        pytest.param(["edit", "rokugan"], 10 if LONG else 1, id="edit-map"),
    ],
)
def test_start_up_never_aborts(command: list[str], runs: int, tmp_path: Path) -> None:
    # Given a real Rokugan save (its map parsed at start while the game loads)
    save = write_save(tmp_path / "game.json", "rokugan")
    args = [str(save) if arg == "SAVE" else arg for arg in command]
    for attempt in range(runs):
        # When the command starts and its window closes itself (the editor after its
        # first analysis, the app while its map is parsed and its bots think)
        run = start(args, tmp_path / f"home{attempt}", quit_ms=400 if "edit" in args else 50)
        # Then it ended cleanly: no abort, no traceback, no thread destroyed while running
        assert problems(run) == [], f"run {attempt + 1}: {run.stderr[-2000:]}"


def test_a_failing_start_still_stops_the_windows_threads(window) -> None:
    # Given the app's window, its bot and hint threads running
    threads = [window.thinker._thread, window.coach.analyst._thread]
    assert all(thread.isRunning() for thread in threads)
    # When start-up fails inside `closed_at_exit`
    with pytest.raises(RuntimeError), startup.closed_at_exit(window):
        raise RuntimeError("start-up failed")
    # Then the window is closed and its threads have stopped
    assert not window.isVisible()
    assert not any(thread.isRunning() for thread in threads)


def test_heavy_modules_are_imported_before_a_thread_could_race_for_them() -> None:
    # Given a fresh interpreter
    code = (
        "import sys, threading\n"
        "from app import startup\n"
        "startup.import_heavy_modules()\n"
        "print(threading.active_count(), *sorted(m for m in startup.HEAVY_MODULES "
        "if m in sys.modules))\n"
    )
    # When start-up's imports run
    run = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    # Then every heavy module is loaded, and by the main thread alone
    assert run.stdout.split() == ["1", *sorted(startup.HEAVY_MODULES)], run.stderr
