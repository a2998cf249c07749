"""Rice Wars in words: names, log lines that keep secrets, resolution steps, scores.

Everything here reads the engine's public state (`RiceWarsState`'s fields and queries)
and the history through `clone` / `undo`; a finished fight is retold from the engine's
`last_fight` record (every card is face up by then).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.ricewars import actions as A
from engine.ricewars.data import (
    ADVISOR_INDEX,
    ADVISORS,
    ASHIGARU_COST,
    CARD_INDEX,
    CARDS,
    DRAW_CARDS,
    PALACE_INCOME,
    PEASANT_COST,
    RONIN_COST,
    ROUND_BONUS,
    STRENGTH_ASHIGARU,
    STRENGTH_PEASANT,
    STRENGTH_RONIN,
    Advisor,
    Card,
)
from engine.ricewars.state import (
    BID,
    HIRE,
    MOVE,
    NEUTRAL,
    OCCUPY,
    OVER,
    PALACE,
    PICK,
    PLANT,
    SETUP_PEASANT,
    FightRecord,
    RiceWarsState,
    bits,
)

COLOUR_HEX = {
    "red": "#c0392b",
    "yellow": "#d4ac0d",
    "black": "#2e2e2e",
    "green": "#1e8449",
    "blue": "#2471a3",
}
SYMBOL_WORDS = {
    "income3": ("+3 Ryo", f"Income: every daimyo earns {ROUND_BONUS} Ryo more"),
    "auction": ("Auction", "Advisor auction after hiring"),
    "card": ("+1 card", "Draw phase: 3 cards instead of 2"),
    "attack1": ("Attack +1", "Attackers get +1 strength in every combat"),
}
PHASE_STEPS = ("Income", "Hiring", "Auction", "Actions", "Draw")


def card_of(card_id: str) -> Card:
    """The card copy with text id `card_id` (`shouri2`)."""
    return CARDS[CARD_INDEX[card_id]]


def advisor_of(advisor_id: str) -> Advisor:
    """The advisor with id `advisor_id`."""
    return ADVISORS[ADVISOR_INDEX[advisor_id]]


def seat_name(state: RiceWarsState, seat: int) -> str:
    """ "Red", or "Neutral" for the scenario's neutral player."""
    if seat == state.neutral:
        return "Neutral"
    return state.colour[seat].capitalize()


def seat_colour(state: RiceWarsState, seat: int) -> str:
    """The seat's colour as #rrggbb (the neutral's too)."""
    return COLOUR_HEX[state.colour[seat]]


def field_name(state: RiceWarsState, fid: str) -> str:
    """A field's name ("Takada")."""
    index = state.board.index.get(fid)
    return state.board.names[index] if index is not None else fid


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
    """ "1 ashigaru", "2 peasants" (ashigaru and ronin do not change)."""
    if count == 1 or word in ("ashigaru", "ronin"):
        return f"{count} {word}"
    return f"{count} {word}s"


def troops_words(ashigaru: int, ronin: int) -> str:
    """ "2 ashigaru and 1 ronin", "no troops"."""
    parts = []
    if ashigaru:
        parts.append(plural(ashigaru, "ashigaru"))
    if ronin:
        parts.append(plural(ronin, "ronin"))
    return " and ".join(parts) or "no troops"


def card_words(card: Card) -> str:
    """ "Hosaku (Rich harvest, +1)"."""
    return f"{card.name} ({card.title}, +{card.bonus})"


def _previous(state_after: RiceWarsState) -> RiceWarsState | None:
    if not state_after.history:
        return None
    previous = state_after.clone()
    previous.undo()
    return previous


# ---------------------------------------------------------------------------- the log


def describe(state_after: RiceWarsState, action: Any, player: int, public: bool) -> str:
    """The log line of `action` by `player`; `public` hides what others may not see."""
    if isinstance(action, (A.Hire, A.Pay)):
        return ""  # the hiring turn is told in one line when it ends (a long log is slow)
    before = _previous(state_after)
    who = seat_name(state_after, player)
    text = f"{who}: {_action_words(before, state_after, action, player, public)}"
    if before is not None and state_after.round > before.round and before.round >= 1:
        text += f" — round {before.round} ends; everyone draws cards"
    return text


