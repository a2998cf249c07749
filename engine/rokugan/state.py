"""The Battle for Rokugan position and its rules (see `engine.rokugan` for the rule choices).

Flat state: per-token locations in one list, per-province control and special tokens in
lists indexed by province, board combat tokens as a list of small tuples numbered in
placement order (`#N`). Every `apply` pushes a snapshot of these lists (a few hundred
ints) and `undo` restores it, so undo is exact and cheap; no deep copies anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from itertools import combinations
from typing import Any, Self

from engine.core import TERMINAL, GameSetup, GameState, IllegalActionError
from engine.graph import MapGraph
from engine.rokugan import actions as A
from engine.rokugan.board import board_for
from engine.rokugan.data import (
    ARMY,
    BATTLEFIELD,
    BLESSING,
    BLUFF,
    BLUFF_TID,
    CLAN_INDEX,
    CLAN_TOKENS,
    CLANS,
    CONTROL_TOKENS,
    CRAB,
    CRANE,
    DEFENSE1,
    DEFENSE2,
    DIPLOMACY,
    DRAGON,
    EMERALD_EMPIRE,
    HAND_SIZE,
    HARBOR,
    HONOR1,
    HONOR2,
    HONOR4,
    INITIAL_CONTROL,
    LABEL_KIND,
    LION,
    LOST_LANDS,
    MASTER_OF_GOVERNANCE,
    MASTER_OF_TACTICS,
    NAVY,
    NO_SPECIAL,
    OBJECTIVE_CLAN,
    OBJECTIVE_INDEX,
    OBJECTIVES,
    PEACE,
    PHOENIX,
    RAID,
    RISE_OF_AN_EMPIRE,
    ROUNDS,
    SCORCHED,
    SCORPION,
    SCOUT_CARDS,
    SHADOWLANDS_CARDS,
    SHINOBI,
    SHRINE,
    SHUGENJA_CARDS,
    SPECIAL_DEFENSE,
    SPECIAL_HONOR,
    SPECIAL_NAMES,
    SPECIAL_SUPPLY,
    TOKEN_LABELS,
    TOKENS_PER_CLAN,
    UNICORN,
    WAY_OF_HUMILITY,
    WAY_OF_THE_SAIL,
    WEB_OF_INFLUENCE,
)

# Token locations.
POOL, HAND, ONBOARD, DISCARD, BOX = range(5)
LOCATION_NAMES = ("pool", "hand", "board", "discard", "box")

# Phases.
PH_OBJECTIVE, PH_CONTROL, PH_DRAGON, PH_CARDS, PH_PLACE, PH_SWAP, PH_OVER = range(7)
PHASE_NAMES = ("objective", "control", "dragon", "cards", "placement", "swap", "over")

# Pending sub-decisions inside the card round or a placement turn.
PEND_SEND, PEND_PEEK, PEND_LOOK, PEND_DARK_DISCARD, PEND_PURGE, PEND_ANIMATE = range(1, 7)

# Territory card holder codes.
ON_MAP, PLAYED, NO_CARD = -1, -2, -3

# Board token tuple fields.
T_PLAYER, T_TID, T_SLOT, T_UP, T_HOST, T_BLESSED = range(6)

_M64 = (1 << 64) - 1


def _mix(a: int, b: int) -> int:
    """A 64-bit hash of two ints (splitmix64 finaliser): the chance source of draws."""
    x = (a * 0x9E3779B97F4A7C15 + (b + 1) * 0xBF58476D1CE4E5B9) & _M64
    x ^= x >> 30
    x = (x * 0xBF58476D1CE4E5B9) & _M64
    x ^= x >> 27
    x = (x * 0x94D049BB133111EB) & _M64
    return x ^ (x >> 31)


@cache
def _card_action(card: str, serial: int) -> A.PlayCard:
    """The shared action playing `card` on board token `serial`."""
    return A.PlayCard(card, (f"#{serial}",))


_BLOCK_PEACE = "no combat token may be placed in or on a border of a Peace province"
_BLOCK_SCORCHED = "no combat token may be placed in or on a border of a scorched province"
_BLOCK_SHRINE = "only the controller of a Shrine province may place tokens in it or on its borders"


class RokuganState(GameState):
    """A Battle for Rokugan position with its history (the common state API)."""

    __slots__ = (
        "n",
        "board",
        "clans",
        "seed",
        "settings",
        "chance_seed",
        "terr_card",
        "dealt",
        "deck",
        "revealed",
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
        "round",
        "phase",
        "cur",
        "first",
        "passes",
        "draws",
        "peek_used",
        "fp_card_used",
        "pending",
        "_history",
        "_undo",
        "_determinized",
    )

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        settings: Mapping[str, Any] | None,
        graph: MapGraph,
    ) -> RokuganState:
        """Setup steps 1-9 (chance drawn from `seed`); steps 5 and 10 are player actions."""
        settings = dict(settings or {})
        if not 2 <= players <= 5:
            raise ValueError(f"Battle for Rokugan takes 2-5 players, not {players}")
        self = cls.__new__(cls)
        rng = random.Random(f"rokugan:{seed}")
        board = board_for(graph)
        self.n = players
        self.board = board
        self.seed = seed
        self.settings = settings
        names = settings.get("clans")
        if names:
            if len(names) != players or any(c not in CLAN_INDEX for c in names):
                raise ValueError(
                    f"settings 'clans' must name {players} different clans of {', '.join(CLANS)}"
                )
            if len(set(names)) != players:
                raise ValueError("settings 'clans' names a clan twice")
            clans = tuple(CLAN_INDEX[c] for c in names)
        else:
            clans = tuple(rng.sample(range(len(CLANS)), players))
        self.clans = clans
        # Step 2: one random card of the two of each territory, face down.
        self.terr_card = tuple(
            rng.choice(cards) if cards else None for cards in board.territory_cards
        )
        self.terr_holder = [ON_MAP if c else NO_CARD for c in self.terr_card]
        # Step 5: two objectives each.
        deck = list(range(len(OBJECTIVES)))
        rng.shuffle(deck)
        self.dealt = tuple((deck[2 * p], deck[2 * p + 1]) for p in range(players))
        # Steps 8-9: initiative deck.
        clan_cards = list(clans)
        rng.shuffle(clan_cards)
        top = clan_cards.pop(0)
        neutrals = [MASTER_OF_GOVERNANCE, MASTER_OF_TACTICS, RISE_OF_AN_EMPIRE]
        rng.shuffle(neutrals)
        init_deck = clan_cards + neutrals[: max(0, 4 - len(clan_cards))]
        rng.shuffle(init_deck)
        self.deck = tuple(init_deck)
        self.revealed = (top,)
        self.first = clans.index(top)
        self.chance_seed = rng.getrandbits(64)
        n_tok = players * TOKENS_PER_CLAN
        self.loc = [POOL] * n_tok
        for p in range(players):
            self.loc[p * TOKENS_PER_CLAN + BLUFF_TID] = HAND
        self.hand_count = [1] * players
        n = board.n
        self.ctrl_owner = [-1] * n
        self.ctrl_down = [0] * n
        self.ctrl_up = [0] * n
        self.special = [NO_SPECIAL] * n
        self.supply = list(SPECIAL_SUPPLY)
        self.control_left = [CONTROL_TOKENS] * players
        self.objective = [-1] * players
        self.scouts = [SCOUT_CARDS] * players
        self.shugenja = [SHUGENJA_CARDS] * players
        self.seen_cards = [0] * players
        self.known = [0] * players
        self.tokens: list[tuple[int, ...] | None] = []
        self.border_occ = [-1] * board.n_borders
        self.ronin = [0] * players
        self.spied = [0] * players
        self.out = [0] * players
        # Step 6: capitals.
        for p, c in enumerate(clans):
            cap = board.capital_of_clan.get(c)
            if cap is not None:
                self._add_control(p, cap, 1, 0)
        self.setup_left = [INITIAL_CONTROL[players]] * players
        self.played_by = [0] * players
        self.round = 1
        self.phase = PH_OBJECTIVE
        self.cur = 0
        self.passes = 0
        self.draws = 0
        self.peek_used = 0
        self.fp_card_used = 0
        self.pending: tuple[Any, ...] | None = None
        self._history: list[Any] = []
        self._undo: list[tuple[Any, ...]] = []
        self._determinized = False
        return self

    # ------------------------------------------------------------------ snapshots

    def _snapshot(self) -> tuple[Any, ...]:
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
        )

    def _restore(self, s: tuple[Any, ...]) -> None:
        (
            loc,
            hand_count,
            ctrl_owner,
            ctrl_down,
            ctrl_up,
            special,
            supply,
            control_left,
            objective,
            scouts,
            shugenja,
            terr_holder,
            seen_cards,
            known,
            tokens,
            border_occ,
            ronin,
            spied,
            out,
            setup_left,
            played_by,
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
        ) = s
        self.loc = list(loc)
        self.hand_count = list(hand_count)
        self.ctrl_owner = list(ctrl_owner)
        self.ctrl_down = list(ctrl_down)
        self.ctrl_up = list(ctrl_up)
        self.special = list(special)
        self.supply = list(supply)
        self.control_left = list(control_left)
        self.objective = list(objective)
        self.scouts = list(scouts)
        self.shugenja = list(shugenja)
        self.terr_holder = list(terr_holder)
        self.seen_cards = list(seen_cards)
        self.known = list(known)
        self.tokens = list(tokens)
        self.border_occ = list(border_occ)
        self.ronin = list(ronin)
        self.spied = list(spied)
        self.out = list(out)
        self.setup_left = list(setup_left)
        self.played_by = list(played_by)

    def key(self) -> tuple[Any, ...]:
        """Everything that makes up the position (no history): equal keys, equal states."""
        return (
            self.n,
            self.board.graph.hash,
            self.clans,
            self.chance_seed,
            self.terr_card,
            self.dealt,
            self._snapshot(),
        )

    # ------------------------------------------------------------------ GameState API

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def history(self) -> Sequence[Any]:
        return self._history

    def current_player(self) -> int:
        return TERMINAL if self.phase == PH_OVER else self.cur

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    def setup(self) -> GameSetup:
        graph = self.board.graph
        return GameSetup(
            game="rokugan",
            players=self.n,
            seed=self.seed,
            settings=dict(self.settings),
            map_id=graph.id,
            map_hash=graph.hash,
        )

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        for name in (
            "n",
            "board",
            "clans",
            "seed",
            "settings",
            "chance_seed",
            "terr_card",
            "dealt",
            "_determinized",
        ):
            setattr(other, name, getattr(self, name))
        other._restore(self._snapshot())
        other._history = list(self._history)
        other._undo = list(self._undo)
        return other

    def undo(self) -> None:
        if not self._undo:
            raise IndexError("nothing to undo")
        self._restore(self._undo.pop())
        self._history.pop()

    def apply(self, action: Any) -> None:
        self._undo.append(self._snapshot())
        self._history.append(action)
        self._apply(action)

    def apply_checked(self, action: Any) -> None:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(reason)
        self.apply(action)

    def returns(self) -> list[float]:
        return [float(h) for h in self.honor()]

    def winners(self) -> list[int]:
        """Most honor; ties broken by most provinces, then most territory cards held
        (unplayed and played), else a shared victory."""
        keys = [self.ranking_key(p) for p in range(self.n)]
        best = max(keys)
        return [p for p in range(self.n) if keys[p] == best]

    def ranking_key(self, player: int) -> tuple[int, int, int]:
        """(honor, provinces, territory cards) — the order of `winners`."""
        return (
            self.honor()[player],
            self.provinces_of(player),
            self._cards_count(player) + self.played_by[player],
        )

    def summary(self) -> dict[str, Any]:
        """Rounds played, clans and the score breakdown (for `daimyo play`)."""
        return {
            "rounds": min(self.round, ROUNDS) if self.phase != PH_OVER else ROUNDS,
            "clans": [CLANS[c] for c in self.clans],
            "honor": self.honor(),
            "provinces": [self.provinces_of(p) for p in range(self.n)],
        }

    def describe(self) -> str:
        """A human-readable dump of the whole position (hidden parts included)."""
        b = self.board
        names = [CLANS[c] for c in self.clans]
        lines = [
            f"round {min(self.round, ROUNDS)} {PHASE_NAMES[self.phase]}"
            + (f", {names[self.cur]} to act" if self.phase != PH_OVER else "")
            + f", first player {names[self.first]}"
        ]
        for q in range(b.n):
            o = self.ctrl_owner[q]
            parts = []
            if o >= 0:
                parts.append(f"{names[o]} {self.ctrl_down[q]} down {self.ctrl_up[q]} up")
            if self.special[q]:
                parts.append(SPECIAL_NAMES[self.special[q]])
            if parts:
                lines.append(f"  {b.ids[q]}: {', '.join(parts)}")
        for s, t in enumerate(self.tokens):
            if t is not None:
                where = f"#{t[T_HOST]}" if t[T_SLOT] < 0 else b.slot_text[t[T_SLOT]]
                face = "up" if t[T_UP] else "down"
                label = self.label(t[T_PLAYER], t[T_TID])
                lines.append(f"  #{s} {names[t[T_PLAYER]]} {label} {where} ({face})")
        for p in range(self.n):
            hand = " ".join(sorted(self.label(p, t) for t in self.hand(p)))
            lines.append(f"  {names[p]} hand: {hand}")
        return "\n".join(lines)

    def observation(self, player: int):  # type: ignore[override]
        from engine.rokugan.observation import RokuganObservation

        return RokuganObservation.of(self, player)

    # ------------------------------------------------------------------ small helpers

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

    def _move(self, player: int, tid: int, where: int) -> None:
        g = player * TOKENS_PER_CLAN + tid
        old = self.loc[g]
        if old == HAND:
            self.hand_count[player] -= 1
        if where == HAND:
            self.hand_count[player] += 1
        self.loc[g] = where
        bit = ~(1 << g)
        known = self.known
        for o in range(self.n):
            known[o] &= bit

    def _add_control(self, player: int, prov: int, down: int, up: int) -> None:
        """Add up to down+up control tokens of `player` (face-up first when short)."""
        left = self.control_left[player]
        up = min(up, left)
        down = min(down, left - up)
        if up + down == 0:
            return
        owner = self.ctrl_owner[prov]
        if owner != player and owner >= 0:
            self._remove_control_all(prov)
        self.ctrl_owner[prov] = player
        self.ctrl_down[prov] += down
        self.ctrl_up[prov] += up
        self.control_left[player] = left - up - down

    def _remove_control_all(self, prov: int) -> None:
        owner = self.ctrl_owner[prov]
        if owner < 0:
            return
        self.control_left[owner] += self.ctrl_down[prov] + self.ctrl_up[prov]
        self.ctrl_owner[prov] = -1
        self.ctrl_down[prov] = 0
        self.ctrl_up[prov] = 0

    def _remove_one_control(self, prov: int) -> None:
        """Remove one control token, face-up ones first (the rulebook's order)."""
        owner = self.ctrl_owner[prov]
        if self.ctrl_up[prov]:
            self.ctrl_up[prov] -= 1
        else:
            self.ctrl_down[prov] -= 1
        self.control_left[owner] += 1
        if self.ctrl_up[prov] + self.ctrl_down[prov] == 0:
            self.ctrl_owner[prov] = -1

    def _set_special(self, prov: int, kind: int) -> None:
        """Put special token `kind` in `prov`, returning a replaced one to the supply."""
        old = self.special[prov]
        if old:
            self.supply[old] += 1
        self.special[prov] = kind
        self.supply[kind] -= 1
        if kind == SCORCHED:
            self._remove_control_all(prov)

    def _clear_special(self, prov: int) -> None:
        old = self.special[prov]
        if old:
            self.supply[old] += 1
            self.special[prov] = NO_SPECIAL

    def provinces_of(self, player: int) -> int:
        """Number of provinces `player` controls."""
        return self.ctrl_owner.count(player)

    def control_on_board(self, player: int) -> int:
        """Control tokens `player` has on the map."""
        return CONTROL_TOKENS - self.control_left[player]

    def _cards_count(self, player: int) -> int:
        return sum(1 for h in self.terr_holder if h == player)

    def is_coastal(self, prov: int) -> bool:
        """Coastal by the map, or made coastal by the harbor token."""
        return self.board.coastal[prov] or self.special[prov] == HARBOR

    def territory_controller(self, t: int) -> int:
        """The player controlling every unscorched province of territory `t`, else -1."""
        owner = -2
        for q in self.board.territory_members[t]:
            if self.special[q] == SCORCHED:
                continue
            o = self.ctrl_owner[q]
            if o < 0 or (owner != -2 and o != owner):
                return -1
            owner = o
        return owner if owner >= 0 else -1

    def _serial(self, ref: str) -> int:
        if not ref.startswith("#") or not ref[1:].isdigit():
            return -1
        s = int(ref[1:])
        if s >= len(self.tokens) or self.tokens[s] is None:
            return -1
        return s

    def _targets(self, player: int, face_down_only: bool = True) -> list[int]:
        """Board tokens card effects and abilities of `player` may target: other players'
        tokens that carry no Blessing and are no Blessing (Blessings have no slot)."""
        return [
            s
            for s, t in enumerate(self.tokens)
            if t is not None
            and t[T_PLAYER] != player
            and t[T_BLESSED] < 0
            and t[T_SLOT] >= 0
            and not (face_down_only and t[T_UP])
        ]

    # ------------------------------------------------------------------ placement rules

    def slot_problem(self, player: int, kind: int, slot: int) -> str | None:
        """Why `player` may not put a token of `kind` on `slot` now (None when allowed).

        Ignores whether a border is taken (see `placement_problem`)."""
        b = self.board
        t = b.slot_target[slot]
        sp = self.special[t]
        if sp == PEACE:
            return _BLOCK_PEACE
        if sp == SCORCHED:
            return _BLOCK_SCORCHED
        owner = self.ctrl_owner[t]
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
                return None if self.is_coastal(t) else "a Navy cannot defend an inland province"
            if kind == SHINOBI or kind == BLUFF:
                return None
            if kind == DIPLOMACY:
                if self.ronin[player]:
                    return "a Ronin may not place Diplomacy tokens"
                if sp == BATTLEFIELD:
                    return "no Diplomacy token may be placed in a Battlefield province"
                return None if own else "Diplomacy goes only in a province you control"
            if kind == RAID:
                if self.ronin[player]:
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
        ssp = self.special[src]
        if ssp == PEACE:
            if kind == ARMY and self.ctrl_owner[src] == player:
                return "Army token may not attack from a Peace province"
            return _BLOCK_PEACE
        if ssp == SCORCHED:
            return _BLOCK_SCORCHED
        if ssp == SHRINE and self.ctrl_owner[src] != player:
            return _BLOCK_SHRINE
        army_ok = self.ronin[player] or self.ctrl_owner[src] == player
        navy_ok = sp == HARBOR
        if kind == ARMY:
            return None if army_ok else "an Army attacks only from a province you control"
        if kind == NAVY:
            return None if navy_ok else "a Navy goes on a land border only to attack a harbor"
        if kind == BLUFF:
            return None if army_ok or navy_ok else "a bluff must be placed like a real token"
        return "only an Army (or a Navy into a harbor) goes on a land border"

    def blessing_problem(self, player: int, host: int) -> str | None:
        """Why `player` may not put a Blessing on board token `host` now."""
        t = self.tokens[host] if 0 <= host < len(self.tokens) else None
        if t is None:
            return "there is no such token on the board"
        if t[T_PLAYER] != player:
            return "a Blessing goes only on your own token"
        if t[T_UP]:
            return "a Blessing goes only on a face-down token"
        if self.tok(player, t[T_TID])[0] not in (ARMY, NAVY, SHINOBI):
            return "a Blessing goes only on an Army, Navy or Shinobi token"
        return None

    def placement_problem(self, player: int, kind: int, slot: int) -> str | None:
        """`slot_problem` plus the one-token-per-border rule."""
        border = self.board.slot_border[slot]
        if border >= 0 and self.border_occ[border] >= 0:
            return "there is already a combat token on that border"
        return self.slot_problem(player, kind, slot)

    def _legal_slots(self, player: int, kind: int) -> list[int]:
        """Every free slot where `player` may put a token of `kind` (the rules of
        `placement_problem`, computed for all kinds in one pass over the map)."""
        return self._slot_lists(player).get(kind, [])

    def _slot_lists(self, player: int) -> dict[int, list[int]]:
        """Legal free slots of every placeable kind but the Blessing, by kind.

        What depends on control and special tokens only is cached on the board, keyed by
        their content (it does not change while tokens are placed); the free borders are
        filtered per call."""
        b = self.board
        key = (player, self.ronin[player], tuple(self.ctrl_owner), tuple(self.special))
        static = b.slot_cache.get(key)
        if static is None:
            if len(b.slot_cache) > 4096:
                b.slot_cache.clear()
            static = b.slot_cache[key] = self._static_slots(player)
        anywhere, own, navy_centres, diplomacy, raid, coast_cand, land_cand, harbor_cand = static
        occ = self.border_occ
        coast = [slot for slot, border in coast_cand if occ[border] < 0]
        land = [slot for slot, border in land_cand if occ[border] < 0]
        navy = navy_centres + coast
        bluff = anywhere + coast
        bluff.extend(land)
        if harbor_cand:
            # A Navy (and so a bluff) may attack a harbor province over any land border.
            extra = [slot for slot, border in harbor_cand if occ[border] < 0]
            navy = sorted(set(navy).union(extra))
            bluff = sorted(set(bluff).union(extra))
        return {
            ARMY: own + land,
            NAVY: navy,
            SHINOBI: list(anywhere),
            BLUFF: bluff,
            DIPLOMACY: list(diplomacy),
            RAID: list(raid),
        }

    def _static_slots(self, player: int) -> tuple[Any, ...]:
        """The part of `_slot_lists` that does not depend on which borders are taken."""
        b = self.board
        n = b.n
        special = self.special
        owner = self.ctrl_owner
        ronin = self.ronin[player]
        if PEACE in special or SCORCHED in special or SHRINE in special:
            blocked: Sequence[bool] = [
                sp == PEACE or sp == SCORCHED or (sp == SHRINE and o != player)
                for sp, o in zip(special, owner, strict=True)
            ]
            anywhere = [q for q in range(n) if not blocked[q]]
        else:
            blocked = b.no_province_blocked
            anywhere = list(range(n))
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
        # Attacks: never into an own, blocked or Shrine province.
        coast = [
            (slot, border)
            for slot, t, border in b.coastal_slots
            if owner[t] != player and not blocked[t] and special[t] != SHRINE
        ]
        land = [
            (slot, border)
            for s in (anywhere if ronin else own)
            for slot, t, border in b.land_slots_from[s]
            if owner[t] != player and not blocked[t] and special[t] != SHRINE
        ]
        harbor = []
        if HARBOR in special:
            for q in range(n):
                if special[q] != HARBOR or blocked[q] or owner[q] == player:
                    continue
                for slot in b.land_slots_into[q]:
                    if not blocked[b.slot_source[slot]]:
                        harbor.append((slot, b.slot_border[slot]))
        return (anywhere, own, navy, diplomacy, raid, coast, land, harbor)

    def _legal_slots_slow(self, player: int, kind: int) -> list[int]:
        """`_legal_slots` by asking `placement_problem` of every slot (for tests)."""
        return [
            slot
            for slot in range(self.board.n_slots)
            if self.placement_problem(player, kind, slot) is None
        ]

    def _playable_hand(self, player: int) -> Iterator[tuple[str, int]]:
        """(label, kind) of every distinct token `player` may place from hand, in token
        order: copies of a label once, the bluff not after Spy Network."""
        clan = self.clans[player]
        labels = TOKEN_LABELS[clan]
        toks = CLAN_TOKENS[clan]
        seen: set[str] = set()
        base = player * TOKENS_PER_CLAN
        loc = self.loc
        for tid in range(TOKENS_PER_CLAN):
            if loc[base + tid] != HAND:
                continue
            lab = labels[tid]
            if lab in seen:
                continue
            seen.add(lab)
            kind = toks[tid][0]
            if kind == BLUFF and self.spied[player]:
                continue
            yield lab, kind

    def _place_options(self, player: int) -> list[tuple[str, str, int, int]]:
        """(label, where, kind, slot-or-host) of every legal placement from hand."""
        out = []
        lists: dict[int, list[int]] | None = None
        text = self.board.slot_text
        for lab, kind in self._playable_hand(player):
            if kind == BLESSING:
                for s in range(len(self.tokens)):
                    if self.blessing_problem(player, s) is None:
                        out.append((lab, f"#{s}", kind, s))
                continue
            if lists is None:
                lists = self._slot_lists(player)
            for slot in lists[kind]:
                out.append((lab, text[slot], kind, slot))
        return out

    def _place_actions(self, player: int, out: list[Any]) -> None:
        """Append every legal Place action of `player` to `out` (the fast path of
        `_place_options`, with shared action objects)."""
        cache = self.board.action_cache
        lists: dict[int, list[int]] | None = None
        for lab, kind in self._playable_hand(player):
            if kind == BLESSING:
                out.extend(A.Place(lab, f"#{s}") for s in self._blessing_hosts(player))
                continue
            if lists is None:
                lists = self._slot_lists(player)
            out.extend(map(cache[lab].__getitem__, lists[kind]))

    def _blessing_hosts(self, player: int) -> list[int]:
        """Board tokens `player` may bless now (own face-down Army, Navy or Shinobi; one
        token may carry several Blessings)."""
        toks = CLAN_TOKENS[self.clans[player]]
        return [
            s
            for s, t in enumerate(self.tokens)
            if t is not None
            and t[T_PLAYER] == player
            and not t[T_UP]
            and t[T_SLOT] >= 0
            and toks[t[T_TID]][0] <= SHINOBI
        ]

    def _can_place(self, player: int) -> bool:
        """Whether `player` has any legal placement (cheap for the usual hands)."""
        toks = CLAN_TOKENS[self.clans[player]]
        base = player * TOKENS_PER_CLAN
        loc = self.loc
        special = self.special
        for tid in range(TOKENS_PER_CLAN):
            if loc[base + tid] != HAND:
                continue
            kind = toks[tid][0]
            if kind == ARMY and player in self.ctrl_owner:
                for q in range(self.board.n):
                    if self.ctrl_owner[q] == player and special[q] not in (PEACE, SCORCHED):
                        return True
            if kind == SHINOBI or (kind == BLUFF and not self.spied[player]):
                for q in range(self.board.n):
                    sp = special[q]
                    if (
                        sp != PEACE
                        and sp != SCORCHED
                        and (sp != SHRINE or self.ctrl_owner[q] == player)
                    ):
                        return True
        return bool(self._place_options(player))

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Any]:
        ph = self.phase
        p = self.cur
        if ph == PH_OVER:
            return []
        if ph == PH_OBJECTIVE:
            return [A.ChooseObjective(OBJECTIVES[o][0]) for o in self.dealt[p]]
        if ph == PH_CONTROL:
            acts = self.board.control_actions
            return [acts[q] for q, o in enumerate(self.ctrl_owner) if o < 0]
        if ph == PH_DRAGON:
            return self._labels_action(p, A.ReturnToken, exclude_bluff=True)
        pend = self.pending
        if pend is not None:
            return self._pending_actions(p, pend)
        if ph == PH_CARDS:
            return [A.Pass(), *self._upkeep_card_actions(p)]
        if ph == PH_PLACE:
            acts: list[Any] = self._placement_card_actions(p)
            self._place_actions(p, acts)
            return acts
        if ph == PH_SWAP:
            return [A.Skip("swap"), *self._swap_actions(p)]
        return []

    def _labels_action(self, p: int, cls: Any, exclude_bluff: bool) -> list[Any]:
        seen: list[str] = []
        for tid in self.hand(p):
            lab = self.label(p, tid)
            if exclude_bluff and tid == BLUFF_TID:
                continue
            if lab not in seen:
                seen.append(lab)
        return [cls(lab) for lab in seen]

    def _pending_actions(self, p: int, pend: tuple[Any, ...]) -> list[Any]:
        kind = pend[0]
        if kind == PEND_SEND:
            out: list[Any] = []
            for a in self._labels_action(p, str, exclude_bluff=True):
                out.append(A.SendToken(a, "pool"))
                out.append(A.SendToken(a, "discard"))
            return out
        if kind == PEND_PEEK:
            return [A.Skip("peek"), *(A.Peek(f"#{s}") for s in self._targets(p))]
        if kind == PEND_LOOK:
            looked = pend[1]
            out = [A.Look(f"#{s}") for s in self._targets(p) if s not in looked]
            if looked:
                out.insert(0, A.Skip("look"))
            return out
        if kind == PEND_DARK_DISCARD:
            return [A.Discard(f"#{s}") for s in pend[1] if self.tokens[s] is not None]
        if kind == PEND_PURGE:
            return [A.Discard(f"#{s}") for s in self._targets(p, face_down_only=False)]
        if kind == PEND_ANIMATE:
            return [A.Animate(lab, where) for lab, where, _, _ in self._animate_options(p)]
        return []

    def _animate_options(self, p: int, first_only: bool = False) -> list[tuple[str, str, int, int]]:
        """(label, where, kind, slot-or-host) of every legal Animate the Dead placement
        (only the first one found with `first_only`)."""
        clan = self.clans[p]
        seen: set[str] = set()
        out: list[tuple[str, str, int, int]] = []
        lists: dict[int, list[int]] | None = None
        text = self.board.slot_text
        for tid in self.tids_at(p, DISCARD):
            kind = CLAN_TOKENS[clan][tid][0]
            lab = TOKEN_LABELS[clan][tid]
            if kind == BLUFF or lab in seen:
                continue
            seen.add(lab)
            if kind == BLESSING:
                out.extend((lab, f"#{s}", kind, s) for s in self._blessing_hosts(p))
            else:
                if lists is None:
                    lists = self._slot_lists(p)
                out.extend((lab, text[slot], kind, slot) for slot in lists[kind])
            if first_only and out:
                return out[:1]
        return out

    def _own_provinces(self, p: int, exclude_shadowlands: bool = False) -> list[int]:
        sl = self.board.shadowlands
        return [
            q
            for q in range(self.board.n)
            if self.ctrl_owner[q] == p and not (exclude_shadowlands and sl[q])
        ]

    def _free_provinces(self, exclude_shadowlands: bool) -> list[int]:
        """Provinces a card may put a special token in: any but Peace and scorched earth
        (card-placed special tokens replace one another, FAQ)."""
        sl = self.board.shadowlands
        return [
            q
            for q in range(self.board.n)
            if self.special[q] not in (PEACE, SCORCHED) and not (exclude_shadowlands and sl[q])
        ]

    def _held_cards(self, p: int) -> list[str]:
        return [
            self.terr_card[t]  # type: ignore[misc]
            for t, h in enumerate(self.terr_holder)
            if h == p
        ]

    def _upkeep_card_actions(self, p: int) -> list[Any]:
        out: list[Any] = []
        for card in self._held_cards(p):
            if card not in SHADOWLANDS_CARDS:
                out.extend(A.PlayCard(card, t) for t in self._card_targets(p, card))
        return out

    def _placement_card_actions(self, p: int) -> list[Any]:
        out: list[Any] = []
        scout = self.scouts[p]
        shugenja = self.shugenja[p]
        first = self.n > 2 and self.first == p and not self.fp_card_used
        if scout or shugenja or first:
            cache = _card_action
            for s in self._targets(p, face_down_only=False):
                face_down = not self.tokens[s][T_UP]  # type: ignore[index]
                if scout and face_down:
                    out.append(cache("scout", s))
                if shugenja:
                    out.append(cache("shugenja", s))
                if first and face_down:
                    out.append(cache("first_player", s))
        for t, h in enumerate(self.terr_holder):
            if h == p:
                card = self.terr_card[t]
                if card in SHADOWLANDS_CARDS:
                    out.extend(A.PlayCard(card, x) for x in self._card_targets(p, card))
        return out

    def _card_targets(self, p: int, card: str) -> list[tuple[str, ...]]:
        """Every target tuple with which `p` may play territory card `card` now."""
        ids = self.board.ids
        sl = self.board.shadowlands
        sp = self.special
        owner = self.ctrl_owner
        n = self.board.n
        if card == "feats_of_engineering":
            if not self.supply[HARBOR]:
                return []
            return [
                (ids[q],)
                for q in range(n)
                if not self.board.coastal[q] and sp[q] not in (PEACE, SCORCHED, HARBOR)
            ]
        if card == "promotion":
            labs = []
            for tid in self.tids_at(p, DISCARD):
                if self.tok(p, tid)[0] in (ARMY, NAVY, SHINOBI):
                    lab = self.label(p, tid)
                    if lab not in labs:
                        labs.append(lab)
            return [(lab,) for lab in labs]
        if card == "reinforcements":
            armies = sorted(
                {
                    (self.tok(p, t)[1], self.label(p, t))
                    for t in self.tids_at(p, DISCARD)
                    if self.tok(p, t)[0] == ARMY
                }
            )
            counts: dict[str, int] = {}
            for t in self.tids_at(p, DISCARD):
                if self.tok(p, t)[0] == ARMY:
                    counts[self.label(p, t)] = counts.get(self.label(p, t), 0) + 1
            labs = [lab for _, lab in armies]
            if len(labs) == 0:
                return []
            if sum(counts.values()) == 1:
                return [(labs[0],)]
            pairs = [(a, b) for a, b in combinations(labs, 2)]
            pairs.extend((a, a) for a in labs if counts[a] >= 2)
            return sorted(pairs)
        if card in ("code_of_honor", "ashigaru_levies"):
            k = 2 if card == "code_of_honor" else 3
            free = self._free_provinces(exclude_shadowlands=True)
            k = min(k, len(free))
            if k == 0:
                return []
            return [tuple(ids[q] for q in c) for c in combinations(free, k)]
        if card == "diplomatic_mission":
            if not self.supply[PEACE]:
                return []
            mine = self._own_provinces(p)
            out: list[tuple[str, ...]] = []
            for q in range(n):
                if sp[q] in (PEACE, SCORCHED):
                    continue
                if owner[q] >= 0 and owner[q] != p and mine:
                    out.extend((ids[q], ids[r]) for r in mine)
                else:
                    out.append((ids[q],))
            return out
        if card == "strength_of_purpose":
            mine = self._own_provinces(p)
            if len(mine) == 1:
                return [(ids[mine[0]],)]
            return [(ids[a], ids[b]) for a, b in combinations(mine, 2)]
        if card in ("sacred_ground", "honorable_fight"):
            kind = SHRINE if card == "sacred_ground" else BATTLEFIELD
            if not self.supply[kind]:
                return []
            return [(ids[q],) for q in self._free_provinces(exclude_shadowlands=False)]
        if card in ("bushido", "aid_of_the_kami", "port_of_prosperity"):
            kind = {"bushido": HONOR4, "aid_of_the_kami": DEFENSE2, "port_of_prosperity": HONOR2}[
                card
            ]
            if not self.supply[kind]:
                return []
            return [(ids[q],) for q in self._free_provinces(exclude_shadowlands=True)]
        if card == "bless_the_lands":
            return [(ids[q],) for q in range(n) if sp[q] == SCORCHED]
        if card == "spy_network":
            return [(CLANS[self.clans[o]],) for o in range(self.n) if o != p]
        if card == "foment_rebellion":
            return [(ids[q],) for q in range(n) if sp[q] == PEACE]
        if card == "cultural_exchange":
            mine = self._own_provinces(p)
            theirs = [q for q in range(n) if owner[q] >= 0 and owner[q] != p]
            return [(ids[a], ids[b]) for a in mine for b in theirs]
        if card == "pirate_raids":
            if not self.supply[SCORCHED]:
                return []
            out = []
            for q in range(n):
                if sp[q] in (PEACE, SCORCHED):
                    continue
                others = [r for r in self._own_provinces(p) if r != q] if owner[q] == p else []
                if others:
                    out.extend((ids[q], ids[r]) for r in others)
                else:
                    out.append((ids[q],))
            return out
        if card == "bountiful_harvest":
            return [(ids[q],) for q in self._own_provinces(p)]
        # Shadowlands cards (placement phase). Purge the Weak's sacrifice is a hand token;
        # the other three cost a control token outside the Shadowlands.
        if card == "purge_the_weak":
            if not self._targets(p, face_down_only=False):
                return []
            return [(lab,) for lab in self._labels_action(p, str, exclude_bluff=False)]
        costs = [ids[q] for q in range(n) if owner[q] == p and not sl[q]]
        if not costs:
            return []
        if card == "dark_favors":
            return [(c,) for c in costs] if self._targets(p) else []
        if card == "animate_the_dead":
            # Only costs after which something can still be animated.
            out = []
            for c in costs:
                q = self.board.index[c]
                saved = (self.ctrl_owner[q], self.ctrl_down[q], self.ctrl_up[q])
                left = self.control_left[p]
                self._remove_one_control(q)
                if self._animate_options(p, first_only=True):
                    out.append((c,))
                self.ctrl_owner[q], self.ctrl_down[q], self.ctrl_up[q] = saved
                self.control_left[p] = left
            return out
        if card == "inspire_fear":
            specials = [ids[q] for q in range(n) if sp[q]]
            if not specials:
                return []
            picks = [(s,) for s in specials] + list(combinations(specials, 2))
            return [(c, *pick) for c in costs for pick in picks]
        return []

    def _swap_actions(self, p: int) -> list[Any]:
        mine = [
            s
            for s, t in enumerate(self.tokens)
            if t is not None
            and t[T_PLAYER] == p
            and not t[T_UP]
            and t[T_BLESSED] < 0
            and self.tok(p, t[T_TID])[0] != BLESSING
        ]
        out = []
        for a, b in combinations(mine, 2):
            ta, tb = self.tokens[a], self.tokens[b]
            assert ta is not None and tb is not None
            if ta[T_SLOT] == tb[T_SLOT]:
                continue
            ka = self.tok(p, ta[T_TID])[0]
            kb = self.tok(p, tb[T_TID])[0]
            if self.label(p, ta[T_TID]) == self.label(p, tb[T_TID]):
                continue  # swapping two equal tokens changes nothing
            if self._slot_legal_for(p, ka, tb[T_SLOT]) and self._slot_legal_for(p, kb, ta[T_SLOT]):
                out.append(A.Swap(f"#{a}", f"#{b}"))
        return out

    def _slot_legal_for(self, p: int, kind: int, slot: int) -> bool:
        if kind == BLUFF and self.spied[p]:
            return False
        return self.slot_problem(p, kind, slot) is None

    # ------------------------------------------------------------------ why_illegal

    def why_illegal(self, action: Any) -> str | None:
        if self.phase == PH_OVER:
            return "the game is over"
        if isinstance(action, A.Place) and self.phase == PH_PLACE and self.pending is None:
            return self._why_place(action, from_discard=False)
        if isinstance(action, A.Animate) and self.pending and self.pending[0] == PEND_ANIMATE:
            return self._why_place(action, from_discard=True)
        if action in self.legal_actions():
            return None
        return self._why_generic(action)

    def _why_place(self, action: Any, from_discard: bool) -> str | None:
        """Why a placement is refused. With the setting `table_placements` only what is
        physically impossible is refused (the token is not there, no such place, the
        border is taken, a Blessing not on an own unblessed token); rule-breaking tokens
        are then accepted, as on the table, and removed in resolution step 2."""
        p = self.cur
        kind_strength = LABEL_KIND.get(action.token)
        if kind_strength is None:
            return f"{action.token!r} is not a combat token"
        want = DISCARD if from_discard else HAND
        tids = [t for t in self.tids_at(p, want) if self.label(p, t) == action.token]
        if not tids:
            where = "discard pile" if from_discard else "hand"
            return f"{CLANS[self.clans[p]]} has no {action.token} in its {where}"
        table = bool(self.settings.get("table_placements")) and not from_discard
        kind = kind_strength[0]
        if kind == BLUFF and from_discard:
            return "the bluff is never animated"
        if kind == BLUFF and self.spied[p] and not table:
            return "the bluff may not be placed this round (Spy Network)"
        if kind == BLESSING:
            host = self._serial(action.where)
            if host < 0:
                return f"a Blessing goes on a board token '#N', not {action.where!r}"
            problem = self.blessing_problem(p, host)
            if table and problem is not None:
                t = self.tokens[host]
                assert t is not None
                if t[T_PLAYER] == p and t[T_SLOT] >= 0:
                    return None
            return problem
        slot = self.board.slot_by_text.get(action.where)
        if slot is None:
            return f"{action.where!r} is not a province or border of this map"
        if table:
            border = self.board.slot_border[slot]
            if border >= 0 and self.border_occ[border] >= 0:
                return "there is already a combat token on that border"
            return None
        return self.placement_problem(p, kind, slot)

    def _why_generic(self, action: Any) -> str:
        phase = PHASE_NAMES[self.phase]
        if isinstance(action, A.PlayCard):
            card = action.card
            if card in ("scout", "shugenja", "first_player"):
                if self.phase != PH_PLACE or self.pending is not None:
                    return f"{card} cards are played only at the start of a placement turn"
                if card == "scout" and not self.scouts[self.cur]:
                    return "no scout card left"
                if card == "shugenja" and not self.shugenja[self.cur]:
                    return "no shugenja card left"
                if card == "first_player" and (self.first != self.cur or self.fp_card_used):
                    return "the first-player card is not available to you"
                return "no card or ability may target that token (own, blessed or absent)"
            if card not in self._held_cards(self.cur):
                return f"{CLANS[self.clans[self.cur]]} does not hold {card}"
            if card in SHADOWLANDS_CARDS and self.phase != PH_PLACE:
                return "Shadowlands cards are played at the start of a placement turn"
            if card not in SHADOWLANDS_CARDS and self.phase != PH_CARDS:
                return "territory cards are played in the upkeep's card round"
            return f"{card} cannot be played with targets {' '.join(action.targets)}"
        return f"{action} is not a legal action now ({phase} phase)"

    # ------------------------------------------------------------------ apply

    def _apply(self, action: Any) -> None:
        ph = self.phase
        p = self.cur
        if self.pending is not None:
            self._apply_pending(p, action)
            return
        if ph == PH_PLACE:
            if isinstance(action, A.Place):
                self._do_place(p, action.token, action.where, from_discard=False)
                self._after_place(p)
            else:
                self._play_card(p, action)
                self._continue_turn(p)
            return
        if ph == PH_CARDS:
            if isinstance(action, A.Pass):
                self.passes += 1
                self._next_card_turn()
            else:
                self.passes = 0
                self._play_card(p, action)
                if self.pending is None:
                    self._next_card_turn()
            return
        if ph == PH_OBJECTIVE:
            self.objective[p] = OBJECTIVE_INDEX[action.objective]
            if p + 1 < self.n:
                self.cur = p + 1
            else:
                self.phase = PH_CONTROL
                self.cur = self.first
                self._next_control_turn(first=True)
            return
        if ph == PH_CONTROL:
            q = self.board.index[action.province]
            self._add_control(p, q, 1, 0)
            self.setup_left[p] -= 1
            self._next_control_turn(first=False)
            return
        if ph == PH_DRAGON:
            tid = self._hand_tid(p, action.token)
            self._move(p, tid, POOL)
            self._start_card_round()
            return
        if ph == PH_SWAP:
            if isinstance(action, A.Swap):
                a, b = self._serial(action.first), self._serial(action.second)
                ta, tb = self.tokens[a], self.tokens[b]
                assert ta is not None and tb is not None
                self.tokens[a] = (*ta[:T_SLOT], tb[T_SLOT], *ta[T_SLOT + 1 :])
                self.tokens[b] = (*tb[:T_SLOT], ta[T_SLOT], *tb[T_SLOT + 1 :])
                for s, slot in ((a, tb[T_SLOT]), (b, ta[T_SLOT])):
                    border = self.board.slot_border[slot]
                    if border >= 0:
                        self.border_occ[border] = s
                g = [p * TOKENS_PER_CLAN + ta[T_TID], p * TOKENS_PER_CLAN + tb[T_TID]]
                for o in range(self.n):  # moved tokens are forgotten by others
                    self.known[o] &= ~((1 << g[0]) | (1 << g[1]))
            self._resolve()
            return
        raise IllegalActionError(f"{action} cannot be applied in the {PHASE_NAMES[ph]} phase")

    def _hand_tid(self, p: int, label: str) -> int:
        for tid in self.hand(p):
            if self.label(p, tid) == label:
                return tid
        raise IllegalActionError(f"{CLANS[self.clans[p]]} has no {label} in hand")

    def _next_control_turn(self, first: bool) -> None:
        n = self.n
        start = self.cur if first else (self.cur + 1) % n
        has_room = any(o < 0 for o in self.ctrl_owner)
        for k in range(n):
            p = (start + k) % n
            if self.setup_left[p] > 0 and has_room and self.control_left[p] > 0:
                self.cur = p
                return
        self._start_round()

    # ------------------------------------------------------------------ upkeep

    def _start_round(self) -> None:
        """Upkeep steps 1-2, then the Dragon's return, the card round or placement."""
        n = self.n
        if self.round > 1 and self.deck:
            card = self.deck[0]
            self.deck = self.deck[1:]
            self.revealed = (*self.revealed, card)
            self.first = self._initiative_winner(card)
        self.fp_card_used = 0
        self.peek_used = 0
        for p in range(n):
            self.ronin[p] = 1 if self.control_on_board(p) == 0 else 0
            self.spied[p] = 0
            self.out[p] = 0
            # Bluff back behind the screen (it always is by now), then draw up to 6 (+1).
            want = HAND_SIZE + (1 if self.clans[p] == DRAGON else 0)
            base = p * TOKENS_PER_CLAN
            loc = self.loc
            while self.hand_count[p] < want:
                pool = [t for t in range(TOKENS_PER_CLAN) if loc[base + t] == POOL]
                if not pool:
                    break
                tid = pool[_mix(self.chance_seed, self.draws) % len(pool)]
                self.draws += 1
                self._move(p, tid, HAND)
        dragon = self.player_of_clan(DRAGON)
        if dragon >= 0 and self.hand_count[dragon] > HAND_SIZE:
            self.phase = PH_DRAGON
            self.cur = dragon
            return
        self._start_card_round()

    def _initiative_winner(self, card: int) -> int:
        if card < len(CLANS):
            return self.player_of_clan(card)
        if card == MASTER_OF_GOVERNANCE:
            score = [self.provinces_of(p) for p in range(self.n)]
        elif card == MASTER_OF_TACTICS:
            score = [self.control_on_board(p) for p in range(self.n)]
        else:
            score = [self._cards_count(p) for p in range(self.n)]
        best = max(score)
        # Ties: the current first player keeps it, else the tied player nearest to its right.
        for k in range(self.n):
            p = (self.first - k) % self.n
            if score[p] == best:
                return p
        return self.first

    def _start_card_round(self) -> None:
        if self.round == 1:
            self._start_placement()
            return
        self.phase = PH_CARDS
        self.passes = 0
        self.cur = self.first
        self._settle_card_turn()

    def _next_card_turn(self) -> None:
        if self.passes >= self.n:
            self._start_placement()
            return
        self.cur = (self.cur + 1) % self.n
        self._settle_card_turn()

    def _settle_card_turn(self) -> None:
        """Players with no playable card pass automatically."""
        while self.passes < self.n:
            if self._upkeep_card_actions(self.cur):
                return
            self.passes += 1
            if self.passes >= self.n:
                break
            self.cur = (self.cur + 1) % self.n
        self._start_placement()

    # ------------------------------------------------------------------ placement

    def _start_placement(self) -> None:
        self.phase = PH_PLACE
        self.pending = None
        self.cur = self.first
        self._settle_place_turn(self.first)

    def _settle_place_turn(self, start: int) -> None:
        """Give the turn to the first player from `start` on who still places."""
        n = self.n
        for k in range(n):
            p = (start + k) % n
            if self.out[p] or self.hand_count[p] <= 1:
                continue
            if not self._can_place(p):
                self.out[p] = 1  # a player who cannot place is skipped for the phase
                continue
            self.cur = p
            return
        self._end_placement()

    def _continue_turn(self, p: int) -> None:
        """After a card at the start of a turn: a player left unable to place is skipped."""
        if self.phase == PH_PLACE and self.pending is None and not self._can_place(p):
            self.out[p] = 1
            self._settle_place_turn((p + 1) % self.n)

    def _after_place(self, p: int) -> None:
        if self.clans[p] == SCORPION and not self.peek_used and self._targets(p):
            self.pending = (PEND_PEEK,)
            return
        self._settle_place_turn((p + 1) % self.n)

    def _do_place(self, p: int, label: str, where: str, from_discard: bool) -> None:
        src = DISCARD if from_discard else HAND
        tid = -1
        base = p * TOKENS_PER_CLAN
        labels = TOKEN_LABELS[self.clans[p]]
        for t in range(TOKENS_PER_CLAN):
            if self.loc[base + t] == src and labels[t] == label:
                tid = t
                break
        serial = len(self.tokens)
        if where[0] == "#":
            host = int(where[1:])
            ht = self.tokens[host]
            assert ht is not None
            # Blessings on one host form a chain: host -> newest -> ... -> oldest.
            self.tokens[host] = (*ht[:T_BLESSED], serial)
            self.tokens.append((p, tid, -1, 1, host, ht[T_BLESSED]))
        else:
            slot = self.board.slot_by_text[where]
            self.tokens.append((p, tid, slot, 1 if from_discard else 0, -1, -1))
            border = self.board.slot_border[slot]
            if border >= 0:
                self.border_occ[border] = serial
        self._move(p, tid, ONBOARD)

    def _end_placement(self) -> None:
        unicorn = self.player_of_clan(UNICORN)
        if unicorn >= 0 and self._swap_actions(unicorn):
            self.phase = PH_SWAP
            self.cur = unicorn
            return
        self._resolve()

    # ------------------------------------------------------------------ cards

    def _play_card(self, p: int, action: Any) -> None:
        card = action.card
        args = action.targets
        ids = self.board.index
        if card in ("scout", "shugenja", "first_player"):
            s = self._serial(args[0])
            t = self.tokens[s]
            assert t is not None
            g = t[T_PLAYER] * TOKENS_PER_CLAN + t[T_TID]
            if card == "scout":
                self.scouts[p] -= 1
                self.known[p] |= 1 << g
            elif card == "shugenja":
                self.shugenja[p] -= 1
                self._discard_token(s)
            else:
                self.fp_card_used = 1
                self._take_off_board(s, POOL)
            return
        t_index = self.terr_card.index(card)
        self.terr_holder[t_index] = PLAYED
        self.played_by[p] += 1
        if card == "feats_of_engineering":
            self._set_special(ids[args[0]], HARBOR)
        elif card == "promotion":
            self._move(p, self._tid_at(p, DISCARD, args[0]), HAND)
            self.pending = (PEND_SEND, 1)
        elif card == "reinforcements":
            for lab in args:
                self._move(p, self._tid_at(p, DISCARD, lab), HAND)
            self.pending = (PEND_SEND, len(args))
        elif card == "code_of_honor":
            for q in args:
                self._set_special(ids[q], HONOR1)
        elif card == "ashigaru_levies":
            for q in args:
                self._set_special(ids[q], DEFENSE1)
        elif card == "diplomatic_mission":
            q = ids[args[0]]
            was_opponent = self.ctrl_owner[q] not in (-1, p)
            self._set_special(q, PEACE)
            if was_opponent and len(args) > 1:
                self._add_control(p, ids[args[1]], 0, 2)
        elif card == "strength_of_purpose":
            for q in args:
                self._add_control(p, ids[q], 0, 1)
        elif card == "sacred_ground":
            self._set_special(ids[args[0]], SHRINE)
        elif card == "honorable_fight":
            self._set_special(ids[args[0]], BATTLEFIELD)
        elif card == "bushido":
            self._set_special(ids[args[0]], HONOR4)
        elif card == "aid_of_the_kami":
            self._set_special(ids[args[0]], DEFENSE2)
        elif card == "port_of_prosperity":
            self._set_special(ids[args[0]], HONOR2)
        elif card == "bless_the_lands":
            q = ids[args[0]]
            self._clear_special(q)
            self._add_control(p, q, 1, 1)
        elif card == "spy_network":
            o = self.player_of_clan(CLAN_INDEX[args[0]])
            self.spied[o] = 1
            for tid in self.hand(o):
                self.known[p] |= 1 << (o * TOKENS_PER_CLAN + tid)
        elif card == "foment_rebellion":
            q = ids[args[0]]
            self._clear_special(q)
            if self.ctrl_owner[q] == p:
                self._add_control(p, q, 0, 2)
        elif card == "cultural_exchange":
            a, b = ids[args[0]], ids[args[1]]
            oa, ob = self.ctrl_owner[a], self.ctrl_owner[b]
            self.ctrl_owner[a], self.ctrl_owner[b] = ob, oa
            self.ctrl_down[a], self.ctrl_down[b] = self.ctrl_down[b], self.ctrl_down[a]
            self.ctrl_up[a], self.ctrl_up[b] = self.ctrl_up[b], self.ctrl_up[a]
        elif card == "pirate_raids":
            q = ids[args[0]]
            was_own = self.ctrl_owner[q] == p
            self._set_special(q, SCORCHED)
            if was_own and len(args) > 1:
                self._add_control(p, ids[args[1]], 0, 3)
        elif card == "bountiful_harvest":
            self._add_control(p, ids[args[0]], 0, 2)
        elif card == "dark_favors":
            self._remove_one_control(ids[args[0]])
            self.pending = (PEND_LOOK, ())
        elif card == "purge_the_weak":
            self._move(p, self._hand_tid(p, args[0]), DISCARD)
            self.pending = (PEND_PURGE, min(2, len(self._targets(p, face_down_only=False))))
        elif card == "animate_the_dead":
            self._remove_one_control(ids[args[0]])
            self.pending = (PEND_ANIMATE,) if self._animate_options(p) else None
        elif card == "inspire_fear":
            self._remove_one_control(ids[args[0]])
            for q in args[1:]:
                self._clear_special(ids[q])
        else:
            raise IllegalActionError(f"unknown card {card!r}")

    def _tid_at(self, p: int, where: int, label: str) -> int:
        for tid in self.tids_at(p, where):
            if self.label(p, tid) == label:
                return tid
        raise IllegalActionError(f"{CLANS[self.clans[p]]} has no {label} there")

    def _apply_pending(self, p: int, action: Any) -> None:
        pend = self.pending
        assert pend is not None
        kind = pend[0]
        if kind == PEND_SEND:
            tid = self._hand_tid(p, action.token)
            self._move(p, tid, POOL if action.to == "pool" else DISCARD)
            left = pend[1] - 1
            self.pending = (PEND_SEND, left) if left else None
            if left == 0 and self.phase == PH_CARDS:
                self._next_card_turn()
            return
        if kind == PEND_PEEK:
            self.pending = None
            if isinstance(action, A.Peek):
                self.peek_used = 1
                self._learn(p, self._serial(action.target))
            self._settle_place_turn((p + 1) % self.n)
            return
        if kind == PEND_LOOK:
            if isinstance(action, A.Look):
                s = self._serial(action.target)
                self._learn(p, s)
                looked = (*pend[1], s)
                if len(looked) < 4 and any(x not in looked for x in self._targets(p)):
                    self.pending = (PEND_LOOK, looked)
                else:
                    self.pending = (PEND_DARK_DISCARD, looked)
            else:
                self.pending = (PEND_DARK_DISCARD, pend[1])
            return
        if kind == PEND_DARK_DISCARD:
            self._discard_token(self._serial(action.target))
            self.pending = None
            self._continue_turn(p)
            return
        if kind == PEND_PURGE:
            self._discard_token(self._serial(action.target))
            left = pend[1] - 1
            if left > 0 and self._targets(p, face_down_only=False):
                self.pending = (PEND_PURGE, left)
            else:
                self.pending = None
                self._settle_place_turn((p + 1) % self.n)  # Purge: no placement this turn
            return
        if kind == PEND_ANIMATE:
            self._do_place(p, action.token, action.where, from_discard=True)
            self.pending = None
            self._continue_turn(p)
            return
        raise IllegalActionError(f"{action} is not expected now")

    def _learn(self, observer: int, serial: int) -> None:
        t = self.tokens[serial]
        assert t is not None
        self.known[observer] |= 1 << (t[T_PLAYER] * TOKENS_PER_CLAN + t[T_TID])

    def _take_off_board(self, serial: int, where: int) -> None:
        """Remove a board token (and a blessing on it) to `where` (bluffs to the discard,
        they go back behind the screen at resolution)."""
        t = self.tokens[serial]
        assert t is not None
        p, tid = t[T_PLAYER], t[T_TID]
        if tid == BLUFF_TID:
            where = DISCARD
        self.tokens[serial] = None
        slot = t[T_SLOT]
        if slot >= 0:
            border = self.board.slot_border[slot]
            if border >= 0 and self.border_occ[border] == serial:
                self.border_occ[border] = -1
        self._move(p, tid, where)
        host = t[T_HOST]
        if host >= 0 and self.tokens[host] is not None:
            # A Blessing leaves while its host stays: close the chain over it.
            prev = host
            while True:
                pt = self.tokens[prev]
                assert pt is not None
                if pt[T_BLESSED] == serial:
                    self.tokens[prev] = (*pt[:T_BLESSED], t[T_BLESSED])
                    return
                prev = pt[T_BLESSED]
        # A host (or a Blessing whose host is gone) takes the Blessings on it along.
        if t[T_BLESSED] >= 0 and self.tokens[t[T_BLESSED]] is not None:
            self._take_off_board(t[T_BLESSED], DISCARD)

    def _discard_token(self, serial: int) -> None:
        self._take_off_board(serial, DISCARD)

    # ------------------------------------------------------------------ resolution

    def _token_problem(self, serial: int) -> str | None:
        """Step 2: is board token `serial` (still) legally placed?"""
        t = self.tokens[serial]
        assert t is not None
        p = t[T_PLAYER]
        kind = self.tok(p, t[T_TID])[0]
        if kind == BLESSING:
            host = t[T_HOST]
            ht = self.tokens[host]
            if ht is None:
                return "its host is gone"
            if self.tok(ht[T_PLAYER], ht[T_TID])[0] not in (ARMY, NAVY, SHINOBI):
                return "a Blessing must lie on an Army, Navy or Shinobi"
            return None
        return self.slot_problem(p, kind, t[T_SLOT])

    def _resolve(self) -> None:
        """Resolution steps 1-7."""
        b = self.board
        tokens = self.tokens
        # 1. Reveal every token.
        for s, t in enumerate(tokens):
            if t is not None and not t[T_UP]:
                tokens[s] = (*t[:T_UP], 1, *t[T_UP + 1 :])
        # 2. Bluffs back behind the screens (Lion's defending bluff stays), illegal tokens out.
        lion_bluff: dict[int, int] = {}
        for s in range(len(tokens)):
            t = tokens[s]
            if t is None or self.tok(t[T_PLAYER], t[T_TID])[0] == BLESSING:
                continue
            p = t[T_PLAYER]
            if t[T_TID] == BLUFF_TID:
                slot = t[T_SLOT]
                lion = self.clans[p] == LION and not self.spied[p]
                if lion and slot < b.n and self.ctrl_owner[slot] == p:
                    lion_bluff[slot] = s
                    continue
                self._take_off_board(s, HAND)
                continue
            if self._token_problem(s) is not None:
                self._discard_token(s)
        for s in range(len(tokens)):
            t = tokens[s]
            if t is not None and self._token_problem(s) is not None:
                self._discard_token(s)
        # 3. Raids (conditions judged together, then carried out).
        raids = []
        for s, t in enumerate(tokens):
            if t is None or self.tok(t[T_PLAYER], t[T_TID])[0] != RAID:
                continue
            p, q = t[T_PLAYER], t[T_SLOT]
            ok = any(self.ctrl_owner[r] == p for r in b.neighbors[q]) or any(
                u is not None
                and u[T_PLAYER] == p
                and u[T_SLOT] == q
                and self.tok(p, u[T_TID])[0] == SHINOBI
                for u in tokens
            )
            raids.append((s, q, ok))
        for s, q, ok in raids:
            if tokens[s] is not None:
                self._discard_token(s)
            if ok:
                self._clear_province(q)
                self._remove_control_all(q)
                if self.special[q] != SCORCHED and self.supply[SCORCHED] > 0:
                    self._set_special(q, SCORCHED)
        # 4. Diplomacy.
        for t in tokens:
            if t is None or self.tok(t[T_PLAYER], t[T_TID])[0] != DIPLOMACY:
                continue
            q = t[T_SLOT]
            self._clear_province(q)
            if self.special[q] not in (PEACE, SCORCHED) and self.supply[PEACE] > 0:
                self._set_special(q, PEACE)
        # 5. Battles.
        self._battles(lion_bluff)
        # 6. Claim and return territory cards.
        self._claim_territories()
        # Whatever is left on the board is discarded; bluffs go back behind the screens.
        for s in range(len(tokens)):
            if tokens[s] is not None:
                self._discard_token(s)
        for p in range(self.n):
            g = p * TOKENS_PER_CLAN + BLUFF_TID
            if self.loc[g] == DISCARD:
                self._move(p, BLUFF_TID, HAND)
        self.tokens = []
        self.border_occ = [-1] * b.n_borders
        # 7. Advance the round.
        self.round += 1
        self.pending = None
        if self.round > ROUNDS:
            self.phase = PH_OVER
            self.cur = TERMINAL
            return
        self._start_round()

    def _clear_province(self, q: int) -> None:
        """Discard every combat token in `q` or on one of its borders."""
        b = self.board
        for s, t in enumerate(self.tokens):
            if t is None or t[T_SLOT] < 0:
                continue
            slot = t[T_SLOT]
            if slot == q or (slot >= b.n and b.slot_border[slot] in b.borders_of[q]):
                self._discard_token(s)

    def _strength(self, serial: int) -> int:
        t = self.tokens[serial]
        assert t is not None
        k, st = self.tok(t[T_PLAYER], t[T_TID])
        if k not in (ARMY, NAVY, SHINOBI):
            return 0
        bl = t[T_BLESSED]
        while bl >= 0:
            bt = self.tokens[bl]
            if bt is None:
                break
            st += self.tok(bt[T_PLAYER], bt[T_TID])[1]
            bl = bt[T_BLESSED]
        return st

    def defense_bonus(self, prov: int, attacker: int) -> int:
        """Printed defense, face-up control tokens (Crab x2) and defense tokens of `prov`
        as they count against `attacker` (Phoenix ignores a capital's printed defense)."""
        printed = self.board.defense[prov]
        if attacker >= 0 and self.clans[attacker] == PHOENIX and self.board.capital[prov] >= 0:
            printed = 0
        owner = self.ctrl_owner[prov]
        up = 0
        if owner >= 0:
            up = self.ctrl_up[prov] * (2 if self.clans[owner] == CRAB else 1)
        return printed + up + SPECIAL_DEFENSE[self.special[prov]]

    def _battles(self, lion_bluff: dict[int, int]) -> None:
        """Step 5: every province with combat tokens left. A defender who holds (a battle
        that took place and was not lost, or own Army/Navy/Shinobi and no attack) adds a
        face-up control token; attacks that never reached the battle (bluffs, illegal
        tokens, tokens cleared by Raid or Diplomacy) do not count (FAQ)."""
        b = self.board
        tokens = self.tokens
        per_prov: dict[int, list[int]] = {}
        for s, t in enumerate(tokens):
            if t is None or t[T_SLOT] < 0:
                continue
            per_prov.setdefault(b.slot_target[t[T_SLOT]], []).append(s)
        results = []
        for q, serials in per_prov.items():
            d = self.ctrl_owner[q]
            totals: dict[int, int] = {}
            defended = False
            for s in serials:
                t = tokens[s]
                assert t is not None
                p = t[T_PLAYER]
                totals[p] = totals.get(p, 0) + self._strength(s)
                if p == d and self.tok(p, t[T_TID])[0] in (ARMY, NAVY, SHINOBI):
                    defended = True
            if q in lion_bluff and tokens[lion_bluff[q]] is not None:
                totals[d] = totals.get(d, 0) + 2
            attackers = [p for p in totals if p != d]
            if not attackers:
                results.append((q, d, defended))
                continue
            best = max(totals[p] for p in attackers)
            top = [p for p in attackers if totals[p] == best]
            crane = self.player_of_clan(CRANE)
            winner = -1
            if len(top) == 1 or crane in top:
                a = top[0] if len(top) == 1 else crane
                dtotal = totals.get(d, 0) + self.defense_bonus(q, a)
                if best > dtotal or (best == dtotal and a == crane and d != crane):
                    winner = a
            results.append((q, winner, True) if winner >= 0 else (q, d, True))
        for q, who, defended in results:
            for s in per_prov[q]:
                if tokens[s] is not None:
                    self._discard_token(s)
            d = self.ctrl_owner[q]
            if who >= 0 and who != d:
                self._remove_control_all(q)
                self._add_control(who, q, 1, 0)
            elif d >= 0 and who == d and defended:
                self._add_control(d, q, 0, 1)

    def _claim_territories(self) -> None:
        for t, holder in enumerate(self.terr_holder):
            if holder == NO_CARD or holder == PLAYED:
                continue
            ctl = self.territory_controller(t)
            if holder >= 0 and holder != ctl:
                self.terr_holder[t] = holder = ON_MAP
            if holder == ON_MAP and ctl >= 0:
                self.terr_holder[t] = ctl
                self.seen_cards[ctl] |= 1 << t

    # ------------------------------------------------------------------ scoring

    @contextmanager
    def resolved_preview(self) -> Iterator[Self]:
        """This state with the board resolved as it stands, for the `with` block only.

        Resolution steps 1-6 run on the tokens now placed and the round then ends as if it
        were the last (the game is over: no next round's upkeep, draws or cards follow), so
        the block reads the final scoring of this board. Afterwards the state is exactly as
        before (same `key()`, tokens and honor). Placement and swap phases only; the block
        must not apply or undo actions.

            with state.resolved_preview() as resolved:
                honor, owners = resolved.honor(), list(resolved.ctrl_owner)
        """
        if self.phase not in (PH_PLACE, PH_SWAP):
            raise ValueError(
                f"only a placement or swap position can be resolved, not {PHASE_NAMES[self.phase]}"
            )
        snapshot = self._snapshot()
        try:
            self.round = ROUNDS
            self._resolve()
            yield self
        finally:
            self._restore(snapshot)

    def honor_if_resolved(self) -> list[int]:
        """Every player's honor if the board were resolved now as the last round's
        (`resolved_preview`); the state is left unchanged."""
        with self.resolved_preview() as resolved:
            return resolved.honor()

    def honor(self) -> list[int]:
        """Honor of every player by the end-of-game scoring (also mid-game, as a standing)."""
        b = self.board
        honor = [0] * self.n
        for q in range(b.n):
            o = self.ctrl_owner[q]
            if o < 0:
                continue
            if b.shadowlands[q]:
                continue  # the Shadowlands give no honor at all (flowers, tokens)
            honor[o] += b.flowers[q] + SPECIAL_HONOR[self.special[q]] + self.ctrl_up[q]
        for t in range(len(b.territory_ids)):
            if b.territory_shadowlands[t]:
                continue
            ctl = self.territory_controller(t)
            if ctl >= 0:
                honor[ctl] += 5
        for p in range(self.n):
            o = self.objective[p]
            if o >= 0 and self.objective_met(p, o):
                honor[p] += OBJECTIVES[o][1]
        return honor

    def objective_met(self, player: int, objective: int) -> bool:
        """Whether `player` meets secret objective `objective` now."""
        b = self.board
        mine = [q for q in range(b.n) if self.ctrl_owner[q] == player]
        clan = OBJECTIVE_CLAN.get(objective)
        if clan is not None:
            cap = b.capital_of_clan.get(clan)
            if cap is not None and self.ctrl_owner[cap] == player:
                return True
            name = CLANS[clan]
            t = b.territory_ids.index(name) if name in b.territory_ids else -1
            return t >= 0 and sum(1 for q in mine if b.territory[q] == t) >= 2
        if objective == WAY_OF_THE_SAIL:
            return sum(1 for q in mine if self.is_coastal(q)) >= 6
        if objective == WEB_OF_INFLUENCE:
            return len({b.territory[q] for q in mine if b.territory[q] >= 0}) >= 7
        if objective == WAY_OF_HUMILITY:
            count = len(mine)
            return all(count <= self.provinces_of(o) for o in range(self.n))
        if objective == LOST_LANDS:
            sl = [q for q in range(b.n) if b.shadowlands[q]]
            return bool(sl) and all(self.ctrl_owner[q] == player for q in sl)
        if objective == EMERALD_EMPIRE:
            return self._emerald_chain(set(mine))
        return False

    def _emerald_chain(self, mine: set[int]) -> bool:
        """A path of 6 distinct controlled provinces, neighbour to neighbour, in 3 territories."""
        b = self.board
        if len(mine) < 6:
            return False

        def walk(path: list[int]) -> bool:
            if len(path) == 6:
                return len({b.territory[q] for q in path}) >= 3
            for r in b.neighbors[path[-1]]:
                if r in mine and r not in path:
                    path.append(r)
                    if walk(path):
                        return True
                    path.pop()
            return False

        return any(walk([q]) for q in sorted(mine))
