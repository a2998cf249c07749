"""The peasant rule (Bauernregel) and peasants coming and going.

A peasant from the daimyo board may only go to a free field (no peasant, no palace)
that borders the own palace, directly or through own peasants connected to it, and
never next to an own peasant cut off from the palace. Connection is a flood fill over
bitmasks with precomputed neighbour unions per 8-field chunk (`Board.spread`), memoised
by (palace, peasants) on the board because search revisits the same groups constantly.

A peasant driven from the board goes back to its owner's supply (Bauernstapel); the
neutral player's lost peasants leave the game. A peasant taken from the supply after a
ronin's victory or a refused duel ignores the peasant rule; Shinden (card) and Daiku
(advisor) place one from the supply by the rule.
"""

from __future__ import annotations

from engine.ricewars import records
from engine.ricewars.position import Position

GROUPS_LIMIT = 500_000
"""The most palace groups a board remembers (`Board.groups`, by own peasants and palace
field: search revisits the same groups constantly)."""


def palace_group(st: Position, p: int, own: int) -> tuple[int, int]:
    """(connected, allowed) of a palace on `p` with own peasants `own`: `connected` and
    `peasant_fields` before the taken fields are left out, for a caller that asks both
    of many seats (the search's evaluation); remembered by the board."""
    board = st.board
    groups = board.groups
    key = own << board.field_bits | p
    group = groups.get(key)
    if group is None:
        spread = board.spread
        reach = board.adj[p] & own
        while True:
            grown = (reach | spread(reach)) & own
            if grown == reach:
                break
            reach = grown
        near = board.adj[p] | spread(reach)
        bad = spread(own & ~reach)
        if len(groups) > GROUPS_LIMIT:
            groups.clear()
        group = groups[key] = (reach, near & ~bad)
    return group


def connected(st: Position, s: int) -> int:
    """Own peasants of seat `s` connected to its palace (directly or via own peasants)."""
    p = st.palace[s]
    if p < 0:
        return 0
    return palace_group(st, p, st.own[s])[0]


def peasant_fields(st: Position, s: int, free: int | None = None) -> int:
    """Fields where seat `s` may place a peasant by the peasant rule (bitmask): free
    fields next to the palace or a connected peasant, none next to a cut-off one.
    `free`: `st.free_mask()` when the caller has it."""
    p = st.palace[s]
    if p < 0:
        return 0
    if free is None:
        free = st.free_mask()
    return palace_group(st, p, st.own[s])[1] & free


def remove_peasant(st: Position, f: int, why: str = "") -> None:
    """A peasant leaves field `f` for its owner's supply (the neutral's for the box)."""
    s = st.owner[f]
    st._set_owner(f, -1)
    if st.events is not None:
        st.events.append(records.removed(st, s, f, why))
    if s == st.neutral:
        st.boxed_peasants[s] += 1
    else:
        st.supply[s] += 1


def supply_peasant(st: Position, s: int, f: int, by: int = -1, how: str = "supply") -> bool:
    """Put a peasant of seat `s` from its supply on `f` (False when the supply is empty);
    `by` (default `s`) and `how` say who decided and why, for the record."""
    if st.supply[s] <= 0:
        return False
    st.supply[s] -= 1
    st._set_owner(f, s)
    if st.events is not None:
        st.events.append(records.placed(st, s, f, s if by < 0 else by, how))
    return True
