"""Rice Wars resolutions retold for one viewer: fights card by card, auctions, new rounds,
the end; and what each of them did to you.

A finished fight is retold from the engine's `last_fight` record (every card is face up by
then). Each step carries what the board shows while it is told (`StepShow`): the board
before the fight's result, and for the result the board it turns into, so stepping a
combat changes the board. Qt-free.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.games.ricewars.narrate import (
    SYMBOL_WORDS,
    Teller,
    and_words,
    card_words,
    describe,
    effect_words,
    field_name,
    income_parts,
    parts_words,
    plural,
    seat_name,
    upper,
)
from engine.ricewars import actions as A
from engine.ricewars.data import ADVISORS, CARDS, DRAW_CARDS
from engine.ricewars.state import FightRecord, RiceWarsState


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """What the board shows: who holds each field, the palaces, and each seat's peasants
    connected to its palace (bitmasks), so a view can draw a past position."""

    owner: tuple[int, ...]
    palace: tuple[int, ...]
    connected: tuple[int, ...]

    @classmethod
    def of(cls, state: RiceWarsState) -> BoardPicture:
        """The board of `state`."""
        return cls(
            tuple(state.owner),
            tuple(state.palace),
            tuple(state.connected(s) for s in range(state.seats)),
        )

    def own(self, seat: int) -> int:
        """The fields of `seat` as a bitmask."""
        mask = 0
        for f, owner in enumerate(self.owner):
            if owner == seat:
                mask |= 1 << f
        return mask


@dataclass(frozen=True, slots=True)
class FightPicture:
    """What the fight panel and the board's battle mark show (public by then)."""

    kind: str  # "combat" or "duel"
    attacker: int
    defender: int
    field: str | None
    troops: tuple[tuple[int, int], tuple[int, int]]
    cards: tuple[tuple[str, ...], tuple[str, ...]]  # card ids shown face up
    hidden: tuple[int, int]  # face-down cards not yet turned up
    strengths: tuple[int, int] | None
    known: tuple[int, int] = (0, 0)  # each side's strength without its cards (the engine's)
    result: str = ""
    winner: int = -1  # 0 attacker, 1 defender, 2 both lost, -1 not yet / no contest


