"""Audit: the action phase, combat and the duel (rulebook "4. Aktionsphase", "Der Kampf",
"Das Duell")."""

from __future__ import annotations

import pytest

from engine.core import IllegalActionError
from engine.ricewars.state import ACTION, ANSWER, DEFEND, LOSE
from tests.engine.ricewars.helpers import (
    card,
    field_ids,
    play,
    put,
    ready,
    set_hand,
    set_money,
    set_troops,
    stack_deck,
)


def _fight(seed: int = 1, round_: int = 2):
    st = ready(3, seed)
    st.round = round_
    att = st.cur
    dfn = (att + 1) % 3
    set_hand(st, att)
    set_hand(st, dfn)
    return st, att, dfn, field_ids(st, st.own[dfn])[0]


def test_a_first_pass_does_not_end_a_players_actions() -> None:
    # "Wenn der zweite Passen-Marker abgeworfen wird, verliert der Spieler ... weitere Aktionen"
    st = ready(3, seed=1)
    a = st.cur
    st.reserve[a] += 1
    st.supply[a] -= 1
    play(st, "pass", "pass", "pass")
    # Then after one pass the player may still place a peasant, and then pass once more
    assert st.cur == a and st.passes[a] == 1
    peasant = next(x for x in st.legal_actions() if str(x).startswith("peasant"))
    play(st, str(peasant), "pass", "pass")
    # ... and the others, done with both passes, leave the turn to that player alone
    assert st.cur == a and st.passes[a] == 1 and sorted(st.passes) == [1, 2, 2]
    play(st, "pass")
    assert st.round == 2


def test_a_player_who_passed_twice_still_defends() -> None:
    # "Er darf sich aber im Kampf und im Duell verteidigen"
    st, att, dfn, target = _fight()
    set_troops(st, att, ash=1)
    set_troops(st, dfn, ash=1)
    st.passes[dfn] = 2
    play(st, f"attack {target} a1 r0")
    assert st.phase == DEFEND and st.cur == dfn
    assert {str(a) for a in st.legal_actions()} == {"defend a0 r0", "defend a1 r0"}


def test_troops_are_exhausted_by_fighting_and_cannot_fight_again() -> None:
    # Given an attacker with one ashigaru and a defender with one ashigaru
    st, att, dfn, target = _fight()
    set_troops(st, att, ash=1)
    set_troops(st, dfn, ash=1)
    play(st, f"attack {target} a1 r0", "defend a1 r0", "stop", "stop")
    # Then both ashigaru are exhausted (3 against 2: the defender held)
    assert (st.ash[att], st.ash_x[att], st.ash[dfn], st.ash_x[dfn]) == (0, 1, 0, 1)
    # ... and an exhausted troop can neither attack nor defend
    while st.cur != att:
        play(st, "pass")
    assert not any(str(a).startswith("attack") for a in st.legal_actions())
    with pytest.raises(IllegalActionError):
        play(st, f"attack {target} a1 r0")


def test_strengths_peasant_1_ashigaru_2_ronin_4() -> None:
    # Given 2 ashigaru and a ronin attacking a peasant defended by an ashigaru and a ronin
    st, att, dfn, target = _fight()
    set_troops(st, att, ash=2, ron=1)
    set_troops(st, dfn, ash=1, ron=1)
    play(st, f"attack {target} a2 r1", "defend a1 r1")
    # Then 2+2+4 = 8 against 1+2+4 = 7
    assert (st.strength(0), st.strength(1)) == (8, 7)
    # When no cards are played / Then the troop with a ronin converts the peasant
    play(st, "stop", "stop")
    assert st.owner[st.field(target)] == att and st.phase == ACTION


def test_a_troop_of_ashigaru_and_at_most_one_ronin() -> None:
    st, att, dfn, target = _fight()
    set_troops(st, att, ash=1, ron=2)
    legal = {str(a) for a in st.legal_actions() if str(a).startswith(f"attack {target} ")}
    assert legal == {f"attack {target} a{a} r{r}" for a in (0, 1) for r in (0, 1) if a + r}


def test_both_sides_draw_one_card_after_a_combat_without_cards() -> None:
    # "beide Spieler (unabhaengig von der Zahl der ausgespielten Karten) ziehen jeweils eine"
    st, att, dfn, target = _fight()
    set_troops(st, att, ash=1)
    set_hand(st, dfn, "hosaku1", "hosaku2", "hosaku3", "hosaku4", "nengu1")
    play(st, f"attack {target} a1 r0", "defend a0 r0", "stop", "stop")
    # Then the attacker drew one card, the defender stays at the limit of 5
    assert len(st.hands[att]) == 1 and len(st.hands[dfn]) == 5


def test_the_attacker_is_first_to_play_a_bonus() -> None:
    st, att, dfn, target = _fight()
    set_troops(st, att, ash=1)
    play(st, f"attack {target} a1 r0", "defend a0 r0")
    assert st.cur == att


def test_refusing_with_one_peasant_gives_one() -> None:
    # "wenn der Daimyo nur einen Bauer besitzt, wird nur ein Bauer abgegeben"
    st, ch, dd, _ = _fight()
    set_troops(st, ch, ron=1)
    keep, lost = field_ids(st, st.own[dd])[:2]
    st._remove_peasant(st.field(lost))
    play(st, f"duel p{dd}", "refuse", f"give {keep}")
    assert st.owner[st.field(keep)] == ch and st.own[dd] == 0
    # Then no cards are drawn and the challenger's ronin stays exhausted
    assert st.hands[ch] == () and st.hands[dd] == () and st.ron_x[ch] == 1
    assert st.phase == ACTION


