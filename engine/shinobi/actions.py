"""Shinobi's actions: frozen values with a text form that `parse_action` reads back.

Provinces are named by the seat of the player in front of whom they lie (0-based).
Text forms, one per action kind:

    deploy oda to 2              place an Oda card from the hand into province 2
    ninja takeda at 1            play a Ninja on the Takeda army in province 1
    move mori 1 to 3             move one Mōri card from province 1 to province 3
    attack takeda at 3 with oda  the Oda army of one's own province attacks the
                                 Takeda army in province 3
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, cast

from engine.core import ActionParseError
from engine.shinobi.cards import CLANS, NUM_CLANS, clan_index
from engine.text import ActionGrammar

MAX_PLAYERS = 5
LAST_ORDER = 3
"""The attack, the third and last order of a turn."""


@dataclass(frozen=True, slots=True)
class Deploy:
    """First order (another player's province) or second order (one's own): place a card."""

    clan: int
    province: int

    def __str__(self) -> str:
        return f"deploy {CLANS[self.clan]} to {self.province}"


@dataclass(frozen=True, slots=True)
class PlayNinja:
    """Instead of the first order: discard a Ninja and one card of an army elsewhere."""

    clan: int
    province: int

    def __str__(self) -> str:
        return f"ninja {CLANS[self.clan]} at {self.province}"


@dataclass(frozen=True, slots=True)
class Move:
    """Second order: move one card of `clan` from `source` to `target` province."""

    clan: int
    source: int
    target: int

    def __str__(self) -> str:
        return f"move {CLANS[self.clan]} {self.source} to {self.target}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Third order: the `attacker` army of one's own province hits `clan` in `province`."""

    clan: int
    province: int
    attacker: int

    def __str__(self) -> str:
        return f"attack {CLANS[self.clan]} at {self.province} with {CLANS[self.attacker]}"


ShinobiAction = Deploy | PlayNinja | Move | Attack

# Interned instances: legal_actions hands out these, so search allocates nothing.
_P = range(MAX_PLAYERS)
_C = range(NUM_CLANS)
DEPLOY = [[Deploy(c, q) for q in _P] for c in _C]
NINJA_ON = [[PlayNinja(c, q) for q in _P] for c in _C]
MOVE = [[[Move(c, s, t) for t in _P] for s in _P] for c in _C]
ATTACK = [[[Attack(b, q, a) for q in _P] for b in _C] for a in _C]


def _by_mask(rows: list[tuple[Any, ...]]) -> tuple[tuple[Any, ...], ...]:
    """For each 5-bit clan mask m, the tuples `rows[c]` of the clans c in m, joined in
    clan order."""
    return tuple(
        tuple(action for c in _C if m >> c & 1 for action in rows[c]) for m in range(1 << NUM_CLANS)
    )


def _tables(n: int) -> tuple[Any, ...]:
    """For `n` players, the legal actions' pieces by clan mask (bit c: clan c is there),
    in `legal_actions`' order: the first order's deployments of the hand's clans to the
    provinces but p (`[p][hand mask]`), the second order's deployments home
    (`[p][hand mask]`), the Ninja on the armies of province q (`[q][army mask]`), the
    moves out of province s (`[s][army mask]`), (q, its army bit shift `q * 5`) of every
    province q but p (`[p]`), and the bits of those armies together (`[p]`)."""
    others = [[q for q in range(n) if q != p] for p in range(n)]
    first = [_by_mask([tuple(DEPLOY[c][q] for q in others[p]) for c in _C]) for p in range(n)]
    home = [_by_mask([(DEPLOY[c][p],) for c in _C]) for p in range(n)]
    ninja = [_by_mask([(NINJA_ON[c][q],) for c in _C]) for q in range(n)]
    moves = [_by_mask([tuple(MOVE[c][s][t] for t in others[s]) for c in _C]) for s in range(n)]
    shifts = [tuple((q, q * NUM_CLANS) for q in others[p]) for p in range(n)]
    full = (1 << NUM_CLANS) - 1
    elsewhere = [sum(full << shift for _, shift in shifts[p]) for p in range(n)]
    return first, home, ninja, moves, shifts, elsewhere


TABLES = cast(
    "list[tuple[Any, ...]]", [_tables(n) if n >= 2 else None for n in range(MAX_PLAYERS + 1)]
)
"""`_tables(n)` for every player count (index n)."""

GRAMMAR = ActionGrammar(
    "Shinobi",
    ("deploy oda to 2", "ninja takeda at 1", "move mori 1 to 3", "attack takeda at 3 with oda"),
)
"""The action text's verb split and its error for unknown text."""

_PATTERNS = (
    (re.compile(r"deploy (\S+) to (\d+)"), "deploy"),
    (re.compile(r"ninja (\S+) at (\d+)"), "ninja"),
    (re.compile(r"move (\S+) (\d+) to (\d+)"), "move"),
    (re.compile(r"attack (\S+) at (\d+) with (\S+)"), "attack"),
)


def parse_action(text: str) -> ShinobiAction:
    """The action whose text form is `text`; raises `ActionParseError`."""
    verb, args = GRAMMAR.split(text)
    words = " ".join((verb, *args)).lower()
    for pattern, kind in _PATTERNS:
        match = pattern.fullmatch(words)
        if match is None:
            continue
        try:
            clan = clan_index(match.group(1))
            numbers = [int(g) for g in match.groups()[1:] if g.isdigit()]
            if kind == "attack":
                attacker = clan_index(match.group(3))
        except KeyError as exc:
            raise ActionParseError(
                f"{text!r}: {exc.args[0]!r} is not a clan (use {', '.join(CLANS)})"
            ) from None
        if any(n >= MAX_PLAYERS for n in numbers):
            raise ActionParseError(f"{text!r}: provinces are numbered 0-{MAX_PLAYERS - 1}")
        if kind == "deploy":
            return DEPLOY[clan][numbers[0]]
        if kind == "ninja":
            return NINJA_ON[clan][numbers[0]]
        if kind == "move":
            return MOVE[clan][numbers[0]][numbers[1]]
        return ATTACK[attacker][clan][numbers[0]]
    raise GRAMMAR.unknown(text)
