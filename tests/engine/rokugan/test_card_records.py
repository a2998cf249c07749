"""What a territory or Shadowlands card did, as the engine records it: a `CardEffect` for
each province it changed, and nothing the records leave out."""

from __future__ import annotations

import random

from engine.rokugan import actions as A
from engine.rokugan.data import SPECIAL_NAMES
from engine.rokugan.events import CardEffect, board_marks, clan_words, holder_words
from engine.rokugan.state import RokuganState
from tests.engine.rokugan.fixtures import rokugan_graph

NOT_TERRITORY = ("scout", "shugenja", "first_player")


def test_every_card_play_records_each_province_it_changed_and_only_those() -> None:
    graph = rokugan_graph()
    played: set[str] = set()
    for seed in range(12):
        st = RokuganState.new(4, seed, None, graph)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            cards = [a for a in legal if isinstance(a, A.PlayCard)]
            action = rng.choice(cards if cards and rng.random() < 0.7 else legal)
            before, player, round_ = board_marks(st), st.current_player(), st.round
            # Given a card play, told
            records = st.apply_told(action)
            if not isinstance(action, A.PlayCard) or action.card in NOT_TERRITORY:
                assert not [r for r in records if isinstance(r, CardEffect)]
                continue
            if st.round != round_:
                continue  # the play ended the round: the resolution changed the board too
            effects = [r for r in records if isinstance(r, CardEffect)]
            played.add(action.card)
            # Then they name the card and its player, and each changed province once
            assert effects and all(
                r.card == action.card and r.clan == clan_words(st.clans[player]) for r in effects
            )
            owner, up, down, special = before
            changed = {
                graph.provinces[q].name: q
                for q in range(len(owner))
                if (owner[q], up[q], down[q], special[q])
                != (st.ctrl_owner[q], st.ctrl_up[q], st.ctrl_down[q], st.special[q])
            }
            named = [r.province for r in effects if r.province]
            assert sorted(named) == sorted(changed), action
            # And each says what changed there: control, control tokens, special token
            for r in effects:
                if not r.province:
                    continue
                q = changed[r.province]
                assert (r.control_before, r.control_after) == (
                    holder_words(st, owner[q]),
                    holder_words(st, st.ctrl_owner[q]),
                )
                assert (r.face_up, r.face_down) == (
                    st.ctrl_up[q] - up[q],
                    st.ctrl_down[q] - down[q],
                )
                assert (r.special_before, r.special_after) == (
                    SPECIAL_NAMES[special[q]],
                    SPECIAL_NAMES[st.special[q]],
                )
                assert r.to_json()["kind"] == "card_effect"
    assert len(played) >= 10, sorted(played)
