"""Property tests: damaged saves of all three games and damaged maps never crash, hang or pass
for good. Loading raises nothing but the loader's own error, whose message names the file.

Saves go through `app.savefile.load_save`, the loader of File → Open, Continue, Recent,
`daimyo app SAVE` and `daimyo log SAVE`; maps through `maps.api.load_map` (the editor,
`daimyo map ...`, new games) and its hash. A guard fails a load that takes minutes (a hang),
without timing anything else.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.savefile import load_save
from engine.saves import SaveError
from maps.api import MapError, load_map, shipped_map_path
from maps.geometry import map_hash
from tests.app.real_saves import GAMES, save_data, save_text

PROPERTY = settings(
    max_examples=int(os.environ.get("DAIMYO_HYPOTHESIS_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize="DAIMYO_HYPOTHESIS_EXAMPLES" not in os.environ,  # reproducible in make test
)


class Hang(Exception):
    """A load that did not finish within the guard's generous limit."""


@contextlib.contextmanager
def no_hang(seconds: int = 60) -> Iterator[None]:
    """Fail (raise Hang) when the body runs for `seconds`: a hang, not a slow machine."""

    def alarm(signum: int, frame: Any) -> None:
        raise Hang(f"still loading after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats()
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON tree (dict keys and list indices), parents first."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):  # a few actions are enough
            found.extend(paths(item, (*prefix, index)))
    return found


def copy_of(game: str) -> dict[str, Any]:
    return json.loads(json.dumps(save_data(game)))


def parent_of(data: Any, where: tuple) -> Any:
    for step in where[:-1]:
        data = data[step]
    return data


def load_or_refuse(path: Path) -> Any:
    """Load `path` through the app's loader: a state, or a SaveError naming the file."""
    try:
        with no_hang():
            return load_save(path)
    except SaveError as exc:
        assert str(path) in str(exc), str(exc)
        return None


# --------------------------------------------------------------------------- saves

STRICT = {("players",), ("seed",), ("version",), ("game",), ("actions",), ("format",)}
"""Fields of exactly one JSON type: another type is always damage."""


@pytest.mark.parametrize("game", GAMES)
@PROPERTY
@given(data=st.data())
def test_a_field_replaced_by_any_json_value_never_crashes(
    tmp_path: Path, game: str, data: st.DataObject
) -> None:
    save = copy_of(game)
    where = data.draw(st.sampled_from(paths(save)), label="field")
    old = parent_of(save, where)[where[-1]]
    new = data.draw(JSON, label="value")
    parent_of(save, where)[where[-1]] = new
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    loaded = load_or_refuse(path)
    if where in STRICT and type(new) is not type(old):
        assert loaded is None, f"{where} = {new!r} was accepted"
    if len(where) == 2 and where[0] == "actions" and type(new) is not str:
        assert loaded is None, f"action {where[1] + 1} = {new!r} was accepted"


@pytest.mark.parametrize("game", GAMES)
@PROPERTY
@given(data=st.data())
def test_a_removed_field_never_crashes(tmp_path: Path, game: str, data: st.DataObject) -> None:
    save = copy_of(game)
    where = data.draw(
        st.sampled_from([p for p in paths(save) if isinstance(parent_of(save, p), dict)]),
        label="field",
    )
    del parent_of(save, where)[where[-1]]
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    loaded = load_or_refuse(path)
    if where in STRICT:
        assert loaded is None, f"a save without {where} was accepted"


EDITS = st.lists(
    st.tuples(
        st.floats(min_value=0, max_value=1),
        st.sampled_from(["insert", "delete", "replace"]),
        st.binary(min_size=1, max_size=6)
        | st.sampled_from([b"\xff", b"\x00", b"[", b"{", b'"', b"9" * 30, b"NaN", b"\\u"]),
    ),
    min_size=1,
    max_size=4,
)


@pytest.mark.parametrize("game", GAMES)
@PROPERTY
@given(edits=EDITS, cut=st.none() | st.floats(min_value=0, max_value=1))
def test_damaged_bytes_never_crash(
    tmp_path: Path, game: str, edits: list[tuple[float, str, bytes]], cut: float | None
) -> None:
    raw = bytearray(save_text(game).encode("utf-8"))
    for where, kind, chunk in edits:
        at = int(where * len(raw))
        if kind == "insert":
            raw[at:at] = chunk
        elif kind == "delete":
            del raw[at : at + len(chunk)]
        else:
            raw[at : at + len(chunk)] = chunk
    if cut is not None:
        del raw[int(cut * len(raw)) :]
    path = tmp_path / "damaged.json"
    path.write_bytes(bytes(raw))
    load_or_refuse(path)


@pytest.mark.parametrize("game", GAMES)
@PROPERTY
@given(
    encoding=st.sampled_from(["utf-16", "utf-16-le", "utf-16-be", "utf-32", "cp1252", "latin-1"]),
    name=st.text(min_size=1, max_size=8),
)
def test_a_save_in_another_encoding_is_refused_or_read_the_same(
    tmp_path: Path, game: str, encoding: str, name: str
) -> None:
    save = copy_of(game)
    save["app"]["seats"][0]["name"] = name
    try:
        raw = json.dumps(save, ensure_ascii=False).encode(encoding)
    except UnicodeEncodeError:
        return  # this name has no form in that encoding
    path = tmp_path / "other.json"
    path.write_bytes(raw)
    loaded = load_or_refuse(path)
    if loaded is not None:  # only bytes that also are UTF-8 (ASCII names, mostly) load
        assert (
            loaded.seats[0].name == json.loads(raw.decode("utf-8-sig"))["app"]["seats"][0]["name"]
        )


@pytest.mark.parametrize("game", GAMES)
@PROPERTY
@given(
    depth=st.integers(min_value=2, max_value=50_000),
    field=st.sampled_from(["settings", "seed", "actions", "map", "app"]),
)
def test_deep_nesting_never_crashes(tmp_path: Path, game: str, depth: int, field: str) -> None:
    save = copy_of(game)
    save[field] = "HOLE"
    text = json.dumps(save).replace('"HOLE"', "[" * depth + "]" * depth)
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")
    assert load_or_refuse(path) is None


# --------------------------------------------------------------------------- maps

QUICK = Path(shipped_map_path("ricewars-quick")).read_text(encoding="utf-8")
YAML_BITS = st.sampled_from(
    [
        "&a ",
        "*a",
        "!!python/object:os.system ",
        "!x ",
        "[",
        "]",
        "{",
        "}",
        ": ",
        "- ",
        "\n",
        "  ",
        "\t",
        "#",
        '"',
        "'",
        "?",
        "|",
        ">",
        "%YAML 1.1\n",
        "---\n",
        "...\n",
        "9" * 40,
        ".inf",
        "2021-13-45",
        "\\ud800",
        "\x00",
        "\ufeff",
        "é",
    ]
)
MAP_EDITS = st.lists(
    st.tuples(
        st.floats(min_value=0, max_value=1),
        st.sampled_from(["insert", "delete", "replace", "duplicate line"]),
        YAML_BITS | st.text(max_size=5),
    ),
    min_size=1,
    max_size=5,
)


@PROPERTY
@given(edits=MAP_EDITS, encoding=st.sampled_from(["utf-8", "utf-8", "utf-8", "utf-16", "cp1252"]))
def test_a_damaged_map_never_crashes_or_hangs(
    tmp_path: Path, edits: list[tuple[float, str, str]], encoding: str
) -> None:
    text = QUICK
    for where, kind, chunk in edits:
        at = int(where * len(text))
        if kind == "insert":
            text = text[:at] + chunk + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + len(chunk) :]
        elif kind == "replace":
            text = text[:at] + chunk + text[at + len(chunk) :]
        else:
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at) + 1 or len(text)
            text = text[:end] + text[start:end] + text[end:]
    path = tmp_path / "damaged.yaml"
    try:
        path.write_bytes(text.encode(encoding, errors="surrogatepass"))
    except UnicodeEncodeError:
        return
    try:
        with no_hang():
            mapfile = load_map(path)
            map_hash(mapfile)  # the save loader hashes every candidate map
    except MapError as exc:
        assert str(path) in str(exc), str(exc)


