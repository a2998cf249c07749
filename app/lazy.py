"""Package entry points imported when first asked for (PEP 562), so a package whose painting
modules need Qt can still hand out its Qt-free planners where PySide6 is not importable."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any


def entry_points(package: str, homes: dict[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` for `package` that imports `name` from `package.homes[name]`."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(f"{package}.{home}"), name)

    return __getattr__
