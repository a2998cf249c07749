"""Placing combat tokens (rulebook: "Planungsphase", "Kampfmarker legen", "Die Kampfmarker").

Where each token may go (`slot_problem` says why not, in words): an Army defends a
province its owner controls or attacks over a land border from one (a Ronin over any land
border); a Navy defends a coastal province or attacks over a coastal border (or over a
land border into a harbor province); a Shinobi goes in any province centre; a Blessing
lies face up on one of its owner's face-down Army, Navy or Shinobi tokens (several may);
Diplomacy only in an own province, a Raid only in another's (neither by a Ronin, neither
in a Battlefield province); a bluff wherever a non-Blessing token could go. One combat
token per border in total (a land border is one border whichever province it attacks);
no token in or on a border of a Peace or scorched province, none in or on a Shrine
province but by its controller, and a Shrine province is never attacked; an Army never
attacks out of a Peace province nor a province its owner controls.

Also the Unicorn's swap of two own face-down tokens before the reveal (`swap_actions`,
`apply_swap`). Whose turn it is, Scorpion's peek and the end of the phase are in
`rounds.py`; cards played at the start of a turn in `cards.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from operator import itemgetter
from typing import Any

from engine.rokugan import actions as A
from engine.rokugan.data import (
    ARMY,
    BATTLEFIELD,
    BLESSING,
    BLUFF,
    CLAN_TOKENS,
    CLANS,
    DIPLOMACY,
    HARBOR,
    LABEL_KIND,
    NAVY,
    PEACE,
    RAID,
    SCORCHED,
    SHINOBI,
    SHRINE,
    TOKEN_LABELS,
    TOKENS_PER_CLAN,
)
from engine.rokugan.position import (
    DISCARD,
    HAND,
    MEMO_BLESSING_HOSTS,
    ONBOARD,
    T_BLESSED,
    T_PLAYER,
    T_SLOT,
    T_TID,
    T_UP,
    Position,
)
from engine.rokugan.tokens import move, serial

_BLOCK_PEACE = "no combat token may be placed in or on a border of a Peace province"
_BLOCK_SCORCHED = "no combat token may be placed in or on a border of a scorched province"
_BLOCK_SHRINE = "only the controller of a Shrine province may place tokens in it or on its borders"


def slot_problem(st: Position, player: int, kind: int, slot: int) -> str | None:
    """Why `player` may not put a token of `kind` on `slot` now (None when allowed).

    Ignores whether a border is taken (see `placement_problem`)."""
    b = st.board
    t = b.slot_target[slot]
    sp = st.special[t]
    if sp == PEACE:
        return _BLOCK_PEACE
    if sp == SCORCHED:
        return _BLOCK_SCORCHED
    owner = st.ctrl_owner[t]
    if sp == SHRINE and owner != player:
        return _BLOCK_SHRINE
    own = owner == player
    if kind == BLESSING:
        return "a Blessing goes on one of your own face-down Army, Navy or Shinobi tokens"
    if slot < b.n:
        if kind == ARMY:
            return None if own else "an Army defends only a province you control"
        if kind == NAVY:
            if not own:
                return "a Navy defends only a coastal province you control"
            return None if st.is_coastal(t) else "a Navy cannot defend an inland province"
        if kind == SHINOBI or kind == BLUFF:
            return None
        if kind == DIPLOMACY:
            if st.ronin[player]:
                return "a Ronin may not place Diplomacy tokens"
            if sp == BATTLEFIELD:
                return "no Diplomacy token may be placed in a Battlefield province"
            return None if own else "Diplomacy goes only in a province you control"
        if kind == RAID:
            if st.ronin[player]:
                return "a Ronin may not place Raid tokens"
            if sp == BATTLEFIELD:
                return "no Raid token may be placed in a Battlefield province"
            return "a Raid goes only in a province you do not control" if own else None
        return "unknown token"
    if own:
        return "you cannot attack a province you control"
    if sp == SHRINE:
        return "a province with a Shrine cannot be attacked"
    if slot >= b.n + 2 * b.n_land:  # coastal border
        if kind == NAVY or kind == BLUFF:
            return None
        return "only a Navy (or a bluff) goes on a coastal border"
    src = b.slot_source[slot]
    ssp = st.special[src]
    if ssp == PEACE:
        if kind == ARMY and st.ctrl_owner[src] == player:
            return "Army token may not attack from a Peace province"
        return _BLOCK_PEACE
    if ssp == SCORCHED:
        return _BLOCK_SCORCHED
    if ssp == SHRINE and st.ctrl_owner[src] != player:
        return _BLOCK_SHRINE
    army_ok = st.ronin[player] or st.ctrl_owner[src] == player
    navy_ok = sp == HARBOR
    if kind == ARMY:
        return None if army_ok else "an Army attacks only from a province you control"
    if kind == NAVY:
        return None if navy_ok else "a Navy goes on a land border only to attack a harbor"
    if kind == BLUFF:
        return None if army_ok or navy_ok else "a bluff must be placed like a real token"
    return "only an Army (or a Navy into a harbor) goes on a land border"


def blessing_problem(st: Position, player: int, host: int) -> str | None:
    """Why `player` may not put a Blessing on board token `host` now."""
    t = st.tokens[host] if 0 <= host < len(st.tokens) else None
    if t is None:
        return "there is no such token on the board"
    if t[T_PLAYER] != player:
        return "a Blessing goes only on your own token"
    if t[T_UP]:
        return "a Blessing goes only on a face-down token"
    if st.tok(player, t[T_TID])[0] not in (ARMY, NAVY, SHINOBI):
        return "a Blessing goes only on an Army, Navy or Shinobi token"
    return None


def placement_problem(st: Position, player: int, kind: int, slot: int) -> str | None:
    """`slot_problem` plus the one-token-per-border rule."""
    border = st.board.slot_border[slot]
    if border >= 0 and st.border_occ[border] >= 0:
        return "there is already a combat token on that border"
    return slot_problem(st, player, kind, slot)


def legal_slots(st: Position, player: int, kind: int) -> list[int]:
    """Every free slot where `player` may put a token of `kind` (the rules of
    `placement_problem`, computed for all kinds in one pass over the map)."""
    return slot_lists(st, player).get(kind, [])


def slot_lists(st: Position, player: int) -> dict[int, list[int]]:
    """Legal free slots of every placeable kind but the Blessing, by kind.

    What depends on control and special tokens only is cached on the board, keyed by
    their content (it does not change while tokens are placed); the free borders are
    filtered per call."""
    static = _cached_static(st, player)
    occ = st.border_occ
    free: list[Any] = [None, None]
    return {kind: list(_kind_slots(static, occ, kind, free)) for kind in _SLOT_KINDS}


_SLOT_KINDS = (ARMY, NAVY, SHINOBI, BLUFF, DIPLOMACY, RAID)


def _cached_static(st: Position, player: int) -> tuple[Any, ...]:
    """`_static_slots`, cached on the board by the control and special tokens (the last
    few entries of each seat are checked first: list comparisons, no key to build; a
    few, as Animate the Dead asks about the board with each cost paid)."""
    b = st.board
    ronin = st.ronin[player]
    owner = st.ctrl_owner
    special = st.special
    recent = b.slot_last.get(player, ())
    for last in recent:
        if last[1] == owner and last[2] == special and last[0] == ronin:
            return last[3]  # type: ignore[return-value]
    key = (player, ronin, tuple(owner), tuple(special))
    static = b.slot_cache.get(key)
    if static is None:
        if len(b.slot_cache) > 4096:
            b.slot_cache.clear()
        static = b.slot_cache[key] = _static_slots(st, player)
    b.slot_last[player] = ((ronin, list(owner), list(special), static), *recent[:7])
    return static


def _kind_slots(static: tuple[Any, ...], occ: list[int], kind: int, free: list[Any]) -> Any:
    """The free legal slots of `kind` from `_static_slots` and the taken borders `occ`
    (possibly a list of the cache: read, never change it). `free` starts as `[None,
    None]` and keeps the free coastal and land attack slots between calls."""
    anywhere, own, navy_centres, diplomacy, raid, coast_cand, land_cand, harbor_cand = static
    if kind == SHINOBI:
        return anywhere
    if kind == DIPLOMACY:
        return diplomacy
    if kind == RAID:
        return raid
    land = free[1]
    if land is None:
        land = free[1] = [slot for slot, border in land_cand if occ[border] < 0]
    if kind == ARMY:
        return own + land
    coast = free[0]
    if coast is None:
        coast = free[0] = [slot for slot, border in coast_cand if occ[border] < 0]
    if kind == NAVY:
        found = navy_centres + coast
    else:  # BLUFF
        found = anywhere + coast
        found.extend(land)
    if harbor_cand:
        # A Navy (and so a bluff) may attack a harbor province over any land border.
        extra = [slot for slot, border in harbor_cand if occ[border] < 0]
        found = sorted(set(found).union(extra))
    return found


def _static_slots(st: Position, player: int) -> tuple[Any, ...]:
    """The part of `slot_lists` that does not depend on which borders are taken."""
    b = st.board
    n = b.n
    special = st.special
    owner = st.ctrl_owner
    ronin = st.ronin[player]
    if PEACE in special or SCORCHED in special or SHRINE in special:
        blocked: Sequence[bool] = [
            sp == PEACE or sp == SCORCHED or (sp == SHRINE and o != player)
            for sp, o in zip(special, owner, strict=True)
        ]
        anywhere = [q for q in range(n) if not blocked[q]]
        # Attacks: never into an own, blocked or Shrine province.
        target = [
            o != player and not bl and sp != SHRINE
            for o, bl, sp in zip(owner, blocked, special, strict=True)
        ]
    else:
        blocked = b.no_province_blocked
        anywhere = list(range(n))
        target = list(map(player.__ne__, owner))
    own = [q for q in anywhere if owner[q] == player]
    coastal = b.coastal
    navy = [q for q in own if coastal[q] or special[q] == HARBOR]
    if ronin:
        diplomacy: list[int] = []
        raid: list[int] = []
    elif BATTLEFIELD in special:
        diplomacy = [q for q in own if special[q] != BATTLEFIELD]
        raid = [q for q in anywhere if owner[q] != player and special[q] != BATTLEFIELD]
    else:
        diplomacy = list(own)
        raid = [q for q in anywhere if owner[q] != player]
    coast = [pair for pair, t in b.coastal_pairs if target[t]]
    pairs_from = b.land_pairs_from
    land = [pair for s in (anywhere if ronin else own) for pair, t in pairs_from[s] if target[t]]
    harbor = []
    if HARBOR in special:
        for q in range(n):
            if special[q] != HARBOR or blocked[q] or owner[q] == player:
                continue
            for slot in b.land_slots_into[q]:
                if not blocked[b.slot_source[slot]]:
                    harbor.append((slot, b.slot_border[slot]))
    return (anywhere, own, navy, diplomacy, raid, coast, land, harbor)


def legal_slots_slow(st: Position, player: int, kind: int) -> list[int]:
    """`legal_slots` by asking `placement_problem` of every slot (for tests)."""
    return [
        slot
        for slot in range(st.board.n_slots)
        if placement_problem(st, player, kind, slot) is None
    ]


def _playable(st: Position, player: int) -> list[tuple[str, int]]:
    """(label, kind) of every distinct token `player` may place from hand, in token
    order: copies of a label once, the bluff not after Spy Network."""
    clan = st.clans[player]
    labels = TOKEN_LABELS[clan]
    toks = CLAN_TOKENS[clan]
    spied = st.spied[player]
    base = player * TOKENS_PER_CLAN
    out: list[tuple[str, int]] = []
    seen: set[str] = set()
    for tid, where in enumerate(st.loc[base : base + TOKENS_PER_CLAN]):
        if where == HAND:
            lab = labels[tid]
            if lab not in seen:
                seen.add(lab)
                kind = toks[tid][0]
                if kind != BLUFF or not spied:
                    out.append((lab, kind))
    return out


def place_actions(st: Position, player: int, out: list[Any]) -> None:
    """Append every legal Place action of `player` to `out` (shared action objects):
    for each distinct token in hand (`_playable`), its legal slots (`legal_slots`) or,
    for a Blessing, its hosts (`blessing_hosts`)."""
    cache = st.board.action_cache
    static: tuple[Any, ...] | None = None
    found: dict[int, tuple[int, Any]] = {}
    free: list[Any] = [None, None]
    for lab, kind in _playable(st, player):
        if kind == BLESSING:
            hosts = blessing_hosts(st, player)
            if hosts:
                out.extend(map(_blessing_actions(st.board, lab, hosts[-1] + 1).__getitem__, hosts))
            continue
        size_pick = found.get(kind)
        if size_pick is None:
            if static is None:
                static = _cached_static(st, player)
            slots = _kind_slots(static, st.border_occ, kind, free)
            size = len(slots)
            # Several slots: one itemgetter for every label of the kind (one C call each).
            size_pick = found[kind] = (size, itemgetter(*slots) if size > 1 else slots)
        size, pick = size_pick
        if size > 1:
            out.extend(pick(cache[lab]))
        elif size:
            out.append(cache[lab][pick[0]])


def slot_finder(st: Position, player: int) -> Any:
    """`legal_slots` of `player` by kind as a function, each kind's list found once."""
    static: tuple[Any, ...] | None = None
    found: dict[int, Sequence[int]] = {}
    free: list[Any] = [None, None]

    def find(kind: int) -> Sequence[int]:
        nonlocal static
        slots = found.get(kind)
        if slots is None:
            if static is None:
                static = _cached_static(st, player)
            slots = found[kind] = _kind_slots(static, st.border_occ, kind, free)
        return slots

    return find


