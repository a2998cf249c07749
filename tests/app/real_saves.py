"""Real save files of the three games, as the app writes them, for the hostile-file tests.

Each game is played a few dozen random legal moves from a seed (fast: no bots), then
written with the engine's save dict plus the app's entry (seats, map file, summary).
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from app.savefile import AI, HUMAN, Seat, summary_dict
from engine.registry import get_game
from engine.saves import save_dict

GAMES = ("rokugan", "shinobi", "ricewars")
MAPS = {"rokugan": "rokugan", "ricewars": "ricewars-quick", "shinobi": None}
MOVES = {"rokugan": 40, "shinobi": 25, "ricewars": 40}


def graph_of(map_id: str) -> Any:
    """The shipped map's graph (cached by maps.api)."""
    from maps.api import load_graph

    return load_graph(map_id)


def with_app(
    state: Any, seats: tuple[Seat, ...], names: list[str], map_id: str | None
) -> dict[str, Any]:
    """`state`'s save with the app's part as the app writes it: the seats, the shipped map
    `map_id` (None: no map file) and the Recent games summary naming the seats `names`."""
    from maps.api import shipped_map_path

    data = save_dict(state)
    data["app"] = {
        "seats": [
            {"kind": s.kind, "bot": s.bot, "name": s.name, "choice": s.choice} for s in seats
        ],
        "map_path": str(shipped_map_path(map_id)) if map_id else None,
        "save_path": None,
        "summary": summary_dict(state, seats, names, map_id),
    }
    return data


@cache
def save_data(game: str, seed: int = 5) -> dict[str, Any]:
    """The JSON of a real save of `game` after a few random legal moves."""
    spec = get_game(game)
    map_id = MAPS[game]
    players = 3
    state = spec.new_game(players, seed, {}, graph_of(map_id) if map_id else None)
    rng = random.Random(seed)
    for _ in range(MOVES[game]):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    seats = (Seat(HUMAN, name="You"),) + (Seat(AI, "normal"),) * (players - 1)
    return with_app(state, seats, [f"P{p}" for p in range(players)], map_id)


def save_text(game: str, seed: int = 5) -> str:
    """The file text of `save_data`."""
    return json.dumps(save_data(game, seed), indent=1) + "\n"


def write_save(path: Path, game: str, seed: int = 5) -> Path:
    """Write the real save of `game` to `path`."""
    path.write_text(save_text(game, seed), encoding="utf-8")
    return path


def late_ricewars_save(
    folder: Path, round_number: int, phase: int, players: int = 3, name: str = "You"
) -> Path:
    """A Rice Wars save on the quick board, me (`name`) and computer daimyo who play at
    random, random decisions played (seed 8) until round `round_number` is in `phase` with
    me to decide: a late position to play from without playing the rounds before it."""
    from engine.ricewars.state import RiceWarsState

    state: RiceWarsState = get_game("ricewars").new_game(players, 8, {}, graph_of(MAPS["ricewars"]))
    rng = random.Random(8)  # three seats: I keep Ryo enough to bid in round 5
    while not (
        state.round == round_number and state.phase == phase and state.current_player() == 0
    ):
        state.apply(rng.choice(state.legal_actions()))
    seats = (Seat(HUMAN, name=name),) + (Seat(AI, "random"),) * (players - 1)
    data = with_app(state, seats, [name, *(f"P{p + 1}" for p in range(1, players))], None)
    path = folder / f"ricewars-{players}-{round_number}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def late_rokugan_save(folder: Path, players: int = 3) -> Path:
    """A Rokugan save late in its fifth round's placement, my turn (me against computer
    clans who play at random), as the app writes it: a few placements before the last
    resolution, fast to play out."""
    from engine.rokugan.state import PH_PLACE

    state = get_game("rokugan").new_game(players, 5, {}, graph_of(MAPS["rokugan"]))
    rng = random.Random(5)

    def late() -> bool:
        mine = state.current_player() == 0 and state.hand_count[0] <= 3
        return state.round == 5 and state.phase == PH_PLACE and mine

    while not late():
        state.apply(rng.choice(state.legal_actions()))
    seats = (Seat(HUMAN),) + (Seat(AI, "random"),) * (players - 1)
    data = with_app(state, seats, [f"P{p + 1}" for p in range(players)], "rokugan")
    path = folder / f"rokugan-{players}-late.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
