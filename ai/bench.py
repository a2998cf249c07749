"""`daimyo bench ai`: how long each level thinks per decision (median, 90th percentile).

The positions are the decision points of a few games played by `greedy` in every seat
(from `--seed`), every `--every`-th decision; each level decides in each position with
its own budget (node budget and time cap, as in play). Options: `--game` (default
rokugan), `--players` (4), `--games` (2), `--every` (4), `--levels` (easy,normal,hard),
`--seed` (1), `--uncapped` (node budgets only: what a quiet machine does), `--json`.
Times are wall-clock and CPU (`time.process_time`: what a loaded machine does not inflate).
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from ai.base import Budget
from ai.registry import make_bot
from engine import native
from engine.core import GameState
from engine.registry import get_game


def sample_positions(
    game: str, players: int, games: int, every: int, seed: int, graph: Any | None = None
) -> list[GameState]:
    """Decision points of `games` greedy-vs-greedy games, every `every`-th, as clones."""
    spec = get_game(game)
    positions: list[GameState] = []
    for index in range(games):
        state = spec.new_game(players, seed + index, None, graph)
        bot = make_bot("greedy", game)
        rng = random.Random(seed + index)
        count = 0
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            if len(legal) > 1:
                if count % every == 0:
                    positions.append(state.clone())
                count += 1
            action = bot.choose(state.observation(player), legal, rng, Budget())
            state.apply(action)
    return positions


def time_level(
    level: str, game: str, positions: list[GameState], seed: int, uncapped: bool = False
) -> dict[str, float | int | str]:
    """Decision times (wall-clock and CPU seconds) and nodes of `level` over `positions`;
    `uncapped` drops the level's time cap, so its node budget alone decides."""
    times: list[float] = []
    cpu: list[float] = []
    nodes: list[int] = []
    for index, state in enumerate(positions):
        bot = make_bot(level, game)
        player = state.current_player()
        view = state.clone() if bot.sees_everything else state.observation(player)
        budget = Budget()
        if uncapped and bot.default_nodes is not None:
            budget = Budget(nodes=bot.default_nodes)
        started, started_cpu = time.perf_counter(), time.process_time()
        bot.choose(view, state.legal_actions(), random.Random(seed + index), budget)
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        decision = getattr(bot, "last", None)
        nodes.append(decision.nodes if decision is not None else budget.spent_nodes)

    def p90(values: list[float]) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]

    return {
        "level": level,
        "decisions": len(times),
        "median_s": statistics.median(times),
        "p90_s": p90(times),
        "max_s": max(times),
        "median_cpu_s": statistics.median(cpu),
        "p90_cpu_s": p90(cpu),
        "max_cpu_s": max(cpu),
        "median_nodes": int(statistics.median(nodes)),
        "nodes_per_s": int(sum(nodes) / max(1e-9, sum(cpu))),
    }


def _bench_graph(game: str, players: int) -> Any:
    """The map a map game benchmarks on: its engine's `load_bench_graph()` (ai/ may not
    import maps/, so the engine's own copy of the published board is used); a loader that
    takes `players` gets them (Rice Wars plays 5 on the epic side)."""
    module = importlib.import_module(f"engine.{game}.bench")
    loader = getattr(module, "load_bench_graph", None)
    if loader is None:
        raise SystemExit(f"daimyo bench ai: engine.{game}.bench has no load_bench_graph()")
    if "players" in inspect.signature(loader).parameters:
        return loader(players=players)
    return loader()


def main(argv: list[str], graph_loader: Callable[[Any], Any] | None = None) -> int:
    """Print the median decision time of every level; `graph_loader(spec)` gives the
    map of a map game (default: `engine.<game>.bench.load_bench_graph()`)."""
    parser = argparse.ArgumentParser(prog="daimyo bench ai", description=__doc__)
    parser.add_argument("--game", default="rokugan")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--uncapped", action="store_true", help="node budgets only")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    spec = get_game(args.game)
    graph = None
    if spec.uses_map:
        graph = (
            graph_loader(spec)
            if graph_loader is not None
            else _bench_graph(args.game, args.players)
        )
    positions = sample_positions(args.game, args.players, args.games, args.every, args.seed, graph)
    rows = [
        time_level(level.strip(), args.game, positions, args.seed, args.uncapped)
        for level in args.levels.split(",")
        if level.strip()
    ]
    if args.json:
        engine = {"engine": native.describe(), "compiled": native.compiled_modules()}
        print(json.dumps({"game": args.game, "players": args.players, "levels": rows, **engine}))
        return 0
    print(f"{args.game}, {args.players} players, {len(positions)} positions from greedy games")
    for row in rows:
        print(
            f"{row['level']:>8}: median {row['median_s']:.3f} s, p90 {row['p90_s']:.3f} s, "
            f"max {row['max_s']:.3f} s (CPU: median {row['median_cpu_s']:.3f} s, "
            f"p90 {row['p90_cpu_s']:.3f} s, max {row['max_cpu_s']:.3f} s), "
            f"median {row['median_nodes']} nodes, {row['nodes_per_s']} nodes/CPU-s"
        )
    return 0
