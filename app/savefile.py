"""The one loader of save files for the app and the command line (no Qt).

`load_save(path)` is what File → Open, Continue, Recent games, `daimyo app SAVE` and
`daimyo log SAVE` call: `engine.saves.read_save` reads and checks the file (size, plain
file, UTF-8, JSON limits, the engine's schema), this module checks the app's own fields
(seats, map file, summary), finds the map by its hash, and replays the game. Every problem
is a `SaveError` whose message names the file, the field and the fix.

The map of a save is found by content: the shipped map of the save's map id, the map file
recorded in the save, the file remembered for that id, then the other shipped maps are
candidates, and the first whose hash matches the save's wins. A candidate that is not a
map file (missing, a folder, a FIFO, not YAML, an alias bomb) is skipped without quoting it.

`read_summary(path)` reads what the Recent games list shows (game, map, round, players,
date) without replaying anything.

Since save version 2 the app's entry also records where the screen stands, so Continue
shows the same screen with nothing played on: `screen.steps`, the resolution steps still
to show (each `[action number, beat]` of the action's story, the first one being shown),
`hints` (each seat's hints used and the decision its last one was asked in), `learn` (the
guided game's steps done) and `undo.floor` (no undo below this many actions: hidden
information was revealed there). A save without them (version 1) loads as before: no step
pending, no hint used, no guide, no undo past the load.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from string import Formatter
from typing import Any

from app.i18n import _, ai_level_name, game_name, map_name, ngettext, pgettext
from engine.core import GameState
from engine.registry import get_game
from engine.saves import (
    DAMAGED,
    SaveData,
    SaveError,
    describe,
    field_named,
    read_save,
    replay,
    save_error,
)
from engine.words import N_, Words

HUMAN = "human"
AI = "ai"
APP_FIELDS = ("seats", "map_path", "save_path", "summary", "screen", "hints", "learn", "undo")
SUMMARY_FIELDS = ("round", "map", "players", "labels", "saved", "finished")


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

    def said_name(self) -> str:
        """The name the seat is called by: the one entered, else "You" (in the reader's
        language) for a person; "" for a bot without a name."""
        return self.name or (_("You") if self.is_human else "")

    @classmethod
    def from_dict(cls, data: Any) -> Seat:
        """The seat stored by `asdict`; raises ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(Words.of(N_("a seat is {value}, not an object"), value=describe(data)))
        for key in data:
            if key not in ("kind", "bot", "name", "choice"):
                raise ValueError(Words.of(N_("a seat has the unknown field {key}"), key=repr(key)))
        if data.get("kind") not in (HUMAN, AI):
            kind = describe(data.get("kind"))
            raise ValueError(
                Words.of(N_("a seat's 'kind' is {value}, not human or ai"), value=kind)
            )
        for key in ("bot", "name", "choice"):
            optional = key == "choice" and data.get(key) is None
            if key in data and type(data[key]) is not str and not optional:
                raise ValueError(
                    Words.of(
                        N_("a seat's {key} is {value}, not a text"),
                        key=repr(key),
                        value=describe(data[key]),
                    )
                )
        choice = data.get("choice")
        return cls(
            kind=data["kind"],
            bot=data.get("bot") or "normal",
            name=data.get("name") or "",
            choice=choice,
        )


@dataclass(frozen=True)
class HintsUsed:
    """Each seat's hints: how many were used, and the decision (the game's length in
    actions) its last one was asked in, None before the first; one hint per decision."""

    used: tuple[int, ...]
    asked: tuple[int | None, ...]


@dataclass(frozen=True)
class GuidePlace:
    """Where a guided game stands: its game, the guide's steps done, the guide on or aside."""

    game: str
    done: tuple[str, ...] = ()
    active: bool = True


@dataclass(frozen=True)
class AppFields:
    """The app's entry of a save ("app"), checked."""

    seats: tuple[Seat, ...] = ()
    map_path: str | None = None
    save_path: str | None = None
    summary: dict[str, Any] | None = None
    steps: tuple[tuple[int, int], ...] = ()
    """The resolution steps still to show, as (action index, beat), the shown one first."""
    hints: HintsUsed | None = None
    learn: GuidePlace | None = None
    undo_floor: int | None = None
    """No undo below this many actions (None: the length of the game as loaded)."""


