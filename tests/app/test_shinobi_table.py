"""The Shinobi table tells the story: clans in colours everybody tells apart with their
marks, each province's leading clan at a glance, clicks on nothing answered with why,
orders flashed on the table, the last moves ringed, a log in a player's words."""

from __future__ import annotations

import random
import re

from PySide6.QtCore import QPoint, Qt

from app.games.presentation import EVERYTHING, PUBLIC
from app.games.shinobi import GAME_UI
from app.games.shinobi.cards import card_colours, clan_mark
from app.games.shinobi.view import ShinobiView, leader_of
from app.palette import SHINOBI_CLANS
from app.session import GameSession
from engine.shinobi import SPEC
from engine.shinobi.actions import Attack
from engine.shinobi.cards import CLAN_NAMES, NUM_CLANS
from tests.app.test_shinobi_view import ORDER_ONE, SEATS, position, shown

ORDER_THREE = """
turn: player 0, order 3
deck: oda*4 mori*4
p0 oda: hand takeda; province oda*3 hojo
p1 mori: hand uesugi*2; province takeda*2 mori*3
p2 takeda: hand hojo mori; province oda uesugi
"""


def test_clans_have_the_palettes_colours_and_distinct_marks(qtbot) -> None:
    view = shown(position(ORDER_ONE), qtbot)
    # Then every stack is painted in its clan's palette colour, and the marks differ
    for panel in view.provinces:
        for stack in panel.stacks:
            fill, ink = card_colours(stack.clan)
            assert fill.name() == SHINOBI_CLANS[stack.clan].colour
            assert ink.name() == SHINOBI_CLANS[stack.clan].ink
    marks = [clan_mark(c) for c in range(NUM_CLANS)]
    assert len(set(marks)) == NUM_CLANS


def test_each_province_shows_its_leading_clan_at_a_glance(qtbot) -> None:
    # Given Player 2's province: Mōri 3, Takeda 2; Player 3's: Oda 1, Uesugi 1 (a tie)
    view = shown(position(ORDER_ONE), qtbot)
    obs = view.observation
    # Then the leader is the largest army, a tie leads nobody
    assert leader_of(obs, 1) == 1 and leader_of(obs, 2) is None
    # And the province wears the leader's colour and names it with its mark and size
    panel = view.provinces[1]
    assert panel.leader == 1
    assert SHINOBI_CLANS[1].colour in panel.styleSheet()
    assert "MO 3" in panel.lead.text()
    assert "MO" not in view.provinces[2].lead.text().replace("in hand", "")


def test_a_click_on_nothing_or_on_a_dark_army_changes_nothing_and_says_why(qtbot) -> None:
    # Given my first order, nothing chosen yet
    state = position(ORDER_ONE)
    view = shown(state, qtbot)
    history = list(state.history)
    # When I click the table beside the provinces
    with qtbot.waitSignal(view.status) as said:
        qtbot.mouseClick(view, Qt.LeftButton, pos=QPoint(view.width() - 5, view.height() - 5))
    # Then nothing is played and the status bar says what to click
    assert "Nothing there" in said.args[0]
    assert list(state.history) == history and view.selected is None
    # When I click an army while a first order needs a card from my hand
    with qtbot.waitSignal(view.status) as said:
        qtbot.mouseClick(view.provinces[1].stacks[1], Qt.LeftButton)
    assert "choose a card from your hand" in said.args[0]
    assert list(state.history) == history
    # When it is not my turn, a click only says whose turn it is
    view.show_state(GameSession(state, SEATS), 1, False)
    with qtbot.waitSignal(view.status) as said:
        qtbot.mouseClick(view.provinces[0].stacks[2], Qt.LeftButton)
    assert said.args[0].startswith("Not your turn")


def test_an_attack_is_flashed_on_the_table_at_the_ai_pace(qtbot) -> None:
    # Given the table before an attack, at an AI pace that animates
    state = position(ORDER_THREE)
    view = shown(state, qtbot, viewer=1, interactive=False)
    view.animation_ms = 400
    # When the attack is played and the view shows it
    state.apply_checked(Attack(3, 1, 2))
    view.show_state(GameSession(state, SEATS), 1, False)
    # Then the attacked army and the attacker flash while the animation runs
    assert view.animating()
    hit = view.provinces[1].stacks[3]
    attacker = view.provinces[0].stacks[2]
    qtbot.waitUntil(lambda: hit.flash > 0.3 and attacker.flash > 0.3, timeout=2000)
    assert hit.count == 1
    # And Skip all ends it at once
    view.skip_animation()
    assert not view.animating() and hit.flash == 0 and attacker.flash == 0


def test_last_moves_are_ringed_and_log_places_flash(qtbot) -> None:
    view = shown(position(ORDER_ONE), qtbot)
    # When the game screen passes each computer seat's last move
    view.set_last_actions({1: ("#455a64", ("2:4", "1:1"), "Player 2's last move")})
    # Then those armies are ringed in the seat's colour, the others not
    ringed = {(p.province, s.clan) for p in view.provinces for s in p.stacks if s.ring}
    assert ringed == {(2, 4), (1, 1)}
    # When a log line's places are shown, its army flashes
    view.show_places(("2:4",))
    stack = view.provinces[2].stacks[4]
    qtbot.waitUntil(lambda: stack.flash > 0.2, timeout=2000)


