"""Atomic writes replace a file whole and keep its permissions."""

import os
import stat
from pathlib import Path

import pytest

from engine.files import atomic_write_text


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
