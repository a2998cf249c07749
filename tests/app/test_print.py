"""Board printing: page plans, page sizes and counts, real text, the scale bar, sheets.

PDFs are read back with the small reader in test_print_pdfreader (text through the
fonts' ToUnicode maps, shapes with their colours and positions in points).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.printing import PrintOptions, load_board, pdf_bytes
from app.printing.board import FRAME_COLOUR
from app.printing.draw import PT_PER_MM
from app.printing.layout import (
    SAFE_MARGIN_MM,
    LayoutError,
    Rect,
    paper_size,
    plan_fit,
    plan_scaled,
)
from app.printing.legend import SCALE_BAR_COLOUR
from tests.app.test_print_pdfreader import Pdf, hex_colour, same_colour

TINY = """\
format: 1
id: tiny
name: Tiny Isle
size: {width_mm: 400, height_mm: 300}
extent: [0, 0, 400, 300]
game: rokugan
territories:
  - {id: crab, name: Crab Lands, colour: "#8fa3bf", provinces: [A, B]}
  - {id: lion, name: Lion Plains, colour: "#e8c95a", provinces: [C, D]}
provinces:
  - id: A
    name: Akagi
    polygon: [[20, 20], [200, 20], [200, 150], [20, 150]]
    flowers: 2
    capital: crab
    defense: 2
  - id: B
    name: Biwa
    polygon: [[200, 20], [300, 20], [300, 150], [200, 150]]
    flowers: 1
  - id: C
    name: Chūkan Plains
    polygon: [[20, 150], [200, 150], [200, 230], [20, 230]]
    flowers: 3
    palace_site: true
  - id: D
    name: Dōjō
    polygon: [[200, 150], [300, 150], [300, 230], [200, 230]]
    blessed: 2
    shadowlands: true
seas:
  - id: sea
    name: Eastern Sea
    polygons:
      - polygon: [[300, 0], [400, 0], [400, 300], [0, 300], [0, 230], [20, 230], [200, 230],
                  [300, 230], [300, 150], [300, 20]]
