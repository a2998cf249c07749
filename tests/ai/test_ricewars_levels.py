"""Rice Wars' levels are a ladder whose rungs differ (`GAME_LEVELS["ricewars"]` in
`ai.levels`): `easy` one ply with greedy's knowledge, `normal` two plies over two worlds
with the troop knowledge, `hard` four plies over six worlds; each decides from what its
seat sees."""

from __future__ import annotations

import random

import pytest

from ai.base import Budget
from ai.games.ricewars import RiceWarsSearchAdapter
from ai.registry import make_bot
from tests.engine.ricewars.helpers import ready


def test_each_level_looks_further_over_more_worlds_than_the_one_below() -> None:
    # Given the three levels' bots as Rice Wars plays them
    easy, normal, hard = (make_bot(level, "ricewars") for level in ("easy", "normal", "hard"))
    # Then each rung searches more plies over at least as many worlds as the one below,
    # `normal` two plies over two worlds (it played `hard`'s game with three over four)
    assert easy.config.max_depth < normal.config.max_depth == 2 < hard.config.max_depth
    assert easy.config.worlds <= normal.config.worlds == 2 < hard.config.worlds
    # and `normal` and `hard` both judge with the troop knowledge, `easy` with greedy's
    assert isinstance(normal.adapter, RiceWarsSearchAdapter)
    assert isinstance(hard.adapter, RiceWarsSearchAdapter)
    assert not isinstance(easy.adapter, RiceWarsSearchAdapter)


@pytest.mark.parametrize("level", ["normal@400", "hard@400"])
def test_a_level_decides_without_the_rivals_hidden_hand(level: str) -> None:
    # Given two deals alike but for the cards the rival holds (swapped with the hidden
    # deck's), the same for everything the player to act sees
    one = ready(2, seed=4)
    s = one.cur
    two = one.clone()
    rival = 1 - s
    held = list(two.hands[rival])
    two.hands[rival] = tuple(two.deck[: len(held)])
    two.deck[: len(held)] = held
    assert one.observation(s).key() == two.observation(s).key()
    assert one.hands[rival] != two.hands[rival]
    # When the level decides in each with the same seed
    moves = []
    for st in (one, two):
        bot = make_bot(level, "ricewars")
        moves.append(bot.choose(st.observation(s), st.legal_actions(), random.Random(2), Budget()))
    # Then it plays the same move
    assert moves[0] == moves[1]
