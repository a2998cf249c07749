"""Honor and the winner (rulebook: "Spielende", "Ehre am Spielende"; objectives in
`rokugan-components.md`).

Honor = flowers of controlled provinces (+ honor tokens, + 1 per defense token) + one per
face-up control token there (the Shadowlands give no honor at all, even on a map that
prints flowers there) + the secret objective if met + 5 per controlled territory (not
Shadowlands; scorched provinces do not count towards control). Ties: most honor, then
most provinces, then most territory cards won (held + played); still tied = a shared
victory. `honor` is also the standing mid-game.
"""

from __future__ import annotations

from typing import Final

from engine.rokugan.board import (
    CHAIN_PROVINCES,
    LANDS_PROVINCES,
    SAIL_PROVINCES,
    WEB_TERRITORIES,
)
from engine.rokugan.data import (
    EMERALD_EMPIRE,
    LOST_LANDS,
    OBJECTIVE_CLAN,
    OBJECTIVES,
    SCORCHED,
    SPECIAL_HONOR,
    SPECIAL_NAMES,
    TERRITORY_HONOR,
    WAY_OF_HUMILITY,
    WAY_OF_THE_SAIL,
    WEB_OF_INFLUENCE,
)
from engine.rokugan.events import Bonus, province_words
from engine.rokugan.position import PH_OVER, Position


def territory_controller(st: Position, t: int) -> int:
    """The player controlling every unscorched province of territory `t`, else -1."""
    owner = -2
    special, ctrl_owner = st.special, st.ctrl_owner
    for q in st.board.territory_members[t]:
        if special[q] == SCORCHED:
            continue
        o = ctrl_owner[q]
        if o < 0 or (owner != -2 and o != owner):
            return -1
        owner = o
    return owner if owner >= 0 else -1


def cards_count(st: Position, player: int) -> int:
    """Territory cards `player` holds (unplayed)."""
    return sum(1 for h in st.terr_holder if h == player)


def province_honor(st: Position, q: int) -> int:
    """What province q gives its holder at the end: its flowers, its special token and a
    face-up control token; a Shadowlands province gives no honor at all."""
    if st.board.shadowlands[q]:
        return 0
    return st.board.flowers[q] + SPECIAL_HONOR[st.special[q]] + st.ctrl_up[q]


def honor(st: Position) -> list[int]:
    """Honor of every player by the end-of-game scoring (also mid-game, as a standing).

    It depends only on who holds what, face-up control tokens, special tokens and the
    objectives, so it is kept on the board by them (a search asks it of many positions
    of one placement phase, where none of them changes)."""
    return list(_standing(st)[0])


def public_honor(st: Position, player: int) -> int:
    """`player`'s honor as everybody can count it: without its secret objective while the
    game runs (the objective is revealed at the end), all of it once the game is over."""
    total = honor(st)[player]
    if st.phase != PH_OVER and objectives_met(st)[player]:
        total -= OBJECTIVES[st.objective[player]][1]
    return total


def objectives_met(st: Position) -> tuple[bool, ...]:
    """Whether each player meets its own secret objective now (False without one)."""
    return _standing(st)[1]


def _standing(st: Position) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """(`honor`, `objectives_met`), kept on the board by what they read."""
    key = (
        st.n,
        tuple(st.ctrl_owner),
        tuple(st.ctrl_up),
        tuple(st.special),
        tuple(st.objective),
    )
    cache = st.board.honor_cache
    found = cache.get(key)
    if found is None:
        if len(cache) > 4096:
            cache.clear()
        found = cache[key] = _honor(st)
    return found  # type: ignore[no-any-return]


def _honor(st: Position) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """`honor` and `objectives_met`, counted."""
    b = st.board
    result = [0] * st.n
    for q, o in enumerate(st.ctrl_owner):
        if o >= 0:
            result[o] += province_honor(st, q)
    for t, sl in enumerate(b.territory_shadowlands):
        if not sl:
            ctl = territory_controller(st, t)
            if ctl >= 0:
                result[ctl] += TERRITORY_HONOR
    held: list[list[int]] = [[] for _ in range(st.n)]
    for q, o in enumerate(st.ctrl_owner):
        if o >= 0:
            held[o].append(q)
    met = tuple(o >= 0 and _objective_met(st, p, o, held[p]) for p, o in enumerate(st.objective))
    for p, o in enumerate(st.objective):
        if met[p]:
            result[p] += OBJECTIVES[o][1]
    return tuple(result), met


FLOWERS: Final = 0
FACE_UP: Final = 1
TOKENS: Final = 2
TERRITORIES: Final = 3
OBJECTIVE: Final = 4
HONOR_KINDS = (
    "flowers",
    "face-up control tokens",
    "honor and defence tokens",
    "territories",
    "objective",
)
"""The kinds of honor, in the order of `honor_breakdown`."""


