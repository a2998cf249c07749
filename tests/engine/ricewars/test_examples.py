"""The rulebook's worked examples, as tests."""

from __future__ import annotations

from engine.ricewars.data import ADVISOR_INDEX, ASHIGARU_SUPPLY, RONIN_SUPPLY
from engine.ricewars.records import Part
from engine.ricewars.state import ACTION, HIRE, PICK, FightRecord
from tests.engine.ricewars.helpers import (
    card,
    field_ids,
    pass_round,
    play,
    ready,
    set_hand,
    set_money,
    set_troops,
    stack_deck,
)

YOUHEI = ADVISOR_INDEX["youhei"]
SOUJUTSU = ADVISOR_INDEX["soujutsu"]
GEISHA = ADVISOR_INDEX["geisha"]


def test_hiring_example_unpaid_ronin_leaves() -> None:
    # Given Michael with 2 ashigaru, a ronin and Youhei from earlier rounds
    st = ready(3, seed=4)
    michael = (st.governor + 1) % 3
    set_troops(st, michael, ash=2, ron=1)
    st.adeck.remove(YOUHEI)  # won at an auction whose boards are gone
    st.boxed_advisors.append(YOUHEI)
    st.held[michael] = ((YOUHEI, 1),)
    pass_round(st)
    while not (st.phase == HIRE and st.cur == michael):
        play(st, "done")
    # ... and 7 Ryo in his hiring turn
    set_money(st, michael, 7)
    # When he hires 2 peasants (2 Ryo), pays 2 ashigaru (4) and Youhei (1)
    reserve = st.reserve[michael]
    play(st, "hire peasant", "hire peasant", "pay ashigaru", "pay ashigaru", "pay youhei")
    # Then he has no Ryo left, so the ronin is not paid and returns to the supply
    assert st.money[michael] == 0
    assert st.reserve[michael] == reserve + 2
    assert (st.ash[michael], st.ron[michael], st.ron_due[michael]) == (2, 0, 0)
    assert st.supply_ron == RONIN_SUPPLY and st.supply_ash == ASHIGARU_SUPPLY - 2
    assert st.held[michael] == ((YOUHEI, 1),)
    assert st.cur != michael


def test_geisha_auction_example() -> None:
    # Given 4 players in round 2 (an auction round) with Andreas the governor
    st = ready(4, seed=2)
    pass_round(st)
    andreas = st.governor
    agata, michael, maciek = (andreas + 1) % 4, (andreas + 2) % 4, (andreas + 3) % 4
    st.adeck.remove(GEISHA)
    st.adeck.append(GEISHA)  # the governor draws the Geisha
    while st.phase == HIRE:
        play(st, "done")
    assert st.phase == PICK and st.cur == andreas and "auction" in st.symbols()
    money = list(st.money)
    # When the Geisha is auctioned: Agata bids 1, Michael 2, Maciek 2, Andreas nothing
    play(st, "auction geisha")
    bids = {andreas: 0, agata: 1, michael: 2, maciek: 2}
    for _ in range(4):
        play(st, f"bid {bids[st.cur]}")
    # Then Michael and Maciek get two services each, Agata one; all three pay
    assert st.held[michael] == ((GEISHA, 2),) and st.held[maciek] == ((GEISHA, 2),)
    assert st.held[agata] == ((GEISHA, 1),) and st.held[andreas] == ()
    assert [money[s] - st.money[s] for s in (andreas, agata, michael, maciek)] == [0, 1, 2, 2]
    assert st.last_bids == (GEISHA, tuple(bids[s] for s in range(4)))


