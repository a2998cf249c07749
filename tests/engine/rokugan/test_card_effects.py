"""Every territory and Shadowlands card is declared once (`engine.rokugan.effects`), and so
is every card played on a board token (scout, shugenja, first-player card:
`engine.rokugan.token_cards`): its targets, its effect, its words and its value for the
AI, read by the rules, the story and the bots; no module of the app or the AI switches
on a card's name."""

from __future__ import annotations

import ast
import math
import random
import string
from pathlib import Path

from engine.rokugan import actions as A
from engine.rokugan.data import ALL_TERRITORY_CARDS
from engine.rokugan.effects import BOARD, CLAN, DISCARD_TOKENS, EFFECTS, HAND_TOKENS
from engine.rokugan.position import DISCARD, POOL
from engine.rokugan.state import RokuganState
from engine.rokugan.token_cards import TOKEN_CARDS
from tests.engine.rokugan.fixtures import position, rokugan_graph

ROOT = Path(__file__).resolve().parents[3]
PLACEHOLDERS = {"clan", "target", "province", "province2", "provinces", "rest", "token", "tokens"}


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_card_is_declared_with_targets_effect_words_and_value() -> None:
    # Given the 22 territory and Shadowlands cards the game deals
    assert len(ALL_TERRITORY_CARDS) == 22
    assert set(EFFECTS) == ALL_TERRITORY_CARDS
    for card in sorted(ALL_TERRITORY_CARDS):
        effect = EFFECTS[card]
        # Then each has targets, an effect and a value for the AI, as functions
        assert effect.card == card
        assert callable(effect.targets) and callable(effect.effect), card
        assert callable(effect.ai_value), card
        assert effect.picks in {BOARD, CLAN, HAND_TOKENS, DISCARD_TOKENS}, card
        # ... and words for every reader, with only the values the story fills in
        for you in (False, True):
            for targeted in (False, True):
                for short in (False, True):
                    words = effect.told(you, targeted, short)
                    assert words.strip(), card
                    assert _placeholders(words) <= PLACEHOLDERS, (card, words)
                    said = effect.said(you, targeted, short, **dict.fromkeys(PLACEHOLDERS, "X"))
                    assert said.message == words and "{" not in str(said), card


def _random_decisions(seeds: range):
    """Every decision point of 4-player random games from `seeds`: (state, player to act,
    the position's key, the legal actions); the game goes on by a seeded random move once
    the reader has looked."""
    graph = rokugan_graph()
    for seed in seeds:
        st = RokuganState.new(4, seed, None, graph)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            yield st, st.current_player(), st.key(), legal
            st.apply(rng.choice(legal))


def test_every_value_is_a_number_that_leaves_the_position_as_it_was() -> None:
    # Given every legal territory card play of seeded random games
    values: dict[str, set[float]] = {}
    for st, player, key, legal in _random_decisions(range(6)):
        for action in legal:
            if isinstance(action, A.PlayCard) and action.card in EFFECTS:
                # When the AI values it
                value = EFFECTS[action.card].ai_value(st, player, action.targets)
                # Then the value is a finite number and the position is unchanged
                assert isinstance(value, float) and math.isfinite(value), action
                assert st.key() == key, action
                values.setdefault(action.card, set()).add(round(value, 6))
                # ... and the play is one of the declared targets
                assert action.targets in EFFECTS[action.card].targets(st, player)
    # ... and the value depends on the play: no card is valued at one flat figure
    varied = [card for card, seen in values.items() if len(seen) > 1]
    assert len(varied) >= 10, sorted(values)


def test_values_are_the_honor_a_card_moves() -> None:
    # Given Crab holding a 1-flower and a 3-flower province, Lion its capital
    st = position(
        """
        clans crab lion
        control crab CRAB_1
        control crab CRAB_3
        control lion LION_C
        """
    )
    honor = EFFECTS["bushido"].ai_value
    # Then the 4-flower honor token is worth 4 honor in its own province
    assert honor(st, 0, ("CRAB_1",)) == 4.0
    # ... costs it the rival's gain in the rival's, and nothing where nobody holds
    assert honor(st, 0, ("LION_C",)) == -4.0
    assert honor(st, 0, ("CRANE_2",)) == 0.0
    # ... a face-up control token is an honor in each of two provinces
    assert EFFECTS["strength_of_purpose"].ai_value(st, 0, ("CRAB_1", "CRAB_3")) == 2.0
    # ... and a +2 defense token is worth more in the province that gives more
    aid = EFFECTS["aid_of_the_kami"].ai_value
    assert aid(st, 0, ("CRAB_3",)) > aid(st, 0, ("CRAB_1",)) > 0.0 > aid(st, 0, ("LION_C",))


