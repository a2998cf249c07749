"""Shinobi in words: log lines that keep secrets, the end reveal, the score table's figures.

Everything here words the engine's records (`engine.shinobi.records`): what each order
did, the cards drawn, the final count. A line for everybody names what all players saw
(every order is played face up, the number of cards drawn is public); the acting
player's own line adds the cards they drew (`Drew.seen_by`). No line ever names an
allegiance before the game is over.
"""

from __future__ import annotations

from typing import Any

from app.i18n import N_, _, ngettext
from engine.events import Event
from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja
from engine.shinobi.cards import CLAN_NAMES, HAND_SIZE
from engine.shinobi.records import (
    Attacked,
    Deployed,
    Drew,
    FinalCount,
    Moved,
    NinjaPlayed,
    final_count,
)
from engine.shinobi.state import ShinobiState

ORDER_NAMES = {1: N_("First order"), 2: N_("Second order"), 3: N_("Third order")}
ORDER_HELP = {
    1: N_("deploy a card to another player's province, or play a Ninja on an army there"),
    2: N_("deploy a card to your own province, or move one card out of another province"),
    3: N_("attack: an army of your province removes a card from a smaller army elsewhere"),
}
"""Each order in a few words (marked here, translated where shown: `_(ORDER_HELP[n])`)."""


def seat_label(player: int) -> str:
    """'Player 2' (seats are secret-free names; clans stay hidden)."""
    return _("Player {number}").format(number=player + 1)


def province_name(player: int) -> str:
    """Whose province: 'Player 2's province'."""
    return _("{player}'s province").format(player=seat_label(player))


def told(state_after: ShinobiState) -> tuple[Event, ...]:
    """The records of the last action that led to `state_after` (the engine's, retold by
    taking it back and applying it again); () when it cannot be taken back."""
    if state_after.undo_depth == 0:
        return ()
    before = state_after.clone()
    before.undo()
    return before.apply_told(state_after.history[-1])


def _who(player: int, viewer: int, start: bool = True) -> str:
    if player == viewer:
        return _("You") if start else _("you")
    return seat_label(player)


def _to(q: int, player: int, viewer: int) -> str:
    """Where a card goes, with its preposition (languages decline it differently)."""
    if q == player:
        return _("to your own province") if q == viewer else _("to their own province")
    if q == viewer:
        return _("to your province")
    return _("to {player}'s province").format(player=seat_label(q))


def _from(q: int, viewer: int) -> str:
    if q == viewer:
        return _("from your province")
    return _("from {player}'s province").format(player=seat_label(q))


def in_province(q: int, viewer: int) -> str:
    """'in your province' / "in Player 3's province" (as `viewer` reads it)."""
    if q == viewer:
        return _("in your province")
    return _("in {player}'s province").format(player=seat_label(q))


def _card(clan: str, viewer_clan: str) -> str:
    """ "a Takeda card", "an Oda card (your clan)" for the viewer's own secret clan."""
    vowel = clan[0] in "AEIOU"
    if clan == viewer_clan:
        text = _("an {clan} card (your clan)") if vowel else _("a {clan} card (your clan)")
    else:
        text = _("an {clan} card") if vowel else _("a {clan} card")
    return text.format(clan=clan)


def _army(clan: str, viewer_clan: str, strength: int | None = None) -> str:
    """ "the Mōri army", "the Oda army (your clan)", "the Mōri army (2)"."""
    mine = clan == viewer_clan
    if strength is None:
        text = _("the {clan} army (your clan)") if mine else _("the {clan} army")
    else:
        text = (
            _("the {clan} army ({strength}, your clan)")
            if mine
            else _("the {clan} army ({strength})")
        )
    return text.format(clan=clan, strength=strength)


def _attacker(record: Attacked, viewer: int, viewer_clan: str) -> str:
    """The attacking army, whose it is and how strong: "Player 2's Oda army (3)"."""
    mine = record.attacker == viewer_clan
    if record.player == viewer:
        text = (
            _("your {clan} army ({strength}, your clan)")
            if mine
            else _("your {clan} army ({strength})")
        )
    elif mine:
        text = _("{player}'s {clan} army ({strength}, your clan)")
    else:
        text = _("{player}'s {clan} army ({strength})")
    return text.format(
        player=seat_label(record.player), clan=record.attacker, strength=record.strength
    )


