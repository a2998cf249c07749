"""Build the shipped Rice Wars boards, maps/data/ricewars-quick.yaml and ricewars-epic.yaml.

Run ``python -m maps.tools.build_ricewars`` (``--check`` only verifies that the shipped files
are what this script makes). The drawing is ours: the published board is not available.

How a board is made (deterministically, from a fixed seed per side):

1. Rows of rice paddies: the extent is cut into horizontal rows of jittered heights; each
   row is cut into a given number of fields of jittered widths. Cuts of neighbouring rows
   keep at least ``MIN_STAGGER`` apart, so two fields of adjacent rows either share a
   clear stretch of dyke or touch at no more than a corner.
2. A few fields (never the centre) are split across into two stacked paddies, so the grid
   is irregular in both directions.
3. Every field is an axis-parallel rectangle; its ring gets every other field's corner that
   lies on its outline (T-junctions), so neighbours share their vertices exactly.
4. The field holding the extent's centre is the blessed field (``blessed: 2`` on the quick
   side, ``3`` on the epic side). Fields on the board's edge, except the four corner fields,
   are palace sites. The round track and the side's facts go into ``attributes``.
5. ``maps.validate`` must report no error and ``maps.geometry`` must find the board connected
   before anything is written.

The round tracks (one list of symbols per round) are designed in docs/ricewars-content.md:
``income3`` (+3 Ryo in the income phase), ``auction`` (the advisor auction, exactly two
rounds per side), ``card`` (one more card in the draw phase), ``attack1`` (attackers +1).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from engine.files import atomic_write_text
from maps.api import MapFile, dump_map, save_map
from maps.api import Province as MapProvince
from maps.geometry import derive
from maps.validate import validate

DATA = Path(__file__).resolve().parents[1] / "data"
GRAPHS = Path(__file__).resolve().parents[2] / "engine" / "ricewars" / "data"
WIDTH, HEIGHT = 400.0, 290.0
MIN_STAGGER = 12.0  # cuts of neighbouring rows keep this far apart (border min is 4)
MIN_WIDTH = 26.0


@dataclass(frozen=True, slots=True)
class Side:
    """One side of the board: its fields per row, splits, and round track."""

    id: str
    name: str
    rows: tuple[int, ...]
    splits: int
    blessed: int
    start_peasants: int
    players: tuple[int, int]
    round_track: tuple[tuple[str, ...], ...]
    seed: str


QUICK = Side(
    id="ricewars-quick",
    name="Takuno (quick side)",
    rows=(5, 5, 5, 5, 5, 5, 5),
    splits=2,
    blessed=2,
    start_peasants=2,
    players=(2, 4),
    round_track=(
        ("income3",),
        ("auction",),
        ("card",),
        ("income3",),
        ("auction",),
        ("attack1",),
        ("attack1",),
    ),
    seed="ricewars-quick-1",
)

EPIC = Side(
    id="ricewars-epic",
    name="Takuno (epic side)",
    rows=(6, 6, 7, 6, 6, 6, 7, 6, 6),
    splits=3,
    blessed=3,
    start_peasants=3,
    players=(3, 5),
    round_track=(
        ("income3",),
        ("auction",),
        ("card",),
        ("income3",),
        ("attack1",),
        ("auction",),
        ("card",),
        ("attack1",),
    ),
    seed="ricewars-epic-1",
)

SIDES = (QUICK, EPIC)

PREFIXES = (
    "Aki", "Asa", "Fuku", "Hana", "Hira", "Ishi", "Iwa", "Kami", "Kawa", "Kita", "Kuro",
    "Matsu", "Mizu", "Mori", "Naka", "Nishi", "Oka", "Sakura", "Shima", "Shimo", "Taka",
    "Take", "Yama", "Yoshi", "Ume", "Sugi", "Hoshi", "Tsuki", "Nagi", "Kaze",
)  # fmt: skip
SUFFIXES = ("ta", "da", "hara", "no", "bata", "zawa")

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 (y down)


def _cuts(rng: random.Random, count: int, avoid: list[float]) -> list[float]:
    """Interior x cuts of a row of `count` fields, staggered from the cuts in `avoid`."""
    for _ in range(2000):
        weights = [rng.uniform(0.6, 1.5) for _ in range(count)]
        total = sum(weights)
        xs, acc = [], 0.0
        for w in weights[:-1]:
            acc += w / total * WIDTH
            xs.append(round(acc))
        widths = [b - a for a, b in zip([0.0, *xs], [*xs, WIDTH], strict=True)]
        if min(widths) < MIN_WIDTH:
            continue
        if all(abs(x - a) >= MIN_STAGGER for x in xs for a in avoid):
            return [float(x) for x in xs]
    raise RuntimeError("no staggered cuts found; loosen MIN_STAGGER")


def layout(side: Side) -> list[Rect]:
    """The fields as rectangles, row by row (west to east, north to south)."""
    rng = random.Random(side.seed)
    rows = len(side.rows)
    heights = [rng.uniform(0.8, 1.2) for _ in range(rows)]
    total = sum(heights)
    ys = [0.0]
    for h in heights:
        ys.append(round(ys[-1] + h / total * HEIGHT))
    ys[-1] = HEIGHT
    rects: list[Rect] = []
    previous: list[float] = []
    for r, count in enumerate(side.rows):
        cuts = _cuts(rng, count, previous)
        xs = [0.0, *cuts, WIDTH]
        rects.extend((xs[i], ys[r], xs[i + 1], ys[r + 1]) for i in range(count))
        previous = cuts
    centre = _centre_index(rects)
    # Split some inner-row fields across, away from the centre, into two stacked paddies.
    candidates = [
        i
        for i, (x0, y0, x1, y1) in enumerate(rects)
        if i != centre and y1 - y0 >= 34 and abs((x0 + x1) / 2 - WIDTH / 2) > 60
    ]
    for i in sorted(rng.sample(candidates, side.splits), reverse=True):
        x0, y0, x1, y1 = rects[i]
        mid = float(round(y0 + (y1 - y0) * rng.uniform(0.42, 0.58)))
        rects[i : i + 1] = [(x0, y0, x1, mid), (x0, mid, x1, y1)]
    return rects


def _centre_index(rects: list[Rect]) -> int:
    cx, cy = WIDTH / 2, HEIGHT / 2
    return next(i for i, (x0, y0, x1, y1) in enumerate(rects) if x0 <= cx < x1 and y0 <= cy < y1)


def ring(rect: Rect, corners: set[tuple[float, float]]) -> list[tuple[float, float]]:
    """The rectangle's outline clockwise (screen), with every corner lying on it."""
    x0, y0, x1, y1 = rect
    top = sorted(p for p in corners if p[1] == y0 and x0 <= p[0] <= x1)
    right = sorted((p for p in corners if p[0] == x1 and y0 <= p[1] <= y1), key=lambda p: p[1])
    bottom = sorted((p for p in corners if p[1] == y1 and x0 <= p[0] <= x1), reverse=True)
    left = sorted((p for p in corners if p[0] == x0 and y0 <= p[1] <= y1), key=lambda p: -p[1])
    out: list[tuple[float, float]] = []
    for p in [*top, *right, *bottom, *left]:
        if not out or out[-1] != p:
            out.append(p)
    if out[0] == out[-1]:
        out.pop()
    return out


