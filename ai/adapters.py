"""What a bot needs to know about a game beyond the state API: the per-game adapter.

The search and greedy bots are generic; a game helps them through a `GameAdapter`:

- `candidates(state, player)`: a sane, ordered subset of the legal actions (best first),
  which keeps the branching factor small;
- `evaluate(state, player)`: how good the position is for `player` (larger is better),
  terminal or not;
- `policy(state, player)`: the move an opponent plays when BRS+ does not search it
  (default: the first candidate);
- `determinize(observation, rng)`: the worlds the search samples (default: the game's
  own `determinize`);
- `key(state)`: a hashable key of the position for the transposition table, or None;
- `rule_move(observation, legal)`: a move taken by rule without searching, or None;
- `plan_key(observation)`: where a turn of several own moves is planned once (Rice Wars'
  hiring), a key the position must match for the plan's next move to be played;
- `budget_share(observation)`: the share of the level's budget this decision gets, where
  a turn of several decisions shares one budget (Shinobi's three orders);
- `fresh()`: a copy with the same settings and empty caches (a hint's private adapter).

`GenericAdapter` works for any game (all legal actions, `returns()` as evaluation). A game
gets its own adapter by a module `ai.games.<game_id>` with an attribute `ADAPTER`.
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
from collections.abc import Hashable
from typing import Any

from engine.core import GameState

WIN_BONUS = 1000.0
"""Added to a won terminal position's value (split on a shared win), so a sure win or
loss outweighs any difference in score."""


class GameAdapter:
    """Game knowledge for the bots; this base class is the generic fallback."""

    def candidates(self, state: GameState, player: int) -> list[Any]:
        """The actions worth considering for `player` (who is to act), best first."""
        return state.legal_actions()

    def evaluate(self, state: GameState, player: int) -> float:
        """The value of `state` for `player`: own score minus the best other score,
        plus `WIN_BONUS` (shared on a tie) when the game is over and `player` won."""
        scores = state.returns()
        others = [s for p, s in enumerate(scores) if p != player]
        value = scores[player] - (max(others) if others else 0.0)
        if state.is_terminal():
            winners = state.winners()
            if player in winners:
                value += WIN_BONUS / len(winners)
            else:
                value -= WIN_BONUS / len(scores)
        return value

    def policy(self, state: GameState, player: int) -> Any:
        """The move an opponent plays when the search does not branch on it."""
        return self.candidates(state, player)[0]

    def view(self, state: GameState, player: int) -> GameState:
        """`state` as `player` believes it (default: the state itself; an adapter may
        redraw what `player` cannot see, so its choices do not use hidden facts)."""
        return state

    def determinize(self, observation: Any, rng: Any) -> GameState:
        """A full state drawn from `observation` for the search (default: the game's own
        `determinize`; an adapter may bias it by an opponent model from public actions)."""
        return observation.determinize(rng)

    def rule_move(self, observation: Any, legal: list[Any]) -> Any | None:
        """A move decided by rule before any search (None: search as usual).

        For choices a determinized search cannot value, such as looking at hidden
        information; it sees only the observation, so it is as honest as the search."""
        return None

    def plan_key(self, observation: Any) -> Hashable | None:
        """A key of `observation` when the search should plan the rest of the turn and
        play the plan out (None: decide every move afresh, the default).

        After a searched decision the search bot keeps its principal line of own moves
        that follow (where all worlds agree); the next call plays the line's move when
        its observation's `plan_key` is the one the line expected. Give a key only where
        the own moves reveal nothing new to the player (no draw, no reveal between them),
        so the line planned is still the line the search would choose."""
        return None

    def budget_share(self, observation: Any) -> float:
        """The share of the level's budget (nodes and seconds) for this decision: 1 (the
        default), less where one turn of several decisions shares one budget."""
        return 1.0

    def fresh(self) -> GameAdapter:
        """A copy of this adapter with the same settings and none of its caches, so its
        searches neither share memo tables with this one's nor depend on what it searched
        before (`ai.hint.fresh_adapter`). The default, a shallow copy, suits an adapter
        that keeps nothing between calls; an adapter that remembers overrides it."""
        return copy.copy(self)

    def key(self, state: GameState) -> Hashable | None:
        """A key equal for equal positions (None: no transposition table).

        Uses the game's `state_hash()` or `canonical_key()` when it provides one."""
        for name in ("state_hash", "canonical_key"):
            method = getattr(state, name, None)
            if method is not None:
                return method()
        return None


def as_observation(view: Any) -> Any:
    """The observation of the player to act: `view` itself, or made from a true state
    (which only the measurement bot `cheat` is ever given)."""
    if isinstance(view, GameState):
        return view.observation(view.current_player())
    return view


GENERIC = GameAdapter()
"""The adapter of every game without its own."""


def adapter_for(game_id: str, search: bool = False) -> GameAdapter:
    """The adapter of `game_id`: `ai.games.<game_id>.ADAPTER`, else the generic one.

    `search=True` asks for the search levels' adapter, `SEARCH_ADAPTER` where a game has
    one (Rokugan's adds the opponent model the plain `greedy` baseline does without)."""
    module_name = f"ai.games.{game_id}"
    try:
        found = importlib.util.find_spec(module_name) is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        return GENERIC
    module = importlib.import_module(module_name)
    plain = getattr(module, "ADAPTER", GENERIC)
    return getattr(module, "SEARCH_ADAPTER", plain) if search else plain
