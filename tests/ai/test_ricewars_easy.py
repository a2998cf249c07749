"""Rice Wars' `easy` is the beginners' level: the plain knowledge `greedy` has in a one-ply
search, so it plays a simpler game than `normal` and `hard`, but a sensible one."""

from __future__ import annotations

import random

from ai.adapters import adapter_for
from ai.base import Budget
from ai.games.ricewars import RiceWarsAdapter, RiceWarsSearchAdapter
from ai.registry import make_bot
from tests.ai.test_ricewars_play import _attacked, _auction
from tests.engine.ricewars.helpers import new, ready, set_hand, set_troops


def _choose(level: str, st, player: int):  # noqa: ANN001, ANN202 - a state and its move
    bot = make_bot(level, "ricewars")
    return bot.choose(st.observation(player), st.legal_actions(), random.Random(1), Budget())


def test_easy_plays_with_the_plain_knowledge_and_the_others_with_the_search_levels() -> None:
    # When the levels are made for Rice Wars
    easy, normal, hard = (make_bot(level, "ricewars") for level in ("easy", "normal", "hard"))
    # Then easy has greedy's adapter (no troop strikes, no lot worth) and one ply
    assert type(easy.adapter) is RiceWarsAdapter
    assert easy.config.max_depth == 1
    assert isinstance(normal.adapter, RiceWarsSearchAdapter)
    assert isinstance(hard.adapter, RiceWarsSearchAdapter)
    # and a node budget (`easy@N`) keeps the level's knowledge
    assert type(make_bot("easy@300", "ricewars").adapter) is RiceWarsAdapter


def test_easy_keeps_the_search_knowledge_in_the_other_games() -> None:
    for game in ("rokugan", "shinobi"):
        assert make_bot("easy", game).adapter is adapter_for(game, search=True)


def test_easy_does_not_foresee_what_troops_will_take_this_round() -> None:
    # Given an active ronin facing a rival with no troops before the round's actions
    st = ready(3, seed=1)
    s, o = st.cur, (st.cur + 1) % 3
    set_troops(st, s, ron=1)
    set_troops(st, o)
    # Then normal's knowledge counts a field it can take, easy's does not
    normal = make_bot("normal", "ricewars").adapter
    assert any(attacker == s for attacker, _, _ in normal.strikes(st))
    assert not hasattr(make_bot("easy", "ricewars").adapter, "strikes")


def test_easy_takes_a_sure_field_with_its_ronin() -> None:
    # Given an active ronin and a rival peasant with no defence and no cards around
    st = ready(3, seed=1)
    s, o = st.cur, (st.cur + 1) % 3
    set_troops(st, s, ron=1)
    set_hand(st, s)
    set_hand(st, o)
    # When easy decides, then it attacks with the ronin rather than passing
    action = _choose("easy", st, s)
    assert str(action).startswith("attack") and action.ronin == 1
    assert st.owner[st.field(action.field)] not in (s, -1)


def test_easy_plays_a_card_that_saves_its_field_and_keeps_one_that_cannot() -> None:
    # Given an attack of strength 2 on a defence of 1 and a card of bonus 2 in hand
    st, o = _attacked(1)
    # Then easy plays it
    assert str(_choose("easy", st, o)).startswith("bonus")
    # Given an attack of strength 4: the card cannot turn it, so easy keeps it
    st, o = _attacked(2)
    assert str(_choose("easy", st, o)) == "stop"


def test_easy_leaves_the_auctions_to_the_players_who_value_the_lots() -> None:
    # Given the Kanjou bugyou up for auction and 12 Ryo in the bidder's purse
    st = _auction("kanjou", 12)
    # When easy bids, then it keeps its money: a lot's worth is normal's knowledge
    assert _choose("easy", st, st.cur).amount == 0
    assert _choose("normal", st, st.cur).amount > 0


def test_easy_beats_random_play() -> None:
    # Given a two-player game (and the neutral) of easy against random moves
    st = new(2, seed=1)
    bots = [make_bot("easy@300", "ricewars"), make_bot("random", "ricewars")]
    rng = random.Random(1)
    while not st.is_terminal():
        p = st.current_player()
        legal = st.legal_actions()
        st.apply(bots[p].choose(st.observation(p), legal, rng, Budget()))
    # Then easy wins, holding most of the board
    fields = [st.own[s].bit_count() for s in range(st.seats)]
    assert st.winners() == [0]
    assert fields[0] >= 2 * max(fields[1:]) and fields[0] >= 12
