"""The pseudo-language walk of a Rice Wars game: in the test locale that marks every message
⟦like this⟧, every text of the game screen is marked at each decision (hiring, the sealed
bid, attacks and bonuses, the prompts and the choice row, the daimyo boards and the panel),
every resolution step (fights card by card, auctions, income, the draw, the end) and every
log line, and the end screen; names of fields, cards, advisors and players aside."""

from __future__ import annotations

import random
import re

from app.games.ricewars.picks import BID
from app.palette import RICEWARS_COLOURS
from engine.ricewars.data import ADVISORS, CARDS
from engine.ricewars.state import ACTION, HIRE
from tests.app.real_saves import late_ricewars_save
from tests.app.test_i18n_pseudo import bare, texts
from tests.app.test_i18n_pseudo import pseudo as pseudo  # noqa: F401 - the fixture
from tests.app.test_ricewars_game import decide

PLAYER = "Aiko"
NAMES = {PLAYER, *(c.name for c in CARDS), *(a.name for a in ADVISORS)}
NAMES |= {c.mark for c in RICEWARS_COLOURS.values()}
"""The player's own name, the cards' and advisors' Japanese names, the colours' marks."""
KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]+")


def unmarked_here(found: list[tuple[str, str]], fields: list[str]) -> list[str]:
    """`bare` words of each text once the names of fields, cards, advisors and the player,
    and kanji, are taken out."""
    out = []
    for where, text in found:
        text = KANJI.sub(" ", text)
        for name in sorted({*NAMES, *fields}, key=len, reverse=True):
            text = text.replace(name, " ")
        if bare(text):
            out.append(f"{where}: {bare(text)!r} in {text!r}")
    return out


def walk(window, qtbot, done) -> tuple[list[str], set[str], set[str]]:
    """Play by clicks until `done(steps)` or the end screen, looking at every decision and
    resolution step: (what was unmarked, the kinds of decision met, the step titles)."""
    screen, state = window.game_screen, window.session.state
    fields = list(state.board.names)
    rng = random.Random(3)
    seen: list[str] = []
    moments: set[str] = set()
    steps: set[str] = set()

    def at_end() -> bool:
        return window.stack.currentWidget() is window.end_screen

    while not at_end() and not done(steps):
        qtbot.waitUntil(
            lambda: window.controller.human_to_act or screen.step_box.isVisible() or at_end(),
            timeout=30000,
        )
        if at_end():
            break
        if screen.step_box.isVisible():
            steps.add(screen.step_title.text())
            found = [("step", screen.step_title.text()), ("step", screen.step_text.text())]
            seen += unmarked_here(found + texts(screen.view), fields)
            screen.continue_button.click()
            continue
        view = screen.view
        if state.phase == HIRE:
            moments.add("hiring")
        elif any(p.kind == BID for p in view.tree.options()):
            moments.add("bid")
        elif state.phase == ACTION:
            moments.add("action")
        elif state.fight is not None:
            moments.add("fight")
        seen += unmarked_here(texts(view), fields)
        decide(window, qtbot, rng)
    seen += unmarked_here([("log", line) for line in window.controller.log_texts()], fields)
    return sorted(set(seen)), moments, steps


def test_hiring_the_auction_and_a_fight_are_all_marked(
    window,
    pseudo,
    qtbot,
    tmp_path,
) -> None:
    # Given a Rice Wars game in the pseudo-language at my hiring in round 5 (an auction round)
    assert window.load_game(str(late_ricewars_save(tmp_path, 5, HIRE, name=PLAYER)))
    # When I play on by clicks until a fight was retold to its result
    seen, moments, steps = walk(window, qtbot, lambda steps: "⟦Result⟧" in steps)
    # Then every word of every decision, resolution step and log line was marked: the
    # hiring, the sealed bid, the actions, the fight's steps
    assert {"hiring", "bid", "action"} <= moments, (moments, steps)
    assert {"⟦Cards revealed⟧", "⟦Result⟧"} <= steps
    assert seen == []


def test_the_last_round_its_end_and_the_end_screen_are_all_marked(
    window,
    pseudo,
    qtbot,
    tmp_path,
) -> None:
    # Given a Rice Wars game in the pseudo-language at my first action of the last round
    assert window.load_game(str(late_ricewars_save(tmp_path, 7, ACTION, name=PLAYER)))
    # When I play it to the end by clicks
    seen, moments, steps = walk(window, qtbot, lambda steps: False)
    # Then every word was marked, the game's end step and the end screen too
    assert "action" in moments and "⟦Game over⟧" in steps
    assert seen == []
    fields = list(window.session.state.board.names)
    assert unmarked_here(texts(window.end_screen), fields) == []


def test_the_rules_of_rice_wars_are_all_marked(pseudo) -> None:
    # Given Help → Rules for Rice Wars in the pseudo-language
    from app.games.ricewars import GAME_UI

    page = GAME_UI.rules_html()
    # Then every heading, paragraph, list item and table cell is marked (names aside)
    cells = re.split(r"<(?:h\d|p|li|td|th)[^>]*>", page)
    assert len(cells) > 60
    assert unmarked_here([("rules", cell) for cell in cells], []) == []
