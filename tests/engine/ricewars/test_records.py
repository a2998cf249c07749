"""The records the Rice Wars rules write: their parts add up to their totals and they
describe the state that follows (random games, thousands of steps)."""

from __future__ import annotations

import json
import random

import pytest

from engine.ricewars import records as R
from engine.ricewars.data import ACTION_OPS, ADVISORS, CARDS, REACTION_OPS, SERVICE_OPS
from engine.ricewars.effects import EFFECTS, fill
from engine.ricewars.state import RiceWarsState
from tests.engine.ricewars.helpers import new


def _seat(st: RiceWarsState, name: str) -> int:
    return next(s for s in range(st.seats) if R.seat_word(st, s) == name)


def _field(st: RiceWarsState, name: str) -> int:
    return st.board.names.index(name)


def _check(before: RiceWarsState, action: object, told: tuple, after: RiceWarsState) -> None:
    """Every record of one step adds up and agrees with `after`."""
    money = list(before.money)
    for record in told:
        json.dumps(record.to_json())  # every record has a JSON form
        assert record.round in (before.round, after.round)
        if isinstance(record, R.Income):
            assert sum(p.amount for p in record.parts) == record.total
            assert record.total == before.income(record.player) or record.round > before.round
            assert record.paid <= record.total
            money[record.player] += record.paid
        elif isinstance(record, R.Hiring):
            money[record.player] -= record.cost
        elif isinstance(record, R.Fight):
            for side in (record.attacker, record.defender):
                assert sum(p.amount for p in side.parts) == side.total
            if record.fight == "combat" and record.changes:
                (change,) = record.changes
                assert after.owner[_field(after, change.field_name)] == change.after
            if record.fight == "combat":
                totals = (record.attacker.total, record.defender.total)
                shouri = any(CARDS[c].op == "win_combat" for c in _paid(record))
                if not shouri:
                    assert record.winner == (0 if totals[0] > totals[1] else 1)
            else:
                a, d = record.attacker.total, record.defender.total
                assert record.winner == (0 if a > d else 1 if d > a else 2)
            for change in record.changes:
                assert after.owner[_field(after, change.field_name)] == change.after or (
                    after.fight is not None
                )
        elif isinstance(record, R.Placed):
            f = _field(after, record.field_name)
            if record.piece == "palace":
                assert after.palace[record.player] == f
        elif isinstance(record, R.Auction):
            for w in record.winners:
                assert any(ADVISORS[a].name == record.advisor for a, _ in after.held[w.player])
        elif isinstance(record, R.GameEnd):
            assert after.is_terminal()
            assert [p.amount for p in record.fields] == [
                after.fields_of(s) for s in range(after.seats)
            ]
    hires = [r for r in told if isinstance(r, R.Hiring)]
    if hires and not any(isinstance(r, (R.Income, R.Auction, R.CardPlayed)) for r in told):
        s = hires[0].player
        assert after.money[s] == money[s]


