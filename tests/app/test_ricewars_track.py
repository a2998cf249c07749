"""Rice Wars' round track names the phases the engine plays this round: the advisors'
auction only in the rounds that hold one (the bar listed it every round)."""

from __future__ import annotations

import random
import re

from app.games.ricewars.panel import track_html
from engine.ricewars.state import BID, OVER, PICK
from tests.app.test_ricewars_view import new_state

PHASE = re.compile(r"<(span|b) style=[^>]*>Auction</(span|b)>")
"""The auction among the phases (the round cells name it too, as a round's symbol)."""


def test_the_phase_bar_lists_the_auction_exactly_in_the_rounds_that_hold_one() -> None:
    # Given random 3-player games, each position's round, and whether an auction came in it
    for seed in (1, 2):
        state = new_state(3, seed)
        rng = random.Random(seed)
        shown: list[tuple[int, bool]] = []
        auctions: set[int] = set()
        while state.phase != OVER:
            if state.round >= 1:
                shown.append((state.round, PHASE.search(track_html(state)) is not None))
            if state.phase in (PICK, BID):
                auctions.add(state.round)
            state.apply(rng.choice(state.legal_actions()))
        # Then the bar names the auction in every position of those rounds, in no other
        rounds = {r for r, _ in shown}
        assert auctions and rounds - auctions
        for round_number, listed in shown:
            assert listed == (round_number in auctions), round_number
