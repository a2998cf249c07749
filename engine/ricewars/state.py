"""The Rice Wars state: a position, its undo snapshots and the common state API.

The rules are plain functions over the flat position (`engine.ricewars.position`), in
modules named after the rulebook's parts (the list is in `engine.ricewars`); this class
dispatches to them by phase. `apply` pushes a snapshot of the position and `undo`
restores it, so undo is exact. The fight an action finished stays readable as
`last_fight`, a frozen `FightRecord` (the live `fight` is gone by then).

Automatic steps (income, the neutral's hiring and defending, reveals, tie-break draws,
the draw phase) run inside `apply` until a player has a decision to make: every phase
has a `settle_*` step that either hands the decision to a player (True) or moves the game
on (False).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from operator import attrgetter
from typing import Any, ClassVar, Self

from engine.core import TERMINAL, GameSetup, GameState
from engine.graph import MapGraph
from engine.ricewars import (
    action_phase,
    auction,
    cards,
    combat,
    duel,
    economy,
    hiring,
    peasants,
    reasons,
    scoring,
)
from engine.ricewars import setup as preparation
from engine.ricewars.fight import FightRecord, current_strength, fight_record
from engine.ricewars.observation import RiceWarsObservation, revealed
from engine.ricewars.position import (
    ACTION,
    ANSWER,
    BID,
    DEFEND,
    GIVE,
    HIDDEN,
    HIRE,
    LISTS,
    LOSE,
    MODIFY,
    MOVE,
    NEUTRAL,
    NO_BID,
    OCCUPY,
    OVER,
    PALACE,
    PHASE_NAMES,
    PICK,
    PILES,
    PLANT,
    REACT,
    SCALARS,
    SEALED,
    SETUP_PEASANT,
    SHOURI,
    SLOTS,
    STATIC,
    Position,
    bits,
    new_fight,
)
from engine.words import Words

__all__ = [
    "ACTION",
    "ANSWER",
    "BID",
    "DEFEND",
    "GIVE",
    "HIDDEN",
    "HIRE",
    "LOSE",
    "MODIFY",
    "MOVE",
    "NEUTRAL",
    "NO_BID",
    "OCCUPY",
    "OVER",
    "PALACE",
    "PHASE_NAMES",
    "PICK",
    "PLANT",
    "REACT",
    "SEALED",
    "SETUP_PEASANT",
    "SHOURI",
    "FightRecord",
    "RiceWarsState",
    "bits",
]


_GET_LISTS = attrgetter(*LISTS)
_GET_SCALARS = attrgetter(*SCALARS)
FIGHT_NAMES = tuple(sorted(new_fight("combat", 0, 1, 0, (0, 0))))
"""The names of every fight's values, sorted (as `key` orders them)."""


