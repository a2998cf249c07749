"""What a combat and a duel share: the strength of a side, the end of a fight, and the
record of a finished one.

The fight under way is `Position.fight` (see `engine.ricewars.position.new_fight`);
side 0 is the attacker (the challenger in a duel), side 1 the defender. The steps of a
fight are in `engine.ricewars.combat` (the bonus alternation, the reveal and reaction
cards are the same in a duel) and `engine.ricewars.duel`.

Strength in a combat: peasant 1 (the defender's), ashigaru 2, ronin 4, +1 for the
attacker in `attack1` rounds. A duel has only bonuses (no base strength). Both add the
bonus of every card played face down or drawn face down, advisors' strength services,
the reaction cards paid for (Mamori, Yuuki) and the tie-break draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.events import Event
from engine.ricewars import records
from engine.ricewars.data import CARDS, STRENGTH_ASHIGARU, STRENGTH_PEASANT, STRENGTH_RONIN
from engine.ricewars.deck import draw
from engine.ricewars.effects import EFFECTS
from engine.ricewars.position import Position
from engine.ricewars.records import Part
from engine.ricewars.rounds import turn_of
from engine.ricewars.standings import standings


def strength_parts(
    f: dict[str, Any], side: int, attack1: bool, known: bool = True
) -> tuple[Part, ...]:
    """Where a side's strength in fight `f` comes from, item by item (`attack1`: an
    attack round, attackers +1): troops, the defended peasant, the attack round,
    advisors' services, cards face down and drawn face down, reaction cards paid for and
    tie-break draws. `known=False` leaves out the cards (before the reveal)."""
    parts: list[Part] = []
    if f["kind"] == "combat":
        a, r = f["troops"][side]
        parts.extend(troop_parts(side, a, r, attack1))
    if f["extra"][side]:
        parts.append(Part("advisor's service", f["extra"][side]))
    if not known:
        return tuple(parts)
    parts.extend([_CARD_PARTS[c] for c in f["cards"][side]])
    parts.extend([_BLIND_PARTS[c] for c in f["blind"][side]])
    for c in f["paid"]:
        if c in f["cards"][side] and EFFECTS[CARDS[c].op].strength:
            parts.append(_EFFECT_PARTS[c])
    for who, c in f["tie"]:
        if who == side:
            parts.append(_TIE_PARTS[c])
    return tuple(parts)


# Each card's strength parts, by card index, made once (fights ask for them constantly).
_CARD_PARTS = tuple(Part(card.name, card.bonus) for card in CARDS)
_BLIND_PARTS = tuple(Part(f"{card.name} (drawn face down)", card.bonus) for card in CARDS)
_EFFECT_PARTS = tuple(Part(f"{card.name}'s effect", card.amount) for card in CARDS)
_TIE_PARTS = tuple(Part(f"{card.name} (tie-break draw)", card.bonus) for card in CARDS)


@cache
def troop_parts(side: int, ashigaru: int, ronin: int, attack1: bool) -> tuple[Part, ...]:
    """A combat side's strength before any bonus: its troops, the defended peasant
    (side 1), the attack round's +1 (side 0 in `attack1` rounds)."""
    parts = []
    if ashigaru:
        parts.append(Part(f"{ashigaru} ashigaru", STRENGTH_ASHIGARU * ashigaru))
    if ronin:
        parts.append(Part(f"{ronin} ronin", STRENGTH_RONIN * ronin))
    if side == 1:
        parts.append(Part("peasant", STRENGTH_PEASANT))
    elif attack1:
        parts.append(Part("attack round", 1))
    return tuple(parts)


@cache
def troop_strength(side: int, ashigaru: int, ronin: int, attack1: bool) -> int:
    """The sum of `troop_parts`: what a troop brings to a combat before any card."""
    return sum(p.amount for p in troop_parts(side, ashigaru, ronin, attack1))


NEUTRAL_CARD_ESTIMATE = 1
"""What the neutral's one card drawn face down is counted at before it is drawn (an
estimate: a card's bonus is 0 to 2)."""


def defence_troops(st: Position, seat: int) -> tuple[int, int]:
    """(ashigaru, ronin): the largest troop `seat` may defend with: any of its active
    ashigaru and at most one active ronin; the neutral defends with one ashigaru if it
    has one, and never with a ronin."""
    if seat == st.neutral:
        return min(1, st.ash[seat]), 0
    return st.ash[seat], min(1, st.ron[seat])


def strongest_defence(st: Position, field: int) -> int:
    """The strongest defence an attack on `field` may meet before any card: its owner's
    largest troop (`defence_troops`) and the peasant, plus the neutral's card drawn face
    down at `NEUTRAL_CARD_ESTIMATE` (an estimate for the bots: the other side's cards are
    hidden)."""
    seat = st.owner[field]
    ashigaru, ronin = defence_troops(st, seat)
    card = NEUTRAL_CARD_ESTIMATE if seat == st.neutral else 0
    return troop_strength(1, ashigaru, ronin, False) + card


_BONUS = tuple(card.bonus for card in CARDS)
_EFFECT_AMOUNT = tuple(card.amount for card in CARDS)


def strength(f: dict[str, Any], side: int, attack1: bool) -> int:
    """A side's strength in fight `f`: the sum of its `strength_parts`, added up without
    making them (fights compare strengths at every step; the parts are for reading)."""
    total = 0
    if f["kind"] == "combat":
        a, r = f["troops"][side]
        total = troop_strength(side, a, r, attack1)
    total += f["extra"][side]
    cards = f["cards"][side]
    for c in cards:
        total += _BONUS[c]
    for c in f["blind"][side]:
        total += _BONUS[c]
    for c in f["paid"]:
        if c in cards and EFFECTS[CARDS[c].op].strength:
            total += _EFFECT_AMOUNT[c]
    for who, c in f["tie"]:
        if who == side:
            total += _BONUS[c]
    return total


