"""Print-and-play sheets for Battle for Rokugan: a token sheet per clan, a turn reference.

Token counts and strengths are the published components (shared/rules/rokugan-components.md):
26 standard combat tokens per clan plus one clan special token, and 30 control tokens.
Tokens are drawn as circles to cut out; combat tokens carry the arrow that points at the
province attacked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from app.printing import draw
from app.printing.model import Board

SHEET_KINDS = ("tokens", "reference")

# (kind, strength text, count) — identical for every clan
STANDARD_TOKENS: tuple[tuple[str, str, int], ...] = (
    ("Army", "1", 6),
    ("Army", "2", 4),
    ("Army", "3", 3),
    ("Army", "4", 2),
    ("Army", "5", 1),
    ("Navy", "1", 2),
    ("Navy", "2", 1),
    ("Shinobi", "1", 1),
    ("Shinobi", "2", 1),
    ("Blessing", "+2", 2),
    ("Diplomacy", "", 1),
    ("Raid", "", 1),
    ("Bluff", "", 1),
)
CONTROL_TOKENS = 30
COMBAT_TOKEN_MM = 22.0
CONTROL_TOKEN_MM = 16.0


@dataclass(frozen=True, slots=True)
class Clan:
    """A clan's print identity and its special combat token."""

    id: str
    name: str
    colour: str
    special: tuple[str, str]  # (kind, strength text)


CLANS: tuple[Clan, ...] = (
    Clan("crab", "Crab", "#35507a", ("Navy", "3")),
    Clan("crane", "Crane", "#5b9bd5", ("Diplomacy", "")),
    Clan("dragon", "Dragon", "#2e7d32", ("Blessing", "+3")),
    Clan("lion", "Lion", "#c9a000", ("Army", "6")),
    Clan("phoenix", "Phoenix", "#e06d1f", ("Blessing", "+3")),
    Clan("scorpion", "Scorpion", "#b71c1c", ("Shinobi", "3")),
    Clan("unicorn", "Unicorn", "#7b3f99", ("Raid", "")),
)


def combat_tokens(clan: Clan) -> list[tuple[str, str]]:
    """Every combat token of a clan, (kind, strength text), the special one last."""
    tokens = [(kind, strength) for kind, strength, count in STANDARD_TOKENS for _ in range(count)]
    tokens.append(clan.special)
    return tokens


def paint_token_sheet(painter: QPainter, area: QRectF, clan: Clan, board: Board) -> None:
    """One clan's 27 combat tokens and 30 control tokens, ready to cut out."""
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    draw.draw_text(
        painter,
        QRectF(area.x(), area.y(), area.width(), 20),
        f"{clan.name} clan — tokens",
        draw.font(15, bold=True),
        flags=left,
    )
    draw.draw_text(
        painter,
        QRectF(area.x(), area.y() + 20, area.width(), 12),
        f"27 combat tokens (special: {_token_text(clan.special)}) and {CONTROL_TOKENS} control "
        f"tokens. Cut along the circles; glue on card. Board: {board.name}.",
        draw.font(8),
        colour="#444444",
        flags=left,
    )
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    top = area.y() + 40
    d = draw.mm(COMBAT_TOKEN_MM)
    pitch = d + draw.mm(2)
    top = _flow(
        painter,
        area,
        top,
        pitch,
        combat_tokens(clan),
        lambda x, y, tok: _combat_token(painter, x, y, d / 2, clan, tok),
    )
    top += draw.mm(4)
    draw.draw_text(
        painter,
        QRectF(area.x(), top, area.width(), 14),
        "Control tokens",
        draw.font(10, bold=True),
        flags=left,
    )
    top += 16
    d2 = draw.mm(CONTROL_TOKEN_MM)
    _flow(
        painter,
        area,
        top,
        d2 + draw.mm(2),
        [None] * CONTROL_TOKENS,
        lambda x, y, _: _control_token(painter, x, y, d2 / 2, clan),
    )
    painter.restore()


