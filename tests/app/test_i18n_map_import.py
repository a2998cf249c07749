"""A GeoJSON import (`maps.convert`) tells what it changed or left out, and why a file
cannot be imported, in the person's language (`engine.words.Words`, said when read)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app import i18n
from maps.convert import geojson_to_map, import_geojson
from maps.errors import MapError
from tests.app.po_files import PseudoTranslations
from tests.app.test_i18n_pseudo import bare


def square(x: float, fid: str) -> dict:
    ring = [[x, 0], [x + 10, 0], [x + 10, 10], [x, 10], [x, 0]]
    return {
        "type": "Feature",
        "properties": {"id": fid, "name": fid.upper()},
        "geometry": {"type": "Polygon", "coordinates": [ring]},
    }


ROAD = {
    "type": "Feature",
    "properties": {"id": "road"},
    "geometry": {"type": "LineString", "coordinates": [[0, 0], [20, 10]]},
}
COLLECTION = {"type": "FeatureCollection", "features": [square(0, "a"), square(10, "b"), ROAD]}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_an_import_report_is_said_in_the_pseudo_language_and_in_german() -> None:
    # Given two provinces and a road (no polygon) imported from GeoJSON
    result = geojson_to_map(COLLECTION)
    # When its report is read in the test locale that marks every message
    i18n.install(PseudoTranslations(), "xx")
    for text in [*result.notes, result.summary()]:
        # Then every word is marked but the ids and the geometry's GeoJSON name
        left = text.replace("'road'", " ").replace("LineString", " ")
        assert "⟦" in left and not bare(left), text
    # And in German the road's note and the count read so
    i18n.set_language("de")
    assert result.notes[0] == (
        "Objekt 3 ('road'): übersprungen, seine Geometrie ist LineString, nicht Polygon oder "
        "MultiPolygon"
    )
    assert result.summary() == "1 Objekt übersprungen"


def test_a_file_that_is_no_geojson_is_refused_in_portuguese(tmp_path: Path) -> None:
    # Given a JSON file that holds a list, not a FeatureCollection
    path = tmp_path / "list.geojson"
    path.write_text(json.dumps([1, 2]), encoding="utf-8")
    # When it is imported while the program speaks Portuguese
    i18n.set_language("pt")
    with pytest.raises(MapError) as refused:
        import_geojson(path)
    # Then the file, the problem and the fix are Portuguese
    assert str(refused.value) == (
        f"{path}: o arquivo não é uma FeatureCollection GeoJSON; o objeto do topo precisa de "
        '"type": "FeatureCollection" e "features"'
    )
