"""Words and panels that grow with the window: one scale for every screen of the app.

`ui_scale` says how much bigger than at 1280 × 720 a window of some size draws its text;
`ScaledScreen` is a screen that applies it whenever its size changes the scale (the
game, start, end and review screens). Sizes are in points, so a screen with more dots
per inch draws them bigger by itself; the scale adds the window's size on top.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QFont, QGuiApplication, QResizeEvent
from PySide6.QtWidgets import QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first

WINDOW_FRAME = QSize(8, 40)  # a title bar and borders, before a window shows its own
RESCALE_STEP = 0.04  # a smaller change of scale is not worth laying everything out again


def ui_scale(width: int, height: int) -> float:
    """How much bigger than at 1280 × 720 text and panels are drawn in a window of this
    size: 1 up to that size, 2 at 2560 × 1440 (in between, with the smaller ratio)."""
    return max(1.0, min(2.0, width / 1280, height / 680))


def rescale_due(old: float, new: float) -> bool:
    """True when a change of scale is worth laying everything out again: a change beyond
    `RESCALE_STEP`, or any change that reaches 1 or 2 (so 1280 × 720 is laid out at 1)."""
    return new != old and (abs(new - old) > RESCALE_STEP or new in (1.0, 2.0))


def available_area(widget: QWidget) -> QRect:
    """The part of the widget's screen (else the primary screen) that windows may use:
    without task bars and docks."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def fit_on_screen(widget: QWidget, width: int, height: int) -> None:
    """Open `widget` at `width` × `height`, or smaller where its screen has less room, and
    centred there, so its bottom and its buttons are never off a 1280 × 720 screen."""
    area = available_area(widget)
    frame = widget.frameGeometry().size() - widget.geometry().size()  # title bar, borders
    if not widget.isVisible():  # no frame yet: room for a window manager's
        frame = frame.expandedTo(WINDOW_FRAME)
    w = min(width, area.width() - frame.width())
    h = min(height, area.height() - frame.height())
    widget.resize(max(w, 1), max(h, 1))
    # `move` places the frame's corner
    x = area.x() + (area.width() - w - frame.width()) // 2
    widget.move(x, area.y() + (area.height() - h - frame.height()) // 2)


def keep_on_screen(widget: QWidget) -> None:
    """Shrink and move a window whose remembered geometry no longer fits its screen (it was
    kept on a bigger one) until it lies inside the screen's available area."""
    area = available_area(widget)
    geometry = widget.geometry()
    if area.contains(geometry):
        return
    fit_on_screen(widget, geometry.width(), geometry.height())


def scaled_font(base: QFont, scale: float, factor: float = 1.0, bold: bool = False) -> QFont:
    """`base` at `scale` × `factor` of its point size (bold when asked)."""
    font = QFont(base)
    font.setPointSizeF(base.pointSizeF() * scale * factor)
    if bold:
        font.setBold(True)
    return font


class ScaledScreen(QWidget):
    """A screen whose words grow with it: `apply_scale` runs whenever a resize changes
    `ui_scale`. Subclasses size their own titles and panels in `apply_scale` (calling
    this one first); style sheets must not set fonts, or the scale stops there."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui_scale = 1.0
        self._base_font = QFont(self.font())

    def scaled_font(self, factor: float = 1.0, bold: bool = False) -> QFont:
        """The screen's font at the current scale × `factor`."""
        return scaled_font(self._base_font, self.ui_scale, factor, bold)

    def scaled(self, pixels: float) -> int:
        """A length given at scale 1, at the current scale."""
        return round(pixels * self.ui_scale)

    def apply_scale(self, scale: float) -> None:
        """Set the screen's font for `scale` (1 at 1280 × 720); children follow it."""
        self.ui_scale = scale
        self.setFont(self.scaled_font())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Text and panels grow with the window (and the screen's DPI, through points)."""
        super().resizeEvent(event)
        scale = ui_scale(self.width(), self.height())
        if rescale_due(self.ui_scale, scale):
            self.apply_scale(scale)
