"""What the Rice Wars panels say: the round track, the daimyo boards, the fight or auction
panel, the prompt and the choice buttons. Plain functions of the state and one viewer
(rich text for Qt labels, no widgets), so the view only lays them out.

Rendering rule: the board, servants, advisors, passes and hand sizes are public and come
from the state; another player's Ryo only as the public estimate (`narrate.purse_words`);
one's own sealed bid and face-down fight cards come only from the viewer's `observation`.
"""

from __future__ import annotations

from html import escape
from typing import Any

from app.games.presentation import PUBLIC
from app.games.ricewars import narrate
from app.games.ricewars.fights import FightPicture
from app.games.ricewars.narrate import seat_colour, seat_mark, seat_name
from app.games.ricewars.picks import BUTTON, CARD, FIELD, Pick, PickTree
from engine.ricewars import records
from engine.ricewars.data import ADVISORS, CARDS, HAND_LIMIT, MAX_ADVISORS
from engine.ricewars.fight import troop_strength
from engine.ricewars.records import Standing
from engine.ricewars.state import (
    ACTION,
    ANSWER,
    DEFEND,
    GIVE,
    HIDDEN,
    HIRE,
    LOSE,
    MODIFY,
    MOVE,
    NEUTRAL,
    NO_BID,
    OCCUPY,
    PALACE,
    PICK,
    PLANT,
    REACT,
    SETUP_PEASANT,
    SHOURI,
    RiceWarsState,
)
from engine.ricewars.state import BID as PH_BID

RED = "#b03a2e"


def swatch(state: RiceWarsState, seat: int) -> str:
    """A square of the seat's colour (for rich text)."""
    return f"<span style='color:{seat_colour(state, seat)}'>■</span>"


def track_html(state: RiceWarsState, rows: int = 1) -> str:
    """The round track, the phases of the round and the governor: on one line, or on two
    (`rows=2`: the phases and the governor under the track) where one is too narrow. A
    past round shows only its number (its symbols are spent); during the setup "Setup"
    stands for the phases."""
    cells = []
    for r in range(1, state.board.rounds + 1):
        symbols = state.board.track[r - 1]
        words = " ".join(narrate.SYMBOL_WORDS[s][0] for s in sorted(symbols))
        style = (
            "background:#8a6d3b; color:#fff8e4; font-weight:bold"
            if r == state.round
            else "background:#efe4c8; color:#5a4a30"
            if r > state.round
            else "background:#d8cfb8; color:#6f6553"
        )
        label = f"{r} <small>{words}</small>" if words and r >= state.round else str(r)
        cells.append(f"<td style='{style}; padding:1px 5px'>{label}</td>")
    phase = narrate.phase_step(state)
    steps = []
    names = ("Setup",) if phase == "Setup" else narrate.PHASE_STEPS
    for name in names:
        if name == phase:
            steps.append(f"<b style='color:{RED}'>{name}</b>")
        else:
            steps.append(f"<span style='color:#6f6553'>{name}</span>")
    gov = state.governor
    governor = f"Governor: {swatch(state, gov)} <b>{seat_name(state, gov)}</b>"
    track = "<td valign='middle'><b>Round</b>&nbsp;</td>" + "".join(cells)
    phases = " › ".join(steps) + f"&nbsp;&nbsp;·&nbsp;&nbsp;{governor}"
    if rows == 2:
        return f"<table cellspacing='2'><tr>{track}</tr></table>{phases}"
    return (
        f"<table cellspacing='2'><tr>{track}<td valign='middle'>&nbsp;&nbsp;{phases}</td>"
        "</tr></table>"
    )


