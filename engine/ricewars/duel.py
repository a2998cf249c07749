"""The duel (Das Duell): an active ronin challenges another daimyo.

The challenger's ronin is exhausted by the challenge. A refusing daimyo hands over two
peasants; an accepting one fights with bonuses only (the steps are a combat's, see
`engine.ricewars.combat`): the higher strength wins, a tie loses for both. A losing
daimyo removes four peasants, a losing ronin leaves. Then the challenger draws 2 cards,
the challenged 3.

Rule decisions (the rulebook leaves these open):

* Only another daimyo can be challenged, never the neutral player.
* Refusing hands two peasants (the refuser's choice; one if only one is left) to the
  challenger, who takes replacements from the supply (fewer if it runs out); no cards
  are drawn then.
* Bonuses in an accepted duel: cards, Jojutsu no shishou, Yuuki (paid after the reveal).
* Nigeru (reaction) lets the challenged pay 2 Ryo to cancel the duel; no cards are drawn.
* A losing daimyo with four peasants or fewer loses them all without choosing.
"""

from __future__ import annotations

from typing import Any

from engine.ricewars import actions as A
from engine.ricewars import records
from engine.ricewars.data import (
    CARD_INDEX,
    CARDS,
    DUEL_DRAW_CHALLENGED,
    DUEL_DRAW_CHALLENGER,
    DUEL_LOSS_PEASANTS,
    DUEL_REFUSE_PEASANTS,
)
from engine.ricewars.deck import take_card
from engine.ricewars.economy import pay
from engine.ricewars.effects import EFFECTS
from engine.ricewars.fight import current_strength, end_fight
from engine.ricewars.hiring import exhaust
from engine.ricewars.peasants import remove_peasant, supply_peasant
from engine.ricewars.position import ANSWER, GIVE, LOSE, MODIFY, Position, bits, new_fight


def challenge(st: Position, s: int, action: A.Duel) -> None:
    """Seat `s`'s active ronin challenges daimyo `action.player`, who answers."""
    exhaust(st, s, 0, 1)
    st.fight = new_fight("duel", s, action.player, -1, (0, 0))
    st.phase = ANSWER
    st.cur = q = action.player
    if st.events is not None:
        st.events.append(records.Challenged(st.round, s, records.seat_word(st, s), q,
                                            records.seat_word(st, q)))  # fmt: skip


_ACCEPT, _REFUSE = A.Accept(), A.Refuse()


def legal_answer(st: Position) -> list[Any]:
    """Accept, refuse, or escape with Nigeru (if one can pay for it)."""
    s = st.cur
    out: list[Any] = [_ACCEPT, _REFUSE]
    for c in st.hands[s]:
        card = CARDS[c]
        if EFFECTS[card.op].moment == "answer" and st.money[s] >= card.cost:
            out.append(A.made(A.Play, card.id))
    return out


def refusal_peasants(st: Position, s: int) -> int:
    """The peasants daimyo `s` hands over if it refuses a duel now: two, or as many as
    it has on the board (one, none)."""
    return min(DUEL_REFUSE_PEASANTS, st.fields_of(s))


def apply_answer(st: Position, s: int, action: Any) -> None:
    """Accepting starts the bonus steps; refusing hands over peasants; Nigeru ends it."""
    f = st.fight
    if st.events is not None and isinstance(action, (A.Accept, A.Refuse)):
        refused = isinstance(action, A.Refuse)
        answer = "refused" if refused else "accepted"
        att = f["att"]
        given = refusal_peasants(st, s) if refused else 0
        st.events.append(records.ChallengeAnswered(st.round, s, records.seat_word(st, s), att,
                                                   records.seat_word(st, att), answer,
                                                   given))  # fmt: skip
    if isinstance(action, A.Accept):
        st.phase = MODIFY
        return
    if isinstance(action, A.Refuse):
        f["result"] = "refused"
        f["todo"] = refusal_peasants(st, s)
        st.phase = GIVE
        return
    c = CARD_INDEX[action.card]
    take_card(st, s, c)
    pay(st, s, CARDS[c].cost)
    st.discard.append(c)
    EFFECTS[CARDS[c].op].effect(st, s, CARDS[c].amount, ())
    f["result"] = "escaped"
    end_fight(st, 0, 0)


def settle_answer(st: Position) -> bool:
    """The challenged daimyo decides."""
    return True


def legal_give(st: Position) -> list[Any]:
    """Any of the refuser's peasants."""
    gives = st.field_actions(A.Give)
    return [gives[f] for f in bits(st.own[st.cur])]


def apply_give(st: Position, s: int, action: Any) -> None:
    """A peasant of the refuser makes way for one of the challenger's from the supply."""
    f = st.field(action.field)
    att = st.fight["att"]
    remove_peasant(st, f, "handed over (duel refused)")
    taken = supply_peasant(st, att, f, s, "handed over")
    st.fight["changes"] = st.fight["changes"] + ((f, s, att if taken else -1),)
    st.fight["todo"] -= 1


def settle_give(st: Position) -> bool:
    """The refuser chooses until the peasants are handed over; no cards are drawn."""
    if st.fight["todo"] <= 0:
        end_fight(st, 0, 0)
        return False
    return True


def decide(st: Position) -> None:
    """After the reveal: the higher strength wins the duel, a tie loses for both."""
    f = st.fight
    att, dfn = current_strength(st, 0), current_strength(st, 1)
    f["winner"] = 0 if att > dfn else 1 if dfn > att else 2
    f["result"] = ("ronin won", "daimyo won", "both lost")[f["winner"]]
    if f["winner"] != 0:  # the ronin lost (or both did): it leaves
        st.ron_x[f["att"]] -= 1
        st.supply_ron += 1
    if f["winner"] != 1:  # the daimyo lost
        f["todo"] = DUEL_LOSS_PEASANTS
        st.phase = LOSE
        st.cur = f["dfn"]
        return
    end_fight(st, DUEL_DRAW_CHALLENGER, DUEL_DRAW_CHALLENGED)


def legal_lose(st: Position) -> list[Any]:
    """Any of the defeated daimyo's peasants."""
    losses = st.field_actions(A.Lose)
    return [losses[f] for f in bits(st.own[st.cur])]


def apply_lose(st: Position, s: int, action: Any) -> None:
    """The defeated daimyo removes a peasant of its choice."""
    lose(st, s, st.field(action.field))
    st.fight["todo"] -= 1


def lose(st: Position, s: int, f: int) -> None:
    """Seat `s`, defeated in a duel, removes its peasant on field `f`."""
    remove_peasant(st, f, "lost a duel")
    st.fight["changes"] = st.fight["changes"] + ((f, s, -1),)


def settle_lose(st: Position) -> bool:
    """The defeated daimyo chooses while it has more peasants than it must remove."""
    f = st.fight
    d = f["dfn"]
    if f["todo"] <= 0 or st.fields_of(d) == 0:
        end_fight(st, DUEL_DRAW_CHALLENGER, DUEL_DRAW_CHALLENGED)
        return False
    if st.fields_of(d) <= f["todo"]:
        for field in list(bits(st.own[d])):
            lose(st, d, field)
        f["todo"] = 0
        return False
    return True
