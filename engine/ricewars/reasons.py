"""Why an action is not legal now (`RiceWarsState.why_illegal`), as words for people.

A reason names the rule that refuses the action; it is `engine.words.Words`: English
marked for the catalog with its values, said in the language spoken when it is read (the
tooltips of the choice row, the status bar). Cards and advisors are named by their
catalog names, fields and actions by their text. The rules themselves are elsewhere:
this module only tells, for an action the rules did not list, which rule it breaks.
"""

from __future__ import annotations

from typing import Any

from engine.ricewars import actions as A
from engine.ricewars.data import ADVISOR_INDEX, ADVISORS, CARD_INDEX, CARDS, SERVANT_COST
from engine.ricewars.position import (
    ACTION,
    ANSWER,
    BID,
    DEFEND,
    GIVE,
    HIRE,
    LOSE,
    MODIFY,
    MOVE,
    NEUTRAL,
    OCCUPY,
    PALACE,
    PICK,
    PLANT,
    REACT,
    SETUP_PEASANT,
    SHOURI,
)
from engine.words import N_, Words

EXPECTED: dict[int, tuple[type, ...]] = {
    PALACE: (A.Palace,),
    MOVE: (A.Palace, A.Stay),
    SETUP_PEASANT: (A.Peasant,),
    NEUTRAL: (A.Peasant,),
    HIRE: (A.Hire, A.Pay, A.Done),
    PICK: (A.Auction,),
    BID: (A.Bid,),
    PLANT: (A.Peasant, A.Skip),
    DEFEND: (A.Defend,),
    MODIFY: (A.Bonus, A.Service, A.Stop),
    REACT: (A.Use, A.Skip),
    SHOURI: (A.Use, A.Skip),
    OCCUPY: (A.Peasant, A.Skip),
    ANSWER: (A.Accept, A.Refuse, A.Play),
    GIVE: (A.Give,),
    LOSE: (A.Lose,),
}
"""The kinds of action each phase with a decision asks for."""

STEPS: dict[int, str] = {
    PALACE: N_("the palace step asks for another decision"),
    MOVE: N_("the palace move asks for another decision"),
    SETUP_PEASANT: N_("the first peasants' step asks for another decision"),
    NEUTRAL: N_("the neutral's peasant asks for another decision"),
    HIRE: N_("the hiring asks for another decision"),
    PICK: N_("the choice of the advisor to auction asks for another decision"),
    BID: N_("the bidding asks for another decision"),
    PLANT: N_("the planting asks for another decision"),
    DEFEND: N_("the defence asks for another decision"),
    MODIFY: N_("the bonus cards' step asks for another decision"),
    REACT: N_("the reaction cards' step asks for another decision"),
    SHOURI: N_("the Shouri step asks for another decision"),
    OCCUPY: N_("the occupation asks for another decision"),
    ANSWER: N_("the answer to the duel asks for another decision"),
    GIVE: N_("the refused duel's peasants ask for another decision"),
    LOSE: N_("the lost duel's peasants ask for another decision"),
}
"""What the phase asks for, one sentence each (a language declines the phase's name)."""

GAME_OVER = N_("the game is over")

NONE_LEFT = {
    "peasant": N_("no peasant left in your supply"),
    "ashigaru": N_("no ashigaru left in the supply"),
    "ronin": N_("no ronin left in the supply"),
}
"""A servant that cannot be hired: none left to hire."""
NONE_OWED = {
    "ashigaru": N_("no ashigaru is owed upkeep now"),
    "ronin": N_("no ronin is owed upkeep now"),
}
"""A servant's upkeep that cannot be paid: none owed."""


def card_name(index: int) -> Words:
    """A card's name as the catalog says it."""
    return Words.of(CARDS[index].name)


def advisor_name(index: int) -> Words:
    """An advisor's name as the catalog says it."""
    return Words.of(ADVISORS[index].name)


def hiring_reason(st: Any, s: int, action: Any) -> Words | None:
    """Why seat `s` may not hire or pay `action` now (`engine.ricewars.hiring`'s
    `legal_hire`): none left in the supply, nothing owed, or too few Ryo; None when it is
    none of these."""
    hire = isinstance(action, A.Hire)
    what = action.kind if hire else action.what
    if what in ADVISOR_INDEX and not hire:
        a = ADVISOR_INDEX[what]
        if a not in st.adv_due[s]:
            if not any(held[0] == a for held in st.held[s]):
                return None
            return Words.of(N_("{advisor}'s upkeep is paid"), advisor=advisor_name(a))
        cost = ADVISORS[a].upkeep
    elif hire and what in NONE_LEFT:
        left = {"peasant": st.supply[s], "ashigaru": st.supply_ash, "ronin": st.supply_ron}
        if not left[what]:
            return Words.of(NONE_LEFT[what])
        cost = SERVANT_COST[what]
    elif what in NONE_OWED:
        if not {"ashigaru": st.ash_due[s], "ronin": st.ron_due[s]}[what]:
            return Words.of(NONE_OWED[what])
        cost = SERVANT_COST[what]
    else:
        return None
    if st.money[s] < cost:
        return Words.of(
            N_("it costs {cost} Ryo and you have {money}"), cost=cost, money=st.money[s]
        )
    return None