@PROPERTY
@given(
    levels=st.integers(min_value=1, max_value=30), where=st.sampled_from(["attributes", "province"])
)
def test_aliases_anywhere_are_refused(tmp_path: Path, levels: int, where: str) -> None:
    chain = ["  l0: &l0 [lol, lol]"] + [
        f"  l{k}: &l{k} [*l{k - 1}, *l{k - 1}, *l{k - 1}]" for k in range(1, levels)
    ]
    if where == "attributes":
        text = QUICK.replace("attributes:\n", "attributes:\n" + "\n".join(chain) + "\n")
    else:
        text = QUICK.replace("    polygon:", "    note: &n [1, 2]\n    again: *n\n    polygon:", 1)
    path = tmp_path / "aliases.yaml"
    path.write_text(text, encoding="utf-8")
    with no_hang(), pytest.raises(MapError, match="anchor or alias"):
        load_map(path)


NUMBERS = st.sampled_from(
    ["0", "-0", "1e9", "-1e9", "1e10", "1e308", "5e-324", "1e-12", "0.5", "100000", "-3"]
)


@PROPERTY
@given(swaps=st.lists(st.tuples(st.integers(min_value=0), NUMBERS), min_size=1, max_size=8))
def test_a_map_with_odd_coordinates_gives_a_graph_or_a_map_error(
    tmp_path: Path, swaps: list[tuple[int, str]]
) -> None:
    import re

    from app.session import _load_graph

    # Given the quick board with some of its numbers replaced by extreme or degenerate ones
    numbers = list(re.finditer(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])", QUICK))
    text = QUICK
    for index, value in sorted(swaps, key=lambda s: -numbers[s[0] % len(numbers)].start()):
        match = numbers[index % len(numbers)]
        text = text[: match.start()] + value + text[match.end() :]
    path = tmp_path / "odd.yaml"
    path.write_text(text, encoding="utf-8")
    # Then a new game on it gets its graph, or a MapError naming the file (never a crash)
    try:
        with no_hang():
            _load_graph(path)
    except MapError as exc:
        assert str(path) in str(exc)
