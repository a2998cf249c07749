"""Shinobi: secret agents of five clans, 3-5 players, no map (see `engine.shinobi.state`)."""

from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja, ShinobiAction, parse_action
from engine.shinobi.cards import CLAN_NAMES, CLANS, NINJA
from engine.shinobi.position import PositionError, format_position
from engine.shinobi.state import SPEC, ShinobiObservation, ShinobiSpec, ShinobiState, parse_position

__all__ = [
    "CLANS",
    "CLAN_NAMES",
    "NINJA",
    "SPEC",
    "Attack",
    "Deploy",
    "Move",
    "PlayNinja",
    "PositionError",
    "ShinobiAction",
    "ShinobiObservation",
    "ShinobiSpec",
    "ShinobiState",
    "format_position",
    "parse_position",
    "parse_action",
]
