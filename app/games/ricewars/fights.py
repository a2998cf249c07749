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

from app.games.ricewars.decisions import describe
from app.games.ricewars.narrate import (
    PHASE_NAMES,
    PHASE_STEPS,
    SYMBOL_WORDS,
    Teller,
    and_words,
    card_words,
    effect_words,
    field_name,
    parts_words,
    plural,
    upper,
)
from app.i18n import N_, _, ngettext
from engine.ricewars import actions as A
from engine.ricewars import records as R
from engine.ricewars.data import ADVISORS, CARDS
from engine.ricewars.effects import EFFECTS
from engine.ricewars.fight import live_fight_record
from engine.ricewars.records import Part, seat_word
from engine.ricewars.standings import standing as standing_of
from engine.ricewars.standings import standings
from engine.ricewars.state import FightRecord, RiceWarsState

INCOME, _HIRING, AUCTION, ACTIONS, DRAW = PHASE_STEPS  # the phases a step may be in
GAME_OVER = PHASE_NAMES[1]


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
    parts: tuple[tuple[Part, ...], tuple[Part, ...]] | None = None  # with `strengths`: itemised


@dataclass(frozen=True, slots=True)
class StepShow:
    """A resolution step on the board: the board it shows (`board`), the board a result
    turns it into (`after`, animated), the fight it is about, where every seat stands as
    of the step (`standing`: what the daimyo boards show; the step's end), and the round
    and phase it is in (what the round track shows)."""

    board: BoardPicture
    after: BoardPicture | None = None
    fight: FightPicture | None = None
    standing: tuple[R.Standing, ...] = ()  # every seat as of the step (the engine's records)
    round: int = 0  # the round the step is in (its record's; 0: the game's now)
    phase: str = ""  # the phase it is in, a `narrate.PHASE_STEPS` name ("": the game's now)


@dataclass(frozen=True, slots=True)
class AsOfStep:
    """The game as a resolution step shows it, for the Players panel: the state after
    the action and every seat's standing as of the step (the engine's records)."""

    state: RiceWarsState
    standing: tuple[R.Standing, ...]


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
    """What happened beyond the action itself, step by step, as `viewer` is told it: from
    the engine's records of the action (`engine.ricewars.records`), so a step's words,
    summary and board are the game as of that step."""
    tell = Teller(before, viewer)
    told = told_by(before, action)
    steps: list[Step] = []
    # what the action itself did is on the board from its first step on (its log line
    # came first); a fight's steps show the board before its result, then after
    board = BoardPicture.of(after)
    ended = next((r for r in told if isinstance(r, (R.Fight, R.DuelAnswered))), None)
    if before.fight is not None:
        # a fight is told as its cards are revealed (the panel shows them from then on),
        # its result when it ends: never ahead of or behind the board and the panels
        shown = before.fight["revealed"]
        live = live_fight_record(after)
        if after.last_fight is not None and ended is not None:
            part = "result" if shown else "all"
            steps.extend(
                _fight_steps(before, action, after, after.last_fight, ended, tell, told, part)
            )
        elif live is not None and live.revealed and not shown:
            steps.extend(_fight_steps(before, action, after, live, None, tell, told, "reveal"))
    for record in told:
        if isinstance(record, R.Auction):
            steps.append(_auction_step(after, record, tell, board))
        elif isinstance(record, R.RoundEnd):
            steps.append(_draw_step(before, record, tell, board))
        elif isinstance(record, R.RoundStart):
            steps.append(_round_step(after, record, told, tell, board))
        elif isinstance(record, R.GameEnd):
            steps.append(_end_step(before, after, record, tell, board))
    return steps


