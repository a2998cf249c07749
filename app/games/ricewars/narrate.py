"""Rice Wars in words: names, a teller for one viewer, decisions as log lines, scores.

Everything here reads the engine's public state (`RiceWarsState`'s fields and queries)
and the history through `clone` / `undo`. A line is told to one *viewer*: a seat (who is
"you" and knows its own secrets), `PUBLIC` (what everybody knows) or `EVERYTHING` (every
secret, as after the game). Fights, auctions and new rounds are retold in
`app.games.ricewars.fights`; the whole story per viewer is `app.games.ricewars.story`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.games.presentation import EVERYTHING, summed
from app.i18n import N_, _, ngettext
from app.palette import RICEWARS_COLOURS
from engine.ricewars import actions as A
from engine.ricewars import records as R
from engine.ricewars.data import (
    ADVISOR_INDEX,
    ADVISORS,
    CARD_INDEX,
    CARDS,
    DRAW_CARDS,
    ROUND_BONUS,
    Advisor,
    Card,
)
from engine.ricewars.effects import EFFECTS, fill
from engine.ricewars.observation import purse_estimate
from engine.ricewars.records import Part
from engine.ricewars.state import (
    BID,
    HIRE,
    MOVE,
    NEUTRAL,
    OCCUPY,
    OVER,
    PALACE,
    PICK,
    SETUP_PEASANT,
    RiceWarsState,
    bits,
)
from engine.words import Words

SYMBOL_WORDS = {
    "income3": (N_("+3 Ryo"), N_("Income: every daimyo earns 3 Ryo more")),
    "auction": (N_("Auction"), N_("Advisor auction after hiring")),
    "card": (N_("+1 card"), N_("Draw phase: 3 cards instead of 2")),
    "attack1": (N_("Attack +1"), N_("Attackers get +1 strength in every combat")),
}
"""Each round symbol's short and long words (marked; said with `_` where shown)."""
assert ROUND_BONUS == 3, "the income symbol's words name 3 Ryo"
assert DRAW_CARDS == 2, "the card symbol's words name 3 cards instead of 2"
PHASE_STEPS = (N_("Income"), N_("Hiring"), N_("Auction"), N_("Actions"), N_("Draw"))
PHASE_NAMES = (N_("Setup"), N_("Game over"))
"""The phases' names, also `phase_step`'s (marked; said with `_` where shown)."""
COLOUR_NAMES = {
    "red": N_("Red"),
    "yellow": N_("Yellow"),
    "black": N_("Black"),
    "green": N_("Green"),
    "blue": N_("Blue"),
}
"""The daimyo's colours, their names at the table."""


def card_of(card_id: str) -> Card:
    """The card copy with text id `card_id` (`shouri2`)."""
    return CARDS[CARD_INDEX[card_id]]


def advisor_of(advisor_id: str) -> Advisor:
    """The advisor with id `advisor_id`."""
    return ADVISORS[ADVISOR_INDEX[advisor_id]]


def seat_name(state: RiceWarsState, seat: int) -> str:
    """ "Red", or "Neutral" for the scenario's neutral player."""
    return str(seat_words(state, seat))


def seat_words(state: RiceWarsState, seat: int) -> Words:
    """The seat's name in no language yet (a save's summary keeps it): "Red", "Neutral"."""
    if seat == state.neutral:
        return Words.of(N_("Neutral"))
    colour = state.colour[seat]
    return Words.of(COLOUR_NAMES.get(colour) or colour.capitalize())


def seat_colour(state: RiceWarsState, seat: int) -> str:
    """The seat's colour as #rrggbb (`app.palette`; the neutral's too)."""
    return RICEWARS_COLOURS[state.colour[seat]].colour


def seat_ink(state: RiceWarsState, seat: int) -> str:
    """Black or white, whichever reads on the seat's colour."""
    return RICEWARS_COLOURS[state.colour[seat]].ink


