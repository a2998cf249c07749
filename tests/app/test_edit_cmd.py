"""`daimyo edit` speaks the person's language in Qt's own words too: the unsaved-changes
question says "Descartar as abandona; Cancelar volta ao mapa", so its buttons must read
Descartar and Cancelar, not Discard and Cancel."""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox

from app import i18n
from app.commands.edit import run
from app.widgets.language import apply_language
from editor.main_window import EditorWindow


@pytest.fixture
def editor_started(qapp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict:
    """`daimyo edit` with its event loop replaced by a look at its window."""
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path / "home"))
    for kind in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(kind, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    monkeypatch.setattr("app.environment.qt_display_problem", lambda: None)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    seen: dict = {}

    def run_loop() -> int:
        window = next(
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, EditorWindow) and w.isVisible()
        )
        seen["language"] = i18n.language()
        box = QMessageBox(window)  # the buttons the unsaved-changes question shows
        kinds = (QMessageBox.StandardButton.Discard, QMessageBox.StandardButton.Cancel)
        box.setStandardButtons(kinds[0] | kinds[1])
        seen["buttons"] = [box.button(kind).text() for kind in kinds]
        window.document.undo_stack.setClean()  # nothing to ask about when it closes
        window.close()
        return 0

    monkeypatch.setattr(QApplication, "exec", staticmethod(run_loop))
    yield seen
    apply_language("en")
    QApplication.processEvents()


def test_daimyo_edit_speaks_the_systems_language_in_qts_own_buttons(
    editor_started: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a Portuguese system and no language chosen in Settings
    monkeypatch.setenv("LANGUAGE", "pt")
    i18n.set_language(None)  # as the program reads it when it starts
    # When the designer runs `daimyo edit` on a new map
    assert run(argparse.Namespace(map=None)) == 0
    # Then the editor and Qt's own buttons speak Portuguese
    assert editor_started["language"] == "pt"
    assert [b.replace("&", "") for b in editor_started["buttons"]] == ["Descartar", "Cancelar"]
