"""The Shinobi adapter's remembered pieces (issue 32) give what computing afresh gives.

The evidence of the public history is remembered for the last history seen, the exposure
by the scores, the candidate lists by position, the expected rival total by its inputs,
the cuts of the opponents' attacks, one's own attack's targets by table; a fresh adapter,
which remembers nothing, must value and rank every position alike, whatever the first
adapter saw before.
"""

from __future__ import annotations

import random

from ai.games import shinobi
from ai.games.shinobi import ShinobiAdapter, expected_rival, exposure
from engine.shinobi import beliefs
from engine.shinobi.attack import legal_attacks
from engine.shinobi.state import SPEC


def _positions(players: int, seed: int) -> list:
    """Clones of every position of a random game."""
    state = SPEC.new_game(players, seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        out.append(state.sampled_copy())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return out


def test_a_remembering_adapter_values_and_ranks_like_a_fresh_one() -> None:
    # Given one adapter asked about positions of two games, back and forth
    used = ShinobiAdapter()
    games = [_positions(4, 31), _positions(5, 32)]
    order = [pos for pair in zip(*games, strict=False) for pos in pair]
    for state in order:
        player = state.current_player()
        # When it and a fresh adapter value and rank each position
        fresh = ShinobiAdapter()
        values = [used.evaluate(state, p) for p in range(state.num_players)]
        # Then the values are the same to the bit, and so are the candidates
        assert values == [fresh.evaluate(state, p) for p in range(state.num_players)]
        assert used.candidates(state, player) == fresh.candidates(state, player)
        # And the remembered public evidence is the evidence of the history
        n = state.num_players
        found, _ = shinobi._public_evidence(state, len(state.history))
        assert found == beliefs.evidence(state.history, state.actors, n)


def test_an_adapter_keeps_its_last_worlds_and_finds_a_forgotten_one_again() -> None:
    # Given one adapter that valued the first world, then more worlds than it keeps
    adapter = ShinobiAdapter()
    worlds = [pos for seed in (41, 42, 43) for pos in _positions(4, seed)]
    assert len(worlds) > shinobi.WORLDS_KEPT + 1
    first = worlds[0]
    before = [adapter.evaluate(first, p) for p in range(4)]
    for state in worlds[1:]:
        adapter.evaluate(state, state.current_player())
    # Then it keeps no more than its share, each with its world (no other state takes an id)
    assert len(adapter._worlds) == shinobi.WORLDS_KEPT
    assert all(id(kept) == key for key, (kept, _) in adapter._worlds.items())
    assert id(first) not in adapter._worlds
    # And the first world, asked again, is valued as before
    assert [adapter.evaluate(first, p) for p in range(4)] == before


def test_the_remembered_exposure_is_the_exposure() -> None:
    rng = random.Random(6)
    for _ in range(300):
        scores = [rng.choice((0.0, 1.0, 1.5, -1.0, 2.5)) for _ in range(5)]
        clan = rng.randrange(5)
        assert shinobi._exposure(scores, clan) == exposure(scores, clan)
        assert shinobi._exposure(list(scores), clan) == exposure(scores, clan)


def test_the_remembered_rival_total_is_the_expected_rival() -> None:
    # Given totals as counts and as the evaluation's floats, asked again and again
    rng = random.Random(7)
    for _ in range(600):
        totals = [float(rng.randrange(9)) - rng.choice((0.0, 0.5, 0.25)) for _ in range(5)]
        clan = rng.randrange(5)
        weights = [0.0 if c == clan else rng.choice((0.2, 0.6, 0.75, 1.0)) for c in range(5)]
        # Then the remembered value is the computed one, to the bit, for floats and ints
        assert shinobi._rival(totals, clan, weights) == expected_rival(totals, clan, weights)
        counts = [int(t) for t in totals]
        assert shinobi._rival(counts, clan, weights) == expected_rival(counts, clan, weights)
        assert shinobi._rival(list(totals), clan, weights) == expected_rival(totals, clan, weights)


def test_the_seats_before_ones_turn_are_those_that_act_until_it() -> None:
    for n in range(2, 6):
        for current in range(n):
            for player in range(n):
                seats = []
                seat = (current + 1) % n if current == player else current
                while seat != player:
                    seats.append(seat)
                    seat = (seat + 1) % n
                assert shinobi._SEATS_BEFORE[n][current][player] == tuple(seats)


def test_the_remembered_attacks_are_the_engines() -> None:
    # Given the positions of random games valued by one adapter (filling the tables)
    adapter = ShinobiAdapter()
    for players, seed in ((4, 41), (5, 42), (3, 43)):
        for state in _positions(players, seed):
            for p in range(state.num_players):
                adapter.evaluate(state, p)
            table = state.table()
            key = shinobi._table_key(table)
            # Then the remembered clans one's own attack can hit are the engine's attacks'
            for (k, p, protected), clans in shinobi._TARGETS.items():
                if k == key:
                    attacks = legal_attacks(table, players, p, protected)
                    assert clans == list(dict.fromkeys(a.clan for a in attacks))
    # And each remembered cut of an opponent's attack is the share of it each clan loses
    assert shinobi._CUTS
    for (reachable, own), (aimed, shares) in shinobi._CUTS.items():
        count = sum(reachable)
        assert aimed == tuple(b for b in range(5) if reachable[b] and b != own and count)
        share = 0.5 if aimed else 1.0
        assert shares == tuple((b, share * reachable[b] / count) for b in range(5) if reachable[b])
