"""What a player may know: the observation, and states drawn from it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.shinobi import SPEC, ShinobiObservation, format_position
from engine.shinobi.cards import NUM_CLANS

from .helpers import play, position


def _midgame(seed: int = 4, steps: int = 25):
    """A 4-player game after `steps` random actions."""
    state = SPEC.new_game(4, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_observation_holds_only_public_facts_and_ones_own_secrets() -> None:
    # Given a game in progress
    state = _midgame()
    seen = state.observation(1)
    # Then player 1 sees their own clan and hand, the table, discards and counts
    assert seen.allegiance == state.allegiance(1) and seen.hand == state.hand(1)
    assert seen.hand_sizes == tuple(state.hand_size(q) for q in range(4))
    assert seen.deck_size == state.deck_size() and seen.discards == state.discards()
    assert seen.history == tuple(state.history)
    assert seen.actors == tuple(state.actors) and len(seen.actors) == len(seen.history)
    # And nothing else: no field carries other allegiances, hands or the deck order
    assert {f.name for f in dataclasses.fields(ShinobiObservation)} == {
        "player",
        "num_players",
        "allegiance",
        "hand",
        "armies",
        "discards",
        "hand_sizes",
        "deck_size",
        "composition",
        "current_player",
        "order",
        "protected",
        "final_left",
        "turns",
        "first_player",
        "history",
        "actors",
        "revealed",
    }
    assert seen.revealed is None


def test_states_differing_only_in_hidden_facts_look_the_same_to_the_player() -> None:
    # Given a game and many states drawn from player 2's observation
    state = _midgame(seed=8)
    seen = state.observation(2)
    samples = [seen.determinize(random.Random(i)) for i in range(30)]
    # Then they differ in what player 2 cannot see ...
    assert len({format_position(s) for s in samples}) > 1
    assert len({s.allegiances for s in samples}) > 1
    # ... yet every one gives player 2 the identical observation
    assert all(s.observation(2) == seen for s in samples)


def test_determinize_deals_other_clans_from_all_but_ones_own() -> None:
    # Given a 3-player game seen by player 0
    state = SPEC.new_game(3, 21)
    seen = state.observation(0)
    own = state.allegiance(0)
    # When many states are drawn
    others: set[int] = set()
    for i in range(60):
        sample = seen.determinize(random.Random(i))
        clans = sample.allegiances
        # Then player 0 keeps their clan and the others get distinct other clans
        assert clans[0] == own and len(set(clans)) == 3
        others.update(clans[1:])
    # And every clan but player 0's own turns up (the unused ones are not known)
    assert others == set(range(5)) - {own}


def test_determinize_keeps_the_card_counts() -> None:
    state = _midgame(seed=5, steps=40)
    for player in range(4):
        sample = state.observation(player).determinize(random.Random(player))
        assert sample.card_counts() == state.card_counts() == [11] * 5 + [3]
        assert [sample.hand_size(q) for q in range(4)] == [state.hand_size(q) for q in range(4)]
        assert sample.deck_size() == state.deck_size()
        assert sample.hand(player) == state.hand(player)


def test_determinize_can_take_allegiances_from_an_inference() -> None:
    # Given player 0's observation and a guess for the others' clans
    state = SPEC.new_game(4, 2)
    seen = state.observation(0)
    others = [c for c in range(5) if c != seen.allegiance][:3]
    guess = [seen.allegiance, *others]
    # Then the drawn state uses the guess
    assert seen.determinize(random.Random(0), allegiances=guess).allegiances == tuple(guess)
    # And a guess that contradicts what player 0 knows is refused
    with pytest.raises(ValueError, match="disagree"):
        seen.determinize(random.Random(0), allegiances=[others[0], seen.allegiance, *others[1:]])


def test_a_drawn_state_plays_on_and_undoes_back_to_where_it_was_drawn() -> None:
    # Given a state drawn from an observation
    state = _midgame(seed=6)
    sample = state.observation(state.current_player()).determinize(random.Random(1))
    before = format_position(sample)
    assert list(sample.history) == list(state.history)
    # When it plays a few actions and undoes them
    rng = random.Random(2)
    for _ in range(5):
        sample.apply(rng.choice(sample.legal_actions()))
    for _ in range(5):
        sample.undo()
    # Then it is back where it was drawn, and cannot undo further
    assert format_position(sample) == before
    with pytest.raises(IndexError):
        sample.undo()


def test_the_terminal_observation_reveals_and_determinize_keeps_the_truth() -> None:
    state = position(
        """
        turn: over
        deck: -
        p0 oda: hand mori; province oda
        p1 mori: hand -; province -
        p2 takeda: hand -; province -
        """
    )
    seen = state.observation(2)
    assert seen.revealed == (2, 1, 3)
    assert seen.determinize(random.Random(0)).allegiances == (2, 1, 3)


def test_the_observation_follows_the_public_actions() -> None:
    # Given player 0 deploys a card; player 1 sees the table change and the history
    state = position(
        """
        turn: player 0, order 1
        deck: hojo*6
        p0 oda: hand oda takeda mori ninja; province -
        p1 mori: hand mori*4; province -
        p2 takeda: hand takeda*4; province -
        """
    )
    play(state, "deploy takeda to 1")
    seen = state.observation(1)
    assert seen.army(1, 3) == 1 and seen.clan_total(3) == 1
    assert [str(a) for a in seen.history] == ["deploy takeda to 1"]
    assert seen.hand_sizes == (3, 4, 4) and seen.order == 2


FEEDER = """
    turn: player 0, order 1
    deck: hojo*20
    p0 oda: hand oda*4; province -
    p1 mori: hand mori*4; province -
    p2 takeda: hand takeda*4; province -
    p3 uesugi: hand uesugi*4; province -
