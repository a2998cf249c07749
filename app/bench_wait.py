"""`daimyo bench wait`: how long a person waits between two of their decisions.

A wait runs from the person's decision to their next prompt (a choice, or a resolution's
first step): the computer seats in between think, each at least as long as the AI pace.
By default the waits are *modelled as on a quiet machine*, headless: one person (deciding
at random, at once) against computer seats of `--level`, each decision budgeted as the app
budgets it (`ai.levels.table_budget` nodes, the `wait_share` time cap of what is left of
the wait) with its time cap and the wait's clock running on CPU time, so other programs on
the machine change nothing; a wait is the sum over its computer decisions of their CPU
time or the pace (once per turn, as the app paces; `ai.levels.pace_share` shortens it
where many turns share one wait), whichever is longer, plus `--app-ms` of the app's own
work per decision (redraw, story; measured with `--gui`). Resolutions are shown step by
step, as the app does by default: the first step of each (a round's end, a fight's) is a
prompt; `--no-steps` models the app with that setting off. While the person sits out
(Rice Wars: both pass markers down) and watches the others play on, each turn is a wait of
its own (phase "watched"), as the app budgets it; the report adds how far the next prompt
was from the second pass. With `--gui` the real app window plays instead (offscreen) and
reports wall-clock and CPU seconds, and the app's own CPU per decision. Options: `--game`
(rokugan), `--level` (normal), `--players` (5), `--rounds` (5), `--seed` (1), `--pace`
(fast), `--app-ms` (30), `--gui`, `--no-steps`, `--json`. Figures: docs/PERFORMANCE.md.
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
    parser.add_argument("--app-ms", type=float, default=30.0)
    parser.add_argument("--gui", action="store_true")
    parser.add_argument(
        "--no-steps",
        dest="steps",
        action="store_false",
        help="as with View → Step by step off: a fight's resolution is no prompt",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not args.gui:
        waits = model(
            args.game, args.level, args.players, args.rounds, args.seed, args.pace, args.app_ms,
            args.steps,
        )  # fmt: skip
        report(waits, args)
        return 0
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from app import gui_gc

    app = QApplication.instance() or QApplication(sys.argv[:1])
    gui_gc.install(app)  # bots think in a thread: collect garbage only here
    waits = measure(app, args.game, args.level, args.players, args.rounds, args.seed, args.pace)
    report(waits, args)
    own = sum(w["own_s"] for w in waits)
    decisions = sum(w["decisions"] for w in waits)
    print(f"the app's own CPU per computer decision: {1000 * own / max(1, decisions):.0f} ms")
    return 0


def model(
    game: str,
    level: str,
    players: int,
    rounds: int,
    seed: int,
    pace: str,
    app_ms: float,
    steps: bool = True,
) -> list[dict[str, Any]]:
    """The waits of one game as a quiet machine runs it (see the module docstring);
    `steps`: resolutions are shown step by step (the app's default), so a resolution's
    first step is a prompt, a fight's too; else only a round's end is."""
    import types

    import ai.base
    import ai.search
    from ai.base import Budget
    from ai.levels import pace_share, table_budget, wait_share
    from ai.registry import make_bot
    from app.settings import AI_PACES
    from engine.registry import get_game

    spec = get_game(game)
    graph = None
    if spec.uses_map:
        from maps.api import load_graph

        graph = load_graph(_map_for(game, players) or spec.default_map)
    state = spec.new_game(players, seed, None, graph)
    from app.games import game_ui

    ui = game_ui(game)
    bots = {p: make_bot(level, game) for p in range(1, players)}
    rngs = {p: random.Random(f"{seed}:{p}") for p in range(players)}
    nodes, seconds = table_budget(level, game, players - 1)
    floor = AI_PACES[pace] / 1000
    own = app_ms / 1000
    cpu_clock = types.SimpleNamespace(monotonic=time.thread_time)
    saved = ai.base.time, ai.search.time
    ai.base.time = ai.search.time = cpu_clock  # type: ignore[assignment]
    waits: list[dict[str, Any]] = []
    waited: float | None = None  # the wait so far: since the person's decision, or
    # while the person watches (sits out) since the turn of the seat watched began
    thinking: list[float] = []
    since_prompt = [0.0, 0]  # seconds and computer decisions since the last prompt
    last_owner = -1
    watched = [-1]  # the seat whose turn the person watches (-1: none)
    sat_out = [False]  # the person had nothing to decide for a while (GameUI.sits_out)

    def record(phase: str) -> None:
        cpu = sum(thinking) + own * len(thinking)
        waits.append(
            {"phase": phase, "wall_s": waited, "cpu_s": cpu, "quiet_s": waited,
             "decisions": len(thinking), "own_s": own * len(thinking),
             "thinking": [round(t, 2) for t in thinking], "sat_out": sat_out[0],
             "since_prompt_s": since_prompt[0], "since_prompt_decisions": since_prompt[1]}
        )  # fmt: skip

    def close(phase: str) -> None:
        nonlocal waited
        if waited is not None:
            record(phase)
        sat_out[0] = False
        watched[0] = -1
        since_prompt[:] = [0.0, 0]
        waited = None
        thinking.clear()

    try:
        while not state.is_terminal() and _round(state) <= rounds:
            player = state.current_player()
            round_before = _round(state)
            owner = ui.turn_owner(state)
            begins = ui.turn_begins(state)
            watching = ui.sits_out(state, 0)
            before = state.clone()
            if player == 0:
                close(_phase(state, False))
                action = rngs[0].choice(state.legal_actions())
                state.apply(action)
                waited = 0.0
            else:
                if watching:
                    # the person watches: each turn is a wait of its own (the app's
                    # GameController._wait_share)
                    if owner != watched[0] or begins:
                        if watched[0] >= 0 and waited is not None:
                            record("watched")
                        watched[0] = owner
                        waited = 0.0
                        thinking.clear()
                    ahead = 1
                else:
                    watched[0] = -1
                    ahead = players - 1  # every computer seat may act before the prompt
                cap = wait_share(level, seconds, waited or 0.0, ahead)
                budget = Budget(nodes=nodes, seconds=cap, started=time.thread_time())
                started = time.thread_time()
                action = bots[player].choose(
                    state.observation(player), state.legal_actions(), rngs[player], budget
                )
                think = time.thread_time() - started
                state.apply(action)
                thinking.append(think)
                # the pace spaces out turns, not a turn's decisions (a fight's included)
                same_turn = owner == last_owner and not begins
                sat_out[0] = sat_out[0] or watching
                paced = floor if not same_turn and not watching else 0.0
                # the pace shares the wait as the app's does (from the thinking's start)
                paced = pace_share(level, paced, waited or 0.0, ahead)
                step = max(think, paced) + own
                waited = (waited or 0.0) + step
                since_prompt[0] += step
                since_prompt[1] += 1
            last_owner = owner
            # a resolution's first step is a prompt (the app shows them step by step): a
            # fight's, a round's end
            story = ui.story(before, action, state, player, 0) if steps else []
            if _round(state) != round_before or any(beat.step for beat in story):
                close("resolution")
                waited = 0.0
    finally:
        ai.base.time, ai.search.time = saved
    return waits


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
    seats = (Seat(HUMAN), *(Seat(AI, level) for _ in range(players - 1)))
    window.start_game(NewGameConfig(game, seats, _map_for(game, players), seed=seed))
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

    original_bot = controller._bot

    def nodes_only(player: int) -> Any:
        bot, nodes, _seconds = original_bot(player)
        return bot, nodes, None

    controller._start_bot = start_bot  # type: ignore[method-assign]
    controller._bot = nodes_only  # type: ignore[method-assign]
    controller._wait_share = lambda player, seconds: seconds  # type: ignore[method-assign]
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
                    "own_s": own,
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


def _map_for(game: str, players: int) -> str | None:
    """The shipped map a player count needs (Rice Wars: 5 play on the epic side)."""
    if game == "ricewars":
        return "ricewars-epic" if players == 5 else "ricewars-quick"
    return None


def _round(state: Any) -> int:
    return int(getattr(state, "round", 1))


def _phase(state: Any, resolution: bool) -> str:
    if resolution:
        return "resolution"
    names = getattr(type(state), "__module__", "")
    if "rokugan" in names:
        from engine.rokugan.state import PHASE_NAMES

        return PHASE_NAMES[state.phase]
    if "ricewars" in names:
        from engine.ricewars.state import PHASE_NAMES as RICEWARS_PHASES

        return RICEWARS_PHASES[state.phase]
    if "shinobi" in names:
        return f"order {state.order}" if state.order else "over"
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
    out = [w for w in waits if w.get("sat_out") or w["phase"] == "watched"]
    if args.json:
        watching = {
            "waits": len(out),
            "max_s": max((w["quiet_s"] for w in out), default=0.0),
            "to_next_prompt_max_s": max((w.get("since_prompt_s", 0.0) for w in out),
                                        default=0.0),
        }  # fmt: skip
        print(json.dumps({"game": args.game, "level": args.level, "players": args.players,
                          "pace": args.pace, "phases": rows, "watching": watching}))  # fmt: skip
        return
    how = "the app window" if args.gui else "modelled on a quiet machine"
    print(
        f"{args.game}, {args.level}, {args.players} players, pace {args.pace}, {how}: "
        f"{len(waits)} waits over {args.rounds} rounds"
    )
    if out:
        played = [w["quiet_s"] for w in waits if w not in out]
        whole = max(out, key=lambda w: w.get("since_prompt_s", 0.0))
        print(
            f"while the person plays: longest {max(played, default=0.0):.2f} s; while the "
            f"person watches (both passes down; each computer seat's turn a wait): "
            f"{len(out)} waits, longest {max(w['quiet_s'] for w in out):.2f} s; from the "
            f"second pass to the next prompt: longest {whole.get('since_prompt_s', 0.0):.2f} s "
            f"({whole.get('since_prompt_decisions', 0)} computer decisions)"
        )
    for row in rows:
        here = (
            ""
            if not args.gui
            else (f"; CPU {row['max_cpu_s']:.2f} s, wall {row['max_wall_s']:.2f} s here")
        )
        print(
            f"{row['phase']:>12}: {row['waits']:3d} waits, longest {row['max_quiet_s']:.2f} s "
            f"(median {row['median_quiet_s']:.2f} s{here}), up to {row['max_decisions']} "
            "computer decisions"
        )
