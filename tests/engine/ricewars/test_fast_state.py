"""The state's fast paths (issue 32): the flat position key the search's tables use, and
the snapshot an undo leaves for the next action (the search tries a node's moves one
after another from the same position).

The key must tell positions apart exactly as `key()` does; undo must give back exactly
the position that playing the same actions from the start gives, however applies and
undos interleave, in clones too."""

from __future__ import annotations

import random

import pytest

from engine.ricewars import SPEC
from engine.ricewars.bench import load_bench_graph
from engine.ricewars.fight import strength, strength_parts
from engine.ricewars.position import LISTS, SCALARS
from engine.ricewars.state import FIGHT_NAMES


def _new(players: int, seed: int):
    return SPEC.new_game(players, seed, None, load_bench_graph(players))


@pytest.mark.parametrize(("players", "seeds"), [(2, 3), (4, 2), (5, 1)])
def test_the_flat_key_is_equal_exactly_when_the_key_is(players: int, seeds: int) -> None:
    # Given random games, with the worlds each player's observation determinizes
    by_key: dict[object, object] = {}
    by_flat: dict[object, object] = {}
    fights = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        st = _new(players, seed)
        step = 0
        while not st.is_terminal():
            states = [st]
            if step % 5 == 0:
                states += [st.observation(p).determinize(rng) for p in range(players)]
            for state in states:
                if state.fight is not None:
                    fights += 1
                    assert tuple(sorted(state.fight)) == FIGHT_NAMES
                key, flat = state.key(), state.position_key()
                # Then one key maps to one flat key and back
                assert by_key.setdefault(key, flat) == flat
                assert by_flat.setdefault(flat, key) == key
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
            step += 1
    assert len(by_key) == len(by_flat) > 300
    assert fights > 20


def test_the_flat_key_sees_every_part_of_the_position() -> None:
    # Given a position in a fight, and one copy of it per part changed
    rng = random.Random(3)
    st = _new(4, 3)
    while st.fight is None or not st.hands[st.cur]:
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    flat = st.position_key()
    changes = [*LISTS, "boxed_peasants", "hands"]
    for name in changes:
        twin = st.clone()
        part = getattr(twin, name)
        if name == "hands":  # a hand is a tuple: the twin gets a new one
            hand = part[st.cur]
            part[st.cur] = (*hand[:-1], object())
        elif part:
            part[-1] = object()
        else:
            part.append(object())
        # Then each changed part changes the flat key
        assert twin.position_key() != flat, name
    for name in SCALARS:
        twin = st.clone()
        setattr(twin, name, object())
        assert twin.position_key() != flat, name
    for name in FIGHT_NAMES:
        twin = st.clone()
        twin.fight[name] = object()
        assert twin.position_key() != flat, name
    assert st.clone().position_key() == flat


def _keys_played(players: int, seed: int, history: list[object]) -> list[object]:
    """The key before each action and at the end, playing `history` from the start."""
    st = _new(players, seed)
    keys = [st.key()]
    for action in history:
        st.apply(action)
        keys.append(st.key())
    return keys


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (4, 8), (5, 9)])
def test_undo_gives_back_the_position_played_from_the_start(players: int, seed: int) -> None:
    # Given a random game where before every action a few others are tried and taken
    # back (each apply after an undo starts from the snapshot the undo left)
    rng = random.Random(seed)
    st = _new(players, seed)
    history: list[object] = []
    clone_at, twin = rng.randrange(40, 120), None
    while not st.is_terminal():
        legal = st.legal_actions()
        before = st.key()
        for action in rng.sample(legal, min(3, len(legal))):
            st.apply(action)
            fresh = _new(players, seed) if len(history) < 3 else None
            if fresh is not None:  # the same action from a position never undone
                for done in history:
                    fresh.apply(done)
                fresh.apply(action)
                assert st.key() == fresh.key()
            st.undo()
            assert st.key() == before
        if len(history) == clone_at:
            twin = st.clone()  # taken right after an undo
        action = legal[rng.randrange(len(legal))]
        st.apply(action)
        history.append(action)
    keys = _keys_played(players, seed, history)
    # Then the game is the one the same actions give from the start
    assert st.key() == keys[-1]
    # And undoing it all goes back through every position of that game
    for back in range(len(history), 0, -1):
        st.undo()
        assert st.key() == keys[back - 1]
        if back % 50 == 0:  # an action after an undo, taken back again
            st.apply(history[back - 1])
            assert st.key() == keys[back]
            st.undo()
    assert st.undo_depth == 0
    # And the clone, played on differently after the original went on, undoes to the
    # positions of the original's game
    assert twin is not None
    depth = twin.undo_depth
    assert depth == clone_at
    while not twin.is_terminal() and twin.undo_depth < depth + 30:
        legal = twin.legal_actions()
        twin.apply(legal[-1])
    while twin.undo_depth > depth:
        twin.undo()
    assert twin.key() == keys[depth]
    for back in range(depth, 0, -1):
        twin.undo()
        assert twin.key() == keys[back - 1]


@pytest.mark.parametrize("players", [2, 4, 5])
def test_a_strength_is_the_sum_of_its_parts(players: int) -> None:
    # Given every step of random games' fights (combats and duels, cards, draws, ties)
    steps = 0
    for seed in range(4):
        rng = random.Random(seed)
        st = _new(players, seed)
        while not st.is_terminal():
            f = st.fight
            if f is not None:
                steps += 1
                # (and the same fight after tie-break draws)
                tied = {**f, "tie": ((0, steps % 40), (1, (steps * 7) % 40), (0, 3))}
                for fight in (f, tied):
                    for side in (0, 1):
                        for attack1 in (False, True):
                            # Then the strength added up is the itemised parts' sum
                            parts = strength_parts(fight, side, attack1)
                            total = sum(p.amount for p in parts)
                            assert strength(fight, side, attack1) == total
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    assert steps > 50
