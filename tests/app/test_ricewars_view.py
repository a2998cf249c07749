"""Rice Wars presentation: picks for every legal action, log lines that keep secrets,
fights retold with the engine's strengths, undo barriers, the view for one viewer, scores."""

from __future__ import annotations

import random
from collections.abc import Callable
from html import unescape

import pytest
import shiboken6

from app.games import game_ui
from app.games.base import EVERYTHING, PUBLIC, plain
from app.games.ricewars import decisions, fights, narrate
from app.games.ricewars.picks import PickTree, picks_of
from app.session import AI, HUMAN, GameSession, Seat
from engine.ricewars import actions as A
from engine.ricewars.observation import purse_estimate
from engine.ricewars.state import BID, HIRE, MODIFY, RiceWarsState

pytest.importorskip("maps.api")


def new_state(players: int = 3, seed: int = 1) -> RiceWarsState:
    from engine.registry import get_game
    from maps.api import load_graph

    return get_game("ricewars").new_game(players, seed, {}, load_graph("ricewars-quick"))


def play_until(
    state: RiceWarsState, stop: Callable[[RiceWarsState], bool], seed: int = 0, limit: int = 3000
) -> RiceWarsState:
    """Random legal actions (attacks and bonus cards preferred) until `stop(state)`."""
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(state) or state.is_terminal():
            return state
        legal = state.legal_actions()
        keen = [a for a in legal if isinstance(a, (A.Attack, A.Bonus, A.Hire))]
        state.apply(rng.choice(keen) if keen and rng.random() < 0.5 else rng.choice(legal))
    raise AssertionError("the position was never reached")


def line(state: RiceWarsState, action, player: int, viewer: int) -> str:  # noqa: ANN001
    """The log line of the last action (`action`, by `player`) as `viewer` reads it."""
    return decisions.describe(narrate.previous(state), action, state, player, viewer)


def test_every_legal_action_has_its_own_picks_and_the_tree_gives_it_back() -> None:
    # Given a whole random game
    state = new_state()
    rng = random.Random(3)
    checked = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        tree = PickTree(legal, state.board.index)
        sequences = [picks_of(a, state.board.index) for a in legal]
        # Then no two actions share picks, none is the start of another, and picking the
        # sequence through the tree gives that action
        assert len(set(sequences)) == len(sequences)
        for seq in sequences:
            assert not any(other != seq and other[: len(seq)] == seq for other in sequences)
        for action in rng.sample(legal, min(4, len(legal))):
            tree.reset()
            result = None
            for pick in picks_of(action, state.board.index):
                assert pick in tree.options()
                result = tree.pick(pick)
            assert result == action
            checked += 1
        state.apply(rng.choice(legal))
    assert checked > 300


def test_a_sealed_bid_and_a_face_down_card_stay_secret_in_the_public_log() -> None:
    # Given a game in the auction
    state = play_until(new_state(), lambda s: s.phase == BID)
    player = state.current_player()
    amount = state.money[player]
    # When the bidder bids everything
    state.apply(A.Bid(amount))
    # Then only the bidder's own line names the amount
    assert line(state, A.Bid(amount), player, player) == f"You bid {amount} Ryo (sealed)."
    assert line(state, A.Bid(amount), player, PUBLIC).endswith("places a sealed bid.")
    assert f"{amount} Ryo" in line(state, A.Bid(amount), player, EVERYTHING)

    # Given a combat's bonus step
    state = play_until(new_state(seed=2), lambda s: s.phase == MODIFY and bool(s.hands[s.cur]))
    player = state.current_player()
    card = narrate.CARDS[state.hands[player][0]]
    state.apply(A.Bonus(card.id))
    # Then the others read "a card face down", the player reads its name
    assert card.name in line(state, A.Bonus(card.id), player, player)
    public = line(state, A.Bonus(card.id), player, PUBLIC)
    assert card.name not in public and "face down" in public


