"""Saved games in the app: Continue and Recent games say which game (game, map, round,
players, date); a new game during one asks first and keeps the old one; the window's
geometry and splitters are remembered; a bad file never takes the app down."""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QSplitter

from app.new_game_dialog import NewGameDialog
from app.session import AI, HUMAN, NewGameConfig, Seat
from engine.registry import get_game
from tests.app.real_saves import write_save
from tests.app.test_shell import pebbles_config, play_human_turn


def recent_lines(window) -> list[str]:
    return [
        window.start_screen.recent.item(i).text() for i in range(window.start_screen.recent.count())
    ]


def today() -> str:
    """Today as the lists write it in English: "5 Nov 2026" (the day not padded)."""
    now = datetime.now()
    return f"{now.day} {now:%b %Y}"


def answer_next_question(button: QMessageBox.StandardButton, asked: list[str]) -> None:
    """Press `button` in the next message box that opens (and note its text)."""

    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, press)
            return
        asked.append(box.text())
        box.button(button).click()

    QTimer.singleShot(0, press)


def test_the_recent_list_shows_game_map_round_players_and_date(window, tmp_path: Path) -> None:
    # Given saves of the three games opened lately
    for game in ("shinobi", "ricewars", "rokugan"):
        window.settings.add_recent_game(write_save(tmp_path / f"{game}.json", game))
    # When the start screen shows
    window._update_actions()
    lines = recent_lines(window)
    # Then each line names the game, the map, the round, the players and the date
    assert lines[0].startswith("Battle for Rokugan · rokugan · round 1\n")
    assert lines[1].startswith("Rice Wars · ricewars-quick · round 2\n")
    assert lines[2].startswith("Shinobi · round 4\n")
    for line in lines:
        assert "You (P0), P1 (normal), P2 (normal) · " in line and today() in line
    # And the Game menu's Recent games say the same
    assert window.recent_menu.actions()[0].text().startswith("Battle for Rokugan · rokugan")


