"""Measure the placement odds of the Rokugan opponent model (`_PLACED_ODDS`).

Plays four-player games of `greedy` bots and counts, for every face-down placement, the
kind of spot (`spot_key`: what the token does there and, for an attack, the
province's defence) and the token placed, against the tokens the player had in
hand then. The odds of (kind, strength) on a kind of spot is how often it was placed there
when it was in hand. Regenerate the table in `ai/games/rokugan.py` with

    python -m ai.games.rokugan_odds --games 200

(about two minutes on one core). It is a model of a sensible player, learnt from the
bots' own play: it reads only what a player had, never what an opponent could not see.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict

from ai.base import Budget
from ai.games.rokugan import spot_key
from ai.registry import make_bot
from engine.registry import get_game
from engine.rokugan import actions as A
from engine.rokugan.data import CLAN_TOKENS, LABEL_KIND
from engine.rokugan.state import PH_PLACE


def measure(games: int, seed: int = 1000) -> dict[str, dict[tuple[int, int], float]]:
    """The odds table from `games` greedy games (deals `seed`, `seed + 1`, ...) on the
    engine's copy of the published board (ai/ may not import maps/)."""
    from engine.rokugan.bench import load_bench_graph

    spec = get_game("rokugan")
    graph = load_bench_graph()
    placed: dict[str, Counter[tuple[int, int]]] = defaultdict(Counter)
    offered: dict[str, Counter[tuple[int, int]]] = defaultdict(Counter)
    for game in range(games):
        state = spec.new_game(4, seed + game, None, graph)
        bots = [make_bot("greedy", "rokugan") for _ in range(4)]
        rng = random.Random(game)
        while not state.is_terminal():
            player = state.current_player()
            view = state.observation(player)
            action = bots[player].choose(view, state.legal_actions(), rng, Budget())
            if isinstance(action, A.Place) and state.phase == PH_PLACE:
                slot = state.board.slot_by_text.get(action.where)
                if slot is not None:
                    spot = spot_key(state, player, slot)
                    placed[spot][LABEL_KIND[action.token]] += 1
                    tokens = CLAN_TOKENS[state.clans[player]]
                    for kind in {tokens[t] for t in state.hand(player)}:
                        offered[spot][kind] += 1
            state.apply(action)
    return {
        spot: {kind: round(placed[spot][kind] / n, 2) for kind, n in sorted(offered[spot].items())}
        for spot in sorted(offered)
    }


def main(argv: list[str] | None = None) -> int:
    """Print the table as Python source for `_PLACED_ODDS`."""
    parser = argparse.ArgumentParser(prog="python -m ai.games.rokugan_odds")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    table = measure(args.games, args.seed)
    print("_PLACED_ODDS: dict[str, dict[tuple[int, int], float]] = {")
    for spot, odds in table.items():
        cells = ", ".join(f"{kind}: {p}" for kind, p in odds.items() if p > 0)
        print(f'    "{spot}": {{{cells}}},')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
