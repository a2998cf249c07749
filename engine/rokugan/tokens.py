"""Moving tokens (rulebook: "Kontroll- und Kampfmarker", "Marker entfernen", "Spezialmarker").

Combat tokens move between pool, hand, board and discard pile (`move`, `take_off_board`);
a removed combat token goes to its owner's discard pile, a bluff back behind the screen at
the next resolution. Control tokens are finite (30 a clan): an effect that places more
than a player has left places what is left, face-up ones first (`add_control`); an effect
removing one removes a face-up token first (`remove_one_control`). A province holds at most
one special token; a replaced or removed one returns to the supply (`set_special`,
`clear_special`), and scorched earth removes every control token.

Every rule module changes tokens only through these functions, so a player's knowledge of
a token (`known`) is forgotten as soon as the token moves.
"""

from __future__ import annotations

from engine.core import IllegalActionError
from engine.rokugan.data import BLUFF_TID, CLANS, NO_SPECIAL, SCORCHED, TOKENS_PER_CLAN
from engine.rokugan.position import (
    DISCARD,
    HAND,
    T_BLESSED,
    T_HOST,
    T_PLAYER,
    T_SLOT,
    T_TID,
    Position,
)


def move(st: Position, player: int, tid: int, where: int) -> None:
    """Move `player`'s combat token `tid` to location `where`; everyone forgets it."""
    g = player * TOKENS_PER_CLAN + tid
    old = st.loc[g]
    if old == HAND:
        st.hand_count[player] -= 1
    if where == HAND:
        st.hand_count[player] += 1
    st.loc[g] = where
    bit = ~(1 << g)
    known = st.known
    for o in range(st.n):
        known[o] &= bit


def add_control(st: Position, player: int, prov: int, down: int, up: int) -> None:
    """Add up to down+up control tokens of `player` (face-up first when short)."""
    left = st.control_left[player]
    up = min(up, left)
    down = min(down, left - up)
    if up + down == 0:
        return
    owner = st.ctrl_owner[prov]
    if owner != player and owner >= 0:
        remove_control_all(st, prov)
    st.ctrl_owner[prov] = player
    st.ctrl_down[prov] += down
    st.ctrl_up[prov] += up
    st.control_left[player] = left - up - down


def remove_control_all(st: Position, prov: int) -> None:
    """Return every control token in `prov` to its owner."""
    owner = st.ctrl_owner[prov]
    if owner < 0:
        return
    st.control_left[owner] += st.ctrl_down[prov] + st.ctrl_up[prov]
    st.ctrl_owner[prov] = -1
    st.ctrl_down[prov] = 0
    st.ctrl_up[prov] = 0


def remove_one_control(st: Position, prov: int) -> None:
    """Remove one control token, face-up ones first (the rulebook's order)."""
    owner = st.ctrl_owner[prov]
    if st.ctrl_up[prov]:
        st.ctrl_up[prov] -= 1
    else:
        st.ctrl_down[prov] -= 1
    st.control_left[owner] += 1
    if st.ctrl_up[prov] + st.ctrl_down[prov] == 0:
        st.ctrl_owner[prov] = -1


def set_special(st: Position, prov: int, kind: int) -> None:
    """Put special token `kind` in `prov`, returning a replaced one to the supply."""
    old = st.special[prov]
    if old:
        st.supply[old] += 1
    st.special[prov] = kind
    st.supply[kind] -= 1
    if kind == SCORCHED:
        remove_control_all(st, prov)


def clear_special(st: Position, prov: int) -> None:
    """Return the special token of `prov` (if any) to the supply."""
    old = st.special[prov]
    if old:
        st.supply[old] += 1
        st.special[prov] = NO_SPECIAL


def serial(st: Position, ref: str) -> int:
    """The board token `ref` ("#N") names, or -1 when there is none."""
    if not ref.startswith("#") or not ref[1:].isdigit():
        return -1
    s = int(ref[1:])
    if s >= len(st.tokens) or st.tokens[s] is None:
        return -1
    return s


def hand_tid(st: Position, p: int, label: str) -> int:
    """A token id of `p`'s hand with `label`."""
    for tid in st.hand(p):
        if st.label(p, tid) == label:
            return tid
    raise IllegalActionError(f"{CLANS[st.clans[p]]} has no {label} in hand")


def tid_at(st: Position, p: int, where: int, label: str) -> int:
    """A token id of `p` at location `where` with `label`."""
    for tid in st.tids_at(p, where):
        if st.label(p, tid) == label:
            return tid
    raise IllegalActionError(f"{CLANS[st.clans[p]]} has no {label} there")


def hand_labels(st: Position, p: int, exclude_bluff: bool) -> list[str]:
    """The distinct labels in `p`'s hand, in token order."""
    seen: list[str] = []
    for tid in st.hand(p):
        if exclude_bluff and tid == BLUFF_TID:
            continue
        lab = st.label(p, tid)
        if lab not in seen:
            seen.append(lab)
    return seen


def learn(st: Position, observer: int, serial: int) -> None:
    """`observer` now knows board token `serial` (until it moves)."""
    t = st.tokens[serial]
    assert t is not None
    st.known[observer] |= 1 << (t[T_PLAYER] * TOKENS_PER_CLAN + t[T_TID])


def carried_blessings(st: Position, serial: int) -> tuple[int, ...]:
    """The Blessings that leave the board with board token `serial`, nearest first: every
    Blessing on it, or none when it is a Blessing whose host stays (the chain closes over
    it). `take_off_board` takes these along; `events.removal` names them."""
    tokens = st.tokens
    t = tokens[serial]
    assert t is not None
    host = t[T_HOST]
    if host >= 0 and tokens[host] is not None:
        return ()
    out = []
    bl = t[T_BLESSED]
    while bl >= 0:
        bt = tokens[bl]
        if bt is None:
            break
        out.append(bl)
        bl = bt[T_BLESSED]
    return tuple(out)


def take_off_board(st: Position, serial: int, where: int) -> None:
    """Remove a board token to `where` (bluffs to the discard, they go back behind the
    screen at resolution), and the Blessings on it to the discard (`carried_blessings`)."""
    t = st.tokens[serial]
    assert t is not None
    carried = carried_blessings(st, serial)
    _lift(st, serial, t, where)
    host = t[T_HOST]
    if host >= 0 and st.tokens[host] is not None:
        # A Blessing leaves while its host stays: close the chain over it.
        prev = host
        while True:
            pt = st.tokens[prev]
            assert pt is not None
            if pt[T_BLESSED] == serial:
                st.tokens[prev] = (*pt[:T_BLESSED], t[T_BLESSED])
                return
            prev = pt[T_BLESSED]
    for bl in carried:
        _lift(st, bl, st.tokens[bl], DISCARD)  # type: ignore[arg-type]


def _lift(st: Position, serial: int, t: tuple, where: int) -> None:
    """Take board token `serial` (`t`) alone off the board to `where`."""
    p, tid = t[T_PLAYER], t[T_TID]
    if tid == BLUFF_TID:
        where = DISCARD
    st.tokens[serial] = None
    slot = t[T_SLOT]
    if slot >= 0:
        border = st.board.slot_border[slot]
        if border >= 0 and st.border_occ[border] == serial:
            st.border_occ[border] = -1
    move(st, p, tid, where)


def discard_token(st: Position, serial: int) -> None:
    """Remove board token `serial` to its owner's discard pile."""
    take_off_board(st, serial, DISCARD)
