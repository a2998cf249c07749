"""Checks a map maker can act on: each issue names the province(s), the place and the fix.

`validate(mapfile)` returns every issue at once (errors and warnings), so that
`daimyo map check` and the editor can list them all. Structural problems (a
missing field, a wrong type) are caught earlier, by `maps.io` when loading.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import STRtree

from engine.graph import MapGraph
from engine.words import N_, Decimal, Listed, Words, labelled
from maps.geometry import (
    MapGeometry,
    border_min,
    derive,
    lines_only,
    near_miss,
    polygons_from_rings,
    province_shapes,
    sea_shapes,
)
from maps.mapfile import MapFile, Point, Province
from maps.print_sizes import TOKEN_MM  # a combat token's width: borders shorter are covered

# Games whose combat tokens sit on borders (app.printing.model.TOKEN_GAMES).
TOKEN_GAMES = ("rokugan", "any")

_LOCATION = re.compile(r"\[\s*([-+0-9.eE]+)\s+([-+0-9.eE]+)")
_RING_FIXES = {
    "Self-intersection": N_("move the vertices so that the outline does not cross itself"),
    "Ring Self-intersection": N_("move the vertices so that the ring does not touch itself"),
    "Too few points": N_("give the ring at least 3 distinct points"),
    "Hole lies outside shell": N_("move the hole inside the outline, or delete it"),
    "Interior is disconnected": N_("holes cut the province in two; split it into two provinces"),
    "Nested shells": N_("remove the inner outline"),
    "Nested holes": N_("remove the inner hole"),
    "Duplicate Rings": N_("remove the duplicate ring"),
}
_RING_REASONS = {
    "Self-intersection": N_("self-intersection"),
    "Ring Self-intersection": N_("ring self-intersection"),
    "Too few points": N_("too few points"),
    "Hole lies outside shell": N_("hole lies outside shell"),
    "Interior is disconnected": N_("interior is disconnected"),
    "Nested shells": N_("nested shells"),
    "Nested holes": N_("nested holes"),
    "Duplicate Rings": N_("duplicate rings"),
}
"""GEOS's validity reasons in words (the words GEOS writes, marked for translation)."""


@dataclass(frozen=True, slots=True)
class ValidationIssue:
    """One problem found in a map: "error" blocks play, "warning" does not.

    `words` is the message with its values (`engine.words.Words`): `message` says it in the
    current language; `words.value(name)` reads a value back whatever the language."""

    severity: str
    code: str
    words: Words | str
    provinces: tuple[str, ...] = ()
    location: Point | None = None

    @property
    def message(self) -> str:
        """The problem and its fix in the current language."""
        return str(self.words)

    def __str__(self) -> str:
        return labelled(self.severity, self.message)


# Where an issue is: a point, a geometry (its first coordinate) or nowhere in particular.
Where = Point | shapely.Geometry | None


class _Issues(list[ValidationIssue]):
    """The issues found so far, with shorthands to add one."""

    def error(
        self,
        code: str,
        message: str,
        provinces: Iterable[str] = (),
        at: Where = None,
        **params: object,
    ) -> None:
        words = Words.of(message, **params)
        self.append(ValidationIssue("error", code, words, tuple(provinces), _point(at)))

    def warning(
        self,
        code: str,
        message: str,
        provinces: Iterable[str] = (),
        at: Where = None,
        **params: object,
    ) -> None:
        words = Words.of(message, **params)
        self.append(ValidationIssue("warning", code, words, tuple(provinces), _point(at)))


def _point(at: Where) -> Point | None:
    if at is None:
        return None
    if isinstance(at, shapely.Geometry):
        x, y = shapely.get_coordinates(at)[0]
        return (float(x), float(y))
    x, y = at
    return (float(x), float(y))


def fmt(value: float) -> Decimal:
    """A coordinate or length for people: at most 2 decimals, no trailing zeros, written
    the reader's way ("16,22" in German and Portuguese)."""
    return Decimal(float(value))


def where(point: Point | None) -> Words | str:
    """ "(x, y)" for a message ("(16,22; 148,34)" where a comma is the decimal mark)."""
    if point is None:
        return "(?)"
    # Translators: a point's coordinates; where the decimal mark is a comma, separate
    # them with a semicolon: "({x}; {y})".
    return Words.of(N_("({x}, {y})"), x=fmt(point[0]), y=fmt(point[1]))


