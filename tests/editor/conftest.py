"""Editor test fixtures: the editor remembers its window in the app's settings, so each test
gets a settings folder of its own and never reads or writes the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The editor's own files (autosaves, playtest copies) go to the test's folder."""
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path / "home"))


@pytest.fixture(autouse=True)
def _own_settings_folder(tmp_path_factory: pytest.TempPathFactory):
    """QSettings of the user scope live in a fresh folder during each test."""
    from PySide6.QtCore import QSettings

    folder = Path(tmp_path_factory.mktemp("qsettings"))
    for kind in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(kind, QSettings.Scope.UserScope, str(folder))
    yield folder
