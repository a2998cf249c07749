"""Numbers with decimals are written the language's way for people: "18,2" in German and
Portuguese, "18.2" in English (hints, reviews, the end screen, printed sizes)."""

from __future__ import annotations

import pytest

from ai.explain import Said, Term
from app import i18n
from app.hint_words import say
from app.i18n import number
from app.printing.legend import ScaleBar


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("lang", "decimal", "grouped", "percent"),
    [
        ("en", "18.2", "1,234.5", "62%"),
        ("de", "18,2", "1.234,5", "62\u00a0%"),
        ("pt", "18,2", "1.234,5", "62%"),
    ],
)
def test_a_number_has_the_languages_separators(
    lang: str, decimal: str, grouped: str, percent: str
) -> None:
    i18n.set_language(lang)
    assert number(18.24, ".1f") == decimal
    assert number(1234.5, ",.1f") == grouped
    assert number(3.0) == "3" and number(0.625, ".0%") == percent


def test_a_hint_says_its_numbers_with_a_decimal_comma_in_german_and_portuguese() -> None:
    # Given a review's reason with a projected lead and its difference
    reason = Said(
        "{gap:.1f} {unit} more than the next best, {move} (projected lead over the best "
        "rival {value:+.1f} {unit})",
        (
            ("gap", 1.5),
            ("unit", Term("unit", "rokugan", "honor")),
            ("move", Term("move", None, "pass")),
            ("value", -18.25),
        ),
    )
    # When it is said in English, German and Portuguese
    english = say(reason)
    i18n.set_language("de")
    german = say(reason)
    i18n.set_language("pt")
    portuguese = say(reason)
    # Then each writes the decimals its own way
    assert "1.5 honor more" in english and "-18.2 honor" in english
    assert german.startswith("1,5 ") and "-18,2" in german and "1.5" not in german
    assert portuguese.startswith("1,5 ") and "-18,2" in portuguese


def test_a_printed_scale_bar_is_labelled_with_a_decimal_comma_in_german() -> None:
    bar = ScaleBar(12.5, 0.0, 0.0, 0.0)
    assert bar.label == "12.5 mm"
    i18n.set_language("de")
    assert bar.label == "12,5 mm"


def test_words_made_below_the_app_write_their_decimals_the_languages_way() -> None:
    from engine.words import N_, Words

    # Given a message of maps/ with an area and a coordinate, and its value read back
    words = Words.of(
        N_("{feature} label"), feature=Words.of(N_("feature {n} ('{id}')"), n=2.5, id="a")
    )
    i18n.set_language("de")
    # Then it says the decimal with a comma, and the value itself is kept
    assert str(words) == "Objekt 2,5 ('a') Beschriftung"
    assert words.value("feature").value("n") == 2.5
