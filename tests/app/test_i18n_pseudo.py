"""The pseudo-language walk: in a test locale that marks every message of the template
⟦like this⟧, every text a person sees on the translated screens carries the mark, names of
places, clans and players aside. A string left in English in the code (never marked, or
marked but not extracted into the template) shows up bare and is named.

To cover another screen, add a walk below: bring the screen up in the pseudo-language and
`assert unmarked(widget) == []` (or `unmarked_lines` for a text command's output).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QTableWidget,
    QWidget,
)

from app import i18n
from app.cli import main
from app.games.shinobi.cards import clan_mark
from app.i18n import LANGUAGES
from app.new_game_dialog import NewGameDialog
from app.palette import rokugan_clan
from app.printing.dialog import PrintOptionsDialog
from app.session import AI, HUMAN, Seat
from app.widgets.handoff import HandOffScreen
from app.widgets.language import apply_language
from app.widgets.rules_dialog import RulesDialog
from app.widgets.settings_dialog import SettingsDialog
from editor.dialogs import BackgroundDialog, GridDialog, NewMapDialog
from editor.document import MapDocument
from editor.generate_dialog import GenerateDialog
from editor.main_window import EditorWindow
from editor.panels import CLANS as EDITOR_CLANS
from editor.playtest import PlaytestDialog
from editor.tools import Tool
from editor.topology import TopoMap
from engine.registry import get_game
from engine.rokugan.data import CLANS as ROKUGAN_CLANS
from engine.shinobi.cards import CLAN_NAMES, NUM_CLANS
from tests.app.po_files import PseudoTranslations
from tests.app.real_saves import with_app
from tests.editor.editor_driver import wait_analysis
from tests.editor.test_topology import tiny

NAMES = {*CLAN_NAMES, *map(clan_mark, range(NUM_CLANS + 1)), *LANGUAGES.values()}
NAMES |= {rokugan_clan(clan).mark for clan in ROKUGAN_CLANS}
NAMES |= {"Ninja", "Daimyo", "Esc", "PDF"}
"""Words no language translates: the clans and their marks (Shinobi's and Rokugan's), the
Ninja card, the program, the languages (each named in itself), a key's name."""
QT_OWN = {"OK", "Cancel", "Close", "Apply", "Yes", "No"}
"""Qt's standard buttons: Qt's own catalogs translate them (test_i18n_settings.py)."""
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")


@pytest.fixture
def pseudo(qapp, monkeypatch):
    """The program speaks the pseudo-language (English again afterwards)."""
    catalog = PseudoTranslations()
    monkeypatch.setattr(i18n, "translations", lambda code: catalog)  # what any choice loads
    i18n.install(catalog, "xx")
    QCoreApplication.sendEvent(qapp, QEvent(QEvent.LanguageChange))
    QApplication.processEvents()
    yield catalog
    monkeypatch.undo()
    apply_language("en")
    i18n.set_language("en")


def bare(text: str) -> str:
    """What is left of `text` outside the marks, tags and names: words nobody translated."""
    text = re.sub(r"<[^>]+>", " ", text).replace("&nbsp;", " ").replace("&", "")
    while MARKED.search(text):
        text = MARKED.sub(" ", text)
    for name in NAMES:
        text = text.replace(name, " ")
    text = re.sub(r"\b(Player|Jogador|Spieler) \d\b", " ", text)  # a seat's name is a name
    return " ".join(w for w in text.split() if re.search(r"[^\W\d_]{2,}", w))


def texts(widget: QWidget) -> list[tuple[str, str]]:
    """(where, text) of everything a person reads on `widget` and its visible children:
    labels, buttons, titles, list and table entries, placeholders, tooltips, menus."""
    found: list[tuple[str, str]] = []
    widgets = [widget, *widget.findChildren(QWidget)]
    for w in widgets:
        if w is not widget and not w.isVisibleTo(widget):
            continue
        name = f"{type(w).__name__} {w.objectName()}"
        if w.isWindow():
            found.append((f"{name} title", w.windowTitle()))
        found.append((f"{name} tooltip", w.toolTip()))
        if isinstance(w, QLabel):
            found.append((name, w.text()))
        elif isinstance(w, QAbstractButton):
            box = w.parent()
            standard = isinstance(box, QDialogButtonBox) and box.standardButton(w)
            if not (standard and w.text().replace("&", "") in QT_OWN):
                found.append((name, w.text()))
        elif isinstance(w, QGroupBox):
            found.append((name, w.title()))
        elif isinstance(w, QLineEdit):
            found.append((f"{name} placeholder", w.placeholderText()))
        elif isinstance(w, QComboBox):
            found += [(name, w.itemText(i)) for i in range(w.count())]
        elif isinstance(w, QListWidget):
            found += [(name, w.item(i).text()) for i in range(w.count())]
        elif isinstance(w, QTableWidget):
            for column in range(w.columnCount()):
                header = w.horizontalHeaderItem(column)
                found.append((f"{name} header", header.text() if header else ""))
    return found


