"""What Rice Wars needs from a map (`map_readiness`, also reached as
`engine.registry.map_readiness("ricewars", ...)`).

Rice Wars reads from a map its fields and their neighbours, two field attributes
(`palace_site: true`, `blessed: N` Ryo) and the map's `attributes` (`side`, `players`,
`rounds`, `round_track`, `start_peasants`; `engine.ricewars.board`). Territories, seas
and Battle for Rokugan's attributes are ignored.

Errors (the game cannot be set up, or not for that many players):
* map attributes the board cannot read (a side other than quick or epic, a player range
  outside 2-5, a round track whose length is not `rounds` or with unknown symbols,
  starting peasants not a whole number >= 1); a field attribute of the wrong kind
  (`palace_site` not true/false, `blessed` not a whole number >= 1) is the map file's
  error (`maps.validate`), and such a field is no palace site and not blessed here;
* fewer palace sites than palaces: every seat places one (with 2 players the neutral
  seat too);
* fewer fields than the palaces and starting peasants of every seat;
* a player count outside the map's range (2 players play the quick side's scenario).
Limits: no blessed field (no field earns more than the others).
"""

from __future__ import annotations

from typing import Any

from engine.graph import MapGraph, MapProblem, MapReadiness
from engine.ricewars.board import (
    DEFAULT_PLAYERS,
    DEFAULT_START_PEASANTS,
    DEFAULT_TRACKS,
    SYMBOLS,
    blessed_ryo,
    board_for,
    is_palace_site,
)
from engine.words import N_, Words

GAME_NAME = "Rice Wars"
PANEL = Words.of(N_("the editor's Province panel (Rice Wars)"))
SIDE_WORDS = {"quick": N_("quick"), "epic": N_("epic")}
FIX = Words.of(N_("set it in the map file's `attributes` (see maps/FORMAT.md)"))


