"""Per-game presentation: what the app needs to know to show and play one game.

`game_ui(game_id)` returns the game's `GameUI` from `app.games.<game_id>` (module
attribute `GAME_UI`) or, for a game without its own views yet, the generic one that
lists legal actions. Importing this package and a game's `GAME_UI` loads no Qt (the
views are imported by `GameUI.create_view`). A game plugs in by adding its module here.
"""

from __future__ import annotations

import importlib
import importlib.util

from app.games.presentation import GameUI, ResolutionStep, ScoreTable

__all__ = ["GameUI", "ResolutionStep", "ScoreTable", "game_ui"]


def game_ui(game_id: str) -> GameUI:
    """The presentation of `game_id` (the generic one when the game has none)."""
    module_name = f"app.games.{game_id}"
    if importlib.util.find_spec(module_name) is not None:
        module = importlib.import_module(module_name)
        ui = getattr(module, "GAME_UI", None)
        if isinstance(ui, GameUI):
            return ui
    from app.games.generic import GenericGameUI  # Qt: only for a game without its own UI

    return GenericGameUI(game_id)
