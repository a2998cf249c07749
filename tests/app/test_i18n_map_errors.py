"""A map file that cannot be loaded (`maps.io`: broken YAML, bad fields, unknown ids) is
explained in the person's language: `MapError` keeps the file, the line, the field, the
problem and the fix as `engine.words.Words`, said when the error is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from app import i18n
from maps.errors import MapError
from maps.io import load_map
from tests.app.po_files import PseudoTranslations
from tests.app.test_i18n_pseudo import bare
from tests.maps.builders import TINY_YAML

BROKEN = {
    "unknown field": TINY_YAML.replace("game: rokugan", "gmae: rokugan"),
    "missing field": TINY_YAML.replace("    name: Biwa\n", ""),
    "wrong type": TINY_YAML.replace("polygon: [[100, 10]", "polygon: [[yes, 10]"),
    "bad colour": TINY_YAML.replace('"#8fbf6a"', "green"),
    "unknown province": TINY_YAML.replace("provinces: [A, B]", "provinces: [A, B, C]"),
    "bad YAML": TINY_YAML.replace("name: Tiny Isle", "name: [Tiny Isle"),
    "repeated key": TINY_YAML.replace("    defense: 2\n", "    defense: 2\n    defense: 3\n"),
    "wrong format": TINY_YAML.replace("format: 1", "format: 7"),
    "empty sea": TINY_YAML.split("    polygons:")[0] + "    polygons: []\n",
    "no point": TINY_YAML.replace("label: [55, 50]", "label: [55]"),
    "anchor": TINY_YAML.replace("flowers: 2", "flowers: &two 2"),
    "tag": TINY_YAML.replace("flowers: 2", "flowers: !!python/int 2"),
}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def error_of(folder: Path, text: str) -> MapError:
    path = folder / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MapError) as raised:
        load_map(path)
    return raised.value


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_map_is_explained_in_the_pseudo_language(tmp_path: Path, case: str) -> None:
    # Given a map file broken in one way
    error = error_of(tmp_path, BROKEN[case])
    # When the error is read in the test locale that marks every message
    i18n.install(PseudoTranslations(), "xx")
    text = str(error).replace(str(tmp_path / "broken.yaml"), " ")
    # Then every word is marked but the ids, keys and values the file holds, and the YAML
    # parser's own words
    if case == "bad YAML":
        text = text.replace(error.problem.value("problem"), " ")
    values = ("'gmae'", "'C'", "'green'", "'defense'", "7", "Tiny", "Isle", "!!python/int")
    for value in values:
        text = text.replace(value, " ")
    assert "⟦" in text and not bare(text), text


def test_a_broken_map_speaks_german_and_portuguese(tmp_path: Path) -> None:
    # Given a territory that lists a province the map lacks
    error = error_of(tmp_path, BROKEN["unknown province"])
    path = tmp_path / "broken.yaml"
    # When it is read in German, then in Portuguese (one error, read twice)
    i18n.set_language("de")
    german = str(error)
    i18n.set_language("pt")
    portuguese = str(error)
    # Then each names the file, the line, the field and the fix in its language
    assert german == (
        f"{path}: Zeile 11: Territorium 'west': Feld 'provinces' nennt die unbekannte Provinz "
        "'C'; füge eine Provinz mit der ID 'C' hinzu oder entferne sie aus der Liste"
    )
    assert portuguese.startswith(
        f"{path}: linha 11: território 'west': campo 'provinces' cita a província desconhecida"
    )