def daimyo_html(
    state: RiceWarsState,
    s: int,
    who: str,
    compact: int = 0,
    viewer: int = PUBLIC,
    standing: Standing | None = None,
) -> str:
    """One daimyo board in four short lines: name and money (another's only as the
    public estimate, `narrate.purse_words`); fields and peasants; troops and cards;
    advisors and passes. `who` says who sits there ("you", "AI"). A resolution step
    passes the seat's `standing` as of the step (fields, Ryo, troops: the engine's
    records), so the board does not run ahead of the step on the map.
    Where the column is short (`compact` 1) troops, cards, advisors and passes share the
    third line; shorter still (2) the words the first boards taught are left out."""
    name = seat_name(state, s)
    mark = seat_mark(state, s)
    head = f"<b>{swatch(state, s)} {name}</b> <small>{mark}"
    head += f" · {escape(who)}" if who else ""
    head += " · governor" if s == state.governor else ""
    head += "</small>"
    if standing is None:
        standing = records.standing(state, s)
    if s != state.neutral:
        ryo = narrate.purse_words(state, s, viewer, standing.money)
        head += f" &nbsp; Ryo <b>{ryo}</b>"
    cut = len(narrate.disconnected(state, s))
    fields = f"Fields <b>{len(standing.fields)}</b>"
    if cut:
        fields += f" <span style='color:{RED}'>({cut} ✂{'' if compact > 1 else ' cut off'})</span>"
    if compact > 1:
        fields += f" · peasants {state.reserve[s]} + {state.supply[s]}"
    else:
        fields += f" · peasants {state.reserve[s]} to place, {state.supply[s]} supply"
    troops = []
    for word, active, tired, due in (
        ("ashigaru", standing.ashigaru, standing.ashigaru_tired, standing.ashigaru_due),
        ("ronin", standing.ronin, standing.ronin_tired, standing.ronin_due),
    ):
        if active or tired or due:
            part = f"{word} <b>{active}</b>"
            extra = []
            if tired:
                extra.append(f"{tired} tired")
            if due:
                extra.append(f"<span style='color:{RED}'>{due} unpaid</span>")
            if extra:
                part += " (" + ", ".join(extra) + ")"
            troops.append(part)
    line3 = ("" if compact > 1 else "Troops: ") + (", ".join(troops) if troops else "no troops")
    lines = [head, fields, line3]
    if s == state.neutral:
        return "<br>".join(lines)
    line3 += f" · cards {len(state.hands[s])}/{HAND_LIMIT}"
    lines[2] = line3
    advisors = []
    for a, uses in state.held[s]:
        unpaid = " (unpaid)" if a in state.adv_due[s] else ""
        advisors.append(f"{ADVISORS[a].name} {'●' * uses}{unpaid}")
    marks = "■" * state.passes[s] + "□" * (2 - state.passes[s])
    held = ", ".join(advisors)
    if compact:
        lines[2] += (f" · {held}" if held else "") + f" · passes {marks}"
        return "<br>".join(lines)
    lines.append(
        f"Advisors {len(state.held[s])}/{MAX_ADVISORS}: " + (held or "none")
        + (" · service used" if state.used_service[s] else "") + f" · passes {marks}"
    )  # fmt: skip
    return "<br>".join(lines)


def daimyo_tip(state: RiceWarsState, s: int) -> str:
    """The daimyo board's tooltip: where the money comes from."""
    parts = narrate.income_parts(state, s)
    if not parts:
        return f"{seat_name(state, s)}"
    return (
        f"{seat_name(state, s)}'s income this round: {narrate.parts_words(parts)} Ryo\n"
        "Peasants cut off (✂) from the palace earn nothing."
    )


def field_tip(state: RiceWarsState, f: int) -> str:
    """A field's tooltip: its name, what is printed on it, who holds it."""
    b = state.board
    lines = [f"<b>{escape(b.names[f])}</b>"]
    if f in b.sites:
        lines.append("Palace site")
    if b.blessed[f]:
        lines.append(f"Blessed field: a connected peasant earns {b.blessed[f]} Ryo")
    owner = state.owner[f]
    if owner >= 0:
        lines.append(f"{seat_name(state, owner)}'s peasant")
    for s, p in enumerate(state.palace):
        if p == f:
            lines.append(f"{seat_name(state, s)}'s palace")
    return "<br>".join(lines)