def test_a_won_duel_the_daimyo_chooses_four_peasants_and_the_ronin_stays_exhausted() -> None:
    # Given a challenged daimyo with 6 peasants and a challenger holding a bonus card
    st, ch, dd, _ = _fight()
    set_troops(st, ch, ron=1)
    free = [st.fid(f) for f in range(st.board.n) if st.owner[f] < 0 and f not in st.palace]
    put(st, dd, *free[:4])
    set_hand(st, ch, "houka2")  # bonus 2
    play(st, f"duel p{dd}")
    assert st.phase == ANSWER and st.cur == dd and st.ron_x[ch] == 1
    play(st, "accept", "bonus houka2", "stop", "stop")
    # When the ronin wins 2 to 0 / Then the daimyo picks the four peasants to remove
    assert st.phase == LOSE and st.cur == dd
    mine = field_ids(st, st.own[dd])
    assert {a.field for a in st.legal_actions()} == set(mine)
    for f in mine[2:]:
        play(st, f"lose {f}")
    assert field_ids(st, st.own[dd]) == mine[:2]
    # ... the ronin stays (exhausted); draws: challenger 2, challenged 3
    assert (st.ron[ch], st.ron_x[ch]) == (0, 1)
    assert len(st.hands[ch]) == 2 and len(st.hands[dd]) == 3


def test_a_lost_duel_the_ronin_leaves() -> None:
    st, ch, dd, _ = _fight()
    set_troops(st, ch, ron=1)
    set_hand(st, dd, "houka1")
    fields = st.own[dd]
    supply = st.supply_ron
    play(st, f"duel p{dd}", "accept", "stop", "bonus houka1")
    assert st.supply_ron == supply + 1 and st.ron[ch] + st.ron_x[ch] == 0
    assert st.own[dd] == fields and st.phase == ACTION


def test_only_an_active_ronin_challenges() -> None:
    st, ch, dd, _ = _fight()
    set_troops(st, ch, ash=2)
    assert not any(str(a).startswith("duel") for a in st.legal_actions())
    set_troops(st, ch, ron=1)
    st.ron[ch], st.ron_x[ch] = 0, 1
    with pytest.raises(IllegalActionError, match="active ronin"):
        play(st, f"duel p{dd}")


def test_shouri_costs_one_ryo_and_needs_it() -> None:
    # Given the defender losing with a Shouri played but no Ryo
    st, att, dfn, target = _fight()
    set_troops(st, att, ash=2)
    set_hand(st, dfn, "shouri2")
    set_money(st, dfn, 0)
    play(st, f"attack {target} a2 r0", "defend a0 r0", "stop", "bonus shouri2")
    # Then the Shouri cannot be paid: the attacker wins 4 to 2
    assert st.owner[st.field(target)] != dfn


def test_a_tie_draws_a_card_each_attacker_first_until_decided() -> None:
    # "Bei einem Gleichstand (beginnend mit dem Angreifer) werden die Karten aus dem
    # Kartenstapel gezogen ... bis der Kampf entschieden ist."
    # Given 2 (an ashigaru) against 2 (peasant + a card of bonus 1), the attacker holding
    # a Shouri (bonus 0) and the Ryo to pay it, so the combat halts after the tie-break
    st, att, dfn, target = _fight()
    set_troops(st, att, ash=1)
    set_hand(st, att, "shouri1")
    set_hand(st, dfn, "hosaku3")
    set_money(st, att, 1)
    stack_deck(st, "hosaku4", "nengu2", "hosaku1", "shinden4", "taue1", "kenchi1")
    play(st, f"attack {target} a1 r0", "defend a0 r0", "bonus shouri1", "bonus hosaku3")
    play(st, "stop", "stop")
    # When the cards are revealed: 2 against 2
    # Then each draws a card, attacker first: 1 against 1 (still tied), then 0 against 2
    assert st.fight["tie"] == (
        (0, card("hosaku4")),
        (1, card("nengu2")),
        (0, card("hosaku1")),
        (1, card("shinden4")),
    )
    assert (st.strength(0), st.strength(1)) == (3, 5)
    # ... and the losing attacker may now pay Shouri; declining, the defender holds
    assert [str(a) for a in st.legal_actions()] == ["use shouri1", "skip"]
    play(st, "skip")
    assert st.owner[st.field(target)] == dfn and st.money[att] == 1
    # ... the played and drawn cards are discarded, and both draw the next cards
    assert {card(c) for c in ("shouri1", "hosaku3", "hosaku4", "nengu2")} <= set(st.discard)
    assert st.hands[att] == (card("taue1"),) and st.hands[dfn] == (card("kenchi1"),)


def test_a_ronin_without_a_peasant_in_supply_drives_out_and_says_why() -> None:
    from engine.ricewars import records as R

    # Given a ronin's winning attack while the attacker's supply holds no peasant (and no
    # peasant waits on its board to occupy the field)
    st, att, dfn, target = _fight()
    set_troops(st, att, ash=2, ron=1)
    st.supply[att] = 0
    st.reserve[att] = 0
    st.events = []
    play(st, f"attack {target} a2 r1", "defend a0 r0", "stop", "stop")
    # Then the peasant is driven out, the field stays empty, and the fight's record says
    # why: no peasant to convert it
    assert st.owner[st.field(target)] < 0 and st.phase == ACTION
    fight = next(e for e in st.events if isinstance(e, R.Fight))
    assert fight.winner == 0 and fight.result == R.NO_SUPPLY
