"""The Rice Wars board tells the story: owners' colours, pieces inside their fields, legible
at 1280 × 720, clicks that only pick lit fields, fights stepped on the board, a log in a
player's words (AI hiring included) with no internal ids."""

from __future__ import annotations

import random
import re
from itertools import combinations
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QApplication

from app.board.scene import NAME_SIZE
from app.games import game_ui
from app.games.base import EVERYTHING, PUBLIC
from app.games.ricewars import story
from app.games.ricewars.board import BADGE_FONT
from app.games.ricewars.fights import BoardPicture, StepShow
from app.games.ricewars.panel import swatch
from app.games.ricewars.picks import FIELD
from app.games.ricewars.view import SIDE_WIDTH
from app.palette import MIN_DELTA_E, VISIONS, difference
from app.session import AI, HUMAN, GameSession, NewGameConfig, Seat
from engine.ricewars.data import ADVISORS, CARDS
from engine.ricewars.state import HIRE, PALACE, PHASE_NAMES, RiceWarsState
from tests.app.test_ricewars_game import click_board, wait_for_me
from tests.app.test_ricewars_view import new_state, play_until
from tests.engine.ricewars.helpers import new

pytest.importorskip("maps.api")

SEATS = (Seat(HUMAN, name="You"), Seat(AI, "easy"), Seat(AI, "easy"))


def shown(state: RiceWarsState, qtbot, viewer: int | None = 0, side: str = "quick"):
    """A Rice Wars view showing `state` to `viewer`."""
    from maps.api import shipped_map_path

    seats = [Seat(HUMAN) if p == viewer else Seat(AI) for p in range(state.n)]
    session = GameSession(state, seats, shipped_map_path(f"ricewars-{side}"))
    view = game_ui("ricewars").create_view()
    qtbot.addWidget(view)
    view.resize(1000, 650)
    view.show_state(session, viewer, False)
    return view, session


def fills(view) -> dict[str, str]:
    return {fid: view.fields.fill_colour(fid).name() for fid in view.scene.province_items}


def expected_fills(view, state: RiceWarsState) -> dict[str, str]:
    return {
        fid: view.fields.fill_for(fid, state.owner[f]).name()
        for f, fid in enumerate(state.board.ids)
    }


def a_won_combat(seed_range: range = range(60)) -> tuple[RiceWarsState, object, RiceWarsState]:
    """(before, action, after) of a combat whose last action made a field change hands."""
    for seed in seed_range:
        state = play_until(new_state(seed=seed), lambda s: s.fight is not None, seed=seed)
        if state.is_terminal() or state.fight["kind"] != "combat":
            continue
        rng = random.Random(seed)
        while state.fight is not None:
            before = state.clone()
            action = rng.choice(state.legal_actions())
            state.apply(action)
        field = before.fight["field"]
        if state.last_fight is not None and state.owner[field] != before.owner[field]:
            return before, action, state
    raise AssertionError("no won combat in the seeds tried")


def test_fields_are_tinted_in_their_owners_colour_and_change_when_taken(qtbot) -> None:
    # Given a combat about to end with the field changing hands
    before, action, after = a_won_combat()
    field = before.fid(before.fight["field"])
    view, session = shown(before, qtbot)
    # Then every field is filled as its owner's (paddy when free), distinct from free ones
    assert fills(view) == expected_fills(view, before)
    owned = [fid for f, fid in enumerate(before.board.ids) if before.owner[f] >= 0]
    free = [fid for f, fid in enumerate(before.board.ids) if before.owner[f] < 0]
    assert owned and free
    assert not {fills(view)[fid] for fid in owned} & {fills(view)[fid] for fid in free}
    old = fills(view)[field]
    # When the combat ends and the view shows the game as it is now
    session.state = after
    view.show_state(session, 0, False)
    # Then the taken field has its new owner's colour
    assert fills(view) == expected_fills(view, after)
    assert fills(view)[field] != old


