"""One verdict on a map for a game: can it be played (printed as a kit, playtested) there?

A map is ready for a game when it has no validation errors (`maps.validate`: outlines that
cross, overlaps, unreachable provinces...) and the game finds everything it needs on its
graph (`engine.registry.map_readiness`). Every place that plays on a map, prints a kit of
it or playtests it asks `map_verdict` (`daimyo play`, `daimyo kit`, `daimyo map balance`,
`daimyo map check`, the editor's validation panel and playtest), so that none can call a
broken map ready while another refuses it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from engine.graph import MapGraph, MapProblem, MapReadiness
from engine.words import N_, Words
from maps.mapfile import MapFile
from maps.validate import ValidationIssue, validate


@dataclass(frozen=True, slots=True)
class MapVerdict:
    """Whether a map is ready for a game: its own errors and the game's unmet needs.

    It reads like `engine.graph.MapReadiness` (`ready`, `errors`, `limits`, `players`,
    `choices`, `message()`), with `map_errors` the map's validation errors and
    `problems` the game's requirements (unmet ones and limits).
    """

    readiness: MapReadiness
    map_errors: tuple[ValidationIssue, ...] = ()

    @property
    def game(self) -> str:
        """The game's id."""
        return self.readiness.game

    @property
    def game_name(self) -> str:
        """The game's name, for people."""
        return self.readiness.game_name

    @property
    def map_id(self) -> str:
        """The map's id."""
        return self.readiness.map_id

    @property
    def problems(self) -> tuple[MapProblem, ...]:
        """The game's unmet requirements and limits (not the map's own errors)."""
        return self.readiness.problems

    @property
    def players(self) -> tuple[int, int] | None:
        """The player counts the map's graph can seat (None: none)."""
        return self.readiness.players

    @property
    def choices(self) -> tuple[str, ...] | None:
        """The per-seat choices the map allows (Rokugan: the clans with a capital)."""
        return self.readiness.choices

    @property
    def errors(self) -> tuple[ValidationIssue | MapProblem, ...]:
        """Everything that stops the game: the map's errors, then the game's unmet needs."""
        return self.map_errors + self.readiness.errors

    @property
    def limits(self) -> tuple[MapProblem, ...]:
        """What the game goes without on this map."""
        return self.readiness.limits

    @property
    def ready(self) -> bool:
        """True when the game can be played on the map: no error of either kind."""
        return not self.errors

    def message(self) -> str:
        """One text for people: ready, or every reason why not with its fix."""
        if self.ready:
            return self.readiness.message()
        game = Words.of(self.game_name)  # the game's name is in the catalog
        head = Words.of(N_("map '{map}' is not ready for {game}:"), map=self.map_id, game=game)
        lines = [str(head)]
        lines.extend(f"- {issue.message}" for issue in self.map_errors)
        lines.extend(f"- {problem.message}" for problem in self.readiness.errors)
        return "\n".join(lines)


def map_verdict(
    game_id: str,
    mapfile: MapFile,
    players: int | None = None,
    *,
    issues: list[ValidationIssue] | tuple[ValidationIssue, ...] | None = None,
    graph: MapGraph | None = None,
) -> MapVerdict:
    """The verdict on `mapfile` for `game_id` (with `players` players, when given).

    `issues` (the map's `maps.validate.validate`) and `graph` (its derived graph) are
    computed here unless the caller has them already. A map whose graph cannot be derived
    is judged on an empty graph: its validation errors say why.
    """
    if issues is None:
        issues = validate(mapfile)
    map_errors = tuple(i for i in issues if i.severity == "error")
    if graph is None:
        graph = _graph(mapfile, map_errors)
    return verdict_of(game_id, graph, map_errors, players)


def verdict_of(
    game_id: str,
    graph: MapGraph,
    issues: Iterable[ValidationIssue],
    players: int | None = None,
) -> MapVerdict:
    """The verdict from a map's validation `issues` (its errors count) and its `graph`."""
    from engine.registry import map_readiness

    map_errors = tuple(i for i in issues if i.severity == "error")
    return MapVerdict(map_readiness(game_id, graph, players), map_errors)


def _graph(mapfile: MapFile, map_errors: tuple[ValidationIssue, ...]) -> MapGraph:
    from maps.geometry import derive

    if not mapfile.provinces:
        return empty_graph(mapfile)
    try:
        return derive(mapfile).graph
    except Exception:
        if not map_errors:
            raise  # a valid map that does not derive is a bug, not the map maker's
        return empty_graph(mapfile)  # the errors say what is wrong with it


def empty_graph(mapfile: MapFile) -> MapGraph:
    """The graph of a map that has none (no provinces, or outlines that do not derive)."""
    return MapGraph(mapfile.id, mapfile.name, "", (), ())


# (resolved path, mtime_ns, size, game, players) -> verdict: a command asks once per file.
_CACHE: dict[tuple[str, int, int, str, int | None], MapVerdict] = {}


def file_verdict(
    path_or_id: str | os.PathLike[str], game_id: str, players: int | None = None
) -> MapVerdict:
    """The verdict on a map file (or a shipped map's id) for `game_id`, remembered per file
    version; `maps.api.MapError` when the file cannot be read."""
    from maps.api import MapError, load_graph, load_map, resolve_map

    path = Path(resolve_map(path_or_id))
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise MapError("does not exist", file=str(path), fix="check the path") from None
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size, game_id, players)
    verdict = _CACHE.get(key)
    if verdict is None:
        mapfile = load_map(path)
        issues = validate(mapfile)
        errors = [i for i in issues if i.severity == "error"]
        graph = load_graph(path) if not errors else _graph(mapfile, tuple(errors))
        verdict = map_verdict(game_id, mapfile, players, issues=issues, graph=graph)
        _CACHE[key] = verdict
    return verdict
