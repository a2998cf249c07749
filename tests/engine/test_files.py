"""Atomic writes replace a file whole, keep its permissions and clean up after interrupted
writes; careful reads refuse FIFOs, folders and huge files and say what a non-UTF-8 file is."""

import os
import stat
from pathlib import Path

import pytest

from engine.files import (
    FileContentError,
    atomic_write_text,
    decode_text,
    is_temp_file,
    read_limited,
    remove_stale_temp_files,
    stale_temp_files,
)


def test_a_write_replaces_the_content_and_leaves_no_temp_file(tmp_path: Path) -> None:
    # Given a file with old content
    target = tmp_path / "map.yaml"
    target.write_text("old", encoding="utf-8")
    # When it is written atomically
    atomic_write_text(target, "new")
    # Then it holds the new content and nothing else is left in the folder
    assert target.read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.yaml"]


def test_an_existing_files_permissions_are_kept(tmp_path: Path) -> None:
    # Given a world-readable file
    target = tmp_path / "save.json"
    target.write_text("{}", encoding="utf-8")
    target.chmod(0o644)
    # When it is overwritten atomically
    atomic_write_text(target, "{ }")
    # Then it is still 0644 (mkstemp alone would make it 0600)
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_a_new_file_follows_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Given an existing file
    target = tmp_path / "keep.txt"
    target.write_text("old", encoding="utf-8")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    # When the disk fails after the new bytes were written to the temp file
    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space"):
        atomic_write_text(target, "new")
    # Then the old content is intact and no temp file remains
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


def test_a_stale_temp_file_of_an_interrupted_write_is_removed_by_the_next_write(
    tmp_path: Path,
) -> None:
    # Given a save and the temp file a killed write left beside it
    target = tmp_path / "autosave.json"
    target.write_text("old", encoding="utf-8")
    stale = tmp_path / ".autosave.json.k3j2h9x1.tmp"
    stale.write_text("half a sa", encoding="utf-8")
    other = tmp_path / ".other.json.abcdefgh.tmp"  # another file's: not ours to remove
    other.write_text("x", encoding="utf-8")
    assert stale_temp_files(target) == [stale]
    # When the save is written again
    atomic_write_text(target, "new")
    # Then the stale temp file is gone, the target is new, the other file's temp stays
    assert sorted(p.name for p in tmp_path.iterdir()) == [other.name, "autosave.json"]
    assert target.read_text(encoding="utf-8") == "new"


def test_a_temp_file_being_written_by_another_process_is_left_alone(tmp_path: Path) -> None:
    import fcntl

    # Given a temp file another writer holds locked (a write in progress)
    target = tmp_path / "map.yaml"
    busy = tmp_path / ".map.yaml.inprogre.tmp"
    busy.write_text("writing...", encoding="utf-8")
    fd = os.open(busy, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        # When the file is written meanwhile
        atomic_write_text(target, "mine")
        # Then the other writer's temp file is still there
        assert busy.exists()
    finally:
        os.close(fd)
    # And once that writer is gone, the next write cleans it up
    assert remove_stale_temp_files(target) == 1
    assert not busy.exists()


def test_temp_files_are_never_maps_or_saves(tmp_path: Path) -> None:
    assert is_temp_file(".rokugan.yaml.a1b2c3d4.tmp")
    assert not is_temp_file("rokugan.yaml") and not is_temp_file("game.json")
    # the names do not match the map and save filters
    assert not Path(".rokugan.yaml.a1b2c3d4.tmp").match("*.yaml")
    assert not Path(".game.json.a1b2c3d4.tmp").match("*.json")


def test_read_limited_refuses_what_is_not_a_plain_file_or_too_large(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(FileContentError, match=r"is a named pipe \(FIFO\), not a file"):
        read_limited(fifo, 100, "save file")
    with pytest.raises(FileContentError, match="is a folder"):
        read_limited(tmp_path, 100)
    big = tmp_path / "big"
    big.write_bytes(b"x" * 101)
    with pytest.raises(FileContentError, match="is larger than 0 KB"):
        read_limited(big, 100)
    assert read_limited(big, 101) == b"x" * 101
    with pytest.raises(FileNotFoundError):
        read_limited(tmp_path / "missing", 100)


@pytest.mark.parametrize(
    ("data", "seems"),
    [
        ("héllo".encode("utf-16"), "UTF-16 (little-endian) text"),
        ("héllo wörld".encode("utf-16-le"), "UTF-16 (little-endian) text without a byte-order"),
        ("héllo wörld".encode("utf-16-be"), "UTF-16 (big-endian) text without a byte-order"),
        ("héllo".encode("utf-32"), "UTF-32 (little-endian) text"),
        ("smörgåsbord – €5".encode("cp1252"), "Windows-1252 (Western European) text"),
        (b"PK\x03\x04\x14\x00\x00\x00\xff", "a zip archive"),
        (bytes(range(256)), "binary data, not text"),
    ],
)
def test_decode_text_says_what_the_file_seems_to_be(data: bytes, seems: str) -> None:
    with pytest.raises(FileContentError) as caught:
        decode_text(data)
    assert "is not UTF-8 text (byte 0x" in str(caught.value)
    assert f"it seems to be {seems}" in str(caught.value)


def test_decode_text_accepts_utf8_with_or_without_a_byte_order_mark() -> None:
    assert decode_text("déjà".encode()) == "déjà"
    assert decode_text(b"\xef\xbb\xbf" + "déjà".encode()) == "déjà"
