"""`daimyo kit`: the games, a custom map, true-size tiles, paper, duplex, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from tests.app.test_print import TINY
from tests.app.test_print_pdfreader import Pdf


def kit(*args: object) -> int:
    return main(["kit", *map(str, args)])


def test_shinobi_kit_on_letter(qapp, tmp_path: Path, capsys) -> None:
    out = tmp_path / "shinobi.pdf"
    assert kit("shinobi", "-o", out, "--paper", "letter") == 0
    pdf = Pdf(out.read_bytes())
    assert all(round(p.size[0]) == 612 and round(p.size[1]) == 792 for p in pdf.pages)
    said = capsys.readouterr().out
    assert f"wrote {out}: Shinobi kit" in said and f"{len(pdf.pages)} Letter pages" in said
    assert "63 cards, 1 token" in said
    # The contents page first, the rules reference last
    assert "Shinobi — print-and-play kit" in pdf.pages[0].texts
    assert "Shinobi — rules reference" in pdf.pages[-1].texts


TWIN_ISLES = """\
format: 1
id: twin-isles
name: Twin Isles
size: {width_mm: 400, height_mm: 300}
extent: [0, 0, 400, 300]
game: rokugan
territories:
  - {id: crab, name: Crab Lands, colour: "#8fa3bf", provinces: [A, B]}
  - {id: highlands, name: Highlands, colour: "#e8c95a", provinces: [C, D]}
  - {id: wastes, name: Burning Wastes, colour: "#6b5b6b", provinces: [E]}
provinces:
  - {id: A, name: Akagi, polygon: [[20, 20], [200, 20], [200, 150], [20, 150]], flowers: 2,
     capital: crab, defense: 2}
  - {id: B, name: Biwa, polygon: [[200, 20], [300, 20], [300, 150], [200, 150]], flowers: 1}
  - {id: C, name: Chūkan Plains, polygon: [[20, 150], [120, 150], [120, 230], [20, 230]],
     flowers: 3, capital: lion, defense: 2}
  - {id: D, name: Dōjō, polygon: [[120, 150], [200, 150], [200, 230], [120, 230]], flowers: 1}
  - {id: E, name: Embers, polygon: [[200, 150], [300, 150], [300, 230], [200, 230]],
     shadowlands: true, defense: 1}
seas:
  - id: sea
    name: Eastern Sea
    polygons:
      - polygon: [[300, 0], [400, 0], [400, 300], [0, 300], [0, 230], [20, 230], [200, 230],
                  [300, 230], [300, 150], [300, 20]]
"""
"""Two clans with a capital (Crab; Lion in the custom "Highlands"), a Shadowlands province
in a custom territory without cards, 4 coastal provinces, 3 territories."""


def test_a_custom_rokugan_map_at_true_size(qapp, tmp_path: Path) -> None:
    # Given a small custom map printed at true size, double-sided
    path = tmp_path / "twin.yaml"
    path.write_text(TWIN_ISLES, encoding="utf-8")
    out = tmp_path / "twin-kit.pdf"
    assert kit("rokugan", "--map", path, "-o", out, "--scale", "1.0", "--duplex") == 0
    pdf = Pdf(out.read_bytes())
    texts = [t for p in pdf.pages for t in p.texts]
    words = " ".join(texts)
    # Then the board is tiled: an assembly index, a legend, and named sheets
    assert any("Board: Twin Isles, assembly index" in t for t in texts)
    assert any(t.startswith("Battle for Rokugan kit · Board sheet R1C1") for t in texts)
    assert {"Akagi", "Biwa", "Chūkan Plains", "Dōjō", "Embers"} <= set(texts)
    # And the cards are what the game deals there: the Crab Lands' cards, the Lion's in the
    # Highlands that hold its capital, none for the Burning Wastes
    assert {"Feats of Engineering", "Promotion", "Bushido", "Honorable Fight"} <= set(texts)
    assert "Territory card · Highlands" in texts and "Territory card · Burning Wastes" not in texts
    assert "Code of Honor" not in texts and "Dark Favors" not in texts
    # The objectives that can be met there, in the map's own names
    assert {
        "Last Line of Defense",
        "Plains of Battle",
        "Way of Humility",
        "Reclaiming the Lost Lands",
    } <= set(texts)
    assert "Web of Influence" not in texts and "Way of the Sail" not in texts
    assert "Control the Crab capital (Akagi), or any 2 provinces of Crab Lands." in words
    # Tokens, screens and initiative cards for the two clans with a capital only
    assert "Crab clan — Daimyo's screen" in words and "Lion clan — Daimyo's screen" in words
    assert "CB" in texts and "LI" in texts and "CR" not in texts and "Crane" not in texts
    # Scout and shugenja cards for the 2 players the map seats (fronts and backs); no
    # first-player card, which is not used with 2 players
    assert texts.count("Scout") == 2 * 4 and texts.count("Shugenja") == 2 * 2
    assert "First Player" not in texts
    # And backs follow their fronts
    assert any(t.startswith("Print on the reverse of page") for t in texts)


def test_a_map_the_game_cannot_be_played_on_is_refused(qapp, tmp_path: Path, capsys) -> None:
    # Given a map with a single clan capital: no game of two can start there
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    assert kit("rokugan", "--map", path, "-o", tmp_path / "k.pdf") == 2
    err = capsys.readouterr().err
    assert "not ready for Battle for Rokugan" in err and "capital" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["shinobi", "--map", "rokugan"], "without a map"),
        (["ricewars", "--map", "rokugan"], "not a Rice Wars map"),
    ],
)
def test_a_map_that_does_not_fit_is_refused(qapp, tmp_path: Path, capsys, args, message) -> None:
    out = tmp_path / "k.pdf"
    assert kit(*args, "-o", out) == 2
    assert message in capsys.readouterr().err and not out.exists()


def test_an_unreadable_map_names_the_file(qapp, tmp_path: Path, capsys) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("format: 1\nid: broken\nprovinces: [\n", encoding="utf-8")
    assert kit("rokugan", "--map", bad, "-o", tmp_path / "k.pdf") == 1
    err = capsys.readouterr().err
    assert "cannot read map" in err and "broken.yaml" in err


def test_an_unwritable_output_is_reported(qapp, tmp_path: Path, capsys) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    assert kit("shinobi", "-o", blocker / "k.pdf") == 1
    assert "cannot write" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ["rokugan", "-o", "k.pdf", "--scale", "0.5"],
        ["chess", "-o", "k.pdf"],
        ["rokugan", "-o", "k.pdf", "--paper", "A5"],
        ["rokugan"],  # -o is required
    ],
)
def test_bad_options_are_refused_by_the_parser(args, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        kit(*args)
    assert exit_info.value.code == 2
    assert "daimyo kit" in capsys.readouterr().err
