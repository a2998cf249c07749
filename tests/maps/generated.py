"""Generated maps whose true borders are known, for import tests.

`split_grid` is a jittered grid of provinces. At each inner corner four provinces meet in
a quadripoint (no diagonal border), or the corner is split into two triple points joined
by a short edge, so that two diagonal provinces border along it (a border as short as
0.02 % of the map). Edges between corners wiggle through shared vertices. Neighbours share
their vertices exactly, so the generator knows every border; `to_geojson` then draws each
province on its own with its vertices moved by up to `noise`, as outlines from a real
source are, for `daimyo map import` to put together again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely

from maps.mapfile import MapFile, Province

Point = tuple[float, float]
ARMS = ("up", "right", "down", "left")


@dataclass
class GeneratedMap:
    """A generated map and its truth: land borders (pairs of ids) and the rim provinces."""

    mapfile: MapFile
    borders: set[frozenset[str]]
    rim: set[str]
    short_borders: dict[frozenset[str], float] = field(default_factory=dict)  # pair -> length
    quadripoints: int = 0

    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Each province's true land neighbours, sorted."""
        out: dict[str, set[str]] = {p.id: set() for p in self.mapfile.provinces}
        for pair in self.borders:
            a, b = sorted(pair)
            out[a].add(b)
            out[b].add(a)
        return {pid: tuple(sorted(ns)) for pid, ns in out.items()}


def cell_id(r: int, c: int) -> str:
    """The id of the province in row r, column c."""
    return f"r{r:02d}c{c:02d}"


def split_grid(
    rows: int,
    cols: int,
    *,
    seed: int = 0,
    cell: float = 100.0,
    split: float = 0.6,
    shortest: float = 0.0002,
    longest: float = 0.004,
    wiggles: int = 3,
) -> GeneratedMap:
    """A rows × cols grid of provinces; `split` of the inner corners are split into a
    short border of log-uniform length between `shortest` and `longest` times the width."""
    rng = np.random.default_rng(seed)
    width = cols * cell
    base = np.stack(np.meshgrid(np.arange(cols + 1), np.arange(rows + 1)), axis=-1) * cell
    corners = base + rng.uniform(-0.2, 0.2, size=base.shape) * cell
    attach: dict[tuple[int, int], dict[str, Point]] = {}
    borders: set[frozenset[str]] = set()
    short: dict[frozenset[str], float] = {}
    quadripoints = 0
    for r in range(rows + 1):
        for c in range(cols + 1):
            p = corners[r, c]
            here = {arm: (float(p[0]), float(p[1])) for arm in ARMS}
            inner = 0 < r < rows and 0 < c < cols
            if inner and rng.random() < split:
                length = width * math.exp(rng.uniform(math.log(shortest), math.log(longest)))
                half = length / 2 / math.sqrt(2)
                if rng.random() < 0.5:  # the upper-left and lower-right provinces border
                    a, b = p + (half, -half), p - (half, -half)  # a up-right, b down-left
                    here = {"up": a, "right": a, "down": b, "left": b}
                    pair = frozenset((cell_id(r - 1, c - 1), cell_id(r, c)))
                else:  # the upper-right and lower-left provinces border
                    a, b = p + (half, half), p - (half, half)  # a down-right, b up-left
                    here = {"right": a, "down": a, "up": b, "left": b}
                    pair = frozenset((cell_id(r - 1, c), cell_id(r, c - 1)))
                here = {k: (float(v[0]), float(v[1])) for k, v in here.items()}
                borders.add(pair)
                short[pair] = length
            elif inner:
                quadripoints += 1
            attach[r, c] = here

    def edge(start: Point, end: Point) -> list[Point]:
        """The wiggle vertices strictly between two corners (shared by both sides)."""
        count = int(rng.integers(0, wiggles + 1))
        ts = np.sort(rng.uniform(0.2, 0.8, size=count))
        sx, sy = start
        dx, dy = end[0] - sx, end[1] - sy
        norm = math.hypot(dx, dy)
        nx, ny = -dy / norm, dx / norm
        out = []
        for t in ts:
            off = rng.uniform(-0.05, 0.05) * cell
            out.append((sx + dx * t + nx * off, sy + dy * t + ny * off))
        return out

    across = {
        (r, c): edge(attach[r, c]["right"], attach[r, c + 1]["left"])
        for r in range(rows + 1)
        for c in range(cols)
    }
    down = {
        (r, c): edge(attach[r, c]["down"], attach[r + 1, c]["up"])
        for r in range(rows)
        for c in range(cols + 1)
    }
    provinces = []
    rim = set()
    for r in range(rows):
        for c in range(cols):
            ring = [
                attach[r, c]["down"],
                attach[r, c]["right"],
                *across[r, c],
                attach[r, c + 1]["left"],
                attach[r, c + 1]["down"],
                *down[r, c + 1],
                attach[r + 1, c + 1]["up"],
                attach[r + 1, c + 1]["left"],
                *reversed(across[r + 1, c]),
                attach[r + 1, c]["right"],
                attach[r + 1, c]["up"],
                *reversed(down[r, c]),
            ]
            ring = [q for k, q in enumerate(ring) if q != ring[k - 1]]
            pid = cell_id(r, c)
            provinces.append(Province(pid, f"Province {r}-{c}", ring))
            if r in (0, rows - 1) or c in (0, cols - 1):
                rim.add(pid)
            if c + 1 < cols:
                borders.add(frozenset((pid, cell_id(r, c + 1))))
            if r + 1 < rows:
                borders.add(frozenset((pid, cell_id(r + 1, c))))
    shapes = np.array([shapely.Polygon(p.polygon) for p in provinces])
    if not (shapely.is_valid(shapes).all() and shapely.coverage_is_valid(shapes)):
        raise ValueError(f"split_grid({rows}, {cols}, seed={seed}) drew a broken map")
    minx, miny, maxx, maxy = shapely.total_bounds(shapes)
    mapfile = MapFile(
        id="generated",
        name="Generated",
        width_mm=400,
        height_mm=round(400 * (maxy - miny) / (maxx - minx), 1),
        extent=(float(minx), float(miny), float(maxx), float(maxy)),
        provinces=provinces,
    )
    return GeneratedMap(mapfile, borders, rim, short, quadripoints)


def to_geojson(mapfile: MapFile, noise: float = 0.0, seed: int = 0) -> dict[str, Any]:
    """The provinces as a foreign FeatureCollection (y down as drawn), each vertex of each
    province moved on its own by up to `noise` in x and y."""
    rng = np.random.default_rng(seed)
    features = []
    for p in mapfile.provinces:
        ring = np.asarray(p.polygon, dtype=float)
        ring = ring + rng.uniform(-noise, noise, size=ring.shape)
        closed = [[float(x), float(y)] for x, y in ring] + [[float(ring[0, 0]), float(ring[0, 1])]]
        features.append(
            {
                "type": "Feature",
                "properties": {"id": p.id, "name": p.name},
                "geometry": {"type": "Polygon", "coordinates": [closed]},
            }
        )
    return {"type": "FeatureCollection", "features": features}
