"""What a Rokugan decision tells another seat (`Decision.seen_by`): where things went and
what lay face up, never another clan's objective, a token behind its screen or the kind of
a face-down token it did not own; every decision in words, no province id or serial."""

from __future__ import annotations

import json
import random

from engine.rokugan.events import Decision, Removal
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


def test_another_seat_learns_where_a_decision_went_never_its_secrets() -> None:
    seen_verbs: set[str] = set()
    hidden_targets = 0
    for st, records in told_games(range(8)):
        ids = [p.id for p in st.board.graph.provinces]
        for record in records:
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
                elif record.verb == "send":
                    assert seen.what == (record.what if record.to == "discard" else "")
                else:
                    assert seen.what == record.what
                public = record.verb == "discard" or record.what == "shugenja"
                for mine, full in zip(seen.targets, record.targets, strict=True):
                    assert full.token and (mine.player, mine.place) == (full.player, full.place)
                    if public or full.face_up or full.player == viewer:
                        assert mine == full
                    else:
                        assert mine.token == ""
                        hidden_targets += 1
    # (the games tried hold every kind of secret)
    assert {"objective", "return", "place", "swap", "peek"} <= seen_verbs, seen_verbs
    assert hidden_targets > 0


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
