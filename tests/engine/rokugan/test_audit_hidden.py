"""Audit: hidden information. What a player observes holds nothing it cannot know, and
`determinize` draws every unknown from the observation alone, never from the true state.

Rulebook: "Spielmaterial" / "Spielaufbau" steps 2, 5, 8-9 (face-down territory cards,
secret objectives, the initiative deck), "Planungsphase" (tokens placed face down),
"Unterhaltungsphase" step 2 (the hand behind the screen).
"""

import random

from engine.rokugan import SPEC, tokens
from engine.rokugan import state as S
from engine.rokugan.data import BLUFF_TID, TERRITORY_CARDS, TOKENS_PER_CLAN
from tests.engine.rokugan.fixtures import rokugan_graph


def _mid_game(seed: int) -> S.RokuganState:
    """A 3-player game in round 2's placement with face-down tokens on the board."""
    st = SPEC.new_game(3, seed, None, rokugan_graph())
    rng = random.Random(seed)
    while st.round < 2 or st.phase != S.PH_PLACE or st.pending or len(st.tokens) < 5:
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    return st


def _hidden_variant(st: S.RokuganState, me: int) -> S.RokuganState:
    """A copy of `st` that differs in everything `me` cannot see."""
    other = st.clone()
    other.seed = st.seed + 1000
    other.chance_seed ^= 0x5555
    other.deck = tuple(reversed(st.deck))
    cards = list(other.terr_card)
    for t, card in enumerate(cards):
        holder = other.terr_holder[t]
        seen = holder in (me, S.PLAYED) or other.seen_cards[me] >> t & 1
        if card is not None and not seen:
            a, b = TERRITORY_CARDS[other.board.territory_ids[t]]
            cards[t] = b if card == a else a
    other.terr_card = tuple(cards)
    opp = (me + 1) % other.n
    pair = other.dealt[opp]
    other.objective[opp] = pair[1] if other.objective[opp] == pair[0] else pair[0]
    # Exchange an unseen hand token and an unseen face-down board token with pool tokens.
    base = opp * TOKENS_PER_CLAN
    pool = [t for t in range(TOKENS_PER_CLAN) if other.loc[base + t] == S.POOL]
    known = other.known[me]
    hand = [t for t in other.hand(opp) if t != BLUFF_TID and not known >> (base + t) & 1]
    assert pool and hand, "the position needs an unseen hand token and a pool token"
    tokens.move(other, opp, hand[0], S.POOL)
    tokens.move(other, opp, pool[0], S.HAND)
    pool = [t for t in range(TOKENS_PER_CLAN) if other.loc[base + t] == S.POOL]
    for s, t in enumerate(other.tokens):
        if t is not None and t[S.T_PLAYER] == opp and not t[S.T_UP]:
            if not known >> (base + t[S.T_TID]) & 1:
                tokens.move(other, opp, t[S.T_TID], S.POOL)
                tokens.move(other, opp, pool[0], S.ONBOARD)
                other.tokens[s] = (opp, pool[0], *t[S.T_SLOT :])
                break
    return other


def _everything(st: S.RokuganState) -> tuple:
    """The whole determinized state, seed and setup included."""
    return (st.key(), st.seed, st.setup())


def test_two_states_that_differ_only_in_hidden_facts_look_and_determinize_the_same():
    # Given a mid-game position and a copy that differs in the seed, the chance seed, the
    # initiative deck order, the unseen territory cards, an opponent's objective, hand
    # token and face-down board token
    st = _mid_game(11)
    twin = _hidden_variant(st, 0)
    assert twin.key() != st.key()
    # When player 0 observes both
    obs, obs_twin = st.observation(0), twin.observation(0)
    # Then it sees the same, and determinizing with the same rng gives the same state:
    # nothing of the true state leaks through
    assert obs == obs_twin
    for k in range(5):
        a = obs.determinize(random.Random(k))
        b = obs_twin.determinize(random.Random(k))
        assert _everything(a) == _everything(b)
        assert a.observation(0) == obs


