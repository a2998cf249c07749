"""Hints: the hard AI's move for one decision, searched from the player's observation only.

`suggest(game_id, observation, legal)` runs the `hard` level's search (its configuration,
node budget and search adapter, `ai.levels`) on worlds drawn from the observation, exactly
as a bot does, and returns the move with a one-line reason made from the search's own
numbers: the game's explainer (`ai.games.<game>_hint`) says what the move does with facts
counted in the sampled worlds ("defends Kanaiso, the province most likely to be attacked"),
and the root values say how much better it is than the next best move (below).
`analyse` is the same search that also values moves the caller names (the review values
the move a person chose).

One number, one unit. The search values a move by the player's projected lead over the
best rival at the game's end, in the game's unit, a win counting `WIN_WORTH` (`lead_note`
says so in words). A hint says how much more lead its move keeps than the next best move,
named as a player would ("1.2 cards more than the next best, deploy an Oda card to your
province (projected lead over the best rival +2.0 cards)"), and plainly "only marginally better"
below `MARGINAL`; a review says how much less lead each chosen move kept. That lead is
the only projected figure a hint quotes, and it is its move's value in the search
(`Analysis.value`); the explainers' own figures are the board's, named as such ("if the
board were resolved now: you 14.0 honor", "right after it you hold 12.0 fields"), so no
two figures under one name disagree.

Honest by construction: the search sees the observation and the legal actions, never a
state, and its random numbers are seeded from the observation's content
(`observation_seed`), so two positions the player cannot tell apart get the same hint. The
budget is counted in nodes (no clock), so a hint is the same on any machine; "stop" (the
budget's cancel flag) answers with the best move so far.

Projected lead. The search's values are the game adapter's evaluation: the player's
projected score minus the best rival's, in the game's own unit (honor, fields, cards). A
finished game adds `ai.adapters.WIN_BONUS` to that, which would make one world in ten
that turns into a win look like a hundred honor; hints and reviews count a win as
`WIN_WORTH` points of score instead (`ScoredAdapter`), so every figure they show is in
the game's unit of score. The hard bot itself keeps its bonus; this changes only how a
won end weighs against the margin in the final turns.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.adapters import WIN_BONUS, GameAdapter, adapter_for
from ai.base import Budget
from ai.explain import Said, Term, explainer_for, said
from ai.levels import level_for
from ai.search import SearchBot
from engine.core import GameState, Observation

HINT_LEVEL = "hard"
"""The level whose search gives hints and reviews."""

WIN_WORTH: dict[str, float] = {"rokugan": 10.0, "ricewars": 5.0, "shinobi": 5.0}
"""What a won game is worth in points of score in hints and reviews (default 5)."""

SCORE_UNIT: dict[str, str] = {"rokugan": "honor", "ricewars": "fields", "shinobi": "cards"}
"""The unit of each game's score, as hints and reviews name it."""

MARGINAL: dict[str, float] = {"rokugan": 1.0, "ricewars": 0.3, "shinobi": 0.3}
"""Below this difference of projected lead a hint calls its move only marginally better."""

Progress = Callable[[float, Any], None]


def score_unit(game_id: str) -> str:
    """'honor', 'fields', 'cards' (or 'points' for a game without its own)."""
    return SCORE_UNIT.get(game_id, "points")


# --------------------------------------------------------------------------- honest seeds


def observation_seed(observation: Observation) -> int:
    """A 64-bit seed made from everything `observation` holds (its `key()` where it has
    one), the same in every process: equal observations give equal seeds."""
    content = observation.key() if hasattr(observation, "key") else observation
    digest = hashlib.sha256(_canonical(content).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def _canonical(value: Any) -> str:
    """A text of `value` that does not depend on set order or on the process (no ids)."""
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return repr(value)
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(_canonical(v) for v in value) + ")"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(_canonical(v) for v in value)) + "}"
    if isinstance(value, dict):
        items = sorted((_canonical(k), _canonical(v)) for k, v in value.items())
        return "{" + ",".join(f"{k}:{v}" for k, v in items) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner = ",".join(
            f"{f.name}={_canonical(getattr(value, f.name))}" for f in dataclasses.fields(value)
        )
        return f"{type(value).__name__}({inner})"
    raise TypeError(
        f"cannot make a stable seed from a {type(value).__name__}; give the observation a "
        "key() of plain values"
    )


# --------------------------------------------------------------------------- the search


