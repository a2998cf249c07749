"""The records the Rokugan rules write (`engine.rokugan.events`): the rulebook's battle
example and the clan abilities as records, and random play where every battle's parts add
up to its totals and the records tell the state that follows."""

from __future__ import annotations

import random

import pytest

from engine.rokugan import battles, placement
from engine.rokugan.events import Battle, Defence, Diplomacy, Removal, Reveal, Score, Side
from engine.rokugan.resolution import resolve_in_steps
from engine.rokugan.scoring import honor_parts
from engine.rokugan.state import RokuganState
from tests.engine.rokugan.fixtures import position, rokugan_graph


def told(st: RokuganState) -> list:
    """Resolve `st`'s board, listening: the records of steps 1-7."""
    st.events = []
    for _ in resolve_in_steps(st):
        pass
    records, st.events = st.events, None
    return records


def only(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


def tally(side: Side) -> tuple:
    return (
        side.clan,
        [(t.label, t.strength) for t in side.tokens],
        [(b.what, b.strength) for b in side.bonuses],
        side.total,
    )


def test_rulebook_battle_example_as_a_record() -> None:
    # Given the rulebook's battle: Phoenix attacks Dragon's province with two Army 1 from two
    # provinces, Scorpion with an Army 3, Dragon defends with an Army 1
    st = position(
        """
        clans phoenix scorpion dragon
        control phoenix PHX_C
        control phoenix LION_E
        control scorpion LION_C
        control dragon DRAGON_3
        place phoenix army1 DRAGON_3|PHX_C ->DRAGON_3
        place phoenix army1 DRAGON_3|LION_E ->DRAGON_3
        place scorpion army3 DRAGON_3|LION_C ->DRAGON_3
        place dragon army1 DRAGON_3
        """
    )
    # When the round is resolved, listening
    records = told(st)
    # Then one battle is told: Dragon 1, Phoenix 2, Scorpion 3; Scorpion wins and holds it
    (battle,) = only(records, Battle)
    assert battle.province == "Dragon_3"
    assert [tally(a) for a in battle.attackers] == [
        ("Phoenix", [("Army 1", 1), ("Army 1", 1)], [], 2),
        ("Scorpion", [("Army 3", 3)], [], 3),
    ]
    assert tally(battle.defender) == ("Dragon", [("Army 1", 1)], [], 1)
    assert (battle.winner, battle.control_after) == ("Scorpion", "Scorpion")
    # and its JSON form keeps the contract's field names
    data = battle.to_json()
    assert data["kind"] == "battle" and data["round"] == 1
    assert data["attackers"][1] == {
        "clan": "Scorpion",
        "tokens": [{"label": "Army 3", "strength": 3}],
        "bonuses": [],
        "total": 3,
    }
    assert data["defender"]["clan"] == "Dragon" and data["control_after"] == "Scorpion"
    # and every token was revealed first, then left the board after fighting
    assert len(only(records, Reveal)) == 4
    assert {r.reason for r in only(records, Removal)} == {"fought"}


def test_blessing_and_crab_face_up_tokens_are_itemised() -> None:
    # Given Lion attacking Crab's capital (printed 2, one face-up control token) with an
    # Army 3 blessed +2, Crab defending with an Army 1
    st = position(
        """
        clans lion crab
        control lion GOLD_3C
        control crab CRAB_C up=1
        place lion army3 CRAB_C|GOLD_3C ->CRAB_C
        place crab army1 CRAB_C
        hand lion blessing2
        """
    )
    placement.do_place(st, 0, "blessing2", "#0", from_discard=False)
    # When resolved
    records = told(st)
    # Then Lion's 5 is Army 3 + Blessing 2; Crab's 5 is Army 1, printed 2, face-up 1 twice
    (battle,) = only(records, Battle)
    assert tally(battle.attackers[0]) == ("Lion", [("Army 3", 3)], [("Blessing", 2)], 5)
    assert tally(battle.defender) == (
        "Crab",
        [("Army 1", 1)],
        [
            ("printed defence", 2),
            ("face-up control tokens", 1),
            ("Crab's face-up tokens count twice", 1),
        ],
        5,
    )
    # and the defender wins the tie, puts a control token face up, and says so
    assert (battle.winner, battle.control_after, battle.decided) == (
        "Crab",
        "Crab",
        "the defender wins ties",
    )
    assert only(records, Defence) == [Defence(1, "Crab_C", "Crab", "it won its battle")]
    # and the Army 3 leaves the board after fighting with the Blessing on it, named
    (army3,) = [r for r in only(records, Removal) if r.clan == "Lion"]
    assert (army3.token, army3.reason, army3.blessings) == ("Army 3", "fought", ("Blessing +2",))
    assert army3.to_json()["blessings"] == ["Blessing +2"]


def test_a_defence_with_no_control_token_left_says_none_was_placed() -> None:
    # Given Crab's own Army in its capital, nobody attacking, and Crab's 30 control tokens
    # all on the board already
    st = position(
        """
        clans crab lion
        control crab CRAB_C up=1
        control lion LION_C
        place crab army1 CRAB_C
        """
    )
    st.control_left[0] = 0
    # When resolved
    records = told(st)
    # Then Crab still defends it successfully, but the record says no token was placed,
    # and none was: the province keeps its one face-up token
    assert only(records, Defence) == [
        Defence(1, "Crab_C", "Crab", "its own tokens held it", placed=False)
    ]
    assert st.ctrl_up[st.board.index["CRAB_C"]] == 1


def test_crane_wins_a_tie_and_phoenix_ignores_a_capital() -> None:
    # Given Crane attacking Lion's capital with 2 (printed defence 2) and Phoenix
    # attacking Crab's capital with 1 against nothing but its printed 2
    st = position(
        """
        clans crane lion phoenix crab
        control crane CRANE_C
        control lion LION_C
        control phoenix PHX_2
        control crab CRAB_C
        control phoenix GOLD_3C
        place crane army2 CRANE_C|LION_C ->LION_C
        place phoenix army1 CRAB_C|GOLD_3C ->CRAB_C
        """
    )
    # When resolved
    records = told(st)
    # Then Crane's 2 ties Lion's printed 2 and wins; Phoenix's 1 beats Crab's 2 - 2
    by_place = {b.province: b for b in only(records, Battle)}
    crane = by_place["Lion_C"]
    assert tally(crane.defender) == ("Lion", [], [("printed defence", 2)], 2)
    assert (crane.winner, crane.decided) == ("Crane", "Crane wins ties")
    phoenix = by_place["Crab_C"]
    assert tally(phoenix.defender) == (
        "Crab",
        [],
        [("printed defence", 2), ("Phoenix ignores a capital's printed defence", -2)],
        0,
    )
    assert phoenix.control_after == "Phoenix"


def test_lions_bluff_adds_two_and_other_bluffs_go_back() -> None:
    # Given Lion's bluff in its own province and Crab's bluff attacking, Crab's Army 2 too
    st = position(
        """
        clans lion crab
        control lion LION_W
        control crab LION_C
        place lion bluff LION_W
        place crab army2 LION_C|LION_W ->LION_W
        place crab bluff LION_C|LION_W ->LION_W
        """
    )
    # When resolved
    records = told(st)
    # Then Crab's bluff went back, Lion's stayed and adds 2 against Crab's Army 2
    assert [(r.clan, r.token, r.reason) for r in only(records, Removal)][:1] == [
        ("Crab", "Bluff", "bluff")
    ]
    (battle,) = only(records, Battle)
    assert tally(battle.defender) == ("Lion", [], [("Lion's bluff", 2)], 2)
    assert (battle.winner, battle.control_after) == ("Lion", "Lion")


def test_diplomacy_example_and_score_records() -> None:
    # Given the rulebook's Diplomacy on a harbor province
    st = position(
        """
        clans dragon crab
        control dragon DRAGON_1
        special DRAGON_1 harbor
        place dragon diplomacy DRAGON_1
        round 5
        """
    )
    records = told(st)
    assert only(records, Diplomacy) == [Diplomacy(5, "Dragon", "Dragon_1", True)]
    # and the game's end scores each clan, its parts adding up to its honor
    scores = only(records, Score)
    assert [s.clan for s in scores] == ["Dragon", "Crab"]
    for seat, score in enumerate(scores):
        assert sum(p.strength for p in score.parts) == score.honor == st.honor()[seat]


def random_resolutions(games: int, seed: int):
    """(state before step 5, the records of step 5, the state after it) of every round
    of `games` seeded random games on the published map."""
    graph = rokugan_graph()
    for g in range(games):
        rng = random.Random(seed + g)
        st = RokuganState.new(rng.choice((2, 3, 4, 5)), seed + g, None, graph)
        while not st.is_terminal():
            action = rng.choice(st.legal_actions())
            before = st.round
            reveal = st.at_reveal(action)
            st.apply(action)
            if st.round == before and not st.is_terminal():
                continue
            sim = reveal.clone()
            steps = resolve_in_steps(sim)
            for _ in range(4):
                next(steps)
            pre = sim.clone()
            sim.events = []
            next(steps)
            yield pre, sim.events, sim
            sim.events = None
            for _ in steps:
                pass
            assert sim.ctrl_owner == st.ctrl_owner


@pytest.mark.parametrize("seed", [0, 1000])
def test_random_battles_add_up_and_tell_what_follows(seed: int) -> None:
    # Given every round's battles of seeded random games
    battles_seen = 0
    for pre, records, post in random_resolutions(12, seed):
        names = {pre.board.graph.provinces[q].name: q for q in range(pre.board.n)}
        clans = {c: p for p, c in enumerate(_clan_names(pre))}
        for record in only(records, Battle):
            battles_seen += 1
            q = names[record.province]
            # Then each side's total is the sum of its parts
            for side in (*record.attackers, record.defender):
                parts = sum(t.strength for t in side.tokens) + sum(b.strength for b in side.bonuses)
                assert side.total == parts
            # and the province's controller after the battles is the record's
            owner = post.ctrl_owner[q]
            assert record.control_after == (_clan_names(post)[owner] if owner >= 0 else "")
            # and the rule for a board not yet on the table (the AI's) agrees
            attack = {
                clans[a.clan]: sum(t.strength for t in a.tokens)
                + sum(b.strength for b in a.bonuses)
                for a in record.attackers
            }
            guard = sum(t.strength for t in record.defender.tokens)
            guard += sum(b.strength for b in record.defender.bonuses if b.what == "Blessing")
            guard += sum(b.strength for b in record.defender.bonuses if b.what == "Lion's bluff")
            assert battles.conqueror(pre, q, attack, guard) == owner
            # and the board's totals before the battle (the cards' and the AI's) are the
            # record's, without Lion's bluff, for this province alone as for all of them
            aims, guards, _ = battles.board_totals(pre)
            alone, guard_alone, _ = battles.board_totals(pre, q)
            assert aims[q] == alone[q] == {p: v for p, v in attack.items() if v}
            bluff = sum(b.strength for b in record.defender.bonuses if b.what == "Lion's bluff")
            assert guards[q] == guard_alone[q] == guard - bluff
        for record in only(records, Defence):
            q = names[record.province]
            assert post.ctrl_up[q] == pre.ctrl_up[q] + record.placed
    assert battles_seen > 100


def _clan_names(st: RokuganState) -> list[str]:
    from engine.rokugan.events import clan_words

    return [clan_words(c) for c in st.clans]


def test_listening_changes_nothing_and_clones_do_not_listen() -> None:
    # Given two equal games, one told and one not
    graph = rokugan_graph()
    a = RokuganState.new(3, 7, None, graph)
    b = RokuganState.new(3, 7, None, graph)
    rng = random.Random(7)
    while not a.is_terminal():
        action = rng.choice(a.legal_actions())
        a.apply_told(action)
        b.apply(action)
        # Then the positions stay equal and no copy listens
        assert a.key() == b.key()
        assert a.events is None and a.clone().events is None
    assert honor_parts(a, 0) is not None


def test_a_whole_told_game_has_an_upkeep_a_round_and_scores_at_the_end() -> None:
    # Given a seeded random game applied with apply_told
    graph = rokugan_graph()
    st = RokuganState.new(4, 21, None, graph)
    rng = random.Random(21)
    records = []
    while not st.is_terminal():
        records.extend(st.apply_told(rng.choice(st.legal_actions())))
    # Then every round begins with its upkeep, every decision is told, the game ends scored
    assert [r.round for r in records if r.kind == "upkeep"] == [1, 2, 3, 4, 5]
    assert sum(1 for r in records if r.kind == "decision") == len(st.history)
    scores = only(records, Score)
    assert [s.honor for s in scores] == st.honor()
    assert records[-len(scores) :] == scores
    # and every record reads as JSON with its kind and round
    for r in records:
        data = r.to_json()
        assert data["kind"] == r.kind and data["round"] == r.round


@pytest.mark.parametrize("seed", [2, 9])
def test_honor_by_kind_adds_up_to_the_honor(seed: int) -> None:
    # Given the positions of a seeded random game (the Shadowlands give no honor)
    from engine.rokugan.scoring import honor_breakdown

    st = RokuganState.new(5, seed, None, rokugan_graph())
    rng = random.Random(seed)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
        # Then every clan's honor by kind and item by item sums to its honor
        honor = st.honor()
        for p in range(st.n):
            assert sum(honor_breakdown(st, p)) == honor[p]
            assert sum(b.strength for b in honor_parts(st, p)) == honor[p]
