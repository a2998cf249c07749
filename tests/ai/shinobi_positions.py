"""Shinobi positions the AI tests share."""

from __future__ import annotations

from engine.shinobi.state import ShinobiState, parse_position

FULL_DECK = "hojo*6 mori*6 oda*6 takeda*6 uesugi*6"


def oda_leads(deck: str) -> ShinobiState:
    """Player 0 serves Oda, which leads the table openly (5 cards, the next clan 3)."""
    return parse_position(f"""
turn: player 0, order 1
deck: {deck}
p0 oda: hand oda mori takeda uesugi; province oda*2
p1 takeda: hand takeda*4; province oda*2 mori
p2 mori: hand mori*4; province takeda*2 oda
p3 uesugi: hand uesugi*4; province uesugi*3 hojo
""")
