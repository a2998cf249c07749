"""Learn to play Rice Wars: the guided first game's setup and steps.

Three daimyo on the quick side of the board; you are the first seat. Steps follow a round:
setup (palace, starting peasants), income, hiring and upkeep (ashigaru, ronin), the
advisor auction, the action phase (peasants, attacks and their bonus cards, action cards,
reaction cards, advisors' services, defending, passing) and the draw, then the end. The
auction lights only real bids: a person who bids nothing never meets an advisor's service.
"""

from __future__ import annotations

from typing import Any

from app.i18n import N_
from app.learn.guide import Guide, Step
from engine.ricewars import actions as A
from engine.ricewars.state import (
    ACTION,
    BID,
    DEFEND,
    HIRE,
    MODIFY,
    OVER,
    PALACE,
    REACT,
    SETUP_PEASANT,
)

SEED = 2
"""The deal of the guided game (every step meets its situation on it with the easy clans of
the levels now: tests/app/test_learn_guides.py; deal 1 stopped meeting a reaction card once
the search levels valued troops by the fields they can take)."""


def _phase(*phases: int) -> Any:
    return lambda st, seat: st.phase in phases


def _is(action_type: type, **fields: Any) -> Any:
    def wants(st: Any, seat: int, a: Any) -> bool:
        return isinstance(a, action_type) and all(getattr(a, k) == v for k, v in fields.items())

    return wants


def _steps() -> tuple[Step, ...]:
    hiring = _phase(HIRE)
    acting = _phase(ACTION)
    return (
        Step(
            "palace",
            N_("Your palace"),
            N_(
                "Place your palace on a palace site. Your peasants pay you only while a chain "
                "of your fields links them to it."
            ),
            _phase(PALACE),
            _is(A.Palace),
            ("phase:setup", "piece:palace"),
        ),
        Step(
            "setup-peasant",
            N_("Peasants"),
            N_(
                "Place a starting peasant next to your palace: every field with your peasant "
                "counts at the end, and most fields wins."
            ),
            _phase(SETUP_PEASANT),
            _is(A.Peasant),
            ("piece:peasant",),
        ),
        Step(
            "income",
            N_("Income"),
            N_(
                "Each round begins with income: every connected peasant, the blessed field and "
                "your palace pay you Ryo. Everyone's money is public."
            ),
            lambda st, seat: st.phase == HIRE and st.round == 1,
            None,
            ("phase:income",),
            anyone=True,
        ),
        Step(
            "hire-ashigaru",
            N_("Hiring troops"),
            N_(
                "Hire an ashigaru for 2 Ryo: troops attack rival peasants and defend your own "
                "in the action phase."
            ),
            hiring,
            _is(A.Hire, kind="ashigaru"),
            ("phase:hiring", "piece:ashigaru"),
        ),
        Step(
            "hire-ronin",
            N_("Ronin"),
            N_(
                "A ronin costs 4 Ryo but fights harder, and the peasant it beats changes to your "
                "colour. One ronin may join an attack."
            ),
            hiring,
            _is(A.Hire, kind="ronin"),
            ("piece:ronin",),
        ),
        Step(
            "upkeep",
            N_("Upkeep"),
            N_(
                "Servants want upkeep each round: pay the ones you keep. Those left unpaid go "
                "back when you end your hiring."
            ),
            hiring,
            _is(A.Pay),
            ("phase:upkeep",),
        ),
        Step(
            "bid",
            N_("The advisor auction"),
            N_(
                "Bid for the advisor in secret. The highest bidders pay and get two of its "
                "services, the second highest one."
            ),
            _phase(BID),
            lambda st, seat, a: isinstance(a, A.Bid) and a.amount > 0,
            ("phase:auction", "card:advisor"),
        ),
        Step(
            "action-peasant",
            N_("The action phase"),
            N_(
                "One action a turn, in order: place one of your waiting peasants on a free field "
                "next to your own."
            ),
            acting,
            _is(A.Peasant),
            ("phase:actions",),
        ),
        Step(
            "attack",
            N_("Attacking"),
            N_(
                "Attack a rival's peasant with your active troops: win, and the peasant is "
                "driven out (or, by a ronin, turned to your colour)."
            ),
            acting,
            _is(A.Attack),
            ("action:attack",),
        ),
        Step(
            "bonus",
            N_("Bonus cards"),
            N_(
                "In a fight both sides add a card face down in turns, each for the bonus printed "
                "on it; stop when you have added enough."
            ),
            _phase(MODIFY),
            _is(A.Bonus),
            ("card:bonus",),
        ),
        Step(
            "defend",
            N_("Defending"),
            N_("Your peasant is attacked: choose which of your active troops stand beside it."),
            _phase(DEFEND),
            _is(A.Defend),
            ("action:defend",),
        ),
        Step(
            "action-card",
            N_("Action cards"),
            N_("Play an action card for its effect; its cost in Ryo is printed on it."),
            acting,
            _is(A.Play),
            ("card:action",),
        ),
        Step(
            "reaction",
            N_("Reaction cards"),
            N_("A revealed reaction card may be paid for now, for its effect on this fight."),
            _phase(REACT),
            _is(A.Use),
            ("card:reaction",),
        ),
        Step(
            "service",
            N_("Advisors' services"),
            N_("Use a service of your advisor: once a round, as an action or in a fight."),
            lambda st, seat: st.phase in (ACTION, MODIFY),
            _is(A.Service),
            ("card:service",),
        ),
        Step(
            "pass",
            N_("Passing"),
            N_(
                "Pass when you are done: after your second pass you take no more actions this "
                "round, but you still defend."
            ),
            acting,
            _is(A.Pass),
            ("action:pass",),
        ),
        Step(
            "draw",
            N_("The draw"),
            N_(
                "The round ended with the draw: everyone took two cards (three in card rounds), "
                "and the governor's marker moved on."
            ),
            lambda st, seat: st.round >= 2 and st.phase == HIRE,
            None,
            ("phase:draw",),
            anyone=True,
        ),
        Step(
            "end",
            N_("The end"),
            N_("The last round is over: the daimyo with the most fields wins, then the richest."),
            lambda st, seat: st.phase == OVER,
            None,
            ("phase:end",),
        ),
    )


GUIDE = Guide(
    game="ricewars",
    title="Learn Rice Wars",
    intro=(
        "You are a daimyo. Over seven rounds, spread your peasants over the fields, hire "
        "troops to protect them and take your rivals' fields: most fields wins. The guide "
        "lights what to do next; you may always choose otherwise."
    ),
    players=3,
    seed=SEED,
    seat=0,
    bots=("easy@300", "easy@300"),
    steps=_steps(),
    kinds=(
        "phase:setup",
        "phase:income",
        "phase:hiring",
        "phase:upkeep",
        "phase:auction",
        "phase:actions",
        "phase:draw",
        "phase:end",
        "piece:palace",
        "piece:peasant",
        "piece:ashigaru",
        "piece:ronin",
        "card:advisor",
        "card:action",
        "card:bonus",
        "card:reaction",
        "card:service",
        "action:attack",
        "action:defend",
        "action:pass",
    ),
    settings={"board": "quick"},
    map_id="ricewars-quick",
)
