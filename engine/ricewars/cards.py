"""Action cards (Aktionskarten): which can be played, with what targets, and their effects.

Every card can be played in the action phase for its effect (paying its cost in Ryo) or
face down as a strength bonus in a fight (see `engine.ricewars.combat`); reaction cards
(Kyuujo, Shouri, Yuuki, Mamori, Nigeru) act in fights only. The effect of a card is one
primitive of `engine.ricewars.data` (`op`), interpreted here.

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
from engine.ricewars.data import CARD_INDEX, CARDS, HAND_LIMIT
from engine.ricewars.deck import draw
from engine.ricewars.economy import earn, pay
from engine.ricewars.hiring import refresh
from engine.ricewars.peasants import connected, peasant_fields, remove_peasant, supply_peasant
from engine.ricewars.position import PLANT, Position, bits, mix
from engine.ricewars.rounds import next_turn


def card_targets(st: Position, s: int, c: int) -> list[tuple[str, ...]] | None:
    """Argument lists with which seat `s` may play action card `c` (None: not playable)."""
    card = CARDS[c]
    if card.kind != "action" or st.money[s] < card.cost:
        return None
    op = card.op
    if op in ("gain_money", "festival"):
        return [()]
    if op == "tax":
        return [()] if any(st.money[q] > 0 for q in range(st.n) if q != s) else None
    if op == "place_from_supply":
        if st.supply[s] <= 0:
            return None
        return [(st.fid(f),) for f in bits(peasant_fields(st, s))] or None
    if op == "plant":
        return [()] if st.reserve[s] > 0 and peasant_fields(st, s) else None
    if op == "remove_disconnected":
        out = []
        for q in st.opponents(s):
            out.extend((st.fid(f),) for f in bits(st.own[q] & ~connected(st, q)))
        return out or None
    if op == "remove_adjacent":
        near = st.board.adj[st.palace[s]]
        for f in bits(st.own[s]):
            near |= st.board.adj[f]
        out = []
        for q in st.opponents(s):
            out.extend((st.fid(f),) for f in bits(st.own[q] & near))
        return out or None
    if op == "walk":
        free = st.free_mask()
        out = []
        for f in bits(st.own[s]):
            out.extend((st.fid(f), st.fid(g)) for g in bits(st.board.adj[f] & free))
        return out or None
    if op == "gain_ashigaru":
        return [()] if st.supply_ash > 0 else None
    if op == "refresh":
        return [()] if st.ash_x[s] + st.ron_x[s] > 0 else None
    if op == "steal_card":
        out = [(f"p{q}",) for q in range(st.n) if q != s and st.hands[q]]
        return out or None
    if op == "draw":
        return [()]
    if op == "exhaust_enemy":
        return [(f"p{q}",) for q in st.opponents(s) if st.ash[q] > 0] or None
    raise AssertionError(f"unknown card op {op}")


def play_card(st: Position, s: int, action: A.Play) -> None:
    """Seat `s` pays for an action card and carries out its effect; the next turn (Taue
    first plants its peasants)."""
    c = CARD_INDEX[action.card]
    card = CARDS[c]
    st.hands[s].remove(c)
    pay(st, s, card.cost)
    st.discard.append(c)
    op = card.op
    args = action.args
    if op == "gain_money":
        earn(st, s, card.amount)
    elif op == "festival":
        earn(st, s, connected(st, s).bit_count() // 2)
    elif op == "tax":
        for q in st.humans_from(s)[1:]:
            paid = min(card.amount, st.money[q])
            st.money[q] -= paid
            st.money[s] += paid
    elif op == "place_from_supply":
        supply_peasant(st, s, st.field(args[0]))
    elif op == "plant":
        st.plant_left = card.amount
        st.phase = PLANT
        return
    elif op in ("remove_disconnected", "remove_adjacent"):
        remove_peasant(st, st.field(args[0]))
    elif op == "walk":
        st._set_owner(st.field(args[0]), -1)
        st._set_owner(st.field(args[1]), s)
    elif op == "gain_ashigaru":
        st.supply_ash -= 1
        st.ash[s] += 1
    elif op == "refresh":
        refresh(st, s)
    elif op == "steal_card":
        q = int(args[0][1:])
        hand = st.hands[q]
        k = mix(st.chance_seed, st.chance) % len(hand)
        st.chance += 1
        st.hands[s].append(hand.pop(k))
        if len(st.hands[s]) > HAND_LIMIT:  # never more than 5: the stolen card stays
            hand.append(st.hands[s].pop())
    elif op == "draw":
        draw(st, s, card.amount)
    elif op == "exhaust_enemy":
        q = int(args[0][1:])
        st.ash[q] -= 1
        st.ash_x[q] += 1
    next_turn(st, s)


# -- Taue: planting peasants one by one -------------------------------------------------


def legal_plant(st: Position) -> list[Any]:
    """Stop, or the next peasant by the peasant rule."""
    s = st.cur
    return [A.Skip()] + [A.Peasant(st.fid(f)) for f in bits(peasant_fields(st, s))]


def apply_plant(st: Position, s: int, action: Any) -> None:
    """A peasant from the daimyo board is planted, or the player stops."""
    if isinstance(action, A.Peasant):
        st.reserve[s] -= 1
        st._set_owner(st.field(action.field), s)
        st.plant_left -= 1
    else:
        st.plant_left = 0


def settle_plant(st: Position) -> bool:
    """Planting goes on while Taue allows, a peasant waits and a field is open."""
    if st.plant_left > 0 and st.reserve[st.cur] > 0:
        if peasant_fields(st, st.cur):
            return True
    st.plant_left = 0
    next_turn(st, st.cur)
    return False