def order_text(record: Event, viewer: int, viewer_clan: str = "") -> str:
    """An order's record in words, as `viewer` reads it (a seat: "you"; -1 or less: the
    public). `viewer_clan` (the viewer's own clan) is marked "(your clan)"; '' for a
    record that is no order."""
    if not isinstance(record, Deployed | NinjaPlayed | Moved | Attacked):
        return ""
    player = record.player
    you = player == viewer
    who = seat_label(player)
    if isinstance(record, Deployed):
        text = _("You deploy {card} {to}.") if you else _("{player} deploys {card} {to}.")
        return text.format(
            player=who,
            card=_card(record.clan, viewer_clan),
            to=_to(record.province, player, viewer),
        )
    if isinstance(record, NinjaPlayed):
        if you:
            text = _("You play a Ninja on {army} {place}: a card is removed ({left} left).")
        else:
            text = _("{player} plays a Ninja on {army} {place}: a card is removed ({left} left).")
        return text.format(
            player=who,
            army=_army(record.clan, viewer_clan),
            place=in_province(record.province, viewer),
            left=record.army,
        )
    if isinstance(record, Moved):
        text = (
            _("You move {card} {source} {to}.")
            if you
            else _("{player} moves {card} {source} {to}.")
        )
        return text.format(
            player=who,
            card=_card(record.clan, viewer_clan),
            source=_from(record.source, viewer),
            to=_to(record.target, player, viewer),
        )
    text = _("{attacker} attacks {army} {place}: one card removed ({left} left).")
    attacker = _attacker(record, viewer, viewer_clan)
    return text.format(
        attacker=attacker[:1].upper() + attacker[1:],
        army=_army(record.clan, viewer_clan, record.defence),
        place=in_province(record.province, viewer),
        left=record.army,
    )


def draw_text(record: Drew, viewer: int, everything: bool = False) -> str:
    """The cards drawn in words: named to the drawer (and in the whole story), counted to
    everybody else."""
    you = record.player == viewer
    seen = record if everything else record.seen_by(viewer)
    if seen.cards:
        text = _("You draw {cards}.") if you else _("{player} draws {cards}.")
        return text.format(player=seat_label(record.player), cards=", ".join(seen.cards))
    if you:
        text = ngettext("You draw {n} card.", "You draw {n} cards.", record.count)
    else:
        text = ngettext("{player} draws {n} card.", "{player} draws {n} cards.", record.count)
    return text.format(player=seat_label(record.player), n=record.count)


def line_for(
    records: tuple[Event, ...], viewer: int, viewer_clan: str = "", everything: bool = False
) -> str:
    """The log line of one action's records: the order and the cards drawn (the deck
    running out, the round's end and the reveal are told apart, once, by their own steps
    and lines: `app.games.shinobi.story`)."""
    parts: list[str] = []
    for record in records:
        if isinstance(record, Drew):
            parts.append(draw_text(record, viewer, everything))
        else:
            text = order_text(record, viewer, viewer_clan)
            if text:
                parts.append(text)
    return " ".join(parts)


def describe(state_after: ShinobiState, action: Any, player: int, public: bool) -> str:
    """The log line for `action`: the public one for everybody else, or the actor's own,
    which says "you" and names the cards drawn."""
    return describe_for(state_after, action, player, -1 if public else player)


def describe_for(
    state_after: ShinobiState, action: Any, player: int, viewer: int, everything: bool = False
) -> str:
    """The log line for `action` by `player` as `viewer` reads it (see `describe`)."""
    mine = CLAN_NAMES[state_after.allegiance(viewer)] if viewer >= 0 else ""
    return line_for(told(state_after), viewer, mine, everything)


