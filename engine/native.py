"""The optional compiled engine: modules compiled by mypyc, used only when they match the code.

`make fast` compiles the modules in `MODULES` (`engine.native_build`) into `build/native/`
beside the source tree, with a manifest of the Python version, the mypy version and a hash of
every `.py` file the compiled code was built from (each compiled module's package and the
packages above it: mypyc reads their types and may inline across modules). `activate()`,
called once when `engine` is imported, puts a finder in front of the ordinary import system
that loads those modules from the build, and only when

* `DAIMYO_PURE` is not `1` (pure Python on demand, e.g. to compare),
* the build folder has a manifest for this Python, these modules and these exact sources.

A stale build (a source edited since `make fast`) never shadows the edited `.py`: the pure
modules load and stderr says so once (child processes inherit the silence). Without a build
nothing is said: pure Python is the normal path (`make run` needs no compiler). `__init__`
files are never compiled, so a package's `__path__` stays its source folder; mypyc's shared
library (one top-level `<group>__mypyc` module) is found by the same finder.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import ModuleType

# The one list of compiled modules: each must type-check under mypy and pass the engine and
# AI pins compiled (`make test-fast`). Changing it makes an existing build stale.
MODULES: tuple[str, ...] = (
    "engine.rokugan.placement",
    "engine.rokugan.position",
    "engine.rokugan.tokens",
    "engine.rokugan.rounds",
    "engine.rokugan.state",
    "engine.rokugan.cards",
    "engine.rokugan.battles",
    "engine.rokugan.resolution",
    "engine.rokugan.upkeep",
    "engine.rokugan.scoring",
    "engine.rokugan.actions",
    "engine.rokugan.board",
    "engine.rokugan.effects",
    "engine.rokugan.token_cards",
    "engine.rokugan.setup",
    "engine.rokugan.data",
    # The Rokugan search's own hot paths (the generic search, its keys, the scene policy,
    # the adapter: candidates, evaluation, the opponents' policy).
    "ai.search",
    "ai.keys",
    "ai.games.rokugan_scene",
    "ai.games.rokugan",
    # The Shinobi search's: its adapter (and the levels' and inferring subclasses, which a
    # Python class may not be), the calibrated inference, and the engine it asks most.
    "engine.shinobi.cards",
    "engine.shinobi.actions",
    "engine.shinobi.position",
    "engine.shinobi.attack",
    "engine.shinobi.beliefs",
    "engine.shinobi.state",
    "ai.games.shinobi_infer",
    "ai.games.shinobi",
    "ai.games.shinobi_levels",
)

ROOT = Path(__file__).resolve().parent.parent
BUILD_DIR = ROOT / "build" / "native"
MANIFEST = "manifest.json"
PURE_ENV = "DAIMYO_PURE"
_WARNED_ENV = "DAIMYO_NATIVE_WARNED"
# mypyc's group name: the shared library is `{GROUP}__mypyc`.
GROUP = "daimyo"


def source_files(modules: Iterable[str], root: Path = ROOT) -> list[Path]:
    """Every `.py` file a build of `modules` depends on: the files of each compiled
    module's package and of the packages above it (not their subpackages), sorted; not
    this loader and its build script, which compiled code never imports."""
    folders: set[Path] = set()
    for name in modules:
        parts = name.split(".")[:-1]
        for depth in range(1, len(parts) + 1):
            folders.add(root.joinpath(*parts[:depth]))
    own = {root / "engine" / "native.py", root / "engine" / "native_build.py"}
    return sorted(p for folder in folders for p in folder.glob("*.py") if p not in own)


def source_hashes(modules: Iterable[str], root: Path = ROOT) -> dict[str, str]:
    """`{relative path: sha256}` of `source_files(modules)`."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in source_files(modules, root)
    }


def python_tag() -> str:
    """The interpreter a build is for (an extension module fits one version and ABI)."""
    return f"{sys.implementation.cache_tag} {sys.version.split()[0]} {sys.platform}"


