"""Balance playtests: is a map fair to those who start on it, and where is it fought over?

`run_balance(game, graph, players, games, bots)` plays AI games on one map through the
arena's runner (`ai.arena.play_games`: worker processes, progress, cancel) and reports:

* per **starting position** — in Battle for Rokugan each clan with a capital on the map,
  in Rice Wars each seat (seat 1 places its palace first) — the games it was played, its
  wins (a win shared by k tied players counts 1/k), the win rate with its 95 % Wilson
  interval (as the arena) and the mean score (`returns()`: honor; fields for Rice Wars);
* per **province** (field): `contested`, how often per game it changed hands — came to
  a player other than the one who held it last (a Rice Wars field emptied by a fight and
  occupied by the winner changes hands once; a field a peasant leaves and comes back to
  does not) — and `held`, the share of games each starting position held it at the end.
  Holders at the end of setup (Rokugan's first control tokens, Rice Wars' palaces and
  first peasants) count as the last holders; only changes in the rounds are counted. A
  province is held by the owner of its control tokens (Rokugan) or of the peasant or
  palace on it (Rice Wars).

Seat rotation. Rokugan: with K clans on the map and P players, game g of every K plays
the clans K(g) ... K(g+P-1) (cyclically) in seats 1..P, so over K games every clan plays
P times and sits in every seat once, on the same deal (seed); `games` is rounded up to a
multiple of K. Rice Wars: the bots (`bots`, cycled to fill the seats) rotate over the
seats on the same deal as in the arena (`games` rounded up to whole rotations); when
every seat has the same bot each game is a deal of its own.

A quick estimate first. As games finish, the seats' win rates and intervals are
estimated over whole rotations (the schedule's first R, 2R, ... games, R its rotation
size: every position played equally often) and handed to `estimate`. With `precision`
the playtest stops at the first such estimate where every starting position's 95 %
interval is narrower than it — its full width, high − low (0.05: ±2.5 points) — and
reports exactly those games. The estimates follow schedule order, not the order games
happen to finish in, so the same seed stops at the same game in one process, in many,
or on a cluster.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai.arena import GameOutcome, ScheduledGame, play_games, wilson_interval
from engine.core import GameState
from engine.graph import MapGraph
from engine.registry import get_game, map_readiness
from engine.ricewars.position import MOVE, PALACE, SETUP_PEASANT
from engine.ricewars.state import RiceWarsState
from engine.rokugan.position import PH_CONTROL, PH_OBJECTIVE
from engine.rokugan.state import RokuganState

DEFAULT_BOTS = ("normal",)
NOBODY = -1


class MapNotReadyError(ValueError):
    """The map lacks something the game needs (`engine.registry.map_readiness`'s message)."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One starting position's line: games played there, wins, interval, mean score."""

    seat: str
    games: int
    wins: float
    win_rate: float
    ci: tuple[float, float]
    mean_score: float


@dataclass(frozen=True, slots=True)
class ProvinceResult:
    """One province's line: changes of hands per game, who held it at the end (the share
    of games per starting position)."""

    id: str
    name: str
    contested: float
    held: dict[str, float]


@dataclass(frozen=True, slots=True)
class BalanceResult:
    """A whole balance playtest."""

    game: str
    map_id: str
    players: int
    bots: tuple[str, ...]
    games: int
    seats: list[SeatResult]
    provinces: list[ProvinceResult]
    outcomes: list[GameOutcome]
    precise: bool = False
    """True when the playtest stopped early: every interval narrower than its precision."""

    def to_json(self) -> dict[str, Any]:
        """The JSON object `daimyo map balance --json` prints: exactly `games`, `seats`
        (seat, win_rate, ci, mean_score) and `provinces` (id, contested, name, held)."""
        return {
            "games": self.games,
            "seats": [
                {
                    "seat": s.seat,
                    "win_rate": s.win_rate,
                    "ci": [s.ci[0], s.ci[1]],
                    "mean_score": s.mean_score,
                }
                for s in self.seats
            ],
            "provinces": [
                {
                    "id": p.id,
                    "contested": p.contested,
                    "name": p.name,
                    "held": dict(p.held),
                }
                for p in self.provinces
            ],
        }


# ----------------------------------------------------------------------------- who holds what


def seat_labels(state: GameState) -> tuple[str, ...]:
    """The starting position of every seat of `state`: its clan, else "seat N"; a Rice
    Wars neutral seat is "neutral"."""
    clans = getattr(state, "clans", None)
    if clans is not None:
        from engine.rokugan.data import CLANS

        return tuple(CLANS[c] for c in clans)
    seats = int(getattr(state, "seats", state.num_players))
    labels = [f"seat {s + 1}" for s in range(state.num_players)]
    labels += ["neutral"] * (seats - state.num_players)
    return tuple(labels)


Holders = Callable[[GameState], tuple[bool, list[int]]]


def _rokugan_holders(state: Any) -> tuple[bool, list[int]]:
    return state.phase in (PH_OBJECTIVE, PH_CONTROL), list(state.ctrl_owner)


def _ricewars_holders(state: Any) -> tuple[bool, list[int]]:
    held = list(state.owner)
    for seat, field in enumerate(state.palace):
        if field >= 0 and held[field] < 0:
            held[field] = seat
    return state.phase in (PALACE, MOVE, SETUP_PEASANT), held


def holders_of(state: GameState) -> Holders:
    """The function telling, for a state of this map game, (still in setup, the seat
    holding each province or `NOBODY`); TypeError for a game without a map."""
    if isinstance(state, RokuganState):
        return _rokugan_holders
    if isinstance(state, RiceWarsState):
        return _ricewars_holders
    raise TypeError(f"no balance playtests for {type(state).__name__}: it has no map")


class ControlWatch:
    """Counts, over one game's rounds, how often each province changed hands (an
    `ai.arena.Watcher`)."""

    def __init__(self, state: GameState) -> None:
        self.labels = seat_labels(state)
        self.holders = holders_of(state)
        _, self.held = self.holders(state)
        self.last = list(self.held)  # the last player to hold each province, or NOBODY
        self.contested = [0] * len(self.held)

    def __call__(self, state: GameState) -> None:
        setup, self.held = self.holders(state)
        for q, seat in enumerate(self.held):
            if seat != NOBODY and seat != self.last[q]:
                if not setup and self.last[q] != NOBODY:
                    self.contested[q] += 1
                self.last[q] = seat

    def result(self) -> tuple[tuple[int, ...], tuple[str | None, ...]]:
        """(changes of hands, the starting position holding it at the end or None)."""
        final = tuple(self.labels[s] if s >= 0 else None for s in self.held)
        return tuple(self.contested), final


# ----------------------------------------------------------------------------- schedule


def _lineup(bots: Sequence[str], players: int) -> list[str]:
    if not bots:
        raise ValueError("a balance playtest needs at least one bot")
    return [bots[i % len(bots)] for i in range(players)]


def positions(game_id: str, graph: MapGraph, players: int) -> list[str]:
    """The starting positions reported: Rokugan's clans with a capital, else the seats."""
    if game_id == "rokugan":
        return list(map_readiness(game_id, graph, players).choices or ())
    return [f"seat {s + 1}" for s in range(players)]