def seat_mark(state: RiceWarsState, seat: int) -> str:
    """The seat's two-letter mark ("RD")."""
    return RICEWARS_COLOURS[state.colour[seat]].mark


def field_name(state: RiceWarsState, fid: str) -> str:
    """A field's name ("Takada"); never its id."""
    index = state.board.index.get(fid)
    return state.board.names[index] if index is not None else _("a field")


def phase_step(state: RiceWarsState) -> str:
    """Which of the five phases (or Setup / Game over) the position is in."""
    ph = state.phase
    if ph in (PALACE, MOVE, SETUP_PEASANT):
        return "Setup"
    if ph == HIRE:
        return "Hiring"
    if ph in (PICK, BID):
        return "Auction"
    if ph == OVER:
        return "Game over"
    return "Actions"


def plural(count: int, word: str) -> str:
    """ "1 ashigaru", "2 peasants" in the language's plural forms (`word`: peasant,
    ashigaru, ronin, field or card)."""
    forms = {
        "peasant": lambda n: ngettext("{n} peasant", "{n} peasants", n),
        "ashigaru": lambda n: ngettext("{n} ashigaru", "{n} ashigaru", n),
        "ronin": lambda n: ngettext("{n} ronin", "{n} ronin", n),
        "field": lambda n: ngettext("{n} field", "{n} fields", n),
        "card": lambda n: ngettext("{n} card", "{n} cards", n),
        "service": lambda n: ngettext("{n} service", "{n} services", n),
    }
    return forms[word](count).format(n=count)


