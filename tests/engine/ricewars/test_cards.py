"""Every action card and every advisor's service does what its text says."""

from __future__ import annotations

import pytest

from engine.ricewars.data import ADVISOR_INDEX, ADVISORS, CARDS, HAND_LIMIT
from engine.ricewars.state import ACTION, PLANT
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


def _table(st, player: int, card_id: str, money: int = 5):
    """The acting player holds `card_id` and `money` Ryo."""
    set_hand(st, player, card_id)
    set_money(st, player, money)


def test_the_content_is_55_cards_and_8_advisors() -> None:
    assert len(CARDS) == 55
    assert sum(c.kind == "action" for c in CARDS) == 40
    assert {c.type for c in CARDS} >= {"kyuujo", "shouri", "yuuki"}
    assert all(0 <= c.bonus <= 2 for c in CARDS)
    assert len(ADVISORS) == 8
    assert {"geisha", "youhei", "soujutsu", "jojutsu"} <= set(ADVISOR_INDEX)


def test_hosaku_gains_three_ryo() -> None:
    st = ready(3)
    s = st.cur
    _table(st, s, "hosaku1", 0)
    play(st, "play hosaku1")
    assert st.money[s] == 3 and card("hosaku1") in st.discard


def test_nengu_taxes_every_other_daimyo() -> None:
    st = ready(3)
    s, b, c = st.cur, (st.cur + 1) % 3, (st.cur + 2) % 3
    _table(st, s, "nengu1", 0)
    set_money(st, b, 0)
    set_money(st, c, 4)
    play(st, "play nengu1")
    assert (st.money[s], st.money[b], st.money[c]) == (1, 0, 3)


def test_shinden_places_a_peasant_from_the_supply() -> None:
    st = ready(3)
    s = st.cur
    _table(st, s, "shinden1")
    target = field_ids(st, st.peasant_fields(s))[0]
    supply, reserve = st.supply[s], st.reserve[s]
    play(st, f"play shinden1 {target}")
    assert st.owner[st.field(target)] == s
    assert (st.supply[s], st.reserve[s], st.money[s]) == (supply - 1, reserve, 4)


def test_taue_plants_up_to_two_peasants() -> None:
    st = ready(3)
    s = st.cur
    _table(st, s, "taue1")
    st.reserve[s], st.supply[s] = 2, st.supply[s] - 2
    play(st, "play taue1")
    assert st.phase == PLANT and st.cur == s
    play(st, str(st.legal_actions()[1]))
    play(st, str(st.legal_actions()[1]))
    assert st.reserve[s] == 0 and st.own[s].bit_count() == 4 and st.phase == ACTION


def test_ikki_removes_only_a_cut_off_peasant() -> None:
    st = ready(3)
    s, o = st.cur, (st.cur + 1) % 3
    _table(st, s, "ikki1")
    far = next(
        f for f in range(st.board.n) if st.owner[f] < 0 and st.board.dist[f][st.palace[o]] > 5
    )
    put(st, o, st.fid(far))
    targets = [a.args for a in st.legal_actions() if str(a).startswith("play ikki1")]
    assert targets == [(st.fid(far),)]
    play(st, f"play ikki1 {st.fid(far)}")
    assert st.owner[far] == -1


def test_kenchi_moves_a_peasant_to_a_free_neighbour() -> None:
    st = ready(3)
    s = st.cur
    _table(st, s, "kenchi1")
    action = next(a for a in st.legal_actions() if str(a).startswith("play kenchi1"))
    src, dst = action.args
    assert st.board.adj[st.field(src)] >> st.field(dst) & 1
    play(st, str(action))
    assert st.owner[st.field(src)] == -1 and st.owner[st.field(dst)] == s


def test_chouhei_gives_an_active_ashigaru() -> None:
    st = ready(3)
    s = st.cur
    _table(st, s, "chouhei1")
    play(st, "play chouhei1")
    assert st.ash[s] == 1 and st.money[s] == 4


def test_yasumi_and_souryo_make_exhausted_troops_active() -> None:
    st = ready(3)
    s = st.cur
    _table(st, s, "yasumi1")
    set_troops(st, s, ash=2, ron=1)
    st.ash[s], st.ash_x[s], st.ron[s], st.ron_x[s] = 0, 2, 0, 1
    play(st, "play yasumi1")
    assert (st.ash[s], st.ron[s]) == (2, 1)
    o = st.cur
    set_troops(st, o, ash=1)
    st.ash[o], st.ash_x[o] = 0, 1
    st.held[o] = ((ADVISOR_INDEX["souryo"], 1),)
    play(st, "service souryo")
    assert (st.ash[o], st.ash_x[o], st.held[o]) == (1, 0, ())


