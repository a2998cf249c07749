"""The print options dialog of the app's and the editor's File menu: `daimyo print`'s options.

Paper (A4, A3, Letter), landscape, scale (fit one page, true size or a custom
percentage), overlap of tiled sheets, legend on or off, and the play sheets (tokens,
reference). The form's logic is plain functions — `form_options` turns the form's values
into `PrintOptions`, `page_count` and `describe_plan` say what a print will hold — so it is
tested without clicking; `PrintOptionsDialog` only lays the form out and shows the summary.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import N_, _, ngettext
from app.printing.document import PrintOptions, board_landscape
from app.printing.layout import (
    PAPER_SIZES,
    BoardPlan,
    LayoutError,
    paper_size,
    plan_fit,
    plan_scaled,
)
from app.printing.sheets import CLAN_IDS, token_sheet_pages

PAPERS = tuple(PAPER_SIZES)
PAPER_NAMES = {"Letter": N_("Letter")}
"""Papers with a name in words (the US Letter size); the ISO sizes are their own names."""


def paper_name(paper: str) -> str:
    """The paper's name as the form shows it, in the current language."""
    return _(PAPER_NAMES[paper]) if paper in PAPER_NAMES else paper


def fill_papers(box: QComboBox) -> None:
    """The paper sizes into a combo box: each one's name, its id behind it."""
    for paper in PAPERS:
        box.addItem(paper_name(paper), paper)


# orientation choices: (text in the form, PrintOptions.landscape)
ORIENTATIONS = ((N_("As the board"), None), (N_("Portrait"), False), (N_("Landscape"), True))
# scale choices: (key, text in the form)
SCALE_FIT, SCALE_TRUE, SCALE_CUSTOM = "fit", "true", "custom"
SCALE_CHOICES = (
    (SCALE_FIT, N_("Fit one page")),
    (SCALE_TRUE, N_("True size (100 %)")),
    (SCALE_CUSTOM, N_("Custom")),
)


def form_options(
    paper: str,
    landscape: bool | None,
    scale_mode: str,
    custom_percent: float,
    overlap_mm: float,
    legend: bool,
    tokens: bool,
    reference: bool,
) -> PrintOptions:
    """The print options a filled-in form stands for (`custom_percent` only counts for custom).

    Raises LayoutError for an unknown paper or scale choice, or a scale that is not positive.
    """
    if paper not in PAPER_SIZES:
        raise LayoutError(f"unknown paper {paper!r}: choose one of {', '.join(PAPERS)}")
    if scale_mode == SCALE_FIT:
        scale = None
    elif scale_mode == SCALE_TRUE:
        scale = 1.0
    elif scale_mode == SCALE_CUSTOM:
        if not custom_percent > 0:
            raise LayoutError(f"the scale must be more than 0 %, not {custom_percent:g} %")
        scale = custom_percent / 100
    else:
        raise LayoutError(f"unknown scale choice {scale_mode!r}")
    sheets = tuple(kind for kind, on in (("tokens", tokens), ("reference", reference)) if on)
    return PrintOptions(paper, landscape, scale, overlap_mm, legend, sheets)


def scale_mode(options: PrintOptions) -> str:
    """The form's scale choice for options: fit, true size or custom."""
    if options.scale is None:
        return SCALE_FIT
    return SCALE_TRUE if options.scale == 1.0 else SCALE_CUSTOM


def plan_options(board_size_mm: tuple[float, float], options: PrintOptions) -> BoardPlan:
    """The page plan the options give a board of this size (raises LayoutError)."""
    options = options.for_board(board_size_mm)
    paper = paper_size(options.paper, bool(options.landscape))
    if options.scale is None:
        return plan_fit(paper, board_size_mm, options.legend)
    return plan_scaled(paper, board_size_mm, options.scale, options.overlap, options.legend)


def page_count(plan: BoardPlan, options: PrintOptions) -> int:
    """How many pages the print job has (as `render_document` lays them out)."""
    if plan.tiled:
        pages = 1 + int(options.legend) + len(plan.tiles)  # index, legend, tiles
    else:
        pages = 1 + int(options.legend and plan.legend_rect is None)  # legend page if no room
    for kind in options.sheets:
        if kind == "tokens":  # a clan's sheet takes more than one page on turned paper
            pages += sum(len(token_sheet_pages(plan.paper, clan)) for clan in CLAN_IDS)
        else:
            pages += 1
    return pages


def describe_plan(board_size_mm: tuple[float, float], options: PrintOptions) -> str:
    """One line for the dialog: where the board goes and how many pages, or what is wrong."""
    try:
        plan = plan_options(board_size_mm, options)
    except LayoutError as exc:
        return _("Cannot print: {reason}.").format(reason=exc)
    options = options.for_board(board_size_mm)
    paper = (_("{paper} landscape") if options.landscape else _("{paper} portrait")).format(
        paper=paper_name(options.paper)
    )
    sheets = (
        _("{rows} × {columns} {paper} sheets to tape together").format(
            rows=plan.rows, columns=plan.columns, paper=paper
        )
        if plan.tiled
        else _("one {paper} sheet").format(paper=paper)
    )
    pages = page_count(plan, options)
    return ngettext(
        "Board on {sheets} at {percent} % ({width} × {height} mm); {n} page in all.",
        "Board on {sheets} at {percent} % ({width} × {height} mm); {n} pages in all.",
        pages,
    ).format(
        sheets=sheets,
        percent=f"{plan.scale * 100:.0f}",
        width=f"{board_size_mm[0] * plan.scale:.0f}",
        height=f"{board_size_mm[1] * plan.scale:.0f}",
        n=pages,
    )


