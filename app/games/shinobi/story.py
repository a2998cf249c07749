"""Shinobi's story for one viewer: each order in words (the cards one drew named only to
oneself), after each round what it did to you, the deck running out, and the reveal.

Qt-free; `story` is the game's `GameUI.story`. It words the engine's records of the
action (`engine.shinobi.records`, from `apply_told`), never a difference of two states.
A viewer is a seat, `PUBLIC` (what everybody knows) or `EVERYTHING` (every card drawn
named, as after the game). No line names an allegiance before the reveal, except the
viewer's own clan to the viewer.
"""

from __future__ import annotations

from typing import Any

from app.games.presentation import EVERYTHING, Beat, LogLine, ResolutionStep
from app.games.shinobi import narrate
from app.i18n import _, ngettext
from engine.events import Event
from engine.shinobi.cards import CLAN_NAMES
from engine.shinobi.records import FinalCount, LastRound, RoundEnded
from engine.shinobi.state import ShinobiState


def records_of(before: ShinobiState, action: Any) -> tuple[Event, ...]:
    """What the rules say happened when `action` was applied to `before`."""
    return before.clone().apply_told(action)


def story(
    before: ShinobiState, action: Any, after: ShinobiState, player: int, viewer: int
) -> list[Beat]:
    """What `viewer` is told about `action`, which `player` took."""
    told = records_of(before, action)
    seat = viewer if viewer >= 0 else -1
    mine = CLAN_NAMES[after.allegiance(seat)] if seat >= 0 else ""
    text = narrate.line_for(told, seat, mine, everything=viewer == EVERYTHING)
    beats = [Beat((LogLine(text, narrate.action_places(action, player)),))]
    for record in told:
        if isinstance(record, RoundEnded) and not after.is_terminal():
            beats.append(Beat((LogLine(round_summary(record, after, viewer)),)))
    for step in steps_of(told, viewer):
        line = LogLine(f"{step.title} — " + " ".join(step.lines), ())
        beats.append(Beat((line,), step))
    return beats


def _change(old: int, new: int) -> str:
    if new == old:
        return "±0"
    return f"+{new - old}" if new > old else f"−{old - new}"


def _cards(count: int) -> str:
    return ngettext("{n} card", "{n} cards", count).format(n=count)


def round_summary(record: RoundEnded, after: ShinobiState, viewer: int) -> str:
    """What the round `record` ended did: to the viewer's clan and province (a seat), to
    every clan on the table (the public), to every player's clan (everything). `after`
    only says whose clan is whose, as far as the viewer knows it."""
    clans = {c.name: c for c in record.clans}
    head = _("Round {round} over").format(round=record.round)
    if viewer >= 0:
        clan = clans[CLAN_NAMES[after.allegiance(viewer)]]
        home = record.provinces[viewer]
        return _(
            "{head} — For you: the {clan} (your clan) have {cards} on the table ({change}); "
            "your province holds {home} ({home_change})."
        ).format(
            head=head,
            clan=clan.name,
            cards=_cards(clan.after),
            change=_change(clan.before, clan.after),
            home=home.after,
            home_change=_change(home.before, home.after),
        )
    if viewer == EVERYTHING:
        parts = []
        for p, c in enumerate(after.allegiances):
            count = clans[CLAN_NAMES[c]]
            parts.append(
                f"{narrate.seat_label(p)} ({count.name}) {count.after} "
                f"({_change(count.before, count.after)})"
            )
        return _("{head} — each player's clan on the table: {clans}.").format(
            head=head, clans=", ".join(parts)
        )
    parts = [f"{c.name} {c.after} ({_change(c.before, c.after)})" for c in record.clans]
    return _("{head} — on the table: {clans}.").format(head=head, clans=", ".join(parts))


def resolution_steps(
    before: ShinobiState, action: Any, after: ShinobiState, viewer: int
) -> list[ResolutionStep]:
    """The last-round notice when the deck runs out, and the reveal at the end."""
    return steps_of(records_of(before, action), viewer)


def steps_of(told: tuple[Event, ...], viewer: int) -> list[ResolutionStep]:
    """The steps the board shows for an action's records: the deck running out, the
    reveal, the count, the winner."""
    steps: list[ResolutionStep] = []
    seat = viewer if viewer >= 0 else -1
    for record in told:
        if isinstance(record, LastRound) and not any(isinstance(r, FinalCount) for r in told):
            if record.player == seat:
                text = _(
                    "You drew the last card. The last round begins: every player takes one "
                    "more turn, without drawing."
                )
            else:
                text = _(
                    "{player} drew the last card. The last round begins: every player takes "
                    "one more turn, without drawing."
                )
            line = text.format(player=narrate.seat_label(record.player))
            steps.append(ResolutionStep(_("The deck is empty"), (line,)))
        if isinstance(record, FinalCount):
            allegiances, totals, winner = narrate.reveal_lines(record, seat)
            every = tuple(str(s.player) for s in record.seats)
            winners = tuple(str(p) for p in record.winners)
            steps.append(ResolutionStep(_("1. Allegiances revealed"), tuple(allegiances), every))
            steps.append(ResolutionStep(_("2. Clan totals on the table"), tuple(totals), every))
            steps.append(ResolutionStep(_("3. The winner"), tuple(winner), winners))
    return steps
