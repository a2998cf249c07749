"""The post-game review: what each of a person's decisions cost, judged from what they knew.

`review_game(state, seat)` replays a game (a finished or running `GameState`, its history
being the game) from its start. At every decision of `seat` with a choice (more than one
legal action) it runs the hint's search (`ai.hint.analyse`: the hard AI on worlds drawn
from the observation the person had then, seeded from that observation) and values the
move chosen beside the AI's best:

    loss = max(0, value(best) - value(chosen))

in the one unit of hints (`ai.hint.lead_note`): the player's projected lead over the best
rival at the game's end, in honor, fields or cards, a win counting a few of them. Each
loss is a projection from its own position, so the words (`summary_words`) list the
costliest and never add them up. Moves the AI takes by rule (looking at hidden
tokens, which a determinized search cannot value) cost nothing. `Review.moments(k)` are the
k costliest decisions that cost anything (`MIN_LOSS`), costliest first.

Beside the decisions the review keeps every player's score after each round (Battle for
Rokugan: honor; Rice Wars: fields; Shinobi: the cards of the player's clan on the table,
its army): the engine's `scores_by_round`, the end screen's chart too; the game is over
or the person is reviewing it, so these are the game's own figures, not judgements, and
they use no search.

Honest: a decision's analysis reads only the person's observation, the legal actions and
the move chosen, so two games the person could not tell apart get the same review of the
decisions.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai.base import Budget
from ai.explain import Said, Term, explainer_for, said
from ai.hint import (
    HINT_LEVEL,
    MARGINAL,
    Analysis,
    analyse,
    lead_note,
    observation_seed,
    sample_worlds,
    score_unit,
)
from ai.levels import level_for
from engine.core import GameState, scores_by_round

MOMENTS = 5
"""How many moments a review lists by default (the issue asks for three to five)."""
MIN_LOSS = 0.05
"""A decision that cost less than this (points of score) is no moment to show."""

SCORE_NAME: dict[str, str] = {"rokugan": "honor", "ricewars": "fields", "shinobi": "army"}
"""What the score chart counts in each game."""


class ReviewCancelled(Exception):
    """The review was stopped before it finished."""


@dataclass(frozen=True)
class Moment:
    """One decision of the reviewed seat and what it cost."""

    index: int
    """The decision's place in the game's action list (0-based): the board as it stood is
    the setup plus the actions before it."""
    round: int
    chosen: Any
    suggested: Any
    loss: float
    """max(0, value(suggested) - value(chosen)), in projected lead (`ai.hint.lead_note`)."""
    chosen_value: float | None = None
    suggested_value: float | None = None
    how: str = "search"
    """How the suggestion was found ("search" or "rule"; see `ai.hint.Analysis`)."""

    def to_json(self) -> dict[str, Any]:
        """{"index", "round", "chosen", "suggested", "loss"} with the actions' texts."""
        return {
            "index": self.index,
            "round": self.round,
            "chosen": str(self.chosen),
            "suggested": str(self.suggested),
            "loss": round(self.loss, 3),
        }


@dataclass(frozen=True)
class Review:
    """A reviewed game: every decision of `seat` and the scores after each round."""

    game: str
    seat: int
    decisions: tuple[Moment, ...]
    scores: tuple[tuple[float, ...], ...]
    """scores[player][r]: that player's score after round r + 1."""
    score_name: str

    def moments(self, count: int = MOMENTS) -> list[Moment]:
        """The `count` costliest decisions that cost at least `MIN_LOSS`, costliest first
        (the earlier first on equal loss)."""
        costly = [m for m in self.decisions if m.loss >= MIN_LOSS]
        costly.sort(key=lambda m: (-m.loss, m.index))
        return costly[: max(0, count)]

    def total_loss(self) -> float:
        """All losses added (a measure for tests and bots; no figure a person reads, as
        each is a projection from its own position)."""
        return sum(m.loss for m in self.decisions)

    def mean_loss(self) -> float:
        """The projected lead one decision cost on average (0 without decisions)."""
        return self.total_loss() / len(self.decisions) if self.decisions else 0.0

    def to_json(self, count: int = MOMENTS) -> dict[str, Any]:
        """Exactly {"seat", "decisions", "moments"} (the `daimyo review --json` form)."""
        return {
            "seat": self.seat,
            "decisions": len(self.decisions),
            "moments": [m.to_json() for m in self.moments(count)],
        }


# --------------------------------------------------------------------------- the replay


def game_start(state: GameState) -> GameState:
    """A copy of `state` taken back to the start of its game (undo is exact)."""
    start = state.clone()
    while start.history:
        start.undo()
    return start


def round_number(state: GameState) -> int:
    """The round being played as the game's engine counts it (`GameState.round_number`),
    1 for the first (setup counts as round 1)."""
    return state.round_number()


