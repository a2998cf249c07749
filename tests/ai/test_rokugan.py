"""The bots on Battle for Rokugan: legal, deterministic, honest; the adapter is sound."""

import random

import pytest

from ai.adapters import adapter_for
from ai.base import Budget
from ai.games.rokugan import ADAPTER, SEARCH_ADAPTER, RokuganAdapter
from ai.games.rokugan_odds import measure
from ai.games.rokugan_priors import PLACED_ODDS, spot_key
from ai.greedy import GreedyBot
from ai.levels import LEVELS
from ai.registry import make_bot
from ai.search import SearchBot, SearchConfig, WorldSearch, _Limiter
from engine.rokugan import SPEC
from engine.rokugan.data import CLAN_TOKENS
from engine.rokugan.state import PH_CONTROL, PH_OBJECTIVE, PH_PLACE
from tests.engine.rokugan.fixtures import rokugan_graph


def game_at(phase: int, seed: int = 3, placements: int = 0):
    """A 4-player game played by greedy bots up to `phase` (plus `placements` turns)."""
    state = SPEC.new_game(4, seed, None, rokugan_graph())
    bot = GreedyBot(ADAPTER, worlds=1)
    rng = random.Random(seed)
    while state.phase != phase or placements > 0:
        if state.phase == phase:
            placements -= 1
        player = state.current_player()
        legal = state.legal_actions()
        state.apply(bot.choose(state.observation(player), legal, rng, Budget()))
    return state


def decide(bot, state, seed=1, nodes=300):
    player = state.current_player()
    return bot.choose(
        state.observation(player), state.legal_actions(), random.Random(seed), Budget(nodes=nodes)
    )


@pytest.mark.parametrize("phase", [PH_OBJECTIVE, PH_CONTROL, PH_PLACE])
def test_every_level_picks_a_legal_action_in_each_phase(phase: int) -> None:
    # Given a game in the objective choice, the initial control tokens and placement
    state = game_at(phase, placements=5 if phase == PH_PLACE else 0)
    legal = state.legal_actions()
    for name in ("greedy", "easy@100", "normal@200", "hard@300"):
        # When each level decides
        move = decide(make_bot(name, "rokugan"), state)
        # Then it picks a legal action
        assert move in legal, name


def test_search_is_deterministic_under_a_node_budget_on_rokugan() -> None:
    # Given a placement decision
    state = game_at(PH_PLACE, placements=6)
    # When two fresh bots decide with the same seed and node budget
    one = SearchBot(SearchConfig(worlds=3), ADAPTER)
    two = SearchBot(SearchConfig(worlds=3), ADAPTER)
    a, b = decide(one, state, seed=4, nodes=400), decide(two, state, seed=4, nodes=400)
    # Then the moves, values and effort agree
    assert a == b
    assert one.last.values == two.last.values and one.last.nodes == two.last.nodes


@pytest.mark.parametrize("placements", [3, 9])
def test_decision_ignores_what_the_bot_cannot_see(placements: int) -> None:
    # Given the true state and another full state with the same observation for the
    # player to act but different hidden tokens (hands, face-down tokens, objectives)
    state = game_at(PH_PLACE, seed=5, placements=placements)
    me = state.current_player()
    other = state.observation(me).determinize(random.Random(99))
    assert other.observation(me) == state.observation(me)
    hidden = [(tuple(s.hand(p)), s.objective[p]) for s in (state, other) for p in range(4)]
    assert hidden[:4] != hidden[4:]
    # When the same bot decides in both with the same seed and node budget
    bot = SearchBot(SearchConfig(worlds=2), ADAPTER)
    a = decide(bot, state, seed=8, nodes=400)
    b = decide(bot, other, seed=8, nodes=400)
    # Then the decisions are identical
    assert a == b
    assert decide(GreedyBot(ADAPTER), state, seed=8) == decide(GreedyBot(ADAPTER), other, seed=8)
    # and so are those of the levels' search with the opponent model
    modelled = SearchBot(SearchConfig(worlds=2), SEARCH_ADAPTER)
    assert decide(modelled, state, seed=8, nodes=400) == decide(modelled, other, seed=8, nodes=400)