def _action_words(  # noqa: C901 - one sentence per kind of action
    before: RiceWarsState | None, after: RiceWarsState, action: Any, player: int, public: bool
) -> str:
    st = before or after
    if isinstance(action, A.Palace):
        if before is not None and before.phase == MOVE:
            return f"moves the palace to {field_name(st, action.field)}"
        if before is not None and before.queue and before.queue[0][1] != player:
            owner = seat_name(st, before.queue[0][1])
            return f"places the {owner} palace on {field_name(st, action.field)}"
        return f"builds the palace on {field_name(st, action.field)}"
    if isinstance(action, A.Stay):
        return "keeps the palace where it stands"
    if isinstance(action, A.Peasant):
        where = field_name(st, action.field)
        if before is not None and before.phase == NEUTRAL:
            return f"places a neutral peasant on {where}"
        if before is not None and before.phase == SETUP_PEASANT and before.queue:
            owner = before.queue[0][1]
            if owner != player:
                return f"places a {seat_name(st, owner).lower()} peasant on {where}"
        if before is not None and before.phase == OCCUPY:
            return f"occupies {where} with a peasant"
        return f"places a peasant on {where}"
    if isinstance(action, A.Hire):
        cost = {"peasant": PEASANT_COST, "ashigaru": ASHIGARU_COST, "ronin": RONIN_COST}
        article = "an" if action.kind == "ashigaru" else "a"
        return f"hires {article} {action.kind} ({cost[action.kind]} Ryo)"
    if isinstance(action, A.Pay):
        if action.what in ("ashigaru", "ronin"):
            return f"pays the upkeep of a{'n' if action.what == 'ashigaru' else ''} {action.what}"
        return f"pays {advisor_of(action.what).name}'s upkeep"
    if isinstance(action, A.Done):
        return hiring_words(after, player)
    if isinstance(action, A.Auction):
        return f"puts {advisor_of(action.advisor).name} up for auction"
    if isinstance(action, A.Bid):
        if public:
            return "places a sealed bid"
        return f"bids {action.amount} Ryo (sealed)"
    if isinstance(action, A.Play):
        words = _play_words(st, action, public, player)
        if not public and before is not None and card_of(action.card).op == "steal_card":
            taken = set(after.hands[player]) - set(before.hands[player])
            if taken:
                words += f" and takes {card_words(CARDS[taken.pop()])}"
        return words
    if isinstance(action, A.Attack):
        owner = st.owner[st.field(action.field)]
        return (
            f"attacks {seat_name(st, owner)}'s peasant on {field_name(st, action.field)} "
            f"with {troops_words(action.ashigaru, action.ronin)}"
        )
    if isinstance(action, A.Defend):
        if not action.ashigaru and not action.ronin:
            return "defends with the peasant alone"
        return f"defends with {troops_words(action.ashigaru, action.ronin)}"
    if isinstance(action, A.Bonus):
        if public:
            return "plays a card face down"
        return f"plays {card_words(card_of(action.card))} face down"
    if isinstance(action, A.Service):
        adv = advisor_of(action.advisor)
        extra = f" on {field_name(st, action.args[0])}" if action.args else ""
        return f"uses {adv.name}'s service{extra} ({adv.text})"
    if isinstance(action, A.Stop):
        return "plays no more bonuses"
    if isinstance(action, A.Use):
        card = card_of(action.card)
        return f"pays {card.cost} Ryo for {card.name} ({card.text})"
    if isinstance(action, A.Skip):
        if before is not None and before.phase == OCCUPY:
            return "leaves the field empty"
        if before is not None and before.phase == PLANT:
            return "plants no more"
        return "declines"
    if isinstance(action, A.Duel):
        return f"sends a ronin to challenge {seat_name(st, action.player)} to a duel"
    if isinstance(action, A.Accept):
        return "accepts the duel"
    if isinstance(action, A.Refuse):
        return "refuses the duel and must hand over two peasants"
    if isinstance(action, A.Give):
        return f"hands the peasant on {field_name(st, action.field)} to the challenger"
    if isinstance(action, A.Lose):
        return f"loses the peasant on {field_name(st, action.field)}"
    if isinstance(action, A.Pass):
        count = before.passes[player] + 1 if before is not None else 1
        return "passes" + (" — no more actions this round" if count >= 2 else "")
    return str(action)


