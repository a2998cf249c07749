"""Shared fixtures of the Rice Wars tests: the shipped boards and small positions."""

from __future__ import annotations

from functools import cache

from engine.graph import MapGraph
from engine.ricewars import SPEC
from engine.ricewars.data import CARD_INDEX, CARDS
from engine.ricewars.state import RiceWarsState


@cache
def board(side: str = "quick") -> MapGraph:
    """The graph of a shipped board side."""
    from maps.api import load_graph

    return load_graph(f"ricewars-{side}")


def graph_for(map_id: str) -> MapGraph:
    """The `graph_for` lookup of `engine.saves`."""
    return board(map_id.removeprefix("ricewars-"))


def new(players: int = 3, seed: int = 1, side: str | None = None) -> RiceWarsState:
    """A fresh game on the natural side for `players`."""
    side = side or ("epic" if players == 5 else "quick")
    return SPEC.new_game(players, seed, {"board": side}, board(side))


def play(state: RiceWarsState, *texts: str) -> None:
    """Apply actions given as text, checked."""
    for text in texts:
        state.apply_checked(SPEC.parse_action(text))


def card(card_id: str) -> int:
    """The index of a card copy by its id ("shouri2")."""
    return CARD_INDEX[card_id]


def card_of(type_id: str, bonus: int | None = None) -> int:
    """A card copy of a type (with the given bonus when asked)."""
    return next(
        c.index for c in CARDS if c.type == type_id and (bonus is None or c.bonus == bonus)
    )


def setup_quick(state: RiceWarsState) -> None:
    """Finish setup by always taking the first legal action (palaces and peasants)."""
    from engine.ricewars.state import MOVE, PALACE, SETUP_PEASANT

    while state.phase in (PALACE, MOVE, SETUP_PEASANT):
        state.apply(state.legal_actions()[0])


def field_ids(state: RiceWarsState, mask: int) -> list[str]:
    """Field ids of a bitmask."""
    return [state.board.ids[f] for f in range(state.board.n) if mask >> f & 1]
