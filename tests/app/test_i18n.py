"""`app.i18n`: the language follows the system until one is chosen, switches at once, has
the right plural forms in all three languages, and the text commands take `--lang`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app import i18n
from app.cli import main
from app.i18n import _, ngettext, system_language


@pytest.fixture(autouse=True)
def english():
    """Every test starts and ends in English."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "pt_BR.UTF-8"}, "pt"),
        ({"LANG": "pt_PT.UTF-8"}, "pt"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "pt_BR.UTF-8"}, "pt"),
        ({"LC_MESSAGES": "pt_BR", "LC_ALL": "de_AT.UTF-8"}, "de"),
        ({"LC_ALL": "de_DE", "LANGUAGE": "fr:pt_BR:de"}, "pt"),
        ({"LANGUAGE": "en_GB:de", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "", "LANG": "de_CH.UTF-8@euro"}, "de"),
    ],
)
def test_the_language_follows_the_system_as_gettext_reads_it(environ, code) -> None:
    # Given the locale variables; Then the first set one, in gettext's order, decides
    assert system_language(environ) == code


def test_a_chosen_language_speaks_at_once_and_tells_its_listeners() -> None:
    heard: list[str] = []
    stop = i18n.on_language_changed(heard.append)
    try:
        # When German is chosen
        assert i18n.set_language("de") == "de"
        # Then the next words are German, and listeners heard of it
        assert _("Your hand") == "Deine Hand"
        assert i18n.game_name("rokugan") == "Kampf um Rokugan"
        i18n.set_language("pt")
        assert _("Your hand") == "Sua mão"
        assert heard == ["de", "pt"]
    finally:
        stop()
    # And English is the English itself
    i18n.set_language("en")
    assert _("Your hand") == "Your hand"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        i18n.set_language("fr")


@pytest.mark.parametrize(
    ("lang", "one", "zero", "many"),
    [
        ("en", "1 card", "0 cards", "5 cards"),
        ("de", "1 Karte", "0 Karten", "5 Karten"),
        ("pt", "1 carta", "0 carta", "5 cartas"),  # Brazilian Portuguese: 0 is singular
    ],
)
def test_plural_forms_follow_each_languages_rule(lang, one, zero, many) -> None:
    i18n.set_language(lang)

    def cards(n: int) -> str:
        return ngettext("{n} card", "{n} cards", n).format(n=n)

    assert (cards(1), cards(0), cards(5)) == (one, zero, many)


def test_the_translation_module_and_shinobis_story_load_no_qt() -> None:
    # When a fresh interpreter speaks German through Shinobi's story
    code = (
        "import sys; from app import i18n; i18n.set_language('de');"
        "from app.games.shinobi import narrate, story;"
        "print(narrate.seat_label(1)); assert 'PySide6' not in sys.modules"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    # Then it does, without Qt
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Spieler 2"


@pytest.fixture(scope="module")
def shinobi_save(tmp_path_factory):
    """A finished three-player Shinobi game, saved by `daimyo play`."""
    path = tmp_path_factory.mktemp("i18n") / "shinobi.json"
    assert main(["play", "shinobi", "--players", "3", "--seed", "4", "--save", str(path)]) == 0
    return path


def test_daimyo_log_tells_a_shinobi_game_in_german_and_portuguese(shinobi_save, capsys) -> None:
    capsys.readouterr()
    # When the log is printed with --lang de, as the first seat
    assert main(["log", str(shinobi_save), "--as", "1", "--lang", "de"]) == 0
    german = capsys.readouterr().out.splitlines()
    # Then it is German, in the rulebook's words
    assert german[0].startswith("Du disponierst eine ")
    text = "\n".join(german)
    assert "Provinz von Spieler" in text and "Runde 1 vorbei" in text
    assert "Armee" in text and " zieht " in text
    assert not any(" draws " in line or "province" in line for line in german)
    # And --lang before the command speaks Portuguese
    assert main(["--lang", "pt", "log", str(shinobi_save)]) == 0
    portuguese = capsys.readouterr().out
    assert "3. O vencedor — " in portuguese and "província do Jogador" in portuguese
    # And the language lasts only as long as the command
    assert i18n.language() == "en"
    assert main(["log", str(shinobi_save)]) == 0
    assert "Player 2" in capsys.readouterr().out


def test_an_unknown_language_is_refused_with_the_choices(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["log", "x.json", "--lang", "fr"])
    assert "choose from 'en', 'de', 'pt'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("lang", "line", "inside"),
    [
        ("en", "You use the first-player card", "you use the first-player card"),
        ("pt", "Você coloca Exército 3", "você coloca Exército 3"),
        ("de", "Du setzt Armee 3", "du setzt Armee 3"),
        ("de", "Einen Ashigaru einstellen", "einen Ashigaru einstellen"),
        ("de", "Bauern auf Kawano abgeben", "Bauern auf Kawano abgeben"),  # a noun keeps it
        ("de", "Palast bleibt stehen", "Palast bleibt stehen"),
    ],
)
def test_a_move_read_inside_a_sentence_loses_its_capital_but_not_a_german_noun(
    lang: str, line: str, inside: str
) -> None:
    # Given the language spoken
    i18n.set_language(lang)
    # When a move's own sentence is read inside another ("you: …")
    # Then its first letter is lower case, unless it begins a German noun
    assert i18n.inside_sentence(line) == inside
