"""`daimyo play GAME`: a whole game headless, bots in every seat, scores printed."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from app.games.rokugan.words import clan
from app.i18n import N_, _, game_name, number
from engine.core import GameState
from engine.registry import UnknownGameError, get_game

if TYPE_CHECKING:
    from maps.verdict import MapVerdict


class MapNotReadyError(ValueError):
    """The map lacks something the game needs; the message lists each with its fix."""


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `daimyo play`."""
    parser.add_argument("game", help=_("rokugan, shinobi or ricewars"))
    parser.add_argument("--map", help=_("map file or shipped map id (map games)"))
    parser.add_argument("--board", choices=["quick", "epic"], help=_("Rice Wars board side"))
    parser.add_argument("--players", type=int, help=_("number of players (default: seats)"))
    parser.add_argument(
        "--seats",
        default=None,
        help=_("comma-separated bot names, one per seat (e.g. random,hard)"),
    )
    parser.add_argument("--seed", type=int, default=1, help=_("random seed (default 1)"))
    parser.add_argument("--nodes", type=int, help=_("node budget per decision (deterministic)"))
    parser.add_argument("--seconds", type=float, help=_("time budget per decision"))
    parser.add_argument("--save", help=_("write the finished game's save file here"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))


def resolve_seats(seats: str | None, players: int | None) -> list[str]:
    """The bot of every seat: `--seats` repeated or checked against `--players`."""
    names = [s.strip() for s in (seats or "random").split(",") if s.strip()]
    if players is None:
        players = len(names) if seats else 4
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"--seats names {len(names)} bots but --players is {players}")
    return names


def game_map(spec, map_arg: str | None, board: str | None) -> str | None:
    """The map (file or shipped id) a map game is played on: `--map`, else the game's own."""
    if not spec.uses_map:
        return None
    # A board side names a shipped map of the game: `--board epic` -> "ricewars-epic".
    return map_arg or (f"{spec.id}-{board}" if board else spec.default_map)


def load_game_graph(spec, map_arg: str | None, board: str | None):
    """The map graph a map game is played on (the game's default map when none given)."""
    name = game_map(spec, map_arg, board)
    if name is None:
        return None
    from maps.api import load_graph

    return load_graph(name)


def check_map(spec, map_arg: str | None, board: str | None, players: int) -> None:
    """Refuse (`MapNotReadyError`) a map the game cannot be played on with `players`
    players: its validation errors and the game's unmet requirements (`maps.verdict`)."""
    name = game_map(spec, map_arg, board)
    if name is None:
        return
    from maps.verdict import file_verdict

    verdict = file_verdict(name, spec.id, players)
    if not verdict.ready:
        raise MapNotReadyError(verdict.message() + _side_hint(spec.id, map_arg, verdict))


def _side_hint(game_id: str, map_arg: str | None, verdict: MapVerdict) -> str:
    """How `daimyo play` turns the Rice Wars board over, when the side played (the default
    map, or --board) seats no such number of players: the map names only the other map."""
    if game_id != "ricewars" or map_arg or not any(p.code == "players" for p in verdict.errors):
        return ""
    return "\n(`daimyo play ricewars` plays the other side with --board quick or --board epic)"


def save_played(state: GameState, path: str, seats: Sequence[str], map_arg: str | None) -> None:
    """Write the finished game as the app saves one: the engine's save and the app's
    entry ("app", read by `app.savefile.check_app_fields`) with the bots that played each
    seat and the map file, so that `daimyo review`, `daimyo log` and the app name the
    seats by their bots and find a map that is not shipped; and the summary the Recent
    games list shows (the map's name, each seat's clan or colour and its bot)."""
    from app.games import game_ui
    from app.savefile import AI, Seat, summary_dict
    from engine.files import atomic_write_text
    from engine.saves import save_dict
    from maps.api import MapError, load_map, resolve_map

    data = save_dict(state)
    map_path = str(resolve_map(map_arg).resolve()) if map_arg else None
    map_id = state.setup().map_id
    map_name = None
    if map_arg or map_id:
        try:
            map_name = str(load_map(resolve_map(map_arg or map_id)).name)  # type: ignore[arg-type]
        except (MapError, OSError):
            map_name = map_id  # its id will do
    players = tuple(Seat(AI, bot) for bot in seats)
    ui = game_ui(state.setup().game)
    labels = [ui.player_words(state, p) for p in range(state.num_players)]
    data["app"] = {
        "seats": [asdict(seat) for seat in players],
        "map_path": map_path,
        "summary": summary_dict(state, players, labels, map_name),
    }
    atomic_write_text(path, json.dumps(data, indent=1) + "\n")


