"""Random-play conformance over many seeds and every player count."""

import json
import random

from engine.core import TERMINAL
from engine.rokugan import SPEC, placement
from engine.rokugan import actions as A
from engine.rokugan import data as D
from engine.rokugan import state as S
from engine.rokugan.data import TOKENS_PER_CLAN
from engine.saves import save_dict, state_from_dict
from tests.engine.rokugan.fixtures import graph_for, rokugan_graph

PLAIN = (A.Place, A.Pass, A.PlaceControl, A.ChooseObjective, A.Skip)
GAMES = [(2, 14), (3, 18), (4, 26), (5, 16)]  # (players, games): about 11,000 actions


def check_invariants(st: S.RokuganState) -> None:
    """Every clan's 27 tokens somewhere; at most 30 control tokens out; counts agree."""
    n = st.n
    for p in range(n):
        base = p * TOKENS_PER_CLAN
        locs = st.loc[base : base + TOKENS_PER_CLAN]
        assert len(locs) == 27 and all(
            loc in (S.POOL, S.HAND, S.ONBOARD, S.DISCARD, S.BOX) for loc in locs
        )
        assert locs.count(S.HAND) == st.hand_count[p]
        assert locs[25] != S.POOL  # the bluff never goes into the pool
        on_board = sum(1 for t in st.tokens if t is not None and t[S.T_PLAYER] == p)
        assert locs.count(S.ONBOARD) == on_board
        out = sum(
            st.ctrl_down[q] + st.ctrl_up[q] for q in range(st.board.n) if st.ctrl_owner[q] == p
        )
        assert out == 30 - st.control_left[p] and 0 <= out <= 30
    for q in range(st.board.n):
        if st.ctrl_owner[q] < 0:
            assert st.ctrl_down[q] == st.ctrl_up[q] == 0
        else:
            assert st.ctrl_down[q] + st.ctrl_up[q] > 0
            assert st.special[q] != D.SCORCHED
    assert 0 <= st.supply[D.PEACE] and 0 <= st.supply[D.SCORCHED]


def test_random_play_conformance():
    graph = rokugan_graph()
    total = 0
    for players, games in GAMES:
        for seed in range(games):
            rng = random.Random(seed * 7 + players)
            st = SPEC.new_game(players, seed, None, graph)
            while not st.is_terminal():
                check_invariants(st)
                legal = st.legal_actions()
                assert legal and st.current_player() == st.cur
                action = legal[rng.randrange(len(legal))]
                if seed % 2 and rng.random() < 0.5:
                    # Odd seeds favour cards and abilities, so every card gets played.
                    special = [a for a in legal if not isinstance(a, PLAIN)]
                    if special:
                        action = special[rng.randrange(len(special))]
                assert SPEC.parse_action(str(action)) == action
                before = st.key()
                player = st.cur
                if total % 5 == 0 and st.phase == S.PH_PLACE:
                    for kind in range(7):
                        if kind != 3:  # blessings go on tokens, not slots
                            fast = sorted(placement.legal_slots(st, player, kind))
                            assert fast == placement.legal_slots_slow(st, player, kind)
                    hosts = range(len(st.tokens))
                    slow = [h for h in hosts if st.blessing_problem(player, h) is None]
                    assert placement.blessing_hosts(st, player) == slow
                if total % 7 == 0:
                    obs = st.observation(player)
                    det = obs.determinize(rng)
                    assert det.observation(player) == obs
                    assert {str(a) for a in det.legal_actions()} == {str(a) for a in legal}
                    det.apply(action)  # a determinized state plays on
                if total % 41 == 0:
                    for q in range(players):
                        seen = st.observation(q)
                        assert seen.determinize(rng).observation(q) == seen
                if total % 500 == 0:
                    det = st.observation(player).determinize(rng)
                    while not det.is_terminal():  # ... to the end
                        moves = det.legal_actions()
                        det.apply(moves[rng.randrange(len(moves))])
                        check_invariants(det)
                st.apply(action)
                if total % 3 == 0:
                    st.undo()
                    assert st.key() == before
                    st.apply(action)
                if total % 97 == 0:
                    twin = st.clone()
                    after = st.key()
                    moves = twin.legal_actions()
                    if moves:
                        twin.apply(moves[0])
                    assert st.key() == after
                total += 1
            assert st.current_player() == TERMINAL and st.legal_actions() == []
            check_invariants(st)
            data = json.loads(json.dumps(save_dict(st)))
            assert data["map"] == {"id": "rokugan", "hash": graph.hash}
            assert state_from_dict(data, graph_for).key() == st.key()
    assert total >= 10_000


def test_random_play_with_table_placements():
    # Given the table_placements setting, players sometimes put tokens anywhere physically
    # possible; everything stays consistent and rule-breaking tokens never score.
    graph = rokugan_graph()
    illegal = 0
    for seed in range(6):
        rng = random.Random(seed)
        st = SPEC.new_game(4, seed, {"table_placements": True}, graph)
        board = st.board
        while not st.is_terminal():
            legal = st.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if st.phase == S.PH_PLACE and st.pending is None and rng.random() < 0.3:
                hand = st.hand(st.cur)
                label = st.label(st.cur, hand[rng.randrange(len(hand))])
                where = board.slot_text[rng.randrange(board.n_slots)]
                wild = A.Place(label, where)
                if st.why_illegal(wild) is None and wild not in legal:
                    action = wild
                    illegal += 1
            st.apply_checked(action)
            check_invariants(st)
            if rng.random() < 0.1:
                player = st.current_player() if not st.is_terminal() else 0
                obs = st.observation(player)
                assert obs.determinize(rng).observation(player) == obs
        data = json.loads(json.dumps(save_dict(st)))
        assert state_from_dict(data, graph_for).key() == st.key()
    assert illegal > 50
