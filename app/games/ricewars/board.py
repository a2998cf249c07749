"""The Rice Wars board on a map: fields tinted in their owner's colour, palaces and
peasants inside their fields, the printed palace sites and blessed fields, a fight's mark,
and the animations of a fight's result.

`FieldBoard` draws a `BoardPicture` (who holds which field, the palaces, the peasants
connected to them) on a `MapScene` laid out for games: a field's name block has a plate
under it for what is printed there (a palace site, a blessed field's Ryo), and its centre
target, the pole of inaccessibility of what the name leaves free, holds its palace or
peasant. Pieces are not clickable: a click always lands on a field, and fields never
overlap. An owned field is filled in its owner's field colour (`app.palette`: told apart
from every other owner's and from free fields by everyone) and keeps a band of its paddy
colour inside its edge, so a blessed field still looks blessed.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import (
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QRectF,
    QVariantAnimation,
)
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, Qt
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.board.animate import AnimatedBoard, animation, fade
from app.board.scene import MapScene, halo_text
from app.games.ricewars.fights import BoardPicture, FightPicture
from app.games.ricewars.narrate import fight_sum, seat_colour, seat_name
from app.i18n import _
from app.palette import RICEWARS_BLESSED, RICEWARS_FIELDS, RICEWARS_PADDY
from engine.ricewars.state import RiceWarsState, bits

PADDY = QColor(RICEWARS_PADDY)
PADDY_EDGE = QColor("#7d8f55")
BLESSED = QColor(RICEWARS_BLESSED)
BAND = 0.7  # the paddy band inside an owned field's edge, in units
PLATE = (3.2, 2.0)  # a field's plate by its name (palace site, blessed Ryo), in units: a
# larger one squeezes the names of the epic board's narrow fields
ITEMISED_REACH = 16.0  # how much farther (search steps) an itemised fight mark may go
MARK_WORDS = 0  # a fight mark's data: what its pills read, the attacker's then the defender's
BADGE_FONT = 2.0  # the plate's and the fight mark's letters, in units (≥ 9 pt at fit)
PIECE = 0.78  # a piece's size as a share of its centre target's radius


def mix(colour: QColor, base: QColor, share: float) -> QColor:
    """`share` of `colour` over `base`."""
    return QColor.fromRgbF(
        base.redF() + (colour.redF() - base.redF()) * share,
        base.greenF() + (colour.greenF() - base.greenF()) * share,
        base.blueF() + (colour.blueF() - base.blueF()) * share,
    )


class FieldBoard(AnimatedBoard):
    """Draws Rice Wars pictures on a map scene and animates a fight's result."""

    def __init__(
        self, scene: MapScene, state: RiceWarsState, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.scene = scene
        self.items: list[QGraphicsItem] = []
        self.peasant_items: dict[str, QGraphicsItem] = {}
        self.palace_items: dict[int, QGraphicsItem] = {}
        self.cut_marks: dict[str, QGraphicsItem] = {}
        self.fight_item: QGraphicsItem | None = None
        self._base: dict[str, QColor] = {}
        self._fill: dict[str, QColor] = {}
        self._colours = [QColor(c) for c in _seat_colours(state)]
        self._field_colours = [QColor(RICEWARS_FIELDS[c]) for c in state.colour[: state.seats]]
        self._static(state)

    # the printed board -------------------------------------------------------------------
    def _static(self, state: RiceWarsState) -> None:
        scene, u = self.scene, self.scene.unit
        b = state.board
        for index, fid in enumerate(b.ids):
            item = scene.province_items.get(fid)
            if item is None:
                continue
            base = BLESSED if b.blessed[index] else PADDY
            self._base[fid] = base
            self._fill[fid] = base
            item.setBrush(QBrush(base))
            item.setPen(QPen(PADDY_EDGE, u * 0.12))
            # the field's own colour stays as a band inside its edge when it is tinted
            item.setFlag(QGraphicsItem.ItemClipsChildrenToShape, True)
            band = QGraphicsPathItem(item.path(), item)
            pen = QPen(base.darker(104), u * BAND * 2)
            pen.setJoinStyle(Qt.RoundJoin)
            band.setPen(pen)
            band.setBrush(Qt.NoBrush)
            band.setAcceptedMouseButtons(Qt.NoButton)
            anchor = scene.status_anchor(fid)
            if anchor is None:
                continue
            point, scale, _shape = anchor
            marks: list[QGraphicsItem] = []
            if index in b.sites:
                site = QGraphicsPathItem(castle_path(u * 1.9 * scale))
                site.setPen(QPen(QColor("#5b4628"), u * 0.2 * scale, Qt.DashLine))
                site.setBrush(QColor(255, 250, 235, 120))
                site.setToolTip(_("Palace site: a palace may be built here"))
                marks.append(site)
            if b.blessed[index]:
                badge = halo_text(f"+{b.blessed[index]}", u * BADGE_FONT * scale,
                                  QColor("#6b4200"), QColor(255, 246, 210))  # fmt: skip
                badge.setToolTip(
                    _(
                        "Blessed field: a peasant connected to its palace earns {n} Ryo here "
                        "instead of 1"
                    ).format(n=b.blessed[index])
                )
                marks.append(badge)
            widths = [m.boundingRect().width() if not m.childItems()
                      else m.childrenBoundingRect().width() for m in marks]  # fmt: skip
            gap = u * 0.4 * scale
            x = point.x() - (sum(widths) + gap * (len(marks) - 1)) / 2
            for mark, width in zip(marks, widths, strict=True):
                mark.setPos(QPointF(x + width / 2, point.y()))
                mark.setZValue(20)
                mark.setAcceptedMouseButtons(Qt.NoButton)
                scene.addItem(mark)
                x += width + gap

    # pictures ----------------------------------------------------------------------------
    def spot(self, fid: str) -> QPointF:
        """Where a field's palace or peasant stands: its centre target."""
        return self.scene.centre_point(fid)

    def piece_size(self, fid: str) -> float:
        """A piece's size on `fid`: as large as its centre target allows."""
        target = self.scene.target(fid)
        u = self.scene.unit
        return min(u * 1.7, target.radius * PIECE) if target is not None else u * 1.25

    def fill_for(self, fid: str, owner: int) -> QColor:
        """The fill of `fid` held by `owner` (`app.palette.RICEWARS_FIELDS`; -1: its paddy
        or blessed colour, which stays as a band inside the edge of an owned field)."""
        if owner >= 0:
            return QColor(self._field_colours[owner])
        return QColor(self._base.get(fid, PADDY))

    def fill_colour(self, fid: str) -> QColor:
        """The colour `fid` is filled with now."""
        return QColor(self._fill.get(fid, PADDY))

    def clear(self) -> None:
        """Remove every piece (the printed board stays)."""
        for item in self.items:
            if item.scene() is self.scene:
                self.scene.removeItem(item)
        self.items = []
        self.peasant_items = {}
        self.palace_items = {}
        self.cut_marks = {}
        self.fight_item = None

    def _add(self, item: QGraphicsItem, z: float) -> QGraphicsItem:
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.NoButton)  # clicks land on the field under it
        self.scene.addItem(item)
        self.items.append(item)
        return item

    def draw(
        self,
        state: RiceWarsState,
        picture: BoardPicture,
        tips: Callable[[int], str] | None = None,
        fight: FightPicture | None = None,
    ) -> None:
        """Draw `picture` from scratch (fills, connections, palaces, peasants, a fight)."""
        self.stop()
        self.clear()
        b = state.board
        for f, fid in enumerate(b.ids):
            self._set_fill(fid, self.fill_for(fid, picture.owner[f]))
            if tips is not None:
                item = self.scene.province_items.get(fid)
                if item is not None:
                    item.setToolTip(tips(f))
        for s in range(state.seats):
            self._connections(state, picture, s)
            palace = picture.palace[s]
            if palace >= 0:
                self._palace(state, s, palace)
        for f, owner in enumerate(picture.owner):
            if owner >= 0:
                cut = picture.palace[owner] < 0 or not picture.connected[owner] >> f & 1
                self._peasant(state, owner, f, cut)
        if fight is not None:
            self.draw_fight(state, fight)

    def _set_fill(self, fid: str, colour: QColor) -> None:
        item = self.scene.province_items.get(fid)
        self._fill[fid] = QColor(colour)
        if item is not None and item.brush().color() != colour:
            item.setBrush(QBrush(colour))

    def _connections(self, state: RiceWarsState, picture: BoardPicture, s: int) -> None:
        palace = picture.palace[s]
        connected = picture.connected[s]
        if palace < 0 or not connected:
            return
        adj = state.board.adj
        network = connected | (1 << palace)
        path = QPainterPath()
        for f in bits(connected):
            for g in bits(adj[f] & network):
                if g < f and g != palace and f != palace:
                    continue
                path.moveTo(self.spot(state.fid(f)))
                path.lineTo(self.spot(state.fid(g)))
        if path.isEmpty():
            return
        line = QGraphicsPathItem(path)
        pen = QPen(self._colours[s].darker(115), self.scene.unit * 0.35)
        pen.setCapStyle(Qt.RoundCap)
        line.setPen(pen)
        line.setOpacity(0.55)
        self._add(line, 5)  # over the fields, under their names (10) and the pieces

    def _palace(self, state: RiceWarsState, s: int, f: int) -> None:
        fid = state.fid(f)
        size = self.piece_size(fid) * 2.1
        item = QGraphicsPathItem(castle_path(size))
        item.setBrush(self._colours[s])
        item.setPen(QPen(QColor("#f8f1dc"), size * 0.08))
        item.setPos(self.spot(fid))
        item.setToolTip(_("{player}'s palace").format(player=_name(state, s)))
        self._add(item, 41)
        self.palace_items[s] = item

    def _peasant(self, state: RiceWarsState, s: int, f: int, cut: bool) -> QGraphicsItem:
        fid = state.fid(f)
        size = self.piece_size(fid)
        item = peasant_item(size, self._colours[s], cut)
        item.setPos(self.spot(fid))
        if cut:
            tip = _("{player}'s peasant on {field} (cut off from the palace: earns nothing)")
        else:
            tip = _("{player}'s peasant on {field} (connected to the palace)")
        item.setToolTip(tip.format(player=_name(state, s), field=state.board.names[f]))
        self._add(item, 40)
        self.peasant_items[fid] = item
        if cut:
            # at the peasant's foot, inside its centre target: above it, names stand
            mark = halo_text("✂", size * 0.9, QColor("#b03a2e"), QColor(255, 250, 235))
            mark.setPos(self.spot(fid) + QPointF(size * 0.75, size * 0.45))
            mark.setToolTip(_("Cut off from the palace: this peasant earns nothing"))
            self._add(mark, 42)
            self.cut_marks[fid] = mark
        return item

    def draw_fight(self, state: RiceWarsState, fight: FightPicture) -> QGraphicsItem | None:
        """The fight's mark at its field: each side's strength in its colour (known
        strength and face-down cards before the reveal), the winner's side ringed. Once
        revealed, each strength is itemised as the engine's record adds it up ("5 = 2
        ashigaru 2 + Kenjutsu 1") in the tooltip, and on the mark where that covers no
        name and stays on the map (else the totals); `MARK_WORDS` holds what it reads."""
        if fight.field is None or fight.field not in self.scene.province_items:
            return None
        size = self.scene.unit * BADGE_FONT
        totals = []
        for side in (0, 1):
            if fight.strengths is not None:
                text = str(fight.strengths[side])
            else:
                text = str(fight.known[side])
                if fight.hidden[side]:
                    text += "+" + "▮" * min(fight.hidden[side], 5)
            totals.append(text)
        sums = [fight_sum(p) for p in fight.parts] if fight.parts and fight.strengths else None
        group = self._fight_group(fight, totals, size)
        if sums:
            group = self._itemised_where_room(fight, group, self._fight_group(fight, sums, size))
        names = {"attacker": _name(state, fight.attacker), "defender": _name(state, fight.defender)}
        if sums:
            tip = _("Combat: {attacker} attacks with {a}; {defender} defends with {d}")
            group.setToolTip(tip.format(a=sums[0], d=sums[1], **names))
        elif fight.strengths:
            tip = _("Combat: {attacker} attacks, {defender} defends — strength {a} : {d}")
            group.setToolTip(tip.format(a=fight.strengths[0], d=fight.strengths[1], **names))
        else:
            tip = _(
                "Combat: {attacker} attacks, {defender} defends — the cards face down are not "
                "known yet"
            )
            group.setToolTip(tip.format(**names))
        self._add(group, 55)
        self.fight_item = group
        return group

    def _fight_group(self, fight: FightPicture, said: list[str], size: float) -> QGraphicsItem:
        """The fight's mark reading `said` (attacker's, defender's), at its field."""
        seats = (fight.attacker, fight.defender)
        parts = [(seats[side], said[side], fight.winner == side) for side in (0, 1)]
        group = fight_mark(parts, size, self._colours)
        # over the attacked peasant: the centre target keeps off the field's name
        group.setPos(self.spot(fight.field or ""))
        group.setData(MARK_WORDS, list(said))
        return group

    def _itemised_where_room(
        self, fight: FightPicture, totals: QGraphicsItem, itemised: QGraphicsItem
    ) -> QGraphicsItem:
        """The itemised mark moved near its field where it covers no name or icon
        (`MapScene.label_spots`, as Rokugan's battle totals), else the totals mark."""
        spot = self.spot(fight.field or "")
        boxes = [item.childrenBoundingRect() for item in (itemised, totals)]
        found = self.scene.label_spots(
            [("fight", fight.field or "", spot, [(b.width(), b.height()) for b in boxes])],
            [],
            [],
            (0.0, ITEMISED_REACH),
            1,
        )
        centre, shape = found.get("fight", (spot, 1))
        if shape != 0:
            return totals
        itemised.setPos(centre - boxes[0].center())
        return itemised

    # animation ---------------------------------------------------------------------------
    def pop(self, item: QGraphicsItem, ms: int) -> None:
        """Let `item` appear with a little bounce (the start of a fight)."""
        if ms <= 0:
            return
        group = QParallelAnimationGroup(self)
        group.addAnimation(_pop(item, ms, group))
        self._run(group, lambda: _settle(item))

    def animate_result(
        self,
        state: RiceWarsState,
        before: BoardPicture,
        after: BoardPicture,
        fight: FightPicture | None,
        ms: int,
        tips: Callable[[int], str] | None = None,
    ) -> None:
        """Draw `before`, then turn it into `after` in about `ms`: the fight's mark shows
        the result, fields change colour, peasants leave and arrive."""

        def end() -> None:
            self.draw(state, after, tips, fight)

        if ms <= 0:
            end()
            self.finished.emit()
            return
        self.draw(state, before, tips, fight)
        group = QParallelAnimationGroup(self)
        if self.fight_item is not None:
            group.addAnimation(_pop(self.fight_item, ms, group))
        for f, fid in enumerate(state.board.ids):
            old, new = before.owner[f], after.owner[f]
            if old == new:
                continue
            group.addAnimation(
                _tint(self, fid, self.fill_for(fid, old), self.fill_for(fid, new), ms, group)
            )
            leaving = self.peasant_items.get(fid)
            if leaving is not None:
                group.addAnimation(fade(leaving, 1.0, 0.0, ms, group))
            if new >= 0:
                arriving = self._peasant(state, new, f, False)
                arriving.setOpacity(0.0)
                group.addAnimation(fade(arriving, 0.0, 1.0, ms, group))
        self._run(group, end)