def test_drawn_fills_of_owners_and_free_fields_differ_for_everyone(qtbot) -> None:
    from engine.registry import get_game
    from maps.api import load_graph

    # Given the 5-player board drawn with fields of every daimyo, free and blessed fields
    state = get_game("ricewars").new_game(5, 1, {}, load_graph("ricewars-epic"))
    view, _session = shown(state, qtbot, side="epic")
    b = state.board
    owner = tuple(-1 if b.blessed[f] else f % 6 - 1 for f in range(b.n))
    view.fields.draw(state, BoardPicture(owner, (-1,) * state.seats, (0,) * state.seats))
    # When the brushes the scene paints the fields with are read
    drawn: dict[str, set[str]] = {}
    for f, fid in enumerate(b.ids):
        kind = f"seat {owner[f]}" if owner[f] >= 0 else "blessed" if b.blessed[f] else "paddy"
        drawn.setdefault(kind, set()).add(view.scene.province_items[fid].brush().color().name())
    # Then every kind of field has one fill, and two kinds (but the two free kinds) differ
    # by CIEDE2000 20 or more in normal vision, deuteranopia and protanopia
    assert len(drawn) == 7 and all(len(colours) == 1 for colours in drawn.values())
    fill = {kind: colours.pop() for kind, colours in drawn.items()}
    for first, second in combinations(fill, 2):
        if {first, second} == {"paddy", "blessed"}:
            continue
        for vision in VISIONS:
            delta = difference(fill[first], fill[second], vision)
            assert delta >= MIN_DELTA_E, (first, second, vision, round(delta, 1))


def test_stepping_a_combat_changes_the_board_at_its_result(qtbot) -> None:
    # Given the story of a combat that changes a field's owner, as the public is told it
    before, action, after = a_won_combat()
    field = before.fid(before.fight["field"])
    beats = story.story(before, action, after, before.current_player(), PUBLIC)
    steps = [beat.step for beat in beats if beat.step is not None]
    assert [s.title for s in steps][-1] == "Result"
    view, session = shown(after, qtbot, viewer=None)
    boards = []
    # When the steps are shown one by one (no animation time: each is drawn at once)
    for step in steps:
        view.show_step(step)
        assert isinstance(step.payload, StepShow)
        boards.append(fills(view)[field])
        # the fight's mark stands on the field through the whole fight
        assert view.fields.fight_item is not None
    # Then the field keeps its defender's colour until the result, which shows the winner's
    assert boards[0] == view.fields.fill_for(field, before.owner[before.field(field)]).name()
    assert len(set(boards[:-1])) == 1 and boards[-1] != boards[0]
    assert boards[-1] == view.fields.fill_for(field, after.owner[after.field(field)]).name()
    # And with animation time the result is animated, and skipping lands on the end
    view.animation_ms = 400
    view.show_step(steps[0])
    view.show_step(steps[-1])
    assert view.animating()
    view.skip_animation()
    assert not view.animating() and fills(view)[field] == boards[-1]
    view.show_step(None)
    assert fills(view) == expected_fills(view, after)


def test_pieces_sit_inside_their_fields_off_the_names(qtbot) -> None:
    for players, side in ((3, "quick"), (5, "epic")):
        # Given a game late in round 3 (many peasants and all palaces on the board)
        state = play_until(new(players, seed=2), lambda s: s.round >= 3, seed=2)
        view, _ = shown(state, qtbot, side=side)
        scene = view.scene
        names = {fid: drawn_box(item) for fid, item in scene.names.items()}
        pieces = {**view.peasant_items}
        pieces.update({state.fid(state.palace[s]): item for s, item in view.palace_items.items()})
        assert len(pieces) > 10
        for fid, item in pieces.items():
            # Then each piece lies inside its field and on no field's name
            box = item.sceneBoundingRect()
            assert scene.province_items[fid].path().contains(box), (side, fid)
            letters = names[fid].adjusted(
                names[fid].width() * 0.1, names[fid].height() * 0.25,
                -names[fid].width() * 0.1, -names[fid].height() * 0.25,
            )  # fmt: skip
            assert not box.intersects(letters), (side, fid)
        # And the lines of the palaces' networks pass under the names, never over them
        lines = [i for i in view.fields.items if i.zValue() < min(pieces_z(view))]
        assert lines and all(
            line.zValue() < item.zValue() for line in lines for item in scene.names.values()
        )


