"""Shinobi's story words the engine's records: no state is diffed to tell what happened."""

from __future__ import annotations

import random

from app.games.presentation import EVERYTHING, PUBLIC
from app.games.shinobi import GAME_UI, narrate, story
from engine.core import scores_by_round
from engine.shinobi import SPEC
from engine.shinobi.records import (
    Attacked,
    ClanResult,
    Count,
    Drew,
    FinalCount,
    LastRound,
    RoundEnded,
    SeatResult,
)
from tests.engine.shinobi.helpers import position


def test_an_attack_and_a_draw_are_worded_from_their_records_alone() -> None:
    # Given the records of player 2's attack on the viewer's own clan and their draw
    told = (Attacked(2, 1, "Oda", 3, "Takeda", 0, 2, 1), Drew(2, 1, 2, ("Oda", "Ninja")))
    # When player 1 (serving the Takeda) reads them
    line = narrate.line_for(told, 0, "Takeda")
    # Then both armies' strengths, the result and only the number of cards drawn are told
    assert line == (
        "Player 2's Oda army (3) attacks the Takeda army (2, your clan) in your province: "
        "one card removed (1 left). Player 2 draws 2 cards."
    )
    # and the drawer, and the whole story, read the cards
    assert narrate.line_for(told, 1).endswith("You draw Oda, Ninja.")
    assert narrate.line_for(told, -1, everything=True).endswith("Player 2 draws Oda, Ninja.")
    # and the deck running out is left to its own step (told once: `story.steps_of`)
    assert narrate.line_for(told + (LastRound(2, 1, 3),), -1) == narrate.line_for(told, -1)


def test_the_count_is_explained_from_the_final_record() -> None:
    # Given a count where the Mōri, served by nobody, lead and two seats tie behind them
    count = FinalCount(
        9,
        (SeatResult(0, "Oda", 5, 2), SeatResult(1, "Takeda", 5, 3), SeatResult(2, "Uesugi", 1, 1)),
        (
            ClanResult("Mōri", 7, False),
            ClanResult("Oda", 5, True),
            ClanResult("Takeda", 5, True),
            ClanResult("Uesugi", 1, True),
            ClanResult("Go-Hōjō", 0, False),
        ),
        ("Mōri",),
        True,
        (1,),
        5,
    )
    allegiances, totals, winner = narrate.reveal_lines(count, viewer=1)
    assert allegiances[1] == "You served the Takeda."
    assert totals[0] == "Mōri: 7 cards (served by nobody)."
    assert winner == [
        "The Mōri have the most cards (7), but nobody serves them: the next largest clan wins.",
        "Tie at 5 cards between Player 1 (Oda), you (Takeda); cards of one's own clan in "
        "one's own province decide: Player 1 2, you 3.",
        "You win with the Takeda (5 cards).",
    ]


def test_a_round_summary_reads_the_round_end_record() -> None:
    state = position(
        """
        turn: player 0, order 1
        deck: oda*6
        p0 oda: hand oda; province -
        p1 mori: hand mori; province -
        p2 takeda: hand takeda; province -
        """
    )
    record = RoundEnded(
        4,
        tuple(
            Count(n, b, a)
            for n, b, a in (
                ("Go-Hōjō", 0, 0),
                ("Mōri", 1, 2),
                ("Oda", 4, 3),
                ("Takeda", 0, 0),
                ("Uesugi", 2, 2),
            )
        ),  # fmt: skip
        (Count("0", 3, 5), Count("1", 2, 1), Count("2", 2, 1)),
    )
    assert story.round_summary(record, state, 0) == (
        "Round 4 over — For you: the Oda (your clan) have 3 cards on the table (−1); your "
        "province holds 5 (+2)."
    )
    assert story.round_summary(record, state, PUBLIC).startswith(
        "Round 4 over — on the table: Go-Hōjō 0 (±0), Mōri 2 (+1), Oda 3 (−1)"
    )
    assert "Player 2 (Mōri) 2 (+1)" in story.round_summary(record, state, EVERYTHING)


def test_the_end_screen_and_its_chart_read_the_records() -> None:
    # Given a whole 3-player game
    state = SPEC.new_game(3, 11, {})
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    table = GAME_UI.score_table(state)
    count = narrate.outcome(state)
    # Then the end screen's rows are the final count's, and its chart ends with them
    assert [row[1] for row in table.rows] == [(float(s.home), float(s.cards)) for s in count.seats]
    history = scores_by_round(state)
    assert [series[-1] for series in history] == [float(s.cards) for s in count.seats]
    assert len(history[0]) == -(-state.turns // 3)


def test_portuguese_says_whose_province_a_card_goes_to_when_another_plays_it() -> None:
    from app import i18n
    from engine.shinobi.records import Deployed

    # Given player 3 deploying an Oda card (the reader's secret clan) into the reader's province
    told = (Deployed(1, 2, 1, "Oda", 0, 3),)  # round 1, player 3, order 1, province 0
    try:
        # When the reader (player 1) reads it in Portuguese
        i18n.set_language("pt")
        line = narrate.line_for(told, 0, "Oda")
        # Then "tua" says the province and the clan are the reader's: "sua", after another
        # player as subject, read as that player's own
        assert line == "Jogador 3 mobiliza uma carta Oda (teu clã) para a tua província."
    finally:
        i18n.set_language("en")


def test_the_end_screens_count_is_the_record_the_games_end_told() -> None:
    # Given finished random games of every size (some ending with a round, some within one)
    for seed in range(12):
        state = SPEC.new_game(3 + seed % 3, seed, {})
        rng = random.Random(seed)
        told: tuple = ()
        while not state.is_terminal():
            told = state.apply_told(rng.choice(state.legal_actions()))
        # Then the count the end screen and the players' list read is the engine's own
        # record of the game's end, its round included
        assert narrate.outcome(state) == next(r for r in told if isinstance(r, FinalCount))
