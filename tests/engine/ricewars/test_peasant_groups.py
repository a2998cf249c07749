"""The peasant rule's palace groups, remembered by the board (issue 32): what a board
remembers is what a plain flood fill over the fields' neighbours gives, on both board
sides in one process, at every step of random games."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from engine.graph import MapGraph, ProvinceInfo
from engine.ricewars import SPEC
from engine.ricewars.bench import load_bench_graph
from engine.ricewars.board import board_for
from engine.ricewars.peasants import connected, palace_group, peasant_fields


def _neighbours(board, f: int) -> list[int]:
    return [g for g in range(board.n) if board.adj[f] >> g & 1]


def _rule_by_hand(st, s: int) -> tuple[int, int]:
    """(connected peasants, fields the peasant rule allows) of seat `s`, walked field by
    field: peasants reached from the palace through own peasants; free fields next to
    the palace or a reached peasant and next to no cut-off own peasant."""
    board, palace = st.board, st.palace[s]
    own = [f for f in range(board.n) if st.owner[f] == s]
    reached: set[int] = set()
    todo = [g for g in _neighbours(board, palace) if g in own]
    while todo:
        f = todo.pop()
        if f not in reached:
            reached.add(f)
            todo += [g for g in _neighbours(board, f) if g in own]
    cut_off = set(own) - reached
    taken = {f for f in range(board.n) if st.owner[f] >= 0} | {p for p in st.palace if p >= 0}
    allowed = 0
    for f in range(board.n):
        near = set(_neighbours(board, f))
        if f in taken or near & cut_off:
            continue
        if palace in near or near & reached:
            allowed |= 1 << f
    return sum(1 << f for f in reached), allowed


@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_remembered_groups_are_the_rule_walked_by_hand(players: int) -> None:
    # Given random games on the quick and the epic side in one process
    checked = 0
    for seed in range(2):
        rng = random.Random(seed)
        st = SPEC.new_game(players, seed, None, load_bench_graph(players))
        while not st.is_terminal():
            for s in range(st.seats):
                if st.palace[s] >= 0:
                    # Then the board's remembered group is the rule walked field by field
                    reached, allowed = _rule_by_hand(st, s)
                    assert connected(st, s) == reached
                    assert peasant_fields(st, s) == allowed
                    assert palace_group(st, st.palace[s], st.own[s])[0] == reached
                    checked += 1
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    assert checked > 500


def test_a_board_of_300_fields_keeps_each_palace_group_apart() -> None:
    # Given a map of 300 fields in a row, the first a palace site
    ids = [f"f{i}" for i in range(300)]
    provinces = tuple(
        ProvinceInfo(
            pid,
            pid,
            None,
            tuple(ids[j] for j in (i - 1, i + 1) if 0 <= j < 300),
            (),
            {"palace_site": i == 0},
        )  # fmt: skip
        for i, pid in enumerate(ids)
    )
    board = board_for(MapGraph("row", "Row", "row-hash", provinces, (), {"side": "epic"}))
    at = SimpleNamespace(board=board)
    # When a palace on field 0 with an own peasant on it is met first, then a palace on
    # field 256 with none (the same key if a field's index had only 8 bits)
    first = palace_group(at, 0, 1)  # type: ignore[arg-type]
    second = palace_group(at, 256, 0)  # type: ignore[arg-type]
    # Then each is its own group: the second may go next to its palace, the first nowhere
    assert first == (0, 0)
    assert second == (0, 1 << 255 | 1 << 257)
