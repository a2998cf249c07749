"""`python -m engine.native_build`: compile `engine.native.MODULES` with mypyc (`make fast`).

Needs the `fast` extra (mypy, which brings mypyc), a C compiler and the Python headers. The
C sources and objects go to `build/native-tmp/`, the extension modules and the manifest to
`build/native/` (`engine.native.BUILD_DIR`), never into the source tree. The build calls
setuptools' `build_ext` directly, without reading pyproject.toml.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

from engine import native


def build(build_dir: Path = native.BUILD_DIR, opt_level: str = "3") -> Path:
    """Compile `native.MODULES` into `build_dir` and write its manifest; return the folder."""
    import mypy.version
    from mypyc.build import mypycify
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    temp_dir = build_dir.with_name(build_dir.name + "-tmp")
    shutil.rmtree(build_dir, ignore_errors=True)
    # The manifest hashes the sources before mypyc reads them: an edit during the build
    # leaves a stale manifest, never a fresh one over older code.
    manifest = native.make_manifest(native.MODULES, mypy.version.__version__)
    paths = [str(Path(*m.split(".")).with_suffix(".py")) for m in native.MODULES]
    cwd = Path.cwd()
    os.chdir(native.ROOT)
    try:
        extensions = mypycify(
            [
                "--ignore-missing-imports",
                "--follow-imports=silent",
                "--cache-dir",
                str(temp_dir / "mypy"),
                *paths,
            ],
            opt_level=opt_level,
            target_dir=str(temp_dir / "c"),
            group_name=native.GROUP,
        )
        dist = Distribution({"name": "daimyo-native", "ext_modules": extensions})
        command = build_ext(dist)
        command.build_lib = str(build_dir)
        command.build_temp = str(temp_dir / "obj")
        command.parallel = os.cpu_count() or 1
        command.ensure_finalized()
        command.run()
    finally:
        os.chdir(cwd)
    (build_dir / native.MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return build_dir


def main(argv: list[str] | None = None) -> int:
    """Build, then say where and how long it took."""
    parser = argparse.ArgumentParser(prog="python -m engine.native_build", description=__doc__)
    parser.add_argument("--opt-level", default="3", help="the C compiler's -O level")
    parser.add_argument("--force", action="store_true", help="rebuild even a fresh build")
    args = parser.parse_args(argv)
    if not args.force and native.stale_reason() is None:
        print(f"the compiled engine in {native.BUILD_DIR} is up to date", file=sys.stderr)
        return 0
    start = time.perf_counter()
    folder = build(opt_level=args.opt_level)
    print(
        f"compiled {len(native.MODULES)} modules into {folder} "
        f"in {time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