def test_the_observation_does_not_carry_the_game_seed():
    # Given a fresh game whose seed would replay the whole setup deal
    st = SPEC.new_game(4, 12345, None, rokugan_graph())
    # When player 0 observes it and determinizes
    obs = st.observation(0)
    det = obs.determinize(random.Random(0))
    # Then the seed is nowhere in what the player got
    assert 12345 not in obs._base
    assert det.seed != 12345


def test_determinize_varies_every_unknown():
    # Given player 0's observation in round 2
    st = _mid_game(5)
    obs = st.observation(0)
    dets = [obs.determinize(random.Random(k)) for k in range(16)]
    # Then opponents' hands, objectives, unseen territory cards and the deck order vary
    unseen = [
        t
        for t, card in enumerate(obs.cards)
        if card is None and st.board.territory_cards[t] is not None
    ]
    assert unseen
    assert len({tuple(d.loc[TOKENS_PER_CLAN:]) for d in dets}) > 1
    assert len({d.objective[1] for d in dets}) > 1
    assert len({tuple(d.terr_card[t] for t in unseen) for d in dets}) > 1
    assert len({d.deck for d in dets}) > 1
    # and what player 0 knows stays fixed
    assert all(tuple(d.loc[:TOKENS_PER_CLAN]) == tuple(st.loc[:TOKENS_PER_CLAN]) for d in dets)
    assert all(d.objective[0] == st.objective[0] for d in dets)


def test_face_down_tokens_hands_and_objectives_of_opponents_are_not_in_the_observation():
    # Given a mid-game position
    st = _mid_game(7)
    obs = st.observation(0)
    # Then every opponent face-down token it has not seen shows no identity
    for s, bt in enumerate(obs.board_tokens):
        t = st.tokens[s]
        if bt is None or t[S.T_PLAYER] == 0 or t[S.T_UP]:
            continue
        seen = st.known[0] >> (t[S.T_PLAYER] * TOKENS_PER_CLAN + t[S.T_TID]) & 1
        assert bt[-1] == (t[S.T_TID] if seen else -1)
    # and it holds no opponent's hand, objective or dealt pair
    assert all(q == 0 or st.known[0] for q, _ in obs.known_hand)
    assert obs.objective == st.objective[0] and obs.dealt == st.dealt[0]
    assert not hasattr(obs, "loc") and not hasattr(obs, "terr_card")


def test_a_player_sees_its_own_face_down_tokens():
    # Given a mid-game position ("Ein Spieler darf sich jederzeit seine eigenen verdeckten
    # Kampfmarker auf dem Spielplan ansehen")
    st = _mid_game(3)
    for player in range(st.n):
        obs = st.observation(player)
        own = [(s, t) for s, t in enumerate(st.tokens) if t is not None and t[S.T_PLAYER] == player]
        # Then every own token on the board shows its identity
        assert all(obs.board_tokens[s][-1] == t[S.T_TID] for s, t in own)


def test_a_weighted_determinize_stays_consistent_and_follows_the_weights():
    # Given player 0's observation with face-down opponent tokens on the board
    st = _mid_game(5)
    obs = st.observation(0)
    hidden = [(s, bt[0]) for s, bt in enumerate(obs.board_tokens) if bt is not None and bt[-1] < 0]
    assert hidden
    serial, opp = hidden[0]
    plain = [obs.determinize(random.Random(k)).tokens[serial][S.T_TID] for k in range(40)]
    favourite = plain[0]

    def weight(player: int, s: int, tid: int) -> float:
        return 1000.0 if (s, tid) == (serial, favourite) else 1.0

    # When it determinizes with odds that strongly favour one token for one spot
    dets = [obs.determinize(random.Random(k), weight=weight) for k in range(40)]
    # Then every world is still consistent with the observation
    assert all(d.observation(0) == obs for d in dets)
    # and the favoured token lies there far more often than without the odds
    weighted = [d.tokens[serial][S.T_TID] for d in dets]
    assert weighted.count(favourite) >= 36
    assert plain.count(favourite) < 30
    # and without odds the draw is unchanged by the new parameter
    assert [obs.determinize(random.Random(k), weight=None).key() for k in range(3)] == [
        obs.determinize(random.Random(k)).key() for k in range(3)
    ]