def test_the_story_says_you_keeps_secrets_and_names_no_id() -> None:
    # Given a whole 5-player game played by the first legal order
    state = SPEC.new_game(5, 3, {})
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    told = {v: [line.text for line in GAME_UI.story_so_far(state, v)]
            for v in (0, PUBLIC, EVERYTHING)}  # fmt: skip
    for viewer, lines in told.items():
        assert len(lines) > 60
        for line in lines:
            # Then no line names a seat or a card by an internal number
            assert not re.search(r"#\d|\bp\d\b|\bseat \d", line), line
        # and before the reveal nobody's clan is named, but one's own to oneself
        reveal = next(i for i, line in enumerate(lines) if "Allegiances revealed" in line)
        for line in lines[:reveal]:
            assert " served " not in line
            if viewer != 0:
                assert "(your clan)" not in line
    mine = CLAN_NAMES[state.allegiance(0)]
    assert any(re.search(f"{mine} (card |army )?\\(your clan\\)", line) for line in told[0])
    assert any(line.startswith("You ") for line in told[0])
    assert not any(re.search(r"\b[Yy]ou\b", line) for line in told[PUBLIC])
    # And only the drawer (and everything) reads which cards were drawn
    assert any(re.search(r"You draw \w", line) for line in told[0])
    named = re.compile(r"Player 2 draws (Go|Mō|Oda|Ta|Ue|Ninja)")
    assert any(named.search(line) for line in told[EVERYTHING])
    assert not any(named.search(line) for line in told[PUBLIC])
    # And after each round a summary says what it did to the viewer's clan
    assert any(line.startswith("Round 1 over — For you: ") for line in told[0])
    assert any(line.startswith("Round 1 over — on the table: ") for line in told[PUBLIC])


def test_the_table_grows_with_the_window(qtbot) -> None:
    state = position(ORDER_ONE)
    small = shown(state, qtbot)
    big = ShinobiView()
    qtbot.addWidget(big)
    big.set_ui_scale(2.0)
    big.show_state(GameSession(state, SEATS), 0, True)
    # Then stacks, hand cards and the allegiance card are twice the size
    assert big.provinces[0].stacks[0].height() >= 2 * small.provinces[0].stacks[0].height() - 2
    card = next(iter(big.hand_buttons.values()))
    assert card.height() >= 2 * next(iter(small.hand_buttons.values())).height() - 2
    assert big.allegiance.width() >= 2 * small.allegiance.width() - 2


def _signed(text: str) -> int:
    return 0 if text == "±0" else int(text.replace("−", "-"))


def test_round_summaries_count_from_round_start_to_round_end() -> None:
    # Given a whole 4-player game, and the engine's table at each round's end replayed
    # from the setup (round 0: the deal)
    state = SPEC.new_game(4, 3, {})
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    replay = SPEC.new_game(4, 3, {})
    ends = [replay.clone()]
    for action in state.history:
        turns = replay.turns
        replay.apply(action)
        if replay.turns != turns and replay.turns % 4 == 0:
            ends.append(replay.clone())
    n_rounds = 0
    for viewer in range(4):
        clan = state.allegiance(viewer)
        for line in GAME_UI.story_so_far(state, viewer):
            match = re.match(
                r"Round (\d+) over — For you: the .+ \(your clan\) have (\d+) cards? on the "
                r"table \((±0|[+−]\d+)\); your province holds (\d+) \((±0|[+−]\d+)\)\.$",
                line.text,
            )
            if not match:
                assert not line.text.startswith("Round "), line.text
                continue
            # When a round's summary is read, Then its figures are the engine's
            number = int(match[1])
            start, end = ends[number - 1], ends[number]
            total, home = int(match[2]), int(match[4])
            home_of = [sum(s.army(viewer, c) for c in range(NUM_CLANS)) for s in (start, end)]
            assert total == end.clan_total(clan), line.text
            assert _signed(match[3]) == end.clan_total(clan) - start.clan_total(clan), line.text
            assert home == home_of[1], line.text
            assert _signed(match[5]) == home_of[1] - home_of[0], line.text
            assert ("1 cards" not in line.text) and ("have 1 card " in line.text) == (total == 1)
            n_rounds += 1
    assert n_rounds >= 4 * 6
    # And the public summary's figures are the engine's too
    summaries = [line.text for line in GAME_UI.story_so_far(state, PUBLIC)
                 if re.match(r"Round \d+ over — ", line.text)]  # fmt: skip
    assert len(summaries) == len(ends) - 1 - (state.turns % 4 == 0)
    for text in summaries:
        number = int(text.split()[1])
        figures = re.findall(r"([\w-]+) (\d+) \((±0|[+−]\d+)\)", text)
        assert [name for name, _, _ in figures] == list(CLAN_NAMES)
        for c, (_, count, change) in enumerate(figures):
            assert int(count) == ends[number].clan_total(c)
            assert _signed(change) == ends[number].clan_total(c) - ends[number - 1].clan_total(c)