def told_by(before: RiceWarsState, action: Any) -> tuple[Any, ...]:
    """The engine's records of `action` applied to `before` (`GameState.apply_told`)."""
    return before.clone().apply_told(action)


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
    before: RiceWarsState,
    action: Any,
    after: RiceWarsState,
    f: FightRecord,
    ended: R.Fight | R.DuelAnswered | None,
    tell: Teller,
    told: tuple[Any, ...],
    part: str = "all",
) -> list[Step]:
    """The steps of fight `f`: `part` "all" (it ended as its cards were revealed, or
    without a reveal), "reveal" (the opening, the bonuses and the cards revealed; the
    fight goes on) or "result" (what followed the reveal, and the result). `told`: the
    engine's records of the action; the steps up to the reveal show every seat as the
    reveal found it (`Revealed.standing`), what followed it as this action's payment
    left them (`ReactionAnswered.standing`; else as the action found them)."""
    start, moves = fight_start(before, action)
    att, dfn = f.attacker, f.defender
    an, dn = tell.who(att), tell.who(dfn)
    field = f.field
    fields = (field,) if field else ()
    combat = f.kind == "combat"
    where = field_name(before, field or "")
    steps: list[Step] = []
    board = BoardPicture.of(before)
    now = standings(before, waiting=False)  # the seat that acted has decided
    revealed = next((r for r in told if isinstance(r, R.Revealed)), None)
    paid = [r for r in told if isinstance(r, R.ReactionAnswered)]
    if revealed is not None and part != "result":
        now = revealed.standing
    elif paid and part == "result":
        now = paid[-1].standing  # after the reveal: once this action's payment is made

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
        return FightPicture(
            f.kind,
            att,
            dfn,
            field,
            f.troops,
            shown,
            hidden,
            power,
            f.known,
            result,
            f.winner if result else -1,
            f.parts if strengths else None,
        )

    if part == "result" and ended is not None:
        after_reveal = _after_reveal_lines(f, tell, told=_as_revealed(before))
        if after_reveal:
            steps.append(
                Step(
                    _("After the reveal"),
                    tuple(after_reveal),
                    fields,
                    StepShow(board, None, picture(True, True), now, before.round, ACTIONS),
                )
            )
        steps.append(_result_step(before, after, f, ended, tell, picture, start, fields))
        return steps
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
    if combat:
        title = _("Combat at {field}").format(field=where)
    elif tell.you(dfn):
        title = tell.said(
            att, N_("Duel: you challenge yourself"), N_("Duel: {player} challenges you")
        )
    else:
        title = tell.said(
            att,
            N_("Duel: you challenge {target}"),
            N_("Duel: {player} challenges {target}"),
            target=tell.name(dfn),
        )
    steps.append(
        Step(
            title,
            tuple(opening),
            fields,
            StepShow(board, None, picture(False, False), now, before.round, ACTIONS),
            logged=(),
        )
    )
    drawn = []
    if dfn == before.neutral and combat and f.blind[1]:
        drawn.append(_("Neutral draws one card face down as its bonus."))
    if exchange or drawn:
        steps.append(
            Step(
                _("Bonuses") if f.revealed else _("The answer"),
                (*exchange, *drawn),
                fields,
                StepShow(board, None, picture(False, False), now, before.round, ACTIONS),
                logged=tuple(drawn),
            )
        )
    if not f.revealed and ended is not None:
        steps.append(_result_step(before, after, f, ended, tell, picture, start, fields))
        return steps

    s0, s1 = f.parts
    reveal = [
        f"{an}: "
        + (", ".join(card_words(CARDS[c]) for c in (*f.cards[0], *f.blind[0])) or _("no card")),
        f"{dn}: "
        + (", ".join(card_words(CARDS[c]) for c in (*f.cards[1], *f.blind[1])) or _("no card")),
    ]
    reveal.extend(_after_reveal_lines(f, tell, strengths=False))
    for seat, parts in ((att, s0), (dfn, s1)):
        reveal.append(_strength_line(tell, seat, parts))
    steps.append(
        Step(
            _("Cards revealed"),
            tuple(reveal),
            fields,
            StepShow(board, None, picture(True, True), now, before.round, ACTIONS),
        )
    )
    if ended is not None:
        steps.append(_result_step(before, after, f, ended, tell, picture, start, fields))
    return steps


def _as_revealed(before: RiceWarsState) -> FightRecord | None:
    """The fight under way in `before` as it stood when its cards were revealed (what
    the reveal step told)."""
    walk = before.clone()
    shown = live_fight_record(walk)
    while walk.history and walk.fight is not None and walk.fight["revealed"]:
        shown = live_fight_record(walk)
        walk.undo()
    return shown


