"""Rice Wars says only what is true: the actions phase's prompt names only the kinds of
action the engine allows now, and a fight whose cards are revealed says "no card", not
"no bonus yet", for a side that played none."""

from __future__ import annotations

import random

import pytest

from app.games.ricewars import panel
from app.games.ricewars.picks import PickTree
from engine.ricewars import actions as A
from engine.ricewars.state import ACTION, RiceWarsState

pytest.importorskip("maps.api")

CHOICES = {
    A.Peasant: "place a peasant",
    A.Attack: "attack a lit enemy peasant",
    A.Play: "play a card",
    A.Service: "use an advisor",
    A.Duel: "challenge",
}


def random_states(seed: int, steps: int = 900):  # noqa: ANN201 - an iterator of states
    """The states of a random 3-player game on the quick side, one after each action."""
    from engine.registry import get_game
    from maps.api import load_graph

    state: RiceWarsState = get_game("ricewars").new_game(3, seed, {}, load_graph("ricewars-quick"))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))


def test_the_action_prompt_names_only_the_kinds_of_action_given() -> None:
    # When only an attack and a pass are legal, then the prompt offers exactly those
    said = panel.action_prompt({A.Attack, A.Pass})
    assert said == "Your action: attack a lit enemy peasant or pass."
    # And with every kind legal, every kind is named, in the rulebook's order
    assert panel.action_prompt(set(CHOICES) | {A.Pass}) == (
        "Your action: place a peasant (click a lit free field), attack a lit enemy peasant, "
        "play a card, use an advisor, challenge or pass."
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_the_action_prompt_of_real_turns_matches_the_legal_actions(seed: int) -> None:
    # Given the turns of the actions phase of a random game
    turns = 0
    for state in random_states(seed):
        if state.phase != ACTION:
            continue
        legal = state.legal_actions()
        # When the prompt of that turn is said
        said = panel.prompt_text(state, PickTree(legal, state.board.index))
        # Then it names a kind of action exactly when the engine allows one
        kinds = {type(action) for action in legal}
        for kind, words in CHOICES.items():
            assert (words in said) == (kind in kinds), (said, kinds)
        turns += 1
    assert turns > 10


def test_a_revealed_fights_side_without_cards_says_no_card() -> None:
    # Given fights of random games, each once its cards are revealed
    seen = 0
    for seed in range(1, 6):
        for state in random_states(seed):
            fight = state.fight
            if fight is None or not fight["revealed"] or fight["kind"] != "combat":
                continue
            # When the fight panel tells it
            html = panel.fight_html(state, 0)
            # Then nothing says a bonus may still come
            assert "no bonus yet" not in html
            empty = [not (fight["cards"][s] or fight["blind"][s]) for s in (0, 1)]
            if any(empty) and not any(fight["extra"]):
                assert "no card" in html
                seen += 1
    assert seen > 0


def test_the_end_screens_wealth_columns_say_they_count_ryo() -> None:
    from app.games import game_ui

    # Given a finished random game (the generator plays on one state to its end)
    final = None
    for final in random_states(3, steps=100000):  # noqa: B007 - the last state is wanted
        pass
    assert final is not None and final.is_terminal()
    # When the end screen's table is made
    table = game_ui("ricewars").score_table(final)
    # Then the servants' and board peasants' columns say their unit, and add up to wealth
    assert table.columns[1:3] == ("Servants (Ryo)", "Board peasants (Ryo)")
    for _label, row in table.rows:
        ryo, servants, board, wealth = (int(v) for v in row[:4])
        assert ryo + servants + board == wealth


def test_the_end_table_reads_the_wealth_parts_from_the_engine(monkeypatch) -> None:
    from app.games import game_ui
    from engine.ricewars.scoring import Wealth
    from engine.ricewars.state import RiceWarsState

    # Given a finished game whose engine counts every seat's wealth as (7, 5, 3)
    final = None
    for final in random_states(3, steps=100000):  # noqa: B007 - the last state is wanted
        pass
    assert final is not None and final.is_terminal()
    monkeypatch.setattr(RiceWarsState, "wealth_parts", lambda _st, _s: Wealth(7, 5, 3))
    # When the end screen's table is made
    table = game_ui("ricewars").score_table(final)
    # Then its Ryo, servants and board peasants are the engine's (one rule, one place)
    assert {row[:3] for _label, row in table.rows} == {(7.0, 5.0, 3.0)}


def test_a_hiring_buttons_reason_is_the_engines_and_true() -> None:
    from engine.ricewars.data import ADVISORS, SERVANT_COST
    from engine.ricewars.state import HIRE

    # Given the hiring turns of random games, and every hire and payment not allowed there
    checked = set()
    for seed in range(1, 5):
        for state in random_states(seed, steps=3000):
            if state.phase != HIRE or state.cur < 0:
                continue
            s, legal = state.cur, set(state.legal_actions())
            advisors = [A.Pay(ADVISORS[a].id) for a, _services in state.held[s]]
            servants = [A.Hire(k) for k in SERVANT_COST] + [A.Pay("ashigaru"), A.Pay("ronin")]
            for action in [a for a in servants + advisors if a not in legal]:
                # When the choice row says why its button is disabled
                said = panel.why_not_button(state, str(action))
                # Then it is the engine's reason, as a sentence
                reason = str(state.why_illegal(action))
                assert said == reason[0].upper() + reason[1:] + "."
                # And it names the cause the engine's hiring rule refuses it for
                kind = getattr(action, "kind", None) or action.what
                money = state.money[s]
                if isinstance(action, A.Hire):
                    left = {"peasant": state.supply[s], "ashigaru": state.supply_ash,
                            "ronin": state.supply_ron}[kind]  # fmt: skip
                    cause = "left" if not left else "costs"
                elif kind in SERVANT_COST:
                    owed = {"ashigaru": state.ash_due[s], "ronin": state.ron_due[s]}[kind]
                    cause = "owed" if not owed else "costs"
                elif any(ADVISORS[a].id == kind for a in state.table) and "auction" in (
                    state.symbols()
                ):
                    cause = "leaves"  # its board leaves at this round's auction
                else:
                    due = any(ADVISORS[a].id == kind for a in state.adv_due[s])
                    cause = "costs" if due else "paid"
                expected = {
                    "left": f"No {kind} left in",
                    "owed": f"No {kind} is owed upkeep now.",
                    "paid": "upkeep is paid.",
                    "leaves": "leaves the game at this round's auction",
                    "costs": f"It costs {SERVANT_COST.get(kind, 0) or ''}",
                }[cause]
                assert expected in said and (cause != "costs" or f"you have {money}." in said)
                checked.add(cause)
    assert checked >= {"left", "owed", "costs", "paid"}


def test_the_new_game_note_names_the_neutral_exactly_when_the_engine_deals_one() -> None:
    from app.games import game_ui
    from engine.registry import get_game
    from maps.api import load_graph

    ui = game_ui("ricewars")
    # Given every player count on the board side it plays on
    for players in range(2, 6):
        side = "ricewars-epic" if players == 5 else "ricewars-quick"
        state = get_game("ricewars").new_game(players, 1, {}, load_graph(side))
        # Then the new-game dialog's note speaks of a neutral colour exactly when there is one
        assert ("neutral" in ui.setup_note(players, side)) == (state.neutral >= 0)
