"""Saved games: the setup (game, players, seed, settings, map id and hash) and the
action log in text form, as versioned JSON. Loading replays the log, so a save
restores the identical state or says clearly why it cannot.

Loading is strict, because people copy, email and edit these files: `read_save` reads at
most `MAX_SAVE_BYTES` of a plain file, decodes UTF-8 (saying what else the file seems to
be), parses JSON with a depth limit and without `NaN`/`Infinity` or numbers too long to
be ones, and checks every field against the schema below (exact types: 3.7 players, a seed
of 11.9, `"version": true` and `"actions": {}` are errors). `replay` then sets the game up
and applies the actions one by one; a setup the rules refuse is reported as a setup
problem, an action that does not apply with its number and text. Every message names the
file and the field and says how to fix it; the one exception type is `SaveError`.

Schema, version 2 (`version` must be a known version; version 1 is the same without the
app's screen fields, and loads as ever):
    format   "daimyo-save"
    version  2
    game     a game id of `engine.registry`
    players  a whole number within the game's player counts
    seed     a whole number, |seed| < 2**63
    settings an object; for the three games only the settings their rules read
             (`SETTINGS` below), each with its exact type
    map      {"id": text, "hash": 64 hex digits} for map games, null otherwise
    actions  a list of texts (each at most `MAX_ACTION_CHARS`)
    app      optional, for the app (checked by `app.savefile`): the seats and files, and
             since version 2 where the screen stands (the resolution steps still to
             show, the hints each seat used, the guide's steps done, the undo barrier)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from engine.core import GameSetup, GameSpec, GameState
from engine.files import FileContentError, atomic_write_text, read_text
from engine.registry import UnknownGameError, get_game
from engine.words import N_, Words

SAVE_FORMAT = "daimyo-save"
SAVE_VERSION = 2
KNOWN_VERSIONS = (1, 2)
"""Version 2 adds the app's screen fields; an older Daimyo then names the version instead
of calling the new fields damage."""
MAX_SAVE_BYTES = 8 * 2**20
"""No save Daimyo writes comes near this (a long Rice Wars game is about 40 KB)."""
MAX_DEPTH = 24
"""Objects and lists nested deeper than this are refused before parsing (saves use 5)."""
MAX_ACTIONS = 100_000
MAX_ACTION_CHARS = 1_000
MAX_TEXT_CHARS = 100_000
MAX_SEED = 2**63
EXTRA_FIELDS = ("app",)
"""Top-level fields beside the engine's own, checked by the app (`app.savefile`)."""


class SaveError(ValueError):
    """A save file that cannot be loaded; the message names the file and the fix.

    The message is `engine.words.Words`: `str(error)` says it in the language spoken when
    the error is read."""

    def __init__(self, message: str | Words) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


def save_error(
    source: str, where: str | Words, problem: str | Words, fix: str | Words
) -> SaveError:
    """ "FILE: WHERE PROBLEM; FIX", each part said in the reader's language."""
    return SaveError(
        Words.of(
            N_("{file}: {where} {problem}; {fix}"),
            file=source,
            where=where,
            problem=problem,
            fix=fix,
        )
    )


def field_named(name: str) -> Words:
    """ "field 'players'": where in a save a problem is."""
    return Words.of(N_("field '{name}'"), name=name)


DAMAGED = Words.of(N_("the file is damaged or was edited; load another save (or the autosave)"))
"""The fix named by messages about a save whose content is broken."""


def save_dict(state: GameState) -> dict[str, Any]:
    """The JSON-ready form of a game."""
    setup = state.setup()
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": setup.game,
        "players": setup.players,
        "seed": setup.seed,
        "settings": dict(setup.settings),
        "map": {"id": setup.map_id, "hash": setup.map_hash} if setup.map_id else None,
        "actions": [str(a) for a in state.history],
    }


def save_game(state: GameState, path: str | Path) -> None:
    """Write `state` to `path` atomically."""
    atomic_write_text(path, json.dumps(save_dict(state), indent=1) + "\n")


# --------------------------------------------------------------------------- the checked save


