"""The map editor's files: new, open, save, save as, import and export, with the questions
they ask (unsaved changes, an autosave to restore) and their messages (`FileActions`, a part
of the editor's window)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox

from app.i18n import N_, _
from editor.dialogs import NewMapDialog
from editor.document import MapDocument
from editor.topology import TopoMap
from editor.view import MapView
from editor.window_printing import file_error

MAP_FILTER = N_("Daimyo maps (*.yaml *.yml)")

PlayOnMap = Callable[[str], bool]
"""Opens the app's new-game dialog on a map file; True when a game started."""


class FileActions(QMainWindow):
    """File ▸ New, Open, Save, Save as, Import and Export of the editor's window, and the
    questions asked before a map goes away: the window has a `document` shown in its `view`
    and replaces it with `set_document`."""

    document: MapDocument
    view: MapView
    set_document: Callable[[MapDocument], None]
    _update_title: Callable[[], None]

    def _ask_unsaved(self) -> str:
        """Ask what to do with unsaved changes: "save", "discard" or "cancel"."""
        buttons = (
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        doc = self.document
        name = doc.topo.meta.get("name") or _("the map")
        question = (
            _("Save the changes to {map} ({path})?").format(map=name, path=doc.path)
            if doc.path
            else _("Save the changes to {map} (not saved to a file yet)?").format(map=name)
        )
        answer = QMessageBox.question(
            self,
            _("Unsaved changes"),
            question + "\n\n" + _("Discard drops them; Cancel goes back to the map."),
            buttons,
            QMessageBox.StandardButton.Save,
        )
        return {
            QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Discard: "discard",
        }.get(answer, "cancel")

    def _ask_restore(self) -> bool:
        """Ask whether to restore the autosaved changes of the opened map."""
        answer = QMessageBox.question(
            self,
            _("Autosaved changes"),
            _(
                "{path} has newer autosaved changes (the editor did not close normally). "
                "Restore them?"
            ).format(path=self.document.path),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def offer_restore(self) -> bool:
        """Offer the autosave copy when it is newer than the file; True when restored."""
        doc = self.document
        if not doc.has_newer_autosave():
            return False
        if not self._ask_restore():
            doc.discard_autosave()
            return False
        from maps.api import MapError

        try:
            doc.restore_autosave()
        except MapError as exc:
            QMessageBox.warning(
                self,
                _("Autosave"),
                _(
                    "The autosave copy cannot be read: {reason}\n\nThe map is shown as last "
                    "saved; the copy stays at {path} until the next autosave."
                ).format(reason=exc, path=doc.autosave_path()),
            )
            return False
        self.view.select(None)
        self._update_title()
        self.statusBar().showMessage(_("Restored the autosaved changes (not saved yet)."), 8000)
        return True

    def maybe_keep_changes(self) -> bool:
        """Before the map goes away: True when it is saved or the user lets it go."""
        if not self.document.dirty:
            return True
        answer = self._ask_unsaved()
        if answer == "save":
            return self.save()
        if answer == "discard":
            self.document.discard_autosave()
            return True
        return False

    def save(self) -> bool:
        """Save to the map's file (asks for one the first time)."""
        if self.document.path is None:
            return self.save_as()
        return self.save_to(self.document.path)

    def save_as(self) -> bool:
        """Save under a new name."""
        start = str(self.document.path or Path.home() / f"{self.document.topo.meta.get('id')}.yaml")
        path, _filter = QFileDialog.getSaveFileName(self, _("Save map"), start, _(MAP_FILTER))
        if not path:
            return False
        if not path.endswith((".yaml", ".yml")):
            path += ".yaml"
        return self.save_to(path)

    def save_to(self, path: str | Path) -> bool:
        """Write the map atomically to `path`."""
        try:
            target = self.document.save(path)
        except OSError as exc:
            QMessageBox.critical(self, _("Save failed"), file_error(path, exc))
            return False
        self.statusBar().showMessage(_("Saved {path}").format(path=target), 5000)
        return True

    def new_map(self) -> None:
        """Start a new empty map with a size in mm."""
        if not self.maybe_keep_changes():
            return
        dialog = NewMapDialog(self)
        if dialog.exec() != NewMapDialog.DialogCode.Accepted:
            return
        s = dialog.spec()
        self.set_document(
            MapDocument(TopoMap.new(s.map_id, s.name, s.width_mm, s.height_mm, s.game))
        )

    def open_map(self, path: str | Path | None = None) -> bool:
        """Open a map file (asks for one when `path` is None)."""
        if not self.maybe_keep_changes():
            return False
        if path is None:
            start = str(self.document.path.parent if self.document.path else Path.home())
            path, _filter = QFileDialog.getOpenFileName(self, _("Open map"), start, _(MAP_FILTER))
            if not path:
                return False
        from maps.api import MapError

        try:
            document = MapDocument.open(path)
        except (MapError, OSError) as exc:
            QMessageBox.critical(self, _("Cannot open the map"), str(exc))
            return False
        self.set_document(document)
        self.offer_restore()
        return True

    def import_geojson(self, path: str | Path | None = None) -> bool:
        """Start a new map from a GeoJSON file (maps.convert)."""
        if not self.maybe_keep_changes():
            return False
        if path is None:
            path, _filter = QFileDialog.getOpenFileName(
                self, _("Import GeoJSON"), str(Path.home()), _("GeoJSON (*.geojson *.json)")
            )
            if not path:
                return False
        from maps.api import MapError
        from maps.convert import import_geojson

        try:
            result = import_geojson(path)
        except (MapError, OSError) as exc:
            QMessageBox.critical(self, _("Cannot import"), str(exc))
            return False
        self.set_document(MapDocument(TopoMap.from_mapfile(result.mapfile)).mark_unsaved())
        if result.report:  # a count: a real map can have thousands of snapped vertices
            self.statusBar().showMessage(
                _(
                    "Imported {file}: {changes} (daimyo map import lists each with its place)"
                ).format(file=Path(path).name, changes=result.summary()),
                15_000,
            )
        return True

    def export(self, kind: str, path: str | Path | None = None) -> bool:
        """Export the map as GeoJSON or SVG (maps.convert)."""
        from maps.convert import export_map

        if path is None:
            ext = "geojson" if kind == "geojson" else "svg"
            start = str(Path.home() / f"{self.document.topo.meta.get('id', 'map')}.{ext}")
            pattern = _("GeoJSON (*.geojson *.json)") if kind == "geojson" else _("SVG (*.svg)")
            title = _("Export GeoJSON") if kind == "geojson" else _("Export SVG")
            path, _filter = QFileDialog.getSaveFileName(self, title, start, pattern)
            if not path:
                return False
            if not path.lower().endswith((".geojson", ".json", ".svg")):
                path += f".{ext}"
        from maps.api import MapError

        try:
            export_map(self.document.topo.to_mapfile(), path)
        except (MapError, OSError) as exc:
            QMessageBox.critical(self, _("Export failed"), file_error(path, exc))
            return False
        self.statusBar().showMessage(_("Exported {path}").format(path=path), 5000)
        return True
