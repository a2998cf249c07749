"""The course of a round (Spielverlauf): its phases in order, whose turn it is in the
action phase, phase 5 (drawing cards) and the end of the game.

A round is income, hiring and upkeep, the advisors' auction (only in the rounds with the
`auction` symbol), actions and the draw. The governor starts every phase. In the action
phase each player takes one action per turn, clockwise; a pass puts down a pass marker,
and after the second the player takes no more actions this round (but still defends and
reacts). The phase ends when every player has put down both markers. In the scenario the
neutral player's turn comes round too while it has a peasant to place: one player places
it for the neutral (the governor first, then alternately), also after both have passed.

The game ends after the action phase of the last round (7 on the quick side, 8 on the
epic side). Otherwise every player draws 2 cards (3 in `card` rounds), never above 5,
the governor's marker passes clockwise and the next round begins.
"""

from __future__ import annotations

from engine.core import TERMINAL
from engine.ricewars import records
from engine.ricewars.data import DRAW_CARDS, PASS_MARKERS
from engine.ricewars.deck import draw
from engine.ricewars.economy import pay_income
from engine.ricewars.peasants import peasant_fields
from engine.ricewars.position import ACTION, HIRE, NEUTRAL, OVER, Position
from engine.ricewars.scoring import wealth, winners
from engine.ricewars.standings import standings


def start_round(st: Position) -> None:
    """Round r begins: income, then hiring from the governor."""
    st.round += 1
    seats = st.seats
    st.used_service = [False] * seats
    st.passes = [0] * seats
    st.nplaced = 0
    told = len(st.events) if st.events is not None else 0
    pay_income(st)
    st.phase = HIRE
    st.queue = tuple(st.order_from(st.governor))
    st.cur = -1
    if st.events is not None:  # told before the income, with the standings after it
        symbols = tuple(sorted(st.symbols()))
        governor = records.seat_word(st, st.governor)
        st.events.insert(told, records.RoundStart(st.round, symbols, governor, standings(st)))


def start_actions(st: Position) -> None:
    """Phase 4 begins with the governor."""
    st.phase = ACTION
    st.queue = ()
    turn_of(st, st.governor, first=True)


_TURN_ORDERS: dict[tuple[int, int, bool], tuple[int, ...]] = {}


def turn_of(st: Position, start: int, first: bool = False) -> None:
    """The next seat with actions left, from `start` (inclusive when `first`)."""
    key = (st.seats, start, first)
    order = _TURN_ORDERS.get(key)
    if order is None:
        seats = st.order_from(start)
        order = _TURN_ORDERS[key] = tuple(seats if first else seats[1:] + seats[:1])
    neutral, passes = st.neutral, st.passes
    # A player takes turns until its second pass; the neutral while it has a peasant to place.
    for s in order:
        if s != neutral:
            if passes[s] < PASS_MARKERS:  # `actions_over`, inlined
                st.phase = ACTION
                st.cur = s
                return
        elif st.reserve[s] > 0 and peasant_fields(st, s):
            humans = st.humans_from(st.governor)
            st.phase = NEUTRAL
            st.cur = humans[st.nplaced % len(humans)]
            return
    end_actions(st)


def next_turn(st: Position, after: int) -> None:
    """Seat `after` has taken its action: the next seat's turn."""
    turn_of(st, after)


def end_actions(st: Position) -> None:
    """The action phase is over: the game ends, or the draw phase and a new round."""
    if st.round >= st.board.rounds:
        st.phase = OVER
        st.cur = TERMINAL
        if st.events is not None:
            st.events.append(game_end(st))
        return
    extra = 1 if "card" in st.symbols() else 0
    st.cur = -1  # nobody decides during the draw
    drawn = []
    for s in st.humans_from(st.governor):
        had = len(st.hands[s])
        draw(st, s, DRAW_CARDS + extra)
        drawn.append(records.Part(records.seat_word(st, s), len(st.hands[s]) - had))
    humans = st.humans_from(st.governor)
    st.governor = humans[1 % len(humans)]
    if st.events is not None:
        governor = records.seat_word(st, st.governor)
        st.events.append(
            records.RoundEnd(st.round, DRAW_CARDS + extra, tuple(drawn), governor, standings(st))
        )
    start_round(st)


def game_end(st: Position) -> records.GameEnd:
    """The record of the game's end: fields and wealth of each seat, and the winners."""
    seats = range(st.seats)
    return records.GameEnd(
        st.round,
        tuple(records.Part(records.seat_word(st, s), st.fields_of(s)) for s in seats),
        tuple(records.Part(records.seat_word(st, s), wealth(st, s)) for s in seats),
        tuple(records.seat_word(st, s) for s in winners(st)),
        standings(st),
    )