def review_game(
    game_id: str,
    state: GameState,
    seat: int,
    nodes: int | None = None,
    progress: Callable[[float], None] | None = None,
    cancel: threading.Event | None = None,
) -> Review:
    """Review every decision `seat` made in `state`'s game (see the module docstring).

    `nodes` replaces the hard level's node budget per decision; `progress(fraction)` is
    called as the review goes on; setting `cancel` stops it (raises `ReviewCancelled`)."""
    if not 0 <= seat < state.num_players:
        raise ValueError(f"seat {seat} is not a seat of this game (0-{state.num_players - 1})")
    cancel = cancel or threading.Event()
    replay = game_start(state)
    history = list(state.history)
    # Count the decisions first, so the progress bar moves evenly.
    total = _count_decisions(replay, history, seat)
    decisions: list[Moment] = []
    done = 0
    for index, action in enumerate(history):
        if cancel.is_set():
            raise ReviewCancelled("the review was stopped")
        if not replay.is_terminal() and replay.current_player() == seat:
            legal = replay.legal_actions()
            if len(legal) > 1:
                base = done

                def inner(fraction: float, best: Any, base: int = base) -> None:
                    if progress is not None:
                        progress(min(1.0, (base + fraction) / max(1, total)))

                moment = review_decision(
                    game_id, replay.observation(seat), legal, action, nodes, cancel, inner
                )
                if cancel.is_set():
                    raise ReviewCancelled("the review was stopped")
                decisions.append(_placed(moment, index, round_number(replay)))
                done += 1
        replay.apply(action)
    if progress is not None:
        progress(1.0)
    return Review(
        game_id,
        seat,
        tuple(decisions),
        scores_by_round(state)[: state.num_players],  # the end screen's, of the players
        SCORE_NAME.get(game_id, "score"),
    )


def _count_decisions(start: GameState, history: Sequence[Any], seat: int) -> int:
    count = 0
    for action in history:
        if not start.is_terminal() and start.current_player() == seat:
            if len(start.legal_actions()) > 1:
                count += 1
        start.apply(action)
    for _ in history:
        start.undo()
    return count


def review_decision(
    game_id: str,
    observation: Any,
    legal: Sequence[Any],
    chosen: Any,
    nodes: int | None = None,
    cancel: threading.Event | None = None,
    progress: Callable[[float, Any], None] | None = None,
) -> Moment:
    """The cost of choosing `chosen` at one decision (index and round left at 0)."""
    budget = Budget(cancel=cancel) if cancel is not None else Budget()
    analysis = analyse(game_id, observation, legal, (chosen,), nodes, budget, progress)
    return judge(analysis, chosen)


def judge(analysis: Analysis, chosen: Any) -> Moment:
    """The moment of a decision where `chosen` was played and `analysis` found its best."""
    if analysis.how != "search":
        return Moment(0, 0, chosen, analysis.best, 0.0, how=analysis.how)
    best = analysis.value(analysis.best)
    mine = analysis.value(chosen)
    if best is None or mine is None:
        # Not valued (a budget too small to search it): no cost is claimed.
        return Moment(0, 0, chosen, analysis.best, 0.0, mine, best)
    return Moment(0, 0, chosen, analysis.best, max(0.0, best - mine), mine, best)


def _placed(moment: Moment, index: int, round_: int) -> Moment:
    return Moment(
        index,
        round_,
        moment.chosen,
        moment.suggested,
        moment.loss,
        moment.chosen_value,
        moment.suggested_value,
        moment.how,
    )


def moment_reason(
    game_id: str, observation: Any, moment: Moment, names: Sequence[str] | None = None
) -> Said:
    """Why the AI prefers its move at `moment` (seen as `observation`, the seat's view
    then): what the move does, with facts counted in the same sampled worlds as the
    review's search, and what the move played cost (`Said`: `str` gives the English)."""
    worlds = sample_worlds(
        game_id,
        observation,
        Analysis(
            game_id,
            observation.player,
            moment.suggested,
            seed=observation_seed(observation),
            worlds=level_for(HINT_LEVEL, game_id).config.worlds,
        ),
    )
    explainer = explainer_for(game_id)
    what = explainer.reason_said(observation, moment.suggested, worlds, names)
    if moment.how == "rule":
        return explainer.rule_review_said(what)
    return said(
        "{what}; {amount:.1f} {unit} more projected lead over the best rival than your move",
        what=what,
        amount=moment.loss,
        unit=Term("unit", game_id, score_unit(game_id)),
    )


def cost_words(game_id: str, loss: float) -> str:
    """'1.2 cards more projected lead over the best rival' (see `ai.hint.lead_note`)."""
    return f"{loss:.1f} {score_unit(game_id)} more projected lead over the best rival"


def summary_words(review: Review, you: str = "you") -> str:
    """The review in one paragraph, its one number explained: how many decisions were
    weighed, how many the AI would have played otherwise at a cost, the costliest. The
    costs are not summed: each is a projection from its own position, and together they
    add up to nothing the game counted."""
    unit = score_unit(review.game)
    costly = review.moments(len(review.decisions))
    head = f"{len(review.decisions)} decisions weighed with what {you} could see"
    if not costly:
        return f"{head}; none cost anything the hard AI could measure."
    worst = costly[0]
    marginal = sum(1 for m in costly if m.loss < MARGINAL.get(review.game, 0.5))
    plain = f", {marginal} of them only marginally" if marginal else ""
    return (
        f"{head}; at {len(costly)} of them the hard AI's move kept more projected lead "
        f"({lead_note(review.game)}){plain}; the costliest, in round {worst.round}, "
        f"{worst.loss:.1f} {unit}."
    )
