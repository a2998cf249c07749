"""A map drawn from its polygons: sea, provinces in territory colours, coasts, names.

`MapScene` is game-agnostic: it paints what the map file says (territory colours, flowers,
capitals, printed defense, Shadowlands) and offers clickable *spots* — the centre of every
province and the middle of every land and coastal border — that a game's overlay lights up
as targets and puts tokens on. Scene coordinates are map units (x east, y south).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
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
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(size * 4)))
    font.setBold(True)
    path = QPainterPath()
    path.addText(0, 0, font, text)
    path = _scaled(path, 0.25)
    box = path.boundingRect()
    path.translate(-box.center())
    group = QGraphicsPathItem()
    stroker = QPainterPathStroker()
    stroker.setWidth(size * 0.28)
    stroker.setJoinStyle(Qt.RoundJoin)
    outline = QGraphicsPathItem(stroker.createStroke(path), group)
    outline.setBrush(halo)
    outline.setPen(Qt.NoPen)
    fill = QGraphicsPathItem(path, group)
    fill.setBrush(colour)
    fill.setPen(Qt.NoPen)
    return group


def _scaled(path: QPainterPath, factor: float) -> QPainterPath:
    from PySide6.QtGui import QTransform

    return QTransform.fromScale(factor, factor).map(path)


class Spot(QGraphicsEllipseItem):
    """A clickable place: a province centre or a border middle. Hidden unless lit."""

    def __init__(self, kind: str, key: str, centre: QPointF, radius: float) -> None:
        super().__init__(-radius, -radius, 2 * radius, 2 * radius)
        self.setPos(centre)
        self.setData(KEY_ROLE, (kind, key))
        self.setZValue(30)
        self.setAcceptHoverEvents(True)
        self.setPen(QPen(QColor("#3b2b12"), radius * 0.18, Qt.DashLine))
        self.setBrush(QColor(255, 236, 110, 210))
        self.setVisible(False)


class MapScene(QGraphicsScene):
    """The map as graphics items; a game overlay adds tokens on top (z >= 40)."""

    def __init__(self, geometry: MapGeometry) -> None:
        super().__init__()
        self.geometry = geometry
        mapfile = geometry.mapfile
        minx, miny, maxx, maxy = mapfile.extent
        self.extent = QRectF(minx, miny, maxx - minx, maxy - miny)
        self.unit = max(self.extent.width(), self.extent.height()) / 100.0
        self.province_items: dict[str, QGraphicsPathItem] = {}
        self.highlights: dict[str, QGraphicsPathItem] = {}
        self.centre_spots: dict[str, Spot] = {}
        self.border_spots: dict[str, Spot] = {}
        self.names: dict[str, QGraphicsItem] = {}
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
        self._draw_labels()
        self._make_spots()
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
            # the coast: a dark rim under the province, visible only where it meets the sea
            rim = self.addPath(path, coast_pen)
            rim.setZValue(-3)
            item = self.addPath(path, QPen(Qt.NoPen), QBrush(colour))
            item.setZValue(0)
            item.setData(KEY_ROLE, ("province", province.id))
            self.province_items[province.id] = item
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

    def _draw_labels(self) -> None:
        u = self.unit
        for province in self.geometry.mapfile.provinces:
            centre = self.labels.get(province.id)
            if centre is None:
                continue
            name = halo_text(province.name, u * 2.1, QColor("#2b2116"), QColor(255, 250, 235))
            scale, lift = self._name_fit(province.id, name.childrenBoundingRect(), centre)
            name.setScale(scale)
            name.setPos(centre + QPointF(0, -lift))
            name.setZValue(10)
            self.addItem(name)
            self.names[province.id] = name
            icons: list[QGraphicsItem] = []
            flowers = int(province.attrs.get("flowers", 0) or 0)
            for _ in range(flowers):
                icons.append(flower_item(u * 1.1))
            if province.attrs.get("capital"):
                icons.append(castle_item(u * 1.5))
            defense = int(province.attrs.get("defense", 0) or 0)
            if defense:
                icons.append(shield_item(u * 1.4, f"+{defense}", QColor("#e8e2d0")))
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

    def _make_spots(self) -> None:
        u = self.unit
        for pid, centre in self.labels.items():
            spot = Spot("province", pid, centre + QPointF(0, u * 4.6), u * 1.6)
            self.centre_spots[pid] = spot
            self.addItem(spot)
        borders: dict[str, BorderGeometry] = {
            **self.geometry.land_borders,
            **self.geometry.coastal_borders,
        }
        for border_id, border in borders.items():
            spot = Spot("border", border_id, QPointF(*border.midpoint), u * 1.9)
            self.border_spots[border_id] = spot
            self.addItem(spot)

    # queries ---------------------------------------------------------------------------
    def border(self, border_id: str) -> BorderGeometry | None:
        """The geometry of a land or coastal border."""
        return self.geometry.land_borders.get(border_id) or self.geometry.coastal_borders.get(
            border_id
        )

    def centre_point(self, province_id: str) -> QPointF:
        """Where a province's tokens gather (below its name)."""
        return self.labels.get(province_id, QPointF()) + QPointF(0, self.unit * 4.6)

    def key_at(self, item: QGraphicsItem | None) -> tuple[str, str] | None:
        """The (kind, id) of a clickable item or any of its parents."""
        while item is not None:
            key = item.data(KEY_ROLE)
            if key:
                return tuple(key)  # type: ignore[return-value]
            item = item.parentItem()
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
        for spot in (*self.centre_spots.values(), *self.border_spots.values()):
            spot.setVisible(False)


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
