"""Legal actions as clicks: the pick tree (Qt-free)."""

from __future__ import annotations

import pytest

from app.games.rokugan.picks import BUTTON, CARD, END, HAND, PLACE, TOKEN, Pick, PickTree
from engine.rokugan import actions as A

PROVINCES = ("A", "B", "C")


def test_a_placement_is_a_hand_token_then_a_place() -> None:
    # Given two legal placements of an army and one of a navy
    tree = PickTree(
        [A.Place("army1", "A"), A.Place("army1", "A|B ->B"), A.Place("navy1", "C~0")], PROVINCES
    )
    # Then first the hand tokens are offered
    assert tree.options() == [Pick(HAND, "army1"), Pick(HAND, "navy1")]
    # When the army is chosen, its places light up
    assert tree.pick(Pick(HAND, "army1")) is None
    assert tree.options_of(PLACE) == ["A", "A|B ->B"]
    # And choosing a place makes the action
    assert tree.pick(Pick(PLACE, "A|B ->B")) == A.Place("army1", "A|B ->B")


def test_card_targets_of_different_lengths_offer_done() -> None:
    # Given Diplomatic Mission with a bonus province or without
    actions = [
        A.PlayCard("diplomatic_mission", ("B",)),
        A.PlayCard("diplomatic_mission", ("B", "A")),
        A.PlayCard("diplomatic_mission", ("C",)),
        A.Pass(),
    ]
    tree = PickTree(actions, PROVINCES)
    assert tree.options() == [Pick(CARD, "diplomatic_mission"), Pick(BUTTON, "pass")]
    tree.pick(Pick(CARD, "diplomatic_mission"))
    # When B is chosen, A may follow, or the card is played as it is
    assert tree.pick(Pick(PLACE, "B")) is None
    assert tree.options() == [Pick(END, ""), Pick(PLACE, "A")]
    assert tree.pick(Pick(END, "")) == A.PlayCard("diplomatic_mission", ("B",))


def test_a_choice_that_is_not_offered_is_refused_and_back_undoes_a_pick() -> None:
    tree = PickTree([A.Peek("#1"), A.Skip("peek")], PROVINCES)
    with pytest.raises(ValueError):
        tree.pick(Pick(TOKEN, "#2"))
    tree.chosen.append(Pick(TOKEN, "#1"))
    tree.back()
    assert tree.chosen == []
    assert tree.pick(Pick(TOKEN, "#1")) == A.Peek("#1")


def test_a_click_counts_only_on_a_lit_target() -> None:
    from app.games.rokugan.clicks import choice_for, placing

    # Given an army chosen from behind the screen, with a centre and a border spot lit
    tree = PickTree([A.Place("army1", "A"), A.Place("army1", "A|B ->B")], PROVINCES)
    tree.pick(Pick(HAND, "army1"))
    assert placing(tree)
    # When the lit border spot is under the pointer, with its province's fill
    # Then the click places the army there
    assert choice_for(tree, [("province", "A"), ("slot", "A|B ->B")]) == Pick(PLACE, "A|B ->B")
    # And a province's fill alone picks nothing while a token is being placed
    assert choice_for(tree, [("province", "A")]) is None
    # But a card's province is picked by its fill
    cards = PickTree([A.PlayCard("diplomatic_mission", ("B",))], PROVINCES)
    cards.pick(Pick(CARD, "diplomatic_mission"))
    assert not placing(cards)
    assert choice_for(cards, [("province", "B")]) == Pick(PLACE, "B")
    assert choice_for(cards, [("province", "C")]) is None
