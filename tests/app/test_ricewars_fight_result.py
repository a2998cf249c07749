"""Rice Wars tells how a won fight ended as the engine's fight record says (its `result`),
not as the screen works it out from the board: a ronin that finds no peasant in its
daimyo's supply cannot convert the peasant, and the story says so."""

from __future__ import annotations

import pytest

from tests.app.test_ricewars_duel_words import told
from tests.engine.ricewars.helpers import field_ids, ready, set_hand, set_troops

pytest.importorskip("maps.api")


def won_with_a_ronin(supply: int):
    """A ronin's winning attack of round 2 with `supply` peasants in the attacker's supply
    (none waiting on its board)."""
    st = ready(3, 1)
    st.round = 2
    att, dfn = st.cur, (st.cur + 1) % 3
    set_hand(st, att)
    set_hand(st, dfn)
    set_troops(st, att, ash=2, ron=1)
    st.supply[att], st.reserve[att] = supply, 0
    target = field_ids(st, st.own[dfn])[0]
    return st, target


def test_a_ronin_without_a_peasant_to_convert_with_is_told_why_the_field_stays_empty() -> None:
    st, target = won_with_a_ronin(supply=0)
    text = told(st, f"attack {target} a2 r1", "defend a0 r0", "stop", "stop")
    assert "with no peasant left in" in text and "the field stays empty" in text
    assert "converts" not in text


def test_a_ronin_with_a_peasant_in_supply_converts() -> None:
    st, target = won_with_a_ronin(supply=3)
    text = told(st, f"attack {target} a2 r1", "defend a0 r0", "stop", "stop")
    assert "the ronin converts the peasant" in text and "stays empty" not in text
