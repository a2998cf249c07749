"""The Qt editor's files and window driven like a user: save, autosave, import, export,
background, dialogs, menus, the unsaved-changes prompt, zoom (offscreen)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from editor.document import MapDocument
from editor.main_window import EditorWindow
from editor.tools import Tool
from editor.topology import TopoMap
from editor.topology.model import PROVINCE
from tests.editor.editor_driver import (
    hover,
    make_window,
    pixel,
)
from tests.editor.test_topology import shared_length, tiny


def test_save_and_reload_equals(qtbot: Any, tmp_path: Path) -> None:
    # Given an edited map
    window = make_window(qtbot)
    window.document.run("add_sea", [(10, 90), (190, 90), (190, 99), (10, 99)], 0.5)
    window.document.run("update_province", "B", attrs={"defense": 1, "label": [150, 40]})
    # When it is saved
    target = tmp_path / "maps" / "tiny.yaml"
    assert window.save_to(target)
    # Then it is clean, and loading the file again gives the same map
    assert not window.document.dirty
    assert "*" not in window.windowTitle().replace("[*]", "")
    again = MapDocument.open(target)
    assert again.topo.to_dict() == window.document.topo.to_dict()
    from maps.api import dump_map, load_map

    assert target.read_text(encoding="utf-8") == dump_map(load_map(target))


def test_close_asks_about_unsaved_changes(qtbot: Any) -> None:
    window = make_window(qtbot)
    window.document.run("update_province", "A", name="Akagi-mura")
    answers = ["cancel"]
    window._ask_unsaved = lambda: answers.pop()  # type: ignore[method-assign]
    assert not window.close()
    assert window.isVisible()
    window._ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    assert window.close()


def test_autosave_writes_a_copy_while_there_are_changes(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot)
    doc = window.document
    assert doc.autosave() is None  # nothing to keep yet
    doc.run("update_province", "A", name="Akagi-mura")
    path = doc.autosave()
    assert path is not None and path.exists()
    assert "Akagi-mura" in path.read_text(encoding="utf-8")
    window.save_to(tmp_path / "tiny.yaml")
    assert not path.exists()


def test_play_action_is_enabled_only_with_the_app(qtbot: Any) -> None:
    # Given an editor opened without the app, and one opened with a way to play
    alone = make_window(qtbot)
    with_app = make_window(qtbot, play=lambda path: True)
    # Then only the second offers "Play on this map", and the first says why not
    assert not alone.play_action.isEnabled()
    assert "needs the app" in alone.play_action.toolTip()
    assert with_app.play_action.isEnabled()


def test_daimyo_edit_refuses_a_missing_map(capsys: pytest.CaptureFixture[str]) -> None:
    from app.commands.edit import run

    assert run(argparse.Namespace(map="/nonexistent/dir/none.yaml")) == 2
    err = capsys.readouterr().err
    assert "none.yaml: no such file" in err and "give a shipped map id (" in err


def test_geojson_and_svg_export_and_geojson_import(qtbot: Any, tmp_path: Path) -> None:
    # Given the map with a sea; When it is exported as GeoJSON and SVG
    window = make_window(qtbot)
    window.document.run("add_sea", [(10, 90), (190, 90), (190, 99), (10, 99)], 0.5)
    assert window.export("geojson", tmp_path / "tiny.geojson")
    assert window.export("svg", tmp_path / "tiny.svg")
    assert "<svg" in (tmp_path / "tiny.svg").read_text(encoding="utf-8")
    # When the GeoJSON is imported (the edited map is discarded)
    assert window.import_geojson(tmp_path / "tiny.geojson")
    # Then the editor shows a new, unsaved map with the same provinces sharing their border
    topo = window.document.topo
    assert set(topo.provinces) == {"A", "B"}
    assert shared_length(topo, "A", "B") == pytest.approx(80)
    assert window.document.path is None
    assert len(window.view._faces) == len(list(topo.faces()))
    # And it counts as unsaved work: opening another map or closing asks first
    asked: list[str] = []
    window._ask_unsaved = lambda: asked.append("asked") or "cancel"  # type: ignore[method-assign]
    assert not window.maybe_keep_changes() and asked == ["asked"]


def test_background_image_for_tracing(qtbot: Any, tmp_path: Path) -> None:
    from PySide6.QtGui import QColor, QPixmap

    from editor.dialogs import BackgroundSpec

    image = tmp_path / "trace.png"
    pixmap = QPixmap(40, 20)
    pixmap.fill(QColor("red"))
    pixmap.save(str(image))
    window = make_window(qtbot)
    window.set_background(BackgroundSpec(str(image), 0.3, 5, 6, 2.5))
    item = window.view.background()
    assert item is not None
    assert item.opacity() == pytest.approx(0.3)
    assert item.sceneBoundingRect().getRect() == pytest.approx((5, 6, 100, 50))
    window.set_background(None)
    assert window.view.background() is None


def test_an_unreadable_background_image_names_the_file_and_the_fix(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    from editor.dialogs import BackgroundSpec

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: shown.append(text))
    window = make_window(qtbot)
    bad = tmp_path / "notes.txt"
    bad.write_text("not a picture")
    window.set_background(BackgroundSpec(str(bad), 0.5, 0, 0, 1))
    assert window.view.background() is None and window.background_spec is None
    assert str(bad) in shown[0] and "Choose a PNG, JPEG, BMP or GIF file" in shown[0]


def test_new_map_and_grid_dialogs(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from editor.dialogs import GridDialog, NewMapDialog

    window = make_window(qtbot)

    def accept_new(dialog: NewMapDialog) -> int:
        dialog.map_id.setText("isles")
        dialog.width.setValue(300)
        dialog.height.setValue(200)
        dialog.game.setCurrentIndex(dialog.game.findData("ricewars"))
        return NewMapDialog.DialogCode.Accepted

    monkeypatch.setattr(NewMapDialog, "exec", accept_new)
    window.new_map()
    topo = window.document.topo
    assert topo.meta["id"] == "isles" and topo.extent() == (0, 0, 300, 200)
    assert topo.meta["size"] == {"width_mm": 300, "height_mm": 200}
    assert not topo.provinces

    def accept_grid(dialog: GridDialog) -> int:
        dialog.kind.setCurrentIndex(dialog.kind.findData("square"))
        dialog.rows.setValue(2)
        dialog.cols.setValue(3)
        dialog.size.setValue(20)
        return GridDialog.DialogCode.Accepted

    monkeypatch.setattr(GridDialog, "exec", accept_grid)
    window.generate_grid()
    assert len(topo.provinces) == 6 and len(topo.vertices) == 12
    # the empty map's extent and print size now fit the grid with a 10-unit margin
    assert topo.meta["extent"] == [0, 0, 80, 60]
    assert topo.meta["size"] == {"width_mm": 80, "height_mm": 60}
    assert window.document.undo_stack.count() == 1
    # and the status bar says what happened to the extent
    assert "Added 6 square cells" in window.statusBar().currentMessage()
    assert "80 × 60 mm" in window.statusBar().currentMessage()

    def accept_properties(dialog: NewMapDialog) -> int:
        dialog.name.setText("Isles of Rice")
        dialog.extent[2].setValue(100)
        dialog.attributes.setText("{rounds: 8}")
        return NewMapDialog.DialogCode.Accepted

    monkeypatch.setattr(NewMapDialog, "exec", accept_properties)
    window.edit_properties()
    assert topo.meta["name"] == "Isles of Rice" and topo.extent() == (0, 0, 100, 60)
    assert topo.to_mapfile().attributes == {"rounds": 8}
    assert "Isles of Rice" in window.windowTitle()
    # Rice Wars attributes are offered on a Rice Wars map
    window.view.select((PROVINCE, "r1c1", 0))
    assert not window.province_panel.palace.isHidden()
    window.province_panel.palace.setChecked(True)
    assert topo.provinces["r1c1"].attrs["palace_site"] is True


def test_play_on_this_map_opens_the_new_game_dialog_with_the_map(qtbot: Any) -> None:
    calls: list[str] = []

    def play(map_path: str) -> bool:
        calls.append(map_path)
        return True

    window = make_window(qtbot, play=play)
    window.document.run("update_province", "A", name="Akagi-mura")
    assert window.play()
    # The dialog got a file holding the edited map
    from maps.api import load_map

    assert load_map(calls[0]).province("A").name == "Akagi-mura"
    assert Path(calls[0]).name == "tiny.yaml"  # the dialog shows which map it is
    assert window.document.dirty  # the test game does not count as saving


def test_reopening_after_a_crash_offers_the_autosaved_changes(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a saved map, then an unsaved rename caught by autosave (and no clean close)
    window = make_window(qtbot)
    target = tmp_path / "tiny.yaml"
    window.save_to(target)
    window.document.run("update_province", "A", name="Akagi-mura")
    window.document.autosave()
    # When the map is opened again and the user accepts the offer
    monkeypatch.setattr(EditorWindow, "_ask_restore", lambda self: True)
    again = EditorWindow(target)
    again._ask_unsaved = lambda: "discard"  # type: ignore[method-assign]
    qtbot.addWidget(again)
    qtbot.waitUntil(lambda: again.document.topo.provinces["A"].name == "Akagi-mura")
    # Then the change is back, unsaved
    assert again.document.dirty
    assert again.view.face_item((PROVINCE, "A", 0)) is not None


def test_menu_actions_open_their_dialogs_without_a_stray_argument(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QFileDialog

    # Given an editor whose file dialog returns a saved copy of the map
    window = make_window(qtbot)
    target = tmp_path / "copy.yaml"
    window.save_to(target)
    asked: list[str] = []

    def fake_open(*args: Any, **kwargs: Any) -> tuple[str, str]:
        asked.append("open")
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", fake_open)
    # When File > Open is triggered, Then the dialog is asked and the file opened
    window.open_action.trigger()
    assert asked == ["open"]
    assert window.document.path == target
    # And every menu shows its shortcut
    assert window.save_action.shortcut().toString() == "Ctrl+S"
    assert window.tool_actions[Tool.SPLIT].shortcut().toString() == "K"


def test_export_errors_name_the_file_and_the_fix(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "critical", lambda parent, title, text, *a: shown.append(f"{title}|{text}")
    )
    window = make_window(qtbot)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert not window.export("svg", blocker / "map.svg")
    assert not window.save_to(blocker / "map.yaml")
    assert shown[0].startswith(f"Export failed|Could not write {blocker / 'map.svg'}")
    assert "choose another place" in shown[0]
    assert shown[1].startswith("Save failed|Could not write")
    assert not window.export("svg", tmp_path / "map.png")
    assert "name the output .geojson or .svg" in shown[2]


def test_every_menu_command_shows_a_shortcut_and_none_clash(qtbot: Any) -> None:
    # Given the editor's menus
    window = make_window(qtbot)
    without = {"Remove background", "Drop duplicate vertices", "Snap near misses"}
    keys: dict[str, str] = {}
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        mnemonics: dict[str, str] = {}
        for action in menu.actions():
            if action.isSeparator():
                continue
            text = action.text()
            plain = text.replace("&", "")
            # Then each command has a shortcut (shown beside it in the menu) ...
            if plain not in without:
                assert action.shortcuts(), f"{plain} has no shortcut"
            # ... no two commands share one, and no two items of a menu share a mnemonic
            for key in action.shortcuts():
                assert key.toString() not in keys, f"{plain} and {keys[key.toString()]}"
                keys[key.toString()] = plain
            if "&" in text:
                letter = text[text.index("&") + 1].lower()
                assert letter not in mnemonics, f"{plain} and {mnemonics[letter]}"
                mnemonics[letter] = plain
    assert keys["O"] == "Cut hole / bay" and keys["L"] == "Draw lake (land becomes water)"


def test_a_failed_save_leaves_the_old_file_whole(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from PySide6.QtWidgets import QMessageBox

    # Given a saved map, then an edit
    window = make_window(qtbot)
    target = tmp_path / "tiny.yaml"
    assert window.save_to(target)
    saved = target.read_text(encoding="utf-8")
    window.document.run("update_province", "A", name="Akagi-mura")
    # When the final rename of the atomic write fails (disk full, power cut, ...)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    assert not window.save()
    # Then the old file is whole, no temp file is left, the map is still unsaved
    assert target.read_text(encoding="utf-8") == saved
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny.yaml"]
    assert window.document.dirty
    assert "No space left on device" in shown[0] and str(target) in shown[0]


def test_autosave_runs_on_its_timer(qtbot: Any) -> None:
    window = make_window(qtbot)
    doc = window.document
    doc.run("update_province", "A", name="Akagi-mura")
    doc._autosave.setInterval(20)
    qtbot.waitUntil(doc.autosave_path().exists, timeout=3000)
    assert "Akagi-mura" in doc.autosave_path().read_text(encoding="utf-8")


def test_background_dialog_places_the_image(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtGui import QColor, QPixmap

    from editor.dialogs import BackgroundDialog

    image = tmp_path / "trace.png"
    pixmap = QPixmap(40, 20)
    pixmap.fill(QColor("red"))
    pixmap.save(str(image))
    window = make_window(qtbot)

    def accept(dialog: BackgroundDialog) -> int:
        dialog.path.setText(str(image))
        dialog.opacity.setValue(0.4)
        dialog.x.setValue(-10)
        dialog.y.setValue(20)
        dialog.scale.setValue(0.5)
        return BackgroundDialog.DialogCode.Accepted

    monkeypatch.setattr(BackgroundDialog, "exec", accept)
    window.background_action.trigger()
    item = window.view.background()
    assert item is not None and item.opacity() == pytest.approx(0.4)
    assert item.sceneBoundingRect().getRect() == pytest.approx((-10, 20, 20, 10))

    # When the dialog is opened again, Then it starts from the current placement
    def check(dialog: BackgroundDialog) -> int:
        assert dialog.opacity.value() == pytest.approx(0.4) and dialog.x.value() == -10
        return BackgroundDialog.DialogCode.Rejected

    monkeypatch.setattr(BackgroundDialog, "exec", check)
    window.background_action.trigger()
    assert window.view.background() is item


def test_zoom_pan_and_fit(qtbot: Any) -> None:
    from PySide6.QtGui import QWheelEvent

    # Given the fitted map: the whole extent is in view
    window = make_window(qtbot)
    view = window.view
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(QRectF(0, 0, 200, 100))
    fitted = view.transform().m11()
    # When the wheel turns up over B, Then the view zooms in and B stays under the pointer
    at = pixel(window, (150, 50))
    wheel = QWheelEvent(
        QPointF(at),
        QPointF(view.viewport().mapToGlobal(at)),
        QPoint(0, 0),
        QPoint(0, 240),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), wheel)
    assert view.transform().m11() == pytest.approx(fitted * 1.15**2)
    under = view.mapToScene(at)
    assert (under.x(), under.y()) == pytest.approx((150, 50), abs=1)
    # When the middle button drags left, Then the map pans (the view shows more of the east)
    before = view.mapToScene(view.viewport().rect().center())
    qtbot.mousePress(view.viewport(), Qt.MouseButton.MiddleButton, pos=at)
    hover(window, (150, 50), Qt.MouseButton.MiddleButton)
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(at.x() - 100, at.y()),
        QPointF(view.viewport().mapToGlobal(QPoint(at.x() - 100, at.y()))),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.MiddleButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view.viewport(), event)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.MiddleButton, pos=at)
    after = view.mapToScene(view.viewport().rect().center())
    assert after.x() > before.x() + 10
    # When zoom out, zoom in and fit are triggered from the View menu
    window.zoom_out_action.trigger()
    assert view.transform().m11() == pytest.approx(fitted * 1.15**2 * 0.8)
    window.zoom_in_action.trigger()
    window.fit_action.trigger()
    # Then fit shows the whole map again
    assert view.transform().m11() == pytest.approx(fitted)


def test_undo_redo_and_the_unsaved_prompt_say_what_and_where(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    window = EditorWindow(document=MapDocument(TopoMap.from_dict(tiny())))
    qtbot.addWidget(window)
    window.save_to(tmp_path / "tiny.yaml")
    window.document.run("update_province", "A", name="Akagi-mura")
    window.undo_action.trigger()
    assert window.statusBar().currentMessage() == "Undone: edit province."
    window.redo_action.trigger()
    assert window.statusBar().currentMessage() == "Redone: edit province."
    asked: list[str] = []

    def question(parent: Any, title: str, text: str, *args: Any) -> Any:
        asked.append(text)
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", question)
    assert window.maybe_keep_changes()
    assert asked[0].startswith(f"Save the changes to Tiny Isle ({tmp_path / 'tiny.yaml'})?")


def test_the_next_editor_opens_where_the_last_one_was_closed(qtbot: Any, tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from app.settings import AppSettings

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    # Given an editor I made smaller and whose Validation dock I closed
    first = EditorWindow(document=MapDocument(TopoMap.from_dict(tiny())), settings=settings)
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    first.resize(640, 480)  # as small as its docks let it be
    first._validation_dock.close()
    left = (first.width(), first.height())
    assert left != (1400, 900)
    # When I close it and open another
    first.close()
    second = EditorWindow(document=MapDocument(TopoMap.from_dict(tiny())), settings=settings)
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    # Then it has the size and the docks I left
    assert (second.width(), second.height()) == left
    assert not second._validation_dock.isVisible()
    assert second.province_panel.parentWidget().isVisible()
