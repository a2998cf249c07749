"""Every rule of the Shinobi rulebook as a scenario: a small position, an exact outcome."""

from __future__ import annotations

import pytest

from engine.core import TERMINAL, IllegalActionError
from engine.shinobi import CLANS, NINJA, SPEC
from engine.shinobi.cards import DECK_COMPOSITION, DECK_SIZE

from .helpers import legal, play, position

# --- setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_deals_allegiances_the_deck_and_four_cards_each(players: int) -> None:
    # Given a new game
    state = SPEC.new_game(players, seed=7)
    # Then every player serves a different one of the five clans
    clans = [state.allegiance(p) for p in range(players)]
    assert len(set(clans)) == players and set(clans) <= set(range(5))
    # And the blue deck holds 58 cards: 11 per clan and 3 Ninja
    assert DECK_SIZE == 58 and DECK_COMPOSITION == (11, 11, 11, 11, 11, 3)
    assert state.card_counts() == list(DECK_COMPOSITION)
    # And every hand has 4 cards, the rest is the deck, the table is empty
    assert [state.hand_size(p) for p in range(players)] == [4] * players
    assert state.deck_size() == 58 - 4 * players
    assert all(state.army(q, c) == 0 for q in range(players) for c in range(5))
    # And the game starts with the first order
    assert state.order == 1 and state.final_left == -1 and state.turns == 0


def test_setup_is_drawn_from_the_seed() -> None:
    # Given two games from one seed and one from another
    a, b, c = SPEC.new_game(4, 11), SPEC.new_game(4, 11), SPEC.new_game(4, 12)
    # Then the same seed deals the same, another seed deals differently
    assert a.deck() == b.deck() and a.allegiances == b.allegiances
    assert (a.deck(), a.allegiances) != (c.deck(), c.allegiances)


def test_first_player_is_chosen_by_lot_unless_set() -> None:
    # Given many seeds
    firsts = {SPEC.new_game(4, seed).current_player() for seed in range(40)}
    # Then every seat sometimes begins
    assert firsts == {0, 1, 2, 3}
    # And the `first` setting fixes the first player
    state = SPEC.new_game(4, 3, {"first": 2})
    assert state.current_player() == 2 and state.first_player == 2


@pytest.mark.parametrize("players", [1, 2, 6])
def test_only_three_to_five_players(players: int) -> None:
    with pytest.raises(ValueError, match="3-5 players"):
        SPEC.new_game(players, 1)


def test_unused_allegiances_stay_unseen() -> None:
    # Given a 3-player game
    state = SPEC.new_game(3, 5)
    # When player 0 looks
    seen = state.observation(0)
    # Then only their own clan is known, not the others nor which two clans are unused
    assert seen.allegiance == state.allegiance(0)
    assert seen.revealed is None
    assert seen.possible_allegiances() == [c for c in range(5) if c != state.allegiance(0)]


# --- first order ------------------------------------------------------------------------

THREE = """
    turn: player 0, order 1
    deck: hojo mori oda takeda uesugi ninja
    p0 oda: hand oda takeda mori ninja; province -
    p1 mori: hand mori*4; province hojo
    p2 takeda: hand takeda*4; province -
"""


def test_first_order_deploys_any_clan_to_another_province() -> None:
    # Given player 0 at the first order with Oda, Takeda, Mōri and a Ninja in hand
    state = position(THREE)
    # Then any clan card may go to either other province, or the Ninja on the Hōjō army
    assert legal(state) == {
        "deploy oda to 1",
        "deploy oda to 2",
        "deploy takeda to 1",
        "deploy takeda to 2",
        "deploy mori to 1",
        "deploy mori to 2",
        "ninja hojo at 1",
    }
    # When player 0 deploys a Takeda card (not their own clan) to province 2
    play(state, "deploy takeda to 2")
    # Then it stands face up in province 2 and the second order follows
    assert state.army(2, CLANS.index("takeda")) == 1
    assert state.hand(0) == (0, 1, 1, 0, 0, 1)
    assert state.order == 2 and state.current_player() == 0