def make_manifest(modules: Sequence[str], mypy_version: str, root: Path = ROOT) -> dict:
    """The manifest written beside a fresh build of `modules`."""
    return {
        "python": python_tag(),
        "mypy": mypy_version,
        "modules": list(modules),
        "shared": f"{GROUP}__mypyc",
        "sources": source_hashes(modules, root),
    }


def stale_reason(
    build_dir: Path = BUILD_DIR, modules: Sequence[str] = MODULES, root: Path = ROOT
) -> str | None:
    """Why the build in `build_dir` may not be used for these sources, or None when it may.
    A missing build gives "no build"."""
    try:
        manifest = json.loads((build_dir / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return "no build"
    except (OSError, ValueError) as exc:
        return f"unreadable manifest ({exc})"
    if manifest.get("python") != python_tag():
        return f"built for {manifest.get('python')}, running {python_tag()}"
    if manifest.get("modules") != list(modules):
        return "the list of compiled modules changed (engine/native.py MODULES)"
    built = manifest.get("sources", {})
    now = source_hashes(modules, root)
    changed = sorted(p for p in built.keys() | now.keys() if built.get(p) != now.get(p))
    if changed:
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        return f"{', '.join(changed[:3])}{more} changed since the build"
    return None


def _extension(build_dir: Path, name: str) -> Path | None:
    """The compiled file of module `name` in `build_dir`, if there is one."""
    stem = build_dir.joinpath(*name.split("."))
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = stem.with_name(stem.name + suffix)
        if path.is_file():
            return path
    return None


class NativeFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and mypyc's shared library) in a build folder."""

    def __init__(self, build_dir: Path, modules: Sequence[str]) -> None:
        self.build_dir = build_dir
        self.modules = tuple(modules)
        self.names = frozenset([*modules, f"{GROUP}__mypyc"])

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        found = _extension(self.build_dir, fullname)
        if found is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(found))
        return importlib.util.spec_from_file_location(fullname, found, loader=loader)


def _say_once(message: str) -> None:
    if os.environ.get(_WARNED_ENV) != "1":
        print(f"daimyo: {message}", file=sys.stderr)
        os.environ[_WARNED_ENV] = "1"


def activate(
    build_dir: Path = BUILD_DIR, modules: Sequence[str] = MODULES, root: Path = ROOT
) -> bool:
    """Load `modules` compiled from now on when the build matches the sources; True if so.
    Modules already imported stay as they are."""
    if any(isinstance(f, NativeFinder) for f in sys.meta_path):
        return True
    if os.environ.get(PURE_ENV) == "1":
        return False
    reason = stale_reason(build_dir, modules, root)
    if reason == "no build":
        return False
    if reason is not None or any(_extension(build_dir, m) is None for m in modules):
        why = reason or "some compiled modules are missing"
        _say_once(f"compiled engine not used ({why}); pure Python. `make fast` rebuilds it.")
        return False
    sys.meta_path.insert(0, NativeFinder(build_dir, modules))
    return True


def deactivate() -> None:
    """Remove the finder (modules already imported compiled stay compiled)."""
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, NativeFinder)]


def compiled_modules(modules: Iterable[str] = MODULES) -> list[str]:
    """Those of `modules` that are imported and compiled (not a `.py` file)."""
    return [
        name
        for name in modules
        if name in sys.modules
        and not str(getattr(sys.modules[name], "__file__", "") or "").endswith(".py")
    ]


def describe() -> str:
    """One line for benchmark output: which modules run compiled, if any."""
    finder = next((f for f in sys.meta_path if isinstance(f, NativeFinder)), None)
    if finder is None:
        return "pure Python (no compiled engine in use)"
    packages: dict[str, int] = {}
    for name in finder.modules:
        package = name.rpartition(".")[0]
        packages[package] = packages.get(package, 0) + 1
    listed = ", ".join(f"{package} ({count} of its modules)" for package, count in packages.items())
    return f"compiled with mypyc: {listed}; the rest pure Python"
