"""Battle for Rokugan in words: scores add up, resolution is retold, secrets stay secret."""

from __future__ import annotations

import gettext
import random

import pytest

from app import i18n
from app.games.rokugan import GAME_UI, narrate
from engine.core import scores_by_round
from engine.rokugan import actions as A
from engine.rokugan.data import ROUNDS
from engine.rokugan.state import PH_PLACE

maps_api = pytest.importorskip("maps.api")


@pytest.fixture(scope="module")
def graph():
    return maps_api.load_graph("rokugan")


def random_game(graph, seed: int, stop=lambda state: False):
    from engine.registry import get_game

    state = get_game("rokugan").new_game(3, seed, {}, graph)
    rng = random.Random(seed)
    while not state.is_terminal() and not stop(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_score_breakdown_adds_up_to_the_engines_honor(graph) -> None:
    # Given finished random games
    for seed in (1, 2):
        state = random_game(graph, seed)
        # Then each player's breakdown totals its honor, and the chart ends there
        history = scores_by_round(state)
        for p in range(state.n):
            row = narrate.score_breakdown(state, p)
            assert sum(row[:-1]) == row[-1] == state.honor()[p]
            assert len(history[p]) == ROUNDS and history[p][-1] == state.honor()[p]


def test_the_chart_counts_a_secret_objective_only_at_the_end(graph) -> None:
    # Given a finished random game in which a clan met its objective before the last round
    for seed in range(1, 40):
        state = random_game(graph, seed)
        series = scores_by_round(state)
        replay, early = state.clone(), None
        while replay.history:
            replay.undo()
        for action in state.history:
            before = replay.round_number()
            replay.apply(action)
            if replay.round_number() != before and not replay.is_terminal():
                met = [p for p in range(replay.n) if replay.honor()[p] != replay.public_honor(p)]
                if met:
                    early = (before, met[0], replay.public_honor(met[0]), replay.honor()[met[0]])
                    break
        if early is not None:
            break
    assert early is not None, "no game met an objective before its end"
    finished, p, public, whole = early
    # Then the chart's point after that round is the honor the table counted (the players'
    # list and the log), not the objective's honor still secret then; its end is all of it
    assert series[p][finished - 1] == public != whole
    assert series[p][-1] == state.honor()[p]


def test_the_info_bar_names_the_engines_round(graph) -> None:
    # Given every position of a random game
    seen = set()

    def check(state) -> bool:
        # Then the info bar names the round the engine plays, of the engine's rounds
        words = narrate.phase_words(state)
        assert words.startswith(f"Round {state.round_number()} of {ROUNDS} — "), words
        seen.add(state.round_number())
        return False

    random_game(graph, 3, check)
    assert seen == set(range(1, ROUNDS + 1))


def test_the_round_end_is_retold_in_seven_steps(graph) -> None:
    # Given a random game played until the last decision of round 1
    from engine.registry import get_game

    game = get_game("rokugan").new_game(3, 4, {}, graph)
    rng = random.Random(4)
    steps = []
    while game.round == 1:
        before = game.clone()
        action = rng.choice(game.legal_actions())
        game.apply(action)
        steps = GAME_UI.resolution_steps(before, action, game)
        if game.round == 1:
            assert steps == []
    # Then the steps follow the rulebook's order
    titles = [s.title for s in steps]
    assert titles[0].endswith("1. Reveal") and titles[1:] == [
        "2. Bluffs and illegal tokens",
        "3. Raids",
        "4. Diplomacy",
        "5. Battles",
        "6. Territories",
        "7. Next round",
    ]
    # And the resolution is an undo barrier (the engine's word)
    assert game.revealed_hidden()


def test_a_placement_hides_the_token_from_the_others(graph) -> None:
    state = random_game(graph, 5, stop=lambda s: s.phase == PH_PLACE)
    action = next(a for a in state.legal_actions() if isinstance(a, A.Place))
    player = state.current_player()
    state.apply(action)
    public = narrate.describe(state, action, player, public=True)
    private = narrate.describe(state, action, player, public=False)
    assert "a token" in public and narrate.token_words(action.token) not in public
    assert narrate.token_words(action.token) in private
    # and a plain placement reveals nothing: it may be undone
    if state.round == 1:
        assert not state.revealed_hidden()


def test_objectives_and_cards_are_told_in_the_maps_own_words(graph) -> None:
    # Given a new game on the published map
    from engine.registry import get_game

    state = get_game("rokugan").new_game(3, 1, {}, graph)
    # Then a clan objective names that clan's capital on this map, as the map deals it
    assert narrate.objective_text(state, "last_line_of_defense") == (
        "control the Crab capital (Iwagaki), or any 2 provinces of Crab Clan"
    )
    assert (
        narrate.objective_text(state, "way_of_the_sail") == "control at least 6 coastal provinces"
    )
    # And a card's tooltip is its printed effect, for round cards and territory cards alike
    assert narrate.card_text("scout").startswith("Look at one opponent's")
    assert "harbor token" in narrate.card_text("feats_of_engineering")
    # And the log line of a kept objective carries that text for its owner only
    keep = next(a for a in state.legal_actions() if isinstance(a, A.ChooseObjective))
    before = state.clone()
    state.apply(keep)
    me, other = before.current_player(), (before.current_player() + 1) % 3
    words = narrate.objective_text(state, keep.objective)
    assert words in narrate.describe_action(before, keep, state, me, me).text
    assert words not in narrate.describe_action(before, keep, state, me, other).text


class _NounFirst(gettext.NullTranslations):
    """German, with the way of the sail's condition worded noun first (the words a
    translator may choose)."""

    def __init__(self) -> None:
        super().__init__()
        self.add_fallback(i18n.translations("de"))

    def gettext(self, message: str) -> str:
        if message == "Control at least 6 coastal provinces.":
            return "Küstenprovinzen kontrollieren: mindestens 6."
        return super().gettext(message)


def test_an_objective_read_inside_a_sentence_keeps_a_german_nouns_capital(graph) -> None:
    from engine.registry import get_game

    state = get_game("rokugan").new_game(3, 1, {}, graph)
    try:
        # Given German, with an objective whose condition begins with a noun
        i18n.install(_NounFirst(), "de")
        # When its condition is read inside a sentence
        # Then the noun keeps its capital (only the full stop goes)
        said = narrate.objective_text(state, "way_of_the_sail")
        assert said == "Küstenprovinzen kontrollieren: mindestens 6"
        # And in Portuguese and English the first letter is lower case, as before
        i18n.set_language("pt")
        assert narrate.objective_text(state, "way_of_the_sail").startswith("controle ")
        i18n.set_language("en")
        assert narrate.objective_text(state, "way_of_the_sail").startswith("control ")
    finally:
        i18n.set_language("en")


def test_the_score_table_adds_up_to_the_engines_honor_shadowlands_included() -> None:
    # Given Crab holding a Shadowlands province with face-up tokens and an honor token
    from engine.rokugan.state import RokuganState
    from tests.engine.rokugan.fixtures import position

    st: RokuganState = position(
        """
        clans crab lion
        control crab SL_N up=2
        special SL_N honor2
        control crab CRAB_1
        control lion LION_C up=1
        special LION_C honor2
        """
    )
    # When the score table's row is made
    rows = [narrate.score_breakdown(st, p) for p in range(st.n)]
    # Then each row's total is the engine's honor and its parts add up to it
    assert [row[-1] for row in rows] == st.honor()
    assert all(sum(row[:-1]) == row[-1] for row in rows)


def test_every_card_played_is_told_with_its_declared_effect(graph) -> None:
    # Given the territory and Shadowlands cards played in seeded random games
    from engine.registry import get_game
    from engine.rokugan.effects import EFFECTS

    told: set[str] = set()
    for seed in range(8):
        state = get_game("rokugan").new_game(4, seed, {}, graph)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            cards = [a for a in legal if isinstance(a, A.PlayCard) and a.card in EFFECTS]
            action = rng.choice(cards if cards and rng.random() < 0.7 else legal)
            player = state.current_player()
            state.apply(action)
            if action not in cards:
                continue
            told.add(action.card)
            for public in (True, False):
                # When its log line is told to the public and to the player
                line = narrate.describe(state, action, player, public=public)
                # Then it names the card and, after it, what the card did
                name = narrate.pretty(action.card)
                assert f"{name}: " in line and not line.endswith(f"{name}."), line
                assert "{" not in line, line
            # ... and a card that shows hidden tokens is an undo barrier
            assert state.revealed_hidden() == EFFECTS[action.card].reveals
    assert len(told) >= 12, sorted(told)


# the first round of a played game (Phoenix, Dragon, Scorpion, seed 5) up to its last
# placement, the Dragon's Blessing
BLESSED_LAST = (
    "objective way_of_humility",
    "objective great_wall_of_the_north",
    "objective rice_bowl_of_the_empire",
    "control CRANE_C",
    "control LION_E",
    "control GOLD_3C",
    "control CRANE_3",
    "control GOLD_2",
    "control UNI_3",
    "control CRANE_2",
    "control ISL_2",
    "control UNI_C",
    "control CRAB_3",
    "control ISL_1B",
    "control UNI_1",
    "control CRAB_2",
    "control ISL_1A",
    "control DRAGON_1",
    "control CRAB_C",
    "control CRAB_1",
    "control DRAGON_3",
    "control LION_C",
    "control SL_N",
    "control GOLD_3I",
    "return blessing2",
    "place army2 DRAGON_3|LION_C ->DRAGON_3",
    "place army3 CRANE_C|LION_E ->CRANE_C",
    "card scout #0",
    "card shugenja #0",
    "place army5 GOLD_3C",
    "card scout #1",
    "card first_player #1",
    "place navy1 CRANE_2",
    "peek #2",
    "place army4 SL_N",
    "place shinobi2 CRANE_3",
    "card scout #5",
    "card shugenja #5",
    "place army3 CRANE_3",
    "place army2 ISL_2",
    "place army2 CRANE_3|GOLD_3I ->CRANE_3",
    "place army1 CRAB_2|GOLD_3I ->GOLD_3I",
    "place army1 GOLD_2",
    "card scout #9",
    "place army2 GOLD_3I",
    "place blessing2 #9",
    "place army1 LION_E",
)


def test_a_blessing_placed_last_in_the_round_names_the_token_it_blesses(graph) -> None:
    from engine.registry import get_game

    # Given a round whose last placement is the Dragon blessing its Army 2 in Inahoda
    spec = get_game("rokugan")
    state = spec.new_game(3, 5, {"clans": ["phoenix", "dragon", "scorpion"]}, graph)
    for text in BLESSED_LAST:
        state.apply(spec.parse_action(text))
    blessing = spec.parse_action("place blessing2 #11")
    assert state.current_player() == 1 and state.round == 1
    # When the Blessing is placed, which ends the placement and resolves the round
    state.apply(blessing)
    assert state.round == 2
    # Then its line names the blessed token, to the Dragon and to the others
    mine = narrate.describe(state, blessing, 1, public=False)
    theirs = narrate.describe(state, blessing, 1, public=True)
    assert mine == "You bless your Army 2 in Inahoda with Blessing +2.", mine
    assert theirs == "Dragon blesses its token in Inahoda with Blessing +2.", theirs
