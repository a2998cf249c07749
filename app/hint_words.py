"""The AI's hints and review reasons in the person's language. Qt-free.

`ai/` gives its reasons as data (`ai.explain.Said`: an English template, which is also its
code, and its parameters); `say` turns them into the words of the current language with the
templates below, marked for translation. `tests/app/test_hint_words.py` checks that every
template `ai/` can give has its place here (a new one would stay English).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ai.explain import Said, Term
from app.games.rokugan import words
from app.i18n import N_, Number, _, inside_sentence
from app.review_words import score_unit

TEMPLATES = frozenset(
    (
        N_("in {count} of {total} sampled worlds"),
        N_("in no sampled world"),
        N_("in every sampled world"),
        N_("{what} on {place}"),
        N_("a token no longer on the board"),
        N_("{clan}'s {token}"),
        N_("your {token}"),
        N_("{clan}'s face-down token"),
        N_("your face-down token"),
        N_("{what} in {place}"),
        N_("{what} off {place}"),
        N_("the border {source} → {target}"),
        N_("the coast of {province}"),
        N_(
            "if the board were resolved now: you {mine:.1f} honor, the best rival {rival:.1f} "
            "(before it {mine0:.1f} and {rival0:.1f})"
        ),
        N_("attacks {province} ({clan}'s): taken {worlds}"),
        N_("strengthens the attack on {province} ({clan}'s): taken {worlds}"),
        N_("met by {odds:.0%} of the players dealt it in measured games"),
        N_("takes {province}, worth {flowers} flowers"),
        N_("looks at {token}, aimed at {province}"),
        N_(
            "keeps your cards for a later round (if the board were resolved now: you "
            "{mine:.1f} honor, the best rival {rival:.1f})"
        ),
        N_("places {token}"),
        N_("a bluff on {place}: it keeps a real token in hand, and rivals cannot tell it from one"),
        N_("makes {province} peaceful for good: no battle there this round"),
        N_("raids {province}: scorched {worlds}"),
        N_(
            "defends {province} ({other} is more threatened): rivals aim {aimed:.1f} strength "
            "at it on average; held {worlds}"
        ),
        N_(
            "defends {province} ({other} is more threatened) (Blessing): rivals aim "
            "{aimed:.1f} strength at it on average; held {worlds}"
        ),
        N_("attacks {province} (unclaimed): taken {worlds}"),
        N_("strengthens the attack on {province} (unclaimed): taken {worlds}"),
        N_("takes {province} in {territory}, worth {flowers} flowers"),
        N_("takes {province}, worth {flowers} flower"),
        N_("looks at {token}"),
        N_("looks at {token}, aimed at your province {province}"),
        N_(
            "guards {province}: no rival token aims at it, and a defender nobody attacks "
            "earns a face-up control token"
        ),
        N_(
            "guards {province} (Blessing): no rival token aims at it, and a defender nobody "
            "attacks earns a face-up control token"
        ),
        N_(
            "defends {province}, the province most likely to be attacked: rivals aim "
            "{aimed:.1f} strength at it on average; held {worlds}"
        ),
        N_(
            "defends {province}, the province most likely to be attacked (Blessing): rivals "
            "aim {aimed:.1f} strength at it on average; held {worlds}"
        ),
        N_("takes {province} in {territory}, worth {flowers} flower"),
        N_("{what}; {tail}"),
        N_(
            "{gap:.1f} {unit} more than the next best, {move} (projected lead over the best "
            "rival {value:+.1f} {unit})"
        ),
        N_("the only legal move"),
        N_("the AI looks by rule, as a search cannot value what a look reveals"),
        N_(
            "as good as the next best, {move} (projected lead over the best rival "
            "{value:+.1f} {unit} with either)"
        ),
        N_(
            "{gap:.1f} {unit} less than the AI's best, {move} (projected lead over the best "
            "rival {value:+.1f} {unit})"
        ),
        N_(
            "only marginally better than the next best, {move}: {gap:.1f} {unit} more "
            "(projected lead over the best rival {value:+.1f} {unit})"
        ),
        N_("the only move the AI found worth searching"),
        N_("{what}; {amount:.1f} {unit} more projected lead over the best rival than your move"),
        N_("{what}; the AI looks by rule, so the choice is not scored"),
        # Shinobi
        N_("a {clan} card"),
        N_("a {clan} card (your clan)"),
        N_("adds a card to the {clan} army {place} ({cards})"),
        N_("adds a card to the {clan} army (your clan) {place} ({cards})"),
        N_(
            "after it your clan has {cards} on the table against {rival:.1f} for the strongest "
            "clan a rival serves (as the others' moves so far suggest who serves which)"
        ),
        N_("an {clan} card"),
        N_("an {clan} card (your clan)"),
        N_("in your province"),
        N_("in {player}'s province"),
        N_(
            "moves {card}: {left} left {source}, {count} {target}; the {clan} total on the "
            "table stays the same"
        ),
        N_("no other player has an army large enough to attack that {clan} army ({cards})"),
        N_("that {clan} army ({cards}) is within reach of the armies of {threats} on their turns"),
        N_("the Ninja removes a card from the {clan} army {place}, {left} left"),
        N_("the {clan} are a rival's clan {worlds}"),
        N_("to your province"),
        N_("to {player}'s province"),
        N_(
            "your {attacker} army ({strength}) removes a card from the {clan} army "
            "({defence}) {place}, {left} left"
        ),
        N_("{a}, {b}"),
        N_("{card}, not your clan's, keeps your clan hidden"),
        N_(
            "{card}, not your clan's: how plainly your play shows {clan} goes {before:.0%} → "
            "{after:.0%}"
        ),
        N_("{count} card"),
        N_("{count} cards"),
        N_("{player} ({cards})"),
        N_("{what}, and your {clan} army can attack armies of up to {cards}"),
        # Rice Wars
        N_(
            "right after it you hold {mine:.1f} fields against {rival:.1f} for the rival "
            "holding most"
        ),
        N_(
            "{why}; right after it you hold {mine:.1f} fields against {rival:.1f} for the "
            "rival holding most"
        ),
        N_("{advisor}'s services are worth less to you than their upkeep"),
        N_(
            "{advisor} is worth about {two:.1f} fields to you with 2 services ({one:.1f} "
            "with 1), upkeep counted, and a Ryo {ryo:.2f}"
        ),
        N_("your peasant on {field} is at stake, worth {stake:.1f} fields to its owner"),
        N_("the peasant on {field} is at stake, worth {stake:.1f} fields to its owner"),
        N_(
            "the AI chooses its bid by rule: the most expected worth won less Ryo paid, "
            "each rival bidding up to what the lot is worth to it"
        ),
        N_("{what}; the AI chooses its bid by rule, so the choice is not scored"),
        N_(
            "your troops could take about {fields:.1f} fields this round from the rival "
            "least able to stop them"
        ),
    )
)
"""Every template of `ai/`'s reasons (those that only carry a name, "{province}", and a
game's own English sentence, "{words}", need no words)."""


