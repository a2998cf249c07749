"""Printed boards and print-and-play kits speak the language asked for: `daimyo kit GAME
--lang pt` and `daimyo print MAP --lang de` write the kit's and the board's words in that
language, read back from the PDF's text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app import i18n
from app.cli import main
from tests.app.po_files import PLACEHOLDER, TEMPLATE, messages
from tests.app.test_kit_cmd import TWIN_ISLES
from tests.app.test_print_pdfreader import Pdf


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def pdf_text(path: Path) -> str:
    """Every text run of the PDF, one space between words (wrapped lines joined)."""
    pdf = Pdf(path.read_bytes())
    return " ".join(" ".join(page.texts) for page in pdf.pages).replace("\n", " ")


def english_sentences(folder: str, translated: str) -> list[str]:
    """The printing's English messages (from `folder`'s files) of four words or more that
    `translated` still holds: each message's longest stretch between placeholders."""
    found = []
    for entry in messages(TEMPLATE):
        if not any(ref.startswith(folder) for ref in entry.references):
            continue
        stretch = max(PLACEHOLDER.split(entry.msgid), key=len).strip(" .,:;()")
        if len(stretch.split()) >= 4 and stretch in translated:
            found.append(stretch)
    return found


def test_the_check_finds_an_english_sentence() -> None:
    # Given a PDF text with the contents page's English heading of the printing advice
    text = "Como imprimir Each page says at the top what it is and how many copies to print."
    # Then the English sentence is named, the Portuguese heading is not
    assert english_sentences("app/printing/kit/", text) == [
        "Each page says at the top what it is and how many copies to print"
    ]


def test_the_rokugan_kit_prints_in_portuguese(qapp, tmp_path: Path, capsys) -> None:
    # Given the Battle for Rokugan kit of a small map (two clans) asked for in Portuguese
    out, island = tmp_path / "kit.pdf", tmp_path / "twin-isles.yaml"
    island.write_text(TWIN_ISLES, encoding="utf-8")
    assert main(["kit", "rokugan", "--map", str(island), "--lang", "pt", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    text = pdf_text(out)
    # Then the command says what it wrote in Portuguese
    assert said.startswith(f"{out} gravado: kit Battle for Rokugan em Twin Isles, ")
    # And the kit speaks the Portuguese rulebook's words
    for words in (
        "kit de imprimir e jogar",
        "Como imprimir",
        "fichas de combate",
        "fichas de controle",
        "Terras Sombrias",
        "Manutenção",
        "Carta de território",
        "Objetivo secreto",
        "Batedor",
        "Escudo do daimyo",
        "Resumo das regras",
    ):
        assert words in text, words
    # And none of the kit's English sentences is left
    assert english_sentences("app/printing/", text) == []


def test_a_board_prints_in_german(qapp, tmp_path: Path, capsys) -> None:
    # Given the shipped Rokugan board printed with its legend, in German
    out = tmp_path / "board.pdf"
    assert main(["print", "rokugan", "--lang", "de", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    text = pdf_text(out)
    # Then the command and the legend speak German
    assert said.startswith(f"{out} geschrieben: ")
    assert "Hauptstadt" in text and "Schattenlande" in text
    assert re.search(r"Maßstabsleiste: \S+ \S+ (auf dem Spielplan|in Originalgröße)", text)
    assert english_sentences("app/printing/", text) == []
    assert "Scale bar" not in text and "Capital" not in text


def test_daimyo_print_says_one_page_and_its_scale_the_portuguese_way(
    qapp, tmp_path: Path, capsys
) -> None:
    from tests.app.test_print import TINY

    # Given a small map printed fitted on one page, in Portuguese
    board, out = tmp_path / "tiny.yaml", tmp_path / "board.pdf"
    board.write_text(TINY, encoding="utf-8")
    assert main(["print", str(board), "--lang", "pt", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    # Then it says "1 página" (not "1 páginas") and the scale with a decimal comma
    assert said.startswith(f"{out} gravado: 1 página, tabuleiro em uma folha a ")
    scale = re.search(r" a (\S+) %", said)
    assert scale is not None and re.fullmatch(r"\d+,\d", scale.group(1)), said


def test_the_legend_wraps_a_long_subtitle_instead_of_cutting_it(
    qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.printing import PrintOptions, draw, legend, load_board, pdf_bytes
    from tests.app.test_print import TINY

    # Given a small map printed fitted on A4 in Portuguese, whose subtitle is longer
    board_file = tmp_path / "tiny.yaml"
    board_file.write_text(TINY, encoding="utf-8")
    i18n.set_language("pt")
    drawn: list[tuple[str, float, float]] = []  # the subtitle's lines (grey), their widths
    real = draw.draw_text

    def recording(painter, rect, text, f, *args, **kwargs):
        if kwargs.get("colour") == "#444444":
            drawn.append((text, draw.text_size(painter, text, f)[0], rect.width()))
        return real(painter, rect, text, f, *args, **kwargs)

    monkeypatch.setattr(legend.draw, "draw_text", recording)
    # When the board is printed with its legend
    pdf_bytes(load_board(board_file), PrintOptions(landscape=True))
    # Then the whole subtitle is printed, and no line of it is wider than its box
    drawn = [line for line in drawn if not line[0].startswith("Barra de escala")]
    said = " ".join(text for text, _, _ in drawn)
    assert re.fullmatch(r"Tabuleiro em tamanho real 400 × 300 mm · impresso a \d+ % · .+", said)
    assert all(width <= room + 0.01 for _, width, room in drawn), drawn
