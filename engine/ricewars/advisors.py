"""The imperial advisors' services (won at the auction, `engine.ricewars.auction`).

A service marker on an advisor's board is one service: with two markers the player moves
one to the single-fan space, the last one goes home. A player may use one service per
round: as an action (Geisha, Kanjou bugyou, Souryo, Daiku), or as a step of a combat
(Youhei, Soujutsu no shishou, Gunshi) or a duel (Jojutsu no shishou) in place of a
face-down card; a combat service is one service of the round like any other.
Soujutsu no shishou needs ashigaru in one's troop; Gunshi helps only the defender;
Youhei draws the top card face down (so it needs a card left to draw).
"""

from __future__ import annotations

from typing import Any

from engine.ricewars import actions as A
from engine.ricewars.data import ADVISOR_INDEX, ADVISORS
from engine.ricewars.deck import draw
from engine.ricewars.economy import earn
from engine.ricewars.hiring import refresh
from engine.ricewars.peasants import peasant_fields, supply_peasant
from engine.ricewars.position import Position, bits
from engine.ricewars.rounds import next_turn


def service_targets(st: Position, s: int, a: int) -> list[tuple[str, ...]] | None:
    """Argument lists with which seat `s` may use action service `a` (None: not now)."""
    adv = ADVISORS[a]
    op = adv.op
    if op in ("draw", "gain_money"):
        return [()]
    if op == "refresh":
        return [()] if st.ash_x[s] + st.ron_x[s] > 0 else None
    if op == "place_from_supply":
        if st.supply[s] <= 0:
            return None
        return [(st.fid(f),) for f in bits(peasant_fields(st, s))] or None
    raise AssertionError(f"unknown action service {op}")


def action_services(st: Position, s: int) -> list[Any]:
    """The services seat `s` may use as its action now (none once one was used)."""
    out: list[Any] = []
    if not st.used_service[s]:
        for a, _uses in st.held[s]:
            if ADVISORS[a].when == "action":
                targets = service_targets(st, s, a)
                if targets is not None:
                    out.extend(A.Service(ADVISORS[a].id, t) for t in targets)
    return out


def use_service(st: Position, s: int, a: int) -> None:
    """Take one service marker off advisor `a` (the last one returns home)."""
    st.used_service[s] = True
    held = []
    for h in st.held[s]:
        if h[0] == a:
            if h[1] > 1:
                held.append((a, h[1] - 1))
        else:
            held.append(h)
    st.held[s] = tuple(held)


def action_service(st: Position, s: int, action: A.Service) -> None:
    """Seat `s` uses an advisor's service as its action; the next turn."""
    a = ADVISOR_INDEX[action.advisor]
    adv = ADVISORS[a]
    use_service(st, s, a)
    if adv.op == "draw":
        draw(st, s, adv.amount)
    elif adv.op == "gain_money":
        earn(st, s, adv.amount)
    elif adv.op == "refresh":
        refresh(st, s)
    elif adv.op == "place_from_supply":
        supply_peasant(st, s, st.field(action.args[0]))
    next_turn(st, s)


def fight_service_ok(st: Position, side: int, a: int) -> bool:
    """True when `side` of the fight under way may use advisor `a`'s service now."""
    adv = ADVISORS[a]
    f = st.fight
    if adv.when != f["kind"]:
        return False
    if adv.condition == "ashigaru":
        return f["troops"][side][0] > 0
    if adv.condition == "defending":
        return side == 1
    if adv.op == "blind_card":
        return bool(st.deck or st.discard)
    return True
