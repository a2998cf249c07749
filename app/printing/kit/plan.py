"""The kit's pages, planned in millimetres before anything is drawn (no Qt).

Every page has a header band (what the page is, and how many copies to print) and a
footer band (how to cut or fold it, the page number) inside the printer's safe margin
(`SAFE_MARGIN_MM`: nothing is printed nearer the paper's edge). Pieces are laid out in
rows; cards in a grid centred on the sheet, so the mirrored back sheet lines up.

Two-sided pieces: with `duplex`, each front sheet is followed by its back sheet, where
every back sits behind its front when the sheet is turned over its long edge — the same
rows, columns in mirrored order (x' = paper width − x − width). Every such front is on an
odd page and its back on the even page after it, so that the whole kit prints
double-sided in one job: where a one-sided page would put the next front on an even
page, a page marked "intentionally blank" comes between. Without duplex a
two-sided piece is printed as a fold pair: front above back, cut out together and folded
on the line between them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from app.i18n import _, ngettext, number
from app.printing.kit.model import Aid, Deck, Face, Kit, Piece, TokenSection
from app.printing.layout import (
    DEFAULT_OVERLAP_MM,
    SAFE_MARGIN_MM,
    BoardPlan,
    LayoutError,
    Rect,
    paper_size,
    plan_fit,
    plan_scaled,
)
from maps.print_sizes import TOKEN_MM

HEADER_MM = 6.0
FOOTER_MM = 5.0
BAND_GAP_MM = 1.0
HEADING_MM = 5.5
TOKEN_GAP_MM = 2.0
CARD_GAP_MM = 3.0
BOARD_SIDE_MM = 10.0  # board pages keep the board print's side margins (crop marks fit)
BOARD_INSET_MM = 4.0  # room above and below a board tile for its crop marks


@dataclass(frozen=True, slots=True)
class KitOptions:
    """How to print a kit: which game and map, paper, board scale, double-sided or not.

    `scale` 1.0 (the default) tiles the board at true size, so that its border spots fit
    the kit's combat tokens; None fits it on one page (the contents page says its scale).
    """

    game: str
    map: str | None = None
    paper: str = "A4"
    scale: float | None = 1.0
    duplex: bool = False


@dataclass(frozen=True, slots=True)
class FaceBox:
    """A face drawn in a rectangle of the sheet (mm)."""

    face: Face
    rect: Rect


@dataclass(slots=True)
class KitPage:
    """One planned page.

    `kind`: contents, board, legend, index, tile, mat, tokens, cards, back, aid, rules,
    blank (with duplex: it keeps the next front on the front of a sheet).
    `title` says what the page is, `copies` how many to print. Cut outlines are `cuts`
    (sheet mm), fold lines `folds` ((x0, y0, x1, y1) mm).
    """

    kind: str
    title: str
    copies: str
    note: str = ""
    faces: list[FaceBox] = field(default_factory=list)
    backs: list[Face | None] = field(default_factory=list)  # each face's back, for duplex
    cuts: list[Rect] = field(default_factory=list)
    folds: list[tuple[float, float, float, float]] = field(default_factory=list)
    headings: list[tuple[str, Rect]] = field(default_factory=list)
    aids: list[tuple[Aid, Rect]] = field(default_factory=list)
    section: str = ""
    back_of: int | None = None  # 0-based index of the page this one is the reverse of
    tile: str = ""  # the board sheet code (R1C2) of a tile page


@dataclass(slots=True)
class KitPlan:
    """Every page of a kit, the board's page plan, and where each section starts."""

    paper: tuple[float, float]
    pages: list[KitPage]
    board_plan: BoardPlan | None
    sections: list[tuple[str, int, int]]  # (section title, first page, last page), 0-based

    def kinds(self) -> list[str]:
        """Each page's kind, in order."""
        return [p.kind for p in self.pages]


def content_frame(paper: tuple[float, float]) -> Rect:
    """The part of a kit page under the header and above the footer (mm)."""
    top = SAFE_MARGIN_MM + HEADER_MM + BAND_GAP_MM
    bottom = SAFE_MARGIN_MM + FOOTER_MM + BAND_GAP_MM
    return Rect(SAFE_MARGIN_MM, top, paper[0] - 2 * SAFE_MARGIN_MM, paper[1] - top - bottom)