def phase_help(state: RiceWarsState, compact: bool = False) -> str:
    """What the current phase is about, for the panel when no fight or auction is on
    (`compact`: without the peasant rule, where the column is short)."""
    step = narrate.phase_step(state)
    text = {
        "Setup": "Palaces go on palace sites (dashed castles) two free fields apart; then "
        "everyone places starting peasants by the peasant rule.",
        "Hiring": "Hire peasants (1 Ryo), ashigaru (2) and ronin (4); pay the upkeep of "
        "servants and advisors kept. What stays unpaid at Done leaves.",
        "Actions": "One action per turn: place a peasant, play a card, attack, duel, use an "
        "advisor, or pass. Two passes end a player's actions this round.",
        "Game over": "The game is over: most fields wins, wealth breaks a tie.",
    }.get(step, "")
    rule = (
        "<br><i>Peasant rule:</i> next to your palace or a connected peasant, never next to "
        "one of your peasants cut off (✂) from the palace."
    )
    shown = step in ("Setup", "Actions") and not compact
    return f"<b>{step}</b><br>{text}" + (rule if shown else "")


def picture_html(state: RiceWarsState, p: FightPicture) -> str:
    """A fight as a resolution step shows it (every card face up from the reveal on)."""
    head = (
        f"<b>Combat at {narrate.field_name(state, p.field or '')}</b>"
        if p.kind == "combat"
        else "<b>Duel</b>"
    )
    rows = []
    for side, seat in ((0, p.attacker), (1, p.defender)):
        a, r = p.troops[side]
        troops = (
            narrate.troops_words(a, r) + (" + peasant" if side == 1 else "")
            if p.kind == "combat"
            else ("ronin" if side == 0 else "daimyo")
        )
        cards = [narrate.card_words(narrate.card_of(c)) for c in p.cards[side]]
        cards += ["🂠 face down"] * p.hidden[side]
        strength = f" — strength <b>{p.strengths[side]}</b>" if p.strengths else ""
        rows.append(
            f"{swatch(state, seat)} <b>{seat_name(state, seat)}</b>: {troops}; "
            + (", ".join(cards) or "no card")
            + strength
        )
    if p.result:
        rows.append(f"<b>{escape(p.result)}</b>")
    return head + "<br>" + "<br>".join(rows)


def fight_html(state: RiceWarsState, viewer: int | None) -> str:
    """The running fight as `viewer` sees it (own face-down cards named)."""
    f = state.fight
    assert f is not None
    seen = dict(state.observation(viewer).fight) if viewer is not None else None
    att, dfn = f["att"], f["dfn"]
    head = (
        f"<b>Combat at {state.board.names[f['field']]}</b>"
        if f["kind"] == "combat"
        else "<b>Duel</b>"
    )
    rows = []
    for side, seat in ((0, att), (1, dfn)):
        a, r = f["troops"][side]
        if f["kind"] == "combat":
            troops = narrate.troops_words(a, r) + (" + peasant" if side == 1 else "")
        else:
            troops = "ronin" if side == 0 else "daimyo"
        known = seen["cards"][side] if seen is not None else (HIDDEN,) * len(f["cards"][side])
        blind = seen["blind"][side] if seen is not None else (HIDDEN,) * len(f["blind"][side])
        cards = ["🂠 face down" if c == HIDDEN else narrate.card_words(CARDS[c])
                 for c in (*known, *blind)]  # fmt: skip
        if f["extra"][side]:
            cards.append(f"advisor +{f['extra'][side]}")
        strength = f" — strength <b>{state.strength(side)}</b>" if f["revealed"] else ""
        role = "attacker" if side == 0 else "defender"
        rows.append(
            f"{swatch(state, seat)} <b>{seat_name(state, seat)}</b> ({role}): {troops}; "
            + (", ".join(cards) or "no bonus yet")
            + strength
        )
    if f["revealed"] and f["winner"] >= 0:
        winner = {0: seat_name(state, att), 1: seat_name(state, dfn)}.get(f["winner"], "nobody")
        rows.append(f"Winning: <b>{winner}</b>")
    return head + "<br>" + "<br>".join(rows)