def reason(st: Any, action: Any) -> Words:  # noqa: C901 - one reason per kind of action
    """Why `action`, not among `st.legal_actions()`, is refused: the rule it breaks."""
    ph = st.phase
    s = st.cur
    expected = EXPECTED.get(ph)
    if expected is not None and not isinstance(action, expected):
        return Words.of(
            N_("{action} is not possible now: {step}"),
            action=str(action),
            step=Words.of(STEPS[ph]),
        )
    fields = st.board.index
    fid = getattr(action, "field", None)
    if fid is not None and fid not in fields:
        return Words.of(N_("there is no field '{field}' on this board"), field=fid)
    if isinstance(action, A.Palace):
        if fields[action.field] not in st.board.sites:
            return Words.of(
                N_("{field} is not a palace site (palaces stand on the board's edge)"),
                field=action.field,
            )
        return Words.of(
            N_("{field} is too close to another palace (two free fields between)"),
            field=action.field,
        )
    if isinstance(action, A.Peasant):
        f = fields[action.field]
        if ph == ACTION and st.reserve[s] == 0:
            return Words.of(
                N_("you have no peasant on your daimyo board; hire one in the hiring phase")
            )
        if not st.free_mask() >> f & 1:
            return Words.of(
                N_("{field} is not free (a peasant or a palace stands there)"), field=action.field
            )
        return Words.of(
            N_(
                "{field} breaks the peasant rule: it must border your palace or a peasant "
                "connected to it, and no peasant of yours cut off from your palace"
            ),
            field=action.field,
        )
    if isinstance(action, A.Pay) and action.what in ADVISOR_INDEX:
        a = ADVISOR_INDEX[action.what]
        held = any(h[0] == a for h in st.held[s])
        if held and a in st.table and st.auction_round():
            return Words.of(
                N_(
                    "{advisor} leaves the game at this round's auction: its upkeep would be "
                    "Ryo lost for nothing"
                ),
                advisor=advisor_name(a),
            )
    if isinstance(action, (A.Hire, A.Pay)):
        refused = hiring_reason(st, s, action)
        if refused is not None:
            return refused
        return Words.of(
            N_("you cannot {action} now: not enough Ryo, nothing owed or none in the supply"),
            action=str(action),
        )
    if isinstance(action, A.Bid):
        return Words.of(N_("you have only {money} Ryo to bid"), money=st.money[s])
    if isinstance(action, A.Play):
        if action.card not in CARD_INDEX or CARD_INDEX[action.card] not in st.hands[s]:
            return Words.of(N_("{card} is not in your hand"), card=action.card)
        index = CARD_INDEX[action.card]
        card = CARDS[index]
        if st.money[s] < card.cost:
            return Words.of(
                N_("{card} costs {cost} Ryo and you have {money}"),
                card=card_name(index),
                cost=card.cost,
                money=st.money[s],
            )
        return Words.of(
            N_("{card} cannot be played like that now ({text})"),
            card=card_name(index),
            text=Words.of(card.text),
        )
    if isinstance(action, A.Bonus) and action.card not in {CARDS[c].id for c in st.hands[s]}:
        return Words.of(N_("{card} is not in your hand"), card=action.card)
    if isinstance(action, A.Service):
        if action.advisor not in {ADVISORS[a].id for a, _ in st.held[s]}:
            return Words.of(N_("you hold no service of {advisor}"), advisor=action.advisor)
        if st.used_service[s]:
            return Words.of(N_("you have used an advisor's service this round already"))
        return Words.of(
            N_("the service of {advisor} cannot be used like that now"), advisor=action.advisor
        )
    if isinstance(action, A.Attack):
        f = fields[action.field]
        if st.owner[f] < 0 or st.owner[f] == s:
            return Words.of(
                N_("there is no opponent's peasant on {field} (palaces cannot be attacked)"),
                field=action.field,
            )
        if action.ronin > 1:
            return Words.of(N_("a troop has at most one ronin"))
        return Words.of(N_("you do not have those active troops"))
    if isinstance(action, A.Duel):
        if st.ron[s] == 0:
            return Words.of(N_("only an active ronin can challenge a daimyo"))
        if action.player == st.neutral:
            return Words.of(N_("the neutral player may never be challenged"))
        return Words.of(N_("p{player} is not another daimyo"), player=action.player)
    if isinstance(action, A.Defend):
        return Words.of(N_("you do not have those active troops (at most one ronin)"))
    if isinstance(action, (A.Give, A.Lose)):
        return Words.of(N_("you have no peasant on {field}"), field=action.field)
    if isinstance(action, A.Pass) and ph == ACTION:
        return Words.of(N_("pass is not possible now"))
    return Words.of(N_("{action} is not a legal action now"), action=str(action))
