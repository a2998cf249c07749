"""Reading gettext catalogs in tests: the `.po`/`.pot` text format, and the pseudo-language.

The program reads only compiled `.mo` files (the standard library's `gettext`); these tests
read the sources a translator edits, to check them against the compiled files, the English
placeholders, the glossary, and to build the pseudo-language from the template.
"""

from __future__ import annotations

import ast
import gettext
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from app.i18n import LOCALE_DIR

TEMPLATE = LOCALE_DIR / "daimyo.pot"
CATALOGS = {
    "de": LOCALE_DIR / "de/LC_MESSAGES/daimyo.po",
    "pt": LOCALE_DIR / "pt/LC_MESSAGES/daimyo.po",
}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
MARK_OPEN, MARK_CLOSE = "⟦", "⟧"


@dataclass
class Entry:
    """One message of a catalog."""

    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)  # one per plural form
    msgctxt: str | None = None
    flags: set[str] = field(default_factory=set)
    references: list[str] = field(default_factory=list)
    obsolete: bool = False

    @property
    def key(self) -> str:
        """The message's key in a compiled catalog (context EOT msgid)."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"


def read_po(path: Path) -> list[Entry]:
    """The messages of a `.po`/`.pot` file (the header, msgid "", included first), parsed
    once per version of the file (its path, mtime and size): the entries are shared by the
    tests that read it, which must not change them."""
    stat = path.stat()
    return list(_parsed_po(path, stat.st_mtime_ns, stat.st_size))


@cache
def _parsed_po(path: Path, mtime_ns: int, size: int) -> tuple[Entry, ...]:
    return tuple(parse_po(path))


def parse_po(path: Path) -> list[Entry]:
    """The messages of a `.po`/`.pot` file, read afresh."""
    entries: list[Entry] = []
    current: Entry | None = None
    field_name: str | None = None
    flags: set[str] = set()
    refs: list[str] = []
    obsolete = False

    def finish() -> None:
        nonlocal current, flags, refs, obsolete
        if current is not None:
            current.flags, current.references, current.obsolete = flags, refs, obsolete
            entries.append(current)
        current, flags, refs, obsolete = None, set(), [], False

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#~"):
            obsolete = True
            line = line[2:].strip()
            if not line:
                continue
        if not line:
            finish()
            continue
        if line.startswith("#,"):
            flags |= {f.strip() for f in line[2:].split(",")}
            continue
        if line.startswith("#:"):
            refs += line[2:].split()
            continue
        if line.startswith("#"):
            continue
        match = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")$", line)
        if match:
            name = match.group(1)
            text = ast.literal_eval(match.group(3))
            if name in ("msgctxt", "msgid") and current is not None and current.msgstr:
                finish()
            if current is None:
                current = Entry("")
            if name == "msgctxt":
                current.msgctxt = text
            elif name == "msgid":
                current.msgid = text
            elif name == "msgid_plural":
                current.msgid_plural = text
            else:
                current.msgstr.append(text)
            field_name = name
            continue
        if line.startswith('"') and current is not None and field_name is not None:
            text = ast.literal_eval(line)
            if field_name == "msgctxt":
                current.msgctxt = (current.msgctxt or "") + text
            elif field_name == "msgid":
                current.msgid += text
            elif field_name == "msgid_plural":
                current.msgid_plural = (current.msgid_plural or "") + text
            else:
                current.msgstr[-1] += text
            continue
        raise ValueError(f"{path}: cannot read the line {raw!r}")
    finish()
    return entries


def messages(path: Path) -> list[Entry]:
    """The catalog's messages without its header and obsolete entries."""
    return [e for e in read_po(path) if e.msgid and not e.obsolete]


def placeholders(text: str) -> list[str]:
    """The `{name}` placeholders of a message, sorted."""
    return sorted(PLACEHOLDER.findall(text))


def mark(text: str) -> str:
    """`text` in the pseudo-language: marked, its placeholders and accelerators kept."""
    return f"{MARK_OPEN}{text}{MARK_CLOSE}"


@cache
def template_keys(path: Path, mtime_ns: int, size: int) -> tuple[frozenset[str], frozenset[str]]:
    """The keys and plural forms of the template's messages, made once per version of the
    file (a pseudo-language test's fixture read the template twice, 0.25 s of CPU)."""
    entries = messages(path)
    return (
        frozenset(e.key for e in entries),
        frozenset(e.msgid_plural for e in entries if e.msgid_plural),
    )


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language: every message of the template comes back marked ⟦…⟧; a
    message the template lacks (marked in the code, never extracted) comes back bare, so
    the walk finds it too."""

    def __init__(self, template: Path = TEMPLATE) -> None:
        super().__init__()
        stat = template.stat()
        self.known, self.plurals = template_keys(template, stat.st_mtime_ns, stat.st_size)

    def gettext(self, message: str) -> str:
        return mark(message) if message in self.known else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        text = singular if n == 1 else plural
        return mark(text) if singular in self.known else text

    def pgettext(self, context: str, message: str) -> str:
        return mark(message) if f"{context}\x04{message}" in self.known else message
