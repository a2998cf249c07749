"""The combat (Der Kampf): troops attack an opponent's peasant; and the steps a duel
shares with it (the bonus alternation, the reveal, reaction cards).

1. The attacker picks an opponent's peasant and active troops (exhausted by attacking).
2. The defender adds active troops of its own (exhausted too).
3. Bonuses alternate from the attacker, one step at a time: a card face down or an
   advisor's service; after a player stops, the other has exactly one more step.
4. The cards are revealed; reaction cards with a reveal effect may be paid for.
5. The higher strength wins (`engine.ricewars.fight.strength`); a tie is broken by
   drawing cards. Shouri may then be paid for.
6. A winning ronin converts the peasant; winning ashigaru drive it out and the winner
   may place a peasant there by the peasant rule. 7. Both sides draw one card.

Rule decisions (the rulebook leaves these open):

* Any opponent's peasant may be attacked (not a palace) with any active ashigaru and at
  most one active ronin; the defender adds at most one ronin too. Attack +1 in `attack1`
  rounds.
* Reveal: reaction cards with a reveal effect (Kyuujo, Mamori; Yuuki in a duel) may be
  paid for, attacker first. A tie is broken by drawing a card each (attacker first)
  until decided; with no card left anywhere the defender wins.
* Shouri can be paid only by the side that is losing at that moment, each side decides
  once (attacker first), so a Shouri answered by the other side's Shouri flips the
  combat back.
* A troop with a ronin converts the peasant (from the winner's supply; with none there
  it is driven out instead). All played cards are discarded; each side draws one card
  (hand limit 5).
* The neutral player (scenario) never attacks; when attacked it defends with one active
  ashigaru if it has one and draws one card face down as its single bonus step.
"""

from __future__ import annotations

from typing import Any

from engine.ricewars import actions as A
from engine.ricewars import duel, records
from engine.ricewars.advisors import fight_service_ok, use_service
from engine.ricewars.data import ADVISOR_INDEX, ADVISORS, CARD_INDEX, CARDS
from engine.ricewars.deck import draw_one, take_card
from engine.ricewars.economy import pay
from engine.ricewars.effects import EFFECTS
from engine.ricewars.fight import (
    current_strength,
    defence_troops,
    end_fight,
    side_of,
    strength_parts,
    troop_parts,
)
from engine.ricewars.hiring import exhaust
from engine.ricewars.peasants import peasant_fields, remove_peasant, supply_peasant
from engine.ricewars.position import (
    DEFEND,
    MODIFY,
    OCCUPY,
    REACT,
    SHOURI,
    Position,
    new_fight,
)
from engine.ricewars.standings import standings


def start_combat(st: Position, s: int, f: int, a: int, r: int) -> None:
    """Seat `s` attacks the peasant on field `f` with `a` ashigaru and `r` ronin."""
    exhaust(st, s, a, r)
    st.fight = new_fight("combat", s, st.owner[f], f, (a, r))
    st.phase = DEFEND
    st.cur = dfn = st.owner[f]
    if st.events is not None:
        parts = troop_parts(0, a, r, "attack1" in st.symbols())
        st.events.append(records.Attacked(st.round, s, records.seat_word(st, s), dfn,
                                          records.seat_word(st, dfn), st.fid(f),
                                          st.board.names[f], a, r, parts,
                                          sum(p.amount for p in parts)))  # fmt: skip


# -- the defender's troops --------------------------------------------------------------


def legal_defend(st: Position) -> list[Any]:
    """Any of one's active ashigaru and at most one active ronin (or none)."""
    most_ashigaru, most_ronin = defence_troops(st, st.cur)
    return [A.made(A.Defend, a, r) for r in range(most_ronin + 1) for a in range(most_ashigaru + 1)]


def apply_defend(st: Position, s: int, action: Any) -> None:
    """The defender's troops join the fight."""
    commit_defence(st, action.ashigaru, action.ronin)


def settle_defend(st: Position) -> bool:
    """The attacked player chooses; the neutral defends with one ashigaru if it can."""
    if st.fight["dfn"] == st.neutral:
        commit_defence(st, *defence_troops(st, st.neutral))
        return False
    return True


def commit_defence(st: Position, a: int, r: int) -> None:
    """The defender's `a` ashigaru and `r` ronin are exhausted; the bonus steps begin."""
    f = st.fight
    exhaust(st, f["dfn"], a, r)
    f["troops"] = (f["troops"][0], (a, r))
    st.phase = MODIFY
    if st.events is not None:
        s, field = f["dfn"], f["field"]
        parts = troop_parts(1, a, r, False)
        st.events.append(records.Defended(st.round, s, records.seat_word(st, s), st.fid(field),
                                          st.board.names[field], a, r, parts,
                                          sum(p.amount for p in parts)))  # fmt: skip


# -- bonuses, alternating (also in a duel) ----------------------------------------------


_STOP = A.Stop()
_SKIP = A.Skip()
_BONUS = tuple(A.Bonus(card.id) for card in CARDS)  # by card index, made once


