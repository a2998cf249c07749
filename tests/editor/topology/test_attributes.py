"""Names, ids, map keys and territories (editor.topology.attributes)."""

from __future__ import annotations

import pytest

from editor.topology import TopoMap
from editor.topology.model import TopologyError
from tests.editor.test_topology import (
    assert_undo_redo,
    tiny,
)


def test_update_province_sets_and_removes_attributes_with_undo() -> None:
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    edit = m.update_province(
        "B", name="Biwa-mura", attrs={"defense": 2, "shadowlands": True, "label": [150, 50]}
    )
    assert m.provinces["B"].name == "Biwa-mura"
    assert m.to_dict()["provinces"][1]["defense"] == 2
    assert_undo_redo(m, edit, before)
    m.update_province("A", attrs={"capital": None})
    assert "capital" not in m.provinces["A"].attrs


def test_renaming_a_province_id_keeps_its_place_and_territory() -> None:
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    edit = m.update_province("A", new_id="AKA")
    assert list(m.provinces) == ["AKA", "B"]
    assert m.territory("west").provinces == ("AKA", "B")
    assert_undo_redo(m, edit, before)
    with pytest.raises(TopologyError, match="already used"):
        m.update_province("AKA", new_id="B")


def test_territory_create_rename_recolour_assign_and_remove() -> None:
    # Given the map; When a territory east is created and B assigned to it
    m = TopoMap.from_dict(tiny())
    before = m.to_dict()
    m.add_territory("east", "East", "#223344")
    m.assign("B", "east")
    # Then B left west and joined east
    assert m.territory("west").provinces == ("A",)
    assert m.territory("east").provinces == ("B",)
    assert m.territory_of("B") == "east"
    # When east is renamed and recoloured, Then the dict shows it
    edit = m.update_territory("east", name="Eastern Marches", colour="#ff0000")
    assert m.to_dict()["territories"][1] == {
        "id": "east",
        "name": "Eastern Marches",
        "colour": "#ff0000",
        "provinces": ["B"],
    }
    edit.undo(m)
    assert m.territory("east").name == "East"
    # When A is assigned to none and east removed
    m.assign("A", None)
    m.remove_territory("east")
    assert m.territory_of("A") is None and m.territory_of("B") is None
    with pytest.raises(TopologyError):
        m.add_territory("west")
    assert m.to_dict() != before


def test_update_meta_sets_map_keys() -> None:
    m = TopoMap.from_dict(tiny())
    edit = m.update_meta({"name": "Big Isle", "game": None})
    assert m.to_dict()["name"] == "Big Isle" and "game" not in m.to_dict()
    edit.undo(m)
    assert m.to_dict() == tiny()


def test_renaming_a_territory_id_follows_every_member_reference() -> None:
    # Given B naming its territory in its own keys too
    data = tiny()
    data["provinces"][1]["territory"] = "west"
    m = TopoMap.from_dict(data)
    before = m.to_dict()
    # When the territory's id changes
    edit = m.update_territory("west", new_id="wes")
    # Then the territory list and B's own key say the new id; membership is unchanged
    assert [t.id for t in m.territories] == ["wes"]
    assert m.territory_of("A") == "wes" and m.territory_of("B") == "wes"
    assert m.provinces["B"].attrs["territory"] == "wes"
    assert_undo_redo(m, edit, before)
    with pytest.raises(TopologyError, match="spaces"):
        m.update_territory("wes", new_id="we st")