def test_a_game_saved_in_the_app_is_listed_with_its_round_and_date(
    window, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a Shinobi game against two computer clans, saved with Game → Save as
    seats = (Seat(HUMAN, name="Aiko"), Seat(AI, "random"), Seat(AI, "random"))
    assert window.start_game(NewGameConfig("shinobi", seats, seed=3))
    target = tmp_path / "my-shinobi.json"
    monkeypatch.setattr(
        "app.main_window.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "")
    )
    assert window.save_game_as()
    # When the game is closed
    window.close_game()
    # Then Recent games shows it: game, round, the players by name and seat, the date
    line = recent_lines(window)[0]
    assert line.startswith("Shinobi · round 1\nAiko (")
    assert "(random)" in line and today() in line
    assert window.start_screen.recent.item(0).toolTip() == str(target)
    # And Continue says which game it resumes: game, round, players and date, in its text
    info = window.start_screen.continue_info
    assert info.isVisible()
    title, players, when = info.text().replace("\u00a0", " ").split("\n")
    assert title == "Shinobi · round 1"
    assert players.startswith("Aiko (") and "(random)" in players
    assert when.startswith(today())
    assert "Aiko (" in window.start_screen.continue_button.toolTip()


def test_continue_dates_a_german_game_as_recent_games_does(window, tmp_path: Path) -> None:
    from app.widgets.language import apply_language

    # Given a game waiting under Continue and listed under Recent games, in German
    save = write_save(tmp_path / "rokugan.json", "rokugan")
    window.settings.add_recent_game(save)
    window.settings.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    window.settings.autosave_path.write_bytes(save.read_bytes())
    apply_language("de")
    try:
        window._update_actions()
        # Then Continue's date is the list's, German ("28. Nov. 2026, 13:59"), not a
        # second format of its own ("28 Nov. 2026, 13:59")
        info = window.start_screen.continue_info
        assert info.isVisible()
        when = info.text().split("\n")[-1]
        assert when.split(" ")[0].endswith("."), when
        assert recent_lines(window)[0].endswith(f" · {when}"), (when, recent_lines(window))
    finally:
        apply_language("en")


def test_new_game_during_a_game_asks_and_cancel_keeps_the_game(
    window, qtbot, pebbles, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a game in progress
    assert window.start_game(pebbles_config())
    play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    session, history = window.session, list(map(str, window.session.state.history))
    opened: list[bool] = []
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: opened.append(True) or 0)
    # When New game is chosen and the question answered with Cancel
    asked: list[str] = []
    answer_next_question(QMessageBox.Cancel, asked)
    window.new_action.trigger()
    # Then it asked, no new-game dialog opened, and the game goes on untouched
    assert asked and "not finished" in asked[0] and "Recent games" in asked[0]
    assert opened == []
    assert window.session is session and list(map(str, session.state.history)) == history
    assert window.stack.currentWidget() is window.game_screen


def test_a_new_game_keeps_the_old_one_saved_and_listed(
    window, qtbot, pebbles, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a game in progress, never saved by hand
    assert window.start_game(pebbles_config(seed=4))
    play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    old_history = list(map(str, window.session.state.history))
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: NewGameDialog.Accepted)
    monkeypatch.setattr(NewGameDialog, "config", lambda self: pebbles_config(seed=9))
    monkeypatch.setattr(NewGameDialog, "choices", lambda self: {})
    # When a new game is started and the question answered with Yes
    asked: list[str] = []
    answer_next_question(QMessageBox.Yes, asked)
    assert window.new_game()
    # Then the new game runs, and the old one is in a save file listed under Recent games
    assert asked and window.session.state.history == []
    kept = Path(window.settings.recent_games()[0])
    assert kept.parent == window.settings.saves_dir and kept.name.startswith("pebbles-")
    assert json.loads(kept.read_text())["actions"] == old_history
    # And loading it from the list brings that game back
    window.close_game()
    assert window.load_game(str(kept))
    assert list(map(str, window.session.state.history)) == old_history


def test_a_game_waiting_in_the_autosave_is_kept_when_another_starts(window, qtbot, pebbles) -> None:
    # Given a game that was closed (it waits in the autosave for Continue)
    assert window.start_game(pebbles_config(seed=4))
    play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    window.close_game()
    # When a new game starts from the start screen, then Continue is pressed
    assert window.start_game(pebbles_config(seed=9))
    # Then the closed game stays in a file of its own, under Recent games
    kept = json.loads(Path(window.settings.recent_games()[0]).read_text())
    assert len(kept["actions"]) == 3 and kept["seed"] == 4


def test_window_geometry_and_splitters_are_remembered(app_settings, qtbot, pebbles) -> None:
    from app.main_window import MainWindow

    # Given a window resized and a game whose side panel splitter was moved
    first = MainWindow(app_settings, bot_nodes=20)
    qtbot.addWidget(first)
    first.resize(710, 530)  # inside the offscreen screen (800 × 600)
    first.show()
    assert first.start_game(pebbles_config())
    splitter = first.game_screen.findChild(QSplitter)
    total = sum(splitter.sizes())
    splitter.setSizes([total - 400, 400])
    sizes, size = splitter.sizes(), (first.width(), first.height())
    assert size != (1400, 900)  # not the default size
    # When the window is closed and the app opened again
    first.close()
    second = MainWindow(app_settings, bot_nodes=20)
    qtbot.addWidget(second)
    second.show()
    # Then the window has its size back, and so has the splitter in the next game
    assert (second.width(), second.height()) == size
    assert isinstance(app_settings.value("window/geometry"), QByteArray)
    assert second.start_game(pebbles_config())
    assert second.game_screen.findChild(QSplitter).sizes() == sizes
    second.close()


def test_a_bad_file_during_a_game_shows_a_message_and_the_game_goes_on(
    window, qtbot, pebbles, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a running game and a damaged save in the Recent list
    assert window.start_game(pebbles_config())
    session = window.session
    bad = tmp_path / "bad.json"
    bad.write_bytes('{"format": "daimyo-save", "players": 3.7}'.encode("utf-16"))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    # When it is opened
    assert not window.load_game(str(bad))
    # Then a message names the file and the problem, and the game is still on screen
    assert len(shown) == 1 and shown[0].startswith(f"{bad}: is not UTF-8 text")
    assert window.session is session and window.stack.currentWidget() is window.game_screen


def test_a_damaged_recent_game_says_so_in_the_list(window, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    window.settings.add_recent_game(bad)
    window._update_actions()
    item = window.start_screen.recent.item(0)
    assert item.text().startswith("bad.json · cannot be loaded")
    assert "not valid JSON" in item.toolTip()


def test_the_editor_opened_from_the_app_plays_in_this_window(window, qtbot) -> None:
    from app.main_window import editor_available

    if not editor_available():
        pytest.skip("no editor")
    window.open_editor()
    editor = window._editor
    qtbot.addWidget(editor)
    assert editor.play_action.isEnabled()
    assert editor.play_on_map == window.play_on_map
    editor.close()


def test_a_recent_game_opens_with_a_double_click(window, qtbot, tmp_path: Path) -> None:
    path = write_save(tmp_path / "shinobi.json", "shinobi")
    window.settings.add_recent_game(path)
    window._update_actions()
    item = window.start_screen.recent.item(0)
    rect = window.start_screen.recent.visualItemRect(item)
    viewport = window.start_screen.recent.viewport()
    qtbot.mouseClick(viewport, Qt.LeftButton, pos=rect.center())  # an item view needs the press
    qtbot.mouseDClick(viewport, Qt.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: window.session is not None, timeout=5000)
    assert window.session.game_id == "shinobi" and len(window.session.state.history) == 25


@pytest.mark.parametrize("kind", ["fifo", "utf-16", "alias bomb"])
def test_a_hostile_map_file_for_a_new_game_gives_a_message(
    window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    import os

    from app.new_game_dialog import map_header
    from tests.maps.test_io_hostile import QUICK, alias_bomb

    # Given a map file chosen for a new game that is a FIFO, UTF-16 text or an alias bomb
    path = tmp_path / "board.yaml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "utf-16":
        path.write_bytes(QUICK.encode("utf-16"))
    else:
        path.write_text(alias_bomb(12), encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    # When the dialog reads its header and the game is started on it
    assert map_header(path) == {}
    seats = (Seat(HUMAN), Seat(AI, "random"))
    assert not window.start_game(NewGameConfig("ricewars", seats, map_ref=str(path), seed=1))
    # Then a message names the file, and the start screen stays
    assert len(shown) == 1 and shown[0].startswith(f"{path}: ")
    assert window.session is None and window.stack.currentWidget() is window.start_screen


def test_a_chosen_recent_game_stays_readable(qapp) -> None:
    from app.savefile import SaveSummary
    from app.widgets.start_screen import StartScreen

    def dark_pixels(row: int) -> int:
        rect = screen.recent.visualItemRect(screen.recent.item(row))
        image = screen.recent.viewport().grab(rect).toImage()
        return sum(
            image.pixelColor(x, y).lightness() < 100
            for x in range(image.width())
            for y in range(image.height())
        )

    # Given the start screen listing three saved games
    screen = StartScreen()
    screen.resize(1272, 680)
    screen.show()
    saved = datetime(2026, 11, 28, 5, 47)
    games = [
        SaveSummary(Path(f"/saves/g{i}.json"), "Rice Wars", "Takuno", 2, False, ("Red",), saved)
        for i in range(3)
    ]
    screen.set_recent_games(games)
    # When a person clicks the second one (chosen, the window maybe not active)
    screen.recent.setCurrentRow(1)
    QApplication.processEvents()
    # Then its words still show, dark on the selection as the others on white
    assert dark_pixels(1) > dark_pixels(0) // 2 > 0
    screen.close()


def test_a_game_waiting_in_the_autosave_is_kept_once_however_often_others_open(
    window, qtbot, pebbles, tmp_path: Path
) -> None:
    # Given a game that was closed (it waits in the autosave for Continue)
    assert window.start_game(pebbles_config(seed=4))
    play_human_turn(window, qtbot)
    qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=5000)
    window.close_game()
    other = write_save(tmp_path / "other.json", "shinobi", seed=7)
    # When another saved game is opened and closed unplayed, twice
    for _ in range(2):
        assert window.load_game(str(other))
        window.close_game()
    # Then the waiting game is kept in one file, not a copy each time
    kept = [p for p in window.settings.saves_dir.glob("pebbles-*.json")]
    assert len(kept) == 1 and json.loads(kept[0].read_text())["seed"] == 4
    assert str(kept[0]) in window.settings.recent_games()


def write_rokugan_save(path: Path, players: list[str] | None = None) -> list[str]:
    """A Rokugan save whose summary keeps the clans in no language (as the app writes it,
    or as `players`: the old summary, said in the language it was saved in); the clan ids."""
    from app.games import game_ui
    from app.savefile import summary_dict
    from engine.rokugan.data import CLANS
    from engine.saves import save_dict
    from tests.app.real_saves import graph_of

    state = get_game("rokugan").new_game(3, 5, {}, graph_of("rokugan"))
    seats = (Seat(HUMAN, name="Aiko"), Seat(AI, "normal"), Seat(AI, "easy"))
    labels = [game_ui("rokugan").player_words(state, p) for p in range(3)]
    summary = summary_dict(state, seats, labels, "Rokugan")
    if players is not None:
        summary.pop("labels")
        summary["players"] = players
    data = save_dict(state)
    data["app"] = {"seats": [asdict(seat) for seat in seats], "summary": summary}
    path.write_text(json.dumps(data), encoding="utf-8")
    return [CLANS[clan] for clan in state.clans]


@pytest.mark.parametrize(("saved_in", "shown_in"), [("de", "en"), ("en", "de"), ("pt", "de")])
def test_recent_games_say_the_clans_and_levels_in_the_readers_language(
    window, tmp_path: Path, saved_in: str, shown_in: str
) -> None:
    from app import i18n
    from app.games.rokugan.words import CLAN_NAMES

    # Given a Rokugan game saved while the program spoke one language
    try:
        i18n.set_language(saved_in)
        path = tmp_path / "rokugan.json"
        clans = write_rokugan_save(path)
        window.settings.add_recent_game(path)
        # When the start screen lists it in another language
        i18n.set_language(shown_in)
        window._update_actions()
        line = recent_lines(window)[0].split("\n")[1]
        # Then the clans and the levels are said in the language shown
        first, second, third = (i18n._(CLAN_NAMES[clan]) for clan in clans)
        normal, easy = i18n._("Normal").lower(), i18n._("Easy").lower()
        assert line.startswith(f"Aiko ({first}), {second} ({normal}), {third} ({easy}) · ")
        i18n.set_language(saved_in)
        said_then = {i18n._(CLAN_NAMES[clan]) for clan in clans} - {first, second, third}
        assert said_then and not any(name in line for name in said_then)
    finally:
        i18n.set_language("en")


def test_an_old_summary_with_the_players_said_is_listed_as_it_was_saved(
    window, tmp_path: Path
) -> None:
    # Given a save from before the summary kept the clans in no language (German words)
    path = tmp_path / "old.json"
    write_rokugan_save(path, players=["Aiko (Drache)", "Kranich (normal@300)", "Löwe (leicht)"])
    window.settings.add_recent_game(path)
    # When the (English) start screen lists it
    window._update_actions()
    # Then it shows the players as saved (without the node budget), and the game loads
    line = recent_lines(window)[0]
    assert line.startswith("Battle for Rokugan · Rokugan · round 1\n")
    assert "\nAiko (Drache), Kranich (normal), Löwe (leicht) · " in line
    assert window.load_game(str(path))


def test_a_summary_whose_names_could_run_code_or_fill_memory_is_refused(tmp_path: Path) -> None:
    from app.savefile import read_summary

    # Given saves whose kept names have a format spec, an attribute, or a missing value
    for text, values in (
        ("{n:>999999999}", {"n": 1}),
        ("{n.__class__}", {"n": 1}),
        ("{missing}", {}),
        ("{", {}),
    ):
        path = tmp_path / "bad.json"
        write_rokugan_save(path)
        data = json.loads(path.read_text())
        data["app"]["summary"]["labels"][1] = {"text": text, "values": values}
        path.write_text(json.dumps(data))
        # When the list reads it, then it says the summary is wrong, naming the field
        problem = read_summary(path).problem
        assert problem is not None and "app.summary.labels" in problem, text


def test_a_game_saved_by_daimyo_play_is_listed_by_its_map_and_clans(qapp, tmp_path: Path) -> None:
    from app.cli import main
    from app.savefile import read_summary
    from engine.rokugan.data import CLANS

    # Given a bots' game of Rokugan saved by `daimyo play --save`
    path = tmp_path / "played.json"
    assert main(["play", "rokugan", "--players", "3", "--seed", "4", "--save", str(path)]) == 0
    # When the Recent games list reads it
    summary = read_summary(path)
    # Then it names the map by its name (not its id) and each seat by its clan and bot
    assert summary.problem is None
    assert summary.title() == "Battle for Rokugan · Rokugan · finished"
    saved = json.loads(path.read_text())
    bots = [seat["bot"] for seat in saved["app"]["seats"]]
    names = {clan.capitalize() for clan in CLANS}
    assert len(summary.players) == 3
    for player, bot in zip(summary.players, bots, strict=True):
        clan, _, level = player.partition(" (")
        assert clan in names and level == f"{bot})", summary.players
    assert len({p.partition(" (")[0] for p in summary.players}) == 3  # three clans
