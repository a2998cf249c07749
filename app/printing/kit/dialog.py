"""The app's Print kit…: the kit's options (as `daimyo kit` has them), a preview, a PDF.

`KitDialog` asks for the game, the map (the game's shipped maps, the running game's map,
or a map file), the paper, the board's scale (fit or true size) and double-sided printing,
and says how many pages that makes. Its buttons open the print preview (a
QPrintPreviewDialog whose print button prints the same pages) or write the PDF.
`print_kit(parent, settings, game, map_path)` runs the whole flow and remembers the
options; Game → Print kit… and the start screen's Print menu call it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPageLayout
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import N_, _, game_name, map_name, ngettext
from app.printing.dialog import fill_papers, paper_name
from app.printing.kit.build import KitError, build_kit, default_map
from app.printing.kit.document import kit_page_layout, render_kit, write_kit
from app.printing.kit.model import GAMES, Kit
from app.printing.kit.plan import KitOptions, board_scale_text, plan_kit
from app.printing.layout import PAPER_SIZES, LayoutError
from app.printing.preview import PREVIEW_SIZE
from app.widgets.scaling import fit_on_screen

OTHER_MAP = "other"
"""The map list's last entry: a map file chosen in a file dialog."""
MAP_FILTER = N_("Daimyo maps (*.yaml *.yml)")
SCALES = (("true", N_("True size, tiled (spots fit the tokens)")), ("fit", N_("Fit on one page")))
PREVIEW, EXPORT = "preview", "export"


def shipped_maps_of(game: str) -> list[tuple[str, str]]:
    """(map id, name) of the shipped maps made for `game`, from the files' headers."""
    from app.new_game_dialog import map_header
    from maps.api import shipped_map_path, shipped_maps

    out = []
    for map_id in shipped_maps():
        header = map_header(shipped_map_path(map_id))
        if header.get("game") in (game, "any"):
            out.append((map_id, map_name(str(header.get("name") or map_id))))
    return out