def test_first_order_may_not_deploy_to_ones_own_province() -> None:
    state = position(THREE)
    with pytest.raises(IllegalActionError, match="not your own"):
        play(state, "deploy oda to 0")


def test_first_order_needs_the_card_in_hand() -> None:
    state = position(THREE)
    with pytest.raises(IllegalActionError, match="no Uesugi card in your hand"):
        play(state, "deploy uesugi to 1")


def test_a_ninja_replaces_the_first_order_and_discards_a_card_of_the_army() -> None:
    # Given player 0 holding a Ninja and a Hōjō army of 1 in province 1
    state = position(THREE)
    # When the Ninja is played on it
    play(state, "ninja hojo at 1")
    # Then the Ninja and the Hōjō card are discarded, and the second order follows
    assert state.army(1, 0) == 0
    assert state.discards() == (1, 0, 0, 0, 0, 1)
    assert state.hand(0)[NINJA] == 0
    assert state.order == 2


def test_a_ninja_may_not_hit_ones_own_province_nor_an_empty_army() -> None:
    # Given player 0 with a Ninja and an Oda army at home
    state = position(
        """
        turn: player 0, order 1
        deck: hojo*6
        p0 oda: hand ninja oda; province oda*2
        p1 mori: hand mori*4; province -
        p2 takeda: hand takeda*4; province -
        """
    )
    # Then no Ninja play is legal (no army in another province)
    assert legal(state) == {"deploy oda to 1", "deploy oda to 2"}
    with pytest.raises(IllegalActionError, match="own province"):
        play(state, "ninja oda at 0")
    with pytest.raises(IllegalActionError, match="no Mōri army in province 1"):
        play(state, "ninja mori at 1")


def test_a_ninja_only_as_the_first_order() -> None:
    # Given player 0 at the second order with a Ninja still in hand
    state = position(THREE)
    play(state, "deploy oda to 1")
    # Then the Ninja cannot be played now
    assert not any("ninja" in text for text in legal(state))
    with pytest.raises(IllegalActionError, match="instead of the first order"):
        play(state, "ninja hojo at 1")


# --- second order -----------------------------------------------------------------------

SECOND = """
    turn: player 0, order 2
    deck: hojo*6
    p0 oda: hand oda uesugi; province oda
    p1 mori: hand mori*4; province takeda
    p2 takeda: hand takeda*4; province -
"""


def test_second_order_deploys_home_or_moves_a_card_from_another_province() -> None:
    # Given player 0 at the second order, a Takeda card in province 1
    state = position(SECOND)
    # Then: deploy any hand card home, or move the Takeda card to province 0 or 2
    assert legal(state) == {
        "deploy oda to 0",
        "deploy uesugi to 0",
        "move takeda 1 to 0",
        "move takeda 1 to 2",
    }


def test_second_order_never_moves_a_card_out_of_ones_own_province() -> None:
    state = position(SECOND)
    with pytest.raises(IllegalActionError, match="out of your own province"):
        play(state, "move oda 0 to 1")


def test_second_order_deploys_only_home() -> None:
    state = position(SECOND)
    with pytest.raises(IllegalActionError, match="only to your own province"):
        play(state, "deploy oda to 1")


def test_a_move_needs_a_card_there_and_another_province() -> None:
    state = position(SECOND)
    with pytest.raises(IllegalActionError, match="no Mōri card in province 1"):
        play(state, "move mori 1 to 2")
    with pytest.raises(IllegalActionError, match="different province"):
        play(state, "move takeda 1 to 1")


def test_a_card_moved_between_two_other_provinces_joins_that_army() -> None:
    # Given a Takeda card in province 1 and one in province 2
    state = position(SECOND.replace("takeda*4; province -", "takeda*4; province takeda"))
    # When player 0 moves the Takeda card of province 1 to province 2
    play(state, "move takeda 1 to 2")
    # Then province 2's Takeda army has 2 cards and province 1 none
    assert (state.army(1, 3), state.army(2, 3)) == (0, 2)


