"""The player colours of every game can be told apart by everyone, and marks never repeat."""

from __future__ import annotations

import pytest

from app import palette
from engine.ricewars.data import COLOURS
from engine.rokugan.data import CLANS
from engine.shinobi.cards import CLAN_NAMES

# Sharma, Wu and Dalal (2005), Table 1: (L1, a1, b1, L2, a2, b2, ΔE00), a selection that
# covers the hue wrap-around, neutral greys and the blue-region rotation term.
SHARMA_PAIRS = [
    (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
    (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
    (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
    (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
    (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
    (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
    (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
    (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
    (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
]


@pytest.mark.parametrize("pair", SHARMA_PAIRS)
def test_ciede2000_matches_the_published_test_data(pair) -> None:
    lab1, lab2, expected = pair[0:3], pair[3:6], pair[6]
    assert palette.delta_e_2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert palette.delta_e_2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_simulated_dichromacy_merges_red_and_green_but_keeps_blue_and_yellow() -> None:
    # Given a pure red and a green of similar lightness, and a blue and a yellow
    red, green = "#d62728", "#6f8f00"
    # Then a deuteranope and a protanope see red and green far closer than normal vision
    normal = palette.difference(red, green)
    for vision in ("deuteranopia", "protanopia"):
        assert palette.difference(red, green, vision) < normal / 2
        # and blue vs yellow stays far apart
        assert palette.difference("#1f4fd6", "#f0d000", vision) > 40


def _games() -> dict[str, dict[str, str]]:
    return {
        "rokugan": {c: palette.ROKUGAN_CLANS[c].colour for c in CLANS},
        "ricewars": {c: palette.RICEWARS_COLOURS[c].colour for c in COLOURS},
        "shinobi": {n: i.colour for n, i in zip(CLAN_NAMES, palette.SHINOBI_CLANS, strict=True)},
        "shinobi seats": {f"Player {p + 1}": c for p, c in enumerate(palette.SHINOBI_SEATS)},
    }


GAMES = ["rokugan", "ricewars", "shinobi", "shinobi seats"]


@pytest.mark.parametrize("game", GAMES)
def test_every_two_players_of_a_game_differ_by_delta_e_20_in_every_vision(game: str) -> None:
    colours = _games()[game]
    worst, first, second, vision = palette.closest_pair(colours)
    assert worst >= palette.MIN_DELTA_E, f"{first} and {second} look alike in {vision}"


@pytest.mark.parametrize("game", GAMES)
def test_player_colours_differ_from_the_neutral_province(game: str) -> None:
    for name, colour in _games()[game].items():
        for vision in palette.VISIONS:
            assert palette.difference(colour, palette.NEUTRAL, vision) >= 10, (name, vision)


def test_marks_are_two_letters_and_never_shared_within_a_game() -> None:
    for identities in (
        list(palette.ROKUGAN_CLANS.values()),
        list(palette.RICEWARS_COLOURS.values()),
        list(palette.SHINOBI_CLANS),
    ):
        marks = [i.mark for i in identities]
        assert len(set(marks)) == len(marks)
        assert all(len(m) == 2 and m.isalpha() for m in marks)


def test_ink_on_every_colour_is_readable() -> None:
    identities = [
        *palette.ROKUGAN_CLANS.values(),
        *palette.RICEWARS_COLOURS.values(),
        *palette.SHINOBI_CLANS,
    ]
    for identity in identities:
        assert palette.contrast_ratio(identity.colour, identity.ink) >= 4.5, identity.name


def test_every_engine_clan_and_colour_has_an_identity() -> None:
    assert set(palette.ROKUGAN_CLANS) == set(CLANS)
    assert set(palette.RICEWARS_COLOURS) == set(COLOURS)
    assert len(palette.SHINOBI_CLANS) == len(CLAN_NAMES)
    assert palette.rokugan_clan("nobody").mark == "??"


def test_shinobi_seats_are_the_colours_the_app_shows_and_hint_at_no_clan() -> None:
    from app.games.shinobi import GAME_UI
    from engine.shinobi import SPEC

    # Given a 5-player game: each seat shows its palette colour
    state = SPEC.new_game(5, 1, {})
    shown = [GAME_UI.player_colour(state, p) for p in range(5)]
    assert shown == list(palette.SHINOBI_SEATS)
    for seat in palette.SHINOBI_SEATS:
        # no seat looks like a clan, and its ring reads on the table's light panels
        for clan in palette.SHINOBI_CLANS:
            assert palette.difference(seat, clan.colour) >= 15, (seat, clan.name)
        for panel in ("#fbf8f0", "#f3efe2", "#fff4cf"):
            assert palette.contrast_ratio(seat, panel) >= 3.0, (seat, panel)