def rotation_size(game_id: str, graph: MapGraph, bots: Sequence[str], players: int) -> int:
    """Games in one whole rotation: the unit `games` is rounded up to (see the module
    docstring) and estimates are made over."""
    if game_id == "rokugan":
        return len(positions(game_id, graph, players))
    lineup = _lineup(bots, players)
    return len({tuple(lineup[(s - k) % players] for s in range(players)) for k in range(players)})


def balance_schedule(
    game_id: str,
    graph: MapGraph,
    bots: Sequence[str],
    games: int,
    players: int,
    seed: int,
) -> list[ScheduledGame]:
    """Every game of the playtest (see the module docstring for the rotation)."""
    lineup = _lineup(bots, players)
    out: list[ScheduledGame] = []
    if game_id == "rokugan":
        clans = positions(game_id, graph, players)
        k = len(clans)
        for g in range(max(1, math.ceil(games / k)) * k):
            cycle, turn = divmod(g, k)
            seats = tuple(lineup[(s - turn) % players] for s in range(players))
            chosen = tuple(clans[(turn + s) % k] for s in range(players))
            out.append(ScheduledGame(g, seed + cycle, seats, (("clans", chosen),)))
        return out
    rotations = list(
        dict.fromkeys(
            tuple(lineup[(s - shift) % players] for s in range(players)) for shift in range(players)
        )
    )
    deals = max(1, math.ceil(games / len(rotations)))
    for deal in range(deals):
        for seats in rotations:
            out.append(ScheduledGame(len(out), seed + deal, seats))
    return out


# ----------------------------------------------------------------------------- tally


def tally_seats(
    outcomes: Sequence[GameOutcome], labels: Sequence[str], seat_labels_of: Sequence[Sequence[str]]
) -> list[SeatResult]:
    """Per starting position (in `labels` order): games, fractional wins, interval, mean
    score. `seat_labels_of[i]` names the position of every seat in outcome i."""
    games = dict.fromkeys(labels, 0)
    wins = dict.fromkeys(labels, 0.0)
    scores = dict.fromkeys(labels, 0.0)
    for outcome, names in zip(outcomes, seat_labels_of, strict=True):
        for seat, score in enumerate(outcome.scores):
            name = names[seat]
            games[name] += 1
            scores[name] += score
            if seat in outcome.winners:
                wins[name] += 1.0 / len(outcome.winners)
    out = []
    for name in labels:
        n = games[name]
        out.append(
            SeatResult(
                name,
                n,
                wins[name],
                wins[name] / n if n else 0.0,
                wilson_interval(wins[name], n),
                scores[name] / n if n else 0.0,
            )
        )
    return out


def tally_provinces(graph: MapGraph, outcomes: Sequence[GameOutcome]) -> list[ProvinceResult]:
    """Per province, in map order: changes of hands per game, final holders' shares."""
    n = max(1, len(outcomes))
    out = []
    for q, p in enumerate(graph.provinces):
        contested = sum(o.watched[0][q] for o in outcomes)
        held: dict[str, float] = {}
        for o in outcomes:
            label = o.watched[1][q]
            if label is not None:
                held[label] = held.get(label, 0) + 1
        shares = {label: count / n for label, count in sorted(held.items())}
        out.append(ProvinceResult(p.id, p.name, contested / n, shares))
    return out


