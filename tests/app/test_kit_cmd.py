"""`daimyo kit`: the games, a custom map, true-size tiles, paper, duplex, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from tests.app.test_print import TINY
from tests.app.test_print_pdfreader import Pdf


def kit(*args: object) -> int:
    return main(["kit", *map(str, args)])


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    return path


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


def test_a_custom_rokugan_map_at_true_size(qapp, tiny: Path, tmp_path: Path) -> None:
    # Given a small custom map (Crab and Lion lands) printed at true size, double-sided
    out = tmp_path / "tiny-kit.pdf"
    assert kit("rokugan", "--map", tiny, "-o", out, "--scale", "1.0", "--duplex") == 0
    pdf = Pdf(out.read_bytes())
    texts = [t for p in pdf.pages for t in p.texts]
    # Then the board is tiled: an assembly index, a legend, and named sheets
    assert any("Board: Tiny Isle, assembly index" in t for t in texts)
    assert any(t.startswith("Battle for Rokugan kit · Board sheet R1C1") for t in texts)
    assert {"Akagi", "Biwa", "Chūkan Plains", "Dōjō"} <= set(texts)
    # And the territory cards are those of the map's territories
    assert {"Feats of Engineering", "Promotion", "Bushido", "Honorable Fight"} <= set(texts)
    assert "Code of Honor" not in texts and "Pirate Raids" not in texts
    assert "Territory card · Crab Lands" in texts
    # And backs follow their fronts
    assert any(t.startswith("Print on the reverse of page") for t in texts)


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
