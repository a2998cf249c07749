"""The Rokugan AI predicts battles with the engine's rule: every Blessing on a token
counts, and who holds a province after its battle is what the engine resolves."""

from __future__ import annotations

from ai.games.rokugan import SEARCH_ADAPTER
from engine.rokugan import placement, scoring
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


def test_the_ai_values_a_shadowlands_province_as_the_scoring_does() -> None:
    # Given Lion holding the northern Shadowlands with two face-up control tokens, and Crab's
    # Crab_1 with two face-up control tokens
    st = position(
        """
        clans lion crab
        control lion SL_N up=2
        control crab CRAB_1 up=2
        """
    )
    sl, crab = st.board.index["SL_N"], st.board.index["CRAB_1"]
    # When the AI weighs what holding each is worth
    # Then the Shadowlands is worth no honor (the engine's scoring gives it none) and the
    # face-up tokens in Crab_1 count for Crab, as the engine scores them
    flowers = st.board.flowers[crab]
    assert SEARCH_ADAPTER._worth(st, sl) == 1.0 + _territory_share(st, sl)
    assert SEARCH_ADAPTER._worth(st, crab) == flowers + 2 + 1.0 + _territory_share(st, crab)
    assert scoring.honor(st)[0] == 0 and scoring.province_honor(st, sl) == 0


def _territory_share(st, q: int) -> float:
    b = st.board
    t = b.territory[q]
    if t < 0 or b.territory_shadowlands[t]:
        return 0.0
    return 5.0 / len(b.territory_members[t])