@dataclass(frozen=True, slots=True)
class StepShow:
    """A resolution step on the board: the board it shows (`board`), the board a result
    turns it into (`after`, animated), and the fight it is about."""

    board: BoardPicture
    after: BoardPicture | None = None
    fight: FightPicture | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One resolution step told to one viewer: the lines its panel shows, and the lines
    it adds to the log (`logged`; None: the same) — a fight's opening and bonuses were
    logged as they were played, so their steps show those very lines and log none."""

    title: str
    lines: tuple[str, ...]
    fields: tuple[str, ...] = ()
    show: StepShow | None = None
    logged: tuple[str, ...] | None = None


def resolution_steps(
    before: RiceWarsState, action: Any, after: RiceWarsState, viewer: int
) -> list[Step]:
    """What happened beyond the action itself, step by step, as `viewer` is told it."""
    tell = Teller(before, viewer)
    steps: list[Step] = []
    board = BoardPicture.of(before)
    if before.fight is not None and after.last_fight is not None:
        steps.extend(_fight_steps(before, action, after, after.last_fight, tell))
        board = BoardPicture.of(after)
    if after.last_bids and after.last_bids != before.last_bids:
        steps.append(_auction_step(after, tell, board))
    if after.round > before.round:
        if after.round > 1:
            steps.append(_draw_step(before, after, tell, board))
        steps.append(_round_step(after, tell, board))
    if after.is_terminal() and not before.is_terminal():
        steps.append(_end_step(before, after, tell, board))
    return steps


# ---------------------------------------------------------------------------- fights


def fight_start(before: RiceWarsState, action: Any) -> tuple[RiceWarsState, list[tuple[int, Any]]]:
    """The position before the fight began and every (actor, action) of the fight."""
    walk = before.clone()
    moves = [(before.current_player(), action)]
    while walk.fight is not None and walk.history:
        last = walk.history[-1]
        walk.undo()
        moves.insert(0, (walk.current_player(), last))
    return walk, moves


def _fight_steps(  # noqa: C901 - the fight is told in its rulebook order
    before: RiceWarsState, action: Any, after: RiceWarsState, f: FightRecord, tell: Teller
) -> list[Step]:
    start, moves = fight_start(before, action)
    att, dfn = f.attacker, f.defender
    an, dn = tell.who(att), tell.who(dfn)
    field = f.field
    fields = (field,) if field else ()
    combat = f.kind == "combat"
    where = field_name(before, field or "")
    steps: list[Step] = []
    board = BoardPicture.of(before)

    def picture(cards: bool, strengths: bool, result: str = "") -> FightPicture:
        shown = (
            tuple(CARDS[c].id for c in (*f.cards[0], *f.blind[0])) if cards else (),
            tuple(CARDS[c].id for c in (*f.cards[1], *f.blind[1])) if cards else (),
        )
        hidden = (
            (0, 0)
            if cards
            else (len(f.cards[0]) + len(f.blind[0]), len(f.cards[1]) + len(f.blind[1]))
        )
        power = f.strengths if strengths else None
        return FightPicture(f.kind, att, dfn, field, f.troops, shown, hidden, power, f.known,
                            result, f.winner if result else -1)  # fmt: skip

    # the fight's decisions before the reveal, in the words each had in the log
    opening: list[str] = []
    exchange: list[str] = []
    walk = start.clone()
    for actor, move in moves:
        was = walk.clone()
        walk.apply(move)
        if was.fight is not None and was.fight["revealed"]:
            continue  # payments and the occupation: the reveal and the result tell them
        text = describe(was, move, walk, actor, tell.viewer)
        if text:
            (opening if isinstance(move, (A.Attack, A.Defend, A.Duel)) else exchange).append(text)
    title = f"Combat at {where}" if combat else (
        f"Duel: {an} {tell.verb(att, 'challenges')} {tell.who(dfn, False)}"
    )  # fmt: skip
    steps.append(Step(title, tuple(opening), fields,
                      StepShow(board, None, picture(False, False)), logged=()))  # fmt: skip
    drawn = []
    if dfn == before.neutral and combat and f.blind[1]:
        drawn.append("Neutral draws one card face down as its bonus.")
    if exchange or drawn:
        steps.append(Step("Bonuses" if f.revealed else "The answer", (*exchange, *drawn),
                          fields, StepShow(board, None, picture(False, False)),
                          logged=tuple(drawn)))  # fmt: skip
    if not f.revealed:
        steps.append(_result_step(before, after, f, tell, picture, start, fields, title))
        return steps

    s0, s1 = f.parts
    reveal = [
        f"{an}: "
        + (", ".join(card_words(CARDS[c]) for c in (*f.cards[0], *f.blind[0])) or "no card"),
        f"{dn}: "
        + (", ".join(card_words(CARDS[c]) for c in (*f.cards[1], *f.blind[1])) or "no card"),
    ]
    for c in f.paid:
        card = CARDS[c]
        payer = att if c in f.cards[0] else dfn
        effect = effect_words(card.op, card.amount, payer, tell)
        reveal.append(tell.says(payer, "pays", f"{card.cost} Ryo for {card.name}: {effect}"))
    if f.tie:
        draws = ", ".join(
            f"{tell.who(att if w == 0 else dfn)} {card_words(CARDS[c])}" for w, c in f.tie
        )
        reveal.append(f"Tie-break draws: {draws}.")
    for seat, parts in ((att, s0), (dfn, s1)):
        head = "Your strength" if tell.you(seat) else f"Strength of {tell.who(seat)}"
        reveal.append(f"{head}: {parts_words(parts)}")
    steps.append(Step("Cards revealed", tuple(reveal), fields,
                      StepShow(board, None, picture(True, True))))  # fmt: skip
    steps.append(_result_step(before, after, f, tell, picture, start, fields, title))
    return steps


def _result_step(  # noqa: C901 - every way a fight ends
    before: RiceWarsState,
    after: RiceWarsState,
    f: FightRecord,
    tell: Teller,
    picture: Any,
    start: RiceWarsState,
    fields: tuple[str, ...],
    title: str,
) -> Step:
    att, dfn = f.attacker, f.defender
    an, dn = tell.who(att), tell.who(dfn)
    field = f.field
    winner = f.winner
    result: list[str] = []
    if f.kind == "combat":
        where = field_name(before, field or "")
        shouri = [c for c in f.paid if CARDS[c].op == "win_combat"]
        if shouri:
            payer = att if shouri[-1] in f.cards[0] else dfn
            result.append(f"Shouri! {tell.who(payer)} {tell.verb(payer, 'wins')} the combat "
                          "after all.")  # fmt: skip
        if winner == 0:
            now = after.owner[after.field(field or "")]
            if now == att and f.troops[0][1]:
                result.append(f"{an} {tell.verb(att, 'wins')}: the ronin converts "
                              f"{tell.whose(dfn)} peasant on {where}.")  # fmt: skip
            elif now == att:
                result.append(f"{an} {tell.verb(att, 'wins')}: {tell.whose(dfn)} peasant is "
                              f"driven out and {tell.who(att, False)} "
                              f"{tell.verb(att, 'occupies')} {where}.")  # fmt: skip
            else:
                result.append(f"{an} {tell.verb(att, 'wins')}: {tell.whose(dfn)} peasant is "
                              f"driven out of {where}, which {tell.who(att, False)} "
                              f"{tell.verb(att, 'leaves')} empty.")  # fmt: skip
        else:
            result.append(tell.says(dfn, "holds", where))
        for c in f.paid:
            if CARDS[c].op == "keep_active":
                payer = att if c in f.cards[0] else dfn
                result.append(f"Kyuujo: {tell.whose(payer)} troops stay active.")
        if f.revealed:
            result.append("Both sides draw a card; the played cards go to the discard pile.")
    else:
        if not f.revealed:
            answer = after.history[-1] if after.history else None
            if isinstance(answer, A.Play):
                result.append(f"{dn} {tell.verb(dfn, 'escapes')}: the ronin leaves.")
            else:
                result.append(f"{dn} {tell.verb(dfn, 'hands')} over two peasants; "
                              "the ronin leaves.")  # fmt: skip
        elif winner == 0:
            result.append(f"{tell.whose(att, True)} ronin wins: {tell.who(dfn, False)} "
                          f"{tell.verb(dfn, 'loses')} four peasants.")  # fmt: skip
        elif winner == 1:
            result.append(f"{dn} {tell.verb(dfn, 'wins')}: {tell.whose(att)} ronin leaves.")
        else:
            result.append(f"A tie: both lose — the ronin leaves and {tell.who(dfn, False)} "
                          f"{tell.verb(dfn, 'loses')} four peasants.")  # fmt: skip
        if f.revealed:
            result.append(f"{an} {tell.verb(att, 'draws')} 2 cards, {tell.who(dfn, False)} "
                          f"{tell.verb(dfn, 'draws')} 3.")  # fmt: skip
    result.extend(summary_lines(start, after, (att, dfn), tell))
    text = " ".join(result[:2])
    show = StepShow(BoardPicture.of(before), BoardPicture.of(after), picture(True, True, text))
    changed = tuple(
        after.fid(q)
        for q in range(after.board.n)
        if before.owner[q] != after.owner[q] and after.fid(q) not in fields
    )
    return Step("Result", tuple(result), fields + changed, show)


# ---------------------------------------------------------------------------- summaries


def seat_changes(start: RiceWarsState, after: RiceWarsState, s: int, tell: Teller) -> str:
    """What changed for seat `s` from `start` to `after`, in a few words ("" for nothing)."""
    you = tell.you(s)
    gained = [q for q in range(after.board.n) if start.owner[q] != s == after.owner[q]]
    lost = [q for q in range(after.board.n) if start.owner[q] == s != after.owner[q]]
    parts = []
    if gained:
        names = and_words([after.board.names[q] for q in gained])
        parts.append(f"{'you took' if you else 'took'} {names}")
    if lost:
        names = and_words([after.board.names[q] for q in lost])
        parts.append(f"{'you lost' if you else 'lost'} {names}")
    fields0, fields1 = start.fields_of(s), after.fields_of(s)
    if fields0 != fields1:
        parts.append(f"fields {fields0} → {fields1}")
    for word, active0, tired0, due0, active1, tired1, due1 in (
        ("ashigaru", start.ash[s], start.ash_x[s], start.ash_due[s],
         after.ash[s], after.ash_x[s], after.ash_due[s]),
        ("ronin", start.ron[s], start.ron_x[s], start.ron_due[s],
         after.ron[s], after.ron_x[s], after.ron_due[s]),
    ):  # fmt: skip
        total0, total1 = active0 + tired0 + due0, active1 + tired1 + due1
        if total1 < total0:
            parts.append(f"{plural(total0 - total1, word)} lost")
        elif total1 > total0:
            parts.append(f"{plural(total1 - total0, word)} more")
        if tired1 > tired0 and total1 >= total0:
            parts.append(f"{plural(tired1 - tired0, word)} exhausted")
    # another's Ryo are secret (their notes are kept face down): told only to their owner
    if s != after.neutral and start.money[s] != after.money[s] and tell.knows(s):
        change = after.money[s] - start.money[s]
        sign = "+" if change > 0 else "−"
        parts.append(f"Ryo {start.money[s]} → {after.money[s]} ({sign}{abs(change)})")
    return "; ".join(parts)


def summary_lines(
    start: RiceWarsState, after: RiceWarsState, seats: tuple[int, ...], tell: Teller
) -> list[str]:
    """What happened to the viewer (when it is one of `seats`), or to each of `seats` for
    a viewer who is none of them (the public, everything); [] when nothing changed."""
    if tell.viewer >= 0:
        if tell.viewer not in seats:
            return []
        seats = (tell.viewer,)
    lines = []
    for s in dict.fromkeys(seats):
        words = seat_changes(start, after, s, tell)
        if words:
            head = "For you" if tell.you(s) else f"For {seat_name(after, s)}"
            lines.append(f"{head}: {words}.")
        elif tell.you(s):
            lines.append("For you: nothing changed.")
    return lines


def round_start(state: RiceWarsState, round_number: int) -> RiceWarsState:
    """The position when round `round_number` began (its first hiring decision)."""
    walk = state.clone()
    while walk.history and walk.round >= round_number:
        walk.undo()
    if walk.round < round_number and len(walk.history) < len(state.history):
        walk.apply(state.history[len(walk.history)])  # the step that began the round
    return walk


# ---------------------------------------------------------------------------- the rest


def _auction_step(after: RiceWarsState, tell: Teller, board: BoardPicture) -> Step:
    a, bids = after.last_bids
    adv = ADVISORS[a]
    seats = [s for s in range(after.seats) if s != after.neutral]
    lines = [
        "Bids: "
        + ", ".join(f"{tell.who(s)} {bids[s] if bids[s] >= 0 else '—'}" for s in seats)
        + "."
    ]
    amounts = sorted({b for b in bids if b > 0}, reverse=True)
    if not amounts:
        lines.append(f"Nobody bid: {adv.name} leaves the game.")
    for rank, amount in enumerate(amounts[:2]):
        for s in seats:
            if bids[s] == amount:
                services = 2 - rank
                lines.append(tell.says(s, "pays", f"{amount} Ryo and "
                                       f"{tell.verb(s, 'gets')} {plural(services, 'service')} "
                                       f"of {adv.name}"))  # fmt: skip
    return Step(f"Auction of {adv.name} ({adv.kanji})", tuple(lines), (), StepShow(board))


def _draw_step(
    before: RiceWarsState, after: RiceWarsState, tell: Teller, board: BoardPicture
) -> Step:
    extra = 1 if "card" in before.symbols() else 0
    ended = after.round - 1
    start = round_start(before, ended)
    lines = [
        f"Every daimyo draws {DRAW_CARDS + extra} cards (never more than 5 in hand).",
        f"{tell.who(after.governor)} {'are' if tell.you(after.governor) else 'is'} the new "
        "governor.",
    ]
    lines.extend(summary_lines(start, before, tuple(range(after.seats)), tell))
    return Step(f"Round {ended}: the draw", tuple(lines), (), StepShow(board))


def _round_step(after: RiceWarsState, tell: Teller, board: BoardPicture) -> Step:
    symbols = ", ".join(SYMBOL_WORDS[s][0] for s in sorted(after.symbols())) or "no symbol"
    lines = [
        f"Round {after.round} of {after.board.rounds}: {symbols}. "
        f"Governor: {tell.who(after.governor)}."
    ]
    for s in after.humans_from(after.governor):
        parts = income_parts(after, s)
        lines.append(tell.says(s, "earns", f"{parts_words(parts)} Ryo"))
    if after.neutral >= 0:
        lines.append("Neutral takes 3 peasants and an ashigaru (at most 2).")
    return Step(f"Round {after.round}: income", tuple(lines), (), StepShow(board))


def _end_step(
    before: RiceWarsState, after: RiceWarsState, tell: Teller, board: BoardPicture
) -> Step:
    winners = after.winners()
    lines = [
        f"{tell.who(s)}: {plural(after.fields_of(s), 'field')}, wealth {after.wealth(s)}"
        for s in range(after.seats)
    ]
    if not winners:
        lines.append("The neutral player holds the most fields: nobody wins.")
    else:
        lines.append("Winner: " + and_words([tell.who(s) for s in winners]) + ".")
    start = round_start(before, before.round)
    lines.extend(summary_lines(start, after, tuple(range(after.seats)), tell))
    return Step("Game over", tuple(upper(line) for line in lines), (), StepShow(board))
