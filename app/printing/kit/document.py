"""A whole kit on any paged device: a PDF file, a printer, or the print preview.

`render_kit` draws the planned pages in order — contents, board (through the board print's
own `BoardPages`, so fitted and true-size tiled boards look exactly as `daimyo print`
makes them), tokens, cards, screens or aids, the rules — each with its header and footer.
`kit_pdf_bytes` / `write_kit` make the PDF (fonts embedded by Qt's PDF writer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF
from PySide6.QtGui import QPagedPaintDevice, QPageLayout, QPageSize, QPainter, QPdfWriter

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _
from app.printing import draw
from app.printing.document import PAGE_SIZE_IDS, BoardPages, PrintResult
from app.printing.kit.model import Kit
from app.printing.kit.pages import (
    paint_aid_page,
    paint_bands,
    paint_contents,
    paint_pieces,
    paint_rules,
)
from app.printing.kit.plan import KitOptions, KitPlan, content_frame, plan_kit
from app.printing.layout import paper_size
from engine.files import atomic_write_bytes

BOARD_KINDS = ("board", "legend", "index", "tile")


@dataclass(slots=True)
class KitResult:
    """What was printed: the plan and each page's kind as drawn."""

    plan: KitPlan
    pages: list[str] = field(default_factory=list)


def kit_page_layout(options: KitOptions) -> QPageLayout:
    """The Qt page layout of a kit: the options' paper, portrait, no margins."""
    paper_size(options.paper, False)  # raises LayoutError on an unknown paper
    return QPageLayout(
        QPageSize(PAGE_SIZE_IDS[options.paper]),
        QPageLayout.Orientation.Portrait,
        QMarginsF(0, 0, 0, 0),
    )


def kit_pdf_bytes(kit: Kit, options: KitOptions) -> tuple[bytes, KitResult]:
    """The kit as PDF bytes."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(72)  # one device unit = one point
    writer.setPageLayout(kit_page_layout(options))
    title = _("{game} — Daimyo print-and-play kit ({map})")
    writer.setTitle(title.format(game=kit.game_name, map=kit.map_name))
    writer.setCreator("Daimyo")
    result = render_kit(writer, kit, options)
    buffer.close()
    return bytes(buffer.data().data()), result


def write_kit(kit: Kit, path: str | Path, options: KitOptions) -> KitResult:
    """Write the kit's PDF to `path`, atomically."""
    data, result = kit_pdf_bytes(kit, options)
    atomic_write_bytes(path, data)
    return result


def render_kit(device: QPagedPaintDevice, kit: Kit, options: KitOptions) -> KitResult:
    """Draw every page of the kit on `device` (its page layout gives the paper)."""
    # The paper in points, as the PDF's media box has it (Qt rounds A4 to 595 × 842 pt):
    # backs are mirrored about the middle of the sheet that is really printed.
    full = device.pageLayout().fullRect(QPageLayout.Unit.Point)
    paper = (full.width() / draw.PT_PER_MM, full.height() / draw.PT_PER_MM)
    plan = plan_kit(kit, options, paper=paper)
    result = KitResult(plan)
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("cannot start painting on the print device")
    try:
        _Writer(painter, device, kit, plan, options, result).run()
    finally:
        painter.end()
    return result


class _Writer:
    """Walks the plan page by page."""

    def __init__(
        self,
        painter: QPainter,
        device: QPagedPaintDevice,
        kit: Kit,
        plan: KitPlan,
        options: KitOptions,
        result: KitResult,
    ) -> None:
        self.painter = painter
        self.device = device
        self.kit = kit
        self.plan = plan
        self.options = options
        self.result = result

    def new_page(self, kind: str) -> None:
        index = len(self.result.pages)
        if index >= len(self.plan.pages):
            raise RuntimeError(f"page {index + 1} ({kind}) is not in the kit's plan")
        if index:
            self.device.newPage()
        draw.begin_points(self.painter)
        self.result.pages.append(kind)
        page = self.plan.pages[index]
        paint_bands(self.painter, self.plan.paper, self.kit, page, index + 1, len(self.plan.pages))

    def run(self) -> None:
        painter, plan = self.painter, self.plan
        board_done = False
        for index, page in enumerate(plan.pages):
            if page.kind in BOARD_KINDS:
                if not board_done:
                    self._board()
                    board_done = True
                continue
            if len(self.result.pages) != index:
                raise RuntimeError("the board printed a different number of pages than planned")
            self.new_page(page.kind)
            if page.kind == "contents":
                paint_contents(painter, self.kit, plan, self.options)
            elif page.kind in ("tokens", "cards", "back"):
                paint_pieces(painter, page)
            elif page.kind in ("aid", "mat"):
                paint_aid_page(painter, page)
            elif page.kind == "rules":
                paint_rules(painter, self.kit.rules, plan.paper)

    def _board(self) -> None:
        board_plan = self.plan.board_plan
        if board_plan is None or self.kit.board is None:
            return
        job = BoardPages(
            self.painter,
            self.device,
            self.kit.board,  # type: ignore[arg-type]
            board_plan,
            PrintResult(board_plan),
            new_page=self.new_page,
            marks_within=content_frame(self.plan.paper),
        )
        job.board_pages(legend=True)
