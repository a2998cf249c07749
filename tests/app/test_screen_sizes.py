"""Every screen fits a 1280 × 720 window, menu bar included, and grows with a bigger one:
the start screen, the new-game dialog, each game's play screen (Rokugan's resolution
steps too), the end screen and the review, driven as a person plays them."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from app.game_screen import LOG_LINES
from app.games.presentation import ScoreTable
from app.games.rokugan.picks import HAND, PLACE
from app.new_game_dialog import NewGameDialog
from app.session import AI, HUMAN, NewGameConfig, Seat
from engine.ricewars.state import HIRE, PHASE_NAMES
from engine.rokugan.state import PHASE_NAMES as ROKUGAN_PHASES
from tests.app.real_saves import late_ricewars_save, late_rokugan_save, write_save
from tests.app.rokugan_driver import decide

pytest.importorskip("maps.api")

SMALL = QSize(1280, 720)
TITLE_BAR = 40  # what a window manager's frame takes of a dialog's 720 pixels


def culprits(widget: QWidget, depth: int = 0) -> list[str]:
    """The visible widgets by their least height, tallest first (a failure's message)."""
    out = []
    for child in widget.findChildren(QWidget):
        if child.isVisible() and not child.isWindow():
            hint = child.minimumSizeHint().expandedTo(child.minimumSize())
            out.append((hint.height(), f"{type(child).__name__} {child.objectName()} {hint}"))
    return [text for _, text in sorted(out, reverse=True)[:12]]


def assert_fits(window, where: str) -> None:
    """The window's least size is within 1280 × 720, and it has kept that size."""
    QApplication.processEvents()
    hint = window.minimumSizeHint()
    assert hint.width() <= SMALL.width() and hint.height() <= SMALL.height(), (
        where,
        hint,
        culprits(window),
    )
    assert window.size() == SMALL, (where, window.size())


@pytest.fixture
def small(window, qtbot):
    """The test window at 1280 × 720."""
    window.resize(SMALL)
    qtbot.waitUntil(lambda: window.size() == SMALL, timeout=2000)
    return window


def finish_game_by_picks(window, qtbot, rng: random.Random, check, until=None) -> None:
    """Play the person's decisions at random through the view (the other games) until the
    end screen (or until `until()`), calling `check` at each decision and each resolution
    step."""
    screen = window.game_screen
    state = window.session.state
    while window.stack.currentWidget() is not window.end_screen:
        qtbot.waitUntil(
            lambda: (
                window.controller.human_to_act
                or screen.step_box.isVisible()
                or window.stack.currentWidget() is window.end_screen
            ),
            timeout=30000,
        )
        check()
        if until is not None and until():
            return
        if screen.step_box.isVisible():
            qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
        elif window.controller.human_to_act:
            screen.view.action_chosen.emit(rng.choice(state.legal_actions()))


def autosave(window, game: str) -> None:
    """A game of `game` waiting under Continue."""
    window.settings.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    write_save(window.settings.autosave_path, game)


def test_the_start_screen_and_the_new_game_dialog_fit(small, qtbot, tmp_path) -> None:
    # Given six saved games in the Recent list, one waiting under Continue
    for index in range(6):
        game = ("rokugan", "shinobi", "ricewars")[index % 3]
        small.settings.add_recent_game(write_save(tmp_path / f"{index}.json", game))
    autosave(small, "rokugan")
    small._update_actions()
    # Then the start screen fits
    assert small.start_screen.continue_info.isVisible()
    assert_fits(small, "start")
    # And so does the new-game dialog, for every game at its most players
    dialog = NewGameDialog(small, {})
    for game in ("rokugan", "shinobi", "ricewars"):
        dialog.game.setCurrentIndex(dialog.game.findData(game))
        dialog.players.setValue(dialog.players.maximum())
        hint = dialog.minimumSizeHint()
        assert hint.width() <= SMALL.width(), (game, hint)
        assert hint.height() <= SMALL.height() - TITLE_BAR, (game, hint)
    dialog.deleteLater()


def test_rokugan_fits_in_every_phase_its_resolution_end_and_review(
    small, qtbot, tmp_path, every_step_waits
) -> None:
    # Given a five-clan Rokugan game: me and four computer clans
    seats = (Seat(HUMAN, choice="crab"), *(Seat(AI, "random") for _ in range(4)))
    assert small.start_game(NewGameConfig("rokugan", seats, seed=4))
    rng = random.Random(5)
    steps: set[str] = set()
    phases: set[str] = set()

    def at_end() -> bool:
        return small.stack.currentWidget() is small.end_screen

    def play(until) -> None:
        """Play on, looking at the window at each decision and each step."""
        screen, state = small.game_screen, small.session.state
        while not at_end() and not until():
            qtbot.waitUntil(
                lambda: small.controller.human_to_act or screen.step_box.isVisible() or at_end(),
                timeout=30000,
            )
            if screen.step_box.isVisible():
                steps.add(screen.step_title.text().split(": ")[-1])
                assert_fits(small, screen.step_title.text())
                # and the log keeps room for eight lines, however long the step's text (the
                # Hint box, of no use then, makes way)
                assert not screen.hint_panel.isVisible()
                lines = screen.log.viewport().height() / screen.log.fontMetrics().lineSpacing()
                assert lines >= LOG_LINES, (screen.step_title.text(), lines)
                qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
            elif not at_end():
                phases.add(ROKUGAN_PHASES[state.phase])
                assert_fits(small, f"round {state.round} phase {state.phase}")
                assert screen.hint_panel.isVisible()
                decide(small, qtbot, rng, prefer=(HAND, PLACE))

    # When I play it until every kind of decision of mine and every step of a resolution
    # was seen (the later rounds ask the same), the window fits at each
    resolution = {"5. Battles", "7. Next round"}
    mine = {"objective", "control", "cards", "placement"}
    play(until=lambda: resolution <= steps and mine <= phases)
    assert resolution <= steps and mine <= phases, (steps, phases)
    # And a five-clan game in its last round, played to the end, fits at each too
    small.close_game()
    assert small.load_game(str(late_rokugan_save(tmp_path, players=5)))
    state = small.session.state
    play(until=lambda: False)
    # Then the end screen fits
    assert state.is_terminal() and "5. Battles" in steps
    assert_fits(small, "end")
    # And the review of my game
    small.coach.hint_nodes = 30
    qtbot.mouseClick(small.end_screen.review_button, Qt.LeftButton)
    review = small.coach.review_screen
    qtbot.waitUntil(lambda: review.moments.count() > 0, timeout=60000)
    assert_fits(small, "review")
    qtbot.mouseClick(review.findChild(QPushButton, "reviewBack"), Qt.LeftButton)


def test_shinobi_fits_in_play_and_at_the_end(small, qtbot) -> None:
    # Given the game at its most players, me and computer clans
    seats = (Seat(HUMAN), *(Seat(AI, "random") for _ in range(4)))
    assert small.start_game(NewGameConfig("shinobi", seats, seed=3))
    # When I play it to the end, the window fits at every decision and step
    finish_game_by_picks(small, qtbot, random.Random(2), lambda: assert_fits(small, "shinobi play"))
    # Then the end screen fits too
    assert_fits(small, "shinobi end")


def test_rice_wars_fits_in_play_and_at_the_end(small, qtbot, tmp_path) -> None:
    # Given a game on the quick board at its most players, me and computer daimyo
    seats = (Seat(HUMAN), *(Seat(AI, "random") for _ in range(3)))
    assert small.start_game(NewGameConfig("ricewars", seats, map_ref="ricewars-quick", seed=3))
    state = small.session.state
    seen: set[str] = set()

    def check() -> None:
        screen = small.game_screen
        if screen.step_box.isVisible():
            fight = screen.step_title.text().startswith(("Combat at", "Duel"))
            seen.add("fight" if fight else "step")
        else:
            seen.add(PHASE_NAMES[state.phase])
        assert_fits(small, f"ricewars round {state.round} {seen}")

    # When I play it until I have met every kind of decision and resolution step (the
    # rounds after that ask the same), the window fits at each
    kinds = {"palace", "hire", "bid", "action", "fight", "step"}
    finish_game_by_picks(small, qtbot, random.Random(2), check, until=lambda: kinds <= seen)
    assert kinds <= seen, seen
    # And a game of four in its last round, played to the end, fits at each too
    small.close_game()
    assert small.load_game(str(late_ricewars_save(tmp_path, 7, HIRE, players=4)))
    state = small.session.state
    finish_game_by_picks(small, qtbot, random.Random(2), check)
    # Then the end screen fits too
    assert state.is_terminal()
    assert_fits(small, "ricewars end")


def test_words_grow_with_the_window_on_the_start_and_end_screens_and_the_menus(
    small, qtbot, tmp_path
) -> None:
    # Given the start screen with a saved game, and an end screen with scores
    small.settings.add_recent_game(write_save(tmp_path / "game.json", "rokugan"))
    autosave(small, "shinobi")
    small._update_actions()
    end = small.end_screen
    end.show_scores(
        ScoreTable(
            ("Honor", "Total"), (("Crab", (3.0, 3.0)), ("Lion", (5.0, 5.0))), ((3.0,), (5.0,))
        ),
        ["#1b2a41", "#e1b000"],
        ["Lion"],
    )
    start = small.start_screen
    words = {  # the screen each is on, and the widget
        "start button": (start, start.new_button),
        "start subtitle": (start, start.subtitle),
        "recent games": (start, start.recent),
        "continue": (start, start.continue_info),
        "menu bar": (start, small.menuBar()),
        "end title": (end, end.title),
        "end table": (end, end.table),
        "end button": (end, end.review_button),
        "chart": (end, end.chart),
    }

    def sizes() -> dict[str, int]:
        out = {}
        for name, (screen, widget) in words.items():
            small.stack.setCurrentWidget(screen)
            QApplication.processEvents()
            out[name] = QFontInfo(widget.font()).pixelSize()
        return out

    def heights() -> dict[str, int]:
        small.stack.setCurrentWidget(end)
        QApplication.processEvents()
        return {
            "start button": start.new_button.minimumSizeHint().height(),
            "end button": end.review_button.minimumSizeHint().height(),
            "end table row": end.table.rowHeight(0),
            "menu bar": small.menuBar().sizeHint().height(),
        }

    small_sizes, small_heights = sizes(), heights()
    # When the window grows to 2560 × 1440
    small.resize(2560, 1440)
    qtbot.waitUntil(lambda: small.width() == 2560, timeout=2000)
    big_sizes, big_heights = sizes(), heights()
    # Then every text is drawn about twice as big, and its buttons and rows with it
    for name, size in small_sizes.items():
        assert big_sizes[name] >= size * 1.8, (name, size, big_sizes[name])
    for name, height in small_heights.items():
        assert big_heights[name] >= height * 1.6, (name, height, big_heights[name])
    # And the start screen's text is sized in points (it grows with the screen's DPI too)
    assert start.new_button.font().pointSizeF() > 0 and start.subtitle.font().pointSizeF() > 0


def test_the_new_game_dialog_grows_with_the_window(small, qtbot) -> None:
    # Given the new-game dialog opened from a 1280 × 720 window, and from a 2560 × 1440 one
    def words() -> int:
        dialog = small.new_game_dialog()
        size = QFontInfo(dialog.game.font()).pixelSize()
        dialog.deleteLater()
        return size

    at_small = words()
    small.resize(2560, 1440)
    qtbot.waitUntil(lambda: small.width() == 2560, timeout=2000)
    # Then its words are about twice as big in the bigger window, as the menus' are
    assert words() >= at_small * 1.8
