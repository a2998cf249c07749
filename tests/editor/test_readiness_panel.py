"""The validation panel's game selector: the map's readiness for a game, live as it is edited."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from editor.topology import PROVINCE
from editor.view import Tool
from maps.api import shipped_map_path
from tests.editor.editor_driver import click, make_window, wait_analysis
from tests.editor.test_topology import tiny


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path / "home"))


def listed(panel: Any) -> list[str]:
    return [panel.list.item(i).text() for i in range(panel.list.count())]


def test_the_panel_shows_readiness_for_the_maps_game_and_follows_edits(qtbot: Any) -> None:
    # Given the editor on a Battle for Rokugan map with one capital (Crab in A)
    window = make_window(qtbot)
    panel = window.validation_panel
    wait_analysis(qtbot, window)
    # Then the panel checks for the map's game and says it is not ready, and why
    assert panel.game.currentData() == "rokugan"
    assert "Not ready for Battle for Rokugan" in panel.readiness.text()
    assert any(t.startswith("only 1 clan has a capital (Crab in 'A')") for t in listed(panel))
    # When B is made Lion's capital in the Province panel
    window.set_tool(Tool.SELECT)
    click(qtbot, window, (150, 50))
    assert window.province_panel.ref == (PROVINCE, "B", 0)
    capital = window.province_panel.capital
    assert capital.currentText() == "(none)"
    assert capital.itemText(capital.findData("lion")) == "Lion"
    capital.setCurrentIndex(capital.findData("lion"))
    capital.activated.emit(capital.currentIndex())
    result = wait_analysis(qtbot, window)
    # Then the capitals are enough, but two clans' objectives and Humility are too few
    assert "few_capitals" not in [p.code for p in result.readiness["rokugan"].problems]
    assert any(t.startswith("the map deals only 3 secret objectives") for t in listed(panel))
    # When B is also made a Shadowlands province (Reclaiming the Lost Lands can be dealt)
    window.province_panel.shadowlands.setChecked(True)
    wait_analysis(qtbot, window)
    # Then the map is ready for 2 players, its limits listed below
    assert panel.readiness.text().startswith("<b style='color:#2e7d32'>Ready for Battle")
    assert "2 players; clans Crab, Lion" in panel.readiness.text()
    assert any(t.startswith("clans without a capital cannot be played") for t in listed(panel))


def test_the_game_selector_switches_the_requirements(qtbot: Any) -> None:
    window = make_window(qtbot)
    panel = window.validation_panel
    wait_analysis(qtbot, window)
    # When Rice Wars is chosen, Then its own requirements are listed
    panel.set_game("ricewars")
    assert "Not ready for Rice Wars" in panel.readiness.text()
    assert any(t.startswith("no palace site: tick 'palace site'") for t in listed(panel))
    # And the choice stays after the next analysis
    wait_analysis(qtbot, window)
    assert panel.game.currentData() == "ricewars"
    # When "Map only" is chosen, Then the map's own validation is listed, and above it
    # one line per game says whether the map is ready for it
    panel.set_game(None)
    assert listed(panel) == ["No problems in the map itself."]
    assert panel.readiness.text().split("<br>") == [
        "<b style='color:#b03a2e'>Not ready for Battle for Rokugan</b>: 2 unmet requirements "
        "(choose it above to list them).",
        "<b style='color:#b03a2e'>Not ready for Rice Wars</b>: 2 unmet requirements "
        "(choose it above to list them).",
    ]


def test_a_map_for_any_game_opens_saying_which_games_it_is_ready_for(qtbot: Any, tmp_path) -> None:
    # Given a map for no game in particular whose two provinces are capitals with flowers
    data = tiny()
    data["game"] = "any"
    data["provinces"][1].update(capital="lion", flowers=2, shadowlands=True)
    window = make_window(qtbot, data)
    panel = window.validation_panel
    wait_analysis(qtbot, window)
    # Then the panel checks the map alone, and says plainly what it can be played as
    assert panel.game.currentData() is None and panel.game.currentText() == "Map only"
    assert not panel.readiness.isHidden()
    lines = panel.readiness.text().split("<br>")
    assert len(lines) == 2
    assert lines[0].startswith("<b style='color:#2e7d32'>Ready for Battle for Rokugan</b>: ")
    assert "2 players; clans Crab, Lion" in lines[0] and "below" not in lines[0]
    assert lines[1].startswith("<b style='color:#b03a2e'>Not ready for Rice Wars</b>: ")
    assert listed(panel) == ["No problems in the map itself."]


def test_a_map_file_opens_checked_for_its_declared_game(qtbot: Any, tmp_path) -> None:
    # Given the editor on a map for any game, When a Rice Wars map file is opened
    data = tiny()
    data["game"] = "any"
    window = make_window(qtbot, data)
    wait_analysis(qtbot, window)
    assert window.validation_panel.game.currentData() is None
    assert window.open_map(shipped_map_path("ricewars-quick"))
    wait_analysis(qtbot, window)
    # Then the panel checks it for Rice Wars, which it is ready for
    panel = window.validation_panel
    assert panel.game.currentData() == "ricewars"
    assert panel.readiness.text().startswith("<b style='color:#2e7d32'>Ready for Rice Wars</b>")


def test_clicking_a_requirement_zooms_to_its_province(qtbot: Any) -> None:
    window = make_window(qtbot)
    panel = window.validation_panel
    wait_analysis(qtbot, window)
    row = next(i for i, t in enumerate(listed(panel)) if t.startswith("only 1 clan"))
    with qtbot.waitSignal(panel.issue_activated) as blocker:
        qtbot.mouseClick(
            panel.list.viewport(),
            Qt.MouseButton.LeftButton,
            pos=panel.list.visualItemRect(panel.list.item(row)).center(),
        )
    assert blocker.args[0].provinces == ("A",)
    assert window.view.selected == (PROVINCE, "A", 0)


def test_an_empty_map_says_what_it_lacks(qtbot: Any) -> None:
    # Given a new, empty Battle for Rokugan map
    from editor.topology import TopoMap

    data = TopoMap.new("blank", "Blank", 300, 200, game="rokugan").to_dict()
    window = make_window(qtbot, data)
    panel = window.validation_panel
    wait_analysis(qtbot, window)
    # Then the panel does not say all is well: it lists what is missing
    rows = listed(panel)
    assert "No problems found." not in rows
    assert rows[0] == "the map has no provinces; draw at least one"
    assert "Not ready for Battle for Rokugan" in panel.readiness.text()
    assert "1 error in the map" in panel.readiness.text()
    assert any("capital" in row for row in rows[1:])


def test_a_map_with_crossed_outlines_is_not_ready() -> None:
    # Given Rokugan with a shared vertex dragged across a neighbour (the game itself finds
    # all it needs on the graph)
    from editor.analysis import analyse
    from editor.panels import readiness_text
    from tests.maps.builders import dragged_across

    topo = dragged_across()
    result = analyse(topo.to_mapfile(), 1, topo)
    verdict = result.readiness["rokugan"]
    assert verdict.readiness.ready
    # Then the editor's verdict is "not ready", counting the map's errors
    errors = sum(1 for issue in result.issues if issue.severity == "error")
    assert not verdict.ready and len(verdict.map_errors) == errors > 0
    text = readiness_text("rokugan", "Battle for Rokugan", verdict)
    assert text.startswith("<b style='color:#b03a2e'>Not ready for Battle for Rokugan</b>: ")
    assert f"{errors} errors in the map" in text


def test_no_message_in_the_list_is_cut_short(qtbot: Any) -> None:
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

    from app.widgets.language import apply_language

    # Given the editor in Portuguese, its panel listing what Battle for Rokugan lacks
    apply_language("pt")
    try:
        window = make_window(qtbot, {**tiny(), "game": "any"})
        panel, lst = window.validation_panel, window.validation_panel.list
        panel.game.setCurrentIndex(panel.game.findData("rokugan"))
        panel.game.activated.emit(panel.game.currentIndex())
        wait_analysis(qtbot, window)
        assert lst.count() >= 3
        width = lst.viewport().width() - 2 * lst.spacing()
        plain = QStyledItemDelegate()  # Qt's own heights, for comparison

        def option(row: int, wide: int) -> QStyleOptionViewItem:
            said = QStyleOptionViewItem()
            said.initFrom(lst)
            lst.itemDelegate().initStyleOption(said, lst.model().index(row, 0))
            said.features |= QStyleOptionViewItem.ViewItemFeature.WrapText  # as the list asks
            said.rect = QRect(0, 0, wide, 1)
            return said

        cut = 0
        for row in range(lst.count()):
            index = lst.model().index(row, 0)
            needed = plain.sizeHint(option(row, width), index).height()
            # When Qt asks a message's height at a width the list no longer has (before its
            # scroll bar came, or before the dock was dragged narrower)
            stale = option(row, width + 40)
            cut += plain.sizeHint(stale, index).height() < needed
            # Then the height holds every line wrapped at the list's width: none ends in "…"
            assert lst.itemDelegate().sizeHint(stale, index).height() >= needed, row
        assert cut  # Qt's own heights would have cut some message short
    finally:
        apply_language("en")