def test_a_cut_off_peasants_mark_is_on_no_name(qtbot) -> None:
    for players, side in ((3, "quick"), (5, "epic")):
        # Given a peasant cut off from its palace on every field of the board
        state = new(players, seed=1)
        view, _ = shown(state, qtbot, side=side)
        fields = len(state.board.ids)
        cut_off = BoardPicture((0,) * fields, (-1,) * players, (0,) * players)
        view.fields.draw(state, cut_off)
        # Then each field's ✂ mark stands in its field, clear of every name
        scene = view.scene
        names = [drawn_box(item) for item in scene.names.values()]
        marks = view.fields.cut_marks
        assert len(marks) == fields
        for fid, mark in marks.items():
            box = drawn_box(mark)
            assert scene.province_items[fid].path().contains(box.center()), (side, fid)
            assert not any(box.intersects(name) for name in names), (side, fid)


def drawn_box(text) -> QRectF:
    """Where a haloed text (a name, a mark) is drawn, in the scene: its item is a group of
    the halo and the letters, with no box of its own."""
    return text.mapRectToScene(text.childrenBoundingRect())


def pieces_z(view) -> list[float]:
    """The heights of the pieces drawn on the fields (peasants and palaces)."""
    items = [*view.peasant_items.values(), *view.palace_items.values()]
    return [item.zValue() for item in items]


def start(window, players: int = 3, seed: int = 4, side: str = "quick", seats=None) -> None:
    seats = seats or (Seat(HUMAN, name="You"), *[Seat(AI, "easy")] * (players - 1))
    assert window.start_game(NewGameConfig("ricewars", seats, f"ricewars-{side}", seed))


def test_names_and_printed_values_are_legible_at_fit_zoom_on_1280_by_720(window, qtbot) -> None:
    for players, side in ((3, "quick"), (5, "epic")):
        window.resize(1280, 720)
        start(window, players, side=side)
        qtbot.waitUntil(lambda: window.controller.human_to_act, timeout=20000)
        qtbot.wait(50)
        # Then the whole screen fits the window (nothing is pushed past its edge)
        assert window.width() <= 1280 and window.height() <= 720
        view = window.game_screen.view
        view.fit()
        per_unit = view.scene.unit * view.board.transform().m11()
        nine_points = 9 * view.board.logicalDpiY() / 72
        for fid, block in view.scene.layout.blocks.items():
            # the printed values (blessed Ryo) are ≥ 9 pt; names too on the quick board, on
            # the epic board's narrow fields some are squeezed, but never under 8 pt
            plate = BADGE_FONT * block.plate_scale * per_unit
            assert plate >= nine_points - 0.01, (side, fid, plate)
            name = NAME_SIZE * block.scale * per_unit
            least = nine_points if side == "quick" else nine_points * 8 / 9
            assert name >= least - 0.01, (side, fid, name)
        # and so are the fight's strengths (drawn at full size)
        assert BADGE_FONT * per_unit >= nine_points
        window.close_game()


def clipped(view) -> list[str]:
    """What of the Rice Wars view does not fit the place it is given (nothing: [])."""
    QApplication.processEvents()
    out = []
    if view.side.verticalScrollBar().maximum() > 0:
        out.append("the daimyo boards' column scrolls")
    if view.track.sizeHint().width() > view.track.width():
        out.append("the round track is cut off")
    for label in (view.panel, *view.daimyo_boards.values(), view.prompt):
        if label.heightForWidth(label.width()) > label.height():
            out.append(f"{label.text()[:40]!r} is cut off")
    if view.choice_box.sizeHint().width() > view.choice_box.width():
        out.append("the choices are cut off")
    return out


