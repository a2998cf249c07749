"""Who is who at a glance: the player colours and marks of the three games, one place.

Every colour a player is told apart by comes from here, for the screen and for print. The
colours of one game are pairwise at least `MIN_DELTA_E` apart (CIEDE2000) in normal vision
and under simulated deuteranopia and protanopia (Machado, Oliveira and Fernandes 2009,
severity 1), so no two clans look alike to about one person in twelve either; tests check
it with the maths below. Marks are two-letter codes, never the same for two players of a
game, so a token says whose it is without its colour (in print, in grey, at a glance).

Plain Python (hex strings): Qt code turns them into QColor, the PDF kit uses them as they are.
The palettes were found by a constrained search that keeps each clan's traditional hue
(Crab blue, Crane sky, Dragon green, Lion gold, Phoenix orange, Scorpion red, Unicorn
purple) and moves lightness and saturation until every pair is far enough apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

MIN_DELTA_E = 20.0
"""The least CIEDE2000 difference between two players' colours of one game, in every vision."""


@dataclass(frozen=True, slots=True)
class Identity:
    """How one player shows: fill colour, ink for text on it, a two-letter mark, a name."""

    name: str
    colour: str
    ink: str
    mark: str


NEUTRAL = "#d8d0b8"
"""A province nobody controls: the paper colour, neither a player's nor a territory's."""


# --- colour maths -----------------------------------------------------------------------


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """(r, g, b) 0-255 of "#rrggbb"."""
    text = colour.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def _to_linear(channel: float) -> float:
    c = channel / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(linear: float) -> float:
    c = min(1.0, max(0.0, linear))
    return 255.0 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


# Machado et al. (2009), severity 1.0, applied to linear RGB.
_CVD_MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}
VISIONS = ("normal", "deuteranopia", "protanopia")


def simulate(colour: str, vision: str) -> tuple[float, float, float]:
    """The sRGB (0-255 floats) a person with `vision` sees for `colour`."""
    rgb = hex_rgb(colour)
    if vision == "normal":
        return float(rgb[0]), float(rgb[1]), float(rgb[2])
    matrix = _CVD_MATRICES[vision]
    linear = [_to_linear(c) for c in rgb]
    out = [sum(matrix[i][j] * linear[j] for j in range(3)) for i in range(3)]
    return _to_srgb(out[0]), _to_srgb(out[1]), _to_srgb(out[2])


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour given as 0-255 channels."""
    r, g, b = (_to_linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e_2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), kL = kC = kH = 1."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh_angle = 0.0
    else:
        dh_angle = h2p - h1p
        if dh_angle > 180:
            dh_angle -= 360
        elif dh_angle < -180:
            dh_angle += 360
    dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh_angle / 2))
    l_bar = (l1 + l2) / 2
    cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh / s_h) ** 2 + r_t * (dc / s_c) * (dh / s_h)
    )


def difference(colour1: str, colour2: str, vision: str = "normal") -> float:
    """CIEDE2000 between two "#rrggbb" colours as a person with `vision` sees them."""
    return delta_e_2000(lab(simulate(colour1, vision)), lab(simulate(colour2, vision)))


def closest_pair(colours: dict[str, str]) -> tuple[float, str, str, str]:
    """(ΔE, first, second, vision) of the two colours that are hardest to tell apart."""
    return min(
        (difference(colours[a], colours[b], vision), a, b, vision)
        for vision in VISIONS
        for a, b in combinations(colours, 2)
    )


def relative_luminance(colour: str) -> float:
    """WCAG relative luminance, 0 (black) to 1 (white)."""
    r, g, b = (_to_linear(c) for c in hex_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(colour1: str, colour2: str) -> float:
    """WCAG contrast ratio, 1 to 21."""
    lum = sorted((relative_luminance(colour1), relative_luminance(colour2)), reverse=True)
    return (lum[0] + 0.05) / (lum[1] + 0.05)


def readable_ink(colour: str) -> str:
    """White or black, whichever reads better on `colour` (WCAG contrast)."""
    light, dark = "#ffffff", "#000000"
    return light if contrast_ratio(colour, light) >= contrast_ratio(colour, dark) else dark


def contrast_seen(colour1: str, colour2: str, vision: str = "normal") -> float:
    """WCAG contrast ratio between two colours as a person with `vision` sees them."""

    def hexed(colour: str) -> str:
        return "#" + "".join(f"{round(c):02x}" for c in simulate(colour, vision))

    return contrast_ratio(hexed(colour1), hexed(colour2))


# --- marks on a board -------------------------------------------------------------------

LIT_CORE = "#ffe84a"
"""A lit place's disc (where a token may go): bright gold, the "lit" of the prompts."""
LIT_RING = "#15110a"
"""The near-black ring round a lit place's disc."""
LIT_HALO = "#ffffff"
"""The white halo outside the ring: on any fill, the ring or the halo stands out (for
every colour one of black and white contrasts 4.5:1 or more), in every vision."""
LAST_MOVE = "#ffffff"
"""A seat's last move: a dashed white ring over a dark rim, never a player's colour (a
band of a clan's colour reads as the clan owning the place)."""
FLASH = "#ff3d00"
"""The places of a clicked log line, flashed for a moment."""
KEY_FOCUS = "#1e88e5"
"""The place the keyboard is on (arrow keys), before Enter or Space picks it."""


