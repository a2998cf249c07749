"""Audit: the advisors' auction (rulebook "3. Die Ratgeber")."""

from __future__ import annotations

from engine.ricewars.data import ADVISOR_INDEX
from engine.ricewars.state import BID, HIRE, PICK
from tests.engine.ricewars.helpers import new, pass_round, play, ready, set_money


def _auction(players: int, seed: int = 2):
    """Round 2 (an auction round), hiring done, the governor picking."""
    st = ready(players, seed)
    pass_round(st)
    while st.phase == HIRE:
        play(st, "done")
    assert st.phase == PICK and "auction" in st.symbols()
    return st


def _bid_all(st, bids: dict[int, int]) -> None:
    while st.phase == BID:
        play(st, f"bid {bids.get(st.cur, 0)}")


def test_three_advisors_with_four_players_two_with_three_and_in_the_scenario() -> None:
    # "Der Statthalter lost 3 Ratgeber-Tafeln aus (2 bei einem Spiel fuer 2 und 3 Spieler)"
    assert len(_auction(4).table) == 3
    assert len(_auction(3).table) == 2
    st = ready(2, seed=6)
    pass_round(st)
    while st.phase == HIRE:
        play(st, "done")
    assert st.phase == PICK and len(st.table) == 2


def test_the_governor_chooses_the_order_of_the_advisors() -> None:
    st = _auction(4)
    assert st.cur == st.governor
    assert {a.advisor for a in st.legal_actions()} == {
        adv for adv in ADVISOR_INDEX if ADVISOR_INDEX[adv] in st.table
    }


def test_tied_highest_bids_all_get_two_services_and_the_next_bid_one() -> None:
    # Given 4 players with 5 Ryo each
    st = _auction(4)
    for s in range(4):
        set_money(st, s, 5)
    p0, p1, p2, p3 = ((st.governor + k) % 4 for k in range(4))
    play(st, str(st.legal_actions()[0]))
    a = st.bidding
    # When three players bid 3 and one bids 1
    _bid_all(st, {p0: 3, p1: 3, p2: 3, p3: 1})
    # Then the three pay 3 and get two services, the fourth pays 1 and gets one
    assert [st.held[s] for s in (p0, p1, p2)] == [((a, 2),)] * 3
    assert st.held[p3] == ((a, 1),)
    assert [st.money[s] for s in (p0, p1, p2, p3)] == [2, 2, 2, 4]


def test_third_place_pays_nothing_and_gets_nothing() -> None:
    st = _auction(4)
    for s in range(4):
        set_money(st, s, 5)
    p0, p1, p2, p3 = ((st.governor + k) % 4 for k in range(4))
    play(st, str(st.legal_actions()[0]))
    a = st.bidding
    _bid_all(st, {p0: 4, p1: 2, p2: 2, p3: 1})
    assert st.held[p0] == ((a, 2),)
    assert st.held[p1] == st.held[p2] == ((a, 1),)
    assert st.held[p3] == () and st.money[p3] == 5
    assert [st.money[s] for s in (p0, p1, p2)] == [1, 3, 3]


def test_a_player_holds_at_most_two_advisors() -> None:
    # Given a player who wins the first two advisors of an auction of three
    st = _auction(4)
    s = (st.governor + 1) % 4
    set_money(st, s, 9)
    for _ in range(2):
        play(st, str(st.legal_actions()[0]))
        _bid_all(st, {s: 1})
    assert len(st.held[s]) == 2
    # When the third advisor is auctioned / Then that player does not bid
    bidders = []
    while st.phase == BID:
        bidders.append(st.cur)
        play(st, "bid 0")
    assert s not in bidders and len(st.held[s]) == 2


def test_the_auction_happens_in_exactly_two_rounds_on_either_side() -> None:
    # "Diese Phase kommt zweimal im Spiel vor"
    for players, side in ((3, "quick"), (3, "epic")):
        track = new(players, seed=1, side=side).board.track
        assert sum("auction" in symbols for symbols in track) == 2
