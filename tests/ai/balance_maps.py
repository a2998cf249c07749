"""A tiny Battle for Rokugan map with a known asymmetry, for balance playtests.

Nine provinces on a mainland (a 3×3 grid, one Shadowlands corner) and one small island
far out at sea. One clan's capital is on the mainland's centre (6 flowers, printed
defense 3); the other clan's capital is the island: cut off from every land border, no
flowers, no defense, in a territory whose other provinces are on the mainland. The
island's clan should lose most games, whichever clan it is.
"""

from __future__ import annotations

from maps.mapfile import MapFile, Province, Sea, SeaPolygon, Territory


def _square(x: float, y: float, side: float = 10.0) -> list[tuple[float, float]]:
    return [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]


def cut_off_map(cut_off: str = "crab", rich: str = "crane") -> MapFile:
    """The map with `cut_off`'s capital on the island and `rich`'s on the mainland."""
    provinces = []
    for r in range(3):
        for c in range(3):
            attrs = {"flowers": 1 + (r + c) % 3}
            ring = _square(10 + 10 * c, 10 + 10 * r)
            provinces.append(Province(f"m{r}{c}", f"Main {r}{c}", ring, [], None, attrs))
    provinces[4].attrs.update(capital=rich, defense=3, flowers=6)
    provinces[8].attrs = {"shadowlands": True, "flowers": 0, "defense": 1}
    provinces.append(
        Province("isle", "Far Isle", _square(70, 20), [], None, {"capital": cut_off, "flowers": 0})
    )
    territories = [
        Territory("north", "North Lands", "#dde7f2", ["m00", "m01", "m02"]),
        Territory("middle", "Middle Lands", "#e4c867", ["m10", "m11", "m12", "isle"]),
        Territory("south", "South Lands", "#bf9550", ["m20", "m21"]),
        Territory("shadowlands_south", "Shadowlands", "#4f4a5c", ["m22"]),
    ]
    sea = Sea(
        "sea",
        "Sea",
        [
            SeaPolygon(
                [(0, 0), (100, 0), (100, 60), (0, 60)], [_square(10, 10, 30), _square(70, 20)]
            )
        ],
    )
    return MapFile(
        "cut-off", "Cut Off", 200, 120, (0, 0, 100, 60), provinces, territories, [sea], "rokugan"
    )