def _after_reveal_lines(
    f: FightRecord, tell: Teller, strengths: bool = True, told: FightRecord | None = None
) -> list[str]:
    """What followed the reveal (beyond what `told`, the fight as the reveal step told
    it, said): reaction cards paid for, tie-break draws, and (when any, with
    `strengths`) the strengths they led to."""
    att, dfn = f.attacker, f.defender
    lines = []
    for c in f.paid:
        if told is not None and c in told.paid:
            continue
        card = CARDS[c]
        payer = att if c in f.cards[0] else dfn
        effect = effect_words(card.op, card.amount, payer, tell)
        lines.append(
            tell.said(
                payer,
                N_("You pay {n} Ryo for {card}: {effect}."),
                N_("{player} pays {n} Ryo for {card}: {effect}."),
                n=card.cost,
                card=card.name,
                effect=effect,
            )
        )
    ties = f.tie[len(told.tie) :] if told is not None else f.tie
    if ties:
        draws = ", ".join(
            f"{tell.who(att if w == 0 else dfn)} {card_words(CARDS[c])}" for w, c in ties
        )
        lines.append(_("Tie-break draws: {draws}.").format(draws=draws))
    if strengths and lines:
        for seat, parts in ((att, f.parts[0]), (dfn, f.parts[1])):
            lines.append(_strength_line(tell, seat, parts))
    return lines


def _strength_line(tell: Teller, seat: int, parts: Any) -> str:
    """ "Your strength: ashigaru 2 + card 1 = 3" / "Strength of Red: ..."."""
    return tell.said(
        seat,
        N_("Your strength: {parts}"),
        N_("Strength of {player}: {parts}"),
        parts=parts_words(parts),
    )


def _handed_over(tell: Teller, seat: int, n: int) -> str:
    """A refused duel's result: the peasants `seat` handed over (the engine's changes:
    two, or as many as it had); the challenger's ronin stays, exhausted."""
    if not n:
        return tell.said(
            seat,
            N_("You had no peasant to give up."),
            N_("{player} had no peasant to give up."),
        )
    return tell.counted(
        seat,
        ngettext("You give up {n} peasant.", "You give up {n} peasants.", n),
        ngettext("{player} gives up {n} peasant.", "{player} gives up {n} peasants.", n),
        n,
    )


