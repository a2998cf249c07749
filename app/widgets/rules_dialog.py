"""The in-app rules reference: one tab per game that has rules text."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games import game_ui
from app.games.rokugan.rules import rules_html as rokugan_rules
from app.i18n import _, game_name
from app.widgets.scaling import fit_on_screen
from engine.registry import GAMES

_FALLBACK = {"rokugan": rokugan_rules}


def rules_pages() -> list[tuple[str, str]]:
    """(tab title, HTML) for every game with rules text, the titles in the current
    language."""
    return [(game_name(game_id), html) for game_id, html in _pages()]


def _pages() -> list[tuple[str, str]]:
    """(game id, HTML) for every game with rules text."""
    pages = []
    for game_id in GAMES:
        fallback = _FALLBACK.get(game_id)
        html = game_ui(game_id).rules_html() or (fallback() if fallback else "")
        if html:
            pages.append((game_id, html))
    return pages


class RulesDialog(QDialog):
    """A non-modal window with the rules of every game."""

    def __init__(self, parent: QWidget | None = None, game_id: str | None = None) -> None:
        super().__init__(parent)
        fit_on_screen(self, 760, 820)
        self.tabs = QTabWidget()
        pages = _pages()
        self._games = [page_game for page_game, _html in pages]
        for index, (page_game, html) in enumerate(pages):
            browser = QTextBrowser()
            browser.setOpenLinks(True)
            browser.setHtml(html)
            self.tabs.addTab(browser, page_game)
            if page_game == game_id:
                self.tabs.setCurrentIndex(index)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.retranslate()

    def retranslate(self) -> None:
        """The window's title and the tabs' game names in the current language."""
        self.setWindowTitle(_("Rules"))
        for index, page_game in enumerate(self._games):
            self.tabs.setTabText(index, game_name(page_game))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language: the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.LanguageChange:
            self.retranslate()
