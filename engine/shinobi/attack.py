"""Shinobi's attack rule, in one place: which army may attack which.

The third order: an army of one's own province with at least `MIN_STRENGTH` cards
removes one card from a strictly smaller army of another clan in another province,
unless that army received a card or the Ninja this turn (the state's protected armies,
`ShinobiState.is_protected`). The engine's legal actions and reasons ask `may_attack`;
the bots ask `attack_reach` for what a province's armies can reach, now or in a turn to
come (when no army is protected any more).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.shinobi.actions import ATTACK, MAX_PLAYERS, Attack
from engine.shinobi.cards import NUM_CLANS

MIN_STRENGTH = 2
"""The fewest cards an army needs to attack."""


def may_attack(attacker: int, strength: int, clan: int, defence: int) -> bool:
    """True when an `attacker` army of `strength` cards may attack a `clan` army of
    `defence` cards (protection aside): at least `MIN_STRENGTH` cards, another clan,
    a strictly smaller army that is there."""
    return strength >= MIN_STRENGTH and attacker != clan and 0 < defence < strength


def largest_target(strength: int) -> int:
    """The most cards an army of another clan may have for an army of `strength` cards
    to attack it (`may_attack`), 0 when an army of `strength` attacks nothing."""
    return strength - 1 if strength >= MIN_STRENGTH else 0


def attack_reach(home: Sequence[int], clan: int) -> int:
    """The strength of the strongest army among `home` (one province's cards per clan)
    that may attack armies of `clan`, 0 when none may: a `clan` army of `defence` cards
    can be attacked from there exactly when `0 < defence < attack_reach(home, clan)`."""
    best = 0
    for attacker, strength in enumerate(home):
        if attacker != clan and strength > best:
            best = strength
    return best if best >= MIN_STRENGTH else 0


def in_reach(reach: int, defence: int) -> bool:
    """True when an army of `defence` cards can be attacked by armies whose
    `attack_reach` is `reach` (the size part of `may_attack`)."""
    return 0 < defence < reach


def count_in_reach(reaches: Sequence[int], defence: int, skip: int = -1) -> int:
    """How many of `reaches` (`attack_reach` values), but the one at index `skip`, could
    attack an army of `defence` cards (`in_reach` counted over them)."""
    found = 0
    for reach in reaches:
        if 0 < defence < reach:
            found += 1
    if skip >= 0 and 0 < defence < reaches[skip]:
        found -= 1
    return found


def attack_reaches(home: Sequence[int]) -> list[int]:
    """`attack_reach(home, clan)` for every clan at once: the strongest army of `home`
    reaches every other clan, the second strongest the strongest army's own clan."""
    top = max(home)
    if top < MIN_STRENGTH:
        return [0] * len(home)
    strongest = list(home).index(top)
    second = sorted(home)[-2]
    reaches = [top] * len(home)
    reaches[strongest] = second if second >= MIN_STRENGTH else 0
    return reaches


_REACHES: dict[tuple[int, ...], tuple[int, ...] | None] = {}
"""`attack_reaches` by province, None where no army may attack (a few hundred distinct
provinces in a game)."""


def province_reaches(home: Sequence[int]) -> tuple[int, ...] | None:
    """`attack_reaches(home)` as a tuple, None when no army of `home` may attack
    (remembered by province)."""
    key = tuple(home)
    reaches = _REACHES.get(key, ())
    if reaches == ():
        if len(_REACHES) > 100_000:
            _REACHES.clear()
        found = attack_reaches(key)
        reaches = _REACHES[key] = tuple(found) if any(found) else None
    return reaches


def reachable_counts(table: Sequence[int], players: int, seat: int) -> list[int]:
    """For each clan, how many of its armies in the other provinces the armies of
    `seat`'s province could attack (protection aside). `table` holds every province's
    cards per clan at `province * NUM_CLANS + clan`."""
    base = seat * NUM_CLANS
    reaches = province_reaches(table[base : base + NUM_CLANS])
    if reaches is None:
        return [0] * NUM_CLANS  # no army there may attack
    # one province at a time, its five armies unpacked, counted in locals (the search
    # asks this most)
    r0, r1, r2, r3, r4 = reaches
    c0 = c1 = c2 = c3 = c4 = 0
    for start in range(0, players * NUM_CLANS, NUM_CLANS):
        if start == base:
            continue  # one's own province is not attacked
        d0, d1, d2, d3, d4 = table[start : start + NUM_CLANS]
        if 0 < d0 < r0:
            c0 += 1
        if 0 < d1 < r1:
            c1 += 1
        if 0 < d2 < r2:
            c2 += 1
        if 0 < d3 < r3:
            c3 += 1
        if 0 < d4 < r4:
            c4 += 1
    return [c0, c1, c2, c3, c4]


def _targets(players: int, seat: int, attacker: int) -> tuple[tuple[int, Attack], ...]:
    """(army index, the attack on it) for every army another clan than `attacker` may
    hold in the provinces but `seat`'s, in the order of `legal_attacks`."""
    return tuple(
        (q * NUM_CLANS + clan, ATTACK[attacker][clan][q])
        for q in range(players)
        if q != seat
        for clan in range(NUM_CLANS)
        if clan != attacker
    )


_TARGETS = [
    [[_targets(n, seat, a) for a in range(NUM_CLANS)] for seat in range(n)]
    for n in range(MAX_PLAYERS + 1)
]


def legal_attacks(table: Sequence[int], players: int, seat: int, protected: int) -> list[Attack]:
    """Every attack `seat`'s armies may make (`may_attack`, and not on an army in
    `protected`, bit `province * NUM_CLANS + clan`), by attacking clan, then province,
    then attacked clan. `table` holds every army at `province * NUM_CLANS + clan`."""
    own = seat * NUM_CLANS
    out: list[Attack] = []
    if max(table[own : own + NUM_CLANS]) < MIN_STRENGTH:
        return out
    targets = _TARGETS[players][seat]
    for attacker in range(NUM_CLANS):
        strength = table[own + attacker]
        if strength < MIN_STRENGTH:
            continue
        for index, attack in targets[attacker]:
            if 0 < table[index] < strength and not protected >> index & 1:
                out.append(attack)
    return out
