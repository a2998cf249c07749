"""Targets that never collide: every legal place has its own hit area, laid out from the
geometry, on every shipped map and a generated 200-province map, at fit zoom."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF

from app.board.maps_cache import map_geometry
from app.board.scene import NAME_SIZE, MapScene
from app.board.view import BoardView
from app.games.rokugan.view import LEAST_NAME, STATUS_ROW
from tests import long_runs

maps_api = pytest.importorskip("maps.api")


def letters(scene: MapScene, pid: str) -> QRectF:
    """The box of a province name's letters on the scene (the halo left out)."""
    item = scene.names[pid]
    box = item.mapRectToScene(item.childrenBoundingRect())
    halo = scene.unit * NAME_SIZE * 0.14 * item.scale()
    return box.adjusted(halo, halo, -halo, -halo)


def discs(view: BoardView, scene: MapScene) -> dict[str, tuple[float, float, float]]:
    """Every spot's hit area on the screen at the view's zoom: (x, y, radius) in pixels."""
    out = {}
    to_screen = view.viewportTransform()  # floating-point: no rounding to whole pixels
    for key, spot in {**scene.centre_spots, **scene.target_spots}.items():
        centre = to_screen.map(spot.scenePos())
        radius = spot.radius * to_screen.m11()
        out[key] = (centre.x(), centre.y(), radius)
    return out


def circle_hits_rect(x: float, y: float, r: float, rect: QRectF) -> bool:
    dx = max(rect.left() - x, 0.0, x - rect.right())
    dy = max(rect.top() - y, 0.0, y - rect.bottom())
    return math.hypot(dx, dy) < r


def check_layout(geometry, qtbot, least_name: float = LEAST_NAME) -> None:
    # Given the map laid out for a game (names kept legible) and fitted in a board of a
    # 1280 × 720 window
    scene = MapScene(
        geometry,
        status_row=STATUS_ROW,
        ownership=True,
        show_defense=False,
        least_name=least_name,
    )
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(710, 650)
    view.setScene(scene)
    view.show()
    view.fit()
    # Then every legal place has a spot: each centre, each border both ways, each coast
    expected = {p.id for p in geometry.mapfile.provinces}
    for border_id, border in geometry.land_borders.items():
        expected |= {f"{border_id} ->{target}" for target in border.provinces}
    expected |= set(geometry.coastal_borders)
    hit = discs(view, scene)
    assert set(hit) == expected
    # And no two hit areas overlap
    items = sorted(hit.items(), key=lambda kv: kv[1][0])
    for i, (key, (x, y, r)) in enumerate(items):
        assert r > 0, key
        for other, (x2, y2, r2) in items[i + 1 :]:
            if x2 - x > r + r2:
                break
            assert math.hypot(x - x2, y - y2) >= r + r2 - 1e-6, (key, other)
    # And no hit area covers a name's letters
    to_screen = view.viewportTransform()
    names = {pid: to_screen.mapRect(letters(scene, pid)) for pid in scene.names}
    for key, (x, y, r) in hit.items():
        for pid, rect in names.items():
            assert not circle_hits_rect(x, y, r, rect), (key, pid)
    # And a name set apart from its block (legible over a small province's edges)
    # covers no other name, plate or icons
    boxes = [
        (pid, QRectF(b.cx - b.hw, b.cy - b.hh, 2 * b.hw, 2 * b.hh))
        for pid, block in scene.layout.blocks.items()
        for b in block.boxes()
    ]
    for pid, block in scene.layout.blocks.items():
        if block.name is None:
            continue
        mine = letters(scene, pid)
        for other, rect in boxes:
            if other != pid:
                assert not mine.intersects(rect), (pid, other)
    # And each centre lies inside its own province
    for pid, spot in scene.centre_spots.items():
        assert scene.province_items[pid].path().contains(spot.scenePos()), pid


@pytest.mark.parametrize("map_id", ["rokugan", "ricewars-quick", "ricewars-epic"])
def test_targets_of_every_shipped_map_never_collide(qapp, qtbot, map_id) -> None:
    check_layout(map_geometry(Path(maps_api.shipped_map_path(map_id))), qtbot)


@pytest.mark.skipif(
    not long_runs.long_run(),
    reason="the long variant (--long): the 60-province map below runs in make test",
)
def test_targets_of_a_generated_200_province_map_never_collide(qapp, qtbot) -> None:
    from maps.bench import voronoi_map
    from maps.geometry import derive

    # names as small as the provinces make them: 200 legible names cover such a map,
    # and its targets then take three times as long to find room
    check_layout(derive(voronoi_map(200, seed=5)), qtbot, least_name=0.0)


def test_targets_and_legible_names_of_a_generated_60_province_map_never_collide(
    qapp, qtbot
) -> None:
    from maps.bench import voronoi_map
    from maps.geometry import derive

    check_layout(derive(voronoi_map(60, seed=5)), qtbot)


def test_a_name_set_apart_gives_way_to_a_place_that_finds_no_room_near_it(
    qapp, rokugan_geometry, monkeypatch
) -> None:
    from app.board import layout, scene

    # Given the Rokugan map, and a place in Takanosu that finds no room the first time
    ids = {p.name: p.id for p in rokugan_geometry.mapfile.provinces}
    cramped = ids["Takanosu"]
    real = layout.place_targets
    apart: list[set[str]] = []

    def targets(geometry, shapes, boundaries, blocks, *args):
        found, missing = real(geometry, shapes, boundaries, blocks, *args)
        apart.append({pid for pid, block in blocks.items() if block.name is not None})
        return found, ({cramped} if len(apart) == 1 else missing)

    monkeypatch.setattr(layout, "place_targets", targets)
    monkeypatch.setattr(scene, "_LAYOUTS", {})
    # When it is laid out with legible names
    laid = MapScene(rokugan_geometry, status_row=STATUS_ROW, least_name=LEAST_NAME).layout
    # Then Takanosu's name, set apart at first, goes back to its block, and the targets
    # are found again; names far from it stay legible
    assert len(apart) == 2 and cramped in apart[0]
    assert cramped not in apart[1] and laid.blocks[cramped].name is None
    assert apart[1] and apart[1] < apart[0]


def test_a_border_target_lies_by_its_border_in_the_attacking_province(qapp, rokugan_geometry):
    import shapely

    scene = MapScene(rokugan_geometry, status_row=STATUS_ROW, ownership=True)
    for border_id, border in rokugan_geometry.land_borders.items():
        a, b = border.provinces
        line = shapely.MultiLineString([list(c) for c in border.coords])
        for target, source in ((b, a), (a, b)):
            spot = scene.target_spots[f"{border_id} ->{target}"]
            at = spot.scenePos()
            # inside the province it attacks from, near the shared edge
            assert scene.province_items[source].path().contains(at), border_id
            point = shapely.Point(at.x(), at.y())
            assert line.distance(point) < spot.radius * 4, border_id
            # its arrow pointing across the edge, into the province attacked
            ahead = [at + QPointF(*spot.direction) * spot.radius * k * 0.5 for k in range(12)]
            target_path = scene.province_items[target].path()
            assert any(target_path.contains(p) for p in ahead), border_id
