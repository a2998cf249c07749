"""Rewrite the test modules' assertions once, before `make test`'s workers start.

pytest rewrites every test module's `assert`s (to say what each side was) when it imports
it, and keeps the rewritten code in `__pycache__` — unless the environment forbids bytecode
(`PYTHONDONTWRITEBYTECODE=1`, as on the machines this suite runs on): then each xdist worker
rewrote all the test modules again, about 12 s of CPU a worker. pytest reads a rewritten
module it finds there even when it may not write one, and checks it against the source's hash
(a changed test is rewritten afresh), so `make test` writes them here first, on every core:

    python -m tests.rewrite_cache [FOLDER]

The files are pytest's own: its rewriting and its file format (`_pytest.assertion.rewrite`,
not a public interface); should another pytest lack them, nothing is written and pytest
rewrites the modules itself, as before. tests/test_rewrite_cache.py checks the files are what
pytest writes itself.
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import ProcessPoolExecutor
from fnmatch import fnmatch
from pathlib import Path

PATTERNS = ("test_*.py", "*_test.py", "conftest.py")
"""The modules pytest rewrites here: its default `python_files` and the conftests."""


def modules(folder: Path) -> list[Path]:
    """The test modules and conftests under `folder` (absolute paths, as pytest imports
    them), in a stable order."""
    found = (
        path
        for path in folder.resolve().rglob("*.py")
        if "__pycache__" not in path.parts and any(fnmatch(path.name, p) for p in PATTERNS)
    )
    return sorted(found)


def write(path: Path) -> bool:
    """Write `path`'s rewritten code where pytest looks for it; False if it was there."""
    from _pytest.assertion import rewrite

    pyc = rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)
    if rewrite._read_pyc(path, pyc) is not None:
        return False
    source_hash, code = rewrite._rewrite_test(path, None)  # None: no ini options here
    pyc.parent.mkdir(parents=True, exist_ok=True)
    partial = pyc.with_name(f"{pyc.name}.{os.getpid()}")
    with open(partial, "wb") as file:
        rewrite._write_pyc_fp(file, source_hash, code)
    os.replace(partial, pyc)  # a whole file or none, as pytest's own workers do
    return True


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "tests")
    paths = modules(folder)
    try:
        with ProcessPoolExecutor() as pool:
            list(pool.map(write, paths, chunksize=8))
    except (ImportError, AttributeError, TypeError, OSError) as error:
        # another pytest, or a folder not writable: pytest rewrites them itself
        print(f"tests.rewrite_cache: not written ({error})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
