"""The game model of the app: one `GameSession` wraps a `GameState` and its seats.

Views read `session.state` (through the observation of the player they show) and never
change it; controllers call `apply` / `undo_own_decision`, and the session tells everyone
with signals. The session also owns the file side: save files are the engine's versioned
JSON (engine.saves) plus an "app" entry with the seats, the map file, a summary for the
Recent games list and where the screen stands (`keep`: the controllers' own fields, the
resolution steps still to show, the hints used, the guide's steps); every decision is
autosaved, after everyone was told of it. Loading goes through `app.savefile`; what the
save said about the screen is `restored`, for the controllers to take up again.

Undo ("Undo my last decision") takes back one person's last decision and the computer
seats' replies after it, never another person's (hot seat) nor anything before an undo
barrier (an action that made hidden information known).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import _
from app.savefile import AI, HUMAN, AppFields, Seat, load_save, summary_dict
from engine.core import GameState, IllegalActionError
from engine.files import atomic_write_text
from engine.registry import get_game
from engine.saves import SaveError, save_dict
from engine.words import N_, Words

__all__ = [
    "AI",
    "HUMAN",
    "GameSession",
    "NewGameConfig",
    "SaveError",
    "Seat",
    "load_session",
    "new_session",
    "resolve_map_path",
]


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
        restored: AppFields | None = None,
    ) -> None:
        super().__init__(parent)
        if len(seats) != state.num_players:
            raise ValueError(f"{len(seats)} seats for a {state.num_players}-player game")
        self.state = state
        self.seats = tuple(seats)
        self.map_path = map_path
        self.autosave_path: Path | None = None
        self.save_path: Path | None = None
        # the engine says which actions revealed something (undo barriers); a test may say
        self._reveals_hidden = reveals_hidden or (lambda state, _a, _p: state.revealed_hidden())
        self._player_words: Callable[[GameState, int], Words] = lambda state, p: Words.of(
            N_("Player {number}"), number=p + 1
        )
        self._map_name: str | None = None
        self.restored = restored or AppFields()
        """What the save said about the screen (`app.savefile.AppFields`); empty for a new
        game. The controllers take their part up when they start."""
        self._kept: dict[str, Callable[[], Any]] = {}
        # undo never goes below this history length: hidden information was revealed there
        self._undo_floor = len(state.history)
        if self.restored.undo_floor is not None:
            self._undo_floor = min(self.restored.undo_floor, len(state.history))
        # who took each action since the undo floor (the player to act before it)
        self._actors: list[int | None] = [None] * len(state.history)
        self._actors[self._undo_floor :] = _actors_since(state, self._undo_floor)

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
        """True when `player` has a decision that may be taken back now."""
        return self.undo_refusal(player) is None

    def undo_refusal(self, player: int) -> str | None:
        """Why `player` may not take back their last decision now (words for people),
        None when they may."""
        if self._undo_target(player) is None:
            if self._undo_floor > 0:
                return _(
                    "nothing to undo: your decisions so far came before something hidden "
                    "was revealed"
                )
            return _("nothing to undo: you have made no decision yet")
        other = self.in_the_way(player)
        if other is not None:
            name = self.seats[other].name
            who = str(self._player_words(self.state, other)) + (f" ({name})" if name else "")
            return _(
                "{player} has decided since your last decision, and only they may take their "
                "decision back (with Undo on their turn)"
            ).format(player=who)
        return None

    def in_the_way(self, player: int) -> int | None:
        """The other person whose decision came after `player`'s last one (their undo would
        take it back), None when there is none."""
        target = self._undo_target(player)
        if target is None:
            return None
        for actor in reversed(self._actors[target + 1 :]):
            if actor is not None and actor != player and self.is_human(actor):
                return actor
        return None

    def set_undo_rule(self, reveals_hidden: Callable[[GameState, Any, int], bool]) -> None:
        """Set the test that tells which actions reveal hidden information (undo barriers;
        by default the engine's `GameState.revealed_hidden`)."""
        self._reveals_hidden = reveals_hidden

    def set_player_words(self, words: Callable[[GameState, int], Words]) -> None:
        """Set how the saved summary names a player ("Crab", said in the reader's language)."""
        self._player_words = words

    def map_name(self) -> str | None:
        """The name of the game's map (from its file), or its id; None without a map."""
        if self._map_name is None:  # read once: autosaves must not parse the map again
            self._map_name = self.state.setup().map_id or ""
            if self.map_path is not None:
                from app.board.maps_cache import map_file
                from maps.api import MapError

                try:
                    self._map_name = str(map_file(self.map_path).name)
                except (MapError, OSError):
                    pass  # the id will do
        return self._map_name or None

    def summary(self) -> dict[str, Any]:
        """Game, map, round, players and date, for the Recent games list."""
        labels = [self._player_words(self.state, p) for p in range(self.state.num_players)]
        return summary_dict(self.state, self.seats, labels, self.map_name())

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
        self.action_applied.emit(player, action)
        self.changed.emit()
        self.autosave()  # after the screen took it in (its resolution steps are kept)

    def undo_own_decision(self, player: int) -> int:
        """Take back `player`'s last decision and the computer seats' replies after it; the
        count undone. Raises `IllegalActionError` with `undo_refusal`'s words when it may
        not (a barrier, or another person decided since)."""
        refusal = self.undo_refusal(player)
        target = self._undo_target(player)
        if refusal is not None or target is None:
            raise IllegalActionError(refusal or "nothing to undo")
        count = len(self.state.history) - target
        for _step in range(count):
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
    def keep(self, name: str, fields: Callable[[], Any] | None) -> None:
        """Save `fields()` as the app entry's `name` ("screen", "hints", "learn") with every
        save; None stops it (the controller that kept it goes)."""
        if fields is None:
            self._kept.pop(name, None)
        else:
            self._kept[name] = fields

    def save_data(self) -> dict[str, Any]:
        """The engine's save dict plus the app's seats, map file and screen."""
        data = save_dict(self.state)
        app: dict[str, Any] = {
            "seats": [asdict(seat) for seat in self.seats],
            "map_path": str(self.map_path) if self.map_path else None,
            "save_path": str(self.save_path) if self.save_path else None,
            "summary": self.summary(),
            "undo": {"floor": self._undo_floor},
        }
        for name, fields in self._kept.items():
            value = fields()
            if value is not None:
                app[name] = value
        data["app"] = app
        return data

    def save(self, path: str | Path) -> None:
        """Write the game to `path` (atomic) and make it the file of this game."""
        path = Path(path)
        previous, self.save_path = self.save_path, path  # the file records where it lives
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, json.dumps(self.save_data(), indent=1) + "\n")
        except BaseException:
            self.save_path = previous
            raise
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
        from app.board.maps_cache import map_issues
        from maps.verdict import verdict_of  # the map's own errors count too

        readiness = verdict_of(spec.id, graph, map_issues(map_path), players)
        if not readiness.ready:  # the new-game dialog refuses it first; this guards the rest
            raise ValueError(readiness.message())
    state = spec.new_game(players, seed, settings, graph)
    return GameSession(state, config.seats, map_path, reveals_hidden)