def _play_words(st: RiceWarsState, action: A.Play, public: bool, player: int) -> str:
    card = card_of(action.card)
    words = f"plays {card.name} ({card.title}"
    words += f", {card.cost} Ryo)" if card.cost else ")"
    args = []
    for arg in action.args:
        if arg.startswith("p") and arg[1:].isdigit():
            args.append(seat_name(st, int(arg[1:])))
        else:
            args.append(field_name(st, arg))
    if card.op == "walk" and len(args) == 2:
        return f"{words}: a peasant walks from {args[0]} to {args[1]}"
    if args:
        return f"{words} on {', '.join(args)}"
    return f"{words}: {card.text}"


def hiring_words(state_after: RiceWarsState, player: int) -> str:
    """The whole hiring turn that a `done` just ended: hired, paid, and what left unpaid."""
    walk = state_after.clone()
    walk.undo()  # before `done`
    gone = _hiring_losses(walk, player)
    hired: dict[str, int] = {}
    paid: dict[str, int] = {}
    spent = 0
    while walk.history and isinstance(walk.history[-1], (A.Hire, A.Pay)):
        last = walk.history[-1]
        money = walk.money[player]
        walk.undo()
        if walk.current_player() != player:
            break
        spent += walk.money[player] - money
        if isinstance(last, A.Hire):
            hired[last.kind] = hired.get(last.kind, 0) + 1
        else:
            name = last.what if last.what in ("ashigaru", "ronin") else advisor_of(last.what).name
            paid[name] = paid.get(name, 0) + 1
    parts = []
    if hired:
        parts.append("hires " + ", ".join(plural(n, kind) for kind, n in hired.items()))
    if paid:
        parts.append("pays for " + ", ".join(plural(n, what) if what in ("ashigaru", "ronin")
                                               else what for what, n in paid.items()))  # fmt: skip
    text = " and ".join(parts) + f" ({spent} Ryo)" if parts else "hires nobody"
    if gone:
        text += f"; unpaid, {gone} leave{'s' if ',' not in gone and gone[0] == '1' else ''}"
    return text


def _hiring_losses(before: RiceWarsState, s: int) -> str:
    gone = []
    if before.ash_due[s]:
        gone.append(plural(before.ash_due[s], "ashigaru"))
    if before.ron_due[s]:
        gone.append(plural(before.ron_due[s], "ronin"))
    for a in before.adv_due[s]:
        gone.append(ADVISORS[a].name)
    return ", ".join(gone)


def reveals_hidden(state_after: RiceWarsState, action: Any, player: int) -> bool:
    """True when `action` made hidden information known (an undo barrier): a card was
    drawn or stolen, cards or bids were revealed, advisors came up, or a round ended."""
    before = _previous(state_after)
    if before is None or state_after.is_terminal():
        return True
    if before.round != state_after.round:
        return True
    if len(before.deck) != len(state_after.deck) or before.chance != state_after.chance:
        return True
    if before.last_bids != state_after.last_bids or before.table != state_after.table:
        return True
    revealed_before = before.fight is not None and before.fight["revealed"]
    revealed_after = state_after.fight is not None and state_after.fight["revealed"]
    ended = before.fight is not None and state_after.fight is None
    return revealed_after != revealed_before or (
        ended and not revealed_before and _had_cards(before)
    )


def _had_cards(state: RiceWarsState) -> bool:
    f = state.fight
    return bool(f and any(f["cards"]) or f and any(f["blind"]))


# ---------------------------------------------------------------------------- fights


@dataclass(frozen=True, slots=True)
class FightPicture:
    """What the fight panel shows during a resolution step (everything is public by then)."""

    kind: str  # "combat" or "duel"
    attacker: int
    defender: int
    field: str | None
    troops: tuple[tuple[int, int], tuple[int, int]]
    cards: tuple[tuple[str, ...], tuple[str, ...]]  # card ids shown face up
    hidden: tuple[int, int]  # face-down cards not yet turned up
    strengths: tuple[int, int] | None
    result: str = ""


