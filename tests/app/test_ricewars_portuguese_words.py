"""Rice Wars reads right in Portuguese: words agree with their counts ("1 ashigaru
exausto", "2 ronin exaustos", "1 ✂ isolado"; they read "1 exaustos" on the daimyo board and
in the log); Taue's prompt says how many peasants the card still allows instead of asking
for "another" peasant before the first is planted; the end screen's headings start with a
capital; and a text about another daimyo's palace never says "seu palácio", which a reader
addressed as "você" takes for their own."""

from __future__ import annotations

import dataclasses

import pytest

from app import i18n
from app.games.ricewars import panel
from app.games.ricewars.fights import seat_changes
from app.games.ricewars.narrate import Teller
from app.games.ricewars.picks import PickTree
from engine.ricewars import actions as A
from engine.ricewars import standings
from engine.ricewars.state import PLANT
from tests.app.test_ricewars_view import new_state, play_until

pytest.importorskip("maps.api")


@pytest.fixture
def portuguese():
    i18n.set_language("pt")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("tired", "said"), [(1, "(1 exausto)"), (2, "(2 exaustos)")], ids=["one", "two"]
)
def test_the_daimyo_board_counts_exhausted_troops_in_number(portuguese, tired, said) -> None:
    # Given a seat with `tired` exhausted ashigaru and a field cut off from its palace
    state = new_state(3, 1)
    standing = dataclasses.replace(
        standings.standing(state, 0), ashigaru_tired=tired, cut_off=("x",) * tired
    )
    # When its daimyo board is written in Portuguese
    html = panel.daimyo_html(state, 0, "", standing=standing)
    # Then the participles agree with the counts
    assert f"ashigaru <b>0</b> {said}" in html
    assert ("1 ✂ isolado)" if tired == 1 else "2 ✂ isolados)") in html


def test_the_log_counts_exhausted_and_lost_troops_in_number(portuguese) -> None:
    # Given a seat whose ashigaru fought and tired, and who lost a ronin
    state = new_state(3, 1)
    start = dataclasses.replace(standings.standing(state, 0), ashigaru=1, ronin=2)
    end = dataclasses.replace(start, ashigaru=0, ashigaru_tired=1, ronin=1)
    # When what changed for it is told
    said = seat_changes(start, end, state, Teller(state, 0))
    # Then each participle agrees with its count
    assert "1 ashigaru exausto" in said and "exaustos" not in said
    assert "1 ronin perdido" in said and "perdidos" not in said


def test_taue_asks_for_a_peasant_and_says_how_many_the_card_allows() -> None:
    # Given Taue just played: the engine allows two more peasants
    state = play_until(new_state(3, 4), lambda s: s.phase == PLANT, seed=4)
    assert state.phase == PLANT and state.plant_left == 2
    legal = state.legal_actions()
    # When the prompt is said, before and after the first peasant
    first = panel.prompt_text(state, PickTree(legal, state.board.index))
    state.apply(next(a for a in legal if isinstance(a, A.Peasant)))
    assert state.phase == PLANT
    second = panel.prompt_text(state, PickTree(state.legal_actions(), state.board.index))
    # Then it asks for a peasant (not "another"), with the allowance the engine counts
    assert first == "Taue: place a peasant on a lit field (the card allows 2 more), or stop."
    assert second == "Taue: place a peasant on a lit field (the card allows 1 more), or stop."


def test_taue_prompt_in_portuguese(portuguese) -> None:
    # Given Taue just played, when its prompt is said in Portuguese
    state = play_until(new_state(3, 4), lambda s: s.phase == PLANT, seed=4)
    said = panel.prompt_text(state, PickTree(state.legal_actions(), state.board.index))
    # Then it asks for one peasant and gives the allowance
    assert said == (
        "Taue: coloque um camponês num arrozal iluminado (a carta permite mais 2), ou pare."
    )


def test_the_end_screens_headings_start_with_a_capital_in_portuguese(portuguese) -> None:
    from app.games import game_ui
    from tests.app.test_ricewars_prompt_truth import random_states

    # Given a finished random game
    final = None
    for final in random_states(3, steps=100000):  # noqa: B007 - the last state is wanted
        pass
    assert final is not None and final.is_terminal()
    # When its end screen's table is made in Portuguese
    table = game_ui("ricewars").score_table(final)
    # Then every heading starts with a capital ("Ryo", though "ryo" inside a sentence)
    assert table.columns[0] == "Ryo"
    assert all(column[:1].isupper() for column in table.columns)


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("Remove an opponent's peasant that has no connection to its palace.", "palácio do dono"),
        (
            "Blessed field: a peasant connected to its palace earns {n} Ryo here instead of 1",
            "palácio do dono",
        ),
        (
            "the peasant of {target} on {field}, cut off from its palace, is removed",
            "próprio palácio",
        ),
    ],
    ids=["ikki", "blessed field", "ikki told"],
)
def test_another_daimyos_palace_is_not_called_yours(portuguese, text, owner) -> None:
    # Given a text about the palace of a peasant's owner (Ikki's card and its log line, a
    # field's tooltip)
    # When it is read in Portuguese, where "seu" also means the reader's ("você")
    said = i18n._(text)
    # Then it names the owner's palace, not "your palace"
    assert said != text and "seu palácio" not in said and owner in said