@dataclass(frozen=True)
class SaveData:
    """A save file that passed the schema: its setup, its actions, and the app's fields."""

    source: str
    setup: GameSetup
    actions: tuple[str, ...]
    extra: dict[str, Any] = field(default_factory=dict)
    """The optional top-level fields (`EXTRA_FIELDS`), as parsed (plain JSON values)."""

    @property
    def spec(self) -> GameSpec:
        """The game's spec (the registry knows it: the schema checked)."""
        return get_game(self.setup.game)


def read_save(path: str | Path) -> SaveData:
    """Read and check the save at `path` without replaying it (raises `SaveError`)."""
    source = str(path)
    try:
        text = read_text(path, MAX_SAVE_BYTES, Words.of(N_("save file")))
    except FileContentError as exc:
        raise SaveError(
            Words.of(N_("{file}: {problem}; {fix}"), file=source, problem=exc.problem, fix=exc.fix)
        ) from None
    except FileNotFoundError:
        raise SaveError(
            Words.of(
                N_(
                    "{file}: cannot be read (the file does not exist); check that the file "
                    "still exists, or choose another save"
                ),
                file=source,
            )
        ) from None
    except OSError as exc:
        raise SaveError(
            Words.of(
                N_(
                    "{file}: cannot be read ({reason}); check that the file still exists and "
                    "that you may read it"
                ),
                file=source,
                reason=str(exc.strerror or exc),
            )
        ) from None
    return check_save(parse_save_text(text, source), source)


def load_game(path: str | Path, graph_for: Callable[[str], Any] | None = None) -> GameState:
    """Replay the save at `path`; `graph_for(map_id)` supplies the map of map games."""
    save = read_save(path)
    return replay(save, _graph_from(save, graph_for))


def state_from_dict(
    data: Any, graph_for: Callable[[str], Any] | None = None, source: str = "<save>"
) -> GameState:
    """Rebuild a game from `save_dict` output by replaying its actions."""
    save = check_save(data, source)
    return replay(save, _graph_from(save, graph_for))


def _graph_from(save: SaveData, graph_for: Callable[[str], Any] | None) -> Any:
    map_id = save.setup.map_id
    if map_id is None:
        return None
    if graph_for is None:
        raise _map_missing(save.source, map_id)
    return graph_for(map_id)


def _map_missing(source: str, map_id: str | None) -> SaveError:
    return SaveError(
        Words.of(N_("{file}: the save's map {map} is not available"), file=source, map=repr(map_id))
    )


# --------------------------------------------------------------------------- JSON with limits


class _Odd:
    """A JSON value the parser keeps aside for the schema to name its field: a number too
    long to be one, NaN, Infinity, a number that overflows."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def describe(self) -> Words:
        digits = len(self.text.lstrip("-"))
        if self.text.lstrip("-").isdigit():
            return Words.of(N_("a number with {n} digits"), n=digits)
        return Words.of(N_("{text} (not a finite number)"), text=self.text[:40])


class _Duplicate(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _parse_int(text: str) -> int | _Odd:
    return _Odd(text) if len(text) > 20 else int(text)


def _parse_float(text: str) -> float | _Odd:
    value = float(text)
    return value if value - value == 0 else _Odd(text)  # inf and nan fail x - x == 0


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Duplicate(key)
        result[key] = value
    return result


# A string, or an unclosed one through to the end of the text: possessive, so a match never
# fails after a long scan (a failing one, retried from each quote, took quadratic time).
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_INNERMOST = re.compile(r"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}")
_BRACKETS = re.compile(r"[\[\]{}]")


def _too_deep(text: str, limit: int) -> bool:
    """True when brackets nest more than `limit` deep (strings do not count).

    Peels innermost pairs `limit` times with C-speed regexes, so a hostile file of a
    million brackets costs milliseconds and never reaches the recursive JSON parser.
    """
    rest = _STRING.sub('""', text)
    for _ in range(limit):
        peeled = _INNERMOST.sub("", rest)
        if peeled == rest:
            break
        rest = peeled
    else:
        return bool(_BRACKETS.search(rest))
    return False


def parse_save_text(text: str, source: str = "<save>") -> Any:
    """The JSON value of a save's text, parsed with limits (raises `SaveError`)."""
    if _too_deep(text, MAX_DEPTH):
        raise SaveError(
            Words.of(
                N_(
                    "{file}: lists and objects are nested more than {n} levels deep (or their "
                    "brackets do not match); {fix}"
                ),
                file=source,
                n=MAX_DEPTH,
                fix=DAMAGED,
            )
        )
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_Odd,
            object_pairs_hook=_pairs,
        )
    except json.JSONDecodeError as exc:
        raise SaveError(
            Words.of(
                N_("{file}: line {line}, column {column}: not valid JSON ({reason}); {fix}"),
                file=source,
                line=exc.lineno,
                column=exc.colno,
                reason=exc.msg,
                fix=DAMAGED,
            )
        ) from None
    except _Duplicate as exc:
        raise SaveError(
            Words.of(
                N_(
                    "{file}: the field {key} appears twice in one object; keep one of them "
                    "(the file was edited by hand?)"
                ),
                file=source,
                key=repr(exc.key),
            )
        ) from None
    except RecursionError:  # a depth the peeling above let through: never expected
        raise SaveError(
            Words.of(N_("{file}: nested too deeply; {fix}"), file=source, fix=DAMAGED)
        ) from None


