"""The map canvas: polygons, labels and vertex handles kept in step with the document, the
selection, zoom and the tracing image, and the mouse and keys.

`MapView` shows a `MapDocument` and turns mouse gestures into document operations according to
the active `Tool`. It never edits the `TopoMap` itself: every change goes through
`MapDocument.run` (one undo step) or, while a vertex is dragged, `preview_vertex`.
What each tool does is in `editor.tools` (`EditingTools`), the analysis overlay in
`editor.analysis_overlay`, the look of the items in `editor.canvas_items`.

Scene coordinates are map units (x east, y south), so the map draws the right way up.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsItemGroup,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QStyle,
)

from app.games.rokugan.words import clan as clan_words
from app.i18n import _, ngettext
from editor.analysis_overlay import AnalysisOverlay
from editor.canvas_items import (
    HANDLE_SIZE,
    HANDLE_SIZE_SMALL,
    LAND,
    OUTLINE,
    SEA_FILL,
    SELECTED,
    Z_BACKGROUND,
    Z_LABEL,
    Z_OVERLAY,
    Z_PROVINCE,
    Z_SEA,
    Z_TOOL,
    LabelItem,
    handle_item,
)
from editor.document import MapDocument
from editor.tools import DRAWING_TOOLS, EditingTools, Tool
from editor.topology.geometry import Point
from editor.topology.model import PROVINCE, SEA, Edit, FaceRef, Snap

__all__ = ["MapView", "Tool"]


class MapView(EditingTools, AnalysisOverlay, QGraphicsView):
    """Shows the document's map and forwards edits to it according to the active tool."""

    selection_changed = Signal(object)  # FaceRef | None
    pointer_moved = Signal(float, float)  # map coordinates under the pointer
    message = Signal(str)
    tool_changed = Signal(str)

    def __init__(self, document: MapDocument, parent: Any = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setMouseTracking(True)
        self.setBackgroundBrush(QBrush(QColor("#d8d8d8")))
        self.tool = Tool.SELECT
        self.snap_pixels = 10.0
        self.grid_snap = False
        self.clip_land = True  # new land keeps only the free area (and sea) under it
        self.grid_step = 5.0
        self.show_handles = True
        self.show_graph = True
        self.current_territory: str | None = None
        self.selected: FaceRef | None = None
        self.draw_points: list[Point] = []
        self._faces: dict[FaceRef, QGraphicsPathItem] = {}
        self._labels: dict[str, LabelItem] = {}
        self._handles: dict[int, QGraphicsRectItem] = {}
        self._fitted = False  # at "whole map" zoom: a resize (docks settling) fits again
        self._bars = (False, False)  # the scroll bars shown at the last resize
        self._all_handles = True  # all handles shown, or only the selection's (zoomed out)
        self._edge_length = 1.0
        self._drag: tuple[int, Point] | None = None
        self._label_drag: tuple[str, QPointF] | None = None  # province, press position
        self._pan: QPointF | None = None
        self._merge_first: FaceRef | None = None
        self._last_snap: Snap | None = None
        self._background: QGraphicsPixmapItem | None = None
        self._overlay = QGraphicsItemGroup()
        self._overlay.setZValue(Z_OVERLAY)
        self._issues = QGraphicsItemGroup()
        self._issues.setZValue(Z_TOOL - 1)
        self._extent = QGraphicsRectItem()
        pen = QPen(QColor("#555555"), 1, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self._extent.setPen(pen)
        self._extent.setBrush(QBrush(QColor("#fbf8f0")))
        self._extent.setZValue(Z_BACKGROUND - 1)
        self._snap_item = QGraphicsEllipseItem(-6, -6, 12, 12)
        self._snap_item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self._snap_item.setZValue(Z_TOOL + 1)
        self._snap_item.setVisible(False)
        self._preview = QGraphicsPathItem()
        preview_pen = QPen(SELECTED, 2, Qt.PenStyle.DashLine)
        preview_pen.setCosmetic(True)
        self._preview.setPen(preview_pen)
        self._preview.setZValue(Z_TOOL)
        for item in (self._overlay, self._issues, self._extent, self._snap_item, self._preview):
            self.scene().addItem(item)
        self.document = document
        self._connect(document)
        self.rebuild()

    # -------------------------------------------------------------------------- document

    def _connect(self, document: MapDocument) -> None:
        document.changed.connect(self._on_changed)
        document.vertex_moved.connect(self._on_vertex_moved)

    def set_document(self, document: MapDocument) -> None:
        """Show another document."""
        self.document.changed.disconnect(self._on_changed)
        self.document.vertex_moved.disconnect(self._on_vertex_moved)
        self.document = document
        self._connect(document)
        self.selected = None
        self.cancel_drawing()
        self.rebuild()
        self.fit()

    @property
    def topo(self) -> Any:
        """The document's `TopoMap`."""
        return self.document.topo

    def rebuild(self) -> None:
        """Recreate every polygon, label and handle item."""
        scene = self.scene()
        for item in [*self._faces.values(), *self._labels.values(), *self._handles.values()]:
            scene.removeItem(item)
        self._faces.clear()
        self._labels.clear()
        self._handles.clear()
        for ref, _face in self.topo.faces():
            self._add_face(ref)
        for pid in self.topo.provinces:
            self._add_label(pid)
        lengths = sorted(
            math.dist(self.topo.vertices[a], self.topo.vertices[b]) for a, b in self.topo.edges()
        )
        self._edge_length = lengths[len(lengths) // 2] if lengths else self.topo.scale() / 50
        for vid in self.topo.vertices:
            self._add_handle(vid)
        self._update_handles()
        x0, y0, x1, y1 = self.topo.extent()
        self._extent.setRect(QRectF(x0, y0, x1 - x0, y1 - y0))
        self._update_scene_rect()
        if self.selected is not None and self.selected not in self._faces:
            self.select(None)

    def _update_scene_rect(self) -> None:
        x0, y0, x1, y1 = self.topo.extent()
        rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        b = self.topo.bounds()
        if b is not None:
            rect = rect.united(QRectF(b[0], b[1], b[2] - b[0], b[3] - b[1]))
        if self._background is not None:
            rect = rect.united(self._background.sceneBoundingRect())
        m = 0.25 * max(rect.width(), rect.height())
        self.setSceneRect(rect.adjusted(-m, -m, m, m))

    def _on_changed(self, edit: Edit | None) -> None:
        if edit is None or edit.meta is not None:
            self.rebuild()
            return
        touched_faces: set[FaceRef] = set()
        for pid in edit.provinces:
            self._remove_faces(PROVINCE, pid)
            label = self._labels.pop(pid, None)
            if label is not None:
                self.scene().removeItem(label)
            if pid in self.topo.provinces:
                self._add_face((PROVINCE, pid, 0))
                self._add_label(pid)
        for sid in edit.seas:
            self._remove_faces(SEA, sid)
            if sid in self.topo.seas:
                for k in range(len(self.topo.seas[sid].parts)):
                    self._add_face((SEA, sid, k))
        for vid in edit.vertices:
            if vid in self.topo.vertices:
                if vid not in self._handles:
                    self._add_handle(vid)
                else:
                    self._place_handle(vid)
                touched_faces |= self.topo.faces_using(vid)
            else:
                handle = self._handles.pop(vid, None)
                if handle is not None:
                    self.scene().removeItem(handle)
        for ref in touched_faces:
            if ref in self._faces:
                self._faces[ref].setPath(self._face_path(ref))
        self._follow_labels(ref for ref in touched_faces if ref[1] not in edit.provinces)
        if edit.territories is not None:
            for ref in self._faces:
                self._style_face(ref)
        if self.selected is not None and self.selected not in self._faces:
            self.select(None)
        elif self.selected is not None:
            self._style_face(self.selected)
        self._update_handles()

    def _on_vertex_moved(self, vid: int) -> None:
        self._place_handle(vid)
        for ref in self.topo.faces_using(vid):
            if ref in self._faces:
                self._faces[ref].setPath(self._face_path(ref))
        self._follow_labels(self.topo.faces_using(vid))

    def _follow_labels(self, refs: Iterable[FaceRef]) -> None:
        """Move the labels at a default place (no `label` key) to their province's new centre."""
        for kind, pid, _part in refs:
            item = self._labels.get(pid) if kind == PROVINCE else None
            if item is not None and "label" not in self.topo.provinces[pid].attrs:
                x, y = self.topo.label_point(pid)
                item.setPos(x, y)

    def _remove_faces(self, kind: str, fid: str) -> None:
        for ref in [r for r in self._faces if r[0] == kind and r[1] == fid]:
            self.scene().removeItem(self._faces.pop(ref))

    def _face_path(self, ref: FaceRef) -> QPainterPath:
        face = self.topo.face(ref)
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.OddEvenFill)
        for ring in face.rings():
            pts = [QPointF(x, y) for x, y in self.topo.ring_coords(ring)]
            if pts:
                path.addPolygon(QPolygonF([*pts, pts[0]]))
        return path

    def _add_face(self, ref: FaceRef) -> None:
        item = QGraphicsPathItem(self._face_path(ref))
        item.setZValue(Z_PROVINCE if ref[0] == PROVINCE else Z_SEA)
        item.setData(0, ref)
        self._faces[ref] = item
        self._style_face(ref)
        self.scene().addItem(item)

    def _style_face(self, ref: FaceRef) -> None:
        item = self._faces[ref]
        if ref[0] == PROVINCE:
            tid = self.topo.territory_of(ref[1])
            colour = QColor(self.topo.territory(tid).colour) if tid else LAND
            if self.topo.provinces[ref[1]].attrs.get("shadowlands"):
                colour = colour.darker(130)
        else:
            colour = SEA_FILL
        item.setBrush(QBrush(colour))
        selected = ref == self.selected or (
            self.selected is not None and ref[0] == SEA and self.selected[:2] == ref[:2]
        )
        pen = QPen(SELECTED if selected else OUTLINE, 3 if selected else 1.2)
        pen.setCosmetic(True)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        item.setPen(pen)
        item.setZValue((Z_PROVINCE if ref[0] == PROVINCE else Z_SEA) + (0.5 if selected else 0))

    def _add_label(self, pid: str) -> None:
        prov = self.topo.provinces[pid]
        label = self.topo.label_point(pid)
        extra, notes = [], []
        a = prov.attrs
        if a.get("capital"):
            extra.append("♛")
            notes.append(_("capital of {clan}").format(clan=clan_words(str(a["capital"]))))
        if a.get("flowers"):
            extra.append("✿" * int(a["flowers"]))
            flowers = int(a["flowers"])
            notes.append(ngettext("{n} flower", "{n} flowers", flowers).format(n=flowers))
        if a.get("defense"):
            extra.append(f"♜{a['defense']}")
            notes.append(_("printed defense {n}").format(n=a["defense"]))
        if a.get("shadowlands"):
            extra.append("☠")
            notes.append(_("Shadowlands"))
        if a.get("palace_site"):
            extra.append("⌂")
            notes.append(_("palace site"))
        if a.get("blessed"):
            extra.append(f"☀{a['blessed']}")
            notes.append(_("blessed {n}").format(n=a["blessed"]))
        text = prov.name + ("\n" + " ".join(extra) if extra else "")
        item = LabelItem(text)
        item.setToolTip(f"{prov.name} ({pid})" + (": " + ", ".join(notes) if notes else ""))
        item.setFont(QFont("Sans", 8))
        item.setBrush(QBrush(QColor("#1e1a14")))
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        rect = item.boundingRect()
        item.setPos(label[0], label[1])
        # centre the text on the label point (the item ignores the view's scale)
        item.setTransform(QTransform.fromTranslate(-rect.width() / 2, -rect.height() / 2))
        item.setZValue(Z_LABEL)
        self._labels[pid] = item
        self.scene().addItem(item)

    def _update_handles(self, force: bool = False) -> None:
        """Show every handle when zoomed in enough, else only the selection's handles."""
        all_handles = self.show_handles and abs(self.transform().m11()) * self._edge_length >= 9
        chosen: set[int] = set()
        if self.show_handles and self.selected is not None and self.selected in self._faces:
            if all_handles:
                chosen = {v for r in self.topo.face(self.selected).rings() for v in r}
            else:  # zoomed out: corners a few pixels apart, so the outline stays visible
                chosen = self._spaced_corners(self.selected, 8 / abs(self.transform().m11()))
        if all_handles != self._all_handles or force or not all_handles:
            # zoomed out, the selection's corners are small dots: its outline stays visible
            size = HANDLE_SIZE if all_handles else HANDLE_SIZE_SMALL
            for vid, item in self._handles.items():
                visible = all_handles or vid in chosen
                item.setVisible(visible)
                if visible and item.rect().width() != size:
                    item.setRect(-size / 2, -size / 2, size, size)
        self._all_handles = all_handles

    def _spaced_corners(self, ref: FaceRef, gap: float) -> set[int]:
        """The face's corners, skipping those closer than `gap` to the last one kept."""
        v = self.topo.vertices
        out: set[int] = set()
        for ring in self.topo.face(ref).rings():
            last: Point | None = None
            for vid in ring:
                if last is None or math.dist(v[vid], last) >= gap:
                    out.add(vid)
                    last = v[vid]
        return out

    def handle_visible(self, vid: int) -> bool:
        """True when the vertex's handle is shown (it can then be dragged)."""
        item = self._handles.get(vid)
        return item is not None and item.isVisible()

    def _add_handle(self, vid: int) -> None:
        item = handle_item(HANDLE_SIZE)
        item.setVisible(self.show_handles and self._all_handles)
        item.setData(0, vid)
        self._handles[vid] = item
        self._place_handle(vid)
        self.scene().addItem(item)

    def _place_handle(self, vid: int) -> None:
        item = self._handles.get(vid)
        if item is not None and vid in self.topo.vertices:
            x, y = self.topo.vertices[vid]
            item.setPos(x, y)

    # ------------------------------------------------------------------------- selection

    def select(self, ref: FaceRef | None) -> None:
        """Select a province or sea part (None: nothing)."""
        old = self.selected
        self.selected = ref
        for r in (old, ref):
            if r is not None:
                for other in [f for f in self._faces if f[:2] == r[:2]]:
                    self._style_face(other)
        self._update_handles(force=True)
        self.selection_changed.emit(ref)

    def face_item(self, ref: FaceRef) -> QGraphicsPathItem:
        """The graphics item of a face (tests and screenshots)."""
        return self._faces[ref]

    def handle_count(self) -> int:
        """How many vertex handles are shown."""
        return len(self._handles)

    # ----------------------------------------------------------------------- view options

    def set_handles_visible(self, visible: bool) -> None:
        """Show or hide the vertex handles."""
        self.show_handles = visible
        self._update_handles(force=True)

    def set_background(
        self,
        image: str | QPixmap | None,
        opacity: float = 0.5,
        pos: Point = (0.0, 0.0),
        scale: float = 1.0,
    ) -> None:
        """A tracing image under the map (None removes it); scale is map units per pixel."""
        if self._background is not None:
            self.scene().removeItem(self._background)
            self._background = None
        if image is None:
            return
        pixmap = image if isinstance(image, QPixmap) else QPixmap(image)
        if pixmap.isNull():
            raise ValueError(
                _(
                    "Cannot read the image {image}: it is missing or not a picture. "
                    "Choose a PNG, JPEG, BMP or GIF file."
                ).format(image=image)
            )
        item = QGraphicsPixmapItem(pixmap)
        item.setZValue(Z_BACKGROUND)
        item.setOpacity(opacity)
        item.setPos(pos[0], pos[1])
        item.setScale(scale)
        self.scene().addItem(item)
        self._background = item
        self._update_scene_rect()

    def background(self) -> QGraphicsPixmapItem | None:
        """The tracing image item, if any."""
        return self._background

    def fit(self) -> None:
        """Zoom so the whole map (extent and drawing) fills the view."""
        x0, y0, x1, y1 = self.topo.extent()
        rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        b = self.topo.bounds()
        if b is not None:
            rect = rect.united(QRectF(b[0], b[1], b[2] - b[0], b[3] - b[1]))
        m = 0.03 * max(rect.width(), rect.height())
        self.fitInView(rect.adjusted(-m, -m, m, m), Qt.AspectRatioMode.KeepAspectRatio)
        self._fitted = True
        self._update_handles()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Keep the whole map in view while it is shown whole (a dock that grows with its
        words narrows the view after the first fit). A change no bigger than a scroll bar
        is one coming or going after a fit: fitting again would bring it back or take it
        away, and so on for ever."""
        super().resizeEvent(event)
        old, new = event.oldSize(), event.size()
        bars = (self.horizontalScrollBar().isVisible(), self.verticalScrollBar().isVisible())
        bars_changed, self._bars = bars != self._bars, bars
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 2
        if old.isValid() and abs(new.width() - old.width()) <= bar:
            # a dock a few pixels wider (the Province panel's fields) still fits again
            if abs(new.height() - old.height()) <= bar and bars_changed:
                return
        if self._fitted:
            self.fit()

    def zoom(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom in (factor > 1) or out, keeping the map point at `anchor` (a viewport pixel,
        default the centre) where it is."""
        self._fitted = False
        pixel = anchor if anchor is not None else self.viewport().rect().center()
        fixed = self.mapToScene(pixel)
        self.scale(factor, factor)
        # scroll so the anchored map point is back under its pixel (the view's own
        # under-mouse anchor would use a stale pointer: mouse moves are handled here)
        moved = self.mapFromScene(fixed) - pixel
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + moved.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + moved.y())
        self._update_handles()

    def zoom_to(self, xy: Point, span: float | None = None) -> None:
        """Centre on a map point, showing about `span` map units around it."""
        span = span or 0.08 * self.topo.scale()
        self._fitted = False
        self.fitInView(
            QRectF(xy[0] - span / 2, xy[1] - span / 2, span, span),
            Qt.AspectRatioMode.KeepAspectRatio,
        )
        self._update_handles()

    def zoom_to_provinces(self, ids: Iterable[str]) -> None:
        """Show the given provinces."""
        rect = QRectF()
        for pid in ids:
            if pid in self.topo.provinces:
                rect = rect.united(self._faces[(PROVINCE, pid, 0)].sceneBoundingRect())
        if not rect.isNull():
            self._fitted = False
            m = 0.8 * max(rect.width(), rect.height())  # with the neighbours around
            self.fitInView(rect.adjusted(-m, -m, m, m), Qt.AspectRatioMode.KeepAspectRatio)
            self._update_handles()

    # ---------------------------------------------------------------------------- labels

    def _label_at(self, pos: QPoint) -> str | None:
        """The province whose name label is under a viewport position."""
        for item in self.items(pos):
            if isinstance(item, QGraphicsSimpleTextItem):
                for pid, label in self._labels.items():
                    if label is item:
                        return pid
        return None

    def label_item(self, pid: str) -> LabelItem:
        """The name label of a province (tests and screenshots)."""
        return self._labels[pid]

    # ------------------------------------------------------------------------------ input

    def _map_point(self, event: QMouseEvent | QWheelEvent) -> Point:
        p = self.mapToScene(event.position().toPoint())
        return (p.x(), p.y())

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        """Start a pan (middle button), a vertex drag, or a tool click."""
        if event.button() == Qt.MouseButton.MiddleButton:
            self._pan = event.position()
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        if event.button() == Qt.MouseButton.RightButton:
            self.cancel_drawing()
            self._merge_first = None
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        xy = self._map_point(event)
        if self.tool == Tool.SELECT and self.show_handles:
            vid = self._vertex_near(xy)
            if vid is not None and self.handle_visible(vid):
                self._drag = (vid, self.topo.vertices[vid])
                return
        if self.tool == Tool.SELECT:
            pid = self._label_at(event.position().toPoint())
            if pid is not None:
                self._label_drag = (pid, event.position())
                self.select((PROVINCE, pid, 0))
                return
        self.click(xy)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        """Close the outline or cut being drawn."""
        if self.tool in DRAWING_TOOLS and event.button() == Qt.MouseButton.LeftButton:
            if self.draw_points:
                self.finish_drawing()
            return
        super().mouseDoubleClickEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        """Pan, drag a vertex, or move the snap indicator."""
        if self._pan is not None:
            delta = event.position() - self._pan
            self._pan = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - int(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - int(delta.y()))
            return
        xy = self._map_point(event)
        self.pointer_moved.emit(xy[0], xy[1])
        if self._label_drag is not None:
            self._labels[self._label_drag[0]].setPos(xy[0], xy[1])
            return
        if self._drag is not None:
            snap = self.drag_target(self._drag[0], xy)
            self.document.preview_vertex(self._drag[0], snap.point)
            self._show_snap(snap)
            return
        if self.tool in (*DRAWING_TOOLS, Tool.INSERT):
            snap = self.snap_point(xy)
            self._show_snap(snap)
            if self.draw_points:
                self._update_preview(snap.point)
        elif self.tool == Tool.REMOVE:
            vid = self._vertex_near(xy)
            self._show_snap(
                None if vid is None else Snap("vertex", self.topo.vertices[vid], vertex=vid)
            )
        else:
            self._show_snap(None)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        """End a pan or a vertex drag (one undo step)."""
        if event.button() == Qt.MouseButton.MiddleButton and self._pan is not None:
            self._pan = None
            self.unsetCursor()
            return
        if self._label_drag is not None and event.button() == Qt.MouseButton.LeftButton:
            pid, pressed = self._label_drag
            self._label_drag = None
            moved = (event.position() - pressed).manhattanLength() >= 3
            if moved and pid in self.topo.provinces:
                x, y = self._map_point(event)
                label = [round(x, 2), round(y, 2)]
                self.document.run("update_province", pid, attrs={"label": label})
            return
        if self._drag is not None and event.button() == Qt.MouseButton.LeftButton:
            vid, origin = self._drag
            self._drag = None
            target = self._last_snap
            self._show_snap(None)
            self.document.commit_drag(vid, origin, target)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt override
        """Zoom around the pointer."""
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom(1.15**steps, event.position().toPoint())

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Enter closes a drawing, Backspace drops its last point, Escape cancels."""
        key = event.key()
        if self.tool in DRAWING_TOOLS and self.draw_points:
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.finish_drawing()
                return
            if key == Qt.Key.Key_Backspace:
                self.draw_points.pop()
                self._update_preview()
                return
            if key == Qt.Key.Key_Escape:
                self.cancel_drawing()
                return
        super().keyPressEvent(event)