# ---------------------------------------------------------------------------- pieces


def _seat_colours(state: RiceWarsState) -> list[str]:
    return [seat_colour(state, s) for s in range(state.seats)]


def _name(state: RiceWarsState, seat: int) -> str:
    return seat_name(state, seat)


def castle_path(size: float) -> QPainterPath:
    """A small castle outline centred on (0, 0)."""
    s = size / 2
    path = QPainterPath()
    path.moveTo(-s, s * 0.8)
    for x, y in [(-s, -s * 0.1), (-s * 0.55, -s * 0.1), (-s * 0.55, -s * 0.5),
                 (-s * 0.2, -s * 0.5), (-s * 0.2, -s * 0.95), (s * 0.2, -s * 0.95),
                 (s * 0.2, -s * 0.5), (s * 0.55, -s * 0.5), (s * 0.55, -s * 0.1),
                 (s, -s * 0.1), (s, s * 0.8)]:  # fmt: skip
        path.lineTo(x, y)
    path.closeSubpath()
    return path


def peasant_item(size: float, colour: QColor, cut: bool) -> QGraphicsPathItem:
    """A peasant in a straw hat: a cone hat over a round body; cut-off ones are pale."""
    body = QPainterPath()
    body.addEllipse(QPointF(0, size * 0.35), size * 0.62, size * 0.62)
    item = QGraphicsPathItem(body)
    fill = QColor(colour)
    if cut:
        fill.setAlpha(120)
    item.setBrush(fill)
    pen = QPen(QColor("#b03a2e") if cut else QColor("#f8f1dc"), size * 0.14)
    if cut:
        pen.setStyle(Qt.DashLine)
    item.setPen(pen)
    hat = QPainterPath()
    hat.moveTo(-size * 0.95, -size * 0.05)
    hat.lineTo(0, -size * 0.75)
    hat.lineTo(size * 0.95, -size * 0.05)
    hat.closeSubpath()
    hat_item = QGraphicsPathItem(hat, item)
    hat_item.setBrush(QColor("#e6c66e"))
    hat_item.setPen(QPen(QColor("#6b5535"), size * 0.08))
    return item


