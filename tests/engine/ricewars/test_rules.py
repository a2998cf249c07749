"""Setup, the five phases, combat, duel, the end and the 2-player scenario."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalActionError
from engine.ricewars import SPEC
from engine.ricewars.data import ADVISOR_INDEX, CARDS
from engine.ricewars.state import (
    ACTION,
    BID,
    HIRE,
    MOVE,
    NEUTRAL,
    OVER,
    PALACE,
    PICK,
    SEALED,
    SETUP_PEASANT,
)
from tests.engine.ricewars.helpers import (
    board,
    card,
    clear,
    field_ids,
    neighbours,
    new,
    pass_round,
    play,
    put,
    ready,
    set_hand,
    set_money,
    set_troops,
    stack_deck,
)

# ---------------------------------------------------------------- setup


def test_board_side_follows_the_player_count() -> None:
    # Given the two sides / Then 5 players need the epic side and 2 the quick one
    with pytest.raises(ValueError, match="epic"):
        SPEC.new_game(5, 1, None, board("quick"))
    with pytest.raises(ValueError, match="quick"):
        SPEC.new_game(2, 1, None, board("epic"))
    with pytest.raises(ValueError, match="settings"):
        SPEC.new_game(3, 1, {"board": "epic"}, board("quick"))
    assert new(4).board.rounds == 7 and new(5).board.rounds == 8


def test_colours_and_money_go_clockwise_from_the_governor() -> None:
    # Given a 4-player game / Then the third seat from the governor is black with 7 Ryo
    st = new(4, seed=9)
    third = (st.governor + 2) % 4
    assert st.colour[st.governor] == "red" and st.colour[third] == "black"
    assert st.money[third] == 7 and st.money[st.governor] == 5


def test_palaces_on_sites_two_free_fields_apart_and_the_governor_may_move() -> None:
    # Given a 3-player game in setup
    st = new(3, seed=5)
    assert st.phase == PALACE and st.cur == st.governor
    sites = {st.fid(f) for f in st.board.sites}
    assert {str(a).split()[1] for a in st.legal_actions()} == sites
    # When the governor builds a palace
    first = sorted(sites)[0]
    play(st, f"palace {first}")
    # Then no other palace may stand within two fields of it
    for action in st.legal_actions():
        f = st.field(action.field)
        assert st.board.dist[f][st.field(first)] >= 3
    near = next(s for s in sites if 0 < st.board.dist[st.field(s)][st.field(first)] < 3)
    with pytest.raises(IllegalActionError, match="too close"):
        play(st, f"palace {near}")
    with pytest.raises(IllegalActionError, match="not a palace site"):
        play(st, f"palace {st.fid(next(f for f in range(37) if f not in st.board.sites))}")
    play(st, str(st.legal_actions()[0]))
    play(st, str(st.legal_actions()[0]))
    # Then the governor may move the palace, keeping the spacing
    assert st.phase == MOVE and st.cur == st.governor
    assert str(st.legal_actions()[0]) == "stay"
    target = str(st.legal_actions()[1])
    play(st, target)
    assert st.fid(st.palace[st.governor]) == target.split()[1]
    assert st.phase == SETUP_PEASANT


def test_starting_peasants_one_at_a_time_by_the_peasant_rule() -> None:
    # Given palaces placed on the epic side (3 peasants each)
    st = new(4, seed=3, side="epic")
    while st.phase in (PALACE, MOVE):
        st.apply(st.legal_actions()[0])
    order = [(st.governor + k) % 4 for k in range(4)] * 3
    # When everyone places peasants / Then clockwise from the governor, three rounds
    for seat in order:
        assert st.phase == SETUP_PEASANT and st.cur == seat
        assert all(st.peasant_fields(seat) >> st.field(a.field) & 1 for a in st.legal_actions())
        st.apply(st.legal_actions()[0])
    assert st.phase == HIRE and st.round == 1
    assert all(st.own[s].bit_count() == 3 and st.reserve[s] == 0 for s in range(4))


# ---------------------------------------------------------------- income and hiring


def test_income_palace_connected_peasants_blessed_field_and_round_bonus() -> None:
    # Given a player with a connected peasant chain onto the blessed field and a cut-off one
    st = ready(3, seed=1)
    s = st.governor
    clear(st, s)
    blessed = st.fid(st.board.blessed.index(2))
    path = _path(st, st.fid(st.palace[s]), blessed)
    put(st, s, *path)
    far = next(
        f for f in range(st.board.n) if st.owner[f] < 0 and st.board.dist[f][st.palace[s]] > 6
    )
    put(st, s, st.fid(far))
    # Then income is palace 2 + 1 per connected peasant + 2 for the blessed field (+3 round 1)
    assert st.connected(s).bit_count() == len(path)
    assert st.income(s) == 2 + (len(path) - 1) + 2 + 3
    st.round = 2
    assert st.income(s) == 2 + (len(path) - 1) + 2


@pytest.mark.parametrize(("players", "side", "seed"), [(3, "quick", 4), (5, "epic", 1)])
def test_the_income_told_item_by_item_adds_up_to_the_income_paid(
    players: int, side: str, seed: int
) -> None:
    from engine.ricewars.economy import group_income, income_parts

    # Given the positions of a random game (the epic side's blessed field pays 3)
    st = new(players, seed=seed, side=side)
    rng = random.Random(seed)
    seen = 0
    while not st.is_terminal():
        for s in range(st.n):
            # Then the story's parts, and the group's income the bots value, are the income
            parts = income_parts(st, s)
            assert sum(p.amount for p in parts) == st.income(s)
            if st.palace[s] >= 0:
                bonus = 3 if "income3" in st.symbols() else 0
                assert group_income(st.board, st.connected(s)) + bonus == st.income(s)
                seen += any(p.what.startswith("blessed") for p in parts)
        st.apply(rng.choice(st.legal_actions()))
    assert seen  # a blessed field was held


def _path(st, start: str, goal: str) -> list[str]:
    """Fields from a neighbour of `start` to `goal` (shortest), avoiding palaces."""
    g = st.field(goal)
    at = st.field(start)
    out = []
    while at != g:
        at = min(
            (f for f in range(st.board.n) if st.board.adj[at] >> f & 1 and f not in st.palace),
            key=lambda f: st.board.dist[f][g],
        )
        out.append(st.fid(at))
    return out


def test_paying_upkeep_reactivates_troops_and_unpaid_ones_leave() -> None:
    # Given a player with an exhausted ashigaru and an exhausted ronin from round 1
    st = ready(3, seed=2)
    s = st.governor
    set_troops(st, s, ash=1, ron=1)
    st.ash[s], st.ash_x[s], st.ron[s], st.ron_x[s] = 0, 1, 0, 1
    pass_round(st)
    assert st.phase == HIRE and st.cur == st.governor
    while st.cur != s:
        play(st, "done")
    set_money(st, s, 5)
    # When the ashigaru is paid and the hiring ends
    play(st, "pay ashigaru")
    with pytest.raises(IllegalActionError):
        play(st, "pay ronin")  # 3 Ryo left, the ronin costs 4
    play(st, "done")
    # Then the ashigaru is active again and the ronin has left
    assert (st.ash[s], st.ash_x[s], st.ron[s], st.ron_x[s]) == (1, 0, 0, 0)


def test_hiring_takes_from_the_finite_supply() -> None:
    # Given an empty ronin supply
    st = ready(3, seed=2)
    pass_round(st)
    st.supply_ron = 0
    set_money(st, st.cur, 20)
    # Then no ronin can be hired, ashigaru can
    texts = [str(a) for a in st.legal_actions()]
    assert "hire ronin" not in texts and "hire ashigaru" in texts


# ---------------------------------------------------------------- auction


def _to_auction(players: int = 4, seed: int = 2):
    st = ready(players, seed)
    pass_round(st)
    while st.phase == HIRE:
        play(st, "done")
    return st


def test_sealed_bids_are_hidden_until_the_reveal() -> None:
    # Given an auction with the first bid made
    st = _to_auction()
    assert st.phase == PICK and len(st.table) == 3
    play(st, str(st.legal_actions()[0]))
    first = st.cur
    play(st, "bid 3")
    second = st.cur
    # Then the next bidder sees that a bid was made, not how much
    obs = st.observation(second)
    assert obs.bids[first] == SEALED and obs.bids[second] == -1
    det = obs.determinize(random.Random(1))
    assert 0 <= det.bids[first] <= det.money[first]
    assert st.observation(first).bids[first] == 3


def test_nobody_bids_the_advisor_leaves_and_two_advisors_is_the_limit() -> None:
    # Given an auction in which one player already holds two advisors
    st = _to_auction()
    rich = (st.governor + 1) % 4
    others = [a for a in range(8) if a not in st.table and a not in st.adeck[-2:]]
    st.held[rich] = ((others[0], 1), (others[1], 1))
    play(st, str(st.legal_actions()[0]))
    advisor = st.bidding
    # Then that player does not bid; when nobody bids the advisor leaves the game
    bidders = []
    while st.phase == BID:
        bidders.append(st.cur)
        play(st, "bid 0")
    assert rich not in bidders and len(bidders) == 3
    assert advisor in st.boxed_advisors and advisor not in st.table


def test_the_next_auction_removes_the_old_advisors() -> None:
    # Given a player holding a service of the first auction's advisor
    st = _to_auction(3, seed=4)
    play(st, str(st.legal_actions()[0]))
    advisor = st.bidding
    s = st.cur
    set_money(st, s, 5)
    while st.bidding == advisor:
        play(st, "bid 1" if st.cur == s else "bid 0")
    assert st.held[s] == ((advisor, 2),)
    # When the second auction round (5 on the quick side) comes
    while st.round < 5 or st.phase != PICK:
        legal = st.legal_actions()
        pay = [a for a in legal if str(a).startswith("pay")]
        st.apply(pay[0] if pay else next(a for a in legal if str(a) in ("done", "pass", "bid 0")))
    # Then the old advisor is out of the game, with its service marker
    assert advisor in st.boxed_advisors and st.held[s] == ()


# ---------------------------------------------------------------- actions and the draw


def test_peasant_rule() -> None:
    # Given a player whose only peasant is cut off from its palace
    st = ready(3, seed=1)
    s = st.cur
    clear(st, s)
    st.reserve[s] = 2
    palace = st.fid(st.palace[s])
    far = next(
        f for f in range(st.board.n) if st.owner[f] < 0 and st.board.dist[f][st.palace[s]] >= 4
    )
    put(st, s, st.fid(far))
    # Then peasants go next to the palace, never next to the cut-off peasant
    legal = {a.field for a in st.legal_actions() if type(a).__name__ == "Peasant"}
    assert legal == {n for n in neighbours(st, palace) if st.owner[st.field(n)] < 0}
    blocked = next(n for n in neighbours(st, st.fid(far)) if st.owner[st.field(n)] < 0)
    with pytest.raises(IllegalActionError, match="peasant rule"):
        play(st, f"peasant {blocked}")


def test_two_passes_end_a_players_actions() -> None:
    # Given round 1's action phase of 3 players
    st = ready(3, seed=1)
    a, b = st.cur, (st.cur + 1) % 3
    # When A passes twice while the others keep acting
    play(st, "pass", "pass", "pass", "pass")
    assert st.passes == [2 if s == a else 1 for s in range(3)]
    # Then A is skipped; the phase ends only when all have passed twice
    assert st.cur == b and st.phase == ACTION
    play(st, "pass", "pass")
    assert st.round == 2 and st.phase == HIRE


def test_draw_phase_two_cards_hand_limit_five_and_extra_card_rounds() -> None:
    # Given hands of 0, 4 and 5 cards in round 3 (a card round on the quick side)
    st = ready(3, seed=1)
    a, b, c = st.cur, (st.cur + 1) % 3, (st.cur + 2) % 3
    st.round = 3
    assert "card" in st.symbols()
    set_hand(st, a)
    set_hand(st, b, *[CARDS[i].id for i in st.deck[:4]])
    set_hand(st, c, *[CARDS[i].id for i in st.deck[:5]])
    # When the round ends
    pass_round(st)
    # Then 3 cards each, never above 5
    assert [len(st.hands[s]) for s in (a, b, c)] == [3, 5, 5]
    assert st.governor == b


# ---------------------------------------------------------------- combat


def _combat(players: int = 3, seed: int = 1, round_: int = 2):
    st = ready(players, seed)
    st.round = round_
    att = st.cur
    dfn = (att + 1) % players
    target = field_ids(st, st.own[dfn])[0]
    return st, att, dfn, target


def test_ronin_victory_converts_the_peasant() -> None:
    # Given a ronin attacking a lone peasant, no cards
    st, att, dfn, target = _combat()
    set_troops(st, att, ron=1)
    set_hand(st, att)
    set_hand(st, dfn)
    # When the attacker wins 4 to 1
    play(st, f"attack {target} a0 r1", "defend a0 r0", "stop", "stop")
    # Then the peasant serves the attacker (from the attacker's supply)
    assert st.owner[st.field(target)] == att
    assert st.ron_x[att] == 1 and st.ron[att] == 0


def test_ashigaru_victory_drives_the_peasant_out_and_the_winner_may_occupy() -> None:
    # Given two ashigaru against a peasant the attacker could then settle by the rule
    st, att, dfn, target = _combat()
    clear(st, att)
    put(st, att, *_path(st, st.fid(st.palace[att]), target)[:-1])
    st.reserve[att] = 1
    set_troops(st, att, ash=2)
    set_hand(st, att)
    set_hand(st, dfn)
    supply = st.supply[dfn]
    play(st, f"attack {target} a2 r0", "defend a0 r0", "stop", "stop")
    # Then the defender's peasant returns to its supply and the attacker may occupy
    assert st.owner[st.field(target)] == -1 and st.supply[dfn] == supply + 1
    assert [str(a) for a in st.legal_actions()] == [f"peasant {target}", "skip"]
    play(st, f"peasant {target}")
    assert st.owner[st.field(target)] == att and st.phase == ACTION


def test_attackers_get_plus_one_in_marked_rounds_and_ties_draw_cards() -> None:
    # Given an ashigaru (2 + 1 in round 6) against a peasant with an ashigaru (3)
    st, att, dfn, target = _combat(round_=6)
    set_troops(st, att, ash=1)
    set_troops(st, dfn, ash=1)
    set_hand(st, att)
    set_hand(st, dfn)
    stack_deck(st, "hosaku1", "hosaku2", "ikki3", "hosaku3")  # 0/0 tie, then 2 vs 1
    play(st, f"attack {target} a1 r0", "defend a1 r0", "stop", "stop")
    # Then it was a tie; cards were drawn, attacker first, until the attacker won
    assert st.owner[st.field(target)] != dfn
    assert card("ikki3") in st.discard and card("hosaku3") in st.discard


def test_after_a_stop_the_other_side_has_exactly_one_more_step() -> None:
    st, att, dfn, target = _combat()
    set_troops(st, att, ash=1)
    set_hand(st, att, "hosaku1", "hosaku2", "hosaku3")
    set_hand(st, dfn, "nengu1")
    play(st, f"attack {target} a1 r0", "defend a0 r0")
    play(st, "stop")  # the attacker stops at once
    assert st.cur == dfn
    play(st, "bonus nengu1")
    # Then the modifications are over (nothing more from the attacker)
    assert st.fight is None or st.fight["revealed"]


def test_kyuujo_keeps_troops_active_and_mamori_strengthens_the_defence() -> None:
    st, att, dfn, target = _combat()
    set_troops(st, att, ash=1)
    set_hand(st, att, "kyuujo2")  # bonus 1
    set_hand(st, dfn, "mamori1")  # bonus 0
    set_money(st, att, 3)
    set_money(st, dfn, 3)
    play(st, f"attack {target} a1 r0", "defend a0 r0", "bonus kyuujo2", "bonus mamori1")
    play(st, "stop", "stop")
    # 3 against 1 at the reveal; the attacker pays Kyuujo, the defender Mamori (+2)
    play(st, "use kyuujo2", "use mamori1")
    assert st.money[att] == 2 and st.money[dfn] == 2
    # Then the ashigaru is active again; both drew a card after the combat
    assert st.ash[att] == 1 and st.ash_x[att] == 0
    assert len(st.hands[att]) == 1 and len(st.hands[dfn]) == 1


def test_palaces_cannot_be_attacked() -> None:
    st, att, dfn, target = _combat()
    set_troops(st, att, ash=1)
    with pytest.raises(IllegalActionError, match="palaces cannot be attacked"):
        play(st, f"attack {st.fid(st.palace[dfn])} a1 r0")


# ---------------------------------------------------------------- duel


def _duel(seed: int = 1):
    st = ready(3, seed)
    ch = st.cur
    dd = (ch + 1) % 3
    set_troops(st, ch, ron=1)
    set_hand(st, ch)
    set_hand(st, dd)
    return st, ch, dd


def test_refusing_a_duel_hands_two_peasants_to_the_challenger() -> None:
    st, ch, dd = _duel()
    given = field_ids(st, st.own[dd])
    play(st, f"duel p{dd}", "refuse", f"give {given[0]}", f"give {given[1]}")
    assert all(st.owner[st.field(f)] == ch for f in given)
    assert st.ron_x[ch] == 1 and st.hands[ch] == () and st.phase == ACTION


def test_a_tied_duel_loses_both_and_the_daimyo_removes_four_peasants() -> None:
    st, ch, dd = _duel()
    put(st, dd, *[st.fid(f) for f in range(st.board.n) if st.owner[f] < 0][:4])
    assert st.own[dd].bit_count() == 6
    ronin = st.supply_ron
    play(st, f"duel p{dd}", "accept", "stop", "stop")
    # 0 against 0: both lose
    assert st.supply_ron == ronin + 1 and st.ron_x[ch] == 0
    for f in field_ids(st, st.own[dd])[:4]:
        play(st, f"lose {f}")
    assert st.own[dd].bit_count() == 2
    # Then the challenger draws 2 cards and the challenged 3
    assert len(st.hands[ch]) == 2 and len(st.hands[dd]) == 3


def test_yuuki_and_jojutsu_win_a_duel() -> None:
    st, ch, dd = _duel()
    set_hand(st, ch, "yuuki1")  # bonus 0, +3 when paid
    set_money(st, ch, 1)
    st.held[dd] = ((ADVISOR_INDEX["jojutsu"], 1),)
    play(st, f"duel p{dd}", "accept", "bonus yuuki1", "service jojutsu", "stop", "stop")
    play(st, "use yuuki1")
    # 3 against 3: both lose
    assert st.ron_x[ch] == 0 and st.phase == ACTION
    assert st.own[dd].bit_count() == 0  # the daimyo had 2 peasants: all removed


def test_nigeru_escapes_a_duel() -> None:
    st, ch, dd = _duel()
    set_hand(st, dd, "nigeru3")
    set_money(st, dd, 2)
    fields = st.own[dd]
    play(st, f"duel p{dd}", "play nigeru3")
    assert st.own[dd] == fields and st.money[dd] == 0 and st.ron_x[ch] == 1


# ---------------------------------------------------------------- the end


def test_game_ends_after_the_last_action_phase_with_the_wealth_tie_break() -> None:
    st = ready(3, seed=1)
    st.round = 7
    a, b, c = st.cur, (st.cur + 1) % 3, (st.cur + 2) % 3
    set_money(st, a, 3)
    set_money(st, b, 1)
    set_troops(st, b, ash=1)  # 1 + 2 = 3: as wealthy as a
    clear(st, c)
    hands = [len(h) for h in st.hands]
    pass_round(st)
    assert st.phase == OVER and st.is_terminal() and st.legal_actions() == []
    assert [len(h) for h in st.hands] == hands  # no draw phase after the last round
    assert st.winners() == sorted([a, b])
    set_money(st, a, 4)
    assert st.winners() == [a]


def test_wealth_is_the_sum_of_its_parts_each_in_ryo() -> None:
    # Given a seat with 3 Ryo, an ashigaru and a ronin, and 2 peasants on its daimyo board
    st = ready(3, seed=1)
    s = st.cur
    set_money(st, s, 3)
    set_troops(st, s, ash=1, ron=1)
    st.reserve[s] = 2
    # When its wealth is asked for, in parts and in all
    parts = st.wealth_parts(s)
    # Then the purse, the servants at their hiring cost (2 + 4) and the board peasants (1 each)
    assert parts == (3, 6, 2) and (parts.ryo, parts.servants, parts.board_peasants) == (3, 6, 2)
    assert st.wealth(s) == 11


# ---------------------------------------------------------------- 2-player scenario


def test_scenario_setup_neutral_palace_and_peasants() -> None:
    st = new(2, seed=6)
    assert st.seats == 3 and st.neutral == 2 and st.governor in (0, 1)
    g, o = st.governor, 1 - st.governor
    play(st, str(st.legal_actions()[0]))
    assert st.cur == o
    play(st, str(st.legal_actions()[0]))
    # The governor places the neutral's palace and does not move his own
    assert st.phase == PALACE and st.cur == g
    play(st, str(st.legal_actions()[0]))
    assert st.palace[2] >= 0 and st.phase == SETUP_PEASANT
    placers = []
    while st.phase == SETUP_PEASANT:
        placers.append((st.cur, st.queue[0][1]))
        st.apply(st.legal_actions()[0])
    # Each places 2; the neutral's 2 are placed by the governor, then the other player
    assert [p for p, owner in placers if owner == 2] == [g, o]
    assert st.own[2].bit_count() == 2 and st.hands[2] == () and st.money[2] == 0


def test_scenario_neutral_hiring_and_alternating_placement() -> None:
    st = ready(2, seed=6)
    g = st.governor
    assert st.reserve[2] == 3 and st.ash[2] == 1 and st.supply[2] == 6
    # When the players pass, the neutral's peasants are placed alternately by them
    placers = []
    while st.phase in (ACTION, NEUTRAL):
        if st.phase == NEUTRAL:
            placers.append(st.cur)
            st.apply(st.legal_actions()[0])
        else:
            play(st, "pass")
    assert placers[:2] == [g, 1 - g] and st.own[2].bit_count() == 2 + len(placers)
    # Then in round 2 it gets 3 more peasants and a second ashigaru (at most 2)
    while st.phase == HIRE:
        play(st, "done")
    assert st.ash[2] == 2 and st.governor == 1 - g and st.governor != 2


def test_scenario_neutral_defends_with_one_ashigaru_and_one_card() -> None:
    st = ready(2, seed=6)
    att = st.cur
    target = field_ids(st, st.own[2])[0]
    set_troops(st, att, ash=2)
    set_hand(st, att)
    stack_deck(st, "hosaku1")  # bonus 0 for the neutral
    play(st, f"attack {target} a2 r0")
    # The neutral defended with its ashigaru at once; it is the attacker's step
    assert st.ash_x[2] == 1 and st.cur == att
    play(st, "stop")
    # 4 against 3: the neutral's peasant leaves the game
    assert st.owner[st.field(target)] != 2 and st.boxed_peasants[2] == 14
    set_troops(st, st.cur, ron=1)
    with pytest.raises(IllegalActionError, match="neutral"):
        play(st, "duel p2")


def test_scenario_neutral_wins_ties() -> None:
    st = ready(2, seed=6)
    assert st.own[0].bit_count() == st.own[1].bit_count() == st.own[2].bit_count() == 2
    assert st.winners() == []


def test_scenario_returns_follow_the_winners_a_neutral_win_is_a_loss_for_both() -> None:
    # Given a scenario game played to its end with the neutral placing peasants
    st = ready(2, seed=6)
    st.round = st.board.rounds
    pass_round(st)
    assert st.is_terminal()
    assert st.fields_of(2) > max(st.fields_of(0), st.fields_of(1))
    assert st.score(0) != st.score(1)
    # Then nobody wins and no player's return ranks above the other's
    assert st.winners() == [] and st.returns() == [0.0, 0.0]
    # When the neutral's peasants leave the board (a player now holds the most fields)
    clear(st, 2)
    # Then the returns are the scores again and the best one is the winner's
    returns = st.returns()
    assert returns == [st.score(0), st.score(1)]
    assert st.winners() == [returns.index(max(returns))]


def test_a_shouri_can_be_answered_by_the_other_sides_shouri() -> None:
    # Given both sides with a Shouri and the attacker losing after the reveal
    st, att, dfn, target = _combat()
    set_troops(st, dfn, ash=1)
    set_troops(st, att, ash=1)
    set_hand(st, att, "shouri1")  # bonus 0
    set_hand(st, dfn, "shouri2")  # bonus 1
    set_money(st, att, 1)
    set_money(st, dfn, 1)
    play(st, f"attack {target} a1 r0", "defend a1 r0", "bonus shouri1", "bonus shouri2")
    play(st, "stop", "stop")
    # 2 against 4: the attacker pays Shouri and wins; the defender answers and wins back
    assert st.cur == att
    play(st, "use shouri1")
    assert st.cur == dfn
    play(st, "use shouri2")
    assert st.owner[st.field(target)] == dfn and st.money[att] == st.money[dfn] == 0


def test_a_ronin_victory_with_an_empty_supply_only_drives_the_peasant_out() -> None:
    st, att, dfn, target = _combat()
    set_troops(st, att, ron=1)
    set_hand(st, att)
    set_hand(st, dfn)
    st.boxed_peasants[att] += st.supply[att]
    st.supply[att] = 0
    st.reserve[att] = 0
    play(st, f"attack {target} a0 r1", "defend a0 r0", "stop", "stop")
    assert st.owner[st.field(target)] == -1 and st.phase == ACTION
