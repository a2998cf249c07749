"""The shortcuts the Rokugan bots and engine take for speed give what the long way gives.

The policy (`RokuganAdapter._best_placement`) skips placements whose bound cannot reach
the best score found; honor and the objectives met are kept on the board by what they
read; a battle's result is counted once, whether or not someone listens for its record.
"""

import itertools
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


def test_kept_placement_scores_are_those_counted_afresh() -> None:
    # Given the placement positions of random games in a row (each differs from the one
    # before by a token, as a node from its child), the kept scores filling as they go
    from ai.games.rokugan_scene import place_codes

    # and, as a search has them, worlds drawn from the next player's observation (the
    # rivals' objectives and hands differ, so may the leader)
    checked = hits = 0
    rng = random.Random(5)
    for position, legal in placement_positions(4):
        me = position.cur
        worlds = [position.observation(p).determinize(rng) for p in range(position.n)]
        for adapter, st in itertools.product((ADAPTER, SEARCH_ADAPTER), [position, *worlds]):
            scene = _Scene(adapter, st, me)
            kept = scene.kept()
            before = sum(map(len, kept.values()))
            # A scene of its own, none of its facts kept from an earlier one
            fresh = _Scene(adapter, st, me)
            fresh.worth = _Scene._worths(st, me, adapter.plans)
            fresh._rivals = None
            for action, code in zip(legal, place_codes(st.board, legal), strict=True):
                if code is None:
                    continue
                kind, strength = LABEL_KIND[action.token]
                # Then every score found kept (or added) is the one counted afresh
                found = scene.kept_score(action, code)
                assert found == adapter._place_score(fresh, action, kind, strength), action
                checked += 1
            hits += before and sum(map(len, kept.values())) == before
    assert checked > 1000
    assert hits > 10  # positions whose every score was kept already


def test_the_policy_with_kept_scores_is_the_first_candidate_counted_afresh() -> None:
    # Given the placement positions of random games in a row, with the scores kept
    from ai.games import rokugan_scene

    checked = 0
    for st, legal in placement_positions(3):
        me = st.cur
        for adapter in (ADAPTER, SEARCH_ADAPTER):
            kept_move = adapter._best_placement(st, me, legal)
            saved = dict(rokugan_scene._LAST)
            rokugan_scene._LAST.clear()  # nothing kept: every score counted afresh
            try:
                # Then the policy is the best candidate as counted afresh, both ways
                assert kept_move == adapter._best_placement(st, me, legal)
                assert kept_move == adapter._placement(st, me, legal)[0]
            finally:
                rokugan_scene._LAST.clear()
                rokugan_scene._LAST.update(saved)
            checked += 1
    assert checked > 100


def test_kept_positional_terms_are_those_counted_afresh() -> None:
    # Given every position of random games on one board (so boards with equal control
    # recur with other hands, clans and objectives), evaluated by the search adapter
    graph = load_bench_graph()
    warm = RokuganAdapter(model=True, plans=True, exposure=0.6, material=0.1, lead=5.0)
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        st = SPEC.new_game(3 + seed % 2, seed, None, graph)
        while not st.is_terminal():
            if rng.random() < 0.3:
                # Then the standing with kept terms is that of an adapter keeping none
                fresh = RokuganAdapter(model=True, plans=True, exposure=0.6, material=0.1)
                fresh.lead = 5.0
                assert warm.projected(st) == fresh.projected(st)
                assert warm._standing(st) == fresh._standing(st)
                checked += 1
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    assert checked > 100
    assert len(warm._terms) < checked  # some were found kept


def test_kept_bluff_scores_raid_bounds_and_leaders_are_those_counted_afresh() -> None:
    # Given the placement positions of random games in a row and worlds drawn from the
    # next player's observation (other objectives: maybe another leader), the scenes'
    # per-context facts (`PlacementScene.spots`, `leader`) filling as they go
    from ai.games import rokugan_scene
    from ai.games.rokugan_scene import PLACE_SPOTS, place_codes, place_info
    from engine.rokugan.data import BLUFF, RAID

    rng = random.Random(11)
    raids = kept = 0
    for position, legal in placement_positions(3):
        me = position.cur
        worlds = [position.observation(p).determinize(rng) for p in range(position.n)]
        for adapter, st in itertools.product((ADAPTER, SEARCH_ADAPTER), [position, *worlds]):
            scene = _Scene(adapter, st, me)
            kept += scene._last[3] is not None and bool(scene._last[4])
            bluffs, bounds = scene.spots()
            leader = scene.leader
            saved = dict(rokugan_scene._LAST)
            rokugan_scene._LAST.clear()  # nothing kept: counted afresh
            try:
                fresh = _Scene(adapter, st, me)
                # Then they are those of a scene that keeps nothing
                assert (bluffs, bounds) == fresh.spots()
                honor = st.honor()
                rivals = [p for p in range(st.n) if p != me]
                assert leader == fresh.leader == max(rivals, key=lambda p: honor[p])
                codes = place_codes(st.board, legal)
                for action, code in zip(legal, codes, strict=True):
                    if code is None:
                        continue
                    info = place_info(st.board, action)
                    kind, strength = info[1], info[2]
                    # each code's spot is its score key's kind and target
                    assert PLACE_SPOTS[code][0] == info[0][0]
                    score, q = adapter._place_score(fresh, action, kind, strength)
                    if kind == BLUFF:
                        assert score == bluffs[q]
                    elif kind == RAID:
                        # a Raid's bound is at least its score, and exact but for the
                        # leader's share and the engine's raid condition
                        assert bounds[q] >= score
                        assert score in (bounds[q], -1.0) or st.ctrl_owner[q] != leader
                        raids += 1
            finally:
                rokugan_scene._LAST.clear()
                rokugan_scene._LAST.update(saved)
    assert raids > 100
    assert kept > 10  # scenes that found their spots and leader kept


def test_the_policy_at_the_searchs_key_is_the_policy_counted_afresh() -> None:
    # Given placement positions of random games (some of them asked twice), and an
    # adapter that remembers nothing
    checked = 0
    positions = list(placement_positions(2))
    for st, _ in positions + positions[::7]:
        me = st.cur
        fresh = RokuganAdapter(model=True, plans=True, exposure=0.6, material=0.1, lead=5.0)
        # Then the policy found by the search's position key (remembered or not) is the
        # policy counted afresh
        move = SEARCH_ADAPTER.policy_at(st, me, SEARCH_ADAPTER.key(st))
        assert move == fresh._policy(st, me)
        assert move == SEARCH_ADAPTER.policy(st, me)
        checked += 1
    assert checked > 50
