"""Battle for Rokugan's choice buttons show their whole words at 1280 × 720: in German the
setup's "Rückeroberung der verlorenen Lande behalten (3)" is wider than the controls column
beside the tall map, and a plain button cut it at both ends ("ckeroberung … behalten")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication, QPushButton

from app.widgets.language import apply_language

pytest.importorskip("maps.api")


def shown_whole(button: QPushButton) -> bool:
    """True when every line of the button's text fits its width and every line its
    height (the style's frame and padding left around them)."""
    metrics = button.fontMetrics()
    lines = button.text().split("\n")
    wide = max(metrics.horizontalAdvance(line) for line in lines)
    high = len(lines) * metrics.lineSpacing()
    return wide <= button.width() - 8 and high <= button.height() - 4


def test_a_long_secret_objective_shows_whole_in_german_at_1280x720(window, qtbot) -> None:
    from app.session import AI, HUMAN, NewGameConfig, Seat

    # Given a German three-clan game at 1280 × 720 whose deal offers the Lion
    # "Reclaiming the Lost Lands" (seed 11, as played by hand on 2026-11-28)
    apply_language("de")
    try:
        window.resize(QSize(1280, 720))
        seats = (Seat(HUMAN, choice="lion"), Seat(AI, "easy"), Seat(AI, "normal"))
        assert window.start_game(NewGameConfig("rokugan", seats, seed=11))
        view = window.game_screen.view
        qtbot.waitUntil(lambda: len(view.choice_buttons) == 2, timeout=5000)
        QApplication.processEvents()
        qtbot.wait(300)
        texts = [b.text().replace("\n", " ") for b in view.choice_buttons]
        assert any("Rückeroberung der verlorenen Lande" in t for t in texts), texts
        # Then the controls stand in their column beside the map, and each objective's
        # button shows its whole text
        assert view.beside
        for button in view.choice_buttons:
            assert button.width() <= view.controls.width()
            assert shown_whole(button), button.text()
    finally:
        apply_language("en")
