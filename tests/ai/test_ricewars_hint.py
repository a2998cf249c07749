"""Rice Wars hints give the fact behind a bid or a fight's bonus step in the player's terms."""

from __future__ import annotations

import random

from ai.games.ricewars_hint import EXPLAINER
from engine.ricewars import actions as A
from engine.ricewars.data import ADVISOR_INDEX
from tests.ai.test_ricewars_play import _attacked, _auction


def _reason(st, action) -> str:  # noqa: ANN001 - a RiceWarsState and one of its actions
    obs = st.observation(st.cur)
    worlds = [obs.determinize(random.Random(k)) for k in range(3)]
    return EXPLAINER.reason(obs, action, worlds, None)


def test_a_bid_hint_says_what_the_lot_is_worth_to_the_bidder() -> None:
    # Given the Kanjou bugyou up for auction and 12 Ryo in the purse
    st = _auction("kanjou", 12)
    # When a bid is explained
    words = _reason(st, A.Bid(2))
    # Then the hint names the advisor and its worth in fields, upkeep counted
    assert "Kanjou bugyou is worth about" in words and "upkeep counted" in words
    assert "best rival" in words


def test_a_bid_hint_says_when_upkeep_outweighs_the_services() -> None:
    st = _auction("jojutsu", 12)
    assert st.bidding == ADVISOR_INDEX["jojutsu"]
    assert "worth less to you than their upkeep" in _reason(st, A.Bid(0))


def test_a_defence_hint_names_the_field_at_stake() -> None:
    # Given the defender's last bonus step in a combat over one of its peasants
    st, _ = _attacked(1)
    field = st.board.names[st.fight["field"]]
    # When playing the card is explained
    words = _reason(st, A.Bonus("houka2"))
    # Then the hint names the player's field at stake
    assert f"your peasant on {field} is at stake" in words