def _anchor(p: Province) -> Point | None:
    """Where to point at a province in a message: its label, else its first vertex."""
    return p.label or (p.polygon[0] if p.polygon else None)


def _name(p: Province) -> Words:
    if p.line:
        return Words.of(N_("province '{id}' (line {line})"), id=p.id, line=p.line)
    return Words.of(N_("province '{id}'"), id=p.id)


def _on_line(line: int | None) -> Words | str:
    return Words.of(N_(" (line {line})"), line=line) if line else ""


def validate(mapfile: MapFile) -> list[ValidationIssue]:
    """Every problem in the map, errors and warnings, in a stable order."""
    issues = _Issues()
    if not mapfile.provinces:
        issues.error("no_provinces", N_("the map has no provinces; draw at least one"))
        return list(issues)
    duplicates = _check_ids(mapfile, issues)
    _check_territories(mapfile, issues)
    raw = province_shapes(mapfile)
    valid = _check_rings(mapfile, raw, issues)
    _check_extent(mapfile, raw, valid, issues)
    sea_polys, _ = sea_shapes(mapfile)
    sea_valid = shapely.is_valid(sea_polys)
    sea = shapely.union_all(sea_polys[sea_valid]) if sea_valid.any() else None
    _check_overlaps(mapfile, raw, valid, sea, issues)
    _check_near_misses(mapfile, raw, valid, sea, issues)
    _check_attributes(mapfile, issues)
    if not duplicates:
        geometry = derive(mapfile)
        _check_reachable(mapfile, geometry.graph, geometry.labels, issues)
        _check_territory_pieces(mapfile, geometry.graph, geometry.labels, issues)
        _check_labels(mapfile, raw, valid, issues)
        _check_short_borders(mapfile, geometry, issues)
    return list(issues)


# --------------------------------------------------------------------------- ids, territories


_DUPLICATES = {
    "province": N_("{n} provinces have the id '{id}'{on}; give each province its own id"),
    "territory": N_("{n} territories have the id '{id}'{on}; give each territory its own id"),
    "sea": N_("{n} seas have the id '{id}'{on}; give each sea its own id"),
}


def _check_ids(mapfile: MapFile, issues: _Issues) -> bool:
    """Report repeated ids; True when provinces repeat (no graph can be built then)."""
    found = False
    for kind, items in (
        ("province", mapfile.provinces),
        ("territory", mapfile.territories),
        ("sea", mapfile.seas),
    ):
        counts = Counter(item.id for item in items)
        for item_id, count in counts.items():
            if count < 2:
                continue
            lines = [str(i.line) for i in items if i.id == item_id and i.line]
            on = Words.of(N_(" (lines {lines})"), lines=", ".join(lines)) if lines else ""
            at = None
            if kind == "province":
                found = True
                at = next(_anchor(p) for p in mapfile.provinces if p.id == item_id)
            issues.error(
                "duplicate_id",
                _DUPLICATES[kind],
                [item_id] if kind == "province" else [],
                at,
                n=count,
                id=item_id,
                on=on,
            )
    return found


def _check_territories(mapfile: MapFile, issues: _Issues) -> None:
    province_ids = {p.id for p in mapfile.provinces}
    member_of: dict[str, list[str]] = {}
    for t in mapfile.territories:
        on = _on_line(t.line)
        if not t.provinces:
            issues.warning(
                "empty_territory",
                N_("territory '{id}'{on} has no provinces; add some or delete it"),
                id=t.id,
                on=on,
            )
        for pid in t.provinces:
            if pid not in province_ids:
                issues.error(
                    "unknown_province",
                    N_(
                        "territory '{id}'{on} lists unknown province '{province}'; add a "
                        "province with id '{province}' or remove it from the list"
                    ),
                    id=t.id,
                    on=on,
                    province=pid,
                )
            else:
                member_of.setdefault(pid, []).append(t.id)
    for p in mapfile.provinces:
        territories = member_of.get(p.id, [])
        if len(territories) > 1:
            issues.error(
                "two_territories",
                N_(
                    "{province} is in territories {territories} at {where}; a province "
                    "belongs to one territory only"
                ),
                [p.id],
                _anchor(p),
                province=_name(p),
                territories=", ".join(repr(t) for t in territories),
                where=where(_anchor(p)),
            )
        elif not territories and mapfile.territories:
            issues.error(
                "no_territory",
                N_(
                    "{province} at {where} is in no territory; put it in one with Assign by "
                    "clicking in the editor's Territories panel (in the file: add its id to a "
                    "territory's 'provinces' list)"
                ),
                [p.id],
                _anchor(p),
                province=_name(p),
                where=where(_anchor(p)),
            )


