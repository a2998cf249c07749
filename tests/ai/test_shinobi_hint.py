"""Shinobi's hint words: what a move does is the engine's record of it, told truly."""

from __future__ import annotations

import random
import re

from ai.games.shinobi_hint import EXPLAINER
from engine.shinobi import SPEC
from engine.shinobi.actions import Move
from engine.shinobi.attack import may_attack
from engine.shinobi.cards import NUM_CLANS
from tests.engine.shinobi.helpers import position

SECOND_ORDER = """
    turn: player 0, order 2
    deck: oda*6
    p0 oda: hand oda mori; province oda
    p1 mori: hand mori; province hojo*2 takeda
    p2 takeda: hand takeda; province takeda*2
"""


def reason(text: str, move: str) -> str:
    state = position(text)
    seen = state.observation(0)
    rng = random.Random(1)
    worlds = [seen.determinize(rng) for _ in range(4)]
    return EXPLAINER.reason(seen, SPEC.parse_action(move), worlds, None)


def test_a_move_carries_a_card_and_feeds_no_clan() -> None:
    # When the hint is to move a Go-Hōjō card from Player 2's province into one's own
    why = reason(SECOND_ORDER, "move hojo 1 to 0")
    # Then it says where the card goes and that no clan gains a card
    assert why.startswith(
        "moves a Go-Hōjō card: 1 left in Player 2's province, 1 in your province; the "
        "Go-Hōjō total on the table stays the same"
    )
    assert "feeds" not in why
    # and the player's clan keeps its one card on the table
    assert "after it your clan has 1 card on the table against " in why


def test_a_card_moved_home_says_what_it_can_attack() -> None:
    text = SECOND_ORDER.replace("province oda\n", "province hojo\n")
    why = reason(text, "move hojo 1 to 0")
    assert "2 in your province" in why and "your Go-Hōjō army can attack armies of up to 1" in why


def test_a_deployment_adds_a_card_and_an_attack_names_both_strengths() -> None:
    why = reason(SECOND_ORDER, "deploy oda to 0")
    assert why.startswith("adds a card to the Oda army (your clan) in your province (2 cards)")
    assert "after it your clan has 2 cards on the table" in why
    attack = SECOND_ORDER.replace("order 2", "order 3").replace(
        "province oda\n", "province oda*3\n"
    )
    why = reason(attack, "attack takeda at 2 with oda")
    assert why.startswith(
        "your Oda army (3) removes a card from the Takeda army (2) in Player 3's province, 1 left; "
        "the Takeda are a rival's clan in "
    )


def test_a_deployment_says_whose_armies_could_attack_the_army_it_joins() -> None:
    # Given the first order, with Player 2's province holding 2 Go-Hōjō and a Takeda
    first = SECOND_ORDER.replace("order 2", "order 1")
    # When the hint is to deploy a Mōri card to Player 3's province (no Mōri there yet)
    why = reason(first, "deploy mori to 2")
    # Then it says Player 2's Go-Hōjō army of 2 could attack that lone card on its turn
    assert "that Mōri army (1 card) is within reach of the armies of Player 2 (2 cards)" in why
    # and a card joining one's own Oda army of 1 makes an army nobody else can attack
    why = reason(SECOND_ORDER, "deploy oda to 0")
    assert "no other player has an army large enough to attack that Oda army (2 cards)" in why


def test_a_card_moved_home_names_what_the_engines_attack_rule_allows() -> None:
    # Given every move into one's own province in random games
    checked = said = 0
    for seed in range(6):
        state = SPEC.new_game(4, seed, {})
        rng = random.Random(seed)
        while not state.is_terminal():
            me = state.current_player()
            homeward = [a for a in state.legal_actions() if isinstance(a, Move) and a.target == me]
            if homeward and checked < 40:
                move = rng.choice(homeward)
                seen = state.observation(me)
                why = EXPLAINER.reason(seen, move, [seen.determinize(rng)], None)
                # When the hint words the move
                strength = state.army(me, move.clan) + 1
                largest = max(
                    (d for d in range(1, 60) if may_attack(move.clan, strength, other(move), d)),
                    default=0,
                )
                # Then it names exactly the largest army the engine lets that army attack
                found = re.search(r"can attack armies of up to (\d+) card", why)
                assert (int(found.group(1)) if found else 0) == largest, why
                checked += 1
                said += found is not None
            state.apply(rng.choice(state.legal_actions()))
    assert checked == 40 and 0 < said < checked  # both kinds of move were met


def other(move: Move) -> int:
    """A clan other than the moved card's."""
    return (move.clan + 1) % NUM_CLANS
