"""Board animations shared by the games' views: a 0→1 animation driving any setter, and a
fade of an item's opacity. The games' own effects (pops, flips, tints) are built on it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QVariantAnimation
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
