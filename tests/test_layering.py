"""The architecture's layering holds: no Qt below the app, no shapely in rules or AI."""

import ast
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
