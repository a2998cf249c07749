"""The side panels' text fields: typed text goes into a field, never to the tools' one-key
shortcuts, and a field is shown only where typing into it edits something (undoably)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor.tools import Tool
from tests.editor.editor_driver import click, make_window


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path / "home"))


def type_keys(window: Any, text: str) -> None:
    """Keys as the window system delivers them: through the shortcut map, to the focus."""
    for ch in text:
        key = Qt.Key.Key_Return if ch == "\n" else Qt.Key(ord(ch.upper()))
        QTest.keyClick(window.windowHandle(), key)


def tool(window: Any) -> Tool:
    return next(t for t, action in window.tool_actions.items() if action.isChecked())


def test_no_territory_field_is_shown_while_none_is_highlighted(qtbot: Any) -> None:
    # Given the editor with no territory highlighted
    window = make_window(qtbot)
    panel = window.territories_panel
    assert panel.current() is None
    # Then there is no Name/Id field to click into (typing would reach the map's shortcuts),
    # only a line saying how to get them
    assert not panel.name_edit.isVisible() and not panel.id_edit.isVisible()
    assert panel.fields_hint.isVisible()
    # And likewise the Province panel shows no fields while nothing is selected
    assert not window.province_panel.id_edit.isVisible()


def test_typing_into_a_territory_name_renames_it_and_is_undoable(qtbot: Any) -> None:
    # Given the territory West highlighted, its Name field clicked
    window = make_window(qtbot)
    panel = window.territories_panel
    panel.list.setCurrentRow(0)
    assert panel.name_edit.isVisible() and panel.fields_hint.isHidden()
    qtbot.mouseClick(panel.name_edit, Qt.MouseButton.LeftButton)
    panel.name_edit.selectAll()
    # When "hollow" is typed (o and l are tool shortcuts) and Return pressed
    type_keys(window, "hollow\n")
    # Then the territory is renamed, the tool is still Select, and Undo takes it back
    topo = window.document.topo
    assert topo.territory("west").name == "hollow"
    assert tool(window) == Tool.SELECT
    window.undo_action.trigger()
    assert topo.territory("west").name == "West"


def test_typing_into_a_province_id_changes_it(qtbot: Any) -> None:
    # Given province A selected and its Id field clicked
    window = make_window(qtbot)
    click(qtbot, window, (50, 50))
    field = window.province_panel.id_edit
    assert field.isVisible()
    qtbot.waitUntil(lambda: field.height() > 0)  # the panel lays its fields out, then a click
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    field.selectAll()
    # When "hole" is typed and Return pressed
    type_keys(window, "hole\n")
    # Then A's id is "hole" and no tool was switched
    assert "hole" in window.document.topo.provinces
    assert tool(window) == Tool.SELECT
