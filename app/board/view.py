"""A QGraphicsView for boards: wheel zoom, drag to pan, fit, and clicks on spots."""

from __future__ import annotations

import math

import shiboken6
from PySide6.QtCore import QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.board.scene import MapScene, Spot, parent_item
from app.board.spread import Rect, clear_of, spread

CLICK_SLOP = 5  # pixels a press may move and still count as a click, not a pan
LEAST_SPOT_PX = 24  # a lit place is at least this many pixels across, where it has room
SPOT_REACH = 1.22  # a spot's drawn radius (its halo) in radii of its disc
SPREAD = 1.6  # how far a lit place may move to make room, in radii of its least disc


def spread_spots(spots: list[Spot], radius: float, keep_off: list[Rect] | None = None) -> None:
    """Move lit places apart that stand too close for discs of `radius` (or their own,
    when bigger) and their halos, and off the names (`keep_off`), each at most `SPREAD`
    of that radius from its own place: two border arrows at a corner of three provinces
    get room to be hit instead of shrinking."""
    places = [(s.home.x(), s.home.y(), max(radius, s.radius)) for s in spots]
    moved = spread(places, SPREAD * radius, SPOT_REACH, keep_off=keep_off or ())
    for spot, (x, y) in zip(spots, moved, strict=True):
        spot.setPos(x, y)


