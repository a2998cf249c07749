"""Small hand-made maps with known answers, built in code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from maps.mapfile import MapFile, Province, Sea, SeaPolygon, Territory


def square(x: float, y: float, side: float = 10.0) -> list[tuple[float, float]]:
    """The ring of an axis-aligned square with its top-left corner at (x, y)."""
    return [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]


def make_map(
    provinces: list[Province],
    *,
    seas: list[Sea] | None = None,
    territories: list[Territory] | None = None,
    extent: tuple[float, float, float, float] = (0, 0, 100, 100),
    game: str = "any",
    one_territory: bool = True,
) -> MapFile:
    """A map of these provinces; by default one territory holds them all."""
    if territories is None:
        territories = (
            [Territory("all", "All", "#8fbf6a", [p.id for p in provinces])] if one_territory else []
        )
    return MapFile(
        id="test",
        name="Test",
        width_mm=200,
        height_mm=200,
        extent=extent,
        provinces=provinces,
        territories=territories,
        seas=seas or [],
        game=game,
    )


def province(pid: str, ring: list, holes: list | None = None, **attrs: Any) -> Province:
    """A province named after its id."""
    return Province(pid, f"Province {pid}", list(ring), list(holes or []), None, attrs)


def sea(sid: str, *rings: list, holes: list | None = None) -> Sea:
    """A sea of one or more polygons (holes apply to the first)."""
    parts = [SeaPolygon(list(r), []) for r in rings]
    if holes:
        parts[0].holes = list(holes)
    return Sea(sid, f"Sea {sid}", parts)


def grid(n: int = 3, side: float = 10.0, origin: float = 0.0) -> list[Province]:
    """An n×n grid of squares named by row letter and column: a0 a1 a2 / b0 b1 b2 / ..."""
    return [
        province(f"{chr(ord('a') + r)}{c}", square(origin + c * side, origin + r * side, side))
        for r in range(n)
        for c in range(n)
    ]


TINY_YAML = """\
format: 1
id: tiny
name: Tiny Isle
size: {width_mm: 200, height_mm: 100}
extent: [0, 0, 200, 100]
game: rokugan
territories:
  - id: west
    name: West
    colour: "#8fbf6a"
    provinces: [A, B]
provinces:
  - id: A
    name: Akagi
    polygon: [[10, 10], [100, 10], [100, 90], [10, 90]]
    label: [55, 50]
    flowers: 2
    capital: crab
    defense: 2
  - id: B
    name: Biwa
    polygon: [[100, 10], [190, 10], [190, 90], [100, 90]]
seas:
  - id: sea
    name: Inner Sea
    polygons:
      - polygon: [[0, 0], [200, 0], [200, 100], [0, 100]]
        holes: [[[10, 10], [190, 10], [190, 90], [10, 90]]]
"""


def dragged_across() -> Any:
    """The Rokugan map as the editor's TopoMap, with the vertex CRAB_C shares with SL_N and
    SL_S dragged across CRAB_C: outlines cross and overlap, though every province keeps its
    neighbours (the geometrically broken map of issue 28)."""
    from editor.topology import TopoMap
    from maps.api import load_map, shipped_map_path

    topo = TopoMap.from_mapfile(load_map(shipped_map_path("rokugan")))
    vid = next(
        v
        for v, refs in sorted(topo.usage().items())
        if {ref[1] for ref in refs} == {"CRAB_C", "SL_N", "SL_S"}
    )
    x, y = topo.vertices[vid]
    lx, ly = topo.label_point("CRAB_C")
    topo.move_vertex(vid, (lx + (lx - x) * 0.3, ly + (ly - y) * 0.3))
    return topo


def broken_rokugan(folder: Path) -> Path:
    """`dragged_across()` saved as broken.yaml in `folder`."""
    from maps.api import save_map

    path = folder / "broken.yaml"
    save_map(dragged_across().to_mapfile(), path)
    return path
