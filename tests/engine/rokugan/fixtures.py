"""Test fixtures for the Rokugan engine: the published board as a `MapGraph`, built
straight from ../shared/rules/rokugan-map.json (no maps/ package, no shapely), and a
small textual position builder."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from engine.graph import MapGraph, ProvinceInfo, TerritoryInfo

RULES = Path(__file__).resolve().parents[4] / "shared" / "rules"
MAP_JSON = RULES / "rokugan-map.json"

CLAN_TERRITORIES = {"crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"}


@cache
def rokugan_graph() -> MapGraph:
    """The published Rokugan topology; each coastal province has one coastal border "ID~0"."""
    text = MAP_JSON.read_text(encoding="utf-8")
    data = json.loads(text)
    provinces = []
    territories: dict[str, list[str]] = {}
    for p in data["provinces"]:
        terr = p["territory"]
        territories.setdefault(terr, []).append(p["id"])
        attrs = {"flowers": p["flowers"], "defense": p["printed_defense"]}
        if p["capital"]:
            attrs["capital"] = terr
        if terr.startswith("shadowlands"):
            attrs["shadowlands"] = True
        provinces.append(
            ProvinceInfo(
                id=p["id"],
                name=p["id"].title(),
                territory=terr,
                neighbors=tuple(p["adj"]),
                coastal_borders=(f"{p['id']}~0",) if p["coastal"] else (),
                attrs=attrs,
            )
        )
    terrs = tuple(
        TerritoryInfo(id=t, name=t.replace("_", " ").title(), colour="#888888", provinces=tuple(m))
        for t, m in territories.items()
    )
    return MapGraph(
        id="rokugan",
        name="Rokugan (test fixture)",
        hash=hashlib.sha256(text.encode()).hexdigest(),
        provinces=tuple(provinces),
        territories=terrs,
    )


def graph_for(map_id: str) -> MapGraph:
    """The `graph_for` lookup `engine.saves.load_game` needs."""
    assert map_id == "rokugan", map_id
    return rokugan_graph()
