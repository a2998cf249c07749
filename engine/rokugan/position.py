"""The Battle for Rokugan position: flat lists of small ints and their undo snapshot.

Below every rule module (and below `observation.py` and `state.py`): the codes that name
token locations, phases, pending sub-decisions, territory-card holders and board-token
fields, and `Position`, the data of a game in progress. The rules that change it live in
the modules named after the rulebook's parts (setup, upkeep, placement, cards,
resolution, battles, scoring; `rounds` orders the phases); `state.RokuganState` adds the
public state API on top.

Flat state: per-token locations in one list, per-province control and special tokens in
lists indexed by province, board combat tokens as a list of small tuples numbered in
placement order (`#N`). Every `apply` pushes a record of these lists (one flat tuple of
a few hundred ints, `_record`) and `undo` puts it back, so undo is exact and cheap; no
deep copies anywhere. `_snapshot` gives the same position as a tuple of tuples, for keys
and observations.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Final

from engine.rokugan.board import Board
from engine.rokugan.data import (
    CLAN_TOKENS,
    CONTROL_TOKENS,
    HARBOR,
    SPECIAL_SUPPLY,
    TOKEN_LABELS,
    TOKENS_PER_CLAN,
)

# Token locations.
POOL: Final = 0
HAND: Final = 1
ONBOARD: Final = 2
DISCARD: Final = 3
BOX: Final = 4
LOCATION_NAMES = ("pool", "hand", "board", "discard", "box")

# Phases.
PH_OBJECTIVE: Final = 0
PH_CONTROL: Final = 1
PH_DRAGON: Final = 2
PH_CARDS: Final = 3
PH_PLACE: Final = 4
PH_SWAP: Final = 5
PH_OVER: Final = 6
PHASE_NAMES = ("objective", "control", "dragon", "cards", "placement", "swap", "over")

# Pending sub-decisions inside the card round or a placement turn.
PEND_SEND: Final = 1
PEND_PEEK: Final = 2
PEND_LOOK: Final = 3
PEND_DARK_DISCARD: Final = 4
PEND_PURGE: Final = 5
PEND_ANIMATE: Final = 6

# Territory card holder codes.
ON_MAP: Final = -1
PLAYED: Final = -2
NO_CARD: Final = -3

# Memos per seat (`Position.memo_since`): seat p's memo of kind k is at k * players + p.
MEMO_TOKEN_CARDS: Final = 0
MEMO_BLESSING_HOSTS: Final = 1
MEMO_KINDS: Final = 2

# Board token tuple fields: (player, token id, slot or -1 for a Blessing, face up,
# host serial of a Blessing or -1, serial of the newest Blessing on it or -1).
T_PLAYER: Final = 0
T_TID: Final = 1
T_SLOT: Final = 2
T_UP: Final = 3
T_HOST: Final = 4
T_BLESSED: Final = 5


SCALARS = (
    "deck",
    "revealed",
    "round",
    "phase",
    "cur",
    "first",
    "passes",
    "draws",
    "peek_used",
    "fp_card_used",
    "pending",
    "attacked",
)
"""The position's scalar attributes, in the order of an undo record's head and a
snapshot's tail (`Position._record`, `Position._snapshot`, `Position._put_back`)."""


