"""The resolution phase, steps 1-7 (rulebook: "Abhandlungsphase", "Verwüsten",
"Diplomatie", "Bluff", "Territoriumskarten spielen").

1. `reveal`: every combat token on the board is turned face up; the provinces they
   attack are remembered (`battles.mark_attacks`: an attack that then disappears still
   makes its province successfully defended, see `battles.py`).
2. `remove_bluffs_and_illegal`: bluffs go back behind the screens (Lion's bluff defending
   an own province stays, +2 in its battle); every token is re-checked against the board
   as it is now (cards can change control or special tokens after a token was placed, and
   the `table_placements` setting accepts rule-breaking tokens) and illegal ones are
   discarded, the Blessings on them with them (`take_off_board`), then the Blessings
   left on a host that is no Army, Navy or Shinobi.
3. `resolve_raids`: a Raid works if its owner controls a neighbouring province or has a
   Shinobi in the raided province; all raid conditions are judged first, then all raids
   are carried out: every combat token in the province or on its borders is discarded,
   its control tokens are removed and scorched earth is put there.
4. `resolve_diplomacy`: every combat token in the province or on its borders is
   discarded and a Peace token is put there. With no scorched-earth (or Peace) token left
   in the supply the Raid (Diplomacy) still clears, but no special token is placed.
5. Battles: `battles.py`.
6. `claim_territories`: a player controlling every (unscorched) province of a territory
   takes its card from the map; a held, unplayed card of a territory its holder no longer
   controls goes back under the map.
7. `advance_round`: whatever is left is discarded, bluffs return behind the screens, the
   round marker advances; after round 5 the game is over.

The next round's upkeep is started by `rounds.py`. `resolve_in_steps` carries the steps
out one at a time, for a caller that shows the board after each (the app's story).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import TERMINAL
from engine.rokugan.battles import battles, mark_attacks
from engine.rokugan.data import (
    ARMY,
    BLESSING,
    BLUFF_TID,
    DIPLOMACY,
    LION,
    NAVY,
    PEACE,
    RAID,
    ROUNDS,
    SCORCHED,
    SHINOBI,
    TOKENS_PER_CLAN,
)
from engine.rokugan.events import (
    Diplomacy,
    Raid,
    Reveal,
    Score,
    TerritoryClaim,
    holder_words,
    province_words,
    removal,
    token_facts,
)
from engine.rokugan.placement import slot_problem
from engine.rokugan.position import (
    DISCARD,
    HAND,
    NO_CARD,
    ON_MAP,
    PH_OVER,
    PLAYED,
    T_HOST,
    T_PLAYER,
    T_SLOT,
    T_TID,
    T_UP,
    Position,
)
from engine.rokugan.scoring import honor_parts, territory_controller
from engine.rokugan.tokens import (
    discard_token,
    move,
    remove_control_all,
    set_special,
    take_off_board,
)


def resolve(st: Position) -> None:
    """Resolution steps 1-7 (the caller starts the next round unless the game is over)."""
    for _step in resolve_in_steps(st):
        pass


def resolve_in_steps(st: Position) -> Iterator[int]:
    """Resolution steps 1-7 one at a time: each step is carried out, then its number is
    yielded, so the caller sees the board after every step (run it to the end)."""
    reveal(st)
    mark_attacks(st)
    yield 1
    lion_bluff = remove_bluffs_and_illegal(st)
    yield 2
    resolve_raids(st)
    yield 3
    resolve_diplomacy(st)
    yield 4
    battles(st, lion_bluff)
    yield 5
    claim_territories(st)
    yield 6
    advance_round(st)
    yield 7


def raid_works(st: Position, serial: int) -> str | None:
    """Step 3: why raid token `serial` works, None when it does not (`raid_condition`)."""
    t = st.tokens[serial]
    assert t is not None
    return raid_condition(st, t[T_PLAYER], t[T_SLOT])


def raid_condition(st: Position, player: int, q: int) -> str | None:
    """Why a Raid of `player` in province `q` would work on this board (its owner
    controls a neighbouring province, or has a Shinobi there), None when it would not."""
    if any(st.ctrl_owner[r] == player for r in st.board.neighbors[q]):
        return "its clan controls a neighbouring province"
    for u in st.tokens:
        if (
            u is not None
            and u[T_PLAYER] == player
            and u[T_SLOT] == q
            and st.tok(player, u[T_TID])[0] == SHINOBI
        ):
            return "its clan has a Shinobi there"
    return None


def token_problem(st: Position, serial: int) -> str | None:
    """Step 2: is board token `serial` (still) legally placed?"""
    t = st.tokens[serial]
    assert t is not None
    p = t[T_PLAYER]
    kind = st.tok(p, t[T_TID])[0]
    if kind == BLESSING:
        host = t[T_HOST]
        ht = st.tokens[host]
        assert ht is not None  # a Blessing leaves the board with its host (take_off_board)
        if st.tok(ht[T_PLAYER], ht[T_TID])[0] not in (ARMY, NAVY, SHINOBI):
            return "a Blessing must lie on an Army, Navy or Shinobi"
        return None
    return slot_problem(st, p, kind, t[T_SLOT])


def reveal(st: Position) -> None:
    """Step 1: turn every board token face up."""
    tokens = st.tokens
    events = st.events
    for s, t in enumerate(tokens):
        if t is not None and not t[T_UP]:
            tokens[s] = (*t[:T_UP], 1, *t[T_UP + 1 :])
            if events is not None:
                events.append(Reveal(st.round, *token_facts(st, s)))


def remove_bluffs_and_illegal(st: Position) -> dict[int, int]:
    """Step 2: bluffs back behind the screens (Lion's defending bluff stays), illegal
    tokens discarded. Returns {province: serial} of the Lion's bluffs that stay."""
    b = st.board
    tokens = st.tokens
    events = st.events
    lion_bluff: dict[int, int] = {}
    for s in range(len(tokens)):
        t = tokens[s]
        if t is None or st.tok(t[T_PLAYER], t[T_TID])[0] == BLESSING:
            continue
        p = t[T_PLAYER]
        if t[T_TID] == BLUFF_TID:
            slot = t[T_SLOT]
            lion = st.clans[p] == LION and not st.spied[p]
            if lion and slot < b.n and st.ctrl_owner[slot] == p:
                lion_bluff[slot] = s
                continue
            if events is not None:
                events.append(removal(st, s, "bluff"))
            take_off_board(st, s, HAND)
            continue
        problem = token_problem(st, s)
        if problem is not None:
            if events is not None:
                events.append(removal(st, s, "illegal", rule=problem))
            discard_token(st, s)
    # Again for the Blessings (the ones on a discarded host went with it) and Lion's bluffs:
    # every other token left passed above, and removing tokens changes nothing
    # `slot_problem` reads.
    for s in range(len(tokens)):
        t = tokens[s]
        if t is None or (t[T_TID] != BLUFF_TID and st.tok(t[T_PLAYER], t[T_TID])[0] != BLESSING):
            continue
        problem = token_problem(st, s)
        if problem is not None:
            if events is not None:
                events.append(removal(st, s, "illegal", rule=problem))
            discard_token(st, s)
    return lion_bluff


def resolve_raids(st: Position) -> None:
    """Step 3: raid conditions judged together, then every raid carried out."""
    tokens = st.tokens
    events = st.events
    raids = []
    for s, t in enumerate(tokens):
        if t is None or st.tok(t[T_PLAYER], t[T_TID])[0] != RAID:
            continue
        why = raid_works(st, s)
        raids.append((s, t[T_PLAYER], t[T_SLOT], why))
    for s, p, q, why in raids:
        scorch = why is not None and st.special[q] != SCORCHED and st.supply[SCORCHED] > 0
        if events is not None:
            words = (
                why or "its clan neither controls a neighbouring province nor has a Shinobi there"
            )
            events.append(
                Raid(
                    st.round,
                    holder_words(st, p),
                    province_words(st, q),
                    why is not None,
                    words,
                    scorch,
                )
            )
        if tokens[s] is not None:
            if events is not None:
                events.append(removal(st, s, "raid", q))
            discard_token(st, s)
        if why is not None:
            clear_province(st, q, "cleared by raid")
            remove_control_all(st, q)
            if scorch:
                set_special(st, q, SCORCHED)


def resolve_diplomacy(st: Position) -> None:
    """Step 4: every Diplomacy token clears its province and brings Peace."""
    events = st.events
    for t in st.tokens:
        if t is None or st.tok(t[T_PLAYER], t[T_TID])[0] != DIPLOMACY:
            continue
        q = t[T_SLOT]
        peace = st.special[q] not in (PEACE, SCORCHED) and st.supply[PEACE] > 0
        if events is not None:
            events.append(
                Diplomacy(st.round, holder_words(st, t[T_PLAYER]), province_words(st, q), peace)
            )
        clear_province(st, q, "cleared by peace")
        if peace:
            set_special(st, q, PEACE)


def clear_province(st: Position, q: int, reason: str) -> None:
    """Discard every combat token in `q` or on one of its borders, each recorded as a
    removal for `reason` (the Blessings on a token go with it: `tokens.take_off_board`)."""
    b = st.board
    events = st.events
    for s, t in enumerate(st.tokens):
        if t is None or t[T_SLOT] < 0:
            continue
        slot = t[T_SLOT]
        if slot == q or (slot >= b.n and b.slot_border[slot] in b.borders_of[q]):
            if events is not None:
                events.append(removal(st, s, reason, q))
            discard_token(st, s)


def claim_territories(st: Position) -> None:
    """Step 6: territory cards taken by controllers or returned under the map."""
    events = st.events
    for t, holder in enumerate(st.terr_holder):
        if holder == NO_CARD or holder == PLAYED:
            continue
        before = holder
        ctl = territory_controller(st, t)
        if holder >= 0 and holder != ctl:
            st.terr_holder[t] = holder = ON_MAP
        if holder == ON_MAP and ctl >= 0:
            st.terr_holder[t] = holder = ctl
            st.seen_cards[ctl] |= 1 << t
        if events is not None and holder != before:
            name = st.board.graph.territories[t].name
            now = holder_words(st, holder) if holder >= 0 else ""
            events.append(TerritoryClaim(st.round, name, now, holder_words(st, before)))


def advance_round(st: Position) -> None:
    """Step 7: clear the board, bluffs behind the screens, the round marker advances."""
    tokens = st.tokens
    # Whatever is left on the board is discarded; bluffs go back behind the screens.
    for s in range(len(tokens)):
        if tokens[s] is not None:
            discard_token(st, s)
    for p in range(st.n):
        g = p * TOKENS_PER_CLAN + BLUFF_TID
        if st.loc[g] == DISCARD:
            move(st, p, BLUFF_TID, HAND)
    st.tokens = []
    st.border_occ = [-1] * st.board.n_borders
    st.attacked = 0
    st.round += 1
    st.pending = None
    if st.round > ROUNDS:
        st.phase = PH_OVER
        st.cur = TERMINAL
        if st.events is not None:
            for p in range(st.n):
                parts = honor_parts(st, p)
                total = sum(part.strength for part in parts)
                st.events.append(Score(ROUNDS, holder_words(st, p), parts, total))
