"""Rokugan hints speak as a player would: tokens and places by whose, what and where
(never a board serial), and numbers in one unit, honor, that the text names and that
add up."""

from __future__ import annotations

import random
import re

from ai.games.rokugan_hint import EXPLAINER
from engine.registry import get_game
from tests.engine.rokugan.fixtures import rokugan_graph


def placement_states(seed: int, count: int):
    """States of a seeded random 4-player game with tokens on the board and cards to play."""
    state = get_game("rokugan").new_game(4, seed, {}, rokugan_graph())
    rng = random.Random(seed)
    found = []
    while not state.is_terminal() and len(found) < count:
        if state.phase == 4 and any(t is not None for t in state.tokens):
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return found


def test_every_move_is_described_without_a_serial() -> None:
    # Given placement decisions with tokens on the board (Blessings, looks, cards on them)
    described = 0
    for state in placement_states(3, 25):
        seen = state.observation(state.current_player())
        for action in state.legal_actions():
            # When a move is put in words
            words = EXPLAINER.describe(seen, action, None)
            described += 1
            # Then no board serial shows, and a token on the board is named by its owner
            assert not re.search(r"#\d", words), words
            if "#" in str(action):
                assert "'s " in words or "your " in words, words
    assert described > 100


def resolved_honor(worlds, me: int, action=None) -> tuple[float, float]:
    """The engine's honor of `me` and of the best rival with the board resolved as it
    stands (after `action`), mean over the worlds: what the reason says it quotes."""
    mine = rival = 0.0
    for world in worlds:
        world = world.clone()
        if action is not None:
            world.apply(action)
        with world.resolved_preview() as resolved:
            honor = resolved.honor()
        mine += honor[me]
        rival += max(h for p, h in enumerate(honor) if p != me)
    return mine / len(worlds), rival / len(worlds)


def test_a_cards_reason_is_the_boards_honor_resolved_now_named_so() -> None:
    # Given a decision where a card may be played, and worlds drawn from the observation
    for state in placement_states(5, 60):
        cards = [a for a in state.legal_actions() if type(a).__name__ == "PlayCard"]
        cards = [a for a in cards if a.card not in ("scout",)]
        if cards:
            break
    else:
        raise AssertionError("no card to play in the sampled game")
    me = state.current_player()
    seen = state.observation(me)
    rng = random.Random(1)
    worlds = [seen.determinize(rng) for _ in range(4)]
    expected_after = resolved_honor(worlds, me, cards[0])
    expected_before = resolved_honor(worlds, me)
    # When the card's reason is told
    reason = EXPLAINER.reason(seen, cards[0], worlds, None)
    # Then it names its figures as the board's honor resolved now (not a projected lead,
    # which is the search's figure at the end of a hint) and they are the engine's
    assert reason.startswith("if the board were resolved now: you "), reason
    assert "projected" not in reason
    mine, rival, mine0, rival0 = (float(x) for x in re.findall(r"\d+\.\d", reason)[:4])
    assert (mine, rival) == tuple(float(f"{x:.1f}") for x in expected_after)
    assert (mine0, rival0) == tuple(float(f"{x:.1f}") for x in expected_before)
    assert not re.search(r"#\d|@\d", reason)


def test_an_objective_kept_is_named_once_its_reason_adds_the_odds() -> None:
    from engine.rokugan import actions as A

    # Given the setup's choice of a secret objective
    state = get_game("rokugan").new_game(3, 5, {}, rokugan_graph())
    me = state.current_player()
    observation = state.observation(me)
    choice = next(a for a in state.legal_actions() if isinstance(a, A.ChooseObjective))
    # When the hint gives its reason for keeping one
    reason = str(EXPLAINER.reason_said(observation, choice, [state], None))
    # Then the reason adds how often it was met, the move's own words having named it
    assert re.fullmatch(r"met by \d+% of the players dealt it in measured games", reason)