def test_five_daimyo_fit_at_1280_by_720_in_every_phase(window, qtbot) -> None:
    from tests.app.test_ricewars_game import decide

    # Given a 5-player game in a 1280 × 720 window
    window.resize(1280, 720)
    start(window, players=5, seed=3, side="epic")
    state = window.session.state
    view = window.game_screen.view
    seen: set[str] = set()

    def read_step(title: str) -> bool:
        # Then each resolution step fits
        assert not clipped(view), (title, clipped(view))
        seen.add("fight" if title.startswith("Combat at") else "step")
        qtbot.mouseClick(window.game_screen.continue_button, Qt.LeftButton)
        return True

    rng = random.Random(3)
    while not {"hire", "bid", "action", "fight", "step"} <= seen and state.round < 4:
        wait_for_me(window, qtbot, read_step)
        # and each of my decisions: nothing scrolls, nothing is cut off, the governor shows
        assert not clipped(view), (PHASE_NAMES[state.phase], clipped(view))
        assert f"Governor: {swatch(state, state.governor)}" in view.track.text()
        seen.add(PHASE_NAMES[state.phase])
        decide(window, qtbot, rng)
    assert {"hire", "bid", "action", "fight", "step"} <= seen, seen
    window.close_game()


def test_a_click_on_no_lit_field_changes_nothing_and_says_why(window, qtbot) -> None:
    # Given my palace to place (the palace sites are lit)
    start(window, seed=4)
    wait_for_me(window, qtbot)
    state = window.session.state
    view = window.game_screen.view
    assert state.phase == PALACE
    lit = set(view.tree.options_of(FIELD))
    history = list(state.history)
    # When I click a field that is not lit
    dark = next(fid for fid in state.board.ids if fid not in lit)
    click_board(view, qtbot, view.place_point(dark))
    # Then nothing happens but a word why
    assert list(state.history) == history
    assert window.statusBar().currentMessage().startswith(state.board.names[state.field(dark)])
    # When I click off the fields (the paper around the map)
    corner = view.scene.sceneRect().topLeft() + QPointF(view.scene.unit, view.scene.unit)
    window.statusBar().clearMessage()
    click_board(view, qtbot, corner)
    # Then nothing happens either, and the status bar says what to click
    assert list(state.history) == history
    assert "lit field" in window.statusBar().currentMessage()
    # When I click a lit field (on its name: names are not in the way)
    target = sorted(lit)[0]
    click_board(view, qtbot, view.scene.names[target].sceneBoundingRect().center())
    wait_for_me(window, qtbot)
    assert state.palace[0] == state.field(target)


def test_the_computers_hiring_and_last_moves_are_shown(window, qtbot) -> None:
    # Given a game with two computer seats, played to my second hiring
    start(window, seed=6)
    state = window.session.state
    rng = random.Random(2)
    from tests.app.test_ricewars_game import decide

    while not (state.phase == HIRE and state.round == 2 and state.current_player() == 0):
        wait_for_me(window, qtbot)
        if state.phase == HIRE and state.round == 2 and state.current_player() == 0:
            break
        decide(window, qtbot, rng)
    log = window.controller.log_texts()
    # Then every computer seat's hiring of round 1 is in the log like mine
    for seat in (1, 2):
        name = state.colour[seat].capitalize()
        assert any(re.match(rf"{name} (hires|pays)", line) for line in log), (name, "\n".join(log))
    assert any(re.match(r"You (hire|pay)", line) for line in log)
    # And each computer seat's last move on the board is ringed in its colour
    rings = window.game_screen.view.scene.marks("last")
    assert rings
    colours = {window.controller.ui.player_colour(state, s) for s in (1, 2)}
    found = {ring.pen().color().name() for ring in rings}
    assert found & colours  # (each ring lies over a dark rim that makes it stand out)


