"""`daimyo bench shinobi`: random games per second through the fast path.

Options: `--games N` (default 200), `--players N` (default 4), `--seed S` (default 1),
`--undo` (also undo every game back to the start, to time make/unmake).
"""

from __future__ import annotations

import argparse
import random
import time

from engine.shinobi.state import SPEC


def run_games(games: int, players: int, seed: int, undo: bool = False) -> tuple[int, float, float]:
    """Play `games` random games; return the actions, the wall and the CPU seconds taken."""
    actions = 0
    started = time.perf_counter()
    cpu = time.process_time()
    for index in range(games):
        state = SPEC.new_game(players, seed + index)
        rng = random.Random(seed + index)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        if undo:
            while state.history:
                state.undo()
    return actions, time.perf_counter() - started, time.process_time() - cpu


def main(argv: list[str]) -> int:
    """Measure and print random games/s and actions/s (wall clock, and per CPU second,
    which a busy machine does not distort)."""
    parser = argparse.ArgumentParser(prog="daimyo bench shinobi", description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4, choices=range(3, 6))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--undo", action="store_true")
    args = parser.parse_args(argv)
    actions, seconds, cpu = run_games(args.games, args.players, args.seed, args.undo)
    print(
        f"shinobi: {args.games} random {args.players}-player games, {actions} actions in "
        f"{seconds:.2f} s: {args.games / seconds:.0f} games/s, {actions / seconds:.0f} actions/s"
        f"; per CPU second ({cpu:.2f} s): {args.games / cpu:.0f} games, "
        f"{actions / cpu:.0f} actions" + (" (with full undo)" if args.undo else "")
    )
    return 0
