"""Autosave of the open map: a failing disk is reported, never raised from the timer."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.files
from editor.document import MapDocument
from editor.topology import TopoMap
from tests.editor.test_topology import tiny


def test_autosave_failure_is_reported_not_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot
) -> None:
    # Given a document with an unsaved change, autosaving into a temp home
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path))
    doc = MapDocument(TopoMap.from_dict(tiny()))
    doc.undo_stack.push(_noop_command())
    messages: list[str] = []
    doc.failed.connect(messages.append)

    # When the disk fails during the autosave
    def disk_full(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(engine.files.os, "replace", disk_full)
    result = doc.autosave()

    # Then nothing is raised, nothing is written, and the message names the file and the fix
    assert result is None
    assert len(messages) == 1
    assert str(doc.autosave_path()) in messages[0]
    assert "Save the map" in messages[0]
    assert not doc.autosave_path().exists()


def test_autosave_writes_a_copy_only_with_unsaved_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot
) -> None:
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path))
    doc = MapDocument(TopoMap.from_dict(tiny()))
    # Given no changes, there is nothing to autosave
    assert doc.autosave() is None
    # When a change is made, the copy is written where autosave_path says
    doc.undo_stack.push(_noop_command())
    path = doc.autosave()
    assert path == doc.autosave_path() and path.exists()


def test_unsaved_maps_autosave_into_the_apps_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot
) -> None:
    from PySide6.QtCore import QSettings

    from app.settings import AppSettings

    # Given $DAIMYO_HOME and an unsaved map with a change
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path))
    doc = MapDocument(TopoMap.from_dict(tiny()))
    doc.undo_stack.push(_noop_command())
    # When the editor autosaves and writes a playtest copy
    copy, playtest = doc.autosave(), doc.playtest_copy()
    # Then both are in the folder the app's own autosave uses
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    home = settings.autosave_path.parent
    assert home == tmp_path
    assert copy is not None and copy.parent == home / "autosave" and copy.exists()
    assert playtest.parent == home / "playtest" and playtest.exists()


def _noop_command():
    from PySide6.QtGui import QUndoCommand

    return QUndoCommand("test change")