IDS = re.compile(r"\bf\d{2}\b|\bp\d\b|#\d")


def test_the_story_names_no_internal_id_and_keeps_secrets(qapp) -> None:
    # Given a whole 4-player game with fights, auctions and duels
    state = play_until(new_state(4, seed=7), lambda s: False, seed=7, limit=6000)
    assert state.is_terminal()
    ui = game_ui("ricewars")
    card_ids = {c.id for c in CARDS}
    advisor_ids = {a.id for a in ADVISORS}
    told = {}
    for viewer in (0, PUBLIC, EVERYTHING):
        lines = [line.text for line in ui.story_so_far(state, viewer)]
        told[viewer] = lines
        assert len(lines) > 100
        for text in lines:
            # Then no line names a field, card, advisor or seat by its id
            assert not IDS.search(text), text
            words = set(re.findall(r"[a-z]+\d?", text))
            assert not words & card_ids and not words & (advisor_ids - {"geisha"}), text
    # And seat 1 reads "you", the public never does; only seat 1's bids are named to it
    assert any(line.startswith("You ") for line in told[0])
    assert not any(re.search(r"\b[Yy]ou\b", line) for line in told[PUBLIC])
    assert any("sealed bid" in line for line in told[PUBLIC])
    assert not any(re.search(r"bids \d+ Ryo", line) for line in told[PUBLIC])
    assert any(re.search(r"bids \d+ Ryo", line) for line in told[EVERYTHING])
    # And after fights and rounds a summary says what happened to the viewer
    assert any(line.count("For you: ") for line in told[0])


def test_a_scaled_up_view_grows_its_text_and_cards(qtbot) -> None:
    # Given a view at 1280 × 720's scale and one at 2560 × 1440's
    state = play_until(new_state(seed=3), lambda s: s.round >= 2, seed=3)
    small, _ = shown(state, qtbot)
    big, _ = shown(state, qtbot)
    big.resize(2000, 1300)
    big.set_ui_scale(2.0)
    # Then the daimyo boards' column (its narrowest: it takes what the map leaves free),
    # the cards and the hand strip grow with it
    assert small.side.width() >= SIDE_WIDTH and big.side.width() >= 2 * SIDE_WIDTH
    assert big.side.width() > small.side.width()
    assert big.hand_box.height() > 1.8 * small.hand_box.height()
    card = next(iter(big.card_buttons.values()))
    assert card.maximumHeight() > 1.8 * next(iter(small.card_buttons.values())).maximumHeight()


