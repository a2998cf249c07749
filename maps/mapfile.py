"""A map file in memory: `MapFile` and its provinces, territories and seas.

The values `maps.io` reads from a map file (YAML, format 1) and `maps.write` writes back;
the rest of Daimyo (the geometry, the editor, the game graph) works on these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT_VERSION = 1
MAX_COORDINATE = 10**9
"""Coordinates beyond this are refused: the geometry's tolerances break down long before."""

GAMES = ("any", "rokugan", "ricewars", "shinobi")
DEFAULT_COLOUR = "#c8c8c8"
# Keys of a province mapping that are not game attributes.
PROVINCE_KEYS = ("id", "name", "polygon", "holes", "label", "territory")

Point = tuple[float, float]
Ring = list[Point]


@dataclass
class Province:
    """A province (region): one polygon with optional holes, and open game attributes.

    `attrs` holds every key of the province other than id, name, polygon, holes,
    label and territory: flowers, capital, defense, shadowlands, palace_site,
    blessed, ... Territory membership lives in `MapFile.territories`.
    """

    id: str
    name: str
    polygon: Ring
    holes: list[Ring] = field(default_factory=list)
    label: Point | None = None
    attrs: dict[str, Any] = field(default_factory=dict)
    line: int | None = field(default=None, compare=False, repr=False)


@dataclass
class Territory:
    """A named, coloured group of provinces (membership in file order)."""

    id: str
    name: str
    colour: str = DEFAULT_COLOUR
    provinces: list[str] = field(default_factory=list)
    line: int | None = field(default=None, compare=False, repr=False)


@dataclass
class SeaPolygon:
    """One polygon of a sea: an outer ring and optional holes."""

    polygon: Ring
    holes: list[Ring] = field(default_factory=list)


@dataclass
class Sea:
    """A sea: one or more polygons. Provinces touching it are coastal."""

    id: str
    name: str
    polygons: list[SeaPolygon] = field(default_factory=list)
    line: int | None = field(default=None, compare=False, repr=False)


@dataclass
class MapFile:
    """A whole map file in memory. Coordinates: x east, y south, in map units."""

    id: str
    name: str
    width_mm: float
    height_mm: float
    extent: tuple[float, float, float, float]
    provinces: list[Province] = field(default_factory=list)
    territories: list[Territory] = field(default_factory=list)
    seas: list[Sea] = field(default_factory=list)
    game: str = "any"
    attributes: dict[str, Any] = field(default_factory=dict)
    path: Path | None = field(default=None, compare=False, repr=False)
    # Shared boundaries shorter than this (map units) are not borders; None keeps every one.
    min_border_length: float | None = None

    def province(self, province_id: str) -> Province:
        """The province with this id (KeyError if none)."""
        for p in self.provinces:
            if p.id == province_id:
                return p
        raise KeyError(province_id)

    def territory_of(self, province_id: str) -> str | None:
        """The id of the (first) territory listing this province, or None."""
        for t in self.territories:
            if province_id in t.provinces:
                return t.id
        return None

    @property
    def size(self) -> float:
        """The larger side of the extent, the unit of every tolerance."""
        minx, miny, maxx, maxy = self.extent
        return max(maxx - minx, maxy - miny)
