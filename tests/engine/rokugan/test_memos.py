"""The per-seat memos behind the legal placements (`Position.memo_since`): the token-card
plays and the Blessing hosts kept as tokens are placed are what a scan of the board from
scratch finds, at every step of random games, after undo and on clones."""

import random

from engine.rokugan import SPEC, cards, placement
from engine.rokugan import actions as A
from engine.rokugan import state as S
from engine.rokugan.effects import targets
from engine.rokugan.token_cards import TOKEN_CARDS
from tests.engine.rokugan.fixtures import rokugan_graph

PLAIN = (A.Place, A.Pass, A.PlaceControl, A.ChooseObjective, A.Skip)


def scanned_token_card_plays(st: S.RokuganState, p: int) -> list[A.PlayCard]:
    """The scout, shugenja and first-player plays by their declared targets, no memo."""
    usable = [use for use in TOKEN_CARDS.values() if use.usable(st, p)]
    return [
        A.PlayCard(use.card, (f"#{s}",))
        for s in targets(st, p, face_down_only=False)
        for use in usable
        if s in targets(st, p, use.face_down_only)
    ]


def scanned_hosts(st: S.RokuganState, p: int) -> list[int]:
    """The Blessing hosts by the rule's own words (`blessing_problem`), no memo."""
    return [h for h in range(len(st.tokens)) if st.blessing_problem(p, h) is None]


def check_memos(st: S.RokuganState) -> None:
    """Every seat's kept lists are the scanned ones (asked in turn, so each seat's memo
    is extended from the last time it was asked), and the legal actions are a fresh
    clone's, whose memos are empty."""
    for p in range(st.n):
        assert cards.token_card_plays(st, p) == scanned_token_card_plays(st, p)
        assert placement.blessing_hosts(st, p) == scanned_hosts(st, p)
    assert st.legal_actions() == st.clone().legal_actions()


def pick(st: S.RokuganState, rng: random.Random, favour_cards: bool) -> object:
    legal = st.legal_actions()
    action = legal[rng.randrange(len(legal))]
    if favour_cards and rng.random() < 0.5:
        # Cards and abilities take tokens off the board and change the kept tokens.
        special = [a for a in legal if not isinstance(a, PLAIN)]
        if special:
            action = special[rng.randrange(len(special))]
    return action


def test_kept_lists_equal_a_fresh_scan_at_every_step():
    graph = rokugan_graph()
    checked = 0
    for players, games in ((2, 4), (4, 5), (5, 2)):
        for seed in range(games):
            rng = random.Random(seed * 11 + players)
            st = SPEC.new_game(players, seed, None, graph)
            while not st.is_terminal():
                if st.phase in (S.PH_PLACE, S.PH_SWAP):
                    check_memos(st)
                    checked += 1
                action = pick(st, rng, favour_cards=seed % 2 == 1)
                st.apply(action)
                if rng.random() < 0.3 and not st.is_terminal():
                    # A step forward and back: the memos were extended past the position
                    # undo returns to.
                    if st.phase == S.PH_PLACE:
                        check_memos(st)
                    st.apply(pick(st, rng, favour_cards=True))
                    if st.phase == S.PH_PLACE:
                        check_memos(st)
                    st.undo()
                    if st.phase == S.PH_PLACE:
                        check_memos(st)
    assert checked > 500


def test_a_clone_and_its_original_keep_their_own_lists():
    graph = rokugan_graph()
    for seed in range(4):
        rng = random.Random(seed)
        st = SPEC.new_game(4, seed, None, graph)
        while not st.is_terminal():
            if st.phase == S.PH_PLACE and st.pending is None and len(st.tokens) >= 4:
                check_memos(st)
                twin = st.clone()
                check_memos(twin)
                # The clone plays on differently; the original's lists stay its own.
                for _ in range(3):
                    if twin.is_terminal():
                        break
                    twin.apply(pick(twin, rng, favour_cards=True))
                    if twin.phase == S.PH_PLACE:
                        check_memos(twin)
                check_memos(st)
            st.apply(pick(st, rng, favour_cards=seed % 2 == 1))