# --------------------------------------------------------------------------- geometry


def _check_rings(mapfile: MapFile, raw: np.ndarray, issues: _Issues) -> np.ndarray:
    """Report invalid outlines; returns which province shapes are valid."""
    reasons = shapely.is_valid_reason(raw)
    valid = np.array([r == "Valid Geometry" for r in reasons], dtype=bool)
    for p, reason in zip(mapfile.provinces, reasons, strict=True):
        if reason != "Valid Geometry":
            at, text, fix = _reason(reason)
            issues.error(
                "invalid_ring",
                N_("{province}: outline is invalid: {problem} at {where}; {fix}"),
                [p.id],
                at,
                province=_name(p),
                problem=text,
                where=where(at),
                fix=fix,
            )
    for s in mapfile.seas:
        shapes = polygons_from_rings([(part.polygon, part.holes) for part in s.polygons])
        for k, reason in enumerate(shapely.is_valid_reason(shapes)):
            if reason != "Valid Geometry":
                at, text, fix = _reason(reason)
                issues.error(
                    "invalid_ring",
                    N_(
                        "sea '{id}'{on} polygon {n}: outline is invalid: {problem} at {where}; "
                        "{fix}"
                    ),
                    [],
                    at,
                    id=s.id,
                    on=_on_line(s.line),
                    n=k + 1,
                    problem=text,
                    where=where(at),
                    fix=fix,
                )
    return valid


def _reason(reason: str) -> tuple[Point | None, Words | str, Words]:
    """(location, problem in words, fix) from GEOS's validity reason."""
    match = _LOCATION.search(reason)
    at = (float(match.group(1)), float(match.group(2))) if match else None
    text = reason.split("[", 1)[0].strip()
    fix = next(
        (f for key, f in _RING_FIXES.items() if text.startswith(key) and key == text),
        None,
    ) or next(
        (f for key, f in _RING_FIXES.items() if text.startswith(key)), N_("redraw the outline")
    )
    said = Words.of(_RING_REASONS[text]) if text in _RING_REASONS else text.lower()
    return at, said, Words.of(fix)


def _check_extent(mapfile: MapFile, raw: np.ndarray, valid: np.ndarray, issues: _Issues) -> None:
    box = shapely.box(*mapfile.extent)
    outside = valid & ~shapely.covers(box, raw)
    for i in np.flatnonzero(outside):
        p = mapfile.provinces[i]
        at = next((pt for pt in p.polygon if not box.covers(shapely.Point(pt))), p.polygon[0])
        issues.warning(
            "outside_extent",
            N_(
                "{province} reaches outside the extent {extent} at {where}; grow 'extent' or "
                "move the province, or it will be cut when printed"
            ),
            [p.id],
            at,
            province=_name(p),
            extent=list(mapfile.extent),
            where=where(at),
        )


def _check_overlaps(
    mapfile: MapFile,
    raw: np.ndarray,
    valid: np.ndarray,
    sea: shapely.Geometry | None,
    issues: _Issues,
) -> None:
    tolerance = near_miss(mapfile) ** 2
    index = np.flatnonzero(valid)
    shapes = raw[index]
    tree = STRtree(shapes)
    left, right = tree.query(shapes, predicate="intersects")
    keep = left < right
    left, right = left[keep], right[keep]
    common = shapely.intersection(shapes[left], shapes[right])
    area = shapely.area(common)
    for k in np.flatnonzero(area > tolerance):
        a = mapfile.provinces[index[left[k]]]
        b = mapfile.provinces[index[right[k]]]
        at = _point(shapely.point_on_surface(common[k]))
        issues.error(
            "overlap",
            N_(
                "provinces '{a}' and '{b}' overlap: {area} square units around {where}; move "
                "the border so that both use the same vertices"
            ),
            [a.id, b.id],
            at,
            a=a.id,
            b=b.id,
            area=fmt(area[k]),
            where=where(at),
        )
    if sea is None or sea.is_empty:
        return
    wet = shapely.intersection(shapes, sea)
    wet_area = shapely.area(wet)
    for k in np.flatnonzero(wet_area > tolerance):
        p = mapfile.provinces[index[k]]
        at = _point(shapely.point_on_surface(wet[k]))
        issues.error(
            "sea_overlap",
            N_(
                "{province} overlaps the sea: {area} square units around {where}; move the "
                "coast so that land and sea share the same vertices"
            ),
            [p.id],
            at,
            province=_name(p),
            area=fmt(wet_area[k]),
            where=where(at),
        )


