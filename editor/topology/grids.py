"""Square and hex grids of provinces sharing their vertices."""

from __future__ import annotations

import math

from app import i18n
from editor.topology.geometry import Point, clean_point
from editor.topology.model import Edit, Face, Province, TopologyError, TopoModel, Txn, VertexIndex


def add_grid(
    m: TopoModel,
    kind: str,
    rows: int,
    cols: int,
    size: float,
    origin: Point = (0.0, 0.0),
    prefix: str = "",
) -> Edit:
    """Add a square or hex ("square" | "hex") grid of provinces sharing their vertices.

    `size` is a square's side or a hexagon's circumradius (pointy-top hexagons, odd rows
    shifted right by half a hexagon). Cells are named r<row>c<col> (1-based).
    `edit.result` is the list of new province ids.
    """
    if rows < 1 or cols < 1 or size <= 0:
        raise TopologyError(i18n._("a grid needs at least one row, one column and a positive size"))
    if kind not in ("square", "hex"):
        raise TopologyError(
            i18n._("unknown grid kind {kind} (square or hex)").format(kind=repr(kind))
        )
    cells = _grid_cells(kind, rows, cols, size, origin)
    with Txn(m, f"add {kind} grid") as txn:
        index = VertexIndex(m, 1e-9 * max(size, 1.0), txn)
        new_ids = []
        for (r, c), corners in cells:
            pid = m.unique_id(f"{prefix}r{r + 1}c{c + 1}", new_ids)
            ring = tuple(index.vertex(clean_point(p)) for p in corners)
            txn.set_province(pid, Province(pid, pid, Face(ring), {}))
            new_ids.append(pid)
        return txn.commit(new_ids)


def _grid_cells(
    kind: str, rows: int, cols: int, size: float, origin: Point
) -> list[tuple[tuple[int, int], list[Point]]]:
    ox, oy = origin
    cells = []
    for r in range(rows):
        for c in range(cols):
            if kind == "square":
                x, y = ox + c * size, oy + r * size
                corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
            else:
                w = math.sqrt(3) * size
                cx = ox + w / 2 + c * w + (w / 2 if r % 2 else 0)
                cy = oy + size + r * 1.5 * size
                corners = [
                    (
                        cx + size * math.cos(math.radians(-90 + 60 * k)),
                        cy + size * math.sin(math.radians(-90 + 60 * k)),
                    )
                    for k in range(6)
                ]
            cells.append(((r, c), corners))
    return cells


def grid_size(kind: str, rows: int, cols: int, size: float) -> tuple[float, float]:
    """Width and height of the cells of a grid `add_grid` would lay out."""
    if kind == "square":
        return cols * size, rows * size
    w = math.sqrt(3) * size * (cols + (0.5 if rows > 1 else 0))
    return w, size * (1.5 * rows + 0.5)