def _result_step(  # noqa: C901 - every way a fight ends
    before: RiceWarsState,
    after: RiceWarsState,
    f: FightRecord,
    ended: R.Fight | R.DuelAnswered,
    tell: Teller,
    picture: Any,
    start: RiceWarsState,
    fields: tuple[str, ...],
) -> Step:
    att, dfn = f.attacker, f.defender
    field = f.field
    winner = f.winner
    result: list[str] = []
    said = tell.said
    if f.kind == "combat":
        where = field_name(before, field or "")
        shouri = [c for c in f.paid if EFFECTS[CARDS[c].op].moment == "shouri"]
        if shouri:
            payer = att if shouri[-1] in f.cards[0] else dfn
            result.append(
                said(
                    payer,
                    N_("Shouri! You win the combat after all."),
                    N_("Shouri! {player} wins the combat after all."),
                )
            )
        if winner == 0:
            values = {"field": where, "loser": tell.name(dfn)}
            how = ended.result if isinstance(ended, R.Fight) else ""  # the engine's word
            if how == "converted":
                result.append(
                    said(
                        att,
                        N_("You win: the ronin converts the peasant of {loser} on {field}."),
                        N_("{player} wins: the ronin converts the peasant of {loser} on {field}."),
                        **values,
                    )
                )
            elif how == "occupied":
                result.append(
                    said(
                        att,
                        N_("You win: the peasant of {loser} is driven out and you occupy {field}."),
                        N_(
                            "{player} wins: the peasant of {loser} is driven out and {player} "
                            "occupies {field}."
                        ),
                        **values,
                    )
                )
            elif how == R.NO_SUPPLY:
                result.append(
                    said(
                        att,
                        N_(
                            "You win: the peasant of {loser} is driven out of {field}; with no "
                            "peasant left in your supply the ronin cannot convert it, and the "
                            "field stays empty."
                        ),
                        N_(
                            "{player} wins: the peasant of {loser} is driven out of {field}; with "
                            "no peasant left in {player}'s supply the ronin cannot convert it, "
                            "and the field stays empty."
                        ),
                        **values,
                    )
                )
            else:
                result.append(
                    said(
                        att,
                        N_(
                            "You win: the peasant of {loser} is driven out of {field}, which you "
                            "leave empty."
                        ),
                        N_(
                            "{player} wins: the peasant of {loser} is driven out of {field}, which "
                            "{player} leaves empty."
                        ),
                        **values,
                    )
                )
        else:
            result.append(
                said(dfn, N_("You hold {field}."), N_("{player} holds {field}."), field=where)
            )
        for c in f.paid:
            if EFFECTS[CARDS[c].op].moment == "reveal" and not EFFECTS[CARDS[c].op].strength:
                payer = att if c in f.cards[0] else dfn
                result.append(
                    said(
                        payer,
                        N_("Kyuujo: your troops stay active."),
                        N_("Kyuujo: the troops of {player} stay active."),
                    )
                )
        if f.revealed:
            result.append(_("Both sides draw a card; the played cards go to the discard pile."))
    else:
        if not f.revealed:
            answer = after.history[-1] if after.history else None
            if isinstance(answer, A.Play):
                result.append(
                    said(
                        dfn,
                        N_("You escape: the duel does not take place."),
                        N_("{player} escapes: the duel does not take place."),
                    )
                )
            else:
                result.append(_handed_over(tell, dfn, len(ended.changes)))
        elif winner == 0:
            lost = len(ended.changes)  # four, or every peasant of fewer (the engine's)
            if tell.you(att):
                mine = ngettext(
                    "Your ronin wins: {player} loses {n} peasant.",
                    "Your ronin wins: {player} loses {n} peasants.",
                    lost,
                )
                result.append(mine.format(player=tell.name(dfn), n=lost))
            else:
                result.append(
                    tell.counted(
                        dfn,
                        ngettext(
                            "The ronin of {challenger} wins: you lose {n} peasant.",
                            "The ronin of {challenger} wins: you lose {n} peasants.",
                            lost,
                        ),
                        ngettext(
                            "The ronin of {challenger} wins: {player} loses {n} peasant.",
                            "The ronin of {challenger} wins: {player} loses {n} peasants.",
                            lost,
                        ),
                        lost,
                        challenger=tell.name(att),
                    )
                )
        elif winner == 1:
            if tell.you(att):
                result.append(_("{player} wins: your ronin leaves.").format(player=tell.name(dfn)))
            else:
                result.append(
                    said(
                        dfn,
                        N_("You win: the ronin of {challenger} leaves."),
                        N_("{player} wins: the ronin of {challenger} leaves."),
                        challenger=tell.name(att),
                    )
                )
        else:
            lost = len(ended.changes)
            result.append(
                tell.counted(
                    dfn,
                    ngettext(
                        "A tie: both lose — the ronin leaves and you lose {n} peasant.",
                        "A tie: both lose — the ronin leaves and you lose {n} peasants.",
                        lost,
                    ),
                    ngettext(
                        "A tie: both lose — the ronin leaves and {player} loses {n} peasant.",
                        "A tie: both lose — the ronin leaves and {player} loses {n} peasants.",
                        lost,
                    ),
                    lost,
                )
            )
        if f.revealed:
            if tell.you(att):
                draws = _("You draw 2 cards, {challenged} draws 3.")
            elif tell.you(dfn):
                draws = _("{challenger} draws 2 cards, you draw 3.")
            else:
                draws = _("{challenger} draws 2 cards, {challenged} draws 3.")
            result.append(draws.format(challenger=tell.name(att), challenged=tell.name(dfn)))
    fought = tuple(e for e in ended.standing if e.player in (att, dfn))
    result.extend(summary_lines(start, fought, tell))
    text = " ".join(result[:2])
    show = StepShow(
        BoardPicture.of(before),
        BoardPicture.of(after),
        picture(True, True, text),
        ended.standing,
        before.round,
        ACTIONS,
    )
    changed = tuple(
        after.fid(q)
        for q in range(after.board.n)
        if before.owner[q] != after.owner[q] and after.fid(q) not in fields
    )
    return Step(_("Result"), tuple(result), fields + changed, show)


