"""The drawn map: province names stay inside their provinces (app.board.scene)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from app.board.maps_cache import map_geometry
from app.board.scene import MapScene


def letters(scene: MapScene, pid: str) -> QRectF:
    """The box of a province name's letters in the scene (the halo left out)."""
    item = scene.names[pid]
    box = item.mapRectToScene(item.childrenBoundingRect())
    halo = scene.unit * 2.1 * 0.14 * item.scale()
    return box.adjusted(halo, halo, -halo, -halo)


def test_names_of_two_thin_fields_one_above_the_other_do_not_overlap(qapp) -> None:
    # Given the quick Rice Wars map, where Tsukihara lies right above Kurono, both thin
    from maps.api import shipped_map_path

    geometry = map_geometry(Path(shipped_map_path("ricewars-quick")))
    scene = MapScene(geometry)
    ids = {p.name: p.id for p in geometry.mapfile.provinces}
    upper, lower = ids["Tsukihara"], ids["Kurono"]
    # Then each name is drawn inside its own field, smaller than full size, and the two
    # names do not overlap
    for pid in (upper, lower):
        shape = scene.province_items[pid].path()
        assert shape.contains(letters(scene, pid).center())
        assert scene.names[pid].scale() < 1.0
    assert not letters(scene, upper).intersects(letters(scene, lower))
    # and a roomy field keeps its name at full size above its label point
    roomy = scene.names[ids["Tsukita"]]
    assert roomy.scale() == 1.0
    assert roomy.pos().y() < scene.labels[ids["Tsukita"]].y()


def test_every_rokugan_name_is_centred_inside_its_province(qapp, rokugan_geometry) -> None:
    scene = MapScene(rokugan_geometry)
    for pid in scene.names:
        shape = scene.province_items[pid].path()
        assert shape.contains(letters(scene, pid).center()), pid


def test_a_suggestions_ring_passes_under_the_names_a_flash_over_them(
    qapp, rokugan_geometry
) -> None:
    # Given the Rokugan board with every province ringed as a hint and as a log line's flash
    scene = MapScene(rokugan_geometry)
    white = QColor("#ffffff")
    provinces = [(pid, white, "") for pid in scene.province_items]
    hint = scene.set_marks("suggestion-hint", provinces)
    flash = scene.set_marks("flash", provinces)
    # Then no hint ring is drawn over a name (a name may lie across a province's edge),
    # while a flash, gone in a moment, stands over everything
    names = [name.zValue() for name in scene.names.values()]
    assert hint and max(ring.zValue() for ring in hint) < min(names)
    assert flash and min(ring.zValue() for ring in flash) > max(names)
