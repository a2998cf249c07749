"""The new-game dialog: game, map, seats (human or AI with a level, per-seat choice), seed.

A map game's map is checked by `maps.verdict` (the map's own errors and what the game
needs from it): an unready map shows why, with the fixes, and Start is refused; the player
counts and the per-seat choices (Rokugan: the clans with a capital) follow from the map.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.games import game_ui
from app.i18n import _, ai_level_name, game_name, map_name
from app.session import AI, HUMAN, NewGameConfig, Seat, resolve_map_path
from engine.core import GameSpec
from engine.graph import MapReadiness
from engine.registry import available_games, get_game

# The levels a person may pick; `cheat` sees hidden information and is never offered.
LEVELS = ("easy", "normal", "hard")
MAX_SEATS = 5


def offered_levels() -> list[str]:
    """The AI levels registered in ai.registry that the app offers."""
    from ai.registry import offered_bot_names

    names = offered_bot_names()
    levels = [level for level in LEVELS if level in names]
    return levels or [name for name in ("greedy", "random") if name in names]


def shipped_maps_for(game_id: str) -> list[tuple[str, str]]:
    """(map id, name) of the shipped maps a game may use (reads only the files' headers)."""
    try:
        from maps.api import shipped_map_path, shipped_maps
    except ImportError:
        return []
    found = []
    for map_id in shipped_maps():
        header = map_header(shipped_map_path(map_id))
        if header.get("game", "any") in (None, "any", game_id):
            found.append((map_id, map_name(str(header.get("name") or map_id))))
    return found


def map_header(path: Path) -> dict[str, Any]:
    """The top-level values of a map file (id, name, game) without parsing its polygons;
    {} for a file that is not a readable map (the game start says why)."""
    from maps.errors import MapError
    from maps.io import read_map_header

    try:
        return read_map_header(path)
    except MapError:
        return {}


class _SeatRow:
    """The widgets of one seat."""

    def __init__(self, index: int, levels: list[str]) -> None:
        self.label = QLabel(_("Seat {number}").format(number=index + 1))
        self.name = QLineEdit()
        self.name.setPlaceholderText(_("name"))
        self.kind = QComboBox()
        self.kind.addItem(_("Human"), HUMAN)
        self.kind.addItem(_("AI"), AI)
        self.level = QComboBox()
        for level in levels:
            self.level.addItem(ai_level_name(level), level)
        if "normal" in levels:
            self.level.setCurrentIndex(levels.index("normal"))
        self.choice = QComboBox()
        self.kind.currentIndexChanged.connect(self._on_kind_changed)
        self._on_kind_changed()

    def widgets(self) -> list[QWidget]:
        """The row's widgets, left to right."""
        return [self.label, self.name, self.kind, self.level, self.choice]

    def set_visible(self, visible: bool) -> None:
        """Show or hide the whole row."""
        for widget in self.widgets():
            widget.setVisible(visible)

    def _on_kind_changed(self) -> None:
        self.level.setEnabled(self.kind.currentData() == AI)

    def seat(self) -> Seat:
        """The seat the row describes."""
        return Seat(
            kind=self.kind.currentData(),
            bot=self.level.currentData() or "random",
            name=self.name.text().strip(),
            choice=self.choice.currentData(),
        )

    def load(self, data: dict[str, Any]) -> None:
        """Restore a remembered seat."""
        _select(self.kind, data.get("kind"))
        _select(self.level, data.get("bot"))
        _select(self.choice, data.get("choice"))
        self.name.setText(str(data.get("name") or ""))


def _select(combo: QComboBox, data: Any) -> None:
    index = combo.findData(data)
    if index >= 0:
        combo.setCurrentIndex(index)


class NewGameDialog(QDialog):
    """Choose everything about a new game; `config()` gives the result after `exec()`."""

    def __init__(
        self,
        parent: QWidget | None = None,
        last: dict[str, Any] | None = None,
        map_path: str | Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New game"))
        self._specs: dict[str, GameSpec] = {}
        for game_id in available_games():
            try:
                self._specs[game_id] = get_game(game_id)
            except (ImportError, AttributeError):
                continue  # a game whose package is still incomplete
        self._map_file: str | None = None
        self._graph: Any = None  # the chosen map's engine.graph.MapGraph, when it loads
        self._map_error: str | None = None  # why the chosen map does not load
        self.readiness: MapReadiness | None = None  # of the chosen map, for the player count

        self.game = QComboBox()
        for game_id, spec in self._specs.items():
            self.game.addItem(game_name(game_id, spec.name), game_id)
        self.map = QComboBox()
        self._browse = QPushButton(_("Other file…"))
        self._browse.clicked.connect(self._on_browse_map)
        map_row = QHBoxLayout()
        map_row.addWidget(self.map, 1)
        map_row.addWidget(self._browse)
        self._map_box = QWidget()
        self._map_box.setLayout(map_row)
        map_row.setContentsMargins(0, 0, 0, 0)
        self.players = QSpinBox()
        self.seed = QLineEdit()
        self.seed.setValidator(QIntValidator(0, 2**31 - 1, self))
        self.seed.setPlaceholderText(_("random"))

        form = QFormLayout()
        form.addRow(_("Game"), self.game)
        form.addRow(_("Map"), self._map_box)
        self._map_label = form.labelForField(self._map_box)
        form.addRow(_("Players"), self.players)
        form.addRow(_("Seed"), self.seed)

        seats_box = QGroupBox(_("Seats"))
        grid = QGridLayout(seats_box)
        self._choice_header = QLabel()
        for column, text in enumerate(["", _("Name"), _("Player"), _("AI level")]):
            if text:
                grid.addWidget(QLabel(f"<b>{text}</b>"), 0, column)
        grid.addWidget(self._choice_header, 0, 4)
        levels = offered_levels()
        self.seats = [_SeatRow(i, levels) for i in range(MAX_SEATS)]
        for row, seat in enumerate(self.seats, start=1):
            for column, widget in enumerate(seat.widgets()):
                grid.addWidget(widget, row, column)
        for seat in self.seats[1:]:
            _select(seat.kind, AI)

        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #5a4a30")
        self.error = QLabel()
        self.error.setStyleSheet("color: #b03a2e")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText(_("Start"))
        self.buttons.accepted.connect(self._on_accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(seats_box)
        layout.addWidget(self.note)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

        self.game.currentIndexChanged.connect(self._on_game_changed)
        self.map.currentIndexChanged.connect(self._on_map_changed)
        self.players.valueChanged.connect(self._on_players_changed)
        if not self._specs:
            self.error.setText(_("No game is installed yet."))
            self.buttons.button(QDialogButtonBox.Ok).setEnabled(False)
        self._on_game_changed()
        if last:
            self._load(last)
        if map_path is not None:
            self._use_map_file(str(map_path))

    # results ---------------------------------------------------------------------------
    def config(self) -> NewGameConfig:
        """The game the dialog describes."""
        seed_text = self.seed.text().strip()
        return NewGameConfig(
            game=self.game.currentData(),
            seats=tuple(row.seat() for row in self.seats[: self.players.value()]),
            map_ref=self.map.currentData() if self._uses_map() else None,
            seed=int(seed_text) if seed_text else None,
        )

    def choices(self) -> dict[str, Any]:
        """The dialog's state to remember for next time."""
        config = self.config()
        return {
            "game": config.game,
            "map": config.map_ref,
            "players": len(config.seats),
            "seats": [
                {"kind": s.kind, "bot": s.bot, "name": s.name, "choice": s.choice}
                for s in config.seats
            ],
        }

    # behaviour -------------------------------------------------------------------------
    def _spec(self) -> GameSpec | None:
        return self._specs.get(self.game.currentData())

    def _uses_map(self) -> bool:
        spec = self._spec()
        return bool(spec and spec.uses_map)

    @Slot()
    def _on_game_changed(self) -> None:
        spec = self._spec()
        if spec is None:
            return
        self._map_box.setVisible(spec.uses_map)
        if self._map_label is not None:
            self._map_label.setVisible(spec.uses_map)
        kept = self.map.currentData()
        self.map.blockSignals(True)  # one map load below, not one per item added
        self.map.clear()
        for map_id, name in shipped_maps_for(spec.id):
            self.map.addItem(name, map_id)
        default = getattr(spec, "default_map", None)
        _select(self.map, default)
        if self._map_file:
            self.map.addItem(Path(self._map_file).name, self._map_file)
            if kept == self._map_file:  # the person's own map stays chosen for the new game
                self.map.setCurrentIndex(self.map.count() - 1)
        self.map.blockSignals(False)
        ui = game_ui(spec.id)
        label = _(ui.seat_choice_label) if ui.seat_choice_label else ""
        self._choice_header.setText(f"<b>{label}</b>" if label else "")
        self._on_map_changed()

    def _fill_choices(self, allowed: tuple[str, ...] | None) -> None:
        """The per-seat choices of the game, only those the map allows (`allowed`)."""
        spec = self._spec()
        if spec is None:
            return
        options = [
            (option_id, label)
            for option_id, label in game_ui(spec.id).seat_choices()
            if allowed is None or option_id in allowed
        ]
        for row in self.seats:
            kept = row.choice.currentData()
            row.choice.clear()
            row.choice.addItem(_("Random"), None)
            for option_id, label in options:
                row.choice.addItem(label, option_id)
            _select(row.choice, kept)
            row.choice.setEnabled(bool(options))
        self._choice_header.setVisible(bool(options))

    @Slot()
    def _on_map_changed(self) -> None:
        """Load the chosen map and check it: the player count and the seats' choices follow
        from what it can seat (else from `attributes.players` of a map that does not load)."""
        spec = self._spec()
        if spec is None:
            return
        low, high = max(2, spec.min_players), min(MAX_SEATS, spec.max_players)
        map_ref = self.map.currentData() if spec.uses_map else None
        self._load_map(map_ref)
        allowed = None
        if self._graph is not None:
            from maps.verdict import verdict_of

            self.readiness = verdict_of(spec.id, self._graph, self._issues)
            allowed = self.readiness.choices
            if self.readiness.players is not None:
                low, high = (
                    max(low, self.readiness.players[0]),
                    min(high, self.readiness.players[1]),
                )
        elif map_ref:
            allowed_players = (map_header(resolve_map_path(map_ref)).get("attributes") or {}).get(
                "players"
            )
            if (
                isinstance(allowed_players, list)
                and len(allowed_players) == 2
                and all(isinstance(v, int) for v in allowed_players)
            ):
                low, high = max(low, allowed_players[0]), min(high, allowed_players[1])
        self._fill_choices(allowed)
        self.players.blockSignals(True)
        self.players.setRange(low, max(low, high))
        self.players.blockSignals(False)
        if map_ref:
            tip = _("{low}–{high} players on this map")
        else:
            tip = _("{low}–{high} players")
        self.players.setToolTip(tip.format(low=low, high=max(low, high)))
        self._on_players_changed()

    def _load_map(self, map_ref: str | None) -> None:
        """Read the graph of `map_ref` (cached per file); a broken file is remembered."""
        self._graph = None
        self._issues: tuple = ()
        self._map_error = None
        self.readiness = None
        if not map_ref:
            return
        from app.board.maps_cache import map_geometry, map_issues
        from maps.api import MapError

        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            path = resolve_map_path(map_ref)
            self._graph = map_geometry(path).graph
            self._issues = map_issues(path)  # a map with errors is not ready (maps.verdict)
        except MapError as exc:
            self._map_error = _("The map cannot be loaded: {error}").format(error=exc)
        except OSError as exc:
            self._map_error = _("The map file cannot be read: {error} ({file})").format(
                error=exc.strerror or exc, file=map_ref
            )
        finally:
            QApplication.restoreOverrideCursor()

    def _map_problem(self) -> str | None:
        """Why the chosen map cannot be played with the chosen player count, or None."""
        if self._map_error:
            return self._map_error
        spec = self._spec()
        if spec is None or self._graph is None:
            return None
        from maps.verdict import verdict_of

        readiness = verdict_of(spec.id, self._graph, self._issues, self.players.value())
        if readiness.ready:
            return None
        return readiness.message()

    @Slot()
    def _on_players_changed(self) -> None:
        count = self.players.value()
        for index, row in enumerate(self.seats):
            row.set_visible(index < count)
            row.choice.setVisible(index < count and row.choice.count() > 1)
        spec = self._spec()
        note = ""
        if spec is not None:
            map_ref = self.map.currentData() if spec.uses_map else None
            note = game_ui(spec.id).setup_note(count, map_ref)
        self.note.setText(note)
        self.note.setVisible(bool(note))
        problem = self._map_problem()
        self.error.setText(problem or "")
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(problem is None and bool(self._specs))
        self.adjustSize()

    @Slot()
    def _on_browse_map(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, _("Open a map file"), str(Path.home()), _("Daimyo maps (*.yaml *.yml)")
        )
        if path:
            self._use_map_file(path)

    def _use_map_file(self, path: str) -> None:
        self._map_file = path
        index = self.map.findData(path)
        if index < 0:
            self.map.addItem(Path(path).name, path)
            index = self.map.count() - 1
        self.map.setCurrentIndex(index)

    def _load(self, last: dict[str, Any]) -> None:
        _select(self.game, last.get("game"))
        _select(self.map, last.get("map"))
        if isinstance(last.get("players"), int):
            self.players.setValue(last["players"])
        for row, data in zip(self.seats, last.get("seats") or [], strict=False):
            if isinstance(data, dict):
                row.load(data)

    @Slot()
    def _on_accept(self) -> None:
        problem = self._problem()
        if problem:
            self.error.setText(problem)
            return
        self.accept()

    def _problem(self) -> str | None:
        config = self.config()
        if self._uses_map() and not config.map_ref:
            return _("Choose a map (no shipped map fits this game; open a map file).")
        if self._uses_map():
            problem = self._map_problem()
            if problem:
                return problem
        chosen = [s.choice for s in config.seats if s.choice is not None]
        if len(chosen) != len(set(chosen)):
            choice = _(game_ui(config.game).seat_choice_label)
            return _("Two seats chose the same {choice}.").format(choice=choice)
        if not any(s.is_human for s in config.seats):
            return _("At least one seat must be a human (use `daimyo play` for bot-only games).")
        return None
