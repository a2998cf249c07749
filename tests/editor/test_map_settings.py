"""The map's shortest border in the editor's Map properties: shown, changed, saved, removed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from editor.dialogs import NewMapDialog
from editor.document import MapDocument
from editor.main_window import EditorWindow
from maps.api import load_map, save_map
from tests.editor.editor_driver import wait_analysis
from tests.maps.test_borders import brick_corner


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path / "home"))


def open_window(qtbot: Any, path: Path) -> EditorWindow:
    window = EditorWindow(document=MapDocument.open(path))
    window._ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def answer_properties(monkeypatch: pytest.MonkeyPatch, shortest: float, seen: list[str]) -> None:
    """Make the Map properties dialog note what it shows, then set the shortest border."""

    def accept(dialog: NewMapDialog) -> int:
        seen.append(dialog.min_border.text())
        dialog.min_border.setValue(shortest)
        return NewMapDialog.DialogCode.Accepted

    monkeypatch.setattr(NewMapDialog, "exec", accept)


def test_shortest_border_is_set_in_map_properties_saved_and_removed(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Given a map file whose upper-left and lower-right provinces share 0.5, open in the editor
    path = tmp_path / "brick.yaml"
    save_map(brick_corner(0.5), path)
    window = open_window(qtbot, path)
    assert "TL" in wait_analysis(qtbot, window).geometry.graph.province("BR").neighbors
    # When Map properties sets the shortest border to 1
    seen: list[str] = []
    answer_properties(monkeypatch, 1.0, seen)
    window.edit_properties()
    # Then the dialog showed that every border is kept, and now the short contact is no border
    assert seen == ["keep every border"]
    result = wait_analysis(qtbot, window)
    assert "TL" not in result.geometry.graph.province("BR").neighbors
    # And saving writes the field; the map file read again has it
    assert window.save()
    assert "min_border_length: 1\n" in path.read_text(encoding="utf-8")
    assert load_map(path).min_border_length == 1.0
    # When the map is opened again, the dialog shows 1; setting 0 removes the field
    window.close()
    window = open_window(qtbot, path)
    answer_properties(monkeypatch, 0.0, seen)
    window.edit_properties()
    assert seen[-1] == "1 map units"
    assert window.save()
    assert "min_border_length" not in path.read_text(encoding="utf-8")
    # And undo brings it back
    window.document.undo_stack.undo()
    assert window.document.topo.to_mapfile().min_border_length == 1.0


def test_importing_geojson_in_the_editor_counts_the_changes(qtbot: Any, tmp_path: Path) -> None:
    # Given a GeoJSON file whose second square misses the first by 0.3
    import json

    from tests.maps.test_borders import box, collection, feature

    source = tmp_path / "near.geojson"
    data = collection(feature("A", box(0, 0, 100, 100)), feature("B", box(100.3, 0, 200, 100)))
    source.write_text(json.dumps(data), encoding="utf-8")
    path = tmp_path / "brick.yaml"
    save_map(brick_corner(0.5), path)
    window = open_window(qtbot, path)
    # When it is imported in the editor
    assert window.import_geojson(source)
    # Then the status bar counts what the import changed
    assert window.statusBar().currentMessage() == (
        "Imported near.geojson: 2 vertices snapped (daimyo map import lists each with its place)"
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{a: &x [1, 2], b: *x}", "anchor or alias"),
        ("{a: !!python/object:os.system ls}", "uses the tag"),
        ("[1, 2]", "must be a mapping"),
        ("{a: [1, 2}", "not valid YAML"),
    ],
)
def test_map_properties_attributes_are_read_as_a_map_file_reads_them(
    qtbot: Any, text: str, words: str
) -> None:
    # Given Map properties with attributes typed by hand
    dialog = NewMapDialog(extent=(0, 0, 10, 10), attributes={})
    qtbot.addWidget(dialog)
    dialog.attributes.setText(text)
    # Then what a map file refuses is refused here too, saying why
    with pytest.raises(ValueError, match=words):
        dialog.spec()
    dialog.attributes.setText("{rounds: 8}")
    assert dialog.spec().attributes == {"rounds": 8}
