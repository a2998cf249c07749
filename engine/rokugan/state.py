"""The Battle for Rokugan state: the common state API over the position.

`RokuganState` is a `position.Position` (the flat lists of ints and their undo snapshot)
with the API every game implements (`engine.core.GameState`): `current_player`,
`legal_actions`, `apply` / `apply_checked` / `why_illegal`, `undo`, `clone`,
`is_terminal`, `returns`, `observation`, plus the rule queries the app and the bots use.
The rules themselves are in the modules named after the rulebook's parts (see
`engine.rokugan` for the rule choices and docs/ARCHITECTURE.md for the map of files):
`setup`, `upkeep`, `placement`, `cards`, `resolution`, `battles`, `scoring`, with `rounds`
ordering the phases and `tokens` moving tokens.

The position's codes (token locations, phases, pending sub-decisions, card holders,
board-token fields) live in `position.py`; they are re-exported here for the callers
that import them from this module.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Self

from engine.core import TERMINAL, GameSetup, GameState, IllegalActionError
from engine.graph import MapGraph
from engine.rokugan import actions as A
from engine.rokugan import battles, cards, placement, resolution, rounds, scoring, setup, upkeep
from engine.rokugan.data import CLANS, ROUNDS, SPECIAL_NAMES
from engine.rokugan.observation import RokuganObservation, revealed
from engine.rokugan.position import (
    BOX,
    DISCARD,
    HAND,
    LOCATION_NAMES,
    NO_CARD,
    ON_MAP,
    ONBOARD,
    PEND_ANIMATE,
    PEND_DARK_DISCARD,
    PEND_LOOK,
    PEND_PEEK,
    PEND_PURGE,
    PEND_SEND,
    PH_CARDS,
    PH_CONTROL,
    PH_DRAGON,
    PH_OBJECTIVE,
    PH_OVER,
    PH_PLACE,
    PH_SWAP,
    PHASE_NAMES,
    PLAYED,
    POOL,
    T_BLESSED,
    T_HOST,
    T_PLAYER,
    T_SLOT,
    T_TID,
    T_UP,
    Position,
)

__all__ = [
    "BOX",
    "DISCARD",
    "HAND",
    "LOCATION_NAMES",
    "NO_CARD",
    "ON_MAP",
    "ONBOARD",
    "PEND_ANIMATE",
    "PEND_DARK_DISCARD",
    "PEND_LOOK",
    "PEND_PEEK",
    "PEND_PURGE",
    "PEND_SEND",
    "PH_CARDS",
    "PH_CONTROL",
    "PH_DRAGON",
    "PH_OBJECTIVE",
    "PH_OVER",
    "PH_PLACE",
    "PH_SWAP",
    "PHASE_NAMES",
    "PLAYED",
    "POOL",
    "T_BLESSED",
    "T_HOST",
    "T_PLAYER",
    "T_SLOT",
    "T_TID",
    "T_UP",
    "RokuganState",
]


class RokuganState(Position, GameState):
    """A Battle for Rokugan position with its history (the common state API)."""

    __slots__ = ()

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        settings: Mapping[str, Any] | None,
        graph: MapGraph,
    ) -> RokuganState:
        """Setup steps 1-9 (chance drawn from `seed`); steps 5 and 10 are player actions."""
        return setup.new_game(cls, players, seed, settings, graph)

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

    def round_number(self) -> int:
        """The round being played, 1 to `ROUNDS` (setup is in the first), `ROUNDS` + 1 once
        the game is over."""
        return self.round

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    def revealed_hidden(self) -> bool:
        """Whether the last action made something hidden known (`observation.revealed`)."""
        if not self._history:
            return True
        before = self.clone()
        before.undo()
        return revealed(before, self, self._history[-1])

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
        other._put_back(self._record())
        other._history = list(self._history)
        other._undo = list(self._undo)
        other.events = None
        other.new_memo()
        return other

    def undo(self) -> None:
        if not self._undo:
            raise IndexError("nothing to undo")
        self._put_back(self._undo.pop())
        self._history.pop()

    def apply(self, action: Any) -> None:
        self._undo.append(self._record())
        self._history.append(action)
        rounds.apply_action(self, action)

    def at_reveal(self, action: Any) -> Self:
        """A copy of this state with `action` carried out up to the round's resolution:
        the placement over, every token still as placed and nothing revealed (when
        `action` does not end the placement, simply the state after it). Its resolution
        can then be carried out step by step with `resolution.resolve_in_steps`."""
        state = self.clone()
        with rounds.resolution_held():
            state.apply(action)
        return state

    def apply_checked(self, action: Any) -> None:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(reason)
        self.apply(action)

    def returns(self) -> list[float]:
        return [float(h) for h in scoring.honor(self)]

    def legal_actions(self) -> list[Any]:
        ph = self.phase
        p = self.cur
        if ph == PH_OVER:
            return []
        if ph == PH_OBJECTIVE:
            return setup.objective_actions(self, p)
        if ph == PH_CONTROL:
            return setup.control_actions(self)
        if ph == PH_DRAGON:
            return upkeep.dragon_actions(self, p)
        pend = self.pending
        if pend is not None:
            return cards.pending_actions(self, p, pend)
        if ph == PH_CARDS:
            return cards.upkeep_card_actions(self, p, [A.shared(A.Pass)])
        if ph == PH_PLACE:
            acts: list[Any] = cards.placement_card_actions(self, p)
            placement.place_actions(self, p, acts)
            return acts
        if ph == PH_SWAP:
            return [A.shared(A.Skip, "swap"), *placement.swap_actions(self, p)]
        return []

    def why_illegal(self, action: Any) -> str | None:
        if self.phase == PH_OVER:
            return "the game is over"
        if isinstance(action, A.Place) and self.phase == PH_PLACE and self.pending is None:
            return placement.why_place(self, action, from_discard=False)
        if isinstance(action, A.Animate) and self.pending and self.pending[0] == PEND_ANIMATE:
            return placement.why_place(self, action, from_discard=True)
        if action in self.legal_actions():
            return None
        if isinstance(action, A.PlayCard):
            return cards.why_card(self, action)
        return f"{action} is not a legal action now ({PHASE_NAMES[self.phase]} phase)"

    def observation(self, player: int) -> RokuganObservation:  # type: ignore[override]
        return RokuganObservation.of(self, player)

    # ------------------------------------------------------------------ rule queries

    def slot_problem(self, player: int, kind: int, slot: int) -> str | None:
        """Why `player` may not put a token of `kind` on `slot` now (None when allowed);
        ignores whether a border is taken (`placement.slot_problem`)."""
        return placement.slot_problem(self, player, kind, slot)

    def placement_problem(self, player: int, kind: int, slot: int) -> str | None:
        """`slot_problem` plus the one-token-per-border rule."""
        return placement.placement_problem(self, player, kind, slot)

    def blessing_problem(self, player: int, host: int) -> str | None:
        """Why `player` may not put a Blessing on board token `host` now."""
        return placement.blessing_problem(self, player, host)

    def defense_bonus(self, prov: int, attacker: int) -> int:
        """Printed defense, face-up control tokens (Crab x2) and defense tokens of `prov`
        as they count against `attacker` (`battles.defense_bonus`)."""
        return battles.defense_bonus(self, prov, attacker)

    def territory_controller(self, t: int) -> int:
        """The player controlling every unscorched province of territory `t`, else -1."""
        return scoring.territory_controller(self, t)

    def honor(self) -> list[int]:
        """Honor of every player by the end-of-game scoring (also mid-game, as a standing)."""
        return scoring.honor(self)

    def public_honor(self, player: int) -> int:
        """`player`'s honor without its secret objective until the game is over (what the
        board shows everybody)."""
        return scoring.public_honor(self, player)

    def round_scores(self) -> list[float]:
        """Every clan's honor as the table counted it after a round: without the secret
        objectives until the game is over (they are scored at its end), all of it then."""
        return [float(self.public_honor(p)) for p in range(self.n)]

    def objective_met(self, player: int, objective: int) -> bool:
        """Whether `player` meets secret objective `objective` now."""
        return scoring.objective_met(self, player, objective)

    def winners(self) -> list[int]:
        """Most honor; ties broken by most provinces, then most territory cards held
        (unplayed and played), else a shared victory."""
        return scoring.winners(self)

    def ranking_key(self, player: int) -> tuple[int, int, int]:
        """(honor, provinces, territory cards) — the order of `winners`."""
        return scoring.ranking_key(self, player)

    def summary(self) -> dict[str, Any]:
        """Rounds played, clans and the score breakdown (for `daimyo play`)."""
        return {
            "rounds": min(self.round, ROUNDS) if self.phase != PH_OVER else ROUNDS,
            "clans": [CLANS[c] for c in self.clans],
            "honor": scoring.honor(self),
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
        snapshot, events = self._record(), self.events
        self.events = None  # a preview is nothing that happened: it tells no records
        try:
            self.round = ROUNDS
            resolution.resolve(self)
            yield self
        finally:
            self._put_back(snapshot)
            self.events = events

    def honor_if_resolved(self) -> list[int]:
        """Every player's honor if the board were resolved now as the last round's
        (`resolved_preview`); the state is left unchanged."""
        with self.resolved_preview() as resolved:
            return resolved.honor()
