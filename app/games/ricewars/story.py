"""Rice Wars' story for one viewer: each decision in words, then what it set off (a fight,
an auction's reveal, a new round) step by step on the board, and what it did to you.

Qt-free. `story` is the game's `GameUI.story`: the decision's own line (`narrate`) with
the fields it happened at, then one beat per resolution step (`fights`), each with its log
line and the `ResolutionStep` the board shows (payload: a `fights.StepShow`). A fight is
told once: its decisions as they are played, then the reveal and the result; the steps
that show the attack and the bonuses on the board repeat those lines, not in the log.
"""

from __future__ import annotations

from html import escape
from typing import Any

from app.games.presentation import Beat, LogLine, ResolutionStep
from app.games.ricewars import decisions, fights, narrate
from engine.ricewars.state import RiceWarsState


def story(
    before: RiceWarsState, action: Any, after: RiceWarsState, player: int, viewer: int
) -> list[Beat]:
    """What `viewer` (a seat, `PUBLIC` or `EVERYTHING`) is told about `action`."""
    beats: list[Beat] = []
    text = decisions.describe(before, action, after, player, viewer)
    revealed = before.fight is not None and before.fight["revealed"]
    if revealed:
        # after the cards are turned up the fight's steps tell it all (payments, the
        # occupation): a line now would tell the result before its step
        beats.append(Beat(()))
    elif text:
        beats.append(Beat((LogLine(text, narrate.action_places(before, action)),)))
    for step in fights.resolution_steps(before, action, after, viewer):
        told = step.lines if step.logged is None else step.logged
        # a fight's opening and bonuses were logged as played: their steps log nothing new
        lines = (
            (LogLine(f"{step.title} — " + " ".join(map(_sentence, told)), step.fields),)
            if told
            else ()
        )
        show = step.show
        fight = show.fight if show is not None else None
        as_of = (
            fights.AsOfStep(after, show.standing) if show is not None and show.standing else None
        )
        # a step nobody at the screen decides goes on by itself at the AI pace (one may
        # still step it): the income, an auction's result, the draw, the end, a fight of
        # others; one's own fight (or any fight on the hot seat's public screen) waits
        plays_on = fight is None or (viewer >= 0 and viewer not in (fight.attacker, fight.defender))
        shown = ResolutionStep(
            step.title,
            tuple(_rich(text) for text in step.lines),
            step.fields,
            show,
            as_of,
            plays_on,
        )
        beats.append(Beat(lines, shown))
    return beats


def _sentence(text: str) -> str:
    """`text` ending like a sentence, so step lines read well run together in the log."""
    return text if text.endswith((".", "!", "?")) else text + "."


def _rich(text: str) -> str:
    """A step line for the panel: "For you" and the part before a short colon in bold."""
    head, colon, rest = text.partition(": ")
    if colon and len(head) < 32:
        return f"<b>{escape(head)}</b>: {escape(rest)}"
    return escape(text)
