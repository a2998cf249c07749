"""The screen shows the game as of the resolution step it shows: at every step of a
stepped Rokugan resolution the Players panel, the view's info line and prompt equal the
engine's game at that step (worked out here by the engine alone, step by step). At the AI
pace and with step by step off: test_rokugan_step_panels_paces.py."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from app.games.rokugan import narrate
from engine.rokugan.resolution import resolve_in_steps

maps_api = pytest.importorskip("maps.api")


def last_decision_of_round(rounds: int, seed: int):
    """A random 3-player game just before the decision that resolves round `rounds`, and
    that decision."""
    from engine.registry import get_game

    state = get_game("rokugan").new_game(3, seed, {}, maps_api.load_graph("rokugan"))
    rng = random.Random(seed)
    while True:
        action = rng.choice(state.legal_actions())
        after = state.clone()
        after.apply(action)
        if state.round == rounds and (after.round != state.round or after.is_terminal()):
            return state, action
        state.apply(action)


def expected_steps(state, action) -> list:
    """The engine's game after each resolution step (the last: after the decision)."""
    sim = state.at_reveal(action)
    out = []
    for number in resolve_in_steps(sim):
        out.append(sim.clone() if number < 7 else None)
    after = state.clone()
    after.apply(action)
    out[-1] = after
    return out


def resolution_screen(qtbot, rounds: int):
    """The decision that resolves round `rounds` (`last_decision_of_round`, seed 11 +
    rounds), mine to make against greedy clans, and a play screen for its game:
    (state, action, me, session, ui, screen)."""
    import app.game_screen as game_screen
    from app.games import game_ui
    from app.session import AI, HUMAN, GameSession, Seat

    state, action = last_decision_of_round(rounds, seed=11 + rounds)
    me = state.current_player()
    seats = [Seat(HUMAN) if p == me else Seat(AI, "greedy") for p in range(state.n)]
    session = GameSession(state, seats, maps_api.shipped_map_path("rokugan"))
    ui = game_ui("rokugan")
    screen = game_screen.GameScreen(ui.create_view())
    qtbot.addWidget(screen)
    return state, action, me, session, ui, screen


@pytest.mark.parametrize("rounds", [1, 5])
def test_every_panel_shows_the_step_on_the_board(qtbot, rounds: int, every_step_waits) -> None:
    import app.game_controller as game_controller
    from app.bot_worker import BotThinker

    # Given the decision that resolves a round, mine to make, shown step by step
    state, action, me, session, ui, screen = resolution_screen(qtbot, rounds)
    thinker = BotThinker()
    controller = game_controller.GameController(session, ui, screen, thinker)
    controller.start()
    try:
        check_steps(qtbot, controller, screen, ui, state, action, rounds, me)
    finally:
        controller.stop()
        thinker.shutdown()


def check_steps(qtbot, controller, screen, ui, state, action, rounds: int, me: int) -> None:
    qtbot.waitUntil(lambda: controller.human_to_act, timeout=5000)
    expected = expected_steps(state, action)
    # When I make it
    controller._apply(action)
    # Then at every step the panels show the engine's game at that step
    for number, step_state in enumerate(expected, start=1):
        qtbot.waitUntil(lambda: not screen.step_box.isHidden(), timeout=5000)
        assert screen.step_title.text().endswith(
            ("Reveal", "illegal tokens", "Raids", "Diplomacy", "Battles", "Territories", "round")
        )
        players = [screen.players.item(p).text() for p in range(state.n)]
        for p in range(state.n):
            assert players[p].endswith(ui.player_status(step_state, p)), (number, players[p])
        view = screen.view
        assert view._state().key() == step_state.key()
        over = "The game is over." in view.prompt.text()
        assert over == (rounds == 5 and number == 7 and step_state.is_terminal())
        # the territory cards I hold at that step are shown, the ones I claim later are not
        info = view.info.text().lower()
        for t, card in enumerate(expected[-1].terr_card):
            if card:
                held = step_state.terr_holder[t] == me
                assert (narrate.pretty(card).lower() in info) == held, (number, card, held)
        if number < len(expected):
            qtbot.mouseClick(screen.continue_button, Qt.LeftButton)