def strength_parts(fight: FightRecord, side: int, symbols: frozenset[str]) -> list[tuple[str, int]]:
    """Where a side's strength comes from (the engine's `strength`, itemised)."""
    parts: list[tuple[str, int]] = []
    if fight.kind == "combat":
        a, r = fight.troops[side]
        if a:
            parts.append((plural(a, "ashigaru"), STRENGTH_ASHIGARU * a))
        if r:
            parts.append((plural(r, "ronin"), STRENGTH_RONIN * r))
        if side == 1:
            parts.append(("peasant", STRENGTH_PEASANT))
        elif "attack1" in symbols:
            parts.append(("attack round", 1))
    if fight.extra[side]:
        parts.append(("advisor", fight.extra[side]))
    for c in fight.cards[side]:
        parts.append((CARDS[c].name, CARDS[c].bonus))
    for c in fight.blind[side]:
        parts.append((f"{CARDS[c].name} (drawn face down)", CARDS[c].bonus))
    for c in fight.paid:
        if c in fight.cards[side] and CARDS[c].op in ("duel_strength", "defend_strength"):
            parts.append((f"{CARDS[c].name}'s effect", CARDS[c].amount))
    for who, c in fight.tie:
        if who == side:
            parts.append((f"{CARDS[c].name} (tie-break draw)", CARDS[c].bonus))
    return parts


def _parts_words(parts: list[tuple[str, int]]) -> str:
    total = sum(v for _, v in parts)
    if not parts:
        return "0"
    return " + ".join(f"{label} {value}" for label, value in parts) + f" = {total}"


@dataclass(frozen=True, slots=True)
class Step:
    """One resolution step: title, lines, fields it is about, what the fight panel shows."""

    title: str
    lines: tuple[str, ...]
    fields: tuple[str, ...] = ()
    picture: FightPicture | None = None


def resolution_steps(before: RiceWarsState, action: Any, after: RiceWarsState) -> list[Step]:
    """What happened beyond the action itself, step by step (empty when nothing did)."""
    steps: list[Step] = []
    if before.fight is not None and after.last_fight is not None:
        steps.extend(_fight_steps(before, action, after, after.last_fight))
    if after.last_bids and after.last_bids != before.last_bids:
        steps.append(_auction_step(after))
    if after.round > before.round:
        if after.round > 1:
            steps.append(_draw_step(before, after))
        steps.append(_round_step(after))
    if after.is_terminal() and not before.is_terminal():
        steps.append(_end_step(after))
    return steps


def _fight_history(
    before: RiceWarsState, action: Any
) -> tuple[RiceWarsState, list[tuple[int, Any]]]:
    """The position before the fight began and every (actor, action) of the fight."""
    walk = before.clone()
    moves = [(before.current_player(), action)]
    while walk.fight is not None and walk.history:
        last = walk.history[-1]
        walk.undo()
        moves.insert(0, (walk.current_player(), last))
    return walk, moves


