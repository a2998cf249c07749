"""The search bot: Best-Reply Search (BRS+) with alpha-beta over determinizations.

Best-Reply Search (Schadd & Winands 2011; BRS+ as in Esser et al. 2013) handles more than
two players by searching the root player's moves against the single best reply of any
one opponent. In BRS+ the opponents that do not reply still move, each playing the move
of its ordering policy (`GameAdapter.policy`), so every searched line is a legal game.

How the turn order is read (turns are sequential; `current_player()` decides):
- a node where the root player is to act is a MAX node. A ply is a whole turn: several
  own moves in a row (a card, then a placement) are MAX nodes of the same ply, so a line
  that spends a move on a card is not searched shallower or deeper than one that does not;
- the opponents acting between two root turns form one MIN layer (one ply). Each of them
  may play the reply (MIN over its candidates, for the rest of its turn too; then the
  others play their policy) or play its policy move and leave the reply to a later
  opponent; when all of them play their policy, no reply is made (the last one's policy
  move counts as its reply).

Chance inside `apply` is deterministic (seeded), so there are no chance nodes. Hidden
information is handled by perfect-information Monte Carlo (PIMC): the bot samples several
full states with `observation.determinize(rng)`, searches each (iterative deepening,
alpha-beta, transposition table, killer and history move ordering), and combines the
root values by their mean (default) or by a vote of each world's best move.

A turn of several own moves in a row (Rice Wars' hiring) can be one decision: where the
adapter gives a `plan_key`, the bot keeps the principal line of its own moves after the
chosen one, as the worlds' transposition tables hold it and as far as every world agrees,
and plays it out on the next calls while each observation is the one the line expected.

The worlds are deepened in lockstep (every world finishes depth d before any starts
d + 1), so they share the budget evenly and their values stay comparable; an iteration
cut short by the budget is dropped. With a node budget the whole decision is a function
of the observation, the legal actions and the rng: deterministic and honest.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from ai.adapters import GENERIC, GameAdapter
from ai.adapters import as_observation as _as_observation
from ai.base import Bot, Budget
from engine.compile_hints import mypyc_attr
from engine.core import TERMINAL, GameState, Observation

INF = math.inf
MAX_PLAN = 64
"""The longest turn plan kept (a Rice Wars hiring turn is rarely over 20 moves)."""
_EXACT, _LOWER, _UPPER = 0, 1, 2
OPEN, USED = -1, -2
"""Reply states of a layer; a player id (>= 0) means that opponent is replying."""


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """How the search bot searches (a level is a budget plus one of these)."""

    worlds: int = 4
    """Determinizations sampled per decision (PIMC); one when the bot sees everything."""
    max_depth: int = 32
    """Deepest iteration of iterative deepening (plies: own moves and reply layers)."""
    combine: str = "mean"
    """"mean": full-window values of every root move, averaged over the worlds;
    "vote": alpha-beta at the root too, each world votes for its best move."""
    transposition: bool = True
    """Use a transposition table when the adapter gives a key."""
    killers: bool = True
    history: bool = True
    reply_width: int | None = None
    """At most this many of an opponent's candidates are tried as its reply (None: all)."""
    settle: bool = False
    """At the horizon, let the opponents still to move before the root's next turn play
    their policy moves first (up to one each), so every leaf is a root-to-move position."""
    honest_replies: bool = False
    """An opponent's reply is chosen among the candidates of the world as it sees it
    (`GameAdapter.view`), not among those that answer the world's hidden facts (such
    as the searching player's face-down tokens, which a real opponent cannot see); its
    policy move stays the world's first candidate."""


class _Stop(Exception):
    """The budget ran out (or "move now"); unwinds the search, undoing on the way."""


class _Limiter:
    """A decision's view of its `Budget`: nodes up to a mark, time up to a deadline."""

    __slots__ = ("budget", "node_limit", "deadline", "count", "on_progress")

    def __init__(self, budget: Budget, node_limit: int | None, deadline: float | None) -> None:
        self.budget = budget
        self.node_limit = node_limit
        self.deadline = deadline
        self.count = 0
        self.on_progress: Any = None

    def tick(self) -> None:
        """Count one node; raise `_Stop` when the budget is used up or cancelled."""
        budget = self.budget
        budget.spent_nodes += 1
        self.count += 1
        if self.node_limit is not None and budget.spent_nodes >= self.node_limit:
            raise _Stop
        if budget.cancel.is_set():
            raise _Stop
        # The clock is read every 16 nodes: cheap, and still well under a millisecond late.
        if self.deadline is not None and not self.count & 15 and time.monotonic() >= self.deadline:
            raise _Stop
        if self.on_progress is not None and not self.count & 511:
            self.on_progress()

    def over(self) -> bool:
        """True when the budget is used up or cancelled (checked between iterations)."""
        budget = self.budget
        if budget.cancel.is_set():
            return True
        if self.node_limit is not None and budget.spent_nodes >= self.node_limit:
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline


