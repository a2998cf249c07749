"""The kit as data and as a page plan (no drawing): the engine's components, exactly,
and where each piece goes on the sheet — fold pairs, duplex backs, card grids."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import pairwise

import pytest

from app.palette import RICEWARS_COLOURS, ROKUGAN_CLANS
from app.printing.kit import KitError, KitOptions, build_kit, plan_kit
from app.printing.kit.dialog import options_from_settings
from app.printing.kit.model import POKER_MM, Deck, Face, Piece, PieceGroup, TokenSection
from app.printing.kit.plan import card_grid, card_pages, content_frame, token_pages
from app.printing.kit.rokugan import combat_token_faces
from app.printing.layout import SAFE_MARGIN_MM, LayoutError, paper_size
from engine.ricewars import data as R
from engine.rokugan import data as D
from engine.shinobi import SPEC as SHINOBI
from engine.shinobi import cards as C

A4 = paper_size("A4", False)


@pytest.fixture(scope="module")
def rokugan(qapp):
    return build_kit("rokugan")


@pytest.fixture(scope="module")
def ricewars(qapp):
    return build_kit("ricewars")


# --------------------------------------------------------------------------- contents


def test_rokugan_tokens_are_the_engines(rokugan) -> None:
    sections = {s.owner.name: s for s in rokugan.tokens if s.owner is not None}
    assert set(sections) == {c.name for c in ROKUGAN_CLANS.values()}
    for clan, who in ROKUGAN_CLANS.items():
        combat, control = sections[who.name].groups
        # 27 combat tokens: the engine's 26 standard and the clan's special one
        assert len(combat.pieces) == D.TOKENS_PER_CLAN
        words = Counter((p.front.subtitle, p.front.title) for p in combat.pieces)
        assert words == Counter(
            (kind, strength) if strength else ("", kind)
            for kind, strength in combat_token_faces(clan)
        )
        assert len(control.pieces) == D.CONTROL_TOKENS
        # Every token is two-sided, and its back shows only the clan's mark and colour
        for piece in combat.pieces + control.pieces:
            assert piece.back.mark == who.mark and piece.back.colour == who.colour
    neutral = [s for s in rokugan.tokens if s.owner is None][0]
    titles = Counter((p.front.title, p.front.subtitle) for g in neutral.groups for p in g.pieces)
    supply = dict(zip(D.SPECIAL_NAMES, D.SPECIAL_SUPPLY, strict=True))
    assert titles[("Peace", "")] == supply["peace"] == 15
    assert titles[("Scorched", "earth")] == supply["scorched_earth"] == 15
    assert titles[("+1", "defense")] == 3 and titles[("+1", "honor")] == 2
    assert titles[("4", "flowers")] == 1 and titles[("+2", "defense")] == 1


def test_rokugan_cards_are_what_the_map_deals(rokugan) -> None:
    from engine.rokugan.requirements import map_deal

    deal = map_deal(rokugan.board.graph)
    decks = {d.title: d.cards for d in rokugan.decks}
    # Every card the engine deals on the map, with the engine's own text, nothing else
    for title, dealt in (
        ("Territory cards", deal.territory_cards),
        ("Secret objectives", deal.objectives),
        ("Initiative cards", deal.initiative),
    ):
        printed = decks[title]
        assert [c.front.title for c in printed] == [d.name for d in dealt]
        assert [c.front.body[0] for c in printed] == [d.text for d in dealt]
    assert [c.front.badge for c in decks["Secret objectives"]] == [
        f"{o.honor} honor" for o in deal.objectives
    ]
    # And the clans whose tokens and screens are printed are those that can be played
    owners = [s.owner.name for s in rokugan.tokens if s.owner is not None]
    assert owners == [ROKUGAN_CLANS[c].name for c in deal.clans]


def test_rokugan_specials_differ_by_clan() -> None:
    specials = {clan: combat_token_faces(clan)[D.SPECIAL_TID] for clan in D.CLANS}
    assert specials == {
        "crab": ("Navy", "3"),
        "crane": ("Diplomacy", ""),
        "dragon": ("Blessing", "+3"),
        "lion": ("Army", "6"),
        "phoenix": ("Blessing", "+3"),
        "scorpion": ("Shinobi", "3"),
        "unicorn": ("Raid", ""),
    }


def test_rokugan_screens_and_initiative_name_every_clan(rokugan) -> None:
    assert [a.owner.name for a in rokugan.aids] == [c.name for c in ROKUGAN_CLANS.values()]
    assert all(a.layout == "screen" for a in rokugan.aids)
    initiative = next(d for d in rokugan.decks if d.title == "Initiative cards")
    assert len(initiative.cards) == 10


def test_shinobi_deck_is_the_engines(qapp) -> None:
    kit = build_kit("shinobi")
    allegiance, deck = kit.decks
    assert len(allegiance.cards) == C.NUM_CLANS
    assert len(deck.cards) == C.DECK_SIZE == 58
    counts = Counter(c.front.title for c in deck.cards)
    assert counts == {**{n: C.CARDS_PER_CLAN for n in C.CLAN_NAMES}, "Ninja": C.NINJAS}
    # Red backs for allegiance, blue for the deck: one back each
    assert len({c.back for c in allegiance.cards}) == 1 and len({c.back for c in deck.cards}) == 1
    # And a province mat for every seat the engine allows
    assert kit.board is None and kit.mats[0].copies == SHINOBI.max_players == 5


def test_rice_wars_pieces_are_the_engines(ricewars) -> None:
    per_colour = {s.owner.name: s for s in ricewars.tokens if s.owner is not None}
    assert set(per_colour) == {c.name for c in RICEWARS_COLOURS.values()}
    for section in per_colour.values():
        peasants, others = section.groups
        assert len(peasants.pieces) == R.PEASANTS_PER_COLOUR
        assert Counter(p.front.title for p in others.pieces) == {
            "Palace": 1,
            "Pass": 2,
            "Service": 2,
        }
    shared = next(s for s in ricewars.tokens if s.title.startswith("Shared"))
    troops = Counter(p.front.title for g in shared.groups for p in g.pieces)
    assert troops["Ashigaru"] == R.ASHIGARU_SUPPLY and troops["Ronin"] == R.RONIN_SUPPLY
    bank = next(s for s in ricewars.tokens if s.title.startswith("The bank"))
    assert sum(int(p.front.title) for g in bank.groups for p in g.pieces) == R.BANK_TOTAL
    cards, advisors = ricewars.decks
    assert len(cards.cards) == R.NUM_CARDS and len(advisors.cards) == len(R.ADVISORS) == 8


def test_rice_wars_round_track_follows_the_map(ricewars) -> None:
    shared = next(s for s in ricewars.tokens if s.title.startswith("Shared"))
    track = next(p.front for g in shared.groups for p in g.pieces if p.front.title == "Round track")
    rounds = ricewars.board.attributes["round_track"]
    assert len(track.body) == len(rounds) == 7
    assert track.body[1] == "2: auction"


def test_shinobi_refuses_a_map_and_a_map_of_another_game_is_refused(qapp) -> None:
    with pytest.raises(KitError, match="without a map"):
        build_kit("shinobi", "rokugan")
    with pytest.raises(KitError, match="not a Rice Wars map"):
        build_kit("ricewars", "rokugan")
    with pytest.raises(KitError, match="unknown game"):
        build_kit("chess")


# --------------------------------------------------------------------------- the plan


def _piece(title: str, back: bool) -> Piece:
    front = Face("token", title)
    return Piece(front, Face("token-back", title, mark="XX") if back else None)


def test_single_sided_printing_folds_two_sided_tokens() -> None:
    section = TokenSection("T", (PieceGroup("two-sided", (15, 15), (_piece("a", True),)),))
    (page,) = token_pages((section,), A4, duplex=False)
    # Then the front sits above its back, cut out together and folded between them
    front, back = page.faces
    assert back.rect.y == pytest.approx(front.rect.bottom) and back.face.mark == "XX"
    assert len(page.cuts) == 1 and page.cuts[0].height == 30
    assert page.folds == [(front.rect.x, front.rect.bottom, front.rect.right, front.rect.bottom)]


def test_duplex_puts_each_back_behind_its_front(qapp) -> None:
    pieces = tuple(_piece(str(i), i % 2 == 0) for i in range(12))
    kit = build_kit("shinobi")
    kit = type(kit)(
        **{
            **{f: getattr(kit, f) for f in kit.__dataclass_fields__},
            "tokens": (TokenSection("T", (PieceGroup("g", (15, 15), pieces),)),),
        }
    )
    plan = plan_kit(kit, KitOptions("shinobi", duplex=True))
    kinds = plan.kinds()
    front = plan.pages[kinds.index("tokens")]
    back = plan.pages[kinds.index("tokens") + 1]
    assert back.kind == "back"
    # Only the two-sided pieces have backs, mirrored: x' = paper width - x - width
    expected = [
        v
        for b, k in zip(front.faces, front.backs, strict=True)
        if k is not None
        for v in (A4[0] - b.rect.x - b.rect.width, b.rect.y)
    ]
    assert [v for b in back.faces for v in (b.rect.x, b.rect.y)] == pytest.approx(expected)
    assert [b.face.mark for b in back.faces] == ["XX"] * 6
    assert back.copies.startswith(f"Print on the reverse of page {kinds.index('tokens') + 1}")


@pytest.mark.parametrize("game", ["rokugan", "shinobi", "ricewars"])
def test_duplex_keeps_every_back_on_the_reverse_of_its_front(qapp, game) -> None:
    kit = build_kit(game)
    for paper in ("A4", "Letter", "A3"):
        # Given the whole kit planned for double-sided printing in one job
        plan = plan_kit(kit, KitOptions(game, paper=paper, duplex=True))
        pages = plan.pages
        two_sided = [i for i, p in enumerate(pages) if any(b is not None for b in p.backs)]
        backs = [i for i, p in enumerate(pages) if p.kind == "back"]
        assert two_sided and len(backs) == len(two_sided), paper
        # Then every front with backs is on an odd page, its back on the even page after it
        for index in two_sided:
            assert (index + 1) % 2 == 1, (paper, index + 1, pages[index].title)
            assert pages[index + 1].kind == "back" and pages[index + 1].back_of == index
        # and every back is the reverse of the page before it, on an even page
        for index in backs:
            assert (index + 1) % 2 == 0 and index - 1 in two_sided, (paper, index + 1)
            assert pages[index].copies == (
                f"Print on the reverse of page {index} (duplex, long edge)"
            )
        # A blank page stands only where a front would have fallen on an even page,
        # and says what it is in its header like every other page
        for index, page in enumerate(pages):
            if page.kind == "blank":
                assert index + 1 in two_sided and (index + 1) % 2 == 0, (paper, index + 1)
                assert page.title == "This page is intentionally blank"
                assert page.copies.startswith("Print ")
        # The sections hold no blank page at their ends, and follow each other in order
        for title, first, last in plan.sections:
            assert pages[first].kind != "blank" and pages[last].kind != "blank", title
            assert all(p.section == title for p in pages[first : last + 1] if p.kind != "blank")
        ends = [(first, last) for _t, first, last in plan.sections]
        assert all(a[1] < b[0] for a, b in pairwise(ends))
        # Without duplex there are no backs and no blank pages
        single = plan_kit(kit, KitOptions(game, paper=paper)).kinds()
        assert "back" not in single and "blank" not in single


def test_a_one_sided_page_before_a_front_faces_a_blank(qapp) -> None:
    # Given a kit whose token pages are a one-sided page, then two-sided pieces
    pieces = tuple(_piece(str(i), True) for i in range(3))
    kit = build_kit("shinobi")
    kit = type(kit)(
        **{
            **{f: getattr(kit, f) for f in kit.__dataclass_fields__},
            "tokens": (
                TokenSection("One-sided", (PieceGroup("g", (15, 15), (_piece("x", False),)),)),
                TokenSection("Two-sided", (PieceGroup("h", (15, 15), pieces),), copies=2),
            ),
        }
    )
    plan = plan_kit(kit, KitOptions("shinobi", duplex=True))
    kinds = plan.kinds()
    one = kinds.index("tokens")
    # Then, the one-sided page on an odd page, a blank is its reverse and the front
    # follows on the next sheet, its back behind it
    assert (one + 1) % 2 == 1
    assert kinds[one : one + 4] == ["tokens", "blank", "tokens", "back"]
    assert plan.pages[one + 3].back_of == one + 2


@pytest.mark.parametrize(("paper", "per_page"), [("A4", 9), ("Letter", 6), ("A3", 16)])
def test_poker_cards_per_page(paper, per_page) -> None:
    sheet = paper_size(paper, False)
    columns, rows, x0, y0, gap_x, gap_y = card_grid(content_frame(sheet), POKER_MM)
    assert columns * rows == per_page
    # And the grid is centred, inside the safe margin
    assert x0 == pytest.approx(sheet[0] - (x0 + columns * POKER_MM[0] + (columns - 1) * gap_x))
    assert x0 >= SAFE_MARGIN_MM and y0 >= SAFE_MARGIN_MM


def test_decks_of_another_size_start_a_page() -> None:
    small = Deck("S", POKER_MM, "poker", tuple(_piece(str(i), True) for i in range(4)))
    big = Deck("B", (95, 66), "boards", tuple(_piece(str(i), True) for i in range(3)))
    pages = card_pages((small, big), A4)
    assert [len(p.faces) for p in pages] == [4, 3]
    assert pages[0].title == "Cards: S (4)" and pages[1].title == "Cards: B (3)"


def test_a_card_larger_than_the_paper_is_refused() -> None:
    huge = Deck("H", (300, 400), "huge", (_piece("x", False),))
    with pytest.raises(LayoutError, match="does not fit"):
        card_pages((huge,), A4)


def _garbage(rng: random.Random) -> object:
    """Something a hand-edited settings file could hold where the kit's options go."""
    values = [None, True, 0, 1.0, 2.5, -1, "", "A5", "rokugan", "1.0", [1], {"x": 1}]
    if rng.random() < 0.2:
        return rng.choice(values)
    keys = ["game", "map", "paper", "scale", "duplex", "other"]
    return {
        k: rng.choice(values + ["A3", "Letter", "shinobi", "maps/x.yaml"])
        for k in rng.sample(keys, rng.randint(0, len(keys)))
    }


