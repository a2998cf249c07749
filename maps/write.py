"""Writing a `MapFile` as the canonical text of a map file (YAML, format 1).

One canonical text: fixed key order, rings in flow style on one line, game attributes
sorted by name, integral coordinates written as integers. Loading (`maps.io`) and saving
it again gives the same text byte for byte.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Any

import yaml

from engine.files import atomic_write_text
from maps.mapfile import FORMAT_VERSION, MapFile, Point, Ring

# The writer emits the canonical text itself (PyYAML's pure-Python emitter takes
# seconds on a 5,000-province map, and the graph hash needs this text each time).
# Scalars that could be misread are written by PyYAML, which quotes them.

_PLAIN = re.compile(r"^[^\W\d][\w .'()/-]*$")
_RESOLVER = yaml.resolver.Resolver()


@lru_cache(maxsize=4096)
def _quoted(value: str) -> str:
    return (
        yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1_000_000)
        .removesuffix("\n...\n")
        .rstrip("\n")
    )


def _text(value: str) -> str:
    """A string as a YAML scalar: plain when that reads back as the same string."""
    if (
        _PLAIN.match(value)
        and value == value.rstrip()
        and " #" not in value
        and _RESOLVER.resolve(yaml.ScalarNode, value, (True, False)) == "tag:yaml.org,2002:str"
    ):
        return value
    return _quoted(value)


def _num(x: float) -> str:
    """Integral values as ints (10, not 10.0); others as the shortest float."""
    if isinstance(x, int) and not isinstance(x, bool):
        return str(x)
    if float(x).is_integer() and abs(x) < 2**53:
        return str(int(x))
    text = repr(float(x))
    if "e" in text and "." not in text:
        text = text.replace("e", ".0e")  # YAML 1.1 floats need a dot
    return text


def _pt(p: Point) -> str:
    return f"[{_num(p[0])}, {_num(p[1])}]"


def _ring(ring: Ring) -> str:
    return "[" + ", ".join(_pt(p) for p in ring) + "]"


def _value(value: Any) -> str:
    """An attribute value on one line (mappings sorted by key)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _num(value)
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, dict):
        items = ", ".join(f"{_text(str(k))}: {_value(value[k])}" for k in sorted(value, key=str))
        return "{" + items + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return _quoted(str(value))


def dump_map(mapfile: MapFile) -> str:
    """The canonical YAML text of `mapfile`."""
    out = [
        f"format: {FORMAT_VERSION}",
        f"id: {_text(mapfile.id)}",
        f"name: {_text(mapfile.name)}",
        f"size: {{width_mm: {_num(mapfile.width_mm)}, height_mm: {_num(mapfile.height_mm)}}}",
        "extent: [" + ", ".join(_num(v) for v in mapfile.extent) + "]",
        f"game: {_text(mapfile.game)}",
    ]
    if mapfile.min_border_length is not None:
        out.append(f"min_border_length: {_num(mapfile.min_border_length)}")
    if mapfile.attributes:
        out.append("attributes:")
        out.extend(
            f"  {_text(str(k))}: {_value(mapfile.attributes[k])}"
            for k in sorted(mapfile.attributes, key=str)
        )
    out.append("territories:" if mapfile.territories else "territories: []")
    for t in mapfile.territories:
        out.append(f"  - id: {_text(t.id)}")
        out.append(f"    name: {_text(t.name)}")
        out.append(f"    colour: {_text(t.colour)}")
        out.append("    provinces: [" + ", ".join(_text(m) for m in t.provinces) + "]")
    out.append("provinces:" if mapfile.provinces else "provinces: []")
    for p in mapfile.provinces:
        out.append(f"  - id: {_text(p.id)}")
        out.append(f"    name: {_text(p.name)}")
        out.append(f"    polygon: {_ring(p.polygon)}")
        if p.holes:
            out.append("    holes: [" + ", ".join(_ring(h) for h in p.holes) + "]")
        if p.label is not None:
            out.append(f"    label: {_pt(p.label)}")
        out.extend(f"    {_text(str(k))}: {_value(p.attrs[k])}" for k in sorted(p.attrs))
    out.append("seas:" if mapfile.seas else "seas: []")
    for s in mapfile.seas:
        out.append(f"  - id: {_text(s.id)}")
        out.append(f"    name: {_text(s.name)}")
        out.append("    polygons:")
        for part in s.polygons:
            out.append(f"      - polygon: {_ring(part.polygon)}")
            if part.holes:
                out.append("        holes: [" + ", ".join(_ring(h) for h in part.holes) + "]")
    return "\n".join(out) + "\n"


def save_map(mapfile: MapFile, path: str | os.PathLike[str]) -> None:
    """Write `mapfile` as canonical YAML to `path`, atomically."""
    atomic_write_text(path, dump_map(mapfile))