def auction_html(state: RiceWarsState, viewer: int | None, compact: bool = False) -> str:
    """The advisors on the table and the bids placed so far (sealed but one's own).
    `compact` (a short column): the rules line and the texts of the advisors not bid for
    now are left out (the governor's buttons tell them)."""
    lines = ["<b>Advisor auction</b>" + ("" if compact else " — sealed bids; the highest "
             "bidders get 2 services, the second highest 1")]  # fmt: skip
    for a in state.table:
        adv = ADVISORS[a]
        mark = "▶ " if a == state.bidding else ""
        done = "" if a == state.bidding or a in state.auction_left else " (auctioned)"
        if compact and a != state.bidding:
            lines.append(f"<b>{adv.name}</b>: upkeep {adv.upkeep} Ryo{done}")
            continue
        lines.append(
            f"{mark}<b>{adv.name}</b>: {escape(adv.text)} Upkeep {adv.upkeep} Ryo "
            f"({adv.when}){done}"
        )
    if state.phase == PH_BID:
        seen = (
            state.observation(viewer).bids
            if viewer is not None
            else tuple(NO_BID if b == NO_BID else -2 for b in state.bids)
        )
        marks = []
        for s in range(state.seats):
            if s == state.neutral:
                continue
            b = seen[s]
            word = "to bid" if b == NO_BID else "sealed bid" if b < 0 else f"bid {b} Ryo"
            marks.append(f"{seat_name(state, s)}: {word}")
        lines.append(" · ".join(marks))
    return "<br>".join(lines)


def actor_words(state: RiceWarsState) -> str:
    """Who is to act, in words ("Red (placing a neutral peasant)")."""
    current = state.current_player()
    if state.phase == NEUTRAL:
        return f"{seat_name(state, current)} (placing a neutral peasant)"
    return seat_name(state, current)


def prompt_text(state: RiceWarsState, tree: PickTree) -> str:  # noqa: C901
    """What the person is asked to do now."""
    ph = state.phase
    chosen = tree.chosen
    if chosen:
        first = chosen[0]
        if first.kind == FIELD and ph == ACTION:
            return f"Attack {state.board.names[state.field(first.value)]} with which troops?"
        if first.kind == CARD:
            card = narrate.card_of(first.value)
            nxt = tree.options()
            if nxt and nxt[0].kind == FIELD:
                return f"{card.name}: click a lit field. ({card.text})"
            return f"{card.name}: choose. ({card.text})"
        if first == Pick(BUTTON, "duel"):
            return "Duel: challenge which daimyo? Click a player's button."
        if first.kind == BUTTON and first.value.startswith("service"):
            return "Place the advisor's peasant: click a lit field."
        return "Choose."
    if ph == PALACE:
        owner = state.queue[0][1] if state.queue else state.cur
        whose = "your" if owner == state.cur else f"the {seat_name(state, owner)}"
        return f"Setup: place {whose} palace on a lit palace site (two free fields from others)."
    if ph == MOVE:
        return "Governor: you may move your palace to a lit site, or keep it."
    if ph == SETUP_PEASANT:
        owner = state.queue[0][1] if state.queue else state.cur
        whose = (
            "a starting peasant"
            if owner == state.cur
            else f"a {seat_name(state, owner).lower()} peasant"
        )
        return f"Setup: place {whose} on a lit field (next to the palace or a connected peasant)."
    if ph == HIRE:
        return (f"Hiring: {state.money[state.cur]} Ryo. Hire servants and pay upkeep; "
                "Done sends what is unpaid away.")  # fmt: skip
    if ph == PICK:
        return "Governor: choose the advisor auctioned next."
    if ph == PH_BID:
        adv = ADVISORS[state.bidding]
        text = adv.text.rstrip(".")
        return f"Sealed bid for {adv.name} — {text}. Nobody sees your bid before the reveal."
    if ph == ACTION:
        return ("Your action: place a peasant (click a lit free field), attack a lit "
                "enemy peasant, play a card, use an advisor, challenge, or pass.")  # fmt: skip
    if ph == NEUTRAL:
        return "Place a neutral peasant on a lit field (the peasant rule applies)."
    if ph == PLANT:
        return "Taue: place another peasant on a lit field, or stop."
    if ph == DEFEND:
        return "You are attacked! Choose the troops that defend the peasant."
    if ph == MODIFY:
        return "Combat bonus: play a card face down (click it), use an advisor, or stop."
    if ph == REACT:
        _, card = state.fight["reacts"][0]
        return f"{CARDS[card].name} is revealed: pay {CARDS[card].cost} Ryo for its effect?"
    if ph == SHOURI:
        return "You are losing: pay for Shouri to win the combat?"
    if ph == OCCUPY:
        return "Victory! Occupy the emptied field with a peasant from your daimyo board?"
    if ph == ANSWER:
        return "A ronin challenges you: accept the duel, refuse (give 2 peasants), or escape."
    if ph == GIVE:
        return "Refused duel: click one of your peasants to hand it to the challenger."
    if ph == LOSE:
        return f"Duel lost: remove your peasants (click them), {state.fight['todo']} more."
    return "Choose."


