"""Every screen grows with a bigger window: the start and end screens and the menus."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication

from app.games.base import ScoreTable
from tests.app.real_saves import write_save

pytest.importorskip("maps.api")

SMALL = QSize(1280, 720)


@pytest.fixture
def small(window, qtbot):
    """The test window at 1280 × 720."""
    window.resize(SMALL)
    qtbot.waitUntil(lambda: window.size() == SMALL, timeout=2000)
    return window


def autosave(window, game: str) -> None:
    """A game of `game` waiting under Continue."""
    window.settings.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    write_save(window.settings.autosave_path, game)


def test_words_grow_with_the_window_on_the_start_and_end_screens_and_the_menus(
    small, qtbot, tmp_path
) -> None:
    # Given the start screen with a saved game, and an end screen with scores
    small.settings.add_recent_game(write_save(tmp_path / "game.json", "rokugan"))
    autosave(small, "shinobi")
    small._update_actions()
    end = small.end_screen
    end.show_scores(
        ScoreTable(
            ("Honor", "Total"), (("Crab", (3.0, 3.0)), ("Lion", (5.0, 5.0))), ((3.0,), (5.0,))
        ),
        ["#1b2a41", "#e1b000"],
        ["Lion"],
    )
    start = small.start_screen
    words = {  # the screen each is on, and the widget
        "start button": (start, start.new_button),
        "start subtitle": (start, start.subtitle),
        "recent games": (start, start.recent),
        "continue": (start, start.continue_info),
        "menu bar": (start, small.menuBar()),
        "end title": (end, end.title),
        "end table": (end, end.table),
        "end button": (end, end.review_button),
        "chart": (end, end.chart),
    }

    def sizes() -> dict[str, int]:
        out = {}
        for name, (screen, widget) in words.items():
            small.stack.setCurrentWidget(screen)
            QApplication.processEvents()
            out[name] = QFontInfo(widget.font()).pixelSize()
        return out

    def heights() -> dict[str, int]:
        small.stack.setCurrentWidget(end)
        QApplication.processEvents()
        return {
            "start button": start.new_button.minimumSizeHint().height(),
            "end button": end.review_button.minimumSizeHint().height(),
            "end table row": end.table.rowHeight(0),
            "menu bar": small.menuBar().sizeHint().height(),
        }

    small_sizes, small_heights = sizes(), heights()
    # When the window grows to 2560 × 1440
    small.resize(2560, 1440)
    qtbot.waitUntil(lambda: small.width() == 2560, timeout=2000)
    big_sizes, big_heights = sizes(), heights()
    # Then every text is drawn about twice as big, and its buttons and rows with it
    for name, size in small_sizes.items():
        assert big_sizes[name] >= size * 1.8, (name, size, big_sizes[name])
    for name, height in small_heights.items():
        assert big_heights[name] >= height * 1.6, (name, height, big_heights[name])
    # And the start screen's text is sized in points (it grows with the screen's DPI too)
    assert start.new_button.font().pointSizeF() > 0 and start.subtitle.font().pointSizeF() > 0