class ScoredAdapter(GameAdapter):
    """A game's search adapter whose finished games are worth `win` points of score
    (shared on a tie; a loss costs `win / players`) instead of `WIN_BONUS`; everything
    else is the game's own."""

    def __init__(self, inner: GameAdapter, win: float) -> None:
        self.inner = inner
        self.win = win

    def fresh(self) -> ScoredAdapter:
        """The same scoring around a fresh copy of the game's adapter."""
        return type(self)(self.inner.fresh(), self.win)

    def evaluate(self, state: GameState, player: int) -> float:
        """The game's evaluation with the win bonus scaled to `win` points."""
        value = self.inner.evaluate(state, player)
        if state.is_terminal():
            # Every adapter adds the bonus the same way (ai.adapters.GameAdapter.evaluate).
            winners = state.winners()
            if player in winners:
                bonus = 1.0 / len(winners)
            else:
                bonus = -1.0 / state.num_players
            value += bonus * (self.win - WIN_BONUS)
        return value

    def candidates(self, state: GameState, player: int) -> list[Any]:
        return self.inner.candidates(state, player)

    def view(self, state: GameState, player: int) -> GameState:
        return self.inner.view(state, player)

    def determinize(self, observation: Any, rng: Any) -> GameState:
        return self.inner.determinize(observation, rng)

    def rule_move(self, observation: Any, legal: list[Any]) -> Any | None:
        return self.inner.rule_move(observation, legal)

    def budget_share(self, observation: Any) -> float:
        # a hint for one of several decisions of a turn searches as long as the bot would
        return self.inner.budget_share(observation)

    def key(self, state: GameState) -> Hashable | None:
        return self.inner.key(state)


class _ScoredWithPolicy(ScoredAdapter):
    """`ScoredAdapter` for a game whose opponents' policy is not their first candidate
    (the search asks `policy` only when an adapter overrides it)."""

    def policy(self, state: GameState, player: int) -> Any:
        return self.inner.policy(state, player)


def fresh_adapter(game_id: str) -> GameAdapter:
    """A private copy of the game's search adapter with empty caches (`GameAdapter.fresh`),
    so a hint neither shares memo tables with a bot thinking in another thread nor depends
    on what was searched before it."""
    return adapter_for(game_id, search=True).fresh()


def hint_bot(game_id: str, nodes: int | None = None) -> SearchBot:
    """The hard level's search for `game_id` (`nodes` replaces its node budget), on a
    fresh adapter scored in points (`ScoredAdapter`). No time limit: nodes only."""
    level = level_for(HINT_LEVEL, game_id)
    inner = fresh_adapter(game_id)
    wrapper = _ScoredWithPolicy if type(inner).policy is not GameAdapter.policy else ScoredAdapter
    adapter = wrapper(inner, WIN_WORTH.get(game_id, 5.0))
    return SearchBot(level.config, adapter, name="hint", nodes=nodes or level.nodes)


@dataclass(frozen=True)
class Analysis:
    """What the search found at one decision: the best move and each searched move's
    projected lead (the player's projected margin over the best rival, in points)."""

    game: str
    player: int
    best: Any
    values: dict[Any, float] = field(default_factory=dict)
    """Expected score of every root move searched (empty when nothing was searched)."""
    how: str = "search"
    """"search"; "only" (one legal move); "rule" (taken by the adapter's rule, e.g.
    looking at a hidden token, which a determinized search cannot value)."""
    seed: int = 0
    worlds: int = 0
    depth: int = 0
    nodes: int = 0

    def value(self, move: Any) -> float | None:
        """The projected lead of `move`, None when it was not searched."""
        return self.values.get(move)

    def ranked(self) -> list[Any]:
        """The searched moves, best first (the search's choice first on a tie)."""
        rest = sorted((m for m in self.values if m != self.best), key=lambda m: -self.values[m])
        return ([self.best] if self.best in self.values else []) + rest

    def runner_up(self) -> Any | None:
        """The best searched move other than `best`, None when there is none."""
        ranked = self.ranked()
        return ranked[1] if len(ranked) > 1 else None

    def gain(self) -> float | None:
        """How much better `best` is than the runner-up, in points of projected lead."""
        other = self.runner_up()
        if other is None or self.best not in self.values:
            return None
        return self.values[self.best] - self.values[other]


def analyse(
    game_id: str,
    observation: Observation,
    legal: Sequence[Any],
    include: Sequence[Any] = (),
    nodes: int | None = None,
    budget: Budget | None = None,
    progress: Progress | None = None,
) -> Analysis:
    """Search one decision of `observation.player` as the hard AI would (see the module
    docstring), also valuing the moves of `include`. `budget` carries the cancel flag
    (and may set the nodes); `progress(fraction, best_so_far)` is called as it deepens."""
    legal = list(legal)
    if not legal:
        raise ValueError("there is no legal action to analyse")
    seed = observation_seed(observation)
    player = observation.player
    analysis = None
    if len(legal) == 1:
        analysis = Analysis(game_id, player, legal[0], how="only", seed=seed)
    bot = hint_bot(game_id, nodes)
    ruled = None if analysis else bot.adapter.rule_move(observation, legal)
    if ruled is not None and ruled in legal:
        analysis = Analysis(game_id, player, ruled, how="rule", seed=seed)
    if analysis is None:
        budget = budget or Budget()
        if progress is not None:
            budget.progress = progress
        decision = bot.decide(observation, legal, random.Random(seed), budget, include=include)
        analysis = _searched(game_id, player, bot, decision, seed)
    if progress is not None:
        progress(1.0, analysis.best)
    return analysis