def _blessing_actions(board: Any, label: str, count: int) -> list[Any]:
    """The shared actions placing Blessing `label` on board token 0, 1, ..., for at
    least the first `count` tokens."""
    found = board.blessing_cache.get(label, ())
    if len(found) < count:
        # Built aside and then published, so a list read in another thread never changes.
        found = [*found, *(A.Place(label, f"#{s}") for s in range(len(found), count))]
        board.blessing_cache[label] = found
    return found  # type: ignore[return-value]


def blessing_hosts(st: Position, player: int) -> list[int]:
    """Board tokens `player` may bless now (own face-down Army, Navy or Shinobi; one
    token may carry several Blessings). Kept per seat (`Position.memo_since`): only the
    tokens placed since are looked at."""
    index = MEMO_BLESSING_HOSTS * st.n + player
    start, hosts = st.memo_since(index, None)
    tokens = st.tokens
    if start < len(tokens):
        toks = CLAN_TOKENS[st.clans[player]]
        for s in range(start, len(tokens)):
            t = tokens[s]
            if (
                t is not None
                and t[T_PLAYER] == player
                and not t[T_UP]
                and t[T_SLOT] >= 0
                and toks[t[T_TID]][0] <= SHINOBI
            ):
                hosts.append(s)
        st.memo_keep(index, None, hosts)
    return list(hosts)


