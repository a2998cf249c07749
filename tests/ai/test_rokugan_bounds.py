"""The shortcuts the Rokugan bots and engine take for speed give what the long way gives.

The policy (`RokuganAdapter._best_placement`) skips placements whose bound cannot reach
the best score found; honor and the objectives met are kept on the board by what they
read; a battle's result is counted once, whether or not someone listens for its record.
"""

import random

from ai.games.rokugan import ADAPTER, SEARCH_ADAPTER, RokuganAdapter, _Scene
from engine.rokugan import SPEC, scoring
from engine.rokugan import actions as A
from engine.rokugan.bench import load_bench_graph
from engine.rokugan.data import ARMY, LABEL_KIND, NAVY, SHINOBI
from engine.rokugan.position import PH_PLACE, PH_SWAP

FIGHTERS = (ARMY, NAVY, SHINOBI)


def placement_positions(games: int, players: int = 4):
    """Every placement decision of a few seeded random games, as clones."""
    graph = load_bench_graph()
    for seed in range(games):
        rng = random.Random(seed)
        st = SPEC.new_game(players, seed, None, graph)
        while not st.is_terminal():
            legal = st.legal_actions()
            if st.phase == PH_PLACE and st.pending is None:
                yield st.clone(), legal
            st.apply(legal[rng.randrange(len(legal))])


def test_the_policy_bounds_are_never_below_the_scores() -> None:
    # Given every fighter placement of three random games, for both adapters
    checked = 0
    for st, legal in placement_positions(3):
        me = st.cur
        for adapter in (ADAPTER, SEARCH_ADAPTER):
            scene = _Scene(adapter, st, me)
            for action in legal:
                if type(action) is not A.Place:
                    continue
                kind, strength = LABEL_KIND[action.token]
                if kind not in FIGHTERS:
                    continue
                score = adapter._place_score(scene, action, kind, strength)[0]
                q = st.board.target_by_text[action.where]
                # Then an attack's bound and a defence's bound are at least its score
                if st.ctrl_owner[q] == me:
                    bound = RokuganAdapter._defence_bound(scene, q, strength)
                else:
                    bound = RokuganAdapter._swing_bound(scene, q, strength, True)
                assert bound >= score, (action, bound, score)
                checked += 1
    assert checked > 1000


def test_kept_honor_is_the_honor_counted_now() -> None:
    # Given the positions of random games, where control changes every round
    for st, _ in placement_positions(2, players=3):
        # Then the kept honor and objectives are those counted afresh
        honor, met = scoring._honor(st)
        assert scoring.honor(st) == list(honor)
        assert list(scoring.objectives_met(st)) == [
            o >= 0 and st.objective_met(p, o) for p, o in enumerate(st.objective)
        ]


def test_battles_decide_alike_with_and_without_records() -> None:
    # Given every placement and Unicorn swap of random games (the last one resolves)
    graph = load_bench_graph()
    resolved = 0
    for seed in range(4):
        rng = random.Random(seed)
        st = SPEC.new_game(4, seed, None, graph)
        while not st.is_terminal():
            legal = st.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if st.phase in (PH_PLACE, PH_SWAP):
                quiet, heard = st.clone(), st.clone()
                heard.events = []
                quiet.apply(action)
                heard.apply(action)
                # Then the round resolves to the same position whether or not it is told
                assert quiet.key() == heard.key()
                resolved += quiet.round != st.round
            st.apply(action)
    assert resolved == 4 * 5