def _fight_steps(
    before: RiceWarsState, action: Any, after: RiceWarsState, f: FightRecord
) -> list[Step]:
    start, moves = _fight_history(before, action)
    att, dfn = f.attacker, f.defender
    an, dn = seat_name(before, att), seat_name(before, dfn)
    symbols = before.symbols()
    field = f.field
    fields = (field,) if field else ()
    combat = f.kind == "combat"
    steps: list[Step] = []
    (aa, ar), (da, dr) = f.troops

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
        return FightPicture(f.kind, att, dfn, field, f.troops, shown, hidden, power, result)

    if combat:
        title = f"Combat at {field_name(before, field or '')}"
        lines = [
            f"{an} attacks {dn}'s peasant with {troops_words(aa, ar)}"
            + (" (+1 in this attack round)." if "attack1" in symbols else "."),
            f"{dn} defends with the peasant"
            + (f" and {troops_words(da, dr)}." if da or dr else " alone."),
        ]
    else:
        title = f"Duel: {an} challenges {dn}"
        lines = [f"{an}'s ronin challenges {dn}'s daimyo."]
    steps.append(Step(title, tuple(lines), fields, picture(False, False)))

    exchange = []
    for actor, move in moves:
        name = seat_name(before, actor)
        if isinstance(move, A.Bonus):
            exchange.append(f"{name} plays a card face down.")
        elif isinstance(move, A.Service):
            exchange.append(f"{name} calls on {advisor_of(move.advisor).name}.")
        elif isinstance(move, A.Stop):
            exchange.append(f"{name} stops.")
        elif isinstance(move, A.Refuse):
            exchange.append(f"{name} refuses the duel.")
        elif isinstance(move, A.Accept):
            exchange.append(f"{name} accepts the duel.")
        elif isinstance(move, A.Play):
            card = card_of(move.card)
            exchange.append(f"{name} plays {card.name} and escapes the duel ({card.cost} Ryo).")
        elif isinstance(move, A.Give):
            exchange.append(f"{name} hands over the peasant on {field_name(before, move.field)}.")
    if dfn == before.neutral and combat and f.blind[1]:
        exchange.append("Neutral draws one card face down as its bonus.")
    if exchange:
        steps.append(Step("Bonuses" if f.revealed else "The answer",
                          tuple(exchange), fields, picture(False, False)))  # fmt: skip
    if not f.revealed:
        return steps

    s0, s1 = strength_parts(f, 0, symbols), strength_parts(f, 1, symbols)
    reveal = [
        f"{name}: "
        + (", ".join(card_words(CARDS[c]) for c in (*f.cards[side], *f.blind[side])) or "no card")
        for side, name in ((0, an), (1, dn))
    ]
    for c in f.paid:
        card = CARDS[c]
        payer = an if c in f.cards[0] else dn
        reveal.append(f"{payer} pays {card.cost} Ryo for {card.name}: {card.text}")
    if f.tie:
        draws = ", ".join(f"{seat_name(before, att if w == 0 else dfn)} {card_words(CARDS[c])}"
                          for w, c in f.tie)  # fmt: skip
        reveal.append(f"Tie-break draws: {draws}.")
    reveal.append(f"Strength {an}: {_parts_words(s0)}")
    reveal.append(f"Strength {dn}: {_parts_words(s1)}")
    steps.append(Step("Cards revealed", tuple(reveal), fields, picture(True, True)))

    winner = f.winner
    result: list[str] = []
    if combat:
        shouri = [c for c in f.paid if CARDS[c].op == "win_combat"]
        if shouri:
            payer = an if shouri[-1] in f.cards[0] else dn
            result.append(f"Shouri! {payer} wins the combat after all.")
        if winner == 0:
            now = after.owner[after.field(field or "")]
            if now == att and ar:
                where = field_name(before, field or "")
                result.append(f"{an} wins: the ronin converts the peasant on {where}.")
            elif now == att:
                result.append(
                    f"{an} wins: {dn}'s peasant is driven out and {an} occupies the field."
                )
            else:
                result.append(f"{an} wins: {dn}'s peasant is driven out.")
        else:
            result.append(f"{dn} holds {field_name(before, field or '')}.")
        kept = [c for c in f.paid if CARDS[c].op == "keep_active"]
        for c in kept:
            payer = an if c in f.cards[0] else dn
            result.append(f"Kyuujo: {payer}'s troops stay active.")
        result.append("Both sides draw a card; the played cards go to the discard pile.")
    else:
        if winner == 0:
            result.append(f"{an}'s ronin wins: {dn} loses four peasants.")
        elif winner == 1:
            result.append(f"{dn} wins: {an}'s ronin leaves.")
        else:
            result.append(f"A tie: both lose — the ronin leaves and {dn} loses four peasants.")
        result.append(f"{an} draws 2 cards, {dn} draws 3.")
    text = " ".join(result)
    steps.append(Step("Result", tuple(result), fields, picture(True, True, text)))
    return steps


def _auction_step(after: RiceWarsState) -> Step:
    a, bids = after.last_bids
    adv = ADVISORS[a]
    seats = [s for s in range(after.seats) if s != after.neutral]
    lines = [
        "Bids: "
        + ", ".join(f"{seat_name(after, s)} {bids[s] if bids[s] >= 0 else '—'}" for s in seats)
        + "."
    ]
    amounts = sorted({b for b in bids if b > 0}, reverse=True)
    if not amounts:
        lines.append(f"Nobody bid: {adv.name} leaves the game.")
    for rank, amount in enumerate(amounts[:2]):
        for s in seats:
            if bids[s] == amount:
                services = 2 - rank
                lines.append(
                    f"{seat_name(after, s)} pays {amount} Ryo and gets "
                    f"{plural(services, 'service')} of {adv.name}."
                )
    return Step(f"Auction of {adv.name} ({adv.kanji})", tuple(lines))


