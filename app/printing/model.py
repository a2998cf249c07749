"""What a board print shows, as plain data: the map file plus its derived borders.

`Board` is built once from a map (file, shipped id or loaded MapFile) and then drawn any
number of times, at any scale, on any page. It holds no Qt objects, so it is cheap to
test and to build for a print preview.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app.i18n import map_name

if TYPE_CHECKING:
    from maps.api import MapFile

Point = tuple[float, float]
Ring = tuple[Point, ...]

# Provinces in no territory (Rice Wars paddies) take soft field colours, neighbours differing.
FIELD_COLOURS = ("#d4e3a5", "#bcd58f", "#e5e2ae", "#c9dc9c", "#dccf94")
# Games whose combat tokens sit on borders: their boards show the border marks.
TOKEN_GAMES = ("rokugan", "any")
SEA_COLOUR = "#bcd7e6"


@dataclass(frozen=True, slots=True)
class BoardTerritory:
    """A territory as the legend lists it."""

    id: str
    name: str
    colour: str
    provinces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BoardProvince:
    """One province: its rings (outer first, then holes), label point and attributes."""

    id: str
    name: str
    territory: str | None
    colour: str
    rings: tuple[Ring, ...]
    label: Point
    attrs: Mapping[str, Any] = field(default_factory=dict)

    @property
    def flowers(self) -> int:
        """Printed flowers (honor) of the province."""
        return _int(self.attrs.get("flowers"))

    @property
    def defense(self) -> int:
        """Printed defense bonus of the province."""
        return _int(self.attrs.get("defense"))

    @property
    def capital(self) -> str | None:
        """The clan whose capital this province holds, if any."""
        value = self.attrs.get("capital")
        if value in (None, False, ""):
            return None
        return str(value) if value is not True else self.territory or "capital"

    @property
    def palace_site(self) -> bool:
        """True for a Rice Wars palace site."""
        return bool(self.attrs.get("palace_site"))

    @property
    def blessed(self) -> int:
        """Ryo a peasant earns on a blessed Rice Wars field (0 when not blessed)."""
        value = self.attrs.get("blessed")
        if value is True:
            return 1
        return _int(value)

    @property
    def shadowlands(self) -> bool:
        """True for a Shadowlands province."""
        return bool(self.attrs.get("shadowlands"))


@dataclass(frozen=True, slots=True)
class BoardSea:
    """A named sea: one or more polygons, each as rings (outer first)."""

    id: str
    name: str
    polygons: tuple[tuple[Ring, ...], ...]


@dataclass(frozen=True, slots=True)
class BorderMark:
    """Where a combat token goes: the midpoint of a land or coastal border."""

    id: str
    kind: str  # "land" | "coast"
    point: Point
    direction: Point


@dataclass(frozen=True, slots=True)
class BorderLine:
    """A drawn border stretch: between provinces, between territories, or a coastline."""

    kind: str  # "province" | "territory" | "coast"
    lines: tuple[tuple[Point, ...], ...]


@dataclass(frozen=True, slots=True)
class Board:
    """Everything a print of one map shows, in map units (x east, y south)."""

    id: str
    name: str
    game: str
    width_mm: float
    height_mm: float
    extent: tuple[float, float, float, float]
    territories: tuple[BoardTerritory, ...]
    provinces: tuple[BoardProvince, ...]
    seas: tuple[BoardSea, ...]
    marks: tuple[BorderMark, ...]
    borders: tuple[BorderLine, ...]
    sea_labels: tuple[tuple[str, Point], ...] = ()
    warnings: tuple[str, ...] = ()
    attributes: Mapping[str, Any] = field(default_factory=dict)  # map-level, e.g. round_track
    graph: Any = None  # the rules' engine.graph.MapGraph, when borders could be derived
    # the map's validation errors (maps.validate.ValidationIssue), when the board was checked
    map_errors: tuple[Any, ...] = ()

    @property
    def size_mm(self) -> tuple[float, float]:
        """The full-size board, (width, height) in mm."""
        return (self.width_mm, self.height_mm)

    def territory_of(self, province: BoardProvince) -> BoardTerritory | None:
        """The territory a province belongs to, if any."""
        for territory in self.territories:
            if territory.id == province.territory:
                return territory
        return None


def _int(value: object) -> int:
    """An attribute as an int; missing, false or malformed counts as 0."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value)
    return 0


# --------------------------------------------------------------------------- from a map file


def load_board(source: str | os.PathLike[str] | MapFile) -> Board:
    """The board of a map file path, a shipped map id, or an already loaded MapFile.

    Raises `maps.api.MapError` when the file cannot be read; a map that loads but fails
    validation still gives a board, its problems listed in `Board.warnings`.
    """
    from maps.api import MapFile as _MapFile
    from maps.api import load_map, resolve_map

    if isinstance(source, _MapFile):
        return build_board(source)
    return build_board(load_map(resolve_map(source)))


