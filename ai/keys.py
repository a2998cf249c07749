"""A position key that keeps its hash: a state's `key()` is a tuple of a few hundred ints,
which Python hashes anew at every dictionary look-up; the search adapters' caches (the
transposition table's keys, remembered policy moves and evaluations) look it up often."""

from __future__ import annotations

from typing import Any


class HashedKey:
    """`key` with its hash computed once; equal to another `HashedKey` of an equal key."""

    __slots__ = ("key", "hash")

    def __init__(self, key: tuple[Any, ...]) -> None:
        self.key = key
        self.hash = hash(key)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not HashedKey:
            return NotImplemented
        return self.hash == other.hash and self.key == other.key
