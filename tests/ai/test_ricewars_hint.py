"""Rice Wars hints give the fact behind a bid, an attack, a troop hired or a fight's bonus
step in the player's terms, and say a bid is the AI's rule."""

from __future__ import annotations

import random

from ai.games.ricewars import SEARCH_ADAPTER
from ai.games.ricewars_hint import EXPLAINER
from ai.hint import suggest
from engine.ricewars import actions as A
from engine.ricewars.data import ADVISOR_INDEX
from tests.ai.test_ricewars_adapter import _hiring_position
from tests.ai.test_ricewars_play import _attacked, _auction
from tests.engine.ricewars.helpers import field_ids, ready, set_troops


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
    assert "right after it you hold" in words and "rival holding most" in words


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


def test_a_bid_hint_says_the_ai_bids_by_rule_not_that_it_looks() -> None:
    # Given the Kanjou bugyou up for auction: the AI's bid is its rule's, not a search's
    st = _auction("kanjou", 12)
    # When the hint is asked for
    hint = suggest("ricewars", st.observation(st.cur), st.legal_actions(), nodes=200)
    # Then it names the bid and the rule, and nothing of a look (Shinobi's rule)
    assert hint.analysis.how == "rule" and isinstance(hint.action, A.Bid)
    assert "the AI chooses its bid by rule" in hint.reason and "look" not in hint.reason
    # And a review of a bid says the same rule
    what = EXPLAINER.reason_said(st.observation(st.cur), hint.action, [], None)
    assert "chooses its bid by rule, so the choice is not scored" in str(
        EXPLAINER.rule_review_said(what)
    )


def test_an_attack_hint_names_the_peasant_at_stake() -> None:
    # Given an active ronin and a rival's peasant
    st = ready(3, seed=1)
    s, o = st.cur, (st.cur + 1) % 3
    set_troops(st, s, ron=1)
    target = field_ids(st, st.own[o])[0]
    # When the attack on it is explained
    words = _reason(st, A.Attack(target, 0, 1))
    # Then the hint names the field at stake and its worth to its owner
    field = st.board.names[st.field(target)]
    stake = SEARCH_ADAPTER.field_worth(st, st.field(target), o)
    assert f"the peasant on {field} is at stake, worth {stake:.1f} fields" in words


def test_a_troop_hire_hint_says_what_the_troops_can_take_this_round() -> None:
    # Given a hiring turn of round 2 with 14 Ryo
    st = _hiring_position()
    # When hiring a ronin is explained
    words = _reason(st, A.Hire("ronin"))
    # Then the hint says the fields the troops could take, as the search counts them
    assert "your troops could take about" in words and "fields this round" in words
    # And a peasant's hire does not claim it
    assert "your troops" not in _reason(st, A.Hire("peasant"))
