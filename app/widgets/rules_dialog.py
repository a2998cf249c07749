"""The in-app rules reference: one tab per game that has rules text."""

from __future__ import annotations

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
from app.rules_text import ROKUGAN_RULES_HTML
from app.widgets.scaling import fit_on_screen
from engine.registry import GAMES

_FALLBACK = {"rokugan": ROKUGAN_RULES_HTML}
_NAMES = {"rokugan": "Battle for Rokugan", "shinobi": "Shinobi", "ricewars": "Rice Wars"}


def rules_pages() -> list[tuple[str, str]]:
    """(tab title, HTML) for every game with rules text."""
    pages = []
    for game_id in GAMES:
        html = game_ui(game_id).rules_html() or _FALLBACK.get(game_id, "")
        if html:
            pages.append((_NAMES.get(game_id, game_id), html))
    return pages


class RulesDialog(QDialog):
    """A non-modal window with the rules of every game."""

    def __init__(self, parent: QWidget | None = None, game_id: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rules")
        fit_on_screen(self, 760, 820)
        self.tabs = QTabWidget()
        for index, (title, html) in enumerate(rules_pages()):
            browser = QTextBrowser()
            browser.setOpenLinks(True)
            browser.setHtml(html)
            self.tabs.addTab(browser, title)
            if game_id is not None and _NAMES.get(game_id) == title:
                self.tabs.setCurrentIndex(index)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