def short_name(name: str) -> str:
    """An advisor's name on a button: its first word ("Soujutsu" for "Soujutsu no
    shishou"), distinct among the advisors, so a row of five daimyo's choices fits."""
    return name.split()[0]


def button_text(state: RiceWarsState, pick: Pick, tree: PickTree) -> tuple[str, str]:  # noqa: C901
    """A choice button's text and tooltip."""
    value = pick.value
    s = state.cur
    if value.startswith("a") and " r" in value and tree.chosen:
        a, r = (int(w[1:]) for w in value.split())
        strength = troop_strength(0, a, r, "attack1" in state.symbols())
        return (f"Attack: {narrate.troops_words(a, r)} (strength {strength})",
                "The troops are exhausted after the combat")  # fmt: skip
    if value.startswith("defend "):
        a, r = (int(w[1:]) for w in value.split()[1:])
        words = narrate.troops_words(a, r) if a or r else "the peasant alone"
        return f"Defend: {words} (strength {troop_strength(1, a, r, False)})", ""
    if value.startswith("hire "):
        kind = value.split()[1]
        cost = {"peasant": 1, "ashigaru": 2, "ronin": 4}[kind]
        return f"{kind.capitalize()} ({cost} Ryo)", f"Hire a {kind} from the supply"
    if value.startswith("pay "):
        what = value.split()[1]
        if what in ("ashigaru", "ronin"):
            return (
                f"{what.capitalize()} ({2 if what == 'ashigaru' else 4} Ryo)",
                f"Pay the upkeep of an {what}: paid servants stay and are active",
            )
        adv = narrate.advisor_of(what)
        tip = f"Pay the upkeep of {adv.name}: an unpaid advisor loses its services"
        return f"{short_name(adv.name)} ({adv.upkeep} Ryo)", tip
    if value == "done":
        owed = []
        if state.ash_due[s]:
            owed.append(narrate.plural(state.ash_due[s], "ashigaru"))
        if state.ron_due[s]:
            owed.append(narrate.plural(state.ron_due[s], "ronin"))
        owed.extend(ADVISORS[a].name for a in state.adv_due[s])
        tip = "Unpaid and leaving: " + ", ".join(owed) if owed else "Nothing is owed"
        return "Done hiring", tip
    if value.startswith("auction "):
        adv = narrate.advisor_of(value.split()[1])
        return f"Auction {adv.name}", adv.text
    if value.startswith("service "):
        adv = narrate.advisor_of(value.split()[1])
        return f"Use {short_name(adv.name)}", f"{adv.name}: {adv.text}"
    if value.startswith("use "):
        card = narrate.card_of(value.split()[1])
        return f"Pay {card.cost} Ryo for {card.name}", card.text
    if value == "duel":
        return "Duel…", "Challenge a daimyo with an active ronin, then click whom"
    if value.startswith("p") and value[1:].isdigit():
        duel = bool(tree.chosen) and tree.chosen[0] == Pick(BUTTON, "duel")
        whom = "challenged to a duel" if duel else "a card is played on"
        return seat_name(state, int(value[1:])), f"The daimyo {whom}"
    words = {
        "stay": ("Keep the palace here", ""),
        "pass": (f"Pass ({state.passes[s] + 1}/2)", "Two passes end your actions this round"),
        "stop": ("No more bonus", "The other side has one more step"),
        "skip": (
            {OCCUPY: "Leave it empty", PLANT: "Stop planting"}.get(state.phase, "Don't pay"),
            "",
        ),
        "accept": ("Accept the duel", "Cards and advisors decide; a tie loses both"),
        "refuse": ("Refuse", "Hand two peasants to the challenger"),
    }
    return words.get(value, (value, ""))


