"""Map files parsed once per run: the derived geometry (and its graph) by file version."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

_CACHE: dict[tuple[str, int, int], Any] = {}
KEPT = 3
"""Maps kept parsed, the most recently used: games on two maps in turn reuse both (one
kept map parsed each again, and each parse made the engine a new board to keep)."""
_LOCK = threading.Lock()  # a game start waits for a preload of the same map, no second parse


def _key(path: Path) -> tuple[str, int, int]:
    stat = path.stat()
    return (str(path.resolve()), stat.st_mtime_ns, stat.st_size)


def map_geometry(path: Path) -> Any:
    """`maps.geometry.derive(load_map(path))`, cached while the file is unchanged.

    The game's graph and the board's drawing come from the same parse, so a game start
    reads the YAML once. Raises `maps.api.MapError` or `OSError` like `load_map`.
    """
    from maps.api import load_map
    from maps.geometry import derive

    key = _key(path)
    with _LOCK:
        geometry = _CACHE.pop(key, None)
        if geometry is None:
            geometry = derive(load_map(path))
        _CACHE[key] = geometry  # the most recently used last
        while len(_CACHE) > KEPT:  # the least recently used goes: memory stays flat
            del _CACHE[next(iter(_CACHE))]
    return geometry


_ISSUES: dict[tuple[str, int, int], tuple[Any, ...]] = {}


def map_issues(path: Path) -> tuple[Any, ...]:
    """`maps.validate.validate` of the map at `path` (its `ValidationIssue`s), cached while
    the file is unchanged: a game is started only on a map that `maps.verdict` finds ready,
    and that verdict counts the map's own errors."""
    from maps.validate import validate

    key = _key(path)
    with _LOCK:
        issues = _ISSUES.get(key)
    if issues is None:
        issues = tuple(validate(map_geometry(path).mapfile))
        with _LOCK:
            _ISSUES[key] = issues
            while len(_ISSUES) > KEPT:
                del _ISSUES[next(iter(_ISSUES))]
    return issues


def preload(path: Path) -> threading.Thread:
    """Parse a map in a background thread, so that the first game on it starts at once.

    A broken or missing file is left for the game start to report with its message. The
    geometry (numpy, shapely) is imported here, on the caller's thread: a module imported by
    two threads at once can be seen half made (numpy's compiled core then fails to load).
    """
    import maps.geometry  # noqa: F401 - see above; `app.startup` has usually done it already

    def run() -> None:
        try:
            map_geometry(path)
        except (OSError, ValueError):  # MapError is a ValueError; reported at game start
            pass

    thread = threading.Thread(target=run, name="daimyo-preload", daemon=True)
    thread.start()
    return thread


def map_file(path: Path) -> Any:
    """The parsed `MapFile` of `path`: the cached one when a game has read it already.

    Unlike `map_geometry` it derives nothing, so a map whose geometry is broken still
    loads (printing shows such a map with a warning). Raises like `load_map`.
    """
    from maps.api import load_map

    geometry = _CACHE.get(_key(path))
    return geometry.mapfile if geometry is not None else load_map(path)
