"""Garbage cycles are collected by the GUI thread's timer, never by a bot's thread."""

from __future__ import annotations

import gc
import random
import threading

import pytest
from PySide6.QtCore import QObject

from ai.base import Bot, Budget
from app import gui_gc
from app.analysis_worker import Analyst
from app.bot_worker import BotThinker


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


class _CycleBot(Bot):
    """Makes cyclic garbage as it thinks (a search's nodes do), then answers."""

    name = "cycles"

    def choose(self, observation, legal_actions, rng: random.Random, budget: Budget):
        for _ in range(5000):
            _Cycle()
        return legal_actions[0]


@pytest.mark.parametrize("make", [BotThinker, Analyst], ids=["bot", "analyst"])
def test_a_worker_thread_starts_only_once_the_collector_is_in_place(no_collector, make):
    # Given an application without the collector
    assert no_collector.findChild(gui_gc.GuiThreadCollector) is None
    # When a bot thinker or an analyst (each starts a thread) is made
    worker = make()
    try:
        # Then the application's collector is in place and automatic collection is off
        assert no_collector.findChild(gui_gc.GuiThreadCollector) is not None
        assert not gc.isenabled()
    finally:
        worker.shutdown()


def test_a_thinking_bot_never_collects_garbage_in_its_thread(no_collector, qtbot):
    # Given an application without the collector, collections due every few allocations
    gc.set_threshold(50, 2, 2)
    collected_in: set[str] = set()

    def spy(phase: str, info: dict) -> None:
        if phase == "start":
            collected_in.add(threading.current_thread().name)

    thinker = BotThinker()
    gc.callbacks.append(spy)
    try:
        # When a bot makes thousands of cycles as it thinks in its thread
        with qtbot.waitSignal(thinker.decided, timeout=10_000) as decided:
            thinker.think(_CycleBot(), None, ["a", "b"], random.Random(1))
        assert decided.args == ["a"]
        # Then no collection ran but in the GUI thread (the collector's timer collects there)
        assert collected_in <= {threading.main_thread().name}
    finally:
        gc.callbacks.remove(spy)
        thinker.shutdown()
