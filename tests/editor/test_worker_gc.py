"""The editor's worker threads (a playtest, the live analysis, the map generator) start
only once the app's GUI-thread garbage collector is in place (app.gui_gc): the editor's
own scripts make their QApplication without it, and a collection in a worker thread could
free a closed window's Qt objects there."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

import pytest
import shiboken6

from app import gui_gc
from editor import playtest
from editor.analysis import LiveAnalysis
from editor.document import MapDocument
from editor.generate_dialog import GenerateDialog
from editor.topology import TopoMap
from tests.editor.test_topology import tiny


def _playtest() -> Callable[[], None]:
    worker = playtest.PlaytestWorker(None, {})  # type: ignore[arg-type]
    thread = playtest._start_thread(worker)
    return lambda: playtest._THREADS.remove((thread, worker))


def _analysis() -> Callable[[], None]:
    analysis = LiveAnalysis(MapDocument(TopoMap.from_dict(tiny())))
    return lambda: shiboken6.delete(analysis)


def _generator() -> Callable[[], None]:
    dialog: Any = GenerateDialog()
    return lambda: shiboken6.delete(dialog)


@pytest.mark.parametrize(
    "start", [_playtest, _analysis, _generator], ids=["playtest", "analysis", "generator"]
)
def test_an_editor_worker_starts_only_once_the_collector_is_in_place(no_collector, start):
    # Given an application without the collector, automatic collection on
    assert no_collector.findChild(gui_gc.GuiThreadCollector) is None
    # When an editor object that runs Python in a worker thread is made
    done = start()
    try:
        # Then the application's collector is in place and automatic collection is off
        assert no_collector.findChild(gui_gc.GuiThreadCollector) is not None
        assert not gc.isenabled()
    finally:
        done()
