"""Phase 2 of a round, hiring and upkeep of the servants (Einstellung der Diener), and the
servants' two sides: active (ready to fight) and exhausted (turned grey after a fight).

Rule decisions (the rulebook leaves these open):

* In their hiring turn, from the governor clockwise, players hire (peasant 1, ashigaru 2,
  ronin 4 Ryo, from the finite supply) and pay upkeep (ashigaru 2, ronin 4, an advisor's
  upkeep) in any order; `done` sends what is unpaid back (servants to the supply, the
  advisor's service marker off its board). Paying a servant makes it active again:
  exhausted troops recover by being paid. A player without Ryo finishes the hiring turn
  automatically. Peasants hired earlier cost no upkeep.
* In a round with the `auction` symbol the boards of the last auction leave the game when
  the auction begins (`engine.ricewars.auction`), so their upkeep is not owed in that
  round's hiring: it is not offered, and paying it is refused with that reason (it would
  be money lost for nothing). Their markers stay until the auction.
* The neutral player (scenario) pays nothing: it takes 3 peasants a round from its pool
  of 9 and one ashigaru a round (at most 2), all active.
"""

from __future__ import annotations

from typing import Any

from engine.ricewars import actions as A
from engine.ricewars.auction import start_auction
from engine.ricewars.data import (
    ADVISOR_INDEX,
    ADVISORS,
    ASHIGARU_COST,
    NEUTRAL_MAX_ASHIGARU,
    NEUTRAL_PEASANTS_PER_ROUND,
    PEASANT_COST,
    RONIN_COST,
)
from engine.ricewars.economy import pay
from engine.ricewars.position import Position
from engine.ricewars.records import Hiring, HiringEnd, NeutralHiring, seat_word
from engine.ricewars.rounds import start_actions
from engine.ricewars.standings import standing


def exhaust(st: Position, s: int, ashigaru: int, ronin: int) -> None:
    """Seat `s`'s active troops that go into a fight turn to their exhausted side."""
    st.ash[s] -= ashigaru
    st.ash_x[s] += ashigaru
    st.ron[s] -= ronin
    st.ron_x[s] += ronin


def refresh(st: Position, s: int) -> None:
    """Every exhausted troop of seat `s` is active again (Yasumi, Souryo)."""
    st.ash[s] += st.ash_x[s]
    st.ron[s] += st.ron_x[s]
    st.ash_x[s] = st.ron_x[s] = 0


# The hiring actions, made once (a search lists them at every step of a hiring turn).
_DONE, _PAY_ASHIGARU, _PAY_RONIN = A.Done(), A.Pay("ashigaru"), A.Pay("ronin")
_HIRE_PEASANT, _HIRE_ASHIGARU, _HIRE_RONIN = A.Hire("peasant"), A.Hire("ashigaru"), A.Hire("ronin")


def legal_hire(st: Position) -> list[Any]:
    """What the hiring player can still afford: upkeep owed, servants in the supply, done."""
    s = st.cur
    m = st.money[s]
    out: list[Any] = [_DONE]
    if st.ash_due[s] and m >= ASHIGARU_COST:
        out.append(_PAY_ASHIGARU)
    if st.ron_due[s] and m >= RONIN_COST:
        out.append(_PAY_RONIN)
    for a in st.adv_due[s]:
        if m >= ADVISORS[a].upkeep:
            out.append(A.made(A.Pay, ADVISORS[a].id))
    if m >= PEASANT_COST and st.supply[s] > 0:
        out.append(_HIRE_PEASANT)
    if m >= ASHIGARU_COST and st.supply_ash > 0:
        out.append(_HIRE_ASHIGARU)
    if m >= RONIN_COST and st.supply_ron > 0:
        out.append(_HIRE_RONIN)
    return out