def action_places(action: Any, player: int) -> tuple[str, ...]:
    """Where an action happened on the table: "q:c" for the army of clan c in q's
    province ("q" alone for a province)."""
    if isinstance(action, Deploy):
        return (f"{action.province}:{action.clan}",)
    if isinstance(action, PlayNinja):
        return (f"{action.province}:{action.clan}",)
    if isinstance(action, Move):
        return (f"{action.source}:{action.clan}", f"{action.target}:{action.clan}")
    if isinstance(action, Attack):
        return (f"{player}:{action.attacker}", f"{action.province}:{action.clan}")
    return ()


def outcome(state: ShinobiState) -> FinalCount:
    """The reveal and the count of a finished game (or of the table as it stands): the
    engine's `final_count`, the record the game's end writes."""
    return final_count(state, state.round_number())


def reveal_lines(count: FinalCount, viewer: int = -1) -> tuple[list[str], list[str], list[str]]:
    """The three parts of the end reveal: allegiances, clan totals, the winner and why
    (`viewer`, a seat, reads "you" for itself)."""
    allegiances = [
        (
            _("You served the {clan}.") if s.player == viewer else _("{player} served the {clan}.")
        ).format(player=seat_label(s.player), clan=s.clan)
        for s in count.seats
    ]
    totals = [
        (
            ngettext("{clan}: {n} card.", "{clan}: {n} cards.", c.cards)
            if c.served
            else ngettext(
                "{clan}: {n} card (served by nobody).",
                "{clan}: {n} cards (served by nobody).",
                c.cards,
            )
        ).format(clan=c.clan, n=c.cards)
        for c in count.clans
    ]
    return allegiances, totals, winner_explanation(count, viewer)


def winner_explanation(count: FinalCount, viewer: int = -1) -> list[str]:
    """Who won and why, including the ownerless-clan rule and the tie-break."""
    lines: list[str] = []
    cards = {c.clan: c.cards for c in count.clans}
    for clan in count.passed_over:
        lines.append(
            _(
                "The {clan} have the most cards ({n}), but nobody serves them: the next "
                "largest clan wins."
            ).format(clan=clan, n=cards[clan])
        )
    seats = {s.player: s for s in count.seats}
    winners = [seats[p] for p in count.winners]
    names = _(" and ").join(_who(s.player, viewer, i == 0) for i, s in enumerate(winners))
    clan_names = " / ".join(sorted({s.clan for s in winners}, key=CLAN_NAMES.index))
    best = count.cards
    if count.tie_break:
        tied = [s for s in count.seats if s.cards == best]
        lines.append(
            _(
                "Tie at {n} cards between {players}; cards of one's own clan in one's own "
                "province decide: {homes}."
            ).format(
                n=best,
                players=", ".join(f"{_who(s.player, viewer, False)} ({s.clan})" for s in tied),
                homes=", ".join(f"{_who(s.player, viewer, False)} {s.home}" for s in tied),
            )
        )
    if len(winners) == 1:
        if winners[0].player == viewer:
            text = ngettext(
                "You win with the {clans} ({n} card).",
                "You win with the {clans} ({n} cards).",
                best,
            )
        else:
            text = ngettext(
                "{players} wins with the {clans} ({n} card).",
                "{players} wins with the {clans} ({n} cards).",
                best,
            )
    else:
        text = ngettext(
            "{players} share the win ({clans}, {n} card, still tied).",
            "{players} share the win ({clans}, {n} cards, still tied).",
            best,
        )
    lines.append(text.format(players=names, clans=clan_names, n=best))
    return lines


def last_round_text(final_left: int) -> str:
    """The last-round notice for `final_left` turns to go ('' before the deck runs out)."""
    if final_left <= 0:
        return ""
    return ngettext(
        "Last round: {n} turn left, no more draws",
        "Last round: {n} turns left, no more draws",
        final_left,
    ).format(n=final_left)


def draw_rule_text(final_left: int) -> str:
    """What happens to the hand after the turn."""
    if final_left >= 0:
        return _("No draw in the last round.")
    return _("Then you draw back up to {n} cards.").format(n=HAND_SIZE)
