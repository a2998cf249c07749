"""Where things go on a drawn map: each province's label block and every target's hit area.

A *block* is a province's name with the rows under it (flowers and capital, then a status
row a game fills with control tokens and defence); it is fitted inside its province at the
largest scale that leaves room for the province's centre target. A *target* is a legal
place a token can go, each with its own round hit area that covers no other target and no
name:

- the centre of a province (key: the province id), at the pole of inaccessibility of what
  the block leaves free;
- each land border in each direction (key `"A|B ->B"`: attacking B from A), inside the
  attacking province along the shared edge, its arrow pointing across it;
- each coast (key: the coastal border id `"A~k"`), in the sea off that stretch of coast
  (inside the province where the sea is too narrow), its arrow pointing ashore.

Targets are placed greedily, centres first, then borders by length (the shortest, most
cramped first): a candidate slides along its edge and shrinks until it collides with
nothing placed so far. Qt-free (shapely and plain maths), so any map can be laid out in a
test at any size; everything is in map (scene) units.

The rooms: `app.board.blocks` fits the blocks, `app.board.targets` places the targets,
`app.board.shapes` holds their parts and the grids that keep them apart, and
`app.board.labels` places the labels a battle shows for a while.
"""

from __future__ import annotations

from collections.abc import Mapping

import shapely
from shapely import Geometry

from app.board.blocks import fit_block, grow_names, legible_names
from app.board.shapes import GAP, Block, BoardLayout
from app.board.targets import place_targets
from maps.geometry import MapGeometry


def layout_board(
    geometry: MapGeometry,
    block_sizes: Mapping[str, tuple[float, float]],
    *,
    plate: tuple[float, float] | list[tuple[float, float]] | None = None,
    border_radius: float = 1.45,
    centre_radius: float = 2.1,
    unit: float | None = None,
    name_sizes: Mapping[str, tuple[float, float]] | None = None,
    least_name: float = 0.0,
) -> BoardLayout:
    """Lay out `geometry`: blocks of `block_sizes` (width, height at scale 1, map units),
    each with a `plate` (width, height, map units; or several shapes of it, the preferred
    first) beside it when given, and every target; radii are in `unit`s (a hundredth of
    the map's larger side). A plate keeps its full size as long as any block scale and
    shape lets it. With `least_name` (a block scale) and the names' own `name_sizes`
    (the top row of each block), a name the province squeezes below that scale is set
    apart at that scale, over the province's edges (see `legible_names`)."""
    plates = [plate] if isinstance(plate, tuple) else list(plate or [])
    mapfile = geometry.mapfile
    minx, miny, maxx, maxy = mapfile.extent
    u = unit if unit is not None else max(maxx - minx, maxy - miny) / 100.0
    shapes: dict[str, Geometry] = {}
    for pid, shape in geometry.shapes.items():
        if shape is None or shape.is_empty:
            continue
        shapely.prepare(shape)
        shapes[pid] = shape
    boundaries = {pid: shape.boundary for pid, shape in shapes.items()}
    for line in boundaries.values():
        shapely.prepare(line)
    gap = GAP * u
    blocks: dict[str, Block] = {}

    # 1. blocks (then the targets: `place_targets`)
    for pid, shape in shapes.items():
        label = geometry.labels.get(pid)
        if label is None:
            continue
        blocks[pid] = fit_block(
            pid,
            shape,
            label,
            block_sizes.get(pid, (0.0, 0.0)),
            plates,
            centre_radius * u,
            border_radius * u,
            gap,
        )
    grow_names(shapes, blocks, block_sizes, gap)
    squeezed = dict(blocks)
    if least_name and name_sizes:
        legible_names(shapes, blocks, block_sizes, name_sizes, least_name, gap, mapfile.extent)
    radii = (centre_radius * u, border_radius * u)
    targets, missing = place_targets(geometry, shapes, boundaries, blocks, radii, gap, u)
    # a name set apart never costs a place its target: the names near a place left
    # without one go back to their blocks (all of them, when that is not enough)
    while missing:
        apart = [pid for pid, block in blocks.items() if block.name is not None]
        reach = 3 * border_radius * u
        near = [
            pid
            for pid in apart
            if any(shapes[p].distance(blocks[pid].name.polygon()) < reach for p in missing)  # type: ignore[union-attr]
        ]
        if not near and not apart:
            break
        for pid in near or apart:
            blocks[pid] = squeezed[pid]
        targets, missing = place_targets(geometry, shapes, boundaries, blocks, radii, gap, u)
    return BoardLayout(u, blocks, targets)
