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
