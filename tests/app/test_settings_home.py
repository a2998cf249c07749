"""Where the app keeps its files: one folder, `daimyo_home()`, shared with the editor."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

from app.settings import APPLICATION, ORGANISATION, AppSettings, daimyo_home


def test_daimyo_home_follows_the_environment(tmp_path: Path, monkeypatch, qapp) -> None:
    # Given $DAIMYO_HOME; then the app's autosave and saves live there
    monkeypatch.setenv("DAIMYO_HOME", str(tmp_path))
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    assert daimyo_home() == tmp_path
    assert settings.autosave_path == tmp_path / "autosave.json"
    assert settings.saves_dir == tmp_path / "saves"


@pytest.mark.skipif(sys.platform != "linux", reason="AppDataLocation is the same folder on Linux")
def test_without_the_variable_it_is_the_apps_data_folder_whatever_the_running_name(
    monkeypatch, qapp
) -> None:
    # Given no $DAIMYO_HOME and Qt's test locations (nothing of the user's is read)
    monkeypatch.delenv("DAIMYO_HOME", raising=False)
    QStandardPaths.setTestModeEnabled(True)
    names = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    try:
        # When the app names itself, the folder is Qt's AppDataLocation for it
        QCoreApplication.setOrganizationName(ORGANISATION)
        QCoreApplication.setApplicationName(APPLICATION)
        app_folder = Path(QStandardPaths.writableLocation(QStandardPaths.AppDataLocation))
        assert daimyo_home() == app_folder
        # ... and a process named otherwise (the editor started alone) gets the same folder
        QCoreApplication.setApplicationName("daimyo-edit")
        assert daimyo_home() == app_folder
    finally:
        QCoreApplication.setOrganizationName(names[0])
        QCoreApplication.setApplicationName(names[1])
        QStandardPaths.setTestModeEnabled(False)
