"""`daimyo bench wait`: how long the person waits between their decisions in the app.

Plays whole games in the real app (main window, game screen, controller, bot thread; Qt
offscreen unless a display is set) with the person in the first seat and computer seats
at `--level`, the AI pace at `--pace` (the issue's measure: `fast`). The person's
decisions are made at once by `greedy`; a resolution step is a prompt too (the person
presses Continue). A wait runs from the person's last action (a decision or Continue)
to their next prompt; it is reported per phase of the prompt, in wall-clock seconds and
in the process's CPU seconds over the same span (the bot thread included), so a figure
taken on a busy machine can be read either way: the pace's pauses are wall time only.

Options: `--game` (ricewars), `--players` (5), `--level` (normal), `--pace` (fast),
`--games` (1), `--seed` (1), `--json`. Settings and autosave go to a temporary folder.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ai.base import Budget
from ai.registry import make_bot

MAPS = {"ricewars": {5: "ricewars-epic"}, "rokugan": {}, "shinobi": {}}
DEFAULT_MAP = {"ricewars": "ricewars-quick", "rokugan": None, "shinobi": None}


def phase_of(state: Any) -> str:
    """A short name of the phase the person is prompted in."""
    game = state.setup().game
    if game == "ricewars":
        from engine.ricewars.state import PHASE_NAMES

        return PHASE_NAMES[state.phase]
    if game == "shinobi":
        return f"order {state.order}" if state.order else "over"
    return str(getattr(state, "phase", "?"))


def play(window: Any, app: Any, rng: random.Random, limit: float) -> list[dict[str, Any]]:
    """Play the started game to its end; one record per prompt of the person."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    controller, screen = window.controller, window.game_screen
    session = window.session
    state = session.state
    person = make_bot("greedy", session.game_id)
    waits: list[dict[str, Any]] = []
    started_wall, started_cpu = time.monotonic(), time.process_time()
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        app.processEvents()
        stepping = screen.step_box.isVisible()
        if not (controller.human_to_act or stepping or state.is_terminal()):
            time.sleep(0.001)
            continue
        if state.is_terminal() and not stepping:
            break
        waits.append(
            {
                "phase": "resolution step" if stepping else phase_of(state),
                "wall_s": time.monotonic() - started_wall,
                "cpu_s": time.process_time() - started_cpu,
            }
        )
        started_wall, started_cpu = time.monotonic(), time.process_time()
        if stepping:
            QTest.mouseClick(screen.continue_button, Qt.LeftButton)
            continue
        me = state.current_player()
        action = person.choose(state.observation(me), state.legal_actions(), rng, Budget())
        screen.view.action_chosen.emit(action)
    return waits[1:]  # the first "wait" is the game's start, not a wait after an action


def summary(waits: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per phase: count, median, 90th percentile and maximum of wall and CPU seconds."""
    by_phase: dict[str, list[dict[str, Any]]] = {}
    for wait in waits:
        by_phase.setdefault(wait["phase"], []).append(wait)
    by_phase["all"] = list(waits)
    out = {}
    for phase, rows in by_phase.items():
        wall = sorted(r["wall_s"] for r in rows)
        cpu = sorted(r["cpu_s"] for r in rows)
        out[phase] = {
            "prompts": len(rows),
            "median_wall_s": statistics.median(wall),
            "p90_wall_s": wall[min(len(wall) - 1, int(0.9 * len(wall)))],
            "max_wall_s": wall[-1],
            "median_cpu_s": statistics.median(cpu),
            "max_cpu_s": cpu[-1],
        }
    return out


def main(argv: list[str]) -> int:
    """Measure and print the waits (or `--json`)."""
    parser = argparse.ArgumentParser(prog="daimyo bench wait", description=__doc__)
    parser.add_argument("--game", default="ricewars", choices=sorted(MAPS))
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--pace", default="fast", choices=["instant", "fast", "normal", "slow"])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=1800.0, help="seconds per game at most")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
    from app.main_window import MainWindow
    from app.session import AI, HUMAN, NewGameConfig, Seat
    from app.settings import AppSettings

    qt = QApplication.instance() or QApplication(sys.argv[:1])
    tmp = Path(tempfile.mkdtemp(prefix="daimyo-wait-"))
    settings = AppSettings(QSettings(str(tmp / "settings.ini"), QSettings.IniFormat), tmp)
    settings.set_ai_pace(args.pace)
    waits: list[dict[str, Any]] = []
    map_ref = MAPS[args.game].get(args.players, DEFAULT_MAP[args.game])
    for index in range(args.games):
        window = MainWindow(settings)
        window.resize(1280, 720)
        window.show()
        seats = (Seat(HUMAN, name="You"), *[Seat(AI, args.level)] * (args.players - 1))
        window.start_game(NewGameConfig(args.game, seats, map_ref, args.seed + index))
        waits.extend(play(window, qt, random.Random(args.seed + index), args.limit))
        window.close_game()
        window.close()
        window.deleteLater()
        qt.processEvents()
    table = summary(waits)
    if args.json:
        print(json.dumps({"game": args.game, "players": args.players, "level": args.level,
                          "pace": args.pace, "phases": table}))  # fmt: skip
        return 0
    print(
        f"{args.game}, {args.players} players, AI {args.level}, pace {args.pace}, "
        f"{args.games} game(s) from seed {args.seed}: waits between the person's decisions"
    )
    for phase, row in sorted(table.items(), key=lambda kv: -kv[1]["max_wall_s"]):
        print(
            f"{phase:>16}: {row['prompts']:4d} prompts, wall median {row['median_wall_s']:.2f} s, "
            f"p90 {row['p90_wall_s']:.2f} s, max {row['max_wall_s']:.2f} s; "
            f"CPU median {row['median_cpu_s']:.2f} s, max {row['max_cpu_s']:.2f} s"
        )
    return 0
