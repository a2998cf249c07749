"""`daimyo bench wait`: how long a person waits between two of their decisions in the app.

Plays a game in the real app window (offscreen), one person against computer seats at the
Fast pace, the person deciding at once (a random legal action; Skip all at a resolution).
A wait runs from the person's decision to their next prompt (a choice, or a resolution's
first step). Each wait is reported three ways: wall-clock (inflated when other programs
share the machine), CPU (the app and its bot thread), and the quiet-machine figure: every
computer decision takes its own CPU time or the pace, whichever is longer, plus the app's
own CPU time. Options: `--game` (rokugan), `--level` (normal), `--players` (5), `--rounds`
(5), `--seed` (1), `--pace` (fast), `--json`. Figures go to docs/PERFORMANCE.md.
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


def main(argv: list[str]) -> int:
    """Play and measure; print the waits by phase."""
    parser = argparse.ArgumentParser(prog="daimyo bench wait", description=__doc__)
    parser.add_argument("--game", default="rokugan")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pace", default="fast")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    waits = measure(app, args.game, args.level, args.players, args.rounds, args.seed, args.pace)
    report(waits, args)
    return 0


def measure(
    app: Any, game: str, level: str, players: int, rounds: int, seed: int, pace: str
) -> list[dict[str, Any]]:
    """The waits of one game: phase, wall, CPU, quiet-machine seconds, computer decisions."""
    from PySide6.QtCore import QSettings

    from app.main_window import MainWindow
    from app.session import AI, HUMAN, NewGameConfig, Seat
    from app.settings import AI_PACES, AppSettings

    tmp = Path(tempfile.mkdtemp(prefix="daimyo-wait-"))
    settings = AppSettings(QSettings(str(tmp / "settings.ini"), QSettings.IniFormat), tmp)
    settings.set_ai_pace(pace)
    window = MainWindow(settings)
    window.resize(1280, 720)
    window.show()
    seats = (Seat(HUMAN, name="You"), *(Seat(AI, level) for _ in range(players - 1)))
    window.start_game(NewGameConfig(game, seats, seed=seed))
    controller = window.controller
    screen = window.game_screen
    state = window.session.state
    thinking: list[float] = []  # CPU seconds of each computer decision in this wait
    started: list[float] = []
    original_start = controller._start_bot

    def start_bot(player: int) -> None:
        started.append(time.process_time())
        original_start(player)

    def decided(_action: Any) -> None:
        if started:
            thinking.append(time.process_time() - started.pop())

    controller._start_bot = start_bot  # type: ignore[method-assign]
    window.thinker.decided.connect(decided)
    rng = random.Random(seed)
    floor = AI_PACES[pace] / 1000
    waits: list[dict[str, Any]] = []

    def prompt() -> bool:
        return controller.human_to_act or screen.step_box.isVisible() or state.is_terminal()

    first = True
    while not state.is_terminal() and _round(state) <= rounds:
        wall0, cpu0 = time.perf_counter(), time.process_time()
        thinking.clear()
        while not prompt():
            app.processEvents()
            time.sleep(0.001)
        wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
        if not first:
            own = max(0.0, cpu - sum(thinking))
            quiet = own + sum(max(t, floor) for t in thinking)
            waits.append(
                {
                    "phase": _phase(state, screen.step_box.isVisible()),
                    "wall_s": wall,
                    "cpu_s": cpu,
                    "quiet_s": quiet,
                    "decisions": len(thinking),
                }
            )
        first = False
        if state.is_terminal():
            break
        if screen.step_box.isVisible():
            screen.skip_button.click()
            continue
        action = rng.choice(state.legal_actions())
        screen.view.action_chosen.emit(action)
    window.close()
    window.deleteLater()
    app.processEvents()
    return waits


def _round(state: Any) -> int:
    return int(getattr(state, "round", 1))


def _phase(state: Any, resolution: bool) -> str:
    if resolution:
        return "resolution"
    names = getattr(type(state), "__module__", "")
    if "rokugan" in names:
        from engine.rokugan.state import PHASE_NAMES

        return PHASE_NAMES[state.phase]
    return str(getattr(state, "phase", "turn"))


def report(waits: list[dict[str, Any]], args: argparse.Namespace) -> None:
    """Print the longest and median waits, by the phase the next prompt is in."""
    phases: dict[str, list[dict[str, Any]]] = {}
    for wait in waits:
        phases.setdefault(wait["phase"], []).append(wait)
    rows = []
    for phase, items in [("all", waits), *sorted(phases.items())]:
        rows.append(
            {
                "phase": phase,
                "waits": len(items),
                "max_quiet_s": max(w["quiet_s"] for w in items),
                "median_quiet_s": statistics.median(w["quiet_s"] for w in items),
                "max_cpu_s": max(w["cpu_s"] for w in items),
                "max_wall_s": max(w["wall_s"] for w in items),
                "max_decisions": max(w["decisions"] for w in items),
            }
        )
    if args.json:
        print(json.dumps({"game": args.game, "level": args.level, "players": args.players,
                          "pace": args.pace, "phases": rows}))  # fmt: skip
        return
    print(
        f"{args.game}, {args.level}, {args.players} players, pace {args.pace}: "
        f"{len(waits)} waits over {args.rounds} rounds"
    )
    for row in rows:
        print(
            f"{row['phase']:>12}: {row['waits']:3d} waits, longest {row['max_quiet_s']:.2f} s "
            f"on a quiet machine (median {row['median_quiet_s']:.2f} s; CPU {row['max_cpu_s']:.2f}"
            f" s, wall {row['max_wall_s']:.2f} s here), up to {row['max_decisions']} "
            "computer decisions"
        )
