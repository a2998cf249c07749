"""Take the README's Rice Wars screenshots: `QT_QPA_PLATFORM=offscreen python -m
app.games.ricewars.screenshot [--sizes 1280x720,2560x1440]`.

Plays a seeded game of 1 human + AI (`--players`, 3 by default) on the quick board (epic
for 5) through the widgets (buttons, cards, clicks on fields) at each window size and
saves, per size WxH, docs/ricewars-hiring-WxH.png (the person's hiring in round 2),
docs/ricewars-auction-WxH.png (the person's sealed bid for an advisor),
docs/screen-ricewars-WxH.png (the reveal of a combat from round 3 on) and
docs/ricewars-end-WxH.png (the end screen). Settings and autosave go to a temporary
folder, never the user's.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app import shots
from app.games.ricewars.picks import BID, BUTTON, CARD, FIELD, Pick
from app.i18n import _
from app.main_window import MainWindow
from app.session import AI, HUMAN, NewGameConfig, Seat
from engine.ricewars.state import ACTION, HIRE, MODIFY


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
    else:  # a button, the troops in their boxes, the sealed bid in its box
        QTest.mouseClick(view.choice_box.press(pick), Qt.LeftButton)


def main(argv: list[str] | None = None) -> int:
    """Play and photograph; 0 when every picture was taken at every size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    shots.size_arguments(parser)
    parser.add_argument("--seed", type=int, default=5)  # a game with a bid and a fight of yours
    parser.add_argument("--players", type=int, default=3, help="2 to 5 (one of them is you)")
    args = parser.parse_args(argv)
    return shots.shoot_sizes(args, _shoot, "Rice Wars screenshots")


def _shoot(app: QApplication, args: argparse.Namespace, size: shots.Size) -> bool:
    """Play the seeded game at `size` and save its four pictures; True when all were."""
    out: Path = args.out
    tag = shots.tag(size)
    window = shots.shot_window(size, bot_nodes=60)
    seats = (Seat(HUMAN, name=_("You")), *[Seat(AI, "normal")] * (args.players - 1))
    board = "ricewars-epic" if args.players == 5 else "ricewars-quick"
    window.start_game(NewGameConfig("ricewars", seats, board, args.seed))
    controller = window.controller
    screen = window.game_screen
    state = window.session.state  # type: ignore[union-attr]
    rng = random.Random(args.seed)
    wanted = {"hiring", "auction", "combat"}
    for _turn in range(4000):
        shots.wait(app, lambda: shots.at_prompt(window))
        if screen.step_box.isVisible():
            title = screen.step_title.text()
            step = screen.view.shown_step
            mine = step is not None and not step.plays_on  # a fight of others plays on
            if "combat" in wanted and title == _("Cards revealed") and state.round >= 3 and mine:
                shots.settle(app)
                shots.save(window, out / f"screen-ricewars-{tag}.png")
                wanted.discard("combat")
            QTest.mouseClick(screen.continue_button, Qt.LeftButton)
            continue
        if state.is_terminal():
            break
        if controller.human_to_act and not screen.view.tree.chosen:
            moment = _moment(window)
            if moment in wanted and state.round >= 2:
                shots.settle(app)
                shots.save(window, out / f"ricewars-{moment}-{tag}.png")
                wanted.discard(moment)
        start = len(state.history)
        for _try in range(4):
            if screen.view.tree is None or len(state.history) != start:
                break
            _click(window, _choose(window, rng))
    end = shots.to_end_screen(app, window, 30)
    if end:
        shots.settle(app)
        shots.save(window, out / f"ricewars-end-{tag}.png")
    shots.close_window(app, window)
    return end and not wanted


def _moment(window: MainWindow) -> str:
    """Which of the pictured decisions the person is at: 'hiring', 'auction' or ''."""
    state = window.session.state  # type: ignore[union-attr]
    if state.phase == HIRE:
        return "hiring"
    options = window.game_screen.view.tree.options()  # type: ignore[union-attr]
    return "auction" if any(p.kind == BID for p in options) else ""


if __name__ == "__main__":
    sys.exit(main())
