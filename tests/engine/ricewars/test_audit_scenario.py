"""Audit: the 2-player scenario "Ein umstaendlicher Nachbar" (the neutral player)."""

from __future__ import annotations

from engine.ricewars.state import ACTION, BID, HIRE, NEUTRAL, OVER, PICK
from tests.engine.ricewars.helpers import field_ids, pass_round, play, put, ready, set_troops


def _next_round(st) -> None:
    pass_round(st)
    while st.phase in (HIRE, PICK, BID):
        legal = st.legal_actions()
        st.apply(next((a for a in legal if str(a) in ("done", "bid 0")), legal[0]))


def test_the_neutral_has_no_money_no_cards_and_never_bids() -> None:
    st = ready(2, seed=6)
    assert st.money[2] == 0 and st.hands[2] == () and st.income(2) == 0
    pass_round(st)
    while st.phase == HIRE:
        play(st, "done")
    assert st.phase == PICK
    play(st, str(st.legal_actions()[0]))
    bidders = []
    while st.phase == BID:
        bidders.append(st.cur)
        play(st, "bid 0")
    assert set(bidders) == {0, 1}  # both advisors, each bid by the two players only
    assert st.money[2] == 0 and st.hands[2] == ()


def test_three_peasants_a_round_from_a_pool_of_nine() -> None:
    # Given the scenario at round 1's actions: 2 peasants placed, 3 received, 6 in the pool
    st = ready(2, seed=6)
    assert (st.own[2].bit_count(), st.reserve[2], st.supply[2]) == (2, 3, 6)
    # When rounds 2 and 3 begin / Then 3 more each, and then the pool is empty
    _next_round(st)
    assert st.supply[2] == 3 and st.own[2].bit_count() + st.reserve[2] == 8
    _next_round(st)
    assert st.supply[2] == 0 and st.own[2].bit_count() + st.reserve[2] == 11
    _next_round(st)
    assert st.supply[2] == 0 and st.own[2].bit_count() + st.reserve[2] == 11


def test_the_neutrals_ashigaru_are_made_active_and_never_more_than_two() -> None:
    st = ready(2, seed=6)
    st.ash[2], st.ash_x[2] = 0, 2
    st.supply_ash -= 1
    _next_round(st)
    assert (st.ash[2], st.ash_x[2]) == (2, 0)


def test_neutral_peasants_are_placed_after_both_players_passed() -> None:
    # Given the neutral with 3 peasants to place and both players passing at once
    st = ready(2, seed=6)
    g = st.governor
    placers = []
    while st.phase in (ACTION, NEUTRAL):
        if st.phase == NEUTRAL:
            placers.append(st.cur)
            # the placer places it by the peasant rule for the neutral
            assert all(st.peasant_fields(2) >> st.field(a.field) & 1 for a in st.legal_actions())
            st.apply(st.legal_actions()[0])
        else:
            play(st, "pass")
    # Then all three were placed, alternately from the governor
    assert placers == [g, 1 - g, g] and st.reserve[2] == 0


def test_the_neutral_is_never_governor_and_the_game_ends_after_round_seven() -> None:
    st = ready(2, seed=7)
    governors = []
    while st.phase != OVER:
        governors.append(st.governor)
        _next_round(st)
    assert 2 not in governors and len(set(governors)) == 2
    assert st.round == 7


def test_the_neutral_wins_with_the_most_fields() -> None:
    st = ready(2, seed=6)
    free = [st.fid(f) for f in range(st.board.n) if st.owner[f] < 0 and f not in st.palace]
    put(st, 2, free[0])
    assert st.winners() == []
    put(st, 0, free[1], free[2])
    assert st.winners() == [0]


def test_the_neutral_defends_with_its_ashigaru_only_when_active() -> None:
    st = ready(2, seed=6)
    att = st.cur
    set_troops(st, att, ash=1)
    st.ash[2], st.ash_x[2] = 0, 1
    target = field_ids(st, st.own[2])[0]
    play(st, f"attack {target} a1 r0")
    assert st.fight["troops"][1] == (0, 0) and st.cur == att


def test_the_strongest_defence_is_the_largest_troop_the_rules_let_defend() -> None:
    from engine.ricewars.fight import NEUTRAL_CARD_ESTIMATE, strongest_defence, troop_strength

    # Given a 2-player game: the other player with 3 active ashigaru and 2 ronin, the
    # neutral with 2 active ashigaru
    st = ready(2, seed=6)
    att = st.cur
    other = 1 - att
    set_troops(st, other, ash=3, ron=2)
    st.ash[2] = 2
    theirs = st.field(field_ids(st, st.own[other])[0])
    neutral = st.field(field_ids(st, st.own[2])[0])
    # Then a player's field may meet all its ashigaru and one ronin with the peasant
    assert strongest_defence(st, theirs) == troop_strength(1, 3, 1, False)
    # ... and the neutral's one ashigaru, the peasant and its card drawn face down
    assert strongest_defence(st, neutral) == troop_strength(1, 1, 0, False) + NEUTRAL_CARD_ESTIMATE