class KitDialog(QDialog):
    """The kit's options, a page count, and Preview… / Export PDF… buttons.

    `choice` is PREVIEW or EXPORT after the dialog is accepted; `options()` and `kit()`
    give what to print.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        options: KitOptions | None = None,
        extra_map: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Print-and-play kit"))
        self.choice = ""
        self._kits: dict[tuple[str, str | None], Kit] = {}
        self._extra_map = extra_map
        self.game = QComboBox()
        for game in GAMES:
            self.game.addItem(game_name(game), game)
        self.map = QComboBox()
        self.paper = QComboBox()
        fill_papers(self.paper)
        self.scale = QComboBox()
        for key, text in SCALES:
            self.scale.addItem(_(text), key)
        self.duplex = QCheckBox(_("&Double-sided: backs of tokens and cards on the reverse"))
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setMinimumWidth(420)
        form = QFormLayout()
        form.addRow(_("&Game:"), self.game)
        form.addRow(_("&Map:"), self.map)
        form.addRow(_("&Paper:"), self.paper)
        form.addRow(_("&Board:"), self.scale)
        form.addRow("", self.duplex)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.preview_button = QPushButton(_("Pre&view…"))
        self.export_button = QPushButton(_("&Export PDF…"))
        self.preview_button.setDefault(True)
        self.buttons.addButton(self.preview_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.export_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.preview_button.clicked.connect(lambda: self._choose(PREVIEW))
        self.export_button.clicked.connect(lambda: self._choose(EXPORT))
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)
        self.set_options(options or KitOptions("rokugan"))
        self.game.currentIndexChanged.connect(self._on_game_changed)
        for signal in (
            self.map.currentIndexChanged,
            self.paper.currentIndexChanged,
            self.scale.currentIndexChanged,
            self.duplex.toggled,
        ):
            signal.connect(self._on_changed)
        self._on_changed()

    # the form --------------------------------------------------------------------------
    def set_options(self, options: KitOptions) -> None:
        """Fill the form."""
        self.game.blockSignals(True)
        self.game.setCurrentIndex(max(0, self.game.findData(options.game)))
        self.game.blockSignals(False)
        self._fill_maps(options.map)
        self.paper.setCurrentIndex(max(0, self.paper.findData(options.paper)))
        self.scale.setCurrentIndex(self.scale.findData("fit" if options.scale is None else "true"))
        self.duplex.setChecked(options.duplex)

    def options(self) -> KitOptions:
        """The options the form shows."""
        game = self.game.currentData()
        data = self.map.currentData()
        return KitOptions(
            game,
            data if isinstance(data, str) and data else None,
            self.paper.currentData(),
            None if self.scale.currentData() == "fit" else 1.0,
            self.duplex.isChecked(),
        )

    def kit(self) -> Kit:
        """The kit the form stands for (built once per game and map; raises KitError,
        MapError)."""
        options = self.options()
        key = (options.game, options.map)
        if key not in self._kits:
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                self._kits[key] = build_kit(options.game, options.map)
            finally:
                QApplication.restoreOverrideCursor()
        return self._kits[key]

    def _fill_maps(self, chosen: str | None) -> None:
        game = self.game.currentData()
        self.map.blockSignals(True)
        self.map.clear()
        if game == "shinobi":
            self.map.addItem(_("No map: each player's province is a mat"), "")
            self.map.setEnabled(False)
        else:
            self.map.setEnabled(True)
            for map_id, name in shipped_maps_of(game):
                self.map.addItem(name, map_id)
            for path in (self._extra_map, Path(chosen) if chosen else None):
                if path is not None and self.map.findData(str(path)) < 0 and path.suffix:
                    self.map.addItem(_("{file} (file)").format(file=path.name), str(path))
            self.map.addItem(_("A map file…"), OTHER_MAP)
            wanted = chosen or default_map(game)
            index = self.map.findData(wanted)
            self.map.setCurrentIndex(index if index >= 0 else 0)
        self.map.blockSignals(False)

    def _on_game_changed(self, *_args: object) -> None:
        self._fill_maps(None)
        self._on_changed()

    def _on_changed(self, *_args: object) -> None:
        if self.map.currentData() == OTHER_MAP:
            path, _filter = QFileDialog.getOpenFileName(
                self, _("Print a kit"), str(Path.home()), _(MAP_FILTER)
            )
            self.map.blockSignals(True)
            if path:
                self.map.insertItem(
                    self.map.count() - 1, _("{file} (file)").format(file=Path(path).name), path
                )
                self.map.setCurrentIndex(self.map.count() - 2)
            else:
                self.map.setCurrentIndex(0)
            self.map.blockSignals(False)
        text, ok = self._describe()
        self.summary.setText(text)
        self.preview_button.setEnabled(ok)
        self.export_button.setEnabled(ok)

    def describe(self) -> str:
        """One paragraph: pages in all, and what is in the kit; or why it cannot print."""
        return self._describe()[0]

    def _describe(self) -> tuple[str, bool]:
        """The summary, and whether the kit can print."""
        from maps.api import MapError

        options = self.options()
        try:
            kit = self.kit()
            plan = plan_kit(kit, options)
        except (KitError, MapError, LayoutError, OSError) as exc:
            return _("Cannot print: {reason}").format(reason=exc), False
        sections = ", ".join(
            f"{title.lower()} {first + 1}" + (f"–{last + 1}" if last > first else "")
            for title, first, last in plan.sections
        )
        scale = board_scale_text(kit, plan)
        pages = len(plan.pages)
        text = ngettext(
            "{n} {paper} page: contents 1, {sections}. {contents}.",
            "{n} {paper} pages: contents 1, {sections}. {contents}.",
            pages,
        ).format(
            n=pages, paper=paper_name(options.paper), sections=sections, contents=kit.summary()
        )
        return text + (f" {scale}" if scale else ""), True

    def _choose(self, choice: str) -> None:
        self.choice = choice
        self.accept()


# --------------------------------------------------------------------------- preview, print


def make_kit_printer(options: KitOptions) -> QPrinter:
    """A high-resolution printer on the kit's paper, double-sided when asked."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setFullPage(True)
    printer.setPageLayout(kit_page_layout(options))
    if options.duplex:
        printer.setDuplex(QPrinter.DuplexMode.DuplexLongSide)
    return printer


