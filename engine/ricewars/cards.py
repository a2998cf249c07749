"""Action cards (Aktionskarten): which can be played, with what targets, and their effects.

Every card can be played in the action phase for its effect (paying its cost in Ryo) or
face down as a strength bonus in a fight (see `engine.ricewars.combat`); reaction cards
(Kyuujo, Shouri, Yuuki, Mamori, Nigeru) act in fights only. The effect of a card is one
primitive of `engine.ricewars.data` (`op`), declared once with its targets, effect, words
and AI value in `engine.ricewars.effects`.

Rule decisions (the rulebook leaves these open):

* A card played for its effect goes to the discard pile; copies of one card differ only
  in their strength bonus.
* Kenchi walks a peasant to any free neighbouring field (the peasant rule does not apply
  to a walk). Taue's peasants follow the peasant rule one by one, and the player may
  stop at any point ("up to two").
* Shinobi's stolen card is drawn at random (chance); a thief with a full hand gives it
  back. A stolen card is seen by thief and victim only (the observation model forgets
  the victim's knowledge; a bot is then simply less informed).
* Cards acting on a hand or on money never target the neutral; cards acting on peasants
  or troops may.
"""

from __future__ import annotations

from typing import Any

from engine.ricewars import actions as A
from engine.ricewars import records
from engine.ricewars.data import CARD_INDEX, CARDS
from engine.ricewars.deck import take_card
from engine.ricewars.economy import pay
from engine.ricewars.effects import EFFECTS
from engine.ricewars.peasants import peasant_fields
from engine.ricewars.position import PLANT, Position, bits
from engine.ricewars.rounds import next_turn

_SKIP = A.Skip()


PLAYS: tuple[tuple[int, Any, int, str] | None, ...] = tuple(
    (card.cost, EFFECTS[card.op].targets, card.amount, card.id) if card.kind == "action" else None
    for card in CARDS
)
"""By card index: (cost, targets, amount, id) of an action card, None for the others.
The action phase's legal actions (`action_phase.legal_action`, the one place of the rule)
read it at every step: an action card is playable when its owner can pay its cost and its
effect has a target."""


def play_card(st: Position, s: int, action: A.Play) -> None:
    """Seat `s` pays for an action card and carries out its effect (`engine.ricewars.
    effects`); the next turn (Taue first plants its peasants)."""
    c = CARD_INDEX[action.card]
    card = CARDS[c]
    take_card(st, s, c)
    pay(st, s, card.cost)
    st.discard.append(c)
    if st.events is None:
        EFFECTS[card.op].effect(st, s, card.amount, action.args)
    else:
        hand, money = list(st.hands[s]), st.money[s]
        events, st.events = st.events, []
        try:
            EFFECTS[card.op].effect(st, s, card.amount, action.args)
        finally:
            inner, st.events = st.events, events
        gained = ""
        victim = int(action.args[0][1:]) if card.op == "steal_card" else -1
        if st.money[s] > money:
            gained = f"{st.money[s] - money} Ryo"
        elif card.op == "steal_card":
            new = [x for x in st.hands[s] if x not in hand]
            gained = CARDS[new[0]].name if new else "nothing (a full hand)"
        targets = tuple(_target_word(st, arg) for arg in action.args)
        name = records.seat_word(st, s)
        events.append(
            records.CardPlayed(
                st.round,
                s,
                name,
                card.id,
                card.name,
                card.cost,
                card.op,
                targets,
                gained,
                victim,
            )
        )
        events.extend(inner)
    if st.phase != PLANT:
        next_turn(st, s)


def _target_word(st: Position, arg: str) -> str:
    """A card's or service's argument as a player reads it: a field's or a seat's name."""
    if arg in st.board.index:
        return st.board.names[st.board.index[arg]]
    return records.seat_word(st, int(arg[1:]))


# -- Taue: planting peasants one by one -------------------------------------------------


def legal_plant(st: Position) -> list[Any]:
    """Stop, or the next peasant by the peasant rule."""
    s = st.cur
    peasants = st.field_actions(A.Peasant)
    return [_SKIP] + [peasants[f] for f in bits(peasant_fields(st, s))]


def apply_plant(st: Position, s: int, action: Any) -> None:
    """A peasant from the daimyo board is planted, or the player stops."""
    if isinstance(action, A.Peasant):
        st.reserve[s] -= 1
        f = st.field(action.field)
        st._set_owner(f, s)
        st.plant_left -= 1
        if st.events is not None:
            st.events.append(records.placed(st, s, f, s, "plant"))
    else:
        st.plant_left = 0
        if st.events is not None:
            st.events.append(records.Declined(st.round, s, records.seat_word(st, s), "planting",
                                              "", ""))  # fmt: skip


def settle_plant(st: Position) -> bool:
    """Planting goes on while Taue allows, a peasant waits and a field is open."""
    if st.plant_left > 0 and st.reserve[st.cur] > 0:
        if peasant_fields(st, st.cur):
            return True
    st.plant_left = 0
    next_turn(st, st.cur)
    return False
