"""Snapping imported polygons into a clean coverage, and saying what each step changed.

`daimyo map import` reads outlines drawn by someone else: neighbours that should share
an edge miss each other by a hair, overlap a little or leave sliver gaps. `snap_polygons`
makes them share their vertices exactly (the geometry layer requires it) and returns one
`ImportNote` for every vertex it moved or added, every sliver of area it dropped or gave
to a neighbour, every outline it repaired and every contact it made a corner, each with
the polygon(s) and the place, so the person importing can check them.

Borders after snapping: a contact that exists only because snapping moved the outlines
(a blunt corner pulled onto a neighbour's edge) is a border only when it is longer than
the distance snapping moved them to make it; a shorter one is made a single point (the
corners meet). Contacts drawn exactly in the input are kept however short.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import STRtree

from engine.words import N_, Words
from maps.geometry import coordinate_tolerance, land_contacts
from maps.mapfile import Point

# What a note is about, in the order a report lists them.
KINDS = ("skipped", "island", "snapped", "inserted", "sliver", "corner", "repaired", "sea")


@dataclass(frozen=True, slots=True)
class ImportNote:
    """One thing an import changed or left out: what (`kind`, see KINDS), where, in words."""

    kind: str
    words: str | Words  # Words: said in the language spoken when the note is read
    provinces: tuple[str, ...] = ()
    at: Point | None = None

    @property
    def text(self) -> str:
        """The note in the current language."""
        return str(self.words)

    def __str__(self) -> str:
        return self.text


class Places:
    """Coordinates, lengths and areas for messages, as precise as the map's size needs."""

    def __init__(self, size: float) -> None:
        # The last digit is about 1/100,000 of the map: metres on a country in degrees.
        self.decimals = max(0, 5 - math.floor(math.log10(size))) if size > 0 else 2

    def num(self, value: float) -> str:
        """A coordinate: fixed decimals, trailing zeros dropped."""
        text = f"{value:.{self.decimals}f}"
        return text.rstrip("0").rstrip(".") if "." in text else text

    def length(self, value: float) -> str:
        """A distance or an area: like a coordinate, or 2 significant digits when tiny."""
        if value and abs(value) < 10.0**-self.decimals:
            return f"{value:.2g}"
        return self.num(value)

    def at(self, point: Point | np.ndarray) -> str:
        """ "(x, y)"."""
        return f"({self.num(float(point[0]))}, {self.num(float(point[1]))})"


def _point(geom: shapely.Geometry) -> Point:
    """A point on the geometry (its first vertex when it has no surface)."""
    points = shapely.get_coordinates(shapely.point_on_surface(geom))
    if not len(points):
        points = shapely.get_coordinates(geom)
    x, y = points[0] if len(points) else (float("nan"), float("nan"))
    return (float(x), float(y))


def _quoted(names: list[str]) -> str:
    return ", ".join(f"'{n}'" for n in names)


def _joined(parts: Iterable[Words]) -> Words:
    """Several `Words` as one list ("a, b"), each said when the list is."""
    items = list(parts)
    joined = items[0]
    for item in items[1:]:
        joined = Words.of(N_("{list}, {item}"), list=joined, item=item)
    return joined


CROSSES_ITSELF = Words.of(N_("it crosses itself"))


# --------------------------------------------------------------------------- the whole