"""


def _feeding_game():
    """Four turns in which player 1 plainly feeds Mōri and hits Takeda."""
    from .helpers import play

    state = position(FEEDER)
    play(state, "deploy oda to 1", "deploy oda to 0")  # player 0
    play(state, "deploy mori to 2", "deploy mori to 1")  # player 1
    play(state, "deploy takeda to 3", "deploy takeda to 2")  # player 2
    play(state, "deploy uesugi to 0", "deploy uesugi to 3")  # player 3
    play(state, "deploy oda to 2", "deploy oda to 0")  # player 0: Oda 3 at home
    play(state, "attack mori at 1 with oda")  # player 0 hits player 1's Mōri 1
    play(state, "deploy mori to 3", "deploy mori to 1")  # player 1 again
    return state


def test_public_evidence_counts_what_each_player_fed_and_hit() -> None:
    from engine.shinobi import beliefs

    state = _feeding_game()
    scores = beliefs.evidence(state.history, state.actors, 4)
    # Player 1 deployed Mōri away twice (+1 each) and home twice (+1.5 each)
    assert scores[1] == [0.0, 5.0, 0.0, 0.0, 0.0]
    # Player 0 fed Oda (1 + 1.5 + 1 + 1.5) and attacked Mōri (-1)
    assert scores[0] == [0.0, -1.0, 5.0, 0.0, 0.0]


def test_the_posterior_leans_towards_the_plainly_fed_clan() -> None:
    from engine.shinobi import beliefs

    # Given player 3's view of the feeding game
    state = _feeding_game()
    scores = beliefs.evidence(state.history, state.actors, 4)
    others, table = beliefs.posterior(scores, observer=3, own_clan=4)
    # Then the probabilities add up, and player 1 most likely serves Mōri
    assert others == [0, 1, 2] and abs(sum(p for _, p in table) - 1) < 1e-12
    marginal = [0.0] * 5
    for combo, p in table:
        marginal[combo[1]] += p
    assert max(range(5), key=marginal.__getitem__) == 1 and marginal[4] == 0.0
    # And with no evidence every assignment is equally likely
    flat = beliefs.posterior([[0.0] * 5] * 4, observer=3, own_clan=4)[1]
    assert {round(p, 12) for _, p in flat} == {round(1 / 24, 12)}


def test_determinize_draws_allegiances_from_the_evidence_or_uniformly() -> None:
    # Given player 3's observation of the feeding game
    seen = _feeding_game().observation(3)
    # When drawing many worlds with and without inference
    inferred = [seen.determinize(random.Random(i)).allegiances[1] for i in range(400)]
    uniform = [seen.determinize(random.Random(i), infer=False).allegiances[1] for i in range(400)]
    # Then inference picks Mōri for player 1 clearly more often than chance (1 in 4)
    assert inferred.count(1) > 200
    assert 60 < uniform.count(1) < 140
    assert 4 not in inferred and 4 not in uniform


def test_equal_positions_have_equal_keys() -> None:
    from .helpers import play

    # Given two turns that reach the same table by different routes, and a third that does not
    a = play(position(FEEDER), "deploy oda to 1", "move oda 1 to 2")
    b = play(position(FEEDER), "deploy oda to 3", "move oda 3 to 2")
    c = play(position(FEEDER), "deploy oda to 3", "move oda 3 to 1")
    # Then the first two share one key (history aside) and the third differs
    assert a.history != b.history
    assert a.canonical_key() == b.canonical_key() != c.canonical_key()


def test_a_sampled_copy_is_a_drawn_state_that_guessed_right() -> None:
    # Given a game in progress and a state drawn from player 2's observation
    state = _midgame(seed=6, steps=30)
    drawn = state.observation(2).determinize(random.Random(3))
    # When the true state is copied as a sampled world
    copy = state.sampled_copy()
    # Then it is the true position, marked like the drawn state, with nothing to undo
    assert copy.canonical_key() == state.canonical_key()
    assert copy.setup() == drawn.setup() and copy.undo_depth == drawn.undo_depth == 0
    assert copy.legal_actions() == state.legal_actions() and state.undo_depth == 30


def test_every_seat_sees_the_armies_the_state_protects() -> None:
    # Given the positions of a random game
    state = SPEC.new_game(4, 3, {})
    rng = random.Random(3)
    protected = 0
    while not state.is_terminal():
        # Then each seat's observation protects exactly the armies the state does
        for player in range(state.num_players):
            seen = state.observation(player)
            for q in range(state.num_players):
                for c in range(NUM_CLANS):
                    assert seen.is_protected(q, c) == state.is_protected(q, c)
        protected += bool(state.protected_mask)
        state.apply(rng.choice(state.legal_actions()))
    assert protected > 0