@dataclass(frozen=True)
class LoadedSave:
    """A save file loaded and replayed: the state, its seats and the map file it used."""

    path: Path
    save: SaveData
    state: GameState
    seats: tuple[Seat, ...]
    """One per player; a save without seats (written by `daimyo play --save` before it
    recorded them) gets You + normal bots."""
    map_path: Path | None
    app: AppFields


# --------------------------------------------------------------------------- loading


def load_save(path: str | Path, known_maps: Mapping[str, str] | None = None) -> LoadedSave:
    """Read, check and replay the save at `path` (raises `SaveError`).

    `known_maps` maps map ids to files the person opened before (the app's settings).
    """
    path = Path(path)
    save = read_save(path)
    app = check_app_fields(save)
    graph = None
    map_path = None
    setup = save.setup
    if setup.map_id is not None:
        map_path, graph = find_map(save, app.map_path, (known_maps or {}).get(setup.map_id))
    state = replay(save, graph)
    seats = app.seats
    if not seats:  # an older `daimyo play` save: every seat a bot but the first, whose
        # person is "You" in the reader's language (`Seat.said_name`), not a stored name
        seats = (Seat(HUMAN),) + (Seat(AI, "normal"),) * (state.num_players - 1)
    return LoadedSave(path, save, state, seats, map_path, app)


def check_app_fields(save: SaveData) -> AppFields:
    """The app's fields of a checked save (raises `SaveError` naming the field)."""
    source = save.source
    data = save.extra.get("app")
    if data is None:
        return AppFields()

    def fail(where: Words, problem: Words) -> SaveError:
        return save_error(source, where, problem, DAMAGED)

    if not isinstance(data, dict):
        raise fail(
            field_named("app"), Words.of(N_("is {value}, not an object"), value=describe(data))
        )
    for key in data:
        if key not in APP_FIELDS:
            raise fail(field_named(f"app.{key}"), Words.of(N_("is not a field of a Daimyo save")))
    seats_data = data.get("seats")
    if seats_data is None:
        seats_data = []
    if not isinstance(seats_data, list):
        raise fail(
            field_named("app.seats"),
            Words.of(N_("is {value}, not a list"), value=describe(seats_data)),
        )
    seats = []
    for index, item in enumerate(seats_data):
        try:
            seats.append(Seat.from_dict(item))
        except ValueError as exc:
            where = Words.of(N_("field 'app.seats', seat {n}:"), n=index + 1)
            malformed = Words.of(N_("the seats are malformed ({reason})"), reason=exc.args[0])
            raise fail(where, malformed) from None
    if seats and len(seats) != save.setup.players:
        raise fail(
            field_named("app.seats"),
            Words.of(
                N_("lists {n} seats for {players} players"),
                n=len(seats),
                players=save.setup.players,
            ),
        )
    paths = {}
    for key in ("map_path", "save_path"):
        value = data.get(key)
        if value is not None and (type(value) is not str or not value or "\0" in value):
            raise fail(
                field_named(f"app.{key}"),
                Words.of(N_("is {value}, not a file path"), value=describe(value)),
            )
        paths[key] = value
    summary = data.get("summary")
    if summary is not None:
        _check_summary(summary, fail)
    players, actions = save.setup.players, len(save.actions)
    return AppFields(
        tuple(seats),
        paths["map_path"],
        paths["save_path"],
        summary,
        _check_screen(data.get("screen"), actions, fail),
        _check_hints(data.get("hints"), players, actions, fail),
        _check_learn(data.get("learn"), fail),
        _check_undo(data.get("undo"), actions, fail),
    )


def _count(value: Any, low: int, high: int) -> bool:
    """True for a whole number (not a bool) within low..high."""
    return type(value) is int and low <= value <= high


