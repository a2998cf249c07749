"""The topology a map game is played on: provinces, territories and borders.

This is the plain-data contract between `maps/` (which derives it from polygons
with shapely) and the rules in `engine/` (which never see geometry).

Border ids are stable text: a land border is ``"A|B"`` with ``A < B``; a coastal
border is ``"A~k"`` for the k-th (0-based) connected stretch of A's coast.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.words import N_, Words, labelled


@dataclass(frozen=True, slots=True)
class ProvinceInfo:
    """One province (region) as the rules see it."""

    id: str
    name: str
    territory: str | None
    neighbors: tuple[str, ...]
    coastal_borders: tuple[str, ...] = ()
    attrs: Mapping[str, Any] = field(default_factory=dict)

    @property
    def coastal(self) -> bool:
        """True when the province touches the sea."""
        return bool(self.coastal_borders)


@dataclass(frozen=True, slots=True)
class TerritoryInfo:
    """A named group of provinces."""

    id: str
    name: str
    colour: str
    provinces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MapGraph:
    """A whole map's topology, provinces in file order."""

    id: str
    name: str
    hash: str
    provinces: tuple[ProvinceInfo, ...]
    territories: tuple[TerritoryInfo, ...]
    attrs: Mapping[str, Any] = field(default_factory=dict)

    def province(self, province_id: str) -> ProvinceInfo:
        """The province with this id (KeyError if none)."""
        for p in self.provinces:
            if p.id == province_id:
                return p
        raise KeyError(province_id)

    def land_borders(self) -> list[tuple[str, str]]:
        """Every land border once, as a sorted id pair, sorted."""
        pairs = {tuple(sorted((p.id, q))) for p in self.provinces for q in p.neighbors}
        return sorted(pairs)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class MapProblem:
    """One requirement of a game that a map does not meet, in words with its fix.

    An "error" means the game cannot be played on the map (or not with that many
    players); a "limit" means it can, without something (cards not dealt, an objective
    that cannot be met, tokens with nowhere to go). `words` is the message with its values
    (`engine.words.Words`); `message` says it in the current language.
    """

    code: str
    words: Words | str
    severity: str = "error"
    provinces: tuple[str, ...] = ()
    territories: tuple[str, ...] = ()
    location: tuple[float, float] | None = None  # a point to show, when not a whole province

    @property
    def message(self) -> str:
        """The unmet requirement and its fix in the current language."""
        return str(self.words)

    def __str__(self) -> str:
        return labelled(self.severity, self.message)


@dataclass(frozen=True, slots=True)
class MapReadiness:
    """Whether a map is ready for a game, and why not (`engine.registry.map_readiness`)."""

    game: str
    game_name: str
    map_id: str
    problems: tuple[MapProblem, ...] = ()
    players: tuple[int, int] | None = None
    """The player counts the map can seat, None when it seats none."""
    choices: tuple[str, ...] | None = None
    """The per-seat choices the map allows (Rokugan: the clans with a capital), or None."""

    @property
    def ready(self) -> bool:
        """True when nothing stops the game (limits may remain)."""
        return not self.errors

    @property
    def errors(self) -> tuple[MapProblem, ...]:
        """The unmet requirements that stop the game."""
        return tuple(p for p in self.problems if p.severity == "error")

    @property
    def limits(self) -> tuple[MapProblem, ...]:
        """What the game goes without on this map."""
        return tuple(p for p in self.problems if p.severity != "error")

    def message(self) -> str:
        """One text for people: why the map is not ready, each problem with its fix."""
        game = Words.of(self.game_name)  # the game's name is in the catalog
        if self.ready:
            return str(Words.of(N_("map '{map}' is ready for {game}"), map=self.map_id, game=game))
        lines = [
            str(Words.of(N_("map '{map}' is not ready for {game}:"), map=self.map_id, game=game))
        ]
        lines.extend(f"- {p.message}" for p in self.errors)
        return "\n".join(lines)