def _snapshot_code() -> dict[str, Any]:
    """The state's `_snapshot`, `_restore` and `_assign`, written out from `LISTS` and
    `SCALARS` (one expression or assignment per attribute: several times faster than a
    loop of `getattr`/`setattr`, and apply and undo run them at every step).

    A snapshot keeps every list of `LISTS` and the boxed peasants in one flat list (one
    allocation where a copy per list took most of a random game's time): the lists of
    one entry per seat (`seats` long) or per field (`owner`, the board's size), then the
    card and advisor piles (`PILES`) with their lengths; then the hands, a copy of the
    fight dict (its values are immutable), the scalars and the fight the last action
    finished. Snapshots are shared between a state and its clones and never changed:
    `_restore` slices fresh lists from them. `_assign` takes lists made for the state
    alone (a determinized world)."""
    fixed = [name for name in LISTS if name not in PILES] + ["boxed_peasants"]
    flat = fixed + list(PILES)
    restore = ["def _restore(self, snap):",
               "    flat, piles, hands, fight, scalars, self._ended = snap",
               "    seats, fields = self.seats, self.board.n",
               "    end = 0"]  # fmt: skip
    for name in fixed:
        size = "fields" if name == "owner" else "seats"
        restore.append(f"    start, end = end, end + {size}")
        restore.append(f"    self.{name} = flat[start:end]")
    for i, name in enumerate(PILES):
        restore.append(f"    start, end = end, end + piles[{i}]")
        restore.append(f"    self.{name} = flat[start:end]")
    restore += ["    self.hands = [*hands]",
                "    self.fight = fight.copy() if fight is not None else None",
                f"    ({', '.join('self.' + name for name in SCALARS)},) = scalars"]  # fmt: skip
    snapshot = ["def _snapshot(self):",
                "    fight = self.fight",
                f"    return ([{', '.join('*self.' + name for name in flat)}],",
                f"            ({', '.join(f'len(self.{name})' for name in PILES)},),",
                "            (*self.hands,),",
                "            fight.copy() if fight is not None else None,",
                f"            ({', '.join('self.' + name for name in SCALARS)},),",
                "            self._ended)"]  # fmt: skip
    assign = ["def _assign(self, lists, hands, fight, scalars, boxed):",
              f"    ({', '.join('self.' + name for name in LISTS)},) = lists",
              "    self.hands, self.fight, self.boxed_peasants = hands, fight, boxed",
              "    self._ended = self._clean = None",
              f"    ({', '.join('self.' + name for name in SCALARS)},) = scalars"]  # fmt: skip
    # The flat key: the lists of fixed length, the piles' and hands' lengths, the fight's
    # values in the order of its sorted names (every fight has the same names), the
    # scalars, then what varies in length (piles, hands, boxed peasants): a fixed layout
    # read from the front, so equal flat keys are equal positions and back.
    fight_names = ", ".join(f"fight[{name!r}]" for name in FIGHT_NAMES)
    flat_key = ["def position_key(self):",
                "    fight = self.fight",
                "    hands = self.hands",
                f"    return ({', '.join('*self.' + name for name in fixed)},",
                f"            {', '.join(f'len(self.{name})' for name in PILES)},",
                "            *map(len, hands),",
                f"            ({fight_names}) if fight is not None else None,",
                f"            {', '.join('self.' + name for name in SCALARS)},",
                f"            {', '.join('*self.' + name for name in PILES)},",
                "            *chain.from_iterable(hands))"]  # fmt: skip
    namespace: dict[str, Any] = {"chain": chain}
    source = "\n".join(restore + snapshot + assign + flat_key) + "\n"
    exec(source, namespace)  # noqa: S102 - built from this package's attribute names only
    return namespace


_CODE = _snapshot_code()


def _decides(st: Position) -> bool:
    """A phase whose player always has a decision to make."""
    return True


def _no_actions(st: Position) -> list[Any]:
    return []


def _no_action(st: Position, s: int, action: Any) -> None:  # pragma: no cover
    raise AssertionError(f"no action in phase {PHASE_NAMES[st.phase]}")


def _by_phase(table: Mapping[int, Callable[..., Any]]) -> tuple[Callable[..., Any], ...]:
    """The handlers of `table` in phase order (every phase must have one)."""
    if sorted(table) != list(range(len(PHASE_NAMES))):
        raise AssertionError("a phase without a handler")
    return tuple(table[phase] for phase in range(len(PHASE_NAMES)))


