"""A map drawn from its polygons: sea, provinces in territory colours, coasts, names.

`MapScene` is game-agnostic: it paints what the map file says (territory colours, flowers,
capitals, printed defense, Shadowlands). A game that puts pieces on the map asks for the
*game layout* (`status_row`): each province's name block then holds a row the game fills
(control, defence), and every legal place gets its own clickable *spot* laid out by
`app.board.layout` — the centre of each province, each land border in each direction, each
coast — never on a name or another spot (drawn bigger while lit on a small screen, a lit
spot may cover part of a name: `BoardView.grow_lit_spots`). With `ownership` a province is
filled in its controller's colour (`set_owner`), its territory a band along its edge, neutral
provinces paper-coloured. `set_marks` rings places (a seat's last action, the place of a log line).
Scene coordinates are map units (x east, y south).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractAnimation,
    QObject,
    QPointF,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    QVariantAnimation,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.board.labels import place_labels
from app.board.layout import layout_board
from app.board.shapes import Block, BoardLayout, Box, Target
from app.palette import LIT_CORE, LIT_HALO, LIT_RING, NEUTRAL
from maps.geometry import BorderGeometry, MapGeometry

KEY_ROLE = 0  # QGraphicsItem.data(KEY_ROLE) = ("province" | "border", id)

SEA = QColor("#8db7c9")
SEA_DEEP = QColor("#6f9fb5")
COAST = QColor("#35596b")
BORDER = QColor("#4a3b28")
PAPER = QColor("#efe4c8")
HIGHLIGHT_LEGAL = QColor(255, 244, 120, 105)
HIGHLIGHT_STEP = QColor(255, 120, 60, 120)
HIGHLIGHT_SELECTED = QColor(80, 200, 255, 110)
NAME_SIZE = 2.1  # a province name's letter size, in units
ICON_ROW = 1.5  # the flowers-and-capital row's height, in units
ROW_GAP = 0.35  # between a block's rows, in units
BAND = 0.85  # the territory band inside an owned province's edge, in units
_LAYOUTS: dict = {}  # laid-out maps: a new game on the same map starts at once
SAME_SIZE = 0.05  # units: names measured this near alike lay the map out alike


def _same_sizes(a: dict[str, tuple[float, float]], b: dict[str, tuple[float, float]]) -> bool:
    """Whether two measures of the names are the same but for the font's rounding (the
    same words measure 1/256 of a unit apart from one use of a font to the next)."""
    return a.keys() == b.keys() and all(
        abs(a[k][0] - b[k][0]) <= SAME_SIZE and abs(a[k][1] - b[k][1]) <= SAME_SIZE for k in a
    )


# rings under names (a name may cross a border) and pieces, a suggestion (hint, guide,
# review) over a seat's last move; others ("flash", which fades) on top
MARK_Z = {"step": 3, "lit": 3.2, "last": 9.5, "suggestion": 9.7}


def ring_path(ring: list | tuple) -> QPainterPath:
    """A closed path through the ring's points."""
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
    path.closeSubpath()
    return path


def polygon_path(polygon: list | tuple, holes: list | tuple = ()) -> QPainterPath:
    """A polygon with holes (odd-even fill)."""
    path = ring_path(polygon)
    for hole in holes:
        path.addPath(ring_path(hole))
    path.setFillRule(Qt.OddEvenFill)
    return path


def halo_text(text: str, size: float, colour: QColor, halo: QColor) -> QGraphicsPathItem:
    """Text as a path with a light halo, centred on (0, 0), readable on any colour."""
    path, outline_path = _halo_paths(text, size)
    group = QGraphicsPathItem()
    outline = QGraphicsPathItem(outline_path, group)
    outline.setBrush(halo)
    outline.setPen(Qt.NoPen)
    fill = QGraphicsPathItem(path, group)
    fill.setBrush(colour)
    fill.setPen(Qt.NoPen)
    return group


@functools.lru_cache(maxsize=2048)
def _halo_paths(text: str, size: float) -> tuple[QPainterPath, QPainterPath]:
    """The text's path centred on (0, 0) and its halo's outline, made once per text and size
    (a board is drawn again at every decision, with the same names, figures and marks; a
    path is a value, copied into each item)."""
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(size * 4)))
    font.setBold(True)
    path = QPainterPath()
    path.addText(0, 0, font, text)
    path = _scaled(path, 0.25)
    box = path.boundingRect()
    path.translate(-box.center())
    stroker = QPainterPathStroker()
    stroker.setWidth(size * 0.28)
    stroker.setJoinStyle(Qt.RoundJoin)
    return path, stroker.createStroke(path)


