"""Shinobi positions as text, for rule tests, fixtures and debugging.

One `key: value` per line; blank lines and `#` comments are ignored. A card list is
space-separated card names (`hojo mori oda takeda uesugi ninja`), each optionally
with a count (`oda*3`); `-` or nothing means no cards. Example (4 players)::

    turn: player 0, order 1          # or 'turn: over' for a finished game
    deck: oda mori*2 ninja          # top card first
    discards: takeda*2 ninja        # optional
    p0 oda: hand oda*2 ninja takeda; province oda*2 takeda
    p1 mori: hand mori; province -
    p2 takeda: hand -; province mori*3
    p3 uesugi: hand oda; province
    protected: takeda@1 oda@2       # optional: armies that received a card this turn
    final: 2                        # optional: turns left in the last round, this one included
    turns: 7                        # optional: completed turns
    first: 1                        # optional: who began (default: the player to move)

`pN CLAN` gives seat N's secret clan. A position need not hold all 58 cards; the
cards it names are that game's whole composition. A position with an empty deck and
no `final` line is in the last round with a full round to go.

This module sits below `engine.shinobi.state`: `read_position` turns a text into the
arguments of a `ShinobiState`, which `engine.shinobi.state.parse_position` builds, and
`format_position` reads a state through the accessors in `PositionView` alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

from engine.shinobi.cards import CARD_IDS, CARD_TYPES, CLANS, NINJA, NUM_CLANS, card_type


class PositionError(ValueError):
    """A position text that cannot be read; the message names the line and the fix."""


_PLAYER = re.compile(r"p(\d+)\s+(\S+)\s*:\s*hand\s*(.*?)\s*;\s*province\s*(.*)")
_TURN = re.compile(r"player\s+(\d+)\s*(?:,\s*order\s+(\d))?")


def _cards(text: str, line: int) -> list[int]:
    """Counts per card type of a card list like 'oda*2 ninja'."""
    counts = [0] * CARD_TYPES
    for word in text.split():
        if word == "-":
            continue
        name, _, times = word.partition("*")
        try:
            counts[card_type(name)] += int(times) if times else 1
        except (KeyError, ValueError):
            raise PositionError(
                f"line {line}: {word!r} is not a card (use {', '.join(CARD_IDS)}, e.g. oda*2)"
            ) from None
    return counts


def _deck(text: str, line: int) -> list[int]:
    """The deck's cards in order, top first."""
    cards: list[int] = []
    for word in text.split():
        counts = _cards(word, line)
        for kind, times in enumerate(counts):
            cards.extend([kind] * times)
    return cards


