"""What each bot did in an arena (`daimyo arena ... --stats`), counted from the engine.

A `StatsWatcher` follows one game (`ai.arena`'s watcher protocol): it replays every
action on a copy of the game's first state with `GameState.apply_told`, so it reads the
engine's records where the game writes them, and the actions themselves where it writes
none yet. Counts are per seat; `tally_stats` adds them up per bot over its seats.

What is counted, per game:

- Shinobi (records): orders of each kind, `deploy away` (first order, into another
  province), `deploy home` (second order), `ninja`, `move` (and `move home`, the moves
  into one's own province), `attack`, `skip` (an order without options).
- Battle for Rokugan (actions; its engine writes no records yet): tokens placed of each
  kind (`place army`, `place navy`, `place shinobi`, `place blessing`,
  `place diplomacy`, `place raid`, `place bluff`), `control` tokens placed at setup,
  `animate` (Animate the Dead), `card` (cards played).
- Rice Wars: `hire peasant|ashigaru|ronin` (how many) and `spent on peasant|ashigaru|
  ronin` (Ryo), `upkeep` (Ryo paid to keep servants and advisors), `bids` (bids above
  0), `bid Ryo`, `auctions won`, `attacks`, `defences` (fights where it chose defending
  troops), `cards in attack`, `cards in defence` (bonus cards played face down as the
  attacker or the defender of a fight or duel), `cards played` (action cards). From the
  engine's records of kinds `hiring`, `auction`, `fight` and `card` when the engine
  writes them; else from the actions, the money each hire or payment took off its
  player and the advisors each auction gave.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core import GameState

SeatCounts = dict[int, dict[str, float]]
"""Counts per seat of one game: seat -> {what: count}."""


class StatsWatcher:
    """Counts what every seat did in one game (see the module docstring)."""

    def __init__(self, first: GameState) -> None:
        self._shadow = first.clone()
        self._game = first.setup().game
        self._seen = 0
        self._counts: dict[int, Counter[str]] = {}
        self._fighters: tuple[int, int] = (-1, -1)  # Rice Wars: (attacker, defender) seats
        self._records = False  # the engine wrote records of its own in this game

    def __call__(self, state: GameState) -> None:
        """Replay the actions `state` took since the last call."""
        history = state.history
        while self._seen < len(history):
            self.add(history[self._seen])
            self._seen += 1

    def add(self, action: Any) -> None:
        """Replay one action and count what its actor did."""
        shadow = self._shadow
        actor = shadow.current_player()
        before = _money_and_advisors(shadow) if self._game == "ricewars" else None
        told = shadow.apply_told(action)
        if self._game == "shinobi":
            _count_shinobi(self._counts, told)
        elif self._game == "rokugan":
            _count_rokugan(self._counts.setdefault(actor, Counter()), action)
        elif self._game == "ricewars":
            self._count_ricewars(actor, action, told, before)

    def result(self) -> SeatCounts:
        """Counts per seat (plain dicts, so they pickle)."""
        return {seat: dict(counts) for seat, counts in sorted(self._counts.items())}

    def _count_ricewars(self, actor: int, action: Any, told: Sequence[Any], before: Any) -> None:
        """Rice Wars: from the records when the engine writes them, else from actions."""
        kinds = {r.kind for r in told}
        if kinds & RICEWARS_KINDS:
            self._records = True
        if self._records:
            for record in told:
                _count_ricewars_record(self._counts, record)
            return
        count = self._counts.setdefault(actor, Counter())
        kind = type(action).__name__
        money, held = before
        after_money, after_held = _money_and_advisors(self._shadow)
        spent = money[actor] - after_money[actor] if actor < len(money) else 0
        if kind == "Hire":
            count[f"hire {action.kind}"] += 1
            count[f"spent on {action.kind}"] += spent
        elif kind == "Pay":
            count["upkeep"] += spent
        elif kind == "Bid" and action.amount > 0:
            count["bids"] += 1
            count["bid Ryo"] += action.amount
        elif kind in ("Attack", "Duel"):
            count["attacks"] += 1
            target = getattr(action, "player", None)
            self._fighters = (actor, -1 if target is None else target)
        elif kind == "Defend":
            count["defences"] += 1
        elif kind == "Bonus":
            attacker = self._fighters[0]
            count["cards in attack" if actor == attacker else "cards in defence"] += 1
        elif kind == "Play":
            count["cards played"] += 1
        for seat, (was, now) in enumerate(zip(held, after_held, strict=False)):
            if now > was:
                self._counts.setdefault(seat, Counter())["auctions won"] += now - was


SHINOBI_KINDS = frozenset({"deploy", "ninja", "move", "attack", "skip"})
"""The Shinobi records of orders (engine.shinobi.records)."""
RICEWARS_KINDS = frozenset({"hiring", "auction", "fight", "card"})
"""The Rice Wars records `StatsWatcher` reads (engine.ricewars.records) when present."""


def _count_shinobi(counts: dict[int, Counter[str]], told: Iterable[Any]) -> None:
    """Shinobi's orders, from the engine's records of them (each names its player: a
    skipped order may be the next player's)."""
    for record in told:
        kind = record.kind
        if kind not in SHINOBI_KINDS:
            continue
        count = counts.setdefault(record.player, Counter())
        if kind == "deploy":
            count["deploy away" if record.order == 1 else "deploy home"] += 1
        elif kind == "move":
            count["move"] += 1
            if record.target == record.player:
                count["move home"] += 1
        elif kind in ("ninja", "attack"):
            count[kind] += 1
        elif kind == "skip":
            count["skip"] += 1


def _count_rokugan(count: Counter[str], action: Any) -> None:
    """Rokugan's tokens placed by kind (the token's name without its strength), control
    tokens, animated tokens and cards, from the actions."""
    kind = type(action).__name__
    if kind == "Place":
        count[f"place {action.token.rstrip('0123456789')}"] += 1
    elif kind == "PlaceControl":
        count["control"] += 1
    elif kind == "Animate":
        count["animate"] += 1
    elif kind == "PlayCard":
        count["card"] += 1


def _count_ricewars_record(counts: dict[int, Counter[str]], record: Any) -> None:
    """Rice Wars counts from one engine record (kinds in `RICEWARS_KINDS`)."""

    def seat(player: int) -> Counter[str]:
        return counts.setdefault(player, Counter())

    kind = record.kind
    if kind == "hiring":
        if record.upkeep:
            seat(record.player)["upkeep"] += record.cost
        else:
            seat(record.player)[f"hire {record.what}"] += 1
            seat(record.player)[f"spent on {record.what}"] += record.cost
    elif kind == "auction":
        for bid in record.bids:
            if bid.amount > 0:
                seat(bid.player)["bids"] += 1
                seat(bid.player)["bid Ryo"] += bid.amount
        for winner in record.winners:
            seat(winner.player)["auctions won"] += 1
    elif kind == "fight":
        attacker, defender = record.attacker, record.defender
        if record.fight == "combat":
            seat(attacker.player)["attacks"] += 1
            seat(defender.player)["defences"] += 1
        seat(attacker.player)["cards in attack"] += len(attacker.cards)
        seat(defender.player)["cards in defence"] += len(defender.cards)
    elif kind == "card":
        seat(record.player)["cards played"] += 1


def _money_and_advisors(state: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rice Wars: every seat's Ryo and advisors held (what a hire, a payment or an
    auction changed), read from the state."""
    money = tuple(getattr(state, "money", ()))
    held = tuple(len(h) for h in getattr(state, "held", ()))
    return money, held


def tally_stats(outcomes: Iterable[Any], bots: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Per bot (in `bots` order): the seats it played, the totals of every count over
    them, and the mean per game (per seat)."""
    names = list(dict.fromkeys(bots))
    seats = dict.fromkeys(names, 0)
    totals: dict[str, Counter[str]] = {name: Counter() for name in names}
    for outcome in outcomes:
        watched: Mapping[int, Mapping[str, float]] = outcome.watched or {}
        for seat, name in enumerate(outcome.seats):
            seats[name] += 1
            totals[name].update(watched.get(seat, {}))
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        n = seats[name]
        keys = sorted(totals[name])
        out[name] = {
            "seats": n,
            "totals": {k: totals[name][k] for k in keys},
            "per_game": {k: round(totals[name][k] / n, 3) if n else 0.0 for k in keys},
        }
    return out


def format_stats(stats: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The stats as a text table: one row per count, one column per bot (mean per game)."""
    names = list(stats)
    keys = sorted({k for s in stats.values() for k in s["per_game"]})
    if not keys:
        return ["stats: nothing counted"]
    width = max(len(k) for k in keys)
    columns = [max(8, len(n)) for n in names]
    lines = [
        "what each bot did, mean per game:",
        " " * width + "  " + "  ".join(f"{n:>{w}}" for n, w in zip(names, columns, strict=True)),
    ]
    for key in keys:
        cells = [
            f"{stats[n]['per_game'].get(key, 0.0):>{w}.2f}"
            for n, w in zip(names, columns, strict=True)
        ]
        lines.append(f"{key:<{width}}  " + "  ".join(cells))
    return lines