class BoardView(QGraphicsView):
    """Shows a `MapScene`; emits the clickable items under the mouse on click and hover.

    `clicked(keys)` / `hovered(keys)` carry a list of (kind, id) from the top item down, so
    a game can take the first one that means something now (a token lying in a province
    does not stop a click on that province); a click on nothing clickable gives [].
    """

    clicked = Signal(object)
    hovered = Signal(object)
    rescaled = Signal()  # fitted or zoomed: pieces drawn at least so many pixels follow

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setDragMode(QGraphicsView.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setMouseTracking(True)
        self._press: QPoint | None = None
        self._hover: tuple[str, str] | None = None
        self._fitted = True
        self.cover = 0  # pixels at the viewport's right edge under a panel laid over it

    def map_scene(self) -> MapScene | None:
        """The scene, when it is a map."""
        scene = self.scene()
        return scene if isinstance(scene, MapScene) else None

    def zoom(self, factor: float) -> None:
        """Scale the view by `factor` (kept between whole-map and close-up)."""
        current = self.transform().m11()
        scene = self.map_scene()
        if scene is not None:
            fit = min(
                self.viewport().width() / scene.extent.width(),
                self.viewport().height() / scene.extent.height(),
            )
            factor = max(fit * 0.5 / current, min(factor, fit * 12 / current))
        self.scale(factor, factor)
        self._fitted = False
        self.grow_lit_spots()
        self.rescaled.emit()

    def set_cover(self, pixels: int) -> None:
        """A panel lies over the viewport's right `pixels`: the fitted map keeps beside it
        (panning still takes the map under it when zoomed in)."""
        if pixels != self.cover:
            self.cover = max(0, pixels)
            if self._fitted:
                self.fit()

    def fit(self) -> None:
        """Show the whole map, beside the panel laid over the viewport if any."""
        scene = self.map_scene()
        if scene is not None:
            rect = scene.sceneRect()
            free = self.viewport().width() - self.cover
            if self.cover and free > 0 and rect.width() > 0 and rect.height() > 0:
                # the scale that fits the uncovered part, then the map's rect widened by the
                # cover at that scale: fitting that puts the map in the uncovered part
                scale = min(free / rect.width(), self.viewport().height() / rect.height())
                rect = rect.adjusted(0, 0, self.cover / scale, 0)
            self.setSceneRect(rect)
            self.fitInView(rect, Qt.KeepAspectRatio)
        self._fitted = True
        self.grow_lit_spots()
        self.rescaled.emit()

    def grow_lit_spots(self) -> None:
        """Draw each lit place at least `LEAST_SPOT_PX` across at this zoom: lit places
        closer than that move apart a little (`spread_spots`), then each grows as far as
        the other lit places leave it room (the layout sizes every place, lit or not, to
        fit among all of them; only a decision's own places show at once), off the
        provinces' names wherever that keeps it big enough to hit."""
        scene = self.map_scene()
        if scene is None:
            return
        spots = (*scene.centre_spots.values(), *scene.target_spots.values())
        for spot in spots:
            spot.setPos(spot.home)
        lit = [spot for spot in spots if spot.isVisible()]
        px = self.transform().m11()
        if px <= 0:
            return
        want = LEAST_SPOT_PX / 2 / px
        names = scene.name_rects()
        spread_spots(lit, want, names)
        radius = {spot: spot.radius for spot in lit}

        def room(spot: Spot, share: bool) -> float:
            """The most radius `spot` may take: its share of each gap to another lit
            place, or what the others' radii now leave of it."""
            most = math.inf
            for other in lit:
                if other is not spot:
                    gap = math.hypot(other.x() - spot.x(), other.y() - spot.y()) / SPOT_REACH
                    if share:  # half of it, or what the other's own radius leaves
                        most = min(most, gap - max(gap / 2, other.radius))
                    else:
                        most = min(most, gap - radius[other])
            return most

        # each its share first, then what the others leave it (twice: a spot kept small
        # by what it wants leaves more to its neighbours)
        for share in (True, False, False):
            for spot in lit:
                radius[spot] = max(radius[spot], min(want, room(spot, share)))
        homes = [(spot.home.x(), spot.home.y(), spot.radius) for spot in lit]
        grown = [(spot.x(), spot.y(), radius[spot]) for spot in lit]
        clear = clear_of(homes, grown, names)
        for spot, big, (x, y, r) in zip(lit, grown, clear, strict=True):
            # Off the names where that leaves it big enough to hit (back home where moving
            # does not clear them); a place to click that could only clear a name by
            # shrinking below the hit size keeps its size: it shows only while choosing.
            if r < min(want, big[2]) - 1e-9:
                x, y, r = big
            spot.setPos(x, y)
            spot.setScale(r / spot.radius)

    def keys_at(self, pos: QPoint) -> list[tuple[str, str]]:
        """The (kind, id) of every clickable item under a viewport position.

        Pieces (tokens, spots) come first, nearest centre first, so a click on one of two
        overlapping tokens takes the one the pointer is over the most; then provinces.
        """
        scene = self.map_scene()
        if scene is None:
            return []
        point = self.mapToScene(pos)
        pieces: list[tuple[float, tuple[str, str]]] = []
        areas: list[tuple[str, str]] = []
        for item in self.items(pos):
            if not shiboken6.isValid(item):
                continue  # an overlay item deleted during a redraw
            key = scene.key_at(item)
            if key is None or not item.isVisible():
                continue
            if parent_item(item) is None and (key[0] != "province" or isinstance(item, Spot)):
                offset = item.scenePos() - point
                pieces.append((offset.x() ** 2 + offset.y() ** 2, key))
            else:
                areas.append(key)
        keys: list[tuple[str, str]] = []
        for key in [k for _, k in sorted(pieces, key=lambda p: p[0])] + areas:
            if key not in keys:
                keys.append(key)
        return keys

    def click_scene_point(self, point: QPointF) -> None:
        """Act as if the user clicked the scene point (used by keyboard-free tests)."""
        self.clicked.emit(self.keys_at(self.mapFromScene(point)))

    def _update_cursor(self, pos: QPoint) -> None:
        """A pointing hand over a lit spot or token: something to click."""
        if self._press is not None:
            return
        clickable = any(
            shiboken6.isValid(item)
            and item.isVisible()
            and (isinstance(item, Spot) or getattr(item, "lit", False))
            for item in self.items(pos)
        )
        self.viewport().setCursor(Qt.PointingHandCursor if clickable else Qt.OpenHandCursor)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt override
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom(1.15**steps)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        if self._fitted:
            self.fit()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        super().mouseReleaseEvent(event)
        pos = event.position().toPoint()
        if (
            self._press is not None
            and event.button() == Qt.LeftButton
            and (pos - self._press).manhattanLength() <= CLICK_SLOP
        ):
            # an empty list too: a click on nothing is answered with why nothing happened
            self.clicked.emit(self.keys_at(pos))
        self._press = None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        super().mouseMoveEvent(event)
        if (
            self._press is not None
            and (event.position().toPoint() - self._press).manhattanLength() > CLICK_SLOP
        ):
            self._fitted = False
        keys = self.keys_at(event.position().toPoint())
        self._update_cursor(event.position().toPoint())
        top = keys[0] if keys else None
        if top != self._hover:
            self._hover = top
            if keys:
                self.hovered.emit(keys)
