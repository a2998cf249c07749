"""Files a person keeps: atomic writes, and careful reads of files that may be hostile.

Writes go to a temp file in the same folder, are fsynced, then renamed over the target,
so readers see the old or the new file, never half. A write that was interrupted (power
cut, killed process) leaves its temp file behind; the next write of the same file removes
it. Temp files are named `.NAME.XXXXXXXX.tmp`, so no listing of maps (`*.yaml`) or saves
(`*.json`) ever shows one.

Reads (`read_limited`, `decode_text`) refuse what is not a plain file (a FIFO would block
forever), stop at a size limit, and say what a file that is not UTF-8 seems to be. They
raise `FileContentError` with the problem and the fix; each loader adds the file's name
in its own error type. Problem and fix are `engine.words.Words`, said in the reader's
language when the error is read.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from engine.words import N_, Words

try:  # POSIX: a writer holds a lock on its temp file, so only abandoned ones are removed
    import fcntl
except ImportError:  # pragma: no cover - Windows: a file in use cannot be removed anyway
    fcntl = None  # type: ignore[assignment]

TEMP_SUFFIX = ".tmp"


class FileContentError(ValueError):
    """A file that cannot be read as text: `problem` and `fix`, without the file's name,
    each said in the language spoken when the error is read."""

    def __init__(self, problem: Words, fix: Words) -> None:
        super().__init__(problem, fix)
        self.problem = problem
        self.fix = fix

    def __str__(self) -> str:
        return f"{self.problem}; {self.fix}"


FILE = Words.of(N_("file"))
"""What `read_limited` reads unless told: a file (a loader names its kind: "save file")."""


# --------------------------------------------------------------------------- writing


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Write `text` to `path` so that readers see the old or the new file, never half."""
    atomic_write_bytes(path, text.encode(encoding))


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` atomically (temp file + fsync + rename).

    Temp files of earlier writes of the same file that were interrupted are removed first.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent)
    # A second descriptor keeps the lock until after the rename: a cleaner running in
    # between must not take our temp file for an abandoned one.
    lock_fd = os.dup(fd)
    try:
        _lock(lock_fd, blocking=True)
        remove_stale_temp_files(target, keep=Path(tmp))
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    finally:
        os.close(lock_fd)


def is_temp_file(path: str | os.PathLike[str]) -> bool:
    """True for the temp file of an atomic write (`.NAME.XXXXXXXX.tmp`)."""
    name = Path(path).name
    return name.startswith(".") and name.endswith(TEMP_SUFFIX)


def stale_temp_files(target: str | os.PathLike[str]) -> list[Path]:
    """The temp files of atomic writes of `target` lying in its folder (in use or not)."""
    target = Path(target)
    prefix = f".{target.name}."
    try:
        names = os.listdir(target.parent)
    except OSError:
        return []
    return sorted(
        target.parent / name
        for name in names
        if name.startswith(prefix)
        and name.endswith(TEMP_SUFFIX)
        and len(name) > len(prefix) + len(TEMP_SUFFIX)
    )


def remove_stale_temp_files(target: str | os.PathLike[str], keep: Path | None = None) -> int:
    """Remove the temp files that interrupted writes of `target` left; the number removed.

    A temp file another process is still writing is locked and stays.
    """
    removed = 0
    for candidate in stale_temp_files(target):
        if keep is not None and candidate == keep:
            continue
        try:
            fd = os.open(candidate, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue  # gone already, or a link / something we may not open: leave it
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode) or not _lock(fd, blocking=False):
                continue
            candidate.unlink(missing_ok=True)
            removed += 1
        except OSError:
            continue  # in use (Windows) or not ours to remove
        finally:
            os.close(fd)
    return removed


def _lock(fd: int, blocking: bool) -> bool:
    """Take an exclusive lock on `fd`; False when another holds it (non-blocking)."""
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    except OSError:
        return True  # a file system without locks: behave as before locks existed
    return True


def _mode_for(target: Path) -> int:
    """The existing file's permissions, or the usual ones for a new file (mkstemp's are 0600)."""
    try:
        return target.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


# --------------------------------------------------------------------------- reading


def read_limited(path: str | os.PathLike[str], limit: int, what: Words | str = FILE) -> bytes:
    """The bytes of the plain file at `path`, at most `limit` of them.

    Raises `FileContentError` for something that is not a plain file (a folder, a FIFO, a
    device: opened without blocking and refused) or is larger than `limit` bytes, and
    `OSError` when the file cannot be opened or read (missing, no permission).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise _not_a_file(Words.of(N_("a folder")), what) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_a_file(_kind_of(mode), what)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise FileContentError(
            Words.of(
                N_("is larger than {size}, more than any {what} holds"),
                size=_size_text(limit),
                what=what,
            ),
            Words.of(
                N_("check that this is a {what}; a {what} this large is not one Daimyo wrote"),
                what=what,
            ),
        )
    return b"".join(chunks)


def _not_a_file(kind: Words, what: Words | str) -> FileContentError:
    return FileContentError(
        Words.of(N_("is {kind}, not a file"), kind=kind), Words.of(N_("choose a {what}"), what=what)
    )


def _kind_of(mode: int) -> Words:
    if stat.S_ISDIR(mode):
        return Words.of(N_("a folder"))
    if stat.S_ISFIFO(mode):
        return Words.of(N_("a named pipe (FIFO)"))
    if stat.S_ISSOCK(mode):
        return Words.of(N_("a socket"))
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Words.of(N_("a device"))
    return Words.of(N_("not a plain file"))


def _size_text(limit: int) -> str:
    return f"{limit // 2**20} MB" if limit >= 2**20 else f"{limit // 1024} KB"


_BOMS = (
    (b"\xff\xfe\x00\x00", N_("UTF-32 (little-endian) text")),
    (b"\x00\x00\xfe\xff", N_("UTF-32 (big-endian) text")),
    (b"\xff\xfe", N_("UTF-16 (little-endian) text")),
    (b"\xfe\xff", N_("UTF-16 (big-endian) text")),
)
_MAGIC = (
    (b"\x1f\x8b", N_("a gzip-compressed file"), N_("unpack it first")),
    (b"PK\x03\x04", N_("a zip archive"), N_("unpack it first")),
    (b"%PDF", N_("a PDF document"), N_("choose the original file")),
    (b"\x89PNG", N_("a PNG picture"), N_("choose the original file")),
)
SAVE_AS_UTF8 = Words.of(
    N_("open it in a text editor and save it again as UTF-8 (Save as → Encoding: UTF-8)")
)


def decode_text(data: bytes) -> str:
    """`data` as UTF-8 text (a leading byte-order mark is allowed and dropped).

    Raises `FileContentError` naming the first bad byte's line and column and what the
    file seems to be instead (UTF-16, Windows-1252, a zip archive, binary data).
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        start = exc.start
    line = data.count(b"\n", 0, start) + 1
    column = start - (data.rfind(b"\n", 0, start) + 1) + 1
    seems, fix = guess_encoding(data)
    raise FileContentError(
        Words.of(
            N_(
                "is not UTF-8 text (byte {byte} at line {line}, column {column}); it seems to "
                "be {seems}"
            ),
            byte=f"0x{data[start]:02X}",
            line=line,
            column=column,
            seems=seems,
        ),
        fix,
    )


def guess_encoding(data: bytes) -> tuple[Words, Words]:
    """What non-UTF-8 `data` seems to be, and what to do about it."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            return Words.of(name), SAVE_AS_UTF8
    for magic, name, fix in _MAGIC:
        if data.startswith(magic):
            return Words.of(name), Words.of(fix)
    sample = data[:4096]
    if len(sample) >= 4:
        odd, even = sample[1::2], sample[0::2]
        if odd.count(0) > len(odd) * 0.3 and even.count(0) < len(even) * 0.1:
            return Words.of(
                N_("UTF-16 (little-endian) text without a byte-order mark")
            ), SAVE_AS_UTF8
        if even.count(0) > len(even) * 0.3 and odd.count(0) < len(odd) * 0.1:
            return Words.of(N_("UTF-16 (big-endian) text without a byte-order mark")), SAVE_AS_UTF8
    controls = sum(b < 0x20 and b not in b"\t\n\r" for b in sample)
    if controls > len(sample) * 0.05:
        return Words.of(N_("binary data, not text")), Words.of(
            N_("check that this is the right file")
        )
    try:
        sample.decode("cp1252")
    except UnicodeDecodeError:
        return Words.of(N_("Latin-1 (ISO-8859-1) text")), SAVE_AS_UTF8
    return Words.of(N_("Windows-1252 (Western European) text")), SAVE_AS_UTF8


def read_text(path: str | os.PathLike[str], limit: int, what: Words | str = FILE) -> str:
    """`read_limited` then `decode_text`: the UTF-8 text of a plain file."""
    return decode_text(read_limited(path, limit, what))