def and_words(parts: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return _("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


def troops_words(ashigaru: int, ronin: int) -> str:
    """ "2 ashigaru and 1 ronin", "no troops"."""
    parts = []
    if ashigaru:
        parts.append(plural(ashigaru, "ashigaru"))
    if ronin:
        parts.append(plural(ronin, "ronin"))
    return and_words(parts) or _("no troops")


def card_words(card: Card) -> str:
    """ "Hosaku (Rich harvest, +1)"."""
    return f"{card.name} ({_(card.title)}, +{card.bonus})"


def upper(text: str) -> str:
    """`text` with a capital first letter."""
    return text[:1].upper() + text[1:]


def third_to_plain(verb: str) -> str:
    """ "places" -> "place", "passes" -> "pass", "occupies" -> "occupy", "has" -> "have"."""
    irregular = {"has": "have", "is": "are", "does": "do"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


@dataclass(frozen=True, slots=True)
class Teller:
    """Names as one viewer reads them: "you" for the viewer's own seat, colours else."""

    state: RiceWarsState
    viewer: int

    def you(self, seat: int) -> bool:
        """True when `seat` is the viewer."""
        return seat == self.viewer and seat >= 0

    def knows(self, seat: int) -> bool:
        """True when the viewer may know `seat`'s secrets (its own, or everything)."""
        return self.viewer == EVERYTHING or self.you(seat)

    def who(self, seat: int, start: bool = True) -> str:
        """ "You" / "you" / "Red"."""
        if self.you(seat):
            return _("You") if start else _("you")
        return seat_name(self.state, seat)

    def whose(self, seat: int, start: bool = False) -> str:
        """ "your" / "Your" / "Red's"."""
        if self.you(seat):
            return "Your" if start else "your"
        return f"{seat_name(self.state, seat)}'s"

    def own(self, seat: int) -> str:
        """The possessive that refers back to the subject: "your" / "its"."""
        return "your" if self.you(seat) else "its"

    def verb(self, seat: int, third: str) -> str:
        """The verb agreeing with `seat` as the subject: "place" for you, "places" else."""
        return third_to_plain(third) if self.you(seat) else third

    def says(self, seat: int, third: str, rest: str = "") -> str:
        """A sentence with `seat` as its subject: "You place a peasant on Takada."."""
        text = f"{self.who(seat)} {self.verb(seat, third)}"
        return (f"{text} {rest}" if rest else text).rstrip(".") + "."

    def said(self, seat: int, you: str, other: str, **values: Any) -> str:
        """The sentence told to `seat` itself (`you`) or to anyone else (`other`, naming it
        `{player}`), both marked with `N_`, in the current language."""
        text = _(you) if self.you(seat) else _(other)
        return text.format(player=seat_name(self.state, seat), **values)

    def counted(self, seat: int, you: str, other: str, n: int, **values: Any) -> str:
        """`said` of a count `n`, the forms already chosen by `ngettext` (`you` for
        `seat` itself, `other` naming it `{player}`)."""
        text = you if self.you(seat) else other
        return text.format(player=seat_name(self.state, seat), n=n, **values)

    def name(self, seat: int) -> str:
        """The seat's name whoever reads it ("Red"; "you" are told your colour too)."""
        return seat_name(self.state, seat)


def purse_words(state: RiceWarsState, s: int, viewer: int, money: int | None = None) -> str:
    """Seat `s`'s Ryo as `viewer` may know them: the amount for one's own purse (and for
    `EVERYTHING`, or once the game is over), else the public estimate ("5–9", "0";
    `engine.ricewars.observation.purse_estimate`): another's notes are kept face down.
    `money`: the purse as of a step (default: now)."""
    money = state.money[s] if money is None else money
    if s == viewer or viewer == EVERYTHING or state.is_terminal():
        return str(money)
    low, high = purse_estimate(money)
    return str(low) if low == high else f"{low}–{high}"


# ---------------------------------------------------------------------------- the log


def previous(state_after: RiceWarsState) -> RiceWarsState | None:
    """The position before the last action (None at the start)."""
    if not state_after.history:
        return None
    before = state_after.clone()
    before.undo()
    return before


def action_words(  # noqa: C901 - one sentence per kind of action
    before: RiceWarsState | None, after: RiceWarsState, action: Any, p: int, tell: Teller
) -> str:
    """The log line of a placement, a card, a service, a hiring's end or a peasant given
    or lost (`app.games.ricewars.decisions.describe` words the other decisions from
    their records)."""
    st = before or after
    phase = before.phase if before is not None else -1
    said = tell.said
    if isinstance(action, A.Palace):
        where = field_name(st, action.field)
        if phase == MOVE:
            return said(
                p,
                N_("You move your palace to {field}."),
                N_("{player} moves its palace to {field}."),
                field=where,
            )
        if before is not None and before.queue and before.queue[0][1] != p:
            owner = before.queue[0][1]
            if tell.you(owner):
                return said(
                    p,
                    N_("You place your palace on {field}."),
                    N_("{player} places your palace on {field}."),
                    field=where,
                )
            return said(
                p,
                N_("You place the palace of {owner} on {field}."),
                N_("{player} places the palace of {owner} on {field}."),
                field=where,
                owner=tell.name(owner),
            )
        return said(
            p,
            N_("You build your palace on {field}."),
            N_("{player} builds its palace on {field}."),
            field=where,
        )
    if isinstance(action, A.Peasant):
        where = field_name(st, action.field)
        if phase == NEUTRAL:
            return said(
                p,
                N_("You place a neutral peasant on {field}."),
                N_("{player} places a neutral peasant on {field}."),
                field=where,
            )
        if phase == SETUP_PEASANT and before is not None and before.queue:
            owner = before.queue[0][1]
            if owner != p:
                if tell.you(owner):
                    return said(
                        p,
                        N_("You place one of your peasants on {field}."),
                        N_("{player} places one of your peasants on {field}."),
                        field=where,
                    )
                return said(
                    p,
                    N_("You place a peasant of {owner} on {field}."),
                    N_("{player} places a peasant of {owner} on {field}."),
                    field=where,
                    owner=tell.name(owner),
                )
        if phase == OCCUPY:
            return said(
                p,
                N_("You occupy {field} with a peasant."),
                N_("{player} occupies {field} with a peasant."),
                field=where,
            )
        return said(
            p,
            N_("You place a peasant on {field}."),
            N_("{player} places a peasant on {field}."),
            field=where,
        )
    if isinstance(action, A.Done):
        return hiring_words(after, p, tell)
    if isinstance(action, A.Play):
        return _play_words(before, after, action, p, tell)
    if isinstance(action, A.Service):
        adv = advisor_of(action.advisor)
        fields = [field_name(st, a) for a in action.args]
        effect = effect_words(adv.op, adv.amount, p, tell, fields=fields)
        return said(
            p,
            N_("You call on {advisor}: {effect}."),
            N_("{player} calls on {advisor}: {effect}."),
            advisor=adv.name,
            effect=effect,
        )
    if isinstance(action, A.Give):
        taker = before.fight["att"] if before is not None and before.fight else -1
        where = field_name(st, action.field)
        if taker < 0:
            return said(
                p,
                N_("You give up your peasant on {field}."),
                N_("{player} gives up its peasant on {field}."),
                field=where,
            )
        if tell.you(taker):
            return said(
                p,
                N_("You give your peasant on {field} to yourself."),
                N_("{player} gives its peasant on {field} to you."),
                field=where,
            )
        return said(
            p,
            N_("You give your peasant on {field} to {taker}."),
            N_("{player} gives its peasant on {field} to {taker}."),
            field=where,
            taker=tell.name(taker),
        )
    if isinstance(action, A.Lose):
        return said(
            p,
            N_("You lose your peasant on {field}."),
            N_("{player} loses its peasant on {field}."),
            field=field_name(st, action.field),
        )
    return said(p, N_("You make a move."), N_("{player} makes a move."))


def _play_words(
    before: RiceWarsState | None, after: RiceWarsState, action: A.Play, p: int, tell: Teller
) -> str:
    """An action card played, in its declared words with its targets."""
    st = before or after
    card = card_of(action.card)
    if card.cost:
        words = _("{card} ({title}, {n} Ryo)").format(
            card=card.name, title=_(card.title), n=card.cost
        )
    else:
        words = _("{card} ({title})").format(card=card.name, title=_(card.title))
    fields = [field_name(st, a) for a in action.args if a in st.board.index]
    seats = [int(a[1:]) for a in action.args if a not in st.board.index]
    target = seats[0] if seats else -1
    if target < 0 and fields and before is not None:
        target = before.owner[before.field(action.args[0])]  # whose peasant it acts on
    gained = ""
    if before is not None and seats:
        taken = [c for c in after.hands[p] if c not in before.hands[p]]
        if before.hands[p] != after.hands[p] or taken:
            gained = _("a card")
            if taken and (tell.knows(p) or tell.knows(target)):
                gained = card_words(CARDS[taken[0]])
            elif not taken:
                gained = _("nothing (a full hand)")
    effect = effect_words(card.op, card.amount, p, tell, target, fields, gained)
    return tell.said(
        p,
        N_("You play {card}: {effect}."),
        N_("{player} plays {card}: {effect}."),
        card=words,
        effect=effect,
    )


def hiring_words(state_after: RiceWarsState, player: int, tell: Teller) -> str:
    """The whole hiring turn that just ended (by `done` or by its last hire or payment):
    who was hired, whose upkeep was paid, for how much, and what left unpaid (the
    engine's records of the turn, `Hiring` and `HiringEnd`)."""
    walk = state_after.clone()
    moves: list[Any] = []
    while walk.history and isinstance(walk.history[-1], (A.Hire, A.Pay, A.Done)):
        last = walk.history[-1]
        walk.undo()
        if walk.phase != HIRE or walk.current_player() != player:
            walk.apply(last)
            break
        moves.insert(0, last)
    told: list[Any] = []
    for move in moves:  # from the position where the turn began
        told.extend(walk.apply_told(move))
    hires = [r for r in told if isinstance(r, R.Hiring) and r.player == player]
    ended = [r for r in told if isinstance(r, R.HiringEnd) and r.player == player]
    hired: dict[str, int] = {}
    paid: dict[str, int] = {}
    for r in hires:
        counts = paid if r.upkeep else hired
        counts[r.what] = counts.get(r.what, 0) + 1
    spent = sum(r.cost for r in hires)
    hired_words = and_words([plural(n, kind) for kind, n in hired.items()])
    paid_words = and_words(
        [plural(n, w) if w in ("ashigaru", "ronin") else w for w, n in paid.items()]
    )
    said = tell.said
    if hired and paid:
        text = said(
            player,
            N_("You hire {hired}, and pay the upkeep of {paid} ({n} Ryo)"),
            N_("{player} hires {hired}, and pays the upkeep of {paid} ({n} Ryo)"),
            hired=hired_words,
            paid=paid_words,
            n=spent,
        )
    elif hired:
        text = said(
            player,
            N_("You hire {hired} ({n} Ryo)"),
            N_("{player} hires {hired} ({n} Ryo)"),
            hired=hired_words,
            n=spent,
        )
    elif paid:
        text = said(
            player,
            N_("You pay the upkeep of {paid} ({n} Ryo)"),
            N_("{player} pays the upkeep of {paid} ({n} Ryo)"),
            paid=paid_words,
            n=spent,
        )
    else:
        text = said(player, N_("You hire nobody"), N_("{player} hires nobody"))
    left = [left_words(what) for r in ended for what in r.left]
    if left:
        one = len(left) == 1 and (not left[0][0].isdigit() or left[0].startswith("1 "))
        if one:
            text += _("; unpaid, {servants} leaves").format(servants=and_words(left))
        else:
            text += _("; unpaid, {servants} leave").format(servants=and_words(left))
    return text + "."


def left_words(what: str) -> str:
    """A servant the engine says left unpaid ("2 ashigaru", "Geisha"), in the current
    language."""
    count, _space, kind = what.partition(" ")
    if count.isdigit() and kind in ("ashigaru", "ronin"):
        return plural(int(count), kind)
    return what


class _Words(dict):
    """The placeholders of an effect's words for one reader (`engine.ricewars.effects`)."""

    def __init__(
        self,
        tell: Teller,
        p: int,
        amount: int,
        target: int,
        fields: Sequence[str] = (),
        gained: str = "",
    ) -> None:
        named = [*fields, _("a field"), _("a field")]
        super().__init__(
            player=tell.name(p),
            amount=amount,
            cards=plural(amount, "card"),
            target=tell.name(target) if target >= 0 else _("another daimyo"),
            field=named[0],
            field2=named[1],
            gained=gained or _("a card"),
        )


def effect_words(
    op: str,
    amount: int,
    p: int,
    tell: Teller,
    target: int = -1,
    fields: Sequence[str] = (),
    gained: str = "",
) -> str:
    """What a card's or an advisor's effect did, in its declared words (`engine.ricewars.
    effects`), told to `tell`'s viewer ("take 4 Ryo from the bank"): `target` the seat
    it acted on, `fields` the fields it named, `gained` what it took."""
    words = _(EFFECTS[op].told(tell.you(p), target >= 0 and tell.you(target)))
    return fill(words, _Words(tell, p, amount, target, fields, gained))


def action_places(before: RiceWarsState, action: Any) -> tuple[str, ...]:
    """The fields a decision happened at (for the log's "where" and the last-move rings)."""
    if isinstance(action, (A.Palace, A.Peasant, A.Attack, A.Give, A.Lose)):
        return (action.field,)
    if isinstance(action, (A.Play, A.Service)):
        places = tuple(a for a in action.args if a in before.board.index)
        if not places and before.fight is not None and before.fight["field"] >= 0:
            return (before.fid(before.fight["field"]),)
        return places
    if isinstance(action, (A.Defend, A.Bonus, A.Stop, A.Use)) and before.fight is not None:
        f = before.fight["field"]
        return (before.fid(f),) if f >= 0 else ()
    if isinstance(action, A.Skip) and before.phase == OCCUPY and before.fight is not None:
        return (before.fid(before.fight["field"]),)
    return ()


# ---------------------------------------------------------------------------- income


def parts_words(parts: Sequence[Part]) -> str:
    """ "palace 2 + 3 connected peasants (3) = 5"."""
    total = sum(p.amount for p in parts)
    if not parts:
        return "0"
    return " + ".join(part_words(p.what, p.amount) for p in parts) + f" = {total}"


def fight_sum(parts: Sequence[Part]) -> str:
    """A side's fight strength as the board's mark reads it, summed from the engine's
    record: "5 = 2 ashigaru (2) + Kenjutsu 1" (`presentation.summed`)."""
    total = sum(p.amount for p in parts)
    items = [(p.amount, part_words(p.what, abs(p.amount))) for p in parts]
    return summed(total, items, alone=False)


def part_words(what: str, amount: int) -> str:
    """One part of a sum with its amount: "palace 2", "Ikki 1"; a part that is a count
    of things has its amount in brackets, so the two numbers are not read as one: "3
    ashigaru (6)", "8 connected peasants (8)"."""
    said = income_what(what)
    return f"{said} ({amount})" if said[:1].isdigit() else f"{said} {amount}"


def income_what(what: str) -> str:
    """A part's name in the engine's records (`Part.what`: income parts "palace", "3
    connected peasants", "blessed Takada", "round bonus"; strength parts "2 ashigaru",
    "peasant", "attack round", "advisor's service", a card's name and how it came) in the
    current language."""
    count, _space, rest = what.partition(" ")
    if count.isdigit() and rest.startswith("connected peasant"):
        n = int(count)
        return ngettext("{n} connected peasant", "{n} connected peasants", n).format(n=n)
    if count.isdigit() and rest in ("ashigaru", "ronin"):
        return plural(int(count), rest)
    if what.startswith("blessed "):
        return _("blessed {field}").format(field=what.removeprefix("blessed "))
    for suffix, words in PART_SUFFIXES.items():
        if what.endswith(suffix):
            return _(words).format(card=what.removesuffix(suffix))
    return _(INCOME_WORDS[what]) if what in INCOME_WORDS else what


PART_SUFFIXES = {
    " (drawn face down)": N_("{card} (drawn face down)"),
    "'s effect": N_("{card}'s effect"),
    " (tie-break draw)": N_("{card} (tie-break draw)"),
}
INCOME_WORDS = {
    "palace": N_("palace"),
    "round bonus": N_("round bonus"),
    "peasant": N_("peasant"),
    "attack round": N_("attack round"),
    "advisor's service": N_("advisor's service"),
}


# ---------------------------------------------------------------------------- scores

SCORE_COLUMNS = (
    N_("Ryo"),
    N_("Servants (Ryo)"),
    N_("Board peasants (Ryo)"),
    N_("Wealth"),
    N_("Fields"),
)
"""The end screen's columns: wealth (Ryo, kept servants and board peasants at their cost,
the columns say "(Ryo)": "Servants 18" read as eighteen servants) breaks a tie in fields,
which decide (the engine's score, fields + wealth / 1000, is not a number a player would
read)."""


def score_row(state: RiceWarsState, s: int) -> tuple[int, ...]:
    """Ryo, value of kept servants and board peasants, wealth, and the fields, as the
    engine counts them (`wealth_parts`, which `wealth` sums)."""
    parts = state.wealth_parts(s)
    return (*parts, state.wealth(s), state.fields_of(s))


def disconnected(state: RiceWarsState, s: int) -> list[int]:
    """Fields of seat `s` whose peasant is cut off from its palace."""
    if state.palace[s] < 0:
        return list(bits(state.own[s]))
    return list(bits(state.own[s] & ~state.connected(s)))
