"""The game model of the app: one `GameSession` wraps a `GameState` and its seats.

Views read `session.state` (through the observation of the player they show) and never
change it; controllers call `apply` / `undo_own_decision`, and the session tells everyone
with signals. The session also owns the file side: save files are the engine's versioned
JSON (engine.saves) plus an "app" entry with the seats, and every decision is autosaved.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from engine.core import GameState, IllegalActionError
from engine.files import atomic_write_text
from engine.registry import UnknownGameError, get_game, map_readiness
from engine.saves import SaveError, save_dict, state_from_dict

HUMAN = "human"
AI = "ai"


@dataclass(frozen=True, slots=True)
class Seat:
    """Who plays one seat: a human, or a bot by registry name (`normal`, `hard@2000`)."""

    kind: str = HUMAN
    bot: str = "normal"
    name: str = ""
    choice: str | None = None  # the game's per-seat choice (a clan), None for random

    @property
    def is_human(self) -> bool:
        """True for a person at this computer."""
        return self.kind == HUMAN

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        """The seat stored by `asdict`; raises ValueError when malformed."""
        if not isinstance(data, dict) or data.get("kind") not in (HUMAN, AI):
            raise ValueError(f"bad seat {data!r}")
        return cls(
            kind=data["kind"],
            bot=str(data.get("bot") or "normal"),
            name=str(data.get("name") or ""),
            choice=data.get("choice"),
        )


@dataclass(frozen=True, slots=True)
class NewGameConfig:
    """Everything the new-game dialog decides."""

    game: str
    seats: tuple[Seat, ...]
    map_ref: str | None = None  # a shipped map id or a map file path
    seed: int | None = None
    settings: dict[str, Any] = field(default_factory=dict)


def resolve_map_path(map_ref: str) -> Path:
    """The file of a shipped map id or a path."""
    from maps.api import shipped_map_path, shipped_maps

    if map_ref in shipped_maps():
        return Path(shipped_map_path(map_ref))
    return Path(map_ref)


class GameSession(QObject):
    """A running game: the state, its seats, undo rules and saving."""

    changed = Signal()
    """Anything about the state changed (apply, undo, load)."""
    action_applied = Signal(int, object)
    """(player, action) right after `apply`."""
    undone = Signal(int)
    """The number of actions taken back."""
    saved = Signal(str)
    """A save file was written (path)."""
    autosave_failed = Signal(str)
    """The autosave could not be written (a message for people)."""

    def __init__(
        self,
        state: GameState,
        seats: Sequence[Seat],
        map_path: Path | None = None,
        reveals_hidden: Callable[[GameState, Any, int], bool] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        if len(seats) != state.num_players:
            raise ValueError(f"{len(seats)} seats for a {state.num_players}-player game")
        self.state = state
        self.seats = tuple(seats)
        self.map_path = map_path
        self.autosave_path: Path | None = None
        self.save_path: Path | None = None
        self._reveals_hidden = reveals_hidden or (lambda state, action, player: True)
        # who took each action since the start (None for actions replayed from a file)
        self._actors: list[int | None] = [None] * len(state.history)
        # undo never goes below this history length: hidden information was revealed there
        self._undo_floor = len(state.history)

    # queries ---------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        """The game's registry id."""
        return self.state.setup().game

    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    def is_human(self, player: int) -> bool:
        """True when `player` is a person."""
        return 0 <= player < len(self.seats) and self.seats[player].is_human

    def can_undo(self, player: int) -> bool:
        """True when `player` has a decision that may still be taken back."""
        return self._undo_target(player) is not None

    def set_undo_rule(self, reveals_hidden: Callable[[GameState, Any, int], bool]) -> None:
        """Set the test that tells which actions reveal hidden information (undo barriers)."""
        self._reveals_hidden = reveals_hidden

    # changes ---------------------------------------------------------------------------
    def apply(self, action: Any) -> None:
        """Apply the current player's `action` (checked) and autosave.

        Raises `IllegalActionError` with the reason when the rules forbid it.
        """
        player = self.state.current_player()
        self.state.apply_checked(action)
        self._actors.append(player)
        if self._reveals_hidden(self.state, action, player):
            self._undo_floor = len(self.state.history)
        self.autosave()
        self.action_applied.emit(player, action)
        self.changed.emit()

    def undo_own_decision(self, player: int) -> int:
        """Take back `player`'s last decision and everything after it; the count undone."""
        target = self._undo_target(player)
        if target is None:
            raise IllegalActionError("nothing to undo: hidden information was revealed since")
        count = len(self.state.history) - target
        for _ in range(count):
            self.state.undo()
            self._actors.pop()
        self.autosave()
        self.undone.emit(count)
        self.changed.emit()
        return count

    def _undo_target(self, player: int) -> int | None:
        for index in range(len(self._actors) - 1, self._undo_floor - 1, -1):
            if self._actors[index] == player:
                return index
        return None

    # files -----------------------------------------------------------------------------
    def save_data(self) -> dict[str, Any]:
        """The engine's save dict plus the app's seats and map file."""
        data = save_dict(self.state)
        data["app"] = {
            "seats": [asdict(seat) for seat in self.seats],
            "map_path": str(self.map_path) if self.map_path else None,
        }
        return data

    def save(self, path: str | Path) -> None:
        """Write the game to `path` (atomic) and make it the file of this game."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(self.save_data(), indent=1) + "\n")
        self.save_path = path
        self.saved.emit(str(path))

    def autosave(self) -> None:
        """Write the autosave file, when one is set; a failure is reported, not raised."""
        if self.autosave_path is None:
            return
        try:
            self.autosave_path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.autosave_path, json.dumps(self.save_data(), indent=1) + "\n")
        except OSError as exc:
            self.autosave_failed.emit(
                f"Autosave to {self.autosave_path} failed ({exc.strerror or exc}); "
                "use Game → Save as to keep this game"
            )


def new_session(
    config: NewGameConfig,
    settings_for: Callable[[NewGameConfig, random.Random], dict[str, Any]] | None = None,
    reveals_hidden: Callable[[GameState, Any, int], bool] | None = None,
) -> GameSession:
    """Start the game `config` describes (raises ValueError/OSError with a message)."""
    spec = get_game(config.game)
    players = len(config.seats)
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(
            f"{spec.name} takes {spec.min_players}-{spec.max_players} players, not {players}"
        )
    seed = config.seed if config.seed is not None else random.SystemRandom().randrange(2**31)
    rng = random.Random(seed)
    settings = dict(config.settings)
    if settings_for is not None:
        settings.update(settings_for(config, rng))
    graph = None
    map_path = None
    if spec.uses_map:
        map_ref = config.map_ref or getattr(spec, "default_map", None)
        if not map_ref:
            raise ValueError(f"{spec.name} needs a map")
        map_path = resolve_map_path(map_ref)
        graph = _load_graph(map_path)
        readiness = map_readiness(spec.id, graph, players)
        if not readiness.ready:  # the new-game dialog refuses it first; this guards the rest
            raise ValueError(readiness.message())
    state = spec.new_game(players, seed, settings, graph)
    return GameSession(state, config.seats, map_path, reveals_hidden)


def load_session(
    path: str | Path,
    known_maps: dict[str, str] | None = None,
    reveals_hidden: Callable[[GameState, Any, int], bool] | None = None,
) -> GameSession:
    """Load a save file; raises `SaveError` whose message names the file and the fix."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(
            f"{path}: cannot be read ({exc.strerror or exc}); check that the file still exists "
            "and that you may read it"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{path}: line {exc.lineno}: not valid JSON ({exc.msg}); the file is damaged"
        ) from None
    game_id = data.get("game") if isinstance(data, dict) else None
    if isinstance(game_id, str):
        try:
            get_game(game_id)
        except UnknownGameError:
            pass  # state_from_dict says so with the file name
        except (ImportError, AttributeError):
            raise SaveError(
                f"{path}: the game {game_id!r} is not complete in this Daimyo; "
                "update Daimyo to load this save"
            ) from None
    app_data = data.get("app") if isinstance(data, dict) else None
    app_data = app_data if isinstance(app_data, dict) else {}
    map_paths: dict[str, Path] = {}

    map_info = data.get("map") if isinstance(data, dict) else None
    wanted_hash = map_info.get("hash") if isinstance(map_info, dict) else None

    def graph_for(map_id: str) -> Any:
        candidates = _map_files_for(map_id, app_data.get("map_path"), known_maps or {})
        if not candidates:
            raise SaveError(
                f"{path}: the map {map_id!r} is neither shipped nor found; open the map file "
                "once with New game, then load this save again"
            )
        # the file the game was played on, by content: an edited copy may share the id
        for candidate in candidates:
            graph = _load_graph(candidate, source=str(path))
            if wanted_hash is None or graph.hash == wanted_hash:
                break
        else:
            candidate = candidates[0]
            graph = _load_graph(candidate, source=str(path))
        map_paths[map_id] = candidate
        return graph

    state = state_from_dict(data, graph_for, source=str(path))
    try:
        seats = [Seat.from_dict(s) for s in app_data.get("seats") or []]
    except ValueError as exc:
        raise SaveError(
            f"{path}: the seats are malformed ({exc}); the file is damaged or was edited, "
            "load another save (or the autosave)"
        ) from None
    if len(seats) != state.num_players:
        # a save written by `daimyo play`: every seat a bot but the first
        seats = [Seat(HUMAN, name="You")] + [Seat(AI, "normal")] * (state.num_players - 1)
    map_path = next(iter(map_paths.values()), None)
    session = GameSession(state, seats, map_path, reveals_hidden)
    session.save_path = path
    return session


def _map_files_for(map_id: str, saved_path: Any, known: dict[str, str]) -> list[Path]:
    """Files that may hold the map `map_id`: the saved path, a remembered one, the shipped."""
    from maps.api import shipped_map_path, shipped_maps

    found: list[Path] = []
    for candidate in (saved_path, known.get(map_id)):
        if isinstance(candidate, str) and Path(candidate).is_file():
            found.append(Path(candidate))
    if map_id in shipped_maps():
        found.append(Path(shipped_map_path(map_id)))
    return list(dict.fromkeys(found))


def _load_graph(path: Path, source: str | None = None) -> Any:
    from app.board.maps_cache import map_geometry
    from maps.api import MapError

    try:
        return map_geometry(path).graph
    except MapError as exc:
        prefix = f"{source}: " if source else ""
        raise SaveError(f"{prefix}the map file is invalid: {exc}") from None
    except OSError as exc:
        prefix = f"{source}: " if source else ""
        raise SaveError(
            f"{prefix}the map file {path} cannot be read ({exc.strerror or exc}); put the map "
            "file back, or open it once with New game"
        ) from None
