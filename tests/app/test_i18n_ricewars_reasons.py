"""Rice Wars' refusals (`why_illegal`: the choice row's tooltips, the status bar) speak the
person's language: the engine writes each reason as `engine.words.Words`, English marked
for the catalog with its values, said in the language spoken when it is read."""

from __future__ import annotations

import random

import pytest

from app import i18n
from engine.core import IllegalActionError
from engine.ricewars import actions as A
from engine.ricewars.data import ADVISORS, CARDS
from tests.app.po_files import PseudoTranslations
from tests.app.test_i18n_pseudo import bare
from tests.engine.ricewars.helpers import new, play


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def candidates(state) -> list:
    """Actions of every kind, most of them illegal now."""
    fields = list(state.board.index)[:6]
    out: list = [A.Stay(), A.Done(), A.Stop(), A.Skip(), A.Accept(), A.Refuse(), A.Pass()]
    out += [A.Palace(f) for f in fields] + [A.Peasant(f) for f in fields]
    out += [A.Palace("nowhere"), A.Hire("ronin"), A.Pay("ashigaru"), A.Bid(99)]
    out += [A.Play(c.id) for c in CARDS[:3]] + [A.Bonus(CARDS[0].id), A.Use(CARDS[0].id)]
    out += [A.Service(a.id) for a in ADVISORS[:2]] + [A.Auction(ADVISORS[0].id)]
    out += [A.Attack(f, 1, 2) for f in fields[:2]] + [A.Defend(3, 2), A.Duel(1), A.Duel(2)]
    out += [A.Give(fields[0]), A.Lose(fields[0])]
    return out


def test_every_refusal_of_a_played_game_is_said_in_the_pseudo_language() -> None:
    # Given the test locale that marks every message of the catalog ⟦like this⟧
    i18n.install(PseudoTranslations(), "xx")
    # When a random three-player game is asked, at each of its first decisions, why actions
    # of every kind are refused
    state = new(3, seed=4)
    rng = random.Random(4)
    unmarked, seen = [], set()
    for _step in range(140):
        if state.is_terminal():
            break
        for action in candidates(state):
            reason = state.why_illegal(action)
            if reason is None:
                continue
            seen.add(state.why_illegal_words(action).message)
            # names of fields and actions' texts are names, not words to translate
            text = reason.replace(str(action), " ")
            text = " ".join(w for w in text.split() if not w.strip("'()").isalnum() or "⟦" in w)
            if bare(text):
                unmarked.append(f"{action}: {reason!r}")
        state.apply(rng.choice(state.legal_actions()))
    # Then every reason is marked, and many different rules were met
    assert not unmarked, unmarked[:5]
    assert len(seen) >= 12, seen


def test_a_refused_palace_is_explained_in_german_and_portuguese() -> None:
    # Given a new game at the palace step, a field that is no palace site
    state = new(3, seed=1)
    inland = state.fid(next(f for f in range(37) if f not in state.board.sites))
    # When the program speaks German and the palace is placed there
    i18n.set_language("de")
    with pytest.raises(IllegalActionError) as refused:
        play(state, f"palace {inland}")
    # Then the reason is German, the field named by its id
    assert str(refused.value) == (
        f"{inland} ist kein Palastplatz (Paläste stehen am Rand des Spielplans)"
    )
    # And a reason kept as words reads in the language of its reading
    words = state.why_illegal_words(A.Bid(1))
    assert words is not None
    i18n.set_language("pt")
    assert str(words).startswith(f"{A.Bid(1)} não é possível agora: a colocação do palácio")
    i18n.set_language("en")
    assert (
        str(words) == f"{A.Bid(1)} is not possible now: the palace step asks for another decision"
    )