def _whole(value: Any, low: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _side(graph: MapGraph) -> str:
    side = graph.attrs.get("side")
    if side in ("quick", "epic"):
        return str(side)
    return "epic" if len(graph.provinces) > 48 else "quick"  # as engine.ricewars.board


def _attribute_problems(graph: MapGraph) -> list[MapProblem]:
    """Map attributes the board cannot read."""
    out: list[MapProblem] = []
    attrs = graph.attrs
    fix = FIX
    side = attrs.get("side")
    if side is not None and side not in ("quick", "epic"):
        said = N_("the map's side is {value}, not quick or epic: {fix}")
        out.append(MapProblem("side", Words.of(said, value=repr(side), fix=fix)))
    players = attrs.get("players")
    if players is not None and not (
        isinstance(players, list | tuple)
        and len(players) == 2
        and all(_whole(v, 2) for v in players)
        and players[0] <= players[1] <= 5
    ):
        out.append(
            MapProblem(
                "players_attribute",
                Words.of(
                    N_(
                        "the map's players are {value}; they must be [fewest, most] within 2-5: "
                        "{fix}"
                    ),
                    value=repr(players),
                    fix=fix,
                ),
            )
        )
    start = attrs.get("start_peasants")
    if start is not None and not _whole(start, 1):
        out.append(
            MapProblem(
                "start_peasants",
                Words.of(
                    N_(
                        "the map's start_peasants is {value}; it must be a whole number >= 1: {fix}"
                    ),
                    value=repr(start),
                    fix=fix,
                ),
            )
        )
    track = attrs.get("round_track")
    rounds = attrs.get("rounds")
    if track is not None:
        if not isinstance(track, list | tuple) or not all(
            isinstance(r, list | tuple) for r in track
        ):
            out.append(
                MapProblem(
                    "round_track",
                    Words.of(N_("the map's round_track is not a list of rounds: {fix}"), fix=fix),
                )
            )
        else:
            for r, symbols in enumerate(track, start=1):
                bad = [s for s in symbols if s not in SYMBOLS]
                if bad:
                    out.append(
                        MapProblem(
                            "round_track",
                            Words.of(
                                N_(
                                    "round {round} of the map's round_track has unknown "
                                    "symbol(s) {bad}; use {symbols}: {fix}"
                                ),
                                round=r,
                                bad=", ".join(map(str, bad)),
                                symbols=", ".join(SYMBOLS),
                                fix=fix,
                            ),
                        )
                    )
            if rounds is not None and rounds != len(track):
                out.append(
                    MapProblem(
                        "rounds",
                        Words.of(
                            N_("the map's round_track has {n} rounds but rounds is {value}: {fix}"),
                            n=len(track),
                            value=repr(rounds),
                            fix=fix,
                        ),
                    )
                )
    elif rounds is not None and rounds != len(DEFAULT_TRACKS[_side(graph)]):
        out.append(
            MapProblem(
                "rounds",
                Words.of(
                    N_("the map's rounds is {value} but it has no round_track for them: {fix}"),
                    value=repr(rounds),
                    fix=fix,
                ),
            )
        )
    return out


def player_range(graph: MapGraph) -> tuple[int, int] | None:
    """The player counts `graph` seats: the side's range (`attributes.players`), within
    what its palace sites and fields allow; None when it seats none."""
    if _attribute_problems(graph):
        return None
    side = _side(graph)
    low, high = (int(v) for v in graph.attrs.get("players") or DEFAULT_PLAYERS[side])
    sites = sum(1 for p in graph.provinces if is_palace_site(p.attrs))
    start = int(graph.attrs.get("start_peasants") or DEFAULT_START_PEASANTS[side])
    fits = [n for n in range(low, high + 1) if _fits(n, sites, len(graph.provinces), start)]
    if side != "quick":
        fits = [n for n in fits if n != 2]  # 2 players play the quick side's scenario
    return (min(fits), max(fits)) if fits else None


def _seats(players: int) -> int:
    """Palaces on the board: one per player, and the neutral's with 2 players."""
    return players + 1 if players == 2 else players


def _fits(players: int, sites: int, fields: int, start: int) -> bool:
    return sites >= _seats(players) and fields >= _seats(players) * (1 + start)


def map_readiness(graph: MapGraph, players: int | None = None) -> MapReadiness:
    """Whether `graph` is ready for Rice Wars (for `players` players, else for the fewest
    its side allows), every unmet requirement with its fix; see the module docstring."""
    problems = _attribute_problems(graph)
    if not problems:
        problems = _board_problems(graph, players)
    problems += (
        []
        if any(blessed_ryo(p.attrs) for p in graph.provinces)
        else [
            MapProblem(
                "no_blessed_field",
                Words.of(
                    N_(
                        "no blessed field, so no field earns more than another: set a Blessed "
                        "value in {panel}"
                    ),
                    panel=PANEL,
                ),
                severity="limit",
            )
        ]
    )
    return MapReadiness("ricewars", GAME_NAME, graph.id, tuple(problems), player_range(graph), None)


def _board_problems(graph: MapGraph, players: int | None) -> list[MapProblem]:
    """Palace sites, fields and the player count (the attributes are readable)."""
    out: list[MapProblem] = []
    side = _side(graph)
    low, high = (int(v) for v in graph.attrs.get("players") or DEFAULT_PLAYERS[side])
    start = int(graph.attrs.get("start_peasants") or DEFAULT_START_PEASANTS[side])
    need = players if players is not None else low
    sites = sum(1 for p in graph.provinces if is_palace_site(p.attrs))
    if sites == 0:
        out.append(
            MapProblem(
                "no_palace_site",
                Words.of(
                    N_("no palace site: tick 'palace site' for some fields in {panel}"), panel=PANEL
                ),
            )
        )
    elif sites < _seats(need):
        out.append(
            MapProblem(
                "few_palace_sites",
                Words.of(
                    N_(
                        "only {sites} palace site; {players} players place {palaces} palaces: "
                        "tick 'palace site' for more fields in {panel}"
                    )
                    if sites == 1
                    else N_(
                        "only {sites} palace sites; {players} players place {palaces} palaces: "
                        "tick 'palace site' for more fields in {panel}"
                    ),
                    sites=sites,
                    players=need,
                    palaces=_seats(need),
                    panel=PANEL,
                ),
            )
        )
    fields = len(graph.provinces)
    if fields < _seats(need) * (1 + start):
        out.append(
            MapProblem(
                "few_fields",
                Words.of(
                    N_(
                        "only {fields} fields; {players} players need {needed} for their palaces "
                        "and {start} starting peasants each: draw more fields"
                    ),
                    fields=fields,
                    players=need,
                    needed=_seats(need) * (1 + start),
                    start=start,
                ),
            )
        )
    if players is not None:
        if players == 2 and side != "quick":
            out.append(
                MapProblem(
                    "players",
                    Words.of(
                        N_(
                            "2 players play the scenario on the quick board (the ricewars-quick "
                            "map); this map is the epic side"
                        )
                    ),
                )
            )
        elif not low <= players <= high:
            other = "epic" if side == "quick" else "quick"
            out.append(
                MapProblem(
                    "players",
                    Words.of(
                        N_(
                            "the {side} side of this map takes {low}-{high} players, not "
                            "{players}; try the {other} board (the {map} map)"
                        ),
                        side=Words.of(SIDE_WORDS[side]),
                        low=low,
                        high=high,
                        players=players,
                        other=Words.of(SIDE_WORDS[other]),
                        map=f"ricewars-{other}",
                    ),
                )
            )
    if not out:
        try:
            board_for(graph)
        except ValueError as exc:  # anything else the board refuses, in its own words
            out.append(MapProblem("board", str(exc)))
    return out