def read_position(text: str) -> dict[str, Any]:
    """The `ShinobiState` keyword arguments a position text describes; raises
    `PositionError` naming the line and the fix."""
    players: dict[int, tuple[int, list[int], list[int]]] = {}
    deck: list[int] = []
    discards = [0] * CARD_TYPES
    protected = 0
    final = -1
    turns = 0
    first: int | None = None
    turn: tuple[int, int] | None = None
    protected_names: list[tuple[int, int, int]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise PositionError(f"line {number}: expected 'key: value', got {line!r}")
        key = key.strip().lower()
        value = value.strip()
        whole = f"{key}: {value}"
        if match := _PLAYER.fullmatch(whole):
            seat = int(match.group(1))
            try:
                clan = card_type(match.group(2))
            except KeyError:
                clan = NINJA
            if clan == NINJA:
                raise PositionError(f"line {number}: {match.group(2)!r} is not a clan")
            hand = _cards(match.group(3), number)
            province = _cards(match.group(4), number)
            if province[NINJA]:
                raise PositionError(f"line {number}: a Ninja never stands in a province")
            players[seat] = (clan, hand, province[:NUM_CLANS])
        elif key == "turn" and value == "over":
            turn = (0, 0)
        elif key == "turn":
            match = _TURN.fullmatch(value)
            if match is None:
                raise PositionError(f"line {number}: write the turn as 'player 0, order 1'")
            turn = (int(match.group(1)), int(match.group(2) or 1))
        elif key == "deck":
            deck = _deck(value, number)
        elif key == "discards":
            discards = _cards(value, number)
        elif key == "protected":
            for word in value.split():
                name, at, where = word.partition("@")
                if not at or not where.isdigit() or name not in CLANS:
                    raise PositionError(
                        f"line {number}: {word!r}: write protected armies as clan@province"
                    )
                protected_names.append((number, int(where), CLANS.index(name)))
        elif key == "final":
            final = int(value)
        elif key == "turns":
            turns = int(value)
        elif key == "first":
            first = int(value)
        else:
            raise PositionError(f"line {number}: unknown key {key!r}")
    n = len(players)
    if sorted(players) != list(range(n)) or n < 2:
        raise PositionError("name the players p0, p1, ... without gaps (at least two)")
    for number, seat, clan in protected_names:
        if seat >= n:
            raise PositionError(f"line {number}: there is no province {seat}")
        protected |= 1 << (seat * NUM_CLANS + clan)
    if turn is None:
        raise PositionError("missing line 'turn: player N, order K'")
    if not (0 <= turn[0] < n and 0 <= turn[1] <= 3):
        raise PositionError(f"turn: player must be 0-{n - 1} and order 1-3")
    clans = [players[q][0] for q in range(n)]
    if len(set(clans)) != n:
        raise PositionError("every player serves a different clan")
    return {
        "allegiance": clans,
        "hands": [players[q][1] for q in range(n)],
        "armies": [players[q][2] for q in range(n)],
        "discards": discards,
        "deck": deck,
        "player": turn[0],
        "order": turn[1],
        "protected": protected,
        "final_left": final,
        "turns": turns,
        "first": first,
    }


def _list(counts: Sequence[int]) -> str:
    """'oda*2 ninja' for counts, '-' when empty."""
    words = [CARD_IDS[t] if k == 1 else f"{CARD_IDS[t]}*{k}" for t, k in enumerate(counts) if k]
    return " ".join(words) or "-"


class PositionView(Protocol):
    """What `format_position` reads of a state (a `ShinobiState` has all of it)."""

    @property
    def num_players(self) -> int: ...
    @property
    def order(self) -> int: ...
    @property
    def final_left(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def first_player(self) -> int: ...
    def current_player(self) -> int: ...
    def deck(self) -> Sequence[int]: ...
    def discards(self) -> Sequence[int]: ...
    def hand(self, player: int) -> Sequence[int]: ...
    def army(self, province: int, clan: int) -> int: ...
    def allegiance(self, player: int) -> int: ...
    def is_protected(self, province: int, clan: int) -> bool: ...


def format_position(state: PositionView) -> str:
    """The position text of `state` (parse_position reads it back to an equal position)."""
    n = state.num_players
    deck_words: list[str] = []
    for card in state.deck():
        name = CARD_IDS[card]
        if deck_words and deck_words[-1].partition("*")[0] == name:
            head, _, times = deck_words[-1].partition("*")
            deck_words[-1] = f"{head}*{int(times or 1) + 1}"
        else:
            deck_words.append(name)
    lines = [
        f"turn: player {state.current_player()}, order {state.order}"
        if state.order
        else "turn: over",
        f"deck: {' '.join(deck_words) or '-'}",
        f"discards: {_list(state.discards())}",
    ]
    for q in range(n):
        province = [state.army(q, c) for c in range(NUM_CLANS)]
        lines.append(
            f"p{q} {CLANS[state.allegiance(q)]}: hand {_list(state.hand(q))}; "
            f"province {_list(province)}"
        )
    protected = [
        f"{CLANS[c]}@{q}" for q in range(n) for c in range(NUM_CLANS) if state.is_protected(q, c)
    ]
    if protected:
        lines.append(f"protected: {' '.join(protected)}")
    lines.append(f"final: {state.final_left}")
    lines.append(f"turns: {state.turns}")
    lines.append(f"first: {state.first_player}")
    return "\n".join(lines) + "\n"
