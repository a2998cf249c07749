"""The map canvas: polygons, vertex handles, the snap indicator, the game-graph overlay.

`MapView` shows a `MapDocument` and turns mouse gestures into document operations according to
the active `Tool`. It never edits the `TopoMap` itself: every change goes through
`MapDocument.run` (one undo step) or, while a vertex is dragged, `preview_vertex`.

Scene coordinates are map units (x east, y south), so the map draws the right way up.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
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
)
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon as ShapelyPolygon

from editor.document import MapDocument
from editor.fixes import issue_point
from editor.topology import PROVINCE, SEA, Edit, FaceRef, Point, Snap

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


class Tool(enum.StrEnum):
    """What a left click does on the canvas."""

    SELECT = "select"  # select a province or sea; drag a vertex handle to move it
    PROVINCE = "province"  # click corners of a new province; double-click / Enter closes
    SEA = "sea"  # the same for a sea polygon
    SPLIT = "split"  # draw a cut line across a province; double-click / Enter cuts
    MERGE = "merge"  # click two neighbouring provinces
    INSERT = "insert"  # click an edge to add a vertex there
    REMOVE = "remove"  # click a vertex to remove it
    ASSIGN = "assign"  # click a province to put it into the current territory
    HOLE = "hole"  # draw an outline to cut out of the provinces and seas under it
    LAKE = "lake"  # the same, and the land cut out becomes a sea (a lake)


DRAWING_TOOLS = (Tool.PROVINCE, Tool.SEA, Tool.SPLIT, Tool.HOLE, Tool.LAKE)
CLOSED_TOOLS = (Tool.PROVINCE, Tool.SEA, Tool.HOLE, Tool.LAKE)  # they draw outlines


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


def _handle_item(size: float) -> QGraphicsRectItem:
    item = QGraphicsRectItem(-size / 2, -size / 2, size, size)
    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
    item.setPen(QPen(OUTLINE, 1))
    item.setBrush(QBrush(QColor("white")))
    item.setZValue(Z_HANDLE)
    return item


class MapView(QGraphicsView):
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
        for ref, _ in self.topo.faces():
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
        for kind, pid, _ in refs:
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
            notes.append(f"capital of {a['capital']}")
        if a.get("flowers"):
            extra.append("✿" * int(a["flowers"]))
            notes.append(f"{a['flowers']} flowers")
        if a.get("defense"):
            extra.append(f"♜{a['defense']}")
            notes.append(f"printed defense {a['defense']}")
        if a.get("shadowlands"):
            extra.append("☠")
            notes.append("Shadowlands")
        if a.get("palace_site"):
            extra.append("⌂")
            notes.append("palace site")
        if a.get("blessed"):
            extra.append(f"☀{a['blessed']}")
            notes.append(f"blessed {a['blessed']}")
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
        item = _handle_item(HANDLE_SIZE)
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

    def set_tool(self, tool: Tool | str) -> None:
        """Activate a tool (drops an unfinished drawing)."""
        self.cancel_drawing()
        self.tool = Tool(tool)
        self._merge_first = None
        self.setCursor(
            Qt.CursorShape.ArrowCursor if self.tool == Tool.SELECT else Qt.CursorShape.CrossCursor
        )
        self.tool_changed.emit(str(self.tool))
        hints = {
            Tool.SELECT: "Click a province to select it; drag a vertex to move it everywhere.",
            Tool.PROVINCE: "Click corners; corners snap to vertices and edges. Double-click "
            "or Enter closes, Backspace undoes a corner, Esc cancels. Over neighbours the new "
            "land keeps only the free area and sea (Tools ▸ Clip new land).",
            Tool.SEA: "Click corners of a sea polygon; double-click or Enter closes.",
            Tool.SPLIT: "Draw a cut line across a province; double-click or Enter cuts.",
            Tool.MERGE: "Click two neighbouring provinces to merge the second into the first.",
            Tool.INSERT: "Click an edge to insert a vertex (shared by both sides).",
            Tool.REMOVE: "Click a vertex to remove it from every polygon.",
            Tool.ASSIGN: "Click provinces to put them into the current territory.",
            Tool.HOLE: "Click corners of a hole (or a bay across an outline); double-click or "
            "Enter cuts it out of the provinces and seas under it.",
            Tool.LAKE: "Click corners of a lake; double-click or Enter turns the land under it "
            "into water with a shared coast.",
        }
        self.message.emit(hints[self.tool])

    def set_handles_visible(self, visible: bool) -> None:
        """Show or hide the vertex handles."""
        self.show_handles = visible
        self._update_handles(force=True)

    def set_graph_visible(self, visible: bool) -> None:
        """Show or hide the game-graph overlay."""
        self.show_graph = visible
        self._overlay.setVisible(visible)

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
                f"Cannot read the image {image}: it is missing or not a picture. "
                "Choose a PNG, JPEG, BMP or GIF file."
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
        self._update_handles()

    def zoom(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom in (factor > 1) or out, keeping the map point at `anchor` (a viewport pixel,
        default the centre) where it is."""
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
            m = 0.8 * max(rect.width(), rect.height())  # with the neighbours around
            self.fitInView(rect.adjusted(-m, -m, m, m), Qt.AspectRatioMode.KeepAspectRatio)
            self._update_handles()

    def snap_radius(self) -> float:
        """The snap radius in map units at the current zoom."""
        return self.snap_pixels / max(abs(self.transform().m11()), 1e-9)

    # ---------------------------------------------------------------------------- overlay

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

    # ---------------------------------------------------------------------------- drawing

    def snap_point(self, xy: Point) -> Snap:
        """Where a click at `xy` lands: vertex, edge, grid point or the point itself."""
        return self._with_grid(self.topo.snap(xy, self.snap_radius()), xy)

    def _with_grid(self, snap: Snap, xy: Point) -> Snap:
        """A snap adjusted to the grid when grid snapping is on (vertices win)."""
        if not self.grid_snap or self.grid_step <= 0 or snap.kind == "vertex":
            return snap
        g = self.grid_step
        grid = (round(xy[0] / g) * g, round(xy[1] / g) * g)
        if snap.kind == "edge" and snap.edge is not None:
            # a grid point on the edge beats the pointer's projection: exact coordinates
            a, b = (self.topo.vertices[v] for v in snap.edge)
            on_edge = LineString([a, b]).distance(ShapelyPoint(grid)) <= 1e-9 * self.topo.scale()
            return Snap("edge", grid, edge=snap.edge) if on_edge else snap
        return Snap("grid", grid)

    def add_draw_point(self, xy: Point) -> None:
        """Add a (snapped) point to the outline or cut being drawn; may close the outline."""
        snap = self.snap_point(xy)
        pt = snap.point
        if (
            self.tool in CLOSED_TOOLS
            and len(self.draw_points) >= 3
            and math.dist(pt, self.draw_points[0]) <= self.snap_radius()
        ):
            self.finish_drawing()
            return
        if self.draw_points and math.dist(pt, self.draw_points[-1]) < 1e-12:
            return
        self.draw_points.append(pt)
        self._update_preview()

    def _update_preview(self, cursor: Point | None = None) -> None:
        pts = list(self.draw_points)
        if cursor is not None and pts:
            pts.append(cursor)
        path = QPainterPath()
        if pts:
            path.moveTo(QPointF(*pts[0]))
            for p in pts[1:]:
                path.lineTo(QPointF(*p))
            if self.tool in CLOSED_TOOLS and len(pts) >= 3:
                path.lineTo(QPointF(*pts[0]))  # the outline as it would close
            for p in self.draw_points:
                path.addEllipse(QPointF(*p), 0.4 * self.snap_radius(), 0.4 * self.snap_radius())
        self._preview.setPath(path)

    def cancel_drawing(self) -> None:
        """Drop the outline or cut being drawn."""
        self.draw_points = []
        self._preview.setPath(QPainterPath())

    def finish_drawing(self) -> Edit | None:
        """Turn the drawn points into a province, a sea polygon or a cut."""
        pts, tool = list(self.draw_points), self.tool
        self.cancel_drawing()
        radius = self.snap_radius()
        if tool == Tool.PROVINCE:
            edit = self.document.run(
                "add_province", pts, radius, territory=self.current_territory, clip=self.clip_land
            )
            if edit is not None:
                self.select((PROVINCE, edit.result, 0))
                seas = sorted(self._names(SEA, edit.seas))
                tid = self.topo.territory_of(edit.result)
                where = f" in {self.topo.territory(tid).name}" if tid else ""
                self.message.emit(
                    f"Added province {edit.result}{where}"
                    + (f"; its land came out of {', '.join(seas)}." if seas else ".")
                )
            return edit
        if tool == Tool.SEA:
            edit = self.document.run("add_sea", pts, radius, name="Sea")
            if edit is not None:
                sid = edit.result
                old = edit.seas[sid][0]
                first = len(old.parts) if old else 0
                added = len(self.topo.seas[sid].parts) - first
                self.select((SEA, sid, len(self.topo.seas[sid].parts) - 1))
                area = sum(
                    self.topo.polygon((SEA, sid, k)).area
                    for k in range(first, len(self.topo.seas[sid].parts))
                )
                drawn = ShapelyPolygon(pts).area if len(pts) >= 3 else 0.0
                clipped = " (clipped to the free area)" if area < 0.999 * drawn else ""
                parts = "a polygon" if added == 1 else f"{added} polygons"
                name = self.topo.seas[sid].name
                self.message.emit(f"Added {parts} of the sea {name} ({sid}){clipped}.")
            return edit
        if tool == Tool.SPLIT:
            return self._cut(pts, radius)
        if tool in (Tool.HOLE, Tool.LAKE):
            lake = self.topo.unique_id("lake") if tool == Tool.LAKE else None
            edit = self.document.run("cut_hole", pts, radius, lake=lake)
            if edit is not None:
                cut = ", ".join(
                    self._names(PROVINCE, [i for k, i in edit.result if k == PROVINCE])
                    + self._names(SEA, [i for k, i in edit.result if k == SEA])
                )
                if lake is not None and lake in self.topo.seas:
                    self.select((SEA, lake, 0))
                    self.message.emit(f"Lake {lake} cut out of {cut}; its shore is their coast.")
                else:
                    self.message.emit(f"Cut out of {cut}.")
            return edit
        return None

    def _names(self, kind: str, ids: Iterable[str]) -> list[str]:
        """The names of the provinces or seas that still exist among `ids`."""
        faces = self.topo.provinces if kind == PROVINCE else self.topo.seas
        return [faces[i].name for i in ids if i in faces]

    def _cut(self, pts: list[Point], radius: float) -> Edit | None:
        if len(pts) < 2:
            self.message.emit("A cut needs at least two points.")
            return None
        # the polygon under the middle of the cut, else the selected one
        mid = LineString(pts).interpolate(0.5, normalized=True)
        target = self.topo.face_at((mid.x, mid.y)) or self.selected
        if target is None:
            self.message.emit("Draw the cut across a province (or select it first).")
            return None
        if target[0] == PROVINCE:
            edit = self.document.run("split_province", target[1], pts, radius)
            if edit is not None:
                keep, new = edit.result
                self.select((PROVINCE, new, 0))
                self.message.emit(
                    f"Split {self.topo.provinces[keep].name}: the new part is {new} "
                    "(selected; name it in the Province panel)."
                )
        else:
            edit = self.document.run("split_sea", target[1], target[2], pts, radius)
            if edit is not None:
                self.message.emit(f"Split a polygon of sea {target[1]} in two.")
        return edit

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

    def drag_target(self, vid: int, xy: Point) -> Snap:
        """Where a dragged vertex lands: another polygon's vertex or edge, the grid, or free."""
        snap = self.topo.snap(xy, self.snap_radius(), exclude=(vid,))
        if snap.kind == "vertex" and not self.topo.can_weld(snap.vertex, vid):
            snap = Snap("free", xy)
        elif snap.kind == "edge" and not self.topo.can_join_edge(vid, *snap.edge):
            snap = Snap("free", xy)
        return self._with_grid(snap, xy)

    def _vertex_near(self, xy: Point) -> int | None:
        best, bd = None, self.snap_radius()
        for vid, p in self.topo.vertices.items():
            d = math.dist(p, xy)
            if d <= bd:
                best, bd = vid, d
        return best

    def _show_snap(self, snap: Snap | None) -> None:
        self._last_snap = snap
        if snap is None or snap.kind == "free":
            self._snap_item.setVisible(False)
            return
        colours = {"vertex": "#00a000", "edge": "#0070ff", "grid": "#a0a0a0"}
        pen = QPen(QColor(colours[snap.kind]), 2.5)
        self._snap_item.setPen(pen)
        self._snap_item.setPos(snap.point[0], snap.point[1])
        self._snap_item.setVisible(True)

    def snap_indicator(self) -> tuple[str, Point] | None:
        """What the snap indicator shows now: (kind, point), None when hidden."""
        if not self._snap_item.isVisible() or self._last_snap is None:
            return None
        return self._last_snap.kind, self._last_snap.point

    # ------------------------------------------------------------------------------ input

    def _map_point(self, event: QMouseEvent | QWheelEvent) -> Point:
        p = self.mapToScene(event.position().toPoint())
        return (p.x(), p.y())

    def click(self, xy: Point) -> None:
        """What a left click at map point `xy` does with the active tool."""
        tool = self.tool
        if tool == Tool.SELECT:
            self.select(self.topo.face_at(xy))
        elif tool in DRAWING_TOOLS:
            self.add_draw_point(xy)
        elif tool == Tool.MERGE:
            ref = self.topo.face_at(xy)
            if ref is None:
                return
            first = self._merge_first
            if first is None or first == ref or first not in dict(self.topo.faces()):
                self._merge_first = ref
                self.select(ref)
                self.message.emit("Now click the neighbour to merge into it.")
                return
            self._merge_first = None
            if first[0] != ref[0]:
                self.message.emit("Land and sea cannot be merged.")
            elif first[0] == PROVINCE:
                gone = self.topo.provinces[ref[1]].name
                if self.document.run("merge_provinces", first[1], ref[1]) is not None:
                    self.select(first)
                    self.message.emit(f"Merged {gone} into {self.topo.provinces[first[1]].name}.")
            else:
                edit = self.document.run("merge_sea_parts", first[1], first[2], ref[1], ref[2])
                if edit is not None:
                    self.select((SEA, first[1], first[2]))
        elif tool == Tool.INSERT:
            snap = self.topo.snap(xy, self.snap_radius())
            if snap.kind == "edge":
                self.document.run("insert_vertex", *snap.edge, snap.point)  # type: ignore[misc]
        elif tool == Tool.REMOVE:
            vid = self._vertex_near(xy)
            if vid is not None:
                self.document.run("remove_vertex", vid)
        elif tool == Tool.ASSIGN:
            pid = self.topo.province_at(xy)
            if pid is not None:
                self.document.run("assign", pid, self.current_territory)

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
