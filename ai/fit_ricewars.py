"""Fit `ai.games.ricewars_fitted.WEIGHTS` from self-play (an offline tool, not used in play).

    python -m ai.fit_ricewars play --games 60 --seed 1000 --out rw.jsonl
    python -m ai.fit_ricewars fit rw.jsonl

`play` plays 2-player Rice Wars games on the quick side between bots drawn (per game,
from the seed) from `--bots`, and writes one line per game: every `--every`-th position's
terms (`RiceWarsFittedAdapter.parts`, on the true state: the labels come from the game,
not from a bot's view), the share of paydays left there, and each seat's final fields.
`fit` solves the least squares of seat-against-seat final fields (every pair of seats,
the neutral included) on the terms' differences, each term with weight `a + b * left`,
pulled toward the hand-set weights (`a` = the hand-set weight, `b` = 0) by a ridge of
`--ridge` per position, and prints the `WEIGHTS` table. Pure Python (normal equations).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence

from ai.games.ricewars_fitted import HAND_SET, PARTS, RiceWarsFittedAdapter

BOTS = "normal@200,normal@400,hard@300"  # the search levels (greedy's passive games
# would teach that troops win, which is who hires them, not what they do)


def play(games: int, seed: int, bots: Sequence[str], every: int, out: str) -> None:
    """Play `games` games and append their positions to `out` (see the module docstring)."""
    import ai.levels  # noqa: F401  (registers the bots)
    from ai.match import play_match
    from engine.registry import get_game
    from engine.ricewars.bench import load_bench_graph

    spec = get_game("ricewars")
    graph = load_bench_graph(2)  # the shipped 2-player board side (ai/ reads no maps/)
    adapter = RiceWarsFittedAdapter()
    for g in range(seed, seed + games):
        rng = random.Random(g)
        seats = [rng.choice(bots) for _ in range(2)]
        rows: list[tuple[float, list[list[float]]]] = []
        count = [0]

        def watch(st: object, rows: list = rows, count: list = count) -> None:
            count[0] += 1
            if count[0] % every == 0 and not st.is_terminal():  # type: ignore[attr-defined]
                rows.append((adapter.left_share(st), adapter.parts(st)))  # type: ignore[arg-type]

        _, end = play_match(spec, seats, g, graph=graph, on_action=watch)
        final = [own.bit_count() for own in end.own]  # type: ignore[attr-defined]
        with open(out, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"seed": g, "seats": seats, "final": final, "rows": rows}) + "\n")


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    """x with m x = v (Gaussian elimination with partial pivoting; m is small)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c and a[r][c]:
                k = a[r][c] / a[c][c]
                a[r] = [x - k * y for x, y in zip(a[r], a[c], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(paths: Sequence[str], ridge: float) -> tuple[tuple[float, float], ...]:
    """The weights (a, b) per term fitted on the games in `paths`."""
    k = len(PARTS)
    n = 2 * k
    ata = [[0.0] * n for _ in range(n)]
    aty = [0.0] * n
    count = 0
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                game = json.loads(line)
                final = game["final"]
                for left, parts in game["rows"]:
                    for s in range(len(final)):
                        for r in range(s + 1, len(final)):
                            d = [x - y for x, y in zip(parts[s], parts[r], strict=True)]
                            x = d + [z * left for z in d]
                            y = final[s] - final[r]
                            for i, xi in enumerate(x):
                                if xi:
                                    aty[i] += xi * y
                                    row = ata[i]
                                    for j, xj in enumerate(x):
                                        row[j] += xi * xj
                            count += 1
    prior = list(HAND_SET) + [0.0] * k
    lam = ridge * count
    for i in range(n):
        ata[i][i] += lam
        aty[i] += lam * prior[i]
    w = _solve(ata, aty)
    return tuple((round(w[i], 3), round(w[k + i], 3)) for i in range(k))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ai.fit_ricewars")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--bots", default=BOTS)
    p.add_argument("--every", type=int, default=3)
    p.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("paths", nargs="+")
    f.add_argument("--ridge", type=float, default=0.01)
    args = parser.parse_args(argv)
    if args.cmd == "play":
        play(args.games, args.seed, args.bots.split(","), args.every, args.out)
    else:
        for name, (a, b) in zip(PARTS, fit(args.paths, args.ridge), strict=True):
            print(f"    ({a}, {b}),  # {name}")


if __name__ == "__main__":
    main()
