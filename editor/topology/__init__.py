"""A map as shared topology: one vertex table, provinces and seas as rings of vertex ids.

Neighbouring provinces reference the same vertex ids along their common border, so moving a
vertex moves it in every polygon that uses it, and inserting a vertex on an edge inserts it
into every polygon that has that edge. No Qt here: the editor's Qt layer only shows a
`TopoMap` and forwards user gestures to its operations (by name, see
`editor.document.MapDocument.run`). Every operation returns an `Edit` that undoes and redoes
it exactly; a refused one raises `TopologyError` and leaves the map unchanged.

Where things are:

* `model` - the shared-vertex model: `TopoModel` (vertices, provinces, seas, territories,
  map keys; the file form; queries), the value types (`Face`, `Province`, `Sea`,
  `Territory`, `Snap`), `Edit` and the `Txn` every operation records into.
* `snapping` - where a pointer lands (vertex, edge, free); drawn outlines following a border.
* `vertices` - move, insert, remove, weld vertices; the near-miss fixes.
* `drawing` - add a province or a sea, cut holes, bays and lakes.
* `overlay` - noding and boolean operations on faces sharing vertices (used by drawing and
  removal).
* `split_merge` - split a province or sea part along a cut; merge neighbours.
* `removal` - delete provinces (the sea takes the land back) and sea parts.
* `attributes` - names, ids, map keys, territories and membership.
* `grids` - square and hex grids of provinces.
* `geometry` and `conversion` - plane helpers, and a `MapFile` as the map dict.

`TopoMap` below is the model with every operation as a method (each is a plain function
of its module, taking the map first).
"""

from __future__ import annotations

from editor.topology import (
    attributes,
    drawing,
    grids,
    removal,
    snapping,
    split_merge,
    vertices,
)
from editor.topology.geometry import Point, Ring
from editor.topology.model import (
    PROVINCE,
    SEA,
    Edit,
    Face,
    FaceRef,
    Province,
    Sea,
    Snap,
    Territory,
    TopologyError,
    TopoModel,
)

__all__ = [
    "PROVINCE",
    "SEA",
    "Edit",
    "Face",
    "FaceRef",
    "Point",
    "Province",
    "Ring",
    "Sea",
    "Snap",
    "Territory",
    "TopoMap",
    "TopoModel",
    "TopologyError",
    "hex_grid",
    "square_grid",
]


class TopoMap(TopoModel):
    """A whole map in shared-topology form, with the editing operations.

    `m.op(...)` is `op(m, ...)` of the module named in the comment above it.
    """

    # snapping
    snap = snapping.snap
    can_join_edge = snapping.can_join_edge
    # vertices
    move_vertex = vertices.move_vertex
    move_vertex_onto = vertices.move_vertex_onto
    move_vertices = vertices.move_vertices
    insert_vertex = vertices.insert_vertex
    remove_vertex = vertices.remove_vertex
    weld_vertices = vertices.weld_vertices
    can_weld = vertices.can_weld
    snap_vertex_to_edge = vertices.snap_vertex_to_edge
    drop_duplicate_vertices = vertices.drop_duplicate_vertices
    fix_near_misses = vertices.fix_near_misses
    has_near_misses = vertices.has_near_misses
    # drawing
    add_province = drawing.add_province
    add_sea = drawing.add_sea
    cut_hole = drawing.cut_hole
    # split_merge
    split_province = split_merge.split_province
    split_sea = split_merge.split_sea
    merge_provinces = split_merge.merge_provinces
    merge_sea_parts = split_merge.merge_sea_parts
    # removal
    remove_province = removal.remove_province
    remove_sea_part = removal.remove_sea_part
    remove_face = removal.remove_face
    # attributes
    update_province = attributes.update_province
    update_sea = attributes.update_sea
    update_meta = attributes.update_meta
    add_territory = attributes.add_territory
    update_territory = attributes.update_territory
    remove_territory = attributes.remove_territory
    assign = attributes.assign
    # grids
    add_grid = grids.add_grid


def square_grid(rows: int, cols: int, size: float, margin: float = 0.0) -> TopoMap:
    """A new map holding a square grid (extent fitted around it with `margin`)."""
    return _grid_map("square", rows, cols, size, margin)


def hex_grid(rows: int, cols: int, size: float, margin: float = 0.0) -> TopoMap:
    """A new map holding a pointy-top hex grid (extent fitted around it with `margin`)."""
    return _grid_map("hex", rows, cols, size, margin)


def _grid_map(kind: str, rows: int, cols: int, size: float, margin: float) -> TopoMap:
    w, h = grids.grid_size(kind, rows, cols, size)
    m = TopoMap.new(f"{kind}-grid", f"{kind.title()} grid", w + 2 * margin, h + 2 * margin)
    m.add_grid(kind, rows, cols, size, (margin, margin))
    return m
