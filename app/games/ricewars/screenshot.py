"""Take the Rice Wars screenshot: `xvfb-run -s "-screen 0 1600x1000x24" python -m
app.games.ricewars.screenshot`.

Plays a seeded game of 1 human + AI (`--players`, 3 by default) on the quick board (epic
for 5) through the widgets (buttons, cards,
clicks on fields) and saves docs/screen-ricewars.png at the reveal of a combat from round
3 on. Settings and autosave go to a temporary folder, never the user's.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app import gui_gc
from app.games.ricewars.picks import BID, BUTTON, CARD, FIELD, Pick
from app.main_window import MainWindow
from app.session import AI, HUMAN, NewGameConfig, Seat
from app.settings import AppSettings
from engine.ricewars.state import ACTION, HIRE, MODIFY


def _wait(app: QApplication, done: Callable[[], bool], seconds: float = 60) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        if done():
            return True
        time.sleep(0.005)
    return done()


def _choose(window: MainWindow, rng: random.Random) -> Pick:
    state = window.session.state  # type: ignore[union-attr]
    view = window.game_screen.view  # type: ignore[union-attr]
    options = view.tree.options()
    me = state.current_player()
    buttons = [p.value for p in options if p.kind == BUTTON]
    if view.tree.chosen:
        return options[-1]
    if state.phase == HIRE:
        for prefix in ("pay ", "hire ashigaru", "hire peasant"):
            wanted = [b for b in buttons if b.startswith(prefix)]
            if wanted and (prefix != "hire ashigaru" or state.ash[me] < 3):
                if prefix != "hire peasant" or state.reserve[me] < 3:
                    return Pick(BUTTON, wanted[0])
        return Pick(BUTTON, "done")
    if any(p.kind == BID for p in options):
        return Pick(BID, str(min(3, state.money[me])))
    if state.phase == ACTION:
        fields = [p for p in options if p.kind == FIELD]
        attacks = [p for p in fields if state.owner[state.field(p.value)] >= 0]
        if attacks and state.round >= 3:
            return rng.choice(attacks)
        free = [p for p in fields if p not in attacks]
        return rng.choice(free) if free else Pick(BUTTON, "pass")
    if state.phase == MODIFY:
        cards = [p for p in options if p.kind == CARD]
        side = 0 if state.fight["att"] == me else 1
        return cards[0] if cards and len(state.fight["cards"][side]) < 2 else Pick(BUTTON, "stop")
    return rng.choice(options)


def _click(window: MainWindow, pick: Pick) -> None:
    view = window.game_screen.view  # type: ignore[union-attr]
    if pick.kind == FIELD:
        view.board.click_scene_point(view.scene.labels[pick.value] + QPointF(0, view.scene.unit))
    elif pick.kind == CARD:
        QTest.mouseClick(view.card_buttons[pick.value], Qt.LeftButton)
    elif pick.kind == BID:
        view.bid_box.setValue(int(pick.value))
        QTest.mouseClick(view.bid_button, Qt.LeftButton)
    else:
        found = [b for b in view.choice_buttons if b.property("pick") == pick.value]
        if not found and view.choice_combo is not None:
            view.choice_combo.setCurrentIndex(view.choice_combo.findData(pick.value))
            found = [b for b in view.choice_buttons if b.property("pick") == "choose"]
        QTest.mouseClick(found[0], Qt.LeftButton)


def main(argv: list[str] | None = None) -> int:
    """Play and photograph; 0 when the picture was taken."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screen-ricewars.png"))
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--size", default="1600x1000", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--players", type=int, default=3, help="2 to 5 (one of them is you)")
    args = parser.parse_args(argv)
    width, _, height = args.size.partition("x")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    gui_gc.install(app)  # bots think in a thread: collect garbage only here
    tmp = Path(tempfile.mkdtemp(prefix="daimyo-shots-"))
    settings = AppSettings(QSettings(str(tmp / "settings.ini"), QSettings.IniFormat), tmp)
    settings.set_ai_pace("instant")
    window = MainWindow(settings, bot_nodes=60)
    window.resize(int(width), int(height))
    window.show()
    seats = (Seat(HUMAN, name="You"), *[Seat(AI, "normal")] * (args.players - 1))
    board = "ricewars-epic" if args.players == 5 else "ricewars-quick"
    window.start_game(NewGameConfig("ricewars", seats, board, args.seed))
    controller = window.controller
    screen = window.game_screen
    state = window.session.state  # type: ignore[union-attr]
    rng = random.Random(args.seed)
    taken = False
    for _ in range(2000):
        _wait(
            app,
            lambda: controller.human_to_act or screen.step_box.isVisible() or state.is_terminal(),
        )
        if screen.step_box.isVisible():
            title = screen.step_title.text()
            if title == "Cards revealed" and state.round >= 3:
                _wait(app, lambda: False, 0.3)
                args.out.parent.mkdir(parents=True, exist_ok=True)
                window.grab().save(str(args.out))
                taken = True
                break
            QTest.mouseClick(screen.continue_button, Qt.LeftButton)
            continue
        if state.is_terminal():
            break
        start = len(state.history)
        for _ in range(4):
            if screen.view.tree is None or len(state.history) != start:
                break
            _click(window, _choose(window, rng))
    window.close()
    window.deleteLater()
    app.processEvents()
    print("screenshot", args.out, "taken" if taken else "NOT taken")
    return 0 if taken else 1


if __name__ == "__main__":
    sys.exit(main())