def test_every_token_card_is_declared_with_targets_effect_words_and_value() -> None:
    # Given the scout, shugenja and first-player cards
    assert list(TOKEN_CARDS) == ["scout", "shugenja", "first_player"]
    for card, use in TOKEN_CARDS.items():
        # Then each has when, targets, an effect and a value for the AI
        assert use.card == card and use.to in (-1, DISCARD, POOL), card
        assert callable(use.left) and callable(use.effect) and callable(use.ai_value), card
        assert use.refusal.strip(), card
        # ... and words for the player and the others, naming the token it is played on
        told = [use.words, use.words_you]
        assert all(w.strip() for w in told), card
        assert "{clan}" in use.words and "{clan}" not in use.words_you, card
        named = told if use.effect_words is None else list(use.effect_words)
        assert all("{token}" in w for w in named), card
        for words in [*told, *(use.effect_words or ())]:
            assert _placeholders(words) <= {"clan", "token", "effect"}, (card, words)


def test_token_card_plays_are_their_declared_targets_and_values() -> None:
    # Given every scout, shugenja and first-player play of seeded random games
    seen: dict[str, int] = {}
    saved = 0
    for st, player, key, legal in _random_decisions(range(4)):
        plays = [a for a in legal if isinstance(a, A.PlayCard) and a.card in TOKEN_CARDS]
        for action in plays:
            use = TOKEN_CARDS[action.card]
            # Then each is one of the card's declared targets, played while usable
            assert use.usable(st, player) and action.targets in use.targets(st, player)
            # ... and its value is a finite number that leaves the position as it was
            value = use.ai_value(st, player, action.targets, lambda q: 10.0)
            assert isinstance(value, float) and math.isfinite(value), action
            assert st.key() == key, action
            assert value == 0.0 or not use.only_looks, action
            saved += value >= 10.0
            seen[action.card] = seen.get(action.card, 0) + 1
        # ... and every declared target of a usable card is offered
        if plays:
            for use in TOKEN_CARDS.values():
                if use.usable(st, player):
                    offered = {a.targets for a in plays if a.card == use.card}
                    assert offered == set(use.targets(st, player)), use.card
    assert set(seen) == set(TOKEN_CARDS), seen
    assert saved, "no removal was valued as saving a province"


def _token_card_switches(path: Path, root: Path = ROOT) -> list[str]:
    """Where a module compares a card's name with a token card's (`==`, `in (...)`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        for side in (node.left, *node.comparators):
            items = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
            for item in items:
                if isinstance(item, ast.Constant) and item.value in TOKEN_CARDS:
                    found.append(f"{path.relative_to(root)}:{node.lineno} {item.value!r}")
    return found


def test_no_app_or_ai_module_switches_on_a_token_card_name() -> None:
    # Given every module of the app and the AI
    files = [*ROOT.glob("app/**/*.py"), *ROOT.glob("ai/**/*.py")]
    # Then none compares a card with the scout, shugenja or first-player card (they ask
    # `TOKEN_CARDS`)
    found = [hit for path in files for hit in _token_card_switches(path)]
    assert not found, found


def test_the_check_finds_a_switch_on_a_token_card_name(tmp_path) -> None:
    # Given a module that switches on a token card's name
    module = tmp_path / "probe.py"
    module.write_text('def public(card):\n    return card in ("scout", "shugenja")\n')
    # Then the check names both
    assert _token_card_switches(module, tmp_path) == ["probe.py:2 'scout'", "probe.py:2 'shugenja'"]


def _card_name_switches(path: Path, root: Path = ROOT) -> list[str]:
    """Where a module compares, looks up or lists a territory card by its engine id; the
    words module may only key its printed names and texts by it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    keys: set[int] = set()
    if path.name == "words.py":
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys.update(id(k) for k in node.keys if k is not None)
    return [
        f"{path.relative_to(root)}:{node.lineno} {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and node.value in ALL_TERRITORY_CARDS
        and id(node) not in keys
    ]


def test_no_app_or_ai_module_switches_on_a_card_name() -> None:
    # Given every module of the app and the AI
    files = [*ROOT.glob("app/**/*.py"), *ROOT.glob("ai/**/*.py")]
    assert len(files) > 50
    # Then none names a territory card to decide what it does (they ask `EFFECTS`)
    found = [hit for path in files for hit in _card_name_switches(path)]
    assert not found, found


def test_the_check_finds_a_switch_on_a_card_name(tmp_path) -> None:
    # Given a module that switches on a card's name
    module = tmp_path / "probe.py"
    module.write_text('def value(card):\n    return 2.0 if card == "pirate_raids" else 0.5\n')
    # Then the check names it
    assert _card_name_switches(module, tmp_path) == ["probe.py:2 'pirate_raids'"]