def run(args: argparse.Namespace) -> int:
    """Play the game and print the result."""
    from ai.match import play_match
    from ai.registry import UnknownBotError

    try:
        spec = get_game(args.game)
        seats = resolve_seats(args.seats, args.players)
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise ValueError(
                _("{game} takes {low}-{high} players, not {n}").format(
                    game=game_name(spec.id, spec.name),
                    low=spec.min_players,
                    high=spec.max_players,
                    n=len(seats),
                )
            )
        check_map(spec, args.map, args.board, len(seats))
        graph = load_game_graph(spec, args.map, args.board)
        settings = {"board": args.board} if args.board else {}
        result, state = play_match(
            spec, seats, args.seed, graph, settings, nodes=args.nodes, seconds=args.seconds
        )
    except (UnknownGameError, UnknownBotError, ValueError, OSError) as exc:
        # MapError and MapNotReadyError are ValueErrors: their messages name the fix
        print(f"daimyo play: {exc}", file=sys.stderr)
        return 2
    if args.save:
        try:
            save_played(state, args.save, seats, args.map if spec.uses_map else None)
        except OSError as exc:
            said = _("cannot write {file}: {error}").format(file=args.save, error=exc)
            print(f"daimyo play: {said}", file=sys.stderr)
            return 1
    payload = {
        "game": spec.id,
        "seed": args.seed,
        "seats": seats,
        "scores": result.scores,
        "winner": result.winners[0] if len(result.winners) == 1 else result.winners,
        "actions": result.actions,
        **dict(result.summary),
    }
    if args.json:
        print(json.dumps(payload))
    else:
        for line in result_lines(seats, result):
            print(line)
    return 0


SUMMARY_WORDS = {
    "rounds": N_("rounds"),
    "turns": N_("turns"),
    "clans": N_("clans"),
    "honor": N_("honor"),
    "provinces": N_("provinces"),
    "winning_clan": N_("winning clan"),
    "largest_clan": N_("largest clan"),
    "clan_totals": N_("clan totals"),
    "allegiances": N_("allegiances"),
    "board": N_("board"),
    "fields": N_("fields"),
    "money": N_("money"),
    "neutral_fields": N_("neutral's fields"),
}
"""The games' `summary()` keys as a person reads them (`--json` keeps the keys)."""


def result_lines(seats: list[str], result: Any) -> list[str]:
    """A played game for people, in the current language: each seat's bot and score (the
    winners starred), then the game's summary in figures."""
    lines = []
    for seat, (bot, score) in enumerate(zip(seats, result.scores, strict=True)):
        # counted from 1, as `daimyo review --as 1`, `daimyo log --as 1` and the app count
        said = _("player {n} ({bot}): {score}").format(n=seat + 1, bot=bot, score=number(score))
        lines.append(said + (" *" if seat in result.winners else ""))
    for key, value in result.summary.items():
        said = _(value) if key == "board" else _said(value)  # "quick": the catalog's side
        lines.append(f"{_(SUMMARY_WORDS[key]) if key in SUMMARY_WORDS else key}: {said}")
    return lines


def _said(value: Any) -> str:
    """A summary value: numbers the language's way, lists and totals joined, clans named."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return number(value)
    if isinstance(value, str):
        return clan(value)  # a Rokugan clan id in the language's words; other names stay
    if isinstance(value, dict):
        return ", ".join(f"{clan(str(k))} {_said(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_said(v) for v in value)
    return str(value)
