"""One-click fixes for validation issues, where a fix is safe (no Qt).

`fix_for(issue, topo)` names the `TopoMap` operation that repairs a `maps.validate` issue, or
None when a person has to decide. Safe means: the fix only snaps geometry that is already within
the near-miss tolerance, drops repeated vertices, or moves a label inside its province.
"""

from __future__ import annotations

from typing import Any

from editor.topology import PROVINCE, TopoMap

try:  # the tolerance constant lives with the geometry rules
    from maps.geometry import NEAR_MISS
except ImportError:  # pragma: no cover - maps/ not built yet
    NEAR_MISS = 0.002

Fix = tuple[str, str, tuple[Any, ...]]  # (button text, TopoMap operation, arguments)


def near_miss_tolerance(topo: TopoMap) -> float:
    """The near-miss distance of this map, in map units (as maps.geometry computes it)."""
    return NEAR_MISS * topo.scale()


def has_duplicate_vertices(topo: TopoMap) -> bool:
    """True when some ring repeats a vertex or two consecutive corners coincide."""
    for _, face in topo.faces():
        for ring in face.rings():
            for i, vid in enumerate(ring):
                prev = ring[i - 1]
                if vid == prev or topo.vertices[vid] == topo.vertices[prev]:
                    return True
    return False


def fix_for(issue: Any, topo: TopoMap) -> Fix | None:
    """The safe fix of a validation issue, or None."""
    code = issue.code
    if code in ("near_miss", "near_miss_sea", "overlap", "sea_overlap"):
        if code in ("overlap", "sea_overlap") and not _is_sliver(issue, topo):
            return None
        return ("snap near misses", "fix_near_misses", (near_miss_tolerance(topo),))
    if code == "invalid_ring" and has_duplicate_vertices(topo):
        return ("drop duplicate vertices", "drop_duplicate_vertices", ())
    if code == "label_outside" and issue.provinces:
        pid = issue.provinces[0]
        if pid in topo.provinces:
            pt = topo.polygon((PROVINCE, pid, 0)).representative_point()
            label = [round(pt.x, 2), round(pt.y, 2)]
            return ("move label inside", "update_province", (pid, None, {"label": label}))
    return None


def _is_sliver(issue: Any, topo: TopoMap) -> bool:
    """An overlap thin enough to be a near miss: its area is below tolerance x its extent."""
    import re

    match = re.search(r"overlap(?:s the sea)?: ([0-9.eE+-]+) square units", issue.message)
    if match is None:
        return False
    area = float(match.group(1))
    tol = near_miss_tolerance(topo)
    return area <= tol * topo.scale() * 0.5
