"""A playtest's starting positions as people read them (`ai.balance.seat_labels`: a
Rokugan clan id, "seat N", or Rice Wars' "neutral"), in the current language; no Qt."""

from __future__ import annotations

from app.games.rokugan.words import clan
from app.i18n import _


def position_name(label: str) -> str:
    """ "Krabbe", "Platz 1": a starting position in the current language."""
    number = label.removeprefix("seat ")
    if number != label and number.isdigit():
        return _("Seat {number}").format(number=number)
    if label == "neutral":
        return _("Neutral")
    return clan(label)
