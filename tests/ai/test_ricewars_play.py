"""Rice Wars' search levels play the whole game: they bid when a lot is worth it and
defend with a card when that saves the field (constructed positions)."""

from __future__ import annotations

import random

from ai.base import Budget
from ai.games.ricewars import SEARCH_ADAPTER
from ai.registry import make_bot
from engine.ricewars.data import ADVISOR_INDEX, CARDS
from engine.ricewars.state import BID, MODIFY, RiceWarsState
from tests.engine.ricewars.helpers import (
    card_of,
    field_ids,
    new,
    play,
    ready,
    set_hand,
    set_money,
    set_troops,
)


def _auction(advisor: str, money: int) -> RiceWarsState:
    """The first auction's first bid, on `advisor`, by a bidder holding `money` Ryo."""
    st = new(3, seed=2)
    while st.phase != BID:
        legal = st.legal_actions()
        done = [a for a in legal if str(a) in ("done", "pass", "stay")]
        st.apply(done[0] if done else legal[0])
    st.bidding = ADVISOR_INDEX[advisor]
    set_money(st, st.cur, money)
    return st


def _bid(st: RiceWarsState, level: str) -> int:
    bot = make_bot(level, "ricewars")
    action = bot.choose(st.observation(st.cur), st.legal_actions(), random.Random(1), Budget())
    return action.amount


def test_normal_and_hard_bid_for_a_lot_worth_more_than_its_price() -> None:
    # Given the Kanjou bugyou (4 Ryo from the bank per service, upkeep 1) up for auction
    st = _auction("kanjou", 12)
    worth = SEARCH_ADAPTER.lot_worth(st, st.cur, ADVISOR_INDEX["kanjou"], 2)
    top = worth / SEARCH_ADAPTER.ryo(st)
    for level in ("normal", "hard"):
        # When the bidder decides
        amount = _bid(st, level)
        # Then it bids, and never more than the lot is worth to it
        assert 0 < amount <= top, (level, amount, top)


def test_no_bid_for_a_lot_whose_upkeep_outweighs_its_services() -> None:
    # Given the Jojutsu no shishou (+3 in duels only, upkeep 1) up for auction
    st = _auction("jojutsu", 12)
    assert SEARCH_ADAPTER.lot_worth(st, st.cur, ADVISOR_INDEX["jojutsu"], 2) <= 0
    # When the bidder decides, then it keeps its money
    assert _bid(st, "hard") == 0


def _attacked(attacking_ashigaru: int) -> tuple[RiceWarsState, int]:
    """A combat's last bonus step: the defender (no troops) holds one card of bonus 2."""
    st = ready(3, seed=1)
    s, o = st.cur, (st.cur + 1) % 3
    set_troops(st, s, ash=attacking_ashigaru)
    set_troops(st, o)
    set_hand(st, s)
    set_hand(st, o, CARDS[card_of("houka", 2)].id)
    target = field_ids(st, st.own[o])[0]
    play(st, f"attack {target} a{attacking_ashigaru} r0", "defend a0 r0", "stop")
    assert st.phase == MODIFY and st.cur == o
    return st, o


def test_the_defender_plays_a_card_that_saves_its_field() -> None:
    # Given an attack of strength 2 on a defence of 1, and a card of bonus 2 in hand
    st, o = _attacked(1)
    assert st.strength(0) == st.strength(1) + 1
    for level in ("normal", "hard@3000"):
        bot = make_bot(level, "ricewars")
        # When the defender takes its last bonus step
        action = bot.choose(st.observation(o), st.legal_actions(), random.Random(1), Budget())
        # Then it plays the card face down
        assert str(action).startswith("bonus"), level


def test_the_defender_keeps_a_card_that_cannot_save_its_field() -> None:
    # Given an attack of strength 4 on a defence of 1: a bonus of 2 cannot turn it
    st, o = _attacked(2)
    assert st.strength(0) >= st.strength(1) + 3
    bot = make_bot("hard@3000", "ricewars")
    # When the defender takes its last bonus step, then it stops and keeps the card
    action = bot.choose(st.observation(o), st.legal_actions(), random.Random(1), Budget())
    assert str(action) == "stop"


def test_a_bid_does_not_depend_on_a_rival_purse_it_cannot_see() -> None:
    # Given two auctions that differ only in a rival's Ryo within one public bracket (5-9)
    bids = []
    for rival_ryo in (5, 9):
        st = _auction("kanjou", 12)
        rival = next(q for q in st.queue if q != st.cur)
        set_money(st, rival, rival_ryo)
        # When the bidder decides
        bids.append(_bid(st, "hard"))
    # Then it bids the same
    assert bids[0] == bids[1]
