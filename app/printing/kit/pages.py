"""Painting the kit's own pages: header and footer bands, contents, aids, mats, rules.

Header: what the page is (left) and how many copies to print (right, bold). Footer: how to
cut or fold it (left) and the page number (right). Both lie inside the safe margin.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _, ngettext
from app.printing import draw
from app.printing.kit.faces import (
    LEFT,
    WRAP_LEFT,
    crest,
    cut_outline,
    fold_line,
    one_line,
    paint_face,
    text_height,
    wrapped,
)
from app.printing.kit.model import Aid, Face, Kit, RulesPage
from app.printing.kit.plan import (
    BAND_GAP_MM,
    FOOTER_MM,
    HEADER_MM,
    KitOptions,
    KitPage,
    KitPlan,
    board_scale_text,
    content_frame,
)
from app.printing.layout import SAFE_MARGIN_MM, Rect

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
HEADER_COLOUR = "#7a1f1f"
RULER_COLOUR = "#0b3d91"  # the calibration ruler on the contents page


def pt(rect: Rect) -> QRectF:
    """A millimetre rectangle in points."""
    return QRectF(draw.mm(rect.x), draw.mm(rect.y), draw.mm(rect.width), draw.mm(rect.height))


def paint_bands(
    painter: QPainter,
    paper: tuple[float, float],
    kit: Kit,
    page: KitPage,
    number: int,
    total: int,
) -> None:
    """The header (what, how many) and footer (how, page n of N) of a page."""
    width = draw.mm(paper[0] - 2 * SAFE_MARGIN_MM)
    x = draw.mm(SAFE_MARGIN_MM)
    top = draw.mm(SAFE_MARGIN_MM)
    header = QRectF(x, top, width, draw.mm(HEADER_MM))
    copies_w = min(width * 0.45, draw.text_size(painter, page.copies, draw.font(8, True))[0] + 6)
    one_line(
        painter,
        QRectF(x, top, width - copies_w - 6, header.height()),
        _("{game} kit · {page}").format(game=kit.game_name, page=page.title),
        8.5,
        colour=HEADER_COLOUR,
        flags=LEFT,
    )
    one_line(
        painter,
        QRectF(x + width - copies_w, top, copies_w, header.height()),
        page.copies,
        8,
        flags=RIGHT,
    )
    painter.save()
    painter.setPen(draw.pen(HEADER_COLOUR, 0.5))
    y = header.bottom() + draw.mm(BAND_GAP_MM) * 0.4
    painter.drawLine(QPointF(x, y), QPointF(x + width, y))
    painter.restore()
    foot_y = draw.mm(paper[1] - SAFE_MARGIN_MM - FOOTER_MM)
    foot_h = draw.mm(FOOTER_MM)
    number_text = _("page {n} of {total}").format(n=number, total=total)
    one_line(
        painter,
        QRectF(x, foot_y, width * 0.8, foot_h),
        page.note,
        7,
        colour="#555555",
        bold=False,
        flags=LEFT,
    )
    one_line(
        painter,
        QRectF(x + width * 0.8, foot_y, width * 0.2, foot_h),
        number_text,
        7,
        colour="#555555",
        bold=False,
        flags=RIGHT,
    )


def paint_pieces(painter: QPainter, page: KitPage) -> None:
    """Token and card pages: headings, faces, cut outlines, fold lines."""
    for text, rect in page.headings:
        one_line(painter, pt(rect), text, 8, flags=LEFT)
    for box in page.faces:
        paint_face(painter, box.face, pt(box.rect))
    for rect in page.cuts:
        cut_outline(painter, pt(rect))
    for x0, y0, x1, y1 in page.folds:
        fold_line(painter, QPointF(draw.mm(x0), draw.mm(y0)), QPointF(draw.mm(x1), draw.mm(y1)))


# --------------------------------------------------------------------------- contents


def paint_contents(painter: QPainter, kit: Kit, plan: KitPlan, options: KitOptions) -> None:
    """The contents page: what is in the kit, on which pages, how to print it."""
    frame = pt(content_frame(plan.paper))
    x, y, w = frame.x(), frame.y() + 4, frame.width()
    one_line(
        painter,
        QRectF(x, y, w, 26),
        _("{game} — print-and-play kit").format(game=kit.game_name),
        20,
        colour=HEADER_COLOUR,
        flags=LEFT,
    )
    y += 28
    board = _("Board: {map}").format(map=kit.map_name)
    one_line(painter, QRectF(x, y, w, 14), board, 10.5, bold=False, flags=LEFT)
    y += 16
    scale = board_scale_text(kit, plan)  # the board's scale; do its spots fit the tokens?
    if scale:
        y += wrapped(painter, QRectF(x, y, w, 40), scale, 9, flags=WRAP_LEFT)
    y += 6
    one_line(painter, QRectF(x, y, w, 14), _("Contents"), 12, flags=LEFT)
    y += 16
    total = len(plan.pages)
    for title, first, last in plan.sections:
        if first == last:
            pages = _("page {n}").format(n=first + 1)
        else:
            pages = _("pages {first}–{last}").format(first=first + 1, last=last + 1)
        copies = _section_copies(plan, first, last)
        one_line(painter, QRectF(x + 8, y, w * 0.45, 12), title, 9.5, flags=LEFT)
        one_line(painter, QRectF(x + w * 0.45, y, w * 0.17, 12), pages, 9.5, bold=False, flags=LEFT)
        one_line(
            painter,
            QRectF(x + w * 0.62, y, w * 0.38, 12),
            copies,
            8.5,
            bold=False,
            colour="#444444",
            flags=LEFT,
        )
        y += 13
    y += 10
    one_line(painter, QRectF(x, y, w, 14), _("What the kit holds"), 12, flags=LEFT)
    y += 16
    for line in _holdings(kit):
        y += wrapped(painter, QRectF(x + 8, y, w - 8, 40), line, 9, flags=WRAP_LEFT) + 3
    y += 10
    one_line(painter, QRectF(x, y, w, 14), _("How to print"), 12, flags=LEFT)
    y += 16
    for line in _how_to_print(kit, plan, options, total):
        y += wrapped(painter, QRectF(x + 8, y, w - 8, 40), line, 9, flags=WRAP_LEFT) + 3
    _ruler(painter, QPointF(x + 8, min(y + 18, frame.bottom() - 30)))


def _section_copies(plan: KitPlan, first: int, last: int) -> str:
    texts = list(dict.fromkeys(p.copies for p in plan.pages[first : last + 1] if p.kind != "back"))
    backs = any(p.kind == "back" for p in plan.pages[first : last + 1])
    text = "; ".join(texts) if len(texts) <= 2 else _("see each page")
    return _("{copies}; backs on the reverse").format(copies=text) if backs else text


def _holdings(kit: Kit) -> list[str]:
    lines = [
        _("{deck}: {n} ({size}).").format(deck=deck.title, n=len(deck.cards), size=deck.size_name)
        for deck in kit.decks
    ]
    owned = [s for s in kit.tokens if s.owner is not None]
    if owned:
        counts = sorted({s.count for s in owned})
        each = _(" or ").join(str(c) for c in counts)
        names = ", ".join(s.owner.name for s in owned)  # type: ignore[union-attr]
        lines.append(_("{n} pieces for each of {owners}.").format(n=each, owners=names))
    lines += [
        ngettext("{section}: {n} piece.", "{section}: {n} pieces.", s.count).format(
            section=s.title, n=s.count
        )
        for s in kit.tokens
        if s.owner is None
    ]
    groups: dict[str, list[Aid]] = {}
    for aid in (*kit.mats, *kit.aids):
        groups.setdefault(aid.subtitle or aid.title, []).append(aid)
    for kind, aids in groups.items():
        copies = sum(a.copies for a in aids)
        owners = ", ".join(a.owner.name for a in aids if a.owner is not None)
        if owners:
            lines.append(_("{kind}: {n} ({owners}).").format(kind=kind, n=copies, owners=owners))
        else:
            lines.append(_("{kind}: {n}.").format(kind=kind, n=copies))
    lines.extend(kit.notes)
    return lines


def _how_to_print(kit: Kit, plan: KitPlan, options: KitOptions, total: int) -> list[str]:
    lines = [
        _(
            "{n} pages on {paper}. Print at actual size (100 %, no 'fit to page'): "
            "the ruler below must measure 100 mm."
        ).format(n=total, paper=options.paper),
        _("Each page says at the top what it is and how many copies to print."),
    ]
    if options.duplex:
        lines.append(
            _(
                "Double-sided: print the whole kit duplex, flipping on the long edge: each "
                "front is on an odd page with its back on the page after it, and pages marked "
                "'intentionally blank' keep them so."
            )
        )
    else:
        lines.append(
            _(
                "Single-sided: two-sided tokens are printed as pairs to fold and glue; "
                "cards have no printed backs (use opaque sleeves, or print with duplex)."
            )
        )
    lines.append(_("Thick paper or card stock (200 g/m² or more) makes tokens and cards last."))
    return lines


def _ruler(painter: QPainter, origin: QPointF) -> None:
    """A 100 mm calibration ruler with centimetre ticks."""
    painter.save()
    length = draw.mm(100)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(RULER_COLOUR))
    painter.drawRect(QRectF(origin.x(), origin.y(), length, 2.5))
    painter.setPen(draw.pen(RULER_COLOUR, 0.6))
    for cm in range(11):
        tick = origin.x() + draw.mm(cm * 10)
        painter.drawLine(QPointF(tick, origin.y()), QPointF(tick, origin.y() - 6))
    painter.restore()
    one_line(painter, QRectF(origin.x(), origin.y() + 4, length, 10), "100 mm", 7.5, bold=False)


# --------------------------------------------------------------------------- aids


def paint_aid_page(painter: QPainter, page: KitPage) -> None:
    """A screen, a mat, or two half-page aids."""
    for aid, rect in page.aids:
        area = pt(rect)
        if aid.layout == "screen":
            _screen(painter, aid, area)
        elif aid.layout == "mat":
            _mat(painter, aid, area)
        else:
            _half(painter, aid, area)
    for rect in page.cuts:
        cut_outline(painter, pt(rect))
    for x0, y0, x1, y1 in page.folds:
        fold_line(painter, QPointF(draw.mm(x0), draw.mm(y0)), QPointF(draw.mm(x1), draw.mm(y1)))


def _owner_band(painter: QPainter, aid: Aid, rect: QRectF, size: float) -> None:
    colour = aid.owner.colour if aid.owner else "#5a4a1a"
    ink = aid.owner.ink if aid.owner else "#ffffff"
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour))
    painter.drawRect(rect)
    mark_w = rect.height() * 1.3 if aid.owner else 0
    if aid.owner:
        painter.setPen(draw.pen(ink, 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        c = QPointF(rect.x() + mark_w / 2 + 4, rect.center().y())
        painter.drawEllipse(c, rect.height() * 0.4, rect.height() * 0.4)
        one_line(
            painter,
            draw.centred_rect(c.x(), c.y(), rect.height() * 0.7, rect.height() * 0.6),
            aid.owner.mark,
            size * 0.7,
            colour=ink,
        )
    one_line(
        painter,
        QRectF(rect.x() + mark_w + 8, rect.y(), rect.width() - mark_w - 12, rect.height() * 0.65),
        aid.title,
        size,
        colour=ink,
        flags=LEFT,
    )
    one_line(
        painter,
        QRectF(
            rect.x() + mark_w + 8,
            rect.y() + rect.height() * 0.58,
            rect.width() - mark_w - 12,
            rect.height() * 0.35,
        ),
        aid.subtitle,
        size * 0.45,
        colour=ink,
        bold=False,
        flags=LEFT,
    )


def _sections(
    painter: QPainter, aid: Aid, rect: QRectF, size: float, grow_to: float | None = None
) -> None:
    """The aid's sections flowed into `rect`, shrunk until they fit (or grown, up to
    `grow_to` points, to fill a page of their own)."""
    while True:
        if _sections_height(painter, aid, rect.width(), size) <= rect.height() or size < 5.5:
            break
        size *= 0.93
    while grow_to is not None and size * 1.05 <= grow_to:
        if _sections_height(painter, aid, rect.width(), size * 1.05) > rect.height():
            break
        size *= 1.05
    y = rect.y()
    for section in aid.sections:
        one_line(
            painter,
            QRectF(rect.x(), y, rect.width(), size * 1.5),
            section.heading,
            size * 1.15,
            colour=HEADER_COLOUR,
            flags=LEFT,
        )
        y += size * 1.6
        for line in section.lines:
            y += (
                wrapped(
                    painter,
                    QRectF(rect.x() + 6, y, rect.width() - 6, rect.bottom() - y),
                    line,
                    size,
                    flags=WRAP_LEFT,
                )
                + size * 0.3
            )
        y += size * 0.5


def _sections_height(painter: QPainter, aid: Aid, width: float, size: float) -> float:
    height = 0.0
    f = draw.font(size)
    for section in aid.sections:
        height += size * 1.6 + size * 0.5
        for line in section.lines:
            height += text_height(painter, line, f, width - 6) + size * 0.3
    return height


def _screen(painter: QPainter, aid: Aid, area: QRectF) -> None:
    """A tent screen: the outward half upside down (the table reads it), the inner half."""
    half = area.height() / 2
    outer = QRectF(area.x(), area.y(), area.width(), half)
    painter.save()  # the outer half is printed turned, so both halves read upright
    painter.translate(outer.center())
    painter.rotate(180)
    painter.translate(-outer.center())
    band = QRectF(outer.x(), outer.y() + half * 0.08, outer.width(), half * 0.42)
    _owner_band(painter, aid, band, 34)
    ability = aid.sections[0]
    one_line(
        painter,
        QRectF(outer.x() + 10, band.bottom() + 10, outer.width() - 20, 16),
        ability.heading,
        12,
        colour=HEADER_COLOUR,
        flags=LEFT,
    )
    wrapped(
        painter,
        QRectF(
            outer.x() + 10,
            band.bottom() + 28,
            outer.width() - 20,
            outer.bottom() - band.bottom() - 34,
        ),
        " ".join(ability.lines),
        11,
        flags=WRAP_LEFT,
    )
    painter.restore()
    inner = QRectF(area.x(), area.y() + half, area.width(), half)
    band = QRectF(inner.x(), inner.y() + 6, inner.width(), 30)
    _owner_band(painter, aid, band, 16)
    _sections(painter, aid, inner.adjusted(10, 44, -10, -6), 9.5)


def _half(painter: QPainter, aid: Aid, area: QRectF) -> None:
    band = QRectF(area.x(), area.y(), area.width(), 40)
    _owner_band(painter, aid, band, 20)
    text = area.adjusted(10, 50, -10, -8)
    if aid.zones:  # places for the pieces, along the bottom
        zone_h = area.height() * 0.3
        text.setBottom(area.bottom() - zone_h - 10)
        _zones(
            painter,
            aid,
            QRectF(area.x() + 8, area.bottom() - zone_h - 6, area.width() - 16, zone_h),
        )
    _sections(painter, aid, text, 10, grow_to=11.5)


def _zones(painter: QPainter, aid: Aid, rect: QRectF) -> None:
    """Dashed, labelled places for pieces, side by side (wider for the first)."""
    weights = [2.0] + [1.0] * (len(aid.zones) - 1)
    unit = (rect.width() - 6 * (len(aid.zones) - 1)) / sum(weights)
    colour = aid.owner.colour if aid.owner else "#5a4a1a"
    x = rect.x()
    for label, weight in zip(aid.zones, weights, strict=True):
        box = QRectF(x, rect.y(), unit * weight, rect.height())
        painter.setPen(draw.pen(colour, 1.0, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(box, 5, 5)
        one_line(
            painter,
            QRectF(box.x() + 5, box.y() + 2, box.width() - 10, 14),
            label,
            8.5,
            colour="#444444",
            flags=LEFT,
        )
        x += box.width() + 6


def _mat(painter: QPainter, aid: Aid, area: QRectF) -> None:
    """A province mat: a title, one card space per clan (as large as fits), the aid text."""
    band = QRectF(area.x(), area.y(), area.width(), 44)
    _owner_band(painter, aid, band, 22)
    card_w, card_h = (draw.mm(v) for v in aid.spaces_size_mm)
    n = len(aid.spaces)
    gap, label_h, text_h = 10.0, 30.0, 110.0
    room_h = area.height() - band.height() - 16 - text_h
    best = (0.0, 1)
    for columns in range(1, n + 1):  # the column count that lets the spaces be largest
        rows = -(-n // columns)
        k = min(
            1.0,
            (area.width() - (columns + 1) * gap) / (columns * card_w),
            (room_h - rows * (label_h + gap)) / (rows * card_h),
        )
        best = max(best, (k, columns))
    k, columns = best
    w, h = card_w * k, card_h * k
    rows = -(-n // columns)
    top = band.bottom() + 16
    gap_x = (area.width() - columns * w) / (columns + 1)
    for i, who in enumerate(aid.spaces):
        r, c = divmod(i, columns)
        in_row = min(columns, n - r * columns)  # centre a short last row
        x0 = area.x() + (area.width() - in_row * w - (in_row - 1) * gap_x) / 2
        box = QRectF(x0 + c * (w + gap_x), top + r * (h + label_h + gap), w, h)
        painter.setPen(draw.pen(who.colour, 1.2, Qt.PenStyle.DashLine))
        painter.setBrush(QColor("#ffffff"))
        painter.drawRoundedRect(box, 6, 6)
        emblem = Face(
            "card", who.name, mark=who.mark, colour=who.colour, ink=who.ink, symbol="crest"
        )
        crest(painter, emblem, box.center(), w * 0.28)
        one_line(
            painter,
            QRectF(box.x(), box.bottom() + 2, w, 16),
            _("{clan} army").format(clan=who.name),
            11,
        )
    text_top = top + rows * (h + label_h + gap)
    _sections(
        painter,
        aid,
        QRectF(area.x() + 10, text_top, area.width() - 20, area.bottom() - text_top - 4),
        10,
    )


# --------------------------------------------------------------------------- rules


def paint_rules(painter: QPainter, rules: RulesPage, paper: tuple[float, float]) -> None:
    """The one-page rules reference, shrunk to fit the page."""
    area = pt(content_frame(paper))
    one_line(
        painter,
        QRectF(area.x(), area.y(), area.width(), 24),
        rules.title,
        16,
        colour=HEADER_COLOUR,
        flags=LEFT,
    )
    body = QRectF(area.x(), area.y() + 30, area.width(), area.height() - 48)
    aid = Aid(rules.title, rules.sections)
    _sections(painter, aid, body, 10, grow_to=12.5)
    if rules.note:
        one_line(
            painter,
            QRectF(area.x(), area.bottom() - 14, area.width(), 12),
            rules.note,
            8,
            bold=False,
            colour="#555555",
            flags=LEFT,
        )
