"""Editor operations in random order (fixed seeds): the map stays valid or validation says
what is wrong, a refused operation changes nothing, and undoing every edit gives back the
original map exactly.

The short run is part of `make test`; `--long` runs fifty more seeds of more steps each,
`--hunt-seed S` other seeds (tests/long_runs.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest
import shapely

from editor.fixes import fix_for, near_miss_tolerance, topology_issues
from editor.topology import PROVINCE, SEA, Edit, TopologyError, TopoMap, hex_grid
from maps.validate import validate
from tests import long_runs

LONG_SEEDS = 50  # in a long run, of 300 steps each

Operation = Callable[[TopoMap, random.Random], Edit | None]


def start_map() -> TopoMap:
    """A 3 × 4 hex grid with a territory and a sea along its south side."""
    m = hex_grid(3, 4, 10, margin=12)
    ids = sorted(m.provinces)
    m.add_territory("west", "West", "#8fbf6a")
    for pid in ids[: len(ids) // 2]:
        m.assign(pid, "west")
    _, _, w, h = m.extent()
    m.add_sea([(0, h - 10), (w, h - 10), (w, h), (0, h)], sea_id="south", name="South Sea")
    return m


# ---------------------------------------------------------------------------- operations


def _vertex(m: TopoMap, rng: random.Random) -> int:
    return rng.choice(sorted(m.vertices))


def _edge(m: TopoMap, rng: random.Random) -> tuple[int, int]:
    return rng.choice(sorted(m.edges()))


def _province(m: TopoMap, rng: random.Random) -> str:
    if not m.provinces:
        raise TopologyError("no province left")
    return rng.choice(sorted(m.provinces))


def _point(m: TopoMap, rng: random.Random) -> tuple[float, float]:
    x0, y0, x1, y1 = m.extent()
    return (round(rng.uniform(x0, x1), 2), round(rng.uniform(y0, y1), 2))


def _blob(m: TopoMap, rng: random.Random, radius: float) -> list[tuple[float, float]]:
    cx, cy = _point(m, rng)
    n = rng.randint(3, 7)
    return [
        (
            round(cx + radius * rng.uniform(0.5, 1) * math.cos(2 * math.pi * k / n), 2),
            round(cy + radius * rng.uniform(0.5, 1) * math.sin(2 * math.pi * k / n), 2),
        )
        for k in range(n)
    ]


def move_small(m: TopoMap, rng: random.Random) -> Edit:
    v = _vertex(m, rng)
    x, y = m.vertices[v]
    return m.move_vertex(v, (x + rng.uniform(-1, 1), y + rng.uniform(-1, 1)))


def move_far(m: TopoMap, rng: random.Random) -> Edit:
    """A drag across neighbours: outlines may cross (validation must say so)."""
    v = _vertex(m, rng)
    x, y = m.vertices[v]
    return m.move_vertex(v, (x + rng.uniform(-15, 15), y + rng.uniform(-15, 15)))


def insert(m: TopoMap, rng: random.Random) -> Edit:
    a, b = _edge(m, rng)
    return m.insert_vertex(a, b)


def remove(m: TopoMap, rng: random.Random) -> Edit:
    return m.remove_vertex(_vertex(m, rng))


def weld(m: TopoMap, rng: random.Random) -> Edit:
    return m.weld_vertices(_vertex(m, rng), _vertex(m, rng))


def split(m: TopoMap, rng: random.Random) -> Edit:
    pid = _province(m, rng)
    c = m.polygon((PROVINCE, pid, 0)).representative_point()
    angle = rng.uniform(0, math.pi)
    dx, dy = 30 * math.cos(angle), 30 * math.sin(angle)
    return m.split_province(pid, [(c.x - dx, c.y - dy), (c.x + dx, c.y + dy)])


def merge(m: TopoMap, rng: random.Random) -> Edit:
    pid = _province(m, rng)
    ring = m.provinces[pid].face.outer
    others = sorted(
        {r[1] for v in ring for r in m.faces_using(v) if r[0] == PROVINCE and r[1] != pid}
    )
    if not others:
        raise TopologyError("no neighbour")
    return m.merge_provinces(pid, rng.choice(others))


def draw_province(m: TopoMap, rng: random.Random) -> Edit:
    return m.add_province(_blob(m, rng, 8), snap_radius=rng.choice([0, 1]), clip=rng.random() < 0.5)


def draw_sea(m: TopoMap, rng: random.Random) -> Edit:
    return m.add_sea(_blob(m, rng, 8), snap_radius=1, sea_id=rng.choice([None, "south"]))


def hole(m: TopoMap, rng: random.Random) -> Edit:
    return m.cut_hole(_blob(m, rng, 3), lake=rng.choice([None, "lake"]))


def delete(m: TopoMap, rng: random.Random) -> Edit:
    refs = [ref for ref, _ in m.faces()]
    if not refs:
        raise TopologyError("nothing to delete")
    return m.remove_face(rng.choice(refs))


def rename(m: TopoMap, rng: random.Random) -> Edit:
    pid = _province(m, rng)
    choice = rng.randrange(3)
    if choice == 0:
        return m.update_province(pid, name=f"Name {rng.randrange(100)}")
    if choice == 1:
        return m.update_province(pid, new_id=rng.choice([f"Q{rng.randrange(20)}", *m.provinces]))
    return m.update_province(pid, attrs={"flowers": rng.choice([None, 1, 2])})


def territories(m: TopoMap, rng: random.Random) -> Edit:
    choice = rng.randrange(4)
    tids = [t.id for t in m.territories]
    if choice == 0 or not tids:
        return m.add_territory(rng.choice(["east", "west", "north"]), "T", "#c77d7d")
    if choice == 1:
        return m.assign(_province(m, rng), rng.choice([*tids, None]))
    if choice == 2:
        return m.update_territory(rng.choice(tids), name="Renamed", new_id=rng.choice(tids + ["x"]))
    return m.remove_territory(rng.choice(tids))


def grid(m: TopoMap, rng: random.Random) -> Edit:
    return m.add_grid(rng.choice(["square", "hex"]), 2, 2, 5, _point(m, rng), prefix="g")


def fix_issue(m: TopoMap, rng: random.Random) -> Edit | None:
    """A one-click fix of a listed issue, as the validation panel offers it."""
    issues = validate(m.to_mapfile()) + topology_issues(m)
    fixes = [f for f in (fix_for(i, m) for i in issues) if f is not None]
    if not fixes:
        return m.fix_near_misses(near_miss_tolerance(m))  # refused when nothing is near
    _, operation, args = rng.choice(fixes)
    return getattr(m, operation)(*args)


OPERATIONS: tuple[Operation, ...] = (
    move_small,
    move_small,
    move_far,
    insert,
    remove,
    weld,
    split,
    merge,
    draw_province,
    draw_sea,
    hole,
    delete,
    rename,
    territories,
    grid,
    fix_issue,
)


# ---------------------------------------------------------------------------- the checks


def check_consistent(m: TopoMap) -> None:
    """Every ring names known vertices; every territory lists known provinces."""
    for _, face in m.faces():
        for ring in face.rings():
            assert len(ring) >= 3 and all(v in m.vertices for v in ring)
    for t in m.territories:
        assert all(pid in m.provinces for pid in t.provinces), t


def check_reported(m: TopoMap) -> None:
    """Validation runs, and every outline that is not a valid polygon is one of its errors."""
    mapfile = m.to_mapfile()
    issues = validate(mapfile)
    topology_issues(m)
    with_errors = {pid for i in issues if i.severity == "error" for pid in i.provinces}
    for pid in m.provinces:
        if not shapely.is_valid(m.polygon((PROVINCE, pid, 0))):
            assert pid in with_errors, f"province {pid!r} is invalid but not reported"
    if not m.provinces:
        assert any(i.code == "no_provinces" for i in issues)


def run(seed: int, steps: int) -> int:
    """Random operations on the start map; returns how many changed it."""
    rng = random.Random(seed)
    m = start_map()
    original = m.to_dict()
    edits: list[Edit] = []
    for step in range(steps):
        operation = rng.choice(OPERATIONS)
        before = m.to_dict()
        try:
            edit = operation(m, rng)
        except TopologyError:
            # a refused operation leaves the map exactly as it was
            assert m.to_dict() == before, (seed, step, operation.__name__)
            continue
        if edit is None or edit.is_empty():
            continue
        edits.append(edit)
        check_consistent(m)
        if step % 3 == 0 or operation in (move_far, fix_issue):
            check_reported(m)
        after = m.to_dict()
        edit.undo(m)
        assert m.to_dict() == before, (seed, step, operation.__name__, "undo")
        edit.redo(m)
        assert m.to_dict() == after, (seed, step, operation.__name__, "redo")
    check_reported(m)
    for edit in reversed(edits):
        edit.undo(m)
    assert m.to_dict() == original, seed
    return len(edits)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_operations_stay_valid_or_reported_and_undo_exactly(seed: int) -> None:
    assert run(seed + long_runs.seed_shift(), 60) > 20


@pytest.mark.skipif(not long_runs.long_run(), reason="a long variant: --long")
def test_random_operations_long_run() -> None:
    for seed in range(LONG_SEEDS):
        run(1000 + seed + long_runs.seed_shift(), 300)


def test_the_operations_cover_seas_and_provinces() -> None:
    # The start map has both kinds of face, so deletions and holes reach each
    kinds = {ref[0] for ref, _ in start_map().faces()}
    assert kinds == {PROVINCE, SEA}


@pytest.mark.parametrize("operation", ["add_sea", "add_province", "cut_hole"])
def test_drawing_over_crossed_outlines_is_refused_and_changes_nothing(operation: str) -> None:
    # Given the tiny map with A and B's shared corner (100, 10) dragged to (120, 95):
    # both outlines now cross
    from tests.editor.test_topology import tiny

    m = TopoMap.from_dict(tiny())
    corner = next(v for v, xy in m.vertices.items() if xy == (100, 10))
    m.move_vertex(corner, (120, 95))
    before = m.to_dict()
    # When an outline is drawn over them
    with pytest.raises(TopologyError, match="the outlines around it cross or overlap"):
        getattr(m, operation)([(60, 0), (190, 0), (190, 100), (60, 100)])
    # Then it is refused with the reason (not a geometry engine's exception), map unchanged
    assert m.to_dict() == before
