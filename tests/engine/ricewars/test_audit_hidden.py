"""Audit: what an observation shows (rulebook "Spielkarten": the hand is always secret;
"Die Ratgeber": bids are hidden until the reveal; "Der Kampf" 4: cards face down)."""

from __future__ import annotations

import random

from engine.ricewars.state import HIDDEN, HIRE, RiceWarsState
from tests.engine.ricewars.helpers import (
    field_ids,
    new,
    pass_round,
    play,
    ready,
    set_hand,
    set_money,
    set_troops,
)


def test_an_observation_does_not_carry_the_game_seed() -> None:
    # Given a game whose seed deals every hand and orders the deck
    st = new(3, seed=987654)
    # When a player observes it
    obs = st.observation(0)
    # Then the seed is not in it (it would give away the deck and every hand) ...
    assert 987654 not in obs.key()
    assert obs.determinize(random.Random(1)).seed == 0


def test_determinize_gives_other_hands_and_the_deck_from_the_unseen_cards_only() -> None:
    # Given the governor's observation at the start of round 1's actions
    st = ready(3, seed=5)
    me = st.cur
    other = (me + 1) % 3
    obs = st.observation(me)
    # Then the others' cards and the deck are hidden, the own hand is shown
    assert obs.hands[me] == tuple(st.hands[me])
    assert set(obs.hands[other]) == {HIDDEN}
    # When many worlds are drawn from it
    seen_other = set()
    for k in range(40):
        det = obs.determinize(random.Random(k))
        # Then each keeps what the observer knows and varies what it does not
        assert det.hands[me] == st.hands[me]
        assert det.observation(me) == obs
        seen_other.add(tuple(det.hands[other]))
    assert len(seen_other) > 30


def test_face_down_combat_cards_are_hidden_from_the_opponent_until_the_reveal() -> None:
    # Given a combat where the attacker has played a card face down
    st = ready(3, seed=3)
    att = st.cur
    dfn = (att + 1) % 3
    set_troops(st, att, ash=1)
    set_hand(st, att, "hosaku1", "shouri2")
    set_hand(st, dfn, "hosaku2")
    play(st, f"attack {field_ids(st, st.own[dfn])[0]} a1 r0", "defend a0 r0", "bonus shouri2")
    # Then the defender sees one hidden card, the attacker sees its own card
    shouri = st.fight["cards"][0][0]
    dfn_view = dict(st.observation(dfn).fight)
    att_view = dict(st.observation(att).fight)
    assert dfn_view["cards"][0] == (HIDDEN,)
    assert att_view["cards"][0] == (shouri,)
    # ... and a third player sees neither
    assert dict(st.observation((att + 2) % 3).fight)["cards"][0] == (HIDDEN,)


def test_states_differing_only_in_hidden_cards_look_the_same() -> None:
    # Given a position, and a twin where an opponent's card and the deck's top card swap
    st = ready(3, seed=8)
    me = st.cur
    other = (me + 1) % 3
    twin = st.clone()
    hand = twin.hands[other]
    twin.hands[other], twin.deck[-1] = (twin.deck[-1], *hand[1:]), hand[0]
    assert twin.hands[other] != st.hands[other]
    # Then the observer cannot tell them apart, so its worlds cannot depend on the truth
    assert twin.observation(me) == st.observation(me)
    rng_a, rng_b = random.Random(3), random.Random(3)
    assert (
        st.observation(me).determinize(rng_a).key() == twin.observation(me).determinize(rng_b).key()
    )
    # ... while the opponent itself sees the difference
    assert twin.observation(other) != st.observation(other)


def _after_first_bid(amount: int) -> RiceWarsState:
    """Round 2's auction, the first bidder (with 5 Ryo) having bid `amount`."""
    st = ready(3, seed=2)
    pass_round(st)
    while st.phase == HIRE:
        play(st, "done")
    play(st, str(st.legal_actions()[0]))
    set_money(st, st.cur, 5)
    play(st, f"bid {amount}")
    return st


def test_a_sealed_bid_of_any_amount_looks_the_same_to_the_next_bidder() -> None:
    # Given two auctions where the first bidder bid 1 and 4 Ryo
    low, high = _after_first_bid(1), _after_first_bid(4)
    # Then the next bidder's observations are equal (bids are not taken until the reveal)
    assert low.cur == high.cur
    assert low.observation(low.cur) == high.observation(high.cur)


def test_another_players_ryo_are_not_in_an_observation() -> None:
    # Given two positions that differ only in an opponent's Ryo (and so the bank's),
    # within the public estimate's bracket (rulebook, Geldscheine Ryo: "Eigene
    # Geldscheine werden geheim auf dem Tisch gehalten")
    st = ready(2, seed=5)
    me = st.cur
    other = 1 - me
    set_money(st, other, 11)
    twin = st.clone()
    set_money(twin, other, 13)
    # When I observe both
    obs, obs_twin = st.observation(me), twin.observation(me)
    # Then I cannot tell them apart: the amount and the bank are hidden, the estimate shared
    assert obs == obs_twin
    assert obs.money[other] == HIDDEN and obs.money[me] == st.money[me]
    assert obs.purses[other] == (10, 14) and obs.purses[me] == (st.money[me],) * 2
    # ... and an empty purse is seen to be empty (a player at the table sees no notes)
    set_money(twin, other, 0)
    assert twin.observation(me).purses[other] == (0, 0)


def test_determinize_draws_ryo_within_the_public_estimate() -> None:
    # Given my observation of an opponent holding 12 Ryo
    st = ready(3, seed=5)
    me = st.cur
    other = (me + 1) % 3
    set_money(st, other, 12)
    obs = st.observation(me)
    seen = set()
    for k in range(40):
        det = obs.determinize(random.Random(k))
        # Then every world gives it Ryo within the estimate, the bank holding the rest
        assert 10 <= det.money[other] <= 14
        assert det.bank + sum(det.money) == st.bank + sum(st.money)
        assert det.money[me] == st.money[me] and det.observation(me) == obs
        seen.add(det.money[other])
    assert len(seen) > 1


def test_a_bots_observations_never_hold_the_others_ryo_in_random_games() -> None:
    # Given random 3-player games
    for seed in range(3):
        st = new(3, seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            me = st.current_player()
            obs = st.observation(me)
            # Then the observation of the player to act hides every other purse
            for q in range(st.seats):
                if q != me:
                    assert obs.money[q] == HIDDEN
                    low, high = obs.purses[q]
                    assert low <= st.money[q] <= high and high - low <= 4
            st.apply(rng.choice(st.legal_actions()))
