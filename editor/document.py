"""The open map: a `TopoMap`, its undo stack, its file, and autosave.

`MapDocument` is the editor's model. Views and panels never change the map directly: they call
`run(operation, ...)`, which performs a `TopoMap` operation and pushes its `Edit` onto the
`QUndoStack`, and they redraw on `changed`. Only vertex drags preview positions live
(`preview_vertex`) before committing one undo step (`commit_drag`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import N_, _
from app.settings import daimyo_home
from editor.topology import TopoMap
from editor.topology.model import Edit, Snap, TopologyError

AUTOSAVE_MS = 60_000
EDIT_LABELS = (
    *(N_("edit province"), N_("edit sea"), N_("edit map"), N_("add territory")),
    *(N_("edit territory"), N_("remove territory"), N_("assign territory")),
    *(N_("add province"), N_("add sea"), N_("cut hole"), N_("draw lake")),
    *(N_("add hex grid"), N_("add square grid"), N_("remove province"), N_("remove sea")),
    *(N_("split province"), N_("split sea"), N_("merge provinces"), N_("merge seas")),
    *(N_("move vertex"), N_("move vertices"), N_("insert vertex"), N_("remove vertex")),
    *(N_("weld vertices"), N_("snap vertex to edge"), N_("drop duplicate vertices")),
    N_("fix near misses"),
)
"""The names `editor.topology` gives its edits (in English, Qt-free), translated for the
History panel and the status bar where they are shown."""


class EditCommand(QUndoCommand):
    """One `Edit` on the undo stack; redo/undo restore its exact sides."""

    def __init__(self, document: MapDocument, edit: Edit) -> None:
        super().__init__(_(edit.label))
        self._document = document
        self.edit = edit

    def redo(self) -> None:
        """Reapply the edit (idempotent: the first call, on push, changes nothing)."""
        self.edit.redo(self._document.topo)
        self._document.changed.emit(self.edit)

    def undo(self) -> None:
        """Restore the map as it was before the edit."""
        self.edit.undo(self._document.topo)
        self._document.changed.emit(self.edit)


class MapDocument(QObject):
    """The edited map with undo, dirty state, save/load and autosave."""

    # an Edit (redraw what it touched) or None (redraw everything)
    changed = Signal(object)
    vertex_moved = Signal(int)
    path_changed = Signal(object)
    failed = Signal(str)

    def __init__(self, topo: TopoMap | None = None, path: Path | None = None) -> None:
        super().__init__()
        self.topo = topo or TopoMap.new("untitled", _("Untitled"), 400, 300)
        self.path: Path | None = path
        self.undo_stack = QUndoStack(self)
        self._autosave = QTimer(self)
        self._autosave.setInterval(AUTOSAVE_MS)
        self._autosave.timeout.connect(self.autosave)
        self._autosave.start()

    # ------------------------------------------------------------------------------ files

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> MapDocument:
        """Load a map file (maps.api.MapError on a broken file)."""
        from maps.api import load_map

        path = Path(path)
        return cls(TopoMap.from_mapfile(load_map(path)), path)

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write the map atomically (to `path`, else its own file); marks it clean."""
        from maps.api import save_map

        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError(_("the map has no file yet: give a path"))
        save_map(self.topo.to_mapfile(), target)
        old_autosave = self.autosave_path()
        self.path = target
        self.undo_stack.setClean()
        for stale in {old_autosave, self.autosave_path()}:
            stale.unlink(missing_ok=True)
        self.path_changed.emit(target)
        return target

    def playtest_copy(self) -> Path:
        """Write the map as it is now for a test game: <daimyo_home>/playtest/<map id>.yaml.

        Named after the map so the new-game dialog shows which map it is; the map's own
        file and its undo state are left alone.
        """
        from maps.api import save_map

        target = daimyo_home() / "playtest" / f"{self.topo.meta.get('id', 'untitled')}.yaml"
        save_map(self.topo.to_mapfile(), target)
        return target

    def autosave_path(self) -> Path:
        """Where the autosave copy goes: beside the file, or in `daimyo_home()` when unsaved."""
        if self.path is not None:
            return self.path.with_name(f".{self.path.stem}.autosave.yaml")
        return daimyo_home() / "autosave" / f"{self.topo.meta.get('id', 'untitled')}.yaml"

    def autosave(self) -> Path | None:
        """Write the autosave copy when there are unsaved changes; returns its path."""
        if self.undo_stack.isClean():
            return None
        from maps.api import save_map

        target = self.autosave_path()
        try:
            save_map(self.topo.to_mapfile(), target)
        except OSError as exc:  # a timer slot must not raise: tell the window instead
            self.failed.emit(
                _("Autosave to {path} failed: {reason}. Save the map to keep it.").format(
                    path=target, reason=exc
                )
            )
            return None
        return target

    def has_newer_autosave(self) -> bool:
        """True when an autosave copy newer than the map's file exists (a crash left it)."""
        copy = self.autosave_path()
        if not copy.exists():
            return False
        return (
            self.path is None
            or not self.path.exists()
            or (copy.stat().st_mtime_ns > self.path.stat().st_mtime_ns)
        )

    def restore_autosave(self) -> None:
        """Replace the map by its autosave copy; the result counts as unsaved."""
        from maps.api import load_map

        self.topo = TopoMap.from_mapfile(load_map(self.autosave_path()))
        self.undo_stack.clear()
        self.mark_unsaved()
        self.changed.emit(None)

    def mark_unsaved(self) -> MapDocument:
        """Count the map as unsaved work (a generated or imported map, a restored copy):
        closing it or opening another asks first. Returns the document."""
        self.undo_stack.resetClean()
        return self

    def discard_autosave(self) -> None:
        """Remove the autosave copy (the user chose not to keep the changes)."""
        self.autosave_path().unlink(missing_ok=True)

    @property
    def dirty(self) -> bool:
        """True when there are changes since the last save."""
        return not self.undo_stack.isClean()

    # ---------------------------------------------------------------------------- editing

    def run(self, operation: str, *args: Any, **kwargs: Any) -> Edit | None:
        """Perform a `TopoMap` operation as one undo step; None (and `failed`) when refused."""
        try:
            edit = getattr(self.topo, operation)(*args, **kwargs)
        except TopologyError as exc:
            self.failed.emit(str(exc))
            return None
        self.push(edit)
        return edit

    def push(self, edit: Edit) -> None:
        """Put an already applied edit on the undo stack."""
        if edit.is_empty():
            return
        self.undo_stack.push(EditCommand(self, edit))

    def preview_vertex(self, vid: int, xy: tuple[float, float]) -> None:
        """Show a vertex at `xy` during a drag (no undo step until `commit_drag`)."""
        self.topo.vertices[vid] = xy
        self.vertex_moved.emit(vid)

    def commit_drag(
        self, vid: int, origin: tuple[float, float], target: Snap | None = None
    ) -> Edit | None:
        """End a drag: one undo step from `origin`; a vertex or edge target welds or joins."""
        if target is not None and target.kind in ("vertex", "edge"):
            try:
                edit = self.topo.move_vertex_onto(vid, target, origin)
            except TopologyError as exc:
                self.failed.emit(str(exc))
            else:
                self.push(edit)
                return edit
        xy = self.topo.vertices[vid]
        if xy == origin:
            return None
        return self.run("move_vertex", vid, xy, origin=origin)