ARROW_SHAPE = ((0.85, 0.0), (0.05, 0.45), (0.05, 0.15), (-0.8, 0.15))
"""A spot's arrow in sizes of the spot: (along, across) from the tip, then one side's corners
(head, neck, tail); the other side is their mirror image."""


def parent_item(item: QGraphicsItem) -> QGraphicsItem | None:
    """`item.parentItem()` without the slip of PySide6's binding.

    Asked for a parent it does not have, a top-level item becomes Python's to delete (the
    binding's ownership rule for `parentItem` with a null result), so the wrapper that
    `items()` made for it took the item with it when dropped: a hover over the sea deleted
    the sea. Asking for its scene gives it back to the scene (the rule for `scene()`).
    Call this, never `parentItem()` (or `topLevelItem()`) on an item of a scene.
    """
    parent = item.parentItem()
    if parent is None:
        item.scene()  # the binding makes the scene the item's owner again
    return parent


def _scaled(path: QPainterPath, factor: float) -> QPainterPath:
    from PySide6.QtGui import QTransform

    return QTransform.fromScale(factor, factor).map(path)


class Spot(QGraphicsEllipseItem):
    """A clickable place: a province centre or a border. Hidden unless lit.

    `direction` (a unit vector) draws an arrow inside the disc: the attack the place means.
    """

    def __init__(
        self,
        kind: str,
        key: str,
        centre: QPointF,
        radius: float,
        direction: tuple[float, float] = (0.0, 0.0),
    ) -> None:
        super().__init__(-radius, -radius, 2 * radius, 2 * radius)
        self.radius = radius
        self.direction = direction
        self.home = QPointF(centre)  # where the layout put it (lit, it may make room)
        self.setPos(centre)
        self.setData(KEY_ROLE, (kind, key))
        self.setZValue(30)
        self.setAcceptHoverEvents(True)
        # gold in a near-black ring in a white halo: one of the two shows on any fill
        self.setPen(QPen(QColor(LIT_RING), radius * 0.22))
        self.setBrush(QColor(LIT_CORE))
        halo = QGraphicsEllipseItem(-radius * 1.12, -radius * 1.12, radius * 2.24, radius * 2.24)
        halo.setParentItem(self)
        halo.setPen(QPen(QColor(LIT_HALO), radius * 0.16))
        halo.setBrush(Qt.NoBrush)
        halo.setFlag(QGraphicsItem.ItemStacksBehindParent, True)
        self.setVisible(False)
        if direction != (0.0, 0.0):
            arrow_mark(self, QPointF(*direction), radius * 0.9)


def arrow_mark(parent: QGraphicsItem, direction: QPointF, size: float) -> QGraphicsPathItem:
    """A small arrow inside a border spot, pointing into the attacked province.

    A head on a shaft, half as long again as it is wide: a bare triangle, nearly
    equilateral, was read by its flattest side (a spot pointing up-right looked like ▼).
    """
    dx, dy = direction.x(), direction.y()

    def at(along: float, across: float) -> QPointF:
        return QPointF((dx * along - dy * across) * size, (dy * along + dx * across) * size)

    outline = [
        at(ARROW_SHAPE[0][0], 0.0),
        *(at(along, across) for along, across in ARROW_SHAPE[1:]),
        *(at(along, -across) for along, across in reversed(ARROW_SHAPE[1:])),
    ]
    path = QPainterPath(outline[0])
    for point in outline[1:]:
        path.lineTo(point)
    path.closeSubpath()
    mark = QGraphicsPathItem(path, parent)
    mark.setBrush(QColor("#3b2b12"))
    mark.setPen(Qt.NoPen)
    return mark


