"""The map editor in German and Portuguese: its menus, tools, docks and panels change language
at once (Settings, without a restart), its edits are named in the person's language in the
History and the status bar, and its words are the glossary's (Knoten, teilen, verschmelzen;
vértice, dividir, mesclar). The print options dialog and the Recent games line speak the
language too."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget

from app.printing.dialog import PrintOptionsDialog
from app.savefile import SaveSummary
from app.widgets.language import apply_language
from app.widgets.rules_dialog import RulesDialog
from editor.dialogs import GridDialog, NewMapDialog
from editor.tools import Tool
from tests.editor.editor_driver import make_window, wait_analysis
from tests.editor.test_topology import tiny


@pytest.fixture
def speak(qapp):
    """Switch the program's language as Settings does; English again afterwards."""

    def switch(code: str) -> None:
        apply_language(code)
        QApplication.processEvents()

    yield switch
    apply_language("en")
    QApplication.processEvents()


def menu_titles(window) -> list[str]:
    return [a.text() for a in window.menuBar().actions()]


def dock_titles(window) -> dict[str, str]:
    return {d.objectName(): d.windowTitle() for d in window.findChildren(QDockWidget)}


def test_an_open_editor_changes_language_at_once_and_back(qtbot, speak) -> None:
    # Given an editor on a map, a province selected, in English
    window = make_window(qtbot)
    window.view.select(("province", "A", 0))
    assert menu_titles(window)[0] == "&File"
    # When the person chooses German in Settings
    speak("de")
    # Then the menus, the tools, the docks and the panels speak German at once
    assert menu_titles(window) == ["&Datei", "&Bearbeiten", "&Werkzeuge", "&Ansicht", "&Landkarte"]
    assert window.tool_actions[Tool.SPLIT].text() == "Provinz &teilen (Schnittlinie)"
    assert window.tool_actions[Tool.MERGE].iconText() == "Verschmelzen"
    assert window.tool_actions[Tool.INSERT].toolTip() == "Knoten auf Kante einfügen (I)"
    assert window.snap_fix_action.text() == "&Beinahe-Treffer einrasten"
    docks = dock_titles(window)
    assert docks == {
        "Province": "Provinz",
        "Territories": "Territorien",
        "Validation": "Prüfung",
        "History": "Verlauf",
    }  # the objects keep their English names: the remembered layout finds them
    assert window.province_panel.title.text() == "<b>Provinz</b> Akagi"
    assert window.territories_panel.members_label.text() == "Mitglieder"
    assert window.windowTitle().endswith("Daimyo-Landkarteneditor")
    # And back in English, every word is English again
    speak("en")
    assert menu_titles(window)[0] == "&File"
    assert window.tool_actions[Tool.SPLIT].text() == "Spli&t province (cut line)"
    assert dock_titles(window)["Validation"] == "Validation"


def test_edits_are_named_in_portuguese_in_history_and_status_bar(qtbot, speak) -> None:
    # Given an editor in Portuguese
    speak("pt")
    window = make_window(qtbot)
    # When two provinces are merged, and the merge is undone
    assert window.document.run("merge_provinces", "A", "B") is not None
    # Then the History names the edit with the glossary's word
    assert window.document.undo_stack.undoText() == "mesclar províncias"
    window.undo()
    assert window.statusBar().currentMessage() == "Desfeito: mesclar províncias."
    # And choosing a tool tells how it works, in Portuguese
    window.set_tool(Tool.INSERT)
    assert "vértice" in window.statusBar().currentMessage()


def test_the_validation_panel_counts_in_the_languages_plural_forms(qtbot, speak) -> None:
    # Given an editor on a two-province map, in German
    speak("de")
    window = make_window(qtbot)
    wait_analysis(qtbot, window)
    # Then the summary counts with German words and plurals
    summary = window.validation_panel.summary.text()
    assert "2 Provinzen" in summary and "1 Landgrenze" in summary, summary
    assert "Fehler" in summary and "Warnung" in summary


def test_the_editors_dialogs_speak_german(qtbot, speak) -> None:
    # Given German
    speak("de")
    # Then the map properties name every game by its box's name, with ids behind them
    props = NewMapDialog(extent=(0, 0, 10, 10))
    qtbot.addWidget(props)
    assert props.windowTitle() == "Landkarteneigenschaften"
    names = [props.game.itemText(i) for i in range(props.game.count())]
    assert names == ["Jedes Spiel", "Kampf um Rokugan", "Rice Wars", "Shinobi"]
    props.game.setCurrentIndex(1)
    assert props.spec().game == "rokugan"
    # And the grid's kinds are words, its choice still the kind's id
    grid = GridDialog()
    qtbot.addWidget(grid)
    grid.kind.setCurrentIndex(grid.kind.findData("square"))
    assert grid.kind.currentText() == "Quadrate" and grid.spec().kind == "square"


