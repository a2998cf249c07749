"""What a Rokugan decision tells another seat (`Decision.seen_by`): where things went and
what lay face up, never another clan's objective, a token behind its screen or the kind of
a face-down token it neither owned nor knew (scouted, peeked); every decision in words, no
province id or serial. What is hidden is checked against the game's state too: a token
placed unnamed lies face down after it, a target unnamed lay face down and that seat did
not know it (or forgot it by the decision: the Unicorn's swap)."""

from __future__ import annotations

import json
import random

from engine.rokugan.data import TOKENS_PER_CLAN
from engine.rokugan.events import Decision, Removal, Reveal, token_facts
from engine.rokugan.position import T_PLAYER, T_TID, T_UP
from engine.rokugan.state import RokuganState
from tests.engine.rokugan.fixtures import rokugan_graph

HIDDEN_WHAT = ("objective", "return")


def told_games(seeds: range, players: int = 5) -> list[tuple[RokuganState, list]]:
    """Seeded random games applied with `apply_told`, with their records."""
    games = []
    for seed in seeds:
        st = RokuganState.new(players, seed, None, rokugan_graph())
        rng = random.Random(seed)
        records: list = []
        while not st.is_terminal():
            records.extend(st.apply_told(rng.choice(st.legal_actions())))
        games.append((st, records))
    return games


def told_steps(seeds: range, players: int = 5):
    """Every action of seeded random games: (the state before, its records, the state after)."""
    for seed in seeds:
        st = RokuganState.new(players, seed, None, rokugan_graph())
        rng = random.Random(seed)
        while not st.is_terminal():
            before = st.clone()
            told = st.apply_told(rng.choice(st.legal_actions()))
            yield before, told, st


def board_token(st: RokuganState, facts: tuple[str, str, str]) -> int:
    """The serial of the board token with these (clan, token, place) words (-1: none)."""
    return next(
        (s for s, t in enumerate(st.tokens) if t is not None and token_facts(st, s) == facts), -1
    )


def knows(st: RokuganState, viewer: int, serial_of: tuple[int, int]) -> bool:
    """Whether `viewer` knows the token (player, tid) in `st` (`RokuganState.known`)."""
    player, tid = serial_of
    return bool(st.known[viewer] >> (player * TOKENS_PER_CLAN + tid) & 1)


def test_another_seat_learns_where_a_decision_went_never_its_secrets() -> None:
    seen_verbs: set[str] = set()
    hidden_targets = known_targets = hidden_places = 0
    for before, told, st in told_steps(range(8)):
        ids = [p.id for p in st.board.graph.provinces]
        for record in told:
            if not isinstance(record, Decision):
                continue
            seen_verbs.add(record.verb)
            text = json.dumps(record.to_json())
            # Given a decision: it speaks in names (no board token serial, no province id)
            assert "#" not in text and not any(f'"{pid}"' in text for pid in ids), text
            # Then its own seat reads all of it
            assert record.seen_by(record.player) == record
            for viewer in range(st.n):
                if viewer == record.player:
                    continue
                # and every other seat what was public, with the secrets emptied
                seen = record.seen_by(viewer)
                assert (seen.verb, seen.place, seen.args, seen.to) == (
                    record.verb,
                    record.place,
                    record.args,
                    record.to,
                )
                if record.verb in HIDDEN_WHAT or (
                    record.verb == "place" and not record.what.startswith("Blessing")
                ):
                    assert seen.what == "" and record.what
                    if record.verb == "place" and not any(isinstance(r, Reveal) for r in told):
                        # ... a token placed unnamed lies face down once it is placed
                        facts = (record.clan, record.what, record.place)
                        placed = board_token(st, facts)
                        assert placed >= 0 and not st.tokens[placed][T_UP], record
                        hidden_places += 1
                elif record.verb == "send":
                    assert seen.what == (record.what if record.to == "discard" else "")
                else:
                    assert seen.what == record.what
                public = record.verb == "discard" or record.what == "shugenja"
                for mine, full in zip(seen.targets, record.targets, strict=True):
                    assert full.token and (mine.player, mine.place) == (full.player, full.place)
                    s = board_token(before, (full.clan, full.token, full.place))
                    token = before.tokens[s]
                    assert token is not None and bool(token[T_UP]) == full.face_up
                    ref = (token[T_PLAYER], token[T_TID])
                    knew = knows(before, viewer, ref)
                    if public or full.face_up or full.player == viewer:
                        assert mine == full
                    elif mine.token:
                        # ... a face-down target named to a seat that had scouted or peeked it
                        assert mine == full and knew, (record, viewer)
                        known_targets += 1
                    else:
                        # ... and unnamed to a seat that did not know it (or forgot it by
                        # the decision: the others forget the tokens the Unicorn swaps)
                        assert not (knew and knows(st, viewer, ref)), (record, viewer)
                        hidden_targets += 1
    # (the games tried hold every kind of secret)
    assert {"objective", "return", "place", "swap", "peek"} <= seen_verbs, seen_verbs
    assert hidden_targets > 0 and known_targets > 0 and hidden_places > 0


def test_a_token_the_first_player_card_sends_back_is_named_only_to_who_knew_it() -> None:
    removals = [
        r
        for _st, records in told_games(range(8))
        for r in records
        if isinstance(r, Removal) and r.rule == "first_player"
    ]
    assert removals
    for removal in removals:
        # Given a token taken off face down: its owner and the card's player knew it
        assert removal.secret and len(removal.known_by) >= 2
        for viewer in range(5):
            seen = removal.seen_by(viewer)
            # Then they read its kind, the others only whose it was and where it lay
            if viewer in removal.known_by:
                assert seen == removal
            else:
                assert seen.token == "" and (seen.clan, seen.place) == (removal.clan, removal.place)
