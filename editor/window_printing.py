"""The map editor's printing: the board of the map as it is now, printed, previewed or
exported as PDF, with the print options asked for and remembered (`PrintingActions`, a part
of the editor's window), and the message for a file that could not be written."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMainWindow, QMessageBox

from app.i18n import _, ngettext
from app.printing import (
    Board,
    LayoutError,
    PrintOptions,
    PrintResult,
    build_board,
    export_pdf,
    open_print_preview,
    print_with_dialog,
)
from app.printing.dialog import ask_print_options
from editor.document import MapDocument


def file_error(path: str | Path, exc: Exception) -> str:
    """A message for a file that could not be written: the file, the reason, the fix."""
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        return _(
            "Could not write {path}: {reason}.\n\nCheck that the folder exists and that "
            "you may write there, or choose another place (File ▸ Save as… / Export)."
        ).format(path=path, reason=reason)
    return str(exc)


def _validation_errors(board: Board) -> int:
    """How many validation errors the map of a board print has."""
    return sum(w.startswith("error") for w in board.warnings)


def _validation_note(board: Board) -> str:
    n = _validation_errors(board)
    return ngettext(
        "The map fails validation ({n} error, see the Validation panel)",
        "The map fails validation ({n} errors, see the Validation panel)",
        n,
    ).format(n=n)


class PrintingActions(QMainWindow):
    """File ▸ Print, Print preview and Export PDF of the editor's window: the window has a
    `document` and keeps the last `print_options` chosen."""

    document: MapDocument
    print_options: PrintOptions

    def board(self) -> Board | None:
        """The board print of the map as it is now (saved or not); None when it cannot be built.

        A map failing validation still prints: the status bar says so.
        """
        from maps.api import MapError

        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            board = build_board(self.document.topo.to_mapfile())
        except (MapError, ValueError) as exc:
            QMessageBox.warning(self, _("Cannot print the map"), str(exc))
            return None
        finally:
            QApplication.restoreOverrideCursor()
        if _validation_errors(board):
            note = _("{problem}; printing it anyway.").format(problem=_validation_note(board))
            self.statusBar().showMessage(note, 10_000)
        return board

    def _board_and_options(
        self, options: PrintOptions | None, title: str, accept_text: str
    ) -> tuple[Board, PrintOptions] | None:
        """The board print, and `options` or else the print options asked for (offering the
        last ones, remembering the choice); None when either is not to be had."""
        board = self.board()
        if board is None:
            return None
        if options is None:
            options = ask_print_options(self, self.print_options, board.size_mm, title, accept_text)
            if options is None:
                return None
            self.print_options = options
        return board, options

    def print_map(self, options: PrintOptions | None = None) -> bool:
        """File ▸ Print: the print options, the system print dialog, then the pages."""
        asked = self._board_and_options(options, _("Print"), _("Choose printer…"))
        if asked is None:
            return False
        board, options = asked
        try:
            return print_with_dialog(board, self, options)
        except (LayoutError, OSError) as exc:
            QMessageBox.critical(self, _("Print failed"), str(exc))
            return False

    def print_preview(self, options: PrintOptions | None = None) -> bool:
        """File ▸ Print preview: the pages as they will print; its print button prints them."""
        asked = self._board_and_options(options, _("Print preview"), _("Preview"))
        if asked is None:
            return False
        board, options = asked
        try:
            dialog = open_print_preview(board, self, options)  # modal: back when closed
        except LayoutError as exc:
            QMessageBox.critical(self, _("Print preview"), str(exc))
            return False
        dialog.deleteLater()
        return True

    def export_pdf(
        self, path: str | Path | None = None, options: PrintOptions | None = None
    ) -> PrintResult | None:
        """File ▸ Export PDF: the board as a vector PDF (asks for options and a file name)."""
        asked = self._board_and_options(options, _("Export PDF"), _("Choose file…"))
        if asked is None:
            return None
        board, options = asked
        if path is None:
            start = str(self._export_folder() / f"{board.id or 'map'}.pdf")
            path, _filter = QFileDialog.getSaveFileName(
                self, _("Export PDF"), start, _("PDF (*.pdf)")
            )
            if not path:
                return None
            if not path.lower().endswith(".pdf"):
                path += ".pdf"
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            result = export_pdf(board, path, options)
        except LayoutError as exc:
            QMessageBox.critical(self, _("Export failed"), str(exc))
            return None
        except OSError as exc:
            QMessageBox.critical(self, _("Export failed"), file_error(path, exc))
            return None
        finally:
            QApplication.restoreOverrideCursor()
        pages = len(result.pages)
        message = ngettext(
            "Exported {path} ({n} page)", "Exported {path} ({n} pages)", pages
        ).format(path=path, n=pages)
        if _validation_errors(board):
            message += ". " + _("{problem}: printed as it is").format(
                problem=_validation_note(board)
            )
        self.statusBar().showMessage(message, 10_000)
        return result

    def _export_folder(self) -> Path:
        return self.document.path.parent if self.document.path else Path.home()