def test_the_card_deployed_by_the_first_order_may_be_moved_by_the_second() -> None:
    # Given player 0 deploys an Oda card to province 1
    state = play(position(THREE), "deploy oda to 1")
    # Then the second order may move that very card on to province 2 (our decision)
    assert "move oda 1 to 2" in legal(state)
    play(state, "move oda 1 to 2")
    assert (state.army(1, 2), state.army(2, 2)) == (0, 1)


# --- third order: the attack ------------------------------------------------------------

ATTACK = """
    turn: player 0, order 3
    deck: hojo*6
    p0 oda: hand oda*2; province oda*3 takeda
    p1 mori: hand mori*4; province takeda*2 mori*3 uesugi
    p2 takeda: hand takeda*4; province oda*2 hojo
"""


def test_attack_from_ones_own_province_on_strictly_smaller_armies_of_other_clans() -> None:
    # Given Oda 3 and Takeda 1 at home; Takeda 2, Mōri 3, Uesugi 1 in province 1;
    # Oda 2, Hōjō 1 in province 2
    state = position(ATTACK)
    # Then Oda may attack Takeda 2, Uesugi 1 and Hōjō 1 - not Mōri 3 (not smaller),
    # not Oda 2 (own clan); Takeda 1 can attack nothing
    assert legal(state) == {
        "attack takeda at 1 with oda",
        "attack uesugi at 1 with oda",
        "attack hojo at 2 with oda",
    }


def test_an_attack_removes_one_card_of_the_defender_and_costs_nothing() -> None:
    # Given the attack position
    state = position(ATTACK)
    # When Oda attacks the Takeda army of 2 in province 1
    play(state, "attack takeda at 1 with oda")
    # Then the Takeda army loses one card to the discard pile; Oda keeps 3
    assert state.army(1, 3) == 1 and state.army(0, 2) == 3
    assert state.discards() == (0, 0, 0, 1, 0, 0)
    # And that was the one attack of the turn: player 0 drew back to 4, player 1 is next
    assert state.hand(0) == (2, 0, 2, 0, 0, 0)
    assert (state.current_player(), state.order) == (1, 1)


def test_equal_armies_cannot_be_attacked() -> None:
    state = position(ATTACK)
    with pytest.raises(IllegalActionError, match="strictly smaller"):
        play(state, "attack mori at 1 with oda")


def test_an_army_never_attacks_its_own_clan() -> None:
    state = position(ATTACK)
    with pytest.raises(IllegalActionError, match="its own clan"):
        play(state, "attack oda at 2 with oda")


def test_attacks_go_out_from_ones_own_province_only() -> None:
    state = position(ATTACK)
    with pytest.raises(IllegalActionError, match="no Mōri army in your own province"):
        play(state, "attack takeda at 1 with mori")
    with pytest.raises(IllegalActionError, match="other provinces"):
        play(state, "attack takeda at 0 with oda")


def test_the_attack_is_compulsory() -> None:
    # Given a legal attack exists
    state = position(ATTACK)
    # Then only attacks are legal: the turn cannot end without one
    assert all(text.startswith("attack") for text in legal(state))
    with pytest.raises(IllegalActionError, match="only the attack"):
        play(state, "deploy oda to 0")


def test_the_attack_is_the_third_order() -> None:
    # Given player 0 at the first order with an army able to attack
    state = position(ATTACK.replace("order 3", "order 1"))
    # Then attacking first is not allowed
    with pytest.raises(IllegalActionError, match="third order; give order 1 first"):
        play(state, "attack hojo at 2 with oda")


def test_without_a_legal_attack_the_turn_ends_after_the_second_order() -> None:
    # Given player 0 whose home Oda army will be 2 strong, facing only armies of 2+
    # or of its own clan
    state = position(
        """
        turn: player 0, order 2
        deck: hojo*6
        p0 oda: hand oda mori; province oda
        p1 mori: hand mori*4; province takeda*2 oda
        p2 takeda: hand takeda*4; province -
        """
    )
    # When the second order deploys Oda home
    play(state, "deploy oda to 0")
    # Then there is no attack: the turn is over, player 0 drew back to 4
    assert (state.current_player(), state.order) == (1, 1)
    assert state.hand(0) == (3, 1, 0, 0, 0, 0)


