"""`daimyo bench ricewars`: random full games per second and actions per second (one core).

Every decision picks uniformly among `legal_actions()` and applies it with the trusted
`apply`, as a random playout in a search would. The board is a shipped side, read
from the graph JSON that maps/tools/build_ricewars.py writes beside this module.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from engine.graph import MapGraph, ProvinceInfo
from engine.ricewars import SPEC

DATA = Path(__file__).resolve().parent / "data"


def bench_graph(side: str) -> MapGraph:
    """The graph of a shipped board side, from the JSON the board builder writes beside
    this module (engine/ may not import maps/)."""
    data = json.loads((DATA / f"ricewars-{side}.graph.json").read_text(encoding="utf-8"))
    provinces = tuple(
        ProvinceInfo(p["id"], p["name"], None, tuple(p["neighbors"]), (), p["attrs"])
        for p in data["provinces"]
    )
    return MapGraph(data["id"], data["name"], data["hash"], provinces, (), data["attrs"])


def side_for(players: int) -> str:
    """The board side a player count plays on: epic for 5, quick otherwise."""
    return "epic" if players == 5 else "quick"


def load_bench_graph(players: int = 4, side: str | None = None) -> MapGraph:
    """The graph `daimyo bench ai --game ricewars` plays on: `side`, else the side that
    takes `players` (the same loader name as the other map games' benches)."""
    return bench_graph(side or side_for(players))


def run(games: int, players: int, seed: int, graph: MapGraph) -> tuple[float, int]:
    """Play `games` random games; (CPU seconds of this process, actions)."""
    actions = 0
    start = time.process_time()
    for g in range(games):
        rng = random.Random(seed + g)
        state = SPEC.new_game(players, seed + g, None, graph)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
    return time.process_time() - start, actions


def main(argv: list[str]) -> int:
    """Entry point of `daimyo bench ricewars [--games N] [--players P] [--board B]`."""
    parser = argparse.ArgumentParser(prog="daimyo bench ricewars")
    parser.add_argument("--games", type=int, default=50, help="games to play (default 50)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--board", choices=["quick", "epic"], help="board side")
    args = parser.parse_args(argv)
    graph = load_bench_graph(args.players, args.board)
    seconds, actions = run(args.games, args.players, args.seed, graph)
    print(
        f"ricewars: {args.games} random {args.players}-player games on {graph.id!r} "
        f"in {seconds:.2f} s CPU: {args.games / seconds:.1f} games/s, "
        f"{actions / seconds:,.0f} actions/s ({actions / args.games:.0f} actions/game)"
    )
    return 0
