"""`daimyo map check|graph|import|export|balance|generate`: map files from the command line.

The work is done in `maps/` (`maps.validate`, `maps.geometry`, `maps.convert`,
`maps.generate`), for `check` in the game's own requirements
(`engine.registry.map_readiness`) and for `balance` in `ai.balance`; this module only
parses arguments and prints. MAP is a path or a shipped map's id.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.games.rokugan.words import clan as clan_words
from app.i18n import _, ai_level_name, game_name, map_name, ngettext, number
from app.position_words import position_name

if TYPE_CHECKING:
    from engine.graph import MapReadiness
    from maps.api import MapFile
    from maps.geometry import MapGeometry
    from maps.verdict import MapVerdict

# Attributes every province shows in `map graph` output, null when the map leaves them out.
SHOWN_ATTRIBUTES = ("flowers", "capital", "defense")


def register(parser: argparse.ArgumentParser) -> None:
    """Add the `map` subcommands."""
    sub = parser.add_subparsers(dest="map_command", metavar="ACTION", required=True)

    check = sub.add_parser(
        "check",
        help=_(
            "validate a map and what its game needs: exit 0 when valid and ready, 1 with "
            "every error"
        ),
        description=_(
            "Validate a map file and check what its game needs from it (the map's "
            "`game`, or --game): exit 0 when valid and ready (warnings and limits printed), 1 "
            "with every error and unmet requirement listed. A map for any game gets one line "
            "per map game: ready for it, or not (exit 0 when valid)."
        ),
    )
    check.add_argument("map", metavar="MAP", help=_("map file, or the id of a shipped map"))
    check.add_argument(
        "--game",
        choices=["rokugan", "ricewars"],
        help=_(
            "check what GAME needs from a map (default: the game the map declares): exit 1 "
            "listing every unmet requirement with its fix; what the game goes without is "
            "printed as 'limit:'"
        ),
    )
    check.set_defaults(_map_run=_check)

    graph = sub.add_parser(
        "graph",
        help=_("print the game graph derived from the polygons"),
        description=_("Print the provinces, their land neighbours and coasts."),
    )
    graph.add_argument("map", metavar="MAP", help=_("map file, or the id of a shipped map"))
    graph.add_argument("--json", action="store_true", help=_("print one JSON object"))
    graph.set_defaults(_map_run=_graph)

    imp = sub.add_parser(
        "import",
        help=_("make a map from a GeoJSON FeatureCollection of polygons"),
        description=_(
            "Make a map from a GeoJSON FeatureCollection of Polygon/MultiPolygon "
            "features. Nearly coincident vertices are snapped so neighbours share edges exactly; "
            "every vertex snapped, sliver dropped and island left out is reported with its "
            "province and place (map coordinates). GeoJSON's y axis points north."
        ),
    )
    imp.add_argument("input", metavar="IN.geojson", help=_("the GeoJSON file"))
    imp.add_argument(
        "-o", "--output", metavar="MAP.yaml", required=True, help=_("map file to write")
    )
    imp.add_argument("--id-property", default="id", metavar="NAME", help=_("property with ids"))
    imp.add_argument(
        "--name-property", default="name", metavar="NAME", help=_("property with display names")
    )
    imp.add_argument(
        "--sea",
        choices=["outside"],
        help=_("'outside': the sea is the bounding box (grown 5%%) not covered by land"),
    )
    imp.add_argument(
        "--y-down", action="store_true", help=_("the input's y axis already points south")
    )
    imp.add_argument("--width-mm", type=float, default=400.0, help=_("print width (default 400)"))
    imp.add_argument(
        "--islands",
        choices=["largest", "separate"],
        default="largest",
        help=_(
            "a MultiPolygon province keeps its 'largest' part (default), or each other part "
            "becomes a province 'Name (2)' joined to the rest by sea ('separate')"
        ),
    )
    imp.add_argument(
        "--snap",
        type=_distance,
        metavar="DISTANCE",
        help=_(
            "snap vertices closer than this, in the file's units (default 0.2%% of the "
            "map's size, at most 1%% of a typical province's width; 0: only repair outlines)"
        ),
    )
    imp.set_defaults(_map_run=_import)

    exp = sub.add_parser(
        "export",
        help=_("write a map as GeoJSON or SVG"),
        description=_(
            "Write a map as GeoJSON (.geojson) or as an SVG picture coloured by "
            "territory, with province names (.svg)."
        ),
    )
    exp.add_argument("map", metavar="MAP", help=_("map file, or the id of a shipped map"))
    exp.add_argument(
        "-o", "--output", metavar="OUT.geojson|OUT.svg", required=True, help=_("file to write")
    )
    exp.set_defaults(_map_run=_export)

    bal = sub.add_parser(
        "balance",
        help=_("playtest a map: AI games, win rate per starting position, contested provinces"),
        description=_(
            "Play seat-rotated AI games on the map in worker processes and report, "
            "per starting position (Battle for Rokugan: each clan with a capital; Rice Wars: "
            "each seat), the win rate with its 95 % Wilson interval and the mean score, and per "
            "province how often it changes hands per game (see ai/balance.py). G is "
            "rounded up to whole rotations (Rokugan: a multiple of the clans with a capital); "
            "the games played are reported. The running estimate is printed (stderr) as games "
            "finish; --precision stops once it is precise enough; --cluster plays on a Ray "
            "cluster. A map the game cannot be played on, with that "
            "many players, is refused with its reasons: exit 2, as `daimyo play`."
        ),
    )
    bal.add_argument("map", metavar="MAP", help=_("map file, or the id of a shipped map"))
    bal.add_argument("--game", required=True, choices=["rokugan", "ricewars"], help=_("the game"))
    bal.add_argument("--players", type=int, required=True, metavar="N", help=_("players per game"))
    bal.add_argument("--games", type=int, required=True, metavar="G", help=_("games to play"))
    bal.add_argument(
        "--bots",
        default="normal",
        metavar="B",
        help=_(
            "bot name, or comma-separated names cycled to fill the seats (default normal; "
            "greedy or random for a quick look)"
        ),
    )
    bal.add_argument("--seed", type=int, default=1, metavar="S", help=_("first deal (default 1)"))
    bal.add_argument(
        "--workers",
        type=int,
        metavar="W",
        help=_(
            "parallel processes (default: all cores); with --cluster local, the CPUs of "
            "the local Ray"
        ),
    )
    bal.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help=_(
            "play the games on a Ray cluster: ADDRESS as ray.init takes it (ray://HEAD:10001,"
            " auto) or 'local' for a Ray on this machine; the map and the code are sent along; "
            "the results are those of a run here with the same seed, as node budgets decide "
            "(a level's time cap can cut a search short on an overloaded machine; name@N bots "
            "have none); needs pip install 'daimyo[cluster]' (see the README)"
        ),
    )
    bal.add_argument(
        "--precision",
        type=float,
        metavar="P",
        help=_(
            "stop early once every starting position's 95%% interval is narrower than P: "
            "its full width, high minus low (0.05 is +-2.5 points), checked after every whole "
            "rotation in schedule order, so the same seed stops at the same game; G is then "
            "the most games played"
        ),
    )
    bal.add_argument("--json", action="store_true", help=_("print one JSON object"))
    bal.set_defaults(_map_run=_balance)

    gen = sub.add_parser(
        "generate",
        help=_("make a new random map that passes GAME's check"),
        description=_(
            "Make a new random map for GAME that passes `daimyo map check --game "
            "GAME`: organic provinces sharing borders, seas and coasts; Battle for Rokugan: "
            "territories of about three provinces, a capital per clan, flowers, the Shadowlands "
            "on the south edge, an island from 24 provinces; Rice Wars: palace sites on the "
            "coast, a blessed field, the quick side up to 48 fields, else the epic side. It "
            "prints 400 x 280 mm up to 30 provinces and larger beyond, no border shorter than "
            "a combat token. The "
            "same GAME, PROVINCES and SEED give the same map (see maps/generate.py)."
        ),
    )
    gen.add_argument(
        "game", choices=["rokugan", "ricewars"], metavar="GAME", help=_("rokugan or ricewars")
    )
    gen.add_argument(
        "--provinces",
        type=int,
        metavar="P",
        help=_(
            "provinces (fields) on the map (default: 30 for rokugan, 37 for ricewars; "
            "rokugan 16-150, ricewars 20-150)"
        ),
    )
    gen.add_argument("--seed", type=int, default=1, metavar="S", help=_("random seed (default 1)"))
    gen.add_argument(
        "-o", "--output", metavar="MAP.yaml", required=True, help=_("map file to write")
    )
    gen.set_defaults(_map_run=_generate)


def run(args: argparse.Namespace) -> int:
    """Run the chosen map subcommand; a broken map file prints its error and exits 1."""
    from maps.api import MapError

    try:
        return int(args._map_run(args))
    except MapError as exc:
        print(f"daimyo map {args.map_command}: {exc}", file=sys.stderr)
        return 1


def _load(name: str) -> MapFile:
    from maps.api import load_map, resolve_map

    return load_map(resolve_map(name))


def _check(args: argparse.Namespace) -> int:
    from engine.registry import MAP_REQUIREMENTS
    from maps.validate import validate

    mapfile = _load(args.map)
    issues = validate(mapfile)
    errors = [i for i in issues if i.severity == "error"]
    warnings = [i for i in issues if i.severity == "warning"]
    for issue in errors + warnings:
        print(f"{mapfile.path}: {issue}")
    # The game the map is for: --game, else the one it declares; a map for any game (or
    # for Shinobi, played without a map) is told which map games it is ready for.
    game = args.game or (mapfile.game if mapfile.game in MAP_REQUIREMENTS else None)
    verdict = _verdict(mapfile, game, issues) if game else None
    if verdict is not None:
        for problem in verdict.problems:
            print(f"{mapfile.path}: {problem}")
    else:
        for game_id in MAP_REQUIREMENTS:
            line = _overview_line(_verdict(mapfile, game_id, issues), args.map)
            print(f"{mapfile.path}: {line}")
    readiness = verdict.readiness if verdict is not None else None
    if errors or (readiness is not None and readiness.errors):
        print(f"{mapfile.path}: {_count_line(len(errors), len(warnings), readiness)}")
        return 1
    said = _("valid: {provinces}, {territories}, {warnings}").format(
        provinces=_provinces(len(mapfile.provinces)),
        territories=_territories(len(mapfile.territories)),
        warnings=_warnings(len(warnings)),
    )
    print(f"{mapfile.path}: {said}" + (f"; {_ready_line(verdict)}" if verdict is not None else ""))
    return 0


def _provinces(n: int) -> str:
    return ngettext("{n} province", "{n} provinces", n).format(n=n)


def _territories(n: int) -> str:
    return ngettext("{n} territory", "{n} territories", n).format(n=n)


def _warnings(n: int) -> str:
    return ngettext("{n} warning", "{n} warnings", n).format(n=n)


def _errors(n: int) -> str:
    return ngettext("{n} error", "{n} errors", n).format(n=n)


def _count_line(errors: int, warnings: int, readiness: MapReadiness | None) -> str:
    """The closing line of a failed check, counting the lines above by their label: every
    "error:" line (the map's own and the game's unmet requirements), "warning:", "limit:"."""
    if readiness is None:
        return f"{_errors(errors)}, {_warnings(warnings)}"
    unmet = len(readiness.errors)
    limits = len(readiness.limits)
    return _("{errors} ({in_map} in the map, {unmet} of {game}), {warnings}, {limits}").format(
        errors=_errors(errors + unmet),
        in_map=errors,
        unmet=_unmet(unmet),
        game=game_name(readiness.game, readiness.game_name),
        warnings=_warnings(warnings),
        limits=ngettext("{n} limit", "{n} limits", limits).format(n=limits),
    )


def _unmet(n: int) -> str:
    return ngettext("{n} unmet requirement", "{n} unmet requirements", n).format(n=n)


def _verdict(mapfile: MapFile, game: str, issues: list[Any]) -> MapVerdict:
    """Whether the map is ready for `game` (`maps.verdict`: its own errors and what the
    game lacks on it); a map whose graph cannot be derived lacks everything, which the
    validation errors above already say."""
    from maps.verdict import map_verdict

    return map_verdict(game, mapfile, issues=issues)


def _ready_line(readiness: MapVerdict) -> str:
    """ "ready for GAME (P-Q players; clans: ...; N limit(s))"."""
    seats = readiness.players or (0, 0)  # a ready map seats some players
    if seats[0] != seats[1]:
        parts = [_("{low}-{high} players").format(low=seats[0], high=seats[1])]
    else:
        parts = [ngettext("{n} player", "{n} players", seats[0]).format(n=seats[0])]
    if readiness.choices:
        clans = ", ".join(clan_words(choice) for choice in readiness.choices)
        parts.append(_("clans: {clans}").format(clans=clans))
    limits = len(readiness.limits)
    if limits:
        parts.append(ngettext("{n} limit", "{n} limits", limits).format(n=limits))
    return _("ready for {game} ({details})").format(
        game=game_name(readiness.game, readiness.game_name), details="; ".join(parts)
    )


def _overview_line(verdict: MapVerdict, name: str) -> str:
    """One line on a map declaring no game: ready for this game, or not and how many
    requirements it misses (listed by `--game`)."""
    if verdict.ready:
        return _ready_line(verdict)
    unmet = len(verdict.readiness.errors)
    game = game_name(verdict.game, verdict.game_name)
    command = f"daimyo map check {name} --game {verdict.game}"
    if verdict.map_errors:
        said = _("not ready for {game}: {errors} in the map, {unmet}; list them with: {command}")
    else:
        said = _("not ready for {game}: {unmet}; list them with: {command}")
    return said.format(
        game=game,
        errors=_errors(len(verdict.map_errors)),
        unmet=_unmet(unmet),
        command=command,
    )


def graph_json(geometry: MapGeometry) -> dict[str, Any]:
    """The JSON form of a derived map (the `map graph --json` contract)."""
    graph = geometry.graph
    provinces = []
    for p in graph.provinces:
        entry: dict[str, Any] = {
            "id": p.id,
            "name": p.name,
            "territory": p.territory,
            "coastal": p.coastal,
            "neighbors": list(p.neighbors),
            "coastal_borders": list(p.coastal_borders),
        }
        entry.update(dict.fromkeys(SHOWN_ATTRIBUTES))
        entry.update({k: (list(v) if isinstance(v, tuple) else v) for k, v in p.attrs.items()})
        provinces.append(entry)
    return {
        "id": graph.id,
        "name": graph.name,
        "hash": graph.hash,
        "game": graph.attrs.get("game", "any"),
        "provinces": provinces,
        "territories": [
            {"id": t.id, "name": t.name, "colour": t.colour, "provinces": list(t.provinces)}
            for t in graph.territories
        ],
        "land_borders": len(geometry.land_borders),
        "coastal_borders": len(geometry.coastal_borders),
    }


def _graph(args: argparse.Namespace) -> int:
    from maps.geometry import derive

    geometry = derive(_load(args.map))
    data = graph_json(geometry)
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    land, coastal = data["land_borders"], data["coastal_borders"]
    said = _("{provinces}, {land}, {coastal}, {territories}").format(
        provinces=_provinces(len(data["provinces"])),
        land=ngettext("{n} land border", "{n} land borders", land).format(n=land),
        coastal=ngettext("{n} coastal border", "{n} coastal borders", coastal).format(n=coastal),
        territories=_territories(len(data["territories"])),
    )
    print(f"{data['name']} ({data['id']}): {said}")
    width = max((len(p["id"]) for p in data["provinces"]), default=0)
    for p in data["provinces"]:
        extras = " ".join(
            f"{k}={v}"
            for k, v in p.items()
            if k not in ("id", "name", "territory", "coastal", "neighbors", "coastal_borders")
            and k != "label"
            and v is not None
        )
        coasts = len(p["coastal_borders"])
        coast = _("coast {n}").format(n=coasts) if p["coastal"] else _("inland")
        neighbours = _("neighbours: {ids}").format(ids=", ".join(p["neighbors"]) or "-")
        print(
            f"  {p['id']:<{width}}  {p['name']} [{p['territory'] or '-'}] {coast}; {neighbours}"
            + (f"; {extras}" if extras else "")
        )
    return 0


def _import(args: argparse.Namespace) -> int:
    from maps.api import save_map
    from maps.convert import import_geojson
    from maps.snap import KINDS

    result = import_geojson(
        args.input,
        map_id=Path(args.output).stem,
        id_property=args.id_property,
        name_property=args.name_property,
        sea_outside=args.sea == "outside",
        y_down=args.y_down,
        width_mm=args.width_mm,
        islands=args.islands,
        snap=args.snap,
    )
    for kind in KINDS:  # grouped: islands, then vertices, slivers, corners, ...
        for note in result.report:
            if note.kind == kind:
                print(f"{args.input}: {note}")
    save_map(result.mapfile, args.output)
    m = result.mapfile
    said = _("{provinces}, {seas}; snapping distance {snap}; {changes}; check it with: {command}")
    print(
        f"{args.output}: "
        + said.format(
            provinces=_provinces(len(m.provinces)),
            seas=ngettext("{n} sea", "{n} seas", len(m.seas)).format(n=len(m.seas)),
            snap=number(result.snap, ".4g"),
            changes=result.summary(),
            command=f"daimyo map check {args.output}",
        )
    )
    return 0


def _distance(text: str) -> float:
    """A distance >= 0 for --snap."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number").format(text=repr(text))
        ) from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(_("{text} must be a number >= 0").format(text=repr(text)))
    return value