def snap_polygons(
    shapes: np.ndarray,
    tolerance: float,
    names: list[str] | None = None,
    precision: float | None = None,
) -> tuple[np.ndarray, list[ImportNote]]:
    """Make nearly coincident vertices of different polygons identical, so neighbours share edges.

    Polygons that already form a clean coverage (valid, neighbours sharing their edges, no
    gap narrower than `tolerance`) come back unchanged. Otherwise only the polygons with
    invalid edges and their neighbours are worked on (all of them if that leaves the
    whole invalid, unless the polygons were `drawn_together`: then a narrow gap elsewhere
    is water, and the rest of the map stays as drawn):
    1. Vertices of different polygons closer than `tolerance` are grouped, closest pairs
       first, never two vertices of one polygon in a group; each group takes the position
       of its first vertex. A vertex two polygons share already stays where it is (its
       group takes its position), and two such vertices are never grouped.
    2. A neighbour's vertex lying within `tolerance` of the middle of an edge (farther
       than `tolerance` from both its ends) is inserted into that edge (T-junctions).
    3. GEOS's coverage cleaner (shapely >= 2.2) settles the overlaps left and closes gaps
       narrower than `tolerance`. Its own node snapping is kept at the coordinates'
       `precision`: a larger one would also pull together vertices of one polygon,
       collapsing narrow necks and detailed coasts (it split a province of the shipped
       Rokugan map on a GeoJSON round trip).
    4. Contacts made by snapping no longer than the distance it moved the outlines to make
       them become corners (see the module docstring).
    Steps 1-2 match vertices by distance alone, so they can pair the wrong ends of edges
    shorter than the displacement. Candidate pairs come from STRtree queries; broken
    polygons are repaired. `precision` defaults to 1e-9 of the largest coordinate. Returns
    the polygons and a note for each change, naming polygons by `names` if given.
    """
    out = np.array(shapes, dtype=object)
    names = list(names) if names else [f"polygon {i + 1}" for i in range(len(out))]
    if not len(out):
        return out, []
    bounds = shapely.total_bounds(out)
    if precision is None:
        precision = coordinate_tolerance(bounds)
    work = _Work(names, tolerance, precision, Places(float(max(bounds[2:] - bounds[:2]))))
    if len(out) < 2:  # nothing to snap onto; a broken outline is still repaired
        notes = []
        if not shapely.is_valid(out[0]):
            out[0], note = work.repair(out[0], names[0], CROSSES_ITSELF)
            notes = [note] if note else []
        return out, notes
    everything = np.arange(len(out))
    together = drawn_together(out, tolerance)
    subset = _broken_and_neighbours(out, tolerance, tolerance)
    if subset is None:
        subset = everything
    elif not len(subset):
        return out, []
    result, notes = work.clean(out, subset)
    if not together and len(subset) < len(out) and not _clean_coverage(result, tolerance):
        result, notes = work.clean(out, everything)
    result, more = work.corners(out, result)
    return result, notes + more


def _broken_and_neighbours(
    shapes: np.ndarray, tolerance: float, gap_width: float
) -> np.ndarray | None:
    """Indices of the invalid polygons, of those whose edges do not match their neighbours'
    (or leave a gap narrower than `gap_width`), and of the polygons within `tolerance` of
    them; None when this shapely cannot check coverages."""
    if not hasattr(shapely, "coverage_invalid_edges"):
        return None
    broken = ~shapely.is_valid(shapes)
    valid = np.flatnonzero(~broken)
    if len(valid):
        edges = shapely.coverage_invalid_edges(shapes[valid], gap_width=gap_width)
        broken[valid[~shapely.is_empty(edges)]] = True
    if not broken.any():
        return np.zeros(0, dtype=np.intp)
    _, near = STRtree(shapes).query(shapes[broken], predicate="dwithin", distance=tolerance)
    return np.union1d(np.flatnonzero(broken), near)


def _clean_coverage(shapes: np.ndarray, tolerance: float) -> bool:
    """True when the polygons are valid and form a coverage without narrow gaps."""
    return bool(shapely.is_valid(shapes).all()) and bool(
        shapely.coverage_is_valid(shapes, gap_width=tolerance)
    )


