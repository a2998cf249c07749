"""The engine's kept bits and caches (issue 32) agree with the plain rules at every step.

`ShinobiState` keeps which armies stand and which cards each hand holds as bits, lists
the attacks once per position and makes `position_key` once per position; the attack
rule answers for every clan at once. Each is checked here against the long way, along
random games with undo and clones.
"""

from __future__ import annotations

import random

from engine.shinobi.attack import (
    attack_reach,
    attack_reaches,
    count_in_reach,
    in_reach,
    legal_attacks,
    may_attack,
    reachable_counts,
)
from engine.shinobi.cards import CARD_TYPES, NUM_CLANS
from engine.shinobi.state import _SLOTS, SPEC, ShinobiState


def _kept_bits_agree(state: ShinobiState) -> None:
    """The kept army and hand bits are those of the counts."""
    n = state.num_players
    for q in range(n):
        for c in range(NUM_CLANS):
            assert bool(state._occupied >> (q * NUM_CLANS + c) & 1) == bool(state.army(q, c))
        for t in range(CARD_TYPES):
            assert bool(state._holding >> (q * CARD_TYPES + t) & 1) == bool(state.hand(q)[t])


def _attacks_the_long_way(state: ShinobiState) -> list[str]:
    """Every attack of the player to act by `may_attack`, in the engine's order."""
    p = state.current_player()
    out = []
    for a in range(NUM_CLANS):
        for q in range(state.num_players):
            for b in range(NUM_CLANS):
                if (
                    q != p
                    and may_attack(a, state.army(p, a), b, state.army(q, b))
                    and not state.is_protected(q, b)
                ):
                    out.append(f"attack {b} {q} {a}")
    return out


def _walk(players: int, seed: int):
    """The positions of a random game, with an undo and a redo at every step."""
    state = SPEC.new_game(players, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        state.undo()
        state.apply(action)
    yield state


def test_kept_bits_and_listed_attacks_follow_every_step_undo_included() -> None:
    for players, seed in ((3, 11), (4, 12), (5, 13)):
        for state in _walk(players, seed):
            # Then the bits are those of the counts, after apply and undo alike
            _kept_bits_agree(state)
            if not state.order:
                continue
            listed = legal_attacks(
                state.table(), players, state.current_player(), state.protected_mask
            )
            # And the attacks listed are those the rule allows, in order
            assert [
                f"attack {a.clan} {a.province} {a.attacker}" for a in listed
            ] == _attacks_the_long_way(state)
            if state.order == 3:
                assert state.legal_actions() == listed


def test_a_clone_and_an_undone_state_list_their_own_attacks() -> None:
    # Given a game at the third order of some turn, and a clone of it
    state = SPEC.new_game(4, 5)
    rng = random.Random(5)
    while state.order != 3 or not state.legal_actions():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    twin = state.clone()
    before = state.legal_actions()
    # When the original attacks and the clone goes back one order
    state.apply(before[0])
    twin.undo()
    # Then each lists what its own position allows
    assert twin.order == 2 and all(type(a).__name__ != "Attack" for a in twin.legal_actions())
    # And the original, undone, lists its attacks again, the same as before
    state.undo()
    assert state.legal_actions() == before
    # A handed-out list is the caller's: changing it changes nothing in the state
    before.clear()
    assert state.legal_actions()


def test_a_clone_copies_every_attribute_and_shares_no_list_it_changes() -> None:
    # Given a game some turns in, with something to undo, and a clone of it
    state = SPEC.new_game(4, 7)
    rng = random.Random(7)
    for _ in range(23):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    state.position_key()
    state.legal_actions()  # the kept attacks and key are set
    twin = state.clone()
    # Then every attribute the state has (its slots) is the original's
    for name in _SLOTS:
        assert getattr(twin, name) == getattr(state, name), name
    # And the lists a state changes in place are its own
    for name in ("_cells", "_history", "_actors", "_undo"):
        assert getattr(twin, name) is not getattr(state, name), name


def test_the_position_key_is_equal_exactly_when_the_canonical_key_is() -> None:
    keys: dict[object, object] = {}
    for players, seed in ((4, 21), (4, 22), (3, 23)):
        for state in _walk(players, seed):
            fast, plain = state.position_key(), state.canonical_key()
            # Then one key never stands for two positions, nor two keys for one
            assert keys.setdefault(fast, plain) == plain
            assert state.position_key() is fast  # made once per position
            assert state.clone().position_key() == fast
    assert len(set(keys.values())) == len(keys)


def test_the_reach_of_every_clan_at_once_is_the_rules() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        home = [rng.choice((0, 0, 1, 2, 3, 4, 6)) for _ in range(NUM_CLANS)]
        assert attack_reaches(home) == [attack_reach(home, c) for c in range(NUM_CLANS)]


def test_reachable_counts_count_the_armies_in_reach_elsewhere() -> None:
    rng = random.Random(4)
    for _ in range(500):
        players = rng.choice((3, 4, 5))
        table = [rng.choice((0, 0, 1, 1, 2, 3, 5)) for _ in range(players * NUM_CLANS)]
        for seat in range(players):
            home = table[seat * NUM_CLANS : (seat + 1) * NUM_CLANS]
            expected = [
                sum(
                    1
                    for q in range(players)
                    if q != seat and in_reach(attack_reach(home, c), table[q * NUM_CLANS + c])
                )
                for c in range(NUM_CLANS)
            ]
            assert reachable_counts(table, players, seat) == expected


def test_count_in_reach_counts_in_reach_over_every_reach_but_the_skipped() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        reaches = [rng.choice((0, 0, 2, 3, 4, 6)) for _ in range(rng.choice((3, 4, 5)))]
        defence = rng.choice((-1, 0, 1, 2, 3, 5, 6))
        skip = rng.choice((-1, *range(len(reaches))))
        expected = sum(
            1 for r, reach in enumerate(reaches) if r != skip and in_reach(reach, defence)
        )
        assert count_in_reach(reaches, defence, skip) == expected
