"""File ▸ New from generator…: a random map for a game, previewed, opened for editing.

The dialog asks for the game, the number of provinces and a seed, and shows the map
`maps.generate.generate_map` makes (off the GUI thread: a 150-province map takes about
a second) with its territories' colours and what `map check --game` says. "Open in
editor" opens it as a new, unsaved map like an imported one: a normal map, edited and
saved like any other.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from app import gui_gc
from app.games.rokugan.words import clan as clan_words
from app.i18n import _, game_name, map_name, ngettext
from app.widgets.scaling import fit_on_screen
from editor.map_picture import MapPicture, Picture, territory_fills
from maps.generate import DEFAULT_PROVINCES, PROVINCE_RANGE
from maps.mapfile import MapFile

GAMES = ("rokugan", "ricewars")
"""The games the generator makes maps for."""


class _Signals(QObject):
    done = Signal(int, object, object, str)  # generation, MapFile | None, labels, text


class _Job(QRunnable):
    def __init__(self, generation: int, game: str, provinces: int, seed: int, signals: _Signals):
        super().__init__()
        self.args = (generation, game, provinces, seed)
        self.signals = signals

    def run(self) -> None:
        generation, game, provinces, seed = self.args
        mapfile, labels, text = generate_preview(game, provinces, seed)
        if isValid(self.signals):  # the dialog may have closed meanwhile
            self.signals.done.emit(generation, mapfile, labels, text)


def generate_preview(
    game: str, provinces: int, seed: int
) -> tuple[MapFile | None, dict[str, Any], str]:
    """(the map, its label points, a line on what it is) — or (None, {}, why not)."""
    from engine.registry import map_readiness
    from maps.generate import GenerateError, generate_map
    from maps.geometry import derive

    try:
        mapfile = generate_map(game, provinces, seed, map_id=f"{game}-{seed}")
    except GenerateError as exc:
        return None, {}, str(exc)
    geometry = derive(mapfile)
    readiness = map_readiness(game, geometry.graph)
    low, high = readiness.players or (0, 0)
    provinces, territories, seas = (
        len(mapfile.provinces),
        len(mapfile.territories),
        len(mapfile.seas),
    )
    counts = ", ".join(
        (
            ngettext("{n} province", "{n} provinces", provinces).format(n=provinces),
            ngettext("{n} territory", "{n} territories", territories).format(n=territories),
            ngettext("{n} sea", "{n} seas", seas).format(n=seas),
        )
    )
    ready = (
        ngettext("ready for {game} with {n} player", "ready for {game} with {n} players", low)
        if low == high
        else _("ready for {game} with {low}-{high} players")
    ).format(game=game_name(game), n=low, low=low, high=high)
    text = f"{counts}; {ready}"
    return mapfile, dict(geometry.labels), text


def notes(mapfile: MapFile) -> dict[str, str]:
    """What the preview writes under a province's name: capitals, Shadowlands, palace
    sites, the blessed field."""
    out = {}
    for p in mapfile.provinces:
        a = p.attrs
        if "capital" in a:
            out[p.id] = _("{clan} capital").format(clan=clan_words(str(a["capital"])))
        elif a.get("shadowlands"):
            out[p.id] = _("Shadowlands")
        elif "blessed" in a:
            out[p.id] = _("blessed ({n} Ryo)").format(n=a["blessed"])
        elif a.get("palace_site"):
            out[p.id] = _("palace site")
    return out


class GenerateDialog(QDialog):
    """Choose game, provinces and seed; see the map; open it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New map from generator"))
        self.mapfile: MapFile | None = None
        self._generation = 0
        gui_gc.ensure()  # garbage is collected in the GUI thread only (app.gui_gc)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals()
        self._signals.done.connect(self._on_done)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(200)
        self._timer.timeout.connect(self.regenerate)

        self.game = QComboBox()
        for gid in GAMES:
            self.game.addItem(game_name(gid), gid)
        self.provinces = QSpinBox()
        self.seed = QSpinBox()
        self.seed.setRange(0, 999_999)
        self.seed.setValue(1)
        self.reseed = QPushButton(_("Another"))
        self.reseed.setToolTip(_("A new random seed: another map"))
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(self.reseed)
        form = QFormLayout()
        form.addRow(_("Game"), self.game)
        form.addRow(_("Provinces"), self.provinces)
        form.addRow(_("Seed"), seed_row)
        self.preview = MapPicture()
        self.preview.setMinimumSize(560, 400)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.open_button = self.buttons.addButton(
            _("Open in editor"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.buttons)
        fit_on_screen(self, 760, 680)

        self.game.currentIndexChanged.connect(self._on_game)
        self.provinces.valueChanged.connect(lambda _value: self._timer.start())
        self.seed.valueChanged.connect(lambda _value: self._timer.start())
        self.reseed.clicked.connect(lambda: self.seed.setValue(random.randrange(1_000_000)))
        self._on_game()

    def _on_game(self, *_args: object) -> None:
        game = self.game.currentData()
        self.provinces.blockSignals(True)
        self.provinces.setRange(*PROVINCE_RANGE[game])
        self.provinces.setValue(DEFAULT_PROVINCES[game])
        self.provinces.blockSignals(False)
        self.regenerate()

    def regenerate(self) -> int:
        """Make the map for the current choices in the background; returns its number."""
        self._timer.stop()
        self._generation += 1
        self.open_button.setEnabled(False)
        self.summary.setText(_("Generating…"))
        job = _Job(
            self._generation,
            self.game.currentData(),
            self.provinces.value(),
            self.seed.value(),
            self._signals,
        )
        self._pool.start(job)
        return self._generation

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until the maps asked for are made (tests)."""
        return self._pool.waitForDone(msecs)

    def _on_done(self, generation: int, mapfile: MapFile | None, labels: Any, text: str) -> None:
        if generation != self._generation:
            return  # an older choice; a newer map is on its way
        self.mapfile = mapfile
        self.summary.setText(text)
        self.open_button.setEnabled(mapfile is not None)
        if mapfile is None:
            self.preview.show_picture(None, text)
        else:
            title = map_name(mapfile.name)
            fills = territory_fills(mapfile)
            self.preview.show_picture(Picture(mapfile, fills, notes(mapfile), labels, title))

    def done(self, result: int) -> None:  # noqa: D102 - QDialog.done: finish the job first
        self._timer.stop()
        self._pool.waitForDone()
        super().done(result)


def new_from_generator(window: Any) -> bool:
    """File ▸ New from generator… in the editor `window`: ask, then open the map."""
    from editor.document import MapDocument
    from editor.topology import TopoMap

    if not window.maybe_keep_changes():
        return False
    dialog = GenerateDialog(window)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted and dialog.mapfile is not None
    mapfile = dialog.mapfile
    dialog.deleteLater()
    if not accepted or mapfile is None:
        return False
    # unsaved work: opening another map or closing asks first, as for a drawn one
    window.set_document(MapDocument(TopoMap.from_mapfile(mapfile)).mark_unsaved())
    window.statusBar().showMessage(
        _("Generated {map}: save it to keep it (File ▸ Save as…)").format(
            map=map_name(mapfile.name)
        ),
        10_000,
    )
    return True
