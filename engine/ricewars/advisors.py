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
from engine.ricewars import records
from engine.ricewars.data import ADVISOR_INDEX, ADVISORS
from engine.ricewars.effects import EFFECTS
from engine.ricewars.position import Position
from engine.ricewars.rounds import next_turn


def service_targets(st: Position, s: int, a: int) -> list[tuple[str, ...]] | None:
    """Argument lists with which seat `s` may use action service `a` (None: not now)."""
    adv = ADVISORS[a]
    return EFFECTS[adv.op].targets(st, s, adv.amount)


def action_services(st: Position, s: int) -> list[Any]:
    """The services seat `s` may use as its action now (none once one was used)."""
    out: list[Any] = []
    if not st.used_service[s]:
        for a, _uses in st.held[s]:
            if ADVISORS[a].when == "action":
                targets = service_targets(st, s, a)
                if targets is not None:
                    out.extend([A.made(A.Service, ADVISORS[a].id, t) for t in targets])
    return out


def use_service(st: Position, s: int, a: int, args: tuple[str, ...] = ()) -> None:
    """Take one service marker off advisor `a` (the last one returns home) and carry out
    its effect (`engine.ricewars.effects`)."""
    st.used_service[s] = True
    held = []
    for h in st.held[s]:
        if h[0] == a:
            if h[1] > 1:
                held.append((a, h[1] - 1))
        else:
            held.append(h)
    st.held[s] = tuple(held)
    adv = ADVISORS[a]
    if st.events is not None:
        names = tuple(st.board.names[st.board.index[x]] for x in args if x in st.board.index)
        st.events.append(records.ServiceUsed(st.round, s, records.seat_word(st, s), adv.name,
                                             adv.op, names))  # fmt: skip
    EFFECTS[adv.op].effect(st, s, adv.amount, args)


def action_service(st: Position, s: int, action: A.Service) -> None:
    """Seat `s` uses an advisor's service as its action; the next turn."""
    use_service(st, s, ADVISOR_INDEX[action.advisor], action.args)
    next_turn(st, s)


def fight_service_ok(st: Position, side: int, a: int) -> bool:
    """True when `side` of the fight under way may use advisor `a`'s service now."""
    adv = ADVISORS[a]
    f = st.fight
    if adv.when != f["kind"]:
        return False
    if adv.condition == "ashigaru" and f["troops"][side][0] == 0:
        return False
    if adv.condition == "defending" and side != 1:
        return False
    seat = f["att"] if side == 0 else f["dfn"]
    return EFFECTS[adv.op].targets(st, seat, adv.amount) is not None
