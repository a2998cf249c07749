"""Picking a decision's places with the keyboard, the same way in every game.

Arrow keys move a ring over what may be picked now (the nearest in the arrow's direction;
past the last, round to the first), F / Shift+F step through it in reading order, Enter
or Space picks what the ring is on; Esc stays the view's (it takes back the half-made
choice). A view gives `KeyPicker` its targets (a key and where it is, in any one
coordinate system), what a pick does and how to draw the ring; Battle for Rokugan rings
spots, tokens and provinces on its board, Shinobi its cards, armies and provinces.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

from PySide6.QtCore import QObject, QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _
from app.palette import KEY_FOCUS

Target = tuple[Hashable, QRectF]
"""A place that may be picked now and where it is."""

ARROWS = {
    Qt.Key_Left: (-1.0, 0.0),
    Qt.Key_Right: (1.0, 0.0),
    Qt.Key_Up: (0.0, -1.0),
    Qt.Key_Down: (0.0, 1.0),
}
PICK_KEYS = (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space)


def keys_legend(hand_numbers: bool = False) -> str:
    """The keys that play without the mouse, for a legend's tooltip (rich text);
    `hand_numbers` adds 1–9 for the tokens of a hand (Battle for Rokugan's screen)."""
    rows = [
        _("Arrow keys, or F and Shift+F: move the blue ring over what you may choose now"),
        _("Enter or Space: choose what the blue ring is on"),
        _("Esc: cancel what you began to choose"),
        _("Tab, then Space: press the button that has the focus"),
    ]
    if hand_numbers:
        rows.append(_("1–9: choose a token behind your screen, in its order from the left"))
    items = "".join(f"<li>{row}</li>" for row in rows)
    return "<b>{}</b><ul style='margin:0'>{}</ul>".format(_("Keys"), items)


class KeyPicker(QObject):
    """The ring the keyboard moves over a decision's targets, and the pick it makes."""

    def __init__(
        self,
        targets: Callable[[], list[Target]],
        pick: Callable[[Hashable], None],
        show: Callable[[Hashable | None, QRectF | None], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._targets = targets
        self._pick = pick
        self._show = show
        self.current: Hashable | None = None

    def key_press(self, event: QKeyEvent) -> bool:
        """Handle an arrow, F, Enter or Space; False for any other key (or a pick key
        with nothing ringed: a focused button takes it)."""
        key = event.key()
        if event.modifiers() & (Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier):
            return False
        if key in ARROWS:
            return self.move(*ARROWS[key])
        if key == Qt.Key_F:
            return self.step(-1 if event.modifiers() & Qt.ShiftModifier else 1)
        if key in PICK_KEYS:
            return self.pick()
        return False

    def eventFilter(self, watched: QObject, event) -> bool:  # noqa: N802, ANN001 - Qt override
        """Keys pressed in a watched widget (a board that would scroll with the arrows)
        reach the picker first."""
        if event.type() == event.Type.KeyPress and self.key_press(event):
            return True
        return super().eventFilter(watched, event)

    def targets(self) -> list[Target]:
        """What may be picked now, in reading order (top to bottom, left to right)."""
        return sorted(self._targets(), key=lambda t: (round(t[1].center().y()), t[1].center().x()))

    def move(self, dx: float, dy: float) -> bool:
        """Ring the nearest target in direction (dx, dy) from the ringed one."""
        targets = self.targets()
        if not targets:
            self.set_current(None)
            return False
        where = dict(targets)
        if self.current not in where:
            self.set_current(targets[0][0])
            return True
        here = where[self.current].center()
        best, score = None, math.inf
        for key, rect in targets:
            offset = rect.center() - here
            along = offset.x() * dx + offset.y() * dy
            if key == self.current or along <= 0:
                continue
            across = abs(offset.x() * dy - offset.y() * dx)
            if along + 2 * across < score:
                best, score = key, along + 2 * across
        if best is None:  # nothing further that way: round to the other end
            return self.step(1 if dx + dy > 0 else -1)
        self.set_current(best)
        return True

    def step(self, direction: int) -> bool:
        """Ring the next (or previous) target in reading order."""
        keys = [key for key, _ in self.targets()]
        if not keys:
            self.set_current(None)
            return False
        at = keys.index(self.current) if self.current in keys else -1 if direction > 0 else 0
        self.set_current(keys[(at + direction) % len(keys)])
        return True

    def pick(self) -> bool:
        """Pick the ringed target; False when nothing is ringed."""
        key = self.current
        if key is None or key not in dict(self._targets()):
            return False
        self.set_current(None)
        self._pick(key)
        return True

    def set_current(self, key: Hashable | None) -> None:
        """Ring `key` (None: no ring)."""
        self.current = key
        self.refresh()

    def refresh(self) -> None:
        """Draw the ring again where its target is now; drop it when the target is gone."""
        where = dict(self._targets()) if self.current is not None else {}
        if self.current not in where:
            self.current = None
        self._show(self.current, where.get(self.current))


class RingWidget(QWidget):
    """The keyboard's ring over a widget table (Shinobi's cards and armies): a blue
    rounded frame on a dark rim, laid over its parent, never in the way of a click."""

    PAD = 4  # pixels round the ringed widget

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.NoFocus)
        self.hide()

    def ring(self, rect: QRectF | None) -> None:
        """Ring `rect` (in the parent's coordinates), or hide."""
        if rect is None:
            self.hide()
            return
        pad = self.PAD
        self.setGeometry(rect.toAlignedRect().adjusted(-pad, -pad, pad, pad))
        self.raise_()
        self.show()
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.Antialiasing)
        rect = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        for colour, width in ((QColor(20, 16, 10, 220), 4.5), (QColor(KEY_FOCUS), 2.5)):
            painter.setPen(QPen(colour, width))
            painter.drawRoundedRect(rect, 8, 8)
        painter.end()


def widget_picker(
    owner: QWidget,
    widgets: Callable[[], list[tuple[Hashable, QWidget]]],
    pick: Callable[[Hashable], None],
) -> KeyPicker:
    """A `KeyPicker` over widgets of `owner` (a `RingWidget` rings them)."""
    ring = RingWidget(owner)

    def targets() -> list[Target]:
        out = []
        for key, widget in widgets():
            if widget.isVisible():
                corner = widget.mapTo(owner, QPoint(0, 0))
                out.append((key, QRectF(corner.x(), corner.y(), widget.width(), widget.height())))
        return out

    picker = KeyPicker(targets, pick, lambda _key, rect: ring.ring(rect), owner)
    picker.ring = ring  # type: ignore[attr-defined]
    return picker
