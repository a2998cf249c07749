"""Reading map files (YAML, format 1) as `MapFile` values.

Loading checks the file's structure (types, required fields, rings, references)
and raises `MapError` naming the file, the line and the field, and how to fix it.
Geometric and game rules (overlaps, reachability, attribute values) are checked by
`maps.validate`, so that `daimyo map check` can list every problem at once.
The values are in `maps.mapfile`; `maps.write` writes them back as canonical text.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import yaml

from engine.files import FileContentError, read_text
from engine.words import N_, Words
from maps.errors import THE_FILE, MapError, Text
from maps.mapfile import (
    DEFAULT_COLOUR,
    FORMAT_VERSION,
    GAMES,
    MAX_COORDINATE,
    PROVINCE_KEYS,
    MapFile,
    Point,
    Province,
    Ring,
    Sea,
    SeaPolygon,
    Territory,
)
from maps.yaml_guard import check_events
from maps.yaml_lines import BadValue, DuplicateKey, LineLoader, YamlList, YamlMap, plain

MAX_MAP_BYTES = 64 * 2**20
"""Larger than any map Daimyo writes (a generated 5,000-province map is about 4 MB)."""
_TOP_KEYS = (
    "format",
    "id",
    "name",
    "size",
    "extent",
    "game",
    "min_border_length",
    "attributes",
    "territories",
    "provinces",
    "seas",
)
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
# Border ids are "A|B" and "A~k", so ids may not contain these characters.
_ID_FORBIDDEN = ("|", "~")


class _Reader:
    """Turns the line-annotated YAML tree into a MapFile, failing with precise errors."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.member_lines: dict[int, list[int]] = {}  # territory index -> line of each member

    def fail(
        self, line: int | None, where: Text, problem: Text, fix: Text | None = None
    ) -> NoReturn:
        raise MapError(problem, file=self.file, line=line, field=where, fix=fix)

    # ---- generic fields

    def get(
        self, m: YamlMap, key: str, where: Text, *, required: bool = True
    ) -> tuple[Any, int | None]:
        if key not in m:
            if required:
                self.fail(
                    m.line,
                    where,
                    Words.of(N_("is missing field '{key}'"), key=key),
                    Words.of(N_("add '{key}:' to it"), key=key),
                )
            return None, None
        return m[key], m.key_lines[key]

    def mapping(self, value: Any, line: int | None, where: Text) -> YamlMap:
        if not isinstance(value, YamlMap):
            self.fail(
                line,
                where,
                Words.of(N_("must be a mapping (key: value), not {kind}"), kind=_kind(value)),
            )
        return value

    def sequence(self, value: Any, line: int | None, where: Text) -> YamlList:
        if not isinstance(value, YamlList):
            self.fail(line, where, Words.of(N_("must be a list, not {kind}"), kind=_kind(value)))
        return value

    def text(self, value: Any, line: int | None, where: Text) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(
                line, where, Words.of(N_("must be a non-empty text, not {kind}"), kind=_kind(value))
            )
        return value

    def ident(self, value: Any, line: int | None, where: Text) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)  # numbered fields (Rice Wars) are written unquoted
        if not isinstance(value, str) or not value.strip():
            self.fail(
                line, where, Words.of(N_("must be an id (text), not {kind}"), kind=_kind(value))
            )
        bad = [c for c in _ID_FORBIDDEN if c in value]
        if bad or value != value.strip():
            self.fail(
                line,
                where,
                Words.of(N_("{value} is not a valid id"), value=repr(value)),
                Words.of(N_("ids may not contain '|' or '~' nor start or end with spaces")),
            )
        return value

    def number(self, value: Any, line: int | None, where: Text, *, positive: bool = False) -> float:
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            self.fail(line, where, Words.of(N_("must be a number, not {kind}"), kind=_kind(value)))
        if positive and value <= 0:
            self.fail(line, where, Words.of(N_("must be greater than 0, not {value}"), value=value))
        return float(value)

    def point(self, value: Any, line: int | None, where: Text) -> Point:
        if (
            not isinstance(value, list)
            or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int | float) for v in value)
            or not all(math.isfinite(v) for v in value)
        ):
            self.fail(line, where, Words.of(N_("must be a point [x, y] of two numbers")))
        if any(abs(v) > MAX_COORDINATE for v in value):
            self.fail(
                line,
                where,
                Words.of(
                    N_("is {value}, beyond ±{limit}"), value=value, limit=f"{MAX_COORDINATE:,}"
                ),
                Words.of(N_("map coordinates are map units of a board; scale the map down")),
            )
        return (float(value[0]), float(value[1]))

    def ring(self, value: Any, line: int | None, where: Text) -> Ring:
        problem = Words.of(N_("must be a list of [x, y] pairs with at least 3 points"))
        if not isinstance(value, list):
            self.fail(line, where, problem)
        lines = getattr(value, "item_lines", [line] * len(value))
        points: Ring = []
        for i, (item, item_line) in enumerate(zip(value, lines, strict=True)):
            points.append(
                self.point(item, item_line, Words.of(N_("{where} point {n}"), where=where, n=i + 1))
            )
        if len(points) > 1 and points[0] == points[-1]:
            points.pop()  # a closed ring: the repeat is implied
        if len(points) < 3:
            self.fail(line, where, problem)
        return points

    def rings(self, value: Any, line: int | None, where: Text) -> list[Ring]:
        seq = self.sequence(value, line, where)
        return [
            self.ring(item, item_line, Words.of(N_("{where} ring {n}"), where=where, n=i + 1))
            for i, (item, item_line) in enumerate(zip(seq, seq.item_lines, strict=True))
        ]

    def items(self, value: Any, line: int | None, where: Text) -> Iterator[tuple[YamlMap, int]]:
        """Each item of a list of mappings, with its line."""
        seq = self.sequence(value, line, where)
        for i, (item, item_line) in enumerate(zip(seq, seq.item_lines, strict=True)):
            yield (
                self.mapping(
                    item, item_line, Words.of(N_("{where} item {n}"), where=where, n=i + 1)
                ),
                item_line,
            )

    def no_unknown(self, m: YamlMap, known: tuple[str, ...], where: Text) -> None:
        for key in m:
            if key not in known:
                self.fail(
                    m.key_lines[key],
                    where,
                    Words.of(N_("has unknown field {key}"), key=repr(key)),
                    Words.of(N_("known fields are: {fields}"), fields=", ".join(known)),
                )

    # ---- the parts of a map

    def read(self, root: Any) -> MapFile:
        if not isinstance(root, YamlMap):
            self.fail(
                getattr(root, "line", 1),
                THE_FILE,
                Words.of(
                    N_("must be a mapping with 'format: 1' at the top, not {kind}"),
                    kind=_kind(root),
                ),
            )
        self.no_unknown(root, _TOP_KEYS, THE_MAP)
        version, line = self.get(root, "format", THE_MAP)
        if version != FORMAT_VERSION:
            self.fail(
                line,
                _field("format"),
                Words.of(
                    N_("is {value}; this Daimyo reads format {version}"),
                    value=repr(version),
                    version=FORMAT_VERSION,
                ),
                Words.of(N_("write 'format: {version}'"), version=FORMAT_VERSION),
            )
        map_id = self.ident(*self.get(root, "id", THE_MAP), _field("id"))
        name = self.text(*self.get(root, "name", THE_MAP), _field("name"))
        size_value, size_line = self.get(root, "size", THE_MAP)
        size = self.mapping(size_value, size_line, _field("size"))
        self.no_unknown(size, ("width_mm", "height_mm"), _field("size"))
        width = self.number(
            *self.get(size, "width_mm", _field("size")), _field("size.width_mm"), positive=True
        )
        height = self.number(
            *self.get(size, "height_mm", _field("size")), _field("size.height_mm"), positive=True
        )
        extent = self.extent(*self.get(root, "extent", THE_MAP))
        game_value, game_line = self.get(root, "game", THE_MAP, required=False)
        game = "any" if game_value is None else game_value
        if game not in GAMES:
            self.fail(
                game_line,
                _field("game"),
                Words.of(N_("is {value}"), value=repr(game)),
                Words.of(N_("choose one of {choices}"), choices=", ".join(GAMES)),
            )
        shortest, shortest_line = self.get(root, "min_border_length", THE_MAP, required=False)
        min_border_length = (
            None
            if shortest is None
            else self.number(shortest, shortest_line, _field("min_border_length"), positive=True)
        )
        if min_border_length is not None and min_border_length > MAX_COORDINATE:
            self.fail(
                shortest_line,
                _field("min_border_length"),
                Words.of(
                    N_("is {value}, beyond {limit}"), value=shortest, limit=f"{MAX_COORDINATE:,}"
                ),
                Words.of(N_("give the shortest border length in map units, or delete the field")),
            )
        attrs_value, attrs_line = self.get(root, "attributes", THE_MAP, required=False)
        attributes = (
            {}
            if attrs_value is None
            else plain(self.mapping(attrs_value, attrs_line, _field("attributes")))
        )

        territories_value, t_line = self.get(root, "territories", THE_MAP, required=False)
        territories = (
            [] if territories_value is None else self.territories(territories_value, t_line)
        )
        provinces_value, p_line = self.get(root, "provinces", THE_MAP)
        provinces, declared = self.provinces(provinces_value, p_line)
        seas_value, s_line = self.get(root, "seas", THE_MAP, required=False)
        seas = [] if seas_value is None else self.seas(seas_value, s_line)

        self.link(provinces, territories, declared)
        return MapFile(
            id=map_id,
            name=name,
            width_mm=width,
            height_mm=height,
            extent=extent,
            provinces=provinces,
            territories=territories,
            seas=seas,
            game=game,
            attributes=attributes,
            min_border_length=min_border_length,
        )

    def extent(self, value: Any, line: int | None) -> tuple[float, float, float, float]:
        where = _field("extent")
        if not isinstance(value, list) or len(value) != 4:
            self.fail(line, where, Words.of(N_("must be [minx, miny, maxx, maxy]")))
        minx, miny, maxx, maxy = (self.number(v, line, where) for v in value)
        if any(abs(v) > MAX_COORDINATE for v in (minx, miny, maxx, maxy)):
            self.fail(
                line, where, Words.of(N_("must lie within ±{limit}"), limit=f"{MAX_COORDINATE:,}")
            )
        if maxx <= minx or maxy <= miny:
            self.fail(line, where, Words.of(N_("must have maxx > minx and maxy > miny")))
        return (minx, miny, maxx, maxy)

    def territories(self, value: Any, line: int | None) -> list[Territory]:
        result = []
        for item, item_line in self.items(value, line, _field("territories")):
            where: Text = Words.of(N_("territory #{n}"), n=len(result) + 1)
            self.no_unknown(item, ("id", "name", "colour", "provinces"), where)
            tid = self.ident(*self.get(item, "id", where), _field("id", where))
            where = Words.of(N_("territory '{id}'"), id=tid)
            name = self.text(*self.get(item, "name", where), _field("name", where))
            colour_value, colour_line = self.get(item, "colour", where, required=False)
            colour = DEFAULT_COLOUR if colour_value is None else colour_value
            if not isinstance(colour, str) or not _COLOUR.match(colour):
                self.fail(
                    colour_line,
                    _field("colour", where),
                    Words.of(N_("is {value}"), value=repr(colour)),
                    Words.of(N_('write a colour as "#rrggbb" in quotes, e.g. "#8fbf6a"')),
                )
            members_value, members_line = self.get(item, "provinces", where, required=False)
            members: list[str] = []
            if members_value is not None:
                seq = self.sequence(members_value, members_line, _field("provinces", where))
                for member, member_line in zip(seq, seq.item_lines, strict=True):
                    members.append(self.ident(member, member_line, _field("provinces", where)))
                self.member_lines[len(result)] = seq.item_lines
            result.append(Territory(tid, name, colour, members, line=item_line))
        return result

    def provinces(
        self, value: Any, line: int | None
    ) -> tuple[list[Province], dict[str, tuple[str, int | None]]]:
        result = []
        declared: dict[str, tuple[str, int | None]] = {}  # province -> (territory:, line)
        for item, item_line in self.items(value, line, _field("provinces")):
            where: Text = Words.of(N_("province #{n}"), n=len(result) + 1)
            pid = self.ident(*self.get(item, "id", where), _field("id", where))
            where = Words.of(N_("province '{id}'"), id=pid)
            name = self.text(*self.get(item, "name", where), _field("name", where))
            polygon = self.ring(*self.get(item, "polygon", where), _field("polygon", where))
            holes_value, holes_line = self.get(item, "holes", where, required=False)
            holes = (
                []
                if holes_value is None
                else self.rings(holes_value, holes_line, _field("holes", where))
            )
            label_value, label_line = self.get(item, "label", where, required=False)
            label = (
                None
                if label_value is None
                else self.point(label_value, label_line, _field("label", where))
            )
            territory_value, territory_line = self.get(item, "territory", where, required=False)
            if territory_value is not None:
                declared[pid] = (
                    self.ident(territory_value, territory_line, _field("territory", where)),
                    territory_line,
                )
            attrs = {k: plain(v) for k, v in item.items() if k not in PROVINCE_KEYS}
            for key in attrs:
                if not isinstance(key, str):
                    self.fail(
                        item.key_lines[key],
                        where,
                        Words.of(N_("has a field named {key}"), key=repr(key)),
                        Words.of(N_("field names are text")),
                    )
            result.append(Province(pid, name, polygon, holes, label, attrs, line=item_line))
        return result, declared

    def seas(self, value: Any, line: int | None) -> list[Sea]:
        result = []
        for item, item_line in self.items(value, line, _field("seas")):
            where: Text = Words.of(N_("sea #{n}"), n=len(result) + 1)
            self.no_unknown(item, ("id", "name", "polygons"), where)
            sid = self.ident(*self.get(item, "id", where), _field("id", where))
            where = Words.of(N_("sea '{id}'"), id=sid)
            name_value, name_line = self.get(item, "name", where, required=False)
            name = (
                sid
                if name_value is None
                else self.text(name_value, name_line, _field("name", where))
            )
            polygons = []
            for part, _ in self.items(
                *self.get(item, "polygons", where), _field("polygons", where)
            ):
                part_where = Words.of(N_("{where}: polygon {n}"), where=where, n=len(polygons) + 1)
                self.no_unknown(part, ("polygon", "holes"), part_where)
                ring = self.ring(
                    *self.get(part, "polygon", part_where), _field("polygon", part_where)
                )
                holes_value, holes_line = self.get(part, "holes", part_where, required=False)
                holes = (
                    []
                    if holes_value is None
                    else self.rings(holes_value, holes_line, _field("holes", part_where))
                )
                polygons.append(SeaPolygon(ring, holes))
            if not polygons:
                self.fail(
                    item_line,
                    _field("polygons", where),
                    Words.of(N_("is empty")),
                    Words.of(N_("give the sea a polygon")),
                )
            result.append(Sea(sid, name, polygons, line=item_line))
        return result

    def link(
        self,
        provinces: list[Province],
        territories: list[Territory],
        declared: dict[str, tuple[str, int | None]],
    ) -> None:
        """Check territory lists name real provinces; merge `territory:` on provinces."""
        ids = {p.id for p in provinces}
        listed: dict[str, str] = {}  # province -> first territory listing it
        for k, t in enumerate(territories):
            lines = self.member_lines.get(k, [])
            for i, member in enumerate(t.provinces):
                if member not in ids:
                    self.fail(
                        lines[i] if i < len(lines) else t.line,
                        _field("provinces", Words.of(N_("territory '{id}'"), id=t.id)),
                        Words.of(N_("names unknown province {id}"), id=repr(member)),
                        Words.of(
                            N_("add a province with id {id} or remove it from the list"),
                            id=repr(member),
                        ),
                    )
                listed.setdefault(member, t.id)
        by_id = {t.id: t for t in territories}
        for pid, (tid, line) in declared.items():
            where = _field("territory", Words.of(N_("province '{id}'"), id=pid))
            if tid not in by_id:
                self.fail(
                    line,
                    where,
                    Words.of(N_("names unknown territory {id}"), id=repr(tid)),
                    Words.of(N_("add a territory with id {id} under 'territories:'"), id=repr(tid)),
                )
            if pid not in listed:
                by_id[tid].provinces.append(pid)
            elif listed[pid] != tid and pid not in by_id[tid].provinces:
                self.fail(
                    line,
                    where,
                    Words.of(
                        N_("says {id} but territory {other} lists this province"),
                        id=repr(tid),
                        other=repr(listed[pid]),
                    ),
                    Words.of(N_("keep one of the two (membership lists are the canonical form)")),
                )