def test_evaluation_resolves_on_the_state_and_rolls_back_exactly() -> None:
    # Given a placement phase with tokens on the board
    state = game_at(PH_PLACE, placements=8)
    before = state.key()
    # When the adapter evaluates (it resolves the board as it stands)
    values = [ADAPTER.evaluate(state, p) for p in range(4)]
    # Then the state is untouched and the values are finite and differ between players
    assert state.key() == before
    assert all(abs(v) < 200 for v in values)
    assert len(set(values)) > 1


def test_placement_candidates_are_a_legal_spread() -> None:
    # Given a placement decision with dozens of legal placements
    state = game_at(PH_PLACE, placements=4)
    legal = state.legal_actions()
    assert len(legal) > ADAPTER.width
    # When the adapter proposes candidates
    moves = ADAPTER.candidates(state, state.current_player())
    # Then they are legal, distinct, at most `width`, and not all on one province
    assert moves and all(m in legal for m in moves)
    assert len(set(moves)) == len(moves) <= ADAPTER.width
    assert len({getattr(m, "where", m) for m in moves}) > 1


def test_cheat_decides_on_the_true_state_in_every_phase() -> None:
    # Given placement positions (scout cards in hand) handed over as the true state
    for placements in (0, 5):
        state = game_at(PH_PLACE, seed=6, placements=placements)
        bot = make_bot("cheat@200", "rokugan")
        # When the measurement bot decides on the true state
        move = bot.choose(state.clone(), state.legal_actions(), random.Random(2), Budget())
        # Then it answers legally
        assert move in state.legal_actions()


def test_the_opponent_model_draws_consistent_worlds_that_favour_likely_tokens() -> None:
    # Given a placement decision with rivals' face-down attacks on the board
    state = game_at(PH_PLACE, seed=5, placements=9)
    me = state.current_player()
    view = state.observation(me)
    modelled = RokuganAdapter(model=True)
    hidden = [s for s, bt in enumerate(view.board_tokens) if bt is not None and bt[5] < 0]
    assert hidden
    # When worlds are drawn with and without the model
    plain = [ADAPTER.determinize(view, random.Random(k)) for k in range(30)]
    biased = [modelled.determinize(view, random.Random(k)) for k in range(30)]
    # Then every world is consistent with what the player sees
    assert all(w.observation(me) == view for w in biased)

    # and the model's worlds put likelier tokens on the spots (by its own odds table)
    def likelihood(world) -> float:
        total = 0.0
        for s in hidden:
            q, tid = world.tokens[s][0], world.tokens[s][1]
            spot = spot_key(world, q, world.tokens[s][2])
            total += PLACED_ODDS.get(spot, {}).get(CLAN_TOKENS[world.clans[q]][tid], 0.0)
        return total

    assert sum(map(likelihood, biased)) > 1.2 * sum(map(likelihood, plain))


def test_the_levels_search_with_the_opponent_model_and_greedy_without() -> None:
    # Given the Rokugan bots by name
    hard, greedy = make_bot("hard", "rokugan"), make_bot("greedy", "rokugan")
    # Then the levels draw their worlds through the model, the greedy baseline does not
    assert adapter_for("rokugan", search=True) is SEARCH_ADAPTER and SEARCH_ADAPTER.model
    assert hard.adapter is SEARCH_ADAPTER
    # and their rivals reply from their own view of each world
    assert all(LEVELS[name].config.honest_replies for name in ("normal", "hard"))
    assert greedy.adapter is ADAPTER and not ADAPTER.model


def test_the_odds_table_is_measured_from_play() -> None:
    # When the placement odds are measured over one greedy game
    table = measure(1)
    # Then it has odds for defences and attacks, each a share of the times offered
    assert "own0" in table and any(spot.startswith("rival") for spot in table)
    assert all(0.0 <= p <= 1.0 for odds in table.values() for p in odds.values())
    assert any(p > 0 for p in table["own0"].values())


def test_an_honest_opponent_does_not_see_the_worlds_hidden_tokens() -> None:
    # Given two full states that look the same to a rival but differ in the face-down
    # tokens of the player to act (and in the others' hands)
    state = game_at(PH_PLACE, seed=5, placements=9)
    me = state.current_player()
    rival = (me + 1) % 4
    other = state.observation(rival).determinize(random.Random(7))
    assert other.observation(rival) == state.observation(rival)
    assert [t for t in other.tokens] != [t for t in state.tokens]
    honest = RokuganAdapter()
    # When the rival's view of each is taken
    one, two = honest.view(state, rival), honest.view(other, rival)
    # Then both views are the same world, consistent with what the rival sees
    assert one.tokens == two.tokens and one.observation(rival) == state.observation(rival)
    assert honest.candidates(one, rival) == honest.candidates(two, rival)


