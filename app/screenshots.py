"""Take the README's screenshots: `QT_QPA_PLATFORM=offscreen python -m app.screenshots`.

Plays a seeded 1 human + 3 AI Battle for Rokugan game through the widgets (clicks on the
hand, the cards and the board) at each window size of `--sizes` (default 1280x720 and
2560x1440) and saves, per size WxH, docs/screen-start-WxH.png (the start screen with saved
games in its Recent list; docs/screen-start.png at 1280x720), docs/newgame-WxH.png (the
new-game dialog over it, set for a four-clan game), docs/rokugan-placement-WxH.png (the
first placement, an army chosen, its places lit), docs/rokugan-resolution-WxH.png (the
battles step of the first resolution, drawn on the board) and docs/rokugan-end-WxH.png.
Settings and autosave go to a temporary folder, never the user's.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app import shots
from app.games.rokugan.picks import BUTTON, CARD, DISCARD, END, HAND, PLACE, TOKEN, Pick
from app.games.rokugan.story import TITLES
from app.i18n import _
from app.main_window import MainWindow
from app.session import AI, HUMAN, NewGameConfig, Seat
from engine.rokugan.state import PH_PLACE


def _click_pick(window: MainWindow, pick: Pick) -> None:
    view = window.game_screen.view  # type: ignore[union-attr]
    if pick.kind == HAND:
        QTest.mouseClick(view.hand_buttons[pick.value], Qt.LeftButton)
        return
    if pick.kind in (CARD, BUTTON, DISCARD, END):
        for button in view.choice_buttons:
            if button.property("pick") == (pick.kind, pick.value) and button.isEnabled():
                QTest.mouseClick(button, Qt.LeftButton)
                return
        return
    if pick.kind == TOKEN:
        point = view._token_items[pick.value].scenePos()
    else:
        point = view.place_point(pick.value)
    view.board.click_scene_point(point)


def _decide(window: MainWindow, rng: random.Random, prefer: tuple[str, ...] = ()) -> None:
    view = window.game_screen.view  # type: ignore[union-attr]
    start = len(window.session.state.history)  # type: ignore[union-attr]
    for _pick in range(8):
        if view.tree is None or len(window.session.state.history) != start:  # type: ignore[union-attr]
            return
        options = view.tree.options()
        preferred = [p for p in options if p.kind in prefer]
        plain = [p for p in options if p.kind != CARD] or options
        _click_pick(window, rng.choice(preferred or plain))


def main(argv: list[str] | None = None) -> int:
    """Play and photograph; returns 0 when every picture was taken at every size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    shots.size_arguments(parser)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    return shots.shoot_sizes(
        args, lambda app, a, size: _shoot(app, a.out, a.seed, size), "screenshots"
    )


def _sample_saves(window: MainWindow, folder: Path) -> None:
    """Saved games of the three games in the Recent list, one also waiting in the autosave."""
    from app.games import game_ui
    from app.session import GameSession, resolve_map_path
    from engine.registry import get_game
    from maps.api import load_graph

    games = (  # game, map, seats, moves: a few rounds into each
        ("shinobi", None, (Seat(HUMAN, name="Aiko"), Seat(AI, "easy"), Seat(AI, "normal")), 40),
        (
            "ricewars",
            "ricewars-quick",
            (Seat(HUMAN, name=_("You")), Seat(AI, "normal"), Seat(AI, "easy")),
            90,
        ),
        (
            "rokugan",
            "rokugan",
            (Seat(HUMAN, name=_("You")), Seat(AI, "hard"), Seat(AI, "normal")),
            60,
        ),
    )
    for index, (game, map_id, seats, moves) in enumerate(games):
        graph = load_graph(map_id) if map_id else None
        state = get_game(game).new_game(len(seats), 7 + index, {}, graph)
        rng = random.Random(index)
        for _move in range(moves):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        session = GameSession(state, seats, resolve_map_path(map_id) if map_id else None)
        session.set_player_words(game_ui(game).player_words)
        session.save(folder / f"{game}.json")
        window.settings.add_recent_game(folder / f"{game}.json")
        if game == "rokugan":
            session.save(window.settings.autosave_path)
        session.deleteLater()
    window._update_actions()


def _new_game_dialog(app: QApplication, window: MainWindow, out: Path, tag: str) -> None:
    """The new-game dialog over the start screen, set for a game against three clans."""
    window.settings.set_last_new_game(
        {
            "game": "rokugan",
            "map": "rokugan",
            "players": 4,
            "seats": [
                {"kind": HUMAN, "bot": "normal", "name": _("You"), "choice": "crab"},
                {"kind": AI, "bot": "normal", "name": "", "choice": "scorpion"},
                {"kind": AI, "bot": "hard", "name": "", "choice": "lion"},
                {"kind": AI, "bot": "easy", "name": "", "choice": "phoenix"},
            ],
        }
    )
    dialog = window.new_game_dialog()
    dialog.show()
    shots.centre_over(dialog, window)
    shots.settle(app)
    shots.save(shots.grab(window, dialog), out / f"newgame-{tag}.png")
    dialog.close()
    dialog.deleteLater()


def _shoot(app: QApplication, out: Path, seed: int, size: tuple[int, int]) -> bool:
    """Play the seeded game and save the five pictures at `size`; True when all were taken."""
    tag = shots.tag(size)
    window = shots.shot_window(size, bot_nodes=40)
    _sample_saves(window, window.settings.data_dir / "saves")
    shots.settle(app, 0.5)
    start_name = "screen-start.png" if tag == "1280x720" else f"screen-start-{tag}.png"
    shots.save(window, out / start_name)
    _new_game_dialog(app, window, out, tag)

    seats = (
        Seat(HUMAN, name=_("You"), choice="crab"),
        Seat(AI, "normal", choice="scorpion"),
        Seat(AI, "normal", choice="lion"),
        Seat(AI, "normal", choice="phoenix"),
    )
    window.start_game(NewGameConfig("rokugan", seats, seed=seed))
    controller = window.controller
    screen = window.game_screen
    state = window.session.state  # type: ignore[union-attr]
    rng = random.Random(seed)
    placement_shot = resolution_shot = False
    for _turn in range(600):
        shots.wait(app, lambda: shots.at_prompt(window))
        if screen.step_box.isVisible():
            battles = _(TITLES[4])  # "5. Battles" in the language spoken
            if not resolution_shot and screen.step_title.text().endswith(battles):
                shots.wait(app, lambda: not screen.view.animating(), 10)
                shots.settle(app)
                shots.save(window, out / f"rokugan-resolution-{tag}.png")
                resolution_shot = True
            QTest.mouseClick(screen.continue_button, Qt.LeftButton)
            continue
        if state.is_terminal():
            break
        view = screen.view
        if not placement_shot and state.phase == PH_PLACE and controller.human_to_act:
            army = next((v for v in view.tree.options_of(HAND) if v.startswith("army")), None)
            if army:
                _click_pick(window, Pick(HAND, army))
                shots.settle(app)
                shots.save(window, out / f"rokugan-placement-{tag}.png")
                placement_shot = True
                view.tree.reset()
        _decide(window, rng, prefer=(HAND, PLACE))

    shots.to_end_screen(app, window, 30)
    shots.settle(app)
    shots.save(window, out / f"rokugan-end-{tag}.png")
    ok = placement_shot and resolution_shot and state.is_terminal()
    shots.close_window(app, window)
    return ok


if __name__ == "__main__":
    sys.exit(main())
