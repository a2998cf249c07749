"""The catalogs a translator edits are complete, consistent and use the box's own words:
no untranslated or fuzzy message in German or Portuguese, the English placeholders in every
translation, the compiled `.mo` files the program reads equal to their `.po` sources, the
template up to date with the code, and the glossary's term wherever its English term is."""

from __future__ import annotations

import csv
import gettext
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from app.i18n import DOMAIN, LOCALE_DIR
from tests.app.po_files import (
    CATALOGS,
    PLACEHOLDER,
    TEMPLATE,
    Entry,
    messages,
    placeholders,
    read_po,
)

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = LOCALE_DIR / "glossary.csv"
PLURAL_FORMS = {"de": "nplurals=2; plural=(n != 1);", "pt": "nplurals=2; plural=(n > 1);"}
EXTRACT = [
    "--language=Python",
    "--from-code=UTF-8",
    "--keyword=_",
    "--keyword=N_",
    "--keyword=ngettext:1,2",
    "--keyword=pgettext:1c,2",
]


def problems(entries: list[Entry]) -> list[str]:
    """What keeps a catalog from being shipped: untranslated, fuzzy, placeholders."""
    found = []
    for entry in entries:
        if "fuzzy" in entry.flags:
            found.append(f"fuzzy: {entry.msgid!r}")
        if not entry.msgstr or not all(entry.msgstr):
            found.append(f"untranslated: {entry.msgid!r}")
            continue
        for index, text in enumerate(entry.msgstr):
            english = (
                entry.msgid if entry.msgid_plural is None or index == 0 else entry.msgid_plural
            )
            # a singular form may leave out the number ("eine Karte"), never add a field
            expected = set(placeholders(english)) | set(placeholders(entry.msgid_plural or ""))
            if (
                set(placeholders(text)) - expected
                or (index > 0 or entry.msgid_plural is None)
                and placeholders(text) != placeholders(english)
            ):
                found.append(f"placeholders differ: {entry.msgid!r} → {text!r}")
    return found


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_every_message_is_translated_not_fuzzy_with_the_english_placeholders(lang) -> None:
    # Given a language's catalog
    entries = messages(CATALOGS[lang])
    # Then it has every message of the template
    assert {e.key for e in entries} == {e.key for e in messages(TEMPLATE)}
    # And none is untranslated, fuzzy, or has other placeholders than the English
    assert problems(entries) == []


def test_the_check_finds_an_untranslated_a_fuzzy_and_a_changed_placeholder() -> None:
    # Given three broken messages
    broken = [
        Entry("Seat {number}", msgstr=[""]),
        Entry("Hidden", msgstr=["Verdeckt"], flags={"fuzzy"}),
        Entry("Player {number}", msgstr=["Spieler {nummer}"]),
        Entry("{n} card", "{n} cards", msgstr=["eine Karte", "{count} Karten"]),
    ]
    # Then each is found
    assert len(problems(broken)) == 4


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_the_header_names_the_language_and_its_plural_forms(lang) -> None:
    # Given the catalog's header
    header = read_po(CATALOGS[lang])[0]
    assert header.msgid == ""
    # Then it declares UTF-8 and the language's plural rule
    assert "charset=UTF-8" in header.msgstr[0]
    assert f"Plural-Forms: {PLURAL_FORMS[lang]}" in header.msgstr[0]


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_the_compiled_catalog_matches_its_source(lang) -> None:
    # Given the .po a translator edits and the .mo the program reads
    mo = CATALOGS[lang].with_suffix(".mo")
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    # Then the .mo holds exactly the .po's translations (run msgfmt after editing the .po)
    for entry in messages(CATALOGS[lang]):
        if entry.msgctxt is not None:  # the same words in another sense ("May", a month)
            said = compiled.pgettext(entry.msgctxt, entry.msgid)
            assert said == entry.msgstr[0], entry.key
        elif entry.msgid_plural is None:
            assert compiled.gettext(entry.msgid) == entry.msgstr[0], entry.msgid
        else:
            assert compiled.ngettext(entry.msgid, entry.msgid_plural, 1) == entry.msgstr[0]
            assert compiled.ngettext(entry.msgid, entry.msgid_plural, 5) == entry.msgstr[1]
    assert len(compiled._catalog) - 1 == sum(  # type: ignore[attr-defined] - its one table
        len(e.msgstr) for e in messages(CATALOGS[lang])
    )
    # And the program finds it where it looks
    assert gettext.find(DOMAIN, str(LOCALE_DIR), languages=[lang]) == str(mo)


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="GNU gettext is not installed")
def test_the_template_holds_every_marked_message_of_the_code(tmp_path) -> None:
    # Given the messages xgettext extracts from the program now
    sources = sorted(
        str(p.relative_to(ROOT))
        for package in ("app", "editor", "engine", "maps")
        for p in (ROOT / package).rglob("*.py")
    )
    fresh = tmp_path / "fresh.pot"
    subprocess.run(["xgettext", *EXTRACT, "-o", str(fresh), *sources], cwd=ROOT, check=True)
    # Then the template has the same ones (else: extract again, msgmerge, translate)
    assert {e.key for e in messages(fresh)} == {e.key for e in messages(TEMPLATE)}