def test_armies_that_received_a_card_this_turn_cannot_be_attacked() -> None:
    # Given player 0 with Oda 3 at home, Takeda 1 in province 1, Uesugi 1 in province 2
    state = position(
        """
        turn: player 0, order 1
        deck: hojo*6
        p0 oda: hand takeda uesugi mori hojo; province oda*3
        p1 mori: hand mori*4; province takeda
        p2 takeda: hand takeda*4; province uesugi mori
        """
    )
    # When a Takeda card is deployed to province 1 and the Mōri card of province 2 is
    # moved to province 1
    play(state, "deploy takeda to 1", "move mori 2 to 1")
    # Then Takeda 2 and Mōri 1 in province 1 received cards and are safe; Uesugi 1 in
    # province 2 is the only target (the army a card left is not protected)
    assert state.is_protected(1, 3) and state.is_protected(1, 1)
    assert legal(state) == {"attack uesugi at 2 with oda"}
    with pytest.raises(IllegalActionError, match="received a card or the Ninja"):
        play(state, "attack takeda at 1 with oda")


def test_the_army_a_card_was_moved_out_of_may_be_attacked() -> None:
    # Given Takeda 2 in province 1 and Uesugi 1 in province 2, Oda 3 at home
    state = position(
        """
        turn: player 0, order 2
        deck: hojo*6
        p0 oda: hand mori; province oda*3
        p1 mori: hand mori*4; province takeda*2
        p2 takeda: hand takeda*4; province uesugi
        """
    )
    # When one Takeda card moves from province 1 to province 2
    play(state, "move takeda 1 to 2")
    # Then the Takeda army left in province 1 may be attacked, the one it joined may not
    assert legal(state) == {"attack takeda at 1 with oda", "attack uesugi at 2 with oda"}


def test_the_army_hit_by_the_ninja_cannot_be_attacked_this_turn() -> None:
    # Given player 0 with a Ninja, Takeda 2 at home; Uesugi 2 and Mōri 1 in province 1
    state = position(
        """
        turn: player 0, order 1
        deck: hojo*6
        p0 oda: hand ninja oda hojo hojo; province takeda*2
        p1 mori: hand mori*4; province uesugi*2 mori
        p2 takeda: hand takeda*4; province -
        """
    )
    # When the Ninja hits Uesugi (now 1) and Oda is deployed home
    play(state, "ninja uesugi at 1", "deploy oda to 0")
    # Then Takeda may attack Mōri 1 but not the Ninja's Uesugi army
    assert legal(state) == {"attack mori at 1 with takeda"}
    with pytest.raises(IllegalActionError, match="received a card or the Ninja"):
        play(state, "attack uesugi at 1 with takeda")


def test_protection_ends_with_the_turn() -> None:
    # Given player 0 with nothing to do and a Takeda army protected this turn
    state = position(
        """
        turn: player 0, order 3
        deck: hojo*6
        p0 oda: hand -; province -
        p1 mori: hand mori*2 hojo*2; province oda*3
        p2 takeda: hand takeda*4; province takeda
        protected: takeda@2
        """
    )
    # When player 0's turn passes and player 1 gives the first two orders
    play(state, "deploy mori to 0", "deploy mori to 1")
    # Then player 1 may attack that Takeda army: protection lasted one turn only
    assert legal(state) == {"attack takeda at 2 with oda"}


# --- the draw ---------------------------------------------------------------------------

DRAW = """
    turn: player 0, order 1
    deck: hojo mori uesugi takeda*3
    p0 oda: hand oda takeda mori ninja; province -
    p1 mori: hand mori*4; province uesugi
    p2 takeda: hand takeda*4; province -
"""


def test_after_two_deployments_the_player_draws_two() -> None:
    state = play(position(DRAW), "deploy takeda to 1", "deploy oda to 0")
    assert state.hand(0) == (1, 2, 0, 0, 0, 1)  # mori ninja + hojo mori
    assert state.deck() == (4, 3, 3, 3)
    assert state.current_player() == 1


