"""The pseudo-language walk of what the text commands and the files' errors say: a map
import's snapping notes, a bad save or map file, `daimyo --help` with argparse's own words,
the playtest's and the arena's tables with their decimals, and the shipped maps' sides.
Every word is marked in the test locale (names, ids, paths and option names aside), and
German and Portuguese say them in their words, with a decimal comma."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import numpy as np
import pytest
import shapely

from ai.arena import ArenaResult, BotResult
from ai.balance import BalanceResult, ProvinceResult, SeatResult
from app import i18n
from app.cli import SUBCOMMANDS, main
from app.commands.arena import arena_lines
from app.commands.map_cmd import balance_lines
from app.i18n import map_name
from app.review_words import amount
from app.savefile import check_app_fields
from engine.saves import SaveError, check_save, parse_save_text
from maps.errors import MapError
from maps.io import load_map
from maps.snap import snap_polygons
from tests.app.po_files import PseudoTranslations
from tests.app.test_i18n_pseudo import bare


class Pseudo:
    """The pseudo-language spoken for any language asked for, until `speak` chooses a
    real one."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        catalog = PseudoTranslations()
        monkeypatch.setattr(i18n, "translations", lambda code: catalog)
        i18n.install(catalog, "xx")

    def speak(self, code: str) -> None:
        """Speak the real language `code` from now on."""
        self.monkeypatch.undo()
        i18n.set_language(code)


