"""The architecture's layering holds: no Qt below the app, no shapely in rules or AI, and no
two modules importing each other."""

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FORBIDDEN = {
    "engine": {"PySide6", "shapely", "app", "editor", "maps", "ai"},
    "ai": {"PySide6", "shapely", "app", "editor", "maps"},
    "maps": {"PySide6", "app", "editor"},
}


def imported_roots(path: Path) -> set[str]:
    """Top-level package names imported anywhere in a source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_respect_layers(package: str) -> None:
    # Given every source file of the package
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"{package}/ has no Python files"
    # When we collect what each imports
    offenders = {
        str(f.relative_to(ROOT)): sorted(imported_roots(f) & FORBIDDEN[package]) for f in files
    }
    # Then none imports a forbidden layer
    assert {k: v for k, v in offenders.items() if v} == {}


def test_detector_sees_a_forbidden_import(tmp_path: Path) -> None:
    # Given a file importing PySide6 inside a function
    source = tmp_path / "bad.py"
    source.write_text("def f():\n    from PySide6 import QtCore\n", encoding="utf-8")
    # Then the checker finds it
    assert "PySide6" in imported_roots(source)


# ---------------------------------------------------------------------------- import cycles

CYCLE_PACKAGES = ("engine", "ai", "maps", "editor", "app")

# Modules allowed to import each other: none any more (issue 20 untied the last ones). No
# new entries: put shared constants and types in a module below both users.
KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> source file of every module in the cycle-checked packages."""
    mods = {}
    for package in CYCLE_PACKAGES:
        for f in (root / package).rglob("*.py"):
            parts = list(f.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            mods[".".join(parts)] = f
    return mods


def imported_modules(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The modules of `known` that module `name` (file `path`) imports anywhere: at the
    top, inside functions, or by `importlib.import_module("literal")`.

    `from package import submodule` names the submodule (the package's `__init__` is not
    counted, so a package may import its own submodules); `from module import name`
    names the module."""
    known = set(known)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"

    def owner(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    found: set[str | None] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(owner(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                found.add(sub if sub in known else owner(module))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (getattr(node.func, "attr", None) or getattr(node.func, "id", None))
            == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(owner(node.args[0].value))
    found.discard(None)
    found.discard(name)
    return found  # type: ignore[return-value]


def import_cycles(graph: Mapping[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    iterative): every set of modules that import each other, directly or round a ring."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    component = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.add(w)
                        if w == v:
                            break
                    if len(component) > 1:
                        cycles.append(frozenset(component))
    return cycles


def test_no_two_modules_import_each_other() -> None:
    # Given every module of engine/, ai/, maps/, editor/ and app/ and what it imports
    mods = module_files()
    graph = {name: imported_modules(name, path, mods) for name, path in mods.items()}
    # When we look for modules that import each other (directly or round a ring)
    cycles = [c for c in import_cycles(graph) if c not in KNOWN_CYCLES]
    # Then there are none: shared constants and types live in a module below both users
    assert [sorted(c) for c in cycles] == []


def test_cycle_detector_sees_a_pair_and_a_ring(tmp_path: Path) -> None:
    # Given a package where a <-> b import each other (one of them inside a function and
    # through importlib), c -> d -> e -> c form a ring, and f imports its package's __init__
    pkg = tmp_path / "engine" / "demo"
    pkg.mkdir(parents=True)
    (tmp_path / "engine" / "__init__.py").write_text("", encoding="utf-8")
    files = {
        "__init__": "from engine.demo import f\n",
        "a": "from engine.demo.b import X\n",
        "b": "def g():\n    import importlib\n    importlib.import_module('engine.demo.a')\n",
        "c": "from engine.demo import d\n",
        "d": "from . import e\n",
        "e": "import engine.demo.c\n",
        "f": "from engine.demo import a\n",
    }
    for name, text in files.items():
        (pkg / f"{name}.py").write_text(text, encoding="utf-8")
    mods = module_files(tmp_path)
    graph = {name: imported_modules(name, path, mods) for name, path in mods.items()}
    # When we look for cycles
    cycles = import_cycles(graph)
    # Then exactly the pair and the ring are found (a package importing its submodules
    # is no cycle)
    assert sorted(sorted(c) for c in cycles) == [
        ["engine.demo.a", "engine.demo.b"],
        ["engine.demo.c", "engine.demo.d", "engine.demo.e"],
    ]


# ------------------------------------------------------------------------ the story's words

STORY_MODULES = tuple(f"app.games.{game}.story" for game in ("rokugan", "ricewars", "shinobi"))
"""The story of each game: its log lines, resolution steps and end words (`daimyo log`
prints them where PySide6 cannot be imported)."""


def runtime_imports(path: Path) -> tuple[set[str], bool]:
    """(the dotted names a file imports when it runs: at module level, not under
    `if TYPE_CHECKING:`, True when it imports PySide6 anywhere outside such a block)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    qt = False

    def visit(node: ast.AST, top: bool) -> None:
        nonlocal qt
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit_one(other, top)
                continue
            visit_one(child, top)

    def visit_one(child: ast.AST, top: bool) -> None:
        nonlocal qt
        found: list[str] = []
        if isinstance(child, ast.Import):
            found = [alias.name for alias in child.names]
        elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
            found = [child.module] + [f"{child.module}.{a.name}" for a in child.names]
        qt = qt or any(name.split(".")[0] == "PySide6" for name in found)
        if top:
            names.update(found)
        function = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        visit(child, top and not function)

    visit(tree, True)
    return names, qt


def import_closure(start: str, mods: Mapping[str, Path]) -> set[str]:
    """`start` and every module of ours importing it runs (parent packages included)."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen or name not in mods:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        todo += [n for n in runtime_imports(mods[name])[0] if n in mods]
    return seen


@pytest.mark.parametrize("story", STORY_MODULES)
def test_the_story_imports_no_qt(story: str) -> None:
    # Given a game's story and every module importing it runs
    mods = module_files()
    closure = import_closure(story, mods)
    assert f"{story.rsplit('.', 1)[0]}.narrate" in closure
    # Then none of them imports Qt, not even inside a function
    assert sorted(m for m in closure if runtime_imports(mods[m])[1]) == []


def test_the_story_check_sees_qt_behind_an_import(tmp_path: Path) -> None:
    # Given a story whose words import a module that imports Qt inside a function, and a
    # Qt import only for type checking
    (tmp_path / "app").mkdir()
    files = {
        "app/__init__.py": "",
        "app/story.py": "from typing import TYPE_CHECKING\nfrom app import words\n"
        "if TYPE_CHECKING:\n    from PySide6.QtWidgets import QWidget\n",
        "app/words.py": "def paint():\n    from PySide6.QtGui import QColor\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    mods = {"app": tmp_path / "app/__init__.py", "app.story": tmp_path / "app/story.py",
            "app.words": tmp_path / "app/words.py"}  # fmt: skip
    # Then the words are found, the type-checking import is not
    closure = import_closure("app.story", mods)
    assert closure == {"app", "app.story", "app.words"}
    assert [m for m in sorted(closure) if runtime_imports(mods[m])[1]] == ["app.words"]