def test_round_six_combat_with_shouri() -> None:
    # Given round 6 (attackers +1): Agata's two ashigaru and Soujutsu no shishou against
    # Michael's peasant, his last active ashigaru and Youhei
    st = ready(3, seed=1)
    agata = st.cur
    michael = (agata + 1) % 3
    st.round = 6
    assert "attack1" in st.symbols()
    target = field_ids(st, st.own[michael])[0]
    set_troops(st, agata, ash=2)
    set_troops(st, michael, ash=1)
    st.table = [SOUJUTSU, YOUHEI]
    for a in st.table:
        st.adeck.remove(a)
    st.held[agata] = ((SOUJUTSU, 2),)
    st.held[michael] = ((YOUHEI, 1),)
    set_hand(st, agata, "hosaku1")  # bonus 0
    set_hand(st, michael, "chouhei3", "shouri2")  # bonus 2 and 1
    stack_deck(st, "shinden2", "taue4", "hosaku2")  # Youhei: 1; tie-break: 2 vs 0
    set_money(st, michael, 3)
    # When they fight as in the rulebook
    play(st, f"attack {target} a2 r0")
    play(st, "defend a1 r0")
    play(st, "service soujutsu")  # Agata: +2 for her ashigaru
    play(st, "bonus chouhei3")  # Michael
    play(st, "bonus hosaku1")  # Agata
    play(st, "service youhei")  # Michael: the top card face down
    play(st, "stop")  # Agata gives up further modifications
    play(st, "bonus shouri2")  # Michael's one last card
    # Then both have 7 (Agata 2+2+1+2+0, Michael 1+2+2+1+1) before the tie-break
    f = st.fight
    assert f["tie"] == ((0, card("taue4")), (1, card("hosaku2")))
    # ... the tie-break draws leave Agata ahead, and Michael may pay Shouri
    assert st.strength(0) == 9 and st.strength(1) == 7
    assert st.cur == michael and [str(a) for a in st.legal_actions()] == ["use shouri2", "skip"]
    play(st, "use shouri2")
    # Then Michael wins for 1 Ryo: his peasant stays, all fighting ashigaru are exhausted
    assert st.owner[st.field(target)] == michael
    assert st.money[michael] == 2
    assert (st.ash[agata], st.ash_x[agata], st.ash[michael], st.ash_x[michael]) == (0, 2, 0, 1)
    assert st.phase == ACTION and st.fight is None
    # ... and both drew one card
    assert len(st.hands[agata]) == 1 and len(st.hands[michael]) == 1
    # ... and the finished fight stays readable as a record of what happened
    assert st.last_fight == FightRecord(
        kind="combat",
        attacker=agata,
        defender=michael,
        field=target,
        troops=((2, 0), (1, 0)),
        cards=((card("hosaku1"),), (card("chouhei3"), card("shouri2"))),
        blind=((), (card("shinden2"),)),
        extra=(2, 0),
        paid=(card("shouri2"),),
        tie=((0, card("taue4")), (1, card("hosaku2"))),
        revealed=True,
        winner=1,
        strengths=(9, 7),
        parts=(
            (
                Part("2 ashigaru", 4),
                Part("attack round", 1),
                Part("advisor's service", 2),
                Part("Hosaku", 0),
                Part("Taue (tie-break draw)", 2),
            ),
            (
                Part("1 ashigaru", 2),
                Part("peasant", 1),
                Part("Chouhei", 2),
                Part("Shouri", 1),
                Part("Shinden (drawn face down)", 1),
                Part("Hosaku (tie-break draw)", 0),
            ),
        ),
        known=(7, 3),
    )


def test_the_fight_record_belongs_to_the_action_that_ended_the_fight() -> None:
    # Given a combat of one ashigaru against a lone peasant, no cards on either side
    st = ready(3, seed=1)
    agata = st.cur
    michael = (agata + 1) % 3
    target = field_ids(st, st.own[michael])[0]
    set_troops(st, agata, ash=1)
    set_troops(st, michael)
    set_hand(st, agata)
    set_hand(st, michael)
    play(st, f"attack {target} a1 r0")
    play(st, "defend a0 r0")
    assert st.last_fight is None  # the fight is under way
    # When both stop (nothing to occupy with: the attacker's daimyo board is empty)
    st.reserve[agata] = 0
    play(st, "stop")
    play(st, "stop")
    record = st.last_fight
    # Then the fight is recorded (2 + 0 against the peasant's 1: the attacker wins) ...
    assert record is not None and record.winner == 0 and record.strengths == (2, 1)
    assert record.field == target and record.kind == "combat"
    # ... a clone keeps it, and the next action (or undoing this one) clears it
    assert st.clone().last_fight == record
    key = st.key()
    nxt = st.legal_actions()[0]
    st.apply(nxt)
    assert st.last_fight is None
    st.undo()
    assert st.last_fight == record and st.key() == key
    st.undo()
    assert st.last_fight is None and st.fight is not None