# What the player to act may do, by phase.
_LEGAL: tuple[Callable[[Position], list[Any]], ...] = _by_phase(
    {
        PALACE: preparation.legal_palace,
        MOVE: preparation.legal_move,
        SETUP_PEASANT: preparation.legal_setup_peasant,
        HIRE: hiring.legal_hire,
        PICK: auction.legal_pick,
        BID: auction.legal_bid,
        ACTION: action_phase.legal_action,
        NEUTRAL: action_phase.legal_neutral,
        PLANT: cards.legal_plant,
        DEFEND: combat.legal_defend,
        MODIFY: combat.legal_modify,
        REACT: combat.legal_react,
        SHOURI: combat.legal_shouri,
        OCCUPY: combat.legal_occupy,
        ANSWER: duel.legal_answer,
        GIVE: duel.legal_give,
        LOSE: duel.legal_lose,
        OVER: _no_actions,
    }
)
# What a (trusted, legal) action does, by phase: handler(state, seat, action).
_APPLY: tuple[Callable[[Position, int, Any], None], ...] = _by_phase(
    {
        PALACE: preparation.apply_palace,
        MOVE: preparation.apply_move,
        SETUP_PEASANT: preparation.apply_setup_peasant,
        HIRE: hiring.apply_hire,
        PICK: auction.apply_pick,
        BID: auction.apply_bid,
        ACTION: action_phase.apply_action,
        NEUTRAL: action_phase.apply_neutral,
        PLANT: cards.apply_plant,
        DEFEND: combat.apply_defend,
        MODIFY: combat.apply_modify,
        REACT: combat.apply_react,
        SHOURI: combat.apply_shouri,
        OCCUPY: combat.apply_occupy,
        ANSWER: duel.apply_answer,
        GIVE: duel.apply_give,
        LOSE: duel.apply_lose,
        OVER: _no_action,
    }
)
# The automatic steps of each phase: True when a player has a decision to make.
_SETTLE: tuple[Callable[[Position], bool], ...] = _by_phase(
    {
        PALACE: preparation.settle_palace,
        MOVE: _decides,
        SETUP_PEASANT: preparation.settle_setup_peasant,
        HIRE: hiring.settle_hire,
        PICK: auction.settle_pick,
        BID: auction.settle_bid,
        ACTION: _decides,
        NEUTRAL: _decides,
        PLANT: cards.settle_plant,
        DEFEND: combat.settle_defend,
        MODIFY: combat.settle_modify,
        REACT: combat.settle_react,
        SHOURI: combat.settle_shouri,
        OCCUPY: combat.settle_occupy,
        ANSWER: duel.settle_answer,
        GIVE: duel.settle_give,
        LOSE: duel.settle_lose,
        OVER: _decides,
    }
)