"""
NAMES = ["Akagi", "Biwa", "Chūkan Plains", "Dōjō"]
A4 = (595.0, 842.0)  # Qt writes A4 as whole points


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    return path


def render(map_path: Path, **options) -> tuple[Pdf, object]:
    options.setdefault("landscape", False)  # upright unless asked: the plans below assume it
    data, result = pdf_bytes(load_board(map_path), PrintOptions(**options))
    return Pdf(data), result


def approx_size(page, size: tuple[float, float]) -> bool:
    return all(abs(a - b) <= 1.0 for a, b in zip(page.size, size, strict=True))


# --------------------------------------------------------------------------- page plans


def test_fit_plan_puts_the_whole_map_on_one_sheet() -> None:
    # Given a 400 × 300 mm map and A4 portrait
    plan = plan_fit(paper_size("A4", False), (400, 300), legend=True)
    # Then it is one sheet, the map inside the printable area at its aspect ratio
    assert len(plan.tiles) == 1 and not plan.tiled
    m, area = plan.map_rect, plan.printable
    assert area.x <= m.x and m.right <= area.right + 1e-9 and m.bottom <= area.bottom + 1e-9
    assert m.width / m.height == pytest.approx(400 / 300)
    assert m.width == pytest.approx(400 * plan.scale)
    assert plan.legend_rect is not None


def test_true_size_plan_tiles_with_the_overlap() -> None:
    # Given the same map at 1.0 on A4 portrait (190 × 277 mm printable), overlap 10 mm
    plan = plan_scaled(paper_size("A4", False), (400, 300), 1.0, 10.0, legend=True)
    # Then 3 columns (3 × 180 + 10 ≥ 400) and 2 rows (2 × 267 + 10 ≥ 300)
    assert (plan.rows, plan.columns) == (2, 3)
    tiles = {(t.row, t.column): t.canvas for t in plan.tiles}
    # And horizontal and vertical neighbours share exactly 10 mm
    assert tiles[(0, 0)].right - tiles[(0, 1)].x == pytest.approx(10.0)
    assert tiles[(0, 0)].bottom - tiles[(1, 0)].y == pytest.approx(10.0)
    # And together the tiles cover the printed map
    assert min(c.x for c in tiles.values()) <= plan.map_rect.x
    assert max(c.right for c in tiles.values()) >= plan.map_rect.right
    assert max(c.bottom for c in tiles.values()) >= plan.map_rect.bottom
    assert plan.map_rect.width == pytest.approx(400.0)


def test_a_small_map_at_true_size_stays_on_one_sheet() -> None:
    plan = plan_scaled(paper_size("A4", True), (150, 100), 1.0, 10.0, legend=True)
    assert not plan.tiled
    assert (plan.map_rect.width, plan.map_rect.height) == (150, 100)


def test_an_overlap_as_large_as_the_sheet_is_refused() -> None:
    with pytest.raises(LayoutError, match="overlap"):
        plan_scaled(paper_size("A4", False), (400, 300), 1.0, 150.0, legend=False)


def test_unknown_paper_is_refused() -> None:
    with pytest.raises(LayoutError, match="A4"):
        paper_size("B5", False)


def test_rect_edges() -> None:
    r = Rect(1, 2, 3, 4)
    assert (r.right, r.bottom) == (4, 6)


# --------------------------------------------------------------------------- PDF output


def test_fit_is_one_a4_page_with_every_province_name_as_text(qapp, tiny: Path) -> None:
    # When the tiny map is printed fitted on A4
    pdf, result = render(tiny)
    # Then there is one A4 page
    assert pdf.count_page_objects() == 1 and len(pdf.pages) == 1
    assert approx_size(pdf.pages[0], A4)
    # And every province name, the sea and the map name are real text on it
    texts = pdf.pages[0].texts
    for name in [*NAMES, "Eastern Sea", "Tiny Isle", "Crab Lands (2)", "Lion Plains (2)"]:
        assert name in texts
    assert result.pages == ["board"]


def test_tiled_true_size_has_index_legend_and_one_page_per_tile(qapp, tiny: Path) -> None:
    # When the tiny map (400 × 300 mm) is printed at true size on A4
    pdf, result = render(tiny, scale=1.0)
    # Then index + legend + 2 × 3 tiles, all A4
    assert pdf.count_page_objects() == 8
    assert all(approx_size(p, A4) for p in pdf.pages)
    index = pdf.pages[0].text()
    for code in ("R1C1", "R1C2", "R1C3", "R2C1", "R2C2", "R2C3"):
        assert code in index
    # And each tile is labelled with its row and column
    assert "sheet R2C3: row 2 · column 3 of 2 × 3" in pdf.pages[7].text()
    # And every name is printed on some tile
    tile_text = "\n".join(p.text() for p in pdf.pages[2:])
    assert all(name in tile_text for name in NAMES)
    assert result.pages[:2] == ["index", "legend"]


def test_true_size_prints_the_extent_at_width_mm_by_height_mm(qapp, tiny: Path) -> None:
    # Given the 400 × 300 mm map printed at scale 1.0
    pdf, _ = render(tiny, scale=1.0, legend=False)
    # When the map frame (the extent) is measured on every tile
    for page in pdf.pages[1:]:
        frames = [s for s in page.strokes if same_colour(s.colour, hex_colour(FRAME_COLOUR))]
        # Then it is 400 × 300 mm in points (drawn whole, clipped to the sheet)
        assert len(frames) == 1
        assert frames[0].width == pytest.approx(400 * 72 / 25.4, abs=0.05)
        assert frames[0].y1 - frames[0].y0 == pytest.approx(300 * 72 / 25.4, abs=0.05)


def test_tiles_carry_crop_marks_outside_the_printable_area(qapp, tiny: Path) -> None:
    pdf, result = render(tiny, scale=1.0, legend=False)
    area = result.plan.printable
    left, top = area.x * PT_PER_MM, area.y * PT_PER_MM
    page = pdf.pages[1]  # first tile
    height = page.size[1]
    black = hex_colour("#000000")
    # Crop marks: black strokes entirely in the left margin, level with the area's corners
    marks = [
        s for s in page.strokes if same_colour(s.colour, black) and s.x1 < left and s.width > 5
    ]
    ys = sorted({round(height - s.y0, 1) for s in marks})  # PDF y is up: back to top-down
    assert ys == [pytest.approx(top, abs=0.2), pytest.approx(height - top, abs=0.2)]
    # And they stop at the safe margin, where every printer still prints
    assert min(s.x0 for s in marks) >= SAFE_MARGIN_MM * PT_PER_MM - 0.3


def test_alignment_marks_of_neighbours_fall_on_the_same_board_point(qapp, tiny: Path) -> None:
    # Given the true-size tiles R1C1 and R1C2 (pages 2 and 3 without the legend)
    pdf, result = render(tiny, scale=1.0, legend=False)
    plan = result.plan
    tiles = {t.code: t for t in plan.tiles}

    def marks_on_board(page, tile) -> set[tuple[float, float]]:
        height = page.size[1]
        circles = [
            s
            for s in page.strokes
            if same_colour(s.colour, hex_colour("#000000"))
            and 3 < s.width < 25
            and abs(s.width - (s.y1 - s.y0)) < 0.01
        ]
        out = set()
        for s in circles:  # sheet points -> canvas mm
            x = (s.x0 + s.x1) / 2 / PT_PER_MM - plan.printable.x + tile.canvas.x
            y = (height - (s.y0 + s.y1) / 2) / PT_PER_MM - plan.printable.y + tile.canvas.y
            out.add((round(x, 2), round(y, 2)))
        return out

    left = marks_on_board(pdf.pages[1], tiles["R1C1"])
    right = marks_on_board(pdf.pages[2], tiles["R1C2"])
    # Then the marks in their shared band are at the same places on the board
    band = tiles["R1C1"].canvas.right - plan.overlap / 2
    shared_left = {m for m in left if abs(m[0] - band) < 0.01}
    shared_right = {m for m in right if abs(m[0] - band) < 0.01}
    assert len(shared_left) == 2
    assert shared_left == shared_right


def scale_bar(page) -> tuple[float, float]:
    """(stated length in mm, drawn length in points) of the scale bar on a page."""
    stated = [float(m.group(1)) for t in page.texts if (m := re.fullmatch(r"(\d+) mm", t))]
    bars = [s for s in page.shapes if same_colour(s.colour, hex_colour(SCALE_BAR_COLOUR))]
    assert len(stated) == 1 and len(bars) == 1
    return stated[0], bars[0].width


def test_scale_bar_at_true_size_measures_what_it_says(qapp, tiny: Path) -> None:
    # Given the true-size print, whose legend has its own page
    pdf, _ = render(tiny, scale=1.0)
    # When the bar on the legend page is measured in PDF points
    stated_mm, drawn_pt = scale_bar(pdf.pages[1])
    # Then it is exactly as long as it says: 72/25.4 points per mm
    assert drawn_pt == pytest.approx(stated_mm * 72 / 25.4, abs=0.01)


def test_scale_bar_of_a_fitted_map_matches_the_printed_map(qapp, tiny: Path) -> None:
    # Given the fitted print
    pdf, result = render(tiny)
    page = pdf.pages[0]
    stated_mm, drawn_pt = scale_bar(page)
    # When the map frame (the extent, 400 mm wide at full size) is measured too
    frame = [s for s in page.strokes if same_colour(s.colour, hex_colour(FRAME_COLOUR))]
    assert len(frame) == 1
    map_pt_per_mm = frame[0].width / 400
    # Then the bar and the map have the same points per full-size mm
    assert drawn_pt / stated_mm == pytest.approx(map_pt_per_mm, rel=2e-3)
    assert map_pt_per_mm == pytest.approx(result.plan.scale * 72 / 25.4, rel=2e-3)


def test_symbols_and_border_marks_are_drawn(qapp, tiny: Path) -> None:
    pdf, _ = render(tiny)
    page = pdf.pages[0]

    def fills(colour: str) -> int:
        return sum(1 for s in page.shapes if same_colour(s.colour, hex_colour(colour)))

    # 6 flowers on the map (2 + 1 + 3) and one in the legend
    assert fills("#f2c230") == 7
    # one capital, one palace site, one blessed field, each plus its legend key
    assert fills("#a3241f") == 2 and fills("#6a3d9a") == 2 and fills("#ffd54a") == 2
    # land border marks A|B, A|C, B|D, C|D (a dot in each) and the legend's
    assert fills("#3a3a3a") == 5
    # printed defense and blessing values are text
    assert "+2" in page.texts and "2" in page.texts


def test_no_legend_leaves_the_legend_out(qapp, tiny: Path) -> None:
    with_legend, _ = render(tiny)
    assert "scale bar" in with_legend.pages[0].text().lower()
    pdf, _ = render(tiny, legend=False)
    text = pdf.pages[0].text()
    assert "Crab Lands (2)" not in text and "scale bar" not in text.lower()
    assert "Akagi" in text


@pytest.mark.parametrize(
    ("paper", "landscape", "size"),
    [("A4", True, (842, 595)), ("A3", False, (842, 1191)), ("Letter", False, (612, 792))],
)
def test_paper_and_orientation_set_the_page_size(qapp, tiny, paper, landscape, size) -> None:
    pdf, _ = render(tiny, paper=paper, landscape=landscape)
    assert len(pdf.pages) == 1 and approx_size(pdf.pages[0], size)


def test_play_sheets_follow_the_board(qapp, tiny: Path) -> None:
    # When token sheets and the reference are asked for
    pdf, result = render(tiny, sheets=("tokens", "reference"))
    # Then seven clan pages and the reference follow the board
    assert len(pdf.pages) == 1 + 7 + 1
    assert result.pages[1:] == [
        "tokens crab",
        "tokens crane",
        "tokens dragon",
        "tokens lion",
        "tokens phoenix",
        "tokens scorpion",
        "tokens unicorn",
        "reference",
    ]
    crab, crane, lion, scorpion = (pdf.pages[i].texts for i in (1, 2, 4, 6))
    # Army 1×6 2×4 3×3 4×2 5×1, and the Lion's special Army 6
    assert crab.count("Army") == 16 and lion.count("Army") == 17 and "6" in lion
    assert crab.count("Navy") == 4 and "3" in crab  # Crab special: Navy 3
    assert scorpion.count("Shinobi") == 3
    # Every token carries its clan's own mark, front and back (fold pairs): Crab and
    # Crane, once both "C", are told apart
    tokens_per_clan = 27 + 30
    assert crab.count("CB") == 2 * tokens_per_clan and "CR" not in crab
    assert crane.count("CR") == 2 * tokens_per_clan and "CB" not in crane
    assert "Battle for Rokugan — turn order" in pdf.pages[8].texts
    assert "3  Resolution" in pdf.pages[8].texts


def test_unknown_sheet_is_refused() -> None:
    with pytest.raises(ValueError, match="tokens"):
        PrintOptions(sheets=("meeples",))


RICE = """\
format: 1
id: paddies
name: Three Paddies
size: {width_mm: 300, height_mm: 100}
extent: [0, 0, 300, 100]
game: ricewars
attributes:
  round_track: [[income3], [auction, card], []]
