"""The optional compiled engine's loader (`engine.native`): a build is used only while it
matches the sources, never with DAIMYO_PURE=1; with `make test-fast` the listed modules
really are compiled and play the same games as the pure ones."""

from __future__ import annotations

import importlib.machinery
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import native

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
MODULES = ("fakepkg.hot", "fakepkg.sub.warm")


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Given a source tree with two hot modules and a fresh build of them (empty stand-ins
    for the extension files), and no compiled finder installed yet."""
    root = tmp_path / "src"
    for rel in (
        "fakepkg/__init__.py",
        "fakepkg/hot.py",
        "fakepkg/cold.py",
        "fakepkg/sub/__init__.py",
        "fakepkg/sub/warm.py",
        "fakepkg/other/x.py",
    ):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(f"# {rel}\n", encoding="utf-8")
    build = tmp_path / "build"
    for name in (*MODULES, f"{native.GROUP}__mypyc"):
        target = build.joinpath(*name.split(".")).with_name(name.split(".")[-1] + SUFFIX)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(b"")
    manifest = native.make_manifest(MODULES, "9.9", root)
    (build / native.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    monkeypatch.setattr(
        sys, "meta_path", [f for f in sys.meta_path if not isinstance(f, native.NativeFinder)]
    )
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.delenv("DAIMYO_NATIVE_WARNED", raising=False)
    return tmp_path


def _activate(tree: Path) -> bool:
    return native.activate(tree / "build", MODULES, tree / "src")


def test_the_manifest_covers_each_compiled_modules_package_and_the_packages_above() -> None:
    # Given the real list, when its sources are listed, then the rule modules beside the
    # compiled ones and engine's own modules are in, other games' modules are not.
    files = {p.relative_to(native.ROOT).as_posix() for p in native.source_files(native.MODULES)}
    assert {"engine/rokugan/state.py", "engine/rokugan/observation.py", "engine/core.py"} <= files
    assert not any(f.startswith("engine/ricewars/") for f in files)
    assert "engine/native.py" not in files  # the loader itself is never compiled


def test_a_fresh_build_puts_the_compiled_modules_first(tree: Path, capsys) -> None:
    assert _activate(tree)
    finder = next(f for f in sys.meta_path if isinstance(f, native.NativeFinder))
    assert sys.meta_path[0] is finder
    spec = finder.find_spec("fakepkg.sub.warm")
    assert spec is not None and spec.origin == str(tree / "build/fakepkg/sub" / f"warm{SUFFIX}")
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert finder.find_spec(f"{native.GROUP}__mypyc") is not None
    # Modules not in the list (and __init__ files) stay pure.
    assert finder.find_spec("fakepkg.cold") is None
    assert finder.find_spec("fakepkg") is None
    assert native.describe() == (
        "compiled with mypyc: fakepkg (1 of its modules), fakepkg.sub (1 of its modules); "
        "the rest pure Python"
    )
    assert capsys.readouterr().err == ""


def test_an_edited_source_makes_the_build_stale_and_says_so_once(tree: Path, capsys) -> None:
    # Given a source edited after the build (a module mypyc may have inlined, not compiled).
    (tree / "src/fakepkg/cold.py").write_text("# edited\n", encoding="utf-8")
    assert native.stale_reason(tree / "build", MODULES, tree / "src") == (
        "fakepkg/cold.py changed since the build"
    )
    assert not _activate(tree)
    assert not _activate(tree)
    err = capsys.readouterr().err
    assert err.count("compiled engine not used (fakepkg/cold.py changed") == 1
    assert not any(isinstance(f, native.NativeFinder) for f in sys.meta_path)
    assert native.describe() == "pure Python (no compiled engine in use)"


def test_new_or_removed_sources_make_the_build_stale(tree: Path) -> None:
    (tree / "src/fakepkg/new.py").write_text("", encoding="utf-8")
    assert native.stale_reason(tree / "build", MODULES, tree / "src") == (
        "fakepkg/new.py changed since the build"
    )
    (tree / "src/fakepkg/new.py").unlink()
    (tree / "src/fakepkg/sub/warm.py").unlink()
    assert "fakepkg/sub/warm.py" in str(native.stale_reason(tree / "build", MODULES, tree / "src"))


def test_a_subpackage_outside_the_compiled_ones_does_not_make_it_stale(tree: Path) -> None:
    (tree / "src/fakepkg/other/x.py").write_text("# edited\n", encoding="utf-8")
    assert native.stale_reason(tree / "build", MODULES, tree / "src") is None


def test_another_python_or_module_list_makes_the_build_stale(tree: Path) -> None:
    manifest_path = tree / "build" / native.MANIFEST
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    assert native.stale_reason(tree / "build", MODULES[:1], tree / "src") == (
        "the list of compiled modules changed (engine/native.py MODULES)"
    )
    manifest["python"] = "cpython-399 3.99.0 linux"
    manifest_path.write_text(json.dumps(manifest), encoding="utf-8")
    assert native.stale_reason(tree / "build", MODULES, tree / "src").startswith(
        "built for cpython-399"
    )


def test_a_missing_extension_file_falls_back_to_pure(tree: Path, capsys) -> None:
    (tree / "build/fakepkg" / f"hot{SUFFIX}").unlink()
    assert not _activate(tree)
    assert "some compiled modules are missing" in capsys.readouterr().err


def test_daimyo_pure_wins_over_a_fresh_build(tree: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv(native.PURE_ENV, "1")
    assert not _activate(tree)
    assert capsys.readouterr().err == ""


def test_no_build_is_the_normal_pure_path_and_silent(tree: Path, capsys) -> None:
    assert native.stale_reason(tree / "nothing", MODULES, tree / "src") == "no build"
    assert not native.activate(tree / "nothing", MODULES, tree / "src")
    assert capsys.readouterr().err == ""


EXPECT_COMPILED = os.environ.get("DAIMYO_EXPECT_COMPILED") == "1"
compiled_only = pytest.mark.skipif(not EXPECT_COMPILED, reason="`make test-fast` only")


@compiled_only
def test_the_listed_modules_run_compiled() -> None:
    for name in native.MODULES:
        module = __import__(name, fromlist=["_"])
        assert module.__file__.endswith(SUFFIX), name
    assert native.compiled_modules() == list(native.MODULES)


def _random_game_text(seed: int) -> str:
    """A seeded random 4-player game: every action's text and the final scores."""
    from engine.rokugan import SPEC
    from engine.rokugan.bench import load_bench_graph

    state = SPEC.new_game(4, seed, None, load_bench_graph())
    rng = random.Random(seed)
    moves = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        moves.append(str(action))
        state.apply(action)
    return " ".join(moves) + f" -> {state.returns()}"


@compiled_only
def test_compiled_and_pure_play_the_same_games() -> None:
    # Given the same seeds, when one process plays compiled and another pure, then the
    # games are the same action for action.
    compiled = [_random_game_text(seed) for seed in (1, 2)]
    script = (
        "from tests.engine.test_native import _random_game_text as g;"
        "import engine.native as n; assert not n.compiled_modules(), n.compiled_modules();"
        "print(repr([g(1), g(2)]))"
    )
    pure = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, native.PURE_ENV: "1"},
        cwd=native.ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert pure.strip() == repr(compiled)
