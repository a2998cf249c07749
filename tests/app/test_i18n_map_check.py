"""`daimyo map check --lang de|pt` speaks the language asked for: the map's own validation
errors (`maps.validate`), what the game needs from the map (`engine.<game>.requirements`)
and the command's own lines. The Qt-free layers make their messages as `engine.words.Words`
(English, marked for the catalog, with their values), said in the reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app import i18n
from app.cli import main
from engine.words import N_, Words
from maps.validate import validate
from tests.app.test_i18n_pseudo import bare, pseudo  # noqa: F401 - the pseudo fixture
from tests.app.test_map_readiness_cli import FOUR_SQUARES, write

BROKEN = FOUR_SQUARES.replace("    name: Aoba\n", "    name: Aoba\n    flowers: -1\n")
"""Four squares for Battle for Rokugan: no capital, no territory, and a negative flower."""


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_words_are_said_in_the_language_spoken_when_read() -> None:
    # Given a message made below the app, with a value that is itself words
    words = Words.of(
        N_("{province}: label {where} lies outside the province; move it inside or delete it"),
        province=Words.of(N_("province '{id}'"), id="A"),
        where="(1, 2)",
    )
    # When it is read in English, then in German
    english = str(words)
    i18n.set_language("de")
    german = str(words)
    # Then each reading speaks the language of its moment, the values unchanged
    assert (
        english == "province 'A': label (1, 2) lies outside the province; move it inside or "
        "delete it"
    )
    assert german.startswith("Provinz 'A': Beschriftung (1, 2) liegt außerhalb der Provinz")
    assert words.value("where") == "(1, 2)"


def test_map_check_speaks_german(tmp_path: Path, capsys) -> None:
    # Given a Rokugan map with a broken attribute and nothing the game needs
    path = write(tmp_path, BROKEN)
    # When it is checked in German
    assert main(["map", "check", str(path), "--lang", "de"]) == 1
    out = capsys.readouterr().out.splitlines()
    # Then the map's own error, the game's unmet needs and the count are German
    assert (
        f"{path}: Fehler: Provinz 'A' (Zeile 8): Feld 'flowers' ist -1; es muss eine ganze "
        "Zahl >= 0 (flowers: 2) sein" in out
    )
    assert (
        f"{path}: Fehler: keine Hauptstadt für irgendeinen Klan: eine Provinz in der "
        "Provinz-Leiste des Editors als Hauptstadt eines Klans markieren (Klan der Hauptstadt)"
    ) in out
    assert any(line.startswith(f"{path}: Einschränkung: ") for line in out)
    assert out[-1].startswith(f"{path}: 4 Fehler (1 in der Landkarte, 3 unerfüllte ")
    assert not any("error" in line or "capital" in line.replace("'capital'", "") for line in out)


def test_map_check_speaks_portuguese_for_rice_wars(tmp_path: Path, capsys) -> None:
    # Given the four squares checked for Rice Wars, in Portuguese
    path = write(tmp_path, FOUR_SQUARES)
    assert main(["map", "check", str(path), "--game", "ricewars", "--lang", "pt"]) == 1
    out = capsys.readouterr().out
    # Then the game's needs are said with Portuguese words for the fields and palaces
    assert (
        "erro: nenhum local de palácio: marque 'local de palácio' em alguns arrozais no painel "
        "Província do editor (Rice Wars)"
    ) in out


def test_a_territory_in_pieces_reads_as_german(tmp_path: Path, capsys) -> None:
    from tests.maps.builders import TINY_YAML

    # Given the tiny map whose two provinces of 'west' no longer touch
    text = TINY_YAML.replace(
        "[[100, 10], [190, 10], [190, 90], [100, 90]]",
        "[[101, 10], [190, 10], [190, 90], [101, 90]]",
    )
    path = write(tmp_path, text)
    # When checked in German, Then the second piece is "der zweite Teil" (it said "zweites")
    main(["map", "check", str(path), "--lang", "de"])
    out = capsys.readouterr().out
    assert "Territorium 'west' besteht über Land aus 2 Teilen: [A] [B] (zweiter Teil um" in out


def test_validation_issues_follow_a_change_of_language() -> None:
    # Given the issues of the broken map, found while English was spoken
    from maps.io import parse_map

    issues = validate(parse_map(BROKEN))
    english = [issue.message for issue in issues]
    # When the language changes afterwards, Then the same issues read in Portuguese
    i18n.set_language("pt")
    assert [issue.message for issue in issues] != english
    assert any("deve ser um número inteiro >= 0" in issue.message for issue in issues)


def test_map_check_output_is_all_marked(pseudo, tmp_path: Path, capsys) -> None:  # noqa: F811
    # Given the broken map and the four squares for any game, checked in the pseudo-language
    broken = write(tmp_path, BROKEN)
    squares = write(tmp_path, FOUR_SQUARES.replace("game: rokugan", "game: any"), "any.yaml")
    main(["map", "check", str(broken)])
    main(["map", "check", str(broken), "--game", "ricewars"])
    main(["map", "check", str(squares)])
    lines = capsys.readouterr().out.splitlines()
    # Then every line after the file's name is marked (ids, numbers and commands aside)
    said = [line.split(": ", 1)[1] for line in lines]
    assert said and [text for text in said if bare(text.replace("daimyo map check", ""))] == []


def test_an_edit_the_editor_refuses_says_why_in_german() -> None:
    # Given a small map in the editor's topology, the program speaking German
    from editor.topology import TopoMap
    from editor.topology.model import TopologyError
    from tests.editor.test_topology import tiny

    topo = TopoMap.from_dict(tiny())
    i18n.set_language("de")
    # When a province is merged with itself, Then the refusal says why in German
    with pytest.raises(TopologyError, match="mit sich selbst verschmolzen"):
        topo.merge_provinces("A", "A")


def test_what_a_map_lacks_names_clans_and_cards_in_portuguese() -> None:
    from engine.registry import map_readiness
    from tests.engine.rokugan.custom_maps import vale

    # Given the small map with the Crab's and the Lion's capitals, read in Portuguese
    i18n.set_language("pt")
    said = {p.code: p.message for p in map_readiness("rokugan", vale()).problems}
    three = {p.code: p.message for p in map_readiness("rokugan", vale(), 3).problems}
    # Then the clans and the cards it goes without are named in the rulebook's words
    assert said["clans_without_capital"].startswith(
        "clãs sem capital não podem ser jogados: Garça, Dragão, Fênix, Escorpião, Unicórnio"
    )
    assert "Covil de Segredos (Escorpião)" in said["clan_objectives"]
    assert "Caranguejo em 'N1', Leão em 'S1'" in three["few_capitals"]
    named = " ".join(
        [said["clans_without_capital"], said["clan_objectives"], three["few_capitals"]]
    )
    for english in ("crane", "dragon", "scorpion", "Den of Secrets", " in 'N1'"):
        assert english not in named


def test_coordinates_are_written_with_the_readers_decimal_comma() -> None:
    from maps.io import Territory
    from tests.maps.builders import make_map, province

    # Given a map whose province B at (16.25, 3.5) is in no territory
    provinces = [
        province("A", [(0, 0), (16.25, 0), (16.25, 10), (0, 10)]),
        province("B", [(16.25, 3.5), (30, 3.5), (30, 10), (16.25, 10)]),
    ]
    mapfile = make_map(provinces, territories=[Territory("t", "T", "#8fbf6a", ["A"])])
    issue = next(i for i in validate(mapfile) if i.code == "no_territory")
    # When it is read in English, then in Portuguese
    english = issue.message
    i18n.set_language("pt")
    portuguese = issue.message
    # Then English writes a decimal point, Portuguese a decimal comma (and ";" between)
    assert "(16.25, 3.5)" in english
    assert "(16,25; 3,5)" in portuguese and "16.25" not in portuguese
    # And the fix is the editor's button first, the file's field after
    assert "put it in one with Assign by clicking in the editor's Territories panel" in english
    assert "com Atribuir clicando no painel Territórios do editor" in portuguese


@settings(max_examples=200, deadline=None)
@given(
    x=st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
    y=st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
)
def test_any_point_of_a_map_file_is_said_as_a_portuguese_reader_reads_it(x: float, y: float):
    from maps.validate import where

    # Given any point a hand-edited map file can hold, said in a validation message
    i18n.set_language("pt")
    said = str(where((x, y)))
    # Then it reads "(x; y)": decimal commas, a semicolon between, each to 2 decimals
    assert said.startswith("(") and said.endswith(")") and "." not in said
    parts = said[1:-1].split("; ")
    assert len(parts) == 2
    for text, value in zip(parts, (x, y), strict=True):
        assert float(text.replace(",", ".")) == pytest.approx(value, abs=0.0051)