def _check_near_misses(
    mapfile: MapFile,
    raw: np.ndarray,
    valid: np.ndarray,
    sea: shapely.Geometry | None,
    issues: _Issues,
) -> None:
    """Boundaries running within NEAR_MISS of each other without sharing an edge.

    Only the free parts of the outlines count (shared with no other province and not
    with the sea): where a third province lies between two, as across a short border,
    nothing is missing. A stretch counts when it is longer than the snapping distance:
    snapped, it would be a border; a shorter one snaps into a corner.
    """
    tolerance = near_miss(mapfile)
    minimum = max(tolerance, border_min(mapfile))
    index = np.flatnonzero(valid)
    boundaries = shapely.boundary(raw[index])
    coast = None if sea is None or sea.is_empty else shapely.boundary(sea)
    free = _free_boundaries(boundaries, coast)
    tree = STRtree(boundaries)
    left, right = tree.query(free, predicate="dwithin", distance=tolerance)
    keep = left < right
    left, right = left[keep], right[keep]
    zones = shapely.buffer(free, tolerance, quad_segs=2)
    contacts = shapely.intersection(boundaries[left], boundaries[right])
    for k, excess in _excess(free[left], contacts, zones[right], tolerance, minimum):
        a = mapfile.provinces[index[left[k]]]
        b = mapfile.provinces[index[right[k]]]
        at = _point(shapely.point_on_surface(excess))
        loose = _loose_vertices(boundaries[left[k]], boundaries[right[k]], tolerance)
        loose += _loose_vertices(boundaries[right[k]], boundaries[left[k]], tolerance)
        issues.error(
            "near_miss",
            N_(
                "provinces '{a}' and '{b}' come within {distance} of each other around "
                "{where} without sharing an edge (a sliver gap or overlap); snap these "
                "vertices onto the other outline: {points}"
            ),
            [a.id, b.id],
            at,
            a=a.id,
            b=b.id,
            distance=fmt(tolerance),
            where=where(at),
            points=_points_text(loose),
        )
    if coast is None:
        return
    near = shapely.dwithin(free, coast, tolerance)
    cand = np.flatnonzero(near)
    coast_zone = shapely.buffer(coast, tolerance, quad_segs=2)
    contacts = shapely.intersection(boundaries[cand], coast)
    zones = np.full(len(cand), coast_zone, dtype=object)
    for k, excess in _excess(free[cand], contacts, zones, tolerance, minimum):
        p = mapfile.provinces[index[cand[k]]]
        at = _point(shapely.point_on_surface(excess))
        loose = _loose_vertices(boundaries[cand[k]], coast, tolerance)
        issues.error(
            "near_miss_sea",
            N_(
                "{province} comes within {distance} of the sea around {where} without sharing "
                "its edge (a sliver gap or overlap); snap these vertices onto the coast: "
                "{points}"
            ),
            [p.id],
            at,
            province=_name(p),
            distance=fmt(tolerance),
            where=where(at),
            points=_points_text(loose),
        )


def _free_boundaries(boundaries: np.ndarray, coast: shapely.Geometry | None) -> np.ndarray:
    """Each outline without the lines it shares with another outline or with the coast."""
    left, right = STRtree(boundaries).query(boundaries, predicate="intersects")
    keep = left != right
    left, right = left[keep], right[keep]
    shared = lines_only(shapely.intersection(boundaries[left], boundaries[right]))
    parts, part_index = shapely.get_parts(shared, return_index=True)
    owners = left[part_index]
    if coast is not None:
        wet = lines_only(shapely.intersection(boundaries, coast))
        wet_parts, wet_index = shapely.get_parts(wet, return_index=True)
        parts = np.concatenate([parts, wet_parts])
        owners = np.concatenate([owners, wet_index])
    order = np.argsort(owners, kind="stable")
    taken = shapely.multilinestrings(
        parts[order],
        indices=owners[order].astype(np.intp),
        out=np.full(len(boundaries), None, dtype=object),
    )
    has = ~shapely.is_missing(taken)
    free = boundaries.copy()
    free[has] = lines_only(shapely.difference(boundaries[has], taken[has]))
    return free


