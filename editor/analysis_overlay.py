"""The analysis overlay on the editor's canvas: the borders `maps.geometry` derives (land
borders red, coasts blue), the game graph between province labels, and markers on the
places validation complains about."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsItemGroup,
    QGraphicsPathItem,
)

from editor.canvas_items import COAST_BORDER, GRAPH_EDGE, ISSUE, LAND_BORDER, LabelItem
from editor.fixes import issue_point
from editor.topology.geometry import Point


class AnalysisOverlay:
    """The overlay's half of `editor.view.MapView` (a mixin; the view creates the two item
    groups and provides the attributes declared here)."""

    topo: Any  # the document's TopoMap
    show_graph: bool
    _overlay: QGraphicsItemGroup  # derived borders and graph edges
    _issues: QGraphicsItemGroup  # validation markers
    _labels: dict[str, LabelItem]

    def set_graph_visible(self, visible: bool) -> None:
        """Show or hide the game-graph overlay."""
        self.show_graph = visible
        self._overlay.setVisible(visible)

    def show_analysis(self, geometry: Any, issues: Sequence[Any]) -> None:
        """Draw the derived borders and graph, and mark validation issues."""
        scene = self.scene()
        for group in (self._overlay, self._issues):
            for child in group.childItems():
                group.removeFromGroup(child)
                scene.removeItem(child)
        if geometry is not None:
            labels = geometry.labels
            for border in geometry.land_borders.values():
                self._border_item(border.coords, LAND_BORDER, 4)
                a, b = border.provinces
                if a in labels and b in labels:
                    path = QPainterPath(QPointF(*labels[a]))
                    path.lineTo(QPointF(*border.midpoint))
                    path.lineTo(QPointF(*labels[b]))
                    self._overlay_path(path, GRAPH_EDGE, 1, Qt.PenStyle.DashLine)
            for border in geometry.coastal_borders.values():
                self._border_item(border.coords, COAST_BORDER, 4)
                (a,) = border.provinces
                if a in labels:
                    path = QPainterPath(QPointF(*border.midpoint))
                    path.lineTo(QPointF(*labels[a]))
                    self._overlay_path(path, COAST_BORDER, 1, Qt.PenStyle.DotLine)
        for issue in issues:
            loc = issue_point(issue, self.topo)
            if loc is None:
                continue
            mark = QGraphicsEllipseItem(-9, -9, 18, 18)
            mark.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            colour = ISSUE if issue.severity == "error" else QColor("#e0a000")
            pen = QPen(colour, 2.5)
            mark.setPen(pen)
            mark.setPos(loc[0], loc[1])
            provinces = getattr(issue, "provinces", ())
            if len(provinces) == 1 and provinces[0] in self._labels:
                if math.dist(loc, self.topo.label_point(provinces[0])) < 1e-9:
                    # about the whole province: ring its name instead of hiding it
                    rect = self._labels[provinces[0]].boundingRect()
                    w, h = rect.width() + 6, rect.height() + 4
                    mark.setRect(-w / 2, -h / 2, w, h)
            mark.setToolTip(issue.message)
            self._issues.addToGroup(mark)

    def _border_item(self, lines: Sequence[Sequence[Point]], colour: QColor, width: float) -> None:
        path = QPainterPath()
        for line in lines:
            if len(line) < 2:
                continue
            path.moveTo(QPointF(*line[0]))
            for p in line[1:]:
                path.lineTo(QPointF(*p))
        self._overlay_path(path, colour, width, Qt.PenStyle.SolidLine)

    def _overlay_path(
        self, path: QPainterPath, colour: QColor, width: float, style: Qt.PenStyle
    ) -> None:
        item = QGraphicsPathItem(path)
        pen = QPen(colour, width, style)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        item.setPen(pen)
        self._overlay.addToGroup(item)

    def issue_marker_count(self) -> int:
        """How many validation markers are drawn."""
        return len(self._issues.childItems())

    def overlay_item_count(self) -> int:
        """How many overlay items (borders, graph edges) are drawn."""
        return len(self._overlay.childItems())