class Position:
    """The data of a Battle for Rokugan game: setup facts, the position and its history.

    Setup facts (fixed for the game): `n`, `board`, `clans`, `seed`, `settings`,
    `chance_seed`, `terr_card`, `dealt`. Everything else is the position, copied by
    `_record` (or `_snapshot`) and put back by `_put_back`. `events` is no part of the
    position: `None` (the fast path), or the list the rule functions append their
    records to (`engine.rokugan.events`); clones, undo and determinized worlds start
    with `None`."""

    __slots__ = (
        *SCALARS,
        "n",
        "board",
        "clans",
        "seed",
        "settings",
        "chance_seed",
        "terr_card",
        "dealt",
        "loc",
        "hand_count",
        "ctrl_owner",
        "ctrl_down",
        "ctrl_up",
        "special",
        "supply",
        "control_left",
        "objective",
        "scouts",
        "shugenja",
        "terr_holder",
        "seen_cards",
        "known",
        "tokens",
        "border_occ",
        "ronin",
        "spied",
        "out",
        "setup_left",
        "played_by",
        "events",
        "_history",
        "_undo",
        "_determinized",
        "_memo",
    )

    n: int
    board: Board
    clans: tuple[int, ...]
    seed: int
    settings: dict[str, Any]
    chance_seed: int
    terr_card: tuple[str | None, ...]
    dealt: tuple[tuple[int, int], ...]
    deck: tuple[int, ...]
    revealed: tuple[int, ...]
    loc: list[int]
    hand_count: list[int]
    ctrl_owner: list[int]
    ctrl_down: list[int]
    ctrl_up: list[int]
    special: list[int]
    supply: list[int]
    control_left: list[int]
    objective: list[int]
    scouts: list[int]
    shugenja: list[int]
    terr_holder: list[int]
    seen_cards: list[int]
    known: list[int]
    tokens: list[tuple[int, ...] | None]
    border_occ: list[int]
    ronin: list[int]
    spied: list[int]
    out: list[int]
    setup_left: list[int]
    played_by: list[int]
    round: int
    phase: int
    cur: int
    first: int
    passes: int
    draws: int
    peek_used: int
    fp_card_used: int
    pending: tuple[Any, ...] | None
    attacked: int  # bit q: province q was attacked this round (see battles.py)
    events: list[Any] | None  # records the rules write while a list (`events.py`)
    _history: list[Any]
    _undo: list[tuple[Any, ...]]
    _determinized: bool
    _memo: list[Any]  # per-seat legal-move memos, checked against the position (`new_memo`)

    def new_memo(self) -> None:
        """Start empty legal-move memos (a new game, clone or determinized world).

        `_memo` is no part of the position: lists found by scanning the board tokens,
        kept per seat and purpose (`memo_since`, `memo_keep`), each with a copy of the
        tokens it was found from, checked against the position before use; so undo,
        restore and clones never make one wrong, they only miss it."""
        self._memo = [None] * (MEMO_KINDS * self.n)

    def memo_since(self, index: int, tag: Any) -> tuple[int, list[Any]]:
        """(the first board token still to scan, the list found so far) of memo `index`,
        kept by `memo_keep` with `tag`: while the tokens it was found from are unchanged
        (and `tag` equal), only the tokens placed since are to scan; else (0, [])."""
        entry = self._memo[index]
        if entry is not None:
            count = entry[1]
            tokens = self.tokens
            if count <= len(tokens) and entry[0] == tag and tokens[:count] == entry[2]:
                return count, entry[3]
        return 0, []

    def memo_keep(self, index: int, tag: Any, found: list[Any]) -> None:
        """Keep `found`, scanned from every board token now, as memo `index` (the caller
        never changes it afterwards but by extending it through `memo_since`)."""
        tokens = self.tokens
        self._memo[index] = (tag, len(tokens), tokens[:], found)

    # ------------------------------------------------------------------ snapshots

    def _snapshot(self) -> tuple[Any, ...]:
        """The position as a tuple of tuples (`key()`; `observation.py` reads its parts)."""
        return (
            tuple(self.loc),
            tuple(self.hand_count),
            tuple(self.ctrl_owner),
            tuple(self.ctrl_down),
            tuple(self.ctrl_up),
            tuple(self.special),
            tuple(self.supply),
            tuple(self.control_left),
            tuple(self.objective),
            tuple(self.scouts),
            tuple(self.shugenja),
            tuple(self.terr_holder),
            tuple(self.seen_cards),
            tuple(self.known),
            tuple(self.tokens),
            tuple(self.border_occ),
            tuple(self.ronin),
            tuple(self.spied),
            tuple(self.out),
            tuple(self.setup_left),
            tuple(self.played_by),
            *_scalars(self),
        )

    # ------------------------------------------------------------------ undo records

    def _record(self) -> tuple[Any, ...]:
        """The position as one flat tuple (the undo record of `apply`; `_put_back` reads
        it): the scalars, then every list's ints in `_LISTS` order, then the board tokens.
        One object, not `_snapshot`'s 22: every apply keeps one, and the garbage
        collector's young-generation passes come after a fixed count of kept objects."""
        return (
            *_scalars(self),
            *self.loc,
            *self.hand_count,
            *self.ctrl_owner,
            *self.ctrl_down,
            *self.ctrl_up,
            *self.special,
            *self.supply,
            *self.control_left,
            *self.objective,
            *self.scouts,
            *self.shugenja,
            *self.terr_holder,
            *self.seen_cards,
            *self.known,
            *self.border_occ,
            *self.ronin,
            *self.spied,
            *self.out,
            *self.setup_left,
            *self.played_by,
            *self.tokens,
        )

    def _put_back(self, r: tuple[Any, ...]) -> None:
        """Put back a position taken by `_record`."""
        (
            self.deck,
            self.revealed,
            self.round,
            self.phase,
            self.cur,
            self.first,
            self.passes,
            self.draws,
            self.peek_used,
            self.fp_card_used,
            self.pending,
            self.attacked,
        ) = r[:_SCALARS]
        cut = _record_slices(self)
        self.loc = list(r[cut[0]])
        self.hand_count = list(r[cut[1]])
        self.ctrl_owner = list(r[cut[2]])
        self.ctrl_down = list(r[cut[3]])
        self.ctrl_up = list(r[cut[4]])
        self.special = list(r[cut[5]])
        self.supply = list(r[cut[6]])
        self.control_left = list(r[cut[7]])
        self.objective = list(r[cut[8]])
        self.scouts = list(r[cut[9]])
        self.shugenja = list(r[cut[10]])
        self.terr_holder = list(r[cut[11]])
        self.seen_cards = list(r[cut[12]])
        self.known = list(r[cut[13]])
        self.border_occ = list(r[cut[14]])
        self.ronin = list(r[cut[15]])
        self.spied = list(r[cut[16]])
        self.out = list(r[cut[17]])
        self.setup_left = list(r[cut[18]])
        self.played_by = list(r[cut[19]])
        self.tokens = list(r[cut[20]])

    # ------------------------------------------------------------------ small queries

    def tok(self, player: int, tid: int) -> tuple[int, int]:
        """(kind, strength) of a player's token."""
        return CLAN_TOKENS[self.clans[player]][tid]

    def label(self, player: int, tid: int) -> str:
        """Text label of a player's token."""
        return TOKEN_LABELS[self.clans[player]][tid]

    def player_of_clan(self, clan: int) -> int:
        """Seat playing `clan`, or -1."""
        return self.clans.index(clan) if clan in self.clans else -1

    def hand(self, player: int) -> list[int]:
        """Token ids in `player`'s hand (behind the screen)."""
        base = player * TOKENS_PER_CLAN
        loc = self.loc
        return [t for t in range(TOKENS_PER_CLAN) if loc[base + t] == HAND]

    def tids_at(self, player: int, where: int) -> list[int]:
        """Token ids of `player` at location `where` (POOL, HAND, ...)."""
        base = player * TOKENS_PER_CLAN
        loc = self.loc
        return [t for t in range(TOKENS_PER_CLAN) if loc[base + t] == where]

    def provinces_of(self, player: int) -> int:
        """Number of provinces `player` controls."""
        return self.ctrl_owner.count(player)

    def control_on_board(self, player: int) -> int:
        """Control tokens `player` has on the map."""
        return CONTROL_TOKENS - self.control_left[player]

    def is_coastal(self, prov: int) -> bool:
        """Coastal by the map, or made coastal by the harbor token."""
        return self.board.coastal[prov] or self.special[prov] == HARBOR


_scalars = attrgetter(*SCALARS)
"""The position's scalars, in the order `_put_back` unpacks them (the head of an undo
record, the tail of a snapshot)."""

_SCALARS = len(SCALARS)
"""Scalars at the head of an undo record (`Position._record`)."""

_SLICES: dict[tuple[int, int, int, int], tuple[slice, ...]] = {}


def _record_slices(st: Position) -> tuple[slice, ...]:
    """Where each list lies in an undo record of `st`'s game (`Position._record`): the
    lists' lengths depend only on the players and the map; the board tokens run to the end."""
    b = st.board
    key = (st.n, b.n, b.n_borders, len(st.terr_card))
    found = _SLICES.get(key)
    if found is None:
        n, provinces = st.n, b.n
        sizes = (
            (n * TOKENS_PER_CLAN, n)
            + (provinces,) * 4
            + (len(SPECIAL_SUPPLY), n, n, n, n, len(st.terr_card), n, n, b.n_borders)
            + (n,) * 5
        )
        cuts = []
        start = _SCALARS
        for size in sizes:
            cuts.append(slice(start, start + size))
            start += size
        cuts.append(slice(start, None))
        found = _SLICES[key] = tuple(cuts)
    return found
