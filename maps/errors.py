"""`MapError`: a map file that cannot be loaded, with the file, the line, the field and the fix."""

from __future__ import annotations


class MapError(ValueError):
    """A map file that cannot be loaded: names the file, the line, the field and the fix."""

    def __init__(
        self,
        problem: str,
        *,
        file: str | None = None,
        line: int | None = None,
        field: str | None = None,
        fix: str | None = None,
    ) -> None:
        self.file = file
        self.line = line
        self.field = field
        self.problem = problem
        self.fix = fix
        parts = [p for p in (file, f"line {line}" if line else None) if p]
        head = ": ".join(parts)
        body = f"{field} {problem}" if field else problem
        text = f"{head}: {body}" if head else body
        super().__init__(f"{text}; {fix}" if fix else text)
