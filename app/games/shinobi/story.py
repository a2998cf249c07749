"""Shinobi's story for one viewer: each order in words (the cards one drew named only to
oneself), after each round what it did to you, the deck running out, and the reveal.

Qt-free; `story` is the game's `GameUI.story`. A viewer is a seat, `PUBLIC` (what everybody
knows) or `EVERYTHING` (every card drawn named, as after the game). No line names an
allegiance before the reveal, except the viewer's own clan to the viewer.
"""

from __future__ import annotations

from typing import Any

from app.games.presentation import EVERYTHING, Beat, LogLine, ResolutionStep
from app.games.shinobi import narrate
from engine.shinobi.cards import CLAN_NAMES, NUM_CLANS
from engine.shinobi.state import ShinobiState


def story(
    before: ShinobiState, action: Any, after: ShinobiState, player: int, viewer: int
) -> list[Beat]:
    """What `viewer` is told about `action`, which `player` took."""
    seat = viewer if viewer >= 0 else -1
    text = narrate.describe_for(after, action, player, seat, everything=viewer == EVERYTHING)
    beats = [Beat((LogLine(text, narrate.action_places(action, player)),))]
    n = after.num_players
    if after.turns != before.turns and after.turns % n == 0 and not after.is_terminal():
        beats.append(Beat((LogLine(round_summary(after, viewer)),)))
    for step in resolution_steps(before, action, after, viewer):
        line = LogLine(f"{step.title} — " + " ".join(step.lines), ())
        beats.append(Beat((line,), step))
    return beats


def _change(old: int, new: int) -> str:
    if new == old:
        return "±0"
    return f"+{new - old}" if new > old else f"−{old - new}"


def round_start(after: ShinobiState) -> ShinobiState | None:
    """The table when the round that just ended began: right after the action that ended
    the previous round's last turn (the game's start for round 1); None when the history
    cannot be taken back that far."""
    target = after.turns - after.num_players
    walk = after.clone()
    # undo into the round's first turn, then one action further (into the previous
    # round), and replay that action: the turn counter alone stops inside the first turn
    undone = None
    while walk.undo_depth and walk.turns >= target:
        undone = walk.history[-1]
        walk.undo()
    if walk.turns < target and undone is not None:
        walk.apply(undone)
    return walk if walk.turns == target else None


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def round_summary(after: ShinobiState, viewer: int) -> str:
    """What the round that just ended did: to the viewer's clan and province (a seat), to
    every clan on the table (the public), to every player's clan (everything)."""
    n = after.num_players
    number = after.turns // n
    start = round_start(after)
    totals = after.clan_totals()
    old = start.clan_totals() if start is not None else totals
    head = f"Round {number} over"
    if viewer >= 0:
        clan = after.allegiance(viewer)
        home = sum(after.army(viewer, c) for c in range(NUM_CLANS))
        home0 = sum(start.army(viewer, c) for c in range(NUM_CLANS)) if start else home
        return (
            f"{head} — For you: the {CLAN_NAMES[clan]} (your clan) have {_cards(totals[clan])} "
            f"on the table ({_change(old[clan], totals[clan])}); your province holds "
            f"{home} ({_change(home0, home)})."
        )
    if viewer == EVERYTHING:
        parts = [
            f"{narrate.seat_label(p)} ({CLAN_NAMES[c]}) {totals[c]} ({_change(old[c], totals[c])})"
            for p, c in enumerate(after.allegiances)
        ]
        return f"{head} — each player's clan on the table: " + ", ".join(parts) + "."
    parts = [
        f"{CLAN_NAMES[c]} {totals[c]} ({_change(old[c], totals[c])})" for c in range(NUM_CLANS)
    ]
    return f"{head} — on the table: " + ", ".join(parts) + "."


def resolution_steps(
    before: ShinobiState, action: Any, after: ShinobiState, viewer: int
) -> list[ResolutionStep]:
    """The last-round notice when the deck runs out, and the reveal at the end."""
    steps: list[ResolutionStep] = []
    n = after.num_players
    seat = viewer if viewer >= 0 else -1
    if before.final_left < 0 <= after.final_left and not after.is_terminal():
        drew = before.current_player()
        who = "You" if drew == seat else narrate.seat_label(drew)
        steps.append(
            ResolutionStep(
                "The deck is empty",
                (
                    f"{who} drew the last card. The last round begins: every player takes "
                    "one more turn, without drawing.",
                ),
            )
        )
    if after.is_terminal():
        allegiances, totals, winner = narrate.reveal_lines(after, seat)
        every = tuple(str(p) for p in range(n))
        winners = tuple(str(p) for p in after.winners_by_rule())
        steps.append(ResolutionStep("1. Allegiances revealed", tuple(allegiances), every))
        steps.append(ResolutionStep("2. Clan totals on the table", tuple(totals), every))
        steps.append(ResolutionStep("3. The winner", tuple(winner), winners))
    return steps
