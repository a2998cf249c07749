"""The legend: map name, territories with their colours, the symbols, and a scale bar.

It flows into any rectangle: a strip beside a fitted map or a page of its own. The scale
bar states a length on the full-size board and is drawn exactly that long times the print
scale, so a ruler on the printed sheet confirms it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games.rokugan.words import territory
from app.i18n import N_, _, game_name, number
from app.printing import draw
from app.printing.model import SEA_COLOUR, Board

SCALE_BAR_COLOUR = "#101820"  # the bar's full-length body (tests measure it by this colour)
BAR_ROOM = 36  # points (× size factor) below the entries: note, bar, numbers
SUBTITLE_LINE = 9  # points (× size factor) between the lines of a wrapped subtitle
ROUND_SYMBOLS = {
    "income3": N_("+3 Ryo income"),
    "auction": N_("advisor auction"),
    "card": N_("extra card"),
    "attack1": N_("attackers +1"),
}
NICE_LENGTHS_MM = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000)


@dataclass(frozen=True, slots=True)
class ScaleBar:
    """What the scale bar says and where it was drawn (points on the page)."""

    length_mm: float  # on the full-size board
    x0: float
    x1: float
    y: float

    @property
    def label(self) -> str:
        """The printed length, e.g. "100 mm"."""
        return f"{number(self.length_mm)} mm"


def scale_bar_length(scale: float, room_pt: float) -> float:
    """The longest nice full-size length whose printed bar fits in `room_pt` points."""
    fitting = [n for n in NICE_LENGTHS_MM if n * scale * draw.PT_PER_MM <= room_pt]
    return float(fitting[-1] if fitting else NICE_LENGTHS_MM[0])


def legend_height(
    painter: QPainter, board: Board, width: float, big: bool = False, scale: float = 1.0
) -> float:
    """The height (points) the legend needs at this width, entries in as many columns as fit
    (the subtitle, which says the print `scale`, wrapped over as many lines as it needs)."""
    k = 1.35 if big else 1.0
    lines = _subtitle_lines(painter, _subtitle(board, scale), draw.font(7 * k), width - 16)
    extra = (len(lines) - 1) * SUBTITLE_LINE * k
    entries = _entries(board)
    if not entries:
        return 30 * k + extra + BAR_ROOM * k + 12
    entry_font = draw.font(7.5 * k)
    column_w = max(draw.text_size(painter, text, entry_font)[0] for _, text, _ in entries) + 22 * k
    columns = max(1, int((width - 16) // column_w))
    rows = math.ceil(len(entries) / columns)
    return 30 * k + extra + rows * 11.5 * k + BAR_ROOM * k + 12 + 4


def _subtitle(board: Board, scale: float) -> str:
    """ "Full-size board 400 × 300 mm · printed at 49 % · Battle for Rokugan"."""
    said = _("Full-size board {width} × {height} mm · printed at {scale}").format(
        width=number(board.width_mm),
        height=number(board.height_mm),
        scale=f"{number(scale * 100, '.0f')} %",
    )
    return said + (f" · {game_name(board.game)}" if board.game != "any" else "")


def _subtitle_lines(painter: QPainter, text: str, f: QFont, width: float) -> list[str]:
    """`text` in lines no wider than `width` points, broken between words (a longer
    language's subtitle goes on over a second line instead of being cut off)."""
    lines: list[str] = []
    for word in text.split(" "):
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and draw.text_size(painter, joined, f)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines or [""]


def paint_legend(
    painter: QPainter, rect: QRectF, board: Board, scale: float, big: bool = False
) -> ScaleBar:
    """Paint the legend into `rect` (points) and return where its scale bar is."""
    k = 1.35 if big else 1.0
    title_font = draw.font(12 * k, bold=True)
    small_font = draw.font(7 * k)
    entry_font = draw.font(7.5 * k)
    row = 11.5 * k
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(draw.pen("#8a8a8a", 0.5))
    painter.setBrush(QColor("#fbf8f1"))
    painter.drawRect(rect)
    inner = rect.adjusted(8, 6, -8, -6)
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    draw.draw_text(
        painter,
        QRectF(inner.x(), inner.y(), inner.width(), 16 * k),
        board.name,
        title_font,
        flags=left,
    )
    lines = _subtitle_lines(painter, _subtitle(board, scale), small_font, inner.width())
    for n, line in enumerate(lines):
        draw.draw_text(
            painter,
            QRectF(inner.x(), inner.y() + (16 + n * SUBTITLE_LINE) * k, inner.width(), 10 * k),
            line,
            small_font,
            colour="#444444",
            flags=left,
        )
    top = inner.y() + (30 + (len(lines) - 1) * SUBTITLE_LINE) * k
    bar_room = BAR_ROOM * k
    entries = _entries(board)
    width_needed = max(
        (draw.text_size(painter, t, entry_font)[0] for _, t, _ in entries), default=0
    )
    column_w = width_needed + 22 * k
    rows_per_column = max(1, int((inner.bottom() - bar_room - top) // row))
    columns = max(1, math.ceil(len(entries) / rows_per_column))
    if columns * column_w > inner.width():  # too many: squeeze the columns
        column_w = inner.width() / columns
    for i, (kind, text, value) in enumerate(entries):
        c, r = divmod(i, rows_per_column)
        x = inner.x() + c * column_w
        y = top + r * row + row / 2
        _paint_key(painter, kind, value, x + 7 * k, y, 9 * k)
        draw.draw_text(
            painter,
            QRectF(x + 16 * k, y - row / 2, column_w - 17 * k, row),
            text,
            entry_font,
            flags=left,
        )
    bar = _paint_scale_bar(painter, inner, scale, k)
    painter.restore()
    return bar


def _entries(board: Board) -> list[tuple[str, str, object]]:
    """(kind, text, value) for every legend line: territories first, then symbols."""
    out: list[tuple[str, str, object]] = [
        ("swatch", f"{territory(t.name)} ({len(t.provinces)})", t.colour) for t in board.territories
    ]
    provinces = board.provinces
    if board.seas:
        out.append(("swatch", _("Sea"), SEA_COLOUR))
    if any(p.shadowlands for p in provinces):
        out.append(("hatch", _("Shadowlands"), None))
    if any(p.capital for p in provinces):
        out.append(("capital", _("Capital"), None))
    if any(p.defense for p in provinces):
        out.append(("defense", _("Printed defense"), 2))
    if any(p.flowers for p in provinces):
        out.append(("flower", _("Flower (1 honor each)"), None))
    if any(p.palace_site for p in provinces):
        out.append(("palace", _("Palace site"), None))
    if any(p.blessed for p in provinces):
        out.append(("blessed", _("Blessed field (Ryo)"), max(p.blessed for p in provinces)))
    if any(m.kind == "land" for m in board.marks):
        out.append(("land", _("Land border: token here"), None))
    if any(m.kind == "coast" for m in board.marks):
        out.append(("coast", _("Coastal border: token here"), None))
    track = board.attributes.get("round_track")
    if isinstance(track, list):  # Rice Wars: what each round brings
        for number, symbols in enumerate(track, start=1):
            names = [
                _(ROUND_SYMBOLS[str(x)]) if str(x) in ROUND_SYMBOLS else str(x)
                for x in (symbols or [])
            ]
            said = _("Round {n}: {symbols}").format(n=number, symbols=", ".join(names) or "—")
            out.append(("round", said, number))
    return out


def _paint_key(painter: QPainter, kind: str, value: object, x: float, y: float, u: float) -> None:
    if kind in ("swatch", "hatch"):
        painter.setPen(draw.pen("#333333", 0.5))
        painter.setBrush(QColor(str(value)) if kind == "swatch" else QColor("#b9a9b9"))
        box = draw.centred_rect(x, y, u * 1.2, u * 0.85)
        painter.drawRect(box)
        if kind == "hatch":
            painter.setBrush(QBrush(QColor(40, 20, 40, 120), Qt.BrushStyle.BDiagPattern))
            painter.drawRect(box)
    elif kind == "capital":
        draw.castle(painter, x, y, u * 1.1)
    elif kind == "defense":
        draw.shield(painter, x, y, u * 1.1, int(value))  # type: ignore[arg-type]
    elif kind == "flower":
        draw.flower(painter, x, y, u * 1.1)
    elif kind == "palace":
        draw.palace(painter, x, y, u * 1.1)
    elif kind == "blessed":
        draw.sun(painter, x, y, u * 1.1, int(value))  # type: ignore[arg-type]
    elif kind in ("land", "coast"):
        draw.token_spot(painter, x, y, u * 0.45, kind)
    elif kind == "round":
        painter.setPen(draw.pen("#333333", 0.5))
        painter.setBrush(QColor("#f4ead5"))
        painter.drawEllipse(draw.centred_rect(x, y, u * 0.95, u * 0.95))
        draw.draw_text(
            painter, draw.centred_rect(x, y, u, u), str(value), draw.font(u * 0.55, True)
        )


def _paint_scale_bar(painter: QPainter, inner: QRectF, scale: float, k: float) -> ScaleBar:
    """A bar of alternating segments at the legend's bottom left, labelled with its length."""
    length = scale_bar_length(scale, min(inner.width() * 0.6, draw.mm(250)))
    bar_len = length * scale * draw.PT_PER_MM
    x0 = inner.x() + 2
    h = 5 * k
    y = inner.bottom() - 11 * k
    body = QRectF(x0, y - h / 2, bar_len, h)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(SCALE_BAR_COLOUR))
    painter.drawRect(body)
    painter.setBrush(QColor("#ffffff"))
    segments = 4
    inset = min(0.6, h * 0.12)
    for s in range(1, segments, 2):  # white segments inside the dark body
        seg = QRectF(
            x0 + bar_len * s / segments, y - h / 2 + inset, bar_len / segments, h - 2 * inset
        )
        painter.drawRect(seg)
    label_font = draw.font(7 * k)
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    draw.draw_text(
        painter, draw.centred_rect(x0, y + h / 2 + 5 * k, 20 * k, 9 * k), "0", label_font
    )
    bar = ScaleBar(length, x0, x0 + bar_len, y)
    draw.draw_text(
        painter,
        draw.centred_rect(x0 + bar_len, y + h / 2 + 5 * k, 60 * k, 9 * k),
        bar.label,
        label_font,
    )
    if abs(scale - 1) > 1e-6:
        said = _("Scale bar: {length} on the full-size board").format(length=bar.label)
    else:
        said = _("Scale bar: {length} at true size").format(length=bar.label)
    draw.draw_text(
        painter,
        QRectF(x0, y - h / 2 - 11 * k, inner.width(), 9 * k),
        said,
        label_font,
        colour="#444444",
        flags=left,
    )
    return bar
