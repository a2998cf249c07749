"""The language of the Qt app: `app.i18n`'s catalogs plus Qt's own translations.

Qt's dialogs (message-box buttons, file and print dialogs) are translated by the catalogs
Qt ships (`qtbase_<lang>.qm` in `QLibraryInfo.path(TranslationsPath)`, part of
PySide6-Essentials). Installing or removing a `QTranslator` makes Qt send every widget a
`QEvent.LanguageChange`; the app's widgets answer it by saying their words again
(`changeEvent` → `retranslate`), so a new language applies at once, without a restart,
and the game in progress stays.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QTranslator

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app import i18n

_installed: list[QTranslator] = []
_qt_language = i18n.SOURCE_LANGUAGE  # the language Qt's own dialogs speak


def qt_translations_dir() -> Path:
    """Where Qt's own catalogs are."""
    return Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))


def apply_language(code: str | None) -> str:
    """Speak `code` ("" or None: the system's language) in the program and in Qt's own
    dialogs, and tell every widget (`QEvent.LanguageChange`); returns the code spoken."""
    chosen = code or i18n.system_language()
    if chosen == i18n.language() and _qt_language == chosen:
        return chosen  # nothing to say again
    i18n.set_language(chosen)
    install_qt_translations(chosen)
    return chosen


def install_qt_translations(code: str) -> bool:
    """Load Qt's catalog for `code` in place of the last one; True when one is loaded.
    Every widget gets a `QEvent.LanguageChange` either way."""
    global _qt_language
    app = QCoreApplication.instance()
    if app is None:
        return False
    _qt_language = code
    changed = False
    while _installed:
        changed = QCoreApplication.removeTranslator(_installed.pop()) or changed
    name = i18n.QT_CATALOGS.get(code)
    loaded = False
    if name is not None:
        translator = QTranslator(app)
        if translator.load(name, str(qt_translations_dir())):
            QCoreApplication.installTranslator(translator)
            _installed.append(translator)
            loaded = changed = True
    QLocale.setDefault(QLocale({"de": "de_DE", "pt": "pt_BR"}.get(code, "en_US")))
    if not changed:  # no Qt catalog came or went: Qt would not tell the widgets
        QCoreApplication.postEvent(app, QEvent(QEvent.LanguageChange))
    return loaded
