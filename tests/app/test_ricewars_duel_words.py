"""Rice Wars tells a duel as the engine plays it: a refusal hands over two peasants or as
many as the refuser has (one, none), a lost duel four or all of fewer, the refused
ronin stays (exhausted), Nigeru calls the duel off; and the prompts of a duel and of a
fight's bonus steps name only what the engine allows, the defender's lone peasant as
such ("the peasant alone", not "no troops + peasant")."""

from __future__ import annotations

import pytest

from app.games.base import EVERYTHING
from app.games.ricewars import panel, story
from app.games.ricewars.narrate import seat_name
from app.games.ricewars.picks import BUTTON, Pick, PickTree
from engine.ricewars import SPEC
from engine.ricewars.state import MODIFY, RiceWarsState
from tests.engine.ricewars.helpers import field_ids, play, ready, set_hand, set_money, set_troops

pytest.importorskip("maps.api")


def duel(peasants: int) -> tuple[RiceWarsState, int, int]:
    """Round 1's actions: the governor holds a ronin, the next daimyo `peasants` peasants
    (of its two), nobody holds cards."""
    st = ready(3, 1)
    ch = st.cur
    dd = (ch + 1) % 3
    set_troops(st, ch, ron=1)
    set_hand(st, ch)
    set_hand(st, dd)
    for fid in field_ids(st, st.own[dd])[peasants:]:
        st._remove_peasant(st.field(fid))
    assert st.fields_of(dd) == peasants
    return st, ch, dd


def told(st: RiceWarsState, *texts: str, viewer: int = EVERYTHING) -> str:
    """Everything the story tells (to everyone, or to `viewer`) of the actions `texts`,
    played in turn."""
    out = []
    for text in texts:
        before, player = st.clone(), st.current_player()
        action = SPEC.parse_action(text)
        st.apply_checked(action)
        for beat in story.story(before, action, st, player, viewer):
            out += [line.text for line in beat.lines]
            if beat.step is not None:
                out += list(beat.step.lines)
    return "\n".join(out)


def prompt(st: RiceWarsState) -> str:
    """The prompt of the position's decision."""
    return panel.prompt_text(st, _tree(st))


@pytest.mark.parametrize(("peasants", "given"), [(2, "2 peasants"), (1, "1 peasant")])
def test_a_refused_duel_hands_over_the_peasants_the_refuser_has(peasants, given) -> None:
    # Given a challenged daimyo with two peasants, or one
    st, ch, dd = duel(peasants)
    play(st, f"duel p{dd}")
    # Then its prompt and the Refuse button say how many it would hand over
    assert f"refuse (give up {given})" in prompt(st)
    refuse = panel.button_text(st, Pick(BUTTON, "refuse"), _tree(st))
    assert refuse == ("Refuse", f"Give {given} to the challenger")
    # When it refuses and gives them up
    words = told(st, "refuse", *(f"give {f}" for f in field_ids(st, st.own[dd])))
    # Then the story says that many, and the ronin is not said to leave: it stays, exhausted
    assert f"refuses the duel and must give up {given}." in words
    assert f"gives up {given}." in words
    assert "two" not in words and "leaves" not in words
    assert st.ron[ch] + st.ron_x[ch] == 1


def test_a_daimyo_without_peasants_is_told_it_has_none_to_give_up() -> None:
    # Given a challenged daimyo with no peasant on the board (and no Nigeru)
    st, _ch, dd = duel(0)
    play(st, f"duel p{dd}")
    said = prompt(st)
    assert "refuse (you have no peasant to give up)" in said and "escape" not in said
    # When it refuses / Then nobody is told it must give up two peasants
    words = told(st, "refuse")
    assert "has no peasant to give up" in words and "had no peasant to give up" in words
    assert "two" not in words and "peasants" not in words


def test_nigeru_is_offered_when_it_can_be_paid_and_calls_the_duel_off() -> None:
    st, ch, dd = duel(2)
    set_hand(st, dd, "nigeru3")
    set_money(st, dd, 2)
    play(st, f"duel p{dd}")
    assert prompt(st).endswith("or escape.")
    words = told(st, "play nigeru3")
    assert "escapes: the duel does not take place." in words and "leaves" not in words


def test_a_lost_duel_says_the_peasants_the_engine_removed() -> None:
    # Given a daimyo with two peasants who accepts and loses (a bonus 2 against nothing)
    st, ch, dd = duel(2)
    set_hand(st, ch, "houka2")
    play(st, f"duel p{dd}", "accept", "bonus houka2", "stop")
    # When the last bonus step ends the duel (fewer than four: all removed, no choice)
    words = told(st, "stop")
    # Then the story says two peasants, not four
    assert "loses 2 peasants." in words and "four" not in words
    assert st.own[dd] == 0


def test_the_challenger_is_told_of_its_own_ronin_as_yours() -> None:
    # Given a duel the challenger wins (a bonus 2 against nothing)
    st, ch, dd = duel(2)
    set_hand(st, ch, "houka2")
    play(st, f"duel p{dd}", "accept", "bonus houka2", "stop")
    # When the challenger reads its end
    words = told(st, "stop", viewer=ch)
    # Then its ronin and its draw are its own ("you"), not its colour's
    them = seat_name(st, dd)
    assert f"Your ronin wins: {them} loses 2 peasants." in words
    assert f"You draw 2 cards, {them} draws 3." in words
    assert seat_name(st, ch) not in words


def test_the_challenger_is_told_its_ronin_leaves_and_the_challenged_its_draw() -> None:
    # Given a duel the challenged daimyo wins (its bonus 2 against nothing)
    st, ch, dd = duel(2)
    set_hand(st, dd, "houka2")
    play(st, f"duel p{dd}", "accept", "stop")
    # When each of the two reads its end (the challenged's last bonus ends the duel)
    mine, theirs = st.clone(), st.clone()
    to_challenger = told(mine, "bonus houka2", viewer=ch)
    to_challenged = told(theirs, "bonus houka2", viewer=dd)
    # Then the challenger hears of its ronin, the challenged of its own draw
    assert f"{seat_name(st, dd)} wins: your ronin leaves." in to_challenger
    assert f"{seat_name(st, ch)} draws 2 cards, you draw 3." in to_challenged


def test_the_bonus_prompt_names_only_what_the_engine_allows() -> None:
    # Given a combat's bonus steps, the attacker without cards or advisors
    st, ch, dd = duel(2)
    target = field_ids(st, st.own[dd])[0]
    set_troops(st, ch, ash=1)
    set_hand(st, dd, "hosaku1")
    play(st, f"attack {target} a1 r0", "defend a0 r0")
    assert st.phase == MODIFY and st.cur == ch
    # Then the prompt offers only to stop; the defender, holding a card, may play it too
    assert prompt(st) == "Combat bonus: stop."
    play(st, "stop")
    assert prompt(st) == "Combat bonus: play a card face down (click it) or stop."
    # And the defender's side is its peasant alone
    html = panel.fight_html(st, ch)
    assert "the peasant alone" in html and "no troops" not in html


def _tree(st: RiceWarsState) -> PickTree:
    return PickTree(st.legal_actions(), st.board.index)
