"""Small hand-made Battle for Rokugan maps as graphs (no shapely), for map-deal and
map-requirement tests."""

from __future__ import annotations

import random

from engine.graph import MapGraph, ProvinceInfo, TerritoryInfo
from engine.rokugan.data import CLANS


def custom_map(
    map_id: str,
    members: dict[str, tuple[str, ...]],
    edges: list[tuple[str, str]],
    attrs: dict[str, dict],
    coast: set[str],
) -> MapGraph:
    """A graph from territories, land borders, attributes (default: 1 flower), coasts."""
    territory_of = {p: t for t, ps in members.items() for p in ps}
    provinces = tuple(
        ProvinceInfo(
            p,
            p,
            territory_of[p],
            tuple(sorted({b for a, b in edges if a == p} | {a for a, b in edges if b == p})),
            (f"{p}~0",) if p in coast else (),
            attrs.get(p, {"flowers": 1}),
        )
        for p in territory_of
    )
    territories = tuple(TerritoryInfo(t, t.title(), "#888888", ps) for t, ps in members.items())
    return MapGraph(map_id, map_id.title(), map_id * 8, provinces, territories)


def vale() -> MapGraph:
    """A small custom map (9 provinces, 5 territories; ids other than the published ones).

    north [N1 crab capital, N2, N3] - crane [C1, C2] - south [S1 lion capital, S2], with
    waste [W1, Shadowlands] off N3 and shadowlands_north [X1, not Shadowlands] off S2;
    the chain N1-N2-N3-C1-C2-S1 touches 3 territories; N1 and S2 are coastal.
    """
    edges = [
        ("N1", "N2"),
        ("N2", "N3"),
        ("N3", "C1"),
        ("C1", "C2"),
        ("C2", "S1"),
        ("S1", "S2"),
        ("N3", "W1"),
        ("S2", "X1"),
    ]
    members = {
        "north": ("N1", "N2", "N3"),
        "crane": ("C1", "C2"),
        "south": ("S1", "S2"),
        "waste": ("W1",),
        "shadowlands_north": ("X1",),
    }
    attrs = {
        "N1": {"capital": "crab", "flowers": 2, "defense": 2},
        "S1": {"capital": "lion", "flowers": 2, "defense": 2},
        "W1": {"shadowlands": True, "defense": 1},
    }
    coast = {"N1", "S2"}
    return custom_map("vale", members, edges, attrs, coast)


def random_map(seed: int) -> MapGraph:
    """A path-and-extra-edges map of 3-8 provinces with random territories, capitals,
    Shadowlands and coasts (seeded, so a failure names its map)."""
    rng = random.Random(seed)
    n = rng.randint(3, 8)
    ids = [f"P{i}" for i in range(n)]
    edges = [(ids[i], ids[i + 1]) for i in range(n - 1)]
    for _ in range(rng.randint(0, n)):
        a, b = rng.sample(range(n), 2)
        if abs(a - b) > 1:
            edges.append((ids[a], ids[b]))
    territory_names = ["crab", "t1", "t2", "t3", "t4", "t5", "shadowlands_south", "gold_neutral"]
    members: dict[str, list[str]] = {}
    one_each = rng.random() < 0.25  # sometimes a territory per province (Web of Influence)
    for i, p in enumerate(ids):
        members.setdefault(f"own{i}" if one_each else rng.choice(territory_names), []).append(p)
    attrs: dict[str, dict] = {p: {"flowers": 1} for p in ids}
    for clan, p in zip(rng.sample(CLANS, rng.randint(0, 3)), rng.sample(ids, n), strict=False):
        attrs[p]["capital"] = clan
    for p in rng.sample(ids, rng.randint(0, 2)):
        attrs[p]["shadowlands"] = True
    coast = set(rng.sample(ids, rng.randint(0, n)))
    return custom_map(f"m{seed}", {t: tuple(m) for t, m in members.items()}, edges, attrs, coast)