def test_with_honest_replies_the_opponents_candidates_ignore_the_roots_hidden_tokens() -> None:
    # Given a world and a copy whose root player's face-down tokens differ; the rival
    # cannot tell them apart
    state = game_at(PH_PLACE, seed=5, placements=9)
    me = state.current_player()
    rival = (me + 1) % 4
    other = state.observation(rival).determinize(random.Random(3))
    honest = RokuganAdapter()

    def replies(world, honest_replies: bool) -> list:
        world = world.clone()
        config = SearchConfig(worlds=1, honest_replies=honest_replies)
        search = WorldSearch(world, me, honest, config, _Limiter(Budget(), None, None))
        move = honest.candidates(world, me)[0]
        if move not in world.legal_actions():
            move = world.legal_actions()[0]
        world.apply(move)
        return search._candidates(None, world.current_player())

    # When the search asks for the rival's candidates after the root's move
    # Then with honest replies they are the same in both worlds
    assert replies(state, True) == replies(other, True)
    # and without, the rival's candidates answer the world's hidden tokens
    assert replies(state, False) != replies(other, False)
    # while a rival's policy move (when it does not reply) is the world's first candidate
    world = state.clone()
    config = SearchConfig(worlds=1, honest_replies=True)
    search = WorldSearch(world, me, honest, config, _Limiter(Budget(), None, None))
    world.apply(world.legal_actions()[0])
    player = world.current_player()
    assert search._policy(None, player) == honest.candidates(world, player)[0]


def test_a_defence_spot_counts_the_rival_tokens_aimed_at_it_before_it_was_placed() -> None:
    # Given a placement phase with tokens on the board
    state = game_at(PH_PLACE, seed=5, placements=9)
    board = state.board
    defences = attacks = 0
    for serial, token in enumerate(state.tokens):
        if token is None or token[2] < 0 or token[2] >= board.n:
            continue
        player, slot = token[0], token[2]
        if state.ctrl_owner[slot] != player:
            continue
        # When the spot of a defence is read as of its placement
        aimed = [
            t
            for t in state.tokens[:serial]
            if t is not None
            and t[0] != player
            and t[2] >= board.n
            and board.slot_target[t[2]] == slot
        ]
        # Then it names how many rival tokens were aimed at the province then (at most 2)
        assert spot_key(state, player, slot, serial) == f"own{min(2, len(aimed))}"
        defences += 1
    # and an attack's spot names the province's defence instead
    for token in state.tokens:
        if token is not None and token[2] >= board.n:
            q = board.slot_target[token[2]]
            if state.ctrl_owner[q] >= 0 and state.ctrl_owner[q] != token[0]:
                if not board.is_coastal_slot(token[2]):
                    key = spot_key(state, token[0], token[2])
                    assert key == f"rival{min(4, state.defense_bonus(q, token[0]))}"
                    attacks += 1
    assert defences and attacks


def test_the_card_round_puts_the_plays_worth_the_most_honor_first() -> None:
    # Given Crab holding Bushido and Pirate Raids in the card round, a 3-flower province of
    # its own and a rival Lion holding a province
    from engine.rokugan import actions as A
    from tests.engine.rokugan.fixtures import position

    st = position(
        """
        clans crab lion
        control crab CRAB_3 up=1
        control crab CRAB_1
        control lion LION_C up=2
        card lion bushido crab
        card islands_neutral pirate_raids crab
        phase cards
        """
    )
    # When the bot lists its candidates
    plays = [a for a in ADAPTER.candidates(st, 0) if isinstance(a, A.PlayCard)]
    best = {card: next(a for a in plays if a.card == card) for card in ("bushido", "pirate_raids")}
    # Then Bushido goes into a province of its own, never the rival's
    assert st.ctrl_owner[st.board.index[best["bushido"].targets[0]]] == 0
    # ... and Pirate Raids scorches the rival's valuable province, not one of its own
    assert best["pirate_raids"].targets[0] == "LION_C"