def troop_reason(state: RiceWarsState, tree: PickTree, value: str) -> str:
    """Why the troop mix `value` ("a1 r0", "defend a0 r1") may not fight now (the rules')."""
    from engine.ricewars import actions as A

    words = value.split()
    a, r = int(words[-2][1:]), int(words[-1][1:])
    if words[0] == "defend":
        action: Any = A.Defend(a, r)
    else:
        field = tree.chosen[0].value if tree.chosen else ""
        action = A.Attack(field, a, r)
    if not a and not r and words[0] != "defend":
        return "choose at least one ashigaru or ronin"
    return state.why_illegal(action) or "not a choice now"


def why_not_button(state: RiceWarsState, value: str) -> str:
    """Why the button of `value` cannot be pressed now ("No peasant left in your
    supply."), from the hiring's state or the rules' own reason."""
    from engine.ricewars import actions as A
    from engine.ricewars.data import ASHIGARU_COST, PEASANT_COST, RONIN_COST

    s = state.cur
    money = state.money[s]
    verb, _, what = value.partition(" ")
    if verb in ("hire", "pay") and what in ("peasant", "ashigaru", "ronin"):
        cost = {"peasant": PEASANT_COST, "ashigaru": ASHIGARU_COST, "ronin": RONIN_COST}[what]
        left = {"peasant": state.supply[s], "ashigaru": state.supply_ash,
                "ronin": state.supply_ron}[what]  # fmt: skip
        owed = {"ashigaru": state.ash_due[s], "ronin": state.ron_due[s]}.get(what, 0)
        if verb == "hire" and not left:
            where = "your supply" if what == "peasant" else "the supply"
            return f"No {what} left in {where}."
        if verb == "pay" and not owed:
            return f"No {what} is owed upkeep now."
        return f"It costs {cost} Ryo; you have {money}."
    if verb == "pay":
        adv = narrate.advisor_of(what)
        if not any(ADVISORS[a].id == what for a in state.adv_due[s]):
            return f"{adv.name}'s upkeep is paid."
    try:
        action = A.parse_action(value)
    except ValueError:
        return "Not a choice now."
    reason = state.why_illegal(action)
    return (reason[0].upper() + reason[1:] + ".") if reason else "Not a choice now."


def why_not(state: RiceWarsState, tree: PickTree | None, fid: str | None) -> str:
    """Why a click on `fid` (None: off the fields) chose nothing, in the rules' words."""
    from engine.ricewars import actions as A

    if tree is None:
        return "Not your turn: wait for the others."
    if fid is None or fid not in state.board.index:
        lit = tree.options_of(FIELD)
        return "Nothing there: click a lit field." if lit else "Choose with the buttons below."
    name = state.board.names[state.field(fid)]
    if not tree.options_of(FIELD):
        return f"{name}: no field is to be chosen now; use the buttons below."
    if state.phase in (ACTION, SETUP_PEASANT, NEUTRAL, PLANT) and not tree.chosen:
        if state.owner[state.field(fid)] >= 0 and state.phase == ACTION:
            if state.owner[state.field(fid)] == state.cur:
                return f"{name} holds your own peasant already."
            return f"{name}: no active troops to attack it with."
        reason = state.why_illegal(A.Peasant(fid))
        return f"{name}: {reason}." if reason else f"{name} is not a choice now."
    if state.phase in (PALACE, MOVE):
        reason = state.why_illegal(A.Palace(fid))
        return f"{name}: {reason}." if reason else f"{name} is not a choice now."
    return f"{name} is not a choice now: click a lit field."


def who_sits(session: Any, state: RiceWarsState, s: int, viewer: int | None) -> str:
    """Who plays seat `s`: "you", a name, "AI normal", "human", or the neutral."""
    if session is not None and s < len(session.seats):
        seat = session.seats[s]
        if seat.name:
            return seat.name
        if s == viewer:
            return "you"
        return "human" if seat.is_human else f"AI {seat.bot.partition('@')[0]}"
    if s == state.neutral:
        return "the scenario's neutral player"
    return ""
