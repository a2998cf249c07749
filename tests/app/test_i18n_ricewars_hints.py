"""Rice Wars' hints and reviews speak the person's language: the explainer gives its reasons
as data (`ai.explain.Said`, numbers and names), `app.hint_words.say` words them, and the
moves are named by the game's own words (`RiceWarsUI.move_words`)."""

from __future__ import annotations

import random

import pytest

from ai.games.ricewars_hint import EXPLAINER
from app import i18n
from app.games.ricewars import RiceWarsUI
from app.hint_words import say
from engine.ricewars import actions as A
from tests.ai.test_ricewars_adapter import _hiring_position
from tests.ai.test_ricewars_play import _attacked, _auction
from tests.app.po_files import PseudoTranslations
from tests.app.test_i18n_pseudo import bare
from tests.engine.ricewars.helpers import field_ids, ready, set_troops


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def reason(st, action):  # noqa: ANN001, ANN201 - a RiceWarsState and one of its actions
    obs = st.observation(st.cur)
    worlds = [obs.determinize(random.Random(k)) for k in range(3)]
    return EXPLAINER.reason_said(obs, action, worlds, None)


def test_rice_wars_hint_reasons_are_said_in_the_pseudo_language() -> None:
    # Given a bid, a defender's bonus step and the attacker's view of the same fight
    bid = _auction("kanjou", 12), A.Bid(2)
    upkeep = _auction("jojutsu", 12), A.Bid(0)
    defence, _ = _attacked(1)
    reasons = [reason(*bid), reason(*upkeep), reason(defence, A.Bonus("houka2"))]
    reasons.append(reason(defence, A.Stop()))
    # and the bid's rule as a hint and a review say it, an attack and a ronin hired
    reasons += [EXPLAINER.rule_said(None, A.Bid(2)), EXPLAINER.rule_review_said(reasons[0])]
    attacker = ready(3, seed=1)
    set_troops(attacker, attacker.cur, ron=1)
    rival = (attacker.cur + 1) % 3
    target = field_ids(attacker, attacker.own[rival])[0]
    reasons.append(reason(attacker, A.Attack(target, 0, 1)))
    reasons.append(reason(_hiring_position(), A.Hire("ronin")))
    assert "your troops could take" in str(reasons[-1])
    # When they are said in the test locale that marks every message
    i18n.install(PseudoTranslations(), "xx")
    said = [say(r) for r in reasons]
    # Then no word is left unmarked (advisors' and fields' names are names)
    names = {"Kanjou bugyou", "Jojutsu", defence.board.names[defence.fight["field"]]}
    names.add(attacker.board.names[attacker.field(target)])
    for text in said:
        for name in names:
            text = text.replace(name, " ")
        assert text.startswith("⟦") and not bare(text), text


def test_a_bid_hint_and_a_hire_speak_german() -> None:
    # Given the Kanjou bugyou up for auction
    st = _auction("kanjou", 12)
    why = reason(st, A.Bid(2))
    # When the program speaks German
    i18n.set_language("de")
    # Then the hint's reason is German, its numbers kept
    text = say(why)
    assert "Kanjou bugyou ist dir mit 2 Diensten etwa" in text
    assert "gleich danach hältst du" in text and "der Rivale mit den meisten" in text
    # And moves are named in German, a hire too (the log tells it with the whole hiring)
    ui = RiceWarsUI()
    assert ui.move_words(st, A.Bid(2), st.cur) == "dein Gebot: 2 Ryo (verdeckt)"
    assert ui.move_words(st, A.Hire("ashigaru"), st.cur) == "einen Ashigaru einstellen"