def legal_modify(st: Position) -> list[Any]:
    """Stop, a card face down, or a service that may help this side in this fight."""
    s = st.cur
    side = side_of(st, s)
    out: list[Any] = [_STOP]
    out.extend([_BONUS[c] for c in st.hands[s]])
    if not st.used_service[s]:
        for a, _uses in st.held[s]:
            if fight_service_ok(st, side, a):
                out.append(A.made(A.Service, ADVISORS[a].id))
    return out


def apply_modify(st: Position, s: int, action: Any) -> None:
    """One step of the alternation: a card face down, a service, or stop."""
    f = st.fight
    side = side_of(st, s)
    if isinstance(action, A.Bonus):
        c = CARD_INDEX[action.card]
        take_card(st, s, c)
        cards = list(f["cards"])
        cards[side] = cards[side] + (c,)
        f["cards"] = tuple(cards)
        if st.events is not None:
            st.events.append(bonus_record(st, s, c, drawn=False))
        modify_step(st, stop=False)
    elif isinstance(action, A.Service):
        use_service(st, s, ADVISOR_INDEX[action.advisor])
        modify_step(st, stop=False)
    else:
        if st.events is not None:
            st.events.append(records.Stopped(st.round, s, records.seat_word(st, s), f["kind"],
                                             records.field_of(st, f)))  # fmt: skip
        modify_step(st, stop=True)


def bonus_record(st: Position, s: int, c: int, drawn: bool) -> records.BonusPlayed:
    """The record of seat `s`'s card `c` put face down in the fight under way."""
    f, card = st.fight, CARDS[c]
    return records.BonusPlayed(st.round, s, records.seat_word(st, s), f["kind"],
                               records.field_of(st, f), card.id, card.name, card.bonus,
                               drawn)  # fmt: skip


def modify_step(st: Position, stop: bool) -> None:
    """After one step of the alternation: the other side's turn, or the end."""
    f = st.fight
    if f["final"]:
        f["done"] = True
        return
    if stop:
        f["final"] = True
    f["turn"] = 1 - f["turn"]


def settle_modify(st: Position) -> bool:
    """The side whose step it is decides (the neutral's one step is automatic); when the
    alternation is over, the cards are revealed."""
    f = st.fight
    if f["done"]:
        reveal(st)
        return False
    side = f["turn"]
    seat = f["att"] if side == 0 else f["dfn"]
    if seat == st.neutral:
        # The neutral's one step: the top card face down, then no more.
        if not f["blind"][1]:
            c = draw_one(st)
            if c >= 0:
                f["blind"] = (f["blind"][0], (c,))
                if st.events is not None:
                    st.events.append(bonus_record(st, seat, c, drawn=True))
        modify_step(st, stop=True)
        return False
    st.cur = seat
    return True


# -- the reveal and reaction cards ------------------------------------------------------


def reveal(st: Position) -> None:
    """The face-down cards are turned up; reaction cards may now be paid for."""
    f = st.fight
    f["revealed"] = True
    reacts = []
    for side in (0, 1):
        seat = f["att"] if side == 0 else f["dfn"]
        for c in f["cards"][side]:
            effect = EFFECTS[CARDS[c].op]
            if effect.moment == "reveal" and effect.targets(st, seat, CARDS[c].amount):
                reacts.append((side, c))
    f["reacts"] = tuple(reacts)
    st.phase = REACT
    if st.events is not None:
        attack1 = "attack1" in st.symbols()
        sides = [records.side(st, f, side, strength_parts(f, side, attack1)) for side in (0, 1)]
        attacker, defender = sides
        st.events.append(
            records.Revealed(
                st.round,
                f["kind"],
                records.field_of(st, f),
                attacker,
                defender,
                standings(st, waiting=False),
            )
        )


def legal_react(st: Position) -> list[Any]:
    """Pay for the revealed reaction card's effect, or not."""
    _, card = st.fight["reacts"][0]
    return [A.made(A.Use, CARDS[card].id), _SKIP]


def apply_react(st: Position, s: int, action: Any) -> None:
    """The reaction card's owner pays for its effect or lets it be."""
    f = st.fight
    _side, card = f["reacts"][0]
    f["reacts"] = f["reacts"][1:]
    if isinstance(action, A.Use):
        pay(st, s, CARDS[card].cost)
        f["paid"] = f["paid"] + (card,)
    if st.events is not None:
        st.events.append(reaction_record(st, s, card, isinstance(action, A.Use)))


def reaction_record(st: Position, s: int, c: int, paid: bool) -> records.ReactionAnswered:
    """The record of seat `s` paying for reaction card `c`'s effect, or not."""
    card = CARDS[c]
    return records.ReactionAnswered(st.round, s, records.seat_word(st, s), card.name, card.op,
                                    card.amount, EFFECTS[card.op].moment, card.cost, paid,
                                    standings(st, waiting=False))  # fmt: skip


