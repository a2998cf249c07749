"""The attack rule in one place (engine.shinobi.attack) and the engine asking it."""

from engine.shinobi.attack import attack_reach, in_reach, largest_target, may_attack
from engine.shinobi.state import parse_position


def test_may_attack_needs_two_cards_another_clan_and_a_smaller_army() -> None:
    # Given armies of an attacker (clan 0) and a target
    # Then the rule holds exactly its three conditions
    assert may_attack(0, 2, 1, 1)
    assert not may_attack(0, 1, 1, 1)  # a single card attacks nothing
    assert not may_attack(0, 3, 0, 1)  # own clan
    assert not may_attack(0, 3, 1, 3)  # not strictly smaller
    assert not may_attack(0, 3, 1, 0)  # nothing there


def test_attack_reach_is_the_strongest_other_clan_army_of_two_or_more() -> None:
    # Given a province with 4 Go-Hōjō, 1 Mōri, 2 Oda
    home = [4, 1, 2, 0, 0]
    # Then Go-Hōjō armies are reached by the Oda (2), others by the Go-Hōjō (4)
    assert attack_reach(home, 0) == 2
    assert attack_reach(home, 3) == 4
    assert attack_reach([1, 1, 0, 0, 0], 3) == 0
    assert in_reach(4, 3) and not in_reach(4, 4) and not in_reach(4, 0)


def test_the_engine_offers_exactly_the_attacks_the_rule_allows() -> None:
    # Given player 0 at order 3 with 3 Oda and 1 Mōri at home
    state = parse_position(
        """
        turn: player 0, order 3
        deck: oda*4
        p0 oda: hand -; province oda*3 mori
        p1 mori: hand -; province mori*2 takeda*3 oda
        p2 takeda: hand -; province hojo
        protected: hojo@2
        """
    )
    # When the engine lists the attacks
    attacks = {str(a) for a in state.legal_actions()}
    # Then the Oda army (3) hits the Mōri army of 2 but not the Takeda of 3, never an
    # Oda army, never the protected Go-Hōjō army, and the lone Mōri card attacks nothing
    assert attacks == {"attack mori at 1 with oda"}
    home = [state.army(0, c) for c in range(5)]
    for q in (1, 2):
        for clan in range(5):
            allowed = in_reach(attack_reach(home, clan), state.army(q, clan))
            if not state.is_protected(q, clan):
                assert allowed == any(
                    a.province == q and a.clan == clan for a in state.legal_actions()
                )


def test_largest_target_is_the_biggest_army_may_attack_allows() -> None:
    # Given armies of every size
    for strength in range(12):
        allowed = [d for d in range(1, 20) if may_attack(0, strength, 1, d)]
        # Then the largest target is the biggest army it may attack (0: none)
        assert largest_target(strength) == max(allowed, default=0)
