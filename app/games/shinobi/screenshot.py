"""Take the README's Shinobi screenshots: `QT_QPA_PLATFORM=offscreen python -m
app.games.shinobi.screenshot [--sizes 1280x720,2560x1440]`.

Plays a seeded 1 human + 3 AI Shinobi game through the widgets (clicks on the hand, the
stacks and the provinces) at each window size and saves, per size WxH,
docs/screen-shinobi-WxH.png (the third order of a turn of the person in the middle of the
game: the attacking army chosen, its legal targets lit), docs/shinobi-winner-WxH.png (the
last step of the game's end: allegiances revealed, the winner) and docs/shinobi-end-WxH.png
(the end screen). Settings and autosave go to a temporary folder, never the user's.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app import shots
from app.games.shinobi.view import ARMY, SOURCE_CARD, ShinobiView
from app.i18n import _
from app.session import AI, HUMAN, NewGameConfig, Seat

NAMES = ("Kenshin", "Shingen", "Nobunaga", "Ujiyasu")


def _click(view: ShinobiView, key: tuple) -> None:
    if key[0] == SOURCE_CARD:
        QTest.mouseClick(view.hand_buttons[key[1]], Qt.LeftButton)
    elif key[0] == ARMY:
        QTest.mouseClick(view.provinces[key[1]].stacks[key[2]], Qt.LeftButton)
    else:
        panel = view.provinces[key[1]]
        QTest.mouseClick(panel, Qt.LeftButton, pos=QPoint(3, panel.height() // 2))


def main(argv: list[str] | None = None) -> int:
    """Play and photograph; returns 0 when every picture was taken at every size."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    shots.size_arguments(parser)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--order", type=int, default=3, help="the order to photograph (1-3)")
    parser.add_argument("--players", type=int, default=4, help="3 to 5 (one of them is you)")
    args = parser.parse_args(argv)
    return shots.shoot_sizes(args, _shoot, "Shinobi screenshots")


def _shoot(app: QApplication, args: argparse.Namespace, size: shots.Size) -> bool:
    """Play the seeded game at `size` and save its three pictures; True when all were."""
    out: Path = args.out
    tag = shots.tag(size)
    window = shots.shot_window(size, bot_nodes=40)
    seats = (
        Seat(HUMAN, name=_("You")),
        *(Seat(AI, "normal", name=name) for name in NAMES[: args.players - 1]),
    )
    window.start_game(NewGameConfig("shinobi", seats, seed=args.seed))
    screen = window.game_screen
    state = window.session.state  # type: ignore[union-attr]
    view = screen.view  # type: ignore[union-attr]
    assert isinstance(view, ShinobiView)
    rng = random.Random(args.seed)
    attack = winner = False
    for _turn in range(1000):
        shots.wait(app, lambda: shots.at_prompt(window))
        if screen.step_box.isVisible():
            if state.is_terminal() and _("3. The winner") in screen.step_title.text():
                shots.settle(app)
                shots.save(window, out / f"shinobi-winner-{tag}.png")
                winner = True
                break
            QTest.mouseClick(screen.continue_button, Qt.LeftButton)
            continue
        if state.is_terminal():  # the game's end is told in steps: wait for the first
            shots.wait(app, screen.step_box.isVisible, 10)
            continue
        if not attack and state.turns >= args.turns and state.order == args.order:
            if view.selected is None:
                _click(view, sorted(view._sources())[0])
            shots.settle(app, 0.4)
            shots.save(window, out / f"screen-shinobi-{tag}.png")
            attack = True
            QTest.keyClick(view, Qt.Key_Escape)
            continue
        if view.selected is None:
            _click(view, rng.choice(sorted(view._sources())))
        _click(view, rng.choice(sorted(view._targets())))
    end = shots.to_end_screen(app, window, 20)
    if end:
        shots.settle(app)
        shots.save(window, out / f"shinobi-end-{tag}.png")
    shots.close_window(app, window)
    return attack and winner and end


if __name__ == "__main__":
    sys.exit(main())