def _export(args: argparse.Namespace) -> int:
    from maps.convert import export_map

    export_map(_load(args.map), args.output)
    print(f"{args.output}: " + _("written"))
    return 0


def _balance(args: argparse.Namespace) -> int:
    from ai.balance import MapNotReadyError, run_balance
    from ai.cluster import ClusterError
    from ai.registry import UnknownBotError, make_bot
    from maps.api import load_graph
    from maps.verdict import file_verdict

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    graph = load_graph(args.map)
    try:
        if not bots:
            raise ValueError(_("--bots names no bot"))
        if args.games < 1:
            raise ValueError(_("--games must be at least 1"))
        if args.workers is not None and args.workers < 1:
            raise ValueError(_("--workers must be at least 1"))
        if args.precision is not None and not 0 < args.precision <= 1:
            raise ValueError(_("--precision must be above 0 and at most 1, e.g. 0.05"))
        for name in dict.fromkeys(bots):
            make_bot(name, args.game)  # unknown names fail here, before any game starts
        verdict = file_verdict(args.map, args.game, args.players)
        if not verdict.ready:  # the map's own errors and what the game lacks on it
            raise MapNotReadyError(verdict.message())
        if args.cluster:
            from ai.cluster import ray_module

            ray_module()  # no Ray: say how to install it before anything else

        def progress(done: int, total: int) -> None:
            if not args.json:
                said = _("{done}/{total} games").format(done=done, total=total)
                print(f"\r{said}", end="", file=sys.stderr, flush=True)

        result = run_balance(
            args.game,
            graph,
            args.players,
            args.games,
            bots,
            seed=args.seed,
            workers=args.workers,
            progress=progress,
            cluster=args.cluster,
            precision=args.precision,
            estimate=None if args.json else _EstimateLines(args.precision),
        )
    except (MapNotReadyError, UnknownBotError, ValueError, ClusterError) as exc:
        # a map the game cannot be played on is bad input, as for `daimyo play` and `kit`
        print(f"daimyo map balance: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    print(file=sys.stderr)
    for line in balance_lines(result, graph, args.games, args.seed, args.precision):
        print(line)
    return 0


def balance_lines(
    result: Any, graph: Any, asked: int, seed: int, precision: float | None
) -> list[str]:
    """The playtest's report for people, in the current language, its decimals written
    the language's way ("12,5 %" in German; `--json` keeps the dot)."""
    bots = ", ".join(ai_level_name(b) for b in result.bots)
    if len(set(result.bots)) == 1:
        bots = _("{bot} in every seat").format(bot=ai_level_name(result.bots[0]))
    lines = [
        _("{map} ({id}): {games} of {game}, {players}, bots: {bots}, first deal {seed}").format(
            map=map_name(graph.name),
            id=graph.id,
            games=ngettext("{n} game", "{n} games", result.games).format(n=result.games),
            game=game_name(result.game),
            players=ngettext("{n} player", "{n} players", result.players).format(n=result.players),
            bots=bots,
            seed=seed,
        )
    ]
    if result.precise:
        lines.append(
            _(  # xgettext: no-python-format
                "stopped after {games} of at most {asked} games: every starting position's "
                "95% interval is narrower than {precision}"
            ).format(games=result.games, asked=asked, precision=number(precision or 0.0))
        )
    elif result.games != asked:
        lines.append(_rounding_line(asked, result))
    head = (
        _("starting position"),
        _("games"),
        _("wins"),
        _("win rate"),
        _("95% CI"),
        _("mean score"),
    )
    rows = [
        (
            position_name(s.seat),
            str(s.games),
            number(s.wins, ".2f"),
            number(s.win_rate, ".1%"),
            interval(number(s.ci[0], ".1%"), number(s.ci[1], ".1%")),
            number(s.mean_score, ".2f"),
        )
        for s in result.seats
    ]
    widths = [max(len(r[k]) for r in (head, *rows)) for k in range(len(head))]
    for row in (head, *rows):
        cells = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    lines.append(_("provinces by changes of hands per game (held at the end: share of games):"))
    width = max(len(p.id) for p in result.provinces)
    for p in sorted(result.provinces, key=lambda p: (-p.contested, p.id)):
        held = ", ".join(
            f"{position_name(label)} {number(share, '.0%')}"
            for label, share in sorted(p.held.items(), key=lambda kv: -kv[1])
        )
        said = f"  {p.id:<{width}}  {number(p.contested, '5.2f')}  {p.name}"
        lines.append(said + (f"; {held}" if held else ""))
    return lines


def interval(low: str, high: str) -> str:
    """A confidence interval "[12.5%, 30.1%]" ("[12,5%; 30,1%]" where the decimal
    separator is a comma)."""
    # Translators: a confidence interval; use another separator if yours is the decimal one
    return _("[{low}, {high}]").format(low=low, high=high)


class _EstimateLines:
    """Prints the running estimate on stderr as games finish: a line per whole rotation,
    at most one every `EVERY` seconds, and always the one that stops the playtest."""

    EVERY = 5.0

    def __init__(self, precision: float | None) -> None:
        self.precision = precision
        self.printed = float("-inf")

    def __call__(self, estimate: Any) -> None:
        import time

        now = time.monotonic()
        precise = self.precision is not None and estimate.widest < self.precision
        if now - self.printed < self.EVERY and not precise:
            return
        self.printed = now
        seats = ", ".join(
            f"{position_name(s.seat)} {number(s.win_rate, '.0%')} "
            f"[{number(s.ci[0], '.0%')}-{number(s.ci[1], '.0%')}]"
            for s in estimate.seats
        )
        widest = number(estimate.widest, ".3f")
        n = estimate.games
        if self.precision is not None:
            said = ngettext(
                "after {n} game: {seats}; widest interval {widest} (stop below {precision})",
                "after {n} games: {seats}; widest interval {widest} (stop below {precision})",
                n,
            ).format(n=n, seats=seats, widest=widest, precision=number(self.precision))
        else:
            said = ngettext(
                "after {n} game: {seats}; widest interval {widest}",
                "after {n} games: {seats}; widest interval {widest}",
                n,
            ).format(n=n, seats=seats, widest=widest)
        print(f"\r{said}", file=sys.stderr, flush=True)


def _rounding_line(asked: int, result: Any) -> str:
    """Why the playtest played more games than --games asked for (`ai.balance`'s rotation;
    `--json` "games" is the count played)."""
    if result.game == "rokugan":
        why = ngettext(
            "a multiple of the {n} clan with a capital, so that every clan plays equally "
            "often and in every seat",
            "a multiple of the {n} clans with a capital, so that every clan plays equally "
            "often and in every seat",
            len(result.seats),
        ).format(n=len(result.seats))
    else:
        why = _(
            "whole rotations of the bots over the seats, so that each seat has each bot in turn"
        )
    return _("--games {asked} rounded up to {games} games played: {why}").format(
        asked=asked, games=result.games, why=why
    )


def _generate(args: argparse.Namespace) -> int:
    from maps.api import save_map
    from maps.generate import GenerateError, generate_map

    try:
        mapfile = generate_map(args.game, args.provinces, args.seed, map_id=Path(args.output).stem)
    except GenerateError as exc:
        print(f"daimyo map generate: {exc}", file=sys.stderr)
        return 2
    try:
        save_map(mapfile, args.output)
    except OSError as exc:
        said = _("cannot write {file}: {error}").format(file=args.output, error=exc)
        print(f"daimyo map generate: {said}", file=sys.stderr)
        return 1
    said = _(
        "{provinces}, {territories}, {seas}, printed {width} × {height} mm; check it with: "
        "{command}"
    )
    print(
        f"{args.output}: {map_name(mapfile.name)}: "
        + said.format(
            provinces=_provinces(len(mapfile.provinces)),
            territories=_territories(len(mapfile.territories)),
            seas=ngettext("{n} sea", "{n} seas", len(mapfile.seas)).format(n=len(mapfile.seas)),
            width=number(mapfile.width_mm),
            height=number(mapfile.height_mm),
            command=f"daimyo map check {args.output}",
        )
    )
    return 0
