"""The canvas tools: what a click, a drawn outline or a cut does with the active `Tool`,
and where the pointer snaps (vertices, edges, the grid).

`EditingTools` is the tools' half of `editor.view.MapView` (a mixin): it turns gestures into
document operations (`MapDocument.run`, one undo step each) and tells the user what
happened through the view's `message` signal.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsPathItem
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon as ShapelyPolygon

from app.games.rokugan.words import territory as territory_words
from app.i18n import N_, _, ngettext
from editor.document import MapDocument
from editor.topology.geometry import Point
from editor.topology.model import PROVINCE, SEA, Edit, FaceRef, Snap


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

# What the status bar says when a tool is chosen.
TOOL_HINTS = {
    Tool.SELECT: N_("Click a province to select it; drag a vertex to move it everywhere."),
    Tool.PROVINCE: N_(
        "Click corners; corners snap to vertices and edges. Double-click "
        "or Enter closes, Backspace undoes a corner, Esc cancels. Over neighbours the new "
        "land keeps only the free area and sea (Tools ▸ Clip new land)."
    ),
    Tool.SEA: N_("Click corners of a sea polygon; double-click or Enter closes."),
    Tool.SPLIT: N_("Draw a cut line across a province; double-click or Enter cuts."),
    Tool.MERGE: N_("Click two neighbouring provinces to merge the second into the first."),
    Tool.INSERT: N_("Click an edge to insert a vertex (shared by both sides)."),
    Tool.REMOVE: N_("Click a vertex to remove it from every polygon."),
    Tool.ASSIGN: N_("Click provinces to put them into the current territory."),
    Tool.HOLE: N_(
        "Click corners of a hole (or a bay across an outline); double-click or "
        "Enter cuts it out of the provinces and seas under it."
    ),
    Tool.LAKE: N_(
        "Click corners of a lake; double-click or Enter makes the land under it water "
        "with a shared coast."
    ),
}


class EditingTools:
    """The tools' behaviour of the map canvas (a mixin of `editor.view.MapView`, which
    provides the attributes declared here)."""

    document: MapDocument
    topo: Any  # the document's TopoMap
    tool: Tool
    snap_pixels: float
    grid_snap: bool
    grid_step: float
    clip_land: bool
    current_territory: str | None
    selected: FaceRef | None
    draw_points: list[Point]
    message: Any  # Signal(str)
    tool_changed: Any  # Signal(str)
    _merge_first: FaceRef | None
    _last_snap: Snap | None
    _preview: QGraphicsPathItem
    _snap_item: QGraphicsEllipseItem

    def set_tool(self, tool: Tool | str) -> None:
        """Activate a tool (drops an unfinished drawing)."""
        self.cancel_drawing()
        self.tool = Tool(tool)
        self._merge_first = None
        self.setCursor(
            Qt.CursorShape.ArrowCursor if self.tool == Tool.SELECT else Qt.CursorShape.CrossCursor
        )
        self.tool_changed.emit(str(self.tool))
        self.message.emit(_(TOOL_HINTS[self.tool]))

    def snap_radius(self) -> float:
        """The snap radius in map units at the current zoom."""
        return self.snap_pixels / max(abs(self.transform().m11()), 1e-9)

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
                if tid:
                    said = _("Added province {id} in {territory}").format(
                        id=edit.result, territory=territory_words(self.topo.territory(tid).name)
                    )
                else:
                    said = _("Added province {id}").format(id=edit.result)
                if seas:
                    said += _("; its land came out of {seas}.").format(seas=", ".join(seas))
                self.message.emit(said if seas else said + ".")
            return edit
        if tool == Tool.SEA:
            edit = self.document.run("add_sea", pts, radius, name=_("Sea"))
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
                name = self.topo.seas[sid].name
                said = ngettext(
                    "Added {n} polygon to the sea {name} ({id})",
                    "Added {n} polygons to the sea {name} ({id})",
                    added,
                ).format(n=added, name=name, id=sid)
                if area < 0.999 * drawn:
                    said += " " + _("(clipped to the free area)")
                self.message.emit(said + ".")
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
                    self.message.emit(
                        _("Lake {id} cut out of {cut}; its shore is their coast.").format(
                            id=lake, cut=cut
                        )
                    )
                else:
                    self.message.emit(_("Cut out of {cut}.").format(cut=cut))
            return edit
        return None

    def _names(self, kind: str, ids: Iterable[str]) -> list[str]:
        """The names of the provinces or seas that still exist among `ids`."""
        faces = self.topo.provinces if kind == PROVINCE else self.topo.seas
        return [faces[i].name for i in ids if i in faces]

    def _cut(self, pts: list[Point], radius: float) -> Edit | None:
        if len(pts) < 2:
            self.message.emit(_("A cut needs at least two points."))
            return None
        # the polygon under the middle of the cut, else the selected one
        mid = LineString(pts).interpolate(0.5, normalized=True)
        target = self.topo.face_at((mid.x, mid.y)) or self.selected
        if target is None:
            self.message.emit(_("Draw the cut across a province (or select it first)."))
            return None
        if target[0] == PROVINCE:
            edit = self.document.run("split_province", target[1], pts, radius)
            if edit is not None:
                keep, new = edit.result
                self.select((PROVINCE, new, 0))
                self.message.emit(
                    _(
                        "Split {name}: the new part is {id} (selected; name it in the "
                        "Province panel)."
                    ).format(name=self.topo.provinces[keep].name, id=new)
                )
        else:
            edit = self.document.run("split_sea", target[1], target[2], pts, radius)
            if edit is not None:
                self.message.emit(_("Split a polygon of sea {id} in two.").format(id=target[1]))
        return edit

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
                self.message.emit(_("Now click the neighbour to merge into it."))
                return
            self._merge_first = None
            if first[0] != ref[0]:
                self.message.emit(_("Land and sea cannot be merged."))
            elif first[0] == PROVINCE:
                gone = self.topo.provinces[ref[1]].name
                if self.document.run("merge_provinces", first[1], ref[1]) is not None:
                    self.select(first)
                    self.message.emit(
                        _("Merged {gone} into {kept}.").format(
                            gone=gone, kept=self.topo.provinces[first[1]].name
                        )
                    )
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