def test_a_finished_combat_is_retold_with_the_engines_strengths() -> None:
    # Given a combat whose next action ends it
    for seed in range(40):
        state = play_until(new_state(seed=seed), lambda s: s.fight is not None, seed=seed)
        if state.is_terminal():
            continue
        while state.fight is not None:
            before = state.clone()
            action = random.Random(seed).choice(state.legal_actions())
            state.apply(action)
        fight = state.last_fight
        if fight is None or fight.kind != "combat" or not fight.revealed:
            continue
        # When the steps are made
        steps = fights.resolution_steps(before, action, state, EVERYTHING)
        titles = [s.title for s in steps]
        # Then they tell the attack, the cards and the result; the strengths are the engine's
        assert titles[0].startswith("Combat at ") and "Result" in titles
        reveal = steps[titles.index("Cards revealed")]
        picture = reveal.show.fight
        assert picture is not None and fight.strengths is not None
        assert picture.strengths == fight.strengths
        itemised = tuple(sum(p.amount for p in fight.parts[side]) for side in (0, 1))
        assert itemised == fight.strengths
        assert reveal.fields == (fight.field,)
        return
    raise AssertionError("no revealed combat in 40 games")


def test_a_fight_is_told_once_and_its_steps_show_the_lines_of_the_log() -> None:
    ui = game_ui("ricewars")
    fights_told = 0
    for seed in range(3):
        # Given random games to round 4, their fights included (3 players; with 2 the
        # neutral defends with a card drawn face down)
        for players in (3, 2):
            state = play_until(new_state(players, seed), lambda s: s.round >= 4, seed=seed)
            for viewer in (0, PUBLIC, EVERYTHING):
                # When the story is told as the game went
                replay = state.clone()
                while replay.history:
                    replay.undo()
                log: list[str] = []
                for action in state.history:
                    before = replay.clone()
                    player = replay.current_player()
                    replay.apply(action)
                    for beat in ui.story(before, action, replay, player, viewer):
                        log.extend(line.text for line in beat.lines)
                        step = beat.step
                        if step is None or not step.title.startswith(("Combat at", "Duel")):
                            continue
                        # Then the steps showing the attack and the bonuses on the board
                        # show the lines the log told as they were played
                        fights_told += 1
                        shown = [unescape(plain(text)) for text in step.lines]
                        assert shown and all(text in log for text in shown)
                # and the log tells no fight decision a second time
                for text in log:
                    assert not text.startswith(("Combat at", "Duel")), text
                    if text.startswith(("Bonuses", "The answer")):  # only what was not told
                        assert text == "Bonuses — Neutral draws one card face down as its bonus."
                    if " defend" in text:
                        assert " with the peasant " in text, text
    assert fights_told > 20


def test_undo_barriers_are_draws_reveals_and_new_rounds_not_hiring() -> None:
    state = play_until(new_state(), lambda s: s.phase == HIRE and s.round == 2)
    hire = next(a for a in state.legal_actions() if isinstance(a, A.Hire))
    state.apply(hire)
    assert not state.revealed_hidden()
    # the last pass of a round ends it: cards are drawn, a new round begins
    state = play_until(new_state(seed=4), lambda s: s.round == 2 and s.phase == HIRE)
    walk = state.clone()
    walk.undo()
    assert walk.round == 1
    assert state.revealed_hidden()


def session_for(state: RiceWarsState, seats: list[Seat]):  # noqa: ANN201
    from maps.api import shipped_map_path

    return GameSession(state, seats, shipped_map_path("ricewars-quick"))


def test_the_view_shows_my_hand_and_hides_the_opponents_face_down_cards(qtbot) -> None:
    # Given a combat in which both sides played a card face down
    def both_played(s: RiceWarsState) -> bool:
        return s.fight is not None and all(s.fight["cards"]) and not s.fight["revealed"]

    state = None
    for seed in range(30):
        candidate = play_until(new_state(seed=seed), both_played, seed=seed)
        if not candidate.is_terminal():
            state = candidate
            break
    assert state is not None
    me = state.fight["att"]
    session = session_for(state, [Seat(HUMAN) if p == me else Seat(AI) for p in range(3)])
    view = game_ui("ricewars").create_view()
    qtbot.addWidget(view)
    # When I look at it
    view.show_state(session, me, False)
    # Then my hand is shown card by card, my face-down card by name, theirs face down
    assert sorted(view.card_buttons) == sorted(narrate.CARDS[c].id for c in state.hands[me])
    mine = narrate.CARDS[state.fight["cards"][0][0]]
    theirs = narrate.CARDS[state.fight["cards"][1][0]]
    panel = view.panel.text()
    assert mine.name in panel and "face down" in panel
    assert theirs.name not in panel or theirs.name == mine.name
    # and the daimyo boards show my Ryo, and another's only as the public estimate
    # (rulebook: "Eigene Geldscheine werden geheim auf dem Tisch gehalten")
    for seat, label in view.daimyo_boards.items():
        if seat == state.neutral:
            continue
        low, high = purse_estimate(state.money[seat])
        shown = str(state.money[seat]) if seat == me or low == high else f"{low}–{high}"
        assert f"Ryo <b>{shown}</b>" in label.text()
    # When nobody looks (hot seat hand-over) no hand is shown
    view.show_state(session, None, False)
    assert view.card_buttons == {}


