"""Printing boards from the app: Game → Print board…, Print preview…, Export board PDF….

In a game the board is the game's map; on the start screen (or in a game played without a
map) the player picks a shipped map or a map file. The options come from the print options
dialog shared with the editor (`app.printing.dialog`); the pages from `app.printing`'s
`open_print_preview`, `print_with_dialog` and `export_pdf`. The last options chosen are
remembered in the settings. `app.printing` is imported on first use, so it costs nothing at
start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QMessageBox, QWidget

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import N_, _, map_name, ngettext
from app.new_game_dialog import map_header
from app.settings import AppSettings

if TYPE_CHECKING:
    from app.printing import Board, PrintOptions, PrintResult

MAP_FILTER = N_("Daimyo maps (*.yaml *.yml)")
OTHER_MAP = N_("A map file…")


def shipped_boards() -> list[tuple[str, str]]:
    """(map id, name) of every shipped map, from the files' headers only."""
    from maps.api import shipped_map_path, shipped_maps

    return [
        (map_id, map_name(str(map_header(shipped_map_path(map_id)).get("name") or map_id)))
        for map_id in shipped_maps()
    ]


def options_from_dict(data: Any) -> PrintOptions:
    """Print options stored by `asdict`; the defaults for anything missing or malformed."""
    from app.printing import PrintOptions

    if not isinstance(data, dict):
        return PrintOptions()
    known = {k: v for k, v in data.items() if k in PrintOptions.__dataclass_fields__}
    if isinstance(known.get("sheets"), list):
        known["sheets"] = tuple(known["sheets"])
    try:
        return PrintOptions(**known)
    except (TypeError, ValueError):
        return PrintOptions()


