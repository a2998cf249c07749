"""`LATER_ADAPTER`'s evaluation counts the attacks of the rounds after the one it searches
(ai.games.shinobi: `LATER_AIM`, `later_rounds`): a clan that leads openly is cut down."""

from __future__ import annotations

from ai.games.shinobi import ADAPTER, LATER_ADAPTER, later_rounds
from engine.shinobi.state import ShinobiState, parse_position
from tests.ai.shinobi_positions import FULL_DECK, oda_leads


def _best_first_order(adapter, state: ShinobiState) -> str:
    """The first order player 0 values best one move ahead with `adapter`."""
    values = []
    for move in state.legal_actions():
        state.apply(move)
        values.append((adapter.evaluate(state, 0), str(move)))
        state.undo()
    return max(values)[1]


def test_the_rounds_left_are_counted_from_the_deck() -> None:
    # Given the same table with a full deck, with one card left, and in the last round
    full = oda_leads(FULL_DECK)
    one = oda_leads("hojo")
    last = parse_position(
        "turn: player 0, order 1\ndeck: -\nfinal: 3\n"
        "p0 oda: hand oda; province oda*2\np1 mori: hand -; province -\n"
        "p2 takeda: hand -; province -\np3 uesugi: hand -; province -\n"
    )
    # When the rounds after this one are counted
    # Then thirty cards at about 1.6 a turn make five more rounds, one card none
    assert later_rounds(full) == 5
    assert later_rounds(one) == 0
    assert later_rounds(last) == 0


def test_a_clan_that_leads_openly_is_not_fed_while_rounds_remain() -> None:
    # Given Oda, player 0's clan, leading openly with five rounds still to come
    state = oda_leads(FULL_DECK)
    # When player 0 chooses its deployment with the plain values and with the later rounds counted
    plain = _best_first_order(ADAPTER, state)
    searched = _best_first_order(LATER_ADAPTER, state)
    # Then the plain values feed Oda, while the later rounds keep the lead out of sight (the others'
    # later attacks would cut a bigger Oda down) and deploy another clan
    assert plain.startswith("deploy oda")
    assert not searched.startswith("deploy oda")


def test_with_no_rounds_left_the_lead_is_worth_its_cards_again() -> None:
    # Given the same table with one card left in the deck (no round after this one)
    state = oda_leads("hojo")
    # When player 0 chooses its deployment with the later rounds counted
    searched = _best_first_order(LATER_ADAPTER, state)
    # Then it feeds Oda as the plain values do
    assert searched == _best_first_order(ADAPTER, state)
    assert searched.startswith("deploy oda")