def say(said: Any, move_words: Callable[[Any], str | None] | None = None) -> str:
    """`said` (a `Said`, a `Term`, or anything else as `str` gives it) in the current
    language; `move_words(action)` names a move in the game's own words, where it can."""
    if isinstance(said, Term):
        return _term(said, move_words)
    if not isinstance(said, Said):
        return str(said)
    values = {key: _value(value, move_words) for key, value in said.params}
    template = _(said.template) if said.template in TEMPLATES else said.template
    return template.format(**values)


def _value(value: Any, move_words: Callable[[Any], str | None] | None) -> Any:
    """A parameter as the language says it: words in words, a decimal number with the
    language's decimal comma or point ("1,5" in German)."""
    if isinstance(value, (Said, Term)):
        return say(value, move_words)
    return Number(value) if isinstance(value, float) else value


def _term(term: Term, move_words: Callable[[Any], str | None] | None) -> str:
    if term.kind == "move" and move_words is not None:
        named = move_words(term.value)  # a sentence of its own: here inside another
        return inside_sentence(named) if named is not None else term.english
    if term.kind == "unit":
        return score_unit(term.value)
    if term.kind == "token":
        return words.token(term.value)
    if term.kind == "clan":
        return words.clan(term.value)
    if term.kind == "card":
        return words.card(term.value)
    if term.kind == "territory":  # the shipped map's in the person's words
        return words.territory(term.value)
    return term.english
