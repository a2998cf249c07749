"""argparse's own words ("usage:", "options:", its errors) in the language spoken, and the
`--lang` a command line asks for, found before its parser is built.

argparse says its words through the standard library's `gettext.gettext` (the global
domain), which the program's catalogs do not feed. `argparse_words` makes argparse say
them through `app.i18n` while a parser is built, parses or prints its help; the messages
are marked here so that they are extracted into our catalogs with the rest (their
%-placeholders are argparse's own, kept as they are in each translation).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from app.i18n import LANGUAGES, N_, _, ngettext

ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""The messages of argparse a person may read, exactly as argparse writes them."""
ARGPARSE_PLURALS = (ngettext("expected %s argument", "expected %s arguments", 0),)
"""argparse's one plural a person may read ("expected 2 arguments")."""


@contextmanager
def argparse_words() -> Iterator[None]:
    """argparse says its words through the program's catalogs while inside."""
    said, plural = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = said, plural  # type: ignore[attr-defined]


def language_asked(argv: Sequence[str]) -> str | None:
    """The language `--lang CODE` or `--lang=CODE` asks for anywhere in `argv` (the last
    one wins, as argparse's does); None when none of the program's languages is asked."""
    asked = None
    for k, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and k + 1 < len(argv):
            asked = argv[k + 1]
        elif arg.startswith("--lang="):
            asked = arg.partition("=")[2]
    return asked if asked in LANGUAGES else None