def _excess(
    a: np.ndarray, contact: np.ndarray, b_zone: np.ndarray, tolerance: float, minimum: float
) -> Iterator[tuple[int, shapely.Geometry]]:
    """(k, lines) where the free outline a[k] runs within `tolerance` of another outline
    (zone b_zone[k]) away from where they touch (contact[k]), for more than `minimum`."""
    if not len(a):
        return
    near = lines_only(shapely.intersection(a, b_zone))
    index = np.flatnonzero(shapely.length(near) > minimum)  # most pairs stop here
    away = shapely.difference(near[index], shapely.buffer(contact[index], 2 * tolerance))
    excess = lines_only(away)
    for k in np.flatnonzero(shapely.length(excess) > minimum):
        yield int(index[k]), excess[k]


def _loose_vertices(a: shapely.Geometry, b: shapely.Geometry, tolerance: float) -> list[Point]:
    """Vertices of a that lie near b but not on it."""
    coords = np.unique(shapely.get_coordinates(a), axis=0)
    distance = shapely.distance(shapely.points(coords), b)
    loose = coords[(distance > 1e-9) & (distance <= tolerance)]
    return [(float(x), float(y)) for x, y in loose]


def _points_text(points: list[Point], limit: int = 6) -> Words | Listed:
    if not points:
        return Words.of(
            N_("none is close to a vertex; add a vertex where the outlines should meet")
        )
    text = Listed(tuple(where(p) for p in points[:limit]))
    if len(points) > limit:
        return Words.of(N_("{points} and {n} more"), points=text, n=len(points) - limit)
    return text


def _check_labels(mapfile: MapFile, raw: np.ndarray, valid: np.ndarray, issues: _Issues) -> None:
    for i, p in enumerate(mapfile.provinces):
        if p.label is not None and valid[i] and not raw[i].covers(shapely.Point(p.label)):
            issues.warning(
                "label_outside",
                N_(
                    "{province}: label {where} lies outside the province; move it inside or "
                    "delete it"
                ),
                [p.id],
                p.label,
                province=_name(p),
                where=where(p.label),
            )


# --------------------------------------------------------------------------- graph


def _components(nodes: list[str], edges: dict[str, Iterable[str]]) -> list[list[str]]:
    """Connected components (each in `nodes` order), largest first, ties by first node."""
    allowed = set(nodes)
    seen: set[str] = set()
    components = []
    for start in nodes:
        if start in seen:
            continue
        seen.add(start)
        stack, members = [start], {start}
        while stack:
            for nxt in edges.get(stack.pop(), ()):
                if nxt in allowed and nxt not in seen:
                    seen.add(nxt)
                    members.add(nxt)
                    stack.append(nxt)
        components.append([n for n in nodes if n in members])
    components.sort(key=lambda c: -len(c))
    return components


def _check_reachable(
    mapfile: MapFile, graph: MapGraph, labels: dict[str, Point], issues: _Issues
) -> None:
    ids = [p.id for p in graph.provinces]
    edges: dict[str, set[str]] = {p.id: set(p.neighbors) for p in graph.provinces}
    coastal = [p.id for p in graph.provinces if p.coastal]
    # The sea joins every coastal province to every other: chain them.
    for a, b in zip(coastal, coastal[1:], strict=False):
        edges[a].add(b)
        edges[b].add(a)
    components = _components(ids, edges)
    for component in components[1:]:
        first = component[0]
        names = ", ".join(f"'{c}'" for c in component)
        if len(component) > 1:
            message = N_(
                "provinces {names} around {where} cannot be reached by land or sea from "
                "'{start}'; give them a shared edge with a neighbour{at_least} or a coast"
            )
        else:
            message = N_(
                "province {names} around {where} cannot be reached by land or sea from "
                "'{start}'; give it a shared edge with a neighbour{at_least} or a coast"
            )
        issues.error(
            "unreachable",
            message,
            component,
            labels[first],
            names=names,
            where=where(labels[first]),
            start=components[0][0],
            at_least=_at_least(mapfile),
        )


