"""The flat undo record (`Position._record` / `_put_back`): putting it back gives the very
position it was taken from, at every step of random games of every player count, through
undo, clones and a resolved preview."""

import random

from engine.rokugan import SPEC
from engine.rokugan.position import PH_PLACE, PH_SWAP
from tests.engine.rokugan.fixtures import rokugan_graph


def test_undo_record_puts_back_the_position_at_every_step():
    graph = rokugan_graph()
    steps = 0
    for players in (2, 3, 4, 5):
        for seed in range(2):
            rng = random.Random(seed * 7 + players)
            st = SPEC.new_game(players, seed, None, graph)
            before = [st._snapshot()]
            while not st.is_terminal():
                record = st._record()
                twin = st.clone()
                twin.tokens.append(None)  # the twin changes: the record stays as taken
                twin.loc[0] = -9
                twin._put_back(record)
                assert twin._snapshot() == st._snapshot()
                assert twin.key() == st.key()
                if st.phase in (PH_PLACE, PH_SWAP):
                    honor = st.honor_if_resolved()  # resolves, then puts back
                    assert st._snapshot() == before[-1]
                    assert len(honor) == players
                legal = st.legal_actions()
                st.apply(legal[rng.randrange(len(legal))])
                before.append(st._snapshot())
                steps += 1
            # Undo to the start passes through every position again, in reverse.
            while st.history:
                assert st._snapshot() == before.pop()
                st.undo()
            assert st._snapshot() == before.pop() and not before
    assert steps > 500
