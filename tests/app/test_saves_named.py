"""What a save names: an older `daimyo play` save (no seats, no summary) is listed by its
map's name and opens with the person's seat said in the reader's language, still found by
`--as You`; a finished Shinobi game's summary names the clan each seat served."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from app import i18n
from app.cli import main
from app.games import game_ui
from app.savefile import AI, HUMAN, Seat, load_save, read_summary
from engine.registry import get_game
from engine.saves import save_game
from engine.shinobi.cards import CLAN_NAMES


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def old_play_save(path: Path, game: str, map_id: str | None, moves: int = 12) -> Path:
    """A save as `daimyo play --save` wrote it before it kept seats: the engine's alone."""
    from maps.api import load_graph

    state = get_game(game).new_game(3, 5, {}, load_graph(map_id) if map_id else None)
    rng = random.Random(5)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    save_game(state, path)
    return path


@pytest.mark.parametrize(
    ("game", "map_id", "language", "shown"),
    [
        ("rokugan", "rokugan", "en", "Rokugan"),
        ("ricewars", "ricewars-quick", "en", "Takuno (quick side)"),
        ("ricewars", "ricewars-quick", "de", "Takuno (schnelle Seite)"),
    ],
)
def test_an_old_play_save_is_listed_by_its_maps_name(
    tmp_path: Path, game: str, map_id: str, language: str, shown: str
) -> None:
    # Given a save of `daimyo play` from before it kept the seats and the summary
    path = old_play_save(tmp_path / "old.json", game, map_id)
    # When the Recent games list reads it
    i18n.set_language(language)
    summary = read_summary(path)
    # Then the map is named as the game shows it, not by its id
    assert summary.problem is None
    assert summary.map == shown
    assert map_id not in summary.title()


def test_an_old_play_saves_person_is_you_in_the_readers_language(tmp_path: Path) -> None:
    from app.commands.review import seat_label, seat_of

    # Given an old `daimyo play` save, opened while the program speaks German
    path = old_play_save(tmp_path / "old.json", "rokugan", "rokugan")
    i18n.set_language("de")
    loaded = load_save(path)
    # Then its first seat is the person, with no English name stored for them
    assert loaded.seats == (Seat(HUMAN), Seat(AI, "normal"), Seat(AI, "normal"))
    assert loaded.seats[0].said_name() == "Du"
    assert seat_label(loaded.seats[0], 0) == "Platz 1 (Du)"
    # And `--as You` (scripts written in English) and `--as Du` both find that seat
    assert seat_of("You", loaded) == 0
    assert seat_of("du", loaded) == 0
    # And in English the seat is "You" as before
    i18n.set_language("en")
    assert seat_of("You", loaded) == 0 and seat_label(loaded.seats[0], 0) == "seat 1 (You)"


def test_a_seat_named_you_is_found_by_that_name_in_any_language(tmp_path: Path) -> None:
    from app.commands.review import seat_of
    from tests.app.real_saves import write_save

    # Given an app save whose person entered the name "You" (the seat after it is a bot)
    loaded = load_save(write_save(tmp_path / "game.json", "rokugan"))
    assert loaded.seats[0].name == "You"
    # When it is read in German, then `--as You` finds that seat by its name
    i18n.set_language("de")
    assert seat_of("You", loaded) == 0


def test_a_finished_shinobi_games_summary_names_the_clans_served(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a Shinobi game played to its end and saved by `daimyo play`
    path = tmp_path / "shinobi.json"
    assert main(["play", "shinobi", "--players", "3", "--seed", "3", "--save", str(path)]) == 0
    capsys.readouterr()
    state = load_save(path).state
    assert state.is_terminal()
    # When the Recent games list names its players, in English and in German
    for language, seat in (("en", "Player"), ("de", "Spieler")):
        i18n.set_language(language)
        players = read_summary(path).players
        # Then each is the seat, the clan it served, revealed at the end, and its bot
        for p, said in enumerate(players):
            clan = CLAN_NAMES[state.allegiance(p)]
            assert said.startswith(f"{seat} {p + 1} ({clan}, "), players
            assert said.count("(") == 1 and said.endswith(")"), players  # one pair


def test_a_shinobi_seats_clan_is_named_only_once_the_game_is_over() -> None:
    # Given a Shinobi game in progress
    ui = game_ui("shinobi")
    state = get_game("shinobi").new_game(3, 4, {}, None)
    # Then a seat is named without its secret clan, in the summary and on the screen
    assert str(ui.player_words(state, 1)) == "Player 2" == ui.player_label(state, 1)
    # And once it is over, with the clan it served
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    clan = CLAN_NAMES[state.allegiance(1)]
    assert str(ui.player_words(state, 1)) == f"Player 2 ({clan})" == ui.player_label(state, 1)