def board_frame(paper: tuple[float, float]) -> Rect:
    """Where a kit's board pages draw: the content frame with the board print's sides."""
    frame = content_frame(paper)
    inset = BOARD_INSET_MM
    return Rect(
        BOARD_SIDE_MM, frame.y + inset, paper[0] - 2 * BOARD_SIDE_MM, frame.height - 2 * inset
    )


def copies_text(copies: int, note: str = "") -> str:
    """ "Print 1 copy", "Print 5 copies (one per player)"."""
    text = ngettext("Print {n} copy", "Print {n} copies", copies).format(n=copies)
    return _("{copies} ({note})").format(copies=text, note=note) if note else text


# --------------------------------------------------------------------------- the whole kit


def plan_kit(kit: Kit, options: KitOptions, paper: tuple[float, float] | None = None) -> KitPlan:
    """Every page of the kit in print order (raises LayoutError for an unknown paper).

    `paper` (mm) overrides the options' paper: a printer's own page size.
    """
    paper = paper or paper_size(options.paper, False)
    pages: list[KitPage] = [KitPage("contents", _("Contents"), copies_text(1))]
    sections: list[tuple[str, int, int]] = []

    def section(title: str, new: list[KitPage]) -> None:
        if not new:
            return
        for page in new:
            page.section = title
        sections.append((title, len(pages), len(pages) + len(new) - 1))
        pages.extend(new)

    board_plan = None
    if kit.board is not None:
        board_plan, board_pages = _board_pages(kit, paper, options)
        section(_("Board"), board_pages)
    if kit.mats:
        section(_("Board: province mats"), [_aid_page(a, paper) for a in kit.mats])
    token_fronts = token_pages(kit.tokens, paper, options.duplex)
    section(_("Tokens"), _paired(token_fronts, paper, options.duplex))
    section(_("Cards"), _paired(card_pages(kit.decks, paper), paper, options.duplex))
    section(_aid_section_title(kit), aid_pages(kit.aids, paper))
    rules_copies = copies_text(1, _("or one per player"))
    section(_("Rules reference"), [KitPage("rules", kit.rules.title, rules_copies)])
    if options.duplex:
        pages = _sheets_aligned(pages)
        sections = _section_ranges(pages)
    _number_backs(pages)
    return KitPlan(paper, pages, board_plan, sections)


def _sheets_aligned(pages: list[KitPage]) -> list[KitPage]:
    """`pages` with a blank page before every front whose page number would be even, so
    that the whole kit printed double-sided in one job puts each front on the front of a
    sheet (an odd page) and its back on that sheet's reverse (the even page after it); a
    one-sided page before a front then faces a blank, instead of shifting every pair
    after it by one side."""
    out: list[KitPage] = []
    for index, page in enumerate(pages):
        has_back = index + 1 < len(pages) and pages[index + 1].kind == "back"
        if has_back and len(out) % 2 == 1:  # 0-based odd: an even page number
            out.append(
                KitPage(
                    "blank",
                    _("This page is intentionally blank"),
                    copies_text(1),
                    note=_("Left blank for double-sided printing."),
                )
            )
        out.append(page)
    return out


def _section_ranges(pages: list[KitPage]) -> list[tuple[str, int, int]]:
    """(title, first page, last page) of each section, 0-based, from the pages' sections
    (blank pages between sections belong to none)."""
    ranges: dict[str, list[int]] = {}
    for index, page in enumerate(pages):
        if page.section:
            ranges.setdefault(page.section, [index, index])[1] = index
    return [(title, first, last) for title, (first, last) in ranges.items()]


def _aid_section_title(kit: Kit) -> str:
    layouts = {a.layout for a in kit.aids}
    if layouts == {"screen"}:
        return _("Clan screens")
    if any(a.subtitle == _("Daimyo board") for a in kit.aids):
        return _("Daimyo boards")
    return _("Player aids")


