"""`daimyo review SAVE --as SEAT`: what a player's decisions cost, judged from what they knew.

Loads the save with the app's strict loader (`app.savefile.load_save`), replays it and runs
the hard AI's search at every decision of seat SEAT from the observation that seat had
then (`ai.review`). SEAT is the seat's number (1 for the first seat, as `daimyo log`
counts) or a name the game shows for it (`app.commands.seats`): the player's name in the
save ("You"), a clan (Rokugan), a colour (Rice Wars), "Player 2" (Shinobi). Prints the
costliest moments in words (action N counted from 1, as the app's review shows it) and
every player's score after each round; with `--json` exactly

    {"seat": S, "decisions": N, "moments": [{"index": i, "round": r, "chosen": "...",
     "suggested": "...", "loss": x}, ...]}

with S the seat's number (1 = first seat), moments costliest first, `loss` >= 0 in
the hints' one unit (projected lead over the best rival, `ai.hint.lead_note`), `index`
the decision's place in the save's action list (0-based: the board as it stood is the
setup plus the actions before it), `chosen` and `suggested` the actions' texts.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from ai.review import MOMENTS, Review, game_start, review_game
from app.i18n import _
from app.savefile import LoadedSave, Seat, load_save
from engine.saves import SaveError


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `daimyo review`."""
    parser.add_argument("save", help=_("a save file (.json) of any of the three games"))
    parser.add_argument(
        "--as",
        dest="seat",
        required=True,
        metavar="SEAT",
        help=_(
            "the seat whose decisions to review: its number (1 = first seat) or its name "
            "(the player's name, a clan, a colour)"
        ),
    )
    parser.add_argument(
        "--moments",
        type=int,
        default=MOMENTS,
        metavar="K",
        help=_("how many of the costliest moments to list (default {n})").format(n=MOMENTS),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument(
        "--nodes",
        type=int,
        metavar="N",
        help=_("search nodes per decision (default: the hard AI's own budget)"),
    )


def run(args: argparse.Namespace) -> int:
    """Review the save and print the result."""
    if args.moments < 0:
        print("daimyo review: " + _("--moments must be 0 or more"), file=sys.stderr)
        return 2
    if args.nodes is not None and args.nodes < 1:
        print("daimyo review: " + _("--nodes must be 1 or more"), file=sys.stderr)
        return 2
    try:
        loaded = load_save(args.save)
    except SaveError as exc:
        print(f"daimyo review: {exc}", file=sys.stderr)
        return 2
    state = loaded.state
    try:
        seat = seat_of(args.seat, loaded)
    except ValueError as exc:
        print(f"daimyo review: {exc}", file=sys.stderr)
        return 2
    game = loaded.save.setup.game
    show_progress = not args.json and sys.stderr.isatty()
    started = time.process_time()
    review = review_game(
        game, state, seat, nodes=args.nodes, progress=_progress if show_progress else None
    )
    if show_progress:
        print(file=sys.stderr)
    if args.json:
        data = review.to_json(args.moments)
        data["seat"] = seat + 1  # the seat as people number it
        print(json.dumps(data))
        return 0
    print(_report(loaded, review, args.moments, time.process_time() - started))
    return 0


def seat_of(text: str, loaded: LoadedSave) -> int:
    """The seat (0-based) `text` names, as `daimyo log` reads it (`app.commands.seats`)."""
    from app.commands import seats
    from app.games import game_ui

    ui = game_ui(loaded.save.setup.game)
    return seats.seat_of(text, ui, loaded.state, [seat.said_name() for seat in loaded.seats])


def _progress(fraction: float) -> None:
    print(f"\rreviewing … {fraction:4.0%}", end="", file=sys.stderr, flush=True)


def seat_label(seat: Seat, index: int) -> str:
    """'seat 1 (You)', 'seat 3 (Hard)' (numbered from 1; a bot by its level, without a
    node budget: "easy@300" is "Easy"), in the current language."""
    from app.review_words import seat_words

    return seat_words(seat.said_name(), seat.is_human, seat.bot, index)


def _report(loaded: LoadedSave, review: Review, count: int, seconds: float) -> str:
    from ai.explain import explainer_for
    from app.games import game_ui
    from app.review_words import cost_words, review_title, score_name, summary_words

    game = review.game
    spec = loaded.save.spec
    seats = loaded.seats
    me = review.seat
    summary = summary_words(review, you=False)
    lines = [review_title(game, spec.name, seat_label(seats[me], me), summary, seconds)]
    moments = review.moments(count)
    explainer = explainer_for(game)
    ui = game_ui(game)
    # The board as it stood at each moment, replayed in game order: the moves are named
    # as the seat saw them (the game's own words, else the AI's explainer's).
    before: dict[int, Any] = {}
    replay = game_start(loaded.state)
    history = list(loaded.state.history)
    for index, action in enumerate(history):
        if index in {m.index for m in moments}:
            before[index] = replay.clone()
        if len(before) == len(moments):
            break
        replay.apply(action)

    def words(index: int, action: Any) -> str:
        said = ui.move_words(before[index], action, me)
        return (
            said
            if said is not None
            else explainer.describe(before[index].observation(me), action, None)
        )

    for number, moment in enumerate(moments, start=1):
        lines.append(
            _(
                "{n}. round {round}, action {index} of the game — you: {chosen}; the AI: "
                "{suggested}; the AI's move keeps {cost}"
            ).format(
                n=number,
                round=moment.round,
                index=moment.index + 1,
                chosen=words(moment.index, moment.chosen),
                suggested=words(moment.index, moment.suggested),
                cost=cost_words(game, moment.loss),
            )
        )
    lines.append(_("{score} after each round:").format(score=score_name(game)))
    for player, series in enumerate(review.scores):
        values = " ".join(_number(v) for v in series)
        lines.append(f"  {seat_label(seats[player], player)}: {values}")
    return "\n".join(lines)


def _number(value: Any) -> str:
    return f"{value:g}"