class PrintOptionsDialog(QDialog):
    """A form for the print options, with a live summary of the pages they give.

    `board_size_mm` (the map's full size) lets the summary count sheets; without it the
    summary stays empty. `options()` reads the form; `set_options()` fills it.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        options: PrintOptions | None = None,
        board_size_mm: tuple[float, float] | None = None,
        title: str | None = None,
        accept_text: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title or _("Print options"))
        self.board_size_mm = board_size_mm
        self.paper = QComboBox()
        fill_papers(self.paper)
        # the paper turned as the board is (a wide board: landscape), or as chosen
        self.orientation = QComboBox()
        self.orientation.addItems([_(text) for text, _landscape in ORIENTATIONS])
        if board_size_mm is not None:
            landscape = board_landscape(board_size_mm)
            shape = _("As the board (landscape)") if landscape else _("As the board (portrait)")
            self.orientation.setItemText(0, shape)
        self.scale = QComboBox()
        for key, text in SCALE_CHOICES:
            self.scale.addItem(_(text), key)
        self.custom_scale = QDoubleSpinBox()
        self.custom_scale.setRange(1.0, 1000.0)
        self.custom_scale.setDecimals(1)
        self.custom_scale.setSuffix(" %")
        self.custom_scale.setValue(50.0)
        self.custom_scale.setToolTip(_("Printed size as a percentage of the map's true size"))
        self.overlap = QDoubleSpinBox()
        self.overlap.setRange(0.0, 100.0)
        self.overlap.setDecimals(1)
        self.overlap.setSuffix(" mm")
        self.overlap.setToolTip(_("Strip repeated on neighbouring sheets of a tiled board"))
        self.legend = QCheckBox(_("Show the le&gend"))
        self.tokens = QCheckBox(_("&Token sheets (one per clan)"))
        self.reference = QCheckBox(_("Turn-order &reference sheet"))
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        form = QFormLayout()
        form.addRow(_("&Paper:"), self.paper)
        form.addRow(_("&Orientation:"), self.orientation)
        form.addRow(_("&Scale:"), self.scale)
        form.addRow(_("&Custom scale:"), self.custom_scale)
        form.addRow(_("O&verlap:"), self.overlap)
        form.addRow("", self.legend)
        form.addRow(_("Play sheets:"), self.tokens)
        form.addRow("", self.reference)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            accept_text or _("Continue")
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)
        self.set_options(options or PrintOptions())
        for signal in (
            self.paper.currentIndexChanged,
            self.orientation.currentIndexChanged,
            self.scale.currentIndexChanged,
            self.custom_scale.valueChanged,
            self.overlap.valueChanged,
            self.legend.toggled,
            self.tokens.toggled,
            self.reference.toggled,
        ):
            signal.connect(self._on_changed)
        self._on_changed()

    def set_options(self, options: PrintOptions) -> None:
        """Fill the form from options."""
        self.paper.setCurrentIndex(max(0, self.paper.findData(options.paper)))
        choices = [landscape for _text, landscape in ORIENTATIONS]
        landscape = options.landscape
        self.orientation.setCurrentIndex(choices.index(landscape) if landscape in choices else 0)
        self.scale.setCurrentIndex(self.scale.findData(scale_mode(options)))
        if scale_mode(options) == SCALE_CUSTOM:
            self.custom_scale.setValue(options.scale * 100)  # type: ignore[operator]
        self.overlap.setValue(options.overlap)
        self.legend.setChecked(options.legend)
        self.tokens.setChecked("tokens" in options.sheets)
        self.reference.setChecked("reference" in options.sheets)

    def options(self) -> PrintOptions:
        """The options the form shows (raises LayoutError when they cannot print)."""
        return form_options(
            self.paper.currentData(),
            ORIENTATIONS[self.orientation.currentIndex()][1],
            self.scale.currentData(),
            self.custom_scale.value(),
            self.overlap.value(),
            self.legend.isChecked(),
            self.tokens.isChecked(),
            self.reference.isChecked(),
        )

    def _on_changed(self, *_args: object) -> None:
        mode = self.scale.currentData()
        self.custom_scale.setEnabled(mode == SCALE_CUSTOM)
        self.overlap.setEnabled(mode != SCALE_FIT)  # a fitted board is never tiled
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            options = self.options()
        except LayoutError as exc:
            self.summary.setText(_("Cannot print: {reason}.").format(reason=exc))
            ok.setEnabled(False)
            return
        can_print = True
        text = ""
        if self.board_size_mm:
            try:
                plan_options(self.board_size_mm, options)
            except LayoutError:
                can_print = False
            text = describe_plan(self.board_size_mm, options)
        self.summary.setText(text)
        ok.setEnabled(can_print)


def ask_print_options(
    parent: QWidget | None,
    options: PrintOptions | None = None,
    board_size_mm: tuple[float, float] | None = None,
    title: str | None = None,
    accept_text: str | None = None,
) -> PrintOptions | None:
    """Show the options dialog (modal); the chosen options, or None when cancelled."""
    dialog = PrintOptionsDialog(parent, options, board_size_mm, title, accept_text)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.options()