# ---------------------------------------------------------------------------- summaries


def seat_changes(start: R.Standing, end: R.Standing, state: RiceWarsState, tell: Teller) -> str:
    """What changed for one seat between two of the engine's standings, in a few words
    ("" for nothing); another's Ryo only for a viewer who may know them."""
    s = start.player
    you = tell.you(s)
    names = state.board.names
    index = state.board.index
    gained = [names[index[f]] for f in end.fields if f not in start.fields]
    lost = [names[index[f]] for f in start.fields if f not in end.fields]
    parts = []
    if gained:
        # gained: planted on a free field or won in a fight (the standing does not say which)
        took = _("you gained {fields}") if you else _("gained {fields}")
        parts.append(took.format(fields=and_words(gained)))
    if lost:
        lost_words = _("you lost {fields}") if you else _("lost {fields}")
        parts.append(lost_words.format(fields=and_words(lost)))
    if len(start.fields) != len(end.fields):
        parts.append(
            _("fields {before} → {after}").format(before=len(start.fields), after=len(end.fields))
        )
    for word, active0, tired0, due0, active1, tired1, due1 in (
        (
            "ashigaru",
            start.ashigaru,
            start.ashigaru_tired,
            start.ashigaru_due,
            end.ashigaru,
            end.ashigaru_tired,
            end.ashigaru_due,
        ),
        (
            "ronin",
            start.ronin,
            start.ronin_tired,
            start.ronin_due,
            end.ronin,
            end.ronin_tired,
            end.ronin_due,
        ),
    ):
        total0, total1 = active0 + tired0 + due0, active1 + tired1 + due1
        # the participle agrees with the count ("1 ashigaru exausto", "2 ashigaru exaustos")
        if total1 < total0:
            n = total0 - total1
            lost = ngettext("{troops} lost", "{troops} lost", n)
            parts.append(lost.format(troops=plural(n, word)))
        elif total1 > total0:
            parts.append(_("{troops} more").format(troops=plural(total1 - total0, word)))
        if tired1 > tired0 and total1 >= total0:
            n = tired1 - tired0
            tired = ngettext("{troops} exhausted", "{troops} exhausted", n)
            parts.append(tired.format(troops=plural(n, word)))
    # another's Ryo are secret (their notes are kept face down): told only to their owner
    if s != state.neutral and start.money != end.money and tell.knows(s):
        change = end.money - start.money
        sign = "+" if change > 0 else "−"
        parts.append(f"{_('Ryo')} {start.money} → {end.money} ({sign}{abs(change)})")
    return "; ".join(parts)


def summary_lines(start: RiceWarsState, ends: tuple[R.Standing, ...], tell: Teller) -> list[str]:
    """What happened to the viewer (when it is one of the seats of `ends`), or to each of
    them for a viewer who is none (the public, everything), from `start` to the engine's
    standings `ends`; [] when nothing changed."""
    if tell.viewer >= 0:
        ends = tuple(e for e in ends if e.player == tell.viewer)
    lines = []
    for end in {e.player: e for e in ends}.values():
        s = end.player
        words = seat_changes(standing_of(start, s), end, start, tell)
        if words:
            lines.append(
                tell.said(
                    s, N_("For you: {changes}."), N_("For {player}: {changes}."), changes=words
                )
            )
        elif tell.you(s):
            lines.append(_("For you: nothing changed."))
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


def _auction_step(
    after: RiceWarsState, record: R.Auction, tell: Teller, board: BoardPicture
) -> Step:
    adv = next(a for a in ADVISORS if a.name == record.advisor)
    bids = [b for b in record.bids if b.player != after.neutral]
    placed = ", ".join(f"{tell.who(b.player)} {b.amount if b.amount >= 0 else '—'}" for b in bids)
    lines = [_("Bids: {bids}.").format(bids=placed)]
    if record.boxed:
        lines.append(_("Nobody bid: {advisor} leaves the game.").format(advisor=adv.name))
    for w in record.winners:
        lines.append(
            tell.said(
                w.player,
                N_("You pay {n} Ryo and get {services} of {advisor}."),
                N_("{player} pays {n} Ryo and gets {services} of {advisor}."),
                n=w.paid,
                services=plural(w.services, "service"),
                advisor=adv.name,
            )
        )
    title = _("Auction of {advisor} ({kanji})").format(advisor=adv.name, kanji=adv.kanji)
    show = StepShow(board, standing=record.standing, round=record.round, phase=AUCTION)
    return Step(title, tuple(lines), (), show)


