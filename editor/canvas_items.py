"""How the map looks on the editor's canvas: colours, stacking order, the province label
item and the vertex handles (`editor.view.MapView` places them)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsSimpleTextItem

LAND = QColor("#efe3c2")
SEA_FILL = QColor("#9cc3e6")
OUTLINE = QColor("#4a3b2a")
SELECTED = QColor("#ff8c00")
LAND_BORDER = QColor(200, 40, 40, 150)
COAST_BORDER = QColor(20, 90, 200, 170)
GRAPH_EDGE = QColor(120, 20, 20, 200)
ISSUE = QColor("#d00000")
HANDLE_SIZE = 7.0  # pixels, zoomed in enough to see every corner
HANDLE_SIZE_SMALL = 4.0  # pixels, the selection's corners when zoomed out

Z_BACKGROUND, Z_SEA, Z_PROVINCE, Z_OVERLAY, Z_LABEL, Z_HANDLE, Z_TOOL = (
    -100,
    0,
    1,
    5,
    6,
    10,
    20,
)


class LabelItem(QGraphicsSimpleTextItem):
    """A province's name (and its symbols on a second line), centred, with a light halo.

    The halo keeps the text readable on dark territory colours as on light ones.
    """

    HALO = 3.0

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        """The text's box grown by the halo."""
        h = self.HALO
        return super().boundingRect().adjusted(-h, -h, h, h)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        """Each line centred, stroked in the halo colour, then filled."""
        font = self.font()
        metrics = QFontMetricsF(font)
        width = super().boundingRect().width()
        path = QPainterPath()
        y = metrics.ascent()
        for line in self.text().split("\n"):
            path.addText(QPointF((width - metrics.horizontalAdvance(line)) / 2, y), font, line)
            y += metrics.lineSpacing()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        halo = QPen(QColor(255, 255, 255, 210), self.HALO)
        halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.strokePath(path, halo)
        painter.fillPath(path, self.brush())


def handle_item(size: float) -> QGraphicsRectItem:
    """A vertex handle: a small white square that keeps its size at any zoom."""
    item = QGraphicsRectItem(-size / 2, -size / 2, size, size)
    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
    item.setPen(QPen(OUTLINE, 1))
    item.setBrush(QBrush(QColor("white")))
    item.setZValue(Z_HANDLE)
    return item