@pytest.fixture
def pseudo(monkeypatch):
    """The program speaks the pseudo-language, `--lang` or not (English afterwards)."""
    yield Pseudo(monkeypatch)
    monkeypatch.undo()
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def left(text: str, *names: str) -> str:
    """`bare(text)` once the names, ids and paths a message quotes are taken out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return bare(text)


# ------------------------------------------------------------------------ 1. snapping notes


def near_squares() -> np.ndarray:
    """Two squares 0.3 apart along x = 100: snapping at 0.5 joins them."""
    return np.array([shapely.box(0, 0, 100, 100), shapely.box(100.3, 0, 200, 100)], dtype=object)


def test_snapping_notes_are_marked_and_said_in_german(pseudo) -> None:
    # Given two outlines that miss each other by a hair, snapped into a coverage
    _shapes, notes = snap_polygons(near_squares(), 0.5, names=["Aka", "Biwa"])
    assert notes
    # When the notes are read in the test locale, Then every word is marked
    for note in notes:
        assert "⟦" in note.text and not left(note.text, "'Aka'", "'Biwa'"), note.text
    # And in German a snapped vertex is a "Knoten" that "eingerastet" (glossary)
    pseudo.speak("de")
    moved = [n.text for n in notes if n.kind == "snapped"]
    assert (
        "'Biwa': Knoten (100.3, 0) um 0.3 nach (100, 0) verschoben, auf 'Aka' eingerastet" in moved
    )


def test_daimyo_map_import_is_all_marked(pseudo, tmp_path, capsys) -> None:
    # Given a GeoJSON of the two near squares
    source = tmp_path / "in.geojson"
    features = [
        {
            "type": "Feature",
            "properties": {"id": fid},
            "geometry": shapely.geometry.mapping(shape),
        }
        for fid, shape in zip(("A", "B"), near_squares(), strict=True)
    ]
    source.write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    target = tmp_path / "out.yaml"
    # When it is imported
    assert main(["map", "import", str(source), "-o", str(target), "--snap", "0.5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Then every line (notes, and the summary) is marked but paths, ids and the command
    assert len(lines) >= 2
    command = f"daimyo map check {target}"
    for line in lines:
        assert not left(line, command, str(source), str(target), "'A'", "'B'"), line


# ----------------------------------------------------------------------- 2. bad files


BAD_SAVES = {
    "utf-16": "hello".encode("utf-16"),
    "players": json.dumps(
        {
            "format": "daimyo-save",
            "version": 2,
            "game": "rokugan",
            "players": 9,
            "seed": 1,
            "actions": [],
        }  # fmt: skip
    ).encode(),
    "format": b'{"format": "other"}',
    "json": b'{"format": "daimyo-save",',
    "action": json.dumps(
        {
            "format": "daimyo-save",
            "version": 2,
            "game": "shinobi",
            "players": 3,
            "seed": 1,
            "actions": ["fly away"],
        }  # fmt: skip
    ).encode(),
}


@pytest.mark.parametrize("case", sorted(BAD_SAVES))
def test_a_bad_save_is_explained_in_the_pseudo_language(pseudo, tmp_path, capsys, case) -> None:
    # Given a save file broken in one way
    path = tmp_path / "bad.json"
    path.write_bytes(BAD_SAVES[case])
    # When `daimyo log` reads it
    assert main(["log", str(path)]) != 0
    said = capsys.readouterr().err.strip()
    # Then the file, the place, the problem and the fix are all marked words (the file's
    # own values aside)
    values = ("'fly away'", "'other'", "'players'", "UTF-8", "UTF-16", "daimyo-save", "daimyo log")
    assert str(path) in said and "⟦" in said
    assert not left(said, str(path), *values), said


def test_a_bad_save_speaks_german_and_portuguese(tmp_path) -> None:
    # Given a save of 9 players for Battle for Rokugan, read once
    path = tmp_path / "bad.json"
    path.write_bytes(BAD_SAVES["players"])
    with pytest.raises(SaveError) as raised:
        check_save(parse_save_text(path.read_text(), str(path)), str(path))
    # When the one error is read in German, then in Portuguese
    i18n.set_language("de")
    german = str(raised.value)
    i18n.set_language("pt")
    portuguese = str(raised.value)
    # Then each names the file, the field and the fix in its words
    assert german == (
        f"{path}: Feld 'players' ist 9, nicht zwischen 2 und 5; Kampf um Rokugan wird mit "
        "2-5 Spielern gespielt; trage die Zahl ein, mit der das Spiel gespeichert wurde, "
        "oder lade einen anderen Spielstand"
    )
    assert portuguese.startswith(f"{path}: campo 'players' é 9, não está entre 2 e 5; ")


def test_the_apps_fields_of_a_save_are_explained_in_the_pseudo_language(pseudo) -> None:
    # Given a save whose app fields list a seat that is no object
    text = json.dumps(
        {
            "format": "daimyo-save",
            "version": 2,
            "game": "shinobi",
            "players": 3,
            "seed": 1,
            "actions": [],
            "app": {"seats": [1, 2, 3]},
        }  # fmt: skip
    )
    save = check_save(parse_save_text(text, "s.json"), "s.json")
    # When the app checks its fields, Then the whole message is marked
    with pytest.raises(SaveError) as raised:
        check_app_fields(save)
    said = str(raised.value)
    assert "⟦" in said and not left(said, "s.json", "'app.seats'"), said


def test_a_map_file_in_utf16_is_explained_in_german(tmp_path) -> None:
    # Given a map file saved as UTF-16
    path = tmp_path / "map.yaml"
    path.write_bytes("id: x\n".encode("utf-16"))
    with pytest.raises(MapError) as raised:
        load_map(path)
    # When read in German, Then the problem and the fix are German
    i18n.set_language("de")
    assert str(raised.value) == (
        f"{path}: ist kein UTF-8-Text (Byte 0xFF in Zeile 1, Spalte 1); sie scheint "
        "UTF-16-Text (Little-Endian) zu sein; öffne sie in einem Texteditor und speichere "
        "sie erneut als UTF-8 (Speichern unter → Kodierung: UTF-8)"
    )


# ------------------------------------------------------------------------------ 3. --help

OPTION = re.compile(r"(?<![\w⟦])-{1,2}[a-z][\w-]*|\{[^{}]*\}|\[[^\[\]⟦⟧]*\]|\b[A-Z][A-Z._|0-9-]+\b")


def help_left(text: str) -> str:
    """`bare` of a help text once the program, its commands, options and metavars are
    taken out (argparse prints them as they are typed)."""
    for metavar in ("KIT.pdf", "A4|A3|Letter", "fit|1.0"):
        text = text.replace(metavar, " ")
    text = OPTION.sub(" ", text)
    return left(text, "daimyo", *SUBCOMMANDS, "check", "graph", "import", "export", "balance",
                "generate", "save")  # fmt: skip


@pytest.mark.parametrize(
    "argv", [["--help"], ["log", "--help"], ["map", "balance", "--help"], ["kit", "-h"]]
)
def test_help_is_all_marked(pseudo, capsys, argv) -> None:
    # When a command's help is printed in the test locale
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    out = capsys.readouterr().out
    # Then argparse's own words and every help text are marked
    assert "⟦usage: ⟧" in out and "⟦options⟧" in out
    assert "⟦show this help message and exit⟧" in out
    assert help_left(out) == ""  # a message may wrap over lines: the whole text


def test_help_and_argparse_errors_speak_the_language_asked_for(capsys) -> None:
    # When help is asked for with --lang before or after the command
    with pytest.raises(SystemExit):
        main(["--lang", "de", "log", "--help"])
    german = capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["log", "--help", "--lang=pt"])
    portuguese = capsys.readouterr().out
    # Then the help, usage and options lines are in that language
    assert german.startswith("Aufruf: daimyo log") and "Optionen:" in german
    assert "diese Hilfe zeigen und beenden" in german
    assert "die Geschichte so erzählen, wie dieser Platz sie erfuhr" in german
    assert portuguese.startswith("uso: daimyo log") and "mostra esta ajuda e sai" in portuguese
    # And a missing argument is refused in German, the language back to English after
    with pytest.raises(SystemExit) as refused:
        main(["log", "--lang", "de"])
    assert refused.value.code == 2
    assert "daimyo log: Fehler: diese Argumente fehlen: save" in capsys.readouterr().err
    assert i18n.language() == "en"


# ---------------------------------------------------------------------- 4. decimal numbers


def balance_result() -> BalanceResult:
    seats = [
        SeatResult("crab", 8, 2.5, 0.3125, (0.125, 0.5625), 18.25),
        SeatResult("crane", 8, 5.5, 0.6875, (0.4375, 0.875), 21.5),
    ]
    provinces = [ProvinceResult("kyuden", "Kyuden Hida", 1.25, {"crab": 0.5, "crane": 0.25})]
    return BalanceResult("rokugan", "m", 2, ("normal",), 16, seats, provinces, [], False)


GRAPH = SimpleNamespace(name="Takuno (quick side)", id="m")


def test_the_playtest_table_is_marked_and_german_writes_decimal_commas(pseudo) -> None:
    # Given a playtest's result, When its table is printed in the test locale
    lines = balance_lines(balance_result(), GRAPH, 16, 3, None)
    # Then every word is marked (the map's place name, ids and province names aside)
    names = ("Takuno", "(m)", "kyuden", "Kyuden Hida", "Crab", "Crane")
    assert [line for line in lines if left(line, *names)] == []
    # And in German the decimals have a comma, the interval a semicolon, the side German
    pseudo.speak("de")
    german = "\n".join(balance_lines(balance_result(), GRAPH, 16, 3, None))
    assert german.startswith("Takuno (schnelle Seite) (m): 16 Spiele Kampf um Rokugan, 2 Spieler")
    assert "31,2\u00a0%" in german and "[12,5\u00a0%; 56,2\u00a0%]" in german
    assert "Krabbe" in german and "Kranich 25\u00a0%" in german and "1,25" in german
    assert "18,25" in german
    assert "18.25" not in german and "31.2%" not in german


def test_the_arena_table_writes_decimal_commas_in_portuguese(pseudo) -> None:
    result = ArenaResult(
        "shinobi", 3, 3, [BotResult("greedy", 3, 1.5, 0.5, 0.125, 0.875, 0.75)], []
    )
    lines = arena_lines(result)
    assert [line for line in lines if left(line, "greedy", "Shinobi")] == []
    pseudo.speak("pt")
    text = "\n".join(arena_lines(result))
    assert "3 partidas, 3 jogadores" in text and "taxa de vitória  50,0%" in text
    assert "[ 12,5%;  87,5%]" in text and "pontuação média 0,75" in text


def test_arena_json_keeps_the_machine_format_in_german(capsys) -> None:
    argv = ["arena", "shinobi", "--bots", "random", "--players", "3", "--games", "3"]
    assert main([*argv, "--workers", "1", "--json", "--lang", "de"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data["bots"][0]["win_rate"], float)


def test_a_reviews_amount_has_a_decimal_comma_in_german() -> None:
    assert amount(1.25) == "1.2"
    i18n.set_language("de")
    assert amount(1.25) == "1,2"


# --------------------------------------------------------------------------- 5. map names


def test_shipped_maps_sides_are_said_in_the_readers_language(pseudo) -> None:
    from app.new_game_dialog import shipped_maps_for

    # In the test locale the side is marked, the place stays as it is
    assert map_name("Takuno (quick side)") == "⟦{place} ({part})⟧".replace(
        "{place}", "Takuno"
    ).replace("{part}", "⟦quick side⟧")
    pseudo.speak("de")
    assert dict(shipped_maps_for("ricewars"))["ricewars-quick"] == "Takuno (schnelle Seite)"
    i18n.set_language("pt")
    assert map_name("Takuno (epic side)") == "Takuno (lado épico)"
    assert map_name("Umehara (generated, seed 12)") == "Umehara (gerado, semente 12)"
    # And names without a known side, or no side at all, are left as they are
    assert map_name("Rokugan") == "Rokugan" and map_name("Edo (old)") == "Edo (old)"


def test_the_rokugan_kits_initiative_cards_speak_portuguese() -> None:
    from app.games.rokugan.words import card_text
    from engine.rokugan.data import INITIATIVE_TEXT

    # Given the neutral initiative cards, When said in Portuguese
    i18n.set_language("pt")
    said = [card_text(name) for name in INITIATIVE_TEXT]
    # Then each names the first player in the rulebook's words, none left in English
    assert all("primeiro jogador" in text and "player" not in text for text in said)


@pytest.mark.parametrize("game", ["rokugan", "shinobi", "ricewars"])
def test_daimyo_play_is_all_marked(pseudo, capsys, game) -> None:
    # When a headless game is played and its result printed in the test locale
    assert main(["play", game, "--players", "3", "--seats", "random", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Then every label is marked (bot names, Shinobi's clans and Rokugan's clans aside)
    names = ("random", "Go-Hōjō", "Mōri", "Oda", "Takeda", "Uesugi")
    assert lines and [line for line in lines if left(line, *names)] == []