def can_place(st: Position, player: int) -> bool:
    """Whether `player` has any legal placement (cheap for the usual hands)."""
    toks = CLAN_TOKENS[st.clans[player]]
    base = player * TOKENS_PER_CLAN
    loc = st.loc
    special = st.special
    for tid in range(TOKENS_PER_CLAN):
        if loc[base + tid] != HAND:
            continue
        kind = toks[tid][0]
        if kind == ARMY and player in st.ctrl_owner:
            for q in range(st.board.n):
                if st.ctrl_owner[q] == player and special[q] not in (PEACE, SCORCHED):
                    return True
        if kind == SHINOBI or (kind == BLUFF and not st.spied[player]):
            for q in range(st.board.n):
                sp = special[q]
                if sp != PEACE and sp != SCORCHED and (sp != SHRINE or st.ctrl_owner[q] == player):
                    return True
    slots = slot_finder(st, player)
    for _, kind in _playable(st, player):
        if slots(kind) if kind != BLESSING else blessing_hosts(st, player):
            return True
    return False


def do_place(st: Position, p: int, label: str, where: str, from_discard: bool) -> None:
    """Put `p`'s token `label` from hand (face down) or from the discard pile (face up,
    Animate the Dead) on `where`: a slot's text, or "#N" for a Blessing on token N."""
    src = DISCARD if from_discard else HAND
    tid = -1
    base = p * TOKENS_PER_CLAN
    labels = TOKEN_LABELS[st.clans[p]]
    loc = st.loc
    try:
        start = labels.index(label)  # the label's first copy
    except ValueError:
        start = TOKENS_PER_CLAN
    for t in range(start, TOKENS_PER_CLAN):
        if loc[base + t] == src and labels[t] == label:
            tid = t
            break
    new = len(st.tokens)
    if where[0] == "#":
        host = int(where[1:])
        ht = st.tokens[host]
        assert ht is not None
        # Blessings on one host form a chain: host -> newest -> ... -> oldest.
        st.tokens[host] = (*ht[:T_BLESSED], new)
        st.tokens.append((p, tid, -1, 1, host, ht[T_BLESSED]))
    else:
        slot = st.board.slot_by_text[where]
        st.tokens.append((p, tid, slot, 1 if from_discard else 0, -1, -1))
        border = st.board.slot_border[slot]
        if border >= 0:
            st.border_occ[border] = new
    move(st, p, tid, ONBOARD)