def apply_hire(st: Position, s: int, action: Any) -> None:
    """Hire a servant, pay one's upkeep, or finish the hiring turn."""
    if isinstance(action, A.Done):
        finish_hiring(st, s)
        st.cur = -1
        return
    if isinstance(action, A.Hire):
        what = action.kind
        if what == "peasant":
            cost = PEASANT_COST
            st.supply[s] -= 1
            st.reserve[s] += 1
        elif what == "ashigaru":
            cost = ASHIGARU_COST
            st.supply_ash -= 1
            st.ash[s] += 1
        else:
            cost = RONIN_COST
            st.supply_ron -= 1
            st.ron[s] += 1
        pay(st, s, cost)
        if st.events is not None:
            st.events.append(Hiring(st.round, s, seat_word(st, s), what, False, cost))
        return
    what = action.what
    if what == "ashigaru":
        cost = ASHIGARU_COST
        st.ash_due[s] -= 1
        st.ash[s] += 1
    elif what == "ronin":
        cost = RONIN_COST
        st.ron_due[s] -= 1
        st.ron[s] += 1
    else:
        a = ADVISOR_INDEX[what]
        cost = ADVISORS[a].upkeep
        what = ADVISORS[a].name
        due = list(st.adv_due[s])
        due.remove(a)
        st.adv_due[s] = tuple(due)
    pay(st, s, cost)
    if st.events is not None:
        st.events.append(Hiring(st.round, s, seat_word(st, s), what, True, cost))


def settle_hire(st: Position) -> bool:
    """The hiring player decides while holding Ryo; else the next hirer (or the phase ends)."""
    if st.cur >= 0 and hiring_open(st, st.cur):
        return True
    next_hirer(st)
    return False


def hiring_open(st: Position, s: int) -> bool:
    """True while `s` can still decide something in its hiring turn."""
    if st.money[s] > 0:
        return True
    # Nothing affordable: what is owed leaves.
    finish_hiring(st, s)
    return False


def next_hirer(st: Position) -> None:
    """The next seat's hiring turn (the neutral's is automatic); after the last, the
    auction in `auction` rounds, else the action phase."""
    if not st.queue:
        st.cur = -1
        if st.auction_round():
            start_auction(st)
        else:
            start_actions(st)
        return
    s = st.queue[0]
    st.queue = st.queue[1:]
    if s == st.neutral:
        take = min(NEUTRAL_PEASANTS_PER_ROUND, st.supply[s])
        st.supply[s] -= take
        st.reserve[s] += take
        st.ash[s] += st.ash_x[s]
        st.ash_x[s] = 0
        hired = 0
        if st.ash[s] < NEUTRAL_MAX_ASHIGARU and st.supply_ash > 0:
            st.ash[s] += 1
            st.supply_ash -= 1
            hired = 1
        if st.events is not None:
            st.events.append(NeutralHiring(st.round, take, hired, standing(st, s)))
        st.cur = -1
        return
    # Everything hired before this round is owed again; paying makes it active.
    st.ash_due[s] = st.ash[s] + st.ash_x[s]
    st.ron_due[s] = st.ron[s] + st.ron_x[s]
    st.ash[s] = st.ash_x[s] = st.ron[s] = st.ron_x[s] = 0
    # An advisor of the last auction leaves at this round's auction: no upkeep is owed
    # (paying it would be money lost for nothing), its marker stays until the auction.
    leaving = set(st.table) if st.auction_round() else set()
    st.adv_due[s] = tuple(a for a, _ in st.held[s] if a not in leaving)
    st.cur = s


def finish_hiring(st: Position, s: int) -> None:
    """Unpaid servants return to the supply; unpaid advisors lose the service marker."""
    if st.events is not None:
        left = []
        if st.ash_due[s]:
            left.append(f"{st.ash_due[s]} ashigaru")
        if st.ron_due[s]:
            left.append(f"{st.ron_due[s]} ronin")
        left.extend(ADVISORS[a].name for a in st.adv_due[s])
        st.events.append(HiringEnd(st.round, s, seat_word(st, s), tuple(left)))
    st.supply_ash += st.ash_due[s]
    st.supply_ron += st.ron_due[s]
    st.ash_due[s] = st.ron_due[s] = 0
    if st.adv_due[s]:
        gone = set(st.adv_due[s])
        st.held[s] = tuple(h for h in st.held[s] if h[0] not in gone)
        st.adv_due[s] = ()
