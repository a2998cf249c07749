"""Words for people made below the app, said in the reader's language when they are read.

engine/ and maps/ may not import app/ (tests/test_layering.py), yet people read their
messages: a map's validation issues, what a game needs from a map, the reasons of an
illegal action. They are written here in English, marked for the one gettext catalog
(`app/locale/daimyo.pot`, extracted from engine/ and maps/ too) with `N_`, and kept with
their named values as `Words`. `str(words)` says them in the language the program speaks
now: `app.i18n` hands its translation over with `use_translation` when it is imported;
until then (a worker process of the AI, a tool without the app) they are English.

    issue = Words.of(N_("province '{province}' has no neighbours"), province=pid)
    str(issue)      # "Provinz 'A' hat keine Nachbarn" once the app speaks German

A value that is itself `Words` is said in the same language ("{where}" = "at (3, 4)").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Translate = Callable[[str], str]


def N_(message: str) -> str:  # noqa: N802 - the name gettext's tools look for
    """Mark `message` for the catalog without translating it (say it with `Words`)."""
    return message


def _english(message: str) -> str:
    return message


_translate: Translate = _english
_number: Callable[[float], Any] = float


def use_translation(translate: Translate, number: Callable[[float], Any] | None = None) -> None:
    """Say every `Words` through `translate` (the app's gettext) from now on, and write
    their decimal numbers as `number(value)` formats them (the language's decimal comma)."""
    global _translate, _number
    _translate = translate
    if number is not None:
        _number = number


def translated(message: str) -> str:
    """`message` (marked with `N_`) in the current language."""
    return _translate(message)


@dataclass(frozen=True, slots=True)
class Words:
    """An English message with `{named}` placeholders and their values. A message whose
    English changes with a number is two messages, chosen where it is made."""

    message: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, message: str, **params: Any) -> Words:
        """`message` (marked with `N_`) with its values."""
        return cls(message, tuple(params.items()))

    def value(self, name: str) -> Any:
        """The value given for the placeholder `name` (None when there is none)."""
        return next((v for k, v in self.params if k == name), None)

    def with_value(self, name: str, value: Any) -> Words:
        """The same words with the placeholder `name` given `value` instead (a reader
        naming a place its own way); unchanged when there is no such placeholder."""
        return Words(self.message, tuple((k, value if k == name else v) for k, v in self.params))

    def __str__(self) -> str:
        values = {k: _said_value(v) for k, v in self.params}
        return _translate(self.message).format(**values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


@dataclass(frozen=True, slots=True)
class Decimal:
    """A coordinate or length for people, said when read: at most `places` decimals, no
    trailing zeros, with the reader's decimal mark ("16.22", "16,22" in Portuguese)."""

    value: float
    places: int = 2

    def __str__(self) -> str:
        text = format(_number(self.value), f".{self.places}f")
        return text.rstrip("0").rstrip(".,") if self.places > 0 else text

    def __float__(self) -> float:
        return self.value


@dataclass(frozen=True, slots=True)
class Listed:
    """Values joined with commas, each said in the reader's language when read: names the
    catalog holds ("Dragon", "Great Wall of the North") as `Words.of(name)`, so a list of
    clans reads "Dragão, Leão" in Portuguese instead of the engine's English."""

    items: tuple[Any, ...]

    def __str__(self) -> str:
        return ", ".join(str(_said_value(v)) for v in self.items)


def _said_value(value: Any) -> Any:
    if isinstance(value, Words | Listed | Decimal):
        return str(value)
    return _number(value) if isinstance(value, float) else value


SEVERITIES = {"error": N_("error"), "warning": N_("warning"), "limit": N_("limit")}
"""The labels of a map's problems ("error: ..."), marked for translation."""


def labelled(severity: str, message: str | Words) -> str:
    """ "error: the map has no provinces; ..." in the current language."""
    label = _translate(SEVERITIES[severity]) if severity in SEVERITIES else severity
    return f"{label}: {message}"


def said(message: str | Words) -> str:
    """A message for people: `Words` in the current language, a plain text as it is."""
    return str(message)
