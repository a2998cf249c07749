"""`daimyo print`: every option, shipped ids, invalid and unreadable maps, the bench."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from tests.app.test_print import TINY
from tests.app.test_print_pdfreader import Pdf

A4 = (595.0, 842.0)


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    return path


def daimyo_print(*args: str) -> int:
    return main(["print", *map(str, args)])


def pages(path: Path) -> list:
    return Pdf(path.read_bytes()).pages


def size(page) -> tuple[int, int]:
    return (round(page.size[0]), round(page.size[1]))


def test_default_is_one_fitted_a4_page_turned_as_the_board(
    qapp, tiny: Path, tmp_path: Path, capsys
) -> None:
    # Given the 400 × 300 mm (landscape) tiny map; When printed with no options
    out = tmp_path / "board.pdf"
    assert daimyo_print(tiny, "-o", out) == 0
    # Then it is one A4 page, turned sideways as the board is
    result = pages(out)
    assert len(result) == 1 and size(result[0]) == (842, 595)
    said = capsys.readouterr().out
    assert f"wrote {out}: 1 page," in said and "(A4 landscape)" in said
    # And --portrait keeps the paper upright
    assert daimyo_print(tiny, "-o", out, "--portrait") == 0
    assert size(pages(out)[0]) == (595, 842)


def test_output_defaults_to_the_map_id(qapp, tiny: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert daimyo_print(tiny) == 0
    assert (tmp_path / "tiny.pdf").is_file()


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--paper", "A3", "--portrait"], (842, 1191)),
        (["--paper", "letter", "--portrait"], (612, 792)),
        (["--paper", "letter"], (792, 612)),
        (["--landscape"], (842, 595)),
        (["--paper", "A3", "--landscape"], (1191, 842)),
    ],
)
def test_paper_and_landscape(qapp, tiny: Path, tmp_path: Path, args, expected) -> None:
    out = tmp_path / "b.pdf"
    assert daimyo_print(tiny, "-o", out, *args) == 0
    assert size(pages(out)[0]) == expected


def test_scale_one_tiles_and_fit_does_not(qapp, tiny: Path, tmp_path: Path) -> None:
    fit, true = tmp_path / "fit.pdf", tmp_path / "true.pdf"
    assert daimyo_print(tiny, "-o", fit, "--scale", "fit") == 0
    assert daimyo_print(tiny, "-o", true, "--scale", "1.0", "--portrait") == 0
    assert len(pages(fit)) == 1
    assert len(pages(true)) == 2 + 6  # index, legend, 2 × 3 tiles of 400 × 300 mm on A4


def test_scale_as_a_percentage(qapp, tiny: Path, tmp_path: Path) -> None:
    # 50 % of 400 × 300 mm is 200 × 150 mm: one A4 landscape sheet (277 × 190 printable)
    out = tmp_path / "half.pdf"
    assert daimyo_print(tiny, "-o", out, "--scale", "50%", "--landscape", "--no-legend") == 0
    assert len(pages(out)) == 1


def test_overlap_changes_the_tiling(qapp, tiny: Path, tmp_path: Path) -> None:
    # Width 400 mm on 190 mm windows: overlap 0 needs 3 columns, overlap 80 needs 3 too,
    # height 300 mm on 277 mm windows: 2 rows unless the overlap eats too much
    none, wide = tmp_path / "a.pdf", tmp_path / "b.pdf"
    upright = ("--scale", "1", "--no-legend", "--portrait")
    assert daimyo_print(tiny, "-o", none, *upright, "--overlap", "0") == 0
    assert daimyo_print(tiny, "-o", wide, *upright, "--overlap", "90") == 0
    assert len(pages(none)) == 1 + 3 * 2
    # with 90 mm overlap a column steps 100 mm: ceil((400 - 90) / 100) = 4 columns
    assert len(pages(wide)) == 1 + 4 * 2
    assert "overlap 90 mm" in pages(wide)[0].text()


def test_overlap_too_large_is_a_usage_error(qapp, tiny: Path, tmp_path: Path, capsys) -> None:
    assert daimyo_print(tiny, "-o", tmp_path / "x.pdf", "--scale", "1", "--overlap", "200") == 2
    assert "overlap" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_no_legend_drops_the_legend_page(qapp, tiny: Path, tmp_path: Path) -> None:
    with_legend, without = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert daimyo_print(tiny, "-o", with_legend, "--scale", "1") == 0
    assert daimyo_print(tiny, "-o", without, "--scale", "1", "--no-legend") == 0
    assert len(pages(with_legend)) == len(pages(without)) + 1
    assert all("scale bar" not in p.text().lower() for p in pages(without))
    assert any("scale bar" in p.text().lower() for p in pages(with_legend))


def test_sheets_option(qapp, tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.pdf"
    assert daimyo_print(tiny, "-o", out, "--sheets", "tokens,reference", "--portrait") == 0
    result = pages(out)
    assert len(result) == 1 + 7 + 1
    assert "Unicorn clan — tokens" in result[7].texts
    # On paper turned sideways the token sheets are turned too (a sheet that does not fit
    # one page continues on the next, as many as `token_sheet_pages` plans)
    assert daimyo_print(tiny, "-o", out, "--sheets", "tokens", "--landscape") == 0
    result = pages(out)
    assert len(result) == 1 + 7
    assert all(size(page) == (842, 595) for page in result)
    out2 = tmp_path / "r.pdf"
    assert daimyo_print(tiny, "-o", out2, "--sheets", "reference") == 0
    assert len(pages(out2)) == 2


@pytest.mark.parametrize(
    "args",
    [
        ["--paper", "B5"],
        ["--scale", "big"],
        ["--scale", "-1"],
        ["--overlap", "-3"],
        ["--sheets", "meeples"],
    ],
)
def test_bad_option_values_are_usage_errors(tiny: Path, args, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        daimyo_print(tiny, *args)
    assert exc.value.code == 2
    assert "daimyo print: error" in capsys.readouterr().err


def test_unreadable_map_exits_1_with_the_file_named(tmp_path: Path, capsys) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: 1\nid: [unclosed\n", encoding="utf-8")
    assert daimyo_print(broken, "-o", tmp_path / "x.pdf") == 1
    err = capsys.readouterr().err
    assert "broken.yaml" in err and "cannot read map" in err
    assert daimyo_print(tmp_path / "missing.yaml") == 1
    assert "missing.yaml" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_unknown_shipped_id_exits_1(capsys) -> None:
    assert daimyo_print("no_such_map_id") == 1
    assert "no_such_map_id" in capsys.readouterr().err


def test_invalid_map_prints_with_a_warning(qapp, tmp_path: Path, capsys) -> None:
    # Given a map whose provinces overlap and one that belongs to no territory
    text = TINY.replace(
        "[[200, 20], [300, 20], [300, 150], [200, 150]]",
        "[[150, 20], [300, 20], [300, 150], [150, 150]]",
    )
    text = text.replace("provinces: [C, D]", "provinces: [C]")
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "bad.pdf"
    # When it is printed
    code = daimyo_print(path, "-o", out)
    # Then the PDF is written and stderr warns
    err = capsys.readouterr().err
    assert code == 0 and out.is_file()
    assert "warning" in err and "fails validation" in err
    assert "Biwa" in pages(out)[0].texts


def test_shipped_map_by_id(qapp, tmp_path: Path) -> None:
    from maps.api import shipped_maps

    if not shipped_maps():
        pytest.skip("no shipped map yet")
    map_id = "rokugan" if "rokugan" in shipped_maps() else shipped_maps()[0]
    out = tmp_path / "shipped.pdf"
    assert daimyo_print(map_id, "-o", out) == 0
    assert len(pages(out)) == 1


def test_bench_print_reports_the_time(qapp, tiny: Path, capsys) -> None:
    from app.printing.bench import main as bench

    assert bench(["--map", str(tiny), "--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert "read map YAML" in out and "first PDF" in out and "target ≤ 2 s" in out
