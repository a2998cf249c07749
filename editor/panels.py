"""Side panels: the selected province's attributes, territories, validation results and
the map's readiness for a chosen game.

Panels read the document's `TopoMap` and change it only through `MapDocument.run`, so every
change is one undo step. They refresh on `MapDocument.changed`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from app.games.rokugan.words import clan as clan_words
from app.games.rokugan.words import territory as territory_words
from app.i18n import _, game_name, ngettext
from editor.document import MapDocument
from editor.fixes import describe_edit, fix_for
from editor.topology import PROVINCE, FaceRef

CLANS = ("", "crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn")
RICEWARS_GAMES = ("ricewars", "any")


def map_games() -> list[tuple[str, str]]:
    """(id, name) of the games that declare what they need from a map."""
    from engine.registry import MAP_REQUIREMENTS, get_game

    return [(game_id, game_name(game_id, get_game(game_id).name)) for game_id in MAP_REQUIREMENTS]


def readiness_text(game_id: str | None, name: str, readiness: Any, listed: bool = True) -> str:
    """One line about the map's readiness for a game (rich text), for the panel; `listed`:
    its unmet requirements and limits are listed below (the game is chosen)."""
    if game_id is None:
        return ""
    if readiness is None:
        return _("Readiness for {game}: known once the map's graph derives.").format(game=name)
    seats = readiness.players
    if not readiness.ready:
        errors = len(getattr(readiness, "map_errors", ()))
        unmet = len(readiness.errors) - errors
        error_words = ngettext("{n} error in the map", "{n} errors in the map", errors)
        unmet_words = ngettext("{n} unmet requirement", "{n} unmet requirements", unmet)
        reasons = [
            error_words.format(n=errors) if errors else "",
            unmet_words.format(n=unmet) if unmet else "",
        ]
        where = _("listed below, with the fix") if listed else _("choose it above to list them")
        return (
            "<b style='color:#b03a2e'>"
            + _("Not ready for {game}").format(game=name)
            + "</b>: "
            + _(" and ").join(r for r in reasons if r)
            + f" ({where})."
        )
    parts = [""]
    if seats:
        low, high = seats
        parts[0] = (
            ngettext("{n} player", "{n} players", low).format(n=low)
            if low == high
            else _("{low}–{high} players").format(low=low, high=high)
        )
    if readiness.choices:
        clans = ", ".join(clan_words(choice) for choice in readiness.choices)
        parts.append(_("clans {clans}").format(clans=clans))
    limits = len(readiness.limits)
    if limits:
        limit_words = (
            ngettext("{n} limit below", "{n} limits below", limits)
            if listed
            else ngettext("{n} limit", "{n} limits", limits)
        )
        parts.append(limit_words.format(n=limits))
    ready = _("Ready for {game}").format(game=name)
    return f"<b style='color:#2e7d32'>{ready}</b>: " + "; ".join(p for p in parts if p)


def overview_text(readiness: dict[str, Any]) -> str:
    """One line per map game (rich text): whether the map is ready for it, for "Map only"
    (a map for any game is held to none, but is told which it can be played as)."""
    return "<br>".join(
        readiness_text(game_id, name, readiness.get(game_id), listed=False)
        for game_id, name in map_games()
    )


def colour_icon(colour: str, size: int = 14) -> QIcon:
    """A small square swatch of a colour."""
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class WrappedItems(QStyledItemDelegate):
    """Each message as tall as its wrapped lines at the list's present width: Qt's own
    height was taken at another width, and the last line of a long message (its fix,
    "(Clã da capital))") was cut to "…"."""

    def sizeHint(self, option: QStyleOptionViewItem, index: Any) -> QSize:  # noqa: N802
        """The height the item's text wraps to in the list's viewport."""
        view = self.parent()
        wide = QStyleOptionViewItem(option)  # the list's width, a height that counts as valid
        wide.rect = QRect(0, 0, view.viewport().width() - 2 * view.spacing(), 1)
        return super().sizeHint(wide, index)


class ScrollingPanel(QScrollArea):
    """A dock's panel that scrolls when the screen is shorter than its fields: the Province
    and Territories panels together once asked for 760 pixels, and the window grew taller
    than a 1280 × 720 laptop's screen, its status bar and Fix button below the edge."""

    SHORTEST = 120  # pixels of the panel a dock keeps at least

    def __init__(self, panel: QWidget) -> None:
        super().__init__()
        self.setWidget(panel)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys go to the fields or the map's tools
        panel.installEventFilter(self)

    def eventFilter(self, watched: Any, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Tell the dock when the panel's fields come or go (its width follows them)."""
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def _room(self) -> int:
        return self.verticalScrollBar().sizeHint().width()

    def sizeHint(self) -> QSize:  # noqa: D102 - as tall as the panel wants, when there is room
        wanted = self.widget().sizeHint()
        return QSize(wanted.width() + self._room(), wanted.height())

    def minimumSizeHint(self) -> QSize:  # noqa: D102 - as wide as the panel, short if need be
        least = self.widget().minimumSizeHint()
        return QSize(self._widest() + self._room(), min(least.height(), self.SHORTEST))

    def _widest(self) -> int:
        """The panel's width with its hidden fields shown too: the dock keeps that width, so
        the map beside it does not shrink and move when a province is selected."""
        panel = self.widget()
        layout = panel.layout()
        parts = panel.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        widest = max((part.minimumSizeHint().width() for part in parts), default=0)
        if layout is not None:
            margins = layout.contentsMargins()
            widest += margins.left() + margins.right()
        return max(widest, panel.minimumSizeHint().width())


class ProvincePanel(QWidget):
    """Edits the selected province: id, name, territory and the game attributes."""

    def __init__(self, document: MapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.ref: FaceRef | None = None
        self._loading = False
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.id_edit = QLineEdit()
        self.name_edit = QLineEdit()
        self.territory = QComboBox()
        self.flowers = QSpinBox()
        self.flowers.setRange(0, 9)
        self.capital = QComboBox()  # each clan's name in the reader's language, its id as data
        for clan_id in CLANS:
            self.capital.addItem(clan_id, clan_id or None)
        self.defense = QSpinBox()
        self.defense.setRange(0, 9)
        self.shadowlands = QCheckBox()
        self.has_label = QCheckBox()
        self.label_x = QDoubleSpinBox()
        self.label_y = QDoubleSpinBox()
        for spin in (self.label_x, self.label_y):
            spin.setRange(-1e6, 1e6)
            spin.setDecimals(2)
        self.palace = QCheckBox()
        self.blessed = QSpinBox()
        self.blessed.setRange(0, 9)

        # the fields are shown only while a province or sea is selected (see TerritoriesPanel)
        self.fields = QWidget()
        form = QFormLayout(self.fields)
        form.setContentsMargins(0, 0, 0, 0)
        self.row_labels = [QLabel() for _row in range(7)]
        for label, field in zip(
            self.row_labels,
            (self.id_edit, self.name_edit, self.territory, self.flowers),
            strict=False,
        ):
            form.addRow(label, field)
        form.addRow(self.row_labels[4], self.capital)
        form.addRow(self.row_labels[5], self.defense)
        form.addRow("", self.shadowlands)
        # the point's two fields on a row of their own: beside the box and the row's name
        # they made the dock half the width of a laptop's window (German labels)
        form.addRow(self.row_labels[6], self.has_label)
        point_row = QHBoxLayout()
        point_row.addWidget(self.label_x)
        point_row.addWidget(self.label_y)
        form.addRow("", point_row)
        self.ricewars_title = QLabel()
        form.addRow(self.ricewars_title)
        form.addRow("", self.palace)
        self.blessed_label = QLabel()
        form.addRow(self.blessed_label, self.blessed)
        self.form = form
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.fields)
        layout.addStretch(1)

        self.id_edit.editingFinished.connect(self._on_id)
        self.name_edit.editingFinished.connect(self._on_name)
        self.territory.activated.connect(self._on_territory)
        self.flowers.valueChanged.connect(lambda v: self._set_attr("flowers", v or None))
        self.capital.activated.connect(
            lambda i: self._set_attr("capital", self.capital.itemData(i) or None)
        )
        self.defense.valueChanged.connect(lambda v: self._set_attr("defense", v or None))
        self.shadowlands.toggled.connect(lambda on: self._set_attr("shadowlands", on or None))
        self.has_label.toggled.connect(self._on_label)
        self.label_x.editingFinished.connect(self._on_label)
        self.label_y.editingFinished.connect(self._on_label)
        self.palace.toggled.connect(lambda on: self._set_attr("palace_site", on or None))
        self.blessed.valueChanged.connect(lambda v: self._set_attr("blessed", v or None))
        document.changed.connect(self._on_changed)
        self.retranslate()

    def retranslate(self) -> None:
        """Say the panel's words again in the current language."""
        words = (
            _("Id"),
            _("Name"),
            _("Territory"),
            _("Flowers"),
            _("Capital clan"),
            _("Printed defense"),
            _("Label"),
        )
        for label, text in zip(self.row_labels, words, strict=True):
            label.setText(text)
        self.shadowlands.setText(_("Shadowlands"))
        self.has_label.setText(_("label point"))
        self.palace.setText(_("palace site"))
        self.ricewars_title.setText(f"<b>{game_name('ricewars')}</b>")
        self.blessed_label.setText(_("Blessed value"))
        for i in range(self.capital.count()):
            clan_id = self.capital.itemData(i)
            self.capital.setItemText(i, clan_words(clan_id) if clan_id else _("(none)"))
        self.show_face(self.ref)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language: the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()

    def set_document(self, document: MapDocument) -> None:
        """Edit another document."""
        self.document.changed.disconnect(self._on_changed)
        self.document = document
        document.changed.connect(self._on_changed)
        self.show_face(None)

    def _province_widgets(self) -> list[QWidget]:
        return [
            self.territory,
            self.flowers,
            self.capital,
            self.defense,
            self.shadowlands,
            self.has_label,
            self.label_x,
            self.label_y,
            self.palace,
            self.blessed,
        ]

    def show_face(self, ref: FaceRef | None) -> None:
        """Show the attributes of a province or sea part (None: nothing selected)."""
        self.ref = ref
        self._loading = True
        try:
            self._load()
        finally:
            self._loading = False

    def _load(self) -> None:
        topo = self.document.topo
        ref = self.ref
        if ref is not None and ref[0] == PROVINCE and ref[1] not in topo.provinces:
            ref = self.ref = None
        if ref is not None and ref[0] != PROVINCE and ref[1] not in topo.seas:
            ref = self.ref = None
        ricewars = topo.meta.get("game", "any") in RICEWARS_GAMES
        for w in (self.ricewars_title, self.palace, self.blessed, self.blessed_label):
            w.setVisible(ricewars)
        self.fields.setVisible(ref is not None)
        if ref is None:
            self.title.setText(_("Nothing selected — click a province or sea."))
            for w in [self.id_edit, self.name_edit, *self._province_widgets()]:
                w.setEnabled(False)
            self._clear()
            return
        self.id_edit.setEnabled(ref[0] == PROVINCE)
        self.name_edit.setEnabled(True)
        for w in self._province_widgets():
            w.setEnabled(ref[0] == PROVINCE)
        if ref[0] != PROVINCE:
            self._clear()
            sea = topo.seas[ref[1]]
            self.title.setText(
                _("<b>Sea</b> {name} — polygon {part} of {parts}").format(
                    name=sea.name, part=ref[2] + 1, parts=len(sea.parts)
                )
            )
            self.id_edit.setText(sea.id)
            self.name_edit.setText(sea.name)
            return
        prov = topo.provinces[ref[1]]
        a = prov.attrs
        self.title.setText(_("<b>Province</b> {name}").format(name=prov.name))
        self.id_edit.setText(prov.id)
        self.name_edit.setText(prov.name)
        self.territory.clear()
        self.territory.addItem(_("(none)"), None)
        for t in topo.territories:
            self.territory.addItem(colour_icon(t.colour), territory_words(t.name), t.id)
        tid = topo.territory_of(prov.id)
        self.territory.setCurrentIndex(max(0, self.territory.findData(tid)) if tid else 0)
        self.flowers.setValue(int(a.get("flowers") or 0))
        capital = a.get("capital") or ""
        if capital and self.capital.findData(capital) < 0:
            self.capital.addItem(str(capital), capital)  # a clan this editor does not know
        self.capital.setCurrentIndex(max(0, self.capital.findData(capital)) if capital else 0)
        self.defense.setValue(int(a.get("defense") or 0))
        self.shadowlands.setChecked(bool(a.get("shadowlands")))
        label = a.get("label")
        self.has_label.setChecked(label is not None)
        self.label_x.setEnabled(label is not None)
        self.label_y.setEnabled(label is not None)
        # without a label point the fields show the default place (greyed out)
        x, y = topo.label_point(prov.id)
        self.label_x.setValue(x)
        self.label_y.setValue(y)
        self.palace.setChecked(bool(a.get("palace_site")))
        self.blessed.setValue(int(a.get("blessed") or 0))

    def _clear(self) -> None:
        """Empty every field (nothing selected: no values left over from before)."""
        self.id_edit.clear()
        self.name_edit.clear()
        self.territory.clear()
        for spin in (self.flowers, self.defense, self.blessed, self.label_x, self.label_y):
            spin.setValue(0)
        self.capital.setCurrentIndex(0)
        for box in (self.shadowlands, self.has_label, self.palace):
            box.setChecked(False)

    def _on_changed(self, edit: Any) -> None:
        if self.ref is not None:
            self.show_face(self.ref)

    def _set_attr(self, key: str, value: Any) -> None:
        if self._loading or self.ref is None or self.ref[0] != PROVINCE:
            return
        current = self.document.topo.provinces[self.ref[1]].attrs.get(key)
        if current == value or (not current and value is None):
            return
        self.document.run("update_province", self.ref[1], attrs={key: value})

    def _on_id(self) -> None:
        if self._loading or self.ref is None or self.ref[0] != PROVINCE:
            return
        new_id = self.id_edit.text().strip()
        if new_id and new_id != self.ref[1]:
            edit = self.document.run("update_province", self.ref[1], new_id=new_id)
            if edit is not None:
                self.show_face((PROVINCE, new_id, 0))
            else:
                self.show_face(self.ref)

    def _on_name(self) -> None:
        if self._loading or self.ref is None:
            return
        name = self.name_edit.text().strip()
        topo = self.document.topo
        if self.ref[0] == PROVINCE:
            if name and name != topo.provinces[self.ref[1]].name:
                self.document.run("update_province", self.ref[1], name=name)
        elif name and name != topo.seas[self.ref[1]].name:
            self.document.run("update_sea", self.ref[1], name=name)

    def _on_territory(self, index: int) -> None:
        if self._loading or self.ref is None or self.ref[0] != PROVINCE:
            return
        tid = self.territory.itemData(index)
        if tid != self.document.topo.territory_of(self.ref[1]):
            self.document.run("assign", self.ref[1], tid)

    def _on_label(self, *_args: object) -> None:
        if self._loading or self.ref is None or self.ref[0] != PROVINCE:
            return
        if not self.has_label.isChecked():
            self._set_attr("label", None)
            return
        self._set_attr("label", [round(self.label_x.value(), 2), round(self.label_y.value(), 2)])


class TerritoriesPanel(QWidget):
    """Territories: name, colour, members; assign provinces by clicking on the map."""

    assign_mode = Signal(bool)
    current_changed = Signal(object)  # territory id or None
    province_activated = Signal(str)

    def __init__(self, document: MapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.list = QListWidget()
        self.members = QListWidget()
        self.name_edit = QLineEdit()
        self.id_edit = QLineEdit()
        self.add_button = add = QPushButton()
        self.remove_button = remove = QPushButton()
        self.colour_button = colour = QPushButton()
        self.assign = QPushButton()
        self.assign.setCheckable(True)
        buttons = QHBoxLayout()
        for b in (add, remove, colour):
            buttons.addWidget(b)
        # Name and Id are shown only while a territory is highlighted: a greyed field that
        # looks editable sends what is typed to the tools' one-key shortcuts
        self.fields = QWidget()
        fields = QFormLayout(self.fields)
        fields.setContentsMargins(0, 0, 0, 0)
        self.name_label, self.id_label = QLabel(), QLabel()
        fields.addRow(self.name_label, self.name_edit)
        fields.addRow(self.id_label, self.id_edit)
        self.fields_hint = QLabel()
        self.fields_hint.setWordWrap(True)
        self.members_label = QLabel()
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 2)
        layout.addWidget(self.fields)
        layout.addWidget(self.fields_hint)
        layout.addLayout(buttons)
        layout.addWidget(self.assign)
        layout.addWidget(self.members_label)
        layout.addWidget(self.members, 1)
        add.clicked.connect(self._on_add)
        remove.clicked.connect(self._on_remove)
        colour.clicked.connect(self._on_colour)
        self.assign.toggled.connect(self.assign_mode.emit)
        self.list.currentRowChanged.connect(self._on_row)
        self.name_edit.editingFinished.connect(self._on_rename)
        self.id_edit.editingFinished.connect(self._on_id)
        self.members.itemActivated.connect(
            lambda item: self.province_activated.emit(item.data(Qt.ItemDataRole.UserRole))
        )
        self.members.itemClicked.connect(
            lambda item: self.province_activated.emit(item.data(Qt.ItemDataRole.UserRole))
        )
        document.changed.connect(self.refresh)
        self.retranslate()
        self.refresh()

    def retranslate(self) -> None:
        """Say the panel's words again in the current language."""
        self.name_edit.setPlaceholderText(_("territory name"))
        self.id_edit.setPlaceholderText(_("territory id"))
        self.id_edit.setToolTip(_("The id the map file uses; renaming it updates every member"))
        self.add_button.setText(_("Add"))
        self.remove_button.setText(_("Remove"))
        self.colour_button.setText(_("Colour…"))
        self.assign.setText(_("Assign by clicking"))
        self.assign.setToolTip(_("Click provinces on the map to put them into this territory"))
        self.name_label.setText(_("Name"))
        self.id_label.setText(_("Id"))
        self.fields_hint.setText(_("Highlight a territory above to rename it or change its id."))
        self.members_label.setText(_("Members"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language: the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()

    def set_document(self, document: MapDocument) -> None:
        """Edit another document."""
        self.document.changed.disconnect(self.refresh)
        self.document = document
        document.changed.connect(self.refresh)
        self.refresh()

    def current(self) -> str | None:
        """The id of the highlighted territory."""
        item = self.list.currentItem()
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def refresh(self, *_args: object) -> None:
        """Reload the list from the map, keeping the highlighted territory."""
        keep, row = self.current(), self.list.currentRow()
        territories = self.document.topo.territories
        if keep is not None and all(t.id != keep for t in territories):
            # its id changed (renamed, or a rename undone): keep the row
            keep = territories[row].id if 0 <= row < len(territories) else None
        self.list.blockSignals(True)
        self.list.clear()
        for t in territories:
            # the published territories' names ("Crab Clan") in the current language; the
            # name field below shows the file's own text, which is what a rename changes
            shown = territory_words(t.name)
            item = QListWidgetItem(colour_icon(t.colour), f"{shown}  ({len(t.provinces)})")
            item.setData(Qt.ItemDataRole.UserRole, t.id)
            item.setToolTip(t.id)
            self.list.addItem(item)
            if t.id == keep:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        self._on_row(self.list.currentRow())

    def select(self, tid: str) -> None:
        """Highlight a territory."""
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == tid:
                self.list.setCurrentRow(row)

    def _on_row(self, _row: int) -> None:
        tid = self.current()
        self.members.clear()
        topo = self.document.topo
        self.fields.setVisible(tid is not None)
        self.fields_hint.setVisible(tid is None)
        if tid is None:
            self.name_edit.clear()
            self.id_edit.clear()
        else:
            t = topo.territory(tid)
            self.name_edit.setText(t.name)
            self.id_edit.setText(t.id)
            for pid in t.provinces:
                item = QListWidgetItem(topo.provinces[pid].name if pid in topo.provinces else pid)
                item.setData(Qt.ItemDataRole.UserRole, pid)
                self.members.addItem(item)
        self.current_changed.emit(tid)

    def _on_add(self) -> None:
        name, ok = QInputDialog.getText(self, _("New territory"), _("Name:"))
        if ok and name.strip():
            self.add_territory(name.strip())

    def add_territory(self, name: str, colour: str | None = None) -> str | None:
        """Create a territory (id from the name) and highlight it."""
        base = "".join(c if c.isalnum() else "_" for c in name.lower()).strip("_") or "t"
        taken = {t.id for t in self.document.topo.territories}
        tid, n = base, 2
        while tid in taken:
            tid, n = f"{base}_{n}", n + 1
        palette = ("#8fbf6a", "#e0b860", "#c77d7d", "#7da7c7", "#b58ad1", "#d9d27a", "#79c2b0")
        colour = colour or palette[len(taken) % len(palette)]
        if self.document.run("add_territory", tid, name, colour) is None:
            return None
        self.select(tid)
        return tid

    def _on_remove(self) -> None:
        tid = self.current()
        if tid is not None:
            self.document.run("remove_territory", tid)

    def _on_colour(self) -> None:
        tid = self.current()
        if tid is None:
            return
        colour = QColorDialog.getColor(QColor(self.document.topo.territory(tid).colour), self)
        if colour.isValid():
            self.document.run("update_territory", tid, colour=colour.name())

    def _on_id(self) -> None:
        tid = self.current()
        new_id = self.id_edit.text().strip()
        if tid is None or not new_id or new_id == tid:
            return
        if self.document.run("update_territory", tid, new_id=new_id) is None:
            self.id_edit.setText(tid)  # refused: the status bar says why
            return
        self.select(new_id)

    def _on_rename(self) -> None:
        tid = self.current()
        name = self.name_edit.text().strip()
        if tid is not None and name and name != self.document.topo.territory(tid).name:
            self.document.run("update_territory", tid, name=name)


class ValidationPanel(QWidget):
    """The validation results; click to zoom there; one-click fixes where safe."""

    issue_activated = Signal(object)  # a maps.validate.ValidationIssue
    message = Signal(str)  # what a fix did, for the status bar

    def __init__(self, document: MapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.game = QComboBox()
        self.game.addItem("", None)
        for game_id, name in map_games():
            self.game.addItem(name, game_id)
        self._game_chosen = False  # follows the map's game until the user picks one
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.readiness = QLabel()
        self.readiness.setWordWrap(True)
        self.readiness.setTextFormat(Qt.TextFormat.RichText)
        self.list = QListWidget()
        self.list.setObjectName("issues")  # the map's and the games' own messages
        self.list.setWordWrap(True)
        self.list.setIconSize(QSize(16, 16))
        self.list.setSpacing(2)
        self.list.setItemDelegate(WrappedItems(self.list))
        self.list.setResizeMode(QListView.ResizeMode.Adjust)  # heights follow the width
        self.fix_button = QPushButton()
        self.fix_button.setEnabled(False)
        game_row = QHBoxLayout()
        self.check_for = QLabel()
        game_row.addWidget(self.check_for)
        game_row.addWidget(self.game, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(game_row)
        layout.addWidget(self.summary)
        layout.addWidget(self.readiness)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.fix_button)
        self.issues: list[Any] = []
        self.result: Any = None  # the last editor.analysis.AnalysisResult shown
        self.list.currentRowChanged.connect(self._on_row)
        self.list.itemClicked.connect(lambda _item: self._activate())
        self.fix_button.clicked.connect(self.fix_current)
        self.game.activated.connect(self._on_game_chosen)
        self._follow_map_game()
        self.retranslate()

    def retranslate(self) -> None:
        """Say the panel's words again in the current language (the results too)."""
        self.game.setToolTip(
            _("Also check what a game needs from the map (capitals, territories, palace sites…)")
        )
        self.game.setItemText(0, _("Map only"))
        for index, (_game_id, name) in enumerate(map_games(), start=1):
            self.game.setItemText(index, name)
        self.check_for.setText(_("Check for"))
        if self.result is None:
            self.summary.setText(_("Checking…"))
            self.fix_button.setText(_("Fix"))
        else:
            self.show_result(self.result)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language: the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()

    def set_document(self, document: MapDocument) -> None:
        """Follow another document."""
        self.document = document
        self._game_chosen = False
        self._follow_map_game()

    def set_game(self, game_id: str | None) -> None:
        """Check readiness for `game_id` (None: the map only), as if chosen by the user."""
        index = self.game.findData(game_id)
        if index >= 0:
            self.game.setCurrentIndex(index)
            self._on_game_chosen()

    def _on_game_chosen(self, *_args: object) -> None:
        self._game_chosen = True
        if self.result is not None:
            self.show_result(self.result)

    def _follow_map_game(self) -> None:
        """Select the map's own game (its `game` field) unless the user chose one."""
        if self._game_chosen:
            return
        index = self.game.findData(self.document.topo.meta.get("game"))
        self.game.setCurrentIndex(max(0, index))

    def show_result(self, result: Any) -> None:
        """Show an `editor.analysis.AnalysisResult`: validation, then the chosen game's
        unmet requirements (errors, then limits)."""
        self.result = result
        self._follow_map_game()
        game_id = self.game.currentData()
        readiness = result.readiness.get(game_id) if game_id else None
        problems = list(readiness.problems) if readiness is not None else []
        self.issues = list(result.issues) + problems
        row = self.list.currentRow()  # kept, so "Fix" can be clicked down the list
        self.list.blockSignals(True)
        self.list.clear()
        errors = sum(1 for i in result.issues if i.severity == "error")
        warnings = len(result.issues) - errors
        parts = [
            ngettext("{n} error", "{n} errors", errors).format(n=errors)
            + ", "
            + ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings)
        ]
        if result.geometry is not None:
            g = result.geometry
            provinces, land, coast = (
                len(g.graph.provinces),
                len(g.land_borders),
                len(g.coastal_borders),
            )
            parts.append(
                _("graph: {provinces}, {land}, {coast}").format(
                    provinces=ngettext("{n} province", "{n} provinces", provinces).format(
                        n=provinces
                    ),
                    land=ngettext("{n} land border", "{n} land borders", land).format(n=land),
                    coast=ngettext("{n} coastal border", "{n} coastal borders", coast).format(
                        n=coast
                    ),
                )
            )
        if result.error:
            parts.append(result.error)
        self.summary.setText("; ".join(parts) + f" ({result.seconds * 1000:.0f} ms)")
        if game_id is None:  # the map alone: which games it is ready for, one line each
            self.readiness.setText(overview_text(result.readiness))
        else:
            self.readiness.setText(readiness_text(game_id, self.game.currentText(), readiness))
        self.readiness.setVisible(bool(self.readiness.text()))
        style = self.style()
        if not self.issues and result.error is None:
            icon = style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton)
            found = _("No problems found.") if game_id else _("No problems in the map itself.")
            self.list.addItem(QListWidgetItem(icon, found))
        for issue in self.issues:
            kind = {"error": "Critical", "warning": "Warning"}.get(issue.severity, "Information")
            icon = style.standardIcon(getattr(QStyle.StandardPixmap, f"SP_MessageBox{kind}"))
            fixable = _(" — fix available") if fix_for(issue, self.document.topo) else ""
            item = QListWidgetItem(icon, f"{issue.message}{fixable}")
            item.setToolTip(f"{issue.code}: {issue.message}")
            self.list.addItem(item)
        if row >= 0 and self.issues:
            self.list.setCurrentRow(min(row, len(self.issues) - 1))
        self.list.blockSignals(False)
        self._on_row(self.list.currentRow())

    def current_issue(self) -> Any | None:
        """The highlighted issue."""
        row = self.list.currentRow()
        return self.issues[row] if 0 <= row < len(self.issues) else None

    def _on_row(self, _row: int) -> None:
        issue = self.current_issue()
        fix = None if issue is None else fix_for(issue, self.document.topo)
        self.fix_button.setEnabled(fix is not None)
        self.fix_button.setText(_("Fix: {fix}").format(fix=fix[0]) if fix else _("Fix"))

    def _activate(self) -> None:
        issue = self.current_issue()
        if issue is not None:
            self.issue_activated.emit(issue)

    def fix_current(self) -> bool:
        """Apply the highlighted issue's fix as one undo step."""
        issue = self.current_issue()
        fix = None if issue is None else fix_for(issue, self.document.topo)
        if fix is None:
            return False
        text, operation, args = fix
        edit = self.document.run(operation, *args)
        if edit is None:
            return False  # refused: the document's `failed` says why ("Not done: ...")
        if edit.is_empty():
            self.message.emit(_("Nothing fixed ({fix}): nothing had to change.").format(fix=text))
            return False
        self.message.emit(
            _("Fixed: {fix} ({changes}).").format(fix=text, changes=describe_edit(edit))
        )
        return True