def test_after_a_deployment_and_a_move_the_player_draws_one() -> None:
    state = play(position(DRAW), "deploy takeda to 1", "move uesugi 1 to 0")
    assert state.hand(0) == (1, 1, 1, 0, 0, 1)  # oda mori ninja + hojo
    assert state.deck_size() == 5


def test_after_a_ninja_and_a_deployment_the_player_draws_two() -> None:
    state = play(position(DRAW), "ninja uesugi at 1", "deploy oda to 0")
    assert state.hand_size(0) == 4 and state.deck_size() == 4


def test_a_short_deck_gives_what_it_has_and_starts_the_last_round() -> None:
    # Given only one card left in the deck
    state = position(DRAW.replace("deck: hojo mori uesugi takeda*3", "deck: hojo"))
    # When player 0 plays two cards
    play(state, "deploy takeda to 1", "deploy oda to 0")
    # Then they draw the last card only, and the last round begins: 3 more turns
    assert state.hand_size(0) == 3 and state.deck_size() == 0
    assert state.final_left == 3 and state.current_player() == 1


# --- the last round and the end --------------------------------------------------------


def test_the_next_turn_of_who_drew_the_last_card_is_the_last_of_the_game() -> None:
    # Given player 0 about to draw the last card
    state = position(DRAW.replace("deck: hojo mori uesugi takeda*3", "deck: hojo"))
    play(state, "deploy takeda to 1", "deploy oda to 0")
    # When players 1 and 2 take their turns (nobody draws any more)
    play(state, "deploy mori to 2", "deploy mori to 1")
    assert state.hand_size(1) == 2 and (state.current_player(), state.final_left) == (2, 2)
    play(state, "deploy takeda to 0", "move takeda 1 to 2")
    # Then player 0 takes one last turn, after which the game is over
    assert (state.current_player(), state.final_left) == (0, 1)
    play(state, "deploy mori to 1", "deploy hojo to 0")
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.turns == 4 and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        play(state, "deploy oda to 1")


def test_in_the_last_round_orders_without_options_are_skipped() -> None:
    # Given the last round, player 1 with an empty hand and Oda 2 at home
    state = position(
        """
        turn: player 0, order 3
        deck: -
        p0 oda: hand -; province -
        p1 mori: hand -; province oda*2
        p2 takeda: hand oda; province takeda
        final: 3
        """
    )
    # Then player 0's turn (nothing at all to do) passes, and player 1 goes straight to
    # the second order: moving the Takeda card is all they can do
    assert (state.current_player(), state.order, state.final_left) == (1, 2, 2)
    assert legal(state) == {"move takeda 2 to 0", "move takeda 2 to 1"}
    # When player 1 moves it to province 0, where it is protected from the attack
    play(state, "move takeda 2 to 0")
    # Then there is no attack: player 2's turn begins, no draw
    assert (state.current_player(), state.order, state.final_left) == (2, 1, 1)
    assert state.hand_size(1) == 0


def test_the_game_ends_when_nobody_can_do_anything_in_the_last_round() -> None:
    # Given the last round with empty hands and an empty table
    state = position(
        """
        turn: player 1, order 1
        deck: -
        p0 oda: hand -; province -
        p1 mori: hand -; province -
        p2 takeda: hand -; province -
        final: 2
        """
    )
    # Then the remaining turns pass by themselves and the game is over, all tied at 0
    assert state.is_terminal() and state.turns == 2
    assert state.returns() == [pytest.approx(1 / 3)] * 3


def _over(lines: str) -> list[float]:
    """The returns of a finished 3-player game."""
    return position("turn: over\ndeck: -\n" + lines).returns()


def test_the_largest_clan_on_the_whole_table_wins() -> None:
    # Oda 4 (3 + 1), Mōri 2, Takeda 3; cards in hands do not count
    assert _over(
        """
        p0 oda: hand -; province oda*3
        p1 mori: hand -; province mori*2 oda
        p2 takeda: hand takeda*9; province takeda*3
        """
    ) == [1.0, 0.0, 0.0]


