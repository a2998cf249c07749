"""The README's screenshots of Learn to play, Hint and the review:
`QT_QPA_PLATFORM=offscreen python -m app.learn.screenshots [--sizes 1280x720,2560x1440]`.

At each window size WxH it saves docs/learn-WxH.png (the guided Battle for Rokugan game at
its first placement, the guide's words beside the board and the Armies' places lit),
docs/hint-WxH.png (a hint in the same game: the move ringed in white, its reason in the
Hint box) and docs/review-WxH.png (the review of a finished 4-player game: the costliest
moments, the first on the board with the AI's alternative, the honor after each round).
Hints and the review think with the hard AI's own budget. Settings and autosave go to a
temporary folder, never the user's.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app import gui_gc, shots
from app.games import game_ui
from app.main_window import MainWindow
from app.savefile import AI, HUMAN, Seat


def _my_turn(app: QApplication, window: MainWindow) -> bool:
    def ready() -> bool:
        screen = window.game_screen
        if screen is not None and screen.step_box.isVisible():
            screen.skip_button.click()
        return window.controller is not None and window.controller.human_to_act

    return shots.wait(app, ready, 120)


def _shoot(app: QApplication, out: Path, size: shots.Size) -> None:
    window = shots.shot_window(size)
    suffix = shots.tag(size)
    try:
        window.learn_to_play("rokugan")
        guide = window.coach.guide
        assert guide is not None
        # follow the guide to its first placement step
        for _ in range(60):
            if not _my_turn(app, window):
                raise RuntimeError("the guided game stopped waiting for the person")
            step = guide.step
            while step is not None and step.wants is None:
                window.game_screen.guide_panel.next.click()
                app.processEvents()
                step = guide.step
            if step is not None and step.key == "army-attack":
                break
            state = window.session.state
            targets = guide.progress.targets(state, step)
            window.game_screen.view.action_chosen.emit((targets or state.legal_actions())[0])
            app.processEvents()
        window.game_screen.view.fit()
        shots.settle(app, 0.6)
        shots.save(window, out / f"learn-{suffix}.png")
        hints = window.coach.hints
        window.game_screen.hint_panel.button.click()
        shots.wait(app, lambda: hints.last is not None, 120)
        shots.settle(app, 0.6)
        shots.save(window, out / f"hint-{suffix}.png")
        window.close_game()
        _review(app, window)
        shots.save(window, out / f"review-{suffix}.png")
    finally:
        shots.close_window(app, window)


def _review(app: QApplication, window: MainWindow) -> None:
    """Review seat 1 of a finished 4-player game (seed 1: `normal` there, `easy` others)."""
    from ai.match import play_match
    from engine.registry import get_game
    from maps.api import load_graph, shipped_map_path

    _, state = play_match(
        get_game("rokugan"), ["normal", "easy", "easy", "easy"], 1, load_graph("rokugan"), {}
    )
    seats = (Seat(HUMAN), Seat(AI, "easy"), Seat(AI, "easy"), Seat(AI, "easy"))
    window.coach.review(game_ui("rokugan"), state, seats, 0, Path(shipped_map_path("rokugan")))
    screen = window.coach.review_screen
    shots.wait(app, lambda: screen.moments.count() > 0, 600)
    if screen.board is not None:
        screen.board.fit()
    shots.settle(app, 0.6)


def main(argv: list[str] | None = None) -> int:
    """Take the screenshots at every size asked for."""
    parser = argparse.ArgumentParser(prog="python -m app.learn.screenshots")
    shots.size_arguments(parser)
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    gui_gc.install(app)  # bots, hints and reviews think in threads: collect garbage only here
    for size in shots.parse_sizes(args.sizes):
        _shoot(app, args.out, size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