# ------------------------------------------------------------------------------- glossary


def glossary() -> list[dict[str, str]]:
    """The glossary's rows (game, en, de, pt, check, note)."""
    with GLOSSARY.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def in_scope(row: dict[str, str], entry: Entry) -> bool:
    """A game's term applies to messages of that game's files; "all" to every message."""
    return row["game"] == "all" or any(row["game"] in ref for ref in entry.references)


def mention(term: str) -> re.Pattern[str]:
    """The English term (or its plural) as words."""
    base = re.escape(term)
    plural = re.escape(term[:-1]) + "ies" if term.endswith("y") else base + "s"
    return re.compile(rf"\b({base}|{plural})\b", re.IGNORECASE)


def english_words(text: str) -> str:
    """A message's English with its placeholders and accelerators left out."""
    return PLACEHOLDER.sub(" ", text).replace("&", "")


def longer_terms(row: dict[str, str], rows: list[dict[str, str]]) -> re.Pattern[str] | None:
    """The glossary's longer terms that hold this one ("daimyo board" holds "board"): each
    names another thing, with its own row, so a mention of it is not a mention of this term."""
    mentions = mention(row["en"])
    longer = [r["en"] for r in rows if len(r["en"]) > len(row["en"]) and mentions.search(r["en"])]
    if not longer:
        return None
    return re.compile("|".join(mention(t).pattern for t in longer), re.IGNORECASE)


def glossary_misses(lang: str, entries: list[Entry], rows: list[dict[str, str]]) -> list[str]:
    """Messages whose English names a glossary term that their translation does not use."""
    misses = []
    # each message's English made ready once, not once per term (thousands of messages)
    english = [english_words(e.msgid + " " + (e.msgid_plural or "")) for e in entries]
    for row in rows:
        if row["check"] != "yes":
            continue
        terms = [t.lower() for t in row[lang].split("|")]
        mentions, longer = mention(row["en"]), longer_terms(row, rows)
        for entry, words in zip(entries, english, strict=True):
            if longer is not None:
                words = longer.sub(" ", words)
            if not (mentions.search(words) and in_scope(row, entry)):
                continue
            for text in entry.msgstr:
                said = PLACEHOLDER.sub(" ", text).replace("&", "").lower()
                if not any(term in said for term in terms):
                    misses.append(f"{row['en']} → {row[lang]}: {entry.msgid!r} → {text!r}")
    return misses


def test_the_glossary_gives_every_term_in_both_languages_with_its_source() -> None:
    rows = glossary()
    # Then every row has a game (or the map editor), the three words and whether catalogs
    # are checked
    assert rows and all(
        r["game"] in ("all", "rokugan", "ricewars", "shinobi", "editor") for r in rows
    )
    assert all(r["en"] and r["de"] and r["pt"] and r["check"] in ("yes", "no") for r in rows)
    # And the rulebooks' words named in the issue are there
    german = {r["de"] for r in rows}
    assert {"Kampfmarker", "Kontrollmarker", "Verwüsten", "Ehre", "Provinz"} <= german
    assert {"Schattenlande", "Ashigaru", "Ronin", "Ryo", "Ratgeber"} <= german
    portuguese = " ".join(r["pt"] for r in rows)
    assert all(w in portuguese for w in ("fichas de combate", "devastação", "honra"))


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_translations_use_the_glossarys_terms(lang) -> None:
    # Given the catalog and the glossary
    entries = messages(CATALOGS[lang])
    # Then wherever a message's English names a term, its translation uses the term
    assert glossary_misses(lang, entries, glossary()) == []


def test_german_never_calls_a_map_karte_which_is_a_card() -> None:
    # Given the German messages that name a map (and no card)
    maps, cards = mention("map"), mention("card")
    entries = [
        e
        for e in messages(CATALOGS["de"])
        if maps.search(english_words(e.msgid)) and not cards.search(english_words(e.msgid))
    ]
    # Then none says "Karte" (a card, as "Karteneditor" read): a map is a Landkarte (the
    # file a designer edits) or a Spielplan (the board a game is played on)
    alone = re.compile(r"(?<![A-Za-zÄÖÜäöüß])Karte")
    assert len(entries) > 100
    assert [e.msgid for e in entries if any(alone.search(t) for t in e.msgstr)] == []