def settle_react(st: Position) -> bool:
    """The next reaction card whose owner can pay; after the last, the fight is decided."""
    f = st.fight
    if f["reacts"]:
        side, card = f["reacts"][0]
        seat = f["att"] if side == 0 else f["dfn"]
        if st.money[seat] >= CARDS[card].cost:
            st.cur = seat
            return True
        f["reacts"] = f["reacts"][1:]
        return False
    if f["kind"] == "duel":
        duel.decide(st)
    else:
        decide(st)
    return False


# -- the winner ---------------------------------------------------------------------------


def decide(st: Position) -> None:
    """Compare strengths; a tie draws cards until decided (attacker first)."""
    f = st.fight
    while current_strength(st, 0) == current_strength(st, 1):
        c0 = draw_one(st)
        c1 = draw_one(st) if c0 >= 0 else -1
        if c0 < 0 or c1 < 0:
            # No card left anywhere: the defender holds the field.
            if c0 >= 0:
                f["tie"] = f["tie"] + ((0, c0),)
            break
        f["tie"] = f["tie"] + ((0, c0), (1, c1))
    f["winner"] = 0 if current_strength(st, 0) > current_strength(st, 1) else 1
    f["shouri"] = 0
    st.phase = SHOURI


def shouri_card(st: Position, side: int) -> int:
    """The Shouri `side` played in the fight under way (-1: none)."""
    for c in st.fight["cards"][side]:
        if EFFECTS[CARDS[c].op].moment == "shouri":
            return c
    return -1


def legal_shouri(st: Position) -> list[Any]:
    """Pay for Shouri (and win), or not."""
    card = shouri_card(st, st.fight["shouri"])
    return [A.made(A.Use, CARDS[card].id), _SKIP]


def apply_shouri(st: Position, s: int, action: Any) -> None:
    """A losing side pays for its Shouri and wins, or lets it be."""
    f = st.fight
    side = f["shouri"]
    card = shouri_card(st, side)
    if isinstance(action, A.Use):
        pay(st, s, CARDS[card].cost)
        f["paid"] = f["paid"] + (card,)
        EFFECTS[CARDS[card].op].effect(st, s, CARDS[card].amount, ())
    if st.events is not None:
        st.events.append(reaction_record(st, s, card, isinstance(action, A.Use)))
    f["shouri"] = side + 1


def settle_shouri(st: Position) -> bool:
    """Each side, attacker first, may pay for Shouri while losing; then the result."""
    f = st.fight
    side = f["shouri"]
    if side > 1:
        result(st)
        return False
    seat = f["att"] if side == 0 else f["dfn"]
    card = shouri_card(st, side)
    if f["winner"] != side and card >= 0 and st.money[seat] >= CARDS[card].cost:
        st.cur = seat
        return True
    f["shouri"] = side + 1
    return False


def result(st: Position) -> None:
    """Kyuujo keeps troops active; the peasant is converted or driven out, or stays."""
    f = st.fight
    att, dfn = f["att"], f["dfn"]
    for c in f["paid"]:  # reveal effects that act at the result (Kyuujo)
        effect = EFFECTS[CARDS[c].op]
        if effect.moment == "reveal" and not effect.strength:
            seat = att if c in f["cards"][0] else dfn
            effect.effect(st, seat, CARDS[c].amount, ())
    field = f["field"]
    f["result"] = "held"
    if f["winner"] == 0:
        remove_peasant(st, field, "lost a combat")
        f["result"] = "driven out"
        ronin = f["troops"][0][1] > 0
        if ronin and supply_peasant(st, att, field, att, "converted"):
            f["result"] = "converted"  # a ronin's victory: the peasant serves a new lord
        else:
            if ronin:
                f["result"] = records.NO_SUPPLY  # no peasant of the winner's supply to convert it
            if st.reserve[att] > 0 and peasant_fields(st, att) >> field & 1:
                f["occupy"] = True
                st.phase = OCCUPY
                st.cur = att
                return
    end_fight(st, 1, 1)


# -- occupying the emptied field ----------------------------------------------------------


def legal_occupy(st: Position) -> list[Any]:
    """Place a peasant on the emptied field, or not."""
    return [st.field_actions(A.Peasant)[st.fight["field"]], _SKIP]


def apply_occupy(st: Position, s: int, action: Any) -> None:
    """The winning attacker's peasant from the daimyo board takes the field, or not."""
    if isinstance(action, A.Peasant):
        st.reserve[s] -= 1
        st._set_owner(st.fight["field"], s)
        st.fight["result"] = "occupied"
        if st.events is not None:
            st.events.append(records.placed(st, s, st.fight["field"], s, "occupy"))
    elif st.events is not None:
        field = st.fight["field"]
        st.events.append(records.Declined(st.round, s, records.seat_word(st, s), "occupation",
                                          st.fid(field), st.board.names[field]))  # fmt: skip
    st.fight["occupy"] = False


def settle_occupy(st: Position) -> bool:
    """The winner decides; then the fight ends and both sides draw a card."""
    if not st.fight["occupy"]:
        end_fight(st, 1, 1)
        return False
    return True