# --- the palettes -----------------------------------------------------------------------


def _identity(name: str, colour: str, mark: str) -> Identity:
    return Identity(name, colour, readable_ink(colour), mark)


ROKUGAN_CLANS = {
    "crab": _identity("Crab", "#1c304d", "CB"),
    "crane": _identity("Crane", "#8bd6e8", "CR"),
    "dragon": _identity("Dragon", "#61a186", "DR"),
    "lion": _identity("Lion", "#ffcc00", "LI"),
    "phoenix": _identity("Phoenix", "#cd6108", "PH"),
    "scorpion": _identity("Scorpion", "#93242b", "SC"),
    "unicorn": _identity("Unicorn", "#9c4bbd", "UN"),
}
"""Battle for Rokugan's seven clans by the engine's clan id."""

RICEWARS_COLOURS = {
    "red": _identity("Red", "#c22e20", "RD"),
    "yellow": _identity("Yellow", "#e6b800", "YE"),
    "black": _identity("Black", "#2b2b2b", "BK"),
    "green": _identity("Green", "#509b82", "GR"),
    "blue": _identity("Blue", "#2b6fba", "BL"),
}
"""Rice Wars' daimyo colours by the engine's colour id ("red"...)."""

RICEWARS_PADDY = "#d3e6b2"
"""A Rice Wars field nobody holds: pale paddy green."""
RICEWARS_BLESSED = "#fbe8ab"
"""A blessed field nobody holds: pale gold."""
RICEWARS_FIELDS = {
    "red": "#a9231a",
    "yellow": "#b69400",
    "black": "#242a2e",
    "green": "#529b8a",
    "blue": "#2b6fba",
}
"""The fill of a field a daimyo holds, by colour id: the daimyo's colour, a little deeper
where that keeps it apart. Every two of these and each of them against the two free fields
(`RICEWARS_PADDY`, `RICEWARS_BLESSED`) are at least `MIN_DELTA_E` apart in every vision
(the closest: red against black under protanopia, 22.8). Found by a constrained search
from the daimyo colours and the earlier paddy and gold, hues kept within 12°: a lighter
tint of the colours over the paddy (as the board drew before) cannot get there, its
yellow stays within 10 of the gold of a blessed field for everyone."""

RICEWARS_LIT = ("#15120d", "#fff176")
"""The rim of a field that may be clicked: a dark line under a bright one, so one of the
two stands out on every fill (`RICEWARS_FIELDS`, the paddy, the blessed gold)."""

SHINOBI_CLANS = (
    _identity("Go-Hōjō", "#246d9f", "GH"),
    _identity("Mōri", "#16a180", "MO"),
    _identity("Oda", "#d25609", "OD"),
    _identity("Takeda", "#f1e344", "TK"),
    _identity("Uesugi", "#ff99df", "UE"),
)
"""Shinobi's five clans in the engine's clan order (Go-Hōjō, Mōri, Oda, Takeda, Uesugi)."""

SHINOBI_SEATS = ("#5a3317", "#7e8184", "#030204", "#827717", "#7a2667")
"""Shinobi's seats by seat (the clans are secret, so a seat has a colour of its own): muted
tones, brown, grey, black, olive and plum, at least `MIN_DELTA_E` apart in every vision,
15 or more from every clan colour in normal vision (a seat's colour hints at no clan) and
3:1 or more against the table's light panels (its last move is ringed in it). Found by a
constrained search that kept the earlier tones as near as that allows."""


def rokugan_clan(clan: str) -> Identity:
    """The identity of a Rokugan clan id; a grey stranger for an unknown one."""
    return ROKUGAN_CLANS.get(clan) or _identity(clan.title() or "?", "#777777", "??")