def _searched(game_id: str, player: int, bot: SearchBot, decision: Any, seed: int) -> Analysis:
    return Analysis(
        game_id,
        player,
        decision.move,
        dict(decision.values),
        "search",
        seed,
        bot.config.worlds,
        min(decision.depths, default=0),
        decision.nodes,
    )


def sample_worlds(game_id: str, observation: Observation, analysis: Analysis) -> list[GameState]:
    """The worlds the analysis searched, drawn again from the observation (the search
    draws them first from its seeded generator, so these are the same worlds)."""
    adapter = fresh_adapter(game_id)
    rng = random.Random(analysis.seed)
    count = max(1, analysis.worlds or level_for(HINT_LEVEL, game_id).config.worlds)
    return [adapter.determinize(observation, rng) for _ in range(count)]


# --------------------------------------------------------------------------- the hint


@dataclass(frozen=True)
class Hint:
    """A suggested move, what it is in words, and why (one line)."""

    action: Any
    words: str
    """The move in words ("Army 3 on Kanaiso")."""
    reason: str
    """Why, from the search's numbers ("defends Kanaiso, ...; 1.4 honor more than the next
    best, Army 2 on Tetsuno (projected lead over the best rival +6.0 honor)")."""
    analysis: Analysis
    said: Said | None = None
    """`reason` as data (`ai.explain.Said`), for the app to say in the person's language;
    its `{move}` parameters are `Term("move", action, words)`."""


def suggest(
    game_id: str,
    observation: Observation,
    legal: Sequence[Any],
    nodes: int | None = None,
    budget: Budget | None = None,
    progress: Progress | None = None,
    names: Sequence[str] | None = None,
) -> Hint:
    """The hard AI's move for the player of `observation` with its reason. `names` are
    the seats' names for the text (default "Player 1", ...)."""
    analysis = analyse(game_id, observation, legal, (), nodes, budget, progress)
    return explain(game_id, observation, analysis, names)


def explain(
    game_id: str,
    observation: Observation,
    analysis: Analysis,
    names: Sequence[str] | None = None,
    action: Any = None,
) -> Hint:
    """The hint for `action` (default: the analysis' best move), its reason drawn from the
    analysis and from the worlds it searched."""
    action = analysis.best if action is None else action
    explainer = explainer_for(game_id)
    words = explainer.describe(observation, action, names)
    if analysis.how == "only":
        only = said("the only legal move")
        return Hint(action, words, str(only), analysis, only)
    worlds = sample_worlds(game_id, observation, analysis)
    what = explainer.reason_said(observation, action, worlds, names)
    if analysis.how == "rule":
        tail = explainer.rule_said(observation, action)
    else:
        value = analysis.value(action)
        others = {m: v for m, v in analysis.values.items() if m != action}
        if value is None or not others:
            tail = said("the only move the AI found worth searching")
        else:
            other = max(others, key=lambda m: others[m])
            move = Term("move", other, explainer.describe(observation, other, names))
            tail = lead_said(game_id, value, others[other], move)
    reason = said("{what}; {tail}", what=what, tail=tail)
    return Hint(action, words, str(reason), analysis, reason)


def lead_note(game_id: str) -> str:
    """What the hints' and reviews' one number is: 'your lead over the best rival in
    honor at the game's end, as the AI projects it; a win counts as 10 honor'."""
    unit = score_unit(game_id)
    worth = WIN_WORTH.get(game_id, 5.0)
    return (
        f"your lead over the best rival in {unit} at the game's end, as the AI projects it; "
        f"a win counts as {worth:g} {unit}"
    )


def lead_words(game_id: str, value: float, other: float, other_words: str) -> str:
    """The search's verdict on a move worth `value` against the best other move
    (`other`, `other_words`), in projected lead over the best rival (`lead_note`):
    plainly "only marginally better" when the difference is below `MARGINAL`."""
    return str(lead_said(game_id, value, other, other_words))


def lead_said(game_id: str, value: float, other: float, move: Any) -> Said:
    """`lead_words` as data; `move` names the best other move (a `Term("move", ...)`)."""
    unit = Term("unit", game_id, score_unit(game_id))
    gap = value - other
    params = {"move": move, "value": value, "unit": unit, "gap": abs(gap)}
    if abs(gap) < 0.05:
        return said(
            "as good as the next best, {move} (projected lead over the best rival "
            "{value:+.1f} {unit} with either)",
            **params,
        )
    if gap < 0:
        return said(
            "{gap:.1f} {unit} less than the AI's best, {move} (projected lead over the best "
            "rival {value:+.1f} {unit})",
            **params,
        )
    if gap < MARGINAL.get(game_id, 0.5):
        return said(
            "only marginally better than the next best, {move}: {gap:.1f} {unit} more "
            "(projected lead over the best rival {value:+.1f} {unit})",
            **params,
        )
    return said(
        "{gap:.1f} {unit} more than the next best, {move} (projected lead over the best "
        "rival {value:+.1f} {unit})",
        **params,
    )
