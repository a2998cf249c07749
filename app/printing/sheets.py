"""Play sheets after a board print (`daimyo print --sheets tokens,reference`).

They are pages of the Battle for Rokugan print-and-play kit (`app.printing.kit`): one token
page per clan — 27 combat tokens and 30 control tokens, each in the clan's colour and with
its two-letter mark from `app.palette` — and the one-page turn reference. The full kit
(`daimyo kit rokugan`) adds the neutral tokens, the cards, the clan screens and a contents
page.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _
from app.palette import ROKUGAN_CLANS, Identity
from app.printing import draw
from app.printing.model import Board

SHEET_KINDS = ("tokens", "reference")
CLANS: tuple[Identity, ...] = tuple(ROKUGAN_CLANS.values())
"""The seven clans, one token sheet each (colours and marks from the palette)."""
CLAN_IDS: tuple[str, ...] = tuple(ROKUGAN_CLANS)


def token_sheet_pages(paper: tuple[float, float], clan: str) -> list[Any]:
    """The pages of one clan's token sheet on this paper (one upright, more if turned)."""
    from app.printing.kit.plan import token_pages  # the kit imports this package
    from app.printing.kit.rokugan import clan_tokens

    return list(token_pages((clan_tokens(clan),), paper, duplex=False))


def paint_token_sheet(
    painter: QPainter, paper: tuple[float, float], clan: str, board: Board, page: Any = None
) -> None:
    """One page (default: the first) of a clan's combat and control tokens as the kit
    prints them, single-sided.

    Two-sided tokens are fold pairs: the front (the kind and strength; for control tokens
    the face-up side) above the back (the clan's mark), folded and glued.
    """
    from app.printing.kit.pages import paint_pieces  # the kit imports this package

    if page is None:
        page = token_sheet_pages(paper, clan)[0]
    _title(
        painter,
        paper,
        _("{clan} clan — tokens").format(clan=ROKUGAN_CLANS[clan].name),
        _("Board: {map}. {note}").format(map=board.name, note=page.note),
    )
    paint_pieces(painter, page)


def paint_reference_sheet(painter: QPainter, paper: tuple[float, float], board: Board) -> None:
    """The one-page turn reference for Battle for Rokugan."""
    from app.printing.kit.pages import paint_rules
    from app.printing.kit.rokugan import rules_page

    _title(painter, paper, _("Turn reference"), _("Board: {map}").format(map=board.name))
    paint_rules(painter, rules_page(), paper)


def _title(painter: QPainter, paper: tuple[float, float], title: str, note: str) -> None:
    """The sheet's name in the header band, a note in the footer band."""
    from app.printing.kit.plan import FOOTER_MM, HEADER_MM
    from app.printing.layout import SAFE_MARGIN_MM

    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    x, width = draw.mm(SAFE_MARGIN_MM), draw.mm(paper[0] - 2 * SAFE_MARGIN_MM)
    draw.draw_text(
        painter,
        QRectF(x, draw.mm(SAFE_MARGIN_MM), width, draw.mm(HEADER_MM)),
        title,
        draw.font(10, bold=True),
        flags=left,
    )
    draw.draw_text(
        painter,
        QRectF(x, draw.mm(paper[1] - SAFE_MARGIN_MM - FOOTER_MM), width, draw.mm(FOOTER_MM)),
        note,
        draw.font(7),
        colour="#555555",
        flags=left,
    )