def test_a_tie_goes_to_the_player_with_more_own_cards_at_home() -> None:
    # Oda 4 and Takeda 4; Takeda has 3 at home in province 2, Oda only 1 in province 0
    assert _over(
        """
        p0 oda: hand -; province oda takeda
        p1 mori: hand -; province oda*3
        p2 takeda: hand -; province takeda*3
        """
    ) == [0.0, 0.0, 1.0]


def test_a_complete_tie_is_a_shared_win() -> None:
    state = position(
        """
        turn: over
        deck: -
        p0 oda: hand -; province oda*2
        p1 mori: hand -; province mori
        p2 takeda: hand -; province takeda*2
        """
    )
    assert state.returns() == [0.5, 0.0, 0.5]
    assert state.winners() == [0, 2]
    assert state.summary()["winning_clan"] == "Oda / Takeda"


def test_an_ownerless_clan_cannot_win_the_second_largest_does() -> None:
    # Hōjō (nobody's) has 5, then Mōri 3: player 1 wins
    assert _over(
        """
        p0 oda: hand -; province hojo*5
        p1 mori: hand -; province mori*3
        p2 takeda: hand -; province takeda*2 oda
        """
    ) == [0.0, 1.0, 0.0]


def test_two_ownerless_clans_on_top_pass_the_win_to_the_third() -> None:
    # Hōjō 5 and Uesugi 4 belong to nobody; Takeda 3 is the largest served clan
    state = position(
        """
        turn: over
        deck: -
        p0 oda: hand -; province hojo*5
        p1 mori: hand -; province uesugi*4 mori
        p2 takeda: hand -; province takeda*3 oda*2
        """
    )
    assert state.returns() == [0.0, 0.0, 1.0]
    assert state.summary()["largest_clan"] == "Go-Hōjō"
    assert state.summary()["winning_clan"] == "Takeda"


def test_an_ownerless_clan_tied_for_first_leaves_the_win_to_the_served_clan() -> None:
    assert _over(
        """
        p0 oda: hand -; province hojo*3
        p1 mori: hand -; province mori*3
        p2 takeda: hand -; province takeda*2
        """
    ) == [0.0, 1.0, 0.0]


def test_the_end_reveals_every_allegiance() -> None:
    state = position(
        """
        turn: over
        deck: -
        p0 oda: hand -; province oda
        p1 mori: hand -; province -
        p2 takeda: hand -; province -
        """
    )
    assert state.observation(1).revealed == (2, 1, 3)
    assert state.summary()["allegiances"] == ["Oda", "Mōri", "Takeda"]


def test_a_whole_random_game_ends_with_every_card_accounted_for() -> None:
    # Given a random 4-player game played to the end
    import random

    state = SPEC.new_game(4, 99)
    rng = random.Random(99)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    # Then the deck is empty, the last round took exactly 4 turns, 58 cards remain
    assert state.deck_size() == 0 and state.final_left == 0
    assert sum(state.card_counts()) == 58
    summary = state.summary()
    assert summary["turns"] == state.turns and summary["rounds"] == -(-state.turns // 4)
    assert sum(state.returns()) == pytest.approx(1.0)


# --- our own 2-player variant -----------------------------------------------------------


def test_the_two_player_variant_is_ours_and_only_on_request() -> None:
    # Given 2 players: refused by default, allowed with the variant setting
    with pytest.raises(ValueError, match="3-5 players"):
        SPEC.new_game(2, 1)
    with pytest.raises(ValueError, match="for 2 players"):
        SPEC.new_game(3, 1, {"variant": "two-player"})
    import random

    state = SPEC.new_game(2, 1, {"variant": "two-player"})
    # Then three clans are unserved, and the game plays to its end with the same rules
    assert len(set(state.allegiances)) == 2 and state.deck_size() == 50
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.card_counts() == list(DECK_COMPOSITION) and state.final_left == 0
    assert sum(state.returns()) == pytest.approx(1.0)
