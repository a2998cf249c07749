"""Shinobi's records: what `apply_told` says happened agrees with the state that follows."""

from __future__ import annotations

import random

from engine.shinobi import SPEC
from engine.shinobi.cards import CLAN_NAMES, NINJA, NUM_CLANS
from engine.shinobi.records import (
    Attacked,
    Deployed,
    Drew,
    FinalCount,
    LastRound,
    Moved,
    NinjaPlayed,
    OrderSkipped,
    RoundEnded,
)
from tests.engine.shinobi.helpers import position

ATTACK_POSITION = """
    turn: player 0, order 1
    deck: oda mori*2 takeda hojo
    p0 oda: hand oda mori; province oda*3
    p1 mori: hand mori; province takeda*2
    p2 takeda: hand takeda; province mori
"""


def test_a_turn_tells_each_order_the_draw_and_the_attacks_strengths() -> None:
    # Given a turn where player 0 can attack the Takeda pair in province 1 with three Oda
    state = position(ATTACK_POSITION)
    # When the three orders are applied with their records asked for
    first = state.apply_told(SPEC.parse_action("deploy mori to 2"))
    second = state.apply_told(SPEC.parse_action("deploy oda to 0"))
    third = state.apply_told(SPEC.parse_action("attack takeda at 1 with oda"))
    # Then each order is one record with the army after it
    assert first == (Deployed(1, 0, 1, "Mōri", 2, 2),)
    assert second == (Deployed(1, 0, 2, "Oda", 0, 4),)
    # and the attack names both armies' strengths and the result, then the draw follows
    attack, draw = third
    assert attack == Attacked(1, 0, "Oda", 4, "Takeda", 1, 2, 1)
    assert attack.to_json()["kind"] == "attack" and attack.to_json()["strength"] == 4
    assert draw == Drew(1, 0, 4, ("Oda", "Mōri", "Mōri", "Takeda"))
    assert state.army(1, 3) == 1 and state.hand(0)[2] == 1


def test_the_cards_drawn_are_told_only_to_the_drawer() -> None:
    draw = Drew(3, 1, 2, ("Oda", "Ninja"))
    assert draw.seen_by(1) == draw
    assert draw.seen_by(0) == Drew(3, 1, 2, ()) and draw.seen_by(0).to_json()["count"] == 2
    # every order is played face up: the others are told it as it is
    assert Deployed(1, 0, 1, "Oda", 2, 1).seen_by(2) == Deployed(1, 0, 1, "Oda", 2, 1)


def test_a_ninja_and_a_move_tell_the_armies_they_leave() -> None:
    state = position(
        """
        turn: player 0, order 1
        deck: oda*6
        p0 oda: hand ninja; province -
        p1 mori: hand mori; province takeda*2 mori
        p2 takeda: hand takeda; province -
        """
    )
    (ninja,) = state.apply_told(SPEC.parse_action("ninja takeda at 1"))
    assert ninja == NinjaPlayed(1, 0, "Takeda", 1, 1)
    told = state.apply_told(SPEC.parse_action("move mori 1 to 2"))
    # the move, then the attack order has no option: skipped, and the turn's draw
    assert told[0] == Moved(1, 0, "Mōri", 1, 2, 0, 1)
    assert told[1] == OrderSkipped(1, 0, 3)
    assert told[2] == Drew(1, 0, 4, ("Oda",) * 4)


def _whole_game(players: int, seed: int) -> tuple[object, list]:
    state = SPEC.new_game(players, seed, {})
    rng = random.Random(seed)
    told = []
    while not state.is_terminal():
        before = state.clone()
        records = state.apply_told(rng.choice(state.legal_actions()))
        told.append((before, records, state.clone()))
    return state, told


def test_in_random_games_every_record_agrees_with_the_state_that_follows() -> None:
    # 60 games: some 5,000 positions, each record checked against the state after it
    for players, seed in [(3 + seed % 3, seed) for seed in range(60)]:
        state, told = _whole_game(players, seed)
        rounds = []
        for before, records, after in told:
            player = before.current_player()
            # the hand after is the hand before, less the card played, plus the cards drawn
            hand = list(before.hand(player))
            for record in records:
                if isinstance(record, Deployed):
                    hand[CLAN_NAMES.index(record.clan)] -= 1
                elif isinstance(record, NinjaPlayed):
                    hand[NINJA] -= 1
                elif isinstance(record, Drew):
                    for card in record.cards:
                        hand[NINJA if card == "Ninja" else CLAN_NAMES.index(card)] += 1
            assert tuple(hand) == after.hand(player)
            for record in records:
                assert record.round == before.turns // players + 1
                if isinstance(record, (Deployed, NinjaPlayed, Attacked)):
                    clan = CLAN_NAMES.index(record.clan)
                    assert after.army(record.province, clan) == record.army
                if isinstance(record, Moved):
                    clan = CLAN_NAMES.index(record.clan)
                    assert after.army(record.source, clan) == record.source_army
                    assert after.army(record.target, clan) == record.target_army
                if isinstance(record, Attacked):
                    assert record.army == record.defence - 1 < record.strength
                    assert record.clan != record.attacker and record.province != player
                    attacker = CLAN_NAMES.index(record.attacker)
                    assert record.strength == after.army(player, attacker)
                if isinstance(record, Drew):
                    assert record.player == player and len(record.cards) == record.count
                    assert after.hand_size(player) == 4 or after.deck_size() == 0
                if isinstance(record, RoundEnded):
                    rounds.append(record)
                    assert [c.after for c in record.clans] == after.clan_totals()
                    for count in record.provinces:
                        q = int(count.name)
                        assert count.after == sum(after.army(q, c) for c in range(NUM_CLANS))
        # Then the rounds chain: each starts where the one before ended
        assert len(rounds) >= 3
        for earlier, later in zip(rounds, rounds[1:], strict=False):
            assert later.round == earlier.round + 1
            assert [c.before for c in later.clans] == [c.after for c in earlier.clans]
        # and the game tells its last round once and its count last
        flat = [r for _, records, _ in told for r in records]
        assert sum(isinstance(r, LastRound) for r in flat) == 1
        final = flat[-1]
        assert isinstance(final, FinalCount)
        assert list(final.winners) == state.winners_by_rule()
        assert [s.clan for s in final.seats] == [CLAN_NAMES[c] for c in state.allegiances]
        assert sum(c.cards for c in final.clans) == sum(state.clan_totals())
        assert final.cards == max(s.cards for s in final.seats)


def test_nobody_listening_writes_nothing() -> None:
    state = position(ATTACK_POSITION)
    state.apply(SPEC.parse_action("deploy mori to 2"))
    assert state.events is None
    # and undo restores the round's start with the rest of the position
    other = state.clone()
    other.undo()
    assert other.apply_told(SPEC.parse_action("deploy mori to 2")) == (
        Deployed(1, 0, 1, "Mōri", 2, 2),
    )
