"""Phase 3 of a round, the imperial advisors' auction (Die Ratgeber), only in the two
rounds with the `auction` symbol.

Rule decisions (the rulebook leaves these open):

* Boards from an earlier auction leave the game with their markers; the governor draws
  3 (2 with 2-3 seats, the neutral counted) and picks the order.
* Players holding 2 advisors do not bid; nor does the neutral player. Bids are
  sequential actions from the governor clockwise; nobody sees another's bid before the
  reveal, and bids are not taken until then. A player without Ryo bids 0.
* All highest bidders pay and get 2 services, all second-highest pay and get 1; an
  advisor nobody bids on leaves the game. Advisor upkeep is due from the next hiring
  phase while a marker lies on it (see `engine.ricewars.advisors` for the services).
"""

from __future__ import annotations

from typing import Any

from engine.ricewars import actions as A
from engine.ricewars import records
from engine.ricewars.data import ADVISOR_INDEX, ADVISORS, MAX_ADVISORS
from engine.ricewars.economy import pay
from engine.ricewars.position import BID, NO_BID, PICK, Position
from engine.ricewars.rounds import start_actions
from engine.ricewars.standings import standings


def start_auction(st: Position) -> None:
    """Old advisor boards leave the game; the governor draws 3 (2 with 2-3 seats)."""
    for a in st.table:
        st.boxed_advisors.append(a)
    old = set(st.table)
    st.held = [tuple(h for h in held if h[0] not in old) for held in st.held]
    count = 2 if st.seats <= 3 else 3
    st.table = [st.adeck.pop() for _ in range(min(count, len(st.adeck)))]
    st.auction_left = tuple(st.table)
    if st.events is not None:
        names = tuple(ADVISORS[a].name for a in st.table)
        gone = tuple(ADVISORS[a].name for a in old)
        st.events.append(records.AuctionLots(st.round, names, gone))
    st.last_bids = ()
    if not st.auction_left:
        start_actions(st)
        return
    st.phase = PICK
    st.cur = st.governor


def open_bidding(st: Position, a: int) -> None:
    """Advisor `a` is auctioned: every player with room for an advisor bids in turn."""
    st.bidding = a
    st.auction_left = tuple(x for x in st.auction_left if x != a)
    st.bids = [NO_BID] * st.seats
    st.queue = tuple(s for s in st.humans_from(st.governor) if len(st.held[s]) < MAX_ADVISORS)
    st.phase = BID


def resolve_bids(st: Position) -> None:
    """Reveal: the highest bidders pay and get 2 services, the second highest 1."""
    a = st.bidding
    bids = st.bids
    amounts = sorted({b for b in bids if b > 0}, reverse=True)
    st.last_bids = (a, tuple(bids))
    if not amounts:
        st.table.remove(a)
        st.boxed_advisors.append(a)
    won = []
    for rank, amount in enumerate(amounts[:2]):
        for s in range(st.seats):
            if bids[s] == amount:
                pay(st, s, amount)
                st.held[s] = st.held[s] + ((a, 2 - rank),)
                won.append(records.Winner(s, records.seat_word(st, s), amount, 2 - rank))
    if st.events is not None:
        told = tuple(
            records.Bid(s, records.seat_word(st, s), bids[s]) for s in st.humans_from(st.governor)
        )
        st.events.append(records.Auction(st.round, ADVISORS[a].name, told, tuple(won),
                                         not amounts, standings(st, waiting=False)))  # fmt: skip
    st.bids = [NO_BID] * st.seats
    st.bidding = -1
    if len(st.auction_left) > 1:
        st.phase = PICK
        st.cur = st.governor
    elif st.auction_left:
        open_bidding(st, st.auction_left[0])
    else:
        start_actions(st)


def legal_pick(st: Position) -> list[Any]:
    """The advisors on the table not yet auctioned."""
    return [A.made(A.Auction, ADVISORS[a].id) for a in st.auction_left]


def apply_pick(st: Position, s: int, action: Any) -> None:
    """The governor puts an advisor up for auction."""
    a = ADVISOR_INDEX[action.advisor]
    if st.events is not None:
        st.events.append(records.AdvisorPicked(st.round, s, records.seat_word(st, s),
                                               ADVISORS[a].name))  # fmt: skip
    open_bidding(st, a)


def settle_pick(st: Position) -> bool:
    """The governor picks, unless one advisor is left."""
    if len(st.auction_left) == 1:
        open_bidding(st, st.auction_left[0])
        return False
    return True


def legal_bid(st: Position) -> list[Any]:
    """Any bid from 0 to all one's Ryo."""
    return [A.made(A.Bid, k) for k in range(st.money[st.cur] + 1)]


def apply_bid(st: Position, s: int, action: Any) -> None:
    """A sealed bid is placed."""
    st.bids[s] = action.amount
    st.queue = st.queue[1:]
    if st.events is not None:
        st.events.append(records.BidSealed(st.round, s, records.seat_word(st, s),
                                           ADVISORS[st.bidding].name, action.amount))  # fmt: skip


def settle_bid(st: Position) -> bool:
    """The next bidder with Ryo (the others bid 0); after the last, the reveal."""
    while st.queue and st.money[st.queue[0]] == 0:
        st.bids[st.queue[0]] = 0
        st.queue = st.queue[1:]
    if st.queue:
        st.cur = st.queue[0]
        return True
    resolve_bids(st)
    return False
