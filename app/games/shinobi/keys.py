"""Shinobi's decisions by keyboard (`app.widgets.keypick`): what the ring may go to now —
the cards and armies that may be chosen, then the chosen one's target armies and
provinces — and what Enter on one does (as a click on it)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QAbstractButton, QWidget

Key = tuple  # ("card", t) | ("army", q, c) | ("province", q), as the view's
ShinobiView = Any  # the view (not imported: it imports this module)

SOURCE_CARD, ARMY, PROVINCE = "card", "army", "province"  # the view's kinds of key


def widget_of(view: ShinobiView, key: Key) -> QWidget | None:
    """The hand card, army stack or province panel a key names."""
    if key[0] == SOURCE_CARD:
        return view.hand_buttons.get(key[1])
    if not 0 <= key[1] < len(view.provinces):
        return None
    panel = view.provinces[key[1]]
    return panel.stacks[key[2]] if key[0] == ARMY else panel


def targets(view: ShinobiView) -> list[tuple[Key, QWidget]]:
    """What may be chosen now: the sources, or the chosen source's targets."""
    if not view.interactive:
        return []
    keys = set(view._targets()) if view.selected is not None else view._sources()
    found = [(key, widget_of(view, key)) for key in keys]
    return [(key, widget) for key, widget in found if widget is not None]


def pick(view: ShinobiView, key: Key) -> None:
    """Enter on a ringed card, army or province: as a click on it."""
    if key[0] == PROVINCE:
        view._on_province_clicked(key[1])
        return
    widget = widget_of(view, key)
    if isinstance(widget, QAbstractButton):
        widget.click()
