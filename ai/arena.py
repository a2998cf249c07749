"""The arena: many bot-vs-bot games with seat rotation, win rates with Wilson intervals.

Seating. The lineup is the bot list, cycled to fill P seats (bots A,B with P=4 give
A,B,A,B; list a bot several times to give it several seats: hard,random,random,random).
Every deal (seed S, S+1, ...) is played P times, the lineup rotated by one seat each time,
so every lineup entry sits in every seat equally often and every rotation sees the same
deals. N games are rounded up to a whole number of rotations (a multiple of P).

Scoring. A bot's `games` are the seats it occupied. A win shared by k tied seats counts
1/k to each, so win rates over all seats add up to 1 per game and a bot's fair share is
its seats / P. The 95 % interval is Wilson's score interval for the win rate with the
(possibly fractional) win count. `mean_score` is the mean of `returns()` over its seats.

Games run in worker processes (two by default, one per core of the project machine).
`play_games` is the runner on its own: balance playtests (`ai.balance`) give it their own
schedule (each game with its settings, e.g. the clans per seat), a watcher that records
something of every game, and a cancel check that stops the worker processes at once.
With `cluster=ADDRESS` the same games run as Ray tasks instead (`ai.cluster`): the same
outcomes, progress and cancel; a lost worker's games are played again.
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from ai.match import play_match
from engine.core import GameSpec, GameState
from engine.registry import get_game

Z95 = 1.959963984540054


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a win rate of `wins`/`games` (0, 1 when no games)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # The interval always holds p; clamping keeps rounding from saying otherwise at 0 and 1.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True, slots=True)
class ScheduledGame:
    """One game of the arena: its deal seed and the bot in every seat."""

    index: int
    seed: int
    seats: tuple[str, ...]
    settings: tuple[tuple[str, Any], ...] = ()
    """Settings of this game alone, over the arena's (a playtest's clan per seat)."""


class Watcher(Protocol):
    """Something recorded of one game: called with the state after every action."""

    def __call__(self, state: GameState) -> None: ...

    def result(self) -> Any:
        """What was recorded (kept in `GameOutcome.watched`; must pickle)."""


Watch = Callable[[GameState], Watcher]
"""Makes the watcher of one game from its first state (a picklable module-level name)."""


class ArenaCancelled(Exception):
    """`play_games` stopped because its cancel check said so."""


def schedule(bots: Sequence[str], games: int, players: int, seed: int) -> list[ScheduledGame]:
    """Every game to play: deals seed, seed+1, ... each in all P seat rotations."""
    if not bots:
        raise ValueError("the arena needs at least one bot")
    if players < 1:
        raise ValueError("the arena needs at least one player")
    lineup = [bots[i % len(bots)] for i in range(players)]
    deals = max(1, math.ceil(games / players))
    out = []
    for deal in range(deals):
        for shift in range(players):
            seats = tuple(lineup[(seat - shift) % players] for seat in range(players))
            out.append(ScheduledGame(len(out), seed + deal, seats))
    return out


@dataclass(frozen=True, slots=True)
class BotResult:
    """One bot's line of the arena report."""

    name: str
    games: int
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """What the arena keeps of one played game."""

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int
    watched: Any = None  # the watcher's result, when the games were watched


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """The whole arena: per-bot lines plus every game's outcome."""

    game: str
    games: int
    players: int
    bots: list[BotResult]
    outcomes: list[GameOutcome]

    def to_json(self) -> dict[str, Any]:
        """The JSON form `daimyo arena --json` prints."""
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "bots": [asdict(b) for b in self.bots],
        }


def tally(outcomes: Sequence[GameOutcome], bots: Sequence[str]) -> list[BotResult]:
    """Per-bot games, fractional wins, Wilson interval and mean score, in `bots` order."""
    names = list(dict.fromkeys(bots))
    games = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0.0)
    scores = dict.fromkeys(names, 0.0)
    for outcome in outcomes:
        for seat, name in enumerate(outcome.seats):
            games[name] += 1
            scores[name] += outcome.scores[seat]
            if seat in outcome.winners:
                wins[name] += 1.0 / len(outcome.winners)
    out = []
    for name in names:
        n = games[name]
        low, high = wilson_interval(wins[name], n)
        rate = wins[name] / n if n else 0.0
        mean = scores[name] / n if n else 0.0
        out.append(BotResult(name, n, wins[name], rate, low, high, mean))
    return out


# Worker-process globals: the map graph is sent once per process, not once per game.
_WORKER: dict[str, Any] = {}


def _init_worker(graph: Any) -> None:
    _WORKER["graph"] = graph


def play_scheduled(
    spec: GameSpec | str,
    game: ScheduledGame,
    settings: Mapping[str, Any] | None,
    nodes: int | None,
    seconds: float | None,
    graph: Any | None = None,
    watch: Watch | None = None,
) -> GameOutcome:
    """Play one scheduled game (in a worker process or in this one)."""
    if isinstance(spec, str):
        spec = get_game(spec)
    if graph is None:
        graph = _WORKER.get("graph")
    if game.settings:
        settings = {**(settings or {}), **dict(game.settings)}
    watcher: Watcher | None = None
    if watch is not None:
        first = spec.new_game(len(game.seats), game.seed, settings, graph)
        watcher = watch(first)
    result, _ = play_match(
        spec,
        list(game.seats),
        game.seed,
        graph,
        settings,
        nodes=nodes,
        seconds=seconds,
        on_action=watcher,
    )
    return GameOutcome(
        game.index,
        game.seed,
        game.seats,
        tuple(result.scores),
        tuple(result.winners),
        result.actions,
        watcher.result() if watcher is not None else None,
    )