def test_the_scenario_shows_the_neutral_player_and_its_score_row(qtbot) -> None:
    # Given a finished 2-player game (the neutral is the third colour)
    state = play_until(new_state(players=2, seed=3), lambda s: False, limit=6000)
    assert state.is_terminal()
    ui = game_ui("ricewars")
    table = ui.score_table(state)
    # Then the score table has a row for the neutral; its total is the fields, which with
    # the wealth before it make the engine's score (the wealth breaks a tie in fields)
    assert [label for label, _ in table.rows][2] == "Neutral"
    assert table.columns[-2:] == ("Wealth", "Fields")
    for s, (_, values) in enumerate(table.rows[:2]):
        assert values[-1] == state.fields_of(s)
        assert values[-1] + values[-2] / 1000 == pytest.approx(state.score(s), 1e-3)
    assert len(table.history) == 3 and len(table.history[0]) == state.board.rounds
    session = session_for(state, [Seat(HUMAN), Seat(AI)])
    view = ui.create_view()
    qtbot.addWidget(view)
    view.show_state(session, 0, False)
    assert "Neutral" in view.daimyo_boards[2].text()
    assert "neutral" in ui.setup_note(2, "ricewars-quick") and not ui.setup_note(3, None)


def test_the_rules_window_has_a_rice_wars_tab(qapp) -> None:
    from app.widgets.rules_dialog import rules_pages

    pages = dict(rules_pages())
    assert "Rice Wars" in pages and "peasant rule" in pages["Rice Wars"]
    assert "Shouri" in pages["Rice Wars"] and "Geisha" in pages["Rice Wars"]


def test_only_the_thief_reads_which_card_shinobi_stole() -> None:
    # Given a position where Shinobi (steal a card) can be played
    def can_steal(s: RiceWarsState) -> bool:
        return any(
            isinstance(a, A.Play) and narrate.card_of(a.card).op == "steal_card"
            for a in s.legal_actions()
        )

    for seed in range(40):
        state = play_until(new_state(seed=seed), can_steal, seed=seed)
        if not state.is_terminal():
            break
    thief = state.current_player()
    steal = next(
        a
        for a in state.legal_actions()
        if isinstance(a, A.Play) and narrate.card_of(a.card).op == "steal_card"
    )
    before = set(state.hands[thief])
    # When the thief plays it
    state.apply(steal)
    taken = narrate.CARDS[(set(state.hands[thief]) - before).pop()]
    # Then the thief's line and the victim's name the card, everybody else's does not
    victim = int(steal.args[0][1:])
    assert taken.name in line(state, steal, thief, thief)
    assert taken.name in line(state, steal, thief, victim)
    assert "your" in line(state, steal, thief, victim) or "you" in line(state, steal, thief, victim)
    bystanders = [s for s in range(state.n) if s not in (thief, victim)]
    for viewer in (PUBLIC, *bystanders):
        told = line(state, steal, thief, viewer)
        assert "takes a card" in told and taken.name not in told.split("takes")[1]


def test_a_closed_views_board_scene_is_deleted_with_it_not_left_to_the_collector(qtbot) -> None:
    # Given a Rice Wars view showing a game's board
    state = new_state(players=2, seed=3)
    view = game_ui("ricewars").create_view()
    qtbot.addWidget(view)
    view.show_state(session_for(state, [Seat(HUMAN), Seat(AI)]), 0, False)
    scene = view.scene
    # When the game closes (the app deletes the game screen and the view with it)
    shiboken6.delete(view)
    # Then the scene went with it, in this (the GUI) thread: none is left for the garbage
    # collector, which may run in a bot's thread (a scene freed there crashed the app)
    assert not shiboken6.isValid(scene)
