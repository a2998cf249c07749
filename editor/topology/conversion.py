"""A `maps.mapfile.MapFile` as the format-1 map dict `TopoModel.from_dict` reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def extent_scale(extent: Any) -> float:
    """The larger side of a map dict's extent (1.0 without one)."""
    if extent and len(extent) == 4:
        return max(float(extent[2]) - float(extent[0]), float(extent[3]) - float(extent[1]), 1.0)
    return 1.0


def mapfile_to_dict(mapfile: Any) -> dict[str, Any]:
    """The format-1 dict of a `maps.mapfile.MapFile` (keys in the file's canonical order)."""
    if isinstance(mapfile, Mapping):
        return dict(mapfile)

    def ring(points: Sequence[Sequence[float]]) -> list[list[float]]:
        return [[_exact(p[0]), _exact(p[1])] for p in points]

    provinces = []
    for p in mapfile.provinces:
        entry: dict[str, Any] = {"id": p.id, "name": p.name, "polygon": ring(p.polygon)}
        if p.holes:
            entry["holes"] = [ring(h) for h in p.holes]
        if p.label is not None:
            entry["label"] = [_exact(p.label[0]), _exact(p.label[1])]
        entry.update({k: p.attrs[k] for k in sorted(p.attrs)})
        provinces.append(entry)
    return {
        "format": 1,
        "id": mapfile.id,
        "name": mapfile.name,
        "size": {"width_mm": _exact(mapfile.width_mm), "height_mm": _exact(mapfile.height_mm)},
        "extent": [_exact(v) for v in mapfile.extent],
        "game": mapfile.game,
        **({"min_border_length": mapfile.min_border_length} if mapfile.min_border_length else {}),
        "attributes": dict(mapfile.attributes),
        "territories": [
            {"id": t.id, "name": t.name, "colour": t.colour, "provinces": list(t.provinces)}
            for t in mapfile.territories
        ],
        "provinces": provinces,
        "seas": [
            {
                "id": s.id,
                "name": s.name,
                "polygons": [
                    {"polygon": ring(part.polygon), "holes": [ring(h) for h in part.holes]}
                    for part in s.polygons
                ],
            }
            for s in mapfile.seas
        ],
    }


def _exact(v: float) -> float:
    """Integral floats as ints, as the map file writes them; other values unchanged."""
    return int(v) if isinstance(v, float) and v.is_integer() and abs(v) < 2**53 else v