def test_shinobi_steals_a_random_card() -> None:
    st = ready(3)
    s, o = st.cur, (st.cur + 1) % 3
    _table(st, s, "shinobi1")
    set_hand(st, o, "hosaku1", "hosaku2")
    play(st, f"play shinobi1 p{o}")
    assert len(st.hands[o]) == 1 and len(st.hands[s]) == 1
    assert st.hands[s][0] in (card("hosaku1"), card("hosaku2"))


def test_shounin_and_geisha_draw_two_up_to_the_hand_limit() -> None:
    st = ready(3)
    s = st.cur
    _table(st, s, "shounin1")
    play(st, "play shounin1")
    assert len(st.hands[s]) == 2 and st.money[s] == 4
    o = st.cur
    set_hand(st, o, *[CARDS[c].id for c in st.deck[-4:]])
    st.held[o] = ((ADVISOR_INDEX["geisha"], 2),)
    play(st, "service geisha")
    assert len(st.hands[o]) == HAND_LIMIT and st.held[o] == ((ADVISOR_INDEX["geisha"], 1),)
    assert st.used_service[o]


def test_houka_removes_a_neighbouring_peasant_for_three_ryo() -> None:
    st = ready(3)
    s, o = st.cur, (st.cur + 1) % 3
    _table(st, s, "houka1", 3)
    near = st.board.adj[st.palace[s]]
    for f in field_ids(st, st.own[s]):
        near |= st.board.adj[st.field(f)]
    free = field_ids(st, near & st.free_mask())[0]
    put(st, o, free)
    play(st, f"play houka1 {free}")
    assert st.owner[st.field(free)] == -1 and st.money[s] == 0


def test_wairo_exhausts_an_opponents_ashigaru() -> None:
    st = ready(3)
    s, o = st.cur, (st.cur + 1) % 3
    _table(st, s, "wairo1")
    set_troops(st, o, ash=2)
    play(st, f"play wairo1 p{o}")
    assert (st.ash[o], st.ash_x[o]) == (1, 1)


def test_matsuri_pays_one_ryo_per_two_connected_peasants() -> None:
    st = ready(3)
    s = st.cur
    _table(st, s, "matsuri1", 0)
    assert st.connected(s).bit_count() == 2
    play(st, "play matsuri1")
    assert st.money[s] == 1


def test_a_card_costs_its_ryo() -> None:
    st = ready(3)
    s = st.cur
    _table(st, s, "houka1", 2)
    assert not any(str(a).startswith("play houka1") for a in st.legal_actions())
    with pytest.raises(Exception, match="costs 3 Ryo"):
        play(st, f"play houka1 {st.fid(0)}")


def test_kanjou_and_daiku_services() -> None:
    st = ready(3)
    s = st.cur
    set_money(st, s, 0)
    st.held[s] = ((ADVISOR_INDEX["kanjou"], 1), (ADVISOR_INDEX["daiku"], 1))
    play(st, "service kanjou")
    assert st.money[s] == 4 and st.held[s] == ((ADVISOR_INDEX["daiku"], 1),)
    # one service per round
    play(st, "pass", "pass")
    assert st.cur == s and not any(str(a).startswith("service") for a in st.legal_actions())
    st.used_service[s] = False
    target = field_ids(st, st.peasant_fields(s))[0]
    play(st, f"service daiku {target}")
    assert st.owner[st.field(target)] == s and st.held[s] == ()


def test_combat_services_youhei_soujutsu_gunshi() -> None:
    st = ready(3)
    s, o = st.cur, (st.cur + 1) % 3
    target = field_ids(st, st.own[o])[0]
    set_troops(st, s, ash=1)
    set_hand(st, s)
    set_hand(st, o)
    st.held[s] = ((ADVISOR_INDEX["soujutsu"], 1),)
    st.held[o] = ((ADVISOR_INDEX["gunshi"], 1), (ADVISOR_INDEX["youhei"], 1))
    stack_deck(st, "ikki3", "hosaku1")  # the tie-break: 2 against 0
    play(st, f"attack {target} a1 r0", "defend a0 r0")
    texts = [str(a) for a in st.legal_actions()]
    assert "service soujutsu" in texts
    play(st, "service soujutsu")
    assert {"service gunshi", "service youhei"} <= {str(a) for a in st.legal_actions()}
    play(st, "service gunshi")
    assert st.strength(0) == 2 + 2 and st.strength(1) == 1 + 3
    play(st, "stop", "stop")
    # 4 against 4: the tie-break draws win it for the attacker; both services are spent
    assert st.owner[st.field(target)] != o
    assert st.held[s] == () and st.held[o] == ((ADVISOR_INDEX["youhei"], 1),)


def test_the_content_page_lists_every_card_and_advisor() -> None:
    from pathlib import Path

    page = Path(__file__).resolve().parents[3] / "docs" / "ricewars-content.md"
    text = page.read_text(encoding="utf-8")
    for c in CARDS:
        assert f"| {c.name} | {c.kanji} |" in text
    for a in ADVISORS:
        assert f"| {a.name} | {a.kanji} | {a.upkeep} |" in text