class _Work:
    """One snapping run: the names, distances and number format its notes use."""

    def __init__(self, names: list[str], tolerance: float, precision: float, places: Places):
        self.names = names
        self.tolerance = tolerance
        self.precision = precision
        self.places = places

    # ----------------------------------------------------------------------- steps 1-3

    def clean(self, shapes: np.ndarray, subset: np.ndarray) -> tuple[np.ndarray, list[ImportNote]]:
        """`shapes` with the polygons `subset` snapped and cleaned (the rest as they are).

        The polygons near the subset take part in the vertex matching as fixed anchors: a
        vertex they share with the subset keeps the subset's copy where it is.
        """
        context = np.zeros(0, dtype=np.intp)
        if len(subset) < len(shapes):
            _, near = STRtree(shapes).query(
                shapes[subset], predicate="dwithin", distance=self.tolerance
            )
            context = np.setdiff1d(near, subset)
        order = np.concatenate([context, subset])
        snapped, notes = self.snap_vertices(shapes[order], order, len(context))
        part = snapped[len(context) :]
        if hasattr(shapely, "coverage_clean"):  # shapely >= 2.2 with GEOS >= 3.14
            part, more = self.coverage_clean(shapes[subset], part, subset)
            notes += more
        out = np.array(shapes, dtype=object)
        out[subset] = part
        return out, notes

    def snap_vertices(
        self, out: np.ndarray, who: np.ndarray, fixed: int = 0
    ) -> tuple[np.ndarray, list[ImportNote]]:
        """Steps 1-2: shared vertices and T-junctions; repairs what breaks.

        `who[k]` is the index (into `names`) of polygon k. The first `fixed` polygons are
        anchors: matched vertices take their position (the first of a group does), and
        they get no new vertices, repairs or notes.
        """
        notes: list[ImportNote] = []
        if len(out) < 2:
            return np.array(out, dtype=object), notes
        out = np.array(out, dtype=object)
        shapes_drawn = out.copy()
        drawn_valid = shapely.is_valid(out)
        _, coords, (ring_offsets, polygon_offsets) = shapely.to_ragged_array(out)
        drawn = coords.copy()
        coords = coords.copy()
        closing = ring_offsets[1:] - 1  # each ring's repeated first point
        opening = ring_offsets[:-1]
        ring_owner = np.repeat(np.arange(len(out)), np.diff(polygon_offsets))
        owner = np.repeat(ring_owner, np.diff(ring_offsets))
        free = np.ones(len(coords), dtype=bool)
        free[closing] = False
        index = np.flatnonzero(free)
        points = shapely.points(coords[index])
        left, right = STRtree(points).query(points, predicate="dwithin", distance=self.tolerance)
        keep = (left < right) & (owner[index[left]] != owner[index[right]])
        left, right = index[left[keep]], index[right[keep]]
        distance = np.hypot(*(coords[left] - coords[right]).T)
        parent = {int(i): int(i) for i in np.union1d(left, right)}
        members = {i: {int(owner[i])} for i in parent}
        # A vertex two polygons share already is where it belongs: it never moves, and two
        # such vertices are never made one (they are two corners of the drawing).
        shared = _shared_vertices(coords, owner, free)
        pinned = {i: bool(shared[i]) for i in parent}
        anchor = dict(parent)  # whose position each group takes

        def root(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for k in np.argsort(distance, kind="stable"):
            a, b = root(int(left[k])), root(int(right[k]))
            if a == b or members[a] & members[b]:
                continue
            if pinned[a] and pinned[b] and (drawn[anchor[a]] != drawn[anchor[b]]).any():
                continue
            a, b = min(a, b), max(a, b)
            parent[b] = a
            members[a] |= members.pop(b)
            if pinned[b] and not pinned[a]:
                anchor[a] = anchor[b]
            pinned[a] = pinned[a] or pinned[b]
        for i in parent:
            coords[i] = drawn[anchor[root(i)]]
        for i in sorted(parent):
            k = int(owner[i])
            if k < fixed or (coords[i] == drawn[i]).all():
                continue
            others = sorted(self.names[who[m]] for m in members[root(i)] if m != k)
            moved = float(np.hypot(*(coords[i] - drawn[i])))
            p = self.places
            notes.append(
                ImportNote(
                    "snapped",
                    Words.of(
                        N_("'{name}': moved its vertex {at} by {distance} to {to}, onto {others}"),
                        name=self.names[who[k]],
                        at=p.at(drawn[i]),
                        distance=p.length(moved),
                        to=p.at(coords[i]),
                        others=_quoted(others),
                    ),
                    (self.names[who[k]], *others),
                    (float(coords[i][0]), float(coords[i][1])),
                )
            )
        coords[closing] = coords[opening]
        out = shapely.from_ragged_array(
            shapely.GeometryType.POLYGON, coords, (ring_offsets, polygon_offsets)
        )
        notes += self._t_junctions(out, who, fixed)
        for i, shape in enumerate(out):
            kept = _without_repeats(shape)
            if kept is None:  # a polygon smaller than the snapping distance collapsed
                kept = shapes_drawn[i]
                if i >= fixed:
                    notes.append(
                        ImportNote(
                            "repaired",
                            Words.of(
                                N_("'{name}': snapping would collapse it; kept it as drawn"),
                                name=self.names[who[i]],
                            ),
                            (self.names[who[i]],),
                            _point(kept),
                        )
                    )
            out[i] = kept
        for i in np.flatnonzero(~shapely.is_valid(out)):
            if i < fixed:
                continue
            why = Words.of(N_("snapping made it invalid")) if drawn_valid[i] else CROSSES_ITSELF
            out[i], note = self.repair(out[i], self.names[who[i]], why)
            if note:
                notes.append(note)
        return out, notes

    def _t_junctions(self, out: np.ndarray, who: np.ndarray, fixed: int) -> list[ImportNote]:
        """A neighbour's vertex beside the middle of an edge goes into that edge (in place)."""
        notes: list[ImportNote] = []
        left, right = STRtree(out).query(out, predicate="dwithin", distance=self.tolerance)
        keep = left != right
        left, right = left[keep], right[keep]
        vertices = [np.unique(shapely.get_coordinates(g), axis=0) for g in out]
        shared = _shared_edges(out)
        splits = np.flatnonzero(np.diff(left)) + 1
        for lefts, rights in zip(np.split(left, splits), np.split(right, splits), strict=True):
            if not len(lefts):
                continue
            i = int(lefts[0])
            if i < fixed:
                continue
            near = np.concatenate([vertices[j] for j in rights])
            owners = np.concatenate([np.full(len(vertices[j]), j) for j in rights])
            near, first = np.unique(near, axis=0, return_index=True)
            owners = owners[first]
            # its own vertices are not T-junctions (across a neck narrower than the tolerance)
            own = np.isin(_rows(near), _rows(vertices[i]))
            near, owners = near[~own], owners[~own]
            if not len(near):
                continue
            rings = [out[i].exterior, *out[i].interiors]
            new = []
            for r in rings:
                ring = shapely.get_coordinates(r)[:-1]
                # An edge two polygons share already is matched: nothing lies on it.
                keys = _edge_keys(ring)
                matched = np.array([key in shared for key in keys], dtype=bool)
                ring_out, inserted = _insert_beside(ring, near, self.tolerance, matched)
                new.append(ring_out)
                for k, e in inserted:
                    a, b = ring[e], ring[(e + 1) % len(ring)]
                    name, other = self.names[who[i]], self.names[who[owners[k]]]
                    p = self.places
                    notes.append(
                        ImportNote(
                            "inserted",
                            Words.of(
                                N_(
                                    "'{name}': added a vertex at {at} to its edge {a}-{b}, where "
                                    "'{other}' has one"
                                ),
                                name=name,
                                at=p.at(near[k]),
                                a=p.at(a),
                                b=p.at(b),
                                other=other,
                            ),
                            (name, other),
                            (float(near[k][0]), float(near[k][1])),
                        )
                    )
            out[i] = shapely.Polygon(new[0], new[1:])
        return notes

    def repair(
        self, shape: shapely.Geometry, name: str, why: Words
    ) -> tuple[shapely.Geometry, ImportNote | None]:
        """The largest valid part of a broken outline, and a note naming what was dropped."""
        repaired = shapely.make_valid(shape, method="structure", keep_collapsed=False)
        parts = [
            p for p in shapely.get_parts(repaired) if isinstance(p, shapely.Polygon) and p.area > 0
        ]
        if not parts:
            return shape, None
        parts.sort(key=lambda g: -g.area)
        p = self.places
        kept = (
            Words.of(N_("repaired it, dropping nothing"))
            if len(parts) == 1
            else Words.of(
                N_("repaired it, kept its largest part (area {area}); dropped {dropped}"),
                area=p.length(parts[0].area),
                dropped=_joined(
                    Words.of(
                        N_("area {area} around {at}"), area=p.length(g.area), at=p.at(_point(g))
                    )
                    for g in parts[1:]
                ),
            )
        )
        note = ImportNote(
            "repaired",
            Words.of(N_("'{name}': {why}; {kept}"), name=name, why=why, kept=kept),
            (name,),
            _point(parts[1]) if len(parts) > 1 else _point(parts[0]),
        )
        return parts[0], note

    def coverage_clean(
        self, originals: np.ndarray, snapped: np.ndarray, who: np.ndarray
    ) -> tuple[np.ndarray, list[ImportNote]]:
        """GEOS's coverage cleaner on snapped polygons: matches edges, closes narrow gaps."""
        cleaned = shapely.coverage_clean(
            snapped,
            gap_width=self.tolerance,
            snapping_distance=self.precision,
        )
        out = np.array(snapped, dtype=object)
        notes: list[ImportNote] = []
        for i, geom in enumerate(cleaned):
            name = self.names[who[i]]
            parts = [
                p
                for p in shapely.get_parts(geom)
                if isinstance(p, shapely.Polygon) and not p.is_empty
            ]
            if not parts:
                notes.append(
                    ImportNote(
                        "repaired",
                        Words.of(
                            N_("'{name}': vanished when cleaned; kept it as snapped"), name=name
                        ),
                        (name,),
                        _point(snapped[i]),
                    )
                )
                continue
            parts.sort(key=lambda g: -g.area)
            for g in parts[1:]:
                notes.append(
                    ImportNote(
                        "sliver",
                        Words.of(
                            N_(
                                "'{name}': cleaning cut off a part of area {area} around {at}; "
                                "dropped it, kept the largest part"
                            ),
                            name=name,
                            area=self.places.length(g.area),
                            at=self.places.at(_point(g)),
                        ),
                        (name,),
                        _point(g),
                    )
                )
            out[i] = _like(originals[i], parts[0])
        notes += self._slivers(snapped, out, who)
        return out, notes

    def _slivers(self, before: np.ndarray, after: np.ndarray, who: np.ndarray) -> list[ImportNote]:
        """A note for each sliver the cleaner took from a polygon or filled a gap with."""
        changed = np.flatnonzero(~shapely.equals_exact(before, after, tolerance=0.0))
        if not len(changed):
            return []
        notes: list[ImportNote] = []
        p = self.places
        after_tree, before_tree = STRtree(after), STRtree(before)

        # A piece no wider than the precision (the cleaner's own node snapping) is rounding.
        def rounding(g: shapely.Geometry) -> bool:
            return g.area <= self.precision * g.length

        lost = _difference(before[changed], after[changed])
        gained = _difference(after[changed], before[changed])
        for k, i in enumerate(changed):
            name = self.names[who[i]]
            for g in shapely.get_parts(lost[k]):
                if rounding(g):
                    continue
                at = _point(g)
                holders = [
                    self.names[who[j]]
                    for j in after_tree.query(shapely.Point(at), predicate="intersects")
                    if j != i
                ]
                text = Words.of(
                    N_(
                        "'{name}': gave a sliver of area {area} around {at} where it overlapped "
                        "{others} to it"
                    )
                    if holders
                    else N_("'{name}': dropped a sliver of area {area} around {at}"),
                    name=name,
                    area=p.length(g.area),
                    at=p.at(at),
                    others=_quoted(holders),
                )
                notes.append(ImportNote("sliver", text, (name, *holders), at))
            for g in shapely.get_parts(gained[k]):
                if rounding(g):
                    continue
                at = _point(g)
                inside = before_tree.query(shapely.Point(at), predicate="intersects")
                if any(j != i for j in inside):
                    continue  # an overlap: its loser's note says where it went
                around = [
                    self.names[who[j]]
                    for j in after_tree.query(g, predicate="dwithin", distance=self.tolerance)
                    if j != i
                ]
                notes.append(
                    ImportNote(
                        "sliver",
                        Words.of(
                            N_(
                                "'{name}': filled a sliver gap of area {area} around {at} between "
                                "it and {others}"
                            )
                            if around
                            else N_("'{name}': filled a sliver gap of area {area} around {at}"),
                            name=name,
                            area=p.length(g.area),
                            at=p.at(at),
                            others=_quoted(around),
                        ),
                        (name, *around),
                        at,
                    )
                )
        return notes

    # ----------------------------------------------------------------------- step 4

    def corners(
        self, drawn: np.ndarray, snapped: np.ndarray
    ) -> tuple[np.ndarray, list[ImportNote]]:
        """Contacts snapping made no longer than it moved the outlines become points."""
        changed = ~shapely.equals_exact(drawn, snapped, tolerance=0.0)
        if not changed.any():
            return snapped, []
        left, right, shared = land_contacts(snapped, self.precision)
        keep = changed[left] | changed[right]
        left, right, shared = left[keep], right[keep], shared[keep]
        if not len(left):
            return snapped, []
        # How far snapping moved the outlines to make each contact: the farthest any of its
        # points lies from where either polygon was drawn.
        points, which = shapely.get_coordinates(shared, return_index=True)
        spots = shapely.points(points)
        outlines = shapely.boundary(drawn)
        moved = np.maximum(
            shapely.distance(spots, outlines[left[which]]),
            shapely.distance(spots, outlines[right[which]]),
        )
        reach = np.zeros(len(left))
        np.maximum.at(reach, which, moved)
        length = shapely.length(shared)
        out = np.array(snapped, dtype=object)
        notes: list[ImportNote] = []
        tree = STRtree(out)
        for k in np.flatnonzero(length <= reach):
            line_points = np.unique(points[which == k], axis=0)
            centre = shapely.get_coordinates(shapely.centroid(shared[k]))[0]
            target = line_points[np.argmin(np.hypot(*(line_points - centre).T))]
            touched = tree.query(shared[k], predicate="intersects")
            collapsed = [_collapse(out[j], line_points, target) for j in touched]
            a, b = self.names[left[k]], self.names[right[k]]
            p = self.places
            if any(g is None for g in collapsed):  # a polygon no wider than the contact
                notes.append(
                    ImportNote(
                        "corner",
                        Words.of(
                            N_(
                                "'{a}' and '{b}' touch along {length} only because snapping moved "
                                "them up to {reach}, but making it a corner at {at} would leave "
                                "nothing of a polygon there: kept it as a border"
                            ),
                            a=a,
                            b=b,
                            length=p.length(float(length[k])),
                            reach=p.length(float(reach[k])),
                            at=p.at(target),
                        ),
                        (a, b),
                        (float(target[0]), float(target[1])),
                    )
                )
                continue
            out[touched] = np.array(collapsed, dtype=object)
            notes.append(
                ImportNote(
                    "corner",
                    Words.of(
                        N_(
                            "'{a}' and '{b}' touched along {length} only because snapping moved "
                            "them up to {reach}: made it a corner at {at}, not a border"
                        ),
                        a=a,
                        b=b,
                        length=p.length(float(length[k])),
                        reach=p.length(float(reach[k])),
                        at=p.at(target),
                    ),
                    (a, b),
                    (float(target[0]), float(target[1])),
                )
            )
        for j in np.flatnonzero(~shapely.is_valid(out)):
            out[j], note = self.repair(
                out[j], self.names[j], Words.of(N_("making a corner broke it"))
            )
            if note:
                notes.append(note)
        return out, notes


def _collapse(
    shape: shapely.Polygon, points: np.ndarray, target: np.ndarray
) -> shapely.Polygon | None:
    """`shape` with every vertex equal to one of `points` moved to `target`: a hole that
    shrinks to nothing goes; None when the outline itself would (a sliver of a polygon)."""
    hit = np.isin(_rows(shapely.get_coordinates(shape)), _rows(points))
    if not hit.any():
        return shape
    moved = shapely.transform(shape, lambda c: np.where(hit[:, None], target[None, :], c))
    return _without_repeats(moved)


def _shared_vertices(coords: np.ndarray, owner: np.ndarray, free: np.ndarray) -> np.ndarray:
    """For each coordinate row: True when two or more polygons have a vertex exactly there."""
    rows = _rows(coords)
    _, row_id = np.unique(rows, return_inverse=True)
    pairs = np.unique(np.column_stack([row_id[free], owner[free]]), axis=0)
    owners_per_row = np.bincount(pairs[:, 0], minlength=int(row_id.max()) + 1)
    return owners_per_row[row_id] >= 2


def drawn_together(shapes: np.ndarray, tolerance: float) -> bool:
    """True when the polygons come from one topology (neighbours drawn with the same
    vertices): more vertex copies lying within `tolerance` of another polygon coincide
    with one of its vertices than miss them. Then a gap between polygons is water."""
    _, coords, (ring_offsets, polygon_offsets) = shapely.to_ragged_array(shapes)
    ring_owner = np.repeat(np.arange(len(shapes)), np.diff(polygon_offsets))
    owner = np.repeat(ring_owner, np.diff(ring_offsets))
    free = np.ones(len(coords), dtype=bool)
    free[ring_offsets[1:] - 1] = False
    shared = _shared_vertices(coords, owner, free) & free
    loose = np.flatnonzero(free & ~shared)
    points, outlines = shapely.points(coords[loose]), shapely.boundary(shapes)
    which, near = STRtree(outlines).query(points, predicate="dwithin", distance=tolerance)
    missing = len(np.unique(which[near != owner[loose[which]]]))
    return int(shared.sum()) > missing


def _without_repeats(shape: shapely.Polygon) -> shapely.Polygon | None:
    """The polygon without repeated consecutive vertices; holes that collapse go; None when
    its outline collapses (fewer than 3 distinct points)."""
    rings = []
    for k, ring in enumerate((shape.exterior, *shape.interiors)):
        coords = shapely.get_coordinates(ring)[:-1]
        if len(coords):
            keep = np.ones(len(coords), dtype=bool)
            keep[1:] = (coords[1:] != coords[:-1]).any(axis=1)
            coords = coords[keep]
            if len(coords) > 1 and (coords[0] == coords[-1]).all():
                coords = coords[:-1]
        if len(coords) < 3:
            if k == 0:
                return None
            continue
        rings.append(coords)
    return shapely.Polygon(rings[0], rings[1:])


def _edge_keys(ring: np.ndarray) -> list[frozenset[bytes]]:
    """Each edge of an open ring as an unordered pair of its end points."""
    rows = [row.tobytes() for row in _rows(ring)]
    return [frozenset(pair) for pair in zip(rows, rows[1:] + rows[:1], strict=True)]


def _shared_edges(shapes: np.ndarray) -> set[frozenset[bytes]]:
    """The edges that two or more of the polygons have, end points exactly equal."""
    seen: set[frozenset[bytes]] = set()
    shared: set[frozenset[bytes]] = set()
    for shape in shapes:
        for ring in (shape.exterior, *shape.interiors):
            for key in set(_edge_keys(shapely.get_coordinates(ring)[:-1])):
                (shared if key in seen else seen).add(key)
    return shared


def _rows(points: np.ndarray) -> np.ndarray:
    """Each (x, y) row as one comparable value (for set operations on points)."""
    points = np.ascontiguousarray(points, dtype=np.float64)
    return points.view(np.dtype((np.void, points.dtype.itemsize * 2))).ravel()


def _insert_beside(
    ring: np.ndarray, points: np.ndarray, tolerance: float, matched: np.ndarray
) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """The open ring (n, 2) with each point lying beside the middle of one of its edges
    that are not `matched` inserted into that edge (points near an end were merged with it
    already), and the (point index, edge index) of each insertion."""
    if len(ring) < 3 or not len(points):
        return ring, []
    start, end = ring, np.roll(ring, -1, axis=0)
    edge = end - start
    length = np.hypot(edge[:, 0], edge[:, 1])
    safe = np.where(length == 0, 1.0, length)
    rel = points[:, None, :] - start[None, :, :]  # (points, edges, 2)
    along = (rel * edge[None]).sum(axis=2) / safe[None]
    across = np.abs(rel[..., 0] * edge[None, :, 1] - rel[..., 1] * edge[None, :, 0]) / safe[None]
    fits = (across <= tolerance) & (along > tolerance) & (along < length[None] - tolerance)
    fits &= ~matched[None, :]
    across = np.where(fits, across, np.inf)
    best = np.argmin(across, axis=1)
    chosen = np.isfinite(across[np.arange(len(points)), best])
    if not chosen.any():
        return ring, []
    inserts: dict[int, list[tuple[float, int]]] = {}
    for k in np.flatnonzero(chosen):
        inserts.setdefault(int(best[k]), []).append((float(along[k, best[k]]), int(k)))
    out = []
    done: list[tuple[int, int]] = []
    for e, vertex in enumerate(ring):
        out.append(vertex)
        for _, k in sorted(inserts.get(e, [])):
            out.append(points[k])
            done.append((k, e))
    return np.asarray(out), done


def _like(original: shapely.Polygon, cleaned: shapely.Polygon) -> shapely.Polygon:
    """`cleaned` drawn like `original`: the same when unchanged, else the same ring
    orientation and start (the cleaner rotates rings, which would make imports differ)."""
    if shapely.get_num_coordinates(cleaned) == shapely.get_num_coordinates(
        original
    ) and cleaned.equals(original):
        return original
    ring = shapely.get_coordinates(cleaned.exterior)[:-1]
    if cleaned.exterior.is_ccw != original.exterior.is_ccw:
        ring = ring[::-1]
    first = shapely.get_coordinates(original.exterior)[0]
    start = int(np.argmin(np.hypot(*(ring - first).T)))
    ring = np.roll(ring, -start, axis=0)
    return shapely.Polygon(ring, [h.coords for h in cleaned.interiors])


def _difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """`a` less `b`, pair by pair; where GEOS cannot take the difference of the shapes as
    they are (a cleaned outline can be valid only within the precision, and GEOS then
    refuses with a TopologyException), of their `make_valid` repairs."""
    try:
        return shapely.difference(a, b)
    except shapely.errors.GEOSException:
        return shapely.difference(shapely.make_valid(a), shapely.make_valid(b))
