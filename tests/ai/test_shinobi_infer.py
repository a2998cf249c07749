"""The search levels' allegiance inference in Shinobi (ai.games.shinobi_infer): what the
public orders say about who serves which clan, and that nothing hidden is read."""

from __future__ import annotations

import random

from ai.base import Budget
from ai.games import shinobi_infer as infer
from ai.games.shinobi import InferringAdapter
from ai.levels import LEVELS
from ai.registry import make_bot
from ai.search import SearchBot
from engine.shinobi import SPEC
from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja
from engine.shinobi.cards import NUM_CLANS

HOJO, MORI, ODA, TAKEDA, UESUGI = range(NUM_CLANS)


def test_joining_an_army_and_moving_between_others_speak_for_a_clan() -> None:
    # Given four players; player 1 opens a Mōri army in province 2, joins Oda cards to
    # the Oda army player 2 opened in province 3, and moves an Oda card between others
    history = [
        Deploy(ODA, 3),  # player 2 opens the Oda army in province 3 (no evidence for Oda)
        Deploy(MORI, 2),  # player 1 opens a Mōri army in province 2
        Deploy(ODA, 3),  # player 1 joins the Oda army
        Deploy(ODA, 3),  # player 1 joins it again
        Move(ODA, 3, 2),  # player 1 moves an Oda card between two other provinces
    ]
    actors = [2, 1, 1, 1, 1]
    # When player 0 (serving Takeda) weighs the evidence
    scores = infer.evidence(history, actors, 4, first=2)
    weights = infer.clan_weights(scores, observer=0, own_clan=TAKEDA)
    # Then Oda is player 1's likeliest clan, more than Mōri, which it only opened
    assert max(range(NUM_CLANS), key=lambda c: weights[1][c]) == ODA
    assert weights[1][ODA] > 0.5 > weights[1][MORI]
    assert scores[1][MORI] == infer.SCORE[infer.DEPLOY_NEW] < 0  # opening: against
    assert scores[2][ODA] == infer.SCORE[infer.DEPLOY_NEW]
    assert scores[1][ODA] == 2 * infer.SCORE[infer.DEPLOY_JOIN] + infer.SCORE[infer.MOVE_AWAY]
    # and nobody is given the observer's own clan
    assert all(weights[q][TAKEDA] == 0.0 for q in (1, 2, 3))


def test_attacking_or_ninjaing_a_clan_speaks_strongly_against_it() -> None:
    # Given player 1 who deployed Uesugi home, then attacked the Uesugi army elsewhere,
    # and player 2 who deployed Hōjō home and later played the Ninja on Hōjō
    history = [
        Deploy(UESUGI, 1),
        Deploy(HOJO, 2),
        Attack(UESUGI, 3, ODA),
        PlayNinja(HOJO, 3),
    ]
    actors = [1, 2, 1, 2]
    # When player 0 (serving Oda) weighs the evidence
    scores = infer.evidence(history, actors, 4, first=1)
    weights = infer.clan_weights(scores, observer=0, own_clan=ODA)
    # Then each turned on the clan it fed: that clan is now its least likely one
    assert min(range(NUM_CLANS), key=lambda c: weights[1][c] if c != ODA else 2) == UESUGI
    assert min(range(NUM_CLANS), key=lambda c: weights[2][c] if c != ODA else 2) == HOJO
    assert infer.SCORE[infer.ATTACK] < -3 and infer.SCORE[infer.NINJA] < -3


def test_the_evidence_grows_with_the_history_as_if_read_afresh() -> None:
    # Given a random game's public history, read in steps by one Inference
    state = SPEC.new_game(4, 7)
    rng = random.Random(7)
    inference = infer.Inference()
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        if len(state.history) % 9 == 0:
            stepwise = inference.scores(state.history, state.actors, 4, state.first_player)
    # When the whole history is read afresh
    whole = infer.evidence(state.history[:], state.actors[:], 4, state.first_player)
    stepwise = inference.scores(state.history, state.actors, 4, state.first_player)
    # Then both readings agree, and the sure evidence against clans was seen
    assert stepwise == whole
    assert any(score < 0 for row in whole for score in row)


def test_two_states_differing_only_in_hidden_facts_give_the_same_decision() -> None:
    # Given a mid-game position, and a second one with the same public history and the
    # same hand for the player to act, but other allegiances, hands and deck order
    state = SPEC.new_game(4, 13)
    rng = random.Random(13)
    while len(state.history) < 30 or state.order != 1:
        state.apply(rng.choice(state.legal_actions()))
    player = state.current_player()
    other = state.observation(player).determinize(random.Random(99), infer=False)
    assert other.allegiances != state.allegiances or any(
        other.hand(q) != state.hand(q) for q in range(4) if q != player
    )
    assert other.observation(player) == state.observation(player)
    # When the normal level and a search with the inferring adapter decide in each,
    # with the same seed
    decided = []
    for position in (state, other):
        for bot in (make_bot("normal@600", "shinobi"), _inferring_search(600)):
            legal = position.legal_actions()
            move = bot.choose(position.observation(player), legal, random.Random(1), Budget())
            decided.append((move, bot.last.values if bot.last else None))
    # Then the decisions and the values behind them are the same
    assert decided[:2] == decided[2:]


def _inferring_search(nodes: int) -> SearchBot:
    """The normal level's search with the inferring adapter."""
    return SearchBot(LEVELS["normal"].config, InferringAdapter(), nodes=nodes)


def test_the_search_samples_allegiances_from_the_observation_only() -> None:
    # Given two states that differ only in what player 0 cannot see
    state = SPEC.new_game(4, 3, {"first": 0})
    rng = random.Random(3)
    while len(state.history) < 24 or state.current_player() != 0 or state.order != 1:
        state.apply(rng.choice(state.legal_actions()))
    other = state.observation(0).determinize(random.Random(4), infer=False)
    # When the inferring adapter samples worlds from each observation with the same seed
    adapter = InferringAdapter()
    worlds = [
        adapter.determinize(position.observation(0), random.Random(8))
        for position in (state, other)
    ]
    # Then it samples the same allegiances and the same hidden cards
    assert worlds[0].allegiances == worlds[1].allegiances
    assert [worlds[0].hand(q) for q in range(4)] == [worlds[1].hand(q) for q in range(4)]
    assert worlds[0].allegiance(0) == state.allegiance(0)