class RiceWarsState(Position, GameState):
    """A Rice Wars position with its history (the common state API)."""

    __slots__ = SLOTS

    @classmethod
    def new(
        cls, players: int, seed: int, settings: Mapping[str, Any] | None, graph: MapGraph
    ) -> RiceWarsState:
        """Setup steps 1-10 (chance from `seed`); palaces and peasants are player actions."""
        self = cls.__new__(cls)
        self.events = self._clean = None
        preparation.prepare(self, players, seed, settings, graph)
        self._settle()
        return self

    # -- the rules' questions, answered by the modules that hold the rules
    # (plain functions over the position: `state.connected(s)` is `connected(state, s)`)
    connected = peasants.connected
    peasant_fields = peasants.peasant_fields
    _remove_peasant = peasants.remove_peasant
    _supply_peasant = peasants.supply_peasant
    palace_sites = preparation.palace_sites
    income = economy.income
    strength = current_strength
    wealth = scoring.wealth
    wealth_parts = scoring.wealth_parts
    score = scoring.score
    winners = scoring.winners
    returns = scoring.returns
    summary = scoring.summary

    @property
    def last_fight(self) -> FightRecord | None:
        """The fight the latest action finished (None: it finished none), as a record."""
        return fight_record(self)

    # -- snapshots ---------------------------------------------------------------------

    _snapshot: ClassVar[Callable[[RiceWarsState], tuple[Any, ...]]] = _CODE["_snapshot"]
    """Every mutable attribute as values no rule changes (what `undo` restores)."""
    _restore: ClassVar[Callable[[RiceWarsState, tuple[Any, ...]], None]] = _CODE["_restore"]
    """Set every mutable attribute from a `_snapshot` (fresh lists)."""
    _assign: ClassVar[Callable[..., None]] = _CODE["_assign"]
    """Set the mutable attributes to the lists given (the state's own from now on)."""

    position_key: ClassVar[Callable[[RiceWarsState], tuple[Any, ...]]] = _CODE["position_key"]
    """The position as one flat tuple, equal exactly when `key()` is: cheaper to make
    and to hash (one tuple instead of a tuple of tuples), for the search's tables."""

    def key(self) -> tuple[Any, ...]:
        """Everything that makes the position (equal keys: equal positions); the fight the
        last action finished is how the position was reached, not part of it."""
        fight = self.fight
        return (
            tuple(map(tuple, _GET_LISTS(self))),
            tuple(map(tuple, self.hands)),
            tuple(sorted(fight.items())) if fight is not None else None,
            _GET_SCALARS(self),
            tuple(self.boxed_peasants),
        )

    # -- the state API -----------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def history(self) -> Sequence[Any]:
        return self._history

    def setup(self) -> GameSetup:
        return GameSetup(
            game="ricewars",
            players=self.n,
            seed=self.seed,
            settings=dict(self.settings),
            map_id=self.board.graph.id,
            map_hash=self.board.graph.hash,
        )

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.cur

    def round_number(self) -> int:
        """The round being played, 1 for the first (setup, round 0, counts as the first)."""
        return max(1, self.round)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def round_scores(self) -> list[float]:
        """Every seat's fields (the neutral's too): the first thing the end counts."""
        return [float(self.fields_of(s)) for s in range(self.seats)]

    def revealed_hidden(self) -> bool:
        """Whether the last action made something hidden known (`observation.revealed`)."""
        if not self._history:
            return True
        before = self.clone()
        before.undo()
        return revealed(before, self)

    def undo(self) -> None:
        snapshot = self._undo.pop()
        self._restore(snapshot)
        # The position is the snapshot again until the next action: an action right
        # after an undo (the search's next move from the same node) takes it as its own.
        self._clean = snapshot
        self._history.pop()

    @property
    def undo_depth(self) -> int:
        """How many actions `undo` can take back."""
        return len(self._undo)

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))
        twin.events = twin._clean = None
        for name in STATIC:
            setattr(twin, name, getattr(self, name))
        twin._restore(self._snapshot())
        twin._history = list(self._history)
        twin._undo = list(self._undo)  # snapshots are never mutated
        return twin

    def observation(self, player: int) -> RiceWarsObservation:
        return RiceWarsObservation.of(self, player)

    def legal_actions(self) -> list[Any]:
        return _LEGAL[self.phase](self)

    def apply(self, action: Any) -> None:
        snapshot = self._clean
        if snapshot is None:
            snapshot = self._snapshot()
        else:
            self._clean = None
        self._undo.append(snapshot)
        self._history.append(action)
        self._ended = None
        s = self.cur
        self.last_actor = s
        _APPLY[self.phase](self, s, action)
        settle = _SETTLE  # `_settle`, written out: it runs after every action
        while not settle[self.phase](self):
            pass

    def _settle(self) -> None:
        """Run automatic steps until a player has a decision (or the game is over)."""
        settle = _SETTLE
        while not settle[self.phase](self):
            pass

    # -- the checked path --------------------------------------------------------------

    def why_illegal(self, action: Any) -> str | None:
        """None when `action` is legal now, else the reason in the current language
        (`why_illegal_words`)."""
        words = self.why_illegal_words(action)
        return None if words is None else str(words)

    def why_illegal_words(self, action: Any) -> Words | None:
        """None when `action` is legal now, else the rule it breaks as `Words` (said in
        the language spoken when they are read; `engine.ricewars.reasons`)."""
        if self.phase == OVER:
            return Words.of(reasons.GAME_OVER)
        if action in self.legal_actions():
            return None
        return reasons.reason(self, action)
