"""What hints and reviews say, in the person's language. Qt-free.

`ai.review` and `ai.hint` measure (losses, projected leads, the rounds' scores); the words
for people are made here, from those numbers, with `app.i18n`: the text commands (`daimyo
review`) and the review and hint panels say the same sentences.
"""

from __future__ import annotations

from ai.hint import MARGINAL, SCORE_UNIT, WIN_WORTH
from ai.review import Review
from app.i18n import N_, _, ai_level_name, game_name, number

SCORE_UNITS = {"rokugan": N_("honor"), "ricewars": N_("fields"), "shinobi": N_("cards")}
"""Each game's score unit (`ai.hint.SCORE_UNIT`), marked for translation."""
SCORE_NAMES = {
    "rokugan": N_("Honor"),
    "ricewars": N_("Fields"),
    "shinobi": N_("Clan's cards"),
}
"""Each game's score as a chart's axis names it (`engine.core.scores_by_round`; Shinobi's
is the cards of each player's clan on the table, in the unit of its review, cards)."""


def score_unit(game_id: str) -> str:
    """'honor', 'fields', 'cards' in the current language ('points' for another game)."""
    return _(SCORE_UNITS[game_id]) if game_id in SCORE_UNIT else _("points")


def score_name(game_id: str) -> str:
    """The score's name, capitalised ('Honor'), in the current language."""
    return _(SCORE_NAMES[game_id]) if game_id in SCORE_NAMES else _("Score")


def amount(value: float) -> str:
    """A projected amount with one decimal ('1.2'; '1,2' in German)."""
    return number(value, ".1f")


def lead_note(game_id: str) -> str:
    """What the hints' and reviews' one number is (`ai.hint.lead_note`)."""
    return _(
        "your lead over the best rival in {unit} at the game's end, as the AI projects it; "
        "a win counts as {worth} {unit}"
    ).format(unit=score_unit(game_id), worth=number(WIN_WORTH.get(game_id, 5.0)))


def cost_words(game_id: str, loss: float) -> str:
    """'1.2 honor more projected lead over the best rival'."""
    return _("{amount} {unit} more projected lead over the best rival").format(
        amount=amount(loss), unit=score_unit(game_id)
    )


def summary_words(review: Review, you: bool = True) -> str:
    """The review in one paragraph (see `ai.review.summary_words`): the decisions weighed,
    those the hard AI would have played otherwise at a cost, the costliest; never a sum."""
    count = len(review.decisions)
    if you:
        head = _("{n} decisions weighed with what you could see").format(n=count)
    else:
        head = _("{n} decisions weighed with what the seat could see").format(n=count)
    costly = review.moments(count)
    if not costly:
        return _("{head}; none cost anything the hard AI could measure.").format(head=head)
    worst = costly[0]
    marginal = sum(1 for m in costly if m.loss < MARGINAL.get(review.game, 0.5))
    params = {
        "head": head,
        "costly": len(costly),
        "note": lead_note(review.game),
        "marginal": marginal,
        "round": worst.round,
        "amount": amount(worst.loss),
        "unit": score_unit(review.game),
    }
    if marginal:
        return _(
            "{head}; at {costly} of them the hard AI's move kept more projected lead "
            "({note}), {marginal} of them only marginally; the costliest, in round {round}, "
            "{amount} {unit}."
        ).format(**params)
    return _(
        "{head}; at {costly} of them the hard AI's move kept more projected lead ({note}); "
        "the costliest, in round {round}, {amount} {unit}."
    ).format(**params)


def seat_words(name: str, is_human: bool, bot: str | None, index: int) -> str:
    """'seat 1 (You)', 'seat 3 (Hard)': numbered from 1; a bot by its level."""
    who = name or (_("a person") if is_human else ai_level_name(bot or "AI"))
    return _("seat {n} ({who})").format(n=index + 1, who=who)


def review_title(game_id: str, fallback: str, seat: str, summary: str, seconds: float) -> str:
    """The first line of `daimyo review`."""
    return _("Review of {game}, {seat}: {summary} ({seconds} s of CPU time)").format(
        game=game_name(game_id, fallback), seat=seat, summary=summary, seconds=f"{seconds:.0f}"
    )
