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
from app.games.ricewars.fights import BoardPicture, FightPicture, StepShow
from app.games.ricewars.narrate import seat_colour, seat_mark, seat_name
from app.games.ricewars.picks import BUTTON, CARD, FIELD, Pick, PickTree
from app.i18n import N_, _, ai_level_name, ngettext
from engine.ricewars import standings
from engine.ricewars.actions import Attack, Bonus, Duel, Pass, Peasant, Play, Refuse, Service, Stop
from engine.ricewars.data import (
    ADVISORS,
    ASHIGARU_COST,
    CARDS,
    HAND_LIMIT,
    MAX_ADVISORS,
    PASS_MARKERS,
    PEASANT_COST,
    RONIN_COST,
)
from engine.ricewars.duel import refusal_peasants
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


def track_html(state: RiceWarsState, rows: int = 1, step: StepShow | None = None) -> str:
    """The round track, the phases of the round and the governor: on one line, or on two
    (`rows=2`: the phases and the governor under the track) where one is too narrow. A
    past round shows only its number (its symbols are spent); during the setup "Setup"
    stands for the phases. During a resolution `step`, the round, the phase and the
    governor are the step's (its record's round, its standings' governor)."""
    moment = step.round if step is not None and step.round else state.round
    phase = step.phase if step is not None and step.phase else narrate.phase_step(state)
    gov = state.governor
    if step is not None and step.standing:
        gov = next((e.player for e in step.standing if e.governor), gov)
    cells = []
    for r in range(1, state.board.rounds + 1):
        symbols = state.board.track[r - 1]
        words = " ".join(_(narrate.SYMBOL_WORDS[s][0]) for s in sorted(symbols))
        style = (
            "background:#8a6d3b; color:#fff8e4; font-weight:bold"
            if r == moment
            else "background:#efe4c8; color:#5a4a30"
            if r > moment
            else "background:#d8cfb8; color:#6f6553"
        )
        label = f"{r} <small>{words}</small>" if words and r >= moment else str(r)
        cells.append(f"<td style='{style}; padding:1px 5px'>{label}</td>")
    steps = []
    names = ("Setup",) if phase == "Setup" else narrate.PHASE_STEPS
    if not state.auction_round(moment):  # the advisors' auction is held in some rounds only
        names = tuple(name for name in names if name != "Auction")
    for name in names:
        if name == phase:
            steps.append(f"<b style='color:{RED}'>{_(name)}</b>")
        else:
            steps.append(f"<span style='color:#6f6553'>{_(name)}</span>")
    governor = _("Governor: {swatch} <b>{player}</b>").format(
        swatch=swatch(state, gov), player=seat_name(state, gov)
    )
    track = f"<td valign='middle'><b>{_('Round')}</b>&nbsp;</td>" + "".join(cells)
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
    advisors and passes. `who` says who sits there ("you", "AI"). Every figure is the
    seat's `standing` (`engine.ricewars.standings`): now, or as of the step a resolution
    step shows (the engine's records of it), so the board never runs ahead of or lags
    behind the step on the map.
    Where the column is short (`compact` 1) troops, cards, advisors and passes share the
    third line; shorter still (2) the words the first boards taught are left out."""
    if standing is None:
        standing = standings.standing(state, s)
    name = seat_name(state, s)
    mark = seat_mark(state, s)
    head = f"<b>{swatch(state, s)} {name}</b> <small>{mark}"
    head += f" · {escape(who)}" if who else ""
    governor = _("governor")
    head += f" · {governor}" if standing.governor else ""
    head += "</small>"
    if s != state.neutral:
        ryo = narrate.purse_words(state, s, viewer, standing.money)
        head += f" &nbsp; {_('Ryo')} <b>{ryo}</b>"
    cut = len(standing.cut_off)
    fields = _("Fields <b>{n}</b>").format(n=len(standing.fields))
    if cut:
        cut_words = (
            f"{cut} ✂"
            if compact > 1
            else ngettext("{n} ✂ cut off", "{n} ✂ cut off", cut).format(n=cut)
        )
        fields += f" <span style='color:{RED}'>({cut_words})</span>"
    if compact > 1:
        fields += " · " + _("peasants {reserve} + {supply}").format(
            reserve=standing.reserve, supply=standing.supply
        )
    else:
        fields += " · " + _("peasants {reserve} to place, {supply} supply").format(
            reserve=standing.reserve, supply=standing.supply
        )
    troops = []
    for word, active, tired, due in (
        (_("ashigaru"), standing.ashigaru, standing.ashigaru_tired, standing.ashigaru_due),
        (_("ronin"), standing.ronin, standing.ronin_tired, standing.ronin_due),
    ):
        if active or tired or due:
            part = f"{word} <b>{active}</b>"
            extra = []
            if tired:
                extra.append(ngettext("{n} tired", "{n} tired", tired).format(n=tired))
            if due:
                unpaid = _("{n} unpaid").format(n=due)
                extra.append(f"<span style='color:{RED}'>{unpaid}</span>")
            if extra:
                part += " (" + ", ".join(extra) + ")"
            troops.append(part)
    listed = ", ".join(troops) if troops else _("no troops")
    line3 = listed if compact > 1 else _("Troops: {troops}").format(troops=listed)
    lines = [head, fields, line3]
    if s == state.neutral:
        return "<br>".join(lines)
    line3 += " · " + _("cards {n}/{limit}").format(n=standing.cards, limit=HAND_LIMIT)
    lines[2] = line3
    advisors = []
    for held in standing.advisors:
        unpaid_word = _("unpaid")
        unpaid = f" ({unpaid_word})" if held.unpaid else ""
        advisors.append(f"{held.advisor} {'●' * held.services}{unpaid}")
    marks = "■" * standing.passes + "□" * (PASS_MARKERS - standing.passes)
    held = ", ".join(advisors)
    passes = _("passes {marks}").format(marks=marks)
    if compact:
        lines[2] += (f" · {held}" if held else "") + f" · {passes}"
        return "<br>".join(lines)
    lines.append(
        _("Advisors {n}/{most}: {held}").format(
            n=len(standing.advisors), most=MAX_ADVISORS, held=held or _("none")
        )
        + (" · " + _("service used") if standing.service_used else "")
        + f" · {passes}"
    )
    return "<br>".join(lines)


def daimyo_tip(state: RiceWarsState, s: int, standing: Standing | None = None) -> str:
    """The daimyo board's tooltip: where the money comes from, as of the seat's
    `standing` (now, or as of the step a resolution step shows, like `daimyo_html`)."""
    if standing is None:
        standing = standings.standing(state, s)
    parts = standing.income
    if not parts:
        return f"{seat_name(state, s)}"
    income = _("{player}'s income this round: {parts} Ryo").format(
        player=seat_name(state, s), parts=narrate.parts_words(parts)
    )
    return income + "\n" + _("Peasants cut off (✂) from the palace earn nothing.")


def field_tip(state: RiceWarsState, f: int, board: BoardPicture | None = None) -> str:
    """A field's tooltip: its name, what is printed on it, who holds it (now, or on the
    `board` a resolution step draws)."""
    b = state.board
    lines = [f"<b>{escape(b.names[f])}</b>"]
    if f in b.sites:
        lines.append(_("Palace site"))
    if b.blessed[f]:
        lines.append(_("Blessed field: a connected peasant earns {n} Ryo").format(n=b.blessed[f]))
    shown = state if board is None else board
    owner = shown.owner[f]
    if owner >= 0:
        lines.append(_("{player}'s peasant").format(player=seat_name(state, owner)))
    for s, p in enumerate(shown.palace):
        if p == f:
            lines.append(_("{player}'s palace").format(player=seat_name(state, s)))
    return "<br>".join(lines)


def phase_help(state: RiceWarsState, compact: bool = False) -> str:
    """What the current phase is about, for the panel when no fight or auction is on
    (`compact`: without the peasant rule, where the column is short)."""
    step = narrate.phase_step(state)
    text = _(PHASE_HELP[step]) if step in PHASE_HELP else ""
    rule = "<br>" + _(
        "<i>Peasant rule:</i> next to your palace or a connected peasant, never next to "
        "one of your peasants cut off (✂) from the palace."
    )
    shown = step in ("Setup", "Actions") and not compact
    return f"<b>{_(step)}</b><br>{text}" + (rule if shown else "")


PHASE_HELP = {
    "Setup": N_(
        "Palaces go on palace sites (dashed castles) two free fields apart; then everyone "
        "places starting peasants by the peasant rule."
    ),
    "Hiring": N_(
        "Hire peasants (1 Ryo), ashigaru (2) and ronin (4); pay the upkeep of servants and "
        "advisors kept. What stays unpaid at Done leaves."
    ),
    "Actions": N_(
        "One action per turn: place a peasant, play a card, attack, duel, use an advisor, "
        "or pass. Two passes end a player's actions this round."
    ),
    "Game over": N_("The game is over: most fields wins, wealth breaks a tie."),
}
"""What each phase is about (marked here, said with `_` in `phase_help`)."""
# These words and the buttons' tips name the engine's numbers: a rule change fails here.
assert (PEASANT_COST, ASHIGARU_COST, RONIN_COST) == (1, 2, 4), "the hiring words name the costs"
assert PASS_MARKERS == 2, "the pass words name two passes"


def picture_html(state: RiceWarsState, p: FightPicture) -> str:
    """A fight as a resolution step shows it (every card face up from the reveal on)."""
    head = (
        _("<b>Combat at {field}</b>").format(field=narrate.field_name(state, p.field or ""))
        if p.kind == "combat"
        else "<b>" + _("Duel") + "</b>"
    )
    rows = []
    for side, seat in ((0, p.attacker), (1, p.defender)):
        a, r = p.troops[side]
        troops = (
            _side_troops(a, r, side)
            if p.kind == "combat"
            else (_("ronin") if side == 0 else _("daimyo"))
        )
        cards = [narrate.card_words(narrate.card_of(c)) for c in p.cards[side]]
        cards += [_("🂠 face down")] * p.hidden[side]
        strength = _(" — strength <b>{n}</b>").format(n=p.strengths[side]) if p.strengths else ""
        rows.append(
            f"{swatch(state, seat)} <b>{seat_name(state, seat)}</b>: {troops}; "
            + (", ".join(cards) or _("no card"))
            + strength
        )
    if p.result:
        rows.append(f"<b>{escape(p.result)}</b>")
    return head + "<br>" + "<br>".join(rows)


def _side_troops(ashigaru: int, ronin: int, side: int) -> str:
    """A side's troops in a combat; the defender's peasant fights too (alone, when no
    troops defend it)."""
    if side == 1 and not (ashigaru or ronin):
        return _("the peasant alone")
    troops = narrate.troops_words(ashigaru, ronin)
    return _("{troops} + peasant").format(troops=troops) if side == 1 else troops


def fight_html(state: RiceWarsState, viewer: int | None) -> str:
    """The running fight as `viewer` sees it (own face-down cards named)."""
    f = state.fight
    assert f is not None
    seen = dict(state.observation(viewer).fight) if viewer is not None else None
    att, dfn = f["att"], f["dfn"]
    head = (
        _("<b>Combat at {field}</b>").format(field=state.board.names[f["field"]])
        if f["kind"] == "combat"
        else "<b>" + _("Duel") + "</b>"
    )
    rows = []
    for side, seat in ((0, att), (1, dfn)):
        a, r = f["troops"][side]
        if f["kind"] == "combat":
            troops = _side_troops(a, r, side)
        else:
            troops = _("ronin") if side == 0 else _("daimyo")
        known = seen["cards"][side] if seen is not None else (HIDDEN,) * len(f["cards"][side])
        blind = seen["blind"][side] if seen is not None else (HIDDEN,) * len(f["blind"][side])
        cards = [_("🂠 face down") if c == HIDDEN else narrate.card_words(CARDS[c])
                 for c in (*known, *blind)]  # fmt: skip
        if f["extra"][side]:
            cards.append(_("advisor +{n}").format(n=f["extra"][side]))
        strength = (
            _(" — strength <b>{n}</b>").format(n=state.strength(side)) if f["revealed"] else ""
        )
        role = _("attacker") if side == 0 else _("defender")
        rows.append(
            f"{swatch(state, seat)} <b>{seat_name(state, seat)}</b> ({role}): {troops}; "
            + (", ".join(cards) or (_("no card") if f["revealed"] else _("no bonus yet")))
            + strength
        )
    if f["revealed"] and f["winner"] >= 0:
        winner = {0: seat_name(state, att), 1: seat_name(state, dfn)}.get(f["winner"], _("nobody"))
        rows.append(_("Winning: <b>{player}</b>").format(player=winner))
    return head + "<br>" + "<br>".join(rows)


def auction_html(state: RiceWarsState, viewer: int | None, compact: bool = False) -> str:
    """The advisors on the table and the bids placed so far (sealed but one's own).
    `compact` (a short column): the rules line and the texts of the advisors not bid for
    now are left out (the governor's buttons tell them)."""
    head = "<b>" + _("Advisor auction") + "</b>"
    if not compact:
        head += _(" — sealed bids; the highest bidders get 2 services, the second highest 1")
    lines = [head]
    for a in state.table:
        adv = ADVISORS[a]
        mark = "▶ " if a == state.bidding else ""
        auctioned = a != state.bidding and a not in state.auction_left
        done = " (" + _("auctioned") + ")" if auctioned else ""
        if compact and a != state.bidding:
            upkeep = _("upkeep {n} Ryo").format(n=adv.upkeep)
            lines.append(f"<b>{adv.name}</b>: {upkeep}{done}")
            continue
        lines.append(
            f"{mark}<b>{adv.name}</b>: {escape(_(adv.text))} "
            + _("Upkeep {n} Ryo ({when})").format(n=adv.upkeep, when=_(SERVICE_WHEN[adv.when]))
            + done
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
            if b == NO_BID:
                word = _("to bid")
            else:
                word = _("sealed bid") if b < 0 else _("bid {n} Ryo").format(n=b)
            marks.append(f"{seat_name(state, s)}: {word}")
        lines.append(" · ".join(marks))
    return "<br>".join(lines)


SERVICE_WHEN = {"action": N_("action"), "combat": N_("combat"), "duel": N_("duel")}
"""When an advisor's service is used, as the auction panel says it."""


def actor_words(state: RiceWarsState) -> str:
    """Who is to act, in words ("Red (placing a neutral peasant)")."""
    current = state.current_player()
    if state.phase == NEUTRAL:
        return _("{player} (placing a neutral peasant)").format(player=seat_name(state, current))
    return seat_name(state, current)


def prompt_text(state: RiceWarsState, tree: PickTree) -> str:  # noqa: C901
    """What the person is asked to do now."""
    ph = state.phase
    chosen = tree.chosen
    if chosen:
        first = chosen[0]
        if first.kind == FIELD and ph == ACTION:
            field = state.board.names[state.field(first.value)]
            return _("Attack {field} with which troops?").format(field=field)
        if first.kind == CARD:
            card = narrate.card_of(first.value)
            nxt = tree.options()
            if nxt and nxt[0].kind == FIELD:
                said = _("{card}: click a lit field. ({text})")
            else:
                said = _("{card}: choose. ({text})")
            return said.format(card=card.name, text=_(card.text))
        if first == Pick(BUTTON, "duel"):
            return _("Duel: challenge which daimyo? Click a player's button.")
        if first.kind == BUTTON and first.value.startswith("service"):
            return _("Place the advisor's peasant: click a lit field.")
        return _("Choose.")
    if ph == PALACE:
        owner = state.queue[0][1] if state.queue else state.cur
        if owner == state.cur:
            return _("Setup: place your palace on a lit palace site (two free fields from others).")
        return _(
            "Setup: place the palace of {player} on a lit palace site (two free fields from "
            "others)."
        ).format(player=seat_name(state, owner))
    if ph == MOVE:
        return _("Governor: you may move your palace to a lit site, or keep it.")
    if ph == SETUP_PEASANT:
        owner = state.queue[0][1] if state.queue else state.cur
        if owner == state.cur:
            return _(
                "Setup: place a starting peasant on a lit field (next to the palace or a "
                "connected peasant)."
            )
        return _(
            "Setup: place a peasant of {player} on a lit field (next to the palace or a "
            "connected peasant)."
        ).format(player=seat_name(state, owner))
    if ph == HIRE:
        return _(
            "Hiring: {n} Ryo. Hire servants and pay upkeep; Done sends what is unpaid away."
        ).format(n=state.money[state.cur])
    if ph == PICK:
        return _("Governor: choose the advisor auctioned next.")
    if ph == PH_BID:
        adv = ADVISORS[state.bidding]
        text = _(adv.text).rstrip(".")
        return _(
            "Sealed bid for {advisor} — {text}. Nobody sees your bid before the reveal."
        ).format(advisor=adv.name, text=text)
    if ph == ACTION:
        return action_prompt({type(action) for _picks, action in tree.sequences})
    if ph == NEUTRAL:
        return _("Place a neutral peasant on a lit field (the peasant rule applies).")
    if ph == PLANT:
        # the card's allowance as the engine counts it down (no peasant is "another" yet)
        return _(
            "Taue: place a peasant on a lit field (the card allows {n} more), or stop."
        ).format(n=state.plant_left)
    if ph == DEFEND:
        return _("You are attacked! Choose the troops that defend the peasant.")
    if ph == MODIFY:
        return bonus_prompt({type(action) for _picks, action in tree.sequences})
    if ph == REACT:
        _seat, card = state.fight["reacts"][0]
        return _("{card} is revealed: pay {cost} Ryo for its effect?").format(
            card=CARDS[card].name, cost=CARDS[card].cost
        )
    if ph == SHOURI:
        return _("You are losing: pay for Shouri to win the combat?")
    if ph == OCCUPY:
        return _("Victory! Occupy the emptied field with a peasant from your daimyo board?")
    if ph == ANSWER:
        return answer_prompt(state, {type(action) for _picks, action in tree.sequences})
    if ph == GIVE:
        return _("Refused duel: click one of your peasants to give it to the challenger.")
    if ph == LOSE:
        return _("Duel lost: remove your peasants (click them), {n} more.").format(
            n=state.fight["todo"]
        )
    return _("Choose.")


ACTION_CHOICES = (
    (Peasant, N_("place a peasant (click a lit free field)")),
    (Attack, N_("attack a lit enemy peasant")),
    (Play, N_("play a card")),
    (Service, N_("use an advisor")),
    (Duel, N_("challenge")),
    (Pass, N_("pass")),
)
"""The kinds of action a turn of the actions phase may take, as the prompt names them."""


def action_prompt(kinds: set[type]) -> str:
    """The actions phase's prompt, naming only the kinds of action that are legal now
    (`kinds`, from the engine's legal actions): no "place a peasant" without one to place,
    no "use an advisor" without an advisor."""
    said = [_(text) for kind, text in ACTION_CHOICES if kind in kinds]
    if not said:
        return _("Choose.")
    return _("Your action: {choices}.").format(choices=_choices(said))


BONUS_CHOICES = (
    (Bonus, N_("play a card face down (click it)")),
    (Service, N_("use an advisor")),
    (Stop, N_("stop")),
)
"""What the bonus steps of a combat or duel may do, as their prompt names them."""


def _choices(said: list[str]) -> str:
    """ "a, b or c" in the reader's words."""
    if len(said) == 1:
        return said[0]
    return _("{choices} or {last}").format(choices=", ".join(said[:-1]), last=said[-1])


def bonus_prompt(kinds: set[type]) -> str:
    """The bonus steps' prompt, naming only what the engine allows now (`kinds`): no
    card without one in hand, no advisor without a service for the fight."""
    said = [_(text) for kind, text in BONUS_CHOICES if kind in kinds]
    if not said:
        return _("Choose.")
    return _("Combat bonus: {choices}.").format(choices=_choices(said))


def answer_prompt(state: RiceWarsState, kinds: set[type]) -> str:
    """A challenged daimyo's prompt: accept, refuse (the peasants the engine would have
    handed over: two, or as many as one has) or, with Nigeru and its Ryo, escape."""
    given = refusal_peasants(state, state.cur)
    said = [_("accept the duel")]
    if Refuse in kinds:
        said.append(
            ngettext("refuse (give up {n} peasant)", "refuse (give up {n} peasants)", given).format(
                n=given
            )
            if given
            else _("refuse (you have no peasant to give up)")
        )
    if Play in kinds:
        said.append(_("escape"))
    return _("A ronin challenges you: {choices}.").format(choices=_choices(said))


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
        return (
            _("Attack: {troops} (strength {n})").format(
                troops=narrate.troops_words(a, r), n=strength
            ),
            _("The troops are exhausted after the combat"),
        )
    if value.startswith("defend "):
        a, r = (int(w[1:]) for w in value.split()[1:])
        words = narrate.troops_words(a, r) if a or r else _("the peasant alone")
        strength = troop_strength(1, a, r, False)
        return _("Defend: {troops} (strength {n})").format(troops=words, n=strength), ""
    if value.startswith("hire "):
        kind = value.split()[1]
        cost = {"peasant": 1, "ashigaru": 2, "ronin": 4}[kind]
        label = _("{servant} ({n} Ryo)").format(servant=_(SERVANTS[kind]), n=cost)
        return label, _(HIRE_TIPS[kind])
    if value.startswith("pay "):
        what = value.split()[1]
        if what in ("ashigaru", "ronin"):
            cost = 2 if what == "ashigaru" else 4
            return (
                _("{servant} ({n} Ryo)").format(servant=_(SERVANTS[what]), n=cost),
                _(UPKEEP_TIPS[what]),
            )
        adv = narrate.advisor_of(what)
        tip = _("Pay the upkeep of {advisor}: an unpaid advisor loses its services").format(
            advisor=adv.name
        )
        return _("{servant} ({n} Ryo)").format(servant=short_name(adv.name), n=adv.upkeep), tip
    if value == "done":
        owed = []
        if state.ash_due[s]:
            owed.append(narrate.plural(state.ash_due[s], "ashigaru"))
        if state.ron_due[s]:
            owed.append(narrate.plural(state.ron_due[s], "ronin"))
        owed.extend(ADVISORS[a].name for a in state.adv_due[s])
        if owed:
            tip = _("Unpaid and leaving: {servants}").format(servants=", ".join(owed))
        else:
            tip = _("Nothing is owed")
        return _("Done hiring"), tip
    if value.startswith("auction "):
        adv = narrate.advisor_of(value.split()[1])
        return _("Auction {advisor}").format(advisor=adv.name), _(adv.text)
    if value.startswith("service "):
        adv = narrate.advisor_of(value.split()[1])
        return _("Use {advisor}").format(advisor=short_name(adv.name)), f"{adv.name}: {_(adv.text)}"
    if value.startswith("use "):
        card = narrate.card_of(value.split()[1])
        return _("Pay {n} Ryo for {card}").format(n=card.cost, card=card.name), _(card.text)
    if value == "duel":
        return _("Duel…"), _("Challenge a daimyo with an active ronin, then click whom")
    if value.startswith("p") and value[1:].isdigit():
        duel = bool(tree.chosen) and tree.chosen[0] == Pick(BUTTON, "duel")
        whom = _("The daimyo challenged to a duel") if duel else _("The daimyo a card is played on")
        return seat_name(state, int(value[1:])), whom
    skip = {OCCUPY: N_("Leave it empty"), PLANT: N_("Stop planting")}.get(
        state.phase, N_("Don't pay")
    )
    words = {
        "stay": (_("Keep the palace here"), ""),
        "pass": (
            _("Pass ({n}/2)").format(n=state.passes[s] + 1),
            _("Two passes end your actions this round"),
        ),
        "stop": (_("No more bonus"), _("The other side has one more step")),
        "skip": (_(skip), ""),
        "accept": (_("Accept the duel"), _("Cards and advisors decide; a tie loses both")),
        "refuse": (_("Refuse"), _refuse_tip(state)),
    }
    return words.get(value, (value, ""))


def _refuse_tip(state: RiceWarsState) -> str:
    """The Refuse button's tooltip: the peasants the engine would have handed over."""
    given = refusal_peasants(state, state.cur)
    if not given:
        return _("You have no peasant to give up")
    return ngettext(
        "Give {n} peasant to the challenger", "Give {n} peasants to the challenger", given
    ).format(n=given)


SERVANTS = {"peasant": N_("Peasant"), "ashigaru": N_("Ashigaru"), "ronin": N_("Ronin")}
HIRE_TIPS = {
    "peasant": N_("Hire a peasant from the supply"),
    "ashigaru": N_("Hire an ashigaru from the supply"),
    "ronin": N_("Hire a ronin from the supply"),
}
UPKEEP_TIPS = {
    "ashigaru": N_("Pay the upkeep of an ashigaru: paid servants stay and are active"),
    "ronin": N_("Pay the upkeep of a ronin: paid servants stay and are active"),
}


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
        return _("choose at least one ashigaru or ronin")
    return reason_words(state.why_illegal(action)) or _("not a choice now")


def why_not_button(state: RiceWarsState, value: str) -> str:
    """Why the button of `value` cannot be pressed now ("No peasant left in your
    supply."), in the rules' own words (`why_illegal`)."""
    from engine.ricewars import actions as A

    try:
        action = A.parse_action(value)
    except ValueError:
        return _("Not a choice now.")
    reason = reason_words(state.why_illegal(action))
    return (reason[0].upper() + reason[1:] + ".") if reason else _("Not a choice now.")


def reason_words(reason: str | None) -> str:
    """The rules' reason (`why_illegal`) in the current language: the engine's words are
    marked for the catalog where it writes them (`engine.words`)."""
    return str(reason) if reason else ""


def why_not(state: RiceWarsState, tree: PickTree | None, fid: str | None) -> str:
    """Why a click on `fid` (None: off the fields) chose nothing, in the rules' words."""
    from engine.ricewars import actions as A

    if tree is None:
        return _("Not your turn: wait for the others.")
    if fid is None or fid not in state.board.index:
        lit = tree.options_of(FIELD)
        return (
            _("Nothing there: click a lit field.") if lit else _("Choose with the buttons below.")
        )
    name = state.board.names[state.field(fid)]
    if not tree.options_of(FIELD):
        return _("{field}: no field is to be chosen now; use the buttons below.").format(field=name)
    if state.phase in (ACTION, SETUP_PEASANT, NEUTRAL, PLANT) and not tree.chosen:
        if state.owner[state.field(fid)] >= 0 and state.phase == ACTION:
            if state.owner[state.field(fid)] == state.cur:
                return _("{field} holds your own peasant already.").format(field=name)
            return _("{field}: no active troops to attack it with.").format(field=name)
        reason = reason_words(state.why_illegal(A.Peasant(fid)))
        if reason:
            return _("{field}: {reason}.").format(field=name, reason=reason)
        return _("{field} is not a choice now.").format(field=name)
    if state.phase in (PALACE, MOVE):
        reason = reason_words(state.why_illegal(A.Palace(fid)))
        if reason:
            return _("{field}: {reason}.").format(field=name, reason=reason)
        return _("{field} is not a choice now.").format(field=name)
    return _("{field} is not a choice now: click a lit field.").format(field=name)


def who_sits(session: Any, state: RiceWarsState, s: int, viewer: int | None) -> str:
    """Who plays seat `s`: "you", a name, "AI normal", "human", or the neutral."""
    if session is not None and s < len(session.seats):
        seat = session.seats[s]
        if seat.name:
            return seat.name
        if s == viewer:
            return _("you")
        if seat.is_human:
            return _("human")
        return _("AI {level}").format(level=ai_level_name(seat.bot))
    if s == state.neutral:
        return _("the scenario's neutral player")
    return ""
