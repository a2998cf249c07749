"""Driving the Qt editor like a user in tests: a window on a map, clicks and mouse moves at
map coordinates, drawing with a tool, waiting for the live analysis."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from shiboken6 import isValid

from editor.document import MapDocument
from editor.main_window import EditorWindow
from editor.tools import Tool
from editor.topology import TopoMap
from editor.topology.model import PROVINCE
from tests.editor.test_topology import tiny
from tests.monkey import paint_once


def make_window(
    qtbot: Any, data: dict[str, Any] | None = None, play: Any | None = None
) -> EditorWindow:
    """The editor on `data` (a tiny map by default), shown at 1200 × 800 with the map
    fitted. Its painting is off, as the app's test window's (painting it at every wait of a
    test cost more than most of what the tests do, and no test looks at the screen); it is
    painted once when the test ends, so a paint that raises still fails the test."""
    window = EditorWindow(document=MapDocument(TopoMap.from_dict(data or tiny())), play=play)
    window._ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    qtbot.addWidget(window, before_close_func=_paint_at_the_end)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    window.setUpdatesEnabled(False)
    window.view.fit()
    return window


def _paint_at_the_end(window: EditorWindow) -> None:
    if isValid(window):  # (a test may have deleted it)
        paint_once(window)


def pixel(window: EditorWindow, xy: tuple[float, float]) -> QPoint:
    return window.view.mapFromScene(QPointF(*xy))


def click(qtbot: Any, window: EditorWindow, xy: tuple[float, float]) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pixel(window, xy))


def hover(
    window: EditorWindow,
    xy: tuple[float, float],
    buttons: Qt.MouseButton = Qt.MouseButton.NoButton,
) -> None:
    """A real mouse-move event (QTest.mouseMove does not reach offscreen widgets)."""
    viewport = window.view.viewport()
    local = QPointF(pixel(window, xy))
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        local,
        QPointF(viewport.mapToGlobal(local.toPoint())),
        Qt.MouseButton.NoButton,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(viewport, event)


def wait_analysis(qtbot: Any, window: EditorWindow) -> Any:
    with qtbot.waitSignal(window.analysis.finished, timeout=10_000) as blocker:
        window.analysis.run_now()
    return blocker.args[0]


def poly_area(topo: TopoMap, pid: str) -> float:
    return topo.polygon((PROVINCE, pid, 0)).area


def draw(qtbot: Any, window: EditorWindow, tool: Tool, points: list[tuple[float, float]]) -> None:
    """Click the corners with a drawing tool (grid snapping on: exact points); Enter closes."""
    if not window.grid_snap_action.isChecked():
        window.grid_snap_action.trigger()
    assert window.view.grid_snap
    window.set_tool(tool)
    for xy in points:
        click(qtbot, window, xy)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)


def with_east_sea() -> dict[str, Any]:
    data = tiny()
    data["extent"] = [0, 0, 300, 100]
    data["seas"] = [
        {
            "id": "east",
            "name": "East Sea",
            "polygons": [{"polygon": [[190, 10], [290, 10], [290, 90], [190, 90]], "holes": []}],
        }
    ]
    return data
