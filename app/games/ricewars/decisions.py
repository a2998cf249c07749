"""Rice Wars decisions in words: each decision's log line, read from the record the
engine tells of it (`engine.ricewars.records`) as the viewer was told it.

A decision of a fight, an auction or a turn (an attack, a defence, a card face down, a
stop, a reaction paid for or not, a pass, a bid, an advisor put up, a duel's challenge and
answer, a palace kept, planting or occupying declined) is worded from its record: who,
what, where and how much come from the rules, and a secret (a sealed bid's amount, a card
face down) is left out exactly when the record's `seen_by` leaves it out. Placements, cards,
services and hiring are worded by `narrate.action_words`. Qt-free.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.presentation import EVERYTHING
from app.games.ricewars.narrate import (
    Teller,
    action_words,
    card_of,
    card_words,
    effect_words,
    hiring_words,
    troops_words,
)
from app.i18n import N_, ngettext
from engine.events import Event
from engine.ricewars import actions as A
from engine.ricewars import records as R
from engine.ricewars.state import HIRE, RiceWarsState


def describe(
    before: RiceWarsState | None, action: Any, after: RiceWarsState, player: int, viewer: int
) -> str:
    """The log line of `action` by `player` as `viewer` reads it. A hiring turn is told in
    one line when it ends (by `done`, or by its last hire or payment when nothing else
    can be bought); its other hires and payments have no line ("")."""
    if isinstance(action, (A.Hire, A.Pay)):
        if after.phase == HIRE and after.current_player() == player:
            return ""
        return hiring_words(after, player, Teller(before or after, viewer))
    tell = Teller(before or after, viewer)
    if before is not None:
        record = decision_record(before, action, viewer)
        words = _WORDS.get(type(record)) if record is not None else None
        if words is not None:
            return words(record, tell)
    return action_words(before, after, action, player, tell)


def decision_record(before: RiceWarsState, action: Any, viewer: int) -> Event | None:
    """The first record the engine tells of `action` applied to `before` (the decision's
    own), as `viewer` was told it (`Event.seen_by`; all of it for `EVERYTHING`)."""
    told = before.clone().apply_told(action)
    if not told:
        return None
    return told[0] if viewer == EVERYTHING else told[0].seen_by(viewer)


def _attacked(r: R.Attacked, tell: Teller) -> str:
    values = {
        "owner": tell.name(r.defender),
        "field": r.field_name,
        "troops": troops_words(r.ashigaru, r.ronin),
    }
    if any(part.what == "attack round" for part in r.parts):
        return tell.said(
            r.player,
            N_(
                "You attack the peasant of {owner} on {field} with {troops} (+1 in this "
                "attack round)."
            ),
            N_(
                "{player} attacks the peasant of {owner} on {field} with {troops} (+1 in "
                "this attack round)."
            ),
            **values,
        )
    return tell.said(
        r.player,
        N_("You attack the peasant of {owner} on {field} with {troops}."),
        N_("{player} attacks the peasant of {owner} on {field} with {troops}."),
        **values,
    )


def _defended(r: R.Defended, tell: Teller) -> str:
    # the attacked peasant always counts in the defence (strength 1)
    if not r.ashigaru and not r.ronin:
        return tell.said(
            r.player,
            N_("You defend with the peasant alone."),
            N_("{player} defends with the peasant alone."),
        )
    return tell.said(
        r.player,
        N_("You defend with the peasant and {troops}."),
        N_("{player} defends with the peasant and {troops}."),
        troops=troops_words(r.ashigaru, r.ronin),
    )


def _bonus(r: R.BonusPlayed, tell: Teller) -> str:
    if r.card == R.HIDDEN_CARD:
        return tell.said(
            r.player, N_("You play a card face down."), N_("{player} plays a card face down.")
        )
    return tell.said(
        r.player,
        N_("You play {card} face down."),
        N_("{player} plays {card} face down."),
        card=card_words(card_of(r.card)),
    )


def _stopped(r: R.Stopped, tell: Teller) -> str:
    return tell.said(
        r.player, N_("You play no more bonuses."), N_("{player} plays no more bonuses.")
    )


def _reaction(r: R.ReactionAnswered, tell: Teller) -> str:
    if not r.paid:
        return tell.said(
            r.player,
            N_("You do not pay for the revealed card's effect."),
            N_("{player} does not pay for the revealed card's effect."),
        )
    return tell.said(
        r.player,
        N_("You pay {n} Ryo for {card}: {effect}."),
        N_("{player} pays {n} Ryo for {card}: {effect}."),
        n=r.cost,
        card=r.card,
        effect=effect_words(r.effect, r.amount, r.player, tell),
    )


def _declined(r: R.Declined, tell: Teller) -> str:
    if r.what == "occupation":
        return tell.said(
            r.player,
            N_("You leave {field} empty."),
            N_("{player} leaves {field} empty."),
            field=r.field_name,
        )
    return tell.said(r.player, N_("You plant no more."), N_("{player} plants no more."))


def _passed(r: R.Passed, tell: Teller) -> str:
    if r.last:
        return tell.said(
            r.player,
            N_("You pass — no more actions this round."),
            N_("{player} passes — no more actions this round."),
        )
    return tell.said(r.player, N_("You pass."), N_("{player} passes."))


def _bid(r: R.BidSealed, tell: Teller) -> str:
    if r.amount == R.HIDDEN_MONEY:
        return tell.said(
            r.player, N_("You place a sealed bid."), N_("{player} places a sealed bid.")
        )
    return tell.said(
        r.player,
        N_("You bid {n} Ryo (sealed)."),
        N_("{player} bids {n} Ryo (sealed)."),
        n=r.amount,
    )


def _picked(r: R.AdvisorPicked, tell: Teller) -> str:
    return tell.said(
        r.player,
        N_("You put {advisor} up for auction."),
        N_("{player} puts {advisor} up for auction."),
        advisor=r.advisor,
    )


def _challenged(r: R.Challenged, tell: Teller) -> str:
    if tell.you(r.target):
        return tell.said(
            r.player,
            N_("You send a ronin to challenge yourself to a duel."),
            N_("{player} sends a ronin to challenge you to a duel."),
        )
    return tell.said(
        r.player,
        N_("You send a ronin to challenge {target} to a duel."),
        N_("{player} sends a ronin to challenge {target} to a duel."),
        target=tell.name(r.target),
    )


def _answered(r: R.ChallengeAnswered, tell: Teller) -> str:
    if r.answer == "accepted":
        return tell.said(r.player, N_("You accept the duel."), N_("{player} accepts the duel."))
    n = r.peasants  # the engine's count: two, or as many as the refuser has
    if not n:
        return tell.said(
            r.player,
            N_("You refuse the duel; you have no peasant to give up."),
            N_("{player} refuses the duel and has no peasant to give up."),
        )
    return tell.counted(
        r.player,
        ngettext(
            "You refuse the duel and must give up {n} peasant.",
            "You refuse the duel and must give up {n} peasants.",
            n,
        ),
        ngettext(
            "{player} refuses the duel and must give up {n} peasant.",
            "{player} refuses the duel and must give up {n} peasants.",
            n,
        ),
        n,
    )


def _kept(r: R.PalaceKept, tell: Teller) -> str:
    return tell.said(
        r.player,
        N_("You keep your palace where it stands."),
        N_("{player} keeps its palace where it stands."),
    )


_WORDS: dict[type, Callable[[Any, Teller], str]] = {
    R.Attacked: _attacked,
    R.Defended: _defended,
    R.BonusPlayed: _bonus,
    R.Stopped: _stopped,
    R.ReactionAnswered: _reaction,
    R.Declined: _declined,
    R.Passed: _passed,
    R.BidSealed: _bid,
    R.AdvisorPicked: _picked,
    R.Challenged: _challenged,
    R.ChallengeAnswered: _answered,
    R.PalaceKept: _kept,
}
"""Each decision record's words (one sentence per reader, `Teller.said`)."""
