"""mypyc's class options for the modules that can be compiled (`mypyc_attr`).

mypyc reads `@mypyc_attr(...)` when it compiles a module; in pure Python (and where
mypy_extensions is not installed) the decorator does nothing."""

from __future__ import annotations

from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure path: nothing to do

    def mypyc_attr(*attrs: str, **flags: bool) -> Any:  # type: ignore[misc]
        """What mypyc's `mypyc_attr` is uncompiled: a class decorator that changes nothing."""
        return lambda cls: cls


__all__ = ["mypyc_attr"]