def fight_mark(
    parts: list[tuple[int, str, bool]], size: float, colours: list[QColor]
) -> QGraphicsPathItem:
    """Two pills side by side (attacker, defender) with crossed swords between them."""
    group = QGraphicsPathItem()
    pills = []
    for seat, text, won in parts:
        letters = halo_text(text, size, QColor("#1d1a15"), QColor(255, 250, 235))
        box = letters.childrenBoundingRect()
        width = box.width() + size * 0.9
        pill = QGraphicsPathItem(_pill(width, size * 1.55), group)
        pill.setBrush(mix(colours[seat], QColor("#ffffff"), 0.55))
        pill.setPen(QPen(QColor("#1d1a15") if won else colours[seat].darker(130),
                         size * (0.22 if won else 0.1)))  # fmt: skip
        letters.setParentItem(pill)
        pills.append((pill, width))
    swords = halo_text("⚔", size * 1.2, QColor("#3b2b12"), QColor(255, 250, 235))
    swords.setParentItem(group)
    gap = size * 1.5
    left, right = pills[0][1], pills[1][1]
    pills[0][0].setPos(QPointF(-gap / 2 - left / 2, 0))
    pills[1][0].setPos(QPointF(gap / 2 + right / 2, 0))
    return group


def _pill(width: float, height: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(QRectF(-width / 2, -height / 2, width, height), height / 2, height / 2)
    return path


def _pop(item: QGraphicsItem, ms: int, parent: QObject) -> QVariantAnimation:
    item.setOpacity(0.0)

    def apply(v: float) -> None:
        item.setOpacity(min(1.0, v * 2))
        item.setScale(0.4 + 0.6 * v + 0.3 * math.sin(math.pi * v))

    return animation(ms, parent, apply)


def _settle(item: QGraphicsItem) -> None:
    item.setOpacity(1.0)
    item.setScale(1.0)


def _tint(
    board: FieldBoard, fid: str, old: QColor, new: QColor, ms: int, parent: QObject
) -> QVariantAnimation:
    def apply(v: float) -> None:
        board._set_fill(fid, mix(new, old, v))

    return animation(ms, parent, apply)
