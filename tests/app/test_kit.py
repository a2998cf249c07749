"""The print-and-play kit's PDFs: real text, paper sizes, real card sizes, duplex backs,
safe margins, page labels and embedded fonts.

Each game's kit is written once for the module (Rokugan on A4 double-sided, Shinobi on
Letter, Rice Wars on A3) and read back with the small reader of test_print_pdfreader.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from app.palette import RICEWARS_COLOURS, ROKUGAN_CLANS, SHINOBI_CLANS
from app.printing.draw import PT_PER_MM
from app.printing.kit import KitOptions, build_kit, kit_pdf_bytes
from app.printing.kit.faces import CUT_COLOUR
from app.printing.kit.model import POKER_MM
from app.printing.layout import SAFE_MARGIN_MM
from engine.ricewars import data as R
from tests.app.test_print_pdfreader import Pdf, hex_colour, same_colour

PAPER_PT = {"A4": (595.0, 842.0), "Letter": (612.0, 792.0), "A3": (842.0, 1191.0)}
OPTIONS = {
    "rokugan": KitOptions("rokugan", paper="A4", duplex=True),
    "shinobi": KitOptions("shinobi", paper="Letter"),
    "ricewars": KitOptions("ricewars", paper="A3"),
}
CLAN_NAMES = {
    "rokugan": [c.name for c in ROKUGAN_CLANS.values()],
    "shinobi": [c.name for c in SHINOBI_CLANS],
    "ricewars": [c.name for c in RICEWARS_COLOURS.values()],
}


class Printed:
    """A kit, its PDF read back, and what render said about each page."""

    def __init__(self, game: str) -> None:
        self.options = OPTIONS[game]
        self.kit = build_kit(game)
        data, self.result = kit_pdf_bytes(self.kit, self.options)
        self.data = data
        self.pdf = Pdf(data)
        self.plan = self.result.plan

    def pages_of(self, kind: str) -> list[int]:
        return [i for i, k in enumerate(self.plan.kinds()) if k == kind]

    def texts(self, kinds: tuple[str, ...]) -> list[str]:
        return [
            t
            for i, page in enumerate(self.pdf.pages)
            if self.plan.pages[i].kind in kinds
            for t in page.texts
        ]


@pytest.fixture(scope="module")
def printed(qapp) -> dict[str, Printed]:
    return {game: Printed(game) for game in OPTIONS}


GAMES = list(OPTIONS)


@pytest.mark.parametrize("game", GAMES)
def test_every_page_is_on_the_paper_chosen(printed, game) -> None:
    kit = printed[game]
    # Then every page is the chosen paper, portrait, and the document has the planned pages
    assert len(kit.pdf.pages) == len(kit.plan.pages) == len(kit.result.pages)
    for page in kit.pdf.pages:
        assert page.size == pytest.approx(PAPER_PT[kit.options.paper], abs=1.0)


@pytest.mark.parametrize("game", GAMES)
def test_every_card_name_is_real_text_on_the_card_pages(printed, game) -> None:
    kit = printed[game]
    texts = Counter(kit.texts(("cards",)))
    # Then each card's name is printed once per copy, as one searchable string
    for name, copies in Counter(kit.kit.card_names()).items():
        assert texts[name] >= copies, f"{name!r}: {texts[name]} of {copies} printed"


@pytest.mark.parametrize("game", GAMES)
def test_every_clan_or_colour_is_named_in_the_kit(printed, game) -> None:
    kit = printed[game]
    text = "\n".join(p.text() for p in kit.pdf.pages)
    for name in CLAN_NAMES[game]:
        assert name in text


def test_rokugan_cards_are_the_engines(printed) -> None:
    from engine.rokugan import data as D

    texts = set(printed["rokugan"].texts(("cards",)))
    # The 22 territory cards of the published map, its 12 objectives, 10 initiative cards
    assert {D.display_name(c) for c in D.ALL_TERRITORY_CARDS} <= texts
    assert {D.display_name(o) for o, _ in D.OBJECTIVES} <= texts
    assert {D.display_name(n) for n in D.INITIATIVE_NAMES[7:]} <= texts
    names = Counter(printed["rokugan"].kit.card_names())
    assert names["Scout"] == 10 and names["Shugenja"] == 5 and names["First Player"] == 1
    # And the effects (wrapped over lines) and the honor are text too
    words = " ".join(printed["rokugan"].texts(("cards",)))
    assert D.TERRITORY_CARD_TEXT["feats_of_engineering"] in words
    assert "10" in texts and "honor" in texts


def test_shinobi_cards_are_the_engines(printed) -> None:
    names = Counter(printed["shinobi"].texts(("cards",)))
    # 11 of each clan in the deck and 1 allegiance card each, and the 3 Ninja
    for clan in SHINOBI_CLANS:
        assert names[clan.name] == 11 + 1
    assert names["Ninja"] == 3


def test_rice_wars_cards_are_the_engines(printed) -> None:
    names = Counter(printed["ricewars"].texts(("cards",)))
    copies = Counter(card.name for card in R.CARDS)
    assert sum(copies.values()) == 55
    for name, count in copies.items():
        assert names[name] == count
    for advisor in R.ADVISORS:
        assert names[advisor.name] == 1
    words = " ".join(printed["ricewars"].texts(("cards",)))
    assert all(card.text in words for card in R.CARDS)
    assert all(advisor.text in words for advisor in R.ADVISORS)


def _outlines(page, size_mm: tuple[float, float]) -> list:
    cut = hex_colour(CUT_COLOUR)
    w, h = size_mm[0] * PT_PER_MM, size_mm[1] * PT_PER_MM
    return [
        s
        for s in page.strokes
        if same_colour(s.colour, cut) and abs(s.width - w) < 0.2 and abs((s.y1 - s.y0) - h) < 0.2
    ]


@pytest.mark.parametrize("game", GAMES)
def test_card_outlines_are_real_poker_cards(printed, game) -> None:
    kit = printed[game]
    poker = sum(len(d.cards) for d in kit.kit.decks if d.size_mm == POKER_MM)
    outlines = sum(len(_outlines(kit.pdf.pages[i], POKER_MM)) for i in kit.pages_of("cards"))
    # Then every poker card is cut out at 63.5 × 88.9 mm
    assert outlines == poker > 0


def test_letter_paper_holds_six_poker_cards_a_page_a3_sixteen(printed) -> None:
    shinobi, ricewars = printed["shinobi"], printed["ricewars"]
    first_shinobi = shinobi.pdf.pages[shinobi.pages_of("cards")[0]]
    first_rice = ricewars.pdf.pages[ricewars.pages_of("cards")[0]]
    assert len(_outlines(first_shinobi, POKER_MM)) == 6
    assert len(_outlines(first_rice, POKER_MM)) == 16


def test_duplex_backs_sit_behind_their_fronts(printed) -> None:
    kit = printed["rokugan"]
    width = kit.pdf.pages[0].size[0]
    backs = kit.pages_of("back")
    card_fronts = kit.pages_of("cards")
    assert card_fronts and all(i + 1 in backs for i in card_fronts)
    for front in card_fronts:
        fronts = _outlines(kit.pdf.pages[front], POKER_MM)
        behind = _outlines(kit.pdf.pages[front + 1], POKER_MM)
        # Then the back page's outlines are the fronts' mirrored about the page's middle
        mirrored = sorted((round(width - s.x1, 1), round(s.y0, 1)) for s in fronts)
        assert sorted((round(s.x0, 1), round(s.y0, 1)) for s in behind) == mirrored
        # And it says which page it belongs behind
        assert any(f"reverse of page {front + 1}" in t for t in kit.pdf.pages[front + 1].texts)
    back_texts = kit.texts(("back",))
    assert "Territory card" in back_texts and "Secret objective" in back_texts


def test_duplex_fronts_are_odd_pages_and_a_blank_page_says_so(printed) -> None:
    # Given Rokugan on A4, double-sided, whose one-sided token page comes before the cards
    kit = printed["rokugan"]
    blanks = kit.pages_of("blank")
    assert blanks
    for index in kit.pages_of("back"):
        # Then every back is an even page and names the odd page before it
        assert (index + 1) % 2 == 0
        assert any(f"reverse of page {index} " in t for t in kit.pdf.pages[index].texts)
    for index in blanks:
        # and a blank page is labelled in its header, and holds nothing but its bands
        texts = kit.pdf.pages[index].texts
        assert f"{kit.kit.game_name} kit · This page is intentionally blank" in texts
        assert not _outlines(kit.pdf.pages[index], POKER_MM)
        assert kit.plan.pages[index + 1].kind in ("tokens", "cards")
        assert kit.plan.pages[index + 2].kind == "back"


@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_printed_outside_the_safe_margin(printed, game) -> None:
    kit = printed[game]
    safe = SAFE_MARGIN_MM * PT_PER_MM - 0.5
    for index, page in enumerate(kit.pdf.pages):
        width, height = page.size
        # The board's paths and names are drawn whole and clipped to its frame (test_print
        # checks it); the legend's symbols are the board print's too (the castle's united
        # path reads larger than it is here)
        kind = kit.plan.pages[index].kind
        board = kind in ("board", "tile", "index")
        for shape in [] if board or kind == "legend" else page.shapes + page.strokes:
            assert shape.x0 >= safe and shape.x1 <= width - safe, (index, shape)
            assert shape.y0 >= safe and shape.y1 <= height - safe, (index, shape)
        for _text, x, y in [] if kind == "tile" else page.text_positions:
            if (x, y) != (0.0, 0.0):
                assert safe <= x <= width - safe and safe <= y <= height - safe, (index, _text)


@pytest.mark.parametrize("game", GAMES)
def test_every_page_says_what_it_is_and_how_many_to_print(printed, game) -> None:
    kit = printed[game]
    total = len(kit.pdf.pages)
    for index, page in enumerate(kit.pdf.pages):
        texts = page.texts
        assert any(t.startswith(f"{kit.kit.game_name} kit · ") for t in texts), index
        assert any(t.startswith("Print ") for t in texts), index
        assert f"page {index + 1} of {total}" in texts


def test_contents_page_lists_the_sections_with_their_pages(printed) -> None:
    kit = printed["rokugan"]
    contents = kit.pdf.pages[0].texts
    for title, first, last in kit.plan.sections:
        assert title in contents
        pages = f"page {first + 1}" if first == last else f"pages {first + 1}–{last + 1}"
        assert pages in contents
    assert "100 mm" in contents  # the calibration ruler


@pytest.mark.parametrize("game", GAMES)
def test_fonts_are_embedded(printed, game) -> None:
    data = printed[game].data
    descriptors = re.findall(rb"/Type\s*/FontDescriptor.*?>>", data, re.S)
    assert descriptors
    assert all(b"/FontFile2" in d or b"/FontFile3" in d for d in descriptors)


def test_each_clans_tokens_carry_its_own_mark_and_colour(printed) -> None:
    kit = printed["rokugan"]
    token_pages = kit.pages_of("tokens")
    text = "\n".join(kit.pdf.pages[i].text() for i in token_pages)
    fills = [s.colour for i in token_pages for s in kit.pdf.pages[i].shapes]
    marks = [c.mark for c in ROKUGAN_CLANS.values()]
    assert len(set(marks)) == 7
    for clan in ROKUGAN_CLANS.values():
        # 27 combat tokens show the mark on the front, 30 control tokens as their title
        assert len(re.findall(rf"^{clan.mark}$", text, re.M)) >= 27 + 30
        assert any(same_colour(f, hex_colour(clan.colour)) for f in fills)
