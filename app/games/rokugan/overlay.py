"""The pieces on the Rokugan map: ownership, status rows, combat tokens, battle marks.

`BoardOverlay` draws a `Picture` (control, special and combat tokens as one viewer knows
them) on a `MapScene` laid out for games, and animates a resolution step from the board
before it to the board after it with Qt's animation framework: tokens turn over (step 1),
leave the board (bluffs, illegal tokens, raids, peace, battles), each battle's totals
appear at its province one battle after another, provinces change colour and their
control tokens and special tokens change. `skip()` jumps to the end of the animation.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import (
    QAbstractAnimation,
    QObject,
    QParallelAnimationGroup,
    QPauseAnimation,
    QPointF,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    QVariantAnimation,
)
from PySide6.QtGui import QColor, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.board.animate import AnimatedBoard, animation, fade
from app.board.scene import MapScene
from app.board.spread import Rect, covers
from app.games.rokugan import narrate, words
from app.games.rokugan.resolution import Battle, Picture, StepFacts, ViewToken
from app.games.rokugan.tokens import (
    TokenItem,
    _group,
    _pill,
    _text_path,
    clan_identity,
    status_row,
)
from app.i18n import _
from engine.rokugan import events
from engine.rokugan.data import CLANS, SPECIAL_NAMES
from engine.rokugan.state import RokuganState

TOKEN_RADIUS = 1.45  # a combat token's radius in units, where there is room for it
BATTLE_FONT = 2.0  # a battle's totals, in units: ≥ 9 pt at fit zoom on 1280×720 (12 px)
MARK_SHAPES = ((True, False), (True, True), (False, False), (False, True))
"""A battle mark's shapes, (itemised, stacked), in the order they are preferred."""
TOTALS_ONLY = 2  # the shape of a mark that nothing lets in: the smallest
MARK_WORDS = 0  # a battle mark's data: what its pills read, the attackers' then the defender's
ITEMISED_REACH = 16.0  # how much farther (steps of the search) an itemised mark may go