def load_session(
    path: str | Path,
    known_maps: Mapping[str, str] | None = None,
    reveals_hidden: Callable[[GameState, Any, int], bool] | None = None,
    autosave: bool = False,
) -> GameSession:
    """Load a save file; raises `SaveError` whose message names the file and the fix.

    The session's file is the save itself; for the autosave (`autosave=True`) it is the
    file the game was saved to before, when that still exists, else none.
    """
    loaded = load_save(path, known_maps)
    session = GameSession(
        loaded.state, loaded.seats, loaded.map_path, reveals_hidden, restored=loaded.app
    )
    session.save_path = loaded.path
    if autosave:
        own = loaded.app.save_path
        session.save_path = Path(own) if own and Path(own).is_file() else None
    return session


def _actors_since(state: GameState, start: int) -> list[int]:
    """The player who took each action of `state` from action `start` on (the player to
    act before it), found by taking them back on a copy."""
    walk = state.clone()
    taken = len(walk.history) - start
    for _step in range(taken):
        walk.undo()
    actors = []
    for action in state.history[start:]:
        actors.append(walk.current_player())
        walk.apply(action)
    return actors


def _load_graph(path: Path) -> Any:
    """The game graph of a map file for a new game (raises `ValueError`, `OSError`)."""
    from shapely.errors import ShapelyError

    from app.board.maps_cache import map_geometry
    from maps.api import MapError

    try:
        return map_geometry(path).graph
    except (ShapelyError, IndexError) as exc:  # geometry the loader let through
        raise MapError(
            f"has shapes Daimyo cannot work out ({exc})",
            file=str(path),
            fix="open it in the map editor and fix what its Validation panel lists",
        ) from None