def _at_least(mapfile: MapFile) -> Words | str:
    """ " (at least N long)" when the map sets min_border_length, else ""."""
    minimum = border_min(mapfile)
    if not minimum:
        return ""
    return Words.of(
        N_(" (at least {length} long: the map's min_border_length)"), length=fmt(minimum)
    )


def print_scale(mapfile: MapFile) -> float:
    """Millimetres per map unit on the printed board (the smaller of the two axes)."""
    minx, miny, maxx, maxy = mapfile.extent
    return min(mapfile.width_mm / (maxx - minx), mapfile.height_mm / (maxy - miny))


def _check_short_borders(mapfile: MapFile, geometry: MapGeometry, issues: _Issues) -> None:
    """Warn about borders a combat token would cover whole when the board is printed."""
    if mapfile.game not in TOKEN_GAMES:
        return
    scale = print_scale(mapfile)
    for border in (*geometry.land_borders.values(), *geometry.coastal_borders.values()):
        printed = border.length * scale
        if printed >= TOKEN_MM:
            continue
        if len(border.provinces) == 2:
            a, b = border.provinces
            who = Words.of(N_("the border between provinces '{a}' and '{b}'"), a=a, b=b)
        else:
            who = Words.of(
                N_("the coast of province '{province}' ({border})"),
                province=border.provinces[0],
                border=border.id,
            )
        issues.warning(
            "short_border",
            N_(
                "{border} at {where} is {length} long, {printed} mm when printed: a combat "
                "token ({token} mm) would cover it whole; widen it in the editor, or drop such "
                "borders with the map's min_border_length"
            ),
            border.provinces,
            border.midpoint,
            border=who,
            where=where(border.midpoint),
            length=fmt(border.length),
            printed=fmt(printed),
            token=fmt(TOKEN_MM),
        )


def _check_territory_pieces(
    mapfile: MapFile,
    graph: MapGraph,
    labels: dict[str, Point],
    issues: _Issues,
) -> None:
    edges = {p.id: p.neighbors for p in graph.provinces}
    known = set(edges)
    for t in mapfile.territories:
        members = [m for m in t.provinces if m in known]
        pieces = _components(members, edges)
        if len(pieces) > 1:
            text = " ".join("[" + ", ".join(piece) + "]" for piece in pieces)
            issues.warning(
                "territory_pieces",
                N_(
                    "territory '{id}' is in {n} pieces by land: {pieces} (second piece around "
                    "{where}); check those provinces belong to it"
                ),
                [m for piece in pieces[1:] for m in piece],
                labels[pieces[1][0]],
                id=t.id,
                n=len(pieces),
                pieces=text,
                where=where(labels[pieces[1][0]]),
            )


# --------------------------------------------------------------------------- attributes


def _non_negative_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _positive_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


# attribute -> (check, what it must be): the file format's types, whatever the game.
_ATTRIBUTES = {
    "flowers": (_non_negative_int, N_("a whole number >= 0 (flowers: 2)")),
    "defense": (_non_negative_int, N_("a whole number >= 0 (defense: 1)")),
    "shadowlands": (_is_bool, N_("true or false")),
    "palace_site": (_is_bool, N_("true or false")),
    "blessed": (_positive_int, N_("a whole number >= 1 (blessed: 2)")),
}


def _check_attributes(mapfile: MapFile, issues: _Issues) -> None:
    for p in mapfile.provinces:
        at = _anchor(p)
        for key, (check, wanted) in _ATTRIBUTES.items():
            if key in p.attrs and not check(p.attrs[key]):
                issues.error(
                    "attribute",
                    N_("{province}: field '{key}' is {value}; it must be {wanted}"),
                    [p.id],
                    at,
                    province=_name(p),
                    key=key,
                    value=repr(p.attrs[key]),
                    wanted=Words.of(wanted),
                )
        # Whose capital it is matters to Battle for Rokugan only: its readiness
        # (`engine.rokugan.requirements`) names unknown clans and clans with two capitals.
        clan = p.attrs.get("capital")
        if "capital" in p.attrs and (not isinstance(clan, str) or not clan):
            issues.error(
                "attribute",
                N_("{province}: field 'capital' is {value}; it must be a clan id (text)"),
                [p.id],
                at,
                province=_name(p),
                value=repr(clan),
            )