# --------------------------------------------------------------------------- the schema


def describe(value: Any) -> str | Words:
    """A JSON value in words, for messages ("the text 'abc'", "a list", "3.7"); the
    numbers as the file writes them."""
    if isinstance(value, _Odd):
        return value.describe()
    if value is None:
        return "null"
    if isinstance(value, bool):
        return Words.of(N_("{value} (a yes/no value)"), value=str(value).lower())
    if isinstance(value, float):
        if not value.is_integer():
            return Words.of(N_("{value} (a fraction)"), value=repr(value))
        return Words.of(N_("{value} (a decimal)"), value=repr(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return Words.of(N_("the text {text}"), text=repr(shown))
    if isinstance(value, list):
        return Words.of(N_("a list of {n}"), n=len(value))
    if isinstance(value, dict):
        return Words.of(N_("an object"))
    return type(value).__name__


class _Checker:
    """Checks one parsed save, failing with the file, the field, what it is and the fix."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str | Words, problem: str | Words, fix: str | Words) -> NoReturn:
        raise save_error(self.source, where, problem, fix)

    def whole(self, value: Any, where: Words, low: int, high: int, fix: str | Words) -> int:
        if isinstance(value, _Odd):
            self.fail(where, Words.of(N_("is {value}"), value=value.describe()), fix)
        if type(value) is not int:  # exactly int: bool, 3.7 and 3.0 are not whole numbers here
            self.fail(
                where, Words.of(N_("is {value}, not a whole number"), value=describe(value)), fix
            )
        if not low <= value <= high:
            self.fail(
                where,
                Words.of(
                    N_("is {value}, not within {low} to {high}"), value=value, low=low, high=high
                ),
                fix,
            )
        return value

    def text(self, value: Any, where: Words, fix: str | Words, limit: int = MAX_TEXT_CHARS) -> str:
        if type(value) is not str:
            self.fail(where, Words.of(N_("is {value}, not a text"), value=describe(value)), fix)
        if len(value) > limit:
            self.fail(
                where,
                Words.of(
                    N_("is a text of {n} characters (at most {limit})"), n=len(value), limit=limit
                ),
                fix,
            )
        if _has_surrogate(value):
            self.fail(
                where, Words.of(N_("holds an invalid character (a lone UTF-16 surrogate)")), fix
            )
        return value

    def check(self, data: Any) -> SaveData:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            self.fail(
                Words.of(N_("is")),
                Words.of(
                    N_('not a Daimyo save file (no "format": "{format}")'), format=SAVE_FORMAT
                ),
                Words.of(N_("choose a file written by Game → Save or `daimyo play --save`")),
            )
        version = data.get("version")
        if type(version) is not int or version not in KNOWN_VERSIONS:
            shown = describe(version) if "version" in data else Words.of(N_("missing"))
            self.fail(
                Words.of(N_("field 'version':")),
                Words.of(
                    N_(
                        "save version {version} is not supported (this Daimyo reads version "
                        "{known})"
                    ),
                    version=shown,
                    known=", ".join(map(str, KNOWN_VERSIONS)),
                ),
                Words.of(N_("open it with the Daimyo version that wrote it")),
            )
        known = ("format", "version", "game", "players", "seed", "settings", "map", "actions")
        for key in data:
            if key not in known and key not in EXTRA_FIELDS:
                self.fail(
                    Words.of(N_("field {key}"), key=repr(key)),
                    Words.of(N_("is not a field of a Daimyo save")),
                    Words.of(
                        N_("remove it (the fields are: {fields})"),
                        fields=", ".join(known + EXTRA_FIELDS),
                    ),
                )
        for key in ("game", "players", "seed", "actions"):
            if key not in data:
                self.fail(field_named(key), Words.of(N_("is missing")), DAMAGED)
        game = self.text(data["game"], field_named("game"), DAMAGED, limit=100)
        try:
            spec = get_game(game)
        except UnknownGameError as exc:
            self.fail(
                field_named("game"),
                Words.of(
                    N_("names the game {game}, which this Daimyo does not have ({reason})"),
                    game=repr(game),
                    reason=exc.args[0],
                ),
                Words.of(N_("update Daimyo to load it")),
            )
        except (ImportError, AttributeError):
            self.fail(
                field_named("game"),
                Words.of(
                    N_("names the game {game}, which is not complete in this Daimyo"),
                    game=repr(game),
                ),
                Words.of(N_("update Daimyo to load this save")),
            )
        low = 2 if game == "shinobi" else spec.min_players  # Shinobi's two-player variant
        players = self.whole(
            data["players"],
            field_named("players"),
            low,
            spec.max_players,
            Words.of(
                N_(
                    "{game} takes {low}-{high} players; write the number the game was saved "
                    "with, or load another save"
                ),
                game=Words(spec.name),
                low=spec.min_players,
                high=spec.max_players,
            ),
        )
        seed = self.whole(
            data["seed"],
            field_named("seed"),
            -MAX_SEED + 1,
            MAX_SEED - 1,
            Words.of(
                N_("write the seed the game was saved with (a whole number), or load another save")
            ),
        )
        settings = self.settings(game, players, data.get("settings", {}))
        map_id, map_hash = self.map(spec, data.get("map"))
        actions = self.actions(data["actions"])
        setup = GameSetup(game, players, seed, settings, map_id, map_hash)
        extra = {key: data[key] for key in EXTRA_FIELDS if key in data}
        return SaveData(self.source, setup, actions, extra)

    def settings(self, game: str, players: int, value: Any) -> dict[str, Any]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.fail(
                field_named("settings"),
                Words.of(N_("is {value}, not an object"), value=describe(value)),
                Words.of(
                    N_("write {{}} or the settings the game was saved with, e.g. {example}"),
                    example='{"clans": [...]}',
                ),
            )
        fields = SETTINGS.get(game)
        for key, item in value.items():
            where = Words.of(N_("setting {key}"), key=repr(key))
            self.text(key, Words.of(N_("a setting's name")), DAMAGED, limit=100)
            if fields is None:  # a game without a schema here: plain JSON values only
                self.plain(item, where)
                continue
            if key not in fields:
                self.fail(
                    where,
                    Words.of(N_("is not a setting of {game}"), game=Words(get_game(game).name)),
                    Words.of(
                        N_("remove it (the settings are: {settings})"),
                        settings=", ".join(fields) or Words.of(N_("none")),
                    ),
                )
            fields[key](self, item, where, players)
        return dict(value)

    def plain(self, value: Any, where: Words) -> None:
        if isinstance(value, _Odd):
            self.fail(where, Words.of(N_("is {value}"), value=describe(value)), DAMAGED)
        if isinstance(value, str):
            self.text(value, where, DAMAGED)
        elif isinstance(value, list):
            for item in value:
                self.plain(item, where)
        elif isinstance(value, dict):
            for key, item in value.items():
                self.text(key, where, DAMAGED)
                self.plain(item, where)

    def map(self, spec: GameSpec, value: Any) -> tuple[str | None, str | None]:
        name = Words(spec.name)
        if not spec.uses_map:
            if value is not None:
                self.fail(
                    field_named("map"),
                    Words.of(
                        N_("is {value}, but {game} is not played on a map"),
                        value=describe(value),
                        game=name,
                    ),
                    Words.of(N_('write "map": null, or load another save')),
                )
            return None, None
        fix = Words.of(
            N_(
                '{game} is played on a map: write "map": {entry} as the game was saved, or '
                "load another save"
            ),
            game=name,
            entry='{"id": ..., "hash": ...}',
        )
        no_map = N_("the save names no map to play on")
        if not isinstance(value, dict):
            self.fail(
                field_named("map"),
                Words.of(N_("is {value}: {why}"), value=describe(value), why=Words(no_map)),
                fix,
            )
        for key in value:
            if key not in ("id", "hash"):
                self.fail(
                    field_named(f"map.{key}"), Words.of(N_("is not a field of the map entry")), fix
                )
        if "id" not in value:
            self.fail(
                field_named("map.id"), Words.of(N_("is missing: {why}"), why=Words(no_map)), fix
            )
        map_id = self.text(value["id"], field_named("map.id"), fix, limit=200)
        if not map_id.strip():
            self.fail(
                field_named("map.id"), Words.of(N_("is empty: {why}"), why=Words(no_map)), fix
            )
        map_hash = value.get("hash")
        if map_hash is not None:
            self.text(map_hash, field_named("map.hash"), fix, limit=64)
            if not re.fullmatch(r"[0-9a-f]{64}", map_hash):
                self.fail(
                    field_named("map.hash"),
                    Words.of(
                        N_("is {value}, not a map hash (64 hex digits)"), value=describe(map_hash)
                    ),
                    Words.of(N_("write the hash the game was saved with, or load another save")),
                )
        return map_id, map_hash

    def actions(self, value: Any) -> tuple[str, ...]:
        fix = Words.of(
            N_("the actions are a list of texts as Daimyo wrote them; load another save")
        )
        if not isinstance(value, list):
            self.fail(
                field_named("actions"),
                Words.of(N_("is {value}, not a list"), value=describe(value)),
                fix,
            )
        if len(value) > MAX_ACTIONS:
            self.fail(
                field_named("actions"),
                Words.of(N_("has {n} actions (at most {limit})"), n=len(value), limit=MAX_ACTIONS),
                fix,
            )
        for index, item in enumerate(value):
            where = Words.of(N_("action {n}"), n=index + 1)
            self.text(item, where, fix, limit=MAX_ACTION_CHARS)
        return tuple(value)


def check_save(data: Any, source: str = "<save>") -> SaveData:
    """Check parsed save JSON against the schema (raises `SaveError`)."""
    return _Checker(source).check(data)


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


# --------------------------------------------------------------------------- game settings

SettingCheck = Callable[[_Checker, Any, Words, int], None]


def _clans(checker: _Checker, value: Any, where: Words, players: int) -> None:
    from engine.rokugan.data import CLANS

    fix = Words.of(
        N_("name {n} different clans of {clans}, one per seat, or remove it"),
        n=players,
        clans=", ".join(CLANS),
    )
    if not isinstance(value, list):
        checker.fail(
            where, Words.of(N_("is {value}, not a list of clans"), value=describe(value)), fix
        )
    if len(value) != players:
        checker.fail(
            where,
            Words.of(N_("names {n} clans for {players} players"), n=len(value), players=players),
            fix,
        )
    for clan in value:
        if type(clan) is not str or clan not in CLANS:
            checker.fail(
                where, Words.of(N_("holds {value}, not a clan"), value=describe(clan)), fix
            )
    if len(set(value)) != len(value):
        checker.fail(where, Words.of(N_("names a clan twice")), fix)


def _yes_no(checker: _Checker, value: Any, where: Words, players: int) -> None:
    if type(value) is not bool:
        checker.fail(
            where,
            Words.of(N_("is {value}, not true or false"), value=describe(value)),
            Words.of(N_("write true or false")),
        )


def _first(checker: _Checker, value: Any, where: Words, players: int) -> None:
    if value is not None:
        fix = Words.of(N_("write a seat number 0-{last}"), last=players - 1)
        checker.whole(value, where, 0, players - 1, fix)


def _position(checker: _Checker, value: Any, where: Words, players: int) -> None:
    fix = Words.of(N_("write the position text as Daimyo wrote it, or remove it"))
    checker.text(value, where, fix)


def _choice(options: Iterable[str]) -> SettingCheck:
    names = tuple(options)

    def check(checker: _Checker, value: Any, where: Words, players: int) -> None:
        if type(value) is not str or value not in names:
            checker.fail(
                where,
                Words.of(N_("is {value}"), value=describe(value)),
                Words.of(N_("write one of: {names}"), names=", ".join(names)),
            )

    return check


SETTINGS: dict[str, dict[str, SettingCheck]] = {
    "rokugan": {"clans": _clans, "table_placements": _yes_no},
    "shinobi": {"first": _first, "position": _position, "variant": _choice(["two-player"])},
    "ricewars": {"board": _choice(["quick", "epic"])},
}
"""The settings each game's rules read, with the check of each; others are refused."""


# --------------------------------------------------------------------------- replay


def replay(save: SaveData, graph: Any | None = None) -> GameState:
    """Set the game up and apply its actions (raises `SaveError`).

    A setup the rules refuse (players, settings, the map) is reported as such; an action
    that cannot be applied with its number and text.
    """
    setup, source = save.setup, save.source
    spec = save.spec
    if spec.uses_map:
        if graph is None:
            raise _map_missing(source, setup.map_id)
        if setup.map_hash and graph.hash != setup.map_hash:
            raise SaveError(
                Words.of(
                    N_(
                        "{file}: map {map} has changed since this game was saved (its hash "
                        "differs); restore the old map file to continue this game"
                    ),
                    file=source,
                    map=repr(setup.map_id),
                )
            )
    try:
        state = spec.new_game(setup.players, setup.seed, setup.settings, graph)
    except (ValueError, KeyError, IndexError) as exc:  # the rules refuse this setup
        raise SaveError(
            Words.of(
                N_(
                    "{file}: the game cannot be set up with {players} players on map {map} "
                    "and these settings ({reason}); fields 'players', 'settings' or 'map' "
                    "were changed: {fix}"
                )
                if setup.map_id
                else N_(
                    "{file}: the game cannot be set up with {players} players and these "
                    "settings ({reason}); fields 'players', 'settings' or 'map' were "
                    "changed: {fix}"
                ),
                file=source,
                players=setup.players,
                map=repr(setup.map_id),
                reason=_reason(exc),
                fix=DAMAGED,
            )
        ) from None
    for index, text in enumerate(save.actions):
        try:
            action = spec.parse_action(text)
        except (ValueError, KeyError, IndexError) as exc:  # ActionParseError is a ValueError
            raise SaveError(
                Words.of(
                    N_(
                        "{file}: action {n} {text} is not an action of {game} ({reason}); the "
                        "file was edited or written by another Daimyo version; load another save"
                    ),
                    file=source,
                    n=index + 1,
                    text=repr(text),
                    game=Words(spec.name),
                    reason=_reason(exc),
                )
            ) from None
        try:
            state.apply_checked(action)
        except (ValueError, KeyError, IndexError) as exc:  # IllegalActionError is a ValueError
            raise SaveError(
                Words.of(
                    N_(
                        "{file}: action {n} {text} cannot be replayed: {reason}; the actions no "
                        "longer fit the game (was the seed, the number of players, a setting or "
                        "an earlier action edited?); load another save"
                    ),
                    file=source,
                    n=index + 1,
                    text=repr(text),
                    reason=_reason(exc),
                )
            ) from None
    return state


def _reason(exc: BaseException) -> str:
    text = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
    return text or type(exc).__name__
