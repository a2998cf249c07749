"""Shinobi's levels by knowledge (ai.levels, `GAME_LEVELS["shinobi"]`): `normal` counts
the later rounds' attacks for itself; `hard` counts them and keeps its clan's cards in the
hand; `easy` plays with the plain values."""

from __future__ import annotations

import random

from ai.base import Budget
from ai.games.shinobi import ADAPTER, ShinobiAdapter
from ai.games.shinobi_levels import (
    OWN_HAND_LATER_ADAPTER,
    OWN_LATER_ADAPTER,
    OwnHandAdapter,
    OwnLaterAdapter,
)
from ai.registry import make_bot
from engine.shinobi.state import ShinobiState
from tests.ai.shinobi_positions import FULL_DECK, oda_leads


def _choose(level: str, state: ShinobiState) -> str:
    bot = make_bot(level, "shinobi")
    move = bot.choose(state.observation(0), state.legal_actions(), random.Random(1), Budget())
    return str(move)


def test_what_each_level_knows() -> None:
    # When the levels are made for Shinobi (with and without a node budget)
    for name in ("easy", "easy@300"):
        # Then easy searches with the plain adapter, greedy's values
        assert make_bot(name, "shinobi").adapter is ADAPTER
    for name in ("normal", "normal@800"):
        # and normal with the later rounds' attacks counted for itself
        adapter = make_bot(name, "shinobi").adapter
        assert adapter is OWN_LATER_ADAPTER and isinstance(adapter, OwnLaterAdapter)
        assert not isinstance(adapter, OwnHandAdapter)
    for name in ("hard", "hard@2000"):
        # and hard with them counted and its clan's cards kept in the hand, for itself
        adapter = make_bot(name, "shinobi").adapter
        assert adapter is OWN_HAND_LATER_ADAPTER
        assert isinstance(adapter, OwnLaterAdapter) and isinstance(adapter, OwnHandAdapter)
    assert type(make_bot("greedy", "shinobi").adapter) is ShinobiAdapter


def test_normal_keeps_an_open_lead_out_of_sight_while_rounds_remain() -> None:
    # Given Oda, player 0's clan, leading openly with five rounds still to come
    state = oda_leads(FULL_DECK)
    # When normal and easy give their first order
    # Then easy feeds its leading clan, normal deploys another one (a decoy for the attacks)
    assert _choose("easy@300", state).startswith("deploy oda")
    assert not _choose("normal@800", state).startswith("deploy oda")


def test_every_level_feeds_its_clan_when_no_round_is_left() -> None:
    # Given the same table with one card left in the deck (no round after this one)
    state = oda_leads("hojo")
    # When each level gives its first order
    # Then each adds a card to Oda, its own clan
    for level in ("easy@300", "normal@800", "hard@2000"):
        assert _choose(level, state).startswith("deploy oda"), level
