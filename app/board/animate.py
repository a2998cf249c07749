"""Board animations shared by the games' views: a 0→1 animation driving any setter, a fade
of an item's opacity, and `AnimatedBoard`, what runs one animation at a time on a board and
can stop or skip it. The games' own effects (pops, flips, tints) are built on them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractAnimation, QObject, QVariantAnimation, Signal
from PySide6.QtWidgets import QGraphicsItem


def animation(ms: int, parent: QObject, apply: Callable[[float], None]) -> QVariantAnimation:
    """An animation of `ms` milliseconds (at least 1) calling `apply` with 0.0 … 1.0."""
    result = QVariantAnimation(parent)
    result.setStartValue(0.0)
    result.setEndValue(1.0)
    result.setDuration(max(1, ms))
    result.valueChanged.connect(lambda value: apply(float(value)))
    return result


def fade(
    item: QGraphicsItem, start: float, end: float, ms: int, parent: QObject
) -> QVariantAnimation:
    """`item`'s opacity from `start` to `end` over `ms` milliseconds."""

    def apply(v: float) -> None:
        item.setOpacity(start + (end - start) * v)

    return animation(ms, parent, apply)


class AnimatedBoard(QObject):
    """The pieces drawn on a board, animated one animation at a time: a new one replaces
    the running one, `stop` leaves it where it is, `skip` jumps to its end."""

    finished = Signal()
    """An animation ran to its end (or was skipped)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._animation: QAbstractAnimation | None = None
        self._end: Callable[[], None] | None = None

    def animating(self) -> bool:
        """True while an animation runs."""
        return self._animation is not None

    def stop(self) -> None:
        """Stop a running animation where it is (the next draw replaces everything)."""
        animation, self._animation = self._animation, None
        self._end = None
        if animation is not None:
            animation.stop()

    def skip(self) -> None:
        """Jump to the end of a running animation."""
        end = self._end
        self.stop()
        if end is not None:
            end()
            self.finished.emit()

    def _run(self, group: QAbstractAnimation, end: Callable[[], None]) -> None:
        """Start `group`, calling `end` when it has run to its end (not when it was
        stopped, nor when another animation has replaced it)."""
        self._animation = group
        self._end = end

        def done() -> None:
            if self._animation is group:
                self._animation = None
                self._end = None
                end()
                self.finished.emit()

        group.finished.connect(done)
        group.start()
