"""Random-play conformance: every invariant holds over thousands of random actions."""

from __future__ import annotations

import json
import random
import time

from engine.core import TERMINAL
from engine.ricewars import SPEC
from engine.ricewars.data import (
    ASHIGARU_SUPPLY,
    BANK_TOTAL,
    HAND_LIMIT,
    NUM_CARDS,
    PEASANTS_PER_COLOUR,
    RONIN_SUPPLY,
)
from engine.ricewars.state import RiceWarsState
from engine.saves import save_dict, state_from_dict
from tests.engine.ricewars.helpers import graph_for, new

GAMES = [(2, 6), (3, 6), (4, 4), (5, 3)]  # (players, games)


def check_invariants(st: RiceWarsState) -> None:
    """Peasants, troops, money and cards are all somewhere, exactly once."""
    for s in range(st.seats):
        on_board = st.own[s].bit_count()
        assert on_board == sum(1 for o in st.owner if o == s)
        assert on_board + st.reserve[s] + st.supply[s] + st.boxed_peasants[s] == (
            PEASANTS_PER_COLOUR
        )
        assert min(st.reserve[s], st.supply[s], st.money[s]) >= 0
        assert len(st.hands[s]) <= HAND_LIMIT
        assert len(st.held[s]) <= 2
    assert st.bank + sum(st.money) == BANK_TOTAL
    assert st.supply_ash + sum(st.ash) + sum(st.ash_x) + sum(st.ash_due) == ASHIGARU_SUPPLY
    assert st.supply_ron + sum(st.ron) + sum(st.ron_x) + sum(st.ron_due) == RONIN_SUPPLY
    cards = [c for h in st.hands for c in h] + st.deck + st.discard
    if st.fight is not None:
        for side in (0, 1):
            cards += list(st.fight["cards"][side]) + list(st.fight["blind"][side])
        cards += [c for _, c in st.fight["tie"]]
    assert sorted(cards) == list(range(NUM_CARDS))
    palaces = [p for p in st.palace if p >= 0]
    assert len(set(palaces)) == len(palaces)
    assert all(st.owner[p] < 0 for p in palaces)


def test_random_play_conformance() -> None:
    started = time.process_time()
    total = 0
    for players, games in GAMES:
        for g in range(games):
            seed = 100 * players + g
            st = new(players, seed)
            start = st.key()
            rng = random.Random(seed)
            while not st.is_terminal():
                check_invariants(st)
                legal = st.legal_actions()
                player = st.current_player()
                assert legal and 0 <= player < st.n
                assert len(set(legal)) == len(legal)
                action = legal[rng.randrange(len(legal))]
                assert SPEC.parse_action(str(action)) == action
                if total % 5 == 0:
                    obs = st.observation(player)
                    det = obs.determinize(random.Random(total))
                    assert det.observation(player) == obs
                    assert det.legal_actions() == legal
                    check_invariants(det)
                    det.apply(action)  # a determinized state plays on
                    check_invariants(det)
                before = st.key()
                st.apply(action)
                if total % 3 == 0:
                    st.undo()
                    assert st.key() == before
                    st.apply(action)
                if total % 53 == 0:
                    twin = st.clone()
                    after = st.key()
                    while not twin.is_terminal() and len(twin.history) < len(st.history) + 30:
                        twin.apply(rng.choice(twin.legal_actions()))
                    assert st.key() == after
                total += 1
            assert st.current_player() == TERMINAL and st.legal_actions() == []
            check_invariants(st)
            assert st.summary()["rounds"] == st.board.rounds
            data = json.loads(json.dumps(save_dict(st)))
            assert data["map"]["id"] == st.board.graph.id
            again = state_from_dict(data, graph_for)
            assert again.key() == st.key() and again.returns() == st.returns()
            for _ in range(len(st.history)):
                st.undo()
            assert st.key() == start
    assert total >= 5000, total
    assert time.process_time() - started < 30