def menu_texts(menu: QMenu, where: str = "") -> list[tuple[str, str]]:
    """(where, text) of a menu's title, its actions and tooltips, and its submenus."""
    found = [(f"{where}/{menu.title()}", menu.title())]
    for action in menu.actions():
        if action.menu() is not None:
            found += menu_texts(action.menu(), f"{where}/{menu.title()}")
        elif not action.isSeparator():
            found.append((f"{where}/{menu.title()} action", action.text()))
            if action.toolTip() != action.text().replace("&", ""):
                found.append((f"{where}/{menu.title()} tooltip", action.toolTip()))
    return found


def unmarked(found: list[tuple[str, str]]) -> list[str]:
    """Each text with words outside the marks, and where it is (once each)."""
    return sorted({f"{where}: {bare(text)!r} in {text!r}" for where, text in found if bare(text)})


def test_the_check_finds_a_bare_word_and_spares_names_and_marks() -> None:
    assert bare("⟦Deck⟧ 12 · ⟦{head} — ⟦Round 1 over⟧⟧ Oda, Ninja (+2)") == ""
    assert bare("<b>⟦Your hand⟧</b> Player 2") == ""
    assert bare("⟦Your turn⟧ · order 1") == "order"


def test_the_start_screen_menus_and_settings_are_all_marked(window, pseudo) -> None:
    # Given the window on its start screen in the pseudo-language
    found = texts(window.start_screen) + texts(window.results_button)
    for menu in window.menuBar().findChildren(QMenu):
        if menu.parent() is window.menuBar():
            found += menu_texts(menu)
    window.settings_action.trigger()
    found += texts(window.findChild(SettingsDialog))
    # Then every word there is marked (the recent-games list is empty: its entries are
    # the save files' own summaries)
    assert unmarked(found) == []


def test_the_new_game_dialog_for_shinobi_is_all_marked(window, pseudo) -> None:
    # Given the new-game dialog on Shinobi, with every seat shown
    dialog = NewGameDialog(window, {})
    dialog.game.setCurrentIndex(dialog.game.findData("shinobi"))
    dialog.players.setValue(dialog.players.maximum())
    dialog.show()
    QApplication.processEvents()
    # Then every word there is marked; the game names are the boxes' names, translated
    assert unmarked(texts(dialog)) == []
    dialog.close()


def late_shinobi_save(folder: Path) -> Path:
    """A three-seat Shinobi save (me and two computer clans), random orders played until
    the deck holds a few cards, my turn."""
    state = get_game("shinobi").new_game(3, 3, {}, None)
    rng = random.Random(3)
    while state.deck_size() > 4 or state.current_player() != 0 or state.order != 1:
        state.apply(rng.choice(state.legal_actions()))
    seats = (Seat(HUMAN), Seat(AI, "random"), Seat(AI, "random"))
    data = with_app(state, seats, ["P1", "P2", "P3"], None)
    path = folder / "late.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_shinobi_game_its_hand_off_and_its_end_are_all_marked(
    window, pseudo, qtbot, tmp_path
) -> None:
    # Given a Shinobi game in the pseudo-language, me against two computer clans, a few
    # turns before the deck runs out (each turn gives the same orders: fewer make it fast)
    assert window.load_game(str(late_shinobi_save(tmp_path)))
    view = window.game_screen.view
    state = window.session.state
    rng = random.Random(1)
    seen: list[str] = []
    orders: set[int] = set()
    # When I play it to the end, choosing a card first each time (the prompts, the
    # orders, the table, the hand and the log's lines)
    screen = window.game_screen

    def at_end() -> bool:
        return window.stack.currentWidget() is window.end_screen

    while not at_end():
        qtbot.waitUntil(
            lambda: window.controller.human_to_act or screen.step_box.isVisible() or at_end(),
            timeout=20000,
        )
        if at_end():
            break
        if screen.step_box.isVisible():
            seen += unmarked(
                [("step", screen.step_title.text()), ("step", screen.step_text.text())]
            )
            screen.continue_button.click()
            continue
        orders.add(state.order)
        if view.hand_buttons:
            next(iter(view.hand_buttons.values())).click()
        seen += unmarked(texts(view))
        seen += [f"log: {t!r}" for t in window.controller.log_texts() if bare(t)]
        view.action_chosen.emit(rng.choice(state.legal_actions()))
    # Then every word at every decision was marked (of each of the three orders), and so
    # is the end screen
    assert orders == {1, 2, 3}
    assert seen == []
    assert unmarked(texts(window.end_screen)) == []
    # And the hot-seat curtain
    curtain = HandOffScreen()
    curtain.show_for("⟦Player 2⟧", "#336699")
    assert unmarked(texts(curtain)) == []
    curtain.deleteLater()