def test_while_i_sit_out_each_computer_turn_i_watch_is_a_wait_of_its_own(
    qtbot, monkeypatch
) -> None:
    import app.game_controller as game_controller
    import app.game_screen as game_screen
    from ai.levels import APP_SECONDS, MIN_THINK_SECONDS, WAIT_SECONDS
    from app.bot_worker import BotThinker
    from engine.ricewars.state import ACTION
    from maps.api import shipped_map_path

    # Given my two pass markers down while two normal computer seats play on
    state = play_until(
        new_state(seed=5),
        lambda s: s.phase == ACTION and s.passes[0] >= 2 and s.current_player() != 0,
        seed=5,
    )
    seats = [Seat(HUMAN), Seat(AI, "normal"), Seat(AI, "normal")]
    session = GameSession(state, seats, shipped_map_path("ricewars-quick"))
    ui = game_ui("ricewars")
    thinker = BotThinker()
    screen = game_screen.GameScreen(ui.create_view())
    qtbot.addWidget(screen)
    controller = game_controller.GameController(session, ui, screen, thinker)
    clock = [100.0]
    monkeypatch.setattr(game_controller, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    wait = WAIT_SECONDS["normal"] - APP_SECONDS
    try:
        # When a computer seat's turn begins, long after my last decision
        controller._waiting_since = 0.0
        player = state.current_player()
        # Then its decision gets its share of a fresh wait (the turn and one more)
        assert controller._wait_share(player, 2.0) == pytest.approx(wait / 2)
        assert ui.turn_begins(state)
        # and its later decisions in the same turn (a fight's) share what is left of it
        clock[0] += wait - 0.1
        monkeypatch.setattr(ui, "turn_begins", lambda state: False)
        assert controller._wait_share(player, 2.0) == MIN_THINK_SECONDS
        # When the same seat begins another turn (the others have passed), or the turn
        # passes to the other seat, the wait starts again
        monkeypatch.setattr(ui, "turn_begins", lambda state: True)
        assert controller._wait_share(player, 2.0) == pytest.approx(wait / 2)
        monkeypatch.setattr(ui, "turn_begins", lambda state: False)
        clock[0] += wait - 0.1
        rng = random.Random(5)
        owner = ui.turn_owner(state)
        while ui.turn_owner(state) == owner and state.phase == ACTION:
            state.apply(rng.choice(state.legal_actions()))
        assert ui.sits_out(state, 0) and state.current_player() != 0
        assert controller._wait_share(state.current_player(), 2.0) == pytest.approx(wait / 2)
        # When I am no longer sitting out, the wait runs from my last decision again
        controller._waiting_since = clock[0] - wait
        monkeypatch.setattr(ui, "sits_out", lambda state, player: False)
        assert controller._wait_share(state.current_player(), 2.0) == MIN_THINK_SECONDS
    finally:
        controller.stop()
        thinker.shutdown()


def test_a_fights_strengths_on_the_board_add_up_the_engines_parts(qtbot) -> None:
    from app.games.ricewars.board import MARK_WORDS
    from app.games.ricewars.narrate import fight_sum

    marks = itemised = 0
    for seeds in (range(0, 20), range(20, 40), range(40, 60)):
        # Given a combat that got to its cards, stepped on the board as the public sees it
        before, action, after = a_won_combat(seeds)
        record = after.last_fight
        if record is None or not record.revealed:
            continue
        sums = [fight_sum(parts) for parts in record.parts]
        assert [int(s.split(" = ")[0]) for s in sums] == list(record.strengths)
        beats = story.story(before, action, after, before.current_player(), PUBLIC)
        view, _session = shown(after, qtbot, viewer=None)
        for beat in beats:
            if beat.step is None or beat.step.payload.fight is None:
                continue
            view.show_step(beat.step)
            if beat.step.payload.fight.strengths is None:
                continue
            mark = view.fields.fight_item
            # Then the mark reads each side's strength as the record adds it up (itemised
            # where that covers no name), and its tooltip always itemises both
            said = mark.data(MARK_WORDS)
            assert said in (sums, [str(s) for s in record.strengths])
            assert sums[0] in mark.toolTip() and sums[1] in mark.toolTip()
            marks += 1
            itemised += said == sums
    assert marks >= 2 and itemised >= marks // 2, (marks, itemised)


def test_fight_strength_is_summed_from_its_parts() -> None:
    from app.games.ricewars.narrate import fight_sum
    from engine.ricewars.records import Part

    # Given a side's parts as the engine's fight record lists them
    parts = (Part("2 ashigaru", 2), Part("2 ronin", 2), Part("Kenjutsu", 1))
    # Then the board reads the total first, then each part with its size
    assert fight_sum(parts) == "5 = 2 ashigaru (2) + 2 ronin (2) + Kenjutsu 1"
    assert fight_sum((Part("peasant", 1),)) == "1 = peasant 1"
    assert fight_sum((Part("1 ashigaru", 1), Part("Ninjutsu's effect", -2))) == (
        "-1 = 1 ashigaru (1) − Ninjutsu's effect 2"
    )
    assert fight_sum(()) == "0"