class MapScene(QGraphicsScene):
    """The map as graphics items; a game overlay adds tokens on top (z >= 40).

    `status_row` (width, height in units; or several shapes, the preferred first) asks for
    the game layout: name blocks with a plate beside them for the game's status, and a
    spot for every legal place (`centre_spots`, `target_spots`).
    `ownership` fills provinces in their controller's colour (see `set_owner`).
    `show_defense` draws the printed defense shields (a game that shows the current
    defense itself turns them off).
    `least_name` (a scale of the full name size) keeps every name of the game layout at
    least that big: a small province's name is set over its edges, or beside it with a
    leader line (`app.board.layout`).
    """

    def __init__(
        self,
        geometry: MapGeometry,
        status_row: tuple[float, float] | list[tuple[float, float]] | None = None,
        ownership: bool = False,
        show_defense: bool = True,
        parent: QObject | None = None,
        least_name: float = 0.0,
    ) -> None:
        # a parent (the view) deletes the scene with it, before the application goes
        super().__init__(parent)
        self.geometry = geometry
        mapfile = geometry.mapfile
        minx, miny, maxx, maxy = mapfile.extent
        self.extent = QRectF(minx, miny, maxx - minx, maxy - miny)
        self.unit = max(self.extent.width(), self.extent.height()) / 100.0
        self.ownership = ownership
        self.show_defense = show_defense
        self.status_row = status_row
        self.least_name = least_name
        self.leaders: dict[str, QGraphicsPathItem] = {}
        self.callouts: dict[str, QGraphicsPathItem] = {}  # a name set apart: its label
        self.province_items: dict[str, QGraphicsPathItem] = {}
        self.highlights: dict[str, QGraphicsPathItem] = {}
        self.centre_spots: dict[str, Spot] = {}
        self.target_spots: dict[str, Spot] = {}
        self.names: dict[str, QGraphicsItem] = {}
        self.icons: dict[str, list[QGraphicsItem]] = {}  # flowers, capital, printed defense
        self.layout: BoardLayout | None = None
        self._territory_colour: dict[str, QColor] = {}
        self._owner: dict[str, QColor | None] = {}
        self._marks: dict[str, list[QGraphicsItem]] = {}
        self._fades: list[QAbstractAnimation] = []
        self.labels: dict[str, QPointF] = {
            pid: QPointF(x, y) for pid, (x, y) in geometry.labels.items()
        }
        self.setBackgroundBrush(PAPER)
        margin = (
            self.unit * 1.5
        )  # room for the frame and edge tokens, no more: the map fills the view
        self.setSceneRect(self.extent.adjusted(-margin, -margin, margin, margin))
        self._draw_sea()
        self._draw_provinces()
        self._draw_borders()
        if status_row is None:
            self._draw_labels()
        else:
            self._draw_blocks(status_row)
        # the map never changes during a game: paint each piece once per zoom level
        for item in self.items():
            item.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    # drawing ---------------------------------------------------------------------------
    def _draw_sea(self) -> None:
        frame = self.addRect(self.extent, QPen(QColor("#6b5535"), self.unit * 0.4), PAPER)
        frame.setZValue(-10)
        for sea in self.geometry.mapfile.seas:
            for part in sea.polygons:
                item = self.addPath(polygon_path(part.polygon, part.holes))
                item.setBrush(QBrush(SEA))
                item.setPen(Qt.NoPen)
                item.setZValue(-5)
                item.setToolTip(sea.name)
                # a few wave marks give the sea texture at any zoom
                self._waves(item.path())

    def _waves(self, sea_path: QPainterPath) -> None:
        box = sea_path.boundingRect()
        step = self.unit * 7
        pen = QPen(SEA_DEEP, self.unit * 0.25)
        pen.setCapStyle(Qt.RoundCap)
        y = box.top() + step / 2
        row = 0
        while y < box.bottom():
            x = box.left() + (step / 2 if row % 2 else 0) + step / 4
            while x < box.right():
                if sea_path.contains(QPointF(x, y)):
                    w = self.unit * 1.4
                    wave = QPainterPath(QPointF(x - w, y))
                    wave.quadTo(QPointF(x - w / 2, y - w * 0.6), QPointF(x, y))
                    wave.quadTo(QPointF(x + w / 2, y + w * 0.6), QPointF(x + w, y))
                    item = self.addPath(wave, pen)
                    item.setZValue(-4)
                x += step
            y += step * 0.8
            row += 1

    def _draw_provinces(self) -> None:
        colours = {
            pid: QColor(t.colour) for t in self.geometry.mapfile.territories for pid in t.provinces
        }
        coast_pen = QPen(COAST, self.unit * 0.45)
        coast_pen.setJoinStyle(Qt.RoundJoin)
        for province in self.geometry.mapfile.provinces:
            path = polygon_path(province.polygon, province.holes)
            colour = colours.get(province.id, QColor("#d8d0b8"))
            if province.attrs.get("shadowlands"):
                colour = QColor("#6e6377")
            self._territory_colour[province.id] = colour
            # the coast: a dark rim under the province, visible only where it meets the sea
            rim = self.addPath(path, coast_pen)
            rim.setZValue(-3)
            fill = QColor(NEUTRAL) if self.ownership else colour
            item = self.addPath(path, QPen(Qt.NoPen), QBrush(fill))
            item.setZValue(0)
            item.setData(KEY_ROLE, ("province", province.id))
            self.province_items[province.id] = item
            if self.ownership:
                # the territory stays recognisable: a band of its colour inside the edge
                item.setFlag(QGraphicsItem.ItemClipsChildrenToShape, True)
                band = QGraphicsPathItem(path, item)
                pen = QPen(colour, self.unit * BAND * 2)
                pen.setJoinStyle(Qt.RoundJoin)
                band.setPen(pen)
                band.setBrush(Qt.NoBrush)
                band.setData(KEY_ROLE, ("province", province.id))
            glow = self.addPath(path, QPen(Qt.NoPen), QBrush(HIGHLIGHT_LEGAL))
            glow.setZValue(1)
            glow.setVisible(False)
            glow.setData(KEY_ROLE, ("province", province.id))
            self.highlights[province.id] = glow

    def _draw_borders(self) -> None:
        territory = {pid: t.id for t in self.geometry.mapfile.territories for pid in t.provinces}
        thin = QPen(BORDER, self.unit * 0.18)
        thick = QPen(BORDER, self.unit * 0.5)
        for pen in (thin, thick):
            pen.setCapStyle(Qt.RoundCap)
            pen.setJoinStyle(Qt.RoundJoin)
        for border in self.geometry.land_borders.values():
            a, b = border.provinces
            pen = thick if territory.get(a) != territory.get(b) else thin
            for line in border.coords:
                path = QPainterPath(QPointF(*line[0]))
                for point in line[1:]:
                    path.lineTo(QPointF(*point))
                item = self.addPath(path, pen)
                item.setZValue(2)

    def _icons(self, attrs: dict) -> list[QGraphicsItem]:
        """The province's printed icons: flowers, capital, printed defense."""
        u = self.unit
        icons: list[QGraphicsItem] = []
        flowers = int(attrs.get("flowers", 0) or 0)
        for _ in range(flowers):
            icons.append(flower_item(u * 1.1))
        if attrs.get("capital"):
            icons.append(castle_item(u * 1.5))
        defense = int(attrs.get("defense", 0) or 0)
        if defense and self.show_defense:
            icons.append(shield_item(u * 1.4, f"+{defense}", QColor("#e8e2d0")))
        return icons

    def _draw_labels(self) -> None:
        u = self.unit
        for province in self.geometry.mapfile.provinces:
            centre = self.labels.get(province.id)
            if centre is None:
                continue
            name = halo_text(province.name, u * NAME_SIZE, QColor("#2b2116"), QColor(255, 250, 235))
            scale, lift = self._name_fit(province.id, name.childrenBoundingRect(), centre)
            name.setScale(scale)
            name.setPos(centre + QPointF(0, -lift))
            name.setZValue(10)
            self.addItem(name)
            self.names[province.id] = name
            icons = self._icons(province.attrs)
            self.icons[province.id] = icons
            width = u * 2.4
            x0 = centre.x() - width * (len(icons) - 1) / 2
            for index, icon in enumerate(icons):
                icon.setPos(x0 + index * width, centre.y() + u * 0.4)
                icon.setZValue(10)
                self.addItem(icon)

    def _name_fit(self, pid: str, box: QRectF, centre: QPointF) -> tuple[float, float]:
        """The scale and the lift above the label point that keep a province's name
        (`box`, centred on the origin) inside the province: full size above the point
        where it fits, else a little lower, else smaller (thin provinces get a smaller
        name); a name that fits nowhere keeps its full size."""
        u = self.unit
        shape = self.province_items[pid].path()
        for scale in (1.0, 0.85, 0.7):
            for lift in (2.2 * u * scale, 1.7 * u * scale):
                # the halo may spill over the border a little; the letters may not
                w, h = box.width() * scale * 0.85, box.height() * scale * 0.8
                rect = QRectF(centre.x() - w / 2, centre.y() - lift - h / 2, w, h)
                if shape.contains(rect):
                    return scale, lift
        return 1.0, 2.2 * u

    def _draw_blocks(self, status_row: tuple[float, float] | list[tuple[float, float]]) -> None:
        """Names, icons and the game's plate in blocks, and the spots, from the layout."""
        u = self.unit
        shapes = [status_row] if isinstance(status_row, tuple) else list(status_row)
        plates = [(w * u, h * u) for w, h in shapes]
        parts: dict[str, tuple[QGraphicsPathItem, list[QGraphicsItem], float, float]] = {}
        sizes: dict[str, tuple[float, float]] = {}
        name_sizes: dict[str, tuple[float, float]] = {}
        for province in self.geometry.mapfile.provinces:
            name = halo_text(province.name, u * NAME_SIZE, QColor("#2b2116"), QColor(255, 250, 235))
            # the block is measured by the letters; the halo may spill over a little
            letters = name.childrenBoundingRect().adjusted(
                u * NAME_SIZE * 0.14,
                u * NAME_SIZE * 0.14,
                -u * NAME_SIZE * 0.14,
                -u * NAME_SIZE * 0.14,
            )
            icons = self._icons(province.attrs)
            icons_w = u * 2.4 * len(icons)
            icons_h = u * ICON_ROW if icons else 0.0
            width = max(letters.width(), icons_w)
            height = letters.height() + (icons_h + u * ROW_GAP if icons else 0.0)
            sizes[province.id] = (width, height)
            name_sizes[province.id] = (letters.width(), letters.height())
            parts[province.id] = (name, icons, letters.height(), icons_h)
        least = self.least_name
        key = (id(self.geometry), tuple(plates), u, least)
        cached = _LAYOUTS.get(key)
        if cached is not None and cached[0] is self.geometry and _same_sizes(cached[1], sizes):
            layout = cached[2]
        else:
            layout = layout_board(
                self.geometry, sizes, plate=plates, unit=u, name_sizes=name_sizes, least_name=least
            )
            if len(_LAYOUTS) > 4:
                _LAYOUTS.clear()  # a layout per map and status row: a few are plenty
            _LAYOUTS[key] = (self.geometry, sizes, layout)
        self.layout = layout
        for pid, block in layout.blocks.items():
            name, icons, name_h, icons_h = parts[pid]
            s = block.scale
            top = block.box.cy - block.box.hh
            if block.name is None:
                name.setScale(s)
                name.setPos(QPointF(block.box.cx, top + name_h * s / 2))
                y = top + (name_h + u * ROW_GAP) * s
            else:  # set apart, legible: the icon row alone in the block
                name.setScale(block.name_scale)
                name.setPos(QPointF(block.name.cx, block.name.cy))
                y = top
                if block.leader is not None:
                    self._leader(pid, block)
            name.setZValue(10)
            self.addItem(name)
            self.names[pid] = name
            self.icons[pid] = icons
            width = u * 2.4 * s
            x0 = block.box.cx - width * (len(icons) - 1) / 2
            for index, icon in enumerate(icons):
                icon.setScale(s)
                icon.setPos(x0 + index * width, y + icons_h * s / 2)
                icon.setZValue(10)
                self.addItem(icon)
        for key, target in layout.targets.items():
            spot = Spot(
                "centre" if target.kind == "centre" else "slot",
                key,
                QPointF(target.x, target.y),
                target.radius,
                target.direction,
            )
            self.addItem(spot)
            if target.kind == "centre":
                self.centre_spots[key] = spot
            else:
                self.target_spots[key] = spot

    def _leader(self, pid: str, block: Block) -> None:
        """A name set outside its province: on a label of its own (over a neighbour's
        fill it would read as the neighbour's name), a thin line from it to a point
        inside the province."""
        assert block.name is not None and block.leader is not None
        box = block.name
        x, y = block.leader
        pad = self.unit * 0.35
        label = QPainterPath()
        label.addRoundedRect(
            QRectF(
                box.cx - box.hw - pad, box.cy - box.hh - pad, 2 * (box.hw + pad), 2 * (box.hh + pad)
            ),
            pad * 1.5,
            pad * 1.5,
        )
        callout = QGraphicsPathItem(label)
        callout.setBrush(QColor(255, 250, 235))
        callout.setPen(QPen(QColor("#2b2116"), self.unit * 0.18))
        callout.setZValue(9.5)
        callout.setData(KEY_ROLE, ("province", pid))  # a click on it is on its province
        self.addItem(callout)
        self.callouts[pid] = callout
        # from the edge of the name's box nearest the point
        start = QPointF(
            min(max(x, box.cx - box.hw), box.cx + box.hw),
            min(max(y, box.cy - box.hh), box.cy + box.hh),
        )
        path = QPainterPath(start)
        path.lineTo(QPointF(x, y))
        path.addEllipse(QPointF(x, y), self.unit * 0.3, self.unit * 0.3)
        line = QGraphicsPathItem(path)
        pen = QPen(QColor("#2b2116"), self.unit * 0.18)
        pen.setCapStyle(Qt.RoundCap)
        line.setPen(pen)
        line.setBrush(QColor("#2b2116"))
        line.setZValue(9)
        self.addItem(line)
        self.leaders[pid] = line

    def dispose(self) -> None:
        """Drop the Python references to the scene's items (before Qt deletes the scene:
        a reference that outlives an item Qt deleted crashes when Python lets it go)."""
        for fade in self._fades:
            fade.stop()
        self._fades = []
        self._marks = {}
        for table in (
            self.province_items,
            self.highlights,
            self.centre_spots,
            self.target_spots,
            self.names,
            self.icons,
            self.leaders,
            self.callouts,
        ):
            table.clear()
        self.clear()

    # ownership -------------------------------------------------------------------------
    def set_owner(self, province_id: str, colour: QColor | str | None) -> None:
        """Fill a province in its controller's colour (None: neutral). Ownership scenes only."""
        item = self.province_items.get(province_id)
        if item is None or not self.ownership:
            return
        fill = QColor(colour) if colour is not None else QColor(NEUTRAL)
        self._owner[province_id] = QColor(colour) if colour is not None else None
        if item.brush().color() != fill:
            item.setBrush(QBrush(fill))

    def owner_colour(self, province_id: str) -> QColor | None:
        """The controller colour a province is filled with (None: neutral)."""
        return self._owner.get(province_id)

    def fill_colour(self, province_id: str) -> QColor:
        """The colour a province is filled with now."""
        item = self.province_items.get(province_id)
        return item.brush().color() if item is not None else QColor()

    # queries ---------------------------------------------------------------------------
    def border(self, border_id: str) -> BorderGeometry | None:
        """The geometry of a land or coastal border."""
        return self.geometry.land_borders.get(border_id) or self.geometry.coastal_borders.get(
            border_id
        )

    def target(self, key: str) -> Target | None:
        """The laid-out target of a place (game layout only)."""
        return self.layout.targets.get(key) if self.layout is not None else None

    def label_spots(
        self,
        labels: list[tuple[str, str, QPointF, list[tuple[float, float]]]],
        pieces: list[tuple[QPointF, float, int]],
        taken: list[QRectF],
        costs: Sequence[float] = (),
        fallback: int = 0,
    ) -> dict[str, tuple[QPointF, int]]:
        """Where to draw labels for a while (a battle's totals), and in which of their
        shapes: each (key, province, point, [(width, height) of each shape]) near its
        point, covering no name (its halo included), no icon, none of the `taken`
        rectangles (a game's status rows), no other label and no piece (centre, radius,
        and how many of the labels, in order, appear while it is still there); `costs` and
        `fallback` as `layout.place_labels` takes them."""
        drawn = [*self.names.values(), *(icon for icons in self.icons.values() for icon in icons)]
        rects = [_drawn_rect(item) for item in drawn] + taken
        boxes = [Box(r.center().x(), r.center().y(), r.width() / 2, r.height() / 2) for r in rects]
        wanted = [
            (key, pid, p.x(), p.y(), [(w / 2, h / 2) for w, h in shapes])
            for key, pid, p, shapes in labels
        ]
        discs = [(p.x(), p.y(), r, until) for p, r, until in pieces]
        extent = self.extent
        found = place_labels(
            wanted,
            boxes,
            discs,
            self.geometry.shapes,
            (extent.left(), extent.top(), extent.right(), extent.bottom()),
            self.unit,
            costs,
            fallback,
        )
        return {key: (QPointF(box.cx, box.cy), shape) for key, (box, shape) in found.items()}

    def status_anchor(self, province_id: str) -> tuple[QPointF, float, int] | None:
        """The centre of a province's plate, its scale and which shape it has (the index
        in `status_row`; game layout only)."""
        if self.layout is None:
            return None
        block = self.layout.blocks.get(province_id)
        if block is None or block.plate is None:
            return None
        return QPointF(block.plate.cx, block.plate.cy), block.plate_scale, block.plate_shape

    def name_rects(self) -> list[tuple[float, float, float, float]]:
        """Each province name's letters on the scene (left, top, right, bottom; the halo
        left out): what a piece grown bigger than the layout made it must keep off."""
        rects = []
        for item in self.names.values():
            box = item.mapRectToScene(item.childrenBoundingRect())
            halo = self.unit * NAME_SIZE * 0.14 * item.scale()
            rects.append(
                (box.left() + halo, box.top() + halo, box.right() - halo, box.bottom() - halo)
            )
        return rects

    def centre_point(self, province_id: str) -> QPointF:
        """Where a province's tokens gather (its centre target; else below its name)."""
        target = self.target(province_id)
        if target is not None:
            return QPointF(target.x, target.y)
        return self.labels.get(province_id, QPointF()) + QPointF(0, self.unit * 4.6)

    def place_point(self, key: str) -> QPointF | None:
        """Where a place (province id or target key) is drawn; None when unknown."""
        target = self.target(key)
        if target is not None:
            return QPointF(target.x, target.y)
        if key in self.labels:
            return self.labels[key]
        return None

    def key_at(self, item: QGraphicsItem | None) -> tuple[str, str] | None:
        """The (kind, id) of a clickable item or any of its parents."""
        while item is not None:
            key = item.data(KEY_ROLE)
            if key:
                return tuple(key)  # type: ignore[return-value]
            item = parent_item(item)
        return None

    def set_highlight(self, province_id: str, colour: QColor | None) -> None:
        """Tint a province (None clears)."""
        glow = self.highlights.get(province_id)
        if glow is None:
            return
        glow.setVisible(colour is not None)
        if colour is not None:
            glow.setBrush(colour)

    def clear_highlights(self) -> None:
        """Remove every tint and hide every spot."""
        for glow in self.highlights.values():
            glow.setVisible(False)
        for spot in (*self.centre_spots.values(), *self.target_spots.values()):
            spot.setVisible(False)

    # marks -----------------------------------------------------------------------------
    def set_marks(
        self,
        group: str,
        marks: list[tuple[str, QColor, str]],
        fade_ms: int = 0,
    ) -> list[QGraphicsItem]:
        """Ring places: (key, colour, tooltip) for a province id or a target key; `group`
        names a set of marks that replaces the previous one of that name ("last" for the
        seats' last actions, "flash" for a log line's places). With `fade_ms` the marks
        fade away after that time."""
        for item in self._marks.pop(group, []):
            if item.scene() is self:
                self.removeItem(item)
        items: list[QGraphicsItem] = []
        u = self.unit
        for key, colour, tip in marks:
            target = self.target(key) if key not in self.province_items else None
            path = QPainterPath()
            if target is not None and target.kind != "centre":
                r = target.radius * 1.45
                path.addEllipse(QPointF(target.x, target.y), r, r)
                width = max(u * 0.45, target.radius * 0.32)
            elif key in self.province_items:
                path = self.province_items[key].path()
                width = u * (0.45 if group in ("step", "lit", "last") else 0.7)
            else:
                continue
            # the colour over a dark rim: it shows on any fill, a clan's own included
            for pen_colour, pen_width, z in (
                (QColor(20, 16, 10, 200), width * 1.7, 0.0),
                (colour, width, 0.1),
            ):
                item = QGraphicsPathItem(path)
                pen = QPen(pen_colour, pen_width)
                pen.setJoinStyle(Qt.RoundJoin)
                if group == "last" and z:  # a last move is dashed: no band of ownership
                    pen.setDashPattern([2.0, 1.2])
                item.setPen(pen)
                item.setBrush(Qt.NoBrush)
                item.setZValue(MARK_Z.get(group.partition("-")[0], 60) + z)
                item.setToolTip(tip)
                item.setAcceptedMouseButtons(Qt.NoButton)
                self.addItem(item)
                items.append(item)
        self._marks[group] = items
        if fade_ms and items:
            # a pause, then the fade: both children of the scene, gone with it
            fade = QVariantAnimation()
            fade.setStartValue(1.0)
            fade.setEndValue(0.0)
            fade.setDuration(600)

            def apply(value: object, items: list[QGraphicsItem] = items) -> None:
                for item in items:
                    item.setOpacity(float(value))  # type: ignore[arg-type]

            fade.valueChanged.connect(apply)
            sequence = QSequentialAnimationGroup(self)
            sequence.addPause(fade_ms)
            sequence.addAnimation(fade)
            sequence.finished.connect(lambda g=group, its=items: self._drop_marks(g, its))
            self._fades = [f for f in self._fades if f.state() == QAbstractAnimation.Running]
            self._fades.append(sequence)
            sequence.start()
        return items

    def _drop_marks(self, group: str, items: list[QGraphicsItem]) -> None:
        if self._marks.get(group) is items:
            self.set_marks(group, [])

    def marks(self, group: str) -> list[QGraphicsItem]:
        """The marks of a group now shown."""
        return list(self._marks.get(group, []))