def _draw_step(before: RiceWarsState, after: RiceWarsState) -> Step:
    extra = 1 if "card" in before.symbols() else 0
    return Step(
        f"Round {after.round - 1}: the draw",
        (
            f"Every daimyo draws {DRAW_CARDS + extra} cards (never more than 5 in hand).",
            f"{seat_name(after, after.governor)} is the new governor.",
        ),
    )


def income_parts(state: RiceWarsState, s: int) -> list[tuple[str, int]]:
    """Where a seat's income this round comes from."""
    if s == state.neutral or state.palace[s] < 0:
        return []
    parts = [("palace", PALACE_INCOME)]
    connected = list(bits(state.connected(s)))
    plain = sum(1 for f in connected if not state.board.blessed[f])
    if plain:
        parts.append((plural(plain, "connected peasant"), plain))
    for f in connected:
        if state.board.blessed[f]:
            parts.append((f"blessed {state.board.names[f]}", state.board.blessed[f]))
    if "income3" in state.symbols():
        parts.append(("round bonus", ROUND_BONUS))
    return parts


def _round_step(after: RiceWarsState) -> Step:
    symbols = ", ".join(SYMBOL_WORDS[s][0] for s in sorted(after.symbols())) or "no symbol"
    lines = [
        f"Round {after.round} of {after.board.rounds}: {symbols}. "
        f"Governor: {seat_name(after, after.governor)}."
    ]
    for s in after.humans_from(after.governor):
        parts = income_parts(after, s)
        lines.append(f"{seat_name(after, s)} earns {_parts_words(parts)} Ryo.")
    if after.neutral >= 0:
        lines.append("Neutral takes 3 peasants and an ashigaru (at most 2).")
    return Step(f"Round {after.round}: income", tuple(lines))


def _end_step(after: RiceWarsState) -> Step:
    winners = after.winners()
    lines = [
        f"{seat_name(after, s)}: {plural(after.fields_of(s), 'field')}, wealth {after.wealth(s)}"
        for s in range(after.seats)
    ]
    if not winners:
        lines.append("The neutral player holds the most fields: nobody wins.")
    else:
        lines.append("Winner: " + ", ".join(seat_name(after, s) for s in winners) + ".")
    return Step("Game over", tuple(lines))


# ---------------------------------------------------------------------------- scores

SCORE_COLUMNS = ("Fields", "Ryo", "Servants", "Board peasants", "Wealth", "Score")


def score_row(state: RiceWarsState, s: int) -> tuple[float, ...]:
    """Fields, Ryo, value of kept servants and board peasants, wealth, and the score."""
    servants = ASHIGARU_COST * (state.ash[s] + state.ash_x[s] + state.ash_due[s]) + RONIN_COST * (
        state.ron[s] + state.ron_x[s] + state.ron_due[s]
    )
    board = PEASANT_COST * state.reserve[s]
    score = state.score(s) if s < state.n else float(state.fields_of(s))
    return (
        state.fields_of(s),
        state.money[s],
        servants,
        board,
        state.wealth(s),
        round(score, 3),
    )


def fields_by_round(state: RiceWarsState) -> list[list[float]]:
    """Fields of every seat at the end of each round (walking the history back)."""
    walk = state.clone()
    last: dict[int, list[float]] = {}
    while True:
        if walk.round >= 1 and walk.round not in last:
            last[walk.round] = [float(walk.fields_of(s)) for s in range(walk.seats)]
        if not walk.history:
            break
        walk.undo()
    rounds = sorted(last)
    return [[last[r][s] for r in rounds] for s in range(state.seats)]


def disconnected(state: RiceWarsState, s: int) -> list[int]:
    """Fields of seat `s` whose peasant is cut off from its palace."""
    if state.palace[s] < 0:
        return list(bits(state.own[s]))
    return list(bits(state.own[s] & ~state.connected(s)))