def board_scale_text(kit: Kit, plan: KitPlan) -> str:
    """What the contents page says of the board's print: its scale, and whether its border
    spots fit the combat tokens (else how many sheets true size takes); "" without one."""
    board, board_plan = kit.board, plan.board_plan
    if board is None or board_plan is None:
        return ""
    percent = f"{board_plan.scale * 100:.0f} %"
    spots = bool(getattr(board, "marks", ()))  # a game whose tokens sit on the borders
    if board_plan.tiled:
        where = _("on {rows} × {columns} sheets to tape together").format(
            rows=board_plan.rows, columns=board_plan.columns
        )
    else:
        where = _("fitted on one page")
    if board_plan.scale >= 1.0 - 1e-9:
        size = _("true size (100 %)") if board_plan.scale <= 1.0 + 1e-9 else percent
        text = _("The board is printed at {size}, {where}").format(size=size, where=where)
        if not spots:
            return text + "."
        fits = _("{text}: its border spots fit the {mm} mm combat tokens.")
        return fits.format(text=text, mm=number(TOKEN_MM))
    text = _("The board is printed at {size}, {where}").format(size=percent, where=where)
    if not spots:
        return text + "."
    frame = board_frame(plan.paper)
    true = plan_scaled(plan.paper, board.size_mm, 1.0, DEFAULT_OVERLAP_MM, True, area=frame)  # type: ignore[attr-defined]
    return _(
        "{text}: its border spots are {spot} mm across, smaller than the {mm} mm combat "
        "tokens. To play with these tokens, print the board at true size ({sheets} sheets): "
        "`daimyo kit --scale 1.0`, or Board: true size in Print kit…."
    ).format(
        text=text,
        spot=number(TOKEN_MM * board_plan.scale, ".1f"),
        mm=number(TOKEN_MM),
        sheets=len(true.tiles),
    )


def _board_pages(
    kit: Kit, paper: tuple[float, float], options: KitOptions
) -> tuple[BoardPlan, list[KitPage]]:
    board = kit.board
    frame = board_frame(paper)
    size = board.size_mm  # type: ignore[attr-defined]
    if options.scale is None:
        plan = plan_fit(paper, size, True, area=frame)
    else:
        plan = plan_scaled(paper, size, options.scale, DEFAULT_OVERLAP_MM, True, area=frame)
    name = board.name  # type: ignore[attr-defined]
    pages: list[KitPage] = []
    if not plan.tiled:
        what = f"{plan.scale * 100:.0f} %" if options.scale is None else _("true size")
        title = _("Board: {map}, fitted on one page ({scale})").format(map=name, scale=what)
        pages.append(KitPage("board", title, copies_text(1)))
        if plan.legend_rect is None:
            legend = _("Board: {map}, legend").format(map=name)
            pages.append(KitPage("legend", legend, copies_text(1)))
        return plan, pages
    index = _("Board: {map}, assembly index").format(map=name)
    pages.append(KitPage("index", index, copies_text(1)))
    pages.append(KitPage("legend", _("Board: {map}, legend").format(map=name), copies_text(1)))
    for tile in plan.tiles:
        pages.append(
            KitPage(
                "tile",
                _("Board sheet {code} ({label} of {rows} × {columns}), {scale}").format(
                    code=tile.code,
                    label=tile.label,
                    rows=plan.rows,
                    columns=plan.columns,
                    scale=f"{plan.scale * 100:.0f} %",
                ),
                copies_text(1),
                note=_("Trim on the crop marks, overlap the neighbour so the ⊕ marks meet, tape."),
                tile=tile.code,
            )
        )
    return plan, pages


def _paired(fronts: list[KitPage], paper: tuple[float, float], duplex: bool) -> list[KitPage]:
    """With duplex, each front page with two-sided pieces followed by its back page."""
    if not duplex:
        return fronts
    out: list[KitPage] = []
    for page in fronts:
        out.append(page)
        back_faces = [
            FaceBox(back, _mirror(box.rect, paper[0]))
            for box, back in zip(page.faces, page.backs, strict=True)
            if back is not None
        ]
        if not back_faces:
            continue
        out.append(
            KitPage(
                "back",
                _("Back of: {page}").format(page=page.title),
                _("Print on the reverse of the page before (duplex, long edge)"),
                note=_("Backs line up with their fronts when printed double-sided."),
                faces=back_faces,
                backs=[None] * len(back_faces),
                cuts=[  # two-sided pieces only: duplex pages have one cut per face
                    _mirror(box.rect, paper[0])
                    for box, back in zip(page.faces, page.backs, strict=True)
                    if back is not None
                ],
            )
        )
    return out


def _mirror(rect: Rect, paper_width: float) -> Rect:
    return Rect(paper_width - rect.x - rect.width, rect.y, rect.width, rect.height)


def _number_backs(pages: list[KitPage]) -> None:
    """Name the page each back page is the reverse of."""
    for index, page in enumerate(pages):
        if page.kind == "back":
            page.back_of = index - 1
            page.copies = _("Print on the reverse of page {n} (duplex, long edge)").format(n=index)


