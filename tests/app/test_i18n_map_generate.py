"""A generated map's names are the designer's words once saved, so the generator
(`maps.generate`) says them in the language the program speaks: the title, the seas, the
spare territories and the published territories, in Portuguese or German."""

from __future__ import annotations

import pytest

from app import i18n
from maps.generate import generate_map


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def names(mapfile) -> dict[str, str]:  # noqa: ANN001 - a MapFile
    """Territory id -> name, and the map's title and seas' names."""
    out = {t.id: t.name for t in mapfile.territories}
    out |= {s.id: s.name for s in mapfile.seas}
    return out | {"title": mapfile.name}


def test_a_map_generated_in_portuguese_is_named_in_portuguese() -> None:
    # Given a Rokugan map of 40 provinces, made in English and in Portuguese
    english = names(generate_map("rokugan", 40, seed=3))
    i18n.set_language("pt")
    portuguese = names(generate_map("rokugan", 40, seed=3))
    # Then the same places are named in Portuguese, the made-up place names unchanged
    assert english["crab"] == "Crab Clan" and portuguese["crab"] == "Clã do Caranguejo"
    assert portuguese["gold_neutral"] == "Planícies Douradas"
    assert portuguese["shadowlands_north"] == "Terras Sombrias do Norte"
    place = english["sea"].removesuffix(" Sea")
    assert english["sea"] == f"{place} Sea" and portuguese["sea"] == f"Mar de {place}"
    spare = [tid for tid in english if tid.startswith("lands")]
    assert spare  # 40 provinces: more territories than the clans' and the Golden Plains
    for tid in spare:
        place = english[tid].removesuffix(" Lands")
        assert portuguese[tid] == f"Terras de {place}"
    assert english["title"].endswith("(generated, seed 3)")
    assert portuguese["title"].endswith("(gerado, semente 3)")


def test_a_rice_wars_map_generated_in_german_has_german_seas() -> None:
    i18n.set_language("de")
    mapfile = generate_map("ricewars", seed=2)
    assert all(s.name.startswith("Meer von ") for s in mapfile.seas)
    assert mapfile.name.endswith("(erzeugt, Startwert 2)")