def test_print_options_rules_and_recent_games_speak_the_language(qtbot, speak) -> None:
    # Given Portuguese
    speak("pt")
    # Then the print options describe the pages in Portuguese, with its plural
    dialog = PrintOptionsDialog(board_size_mm=(600.0, 400.0))
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Opções de impressão"
    assert "páginas ao todo" in dialog.summary.text() or "página ao todo" in dialog.summary.text()
    # And the Rules window names its tabs as the boxes do
    rules = RulesDialog()
    qtbot.addWidget(rules)
    assert rules.windowTitle() == "Regras"
    # And in German a Recent games line says the round and the month in German
    speak("de")
    assert [rules.tabs.tabText(i) for i in range(rules.tabs.count())][0] == "Kampf um Rokugan"
    line = SaveSummary(
        Path("x.json"), "Kampf um Rokugan", "Rokugan", 3, False, (), datetime(2026, 12, 24, 9, 5)
    )
    assert line.title() == "Kampf um Rokugan · Rokugan · Runde 3"
    assert line.details() == "0 Spieler · 24. Dez. 2026, 09:05"
    done = SaveSummary(Path("x.json"), "Shinobi", None, None, True, ("Ich",), datetime(2026, 5, 1))
    assert done.title() == "Shinobi · beendet"


def test_a_new_map_is_untitled_in_the_persons_language(qtbot, speak) -> None:
    from editor.document import MapDocument

    # Given the editor's language is German, then Portuguese
    speak("de")
    # When a new map is begun, or the new-map dialog is left without a name
    dialog = NewMapDialog()
    qtbot.addWidget(dialog)
    dialog.name.clear()
    # Then it is named in that language, as the window's title says it
    assert MapDocument().topo.meta["name"] == "Unbenannt"
    assert dialog.spec().name == "Unbenannt"
    speak("pt")
    assert MapDocument().topo.meta["name"] == "Sem título"


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_the_windows_title_marks_changes_beside_the_maps_name(qtbot, speak, lang) -> None:
    # Given the editor on a map, in each language
    speak(lang)
    window = make_window(qtbot)
    name = window.document.topo.meta["name"]
    # Then Qt's change mark stands right after the name: "Map* — …" when changed, and no
    # double space before the dash when not
    assert window.windowTitle().startswith(f"{name}[*] — ")


def test_the_capital_list_names_the_clans_in_the_persons_language(qtbot, speak) -> None:
    # Given a map whose province B names a capital clan this editor does not know
    data = tiny()
    data["provinces"][1]["capital"] = "mantis"
    window = make_window(qtbot, data)
    panel = window.province_panel
    # When the person reads Akagi (Crab's capital) in German
    speak("de")
    window.view.select(("province", "A", 0))
    capital = panel.capital
    # Then the list says the clans' German names (it said the file's ids: "crab", "lion")
    assert capital.currentText() == "Krabbe" and capital.currentData() == "crab"
    assert capital.itemText(capital.findData("lion")) == "Löwe"
    assert capital.itemText(0) == "(keine)"
    # When B is selected, its unknown clan is kept and shown as the file says it
    window.view.select(("province", "B", 0))
    assert capital.currentText() == "mantis" and capital.currentData() == "mantis"
    # And choosing it again keeps it (the old list looked the choice up by position and
    # failed for a clan beyond its own seven)
    capital.activated.emit(capital.currentIndex())
    assert window.document.topo.provinces["B"].attrs.get("capital") == "mantis"
    # When Lion is chosen for B, the map holds Lion's id, not its German name
    capital.setCurrentIndex(capital.findData("lion"))
    capital.activated.emit(capital.currentIndex())
    assert window.document.topo.provinces["B"].attrs.get("capital") == "lion"


def test_the_generators_preview_names_map_and_capitals_in_the_persons_language(
    qtbot, speak
) -> None:
    from editor.generate_dialog import GenerateDialog

    # Given the generator's dialog, read in Portuguese
    speak("pt")
    dialog = GenerateDialog()
    qtbot.addWidget(dialog)
    dialog.wait()
    qtbot.waitUntil(lambda: dialog.mapfile is not None)
    picture = dialog.preview.picture
    # Then the map's title and the capitals' notes are Portuguese (they said "(generated,
    # seed 1)" and "capital Crane": the file's name and the clan's English name)
    assert picture.title.endswith("(gerado, semente 1)")
    capitals = sorted(note for note in picture.notes.values() if note.startswith("capital"))
    assert "capital Garça" in capitals and "capital Escorpião" in capitals
    english = {"Crab", "Crane", "Dragon", "Lion", "Phoenix", "Scorpion", "Unicorn"}
    assert not any(word in english for note in capitals for word in note.split())
    # And the editor's own label of a capital says its clan's name on hover
    window = make_window(qtbot, tiny())
    assert "capital de Caranguejo" in window.view._labels["A"].toolTip()


def test_the_published_territories_are_listed_by_their_names_in_the_persons_language(
    qtbot, speak
) -> None:
    from editor.topology.conversion import mapfile_to_dict
    from maps.api import load_map, shipped_map_path

    # Given the shipped Rokugan map in the editor, read in Portuguese
    mapfile = load_map(shipped_map_path("rokugan"))
    window = make_window(qtbot, mapfile_to_dict(mapfile))
    speak("pt")
    panel = window.territories_panel
    panel.refresh()
    listed = [panel.list.item(row).text() for row in range(panel.list.count())]
    # Then the Territories panel names the clans' lands in Portuguese (it said "Crab Clan")
    assert any(text.startswith("Clã do Caranguejo  (") for text in listed)
    assert not any(text.startswith("Crab Clan") for text in listed)
    # And the name field keeps the file's own words, which a rename changes
    panel.select("crab")
    assert panel.name_edit.text() == "Crab Clan"
    # And the Province panel's territory list says the same name
    window.view.select(("province", mapfile.territories[0].provinces[0], 0))
    assert window.province_panel.territory.currentText() == "Clã do Caranguejo"
