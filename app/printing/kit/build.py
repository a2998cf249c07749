"""Which kit to make: a game id and a map (path, shipped id, or the game's default).

`build_kit(game, map)` loads the map as a printable `Board` and asks the game's kit module
for its contents. A map made for another game, or one the game cannot be played on
(`maps.verdict`: its validation errors and the engine's `map_readiness`), is refused, and
Shinobi (played without a map) refuses one, each with a message that says what to do.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from app.i18n import _, game_name
from app.printing.kit.model import GAMES, Kit

if TYPE_CHECKING:
    from app.printing.model import Board
    from maps.api import MapFile


class KitError(ValueError):
    """A kit that cannot be made as asked (unknown game, a map that does not fit)."""


def default_map(game: str) -> str | None:
    """The game's shipped map id (None for a game without a map)."""
    _check_game(game)
    from engine.registry import get_game

    return getattr(get_game(game), "default_map", None)


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise KitError(
            _("unknown game {game}: choose one of {games}").format(
                game=repr(game), games=", ".join(GAMES)
            )
        )


def build_kit(game: str, source: str | os.PathLike[str] | MapFile | Board | None = None) -> Kit:
    """The kit of `game` on a map (None: the game's shipped map).

    Raises KitError for an unknown game or a map that does not belong to it, and
    `maps.api.MapError` when the map file cannot be read.
    """
    _check_game(game)
    if game == "shinobi":
        if source is not None:
            raise KitError(
                _(
                    "Shinobi is played without a map (each player's province is the table in "
                    "front of them): leave out the map"
                )
            )
        from app.printing.kit import shinobi

        return shinobi.build_kit()
    board = _board(source if source is not None else default_map(game))
    if board.game not in (game, "any"):
        raise KitError(
            _(
                "map {map} is a {its_game} map, not a {game} map: choose a {game_id} map (or "
                "leave out the map for the shipped one)"
            ).format(
                map=repr(board.name),
                its_game=game_name(board.game),
                game=game_name(game),
                game_id=game,
            )
        )
    _check_ready(game, board)
    if game == "rokugan":
        from app.printing.kit import rokugan

        return rokugan.build_kit(board)
    from app.printing.kit import ricewars

    return ricewars.build_kit(board)


def _check_ready(game: str, board: Board) -> None:
    """Refuse a map the game cannot be played on (`maps.verdict`: the map's own errors and
    what the game lacks on it), with the reasons and fixes."""
    from maps.verdict import verdict_of

    if board.graph is None and not board.map_errors:
        detail = next((w for w in board.warnings if "borders not derived" in w), "")
        raise KitError(
            _(
                "map {map}: its borders cannot be derived ({detail}); check it with "
                "`daimyo map check`"
            ).format(map=repr(board.name), detail=detail)
        )
    graph = board.graph if board.graph is not None else _empty_graph(board)
    verdict = verdict_of(game, graph, board.map_errors)
    if not verdict.ready:
        raise KitError(
            verdict.message()
            + "\n"
            + _(
                "(check it with `daimyo map check MAP --game {game}`; the kit holds what the "
                "game deals on a map it can play)"
            ).format(game=game)
        )


def _empty_graph(board: Board):
    from engine.graph import MapGraph

    return MapGraph(board.id, board.name, "", (), ())


def _board(source) -> Board:
    from app.printing.model import Board, load_board

    if isinstance(source, Board):
        return source
    return load_board(source)