def why_place(st: Position, action: Any, from_discard: bool) -> str | None:
    """Why a placement is refused. With the setting `table_placements` only what is
    physically impossible is refused (the token is not there, no such place, the
    border is taken, a Blessing not on an own unblessed token); rule-breaking tokens
    are then accepted, as on the table, and removed in resolution step 2."""
    p = st.cur
    kind_strength = LABEL_KIND.get(action.token)
    if kind_strength is None:
        return f"{action.token!r} is not a combat token"
    want = DISCARD if from_discard else HAND
    tids = [t for t in st.tids_at(p, want) if st.label(p, t) == action.token]
    if not tids:
        where = "discard pile" if from_discard else "hand"
        return f"{CLANS[st.clans[p]]} has no {action.token} in its {where}"
    table = bool(st.settings.get("table_placements")) and not from_discard
    kind = kind_strength[0]
    if kind == BLUFF and from_discard:
        return "the bluff is never animated"
    if kind == BLUFF and st.spied[p] and not table:
        return "the bluff may not be placed this round (Spy Network)"
    if kind == BLESSING:
        host = serial(st, action.where)
        if host < 0:
            return f"a Blessing goes on a board token '#N', not {action.where!r}"
        problem = blessing_problem(st, p, host)
        if table and problem is not None:
            t = st.tokens[host]
            assert t is not None
            if t[T_PLAYER] == p and t[T_SLOT] >= 0:
                return None
        return problem
    slot = st.board.slot_by_text.get(action.where)
    if slot is None:
        return f"{action.where!r} is not a province or border of this map"
    if table:
        border = st.board.slot_border[slot]
        if border >= 0 and st.border_occ[border] >= 0:
            return "there is already a combat token on that border"
        return None
    return placement_problem(st, p, kind, slot)


