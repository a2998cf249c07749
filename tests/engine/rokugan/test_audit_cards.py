"""Audit: card timing and costs.

Rulebook: "Die Schattenlande" (Shadowlands cards are played at the start of a turn in the
placement phase and ask a sacrifice), "Späher- und Shugenja-Karten", "Territoriumskarten
spielen"; rokugan-components.md "Territory cards" for each card's cost and effect.
"""

from engine.rokugan import SPEC
from engine.rokugan import state as S
from tests.engine.rokugan.fixtures import labels_at, position, texts


def play(st: S.RokuganState, text: str) -> None:
    st.apply_checked(SPEC.parse_action(text))


def test_purge_the_weak_needs_no_control_token_outside_the_shadowlands():
    # Given Crab holds Purge the Weak and controls only SL_N (its sacrifice is a hand
    # token, not a control token), and Lion has a token on the board
    st = position(
        """
        clans crab lion
        control crab SL_N
        control lion LION_C
        card shadowlands_north purge_the_weak crab
        hand crab army1 army2
        hand lion army1
        place lion army3 LION_C
        """
    )
    # When Crab starts its placement turn
    legal = texts(st.legal_actions())
    # Then it may purge, paying with any hand token (the bluff too)
    assert {"card purge_the_weak army1", "card purge_the_weak bluff"} <= legal
    play(st, "card purge_the_weak army1")
    play(st, "discard #0")
    assert labels_at(st, "lion", S.DISCARD) == ["army3"]
    assert labels_at(st, "crab", S.DISCARD) == ["army1"]
    assert st.ctrl_owner[st.board.index["SL_N"]] == 0  # no control token paid
    assert st.cur == 1  # and Crab placed nothing: Lion's turn


def test_the_other_shadowlands_cards_still_cost_a_control_token_outside_the_shadowlands():
    # Given Crab controls only SL_S and holds Inspire Fear, with a special token about
    st = position(
        """
        clans crab lion
        control crab SL_S
        control lion LION_C
        card shadowlands_south inspire_fear crab
        special LION_C shrine
        hand crab army1 army2
        """
    )
    # Then the card cannot be played: its cost cannot be paid
    assert not any(a.startswith("card inspire_fear") for a in texts(st.legal_actions()))


def test_shadowlands_cards_wait_for_the_start_of_a_placement_turn():
    # Given Crab holds a Shadowlands card and a Crane card in round 2's card round
    st = position(
        """
        clans crab lion
        control crab SL_N
        control crab CRAB_1
        control lion LION_C
        card shadowlands_north dark_favors crab
        card crane code_of_honor crab
        round 2
        phase cards
        """
    )
    legal = texts(st.legal_actions())
    # Then only the Crane card and passing are offered in the upkeep
    assert "pass" in legal
    assert any(a.startswith("card code_of_honor") for a in legal)
    assert not any(a.startswith("card dark_favors") for a in legal)