def _kind(value: Any) -> Text:
    if value is None:
        return Words.of(N_("empty"))
    if isinstance(value, bool):
        return Words.of(N_("a yes/no value ({value})"), value=str(value).lower())
    if isinstance(value, int | float):
        return Words.of(N_("a number ({value})"), value=value)
    if isinstance(value, str):
        return Words.of(N_("the text {value}"), value=repr(value))
    if isinstance(value, list):
        return Words.of(N_("a list"))
    if isinstance(value, dict):
        return Words.of(N_("a mapping"))
    return type(value).__name__


THE_MAP = Words.of(N_("the map"))


def _field(name: str, where: Text | None = None) -> Words:
    """ "field 'name'", or "province 'A': field 'name'" with the place it is in."""
    if where is None:
        return Words.of(N_("field '{name}'"), name=name)
    return Words.of(N_("{where}: field '{name}'"), where=where, name=name)


def parse_map(text: str, file: str = "<map>") -> MapFile:
    """The map in YAML `text`; `file` names it in error messages."""
    check_events(text, file)
    try:
        root = yaml.load(text, Loader=LineLoader)  # a SafeLoader: builds no Python objects
    except DuplicateKey as exc:
        raise MapError(
            Words.of(N_("repeats the key {key}"), key=repr(exc.key)),
            file=file,
            line=exc.line,
            field=Words.of(N_("a mapping")),
            fix=Words.of(N_("each key may appear once per mapping")),
        ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = " ".join(p for p in (exc.context, exc.problem) if p)
        raise MapError(
            Words.of(N_("is not valid YAML: {problem}"), problem=problem),
            file=file,
            line=line,
            field=THE_FILE,
            fix=Words.of(N_("check indentation, colons and brackets on that line")),
        ) from None
    except BadValue as exc:
        raise MapError(
            exc.problem,
            file=file,
            line=exc.line,
            fix=Words.of(N_("write a plain number or text there")),
        ) from None
    except yaml.YAMLError as exc:
        raise MapError(
            Words.of(N_("is not valid YAML: {problem}"), problem=str(exc)),
            file=file,
            field=THE_FILE,
        ) from None
    except RecursionError:  # nesting the depth check let through: never expected
        raise MapError(Words.of(N_("is nested too deeply")), file=file, field=THE_FILE) from None
    return _Reader(file).read(root)


def read_map_text(path: str | os.PathLike[str]) -> str:
    """The UTF-8 text of the map file at `path`: a plain file of at most `MAX_MAP_BYTES`.

    Raises `MapError` naming the file for a missing, unreadable, oversized, non-plain
    (folder, FIFO) or non-UTF-8 file.
    """
    return read_file_text(path, MAX_MAP_BYTES, Words.of(N_("map file (.yaml)")))


def read_file_text(path: str | os.PathLike[str], limit: int, what: Words) -> str:
    """The UTF-8 text of the plain file at `path` of at most `limit` bytes, `what` naming
    its kind; the file's problems (missing, unreadable, too large, not text) as `MapError`s
    naming it, for the map files and the files maps are made from (GeoJSON)."""
    file = str(path)
    try:
        return read_text(path, limit, what)
    except FileContentError as exc:
        raise MapError(exc.problem, file=file, fix=exc.fix) from None
    except FileNotFoundError:
        raise MapError(
            Words.of(N_("does not exist")), file=file, fix=Words.of(N_("check the path"))
        ) from None
    except OSError as exc:
        raise MapError(
            Words.of(N_("cannot be read ({reason})"), reason=str(exc.strerror or exc)),
            file=file,
            fix=Words.of(N_("check that the file exists and that you may read it")),
        ) from None


def read_map_header(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The top-level values of a map file above its shapes (id, name, game, attributes),
    read with the same care as `load_map` (raises `MapError`) but without the polygons."""
    text = read_map_text(path)
    cut = re.search(r"^(territories|provinces|seas):", text, re.MULTILINE)
    head = text[: cut.start()] if cut else text
    check_events(head, str(path))
    try:
        header = yaml.load(head, Loader=LineLoader)
    except (BadValue, DuplicateKey, yaml.YAMLError, RecursionError):
        raise MapError(Words.of(N_("is not valid YAML")), file=str(path), field=THE_FILE) from None
    return plain(header) if isinstance(header, dict) else {}


def load_map(path: str | os.PathLike[str]) -> MapFile:
    """Load and structurally check the map file at `path` (raises MapError).

    The one loader of map files: the editor, the app, `daimyo map ...`, printing and saves
    all read maps through it.
    """
    target = Path(path)
    mapfile = parse_map(read_map_text(target), str(path))
    mapfile.path = target
    return mapfile
