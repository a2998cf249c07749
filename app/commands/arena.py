"""`daimyo arena GAME --bots A,B[,C...] --games N`: bot-vs-bot win rates (see ai.arena)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from app.i18n import _, game_name, ngettext, number
from engine.registry import UnknownGameError, get_game


def register(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `daimyo arena`."""
    parser.add_argument("game", help=_("rokugan, shinobi or ricewars"))
    parser.add_argument(
        "--bots",
        required=True,
        help=_(
            "comma-separated bot names, cycled to fill the seats (e.g. hard,random,random,random"
            " or hard@2000,greedy)"
        ),
    )
    parser.add_argument(
        "--games",
        type=int,
        default=20,
        help=_(
            "games to play (default 20; "
            "rounded up to a multiple of the player count for seat rotation)"
        ),
    )
    parser.add_argument("--players", type=int, help=_("players per game (default: number of bots)"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the first deal (default 1)"))
    parser.add_argument("--nodes", type=int, help=_("node budget per decision for every bot"))
    parser.add_argument("--seconds", type=float, help=_("time budget per decision for every bot"))
    parser.add_argument("--map", help=_("map file or shipped map id (map games)"))
    parser.add_argument("--board", choices=["quick", "epic"], help=_("Rice Wars board side"))
    parser.add_argument(
        "--workers",
        type=int,
        default=2,
        help=_("parallel processes (default 2); with --cluster local, the CPUs of the local Ray"),
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help=_(
            "play the games on a Ray cluster: ADDRESS as ray.init takes it (ray://HEAD:10001,"
            " auto) or 'local' for a Ray on this machine; the same results as here for the same "
            "seed, as node budgets decide (--seconds, or a level's time cap on an overloaded "
            "machine, makes games depend on the machine); needs pip install 'daimyo[cluster]' "
            "(see the README)"
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument(
        "--stats",
        action="store_true",
        help=_(
            "also report what each bot did (Shinobi: orders of each kind; Rokugan: tokens"
            " placed of each kind; Rice Wars: hires and their cost, bids, cards in fights)"
        ),
    )


def run(args: argparse.Namespace) -> int:
    """Play the arena and print each bot's win rate with its 95 % Wilson interval."""
    from ai.arena import run_arena
    from ai.cluster import ClusterError
    from ai.registry import UnknownBotError, make_bot
    from ai.stats import StatsWatcher, format_stats, tally_stats
    from app.commands.play import check_map, load_game_graph

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        if not bots:
            raise ValueError(_("--bots names no bot"))
        if args.games < 1:
            raise ValueError(_("--games must be at least 1"))
        spec = get_game(args.game)
        for name in dict.fromkeys(bots):
            make_bot(name, spec.id)  # unknown names fail here, before any game starts
        if args.cluster:
            from ai.cluster import ray_module

            ray_module()  # no Ray: say how to install it before anything else
        players = args.players or len(bots)
        if spec.min_players <= players <= spec.max_players:  # else run_arena says so
            check_map(spec, args.map, args.board, players)  # a broken map is refused
        graph = load_game_graph(spec, args.map, args.board)
        settings = {"board": args.board} if args.board else {}

        def progress(done: int, total: int) -> None:
            if not args.json:
                said = _("{done}/{total} games").format(done=done, total=total)
                print(f"\r{said}", end="", file=sys.stderr, flush=True)

        result = run_arena(
            spec.id,
            bots,
            args.games,
            players=args.players,
            seed=args.seed,
            nodes=args.nodes,
            seconds=args.seconds,
            graph=graph,
            settings=settings,
            workers=args.workers,
            progress=progress,
            cluster=args.cluster,
            watch=StatsWatcher if args.stats else None,
        )
    except (UnknownGameError, UnknownBotError, ValueError, OSError, ClusterError) as exc:
        print(f"daimyo arena: {exc}", file=sys.stderr)
        return 2
    lineup = [bots[i % len(bots)] for i in range(result.players)]
    stats = tally_stats(result.outcomes, lineup) if args.stats else None
    if args.json:
        out = result.to_json()
        if stats is not None:
            out["stats"] = stats
        print(json.dumps(out))
        return 0
    print(file=sys.stderr)
    for line in arena_lines(result):
        print(line)
    if stats is not None:
        print("\n".join(format_stats(stats)))
    return 0


def arena_lines(result: Any) -> list[str]:
    """The arena's report for people, in the current language, its decimals written the
    language's way ("41,7%" in German; `--json` keeps the dot)."""
    lines = [
        _("{game}: {games}, {players}").format(
            game=game_name(result.game),
            games=ngettext("{n} game", "{n} games", result.games).format(n=result.games),
            players=ngettext("{n} player", "{n} players", result.players).format(n=result.players),
        )
    ]
    width = max(len(b.name) for b in result.bots)
    for b in result.bots:
        said = _(
            "seats {seats}  wins {wins}  win rate {rate}  95% CI [{low}, {high}]  "
            "mean score {score}"
        ).format(
            seats=f"{b.games:>4}",
            wins=number(b.wins, ">7.2f"),
            rate=number(b.win_rate, "6.1%"),
            low=number(b.ci_low, "6.1%"),
            high=number(b.ci_high, "6.1%"),
            score=number(b.mean_score, ".2f"),
        )
        lines.append(f"{b.name:<{width}}  {said}")
    return lines
