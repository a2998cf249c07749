"""`daimyo arena --stats`: what each bot did, counted from the engine's records or actions."""

import json
import random
from collections import Counter
from types import SimpleNamespace

from ai.arena import GameOutcome, ScheduledGame, play_scheduled
from ai.stats import StatsWatcher, _count_ricewars_record, format_stats, tally_stats
from app.cli import main
from engine.registry import get_game
from engine.shinobi.actions import Attack, Deploy, Move, PlayNinja
from maps.api import load_graph


def _new(game: str, players: int, seed: int):
    """A fresh game on the game's default map (map games)."""
    spec = get_game(game)
    graph = load_graph(spec.default_map) if spec.uses_map else None
    return spec.new_game(players, seed, None, graph)


def _random_game(game: str, players: int, seed: int) -> tuple[object, StatsWatcher]:
    """A whole game of random legal moves, watched after every action."""
    state = _new(game, players, seed)
    watcher = StatsWatcher(state)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        watcher(state)
    return state, watcher


def test_shinobi_orders_are_counted_per_seat_by_kind() -> None:
    # Given a whole random 4-player Shinobi game, watched
    state, watcher = _random_game("shinobi", 4, 7)
    counts = watcher.result()
    # Then every seat's orders of each kind are the actions it took of that kind
    expected: dict[int, Counter[str]] = {}
    for actor, action in zip(state.actors, state.history, strict=True):
        count = expected.setdefault(actor, Counter())
        if isinstance(action, Deploy):
            count["deploy home" if action.province == actor else "deploy away"] += 1
        elif isinstance(action, Move):
            count["move"] += 1
            count["move home"] += action.target == actor
        elif isinstance(action, Attack):
            count["attack"] += 1
        elif isinstance(action, PlayNinja):
            count["ninja"] += 1
    for seat in range(4):
        got = {k: v for k, v in counts[seat].items() if k != "skip"}
        assert got == {k: v for k, v in expected[seat].items() if v}
    assert sum(counts[seat]["attack"] for seat in range(4)) > 0


def test_rokugan_tokens_placed_are_counted_by_kind() -> None:
    # Given a whole random 3-player Rokugan game, watched
    state, watcher = _random_game("rokugan", 3, 2)
    counts = watcher.result()
    # Then the army tokens each seat placed are its `place armyN` actions, whatever N
    placed = Counter()
    seat_of = _new("rokugan", 3, 2)
    for action in state.history:
        actor = seat_of.current_player()
        if type(action).__name__ == "Place" and action.token.startswith("army"):
            placed[actor] += 1
        seat_of.apply(action)
    assert sum(placed.values()) > 0
    for seat in range(3):
        assert counts.get(seat, {}).get("place army", 0) == placed[seat]


def test_ricewars_hires_bids_and_fight_cards_from_the_actions() -> None:
    # Given a whole random 3-player Rice Wars game (its engine writes no records here)
    state, watcher = _random_game("ricewars", 3, 4)
    counts = watcher.result()
    bids = Counter()
    hires = Counter()
    seat_of = _new("ricewars", 3, 4)
    for action in state.history:
        actor = seat_of.current_player()
        kind = type(action).__name__
        bids[actor] += kind == "Bid" and action.amount > 0
        hires[actor] += kind == "Hire"
        seat_of.apply(action)
    # Then bids and hires are each seat's, and every hire cost money
    for seat in range(3):
        mine = counts.get(seat, {})
        assert mine.get("bids", 0) == bids[seat]
        assert sum(v for k, v in mine.items() if k.startswith("hire ")) == hires[seat]
        for what in ("peasant", "ashigaru", "ronin"):
            if mine.get(f"hire {what}"):
                assert mine[f"spent on {what}"] >= mine[f"hire {what}"]
    # and the auctions were won by somebody who bid
    won = sum(counts.get(s, {}).get("auctions won", 0) for s in range(3))
    assert won <= sum(bids.values()) and (won > 0) == (sum(bids.values()) > 0)


def test_ricewars_records_are_read_by_kind_when_the_engine_writes_them() -> None:
    # Given Rice Wars records of a hire, an upkeep, an auction and a combat
    counts: dict = {}
    side = SimpleNamespace
    records = [
        SimpleNamespace(kind="hiring", player=0, what="ronin", upkeep=False, cost=3),
        SimpleNamespace(kind="hiring", player=0, what="ronin", upkeep=True, cost=1),
        SimpleNamespace(
            kind="auction",
            bids=(side(player=0, amount=2), side(player=1, amount=0)),
            winners=(side(player=0, paid=2),),
        ),
        SimpleNamespace(
            kind="fight",
            fight="combat",
            attacker=side(player=1, cards=("Shouri", "Hosaku")),
            defender=side(player=0, cards=("Mamori",)),
        ),
    ]
    # When they are counted
    for record in records:
        _count_ricewars_record(counts, record)
    # Then each seat gets its own
    assert dict(counts[0]) == {
        "hire ronin": 1,
        "spent on ronin": 3,
        "upkeep": 1,
        "bids": 1,
        "bid Ryo": 2,
        "auctions won": 1,
        "defences": 1,
        "cards in defence": 1,
    }
    assert dict(counts[1]) == {"attacks": 1, "cards in attack": 2}


def test_tally_adds_each_bots_seats_over_the_rotation() -> None:
    # Given two games where bot A sat in seat 0, then seat 1
    games = [
        GameOutcome(0, 1, ("A", "B"), (1.0, 0.0), (0,), 10, {0: {"move": 2}, 1: {"move": 1}}),
        GameOutcome(1, 1, ("B", "A"), (0.0, 1.0), (1,), 10, {0: {"attack": 1}, 1: {"move": 4}}),
    ]
    # When tallied
    stats = tally_stats(games, ["A", "B"])
    # Then A's totals are its two seats', per game their mean
    assert stats["A"] == {"seats": 2, "totals": {"move": 6}, "per_game": {"move": 3.0}}
    assert stats["B"]["totals"] == {"attack": 1, "move": 1}
    assert format_stats(stats)[2].split() == ["attack", "0.00", "0.50"]


def test_arena_watcher_runs_in_a_scheduled_game() -> None:
    # Given one scheduled Shinobi game watched for stats
    game = ScheduledGame(0, 3, ("greedy", "random", "random"))
    # When it is played
    outcome = play_scheduled("shinobi", game, None, None, None, watch=StatsWatcher)
    # Then the watched counts hold every seat's orders
    assert set(outcome.watched) == {0, 1, 2}
    assert all(sum(c.values()) > 10 for c in outcome.watched.values())


def test_arena_stats_flag_in_text_and_json(capsys) -> None:
    # Given the arena command with --stats
    argv = ["arena", "shinobi", "--bots", "greedy,random,random", "--games", "3"]
    argv += ["--workers", "1", "--stats"]
    # When it runs in JSON and in text
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    text = capsys.readouterr().out
    # Then the JSON has each bot's orders by kind and the text a row per kind
    assert data["stats"]["random"]["seats"] == 6
    assert data["stats"]["greedy"]["per_game"]["deploy away"] > 0
    assert "what each bot did" in text
    assert any(line.startswith("deploy away") for line in text.splitlines())
