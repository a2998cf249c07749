"""Hostile map files: refused at once with a located message, before any other work."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from app.cli import main
from maps.api import MapError, load_map, shipped_map_path
from maps.io import parse_map

QUICK = Path(shipped_map_path("ricewars-quick")).read_text(encoding="utf-8")


def alias_bomb(levels: int) -> str:
    """A valid map whose attributes hold a billion-laughs alias chain of `levels` levels."""
    lines = ["  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for k in range(1, levels):
        lines.append(f"  l{k}: &l{k} [" + ", ".join([f"*l{k - 1}"] * 9) + "]")
    return QUICK.replace("attributes:\n", "attributes:\n" + "\n".join(lines) + "\n")


def refused(path: Path) -> MapError:
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert str(caught.value).startswith(f"{path}: "), caught.value
    return caught.value


def test_an_alias_bomb_is_refused_before_anything_is_built(tmp_path: Path) -> None:
    # Given a map with 12 levels of aliases under attributes (9**12 strings if expanded)
    path = tmp_path / "bomb.yaml"
    path.write_text(alias_bomb(12), encoding="utf-8")
    # Then loading refuses it at the first anchor, naming the line
    error = refused(path)
    assert "anchor or alias" in str(error) and error.line is not None
    assert "needs no anchors" in str(error)


def test_daimyo_map_check_refuses_an_alias_bomb(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(alias_bomb(9), encoding="utf-8")
    assert main(["map", "check", str(path)]) == 1
    assert "anchor or alias" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("format: 1\nid: !!python/object/apply:os.system [echo hi]\n", "the tag !!python/object"),
        ("format: 1\nid: !custom x\n", "the tag !custom"),
        ("format: 1\nid: x\nname: " + "[" * 60 + "]" * 60 + "\n", "more than 32 levels deep"),
        ("format: 1\nid: " + "7" * 5000 + "\n", "too long a number"),
        ("format: 1\nid: 123456789012345678901234\n", "larger than any a map needs"),
        ("format: 1\nid: 2021-13-45\n", "month must be in 1..12"),
        ("format: 1\nid: .inf\n", "is not a finite number"),
        ("format: 1\n? [a]\n: b\n", "used as a key"),
        ('format: 1\nid: "\\ud800"\n', "invalid Unicode character"),
    ],
)
def test_values_python_cannot_hold_get_a_located_message(text: str, words: str) -> None:
    with pytest.raises(MapError) as caught:
        parse_map(text, "m.yaml")
    message = str(caught.value)
    assert message.startswith("m.yaml: line ") and words in message, message


def test_a_fifo_map_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "map.yaml"
    os.mkfifo(fifo)
    errors: list[MapError] = []
    reader = threading.Thread(target=lambda: errors.append(refused(fifo)), daemon=True)
    reader.start()
    reader.join(20)
    assert not reader.is_alive(), "loading a FIFO map blocked"
    assert "named pipe (FIFO)" in str(errors[0])


@pytest.mark.parametrize(
    ("data", "seems"),
    [
        (QUICK.encode("utf-16"), "UTF-16 (little-endian) text"),
        (QUICK.replace("Takuno", "Takunö").encode("cp1252"), "Windows-1252"),
        (b"\x1f\x8b\x08\x00" + b"\x00" * 40, "gzip-compressed"),
    ],
)
def test_a_map_in_another_encoding_says_what_it_seems_to_be(
    tmp_path: Path, data: bytes, seems: str
) -> None:
    path = tmp_path / "map.yaml"
    path.write_bytes(data)
    message = str(refused(path))
    assert "is not UTF-8 text" in message and seems in message


def test_a_utf8_byte_order_mark_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "map.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + QUICK.encode("utf-8"))
    assert load_map(path).id == "ricewars-quick"


def test_a_folder_is_not_a_map(tmp_path: Path) -> None:
    assert "is a folder, not a file" in str(refused(tmp_path))
