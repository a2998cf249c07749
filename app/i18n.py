"""The words the program says, in the person's language: gettext catalogs, no Qt.

One system for the whole program, its Qt-free story modules and text commands included:
GNU gettext catalogs (`app/locale/<lang>/LC_MESSAGES/daimyo.po`, compiled to `.mo` next to
them and committed; `tests/app/test_i18n_catalogs.py` checks they match) read with the
standard library's `gettext`. A string is marked where it is made:

    from app.i18n import _, ngettext, N_
    _("Your turn")                                          # translated now
    ngettext("{n} card", "{n} cards", n).format(n=n)        # plural forms of the language
    ORDER_NAMES = {1: N_("First order")}  ...  _(ORDER_NAMES[1])  # marked now, said later

Placeholders are named (`{player}`), so a translation may reorder them. The language is
the person's choice (Settings, `--lang`), else the system's (`system_language`: LANGUAGE,
LC_ALL, LC_MESSAGES, LANG, in gettext's order). `set_language` switches at once; every
later `_()` speaks the new language, and listeners (`on_language_changed`) redo their
words. English is the source language: its catalog is the msgids themselves.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Mapping
from pathlib import Path

from engine.words import use_translation

DOMAIN = "daimyo"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "pt": "Português (Brasil)"}
"""The languages the program speaks, by code, each named in itself."""
SOURCE_LANGUAGE = "en"
QT_CATALOGS: dict[str, str] = {"de": "qtbase_de", "pt": "qtbase_pt_BR"}
"""The translations Qt ships for its own dialogs (buttons, file and print dialogs)."""

_current: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE_LANGUAGE
_listeners: list[Callable[[str], None]] = []


def N_(message: str) -> str:  # noqa: N802 - the name gettext's tools look for
    """Mark `message` for translation without translating it (translate it with `_` where
    it is shown): for module-level tables made before a language is chosen."""
    return message


def _(message: str) -> str:
    """`message` in the current language (itself when the catalog has no translation)."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` the current language uses for the number `n`."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, told apart from the same English words used
    elsewhere by `context` (e.g. "order" as a command, not a sequence)."""
    return _current.pgettext(context, message)


def language() -> str:
    """The code of the language spoken now ("en", "de", "pt"; "xx" for a test locale)."""
    return _language


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for, as gettext reads it: the first of LANGUAGE,
    LC_ALL, LC_MESSAGES and LANG that is set (LANGUAGE may list several, "de:en"); the
    first of its languages that the program speaks, else English. "C"/"POSIX" is English.
    """
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable)
        if value:
            for entry in value.split(":"):
                code = language_code(entry)
                if code is not None:
                    return code
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def language_code(locale_name: str) -> str | None:
    """The program's code for a locale name ("pt_BR.UTF-8" → "pt", "C" → "en"), or None
    when the program does not speak it."""
    name = locale_name.strip().split(".")[0].split("@")[0]
    if name in ("C", "POSIX"):
        return SOURCE_LANGUAGE
    code = name.split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def translations(code: str) -> _gettext.NullTranslations:
    """The catalog of the language `code` (English: the msgids themselves)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    if code == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])


def set_language(code: str | None) -> str:
    """Speak `code` from now on (None or "": the system's language); returns the code.
    Listeners are told when the language changes."""
    chosen = code or system_language()
    install(translations(chosen), chosen)
    return chosen


def install(catalog: _gettext.NullTranslations, code: str) -> None:
    """Speak from `catalog` under the name `code` (tests install a pseudo-language)."""
    global _current, _language
    changed = code != _language or catalog is not _current
    _current, _language = catalog, code
    if changed:
        for listener in list(_listeners):
            listener(code)


def on_language_changed(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call `listener(code)` after each change of language; returns a function that
    stops it."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


_LOWER_INSIDE: dict[str, frozenset[str]] = {
    "de": frozenset(
        "du dein deine deinen deinem deiner deines ein eine einen einem einer eines kein "
        "keine keinen keinem keiner der die das den dem des dies diese dieser dieses diesen "
        "zu zum zur ab statt jetzt hier nicht noch nur".split()
    )
}
"""The words a language writes in lower case inside a sentence though capitalised at its
start, where that is not every word: German capitalises its nouns ("Bauern", "Palast")
wherever they stand, so only its pronouns, articles and particles lose their capital."""


def inside_sentence(text: str) -> str:
    """A sentence of its own (a move as its log line tells it: "You place Army 3 …") as
    read inside another ("you: you place Army 3 …"): its first letter in lower case, in
    German only when its first word is one of `_LOWER_INSIDE` (a noun keeps its capital)."""
    words = _LOWER_INSIDE.get(_language)
    if words is not None and text.split(" ", 1)[0].lower() not in words:
        return text
    return text[:1].lower() + text[1:]


DECIMAL_COMMA = frozenset({"de", "pt"})
"""The languages that write a decimal comma and group thousands with a point ("18,2",
"1.000"); English writes "18.2" and "1,000"."""
_SWAP_SEPARATORS = str.maketrans(".,", ",.")


SPACED_PERCENT = frozenset({"de"})
"""The languages that write a space before the percent sign ("62 %" in German, DIN 5008),
a no-break one so that the number and its sign stay on one line."""


def number(value: float, spec: str = "g") -> str:
    """`value` formatted by `spec` (as `format` does: "g", ".1f", "+.1f", ",", ".0%") with
    the current language's decimal and thousands separators ("18,2" in German) and its
    percent sign ("62 %" in German)."""
    text = format(value, spec)
    if _language in SPACED_PERCENT and text.endswith("%"):
        text = text[:-1] + "\u00a0%"
    return text.translate(_SWAP_SEPARATORS) if _language in DECIMAL_COMMA else text


class Number:
    """A number that `str.format` writes in the current language's way: a message's
    `{amount:.1f}` gives "1,5" in German (`number`)."""

    __slots__ = ("value",)

    def __init__(self, value: float) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        return number(self.value, spec)  # no spec: as `str` writes it ("0.1", "1234567.0")

    def __str__(self) -> str:
        return number(self.value, "")


use_translation(_, Number)  # engine/ and maps/ messages (`engine.words.Words`) speak so too


GAME_NAMES = {
    "rokugan": N_("Battle for Rokugan"),
    "shinobi": N_("Shinobi"),
    "ricewars": N_("Rice Wars"),
}
"""The games' names as the boxes print them (the German edition of Battle for Rokugan is
"Kampf um Rokugan"), marked for translation."""


def game_name(game_id: str, fallback: str = "") -> str:
    """A game's name in the current language (`fallback`, else the id, for a game not in
    `GAME_NAMES`)."""
    return _(GAME_NAMES[game_id]) if game_id in GAME_NAMES else fallback or game_id


AI_LEVEL_NAMES = {
    "easy": N_("Easy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
    "greedy": N_("Greedy"),
    "random": N_("Random"),
}
"""The AI levels (`ai.registry`) as a person reads them, marked for translation."""


def ai_level_name(bot: str) -> str:
    """What a person calls the bot `bot` in the current language ("hard@2000" → "Hard"):
    its level, without the node budget (a measurement setting)."""
    level = bot.partition("@")[0]
    return _(AI_LEVEL_NAMES[level]) if level in AI_LEVEL_NAMES else level


MAP_NAME_PARTS = {
    "quick side": N_("quick side"),
    "epic side": N_("epic side"),
    "scenario": N_("scenario"),
}
"""The descriptive parts of shipped maps' names ("Takuno (quick side)"), marked for
translation. The map files keep their English names: their hashes are pinned in saves."""


def map_name(name: str) -> str:
    """A map's name for people: "Takuno (quick side)" → "Takuno (schnelle Seite)",
    "Umehara (generated, seed 1)" → "Umehara (erzeugt, Startwert 1)". The place's name stays;
    only a known description in brackets at its end is translated."""
    place, bracket, rest = name.rpartition(" (")
    part = rest[:-1] if bracket and rest.endswith(")") else ""
    seed = part.removeprefix("generated, seed ")
    if part in MAP_NAME_PARTS:
        said = _(MAP_NAME_PARTS[part])
    elif seed != part and seed.lstrip("-").isdigit():
        said = _("generated, seed {seed}").format(seed=seed)
    else:
        return name
    return _("{place} ({part})").format(place=place, part=said)
