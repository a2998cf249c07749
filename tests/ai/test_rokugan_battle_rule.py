"""The Rokugan AI predicts battles with the engine's rule: every Blessing on a token
counts, and who holds a province after its battle is what the engine resolves."""

from __future__ import annotations

from ai.games.rokugan import SEARCH_ADAPTER
from engine.rokugan import battles, placement, scoring
from tests.engine.rokugan.fixtures import crane_tie_position, owner, position, resolve


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
    # When the AI totals the board (with the engine's totals)
    aims, guard, where = battles.board_totals(st)
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


def test_the_ai_knows_crane_conquers_on_a_tie() -> None:
    # Given Crane and Crab each able to attack Lion's Crab_3, defended by Lion's Army 2
    from ai.games.rokugan_scene import PlacementScene as _Scene
    from engine.rokugan import battles

    st = crane_tie_position()
    q = st.board.index["CRAB_3"]
    defence = 2 + battles.defense_bonus(st, q, 0)
    # When Crane's and Crab's bots weigh the province
    crane, crab = _Scene(SEARCH_ADAPTER, st, 0), _Scene(SEARCH_ADAPTER, st, 2)
    # Then Crane needs only to tie the defence (Crane wins ties), Crab to beat it
    assert crane.needed(q) == defence
    assert crab.needed(q) == defence + 1
    # ... and a total of `needed` conquers by the engine's rule, one less does not
    assert battles.conqueror(st, q, {0: crane.needed(q)}, 2) == 0
    assert battles.conqueror(st, q, {0: crane.needed(q) - 1}, 2) == 1


def test_the_ai_sees_a_crane_tie_threatens_a_province() -> None:
    # Given Crane's Army 2 aiming at Lion's Crab_3, which Lion defends with as much
    from ai.games.rokugan_scene import PlacementScene as _Scene
    from engine.rokugan import battles

    st = position(
        """
        clans crane lion
        control crane CRAB_2
        control lion CRAB_3
        place lion army2 CRAB_3
        """
    )
    q = st.board.index["CRAB_3"]
    placed = 2 + battles.defense_bonus(st, q, 0)
    # When Lion's bot asks what Crab_3 withstands with and without a Crane attack there
    calm = _Scene(SEARCH_ADAPTER, st, 1).held(q)
    st2 = position(
        f"""
        clans crane lion
        control crane CRAB_2
        control lion CRAB_3
        place lion army2 CRAB_3
        place crane army{placed} CRAB_2|CRAB_3 ->CRAB_3
        """
    )
    threatened = _Scene(SEARCH_ADAPTER, st2, 1).held(q)
    # Then an ordinary attack must beat the defence, but Crane's tie already takes it
    assert calm == placed
    assert threatened == placed - 1
    assert battles.conqueror(st2, q, {0: placed}, 2) == 0