def _paid(record: R.Fight) -> list[int]:
    return [c.index for c in CARDS if c.name in record.paid]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_records_add_up_and_describe_the_state_that_follows(players: int) -> None:
    kinds: set[str] = set()
    steps = 0
    for seed in range(4):
        # Given random games (about 1200 steps for each player count)
        st = new(players, seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            before = st.clone()
            action = rng.choice(st.legal_actions())
            # When an action is applied with its records
            told = st.apply_told(action)
            steps += 1
            kinds.update(r.kind for r in told)
            # Then they add up and agree with the state that follows
            _check(before, action, told, st)
            assert st.events is None
    # ... and the games told the rulebook's parts
    assert steps > 800
    assert {"placed", "income", "hiring", "round_start", "fight", "card", "game_end"} <= kinds


def test_a_game_end_is_told_with_fields_and_winners() -> None:
    # Given a random 3-player game played to its end
    st = new(3, 7)
    rng = random.Random(7)
    told: list = []
    while not st.is_terminal():
        told.extend(st.apply_told(rng.choice(st.legal_actions())))
    # Then the last record is the game's end naming the winners
    end = told[-1]
    assert isinstance(end, R.GameEnd)
    assert set(end.winners) == {R.seat_word(st, s) for s in st.winners()}
    # ... and every fight's record is itemised
    fights = [r for r in told if isinstance(r, R.Fight)]
    assert all(r.attacker.parts or r.fight == "duel" for r in fights)


def test_the_fast_path_tells_nothing() -> None:
    # Given a game applied with `apply` (the search's fast path)
    st = new(3, 2)
    rng = random.Random(2)
    for _ in range(200):
        st.apply(rng.choice(st.legal_actions()))
    # Then no records are kept, and clones and determinized states do not listen either
    assert st.events is None and st.clone().events is None
    assert st.observation(st.current_player()).determinize(rng).events is None


class _Names(dict):
    def __missing__(self, key: str) -> str:
        return key.removeprefix("v_")


def test_every_effect_is_declared_with_targets_effect_words_and_value() -> None:
    # Given every op the cards and advisors use
    ops = ACTION_OPS | REACTION_OPS | SERVICE_OPS
    assert ops == {c.op for c in CARDS} | {a.op for a in ADVISORS}
    st = new(3, 1)
    for op in sorted(ops):
        # Then each is declared once with targets, an effect, words and an AI value
        effect = EFFECTS[op]
        assert callable(effect.targets) and callable(effect.effect), op
        assert callable(effect.ai_value), op
        words = fill(effect.words, _Names(who="Red", whose="Red's", Whose="Red's", own="its",
                                          amount=2, target="Blue", target_whose="Blue's",
                                          cards="2 cards", field="Takada", field2="Ueda",
                                          gained="a card"))  # fmt: skip
        assert words.strip() and "{" not in words, op
        assert effect.moment in {"action", "bonus", "reveal", "shouri", "answer"}, op
    # ... each card and service acts at a moment its kind allows
    for c in CARDS:
        moment = EFFECTS[c.op].moment
        assert (moment == "action") == (c.kind == "action"), c.id
    for a in ADVISORS:
        assert EFFECTS[a.op].moment == ("action" if a.when == "action" else "bonus"), a.id
    # ... and a value is a number the AI can compare
    assert isinstance(EFFECTS["gain_money"].ai_value(st, 0, ()), float)


def test_a_seat_is_told_no_other_seats_ryo_and_no_card_stolen_from_another() -> None:
    # Given the records of random games, as the first seat was told them
    hidden = stolen = 0
    for seed in range(4):
        st = new(3, seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            for record in st.apply_told(rng.choice(st.legal_actions())):
                seen = record.seen_by(0)
                # Then every standing shows its own Ryo and hand and hides the others'
                ends = getattr(seen, "standing", ())
                for end in (ends,) if isinstance(ends, R.Standing) else ends:
                    if not isinstance(seen, R.GameEnd):
                        assert (end.money == R.HIDDEN_MONEY) == (end.player != 0)
                        hidden += end.player != 0
                    mine = [CARDS[c].id for c in st.hands[0]] if end.player == 0 else []
                    assert not end.hand or end.player == 0
                    if isinstance(record, R.GameEnd):
                        assert list(end.hand) == mine
                # ... and a card stolen between two others is not named
                if isinstance(record, R.CardPlayed) and record.effect == "steal_card":
                    if 0 not in (record.player, record.victim):
                        assert seen.gained == "a card"
                        stolen += 1
                    else:
                        assert seen == record
    assert hidden


def test_a_sealed_bid_and_a_card_face_down_are_told_only_to_their_owner() -> None:
    # Given the records of random 4-player games (auctions and fights)
    bids = cards = 0
    for seed in range(3):
        st = new(4, seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            for record in st.apply_told(rng.choice(st.legal_actions())):
                if not isinstance(record, (R.BidSealed, R.BonusPlayed)):
                    continue
                for seat in range(st.seats):
                    seen = record.seen_by(seat)
                    # Then its owner reads it all, every other seat that it happened only
                    if seat == record.player:
                        assert seen == record
                    elif isinstance(record, R.BidSealed):
                        assert seen.amount == R.HIDDEN_MONEY and seen.advisor == record.advisor
                        bids += 1
                    else:
                        assert (seen.card, seen.card_name, seen.bonus) == (R.HIDDEN_CARD, "", -1)
                        assert record.card and record.bonus >= 0
                        cards += 1
    assert bids and cards


def test_every_decision_tells_a_record_of_its_own_with_who_what_where_and_how_much() -> None:
    # Given random games of every player count
    told_kinds: set[str] = set()
    for players in (2, 3, 4, 5):
        for seed in range(3):
            st = new(players, seed)
            rng = random.Random(seed)
            while not st.is_terminal():
                before = st.clone()
                actor = st.current_player()
                action = rng.choice(st.legal_actions())
                # When a decision is applied with its records
                told = st.apply_told(action)
                # Then it tells at least one record, the first naming the seat that decided
                assert told, (str(action), before.phase)
                told_kinds.update(r.kind for r in told)
                first = told[0]
                who = getattr(first, "player", getattr(first, "by", actor))
                if not isinstance(first, (R.Placed, R.Removed)):
                    assert who == actor, (str(action), first)
                _check_decision(before, actor, told, st)
    # ... and every kind of decision was seen
    assert {"attack", "defend", "bonus", "stop", "reveal", "reaction", "pass", "bid",
            "auction_pick", "challenge", "challenge_answer", "declined"} <= told_kinds  # fmt: skip


def _check_decision(before: RiceWarsState, actor: int, told: tuple, after: RiceWarsState) -> None:
    """The decision records of one step agree with the positions around it."""
    for record in told:
        if isinstance(record, R.Attacked):
            assert record.total == sum(p.amount for p in record.parts) > 0
            assert before.owner[_field(before, record.field_name)] == record.defender
            assert before.ash[actor] >= record.ashigaru and before.ron[actor] >= record.ronin
        elif isinstance(record, R.Defended):
            assert record.total == sum(p.amount for p in record.parts) >= 1  # the peasant
        elif isinstance(record, R.Revealed):
            for side in (record.attacker, record.defender):
                assert side.total == sum(p.amount for p in side.parts)
            assert [e.player for e in record.standing] == list(range(after.seats))
        elif isinstance(record, R.Passed):
            assert record.passes == before.passes[record.player] + 1
        elif isinstance(record, R.BidSealed):
            assert 0 <= record.amount <= before.money[record.player]
        elif isinstance(record, R.BonusPlayed) and not record.drawn:
            assert before.hands[record.player].count(_card(record.card)) == 1
        elif isinstance(record, R.ReactionAnswered) and record.paid:
            assert before.money[record.player] >= record.cost
        elif isinstance(record, R.ChallengeAnswered):
            assert record.answer in ("accepted", "refused")
            assert before.fight is not None and before.fight["att"] == record.challenger


def _card(card_id: str) -> int:
    return next(c.index for c in CARDS if c.id == card_id)


def test_a_standing_is_every_figure_of_the_daimyo_board_at_its_moment() -> None:
    # Given the records of a random 2-player game (the scenario), listened to
    from engine.ricewars.standings import standing

    st = new(2, 3)
    rng = random.Random(3)
    checked = 0
    while not st.is_terminal():
        for record in st.apply_told(rng.choice(st.legal_actions())):
            if isinstance(record, R.GameEnd):
                # Then the game's end stands as the final position does, figure by figure
                assert record.standing == tuple(standing(st, s) for s in range(st.seats))
                checked += 1
            if isinstance(record, R.RoundEnd):
                for end in record.standing:
                    passes = 0 if end.player == st.neutral else 2  # the neutral never passes
                    assert end.cards <= 5 and end.passes == passes and not end.to_act
                    assert end.governor == (end.name == record.governor)
                    checked += 1
    assert checked


def test_app_and_ai_hold_no_copy_of_the_strength_rule_or_an_effect_switch() -> None:
    # Given the Rice Wars modules of the app and the AI
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    files = [*root.glob("app/games/ricewars/*.py"), *root.glob("ai/games/ricewars*.py")]
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        # Then none computes a strength from its own constants or switches on an effect op
        for copy in ("STRENGTH_", "2 * a + 4 * r", "2 * a.ashigaru", '.op == "', '.op in ("'):
            assert copy not in text, (path.name, copy)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_record_names_as_to_act_only_the_seat_the_game_then_waits_on(players: int) -> None:
    from engine.ricewars.standings import standings

    seen: set[str] = set()
    for seed in range(3):
        # Given random games, every action applied with its records
        st = new(players, seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            told = st.apply_told(rng.choice(st.legal_actions()))
            # When the game then waits on a seat (or on nobody, at the end)
            waits = {s.player for s in standings(st) if s.to_act}
            for record in told:
                marked = getattr(record, "standing", None)
                if marked is None:
                    continue
                seen.add(record.kind)
                ends = marked if isinstance(marked, tuple) else (marked,)
                # Then no record's standing marks a seat the game is not waiting on
                named = {s.player for s in ends if s.to_act}
                assert named <= waits, (record.kind, named, waits)
    # ... over the records that carry standings (a fight's reveal and end, an auction)
    assert {"reveal", "reaction", "fight", "auction", "round_end", "game_end"} <= seen