provinces:
  - {id: a, name: Ueda, polygon: [[0, 0], [100, 0], [100, 100], [0, 100]], palace_site: true}
  - {id: b, name: Nakada, polygon: [[100, 0], [200, 0], [200, 100], [100, 100]], blessed: 2}
  - {id: c, name: Shimoda, polygon: [[200, 0], [300, 0], [300, 100], [200, 100]]}
"""


def test_rice_wars_board_has_fields_rounds_and_no_token_marks(qapp, tmp_path: Path) -> None:
    # Given a Rice Wars board of three paddies in a row, without territories
    path = tmp_path / "paddies.yaml"
    path.write_text(RICE, encoding="utf-8")
    board = load_board(path)
    # Then neighbouring fields get different colours and no border marks are made
    colours = [p.colour for p in board.provinces]
    assert colours[0] != colours[1] and colours[1] != colours[2]
    assert board.marks == ()
    # And the printed legend lists the palace site, the blessed field and the round track
    pdf, _ = render(path)
    texts = pdf.pages[0].texts
    assert {"Ueda", "Nakada", "Shimoda", "Palace site", "Blessed field (Ryo)"} <= set(texts)
    assert "Round 1: +3 Ryo income" in texts
    assert "Round 2: advisor auction, extra card" in texts
    assert "Round 3: —" in texts
    assert not any("token here" in t for t in texts)
