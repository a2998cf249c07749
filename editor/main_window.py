"""The map editor's main window: menus, actions, docks; the work is done by its parts.

`EditorWindow` holds a `MapDocument` (model + undo), a `MapView` (canvas), the side panels
and a `LiveAnalysis` (game graph and validation off the GUI thread). `open_editor()` is what
`daimyo edit` and the app's start screen call.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QEvent, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QInputDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QUndoView,
    QWidget,
)
from shiboken6 import isValid

from app.i18n import N_, _, ngettext
from app.printing import PrintOptions
from app.settings import AppSettings
from app.widgets.scaling import fit_on_screen, keep_on_screen
from editor.analysis import AnalysisResult, LiveAnalysis
from editor.dialogs import BackgroundDialog, BackgroundSpec, GridDialog, NewMapDialog
from editor.document import MapDocument
from editor.fixes import describe_edit, issue_point, near_miss_tolerance
from editor.generate_dialog import new_from_generator
from editor.panels import ProvincePanel, ScrollingPanel, TerritoriesPanel, ValidationPanel
from editor.playtest import open_playtest
from editor.topology import PROVINCE
from editor.view import MapView, Tool
from editor.window_files import FileActions, PlayOnMap
from editor.window_printing import PrintingActions

GEOMETRY_KEY, STATE_KEY = "editor/geometry", "editor/state"  # in the app's settings

# tool, menu text, shortcut, toolbar text (the toolbar's tooltip gives the rest)
TOOL_ACTIONS: list[tuple[Tool, str, str, str]] = [
    (Tool.SELECT, N_("&Select / move vertices"), "V", N_("Select")),
    (Tool.PROVINCE, N_("Draw &province"), "P", N_("Province")),
    (Tool.SEA, N_("Draw s&ea"), "S", N_("Sea")),
    (Tool.HOLE, N_("Cut &hole / bay"), "O", N_("Hole")),
    (Tool.LAKE, N_("Draw &lake (land becomes water)"), "L", N_("Lake")),
    (Tool.SPLIT, N_("Spli&t province (cut line)"), "K", N_("Split")),
    (Tool.MERGE, N_("&Merge provinces"), "M", N_("Merge")),
    (Tool.INSERT, N_("&Insert vertex on edge"), "I", N_("Insert vertex")),
    (Tool.REMOVE, N_("&Remove vertex"), "X", N_("Remove vertex")),
    (Tool.ASSIGN, N_("&Assign territory by clicking"), "T", N_("Assign")),
]


def _num(value: float) -> float:
    """A number for the map file: 2 decimals, whole numbers as ints."""
    value = round(float(value), 2)
    return int(value) if value.is_integer() else value


def _fill(menu: QMenu, actions: list[QAction | None]) -> None:
    """Add actions to a menu in order; None adds a separator."""
    for action in actions:
        if action is None:
            menu.addSeparator()
        else:
            menu.addAction(action)


class EditorWindow(FileActions, PrintingActions):
    """The map editor (its File menu's files: `FileActions`; its printing: `PrintingActions`)."""

    def __init__(
        self,
        path: str | Path | None = None,
        document: MapDocument | None = None,
        parent: QWidget | None = None,
        play: PlayOnMap | None = None,
        settings: AppSettings | None = None,
    ) -> None:
        super().__init__(parent)
        # where the window's size, place and dock layout are remembered between runs
        self.settings = settings if settings is not None else AppSettings()
        # Given by whoever opened the editor (the app's window, `daimyo edit`): the editor
        # does not import the app's window, which imports the editor.
        self.play_on_map = play
        # the English words of actions, menus and docks, said again on a change of language
        self._words: list[tuple[QAction, str, str | None]] = []
        self._titles: list[tuple[QMenu | QDockWidget, str]] = []
        self.document = document or (MapDocument.open(path) if path else MapDocument())
        self.view = MapView(self.document)
        self.setCentralWidget(self.view)
        self.province_panel = ProvincePanel(self.document)
        self.territories_panel = TerritoriesPanel(self.document)
        self.validation_panel = ValidationPanel(self.document)
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self._dock(ScrollingPanel(self.province_panel), N_("Province"), right)
        self._dock(ScrollingPanel(self.territories_panel), N_("Territories"), right)
        self._validation_dock = self._dock(
            self.validation_panel, N_("Validation"), Qt.DockWidgetArea.LeftDockWidgetArea
        )
        self.analysis = LiveAnalysis(self.document)
        self.background_spec: BackgroundSpec | None = None
        self.print_options = PrintOptions()  # the last print options chosen, offered again
        self._game_window: Any = None
        self.analysis.finished.connect(self._on_analysis)
        self.view.selection_changed.connect(self.province_panel.show_face)
        self.view.selection_changed.connect(self._on_selection)
        self.view.message.connect(lambda text: self.statusBar().showMessage(text))
        self.territories_panel.current_changed.connect(self._on_current_territory)
        self.territories_panel.assign_mode.connect(self._on_assign_mode)
        self.territories_panel.province_activated.connect(self._on_province_activated)
        self.validation_panel.issue_activated.connect(self._on_issue_activated)
        self.validation_panel.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.history = QUndoView(self.document.undo_stack)
        history_dock = self._dock(self.history, N_("History"), Qt.DockWidgetArea.LeftDockWidgetArea)
        self.tabifyDockWidget(self._validation_dock, history_dock)
        self._validation_dock.raise_()
        self.pointer_label = QLabel()
        self.statusBar().addPermanentWidget(self.pointer_label)
        self.view.pointer_moved.connect(
            lambda x, y: self.pointer_label.setText(f"x {x:.1f}  y {y:.1f}")
        )
        self._build_actions()
        self.retranslate()
        self._connect_document()
        self._restore_layout()
        self.analysis.run_now()
        QTimer.singleShot(0, self.view.fit)
        if self.document.path is not None:
            QTimer.singleShot(0, self.offer_restore)

    # ---------------------------------------------------------------------------- layout

    def _restore_layout(self) -> None:
        """The window's size, place and docks as they were when an editor last closed."""
        geometry = self.settings.value(GEOMETRY_KEY)
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
            keep_on_screen(self)
        else:
            fit_on_screen(self, 1400, 900)
        state = self.settings.value(STATE_KEY)
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)

    def _remember_layout(self) -> None:
        """Keep the window's size, place and docks for the next editor."""
        self.settings.set_value(GEOMETRY_KEY, self.saveGeometry())
        self.settings.set_value(STATE_KEY, self.saveState())
        self.settings.sync()

    def _dock(self, widget: QWidget, title: str, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)  # English: the remembered layout finds it in any language
        self._titles.append((dock, title))
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(
        self,
        text: str,
        slot: Any,
        shortcut: str | QKeySequence | QKeySequence.StandardKey | None = None,
        checkable: bool = False,
        tip: str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        self._words.append((action, text, tip))
        if checkable:
            action.triggered.connect(slot)
        else:  # slots with optional arguments (a path) must not receive `checked`
            action.triggered.connect(lambda: slot())
        self.addAction(action)
        return action

    def _menu(self, title: str) -> QMenu:
        menu = self.menuBar().addMenu(title)
        self._titles.append((menu, title))
        return menu

    def retranslate(self) -> None:
        """Say every menu, action, dock and the title again in the current language."""
        for action, text, tip in self._words:
            action.setText(_(text))
            if tip:
                action.setStatusTip(_(tip))
                action.setToolTip(_(tip))
        for widget, title in self._titles:
            if isinstance(widget, QMenu):
                widget.setTitle(_(title))
            else:
                widget.setWindowTitle(_(title))
        for tool, text, key, short in TOOL_ACTIONS:
            act = self.tool_actions[tool]
            act.setIconText(_(short))
            act.setToolTip(f"{_(text).replace('&', '')} ({key})")
        self.toolbar.setWindowTitle(_("Tools"))
        self.history.setEmptyLabel(_("(opened map)"))
        if self.play_on_map is None:
            note = _("Playing needs the app: open the editor from Daimyo or with `daimyo edit`.")
            self.play_action.setToolTip(note)
            self.play_action.setStatusTip(note)
        self._update_title()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language: the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()

    def _build_actions(self) -> None:
        a = self._action
        file_menu = self._menu(N_("&File"))
        self.new_action = a(N_("&New map…"), self.new_map, QKeySequence.StandardKey.New)
        self.generate_action = a(
            N_("New from gene&rator…"), lambda: new_from_generator(self), "Ctrl+Shift+N"
        )
        self.open_action = a(N_("&Open…"), self.open_map, QKeySequence.StandardKey.Open)
        self.save_action = a(N_("&Save"), self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = a(N_("Save &as…"), self.save_as, "Ctrl+Shift+S")
        self.import_action = a(N_("&Import GeoJSON…"), self.import_geojson, "Ctrl+Shift+I")
        self.export_geojson_action = a(
            N_("Export &GeoJSON…"), lambda: self.export("geojson"), "Ctrl+E"
        )
        self.export_svg_action = a(N_("Export S&VG…"), lambda: self.export("svg"), "Ctrl+Shift+E")
        self.print_action = a(N_("&Print…"), self.print_map, QKeySequence.StandardKey.Print)
        self.print_preview_action = a(N_("Print previe&w…"), self.print_preview, "Ctrl+Alt+P")
        self.export_pdf_action = a(
            N_("Export P&DF…"),
            self.export_pdf,
            "Ctrl+Alt+E",
            tip=N_("Write the map as a printable board PDF (true size or fitted, tiled, legend)"),
        )
        self.background_action = a(N_("&Background image…"), self.choose_background, "Ctrl+B")
        self.no_background_action = a(N_("Remove background"), lambda: self.set_background(None))
        self.close_action = a(N_("&Close"), self.close, QKeySequence.StandardKey.Close)
        _fill(
            file_menu,
            [
                self.new_action,
                self.generate_action,
                self.open_action,
                self.save_action,
                self.save_as_action,
                None,
                self.import_action,
                self.export_geojson_action,
                self.export_svg_action,
                None,
                self.print_action,
                self.print_preview_action,
                self.export_pdf_action,
                None,
                self.background_action,
                self.no_background_action,
                None,
                self.close_action,
            ],
        )

        edit_menu = self._menu(N_("&Edit"))
        self.undo_action = a(N_("&Undo"), self.undo, "Ctrl+Z")
        self.redo_action = a(N_("&Redo"), self.redo, "Ctrl+Shift+Z")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.delete_action = a(N_("&Delete selected"), self.delete_selected, "Del")
        self.dedupe_action = a(
            N_("Drop duplicate &vertices"),
            lambda: self._run_fix(
                N_("drop duplicate vertices"),
                "drop_duplicate_vertices",
                1e-9 * self.document.topo.scale(),
            ),
        )
        self.snap_fix_action = a(
            N_("Snap &near misses"),
            lambda: self._run_fix(
                N_("snap near misses"),
                "fix_near_misses",
                near_miss_tolerance(self.document.topo),
            ),
            tip=N_("Weld vertices and edges closer than the near-miss tolerance"),
        )
        self.properties_action = a(N_("Map &properties…"), self.edit_properties, "Ctrl+Shift+P")
        _fill(
            edit_menu,
            [
                self.undo_action,
                self.redo_action,
                None,
                self.delete_action,
                self.dedupe_action,
                self.snap_fix_action,
                None,
                self.properties_action,
            ],
        )

        tools_menu = self._menu(N_("&Tools"))
        toolbar = self.toolbar = self.addToolBar("Tools")
        toolbar.setObjectName("tools")
        self.tool_group = QActionGroup(self)
        self.tool_actions: dict[Tool, QAction] = {}
        for tool, text, key, _short in TOOL_ACTIONS:
            act = a(text, lambda _checked=False, t=tool: self.set_tool(t), key, checkable=True)
            self.tool_group.addAction(act)
            tools_menu.addAction(act)
            toolbar.addAction(act)
            self.tool_actions[tool] = act
        self.tool_actions[Tool.SELECT].setChecked(True)
        tools_menu.addSeparator()
        self.clip_action = a(
            N_("&Clip new land to the free area"),
            self._on_clip,
            "Shift+C",
            checkable=True,
            tip=N_(
                "A province drawn over its neighbours keeps only the area no province has, "
                "sharing their borders; off: such a drawing is refused"
            ),
        )
        self.clip_action.setChecked(self.view.clip_land)
        self.grid_action = a(N_("&Generate grid…"), self.generate_grid, "Ctrl+Shift+G")
        _fill(tools_menu, [self.clip_action, None, self.grid_action])

        view_menu = self._menu(N_("&View"))
        self.zoom_in_action = a(
            N_("Zoom &in"), lambda: self.view.zoom(1.25), QKeySequence.StandardKey.ZoomIn
        )
        self.zoom_out_action = a(
            N_("Zoom &out"), lambda: self.view.zoom(0.8), QKeySequence.StandardKey.ZoomOut
        )
        self.fit_action = a(N_("&Fit map"), self.view.fit, "Ctrl+0")
        self.grid_snap_action = a(N_("Snap to &grid"), self._on_grid_snap, "G", checkable=True)
        self.grid_step_action = a(N_("Grid &step…"), self.choose_grid_step, "Shift+G")
        self.handles_action = a(
            N_("Show &vertices"), self.view.set_handles_visible, "H", checkable=True
        )
        self.handles_action.setChecked(True)
        self.graph_action = a(
            N_("Show game g&raph"), self.view.set_graph_visible, "Ctrl+G", checkable=True
        )
        self.graph_action.setChecked(True)
        _fill(
            view_menu,
            [
                self.zoom_in_action,
                self.zoom_out_action,
                self.fit_action,
                None,
                self.grid_snap_action,
                self.grid_step_action,
                self.handles_action,
                self.graph_action,
            ],
        )

        map_menu = self._menu(N_("&Map"))
        self.play_action = a(N_("&Play on this map…"), self.play, "F5")
        self.play_action.setEnabled(self.play_on_map is not None)
        map_menu.addAction(self.play_action)
        tip = N_("Play AI games here: who wins from each start, which provinces are fought over")
        self.playtest_action = a(N_("Play&test…"), lambda: open_playtest(self), "Ctrl+T", tip=tip)
        map_menu.addAction(self.playtest_action)
        map_menu.setToolTipsVisible(True)

    def _connect_document(self) -> None:
        doc = self.document
        doc.undo_stack.cleanChanged.connect(self._update_title)
        doc.path_changed.connect(self._update_title)
        doc.failed.connect(self._on_failed)
        doc.changed.connect(self._on_changed)
        self.undo_action.setEnabled(doc.undo_stack.canUndo())
        self.redo_action.setEnabled(doc.undo_stack.canRedo())
        doc.undo_stack.canUndoChanged.connect(self.undo_action.setEnabled)
        doc.undo_stack.canRedoChanged.connect(self.redo_action.setEnabled)
        self._update_title()

    def _disconnect_document(self, doc: MapDocument) -> None:
        for signal, slot in (
            (doc.undo_stack.cleanChanged, self._update_title),
            (doc.undo_stack.canUndoChanged, self.undo_action.setEnabled),
            (doc.undo_stack.canRedoChanged, self.redo_action.setEnabled),
            (doc.path_changed, self._update_title),
            (doc.failed, self._on_failed),
            (doc.changed, self._on_changed),
        ):
            signal.disconnect(slot)

    def set_document(self, document: MapDocument) -> None:
        """Edit another map (the old one must have been saved or discarded)."""
        old = self.document
        self._disconnect_document(old)
        self.document = document
        self.view.set_document(document)
        self.province_panel.set_document(document)
        self.territories_panel.set_document(document)
        self.validation_panel.set_document(document)
        self.analysis.set_document(document)
        self.history.setStack(document.undo_stack)
        self._connect_document()
        old.deleteLater()

    def _update_title(self, *_args: object) -> None:
        doc = self.document
        if not isValid(doc.undo_stack) or not isValid(self):
            return  # the application is shutting down: nothing left to title
        where = str(doc.path) if doc.path else _("not saved yet")
        name = doc.topo.meta.get("name") or _("Map")
        self.setWindowTitle(
            _("{map}[*] — {where} — Daimyo map editor").format(map=name, where=where)
        )
        self.setWindowModified(doc.dirty)

    # --------------------------------------------------------------------------- slots

    def set_tool(self, tool: Tool | str) -> None:
        """Activate an editing tool (its menu action shows checked)."""
        tool = Tool(tool)
        self.view.set_tool(tool)
        self.tool_actions[tool].setChecked(True)
        if tool != Tool.ASSIGN and self.territories_panel.assign.isChecked():
            self.territories_panel.assign.setChecked(False)

    def undo(self) -> None:
        """Undo the last edit and say which."""
        stack = self.document.undo_stack
        if stack.canUndo():
            text = stack.undoText()
            stack.undo()
            self.statusBar().showMessage(_("Undone: {edit}.").format(edit=text), 5000)

    def redo(self) -> None:
        """Redo the last undone edit and say which."""
        stack = self.document.undo_stack
        if stack.canRedo():
            text = stack.redoText()
            stack.redo()
            self.statusBar().showMessage(_("Redone: {edit}.").format(edit=text), 5000)

    def _on_selection(self, ref: Any) -> None:
        if ref is None or ref[0] != PROVINCE or self.view.tool == Tool.ASSIGN:
            return
        tid = self.document.topo.territory_of(ref[1])
        if tid is not None:
            self.territories_panel.select(tid)

    def _run_fix(self, text: str, operation: str, *args: Any) -> None:
        """Run a fix from the menu and say what it changed, or that nothing needed it."""
        edit = self.document.run(operation, *args)
        if edit is None:
            return  # refused: `_on_failed` says why
        if edit.is_empty():
            message = _("Nothing fixed ({fix}): nothing had to change.").format(fix=_(text))
        else:
            message = _("Fixed: {fix} ({changes}).").format(
                fix=_(text), changes=describe_edit(edit)
            )
        self.statusBar().showMessage(message, 8000)

    def _on_failed(self, message: str) -> None:
        self.statusBar().showMessage(_("Not done: {reason}").format(reason=message), 10_000)

    def _on_changed(self, _edit: object) -> None:
        self._update_title()

    def _on_analysis(self, result: AnalysisResult) -> None:
        self.view.show_analysis(result.geometry, result.issues)
        self.validation_panel.show_result(result)

    def _on_current_territory(self, tid: str | None) -> None:
        self.view.current_territory = tid

    def _on_assign_mode(self, on: bool) -> None:
        if on:
            if self.territories_panel.current() is None:
                self.statusBar().showMessage(_("Pick a territory first."), 5000)
            self.set_tool(Tool.ASSIGN)
        elif self.view.tool == Tool.ASSIGN:
            self.set_tool(Tool.SELECT)

    def _on_province_activated(self, pid: str) -> None:
        if pid in self.document.topo.provinces:
            self.view.select((PROVINCE, pid, 0))
            self.view.zoom_to_provinces([pid])

    def _on_issue_activated(self, issue: Any) -> None:
        topo = self.document.topo
        point = issue_point(issue, topo)
        provinces = [p for p in issue.provinces or () if p in topo.provinces]
        whole = len(provinces) == 1 and point == topo.label_point(provinces[0])
        if provinces and (point is None or whole):  # about whole provinces: show them
            self.view.zoom_to_provinces(provinces)
        elif point is not None:
            self.view.zoom_to(point)
        if issue.provinces and issue.provinces[0] in self.document.topo.provinces:
            self.view.select((PROVINCE, issue.provinces[0], 0))

    def _on_clip(self, on: bool) -> None:
        self.view.clip_land = on

    def _on_grid_snap(self, on: bool) -> None:
        self.view.grid_snap = on

    def choose_grid_step(self) -> None:
        """Ask for the snapping grid's step in map units."""
        step, ok = QInputDialog.getDouble(
            self, _("Grid step"), _("Grid step (map units):"), self.view.grid_step, 0.01, 1e4, 2
        )
        if ok:
            self.view.grid_step = step

    def delete_selected(self) -> None:
        """Delete the selected province or sea polygon."""
        ref = self.view.selected
        if ref is not None:
            self.view.select(None)
            self.document.run("remove_face", ref)

    def edit_properties(self) -> None:
        """Edit the map's id, name, size, game, extent, attributes and shortest border."""
        meta = self.document.topo.meta
        dialog = NewMapDialog(
            self,
            extent=self.document.topo.extent(),
            attributes=meta.get("attributes") or {},
            min_border_length=meta.get("min_border_length"),
        )
        dialog.map_id.setText(str(meta.get("id", "")))
        dialog.name.setText(str(meta.get("name", "")))
        size = meta.get("size") or {}
        dialog.width.setValue(float(size.get("width_mm", 100)))
        dialog.height.setValue(float(size.get("height_mm", 100)))
        dialog.game.setCurrentIndex(max(0, dialog.game.findData(str(meta.get("game", "any")))))
        if dialog.exec() != NewMapDialog.DialogCode.Accepted:
            return
        try:
            spec = dialog.spec()
        except ValueError as exc:
            self.statusBar().showMessage(_("Not done: {reason}").format(reason=exc), 8000)
            return
        x0, y0, x1, y1 = spec.extent or self.document.topo.extent()
        if x1 <= x0 or y1 <= y0:
            self.statusBar().showMessage(_("Not done: the extent needs max > min."), 8000)
            return
        self.document.run(
            "update_meta",
            {
                "id": spec.map_id,
                "name": spec.name,
                "size": {"width_mm": _num(spec.width_mm), "height_mm": _num(spec.height_mm)},
                "extent": [_num(v) for v in (x0, y0, x1, y1)],
                "game": spec.game,
                "attributes": spec.attributes or {},
                "min_border_length": spec.min_border_length,  # None removes it
            },
        )

    def generate_grid(self) -> None:
        """Add a square or hex grid of provinces (one undo step).

        On an empty map the extent and print size are fitted around the grid (1 unit = 1 mm).
        """
        topo = self.document.topo
        x0, y0, _x1, _y1 = topo.extent()
        dialog = GridDialog(self, origin=(x0 + 10, y0 + 10))
        if dialog.exec() != GridDialog.DialogCode.Accepted:
            return
        g = dialog.spec()
        empty = not topo.provinces and not topo.seas
        stack = self.document.undo_stack
        stack.beginMacro(_("add square grid") if g.kind == "square" else _("add hex grid"))
        try:
            edit = self.document.run("add_grid", g.kind, g.rows, g.cols, g.size, g.origin)
            bounds = topo.bounds()
            if edit is not None and empty and bounds is not None:
                bx0, by0, bx1, by1 = bounds
                m = 10
                extent = [_num(bx0 - m), _num(by0 - m), _num(bx1 + m), _num(by1 + m)]
                self.document.run(
                    "update_meta",
                    {
                        "extent": extent,
                        "size": {
                            "width_mm": _num(extent[2] - extent[0]),
                            "height_mm": _num(extent[3] - extent[1]),
                        },
                    },
                )
        finally:
            stack.endMacro()
        self.view.fit()
        if edit is not None:
            cells = len(edit.result)
            message = (
                ngettext("Added {n} square cell.", "Added {n} square cells.", cells)
                if g.kind == "square"
                else ngettext("Added {n} hex cell.", "Added {n} hex cells.", cells)
            ).format(n=cells)
            if empty:
                x0, y0, x1, y1 = topo.extent()
                message += " " + _(
                    "The map's extent now fits the grid: {width} × {height} mm "
                    "(Edit ▸ Map properties to change it)."
                ).format(width=f"{x1 - x0:g}", height=f"{y1 - y0:g}")
            self.statusBar().showMessage(message, 15_000)

    def choose_background(self) -> None:
        """Pick a tracing image and place it."""
        dialog = BackgroundDialog(self, self.background_spec)
        if dialog.exec() == BackgroundDialog.DialogCode.Accepted:
            self.set_background(dialog.spec())

    def set_background(self, spec: BackgroundSpec | None) -> None:
        """Show a tracing image under the map (None removes it)."""
        if spec is None or not spec.path:
            self.view.set_background(None)
            self.background_spec = None
            return
        try:
            self.view.set_background(spec.path, spec.opacity, (spec.x, spec.y), spec.scale)
        except ValueError as exc:
            QMessageBox.warning(self, _("Background image"), str(exc))
            return
        self.background_spec = spec

    def play(self) -> bool:
        """Open the app's new-game dialog with this map (a copy of it when it has changes)."""
        if self.play_on_map is None:
            return False
        doc = self.document
        target = doc.playtest_copy() if doc.path is None or doc.dirty else doc.path
        return bool(self.play_on_map(str(target)))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        """Ask about unsaved changes; stop the background analysis."""
        if not self.maybe_keep_changes():
            event.ignore()
            return
        self.analysis.wait()
        self._disconnect_document(self.document)
        self._remember_layout()
        event.accept()


def open_editor(
    path: str | Path | None = None,
    parent: QWidget | None = None,
    play: PlayOnMap | None = None,
    settings: AppSettings | None = None,
) -> EditorWindow:
    """A new editor window (not yet shown) on a map file or an empty map.

    `play` opens the app's new-game dialog on a map file ("Play on this map"); without it
    that action is disabled.
    """
    return EditorWindow(path, parent=parent, play=play, settings=settings)
