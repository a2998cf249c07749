"""Where every seat stands now: the `Standing` records (`engine.ricewars.records`) made
from a position, for the records that carry them (a fight's reveal and end, an auction, a
round's income and draw, the game's end) and for the daimyo boards of the app.

A module of its own because the cut-off fields are the peasant rule's (`peasants.
connected`), and `peasants` writes records itself.
"""

from __future__ import annotations

from engine.core import TERMINAL
from engine.ricewars.data import ADVISORS, CARDS
from engine.ricewars.economy import income_parts
from engine.ricewars.peasants import connected
from engine.ricewars.position import NEUTRAL, OVER, Position
from engine.ricewars.records import Held, Standing, seat_word


def standing(st: Position, s: int, waiting: bool = True) -> Standing:
    """Seat `s`'s standing in `st` now. `waiting=False` for a record told in the middle of
    an action (a fight's reveal and end, a reaction paid, an auction's bids): the seat in
    `st.cur` has just decided and the next decider is not known yet, so nobody is to act."""
    ids = st.board.ids
    fields = tuple(ids[f] for f in range(st.board.n) if st.owner[f] == s)
    linked = connected(st, s)
    cut = tuple(ids[f] for f in range(st.board.n) if st.owner[f] == s and not linked >> f & 1)
    due = st.adv_due[s]
    advisors = tuple(Held(ADVISORS[a].name, uses, a in due) for a, uses in st.held[s])
    waits = waiting and st.phase != OVER and st.cur != TERMINAL
    to_act = waits and (st.cur == s or (st.phase == NEUTRAL and s == st.neutral))
    return Standing(s, seat_word(st, s), fields, st.money[s], st.ash[s], st.ash_x[s],
                    st.ash_due[s], st.ron[s], st.ron_x[s], st.ron_due[s], cut, st.reserve[s],
                    st.supply[s], len(st.hands[s]),
                    tuple(CARDS[c].id for c in st.hands[s]), len(st.deck), len(st.discard),
                    advisors, st.passes[s],
                    st.used_service[s], s == st.governor, to_act,
                    income_parts(st, s))  # fmt: skip


def standings(st: Position, waiting: bool = True) -> tuple[Standing, ...]:
    """Every seat's standing in `st` now (`waiting`: as in `standing`)."""
    return tuple(standing(st, s, waiting) for s in range(st.seats))
