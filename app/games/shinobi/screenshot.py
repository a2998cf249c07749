"""Take docs/screen-shinobi.png: `xvfb-run -s "-screen 0 1600x1000x24" python -m
app.games.shinobi.screenshot`.

Plays a seeded 1 human + 3 AI Shinobi game through the widgets (clicks on the hand, the
stacks and the provinces) into the middle of the game, to the third order of a turn of
the person, where the attacking army is chosen and its legal targets are lit, and
photographs the window. Settings and autosave go to a temporary
folder, never the user's.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app import gui_gc
from app.games.shinobi.view import ARMY, SOURCE_CARD, ShinobiView
from app.main_window import MainWindow
from app.session import AI, HUMAN, NewGameConfig, Seat
from app.settings import AppSettings


def _wait(app: QApplication, done: Callable[[], bool], seconds: float = 30) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        if done():
            return True
        time.sleep(0.005)
    return done()


def _click(view: ShinobiView, key: tuple) -> None:
    if key[0] == SOURCE_CARD:
        QTest.mouseClick(view.hand_buttons[key[1]], Qt.LeftButton)
    elif key[0] == ARMY:
        QTest.mouseClick(view.provinces[key[1]].stacks[key[2]], Qt.LeftButton)
    else:
        panel = view.provinces[key[1]]
        QTest.mouseClick(panel, Qt.LeftButton, pos=QPoint(3, panel.height() // 2))


def main(argv: list[str] | None = None) -> int:
    """Play and photograph; returns 0 when the picture was taken."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screen-shinobi.png"))
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--order", type=int, default=3, help="the order to photograph (1-3)")
    parser.add_argument(
        "--reveal", type=Path, default=None, help="also play on and photograph the reveal here"
    )
    parser.add_argument("--size", default="1600x1000", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--players", type=int, default=4, help="3 to 5 (one of them is you)")
    args = parser.parse_args(argv)
    width, _, height = args.size.partition("x")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    gui_gc.install(app)  # bots think in a thread: collect garbage only here
    tmp = Path(tempfile.mkdtemp(prefix="daimyo-shots-"))
    settings = AppSettings(QSettings(str(tmp / "settings.ini"), QSettings.IniFormat), tmp)
    settings.set_ai_pace("instant")
    window = MainWindow(settings, bot_nodes=40)
    window.resize(int(width), int(height))
    window.show()
    names = ("Kenshin", "Shingen", "Nobunaga", "Ujiyasu")
    seats = (
        Seat(HUMAN, name="You"),
        *(Seat(AI, "normal", name=name) for name in names[: args.players - 1]),
    )
    window.start_game(NewGameConfig("shinobi", seats, seed=args.seed))
    controller = window.controller
    screen = window.game_screen
    state = window.session.state  # type: ignore[union-attr]
    view = screen.view  # type: ignore[union-attr]
    assert isinstance(view, ShinobiView)
    rng = random.Random(args.seed)
    shot = False
    end_shot = args.reveal.with_name(args.reveal.stem + "-end.png") if args.reveal else None
    for _ in range(400):
        _wait(
            app,
            lambda: controller.human_to_act or screen.step_box.isVisible() or state.is_terminal(),
        )
        if screen.step_box.isVisible():
            if args.reveal is not None and "winner" in screen.step_title.text():
                _wait(app, lambda: False, 0.3)
                window.grab().save(str(args.reveal))
                args.reveal = None
            QTest.mouseClick(screen.continue_button, Qt.LeftButton)
            continue
        if state.is_terminal():
            if not screen.step_box.isVisible():
                break
            continue
        if not shot and state.turns >= args.turns and state.order == args.order:
            if view.selected is None:
                _click(view, sorted(view._sources())[0])
            _wait(app, lambda: False, 0.4)
            window.grab().save(str(args.out))
            shot = True
            if args.reveal is None:
                break
            QTest.keyClick(view, Qt.Key_Escape)
            continue
        if view.selected is None:
            _click(view, rng.choice(sorted(view._sources())))
        _click(view, rng.choice(sorted(view._targets())))
    if end_shot is not None:
        _wait(app, lambda: window.stack.currentWidget() is window.end_screen, 10)
        _wait(app, lambda: False, 0.3)
        window.grab().save(str(end_shot))
    window.close()
    return 0 if shot else 1


if __name__ == "__main__":
    sys.exit(main())
