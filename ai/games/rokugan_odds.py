"""Measure the placement odds of the Rokugan opponent model (`PLACED_ODDS`), and the
odds that a secret objective is met (`OBJECTIVE_ODDS`, used by the bots' plans).

Plays four-player games of `greedy` bots and counts, for every face-down placement, the
kind of spot (`spot_key`: what the token does there and, for an attack, the
province's defence) and the token placed, against the tokens the player had in
hand then. The odds of (kind, strength) on a kind of spot is how often it was placed there
when it was in hand. Regenerate the table in `ai/games/rokugan_priors.py` with

    python -m ai.games.rokugan_odds --games 200

(about two minutes on one core), and the objective table with

    python -m ai.games.rokugan_odds --objectives --games 400 --seed 9000

It is a model of a sensible player, learnt from the
bots' own play: it reads only what a player had, never what an opponent could not see.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from typing import cast

from ai.base import Budget
from ai.games.rokugan_priors import spot_key
from ai.registry import make_bot
from engine.registry import get_game
from engine.rokugan import actions as A
from engine.rokugan.data import CLAN_TOKENS, LABEL_KIND, OBJECTIVE_CLAN, OBJECTIVES
from engine.rokugan.position import PH_PLACE
from engine.rokugan.state import RokuganState


def _greedy_games(
    games: int, seed: int, watch: Callable[[RokuganState, int, object], None] | None = None
) -> Iterator[RokuganState]:
    """Finished four-player games of `greedy` bots (deals `seed`, `seed + 1`, ...) on the
    engine's copy of the published board (ai/ may not import maps/); `watch(state, player,
    action)` sees every action before it is applied."""
    from engine.rokugan.bench import load_bench_graph

    spec = get_game("rokugan")
    graph = load_bench_graph()
    for game in range(games):
        state = cast(RokuganState, spec.new_game(4, seed + game, None, graph))
        bots = [make_bot("greedy", "rokugan") for _ in range(4)]
        rng = random.Random(game)
        while not state.is_terminal():
            player = state.current_player()
            view = state.observation(player)
            action = bots[player].choose(view, state.legal_actions(), rng, Budget())
            if watch is not None:
                watch(state, player, action)
            state.apply(action)
        yield state


def measure(games: int, seed: int = 1000) -> dict[str, dict[tuple[int, int], float]]:
    """The placement odds table from `games` greedy games."""
    placed: dict[str, Counter[tuple[int, int]]] = defaultdict(Counter)
    offered: dict[str, Counter[tuple[int, int]]] = defaultdict(Counter)

    def watch(state: RokuganState, player: int, action: object) -> None:
        if isinstance(action, A.Place) and state.phase == PH_PLACE:
            slot = state.board.slot_by_text.get(action.where)
            if slot is not None:
                spot = spot_key(state, player, slot)
                placed[spot][LABEL_KIND[action.token]] += 1
                tokens = CLAN_TOKENS[state.clans[player]]
                for kind in {tokens[t] for t in state.hand(player)}:
                    offered[spot][kind] += 1

    for _ in _greedy_games(games, seed, watch):
        pass
    return {
        spot: {kind: round(placed[spot][kind] / n, 2) for kind, n in sorted(offered[spot].items())}
        for spot in sorted(offered)
    }


def measure_objectives(games: int, seed: int = 9000) -> dict[str, tuple[float, float]]:
    """For every objective, how often a player dealt it meets it at the end of a greedy
    game (whether or not it kept it): (for another clan's player, for the named clan's
    own player). Objectives that name no clan have the same odds twice."""
    dealt: Counter[tuple[int, bool]] = Counter()
    met: Counter[tuple[int, bool]] = Counter()
    for state in _greedy_games(games, seed):
        for player in range(state.n):
            for objective in state.dealt[player]:
                cell = (objective, OBJECTIVE_CLAN.get(objective) == state.clans[player])
                dealt[cell] += 1
                met[cell] += state.objective_met(player, objective)
    table = {}
    for objective, (name, _) in enumerate(OBJECTIVES):
        odds = []
        for own in (False, True):
            cell = (objective, own) if (objective, own) in dealt else (objective, False)
            odds.append(round(met[cell] / dealt[cell], 2) if dealt[cell] else 0.0)
        table[name] = (odds[0], odds[1])
    return table


def main(argv: list[str] | None = None) -> int:
    """Print the table as Python source for `PLACED_ODDS` (or `OBJECTIVE_ODDS`)."""
    parser = argparse.ArgumentParser(prog="python -m ai.games.rokugan_odds")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--objectives", action="store_true", help="the objective table")
    args = parser.parse_args(argv)
    if args.objectives:
        found = measure_objectives(args.games, 9000 if args.seed is None else args.seed)
        print("OBJECTIVE_ODDS: dict[str, tuple[float, float]] = {")
        for name, (other, own) in found.items():
            print(f'    "{name}": ({other}, {own}),')
        print("}")
        return 0
    table = measure(args.games, 1000 if args.seed is None else args.seed)
    print("PLACED_ODDS: dict[str, dict[tuple[int, int], float]] = {")
    for spot, odds in table.items():
        cells = ", ".join(f"{kind}: {p}" for kind, p in odds.items() if p > 0)
        print(f'    "{spot}": {{{cells}}},')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