def _draw_step(
    before: RiceWarsState, record: R.RoundEnd, tell: Teller, board: BoardPicture
) -> Step:
    drawn = plural(record.cards, "card")
    governor = next(s for s in range(before.seats) if seat_word(before, s) == record.governor)
    lines = [
        _("Every daimyo draws {cards} (never more than 5 in hand).").format(cards=drawn),
        tell.said(governor, N_("You are the new governor."), N_("{player} is the new governor.")),
    ]
    start = round_start(before, record.round)
    lines.extend(summary_lines(start, record.standing, tell))
    return Step(
        _("Round {n}: the draw").format(n=record.round),
        tuple(lines),
        (),
        StepShow(board, standing=record.standing, round=record.round, phase=DRAW),
    )


def _round_step(
    after: RiceWarsState,
    record: R.RoundStart,
    told: tuple[Any, ...],
    tell: Teller,
    board: BoardPicture,
) -> Step:
    symbols = ", ".join(_(SYMBOL_WORDS[s][0]) for s in record.symbols) or _("no symbol")
    governor = next(s for s in range(after.seats) if seat_word(after, s) == record.governor)
    lines = [
        _("Round {n} of {rounds}: {symbols}. Governor: {governor}.").format(
            n=record.round, rounds=after.board.rounds, symbols=symbols, governor=tell.who(governor)
        )
    ]
    for income in told:
        if isinstance(income, R.Income) and income.round == record.round:
            parts = parts_words(income.parts)
            if income.paid == income.total:
                lines.append(
                    tell.said(
                        income.player,
                        N_("You earn {parts} Ryo."),
                        N_("{player} earns {parts} Ryo."),
                        parts=parts,
                    )
                )
            else:
                lines.append(
                    tell.said(
                        income.player,
                        N_("You earn {parts} Ryo (the bank pays {n})."),
                        N_("{player} earns {parts} Ryo (the bank pays {n})."),
                        parts=parts,
                        n=income.paid,
                    )
                )
        elif isinstance(income, R.NeutralHiring) and income.round == record.round:
            peasants = plural(income.peasants, "peasant")
            if income.ashigaru:
                lines.append(
                    _("Neutral takes {peasants} and an ashigaru.").format(peasants=peasants)
                )
            else:
                lines.append(_("Neutral takes {peasants}.").format(peasants=peasants))
    # every seat once the income is paid, the neutral once it has hired (its line above)
    hired = {h.standing.player: h.standing for h in told
             if isinstance(h, R.NeutralHiring) and h.round == record.round}  # fmt: skip
    standing = tuple(hired.get(e.player, e) for e in record.standing)
    return Step(
        _("Round {n}: income").format(n=record.round),
        tuple(lines),
        (),
        StepShow(board, standing=standing, round=record.round, phase=INCOME),
    )


def _end_step(
    before: RiceWarsState,
    after: RiceWarsState,
    record: R.GameEnd,
    tell: Teller,
    board: BoardPicture,
) -> Step:
    winners = [s for s in range(after.seats) if seat_word(after, s) in record.winners]
    lines = [
        _("{player}: {fields}, wealth {wealth}").format(
            player=tell.who(s), fields=plural(fields.amount, "field"), wealth=wealth.amount
        )
        for s, (fields, wealth) in enumerate(zip(record.fields, record.wealth, strict=True))
    ]
    if not winners:
        lines.append(_("The neutral player holds the most fields: nobody wins."))
    else:
        lines.append(
            _("Winner: {players}.").format(players=and_words([tell.who(s) for s in winners]))
        )
    start = round_start(before, before.round)
    lines.extend(summary_lines(start, record.standing, tell))
    return Step(
        _("Game over"),
        tuple(upper(line) for line in lines),
        (),
        StepShow(board, standing=record.standing, round=record.round, phase=GAME_OVER),
    )