def test_daimyo_log_of_a_shinobi_game_is_all_marked(pseudo, tmp_path, capsys) -> None:
    # Given a finished Shinobi game
    path = tmp_path / "shinobi.json"
    assert main(["play", "shinobi", "--players", "3", "--seed", "4", "--save", str(path)]) == 0
    capsys.readouterr()
    # When its story is told, everything and as one seat
    assert main(["log", str(path)]) == 0
    assert main(["log", str(path), "--as", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Then every line is marked throughout
    assert lines and [line for line in lines if bare(line)] == []


# ------------------------------------------------------------------------------ the editor

EDITOR_NAMES = {"Tiny Isle", "Akagi", "Biwa", "West", "west", "tiny", "ms", "mm"}
EDITOR_NAMES |= {clan for clan in EDITOR_CLANS if clan}
"""The map's own names and ids, the Rokugan clans' ids (a capital's value in the map
file), and the units of measure."""


def editor_unmarked(found: list[tuple[str, str]]) -> list[str]:
    """`unmarked`, the editor's map names, clan ids and units aside."""
    spared = []
    for where, text in found:
        for name in sorted(EDITOR_NAMES, key=len, reverse=True):
            text = re.sub(rf"\b{re.escape(name)}\b", " ", text)
        spared.append((where, text))
    return unmarked(spared)


def test_the_map_editor_its_docks_menus_tools_and_dialogs_are_all_marked(
    pseudo, qtbot, app_settings, monkeypatch, tmp_path
) -> None:
    # Given the editor on a small Rokugan map in the pseudo-language, a province selected,
    # a territory highlighted, the live analysis done
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path))
    document = MapDocument(TopoMap.from_dict(tiny()))
    window = EditorWindow(document=document, settings=app_settings)
    window._ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.show()
    window.view.select(("province", "A", 0))
    window.territories_panel.select("west")
    wait_analysis(qtbot, window)
    # When an edit is made and a tool chosen
    document.run("merge_provinces", "A", "B")
    window.undo()
    window.set_tool(Tool.SPLIT)
    found = [t for t in texts(window) if not t[0].startswith("QListWidget issues")]
    for menu in window.menuBar().findChildren(QMenu):
        if menu.parent() is window.menuBar():
            found += menu_texts(menu)
    found += [(f"dock {d.objectName()}", d.windowTitle()) for d in window.findChildren(QDockWidget)]
    found += [("status", window.statusBar().currentMessage())]
    found += [("history", document.undo_stack.redoText())]
    # Then every word of the window, its docks, menus, toolbar and status bar is marked
    assert editor_unmarked(found) == []
    # And so is every word of its dialogs, the print options and the Rules window
    dialogs = [
        NewMapDialog(window, extent=(0, 0, 200, 100), attributes={}),
        GridDialog(window),
        BackgroundDialog(window),
        PrintOptionsDialog(window, board_size_mm=(600.0, 400.0)),
        PlaytestDialog(document.topo.to_mapfile(), None, window),
        GenerateDialog(window),
    ]
    seen: list[str] = []
    for dialog in dialogs:
        dialog.show()
        QApplication.processEvents()
        seen += editor_unmarked(texts(dialog))
    generator = dialogs[-1]
    generator.wait()
    qtbot.waitUntil(lambda: generator.open_button.isEnabled(), timeout=20_000)
    seen += editor_unmarked([("generator", generator.summary.text())])
    rules = RulesDialog(window)
    tabs = [(f"tab {i}", rules.tabs.tabText(i)) for i in range(rules.tabs.count())]
    seen += editor_unmarked([("rules", rules.windowTitle()), *tabs])
    for dialog in dialogs:
        dialog.close()
    assert seen == []
