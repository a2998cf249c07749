"""Shinobi's presentation: what the table shows to whom, what is lit, the words, the reveal."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.games.presentation import PUBLIC
from app.games.shinobi import GAME_UI
from app.games.shinobi.view import ARMY, PROVINCE, ShinobiView
from app.session import AI, HUMAN, GameSession, Seat
from engine.shinobi import SPEC
from engine.shinobi.actions import Attack, Deploy, PlayNinja
from engine.shinobi.cards import CLAN_NAMES, NINJA
from engine.shinobi.state import ShinobiState

SEATS = (Seat(HUMAN, name="Me"), Seat(AI, "easy"), Seat(AI, "easy"))


def position(text: str) -> ShinobiState:
    """A 3-player game starting from a textual position."""
    return SPEC.new_game(3, 1, {"position": text})


def shown(state: ShinobiState, qtbot, viewer: int | None = 0, interactive: bool = True):
    """A Shinobi view showing `state` to `viewer`."""
    session = GameSession(state, SEATS)
    view = ShinobiView()
    qtbot.addWidget(view)
    view.show_state(session, viewer, interactive)
    return view


ORDER_ONE = """
turn: player 0, order 1
deck: oda*4 mori*4
p0 oda: hand takeda ninja; province oda*3
p1 mori: hand uesugi*2; province takeda*2 mori*3
p2 takeda: hand hojo mori; province oda uesugi
"""


def test_the_view_draws_only_the_viewers_hand_and_allegiance(qtbot) -> None:
    # Given a position where every player holds different cards
    state = position(ORDER_ONE)
    # When player 2 looks at the table
    view = shown(state, qtbot, viewer=1, interactive=False)
    # Then the hand and the secret clan shown are player 2's, and every stack is counted
    assert {c: b.count for c, b in view.hand_buttons.items()} == {4: 2}
    assert view.allegiance.clan == 1
    assert [s.count for s in view.provinces[1].stacks] == [0, 3, 0, 2, 0]
    # When nobody is viewing (the hot-seat hand-over)
    view.show_state(GameSession(state, SEATS), None, False)
    # Then no hand and no allegiance are drawn at all
    assert view.hand_buttons == {} and view.allegiance.clan is None
    assert all("served" not in panel.title.text() for panel in view.provinces)


def test_a_ninja_lights_every_army_in_another_province(qtbot) -> None:
    # Given my first order with a Ninja in hand
    view = shown(position(ORDER_ONE), qtbot)
    # When I choose the Ninja
    qtbot.mouseClick(view.hand_buttons[NINJA], Qt.LeftButton)
    # Then exactly the armies of the other provinces are lit, none of mine
    lit = {(s.province, s.clan) for p in view.provinces for s in p.stacks if s.lit}
    assert lit == {(1, 1), (1, 3), (2, 2), (2, 4)}
    # And clicking one plays the Ninja on it
    with qtbot.waitSignal(view.action_chosen) as chosen:
        qtbot.mouseClick(view.provinces[2].stacks[4], Qt.LeftButton)
    assert chosen.args[0] == PlayNinja(4, 2)


def test_a_clan_card_lights_the_other_provinces_and_my_own_is_refused(qtbot) -> None:
    view = shown(position(ORDER_ONE), qtbot)
    qtbot.mouseClick(view.hand_buttons[3], Qt.LeftButton)
    assert {q for (kind, q, *_) in view._targets() if kind == PROVINCE} == {1, 2}
    assert view.provinces[1].styleSheet() != view.provinces[0].styleSheet()
    with qtbot.waitSignal(view.status) as refusal:
        view._on_province_clicked(0)
    assert "not your own" in refusal.args[0]
    # a click on any stack of a lit province deploys there too
    with qtbot.waitSignal(view.action_chosen) as chosen:
        qtbot.mouseClick(view.provinces[1].stacks[0], Qt.LeftButton)
    assert chosen.args[0] == Deploy(3, 1)


ORDER_TWO = ORDER_ONE.replace("order 1", "order 2")
# the same, but my province cannot attack (an army needs 2 cards): the turn ends after order 2
QUIET_ORDER_TWO = ORDER_TWO.replace("province oda*3", "province oda")


def test_a_move_starts_at_an_army_elsewhere_and_never_leaves_my_province(qtbot) -> None:
    view = shown(position(ORDER_TWO), qtbot)
    # When I click my own Oda army in the second order
    with qtbot.waitSignal(view.status) as refusal:
        qtbot.mouseClick(view.provinces[0].stacks[2], Qt.LeftButton)
    # Then it is refused: nothing moves out of one's own province
    assert "own province" in refusal.args[0]
    # When I click the Takeda army in player 2's province
    qtbot.mouseClick(view.provinces[1].stacks[3], Qt.LeftButton)
    assert view.selected == (ARMY, 1, 3)
    # Then every other province, mine included, is lit as a target
    assert {q for (kind, q, *_) in view._targets()} == {0, 2}
    with qtbot.waitSignal(view.action_chosen) as chosen:
        view._on_province_clicked(0)
    assert str(chosen.args[0]) == "move takeda 1 to 0"


ORDER_THREE = """
turn: player 0, order 3
deck: oda*4 mori*4
p0 oda: hand takeda; province oda*3
p1 mori: hand uesugi*2; province takeda*2 mori*3
p2 takeda: hand hojo mori; province oda uesugi
protected: uesugi@2
"""


def test_the_only_attacker_is_chosen_and_only_smaller_unprotected_armies_are_lit(qtbot) -> None:
    # Given my third order with one army able to attack (Oda, 3 cards)
    view = shown(position(ORDER_THREE), qtbot)
    # Then it is chosen at once, and only the smaller army of another clan is lit:
    # not Mōri (3, not smaller), not Oda (same clan), not Uesugi (received a card)
    assert view.selected == (ARMY, 0, 2)
    lit = {(s.province, s.clan) for p in view.provinces for s in p.stacks if s.lit}
    assert lit == {(1, 3)}
    assert view.provinces[2].stacks[4].protected
    with qtbot.waitSignal(view.status) as refusal:
        qtbot.mouseClick(view.provinces[1].stacks[1], Qt.LeftButton)
    assert "strictly smaller" in refusal.args[0]
    with qtbot.waitSignal(view.action_chosen) as chosen:
        qtbot.mouseClick(view.provinces[1].stacks[3], Qt.LeftButton)
    assert chosen.args[0] == Attack(3, 1, 2)


def test_an_own_army_that_may_not_attack_is_refused_for_the_engines_reason(qtbot) -> None:
    # Given my third order: Oda (3) may attack; Mōri (2) finds only bigger armies, its own
    # clan's or one fed this turn; Takeda (1) is too small to attack
    view = shown(
        position(
            """
            turn: player 0, order 3
            deck: oda*4 mori*4
            p0 oda: hand takeda; province oda*3 mori*2 takeda
            p1 mori: hand uesugi*2; province takeda*2 mori oda*2
            p2 takeda: hand hojo mori; province takeda*3 uesugi
            protected: uesugi@2
            """
        ),
        qtbot,
    )
    assert view.selected == (ARMY, 0, 2)
    # When I click my Mōri army, then my Takeda army
    with qtbot.waitSignal(view.status) as mori:
        qtbot.mouseClick(view.provinces[0].stacks[1], Qt.LeftButton)
    with qtbot.waitSignal(view.status) as takeda:
        qtbot.mouseClick(view.provinces[0].stacks[3], Qt.LeftButton)
    # Then the Mōri army has cards enough but nothing to attack; the Takeda army too few
    assert mori.args[0].startswith("Your Mōri army (2 cards) has nothing to attack now")
    assert "an army needs at least 2 cards" in takeda.args[0]


def test_an_attack_is_marked_on_the_table_after_it(qtbot) -> None:
    state = position(ORDER_THREE)
    state.apply_checked(Attack(3, 1, 2))
    view = shown(state, qtbot, viewer=0, interactive=False)
    assert view.provinces[1].stacks[3].marks == ["hit −1"]
    assert "Oda army attacked the Takeda" in view.last_turn.text()


def test_the_log_names_drawn_cards_only_to_the_player_who_drew_them() -> None:
    # Given my second order; no attack will be possible, so the turn ends with the draw
    state = position(QUIET_ORDER_TWO)
    state.apply_checked(Deploy(3, 0))
    # Then everybody reads the deployment and the number of cards drawn
    public = GAME_UI.public_description(state, Deploy(3, 0), 0)
    assert public == (
        "Player 1 deploys a Takeda card to their own province. Player 1 draws 3 cards."
    )
    # And only I read which cards they were (the deck's top: Oda, Oda, Oda)
    private = GAME_UI.describe_action(state, Deploy(3, 0), 0)
    assert private == "You deploy a Takeda card to your own province. You draw Oda, Oda, Oda."
    assert "Oda" not in public.replace("Takeda", "")
    # And the turn's end is an undo barrier, a mid-turn order is not
    assert state.revealed_hidden()
    mid = position(ORDER_ONE)
    mid.apply_checked(Deploy(3, 1))
    assert not mid.revealed_hidden()
    assert "draws" not in GAME_UI.public_description(mid, Deploy(3, 1), 0)


def test_drawing_the_last_card_announces_the_last_round() -> None:
    state = position(QUIET_ORDER_TWO.replace("deck: oda*4 mori*4", "deck: oda"))
    before = state.clone()
    state.apply_checked(Deploy(3, 0))
    steps = GAME_UI.resolution_steps(before, Deploy(3, 0), state)
    assert [s.title for s in steps] == ["The deck is empty"]
    assert "The last round begins" in steps[0].lines[0]
    # the action's own line does not tell it again (it did, beside the step, before)
    assert "last round" not in GAME_UI.public_description(state, Deploy(3, 0), 0)
    # and the log tells it once, for the drawer and everybody else
    for viewer in (0, PUBLIC):
        beats = GAME_UI.story(before, Deploy(3, 0), state, 0, viewer)
        lines = [line.text for beat in beats for line in beat.lines]
        assert sum("last round begins" in line for line in lines) == 1, lines


FINAL_TURN = """
turn: player 0, order 2
deck: -
final: 1
p0 oda: hand oda; province oda mori*2
p1 mori: hand -; province mori*2 oda*2
p2 takeda: hand -; province uesugi*5 takeda*2
"""


def test_the_reveal_explains_the_ownerless_clan_and_the_tie_break() -> None:
    # Given the last turn of the game; Uesugi (ownerless) leads, Oda and Mōri will tie at 4
    state = position(FINAL_TURN)
    before = state.clone()
    # When I deploy my last card to my own province and the game ends
    state.apply_checked(Deploy(2, 0))
    assert state.is_terminal()
    steps = GAME_UI.resolution_steps(before, Deploy(2, 0), state)
    # Then the reveal comes in three steps: allegiances, totals, the winner and why
    assert [s.title for s in steps] == [
        "1. Allegiances revealed",
        "2. Clan totals on the table",
        "3. The winner",
    ]
    assert steps[0].lines[0] == "Player 1 served the Oda."
    assert steps[1].lines[0] == "Uesugi: 5 cards (served by nobody)."
    winner = " ".join(steps[2].lines)
    assert "nobody serves them" in winner
    assert "Tie at 4 cards" in winner and "Player 1 2, Player 2 2" in winner
    # the home armies tie too (Oda 2 at home, Mōri 2 at home): the win is shared
    assert "Player 1 and Player 2 share the win" in winner
    assert steps[2].highlight == ("0", "1")
    # And the end table: own clan at home, then the clan total (the decisive figure)
    table = GAME_UI.score_table(state)
    assert table.columns == ("Own clan at home", "Clan total")
    assert table.rows[0] == (f"Player 1 ({CLAN_NAMES[2]})", (2.0, 4.0))
    assert table.rows[2][1] == (2.0, 2.0)


def test_the_end_chart_follows_each_clan_round_by_round() -> None:
    # Given three rounds of a 3-player game
    state = SPEC.new_game(3, 4, {})
    while state.turns < 9:
        state.apply(state.legal_actions()[0])
    # Then the chart has one point per player and round: their clan's table total
    from engine.core import scores_by_round

    history = scores_by_round(state)
    assert [len(row) for row in history] == [3, 3, 3]
    assert [row[-1] for row in history] == [state.clan_total(state.allegiance(p)) for p in range(3)]


def test_the_rules_window_has_a_shinobi_tab() -> None:
    from app.widgets.rules_dialog import rules_pages

    pages = dict(rules_pages())
    assert "Shinobi" in pages
    assert "strictly smaller" in pages["Shinobi"] and "Daimyo:" in pages["Shinobi"]


def test_the_last_round_is_announced_on_the_table(qtbot) -> None:
    # Given the deck is empty with two turns left
    view = shown(position(FINAL_TURN.replace("final: 1", "final: 2")), qtbot)
    # Then the banner says so, and the order line says nobody draws
    assert not view.last_round.isHidden()
    assert view.last_round.text() == "Last round: 2 turns left, no more draws"
    assert "No draw in the last round." in view.orders.text()
    # And before the deck runs out there is no banner
    assert shown(position(ORDER_ONE), qtbot).last_round.isHidden()


def test_orders_read_as_words_for_everybody() -> None:
    # Given the first, second and third orders of one turn
    state = position(ORDER_ONE)
    lines = []
    for text in ("ninja mori at 1", "move takeda 1 to 2", "attack uesugi at 2 with oda"):
        action = SPEC.parse_action(text)
        state.apply_checked(action)
        lines.append(GAME_UI.public_description(state, action, 0))
    # Then each names the player, the clans and the provinces, never an allegiance
    assert lines == [
        "Player 1 plays a Ninja on the Mōri army in Player 2's province: a card is removed "
        "(2 left).",
        "Player 1 moves a Takeda card from Player 2's province to Player 3's province.",
        "Player 1's Oda army (3) attacks the Uesugi army (1) in Player 3's province: one card "
        "removed (0 left). Player 1 draws 3 cards.",
    ]


def test_a_suggested_move_stays_ringed_until_cleared_and_the_legend_names_it(qtbot) -> None:
    # Given my first order and a hint suggesting a deploy to player 2's Mori army
    state = position(ORDER_ONE)
    view = shown(state, qtbot)
    session = GameSession(state, SEATS)
    stack = view.provinces[1].stacks[1]
    # When the hint lights it
    view.show_suggestion(("1:1",), "adds a card to Mori", group="hint")
    # Then it is ringed, and still is after the old 1.6 s flash would have faded and a redraw
    qtbot.wait(1800)
    view.show_state(session, 0, True)
    assert stack.suggestion == "adds a card to Mori"
    assert "Suggested: adds a card to Mori" in stack.toolTip()
    assert all(s.suggestion is None for p in view.provinces for s in p.stacks if s is not stack)
    # When the same group is shown again with nothing
    view.show_suggestion((), group="hint")
    # Then the ring and its words go
    assert stack.suggestion is None and "Suggested" not in stack.toolTip()
    # And the legend, one hover away, says what a white ring means
    assert "white ring" in view.legend.toolTip() and "last order" in view.legend.toolTip()


def test_the_seats_names_on_the_table_follow_a_new_language(qtbot) -> None:
    from app.widgets.language import apply_language

    # Given the table shown to a person without a name of their own, beside two AI seats
    seats = (Seat(HUMAN), Seat(AI, "easy"), Seat(AI, "normal"))
    view = ShinobiView()
    qtbot.addWidget(view)
    try:
        apply_language("de")
        view.show_state(GameSession(position(ORDER_ONE), seats), 0, True)
        assert "— Du" in view.provinces[0].title.text()
        assert "— KI Leicht" in view.provinces[1].title.text()
        # When the language changes while it shows
        apply_language("pt")
        qtbot.waitUntil(lambda: "Jogador 1" in view.provinces[0].title.text())
        # Then the seats are named in the new language, nothing left in the old one
        titles = [panel.title.text() for panel in view.provinces]
        assert "— Você" in titles[0] and "— IA Normal" in titles[2], titles
        assert not any("Du" in t or "KI " in t for t in titles), titles
    finally:
        apply_language("en")
