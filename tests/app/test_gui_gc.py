"""Garbage cycles are collected by the GUI thread's timer, never by a bot's thread."""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QObject

from app import gui_gc


class _Cycle:
    def __init__(self) -> None:
        self.me = self
        self.qt = QObject()


def test_the_collector_turns_automatic_collection_off_and_collects_on_its_timer(qapp, qtbot):
    # Given the app's collector
    collector = gui_gc.install(qapp)
    assert gui_gc.install(qapp) is collector
    assert not gc.isenabled()
    collector.threshold = (5, 10, 10)
    # When a worker thread makes far more cyclic garbage than the threshold
    freed_in_worker: list[int] = []

    def work() -> None:
        for _ in range(2000):
            _Cycle()
        freed_in_worker.append(gc.get_count()[0])

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    # Then the worker collected nothing (the count kept growing there)
    assert freed_in_worker[0] >= 2000
    # and the GUI thread's timer collects it
    qtbot.waitUntil(lambda: gc.get_count()[0] < 2000, timeout=5000)


def test_check_collects_the_oldest_generation_past_its_threshold(qapp):
    collector = gui_gc.install(qapp)
    collector.threshold = (10**9, 10**9, 10**9)
    for _ in range(50):
        _Cycle()
    assert collector.check() == 0  # under every threshold: nothing
    collector.threshold = (1, 10**9, 10**9)
    assert collector.check() >= 50  # generation 0 past its threshold: the cycles go