def _fields(value: Any, where: str, known: tuple[str, ...], fail: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise fail(
            field_named(f"{where}"),
            Words.of(N_("is {value}, not an object"), value=describe(value)),
        )
    for key in value:
        if key not in known:
            raise fail(
                field_named(f"{where}.{key}"), Words.of(N_("is not a field of a Daimyo save"))
            )
    return value


def _check_screen(value: Any, actions: int, fail: Any) -> tuple[tuple[int, int], ...]:
    if value is None:
        return ()
    steps = _fields(value, "app.screen", ("steps",), fail).get("steps", [])
    if not isinstance(steps, list):
        raise fail(
            field_named("app.screen.steps"),
            Words.of(N_("is {value}, not a list"), value=describe(steps)),
        )
    found = []
    for step in steps:
        if (
            not isinstance(step, list)
            or len(step) != 2
            or not _count(step[0], 0, actions - 1)
            or not _count(step[1], 1, 10_000)
        ):
            raise fail(
                field_named("app.screen.steps"),
                Words.of(
                    N_("holds {value}, not [action number, step] of this game's {n} actions"),
                    value=describe(step),
                    n=actions,
                ),
            )
        found.append((step[0], step[1]))
    if found != sorted(set(found)):
        raise fail(
            field_named("app.screen.steps"), Words.of(N_("lists steps out of order or twice"))
        )
    return tuple(found)


def _check_hints(value: Any, players: int, actions: int, fail: Any) -> HintsUsed | None:
    if value is None:
        return None
    value = _fields(value, "app.hints", ("used", "asked"), fail)
    used = value.get("used", [0] * players)
    asked = value.get("asked", [None] * players)
    for key, items in (("used", used), ("asked", asked)):
        if not isinstance(items, list) or len(items) != players:
            raise fail(
                field_named(f"app.hints.{key}"),
                Words.of(N_("is {value}, not one per player"), value=describe(items)),
            )
    if not all(_count(n, 0, 1_000_000) for n in used):
        raise fail(
            field_named("app.hints.used"),
            Words.of(N_("holds {value}, not hint counts"), value=describe(used)),
        )
    if not all(n is None or _count(n, 0, actions) for n in asked):
        raise fail(
            field_named("app.hints.asked"),
            Words.of(N_("holds {value}, not decisions"), value=describe(asked)),
        )
    return HintsUsed(tuple(used), tuple(asked))


def _check_learn(value: Any, fail: Any) -> GuidePlace | None:
    if value is None:
        return None
    value = _fields(value, "app.learn", ("game", "done", "active"), fail)
    game, done, active = value.get("game"), value.get("done", []), value.get("active", True)
    if type(game) is not str:
        raise fail(
            field_named("app.learn.game"),
            Words.of(N_("is {value}, not a game id"), value=describe(game)),
        )
    if not isinstance(done, list) or any(type(k) is not str for k in done):
        raise fail(
            field_named("app.learn.done"),
            Words.of(N_("is {value}, not a list of steps"), value=describe(done)),
        )
    if type(active) is not bool:
        raise fail(
            field_named("app.learn.active"),
            Words.of(N_("is {value}, not true or false"), value=describe(active)),
        )
    return GuidePlace(game, tuple(done), active)


def _check_undo(value: Any, actions: int, fail: Any) -> int | None:
    if value is None:
        return None
    floor = _fields(value, "app.undo", ("floor",), fail).get("floor")
    if not _count(floor, 0, actions):
        raise fail(
            field_named("app.undo.floor"),
            Words.of(N_("is {value}, not 0 to {n}"), value=describe(floor), n=actions),
        )
    return floor


def _check_summary(summary: Any, fail: Any) -> None:
    if not isinstance(summary, dict):
        raise fail(
            field_named("app.summary"),
            Words.of(N_("is {value}, not an object"), value=describe(summary)),
        )
    for key, value in summary.items():
        where = f"field 'app.summary.{key}'"
        if key not in SUMMARY_FIELDS:
            raise fail(where, Words.of(N_("is not a field of the summary")))
        if key == "round" and value is not None and (type(value) is not int or value < 0):
            raise fail(where, Words.of(N_("is {value}, not a round number"), value=describe(value)))
        if key in ("map", "saved") and value is not None and type(value) is not str:
            raise fail(where, Words.of(N_("is {value}, not a text"), value=describe(value)))
        if key == "finished" and type(value) is not bool:
            raise fail(where, Words.of(N_("is {value}, not true or false"), value=describe(value)))
        if key == "players" and (
            not isinstance(value, list) or any(type(v) is not str for v in value)
        ):
            raise fail(
                where, Words.of(N_("is {value}, not a list of names"), value=describe(value))
            )
        if key == "labels" and (
            not isinstance(value, list) or not all(_is_words_record(v) for v in value)
        ):
            raise fail(
                where, Words.of(N_("is {value}, not a list of names"), value=describe(value))
            )
    saved = summary.get("saved")
    if saved is not None:
        try:
            datetime.fromisoformat(saved)
        except ValueError:
            raise fail(
                field_named("app.summary.saved"),
                Words.of(N_("is {value}, not a date"), value=describe(saved)),
            ) from None


def map_candidates(map_id: str, recorded: str | None, remembered: str | None) -> list[Path]:
    """The files that may hold a save's map, in the order they are tried."""
    from maps.api import shipped_map_path, shipped_maps

    shipped = shipped_maps()
    found: list[Path] = []
    if map_id in shipped:
        found.append(Path(shipped_map_path(map_id)))
    found.extend(Path(p) for p in (recorded, remembered) if p)
    found.extend(Path(shipped_map_path(other)) for other in shipped if other != map_id)
    unique: dict[str, Path] = {}
    for candidate in found:
        unique.setdefault(str(candidate.absolute()), candidate)
    return list(unique.values())


def find_map(save: SaveData, recorded: str | None, remembered: str | None) -> tuple[Path, Any]:
    """The file and graph of the save's map: the first candidate whose hash matches.

    Without a hash in the save, the first candidate with the map's id. A candidate that
    is not a readable map file is skipped. Raises `SaveError` when none matches.
    """
    from shapely.errors import ShapelyError

    from app.board.maps_cache import map_file, map_geometry
    from maps.api import MapError
    from maps.geometry import map_hash

    map_id, wanted = save.setup.map_id, save.setup.map_hash
    assert map_id is not None
    changed: list[Path] = []
    for candidate in map_candidates(map_id, recorded, remembered):
        try:
            mapfile = map_file(candidate)
        except (MapError, OSError):
            continue  # not a map file: skipped, and never quoted
        matches = map_hash(mapfile) == wanted if wanted else mapfile.id == map_id
        if matches and mapfile.id != map_id:  # the hash covers the id: the save was edited
            raise SaveError(
                Words.of(
                    N_(
                        "{file}: field 'map.id' is {map}, but the map with this save's hash is "
                        "{found} ({path}); write {entry} in the save's map entry, or load "
                        "another save"
                    ),
                    file=save.source,
                    map=repr(map_id),
                    found=repr(mapfile.id),
                    path=str(candidate),
                    entry=f'"id": "{mapfile.id}"',
                )
            )
        if matches:
            try:
                return candidate, map_geometry(candidate).graph
            except (MapError, OSError, ValueError, IndexError, ShapelyError) as exc:
                raise SaveError(
                    Words.of(
                        N_(
                            "{file}: the map file {path} of this game cannot be used "
                            "({reason}); fix the map in the editor, then load this save again"
                        ),
                        file=save.source,
                        path=str(candidate),
                        reason=exc if isinstance(exc, MapError) else str(exc),
                    )
                ) from None
        if mapfile.id == map_id:
            changed.append(candidate)
    if changed:
        raise SaveError(
            Words.of(
                N_(
                    "{file}: map {map} has changed since this game was saved (its hash "
                    "differs; found {paths}); restore the map file the game was played on to "
                    "continue this game"
                ),
                file=save.source,
                map=repr(map_id),
                paths=", ".join(map(str, changed)),
            )
        )
    raise SaveError(
        Words.of(
            N_(
                "{file}: the map {map} of this game is neither shipped nor found (the save "
                "names the file {path}); put the map file back where it was, or open it once "
                "with New game, then load this save again"
            )
            if recorded
            else N_(
                "{file}: the map {map} of this game is neither shipped nor found; put the map "
                "file back where it was, or open it once with New game, then load this save "
                "again"
            ),
            file=save.source,
            map=repr(map_id),
            path=str(recorded),
        )
    )


# --------------------------------------------------------------------------- summaries


def round_of(state: GameState) -> int | None:
    """The round being played as the game's engine counts it (`GameState.round_number`,
    1 = the first), None when the game is over."""
    return None if state.is_terminal() else state.round_number()


def summary_dict(
    state: GameState, seats: tuple[Seat, ...], labels: list[Words | str], map_name: str | None
) -> dict[str, Any]:
    """What the Recent games list shows of a game, stored in the save's "app" entry.

    The seats' names are kept in no language ("labels": each an English message and its
    values, `Words`); the list says them, with the seats' names and levels, in the reader's
    language (`said_players`). Saves before this kept "players", already said."""
    return {
        "round": round_of(state),
        "map": map_name,
        "labels": [_words_record(Words.of(w) if isinstance(w, str) else w) for w in labels],
        "saved": datetime.now().isoformat(timespec="seconds"),
        "finished": state.is_terminal(),
    }


def _words_record(words: Words) -> dict[str, Any]:
    values = {k: _words_record(v) if isinstance(v, Words) else v for k, v in words.params}
    return {"text": words.message, "values": values}


def _is_words_record(value: Any, depth: int = 0) -> bool:
    """Whether `value` is a name kept by `_words_record` that can be said safely: its
    placeholders plain names with a value each (no attribute, index or format spec)."""
    if not isinstance(value, dict) or set(value) - {"text", "values"} or depth > 3:
        return False
    text, values = value.get("text"), value.get("values", {})
    if type(text) is not str or not isinstance(values, dict):
        return False
    try:
        fields = [(n, spec, conv) for _t, n, spec, conv in Formatter().parse(text) if n is not None]
    except ValueError:
        return False
    if any(not n.isidentifier() or n not in values or spec or conv for n, spec, conv in fields):
        return False
    return all(type(v) in (str, int) or _is_words_record(v, depth + 1) for v in values.values())


def _words_of(record: dict[str, Any]) -> Words:
    values = record.get("values", {})
    params = {k: _words_of(v) if isinstance(v, dict) else v for k, v in values.items()}
    return Words.of(record["text"], **params)


def said_players(seats: tuple[Seat, ...], labels: list[Words]) -> tuple[str, ...]:
    """The players as the Recent games list names them, in the current language:
    "Aiko (Crab)", "Lion (normal)"."""
    players = []
    for index, words in enumerate(labels):
        try:
            label = str(words)
        except (KeyError, IndexError, ValueError):  # a catalog's words that do not fit
            label = words.message
        seat = seats[index] if index < len(seats) else None
        if seat is None or seat.is_human:
            name = seat.name if seat else ""
            players.append(f"{name} ({label})" if name and name != label else label)
        else:
            level = ai_level_name(seat.bot).lower()
            # "Player 2 (Oda, normal)": a label with brackets of its own gets no second pair
            said = f"{label[:-1]}, {level})" if label.endswith(")") else f"{label} ({level})"
            players.append(said)
    return tuple(players)


def _month(number: int) -> str:
    """The short name of the month `number` (1-12) in the current language."""
    names = (
        *(pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar")),
        *(pgettext("month", "Apr"), pgettext("month", "May"), pgettext("month", "Jun")),
        *(pgettext("month", "Jul"), pgettext("month", "Aug"), pgettext("month", "Sep")),
        *(pgettext("month", "Oct"), pgettext("month", "Nov"), pgettext("month", "Dec")),
    )
    return names[number - 1]


@dataclass(frozen=True)
class SaveSummary:
    """One line of the Recent games list."""

    path: Path
    game: str
    map: str | None
    round: int | None
    finished: bool
    players: tuple[str, ...]
    saved: datetime
    problem: str | None = None
    """Why the file cannot be loaded (then only `path` and `saved` are meaningful)."""

    def title(self) -> str:
        """Game, map and round: "Battle for Rokugan · Rokugan · round 3"."""
        if self.problem is not None:
            return _("{file} · cannot be loaded").format(file=self.path.name)
        parts = [self.game]
        if self.map:
            parts.append(self.map)
        if self.finished:
            parts.append(_("finished"))
        elif self.round is not None:
            parts.append(_("round {number}").format(number=self.round))
        return " · ".join(parts)

    def when(self) -> str:
        """The date it was saved, in the reader's words: "25 Nov 2026, 14:05" ("25. Nov.
        2026, 14:05" in German), the same under Continue as in Recent games."""
        month = _month(self.saved.month)
        return _("{day} {month} {year}, {time}").format(
            day=self.saved.day, month=month, year=self.saved.year, time=self.saved.strftime("%H:%M")
        )

    def details(self) -> str:
        """Players and the date: "You (Crab), Lion (normal) · 25 Nov 2026, 14:05"."""
        when = self.when()
        if self.problem is not None:
            return when
        count = len(self.players)
        who = ", ".join(self.players) or ngettext("{n} player", "{n} players", count).format(
            n=count
        )
        return f"{who} · {when}"


def read_summary(path: str | Path) -> SaveSummary:
    """The Recent games line of the save at `path`, read without replaying it.

    A file that fails the checks gets a summary whose `problem` says why.
    """
    path = Path(path)
    try:
        modified = datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        modified = datetime.now()
    try:
        save = read_save(path)
        app = check_app_fields(save)
    except SaveError as exc:
        return SaveSummary(path, "", None, None, False, (), modified, problem=str(exc))
    summary = app.summary or {}
    saved = modified
    if isinstance(summary.get("saved"), str):
        saved = datetime.fromisoformat(summary["saved"])
    players = said_players(app.seats, [_words_of(r) for r in summary.get("labels") or ()])
    if not players:  # saved before the labels: the players as they were said then
        # saves written before level_name said "Crab (easy@300)": the budget is not a word
        players = tuple(re.sub(r"@\d+\)", ")", str(p)) for p in summary.get("players") or ())
    if not players:
        players = tuple(seat.said_name() or ai_level_name(seat.bot) for seat in app.seats)
    if not players:
        players = tuple(
            _("player {number}").format(number=p + 1) for p in range(save.setup.players)
        )
    return SaveSummary(
        path=path,
        game=game_name(save.setup.game, get_game(save.setup.game).name),
        map=_shown_map(summary.get("map") or _shipped_map_name(save.setup.map_id)),
        round=summary.get("round"),
        finished=bool(summary.get("finished", False)),
        players=players,
        saved=saved,
    )


def _shipped_map_name(map_id: str | None) -> str | None:
    """The name in the header of the shipped map `map_id` (a save without a summary, such
    as an older `daimyo play --save`, keeps only the id); the id itself for any other map."""
    from maps.api import shipped_map_path, shipped_maps
    from maps.errors import MapError
    from maps.io import read_map_header

    if map_id is None or map_id not in shipped_maps():
        return map_id
    try:
        name = read_map_header(shipped_map_path(map_id)).get("name")
    except (MapError, OSError):
        return map_id
    return str(name) if name else map_id


def _shown_map(name: str | None) -> str | None:
    """The map's name as the Recent games list says it (its side in the reader's words)."""
    return map_name(name) if name else None


def holds_game(path: str | Path, data: dict[str, Any]) -> bool:
    """Whether the save file at `path` holds the game of save `data` as it stands (the
    app's entry, where the window keeps its seats and summary, aside)."""
    try:
        kept = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    game = {key: value for key, value in data.items() if key != "app"}
    return isinstance(kept, dict) and {k: v for k, v in kept.items() if k != "app"} == game
