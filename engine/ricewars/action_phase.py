"""Phase 4 of a round, the actions (Aktionsphase): what a player may do on its turn.

One action per turn, clockwise from the governor (the turn order and the end of the
phase are in `engine.ricewars.rounds`): place a peasant from the daimyo board by the
peasant rule, play an action card (`engine.ricewars.cards`), attack
(`engine.ricewars.combat`), challenge a daimyo to a duel (`engine.ricewars.duel`), use an
advisor's service (`engine.ricewars.advisors`, one per round), or pass.

Rule decisions (the rulebook leaves these open):

* A pass puts down a pass marker; after the second the player takes no more actions this
  round (but still defends and reacts).
* 2-player scenario: on the neutral player's turn a player places one of its peasants
  (the governor first, then alternately) by the peasant rule; the neutral keeps taking
  turns while it has a peasant to place, also after both players have passed.
"""

from __future__ import annotations

from typing import Any

from engine.ricewars import actions as A
from engine.ricewars import records
from engine.ricewars.advisors import action_service, action_services
from engine.ricewars.cards import PLAYS, play_card
from engine.ricewars.combat import start_combat
from engine.ricewars.duel import challenge
from engine.ricewars.peasants import peasant_fields
from engine.ricewars.position import Position, bits
from engine.ricewars.rounds import next_turn

_PASS = A.Pass()
Play, made = A.Play, A.made


def legal_action(st: Position) -> list[Any]:
    """Every action of the player whose turn it is."""
    s = st.cur
    out: list[Any] = [_PASS]
    if st.reserve[s] > 0:
        peasants = st.field_actions(A.Peasant)
        out.extend([peasants[f] for f in bits(peasant_fields(st, s))])
    money = st.money[s]
    for c in st.hands[s]:
        play = PLAYS[c]
        if play is not None and money >= play[0]:
            targets = play[1](st, s, play[2])
            if targets is not None:
                card_id = play[3]
                out.extend([made(Play, card_id, t) for t in targets])
    if st.held[s] and not st.used_service[s]:
        out.extend(action_services(st, s))
    ash, ron = st.ash[s], st.ron[s]
    if ash or ron:
        attacks = st.attack_actions(ash, min(1, ron))
        own = st.own
        for q in range(st.seats):
            if q != s:
                fields = own[q]
                while fields:  # `bits`, written out: every rival's every field
                    low = fields & -fields
                    out.extend(attacks[low.bit_length() - 1])
                    fields ^= low
    if ron:
        out.extend([made(A.Duel, q) for q in range(st.n) if q != s])
    return out


def apply_action(st: Position, s: int, action: Any) -> None:
    """Seat `s` takes its action."""
    if isinstance(action, A.Pass):
        st.passes[s] += 1
        if st.events is not None:
            st.events.append(records.Passed(st.round, s, records.seat_word(st, s), st.passes[s]))
        next_turn(st, s)
    elif isinstance(action, A.Peasant):
        st.reserve[s] -= 1
        f = st.field(action.field)
        st._set_owner(f, s)
        if st.events is not None:
            st.events.append(records.placed(st, s, f, s, "action"))
        next_turn(st, s)
    elif isinstance(action, A.Play):
        play_card(st, s, action)
    elif isinstance(action, A.Service):
        action_service(st, s, action)
    elif isinstance(action, A.Attack):
        start_combat(st, s, st.field(action.field), action.ashigaru, action.ronin)
    elif isinstance(action, A.Duel):
        challenge(st, s, action)


def legal_neutral(st: Position) -> list[Any]:
    """Where the neutral player's next peasant may go, by the peasant rule."""
    peasants = st.field_actions(A.Peasant)
    return [peasants[f] for f in bits(peasant_fields(st, st.neutral))]


def apply_neutral(st: Position, s: int, action: Any) -> None:
    """Seat `s` places a peasant for the neutral player; the next turn."""
    st.reserve[st.neutral] -= 1
    f = st.field(action.field)
    st._set_owner(f, st.neutral)
    st.nplaced += 1
    if st.events is not None:
        st.events.append(records.placed(st, st.neutral, f, s, "neutral"))
    next_turn(st, st.neutral)