def print_kit_on(printer: QPrinter, kit: Kit, options: KitOptions) -> None:
    """Print the kit on `printer` (its own paper; the kit is always portrait)."""
    printer.setFullPage(True)
    printer.setPageOrientation(QPageLayout.Orientation.Portrait)
    render_kit(printer, kit, options)


def open_kit_preview(
    kit: Kit, options: KitOptions, parent: QWidget | None = None, exec_dialog: bool = True
) -> QPrintPreviewDialog:
    """A QPrintPreviewDialog of the kit; its print button prints the same pages."""
    printer = make_kit_printer(options)
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setWindowTitle(
        _("Print preview — {game} kit ({map})").format(game=kit.game_name, map=kit.map_name)
    )
    dialog.paintRequested.connect(lambda p: print_kit_on(p, kit, options))
    dialog._daimyo_printer = printer  # keep the printer alive as long as the dialog
    fit_on_screen(dialog, *PREVIEW_SIZE)
    if exec_dialog:
        dialog.exec()
    return dialog


def options_from_settings(data: Any, game: str | None, map_path: Path | None) -> KitOptions:
    """The remembered kit options, for `game` on `map_path` when given."""
    data = data if isinstance(data, dict) else {}
    paper = data.get("paper")
    paper = paper if isinstance(paper, str) and paper in PAPER_SIZES else "A4"
    scale = None if "scale" in data and data["scale"] is None else 1.0  # fit when chosen
    chosen_game = game if game in GAMES else data.get("game")
    chosen_game = (
        chosen_game if isinstance(chosen_game, str) and chosen_game in GAMES else ("rokugan")
    )
    map_ref = str(map_path) if map_path is not None and chosen_game != "shinobi" else None
    remembered = data.get("map")
    if map_ref is None and chosen_game == data.get("game") and isinstance(remembered, str):
        map_ref = remembered or None
    if chosen_game == "shinobi":
        map_ref = None
    return KitOptions(chosen_game, map_ref, paper, scale, data.get("duplex") is True)


def print_kit(
    parent: QWidget, settings: Any = None, game: str | None = None, map_path: Path | None = None
) -> bool:
    """Game → Print kit…: options, then the preview or a PDF file. True when something
    was shown or written."""
    from maps.api import MapError

    remembered = settings.value("kit/options") if settings is not None else None
    options = options_from_settings(_json(remembered), game, map_path)
    dialog = KitDialog(parent, options, extra_map=map_path)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    options = dialog.options()
    try:
        kit = dialog.kit()
    except (KitError, MapError, OSError) as exc:
        QMessageBox.warning(parent, _("Cannot print the kit"), str(exc))
        return False
    if settings is not None:
        settings.set_value(
            "kit/options",
            json.dumps(
                {
                    "game": options.game,
                    "map": options.map,
                    "paper": options.paper,
                    "scale": options.scale,
                    "duplex": options.duplex,
                }
            ),
        )
    if dialog.choice == EXPORT:
        return export_kit(parent, kit, options, settings) is not None
    preview = open_kit_preview(kit, options, parent)
    preview.deleteLater()
    return True


def export_kit(
    parent: QWidget,
    kit: Kit,
    options: KitOptions,
    settings: Any = None,
    path: str | Path | None = None,
) -> Path | None:
    """Ask where to save (unless `path`), then write the kit's PDF; the path written."""
    if path is None:
        folder = Path(
            (settings.value("print/folder") if settings is not None else None) or Path.home()
        )
        name = f"{options.game}-kit.pdf"
        path, _filter = QFileDialog.getSaveFileName(
            parent, _("Export kit PDF"), str(folder / name), _("PDF (*.pdf)")
        )
        if not path:
            return None
    path = Path(path)
    if path.suffix.lower() != ".pdf":
        path = path.with_name(path.name + ".pdf")
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        write_kit(kit, path, options)
    except (LayoutError, OSError) as exc:
        QApplication.restoreOverrideCursor()
        QMessageBox.critical(parent, _("Cannot export the kit"), f"{path}: {exc}")
        return None
    QApplication.restoreOverrideCursor()
    if settings is not None:
        settings.set_value("print/folder", str(path.parent))
    return path


def _json(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return None
    return value
