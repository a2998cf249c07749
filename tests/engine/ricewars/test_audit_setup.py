"""Audit: setup, income and hiring (rulebook "Spielvorbereitung", "Bauernregel",
"1. Gewinnabrechnung", "2. Einstellung der Diener")."""

from __future__ import annotations

from engine.ricewars.actions import parse_action
from engine.ricewars.data import ADVISOR_INDEX, START_MONEY
from engine.ricewars.state import HIRE, MOVE, PALACE, SETUP_PEASANT
from tests.engine.ricewars.helpers import (
    clear,
    neighbours,
    new,
    pass_round,
    play,
    put,
    ready,
    set_hand,
    set_money,
)


def test_quick_side_three_players_two_cards_two_peasants_money_by_colour() -> None:
    # Given a fresh 3-player game on the quick side
    st = new(3, seed=11)
    g = st.governor
    order = [(g + k) % 3 for k in range(3)]
    # Then each has 2 cards, 2 peasants waiting to be placed and Ryo by colour (black 7)
    assert [len(st.hands[s]) for s in order] == [2, 2, 2]
    assert [st.reserve[s] for s in order] == [2, 2, 2]
    assert [st.colour[s] for s in order] == ["red", "yellow", "black"]
    assert [st.money[s] for s in order] == [5, 6, 7]
    assert len(st.deck) == 55 - 6


def test_the_governors_move_keeps_two_free_fields_to_every_other_palace() -> None:
    st = new(4, seed=12)
    while st.phase == PALACE:
        play(st, str(st.legal_actions()[-1]))
    assert st.phase == MOVE and st.cur == st.governor
    others = [p for s, p in enumerate(st.palace) if s != st.governor]
    moves = [a for a in st.legal_actions() if str(a) != "stay"]
    assert moves
    for action in moves:
        f = st.field(action.field)
        assert f in st.board.sites and f != st.palace[st.governor]
        assert min(st.board.dist[f][p] for p in others) >= 3


def test_starting_peasants_go_clockwise_one_round_at_a_time() -> None:
    st = new(3, seed=13)
    while st.phase in (PALACE, MOVE):
        play(st, "stay" if st.phase == MOVE else str(st.legal_actions()[0]))
    seats = []
    while st.phase == SETUP_PEASANT:
        seats.append(st.cur)
        play(st, str(st.legal_actions()[0]))
    g = st.governor
    assert seats == [(g + k) % 3 for k in range(3)] * 2


def test_a_peasant_linked_only_through_a_foreign_peasant_earns_nothing() -> None:
    # Given a player whose peasant touches the palace only through an opponent's peasant
    st = ready(3, seed=1)
    s = st.governor
    other = (s + 1) % 3
    clear(st, s)
    palace = st.fid(st.palace[s])
    step, beyond = next(
        (step, n)
        for step in neighbours(st, palace)
        if st.owner[st.field(step)] < 0
        for n in neighbours(st, step)
        if st.owner[st.field(n)] < 0
        and st.field(n) not in st.palace
        and st.board.dist[st.field(n)][st.palace[s]] == 2
    )
    put(st, other, step)
    put(st, s, beyond)
    # Then it is not connected and only the palace earns (round 2: no bonus)
    st.round = 2
    assert st.connected(s) == 0
    assert st.income(s) == 2
    # ... and no peasant may be placed next to it
    assert not st.peasant_fields(s) >> st.field(beyond) & 1
    for n in neighbours(st, beyond):
        assert not st.peasant_fields(s) >> st.field(n) & 1


def test_the_blessed_field_earns_three_on_the_epic_side() -> None:
    st = new(5, seed=1)
    assert max(st.board.blessed) == 3 and sorted(st.board.blessed)[-2] == 0
    assert st.board.rounds == 8 and st.board.start_peasants == 3


def test_a_hired_peasant_needs_no_upkeep() -> None:
    # Given a peasant hired in round 1 and still on the daimyo board
    st = ready(3, seed=2)
    s = st.governor
    st.reserve[s] += 1
    st.supply[s] -= 1
    reserve = st.reserve[s]
    set_hand(st, s)
    pass_round(st)
    while st.cur != s:
        play(st, "done")
    set_money(st, s, 3)
    # Then nothing is owed for it and it stays after the hiring ends
    assert not any(str(a).startswith("pay") for a in st.legal_actions())
    play(st, "done")
    assert st.reserve[s] == reserve and st.money[s] == 3


def test_an_unpaid_advisor_loses_the_service_marker() -> None:
    st = ready(3, seed=4)
    s = (st.governor + 1) % 3
    geisha = ADVISOR_INDEX["geisha"]
    st.adeck.remove(geisha)  # won at an auction whose table is gone
    st.boxed_advisors.append(geisha)
    st.held[s] = ((geisha, 2),)
    pass_round(st)
    while not (st.phase == HIRE and st.cur == s):
        play(st, "done")
    set_money(st, s, 3)
    assert "pay geisha" in {str(a) for a in st.legal_actions()}
    play(st, "done")
    assert st.held[s] == () and st.money[s] == 3


def test_upkeep_of_an_advisor_the_auction_discards_is_refused() -> None:
    # Given a player holding Geisha from the last auction, in the hiring of an auction round
    st = ready(3, seed=4)
    s = (st.governor + 1) % 3
    geisha = ADVISOR_INDEX["geisha"]
    st.table = [geisha]
    st.adeck.remove(geisha)
    st.held[s] = ((geisha, 2),)
    pass_round(st)
    assert "auction" in st.symbols()
    while not (st.phase == HIRE and st.cur == s):
        play(st, "done")
    set_money(st, s, 3)
    # Then its upkeep is not offered, and paying it is refused with the reason
    assert "pay geisha" not in {str(a) for a in st.legal_actions()}
    reason = st.why_illegal(parse_action("pay geisha"))
    assert reason is not None and "lost for nothing" in reason
    # When the hiring ends, no Ryo was spent on it and the auction takes the board away
    play(st, "done")
    assert st.money[s] == 3
    while st.phase == HIRE:
        play(st, "done")
    assert all(h[0] != geisha for h in st.held[s]) and geisha in st.boxed_advisors


def test_income_is_paid_to_everyone_at_the_start_of_each_round() -> None:
    # Given round 1 (a +3 round) at its action phase, each player with 2 connected peasants
    st = ready(3, seed=3)
    assert "income3" in st.symbols()
    assert [st.connected(s).bit_count() for s in range(3)] == [2, 2, 2]
    # ... who were paid 2 + 2 + 3 on top of their starting Ryo
    assert [st.money[s] for s in range(3)] == [START_MONEY[st.colour[s]] + 7 for s in range(3)]
    before = list(st.money)
    # When round 2 begins (no bonus)
    pass_round(st)
    # Then everyone got palace 2 + 2 peasants, before anyone hired
    assert st.round == 2 and st.phase == HIRE and "income3" not in st.symbols()
    assert [st.money[s] - before[s] for s in range(3)] == [4, 4, 4]
