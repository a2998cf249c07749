"""Square and hex grids of provinces sharing their vertices (editor.topology.grids)."""

from __future__ import annotations

import pytest

from editor.topology import TopoMap, hex_grid, square_grid
from editor.topology.model import TopologyError
from tests.editor.test_topology import (
    assert_undo_redo,
    poly,
    shared_length,
)


def test_square_grid_shares_vertices() -> None:
    # When a 3x4 grid of 10-unit squares is generated
    m = square_grid(3, 4, 10)
    # Then there are 12 cells over a (3+1)x(4+1) lattice and neighbours share whole sides
    assert len(m.provinces) == 12
    assert len(m.vertices) == 20
    assert shared_length(m, "r1c1", "r1c2") == pytest.approx(10)
    assert shared_length(m, "r1c1", "r2c1") == pytest.approx(10)
    assert m.to_dict()["extent"] == [0, 0, 40, 30]


def test_hex_grid_cells_meet_along_whole_sides_without_overlap() -> None:
    # When a 3x4 pointy-top hex grid is generated
    m = hex_grid(3, 4, 10)
    polys = [poly(m, pid) for pid in m.provinces]
    # Then every hexagon is valid, none overlaps, and inner cells have six neighbours
    assert all(p.is_valid for p in polys)
    total = sum(p.area for p in polys)
    from shapely.ops import unary_union

    assert unary_union(polys).area == pytest.approx(total)
    neighbours = [q for q in m.provinces if q != "r2c2" and shared_length(m, "r2c2", q) > 1]
    assert len(neighbours) == 6
    assert all(shared_length(m, "r2c2", q) == pytest.approx(10) for q in neighbours)
    # And corners are shared: no vertex serves more than three cells, many serve three
    users = [len(m.faces_using(v)) for v in m.vertices]
    assert max(users) == 3 and users.count(3) == 12
    assert sum(users) == 6 * len(m.provinces)


def test_add_grid_is_one_undoable_edit() -> None:
    m = TopoMap.new("g", "G", 100, 100)
    before = m.to_dict()
    edit = m.add_grid("square", 2, 2, 10, origin=(5, 5))
    assert edit.result == ["r1c1", "r1c2", "r2c1", "r2c2"]
    assert_undo_redo(m, edit, before)
    with pytest.raises(TopologyError):
        m.add_grid("triangle", 2, 2, 10)