def honor_items(st: Position, player: int) -> list[tuple[int, str, int]]:
    """`player`'s honor item by item, as `honor` counts it: (kind from `HONOR_KINDS`,
    what in words, honor) for each province's flowers, honor and defence tokens and
    face-up control tokens (none in the Shadowlands), each territory, the objective."""
    b = st.board
    items: list[tuple[int, str, int]] = []
    for q in range(b.n):
        if st.ctrl_owner[q] != player or b.shadowlands[q]:
            continue
        name = province_words(st, q)
        if b.flowers[q]:
            items.append((FLOWERS, f"{name}: flowers", b.flowers[q]))
        extra = SPECIAL_HONOR[st.special[q]]
        if extra:
            what = "honor" if SPECIAL_NAMES[st.special[q]].startswith("honor") else "defence"
            items.append((TOKENS, f"{name}: {what} token", extra))
        if st.ctrl_up[q]:
            items.append((FACE_UP, f"{name}: face-up control tokens", st.ctrl_up[q]))
    for t in range(len(b.territory_ids)):
        if not b.territory_shadowlands[t] and territory_controller(st, t) == player:
            name = b.graph.territories[t].name
            items.append((TERRITORIES, f"territory {name}", TERRITORY_HONOR))
    o = st.objective[player]
    if o >= 0 and objective_met(st, player, o):
        what = OBJECTIVES[o][0].replace("_", " ")
        items.append((OBJECTIVE, f"objective: {what}", OBJECTIVES[o][1]))
    return items


def honor_parts(st: Position, player: int) -> tuple[Bonus, ...]:
    """`honor_items` as the parts of a `Score` record."""
    return tuple(Bonus(what, n) for _, what, n in honor_items(st, player))


def honor_breakdown(st: Position, player: int) -> tuple[int, ...]:
    """`player`'s honor per kind of `HONOR_KINDS` (the sums of `honor_items`)."""
    sums = [0] * len(HONOR_KINDS)
    for kind, _, n in honor_items(st, player):
        sums[kind] += n
    return tuple(sums)


def objective_met(st: Position, player: int, objective: int) -> bool:
    """Whether `player` meets secret objective `objective` now."""
    return _objective_met(
        st, player, objective, [q for q, o in enumerate(st.ctrl_owner) if o == player]
    )


def _objective_met(st: Position, player: int, objective: int, mine: list[int]) -> bool:
    """`objective_met` for `player` holding the provinces `mine` (in province order)."""
    b = st.board
    clan = OBJECTIVE_CLAN.get(objective)
    if clan is not None:
        cap = b.capital_of_clan.get(clan)
        if cap is not None and st.ctrl_owner[cap] == player:
            return True
        t = b.clan_territory[clan]  # the clan's lands (`Board._deal`)
        return t >= 0 and sum(1 for q in mine if b.territory[q] == t) >= LANDS_PROVINCES
    if objective == WAY_OF_THE_SAIL:
        return sum(1 for q in mine if st.is_coastal(q)) >= SAIL_PROVINCES
    if objective == WEB_OF_INFLUENCE:
        return len({b.territory[q] for q in mine if b.territory[q] >= 0}) >= WEB_TERRITORIES
    if objective == WAY_OF_HUMILITY:
        count = len(mine)
        return all(count <= st.provinces_of(o) for o in range(st.n))
    if objective == LOST_LANDS:
        sl = [q for q in range(b.n) if b.shadowlands[q]]
        return bool(sl) and all(st.ctrl_owner[q] == player for q in sl)
    if objective == EMERALD_EMPIRE:
        return _emerald_chain(st, set(mine))
    return False


def _emerald_chain(st: Position, mine: set[int]) -> bool:
    """A path of 6 distinct controlled provinces, neighbour to neighbour, touching 3
    territories (a province of no territory touches none)."""
    return len(mine) >= CHAIN_PROVINCES and st.board.emerald_chain(mine) is not None


def ranking_key(st: Position, player: int) -> tuple[int, int, int]:
    """(honor, provinces, territory cards held and played) — the order of `winners`."""
    return (
        honor(st)[player],
        st.provinces_of(player),
        cards_count(st, player) + st.played_by[player],
    )


def winners(st: Position) -> list[int]:
    """Most honor; ties broken by most provinces, then most territory cards held
    (unplayed and played), else a shared victory."""
    keys = [ranking_key(st, p) for p in range(st.n)]
    best = max(keys)
    return [p for p in range(st.n) if keys[p] == best]