# ---------------------------------------------------------------------- Unicorn's swap


def swap_actions(st: Position, p: int) -> list[Any]:
    """Unicorn, after the last placement: every useful swap of two own face-down,
    unblessed tokens that leaves both legally placed."""
    mine = [
        s
        for s, t in enumerate(st.tokens)
        if t is not None
        and t[T_PLAYER] == p
        and not t[T_UP]
        and t[T_BLESSED] < 0
        and st.tok(p, t[T_TID])[0] != BLESSING
    ]
    out = []
    for a, b in combinations(mine, 2):
        ta, tb = st.tokens[a], st.tokens[b]
        assert ta is not None and tb is not None
        if ta[T_SLOT] == tb[T_SLOT]:
            continue
        ka = st.tok(p, ta[T_TID])[0]
        kb = st.tok(p, tb[T_TID])[0]
        if st.label(p, ta[T_TID]) == st.label(p, tb[T_TID]):
            continue  # swapping two equal tokens changes nothing
        if _slot_legal_for(st, p, ka, tb[T_SLOT]) and _slot_legal_for(st, p, kb, ta[T_SLOT]):
            out.append(A.shared(A.Swap, f"#{a}", f"#{b}"))
    return out


def _slot_legal_for(st: Position, p: int, kind: int, slot: int) -> bool:
    if kind == BLUFF and st.spied[p]:
        return False
    return slot_problem(st, p, kind, slot) is None


def apply_swap(st: Position, p: int, action: Any) -> None:
    """Swap the places of two of `p`'s board tokens; others forget both."""
    a, b = serial(st, action.first), serial(st, action.second)
    ta, tb = st.tokens[a], st.tokens[b]
    assert ta is not None and tb is not None
    st.tokens[a] = (*ta[:T_SLOT], tb[T_SLOT], *ta[T_SLOT + 1 :])
    st.tokens[b] = (*tb[:T_SLOT], ta[T_SLOT], *tb[T_SLOT + 1 :])
    for s, slot in ((a, tb[T_SLOT]), (b, ta[T_SLOT])):
        border = st.board.slot_border[slot]
        if border >= 0:
            st.border_occ[border] = s
    g = [p * TOKENS_PER_CLAN + ta[T_TID], p * TOKENS_PER_CLAN + tb[T_TID]]
    for o in range(st.n):  # moved tokens are forgotten by others
        st.known[o] &= ~((1 << g[0]) | (1 << g[1]))
