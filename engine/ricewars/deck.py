"""The card deck, the hands and the hand limit.

Cards are drawn from the top of the deck; an empty deck is the discard pile, reshuffled
(chance from the game's chance seed, so a replay draws the same cards). Nobody ever
holds more than 5 cards: a draw that would exceed the limit is not made. The neutral
player gets no cards. A hand is a tuple (changing it makes a new one), so the state's
undo snapshots share hands instead of copying them.
"""

from __future__ import annotations

import random

from engine.ricewars.data import HAND_LIMIT
from engine.ricewars.position import Position, mix


def draw_one(st: Position) -> int:
    """The top card of the deck; an empty deck is the reshuffled discard pile (chance).

    -1 when there is no card left anywhere."""
    if not st.deck:
        if not st.discard:
            return -1
        pile = sorted(st.discard)
        random.Random(mix(st.chance_seed, st.chance)).shuffle(pile)
        st.chance += 1
        st.deck = pile
        st.discard = []
    return st.deck.pop()


def draw(st: Position, s: int, count: int) -> None:
    """Seat `s` draws `count` cards, never holding more than the hand limit."""
    if s == st.neutral:
        return
    drawn: list[int] = []
    room = HAND_LIMIT - len(st.hands[s])
    for _ in range(min(count, room)):
        c = draw_one(st)
        if c < 0:
            break
        drawn.append(c)
    if drawn:
        st.hands[s] += tuple(drawn)


def take_card(st: Position, s: int, c: int) -> None:
    """Card `c` leaves seat `s`'s hand (played, put face down or given)."""
    hand = list(st.hands[s])
    hand.remove(c)
    st.hands[s] = tuple(hand)
