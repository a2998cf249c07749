"""Learn to play Shinobi: the guided first game's setup and steps.

Three players; you sit first. Steps: your secret clan, the three orders of a turn (deploy
elsewhere or the Ninja, deploy at home or move, attack), the draw, the last round and the
reveal at the end.
"""

from __future__ import annotations

from typing import Any

from app.i18n import N_, _
from app.learn.guide import Guide, Step
from engine.core import GameState
from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja
from engine.shinobi.cards import CLAN_NAMES

SEED = 5
"""The deal of the guided game (every step meets its situation on it: tests/app)."""


def _order(number: int) -> Any:
    return lambda st, seat: not st.is_terminal() and st.order == number


def _your_clan(state: GameState, seat: int) -> str:
    clan = CLAN_NAMES[state.allegiance(seat)]  # type: ignore[attr-defined]
    return _(
        "Your secret clan is {clan}: you win if {clan} has the most cards on the table at "
        "the end. Feed it, but not so plainly that the others see which clan is yours."
    ).format(clan=clan)


def _steps() -> tuple[Step, ...]:
    return (
        Step(
            "allegiance",
            N_("Your secret clan"),
            _your_clan,
            lambda st, seat: not st.is_terminal(),
            None,
            ("card:allegiance",),
        ),
        Step(
            "deploy-away",
            N_("First order: deploy"),
            N_(
                "Deploy a card from your hand into another player's province. Cards of any "
                "clan count for that clan wherever they stand."
            ),
            _order(1),
            lambda st, seat, a: isinstance(a, Deploy) and a.province != seat,
            ("phase:order1", "card:clan"),
        ),
        Step(
            "deploy-home",
            N_("Second order: your province"),
            N_("Deploy a card into your own province: your attacks start from the armies there."),
            _order(2),
            lambda st, seat, a: isinstance(a, Deploy) and a.province == seat,
            ("phase:order2",),
        ),
        Step(
            "attack",
            N_("Third order: attack"),
            N_(
                "An army of two or more cards in your province removes one card from a smaller "
                "army of another clan elsewhere. It is compulsory whenever an attack is possible."
            ),
            _order(3),
            lambda st, seat, a: isinstance(a, Attack),
            ("phase:order3",),
        ),
        Step(
            "draw",
            N_("The draw"),
            N_(
                "After your orders you drew back up to four cards (only one or two when you "
                "deployed twice or moved)."
            ),
            lambda st, seat: seat in st.actors and not st.is_terminal(),
            None,
            ("phase:draw",),
        ),
        Step(
            "move",
            N_("Moving a card"),
            N_(
                "The second order may instead move one card from any province but yours to any "
                "other, your own included: take a card away from a strong rival army."
            ),
            _order(2),
            lambda st, seat, a: isinstance(a, Move),
            ("order:move",),
        ),
        Step(
            "ninja",
            N_("The Ninja"),
            N_(
                "Instead of the first order, play your Ninja on an army in another province: "
                "one of its cards and the Ninja are discarded."
            ),
            _order(1),
            lambda st, seat, a: isinstance(a, PlayNinja),
            ("card:ninja",),
        ),
        Step(
            "last-round",
            N_("The last round"),
            N_(
                "The deck is empty: this is the last round. Everyone takes one more turn, and "
                "nobody draws any more."
            ),
            lambda st, seat: not st.is_terminal() and st.final_left >= 0,
            None,
            ("phase:last-round",),
            anyone=True,
        ),
        Step(
            "end",
            N_("The reveal"),
            N_(
                "Every clan card is turned over. The largest clan that someone serves wins for "
                "its player; a clan nobody serves cannot win."
            ),
            lambda st, seat: st.is_terminal(),
            None,
            ("phase:end",),
        ),
    )


GUIDE = Guide(
    game="shinobi",
    title="Learn Shinobi",
    intro=(
        "Each player secretly serves one of five clans. Every turn you give three orders "
        "with the clan cards in your hand; when the deck runs out, the largest clan wins. "
        "The guide lights what to do next; you may always choose otherwise."
    ),
    players=3,
    seed=SEED,
    seat=0,
    bots=("easy@300", "easy@300"),
    steps=_steps(),
    kinds=(
        "card:allegiance",
        "card:clan",
        "card:ninja",
        "phase:order1",
        "phase:order2",
        "phase:order3",
        "order:move",
        "phase:draw",
        "phase:last-round",
        "phase:end",
    ),
    settings={"first": 0},
)
