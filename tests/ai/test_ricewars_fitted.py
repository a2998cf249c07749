"""Rice Wars' fitted evaluation: the search adapter's terms counted apart and weighed by
fitted weights, and the offline tool that fits them."""

from __future__ import annotations

import json
import random
from pathlib import Path

from ai.base import Budget
from ai.fit_ricewars import fit
from ai.games.ricewars import SEARCH_ADAPTER
from ai.games.ricewars_fitted import (
    FITTED_ADAPTER,
    HAND_SET,
    PARTS,
    RiceWarsFittedAdapter,
)
from ai.search import SearchBot, SearchConfig
from engine.ricewars.state import RiceWarsState
from tests.engine.ricewars.helpers import field_ids, put, ready, set_money, set_troops

HAND_WEIGHTS = tuple((w, 0.0) for w in HAND_SET)


def _positions(seed: int = 3, steps: int = 400) -> list[RiceWarsState]:
    """Positions of a random 3-player game from round 1's actions on (clones)."""
    st = ready(3, seed=seed)
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if st.is_terminal():
            break
        out.append(st.clone())
        st.apply(rng.choice(st.legal_actions()))
    return out


def test_the_hand_set_weights_give_the_search_adapters_standing() -> None:
    # Given the terms weighed by the search adapter's own weights
    hand = RiceWarsFittedAdapter(HAND_WEIGHTS)
    positions = _positions()
    assert len(positions) > 100
    # When both weigh the positions of a random game, then every seat's worth agrees
    for st in positions:
        expected = SEARCH_ADAPTER.standing(st)
        got = hand.standing(st)
        assert all(abs(a - b) < 1e-9 for a, b in zip(expected, got, strict=True)), st.phase


def _round_one() -> tuple[RiceWarsState, int]:
    st = ready(2, seed=1)
    return st, st.cur


def test_the_fitted_evaluation_prefers_more_fields() -> None:
    # Given round 1's actions, and the same position with one more field for the player
    st, s = _round_one()
    before = FITTED_ADAPTER.evaluate(st, s)
    put(st, s, field_ids(st, st.peasant_fields(s))[0])  # a free field next to its own
    # Then the fitted evaluation ranks the richer board higher
    assert FITTED_ADAPTER.evaluate(st, s) > before


def test_the_fitted_evaluation_prefers_more_money_and_troops() -> None:
    # Given round 1's actions
    st, s = _round_one()
    before = FITTED_ADAPTER.evaluate(st, s)
    # When the player has 10 Ryo more, then it stands better
    set_money(st, s, st.money[s] + 10)
    richer = FITTED_ADAPTER.evaluate(st, s)
    assert richer > before
    # And with two active ronin more still better
    set_troops(st, s, ron=2)
    assert FITTED_ADAPTER.evaluate(st, s) > richer


def test_the_fit_recovers_the_weights_that_made_the_results(tmp_path: Path) -> None:
    # Given games whose final fields are exactly the terms weighed by known weights
    rng = random.Random(7)
    truth = [(rng.uniform(-1, 2), rng.uniform(-1, 1)) for _ in PARTS]
    path = tmp_path / "games.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for _ in range(40):
            left = rng.random()
            parts = [[rng.uniform(0, 10) for _ in PARTS] for _ in range(3)]
            final = [
                sum(x * (a + b * left) for x, (a, b) in zip(p, truth, strict=True)) for p in parts
            ]
            fh.write(json.dumps({"final": final, "rows": [[left, parts]]}) + "\n")
    # When the tool fits them without a pull toward the hand-set weights
    weights = fit([str(path)], ridge=0.0)
    # Then it finds those weights
    for (a, b), (ta, tb) in zip(weights, truth, strict=True):
        assert abs(a - ta) < 0.01 and abs(b - tb) < 0.01


def test_a_bot_with_the_fitted_evaluation_decides_without_the_rivals_hidden_hand() -> None:
    # Given two deals alike but for the cards the rival holds (swapped with the hidden
    # deck's), the same for everything the player to act sees
    one = ready(2, seed=4)
    s = one.cur
    two = one.clone()
    rival = 1 - s
    held = list(two.hands[rival])
    assert held
    swap = two.deck[: len(held)]
    two.hands[rival] = tuple(swap)
    two.deck[: len(held)] = held
    assert one.observation(s).key() == two.observation(s).key()
    assert one.hands[rival] != two.hands[rival]
    bot = SearchBot(SearchConfig(worlds=3, max_depth=2), FITTED_ADAPTER)
    # When the player decides in each with the same seed and node budget
    moves = [
        bot.choose(st.observation(s), st.legal_actions(), random.Random(2), Budget(nodes=400))
        for st in (one, two)
    ]
    # Then it plays the same move
    assert moves[0] == moves[1]