def build(side: Side) -> MapFile:
    """The map file of one board side."""
    rects = layout(side)
    corners = {(x, y) for x0, y0, x1, y1 in rects for x in (x0, x1) for y in (y0, y1)}
    centre = _centre_index(rects)
    rng = random.Random(side.seed + ":names")
    names = rng.sample([p + s for p in PREFIXES for s in SUFFIXES], len(rects))
    provinces = []
    for i, rect in enumerate(rects):
        x0, y0, x1, y1 = rect
        attrs: dict[str, object] = {}
        on_edge = x0 == 0 or y0 == 0 or x1 == WIDTH or y1 == HEIGHT
        corner = (x0 == 0 or x1 == WIDTH) and (y0 == 0 or y1 == HEIGHT)
        if on_edge and not corner:
            attrs["palace_site"] = True
        if i == centre:
            attrs["blessed"] = side.blessed
        provinces.append(
            MapProvince(
                id=f"f{i + 1:02d}",
                name=names[i],
                polygon=ring(rect, corners),
                label=((x0 + x1) / 2, (y0 + y1) / 2),
                attrs=attrs,
            )
        )
    return MapFile(
        id=side.id,
        name=side.name,
        width_mm=WIDTH,
        height_mm=HEIGHT,
        extent=(0.0, 0.0, WIDTH, HEIGHT),
        provinces=provinces,
        game="ricewars",
        attributes={
            "side": side.id.removeprefix("ricewars-"),
            "rounds": len(side.round_track),
            "round_track": [list(r) for r in side.round_track],
            "start_peasants": side.start_peasants,
            "players": list(side.players),
        },
    )


def check(mapfile: MapFile) -> list[str]:
    """Problems that keep the board from shipping (empty when fine)."""
    problems = [f"{i.code}: {i.message}" for i in validate(mapfile) if i.severity == "error"]
    graph = derive(mapfile).graph
    seen, stack = {graph.provinces[0].id}, [graph.provinces[0]]
    by_id = {p.id: p for p in graph.provinces}
    while stack:
        for q in stack.pop().neighbors:
            if q not in seen:
                seen.add(q)
                stack.append(by_id[q])
    if len(seen) != len(graph.provinces):
        problems.append("the board is not connected")
    return problems


def graph_json(mapfile: MapFile) -> str:
    """The board's derived graph as JSON, for `daimyo bench ricewars` (engine/ cannot use
    maps/): ids, names, neighbours, attributes and the map's hash."""
    graph = derive(mapfile).graph
    data = {
        "id": graph.id,
        "name": graph.name,
        "hash": graph.hash,
        "attrs": dict(graph.attrs),
        "provinces": [
            {
                "id": p.id,
                "name": p.name,
                "neighbors": list(p.neighbors),
                "attrs": {k: v for k, v in p.attrs.items() if k != "label"},
            }
            for p in graph.provinces
        ],
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (or with --check verify) both shipped Rice Wars boards."""
    parser = argparse.ArgumentParser(prog="python -m maps.tools.build_ricewars")
    parser.add_argument("--check", action="store_true", help="only verify the shipped files")
    args = parser.parse_args(argv)
    status = 0
    for side in SIDES:
        mapfile = build(side)
        problems = check(mapfile)
        for p in problems:
            print(f"{side.id}: {p}", file=sys.stderr)
        if problems:
            status = 1
            continue
        path = DATA / f"{side.id}.yaml"
        graph_path = GRAPHS / f"{side.id}.graph.json"
        if args.check:
            for p, text in ((path, dump_map(mapfile)), (graph_path, graph_json(mapfile))):
                if not p.is_file() or p.read_text(encoding="utf-8") != text:
                    print(f"{p}: differs from what the builder makes; rerun it", file=sys.stderr)
                    status = 1
        else:
            save_map(mapfile, path)
            atomic_write_text(graph_path, graph_json(mapfile))
            print(f"wrote {path} and {graph_path.name} ({len(mapfile.provinces)} fields)")
    return status


if __name__ == "__main__":
    sys.exit(main())
