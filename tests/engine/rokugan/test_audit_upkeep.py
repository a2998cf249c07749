"""Audit: setup step 10 and the upkeep phase from one round to the next.

Rulebook: "Spielaufbau" steps 6-10 (capitals, count table, placement order, capitals of
absent clans and the Shadowlands allowed), "Unterhaltungsphase" steps 1-3, "Ronin".
"""

from engine.rokugan import SPEC, tokens
from engine.rokugan import state as S
from engine.rokugan.data import CLAN_INDEX, MASTER_OF_TACTICS
from tests.engine.rokugan.fixtures import labels_at, position, resolve, rokugan_graph


def to_control_phase(st: S.RokuganState) -> None:
    while st.phase == S.PH_OBJECTIVE:
        st.apply_checked(st.legal_actions()[0])


def test_initial_control_tokens_alternate_clockwise_from_the_first_player_to_the_end():
    # Given a 2-player game of Crab and Lion (11 tokens each besides the capital)
    st = SPEC.new_game(2, 4, {"clans": ["crab", "lion"]}, rokugan_graph())
    to_control_phase(st)
    first = st.first
    legal = {a.province for a in st.legal_actions()}
    # Then capitals of absent clans and the Shadowlands may be chosen, occupied ones not
    assert {"CRANE_C", "SL_N", "SL_S"} <= legal
    assert not {"CRAB_C", "LION_C"} & legal
    order = []
    while st.phase == S.PH_CONTROL:
        order.append(st.cur)
        st.apply_checked(st.legal_actions()[0])
    # And the 22 placements alternate, starting with the first player
    assert order == [(first + k) % 2 for k in range(22)]
    assert [st.control_on_board(p) for p in range(2)] == [12, 12]


def test_from_one_round_to_the_next():
    # Given round 1 ends: Crab kept its Army 1 and bluffed on the board, Lion kept its
    # bluff and lost its only province, and the initiative deck starts with Crane's card
    st = position(
        """
        clans crab lion crane
        control crab CRAB_1
        control lion CRAB_3
        control crane CRANE_C
        hand crab army1
        place crab bluff CRAB_1|CRAB_3 ->CRAB_3
        place crab army5 CRAB_1|CRAB_3 ->CRAB_3
        hand lion army1
        """
    )
    tokens.move(st, 1, next(t for t in st.hand(1) if t != 25), S.DISCARD)  # Lion keeps its bluff
    st.deck = (CLAN_INDEX["crane"], MASTER_OF_TACTICS)
    # When the round resolves and round 2's upkeep runs
    resolve(st)
    # Then (step 1) Crane's card makes Crane the first player, with the first-player card
    assert st.round == 2 and st.first == 2 and st.deck == (MASTER_OF_TACTICS,)
    assert st.fp_card_used == 0
    # (step 2) the bluff is back and every hand is filled up to 6 (the kept Army 1 counts)
    assert st.hand_count == [6, 6, 6]
    hand = labels_at(st, "crab", S.HAND)
    assert "bluff" in hand and "army1" in hand
    # Lion has no control token left: a Ronin this round
    assert st.ronin == [0, 1, 0]
    # (step 3) nobody holds a territory card, so placement starts with the first player
    assert st.phase == S.PH_PLACE and st.cur == 2


def test_the_first_player_card_is_the_setup_first_players_in_round_one():
    # Given a 3-player game after setup, in round 1's placement
    st = SPEC.new_game(3, 8, None, rokugan_graph())
    while st.phase in (S.PH_OBJECTIVE, S.PH_CONTROL, S.PH_DRAGON):
        st.apply_checked(st.legal_actions()[0])
    first = st.first
    assert st.phase == S.PH_PLACE and st.cur == first
    # When everyone has placed once and the first player's turn comes again
    while True:
        legal = st.legal_actions()
        places = [a for a in legal if str(a).startswith("place ")]
        st.apply_checked(places[0] if places else legal[0])  # a Scorpion may skip its peek
        if st.cur == first and st.pending is None:
            break
    # Then the setup's first player may play the first-player card on an opponent's token
    cards = [str(a) for a in st.legal_actions() if str(a).startswith("card first_player")]
    assert cards
    st.apply_checked(st.spec.parse_action(cards[0]))
    assert st.fp_card_used == 1
    assert not any(str(a).startswith("card first_player") for a in st.legal_actions())