class BoardPrinting(QObject):
    """The app's print actions: which board, which options, then the printing call."""

    status = Signal(str)
    """A message for the status bar."""

    def __init__(
        self,
        window: QWidget,
        settings: AppSettings,
        current_map: Callable[[], Path | None],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._current_map = current_map
        self._cached: tuple[tuple[str, int], Board] | None = None

    # the three actions -----------------------------------------------------------------
    def print_board(self, source: Path | None = None) -> bool:
        """Game → Print board…: options, the system print dialog, then the pages."""
        import app.printing as printing

        board = self._board_to_print(source)
        if board is None:
            return False
        options = self._ask_options(board, _("Print board"), _("Choose printer…"))
        if options is None:
            return False
        try:
            printed = printing.print_with_dialog(board, self._window, options)
        except (printing.LayoutError, OSError) as exc:
            QMessageBox.critical(self._window, _("Cannot print the board"), str(exc))
            return False
        if printed:
            self.status.emit(_("Sent {board} to the printer.").format(board=board.name))
        return printed

    def print_preview(self, source: Path | None = None) -> bool:
        """Game → Print preview…: the pages as they will print; its print button prints."""
        import app.printing as printing

        board = self._board_to_print(source)
        if board is None:
            return False
        options = self._ask_options(board, _("Print preview"), _("Preview"))
        if options is None:
            return False
        try:
            dialog = printing.open_print_preview(board, self._window, options)  # modal
        except printing.LayoutError as exc:
            QMessageBox.critical(self._window, _("Cannot preview the board"), str(exc))
            return False
        dialog.deleteLater()
        return True

    def export_pdf(
        self, source: Path | None = None, path: str | Path | None = None
    ) -> PrintResult | None:
        """Game → Export board PDF…: the board as a vector PDF in a file the player names."""
        import app.printing as printing

        board = self._board_to_print(source)
        if board is None:
            return None
        options = self._ask_options(board, _("Export board PDF"), _("Choose file…"))
        if options is None:
            return None
        if path is None:
            folder = Path(self._settings.value("print/folder") or Path.home())
            path, _filter = QFileDialog.getSaveFileName(
                self._window,
                _("Export board PDF"),
                str(folder / f"{board.id}.pdf"),
                _("PDF (*.pdf)"),
            )
            if not path:
                return None
        path = Path(path)
        if path.suffix.lower() != ".pdf":
            path = path.with_name(path.name + ".pdf")
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            result = printing.export_pdf(board, path, options)
        except printing.LayoutError as exc:
            QApplication.restoreOverrideCursor()
            QMessageBox.critical(self._window, _("Cannot export the board"), str(exc))
            return None
        except OSError as exc:
            QApplication.restoreOverrideCursor()
            QMessageBox.critical(
                self._window,
                _("Cannot export the board"),
                _("{path}: cannot be written ({reason}); choose another folder").format(
                    path=path, reason=exc.strerror or exc
                ),
            )
            return None
        QApplication.restoreOverrideCursor()
        self._settings.set_value("print/folder", str(path.parent))
        pages = len(result.pages)
        self.status.emit(
            ngettext(
                "Exported {board} to {path} ({n} page).",
                "Exported {board} to {path} ({n} pages).",
                pages,
            ).format(board=board.name, path=path, n=pages)
        )
        return result

    # which board -----------------------------------------------------------------------
    def choose_map(self) -> Path | None:
        """Ask which board to print: a shipped map or a map file (None when cancelled)."""
        from maps.api import shipped_map_path

        boards = shipped_boards()
        names = [name for _map_id, name in boards] + [_(OTHER_MAP)]
        name, ok = QInputDialog.getItem(
            self._window, _("Print a board"), _("Which board?"), names, 0, False
        )
        if not ok:
            return None
        for map_id, board_name in boards:
            if name == board_name:
                return Path(shipped_map_path(map_id))
        path, _filter = QFileDialog.getOpenFileName(
            self._window, _("Print a board"), str(Path.home()), _(MAP_FILTER)
        )
        return Path(path) if path else None

    def _board_to_print(self, source: Path | None) -> Board | None:
        path = source or self._current_map() or self.choose_map()
        return None if path is None else self.board(path)

    def board(self, path: Path) -> Board | None:
        """The board of a map file (a message names the file when it cannot be read).

        A map failing validation still prints; the status bar says so.
        """
        from app.board.maps_cache import map_file
        from app.printing import build_board
        from maps.api import MapError

        try:
            stat = path.stat()
            key = (str(path.resolve()), stat.st_mtime_ns)
            if self._cached is not None and self._cached[0] == key:
                return self._cached[1]
            QApplication.setOverrideCursor(Qt.WaitCursor)
            try:
                board = build_board(map_file(path))
            finally:
                QApplication.restoreOverrideCursor()
        except MapError as exc:
            hint = "" if exc.fix else _("; fix it in the map editor (Tools → Map editor)")
            QMessageBox.warning(self._window, _("Cannot print the board"), f"{exc}{hint}")
            return None
        except OSError as exc:
            QMessageBox.warning(
                self._window,
                _("Cannot print the board"),
                _("{path}: cannot be read ({reason}); choose another map file").format(
                    path=path, reason=exc.strerror or exc
                ),
            )
            return None
        self._cached = (key, board)
        errors = [w for w in board.warnings if w.startswith("error")]
        if errors:
            self.status.emit(
                ngettext(
                    "{file} fails validation ({n} error: {first}); printing it anyway.",
                    "{file} fails validation ({n} errors: {first}); printing it anyway.",
                    len(errors),
                ).format(file=path.name, n=len(errors), first=errors[0])
            )
        return board

    # options ---------------------------------------------------------------------------
    def options(self) -> PrintOptions:
        """The print options chosen last (the defaults the first time)."""
        return options_from_dict(self._settings.print_options())

    def _ask_options(self, board: Board, title: str, accept_text: str) -> PrintOptions | None:
        from app.printing.dialog import ask_print_options

        options = ask_print_options(
            self._window, self.options(), board.size_mm, f"{title} — {board.name}", accept_text
        )
        if options is not None:
            self._settings.set_print_options(asdict(options))
        return options
