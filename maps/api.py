"""The public face of `maps/`: load, save, shipped maps and the game graph.

Other packages use these names; the work is done in `maps.io` and `maps.write` (the file format)
and `maps.geometry` (shapely).
"""

from __future__ import annotations

import os
from pathlib import Path

from engine.graph import MapGraph
from maps.errors import MapError
from maps.io import load_map, parse_map
from maps.mapfile import MapFile, Province, Sea, SeaPolygon, Territory
from maps.write import dump_map, save_map

__all__ = [
    "MapError",
    "MapFile",
    "Province",
    "Sea",
    "SeaPolygon",
    "Territory",
    "dump_map",
    "load_graph",
    "load_map",
    "parse_map",
    "resolve_map",
    "save_map",
    "shipped_map_path",
    "shipped_maps",
]

DATA_DIR = Path(__file__).resolve().parent / "data"

# (resolved path, mtime_ns, size) -> graph: games and arenas load the same map often.
_GRAPH_CACHE: dict[tuple[str, int, int], MapGraph] = {}


def shipped_maps() -> list[str]:
    """Ids of the maps shipped with Daimyo (maps/data/<id>.yaml), sorted."""
    # dot files are never maps: editor autosaves (.NAME.autosave.yaml), temp files of writes
    return sorted(p.stem for p in DATA_DIR.glob("*.yaml") if not p.name.startswith("."))


def shipped_map_path(map_id: str) -> Path:
    """The file of the shipped map `map_id` (MapError if there is none)."""
    path = DATA_DIR / f"{map_id}.yaml"
    if not path.is_file():
        known = ", ".join(shipped_maps()) or "none"
        raise MapError(
            f"no shipped map {map_id!r}",
            fix=f"shipped maps are: {known}; or give a path to a .yaml file",
        )
    return path


def resolve_map(path_or_id: str | os.PathLike[str]) -> Path:
    """A map file path from a path, or from the id of a shipped map."""
    path = Path(path_or_id)
    if path.exists() or path.suffix or os.sep in str(path_or_id) or "/" in str(path_or_id):
        return path
    return shipped_map_path(str(path_or_id))


def load_graph(path_or_id: str | os.PathLike[str]) -> MapGraph:
    """The game graph of a map file, or of a shipped map given by id.

    Loading checks the file's structure; it does not run `maps.validate` (use
    `daimyo map check`), so a map with, say, an unreachable province still loads.
    """
    from maps.geometry import derive  # shapely is loaded only when a graph is needed

    path = resolve_map(path_or_id)
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise MapError("does not exist", file=str(path), fix="check the path") from None
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    graph = _GRAPH_CACHE.get(key)
    if graph is None:
        graph = derive(load_map(path)).graph
        _GRAPH_CACHE[key] = graph
    return graph
