"""The Shinobi playout bot (ai.games.shinobi_playout): it plays each candidate out to the
end of the game in worlds drawn from its observation."""

from __future__ import annotations

import random

import pytest

from ai.base import Budget
from ai.games.shinobi_playout import ShinobiPlayoutBot
from ai.registry import UnknownBotError, bot_names, make_bot, offered_bot_names
from engine.shinobi.state import ShinobiState, parse_position
from tests.ai.shinobi_positions import FULL_DECK, oda_leads

# Player 0 (Oda) gives the game's last turn: Oda and Takeda have 3 cards each, and the
# hand holds one Oda and one Takeda card. Deploying the Oda card wins; the Takeda card
# loses when Takeda is served (player 0 cannot know whether it is).
LAST_TURN = """
turn: player 0, order 1
deck: -
final: 1
p0 oda: hand oda takeda; province oda*2
p1 takeda: hand mori; province takeda*3
p2 mori: hand uesugi; province oda mori
p3 uesugi: hand hojo; province uesugi*2
"""


def _choose(bot: ShinobiPlayoutBot, state: ShinobiState, seed: int = 1) -> str:
    player = state.current_player()
    observation = state.observation(player)
    return str(bot.choose(observation, state.legal_actions(), random.Random(seed), Budget()))


@pytest.mark.parametrize("selection", ["halving", "ucb"])
@pytest.mark.parametrize("policy", ["random", "ranked", "mixed"])
def test_it_deploys_the_card_that_wins_the_last_turn(policy: str, selection: str) -> None:
    # Given the game's last turn, where only an Oda card deployed wins for Oda
    state = parse_position(LAST_TURN)
    bot = ShinobiPlayoutBot(nodes=200, policy=policy, selection=selection)
    # When the playout bot gives its first order
    # Then it deploys the Oda card
    assert _choose(bot, state).startswith("deploy oda")
    # having played every candidate: the best Oda line won (a win is worth 1 and a card
    # of lead 0.02) and did better than every Takeda line
    stats = bot.last
    assert stats is not None and min(stats.visits) >= 1
    means = {str(m): stats.mean(i) for i, m in enumerate(stats.moves)}
    oda = max(v for m, v in means.items() if m.startswith("deploy oda"))
    assert oda > 1.0
    assert all(v < oda for m, v in means.items() if m.startswith("deploy takeda"))


def test_hidden_cards_and_clans_do_not_change_the_decision() -> None:
    # Given two games that look alike to player 0: the other hands, the others' clans
    # and the deck order differ
    text = oda_leads(FULL_DECK)
    other = parse_position("""
turn: player 0, order 1
deck: uesugi*6 takeda*6 oda*6 mori*6 hojo*6
p0 oda: hand oda mori takeda uesugi; province oda*2
p1 mori: hand mori*4; province oda*2 mori
p2 uesugi: hand takeda*4; province takeda*2 oda
p3 takeda: hand uesugi*4; province uesugi*3 hojo
""")
    assert text.observation(0) == other.observation(0)
    # When the playout bot decides each with the same seed
    one, two = ShinobiPlayoutBot(nodes=300), ShinobiPlayoutBot(nodes=300)
    # Then it plays the same move after the same playouts: it saw only its observation
    assert _choose(one, text, seed=3) == _choose(two, other, seed=3)
    assert one.last is not None and two.last is not None
    assert one.last.rewards == two.last.rewards


@pytest.mark.parametrize("selection", ["halving", "ucb"])
def test_the_same_seed_gives_the_same_decision_with_either_selection(selection: str) -> None:
    # Given a full-deck position and a node budget (no time cap)
    state = oda_leads(FULL_DECK)
    # When two bots decide it with the same seed
    first = ShinobiPlayoutBot(nodes=400, selection=selection)
    second = ShinobiPlayoutBot(nodes=400, selection=selection)
    one, two = _choose(first, state, seed=7), _choose(second, state, seed=7)
    # Then they choose the same move after the same playouts
    assert one == two
    assert first.last is not None and second.last is not None
    assert first.last.visits == second.last.visits
    assert first.last.rewards == second.last.rewards
    assert first.last.steps >= 400  # the budget's steps (one step a node) were all played
    assert first.last.nodes == first.last.steps


def test_halving_plays_every_candidate_in_the_same_worlds_and_keeps_the_better_half() -> None:
    # Given the twelve candidates of a full-deck first order
    state = oda_leads(FULL_DECK)
    bot = ShinobiPlayoutBot(nodes=3000)
    # When the playout bot decides it by sequential halving
    _choose(bot, state)
    stats = bot.last
    assert stats is not None and len(stats.moves) == 12
    # Then the four rounds (12, 6, 3, 2 candidates) leave visits in four groups, each
    # group played in the same worlds as every candidate still in the race
    counts = sorted(set(stats.visits))
    assert len(counts) == 4
    assert [stats.visits.count(c) for c in counts] == [6, 3, 1, 2]


def test_the_playouts_bot_is_shinobis_only_and_not_offered() -> None:
    # When the measurement bot is made with a node budget
    bot = make_bot("playouts@300", "shinobi")
    # Then it is the playout bot with that budget and no time cap, kept out of the menus
    assert isinstance(bot, ShinobiPlayoutBot)
    assert (bot.default_nodes, bot.default_seconds) == (300, None)
    assert "playouts" in bot_names() and "playouts" not in offered_bot_names()
    # and other games refuse it
    with pytest.raises(UnknownBotError, match="Shinobi only"):
        make_bot("playouts", "rokugan")


def test_an_unknown_policy_or_selection_is_refused() -> None:
    with pytest.raises(ValueError, match="policy"):
        ShinobiPlayoutBot(policy="clever")
    with pytest.raises(ValueError, match="selection"):
        ShinobiPlayoutBot(selection="vote")
