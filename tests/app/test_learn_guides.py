"""Learn to play, the Qt-free part: each guided game meets every phase and token or card
kind when a person follows the guide, and the guide's steps behave as steps."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from ai.base import Budget
from ai.registry import make_bot
from app.learn.guide import Guide, GuideProgress, scripted_walk
from engine.registry import get_game

GAMES = ("rokugan", "shinobi", "ricewars")


def guide_of(game: str) -> Guide:
    return importlib.import_module(f"app.learn.{game}").GUIDE


def new_guided_game(guide: Guide):
    from maps.api import load_graph

    graph = load_graph(guide.map_id) if guide.map_id else None
    return get_game(guide.game).new_game(guide.players, guide.seed, guide.settings, graph)


def app_bots(guide: Guide):
    """The other seats as the app plays them: the guide's bots, with the app's seeds."""
    bots, rngs = {}, {}
    for seat, name in enumerate(guide.seat_bots()):
        if name is not None:
            bots[seat] = make_bot(name, guide.game)
            rngs[seat] = random.Random(f"{guide.seed}:{seat}:{name}")
    return bots, rngs


def walk(guide: Guide) -> GuideProgress:
    """A person who takes one of the lit moves (the one an easy player likes best among
    them) and plays like an easy player where the guide lights nothing."""
    bots, rngs = app_bots(guide)
    person = make_bot("easy@300", guide.game)
    mine = random.Random(7)

    def other(state, player):
        legal = state.legal_actions()
        if player in bots:
            return bots[player].choose(state.observation(player), legal, rngs[player], Budget())
        return person.choose(state.observation(player), legal, mine, Budget())

    def pick(state, targets):
        return person.choose(state.observation(guide.seat), targets, mine, Budget())

    return scripted_walk(guide, new_guided_game(guide), other, pick)


@pytest.mark.parametrize("game", GAMES)
def test_a_guided_game_meets_every_phase_and_token_or_card_kind(game: str) -> None:
    # Given the guided first game of `game` on its fixed deal against its easy clans
    guide = guide_of(game)
    # When a person follows the guide to the end
    progress = walk(guide)
    # Then every phase and every token or card kind of the game was met
    assert progress.missing() == []
    assert progress.met >= set(guide.kinds)


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_is_data_the_app_can_trust(game: str) -> None:
    guide = guide_of(game)
    keys = [step.key for step in guide.steps]
    assert len(keys) == len(set(keys))
    # every kind is taught by some step, and every step teaches a kind
    taught = {kind for step in guide.steps for kind in step.meets}
    assert set(guide.kinds) <= taught
    assert all(step.meets for step in guide.steps)
    # other seats are easy bots with node budgets: the same game on every machine
    assert all(re.fullmatch(r"easy@\d+", name) for name in guide.bots)
    assert len(guide.bots) == guide.players - 1
    # the texts are one or two sentences
    state = new_guided_game(guide)
    for step in guide.steps:
        text = step.says(state, guide.seat)
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]
        assert 1 <= len(sentences) <= 2, (step.key, text)
        assert len(text) <= 260, step.key


@pytest.mark.parametrize("game", GAMES)
def test_the_first_steps_light_legal_moves_of_the_person(game: str) -> None:
    guide = guide_of(game)
    state = new_guided_game(guide)
    bots, rngs = app_bots(guide)
    progress = GuideProgress(guide)
    lit = 0
    while lit < 2:
        step = progress.current(state)
        if step is not None and step.wants is None:
            progress.acknowledge(step)
            continue
        player = state.current_player()
        if player == guide.seat:
            targets = progress.targets(state, step)
            assert step is not None and targets, "the guide lights something on each turn"
            assert set(targets) <= set(state.legal_actions())
            progress.record(state, targets[0])
            assert step.key in progress.done
            state.apply(targets[0])
            lit += 1
        else:
            legal = state.legal_actions()
            state.apply(
                bots[player].choose(state.observation(player), legal, rngs[player], Budget())
            )


def test_a_move_the_guide_did_not_ask_for_yet_still_counts() -> None:
    # Given the Rokugan guide at the objective choice
    guide = guide_of("rokugan")
    state = new_guided_game(guide)
    progress = GuideProgress(guide)
    while state.current_player() != guide.seat:
        state.apply(state.legal_actions()[0])
    assert progress.current(state).key == "objective"
    # When the person chooses an objective
    progress.record(state, state.legal_actions()[0])
    # Then the objective step is done and its kinds are met
    assert "objective" in progress.done
    assert {"phase:objective", "card:objective"} <= progress.met


def test_progress_can_be_resumed_from_the_steps_done() -> None:
    guide = guide_of("shinobi")
    resumed = GuideProgress(guide, done=("allegiance", "deploy-away"))
    assert resumed.met == {"card:allegiance", "phase:order1", "card:clan"}
    state = new_guided_game(guide)
    # At the first order nothing is left to teach (no Ninja in hand) ...
    assert resumed.current(state) is None
    # ... and at the second the guide goes on with the next step
    state.apply(state.legal_actions()[0])
    assert resumed.current(state).key == "deploy-home"
