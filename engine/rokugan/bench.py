"""`daimyo bench rokugan`: random full games per second and actions per second (one core).

Every decision picks uniformly among `legal_actions()` and applies it with the trusted
`apply`, as a random playout in a search would. The map is the published board topology
(`published_map.json`, one coastal border per coastal province), or `--map-json FILE`.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from engine.graph import MapGraph
from engine.rokugan import SPEC


def _graph_from_json(path: Path) -> MapGraph:
    import hashlib
    import json

    from engine.graph import ProvinceInfo, TerritoryInfo

    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    provinces, territories = [], {}
    for p in data["provinces"]:
        terr = p["territory"]
        territories.setdefault(terr, []).append(p["id"])
        attrs = {"flowers": p["flowers"], "defense": p["printed_defense"]}
        if p["capital"]:
            attrs["capital"] = terr
        if terr.startswith("shadowlands"):
            attrs["shadowlands"] = True
        provinces.append(
            ProvinceInfo(
                p["id"],
                p["id"],
                terr,
                tuple(p["adj"]),
                (f"{p['id']}~0",) if p["coastal"] else (),
                attrs,
            )
        )
    terrs = tuple(TerritoryInfo(t, t, "#888888", tuple(m)) for t, m in territories.items())
    return MapGraph(
        "rokugan", "Rokugan", hashlib.sha256(text.encode()).hexdigest(), tuple(provinces), terrs
    )


PUBLISHED_MAP = Path(__file__).with_name("published_map.json")


def load_bench_graph(map_json: str | None = None) -> MapGraph:
    """The graph to benchmark on: the published board topology (a copy of
    `rokugan-map.json` ships beside this module; engine/ may not import maps/)."""
    return _graph_from_json(Path(map_json) if map_json else PUBLISHED_MAP)


def run(games: int, players: int, seed: int, graph: MapGraph) -> tuple[float, int]:
    """Play `games` random games; (CPU seconds of this process, actions).

    CPU time, not wall time: it measures one core's throughput even on a busy machine."""
    actions = 0
    start = time.process_time()
    for g in range(games):
        rng = random.Random(seed + g)
        state = SPEC.new_game(players, seed + g, None, graph)
        legal_actions = state.legal_actions
        apply = state.apply
        while not state.is_terminal():
            legal = legal_actions()
            apply(legal[rng.randrange(len(legal))])
            actions += 1
    return time.process_time() - start, actions


def main(argv: list[str]) -> int:
    """Entry point of `daimyo bench rokugan [--games N] [--players P] [--map M]`."""
    parser = argparse.ArgumentParser(prog="daimyo bench rokugan")
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--map-json", help="a topology JSON like rokugan-map.json")
    args = parser.parse_args(argv)
    graph = load_bench_graph(args.map_json)
    run(3, args.players, 10_000, graph)  # warm caches
    seconds, actions = run(args.games, args.players, args.seed, graph)
    print(
        f"rokugan: {args.games} random {args.players}-player games on {graph.id!r} "
        f"in {seconds:.2f} s CPU: {args.games / seconds:.1f} games/s, "
        f"{actions / seconds:,.0f} actions/s ({actions / args.games:.0f} actions/game)"
    )
    return 0
