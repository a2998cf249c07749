"""`daimyo bench rokugan`: random full games per second and actions per second (one core).

Every decision picks uniformly among `legal_actions()` and applies it with the trusted
`apply`, as a random playout in a search would. The map is the shipped Rokugan map when
`maps.api` can load it, else the published topology from `--map-json` (the rules file).
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


def load_bench_graph(map_arg: str | None, map_json: str | None) -> MapGraph:
    """The graph to benchmark on (a map file / shipped id, or the published JSON)."""
    if map_json:
        return _graph_from_json(Path(map_json))
    try:
        from maps.api import load_graph  # type: ignore[import-not-found]  # noqa: PLC0415
    except ImportError:
        load_graph = None
    if load_graph is not None:
        try:
            return load_graph(map_arg or "rokugan")
        except (OSError, ValueError, KeyError):
            pass
    default = Path(__file__).resolve().parents[3] / "shared" / "rules" / "rokugan-map.json"
    return _graph_from_json(default)


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
    parser.add_argument("--map", help="map file or shipped map id (default rokugan)")
    parser.add_argument("--map-json", help="use the published topology JSON instead")
    args = parser.parse_args(argv)
    graph = load_bench_graph(args.map, args.map_json)
    run(3, args.players, 10_000, graph)  # warm caches
    seconds, actions = run(args.games, args.players, args.seed, graph)
    print(
        f"rokugan: {args.games} random {args.players}-player games on {graph.id!r} "
        f"in {seconds:.2f} s CPU: {args.games / seconds:.1f} games/s, "
        f"{actions / seconds:,.0f} actions/s ({actions / args.games:.0f} actions/game)"
    )
    return 0
