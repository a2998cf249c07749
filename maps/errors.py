"""`MapError`: a map file that cannot be loaded, with the file, the line, the field and the fix."""

from __future__ import annotations

from engine.words import N_, Words

Text = str | Words
"""A part of a message: plain text (a file's path, a parser's own words) or `Words`."""
THE_FILE = Words.of(N_("the file"))
"""The field of an error about the whole file (not valid YAML, not UTF-8, too deep)."""


class MapError(ValueError):
    """A map file that cannot be loaded: names the file, the line, the field and the fix.

    The field, the problem and the fix may be `engine.words.Words` (English marked for the
    catalog, with their values): `str(error)` then says them in the language spoken when
    it is read ("Provinz 'A': Feld 'name' muss …")."""

    def __init__(
        self,
        problem: Text,
        *,
        file: str | None = None,
        line: int | None = None,
        field: Text | None = None,
        fix: Text | None = None,
    ) -> None:
        self.file = file
        self.line = line
        self.field = field
        self.problem = problem
        self.fix = fix
        super().__init__(self.words)

    @property
    def words(self) -> Text:
        """The whole message: "FILE: line N: FIELD PROBLEM; FIX"."""
        body: Text = (
            Words.of(N_("{field} {problem}"), field=self.field, problem=self.problem)
            if self.field
            else self.problem
        )
        text = body
        if self.file and self.line:
            text = Words.of(
                N_("{file}: line {line}: {body}"), file=self.file, line=self.line, body=body
            )
        elif self.file:
            text = Words.of(N_("{file}: {body}"), file=self.file, body=body)
        elif self.line:
            text = Words.of(N_("line {line}: {body}"), line=self.line, body=body)
        return Words.of(N_("{text}; {fix}"), text=text, fix=self.fix) if self.fix else text

    def __str__(self) -> str:
        return str(self.words)
