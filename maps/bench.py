"""`daimyo bench maps`: time to derive the graph of generated Voronoi maps.

Each map is a square of side 1000 cut into the Voronoi cells of seeded random points:
N points in the west four fifths give the N provinces, N/4 points in the east fifth
give cells merged into one sea. Provinces are grouped into territories by a coarse
grid. Figures go to docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

import numpy as np
import shapely
from shapely import STRtree

from maps.geometry import derive
from maps.mapfile import MapFile, Province, Sea, SeaPolygon, Territory
from maps.validate import validate

SIZES = (100, 1_000, 5_000)
SIDE = 1000.0


def voronoi_map(n: int, seed: int = 1) -> MapFile:
    """A generated map of `n` Voronoi provinces with a sea to the east."""
    rng = np.random.default_rng(seed)
    land_points = rng.uniform((0, 0), (SIDE * 0.8, SIDE), size=(n, 2))
    sea_points = rng.uniform((SIDE * 0.8, 0), (SIDE, SIDE), size=(max(1, n // 4), 2))
    points = np.concatenate([land_points, sea_points])
    box = shapely.box(0, 0, SIDE, SIDE)
    cells = shapely.get_parts(shapely.voronoi_polygons(shapely.multipoints(points), extend_to=box))
    # Put each cell in the order of its point (voronoi_polygons does not promise it).
    point_index, cell_index = STRtree(cells).query(shapely.points(points), predicate="within")
    cells = cells[cell_index[np.argsort(point_index)]]
    cells = shapely.intersection(cells, box)
    # Snap to a fine grid so neighbouring cells share their vertices exactly.
    cells = shapely.set_precision(cells, 1e-6)
    centres = shapely.get_coordinates(shapely.centroid(cells))
    is_sea = np.arange(len(points)) >= n
    provinces = []
    regions: dict[str, list[str]] = {}
    land = cells[~is_sea]
    for k, (cell, (cx, cy)) in enumerate(zip(land, centres[~is_sea], strict=True)):
        ring = [(float(x), float(y)) for x, y in shapely.get_coordinates(cell.exterior)[:-1]]
        provinces.append(Province(id=f"p{k}", name=f"Province {k}", polygon=ring))
        # Territories are the cells of a coarse grid, so most are in one piece.
        regions.setdefault(f"t{int(cx // 200)}-{int(cy // 200)}", []).append(f"p{k}")
    territories = [
        Territory(id=tid, name=f"Territory {tid}", colour="#8fbf6a", provinces=members)
        for tid, members in sorted(regions.items())
    ]
    sea_union = shapely.union_all(cells[is_sea])
    parts = [
        SeaPolygon(
            [(float(x), float(y)) for x, y in shapely.get_coordinates(g.exterior)[:-1]],
            [
                [(float(x), float(y)) for x, y in shapely.get_coordinates(h)[:-1]]
                for h in g.interiors
            ],
        )
        for g in shapely.get_parts(sea_union)
    ]
    return MapFile(
        id=f"voronoi{n}",
        name=f"Voronoi {n}",
        width_mm=400,
        height_mm=400,
        extent=(0.0, 0.0, SIDE, SIDE),
        provinces=provinces,
        territories=territories,
        seas=[Sea("sea", "East Sea", parts)] if parts else [],
    )


def _best_of(repeats: int, func: Callable[..., object], *args: object) -> tuple[float, float]:
    """The best wall-clock time and the best CPU time of `repeats` calls, in seconds.

    CPU time is what the call itself costs; wall time also counts waiting for a core,
    which on a busy machine can be most of it.
    """
    wall = cpu = float("inf")
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        func(*args)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu


def main(argv: list[str]) -> int:
    """Run the benchmark; print a table, or JSON with --json."""
    parser = argparse.ArgumentParser(prog="daimyo bench maps", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--sizes", default=",".join(map(str, SIZES)), help="comma-separated province counts"
    )
    parser.add_argument("--repeats", type=int, default=3, help="best of this many runs")
    args = parser.parse_args(argv)
    rows = []
    for n in (int(s) for s in args.sizes.split(",")):
        mapfile = voronoi_map(n)
        geometry = derive(mapfile)
        derive_s, derive_cpu_s = _best_of(args.repeats, derive, mapfile)
        validate_s, validate_cpu_s = _best_of(1, validate, mapfile)
        rows.append(
            {
                "provinces": len(mapfile.provinces),
                "land_borders": len(geometry.land_borders),
                "coastal_borders": len(geometry.coastal_borders),
                "derive_s": round(derive_s, 4),
                "derive_cpu_s": round(derive_cpu_s, 4),
                "validate_s": round(validate_s, 4),
                "validate_cpu_s": round(validate_cpu_s, 4),
            }
        )
    if args.json:
        print(json.dumps({"target": "maps", "results": rows}))
        return 0
    columns = ("provinces", "land", "coast", "derive s", "cpu s", "validate s", "cpu s")
    print(" ".join(f"{c:>10}" for c in columns))
    for r in rows:
        values = (
            r["provinces"],
            r["land_borders"],
            r["coastal_borders"],
            f"{r['derive_s']:.3f}",
            f"{r['derive_cpu_s']:.3f}",
            f"{r['validate_s']:.3f}",
            f"{r['validate_cpu_s']:.3f}",
        )
        print(" ".join(f"{v:>10}" for v in values))
    return 0
