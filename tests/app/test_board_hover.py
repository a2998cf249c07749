"""Hovering a board leaves it as drawn: no item is lost to PySide6's ownership slip
(`app.board.scene.parent_item`)."""

from __future__ import annotations

import gc
import re
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainterPath
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsScene
from shapely.geometry import Polygon

from app.board.scene import SEA, MapScene, parent_item
from app.board.view import BoardView

ROOT = Path(__file__).resolve().parents[2]


def test_the_sea_keeps_its_fill_when_the_mouse_passes_over_it(qtbot, rokugan_geometry) -> None:
    # Given a Rokugan board in a view, a point of the open sea in sight
    view = BoardView()
    qtbot.addWidget(view)
    view.setScene(MapScene(rokugan_geometry, status_row=(6, 2), ownership=True, parent=view))
    view.resize(640, 480)
    view.show()
    view.fit()
    sea = Polygon(rokugan_geometry.mapfile.seas[0].polygons[0].polygon).representative_point()
    pos = view.mapFromScene(QPointF(sea.x, sea.y))
    assert QColor(view.grab().toImage().pixel(pos)) == SEA
    # When the mouse passes over it (and the garbage is collected)
    QTest.mouseMove(view.viewport(), pos)
    QApplication.processEvents()
    gc.collect()
    # Then the sea is still there, drawn in its colour
    assert len(view.items(pos)) >= 2  # the sea and the frame
    assert QColor(view.grab().toImage().pixel(pos)) == SEA


def test_asking_a_top_level_item_for_its_parent_does_not_delete_it(qapp) -> None:
    # Given a scene with an item nobody in Python holds
    scene = QGraphicsScene()
    path = QPainterPath()
    path.addRect(0, 0, 10, 10)
    scene.addPath(path)
    # When its parent is asked for through a wrapper made afresh, which is then dropped
    for item in scene.items(QPointF(5, 5)):
        assert parent_item(item) is None
    del item
    gc.collect()
    # Then the item is still in the scene
    assert len(scene.items()) == 1


def test_no_code_asks_a_graphics_item_for_its_parent_but_through_parent_item() -> None:
    # Given every Qt module of the app and the editor
    sources = [*ROOT.joinpath("app").rglob("*.py"), *ROOT.joinpath("editor").rglob("*.py")]
    slip = re.compile(r"\.(parentItem|topLevelItem)\(\)")
    # Then only `parent_item` itself calls the bindings that hand items to Python
    callers = {
        str(path.relative_to(ROOT))
        for path in sources
        for line in path.read_text(encoding="utf-8").splitlines()
        if slip.search(line)
    }
    assert callers == {"app/board/scene.py"}
