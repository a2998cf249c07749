"""The records of every resolution step agree with the state that follows it.

Seeded random games on the published map with 2-5 players are resolved step by step
(`resolve_in_steps`), listening to each step on its own. After every step each record is
checked against the board as it then is: a revealed token lies face up; every token that
left the board is named by a removal, its own or its host's (the Blessings that went with
it); a raid scorched and emptied its province, peace lies where Diplomacy brought it, a
battle's parts add up to its totals and its `control_after` is the board's, a defended
province gained a face-up control token exactly when its record says one was placed (none
when its clan had none left), a claimed territory's card is held by the clan named, the
final scores add up to each clan's honor; and nothing on the board changed that no record
of the step tells. Every territory card played on the way is checked the same way against
the board after it (`card_effect`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from engine.rokugan.data import PEACE, SCORCHED
from engine.rokugan.effects import EFFECTS
from engine.rokugan.events import (
    Battle,
    CardEffect,
    Defence,
    Diplomacy,
    Raid,
    Removal,
    Reveal,
    Score,
    TerritoryClaim,
    board_marks,
    holder_words,
    token_facts,
)
from engine.rokugan.position import ON_MAP, T_UP
from engine.rokugan.resolution import resolve_in_steps
from engine.rokugan.state import RokuganState
from tests.engine.rokugan.fixtures import rokugan_graph

Step = tuple[RokuganState, int, list, RokuganState]
KNOWN = (Reveal, Removal, Raid, Diplomacy, Battle, Defence, TerritoryClaim, Score)
STEP_KINDS = {1: {Reveal}, 2: {Removal}, 3: {Raid, Removal}, 4: {Diplomacy, Removal}}
STEP_KINDS |= {5: {Battle, Defence, Removal}, 6: {TerritoryClaim}, 7: {Score}}
REMOVAL_REASONS = {2: {"bluff", "illegal"}, 3: {"raid", "cleared by raid"}}
REMOVAL_REASONS |= {4: {"cleared by peace"}, 5: {"fought"}}


def steps_of_random_games(games: int, seed: int, cards: list) -> Iterator[Step]:
    """(state before, step number, the step's records, state after) of every resolution
    step of `games` seeded random games; `cards` collects (before, records, after) of
    every territory card played."""
    graph = rokugan_graph()
    for g in range(games):
        rng = random.Random(seed + g)
        st = RokuganState.new(rng.choice((2, 3, 4, 5)), seed + g, None, graph)
        while not st.is_terminal():
            legal = st.legal_actions()
            action = rng.choice(legal)
            round_ = st.round
            if getattr(action, "card", None) in EFFECTS:
                before = st.clone()
                records = st.apply_told(action)
                if st.round == round_:
                    cards.append((before, records, st.clone()))
            else:
                st.apply(action)
            if st.round == round_ and not st.is_terminal():
                continue
            # The round's resolution, step by step, from the board as placed.
            st.undo()
            sim = st.at_reveal(action)
            st.apply(action)
            steps = resolve_in_steps(sim)
            while True:
                pre = sim.clone()
                sim.events = []
                number = next(steps, None)
                records, sim.events = sim.events, None
                if number is None:
                    break
                yield pre, number, records, sim
            assert sim.ctrl_owner == st.ctrl_owner and sim.honor() == st.honor()


def _on_board(st: RokuganState) -> Counter:
    """(clan, token) of every board token."""
    return Counter(token_facts(st, s)[:2] for s, t in enumerate(st.tokens) if t is not None)


def _changed(pre: RokuganState, post: RokuganState) -> set[str]:
    """The provinces whose controller, control tokens or special token changed."""
    a, b = board_marks(pre), board_marks(post)
    names = [p.name for p in pre.board.graph.provinces]
    pairs = list(zip(a, b, strict=True))
    return {names[q] for q in range(pre.board.n) if any(x[q] != y[q] for x, y in pairs)}


def _check_step(pre: RokuganState, number: int, records: list, post: RokuganState) -> None:
    """Every record of step `number` agrees with `post`, the state after it."""
    index = {p.name: q for q, p in enumerate(pre.board.graph.provinces)}
    territory = {t.name: i for i, t in enumerate(pre.board.graph.territories)}
    clans = {holder_words(pre, p): p for p in range(pre.n)}
    assert all(isinstance(r, KNOWN) and r.round == pre.round for r in records)
    assert {type(r) for r in records} <= STEP_KINDS[number], (number, records)
    # Tokens: a revealed one lies face up; a removed one is gone; nothing else moved.
    reveals = [r for r in records if isinstance(r, Reveal)]
    turned = [
        s
        for s, t in enumerate(post.tokens)
        if t is not None and t[T_UP] and not pre.tokens[s][T_UP]  # type: ignore[index]
    ]
    assert Counter((r.clan, r.token, r.place) for r in reveals) == Counter(
        token_facts(post, s) for s in turned
    )
    removals = [r for r in records if isinstance(r, Removal)]
    if number < 7:
        gone = _on_board(pre) - _on_board(post)
        assert not _on_board(post) - _on_board(pre)
        # Every token that left is named by a removal: its own, or its host's (`blessings`).
        recorded = Counter((r.clan, r.token) for r in removals)
        recorded += Counter((r.clan, b) for r in removals for b in r.blessings)
        assert recorded == gone, (number, gone, removals)
    for r in removals:
        assert r.reason in REMOVAL_REASONS[number], r
    # ... and the raid, peace, battle or defence that took a token is a record of the step
    # (a token in its own clan's province with no attack on it, such as Lion's bluff,
    # goes after the battles with no battle there).
    where = {(r.kind, r.province) for r in records if isinstance(r, (Raid, Diplomacy, Battle))}
    where |= {("battle", r.province) for r in records if isinstance(r, Defence)}
    took = {"raid": "raid", "cleared by raid": "raid", "cleared by peace": "diplomacy"}
    for r in removals:
        if r.reason == "fought" and pre.ctrl_owner[index[r.province]] == clans[r.clan]:
            continue
        if r.reason in took or r.reason == "fought":
            assert (took.get(r.reason, "battle"), r.province) in where, r
    # What changed on the board is told by a record of the step about that province.
    told = {r.province for r in records if isinstance(r, (Raid, Diplomacy, Battle, Defence))}
    assert _changed(pre, post) <= told, (number, _changed(pre, post), records)
    for r in records:
        if isinstance(r, Raid):
            q = index[r.province]
            if r.success:
                assert post.ctrl_owner[q] == -1
                assert (post.special[q] == SCORCHED) == (r.scorched or pre.special[q] == SCORCHED)
            else:
                assert not r.scorched
        elif isinstance(r, Diplomacy):
            q = index[r.province]
            assert not r.peace or post.special[q] == PEACE
        elif isinstance(r, Battle):
            q = index[r.province]
            for side in (*r.attackers, r.defender):
                parts = sum(t.strength for t in side.tokens) + sum(b.strength for b in side.bonuses)
                assert side.total == parts
            assert r.control_after == holder_words(post, post.ctrl_owner[q])
            assert r.winner in {side.clan for side in (*r.attackers, r.defender)}
        elif isinstance(r, Defence):
            q = index[r.province]
            assert post.ctrl_owner[q] == clans[r.clan] == pre.ctrl_owner[q]
            # A face-up control token was placed, unless the record says none was left:
            # then the clan's conquests and defences of the step needed more than it had.
            p = clans[r.clan]
            needed = sum(
                1
                for b in records
                if isinstance(b, Battle)
                and b.control_after == r.clan
                and pre.ctrl_owner[index[b.province]] != p
                or isinstance(b, Defence)
                and b.clan == r.clan
            )
            assert post.ctrl_up[q] - pre.ctrl_up[q] == int(r.placed), r
            assert r.placed or pre.control_left[p] < needed, r
        elif isinstance(r, TerritoryClaim):
            t = territory[r.territory]
            holder = post.terr_holder[t]
            assert holder == (clans[r.clan] if r.clan else ON_MAP)
            before = pre.terr_holder[t]
            assert r.previous == (holder_words(pre, before) if before >= 0 else "")
        elif isinstance(r, Score):
            p = clans[r.clan]
            assert sum(b.strength for b in r.parts) == r.honor == post.honor()[p]
    # A battle for every province that changed hands; a claim for every card that moved.
    battles = {r.province for r in records if isinstance(r, Battle)}
    names = [p.name for p in pre.board.graph.provinces]
    if number == 5:
        moved = {names[q] for q in range(pre.board.n) if pre.ctrl_owner[q] != post.ctrl_owner[q]}
        assert moved <= battles
    claims = {r.territory for r in records if isinstance(r, TerritoryClaim)}
    cards_moved = {
        pre.board.graph.territories[t].name
        for t in range(len(pre.terr_holder))
        if pre.terr_holder[t] != post.terr_holder[t]
    }
    assert claims == (cards_moved if number == 6 else set())
    scores = [r for r in records if isinstance(r, Score)]
    if scores:
        assert [clans[s.clan] for s in scores] == list(range(pre.n))


def _check_card(before: RokuganState, records: tuple, after: RokuganState) -> None:
    """A territory card's records name each province it changed, with the board's marks."""
    effects = [r for r in records if isinstance(r, CardEffect)]
    assert effects
    named = {r.province for r in effects if r.province}
    assert named == _changed(before, after)
    index = {p.name: q for q, p in enumerate(before.board.graph.provinces)}
    for r in effects:
        if r.province:
            q = index[r.province]
            assert r.control_after == holder_words(after, after.ctrl_owner[q])
            assert r.face_up == after.ctrl_up[q] - before.ctrl_up[q]


def test_every_step_of_random_resolutions_is_what_its_records_say() -> None:
    # Given every resolution step of seeded random games with 2 to 5 players
    cards: list = []
    seen: Counter = Counter()
    resolutions = 0
    for pre, number, records, post in steps_of_random_games(60, 500, cards):
        # Then each step's records agree with the state after it
        _check_step(pre, number, records, post)
        resolutions += number == 1
        seen.update(r.kind for r in records)
    # ... as do the records of the territory cards played on the way
    for before, records, after in cards:
        _check_card(before, records, after)
    # ... over a few hundred resolutions with every kind of record
    assert resolutions >= 250
    for kind in ("reveal", "removal", "raid", "diplomacy", "battle", "defence", "territory"):
        assert seen[kind] >= 10, seen
    assert seen["score"] >= 60 * 2
    assert len(cards) >= 20
