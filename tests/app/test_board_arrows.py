"""Every border arrow on the shipped maps points from the attacker's side into the province it
attacks (`app.board.layout` places it, `app.board.scene.arrow_mark` draws it), and is drawn
so that it reads one way only.

The boards as their games lay them out: Rokugan and Rice Wars' quick map here, Rice Wars'
epic map (ten seconds) with `--long` (or DAIMYO_LONG=1).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import shapely
from PySide6.QtWidgets import QGraphicsPathItem

from app.board.maps_cache import map_geometry
from app.board.scene import MapScene, Spot
from app.board.shapes import COAST, LAND
from app.games.ricewars.board import PLATE
from app.games.rokugan.view import LEAST_NAME, STATUS_ROW
from tests import long_runs

LONG = long_runs.long_run()
BOARDS = [
    pytest.param("rokugan", id="rokugan"),
    pytest.param("ricewars-quick", id="ricewars-quick"),
    pytest.param(
        "ricewars-epic",
        id="ricewars-epic",
        marks=pytest.mark.skipif(not LONG, reason="ten seconds: --long"),
    ),
]


def board(map_id: str) -> MapScene:
    """The map's scene as its game lays it out."""
    from maps.api import shipped_map_path

    geometry = map_geometry(Path(shipped_map_path(map_id)))
    if map_id == "rokugan":
        return MapScene(
            geometry, STATUS_ROW, ownership=True, show_defense=False, least_name=LEAST_NAME
        )
    return MapScene(geometry, status_row=PLATE)


def first_province_ahead(scene: MapScene, spot: Spot, own: set[str]) -> str | None:
    """The first province other than `own` that the arrow's ray from the spot enters."""
    dx, dy = spot.direction
    x, y = spot.pos().x(), spot.pos().y()
    reach = scene.extent.width() + scene.extent.height()
    ray = shapely.LineString([(x, y), (x + dx * reach, y + dy * reach)])
    start = shapely.Point(x, y)
    ahead: list[tuple[float, str]] = []
    for pid, shape in scene.geometry.shapes.items():
        if pid in own or shape is None or not ray.intersects(shape):
            continue
        ahead.append((start.distance(ray.intersection(shape)), pid))
    return min(ahead)[1] if ahead else None


@pytest.mark.parametrize("map_id", BOARDS)
def test_every_border_arrow_points_from_the_attacker_into_its_target(qapp, map_id: str) -> None:
    # Given a shipped map's board
    scene = board(map_id)
    shapes = scene.geometry.shapes
    wrong = []
    for key, spot in scene.target_spots.items():
        target = scene.target(key)
        assert target is not None and target.kind in (LAND, COAST)
        x, y = spot.pos().x(), spot.pos().y()
        own = {pid for pid, s in shapes.items() if s is not None and shapely.contains_xy(s, x, y)}
        # Then a land spot lies in the attacking province (a coast's in the sea or on the
        # shore), never in its target,
        attacker = key.split(" ->")[0].split("|") if target.kind == LAND else []
        attacker = [pid for pid in attacker if pid != target.province]
        assert target.province not in own, key
        assert own == set(attacker) or target.kind == COAST, key
        # and the first province its arrow enters is the one it attacks
        if first_province_ahead(scene, spot, own) != target.province:
            wrong.append(key)
    assert wrong == []


@pytest.mark.parametrize("map_id", BOARDS[:1])
def test_every_arrow_is_drawn_pointing_one_way_along_its_direction(qapp, map_id: str) -> None:
    # Given a board's border spots and the arrows drawn in them
    scene = board(map_id)
    for key, spot in scene.target_spots.items():
        [mark] = [item for item in spot.childItems() if isinstance(item, QGraphicsPathItem)]
        path = mark.path()
        points = [path.elementAt(i) for i in range(path.elementCount())]
        dx, dy = spot.direction
        along = [p.x * dx + p.y * dy for p in points]
        across = [p.y * dx - p.x * dy for p in points]
        tip = points[along.index(max(along))]
        # Then its tip lies ahead on the line of its direction, inside the spot,
        assert max(along) > 0 and abs(tip.y * dx - tip.x * dy) < 1e-6 * spot.radius, key
        assert math.hypot(tip.x, tip.y) < spot.radius, key
        # and it is clearly longer than wide (a bare triangle reads as pointing anywhere)
        length, width = max(along) - min(along), max(across) - min(across)
        assert length >= 1.5 * width, key
