"""The Rokugan AI predicts battles with the engine's rule: every Blessing on a token
counts, and who holds a province after its battle is what the engine resolves."""

from __future__ import annotations

from ai.games.rokugan import SEARCH_ADAPTER
from engine.rokugan import placement
from tests.engine.rokugan.fixtures import owner, position, resolve


def test_the_ai_counts_every_blessing_and_predicts_the_engines_battle() -> None:
    # Given Lion's Army 1 with two Blessings attacking Crab's Crab_2, defended by an Army 3
    st = position(
        """
        clans lion crab
        control lion CRAB_1
        control crab CRAB_2
        place lion army1 CRAB_1|CRAB_2 ->CRAB_2
        place crab army3 CRAB_2
        hand lion blessing2 blessing2
        """
    )
    placement.do_place(st, 0, "blessing2", "#0", from_discard=False)
    placement.do_place(st, 0, "blessing2", "#0", from_discard=False)
    q = st.board.index["CRAB_2"]
    # When the AI totals the board
    aims, guard, where = SEARCH_ADAPTER._board_totals(st)
    predicted = SEARCH_ADAPTER._conqueror(st, q, aims[q], guard[q])
    # Then both Blessings count (1 + 2 + 2 = 5 against 3; the newest alone would tie)
    # and Lion is predicted to win
    assert aims[q] == {0: 5} and guard[q] == 3 and where[0] == (q, 5)
    assert predicted == 0
    # and the engine's resolution agrees
    resolve(st)
    assert owner(st, "CRAB_2") == "lion"
