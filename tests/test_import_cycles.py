"""No two modules import each other (issue 20), counting imports inside functions and
`importlib.import_module("...")` calls, which are imports all the same."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "ai", "maps", "editor", "app")
# Pairs other engineers are untying in issue 20 (remove each when it lands).
KNOWN = {
    frozenset({"engine.rokugan.observation", "engine.rokugan.state"}),
    frozenset({"engine.ricewars.observation", "engine.ricewars.state"}),
    frozenset({"engine.shinobi.position", "engine.shinobi.state"}),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, modules: set[str], name: str = "x") -> set[str]:
    """The project modules `path` (the module `name`) imports, anywhere in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name.rsplit(".", 1)[0] if path.name != "__init__.py" else name
    found: set[str] = set()

    def add(name: str) -> None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name:
            found.add(name)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1]
                    + ([base] if base else [])
                )
            for alias in node.names:
                add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            add(node.args[0].value)
    found.discard(name)
    return found


def mutual_imports() -> set[frozenset[str]]:
    files = [f for package in PACKAGES for f in (ROOT / package).rglob("*.py")]
    modules = {module_name(f) for f in files}
    graph = {module_name(f): imports_of(f, modules, module_name(f)) for f in files}
    return {
        frozenset({a, b}) for a, targets in graph.items() for b in targets if a in graph.get(b, ())
    }


def test_the_app_and_editor_windows_do_not_import_each_other() -> None:
    pairs = mutual_imports()
    assert frozenset({"app.main_window", "editor.main_window"}) not in pairs


def test_no_new_pair_of_modules_imports_each_other() -> None:
    assert mutual_imports() - KNOWN == set()


def test_the_detector_sees_a_cycle_through_import_module(tmp_path: Path) -> None:
    source = tmp_path / "x.py"
    source.write_text(
        'import importlib\ndef f():\n    importlib.import_module("editor.main_window")\n'
    )
    assert imports_of(source, {"editor.main_window"}) == {"editor.main_window"}