def test_remembered_options_are_always_usable() -> None:
    # Whatever the settings file holds, the dialog starts from valid options
    rng = random.Random(23)
    for _ in range(300):
        game = rng.choice([None, "rokugan", "shinobi", "ricewars", "chess"])
        options = options_from_settings(_garbage(rng), game, None)
        assert options.game in ("rokugan", "shinobi", "ricewars")
        assert options.paper in ("A4", "A3", "Letter") and options.scale in (None, 1.0)
        assert options.map is None or isinstance(options.map, str)
        assert options.game != "shinobi" or options.map is None


def _painted(face: Face):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from app.printing.kit.faces import paint_face

    image = QImage(180, 252, QImage.Format.Format_ARGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    paint_face(painter, face, QRectF(0, 0, 180, 252))
    painter.end()
    return image


def test_kanji_print_only_where_a_font_has_them(qapp, monkeypatch) -> None:
    # Given a Rice Wars card with its kanji, on a machine with no Japanese font
    from app.printing.kit import faces

    kit = build_kit("ricewars")
    card = next(
        piece.front
        for deck in kit.decks
        for piece in deck.cards
        if piece.front.kind == "card" and piece.front.kanji
    )
    monkeypatch.setattr(faces, "has_japanese_font", lambda: False)
    # Then the card prints as if it had none (no empty boxes)
    bare = replace(card, kanji="")
    assert _painted(card) == _painted(bare)
    # And with a font that has them, the kanji are drawn
    monkeypatch.setattr(faces, "has_japanese_font", lambda: True)
    assert _painted(card) != _painted(bare)
