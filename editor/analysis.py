"""Live game graph, validation and game readiness, computed off the GUI thread.

Edits restart a short debounce timer; when it fires, the map is snapshotted as a `MapFile` on
the GUI thread (cheap) and `maps.geometry.derive`, `maps.validate.validate` and each map
game's verdict (`maps.verdict`: the map's errors and what the game needs from it) run on a
worker thread. Results carry a generation number: a result older than the newest request is
dropped, so a 500-province map never stalls typing or dragging.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal
from shiboken6 import isValid

from app import gui_gc
from app.i18n import _
from app.startup import import_heavy_modules
from editor.document import MapDocument
from editor.fixes import topology_issues
from editor.topology import TopoMap

DEBOUNCE_MS = 250


@dataclass
class AnalysisResult:
    """What one background run found."""

    generation: int
    geometry: Any = None  # maps.geometry.MapGeometry or None
    issues: list[Any] = field(default_factory=list)  # maps.validate.ValidationIssue
    error: str | None = None
    seconds: float = 0.0
    # game id -> maps.verdict.MapVerdict: the map's errors and what the game lacks on it
    readiness: dict[str, Any] = field(default_factory=dict)


def analyse(mapfile: Any, generation: int, topo: TopoMap | None = None) -> AnalysisResult:
    """Derive the graph and validate one map snapshot (runs on a worker thread).

    With `topo` (a copy of the edited map) the topology's own issues are listed too.
    """
    start = time.perf_counter()
    result = AnalysisResult(generation)
    if topo is not None:
        result.issues.extend(topology_issues(topo))
    if mapfile.provinces:
        try:
            from maps.geometry import derive

            result.geometry = derive(mapfile)
        except Exception as exc:  # noqa: BLE001 - shown to the user in the validation panel
            result.error = _("the game graph cannot be derived: {reason}").format(reason=exc)
            traceback.print_exc()
    try:
        from maps.validate import validate
    except ImportError:
        validate = None
    if validate is not None:
        try:
            result.issues[:0] = list(validate(mapfile))
        except Exception as exc:  # noqa: BLE001 - shown to the user in the validation panel
            result.error = _("validation failed: {reason}").format(reason=exc)
            traceback.print_exc()
    from maps.verdict import empty_graph

    # an empty map, or one whose graph does not derive, is judged on an empty graph
    graph = result.geometry.graph if result.geometry is not None else empty_graph(mapfile)
    result.readiness = readiness_for_games(graph, result.issues)
    result.seconds = time.perf_counter() - start
    return result


def readiness_for_games(graph: Any, issues: Sequence[Any] = ()) -> dict[str, Any]:
    """The verdict on the map for each map game (`maps.verdict.verdict_of`: the map's
    validation errors in `issues` and what the game lacks on `graph`), by game id; a game
    whose check fails is left out and the failure printed (a bug to report)."""
    from engine.registry import MAP_REQUIREMENTS
    from maps.verdict import verdict_of

    found: dict[str, Any] = {}
    for game_id in MAP_REQUIREMENTS:
        try:
            found[game_id] = verdict_of(game_id, graph, issues)
        except Exception:  # noqa: BLE001 - the panel says the check is unavailable
            traceback.print_exc()
    return found


class _Signals(QObject):
    done = Signal(object)


class _Job(QRunnable):
    def __init__(self, mapfile: Any, topo: TopoMap, generation: int, signals: _Signals) -> None:
        super().__init__()
        self._mapfile = mapfile
        self._topo = topo
        self._generation = generation
        self._signals = signals

    def run(self) -> None:
        result = analyse(self._mapfile, self._generation, self._topo)
        if isValid(self._signals):  # the editor may have closed meanwhile
            self._signals.done.emit(result)


class LiveAnalysis(QObject):
    """Recomputes the game graph and validation after edits, debounced, in the background."""

    finished = Signal(object)  # AnalysisResult (only the newest)

    def __init__(self, document: MapDocument, debounce_ms: int = DEBOUNCE_MS) -> None:
        super().__init__()
        # the analysis thread derives with shapely: numpy must be whole before it starts
        # (an import begun on two threads at once aborts; every editor, also one made by
        # the screenshot and bench scripts, passes here)
        import_heavy_modules()
        self._document = document
        self._generation = 0
        gui_gc.ensure()  # garbage is collected in the GUI thread only (app.gui_gc)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals()
        self._signals.done.connect(self._on_done)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self.run_now)
        self.latest: AnalysisResult | None = None
        document.changed.connect(self.schedule)

    def set_document(self, document: MapDocument) -> None:
        """Follow another document and analyse it."""
        self._document.changed.disconnect(self.schedule)
        self._document = document
        document.changed.connect(self.schedule)
        self.schedule()

    def schedule(self, *_args: object) -> None:
        """Ask for a new analysis soon (restarts the debounce timer)."""
        self._timer.start()

    def run_now(self) -> int:
        """Snapshot the map and start an analysis now; returns its generation."""
        self._timer.stop()
        self._generation += 1
        topo = self._document.topo
        self._pool.start(_Job(topo.to_mapfile(), topo.copy(), self._generation, self._signals))
        return self._generation

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until queued analyses finished (tests and shutdown)."""
        return self._pool.waitForDone(msecs)

    def _on_done(self, result: AnalysisResult) -> None:
        if result.generation != self._generation:
            return  # stale: a newer snapshot is on its way
        self.latest = result
        self.finished.emit(result)