def build_board(mapfile: MapFile, check: bool = True) -> Board:
    """Build the board of a loaded map: borders and marks from `maps.geometry.derive`.

    With `check` the map is validated and its problems become `Board.warnings`.
    """
    import shapely

    from maps.api import MapError
    from maps.geometry import derive

    issues = _validation_issues(mapfile) if check else []
    warnings = [f"{issue.severity}: {issue.message}" for issue in issues]
    territory_of = {pid: t.id for t in reversed(mapfile.territories) for pid in t.provinces}
    colour_of = {t.id: t.colour for t in mapfile.territories}
    geometry = None
    try:
        geometry = derive(mapfile)
    except (MapError, ValueError, shapely.errors.ShapelyError) as exc:
        warnings.append(f"borders not derived, printing outlines only: {exc}")
    labels = geometry.labels if geometry is not None else {}
    neighbours = (
        {p.id: p.neighbors for p in geometry.graph.provinces} if geometry is not None else {}
    )
    field_colour = _field_colours(
        [p.id for p in mapfile.provinces if p.id not in territory_of], neighbours
    )
    provinces = tuple(
        BoardProvince(
            id=p.id,
            name=p.name,
            territory=territory_of.get(p.id),
            colour=colour_of.get(territory_of.get(p.id, ""), field_colour.get(p.id, "")),
            rings=tuple(
                tuple((float(x), float(y)) for x, y in ring) for ring in (p.polygon, *p.holes)
            ),
            label=tuple(labels.get(p.id) or p.label or _ring_centre(p.polygon)),  # type: ignore[arg-type]
            attrs=dict(p.attrs),
        )
        for p in mapfile.provinces
        if len(p.polygon) >= 3
    )
    seas = tuple(
        BoardSea(
            s.id,
            s.name,
            tuple(
                tuple(
                    tuple((float(x), float(y)) for x, y in ring)
                    for ring in (part.polygon, *part.holes)
                )
                for part in s.polygons
                if len(part.polygon) >= 3
            ),
        )
        for s in mapfile.seas
    )
    marks: list[BorderMark] = []
    borders: list[BorderLine] = []
    if geometry is not None:
        for border in geometry.land_borders.values():
            a, b = border.provinces
            marks.append(BorderMark(border.id, "land", border.midpoint, border.direction))
            if territory_of.get(a) != territory_of.get(b):
                borders.append(BorderLine("territory", border.coords))
        for border in geometry.coastal_borders.values():
            marks.append(BorderMark(border.id, "coast", border.midpoint, border.direction))
            borders.append(BorderLine("coast", border.coords))
    if mapfile.game not in TOKEN_GAMES:
        marks = []
    return Board(
        id=mapfile.id,
        name=map_name(mapfile.name),
        game=mapfile.game,
        width_mm=float(mapfile.width_mm),
        height_mm=float(mapfile.height_mm),
        extent=tuple(float(v) for v in mapfile.extent),  # type: ignore[arg-type]
        territories=tuple(
            BoardTerritory(t.id, t.name, t.colour, tuple(t.provinces)) for t in mapfile.territories
        ),
        provinces=provinces,
        seas=seas,
        marks=tuple(marks),
        borders=tuple(borders),
        sea_labels=_sea_labels(seas),
        warnings=tuple(warnings),
        attributes=dict(mapfile.attributes),
        graph=geometry.graph if geometry is not None else None,
        map_errors=tuple(issue for issue in issues if issue.severity == "error"),
    )


def _field_colours(ids: list[str], neighbours: Mapping[str, tuple[str, ...]]) -> dict[str, str]:
    """A field colour for each province, differing from its neighbours' where possible."""
    out: dict[str, str] = {}
    for index, pid in enumerate(ids):
        taken = {out[n] for n in neighbours.get(pid, ()) if n in out}
        free = [c for c in FIELD_COLOURS if c not in taken]
        out[pid] = free[0] if free else FIELD_COLOURS[index % len(FIELD_COLOURS)]
    return out


def _validation_issues(mapfile: MapFile) -> list[Any]:
    """Validation errors and warnings of the map (`maps.validate.ValidationIssue`)."""
    from maps.validate import validate

    return [issue for issue in validate(mapfile) if issue.severity in ("error", "warning")]


def _ring_centre(ring) -> Point:
    xs = [float(x) for x, _ in ring] or [0.0]
    ys = [float(y) for _, y in ring] or [0.0]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def _sea_labels(seas: tuple[BoardSea, ...]) -> tuple[tuple[str, Point], ...]:
    """Each named sea's label at the centre of the widest circle inside its largest part."""
    import shapely

    out: list[tuple[str, Point]] = []
    for sea in seas:
        if not sea.name or not sea.polygons:
            continue
        parts = [shapely.make_valid(shapely.Polygon(rings[0], rings[1:])) for rings in sea.polygons]
        largest = max(parts, key=lambda g: g.area)
        if largest.is_empty:
            continue
        centre = shapely.get_point(shapely.maximum_inscribed_circle(largest), 0)
        out.append((sea.name, (float(centre.x), float(centre.y))))
    return tuple(out)