# ----------------------------------------------------------------------------- estimate


@dataclass(frozen=True, slots=True)
class Estimate:
    """The win rates so far, over the schedule's first `games` games (whole rotations)."""

    games: int
    seats: list[SeatResult]

    @property
    def widest(self) -> float:
        """The full width (high − low) of the widest 95 % interval."""
        return max(s.ci[1] - s.ci[0] for s in self.seats)


class RunningEstimate:
    """Estimates the seats' win rates as outcomes arrive, in any order (an `enough` for
    `ai.arena.play_games`): at every whole rotation of the schedule's prefix it calls
    `report(estimate)` and, with `precision`, says "enough" at the first estimate whose
    every interval is narrower than `precision`."""

    def __init__(
        self,
        labels: Sequence[str],
        per_game: Sequence[Sequence[str]],
        rotation: int,
        precision: float | None = None,
        report: Callable[[Estimate], None] | None = None,
    ) -> None:
        self.labels = list(labels)
        self.per_game = list(per_game)
        self.rotation = rotation
        self.precision = precision
        self.report = report
        self.arrived: dict[int, GameOutcome] = {}
        self.prefix = 0  # every game before this schedule index has arrived
        self.counted = 0  # games in the last estimate
        self.latest: Estimate | None = None
        self.precise = False

    def __call__(self, outcome: GameOutcome) -> bool:
        self.arrived[outcome.index] = outcome
        while self.prefix in self.arrived:
            self.prefix += 1
        # Every whole rotation in turn, so that the stop does not depend on arrival order.
        while not self.precise and self.counted + self.rotation <= self.prefix:
            self.counted += self.rotation
            games = [self.arrived[i] for i in range(self.counted)]
            seats = tally_seats(games, self.labels, self.per_game[: self.counted])
            self.latest = Estimate(self.counted, seats)
            self.precise = self.precision is not None and self.latest.widest < self.precision
            if self.report is not None:
                self.report(self.latest)
        return self.precise


# ----------------------------------------------------------------------------- run


def check_ready(game_id: str, graph: MapGraph, players: int) -> None:
    """Raise `MapNotReadyError` with `map_readiness`'s message when the map cannot seat
    `players` players of `game_id`."""
    spec = get_game(game_id)
    if not spec.uses_map:
        raise ValueError(f"{spec.name} is not played on a map")
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(
            f"{spec.name} takes {spec.min_players}-{spec.max_players} players, not {players}"
        )
    readiness = map_readiness(game_id, graph, players)
    if not readiness.ready:
        raise MapNotReadyError(readiness.message())


def default_workers() -> int:
    """All cores."""
    return os.cpu_count() or 1


def run_balance(
    game_id: str,
    graph: MapGraph,
    players: int,
    games: int,
    bots: Sequence[str] = DEFAULT_BOTS,
    seed: int = 1,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    start_method: str | None = None,
    cluster: str | None = None,
    precision: float | None = None,
    estimate: Callable[[Estimate], None] | None = None,
) -> BalanceResult:
    """Play the balance playtest and tally it (see the module docstring).

    `workers` defaults to all cores; `progress`, `cancelled`, `start_method` and `cluster`
    are passed to `ai.arena.play_games` (a cancelled playtest raises
    `ai.arena.ArenaCancelled`). `estimate(Estimate)` is told the win rates after every
    whole rotation; with `precision` the playtest stops once every interval is narrower
    (`games` is then the most played)."""
    check_ready(game_id, graph, players)
    if games < 1:
        raise ValueError("a balance playtest needs at least 1 game")
    if precision is not None and not 0 < precision <= 1:
        raise ValueError("the precision must be above 0 and at most 1 (e.g. 0.05)")
    planned = balance_schedule(game_id, graph, bots, games, players, seed)
    labels = positions(game_id, graph, players)
    if game_id == "rokugan":
        per_game = [dict(g.settings)["clans"] for g in planned]
    else:
        per_game = [labels] * len(planned)
    rotation = rotation_size(game_id, graph, bots, players)
    running = RunningEstimate(labels, per_game, rotation, precision, estimate)
    outcomes = play_games(
        game_id,
        planned,
        graph=graph,
        workers=default_workers() if workers is None else workers,
        progress=progress,
        watch=ControlWatch,
        cancelled=cancelled,
        start_method=start_method,
        cluster=cluster,
        enough=running,
    )
    if running.precise:  # exactly the games of the estimate that was precise enough
        outcomes = [o for o in outcomes if o.index < running.counted]
        per_game = per_game[: running.counted]
    return BalanceResult(
        game_id,
        graph.id,
        players,
        tuple(_lineup(bots, players)),
        len(outcomes),
        tally_seats(outcomes, labels, per_game),
        tally_provinces(graph, outcomes),
        outcomes,
        running.precise,
    )