def _play_task(args: tuple[Any, ...]) -> GameOutcome:
    return play_scheduled(*args)


def play_games(
    spec: GameSpec | str,
    planned: Sequence[ScheduledGame],
    *,
    settings: Mapping[str, Any] | None = None,
    nodes: int | None = None,
    seconds: float | None = None,
    graph: Any | None = None,
    workers: int = 2,
    progress: Callable[[int, int], None] | None = None,
    watch: Watch | None = None,
    cancelled: Callable[[], bool] | None = None,
    start_method: str | None = None,
    cluster: str | None = None,
    enough: Callable[[GameOutcome], bool] | None = None,
) -> list[GameOutcome]:
    """Play every planned game and return the outcomes in schedule order.

    With `workers` > 1, or any `start_method` ("spawn", "forkserver": what a process with
    threads, such as a Qt window, must use), the games run in worker processes; with
    `cluster` (an address `ray.init` takes, or "local": a Ray on this machine with
    `workers` CPUs) as tasks on that Ray cluster (`ai.cluster`); else here.
    `progress(done, total)` follows every game. When `cancelled()` turns true (checked
    between games here, every 0.2 s with workers) the workers are stopped at once and
    `ArenaCancelled` is raised. `enough(outcome)` is called with every outcome as it
    arrives (in the order games finish): once it returns True the games still in play are
    stopped and the outcomes so far are returned."""
    game_spec = get_game(spec) if isinstance(spec, str) else spec
    outcomes: list[GameOutcome] = []
    total = len(planned)
    if workers <= 1 and start_method is None and cluster is None:
        for game in planned:
            if cancelled is not None and cancelled():
                raise ArenaCancelled
            outcomes.append(play_scheduled(game_spec, game, settings, nodes, seconds, graph, watch))
            if progress is not None:
                progress(len(outcomes), total)
            if enough is not None and enough(outcomes[-1]):
                break
        return outcomes
    target = spec if isinstance(spec, str) else game_spec
    # Leaving the block terminates the pool: on cancel the games in play stop at once.
    with _pool(cluster, start_method, workers, total, graph) as pool:
        if cluster is not None:
            shared = pool.share(graph)  # the map travels once, in the task arguments
            tasks = [(target, game, settings, nodes, seconds, shared, watch) for game in planned]
            results = pool.starmap_unordered(play_scheduled, tasks)
        else:
            tasks = [(target, game, settings, nodes, seconds, None, watch) for game in planned]
            results = pool.imap_unordered(_play_task, tasks)
        while len(outcomes) < total:
            if cancelled is not None and cancelled():
                raise ArenaCancelled
            try:
                outcomes.append(results.next(timeout=0.2 if cancelled is not None else None))
            except multiprocessing.TimeoutError:
                continue
            if progress is not None:
                progress(len(outcomes), total)
            if enough is not None and enough(outcomes[-1]):
                break
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def _pool(
    cluster: str | None, start_method: str | None, workers: int, total: int, graph: Any
) -> Any:
    """The worker processes, or the Ray cluster, that play the games."""
    if cluster is not None:
        from ai.cluster import ClusterPool

        return ClusterPool(cluster, cpus=workers)
    context = multiprocessing.get_context(start_method)
    if start_method == "forkserver":
        # The server imports the runner once (workers fork from it warm), and not the main
        # script, which may start a window or a game when imported again.
        context.set_forkserver_preload(["ai.arena"])
    processes = max(1, min(workers, total))
    return context.Pool(processes, initializer=_init_worker, initargs=(graph,))


def run_arena(
    spec: GameSpec | str,
    bots: Sequence[str],
    games: int,
    players: int | None = None,
    seed: int = 1,
    nodes: int | None = None,
    seconds: float | None = None,
    graph: Any | None = None,
    settings: Mapping[str, Any] | None = None,
    workers: int = 2,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    cluster: str | None = None,
    watch: Watch | None = None,
) -> ArenaResult:
    """Play the arena and tally it; `progress(done, total)` after every game, `cancelled`
    and `cluster` as `play_games` takes them; `watch` records something of every game
    (`GameOutcome.watched`, e.g. `ai.stats`).

    `spec` is a game id (or a `GameSpec` whose module worker processes can import)."""
    game_spec = get_game(spec) if isinstance(spec, str) else spec
    players = players or len(bots)
    if not game_spec.min_players <= players <= game_spec.max_players:
        raise ValueError(
            f"{game_spec.name} takes {game_spec.min_players}-{game_spec.max_players} players, "
            f"not {players}"
        )
    planned = schedule(bots, games, players, seed)
    outcomes = play_games(
        spec,
        planned,
        settings=settings,
        nodes=nodes,
        seconds=seconds,
        graph=graph,
        workers=workers,
        progress=progress,
        cancelled=cancelled,
        cluster=cluster,
        watch=watch,
    )
    lineup = [bots[i % len(bots)] for i in range(players)]
    return ArenaResult(game_spec.id, len(outcomes), players, tally(outcomes, lineup), outcomes)