class BoardOverlay(AnimatedBoard):
    """Draws pictures on a scene and animates between them."""

    def __init__(self, scene: MapScene, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.items: list[QGraphicsItem] = []
        self.token_items: dict[str, TokenItem] = {}
        self.status_items: dict[int, QGraphicsItem] = {}
        self.battle_items: dict[int, QGraphicsItem] = {}
        self._battle_spots: tuple[tuple[Battle, ...], dict[int, tuple[QPointF, int]]] = ((), {})

    # drawing ---------------------------------------------------------------------------
    def clear(self) -> None:
        """Remove every piece."""
        for item in self.items:
            if item.scene() is self.scene:
                self.scene.removeItem(item)
        self.items = []
        self.token_items = {}
        self.status_items = {}
        self.battle_items = {}

    def _add(self, item: QGraphicsItem) -> QGraphicsItem:
        self.scene.addItem(item)
        self.items.append(item)
        return item

    def draw(
        self,
        state: RokuganState,
        picture: Picture,
        viewer: int | None,
        tips: Callable[[int], str] | None = None,
    ) -> None:
        """Draw `picture` (ownership, status rows, tokens, battle marks) from scratch."""
        self.stop()
        self.clear()
        b = state.board
        for q, pid in enumerate(b.ids):
            owner = picture.owner[q]
            self.scene.set_owner(pid, self.colour(state, owner) if owner >= 0 else None)
            self._status(state, picture, q)
            if tips is not None:
                item = self.scene.province_items.get(pid)
                if item is not None:
                    item.setToolTip(tips(q))
        self._tokens(state, picture, viewer)
        self._battle_marks(state, picture.battles, picture.tokens)

    def colour(self, state: RokuganState, player: int) -> QColor:
        """A seat's clan colour."""
        return QColor(clan_identity(CLANS[state.clans[player]]).colour)

    def _status(self, state: RokuganState, picture: Picture, q: int) -> QGraphicsItem | None:
        row = self._status_row(state, picture, q)
        if row is not None:
            self._add(row)
            self.status_items[q] = row
        return row

    def _status_row(self, state: RokuganState, picture: Picture, q: int) -> QGraphicsItem | None:
        """Province `q`'s status row in `picture`, at its plate (not yet on the scene)."""
        pid = state.board.ids[q]
        anchor = self.scene.status_anchor(pid)
        if anchor is None:
            return None
        point, scale, shape = anchor
        owner = picture.owner[q]
        clan = CLANS[state.clans[owner]] if owner >= 0 else None
        special = SPECIAL_NAMES[picture.special[q]] if picture.special[q] else None
        row = status_row(
            self.scene.unit,
            clan,
            picture.up[q],
            picture.down[q],
            picture.defence[q],
            special,
            stacked=shape == 1,
        )
        row.setScale(scale)
        row.setPos(point)
        row.setZValue(40)
        row.setToolTip(_status_tip(state, picture, q))
        return row

    def _tokens(self, state: RokuganState, picture: Picture, viewer: int | None) -> None:
        b = state.board
        u = self.scene.unit
        tokens = picture.tokens
        positions: dict[int, tuple[QPointF, float]] = {}
        centre_groups: dict[int, list[int]] = {}
        for s, t in enumerate(tokens):
            if t is not None and 0 <= t[1] < b.n and t[3] < 0:
                centre_groups.setdefault(t[1], []).append(s)
        for q, serials in centre_groups.items():
            target = self.scene.target(b.ids[q])
            if target is None:
                continue
            for s, point, radius in _cluster(target.x, target.y, target.radius, len(serials), u):
                positions[serials[s]] = (point, radius)
        for s, t in enumerate(tokens):
            if t is None or t[3] >= 0:
                continue  # blessings are drawn on their hosts below
            player, slot, up, _host, _blessed, tid = t
            clan = CLANS[state.clans[player]]
            label = state.label(player, tid) if tid >= 0 else None
            face = narrate.token_short(label) if label else None
            item = TokenItem(u, clan, face, bool(label) and not up, ("token", f"#{s}"))
            if slot >= b.n:
                target = self.scene.target(b.slot_text[slot])
                if target is None:
                    continue
                point, radius = QPointF(target.x, target.y), target.radius
                item.arrow = QPointF(*target.direction)
            elif s in positions:
                point, radius = positions[s]
            else:
                continue
            item.radius = radius
            item.setPos(point)
            positions[s] = (point, radius)
            item.setToolTip(_token_tip(state, player, label, up, slot))
            self._add(item)
            self.token_items[f"#{s}"] = item
        for s, t in enumerate(tokens):
            if t is None or t[3] < 0 or t[3] not in positions:
                continue
            player, _slot, _up, host, _b, tid = t
            clan = CLANS[state.clans[player]]
            label = state.label(player, tid) if tid >= 0 else None
            point, radius = positions[host]
            item = TokenItem(
                radius * 0.62,
                clan,
                narrate.token_short(label) if label else "+",
                False,
                ("token", f"#{s}"),
            )
            item.setPos(_blessing_point(point, radius, self.scene.name_rects()))
            item.setZValue(46)
            positions[s] = (point, radius)
            item.setToolTip(
                _("{token} of {clan} on the token under it").format(
                    token=narrate.token_words(label) if label else _("Blessing"),
                    clan=narrate.pretty(clan),
                )
            )
            self._add(item)
            self.token_items[f"#{s}"] = item

    def _battle_marks(
        self,
        state: RokuganState,
        battles: tuple[Battle, ...],
        tokens: tuple[ViewToken | None, ...],
        after: Picture | None = None,
    ) -> list[QGraphicsItem]:
        """Each battle's totals at its province, clear of names, status rows (as they are
        and as they will be in `after`), each other, and the `tokens` on the board still
        there when they appear (a battle's own tokens give way to its totals): in a row,
        or in two where that fits nearer; placed once for a step's battles, so they stay
        put from the first battle to the end."""
        cached, spots = self._battle_spots
        if battles and cached != battles:
            ids = state.board.ids
            labels = []
            drawn: dict[str, list[QRectF]] = {}  # each shape's rectangle around its origin
            for battle in battles:
                key = str(battle.province)
                drawn[key] = [
                    self._battle_mark(state, battle, stacked, itemised).childrenBoundingRect()
                    for itemised, stacked in MARK_SHAPES
                ]
                point = self.scene.centre_point(ids[battle.province])
                sizes = [(rect.width(), rect.height()) for rect in drawn[key]]
                labels.append((key, ids[battle.province], point, sizes))
            fought_in = _battle_of_tokens(state, battles, tokens)
            pieces = [
                (
                    item.pos(),
                    item.radius * (1.35 if item.arrow is not None else 1.0),
                    fought_in.get(int(key[1:]), len(battles)),
                )
                for key, item in self.token_items.items()
            ]
            rows = list(self.status_items.values())
            if after is not None:  # the rows the step leaves behind
                rows += [self._status_row(state, after, q) for q in range(state.board.n)]
            taken = [row.mapRectToScene(row.childrenBoundingRect()) for row in rows if row]
            costs = [0.0 if itemised else ITEMISED_REACH for itemised, _stacked in MARK_SHAPES]
            found = self.scene.label_spots(labels, pieces, taken, costs, TOTALS_ONLY)
            # a spot is the middle of the shape's rectangle; the mark's origin is set off it
            spots = {
                int(key): (centre - drawn[key][shape].center(), shape)
                for key, (centre, shape) in found.items()
            }
            self._battle_spots = (battles, spots)
        marks = []
        for battle in battles:
            point, shape = spots.get(battle.province, (None, TOTALS_ONLY))
            itemised, stacked = MARK_SHAPES[shape]
            mark = self._battle_mark(state, battle, stacked, itemised)
            if point is not None:
                mark.setPos(point)
            self._add(mark)
            self.battle_items[battle.province] = mark
            marks.append(mark)
        return marks

    def _battle_mark(
        self, state: RokuganState, battle: Battle, stacked: bool, itemised: bool = True
    ) -> QGraphicsItem:
        """The battle's totals, at its province's centre (not yet on the scene): each
        side's clan-coloured pill, the defender's as its tokens + the province's defence;
        `stacked` puts the defender's under the attackers'; `itemised` writes each total
        with its parts as the engine's record adds them ("9 = Army 4 + Blessing 2"), else
        the total alone (where the parts would cover a name; the tooltip itemises it)."""
        u = self.scene.unit
        q = battle.province
        size = u * BATTLE_FONT

        def said(side: events.Side) -> str:
            return words.board_sum(side) if itemised else str(side.total)

        attack = [self._total_pill(state, p, said(battle.side(p)), size) for p in battle.attackers]
        if battle.attackers:
            sword = QGraphicsPathItem(_text_path("⚔", size))
            sword.setBrush(QColor("#1d1a15"))
            attack.append((sword, size * 0.95))
        defend = []
        d = battle.defender
        if d >= 0:
            defend.append(self._total_pill(state, d, said(battle.side(d)), size))
        elif battle.attackers:
            defend.append(self._total_pill(state, -1, said(battle.record.defender), size))
        gap = u * 0.15
        if stacked and attack and defend:
            mark = QGraphicsPathItem()
            mark.setPen(Qt.NoPen)
            rise = size * 0.66
            for row, dy in ((_group(attack, gap), -rise), (_group(defend, gap), rise)):
                row.setParentItem(mark)
                row.setPos(0, dy)
        else:
            mark = _group([*attack, *defend], gap)
        mark.setPos(self.scene.centre_point(state.board.ids[q]))
        mark.setZValue(55)
        mark.setToolTip(battle.tally())
        record = battle.record
        mark.setData(MARK_WORDS, [said(side) for side in (*record.attackers, record.defender)])
        return mark

    def _total_pill(
        self, state: RokuganState, player: int, text: str, size: float
    ) -> tuple[QGraphicsPathItem, float]:
        if player >= 0:
            identity = clan_identity(CLANS[state.clans[player]])
            fill, ink = QColor(identity.colour), QColor(identity.ink)
        else:
            fill, ink = QColor("#eef0f4"), QColor("#28344a")
        letters = _text_path(text, size)
        width = letters.boundingRect().width() + size * 0.65
        pill = QGraphicsPathItem(_pill(width, size * 1.25))
        pill.setBrush(fill)
        pill.setPen(ink)
        inner = QGraphicsPathItem(letters, pill)
        inner.setBrush(ink)
        inner.setPen(QColor(0, 0, 0, 0))
        return pill, width

    # animation -------------------------------------------------------------------------
    def animate_step(
        self,
        state: RokuganState,
        before: Picture,
        facts: StepFacts,
        viewer: int | None,
        ms: int,
        tips: Callable[[int], str] | None = None,
    ) -> None:
        """Draw `before`, then animate `facts`' step to its picture in about `ms` per
        phase; without time (`ms` 0) the step's picture is drawn at once."""
        after = facts.picture

        def end() -> None:
            self.draw(state, after, viewer, tips)

        if ms <= 0:
            end()
            self.finished.emit()
            return
        self.draw(state, before, viewer, tips)
        if facts.number == 1:
            group = self._flips(state, before, after, ms)
        elif facts.number == 5:
            group = QSequentialAnimationGroup(self)
            current = before
            marks = self._battle_marks(state, facts.battles, before.tokens, after)
            for battle, mark in zip(facts.battles, marks, strict=True):
                # the battle's tokens give way to its totals, then its province changes
                fought = _tokens_fought(current, battle, state)
                following = _after_battle(fought, after, battle, state)
                meet = QParallelAnimationGroup(self)
                meet.addAnimation(self._changes(state, current, fought, ms // 2))
                meet.addAnimation(_pop(mark, ms // 2, self))
                one = QSequentialAnimationGroup(self)
                one.addAnimation(meet)
                one.addAnimation(QPauseAnimation(ms // 3, self))
                one.addAnimation(self._changes(state, fought, following, ms // 2))
                group.addAnimation(one)
                current = following
            group.addAnimation(self._changes(state, current, after, ms // 2))
        else:
            group = self._changes(state, before, after, ms)
        self._run(group, end)

    def _flips(
        self, state: RokuganState, before: Picture, after: Picture, ms: int
    ) -> QAbstractAnimation:
        group = QParallelAnimationGroup(self)
        for s, t in enumerate(after.tokens):
            old = before.tokens[s] if s < len(before.tokens) else None
            item = self.token_items.get(f"#{s}")
            if t is None or item is None or old is None:
                continue
            label = state.label(t[0], t[5]) if t[5] >= 0 else None
            face = narrate.token_short(label) if label else None
            if item.face == face and not item.known_face_down:
                continue
            group.addAnimation(_flip(item, face, ms, self))
        return group

    def _changes(
        self, state: RokuganState, before: Picture, after: Picture, ms: int
    ) -> QAbstractAnimation:
        """Tokens leaving, provinces changing colour, status rows changing."""
        group = QParallelAnimationGroup(self)
        for s, t in enumerate(before.tokens):
            gone = t is not None and (s >= len(after.tokens) or after.tokens[s] is None)
            item = self.token_items.get(f"#{s}")
            if gone and item is not None:
                group.addAnimation(fade(item, 1.0, 0.0, ms, self))
        for q, pid in enumerate(state.board.ids):
            same = (
                before.owner[q] == after.owner[q]
                and before.up[q] == after.up[q]
                and before.down[q] == after.down[q]
                and before.special[q] == after.special[q]
                and before.defence[q] == after.defence[q]
            )
            if same:
                continue
            if before.owner[q] != after.owner[q]:
                old = self.scene.fill_colour(pid)
                new = self.colour(state, after.owner[q]) if after.owner[q] >= 0 else None
                group.addAnimation(_tint(self.scene, pid, old, new, ms, self))
            old_row = self.status_items.get(q)
            if old_row is not None:
                group.addAnimation(fade(old_row, 1.0, 0.0, ms // 2, self))
            new_row = self._status(state, after, q)
            if new_row is not None:
                new_row.setOpacity(0.0)
                group.addAnimation(_pop(new_row, ms, self))
        return group


def _battle_of_tokens(
    state: RokuganState, battles: tuple[Battle, ...], tokens: tuple[ViewToken | None, ...]
) -> dict[int, int]:
    """The index in `battles` of the battle each board token takes part in (by serial; a
    Blessing in its host's)."""
    order = {battle.province: index for index, battle in enumerate(battles)}
    out: dict[int, int] = {}
    for s in range(len(tokens)):
        t = tokens[s]
        for _step in range(len(tokens)):  # a Blessing follows its host
            if t is None or t[3] < 0:
                break
            t = tokens[t[3]]
        if t is not None and t[1] >= 0 and state.board.slot_target[t[1]] in order:
            out[s] = order[state.board.slot_target[t[1]]]
    return out


def _tokens_fought(current: Picture, battle: Battle, state: RokuganState) -> Picture:
    """`current` with one battle's tokens gone (and the Blessings on them)."""
    b = state.board
    q = battle.province
    tokens = list(current.tokens)
    for s, t in enumerate(tokens):
        if t is None:
            continue
        slot = t[1]
        if slot >= 0 and b.slot_target[slot] == q:
            tokens[s] = None
    for s, t in enumerate(tokens):  # blessings on tokens that left
        if t is not None and t[3] >= 0 and tokens[t[3]] is None:
            tokens[s] = None
    return replace(current, tokens=tuple(tokens))


def _after_battle(current: Picture, final: Picture, battle: Battle, state: RokuganState) -> Picture:
    """`current` with one battle fought: its tokens gone, its province as it ends."""
    q = battle.province
    tokens = _tokens_fought(current, battle, state).tokens

    def with_q(values: tuple[int, ...], new: int) -> tuple[int, ...]:
        return (*values[:q], new, *values[q + 1 :])

    return Picture(
        with_q(current.owner, final.owner[q]),
        with_q(current.up, final.up[q]),
        with_q(current.down, final.down[q]),
        current.special,
        with_q(current.defence, final.defence[q]),
        tuple(tokens),
        current.battles,
    )


def _blessing_point(host: QPointF, radius: float, names: list[Rect]) -> QPointF:
    """Where a Blessing sits on the token (at `host`, of `radius`) it blesses: at its
    upper right, or another corner where that would cover a name."""
    corners = ((0.8, -0.8), (-0.8, -0.8), (0.8, 0.8), (-0.8, 0.8))
    points = [host + QPointF(radius * dx, radius * dy) for dx, dy in corners]
    free = [p for p in points if not covers(names, p.x(), p.y(), radius * 0.62)]
    return (free or points)[0]


def _cluster(
    x: float, y: float, radius: float, count: int, unit: float
) -> list[tuple[int, QPointF, float]]:
    """Positions and radii of `count` tokens inside the disc (x, y, radius)."""
    full = min(radius, unit * TOKEN_RADIUS)
    if count == 1:
        return [(0, QPointF(x, y), full)]
    sin = math.sin(math.pi / count)
    r = min(full, radius * sin / (1 + sin))
    ring = radius - r
    out = []
    for i in range(count):
        angle = -math.pi / 2 + 2 * math.pi * i / count
        out.append((i, QPointF(x + math.cos(angle) * ring, y + math.sin(angle) * ring), r))
    return out


def _pop(item: QGraphicsItem, ms: int, parent: QObject) -> QVariantAnimation:
    scale = item.scale()
    item.setOpacity(0.0)

    def apply(v: float) -> None:
        item.setOpacity(v)
        item.setScale(scale * (0.4 + 0.6 * v + 0.25 * math.sin(math.pi * v)))

    return animation(ms, parent, apply)


def _flip(item: TokenItem, face: str | None, ms: int, parent: QObject) -> QVariantAnimation:
    def apply(v: float) -> None:
        if v >= 0.5 and (item.face != face or item.known_face_down):
            item.face = face
            item.known_face_down = False
        item.setTransform(QTransform.fromScale(max(0.02, abs(1 - 2 * v)), 1.0))
        item.update()

    return animation(ms, parent, apply)


def _tint(
    scene: MapScene, pid: str, old: QColor, new: QColor | None, ms: int, parent: QObject
) -> QVariantAnimation:
    from app.palette import NEUTRAL

    target = new if new is not None else QColor(NEUTRAL)

    def apply(v: float) -> None:
        mixed = QColor.fromRgbF(
            old.redF() + (target.redF() - old.redF()) * v,
            old.greenF() + (target.greenF() - old.greenF()) * v,
            old.blueF() + (target.blueF() - old.blueF()) * v,
        )
        item = scene.province_items.get(pid)
        if item is not None:
            item.setBrush(mixed)

    return animation(ms, parent, apply)


def _token_tip(state: RokuganState, player: int, label: str | None, up: int, slot: int) -> str:
    clan = narrate.clan_name(state, player)
    where = narrate.place_phrase(state, state.board.slot_text[slot]) if slot >= 0 else ""
    if label is None:
        return _("A face-down token of {clan} {place}").format(clan=clan, place=where).strip()
    token = narrate.token_words(label)
    if up:
        return _("{clan}'s {token} {place}").format(clan=clan, token=token, place=where).strip()
    return (
        _("{clan}'s {token} {place} (face down; the others cannot see it)")
        .format(clan=clan, token=token, place=where)
        .replace("  ", " ")
    )


def _status_tip(state: RokuganState, picture: Picture, q: int) -> str:
    owner = picture.owner[q]
    lines = []
    if owner >= 0:
        lines.append(
            _(
                "{clan}: ★ {up} face-up control token(s) (each worth 1 honor and +1 defence), "
                "● {down} face-down"
            ).format(clan=narrate.clan_name(state, owner), up=picture.up[q], down=picture.down[q])
        )
    lines.append(_("Defence {n}: what an attacker must beat").format(n=picture.defence[q]))
    if picture.special[q]:
        special = narrate.special_name(picture.special[q])
        lines.append(_("Special token: {special}").format(special=special))
    return "\n".join(lines)