def _flow(painter: QPainter, area: QRectF, top: float, pitch: float, items, paint) -> float:
    """Lay items out in rows of equal pitch; return the y below the last row."""
    per_row = max(1, int(area.width() // pitch))
    for i, item in enumerate(items):
        r, c = divmod(i, per_row)
        paint(area.x() + pitch * (c + 0.5), top + pitch * (r + 0.5), item)
    rows = math.ceil(len(items) / per_row)
    return top + rows * pitch


def _token_text(token: tuple[str, str]) -> str:
    kind, strength = token
    return f"{kind} {strength}".strip()


def _combat_token(
    painter: QPainter, x: float, y: float, r: float, clan: Clan, token: tuple[str, str]
) -> None:
    kind, strength = token
    painter.setPen(draw.pen("#000000", 0.5))
    painter.setBrush(QColor(clan.colour))
    painter.drawEllipse(QPointF(x, y), r, r)
    painter.setBrush(QColor("#fbf8f1"))
    painter.drawEllipse(QPointF(x, y), r * 0.78, r * 0.78)
    arrow = QPainterPath()  # points at the province attacked
    arrow.moveTo(x, y - r * 0.97)
    arrow.lineTo(x + r * 0.2, y - r * 0.8)
    arrow.lineTo(x - r * 0.2, y - r * 0.8)
    arrow.closeSubpath()
    painter.setBrush(QColor("#ffffff"))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawPath(arrow)
    draw.draw_text(
        painter,
        draw.centred_rect(x, y - r * 0.3, r * 1.5, r * 0.4),
        kind,
        draw.font(r * 0.24, bold=True),
    )
    if strength:
        draw.draw_text(
            painter,
            draw.centred_rect(x, y + r * 0.2, r * 1.4, r * 0.7),
            strength,
            draw.font(r * 0.55, bold=True),
            colour=clan.colour,
        )
    draw.draw_text(
        painter,
        draw.centred_rect(x, y + r * 0.62, r * 1.4, r * 0.25),
        clan.name,
        draw.font(r * 0.15),
    )


def _control_token(painter: QPainter, x: float, y: float, r: float, clan: Clan) -> None:
    painter.setPen(draw.pen("#000000", 0.5))
    painter.setBrush(QColor(clan.colour))
    painter.drawEllipse(QPointF(x, y), r, r)
    painter.setPen(draw.pen("#ffffff", 0.8))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(QPointF(x, y), r * 0.8, r * 0.8)
    draw.draw_text(
        painter,
        draw.centred_rect(x, y, r * 1.6, r),
        clan.name[0],
        draw.font(r * 0.7, bold=True),
        colour="#ffffff",
    )


REFERENCE: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "A game lasts 5 rounds. Each round: Upkeep → Placement → Resolution.",
        (),
    ),
    (
        "1  Upkeep",
        (
            "1. Determine the first player (skip in round 1): reveal the top initiative card; "
            "that player takes the first-player card.",
            "2. Draw combat tokens: put your bluff behind your screen, then draw from your pool "
            "until you hold 6 tokens. These are your hand.",
            "3. Play territory cards (skip in round 1): from the first player clockwise, play one "
            "card or pass, until everyone has passed in a row. Shadowlands cards are played in "
            "placement instead.",
        ),
    ),
    (
        "2  Placement",
        (
            "From the first player clockwise, place one token from your hand face down on the "
            "board, until everyone has one token left behind the screen.",
            "Cards (scout, shugenja, first player, Shadowlands) are played at the start of your "
            "turn, before placing.",
            "One token per border (blessings excepted). On a border: at its centre, arrow "
            "pointing at the province attacked. In a province: facing its flowers.",
            "Army: attacks across a land border from a province you control; defends a province "
            "you control. Navy: attacks across any coastal border; defends a coastal province. "
            "Shinobi: attacks any province; defends one you control.",
        ),
    ),
    (
        "3  Resolution",
        (
            "1. Reveal all combat tokens.",
            "2. Discard bluffs (back behind the screen) and illegally placed tokens.",
            "3. Resolve raids: discard tokens sharing the province or border, remove all control "
            "tokens there, leave scorched earth.",
            "4. Resolve diplomacy: discard tokens sharing the province or border; leave a peace "
            "token.",
            "5. Resolve battles: highest total wins, the defender wins ties (printed and face-up "
            "control defense adds to the defender). A winning attacker replaces the control with "
            "one face-down control token; a winning defender adds one face-up control token.",
            "6. Claim territory cards for territories you control entirely.",
            "7. Advance the round marker.",
        ),
    ),
    (
        "End of the game (after round 5): honor",
        (
            "One per flower in the provinces you control (printed and on tokens).",
            "One per face-up control token on the board (none in the Shadowlands).",
            "Your secret objective, if achieved. Five per territory you control entirely "
            "(not the Shadowlands).",
        ),
    ),
)


def paint_reference_sheet(painter: QPainter, area: QRectF, board: Board) -> None:
    """The one-page turn-order reference for Battle for Rokugan."""
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    wrap = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
    draw.draw_text(
        painter,
        QRectF(area.x(), area.y(), area.width(), 22),
        "Battle for Rokugan — turn order",
        draw.font(16, bold=True),
        flags=left,
    )
    y = area.y() + 30
    body = draw.font(9)
    line_h = draw.text_size(painter, "Ag", body)[1]
    for heading, items in REFERENCE:
        draw.draw_text(
            painter,
            QRectF(area.x(), y, area.width(), 16),
            heading,
            draw.font(11.5, bold=True),
            colour="#7a1f1f",
            flags=left,
        )
        y += 18
        for item in items:
            width = area.width() - 14
            lines = _wrapped_lines(painter, item, body, width)
            height = lines * line_h + 2
            draw.draw_text(painter, QRectF(area.x(), y, 10, line_h), "•", body, flags=left)
            draw.draw_text(painter, QRectF(area.x() + 12, y, width, height), item, body, flags=wrap)
            y += height + 3
        y += 6
    draw.draw_text(
        painter,
        QRectF(area.x(), area.bottom() - 12, area.width(), 12),
        f"Board: {board.name}",
        draw.font(7),
        colour="#666666",
        flags=left,
    )


def _wrapped_lines(painter: QPainter, text: str, f, width: float) -> int:
    """How many lines `text` takes when wrapped at `width` points (greedy, by words)."""
    lines, current = 1, ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if draw.text_size(painter, trial, f)[0] > width and current:
            lines += 1
            current = word
        else:
            current = trial
    return lines