# --------------------------------------------------------------------------- tokens


def token_pages(
    sections: tuple[TokenSection, ...], paper: tuple[float, float], duplex: bool
) -> list[KitPage]:
    """Token sections' front pages: groups in rows, a heading above each group.

    A section continues on the page before when it fits there; a section with a different
    number of copies starts a page of its own.
    """
    frame = content_frame(paper)
    pages: list[KitPage] = []
    gap = TOKEN_GAP_MM
    titles: list[list[TokenSection]] = []
    page: KitPage | None = None
    y = frame.y

    def new_page(section: TokenSection) -> KitPage:
        fresh = KitPage(
            "tokens", "", copies_text(section.copies), note=_("Cut along the grey lines.")
        )
        pages.append(fresh)
        titles.append([])
        return fresh

    for section in sections:
        for group in section.groups:
            w, h = group.size_mm
            fold = not duplex and any(p.two_sided for p in group.pieces)
            cell_h = 2 * h if fold else h
            columns = max(1, int((frame.width + gap) // (w + gap)))
            rows = math.ceil(len(group.pieces) / columns)
            if w > frame.width or cell_h > frame.height - HEADING_MM:
                raise LayoutError(
                    _("{group}: a {w} × {h} mm piece does not fit the paper").format(
                        group=group.title, w=f"{w:g}", h=f"{h:g}"
                    )
                )
            heading = group.title
            row = 0
            while row < rows:
                if (
                    page is None
                    or page.copies != copies_text(section.copies)
                    or y + HEADING_MM + cell_h > frame.bottom + 1e-6
                ):
                    page = new_page(section)
                    y = frame.y
                if section not in titles[-1]:
                    titles[-1].append(section)
                if fold:
                    page.note = _(
                        "Cut along the grey lines; fold each pair on the dashed line and glue it."
                    )
                page.headings.append((heading, Rect(frame.x, y, frame.width, HEADING_MM)))
                y += HEADING_MM
                heading = _("{group} (continued)").format(group=group.title)
                while row < rows and y + cell_h <= frame.bottom + 1e-6:
                    start = row * columns
                    for c, piece in enumerate(group.pieces[start : start + columns]):
                        x = frame.x + c * (w + gap)
                        _place(page, piece, Rect(x, y, w, h), fold)
                    y += cell_h + gap
                    row += 1
                y += 1.0
    for fresh, sections_here in zip(pages, titles, strict=True):
        fresh.title = sections_title(sections_here)
    return pages


def sections_title(sections: list[TokenSection]) -> str:
    """A page's title from its sections: "Crab, Crane clan tokens; Neutral tokens"."""
    parts: list[tuple[list[str], str]] = []  # (owner names, the rest of the title)
    for section in sections:
        owner = section.owner.name if section.owner is not None else ""
        rest = section.title.replace(owner, "", 1).strip() if owner else section.title
        if owner and parts and parts[-1][0] and parts[-1][1] == rest:
            parts[-1][0].append(owner)
        else:
            parts.append(([owner] if owner else [], rest))
    return "; ".join(f"{', '.join(owners)} {rest}" if owners else rest for owners, rest in parts)


def _place(page: KitPage, piece: Piece, rect: Rect, fold: bool) -> None:
    """Put a piece on a page: its front (and, folding, its back below it) and its cuts."""
    page.faces.append(FaceBox(piece.front, rect))
    if fold and piece.back is not None:
        below = Rect(rect.x, rect.bottom, rect.width, rect.height)
        page.faces.append(FaceBox(piece.back, below))
        page.backs.extend([None, None])
        page.cuts.append(Rect(rect.x, rect.y, rect.width, 2 * rect.height))
        page.folds.append((rect.x, rect.bottom, rect.right, rect.bottom))
    else:
        page.backs.append(piece.back)
        page.cuts.append(rect)


# --------------------------------------------------------------------------- cards


def card_grid(
    frame: Rect, size: tuple[float, float]
) -> tuple[int, int, float, float, float, float]:
    """(columns, rows, x0, y0, gap x, gap y) of the card grid centred in `frame`."""
    w, h = size
    columns = int((frame.width + 1e-6) // w)
    rows = int((frame.height + 1e-6) // h)
    if columns < 1 or rows < 1:
        raise LayoutError(
            _("a {w} × {h} mm card does not fit on this paper").format(w=f"{w:g}", h=f"{h:g}")
        )
    gap_x = min(CARD_GAP_MM, (frame.width - columns * w) / (columns - 1)) if columns > 1 else 0
    gap_y = min(CARD_GAP_MM, (frame.height - rows * h) / (rows - 1)) if rows > 1 else 0
    grid_w = columns * w + (columns - 1) * gap_x
    grid_h = rows * h + (rows - 1) * gap_y
    return (
        columns,
        rows,
        frame.x + (frame.width - grid_w) / 2,
        frame.y + (frame.height - grid_h) / 2,
        gap_x,
        gap_y,
    )


def card_pages(decks: tuple[Deck, ...], paper: tuple[float, float]) -> list[KitPage]:
    """Card fronts in a grid; decks of one size share pages, a new size starts a page."""
    frame = content_frame(paper)
    pages: list[KitPage] = []
    size: tuple[float, float] | None = None
    slot = per_page = 0
    grid = (1, 1, 0.0, 0.0, 0.0, 0.0)
    for deck in decks:
        for card in deck.cards:
            if deck.size_mm != size or slot == per_page:
                if deck.size_mm != size:
                    size = deck.size_mm
                    grid = card_grid(frame, size)
                    per_page = grid[0] * grid[1]
                cut = _("Cut along the grey lines.")
                pages.append(KitPage("cards", "", copies_text(deck.copies), note=cut))
                slot = 0
            columns, _rows, x0, y0, gx, gy = grid
            r, c = divmod(slot, columns)
            rect = Rect(x0 + c * (size[0] + gx), y0 + r * (size[1] + gy), size[0], size[1])
            page = pages[-1]
            page.faces.append(FaceBox(card.front, rect))
            page.cuts.append(rect)
            page.backs.append(card.back)
            if deck.title not in page.title:
                page.title = f"{page.title}, {deck.title}" if page.title else deck.title
            slot += 1
    for page in pages:
        page.title = _("Cards: {decks} ({n})").format(decks=page.title, n=len(page.faces))
    return pages


# --------------------------------------------------------------------------- aids and mats


def aid_pages(aids: tuple[Aid, ...], paper: tuple[float, float]) -> list[KitPage]:
    """Screens and mats one to a page; half-page aids two to a page."""
    pages: list[KitPage] = []
    halves: list[Aid] = []
    for aid in aids:
        if aid.layout == "half":
            halves.append(aid)
        else:
            pages.append(_aid_page(aid, paper))
    frame = content_frame(paper)
    half_h = (frame.height - 4) / 2
    i = 0
    while i < len(halves):
        first = halves[i]
        # One aid printed for several players: two on a page, half as many copies.
        if first.copies > 1:
            pair = [first, first]
            if first.copies_note:
                note = _("two to a page: {n} aids, {note}").format(
                    n=first.copies, note=first.copies_note
                )
            else:
                note = _("two to a page: {n} aids").format(n=first.copies)
            copies = copies_text(math.ceil(first.copies / 2), note)
            i += 1
        else:
            pair = halves[i : i + 2]
            copies = copies_text(1)
            i += 2
        titles = list(dict.fromkeys(a.title for a in pair))
        title = titles[0] if len(titles) == 1 else _("{a} and {b}").format(a=titles[0], b=titles[1])
        page = KitPage("aid", title, copies, note=_("Cut along the grey line."))
        for k, aid in enumerate(pair):
            rect = Rect(frame.x, frame.y + k * (half_h + 4), frame.width, half_h)
            page.aids.append((aid, rect))
            page.cuts.append(rect)
        pages.append(page)
    return pages


def _aid_page(aid: Aid, paper: tuple[float, float]) -> KitPage:
    frame = content_frame(paper)
    kind = "mat" if aid.layout == "mat" else "aid"
    note = (
        _("Fold on the dashed line into a tent: the clan faces the table, the reference you.")
        if aid.layout == "screen"
        else _("Lay it in front of you.")
    )
    page = KitPage(
        kind,
        f"{aid.title}" + (f" — {aid.subtitle}" if aid.subtitle else ""),
        copies_text(aid.copies, aid.copies_note),
        note=note,
    )
    page.aids.append((aid, frame))
    if aid.layout == "screen":
        middle = frame.y + frame.height / 2
        page.folds.append((frame.x, middle, frame.right, middle))
    return page