class WorldSearch:
    """Iterative-deepening BRS+ alpha-beta on one full state (mutated by apply/undo)."""

    def __init__(
        self,
        state: GameState,
        root: int,
        adapter: GameAdapter,
        config: SearchConfig,
        limiter: _Limiter,
    ) -> None:
        self.state = state
        self.root = root
        self.adapter = adapter
        self.config = config
        self.limiter = limiter
        self.table: dict[Hashable, tuple[int, float, int, Any]] = {}
        self.evals: dict[Hashable, float] = {}
        self.moves: dict[Hashable, list[Any]] = {}
        self.replies: dict[Hashable, list[Any]] = {}
        self.first_is_policy = type(adapter).policy is GameAdapter.policy
        # An adapter whose policy is a function of the position may take the position's
        # key, which the search has already computed (`policy_at(state, player, key)`).
        self.keyed_policy = getattr(adapter, "policy_at", None)
        self.killers: dict[int, list[Any]] = {}
        self.history: dict[tuple[int, Any], int] = {}
        self.horizon_hit = False
        self.completed_depth = 0

    # -- the root ---------------------------------------------------------------------

    def start(self, moves: Sequence[Any]) -> None:
        """Set the root moves (in the order the first iteration tries them)."""
        self.order = list(moves)
        self.values: dict[Any, float] = {}
        self.finished = False

    def iterate(self, depth: int) -> None:
        """One iteration at `depth`. Completed, it replaces the root values; interrupted
        (`_Stop` propagates) it leaves the last completed values, because values from
        different depths are not comparable — except in the first iteration, where the
        moves searched so far are all there is."""
        self.horizon_hit = False
        partial: dict[Any, float] = {}
        try:
            self._root_iteration(self.order, depth, partial)
        except _Stop:
            if not self.values:
                self.values = partial
            raise
        self.values = partial
        self.completed_depth = depth
        self.order.sort(key=lambda m: -partial[m])
        # Every line reached the end of the game: deeper changes nothing.
        self.finished = not self.horizon_hit

    def _root_iteration(self, order: list[Any], depth: int, out: dict[Any, float]) -> None:
        state = self.state
        vote = self.config.combine == "vote"
        alpha = -INF
        for move in order:
            state.apply(move)
            try:
                value = self._after_own_move(depth, alpha if vote else -INF, INF, 1)
            finally:
                state.undo()
            out[move] = value
            if value > alpha:
                alpha = value

    # -- the tree ---------------------------------------------------------------------

    def _evaluate(self, key: Hashable | None) -> float:
        if key is None:
            return self.adapter.evaluate(self.state, self.root)
        value = self.evals.get(key)
        if value is None:
            value = self.adapter.evaluate(self.state, self.root)
            self.evals[key] = value
        return value

    def _after_own_move(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Search on after a root move: the root's turn goes on at the same depth, or
        the turn passes (one ply used) and a new reply layer opens."""
        state = self.state
        if not state.is_terminal() and state.current_player() == self.root:
            return self._search(depth, alpha, beta, OPEN, ply)
        return self._search(depth - 1, alpha, beta, OPEN, ply)

    def _search(self, depth: int, alpha: float, beta: float, reply: int, ply: int) -> float:
        """The value for the root player of the current state, searched `depth` plies.

        `reply` is OPEN (no opponent has replied in this layer yet), USED (one has), or
        the player who is replying and still in its turn."""
        self.limiter.tick()
        state = self.state
        adapter = self.adapter
        position = adapter.key(state) if self.config.transposition else None
        if state.is_terminal():
            return self._evaluate(position)
        player = state.current_player()
        if depth <= 0 and reply != player:
            self.horizon_hit = True
            if self.config.settle and player != self.root:
                return self._settle(position)
            return self._evaluate(position)
        root = self.root
        if player != root and reply == USED:
            # An opponent that does not reply plays its policy move (BRS+).
            move = self._policy(position, player)
            state.apply(move)
            try:
                return self._search(depth, alpha, beta, USED, ply + 1)
            finally:
                state.undo()

        key = (position, reply) if position is not None else None
        table_move = None
        if key is not None:
            entry = self.table.get(key)
            if entry is not None:
                entry_depth, entry_value, flag, table_move = entry
                if entry_depth >= depth:
                    if flag == _EXACT:
                        return entry_value
                    if flag == _LOWER and entry_value >= beta:
                        return entry_value
                    if flag == _UPPER and entry_value <= alpha:
                        return entry_value
        alpha0, beta0 = alpha, beta
        moves = self._ordered(self._candidates(position, player), player, ply, table_move)

        if player == root:
            best, best_move = -INF, None
            for move in moves:
                state.apply(move)
                try:
                    value = self._after_own_move(depth, alpha, beta, ply + 1)
                finally:
                    state.undo()
                if value > best:
                    best, best_move = value, move
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            self._cutoff(move, player, ply, depth)
                            break
        else:
            # A MIN node. With the reply open, the policy move leaves it open for a later
            # opponent and every other candidate is this opponent's reply (one ply).
            # A replying opponent still in its turn goes on choosing (MIN) at no cost.
            if self.config.reply_width is not None:
                moves = moves[: self.config.reply_width]
            if reply == OPEN:
                policy_move = self._policy(position, player)
                children = [policy_move, *(m for m in moves if m != policy_move)]
            else:
                policy_move = None
                children = moves
            best, best_move = INF, None
            for move in children:
                state.apply(move)
                try:
                    over = state.is_terminal()
                    nxt = TERMINAL if over else state.current_player()
                    if reply == OPEN and move == policy_move:
                        if nxt == root or over:  # the layer ends with no reply
                            value = self._search(depth - 1, alpha, beta, OPEN, ply + 1)
                        else:
                            value = self._search(depth, alpha, beta, OPEN, ply + 1)
                    else:
                        cost = 1 if reply == OPEN else 0
                        if nxt == root or over:
                            follow = OPEN
                        else:
                            follow = player if nxt == player else USED
                        value = self._search(depth - cost, alpha, beta, follow, ply + 1)
                finally:
                    state.undo()
                if value < best:
                    best, best_move = value, move
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            self._cutoff(move, player, ply, depth)
                            break

        if key is not None:
            if best <= alpha0:
                flag = _UPPER
            elif best >= beta0:
                flag = _LOWER
            else:
                flag = _EXACT
            self.table[key] = (depth, best, flag, best_move)
        return best

    def _settle(self, position: Hashable | None) -> float:
        """Opponents to move before the root's turn play their policy, then evaluate."""
        state = self.state
        applied = 0
        try:
            for _ in range(state.num_players - 1):
                if state.is_terminal() or state.current_player() == self.root:
                    break
                self.limiter.tick()
                state.apply(self._policy(position, state.current_player()))
                applied += 1
                position = self.adapter.key(state) if self.config.transposition else None
            return self._evaluate(position)
        finally:
            for _ in range(applied):
                state.undo()

    def _candidates(self, position: Hashable | None, player: int, reply: bool = True) -> list[Any]:
        """The adapter's candidates, remembered per position (iterations revisit them).
        With `honest_replies`, an opponent's replies are those of its own view."""
        honest = reply and player != self.root and self.config.honest_replies
        cache = self.replies if honest else self.moves
        moves = cache.get(position) if position is not None else None
        if moves is None:
            state = self.adapter.view(self.state, player) if honest else self.state
            moves = self.adapter.candidates(state, player)
            if position is not None:
                cache[position] = moves
        return moves

    def _policy(self, position: Hashable | None, player: int) -> Any:
        if self.first_is_policy:
            return self._candidates(position, player, reply=False)[0]
        if self.keyed_policy is not None and position is not None:
            return self.keyed_policy(self.state, player, position)
        return self.adapter.policy(self.state, player)

    def _ordered(self, moves: list[Any], player: int, ply: int, table_move: Any) -> list[Any]:
        """Transposition-table move first, then killers, then by history score; the
        adapter's order breaks ties (the sort is stable)."""
        if len(moves) < 2:
            return moves
        killers = self.killers.get(ply, ()) if self.config.killers else ()
        history = self.history if self.config.history else None
        if table_move is None and not killers and not history:
            return moves

        def priority(move: Any) -> float:
            if move == table_move:
                return -3e18
            if move in killers:
                return -2e18 + killers.index(move)
            return -history.get((player, move), 0) if history else 0

        return sorted(moves, key=priority)

    def _cutoff(self, move: Any, player: int, ply: int, depth: int) -> None:
        if self.config.killers:
            slot = self.killers.setdefault(ply, [])
            if move not in slot:
                slot.insert(0, move)
                del slot[2:]
        if self.config.history:
            key = (player, move)
            self.history[key] = self.history.get(key, 0) + depth * depth


@dataclass(slots=True)
class Decision:
    """What one decision found: the move, the combined root values, and effort spent."""

    move: Any
    values: dict[Any, float]
    depths: list[int]
    nodes: int


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: a bot may extend it
class SearchBot(Bot):
    """BRS+ alpha-beta over PIMC determinizations (see the module docstring)."""

    def __init__(
        self,
        config: SearchConfig | None = None,
        adapter: GameAdapter | None = None,
        name: str = "search",
        nodes: int | None = None,
        seconds: float | None = None,
        sees_everything: bool = False,
    ) -> None:
        self.config = config or SearchConfig()
        self.adapter = adapter or GENERIC
        self.name = name
        self.default_nodes = nodes
        self.default_seconds = seconds
        self.sees_everything = sees_everything
        self.last: Decision | None = None
        self._plan: list[tuple[Hashable, Any]] = []
        """The rest of a planned turn: (expected plan key, move) in order."""

    def choose(
        self,
        observation: Observation | GameState,
        legal_actions: Sequence[Any],
        rng: random.Random,
        budget: Budget,
    ) -> Any:
        """The best root move found within the budget (the best so far when cancelled)."""
        legal = list(legal_actions)
        planned = self._planned(observation, legal)
        if planned is not None:
            self.last = Decision(planned, {}, [], 0)
            return planned
        if len(legal) == 1:
            self.last = Decision(legal[0], {}, [], 0)
            return legal[0]
        ruled = self.adapter.rule_move(_as_observation(observation), legal)
        if ruled is not None and ruled in legal:
            self.last = Decision(ruled, {}, [], 0)
            return ruled
        decision = self.decide(observation, legal, rng, budget)
        self.last = decision
        return decision.move

    def decide(
        self,
        view: Observation | GameState,
        legal: list[Any],
        rng: random.Random,
        budget: Budget,
        include: Sequence[Any] = (),
    ) -> Decision:
        """Sample the worlds, deepen them in lockstep, and combine their root values.

        `include` names legal moves to value even when they are not among the adapter's
        candidates (a review values the move a person chose); they are searched first, so
        a first iteration cut short by the budget still values them. Moves that are
        candidates anyway keep their place, so the search is the same as without them.

        Python's cyclic collector is paused while it runs, when it is on: the search frees
        what it makes by reference counting but for its sampled worlds (cycles of about
        3 MB in a `normal` Rokugan decision, collected after it), and the collector's
        passes over the tables the search and the adapters keep took a sixth to a quarter
        of its time. (The app runs with automatic collection off, collecting in the GUI thread:
        `app.gui_gc`; there this changes nothing.)"""
        paused = gc.isenabled()
        gc.disable()
        try:
            return self._decide(view, legal, rng, budget, include)
        finally:
            if paused:
                gc.enable()

    def _decide(
        self,
        view: Observation | GameState,
        legal: list[Any],
        rng: random.Random,
        budget: Budget,
        include: Sequence[Any],
    ) -> Decision:
        """`decide`, with the collector as the caller left it."""
        budget = self.budget_for(budget)
        share = self.adapter.budget_share(_as_observation(view))
        if share != 1.0:  # one turn of several decisions shares the level's budget
            budget = Budget(
                nodes=None if budget.nodes is None else max(1, round(budget.nodes * share)),
                seconds=None if budget.seconds is None else budget.seconds * share,
                cancel=budget.cancel,
                progress=budget.progress,
                started=budget.started,
                spent_nodes=budget.spent_nodes,
            )
        start_nodes = budget.spent_nodes
        if isinstance(view, GameState):
            # Only `cheat` gets the true state; one world is the whole truth.
            worlds_wanted = 1
            root = view.current_player()
        else:
            worlds_wanted = max(1, self.config.worlds)
            root = view.player
        legal_set = set(legal)
        worlds = [
            view.clone() if isinstance(view, GameState) else self.adapter.determinize(view, rng)
            for _ in range(worlds_wanted)
        ]
        found = [m for m in self.adapter.candidates(worlds[0], root) if m in legal_set]
        moves = _unique(found) or legal
        extra = [m for m in _unique(list(include)) if m in legal_set and m not in moves]
        moves = extra + moves
        node_limit = None if budget.nodes is None else start_nodes + max(1, budget.nodes)
        deadline = None if budget.seconds is None else budget.started + budget.seconds
        limiter = _Limiter(budget, node_limit, deadline)
        searches = []
        for world in worlds:
            search = WorldSearch(world, root, self.adapter, self.config, limiter)
            world_legal = set(world.legal_actions())
            search.start([m for m in moves if m in world_legal] or moves)
            searches.append(search)

        def results() -> list[dict[Any, float]]:
            return [s.values for s in searches if s.values]

        if budget.progress is not None:
            limiter.on_progress = lambda: budget.report(
                _combine(results(), moves, self.config.combine)[0]
            )

        # Lockstep deepening: every world completes depth d before any starts d + 1, so
        # the worlds' values stay comparable and the budget is shared evenly.
        try:
            for depth in range(1, self.config.max_depth + 1):
                for search in searches:
                    if not search.finished:
                        search.iterate(depth)
                budget.report(_combine(results(), moves, self.config.combine)[0])
                if all(s.finished for s in searches) or limiter.over():
                    break
        except _Stop:
            pass
        move, combined = _combine(results(), moves, self.config.combine)
        if move not in legal_set:
            move = legal[0]
        if self.adapter.plan_key(_as_observation(view)) is not None:
            self._plan = _turn_plan(searches, move, self.adapter)
        depths = [s.completed_depth for s in searches if s.values]
        return Decision(move, combined, depths, budget.spent_nodes - start_nodes)

    def _planned(self, view: Observation | GameState, legal: list[Any]) -> Any | None:
        """The planned turn's next move when `view` is the position the plan expected;
        otherwise the plan is dropped (None)."""
        if not self._plan:
            return None
        key, move = self._plan[0]
        if move in legal and self.adapter.plan_key(_as_observation(view)) == key:
            self._plan.pop(0)
            return move
        self._plan = []
        return None


def _principal_line(search: WorldSearch, move: Any, adapter: GameAdapter) -> list[Any]:
    """The root player's own moves after `move` in one world, as its transposition table
    holds them (the best move stored for each position while the root is still to act)."""
    state, root = search.state, search.root
    line: list[Any] = []
    state.apply(move)
    try:
        while len(line) < MAX_PLAN and not state.is_terminal():
            if state.current_player() != root:
                break
            if adapter.plan_key(state.observation(root)) is None:
                break
            entry = search.table.get((adapter.key(state), OPEN))
            if entry is None or entry[3] is None or entry[3] not in state.legal_actions():
                break
            line.append(entry[3])
            state.apply(entry[3])
    finally:
        for _ in range(len(line) + 1):
            state.undo()
    return line


def _turn_plan(
    searches: list[WorldSearch], move: Any, adapter: GameAdapter
) -> list[tuple[Hashable, Any]]:
    """The own moves after `move` that every world's principal line agrees on, each
    with the plan key of the observation it is to be played in."""
    lines = [_principal_line(s, move, adapter) for s in searches if s.values]
    if not lines or any(move not in s.state.legal_actions() for s in searches):
        return []
    common: list[Any] = []
    for step in zip(*lines, strict=False):
        if any(m != step[0] for m in step):
            break
        common.append(step[0])
    state, root = searches[0].state, searches[0].root
    plan: list[tuple[Hashable, Any]] = []
    state.apply(move)
    try:
        for action in common:
            plan.append((adapter.plan_key(state.observation(root)), action))
            state.apply(action)
    finally:
        for _ in range(len(plan) + 1):
            state.undo()
    return plan


def _unique(moves: list[Any]) -> list[Any]:
    seen: set[Any] = set()
    out = []
    for move in moves:
        if move not in seen:
            seen.add(move)
            out.append(move)
    return out


def _combine(
    results: list[dict[Any, float]], moves: list[Any], mode: str
) -> tuple[Any, dict[Any, float]]:
    """The chosen move and each move's mean value over the worlds that searched it.

    "mean" picks the best mean; "vote" the move most worlds found best (mean breaks
    ties). Ties keep the candidate order, so the choice is deterministic."""
    if not results:
        return moves[0], {}
    means: dict[Any, float] = {}
    for move in moves:
        seen = [values[move] for values in results if move in values]
        if seen:
            means[move] = sum(seen) / len(seen)
    if not means:
        return moves[0], {}
    if mode == "vote":
        votes: dict[Any, int] = {}
        for values in results:
            best = max(values, key=lambda m: values[m])
            votes[best] = votes.get(best, 0) + 1
        ranked = [m for m in moves if m in means]
        move = max(ranked, key=lambda m: (votes.get(m, 0), means[m]))
        return move, means
    ranked = [m for m in moves if m in means]
    return max(ranked, key=lambda m: means[m]), means
