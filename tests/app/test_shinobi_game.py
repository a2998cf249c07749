"""A whole Shinobi game in the app: dialog, clicks on the hand, stacks and provinces, undo,
save, load, autosave, the last round and the reveal (bots at a tiny node budget)."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication

from app.games.shinobi.view import ARMY, PROVINCE, SOURCE_CARD, ShinobiView
from app.new_game_dialog import NewGameDialog
from app.session import AI, HUMAN
from engine.shinobi.actions import Deploy
from engine.shinobi.cards import CLAN_NAMES


def start_from_dialog(window, qtbot) -> None:
    """Fill the new-game dialog: Shinobi, 4 players, me and three easy AI, seed 7."""

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewGameDialog)
        dialog.game.setCurrentIndex(dialog.game.findData("shinobi"))
        assert (dialog.players.minimum(), dialog.players.maximum()) == (3, 5)
        dialog.players.setValue(4)
        seats = dialog.seats
        seats[0].kind.setCurrentIndex(seats[0].kind.findData(HUMAN))
        for row in seats[1:4]:
            row.kind.setCurrentIndex(row.kind.findData(AI))
            row.level.setCurrentIndex(row.level.findData("easy"))
        dialog.seed.setText("7")
        qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.LeftButton)

    QTimer.singleShot(0, fill)
    qtbot.mouseClick(window.start_screen.new_button, Qt.LeftButton)


def view_of(window) -> ShinobiView:
    """The Shinobi view of the running game."""
    view = window.game_screen.view
    assert isinstance(view, ShinobiView)
    return view


def click_key(window, qtbot, key: tuple) -> None:
    """Click the hand card, the stack or the province `key` names."""
    view = view_of(window)
    if key[0] == SOURCE_CARD:
        qtbot.mouseClick(view.hand_buttons[key[1]], Qt.LeftButton)
    elif key[0] == ARMY:
        qtbot.mouseClick(view.provinces[key[1]].stacks[key[2]], Qt.LeftButton)
    else:
        panel = view.provinces[key[1]]
        # the frame's margin: the province itself, not one of its stacks
        qtbot.mouseClick(panel, Qt.LeftButton, pos=QPoint(3, panel.height() // 2))


def finish_steps(window, qtbot, titles: list[str]) -> None:
    """Press Continue through the resolution steps shown now, noting their titles."""
    screen = window.game_screen
    while screen.step_box.isVisible():
        titles.append(screen.step_title.text())
        qtbot.mouseClick(screen.continue_button, Qt.LeftButton)


def wait_for_me(window, qtbot, titles: list[str]) -> None:
    """Wait until it is my decision or the game is over (Continue through steps)."""

    def ready() -> bool:
        finish_steps(window, qtbot, titles)
        return window.controller.human_to_act or window.session.state.is_terminal()

    qtbot.waitUntil(ready, timeout=20000)


def decide(window, qtbot, rng: random.Random) -> None:
    """One decision by two clicks: a source (unless chosen already), then a lit target."""
    view = view_of(window)
    start = len(window.session.state.history)
    if view.selected is None:
        click_key(window, qtbot, rng.choice(sorted(view._sources())))
    targets = sorted(view._targets())
    assert targets, "a chosen source always lights a target"
    click_key(window, qtbot, rng.choice(targets))
    assert len(window.session.state.history) == start + 1


def shown_log(window) -> list[str]:
    log = window.game_screen.log
    return [log.item(i).text() for i in range(log.count())]


def test_one_human_and_three_bots_play_shinobi_to_the_end(
    window, qtbot, app_settings, tmp_path: Path
) -> None:
    rng = random.Random(5)
    titles: list[str] = []
    # Given a Shinobi game started from the dialog
    start_from_dialog(window, qtbot)
    session = window.session
    assert session is not None and session.game_id == "shinobi"
    assert [s.kind for s in session.seats] == [HUMAN, AI, AI, AI]
    wait_for_me(window, qtbot, titles)
    state = session.state
    view = view_of(window)

    # Then the view shows my hand and my allegiance only, and every province's stacks
    assert {c: b.count for c, b in view.hand_buttons.items()} == {
        c: k for c, k in enumerate(state.hand(0)) if k
    }
    assert view.allegiance.clan == state.allegiance(0)
    assert all("served" not in p.title.text() for p in view.provinces)
    for panel in view.provinces:
        assert [s.count for s in panel.stacks] == [state.army(panel.province, c) for c in range(5)]

    # When I choose a clan card for the first order
    assert state.order == 1
    card = next(c for c in range(5) if state.hand(0)[c])
    click_key(window, qtbot, (SOURCE_CARD, card))
    # Then exactly the other provinces are lit, and my own is not
    lit = [p.province for p in view.provinces if (PROVINCE, p.province) in view._targets()]
    assert lit == [1, 2, 3]
    # And clicking my own province is refused with a reason
    made = len(state.history)
    with qtbot.waitSignal(view.status) as refusal:
        click_key(window, qtbot, (PROVINCE, 0))
    assert "not your own" in refusal.args[0]
    assert state.order == 1 and len(state.history) == made
    # When I click a lit province, the card is deployed there
    before = state.army(2, card)
    click_key(window, qtbot, (PROVINCE, 2))
    assert state.history[-1] == Deploy(card, 2) and state.army(2, card) == before + 1
    wait_for_me(window, qtbot, titles)
    assert view.provinces[2].stacks[card].count == before + 1

    # And my first order may be taken back while my turn lasts
    assert window.undo_action.isEnabled()
    qtbot.mouseClick(window.game_screen.undo_button, Qt.LeftButton)
    assert state.order == 1 and state.army(2, card) == before
    wait_for_me(window, qtbot, titles)

    # When I play on by clicks until the middle of the game
    while state.turns < 16:
        wait_for_me(window, qtbot, titles)
        decide(window, qtbot, rng)
    wait_for_me(window, qtbot, titles)

    # Then the log tells what happened in words, without the bots' cards or anyone's clan
    log = shown_log(window)
    assert any("You draw" in line for line in log)
    assert any(line.startswith("Player 2") and "Player 2 draws" in line for line in log)
    assert not any("serve" in line for line in log)
    # And the autosave holds the game as it stands
    assert app_settings.autosave_path.exists()

    # When the game is saved and loaded again
    path = tmp_path / "midway.json"
    window.session.save(path)
    history = [str(a) for a in window.session.state.history]
    window.close_game()
    assert window.load_game(str(path))
    assert [str(a) for a in window.session.state.history] == history
    assert isinstance(window.game_screen.view, ShinobiView)
    # And the autosave resumes the same game (Continue on the start screen)
    window.close_game()
    assert window.continue_game()
    assert [str(a) for a in window.session.state.history] == history

    # Then it continues to the end: the last round, the reveal, the end screen
    state = window.session.state
    for _ in range(200):
        wait_for_me(window, qtbot, titles)
        if state.is_terminal():
            break
        decide(window, qtbot, rng)
    assert state.is_terminal()

    def at_end() -> bool:
        finish_steps(window, qtbot, titles)
        return window.stack.currentWidget() is window.end_screen

    qtbot.waitUntil(at_end, timeout=20000)
    assert "The deck is empty" in titles
    assert titles[-3:] == [
        "1. Allegiances revealed",
        "2. Clan totals on the table",
        "3. The winner",
    ]
    table = window.end_screen.table
    assert table.rowCount() == 4
    clan_totals = [float(table.item(r, table.columnCount() - 1).text()) for r in range(4)]
    assert clan_totals == [state.clan_total(state.allegiance(p)) for p in range(4)]
    winners = state.winners()
    title = window.end_screen.title.text()
    if len(winners) == 1:
        assert title.startswith(f"Player {winners[0] + 1} (")
    else:  # several seats serve the winning clan, or the rules leave a tie
        assert title.startswith("Shared victory: ")
        assert all(f"Player {p + 1} (" in title for p in winners)
    # And the table now shows every allegiance
    assert all(
        CLAN_NAMES[state.allegiance(p.province)] in p.title.text()
        for p in view_of(window).provinces
    )
    # And the way back to the game names Shinobi's table, not a board
    assert window.end_screen.board_button.text() == "Show the table"


def test_hot_seat_shows_each_person_only_their_own_hand(window, qtbot) -> None:
    from app.session import NewGameConfig, Seat

    # Given two people and a bot at one computer
    seats = (Seat(HUMAN, name="Aiko"), Seat(HUMAN, name="Ben"), Seat(AI, "easy"))
    assert window.start_game(NewGameConfig("shinobi", seats, seed=3))
    screen = window.game_screen
    state = window.session.state
    seen: set[int] = set()
    for _ in range(12):
        # When the hand-over screen asks for the next person, nothing of the table's secrets shows
        qtbot.waitUntil(
            lambda: (
                screen.centre.currentWidget() is screen.handoff or window.controller.human_to_act
            ),
            timeout=20000,
        )
        if screen.centre.currentWidget() is screen.handoff:
            view = view_of(window)
            assert view.hand_buttons == {} and view.allegiance.clan is None
            qtbot.mouseClick(screen.handoff.button, Qt.LeftButton)
            continue
        # Then the person to act sees their own hand and clan
        me = state.current_player()
        view = view_of(window)
        assert view.allegiance.clan == state.allegiance(me)
        assert {c: b.count for c, b in view.hand_buttons.items()} == {
            c: k for c, k in enumerate(state.hand(me)) if k
        }
        seen.add(me)
        decide(window, qtbot, random.Random(len(state.history)))
        if seen == {0, 1}:
            break
    assert seen == {0, 1}
