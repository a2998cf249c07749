"""Soak: game after game in one app window (computer seats only, tiny budgets) leaves memory,
threads and open files where the first games left them.

Here two rounds of the three games, a few decisions each (the first round warms the caches
up, the second is measured); `--long` (or DAIMYO_LONG=1) plays eight rounds of forty decisions.
"""

from __future__ import annotations

import gc
import os
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from PySide6.QtWidgets import QApplication

from app.session import AI, NewGameConfig, Seat
from app.settings import AppSettings
from tests import long_runs

LONG = long_runs.long_run()
ROUNDS = 8 if LONG else 2
DECISIONS = 40 if LONG else 6
GAMES = {"shinobi": None, "ricewars": "ricewars-quick", "rokugan": "rokugan"}
MORE_OBJECTS = 1500  # Python objects a round may add (lists of recent games and the like)
MORE_MEGABYTES = 12  # resident memory a round may add (the allocator keeps what it freed)


def usage() -> tuple[int, int, int, int]:
    """(Python objects, resident MB, threads, open files) of this process, garbage gone."""
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)  # as the event loop does
    gc.collect()
    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    megabytes = pages * os.sysconf("SC_PAGE_SIZE") // 2**20
    threads = len(os.listdir("/proc/self/task"))  # Qt's threads and Python's
    files = len(os.listdir("/proc/self/fd"))
    return len(gc.get_objects()), megabytes, threads, files


def play_a_while(window, game: str, seed: int) -> None:
    """Start a game of computer seats, let it run `DECISIONS` decisions, close it."""
    seats = tuple(Seat(AI, "greedy") for _ in range(3))
    assert window.start_game(NewGameConfig(game, seats, map_ref=GAMES[game], seed=seed))
    state = window.session.state
    deadline = time.monotonic() + 120
    while len(state.history) < DECISIONS and not state.is_terminal():
        assert time.monotonic() < deadline, f"{game} stalled at {len(state.history)}"
        QApplication.processEvents()
        time.sleep(0.002)
    window.close_game()


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc")
def test_game_after_game_keeps_memory_threads_and_files_flat(
    qtbot, tmp_path: Path, parsed_maps
) -> None:
    from app.main_window import MainWindow

    # Given the app's window, computer moves shown at once and without steps
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    settings.data_dir = tmp_path / "data"
    settings.set_ai_pace("instant")
    settings.set_value("step_by_step", "false")
    window = MainWindow(settings, bot_nodes=10)
    window.resize(1000, 700)
    qtbot.addWidget(window)
    window.show()
    seen = []
    # When game after game of each kind is played in it
    for round_ in range(ROUNDS):
        for game in GAMES:
            play_a_while(window, game, seed=round_)
        seen.append(usage())
    window.close()
    # Then after the first round nothing grows: threads, open files, objects, memory
    (objects, megabytes, threads, files), *_, last = seen
    assert last[2] == threads and last[3] == files, seen
    assert last[0] - objects <= MORE_OBJECTS * (ROUNDS - 1), seen
    assert last[1] - megabytes <= MORE_MEGABYTES * (ROUNDS - 1), seen