def current_strength(st: Position, side: int) -> int:
    """A side's strength in the fight under way."""
    return strength(st.fight, side, "attack1" in st.symbols())


def side_of(st: Position, s: int) -> int:
    """Seat `s`'s side in the fight under way (0 attacker, 1 defender)."""
    return 0 if st.fight["att"] == s else 1


def end_fight(st: Position, attacker_draws: int, defender_draws: int) -> None:
    """All played cards go to the discard pile; both sides draw; the next turn."""
    f = st.fight
    # The record is made when read: a search ends fights far more often than it reads them.
    st._ended = (f, "attack1" in st.symbols())
    for side in (0, 1):
        st.discard.extend(f["cards"][side])
        st.discard.extend(f["blind"][side])
    st.discard.extend(c for _, c in f["tie"])
    att, dfn = f["att"], f["dfn"]
    draw(st, att, attacker_draws)
    draw(st, dfn, defender_draws)
    if st.events is not None:  # told after the draws: its standings are the fight's end
        st.events.append(fight_event(st, f, "attack1" in st.symbols()))
    st.fight = None
    turn_of(st, att)


@dataclass(frozen=True, slots=True)
class FightRecord:
    """A finished combat or duel, as it stood when it ended (everything in it is public:
    a fight that got to its cards revealed them all; a refused or escaped duel has none).

    Side 0 is the attacker (the challenging ronin's owner in a duel), side 1 the defender.
    Cards are card indices (`engine.ricewars.data.CARDS`).
    """

    kind: str  # "combat" or "duel"
    attacker: int  # seat
    defender: int  # seat
    field: str | None  # the attacked field's id (None for a duel)
    troops: tuple[tuple[int, int], tuple[int, int]]  # (ashigaru, ronin) per side
    cards: tuple[tuple[int, ...], tuple[int, ...]]  # bonus cards played face down, per side
    blind: tuple[tuple[int, ...], tuple[int, ...]]  # cards drawn face down (Youhei, neutral)
    extra: tuple[int, int]  # strength from advisors' services, per side
    paid: tuple[int, ...]  # reaction cards paid for (Kyuujo, Mamori, Yuuki, Shouri)
    tie: tuple[tuple[int, int], ...]  # tie-break draws as (side, card), in order
    revealed: bool  # the cards were turned up (False: a refused or escaped duel)
    winner: int  # 0 attacker, 1 defender, 2 both lost (duel tie), -1 no contest
    strengths: tuple[int, int] | None  # the engine's final strengths (None: not revealed)
    parts: tuple[tuple[Part, ...], tuple[Part, ...]]  # each side's strength itemised
    known: tuple[int, int]  # each side's strength without the cards (before the reveal)


def fight_record(st: Position) -> FightRecord | None:
    """The fight the latest action finished (None: it finished none), as a record."""
    if st._ended is None:
        return None
    f, attack1 = st._ended
    return _record(st, f, attack1)


def live_fight_record(st: Position) -> FightRecord | None:
    """The fight under way as it stands (None: there is none), as a record; its cards are
    everyone's to read only once `revealed`."""
    if st.fight is None:
        return None
    return _record(st, st.fight, "attack1" in st.symbols())


def _record(st: Position, f: dict[str, Any], attack1: bool) -> FightRecord:
    return FightRecord(
        kind=f["kind"],
        attacker=f["att"],
        defender=f["dfn"],
        field=st.fid(f["field"]) if f["field"] >= 0 else None,
        troops=f["troops"],
        cards=f["cards"],
        blind=f["blind"],
        extra=f["extra"],
        paid=f["paid"],
        tie=f["tie"],
        revealed=f["revealed"],
        winner=f["winner"],
        strengths=(strength(f, 0, attack1), strength(f, 1, attack1)) if f["revealed"] else None,
        parts=(strength_parts(f, 0, attack1), strength_parts(f, 1, attack1)),
        known=(known_strength(f, 0, attack1), known_strength(f, 1, attack1)),
    )


def known_strength(f: dict[str, Any], side: int, attack1: bool) -> int:
    """A side's strength without its cards (what everyone knows before the reveal)."""
    return sum(p.amount for p in strength_parts(f, side, attack1, known=False))


def fight_event(st: Position, f: dict[str, Any], attack1: bool) -> Event:
    """The record of fight `f`, ending now: an accepted duel or a combat as a `Fight`
    (each side itemised), a refused or escaped duel as a `DuelAnswered`."""
    att, dfn = f["att"], f["dfn"]
    if f["kind"] == "duel" and not f["revealed"]:
        answer = f["result"] or "refused"
        changes = tuple(records.change(st, *c) for c in f["changes"])
        ends = standings(st, waiting=False)
        return records.DuelAnswered(st.round, att, dfn, answer, changes, ends)
    sides = [records.side(st, f, side, strength_parts(f, side, attack1)) for side in (0, 1)]
    if f["kind"] == "combat":
        field = f["field"]
        now = st.owner[field]
        changes = (records.change(st, field, dfn, now),) if now != dfn else ()
        where = st.board.names[field]
    else:
        changes = tuple(records.change(st, *c) for c in f["changes"])
        where = ""
    names = (records.seat_word(st, att), records.seat_word(st, dfn))
    return records.Fight(
        st.round,
        f["kind"],
        where,
        sides[0],
        sides[1],
        tuple(CARDS[c].name for c in f["paid"]),
        tuple(f"{names[w]}: {CARDS[c].name}" for w, c in f["tie"]),
        f["winner"],
        f["result"],
        changes,
        standings(st, waiting=False),
    )