def _drawn_rect(item: QGraphicsItem) -> QRectF:
    """What an item and its children cover on the scene (a name's letters are children of
    an empty item)."""
    return item.mapRectToScene(item.boundingRect() | item.childrenBoundingRect())


def flower_item(size: float) -> QGraphicsPathItem:
    """A five-petal flower (one honor)."""
    path = QPainterPath()
    r = size * 0.32
    for k in range(5):
        angle = 2 * math.pi * k / 5 - math.pi / 2
        path.addEllipse(QPointF(math.cos(angle) * r, math.sin(angle) * r), r * 0.85, r * 0.85)
    item = QGraphicsPathItem(path)
    item.setBrush(QColor("#f5c518"))
    item.setPen(QPen(QColor("#7a5a00"), size * 0.06))
    heart = QGraphicsEllipseItem(-r * 0.5, -r * 0.5, r, r, item)
    heart.setBrush(QColor("#c0392b"))
    heart.setPen(Qt.NoPen)
    return item


def castle_item(size: float) -> QGraphicsPathItem:
    """A small castle (a clan capital)."""
    s = size / 2
    path = QPainterPath()
    path.moveTo(-s, s)
    for x, y in [
        (-s, -s * 0.2),
        (-s * 0.6, -s * 0.2),
        (-s * 0.6, -s * 0.6),
        (-s * 0.2, -s * 0.6),
        (-s * 0.2, -s),
        (s * 0.2, -s),
        (s * 0.2, -s * 0.6),
        (s * 0.6, -s * 0.6),
        (s * 0.6, -s * 0.2),
        (s, -s * 0.2),
        (s, s),
    ]:
        path.lineTo(x, y)
    path.closeSubpath()
    item = QGraphicsPathItem(path)
    item.setBrush(QColor("#3c3c46"))
    item.setPen(QPen(QColor("#f0ead8"), size * 0.06))
    return item


def shield_item(size: float, text: str, colour: QColor) -> QGraphicsPathItem:
    """A shield with a number (a defense bonus)."""
    s = size / 2
    path = QPainterPath()
    path.moveTo(-s, -s)
    path.lineTo(s, -s)
    path.lineTo(s, s * 0.2)
    path.quadTo(s, s * 0.8, 0, s * 1.1)
    path.quadTo(-s, s * 0.8, -s, s * 0.2)
    path.closeSubpath()
    item = QGraphicsPathItem(path)
    item.setBrush(colour)
    item.setPen(QPen(QColor("#3b2b12"), size * 0.08))
    label = QGraphicsSimpleTextItem(text, item)
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(size * 8)))
    font.setBold(True)
    label.setFont(font)
    label.setScale(0.1)
    box = label.boundingRect()
    label.setPos(-box.width() * 0.05, -box.height() * 0.05 - s * 0.1)
    return item
