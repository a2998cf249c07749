"""A playtest's thread starts only once the app's GUI-thread garbage collector is in place
(app.gui_gc): the editor run on its own makes its QApplication without it, and a collection
in the playtest's thread could free a closed window's Qt objects there."""

from __future__ import annotations

import gc

from app import gui_gc
from editor import playtest


def test_a_playtest_thread_starts_only_once_the_collector_is_in_place(no_collector):
    # Given an application without the collector, automatic collection on
    assert no_collector.findChild(gui_gc.GuiThreadCollector) is None
    # When a playtest's thread is made for its worker
    worker = playtest.PlaytestWorker(None, {})  # type: ignore[arg-type]
    thread = playtest._start_thread(worker)
    try:
        # Then the application's collector is in place and automatic collection is off
        assert no_collector.findChild(gui_gc.GuiThreadCollector) is not None
        assert not gc.isenabled()
    finally:
        playtest._THREADS.remove((thread, worker))
