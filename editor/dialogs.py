"""Small dialogs of the editor: new map, grid generator, tracing background."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from app.i18n import N_, _, game_name
from maps.errors import MapError
from maps.yaml_guard import check_events

GAMES = ("any", "rokugan", "ricewars", "shinobi")
"""The games a map may be made for (the map file's `game`); "any" serves every map game."""
GRID_KINDS = {"hex": N_("hex"), "square": N_("square")}


def _spin(lo: float, hi: float, value: float, decimals: int = 1) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(lo, hi)
    spin.setDecimals(decimals)
    spin.setValue(value)
    return spin


class _TrimmedSpin(QDoubleSpinBox):
    """A spin box for a length that shows 2.5, not 2.500000."""

    def textFromValue(self, value: float) -> str:  # noqa: N802 - Qt's name
        text = f"{value:.{self.decimals()}f}"
        return text.rstrip("0").rstrip(".") if "." in text else text


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


@dataclass(frozen=True)
class NewMapSpec:
    """What the new-map (or map properties) dialog asked for."""

    map_id: str
    name: str
    width_mm: float
    height_mm: float
    game: str
    extent: tuple[float, float, float, float] | None = None  # None: 0, 0, width, height
    attributes: dict[str, Any] | None = None  # map-level attributes (properties only)
    min_border_length: float | None = None  # None: every shared line is a border


class NewMapDialog(QDialog):
    """A new, empty map (id, name, physical size in mm, game) or an existing map's properties.

    With `extent` the dialog edits the printing box in map units too, the map-level
    attributes and the shortest border (`min_border_length`: shorter contacts between
    provinces are not borders; 0 keeps every one).
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        extent: tuple[float, float, float, float] | None = None,
        attributes: dict[str, Any] | None = None,
        min_border_length: float | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New map") if extent is None else _("Map properties"))
        self.map_id = QLineEdit("my-map")
        self.name = QLineEdit(_("My Map"))
        self.width = _spin(10, 5000, 600)
        self.height = _spin(10, 5000, 400)
        self.game = QComboBox()
        for game in GAMES:
            self.game.addItem(_("Any game") if game == "any" else game_name(game), game)
        form = QFormLayout(self)
        form.addRow(_("Id"), self.map_id)
        form.addRow(_("Name"), self.name)
        form.addRow(_("Width (mm)"), self.width)
        form.addRow(_("Height (mm)"), self.height)
        form.addRow(_("Game"), self.game)
        self.extent: list[QDoubleSpinBox] = []
        if extent is not None:
            row = QHBoxLayout()
            for value in extent:
                spin = _spin(-1e6, 1e6, value, 2)
                self.extent.append(spin)
                row.addWidget(spin)
            form.addRow(_("Extent (min x, min y, max x, max y)"), row)
            text = yaml.safe_dump(attributes or {}, default_flow_style=True).strip()
            self.attributes = QLineEdit(text)
            self.attributes.setToolTip(
                _("Map-level attributes as a YAML mapping, e.g. {example}").format(
                    example="{rounds: 8}"
                )
            )
            form.addRow(_("Attributes"), self.attributes)
            self.min_border = _TrimmedSpin()
            self.min_border.setRange(0, 1e6)
            self.min_border.setDecimals(6)
            self.min_border.setValue(min_border_length or 0)
            self.min_border.setSpecialValueText(_("keep every border"))
            self.min_border.setSuffix(" " + _("map units"))
            self.min_border.setToolTip(
                _(
                    "Provinces touching along less than this are not neighbours (nor coasts "
                    "shorter than this). 0 keeps every border, however short."
                )
            )
            form.addRow(_("Shortest border"), self.min_border)
        form.addRow(_buttons(self))

    def spec(self) -> NewMapSpec:
        """The chosen map settings (ValueError when the attributes are not a mapping)."""
        extent = tuple(s.value() for s in self.extent) if self.extent else None
        attributes = None
        if self.extent:
            text = self.attributes.text() or "{}"
            try:
                check_events(text, "the attributes")  # no aliases or tags, as in a map file
                attributes = yaml.safe_load(text) or {}
            except MapError as exc:
                raise ValueError(f"{exc.problem}: {exc.fix}") from None
            except yaml.YAMLError as exc:
                raise ValueError(
                    _("the attributes are not valid YAML: {reason}").format(reason=exc)
                ) from None
            if not isinstance(attributes, dict):
                raise ValueError(
                    _("the attributes must be a mapping, e.g. {example}").format(
                        example="{rounds: 8}"
                    )
                )
        shortest = self.min_border.value() if self.extent else 0.0
        return NewMapSpec(
            self.map_id.text().strip() or "untitled",
            self.name.text().strip() or _("Untitled"),
            self.width.value(),
            self.height.value(),
            self.game.currentData(),
            extent,  # type: ignore[arg-type]
            attributes,
            shortest or None,
        )


@dataclass(frozen=True)
class GridSpec:
    """What the grid dialog asked for."""

    kind: str
    rows: int
    cols: int
    size: float
    origin: tuple[float, float]


class GridDialog(QDialog):
    """A square or hex grid of provinces sharing their vertices."""

    def __init__(self, parent: QWidget | None = None, origin: tuple[float, float] = (0, 0)) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Generate grid"))
        self.kind = QComboBox()
        for kind, text in GRID_KINDS.items():
            self.kind.addItem(_(text), kind)
        self.rows = QSpinBox()
        self.rows.setRange(1, 100)
        self.rows.setValue(6)
        self.cols = QSpinBox()
        self.cols.setRange(1, 100)
        self.cols.setValue(8)
        self.size = _spin(0.1, 1000, 25)
        self.x = _spin(-1e5, 1e5, origin[0])
        self.y = _spin(-1e5, 1e5, origin[1])
        form = QFormLayout(self)
        form.addRow(_("Cells"), self.kind)
        form.addRow(_("Rows"), self.rows)
        form.addRow(_("Columns"), self.cols)
        form.addRow(_("Cell size (side / hex radius)"), self.size)
        form.addRow(_("Origin x"), self.x)
        form.addRow(_("Origin y"), self.y)
        form.addRow(_buttons(self))

    def spec(self) -> GridSpec:
        """The chosen grid."""
        return GridSpec(
            self.kind.currentData(),
            self.rows.value(),
            self.cols.value(),
            self.size.value(),
            (self.x.value(), self.y.value()),
        )


@dataclass(frozen=True)
class BackgroundSpec:
    """A tracing image and where it lies on the map."""

    path: str
    opacity: float
    x: float
    y: float
    scale: float


class BackgroundDialog(QDialog):
    """Choose a tracing image, its opacity, position and scale (map units per pixel)."""

    def __init__(
        self, parent: QWidget | None = None, current: BackgroundSpec | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Background image"))
        self.path = QLineEdit(current.path if current else "")
        browse = QPushButton(_("Browse…"))
        browse.clicked.connect(self._on_browse)
        row = QHBoxLayout()
        row.addWidget(self.path)
        row.addWidget(browse)
        self.opacity = _spin(0.05, 1.0, current.opacity if current else 0.5, 2)
        self.opacity.setSingleStep(0.05)
        self.x = _spin(-1e5, 1e5, current.x if current else 0)
        self.y = _spin(-1e5, 1e5, current.y if current else 0)
        self.scale = _spin(0.0001, 1000, current.scale if current else 1.0, 4)
        form = QFormLayout(self)
        form.addRow(_("Image"), row)
        form.addRow(_("Opacity"), self.opacity)
        form.addRow(_("Left (x)"), self.x)
        form.addRow(_("Top (y)"), self.y)
        form.addRow(_("Map units per pixel"), self.scale)
        form.addRow(_buttons(self))

    def _on_browse(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            _("Tracing image"),
            str(Path.home()),
            _("Images (*.png *.jpg *.jpeg *.bmp *.gif)"),
        )
        if path:
            self.path.setText(path)

    def spec(self) -> BackgroundSpec:
        """The chosen background."""
        return BackgroundSpec(
            self.path.text(),
            self.opacity.value(),
            self.x.value(),
            self.y.value(),
            self.scale.value(),
        )