def spielbrett(entries: list[Entry]) -> list[str]:
    """German messages that call the board a Spielbrett or a Brett, not a Spielplan."""
    brett = re.compile(r"brett", re.IGNORECASE)
    return [e.msgid for e in entries if any(brett.search(t) for t in e.msgstr)]


def test_german_calls_the_board_a_spielplan_never_a_spielbrett() -> None:
    # Given the German messages
    entries = messages(CATALOGS["de"])
    # Then the board is everywhere der Spielplan (the rulebook's word, the one the new-game
    # dialog and the print kit show), no message says Spielbrett or Brett
    assert spielbrett(entries) == []
    # And the check would find one
    left = Entry("Rice Wars board side", msgstr=["Spielbrettseite von Rice Wars"])
    assert spielbrett([left]) == ["Rice Wars board side"]
    # And the glossary's check keeps "board" a Spielplan: a Tafel is only a player's own board
    rows = [r for r in glossary() if "board" in r["en"]]
    said = [
        Entry("The board", msgstr=["Die Tafel"]),
        Entry("Daimyo board", msgstr=["Daimyo-Tafel"], references=["app/ricewars.py:1"]),
        Entry("The board", msgstr=["Der Spielplan"]),
    ]
    assert glossary_misses("de", said, rows) == ["board → Spielplan: 'The board' → 'Die Tafel'"]


def test_the_glossary_check_finds_a_term_not_used() -> None:
    # Given a Rokugan message about honor translated without "Ehre"
    row = {"game": "rokugan", "en": "honor", "de": "Ehre", "pt": "honra", "check": "yes"}
    entry = Entry(
        "You gain {n} honor.",
        msgstr=["Du bekommst {n} Punkte."],
        references=["app/games/rokugan/story.py:10"],
    )
    # Then the check names it; in a Shinobi file the Rokugan term does not apply
    assert len(glossary_misses("de", [entry], [row])) == 1
    entry.references = ["app/games/shinobi/story.py:10"]
    assert glossary_misses("de", [entry], [row]) == []


# ------------------------------------------------------------------- buttons named in prose

STEP_BUTTON_MENTIONS = (
    "Resolution — press Continue.",
    "It plays on by itself (Continue steps on).",
    "A fight of others: it plays on by itself (Continue steps on).",
    "The round is being resolved: Continue when you have seen this step.",
    "The panel under the board shows the running combat or auction. When a fight ends, its "
    "card exchanges are retold step by step (Continue, or Skip all).",
)
"""The messages that tell a player to press the resolution's step button."""


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_a_message_names_the_step_buttons_as_their_labels_read(lang) -> None:
    # Given the game screen's step buttons as the translation labels them
    said = {e.key: e.msgstr[0] for e in messages(CATALOGS[lang])}
    step = said["resolution step\x04Continue"]
    skip = said["Skip all"]
    # Then every message that tells a player to press one names it by that label
    # (German said "Weiter" in the prompts beside a button labelled "Fortsetzen")
    for msgid in STEP_BUTTON_MENTIONS:
        assert step in said[msgid], (msgid, said[msgid], step)
    for key, text in said.items():
        if "Skip all" in key and key != "Skip all":
            assert skip in text, (key, text, skip)


# ------------------------------------------------------------ editor fields named in prose

PROVINCE_PANEL_FIELDS = (
    "Capital clan",
    "Flowers",
    "Printed defense",
    "palace site",
    "Blessed value",
)
"""The labels of the editor's Province panel (`editor.panels`) that map messages name."""


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_a_map_message_names_the_province_panels_fields_as_their_labels_read(lang) -> None:
    # Given the editor's Province panel fields as the translation labels them
    said = {e.key: e for e in messages(CATALOGS[lang])}
    # Then every message that sends a designer to that panel names a field by its label
    # (German said "Hauptstadt-Klan" beside a field labelled "Klan der Hauptstadt")
    misses = []
    for field in PROVINCE_PANEL_FIELDS:
        label = said[field].msgstr[0].lower()
        for entry in said.values():
            if entry.msgid != field and "panel" in entry.msgid and field in entry.msgid:
                misses += [(entry.msgid, t) for t in entry.msgstr if label not in t.lower()]
    assert misses == []
